/**
 * HAMMERCRAWL!'s creation options as the contract's parameters (`ruleSystem.creationOptions`): the
 * method, a name, and every choice Options B and P let the player make (the same as `hammercrawl char
 * new`'s flags), read into `CreationOptions`. Lists are comma-separated as on the command line
 * (`riding,art:oils`, `lay-on-hands:advanced,revenant`). A choice left out is rolled.
 * Rules: HAMMERCRAWL! v4, CHARACTER CREATION (Option B: Semi-Random; Option P). Rulings: CR-1.
 */
import { ok, problem, type ParamDef, type RuleResult } from '../rule-system.js';
import { STAT_IDS, type StatId } from './check-modifiers.js';
import { CREATION_METHODS, MAX_NAME_LENGTH, type CreationMethod } from './character.js';
import { PLAYABLE_CLASS_IDS, SOC_ROLLS, STARTING_KITS, type ChoiceName, type StartingKitId, type CreationChoices, type CreationOptions, type DevoutPowerChoice, type SkillPick, type SocRollId } from './create-character.js';
import { CLASSES } from './data/classes.js';
import { listOf } from './play/params.js';

/** Longest text a list option takes (a Palladium Human's 18 skills with their specializations fit). */
export const MAX_CREATION_LIST_LENGTH = 800;

/** Longest one-id option (a stat, a shtick, a focus). */
const MAX_ID_LENGTH = 40;

const STATS_TEXT = STAT_IDS.join(', ');

function idOption(name: string, label: string, help: string, example: string): ParamDef {
  return { name, kind: 'text', maxLength: MAX_ID_LENGTH, label, help, example };
}

function listOption(name: string, label: string, help: string, example: string): ParamDef {
  return { name, kind: 'text', maxLength: MAX_CREATION_LIST_LENGTH, label, help, example };
}

/** Every creation option, in the order of the creation procedure. */
export const CREATION_OPTIONS: readonly ParamDef[] = [
  {
    name: 'method',
    kind: 'choice',
    choices: [
      { id: 'random', label: 'Option A (random)' },
      { id: 'semi', label: 'Option B (semi-random)' },
      { id: 'palladium', label: 'Option P (Palladium)' },
    ],
    default: 'random',
    label: 'Method',
    help: 'how to make the character',
  },
  { name: 'name', kind: 'text', maxLength: MAX_NAME_LENGTH, label: 'Name', help: 'the name (rolled when left out)' },
  {
    name: 'soc-roll',
    kind: 'choice',
    choices: [
      { id: 'own-roll', label: 'Its own 3d6' },
      { id: 'with-primes', label: 'Among the rolls for the prime stats' },
    ],
    default: 'own-roll',
    label: 'SOC roll',
    help: 'SOC keeps its own plain 3d6 (ruling CR-3, the default), or the prime stats may take its roll',
    ref: 'ruling CR-3',
  },
  {
    name: 'starting-kit',
    kind: 'choice',
    choices: [
      { id: 'armed', label: 'A weapon for whoever has none' },
      { id: 'as-listed', label: 'Only the listed kit' },
    ],
    default: 'armed',
    label: 'Starting kit',
    help: 'a character the listed kit leaves without a weapon that fights gets one, in place of the purchase the text cannot price (ruling CR-17, the default), or only the listed kit',
    ref: 'ruling CR-17',
  },
  { name: 'stock', kind: 'text', maxLength: MAX_ID_LENGTH, label: 'Stock', help: 'a stock id of the setting (Option B or P; rolled when left out)' },
  idOption('stock-prime', 'Stock prime stat', `the stock's prime stat where it offers a choice: one of ${STATS_TEXT}`, 'STR'),
  { name: 'class', kind: 'choice', choices: PLAYABLE_CLASS_IDS.map((id) => ({ id, label: CLASSES.find((c) => c.id === id)!.label })), label: 'Class', help: 'the class (Option B or P; rolled when left out)' },
  idOption('class-prime', 'Class prime stat', `the class's prime stat where it offers a choice: one of ${STATS_TEXT}`, 'DEX'),
  listOption('stat-priority', 'Stat order', 'Palladium Human: the stats to get the highest rolls, best first (INT,WIL)', 'INT,WIL'),
  idOption('shtick', 'Shtick', 'Combatant: the shtick (an id)', 'tank'),
  idOption('spellblade-style', 'Spellblade style', 'Spellblade: muscle-wizard, eldritch-warrior or divine-avenger', 'muscle-wizard'),
  idOption('caster-type', 'Caster type', 'Spellblade: scholastic or believer', 'scholastic'),
  idOption('focus', 'Focus', 'True Mage: holy-mage, traditional-mage or war-mage', 'war-mage'),
  idOption('holy-mage-power', 'Holy Mage power', 'Holy Mage: the advanced Devout power (an id)', 'lay-on-hands'),
  listOption('devout-powers', 'Devout powers', 'Devout: 3 basic powers, or 1 basic and 1 advanced (id:advanced)', 'lay-on-hands:advanced,revenant'),
  listOption('specialist-choices', 'Specialist choices', 'Specialist: up to 2 choices (ids)', 'commander'),
  idOption('save-feat', 'Save Feat', 'Combatant (STR or DEX) or Specialist (another Save): the Save the Feat covers', 'DEX'),
  listOption('skills', 'Skills', 'skill ids, the rest rolled; id:text gives the medium, kind or specialization (art:oils)', 'riding:horses,art:oils'),
  listOption('specialties', 'Specialties', 'Specialist: specialties among the chosen skills (ids)', 'riding'),
  listOption('wps', 'Weapon Proficiencies', 'WP ids, the rest rolled', 'sword-long,bow-shortbow'),
  listOption('weapons', 'Weapons of choice', "the class's weapons of choice (weapon ids), the rest rolled", 'sword-long'),
];

/** The parameter of each creation choice, so that a refusal names the field at fault (`$.stock-prime`). */
export const CHOICE_PARAM: Readonly<Record<ChoiceName, string>> = {
  method: 'method',
  name: 'name',
  stock: 'stock',
  stockPrime: 'stock-prime',
  class: 'class',
  classPrime: 'class-prime',
  statPriority: 'stat-priority',
  shtick: 'shtick',
  spellbladeStyle: 'spellblade-style',
  casterType: 'caster-type',
  focus: 'focus',
  holyMagePower: 'holy-mage-power',
  devoutPowers: 'devout-powers',
  specialistChoices: 'specialist-choices',
  saveFeat: 'save-feat',
  skills: 'skills',
  specialties: 'specialties',
  weaponProficiencies: 'wps',
  weapons: 'weapons',
};

/** A stat as written: `str`, `STR`; WIS is read as WIL (the text's slip, ST-1). */
function statOf(text: string): StatId | null {
  const v = text.trim().toUpperCase();
  const stat = v === 'WIS' ? 'WIL' : v;
  return (STAT_IDS as readonly string[]).includes(stat) ? (stat as StatId) : null;
}

type Params = Readonly<Record<string, string | number | boolean | undefined>>;

function text(p: Params, name: string): string | undefined {
  const v = p[name];
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

/**
 * Creation options read from the parameters (already checked against `CREATION_OPTIONS`): the method,
 * the name, and the choices, lists split; a stat or a list entry that cannot be read is a problem at
 * its parameter. Whether the choices fit each other is `rollCharacter`'s to say.
 * @example creationOptionsOf({ method: 'semi', class: 'devout', 'devout-powers': 'lay-on-hands:advanced,revenant' })
 */
export function creationOptionsOf(p: Params): RuleResult<Pick<CreationOptions, 'method' | 'choices' | 'name' | 'socRoll' | 'startingKit'>> {
  const method = (p['method'] ?? 'random') as CreationMethod;
  if (!CREATION_METHODS.includes(method)) return problem('param/unknown-choice', `Method must be one of ${CREATION_METHODS.join(', ')}, got ${String(method)}.`, '$.method');
  const choices: { -readonly [K in keyof CreationChoices]: CreationChoices[K] } = {};
  for (const [key, param] of [
    ['stockPrime', 'stock-prime'],
    ['classPrime', 'class-prime'],
    ['saveFeat', 'save-feat'],
  ] as const) {
    const t = text(p, param);
    if (t === undefined) continue;
    const stat = statOf(t);
    if (stat === null) return problem('creation/unknown-id', `'${t}' is not a stat; the stats are ${STATS_TEXT}.`, `$.${param}`);
    choices[key] = stat;
  }
  const priority = text(p, 'stat-priority');
  if (priority !== undefined) {
    const stats: StatId[] = [];
    for (const s of listOf(priority)) {
      const stat = statOf(s);
      if (stat === null) return problem('creation/unknown-id', `'${s}' is not a stat; the stats are ${STATS_TEXT}.`, '$.stat-priority');
      stats.push(stat);
    }
    choices.statPriority = stats;
  }
  for (const [key, param] of [
    ['stock', 'stock'],
    ['class', 'class'],
    ['shtick', 'shtick'],
    ['spellbladeStyle', 'spellblade-style'],
    ['focus', 'focus'],
    ['holyMagePower', 'holy-mage-power'],
  ] as const) {
    const t = text(p, param);
    if (t !== undefined) choices[key] = t;
  }
  const casterType = text(p, 'caster-type');
  if (casterType !== undefined) {
    if (casterType !== 'scholastic' && casterType !== 'believer') return problem('creation/unknown-id', `'${casterType}' is not a caster type; they are scholastic and believer.`, '$.caster-type');
    choices.casterType = casterType;
  }
  const powers = text(p, 'devout-powers');
  if (powers !== undefined) {
    const out: DevoutPowerChoice[] = [];
    for (const entry of listOf(powers)) {
      const [id = '', version = 'basic', extra] = entry.split(':').map((x) => x.trim());
      if (extra !== undefined || (version !== 'basic' && version !== 'advanced')) {
        return problem('creation/devout-powers', `write each Devout power as its id, or id:advanced (got '${entry}').`, '$.devout-powers');
      }
      out.push({ id, version });
    }
    choices.devoutPowers = out;
  }
  const skills = text(p, 'skills');
  if (skills !== undefined) {
    choices.skills = listOf(skills).map((entry): SkillPick => {
      const at = entry.indexOf(':');
      if (at < 0) return { id: entry };
      const spec = entry.slice(at + 1).trim();
      return spec.length > 0 ? { id: entry.slice(0, at).trim(), specialization: spec } : { id: entry.slice(0, at).trim() };
    });
  }
  for (const [key, param] of [
    ['specialistChoices', 'specialist-choices'],
    ['specialties', 'specialties'],
    ['weaponProficiencies', 'wps'],
    ['weapons', 'weapons'],
  ] as const) {
    const t = text(p, param);
    if (t !== undefined) choices[key] = listOf(t);
  }
  const name = typeof p['name'] === 'string' ? p['name'] : undefined;
  const socRoll = text(p, 'soc-roll');
  if (socRoll !== undefined && !(SOC_ROLLS as readonly string[]).includes(socRoll)) return problem('param/unknown-choice', `SOC roll must be one of ${SOC_ROLLS.join(', ')}, got ${socRoll}.`, '$.soc-roll');
  const startingKit = text(p, 'starting-kit');
  if (startingKit !== undefined && !(STARTING_KITS as readonly string[]).includes(startingKit)) return problem('param/unknown-choice', `Starting kit must be one of ${STARTING_KITS.join(', ')}, got ${startingKit}.`, '$.starting-kit');
  return ok({
    method,
    ...(startingKit !== undefined ? { startingKit: startingKit as StartingKitId } : {}),
    ...(Object.keys(choices).length > 0 ? { choices } : {}),
    ...(name !== undefined ? { name } : {}),
    ...(socRoll !== undefined ? { socRoll: socRoll as SocRollId } : {}),
  });
}
