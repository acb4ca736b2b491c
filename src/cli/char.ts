/**
 * `hammercrawl char new` and `hammercrawl char show`: make characters by Option A, B or P and print
 * them as text sheets or JSON; print the sheet of a saved character. The JSON of `char new --json` is
 * a documented contract (README, "Output contract"): an array of character documents.
 */
import { readFileSync } from 'node:fs';
import { Command, InvalidArgumentError } from 'commander';
import { seededRandom } from '../dice/random.js';
import { STAT_IDS, formatSigned, type StatId } from '../rules/hammercrawl/check-modifiers.js';
import {
  CREATION_METHODS,
  readCharacters,
  type Character,
  type CreationMethod,
  type CharacterSkill,
} from '../rules/hammercrawl/character.js';
import {
  rollCharacters,
  stockOf,
  type ChoiceName,
  type CreationChoices,
  type DevoutPowerChoice,
  type SkillPick,
} from '../rules/hammercrawl/create-character.js';
import { CLASS_FEATURES, DEVOUT_POWERS, SPELLCASTING_PROFILES } from '../rules/hammercrawl/data/classes.js';
import { BAGS, GEAR, GEAR_SIZES } from '../rules/hammercrawl/data/gear.js';
import { NETHERN_QUIRKS } from '../rules/hammercrawl/data/nethern-quirks.js';
import { SKILLS } from '../rules/hammercrawl/data/skills.js';
import { STOCK_SETTINGS } from '../rules/hammercrawl/data/stocks.js';
import { WEAPONS } from '../rules/hammercrawl/data/weapons.js';
import { WEAPON_PROFICIENCIES } from '../rules/hammercrawl/data/weapon-proficiencies.js';
import { rollLevelUp } from '../rules/hammercrawl/level-up.js';
import {
  baseHitDice,
  bonusLanguages,
  classById,
  maxHirelings,
  passiveDefense,
  socialStatusOf,
  stowSlots,
} from '../rules/hammercrawl/derived.js';
import { UsageError } from './mechanic.js';
import { writeCharacterSheetsPdf } from './char-pdf.js';
import { MAX_CHARACTER_COUNT, RULESET_OPTION_HELP, parseRuleset, type CliIo } from './main.js';

/** Most characters one `char new` makes (defined in main.ts, shared with the other rulesets' `char new`). */
export { MAX_CHARACTER_COUNT };

/** Width of a text sheet (fits an 80-column terminal). */
export const SHEET_WIDTH = 78;

/** The creation choice behind each flag of `char new`, for error messages. */
const FLAG_OF_CHOICE: Record<ChoiceName, string> = {
  method: '--method',
  name: '--name',
  stock: '--stock',
  stockPrime: '--stock-prime',
  class: '--class',
  classPrime: '--class-prime',
  statPriority: '--stat-priority',
  shtick: '--shtick',
  spellbladeStyle: '--spellblade-style',
  casterType: '--caster-type',
  focus: '--focus',
  holyMagePower: '--holy-mage-power',
  devoutPowers: '--devout-powers',
  specialistChoices: '--specialist-choices',
  saveFeat: '--save-feat',
  skills: '--skills',
  specialties: '--specialties',
  weaponProficiencies: '--wps',
  weapons: '--weapons',
};

// ---------------------------------------------------------------------------------------------------
// Text sheet
// ---------------------------------------------------------------------------------------------------

/**
 * Words of `text` on lines of at most `width`, the first line starting with `prefix` (kept as it is,
 * spaces included), later lines indented by `indent` spaces.
 */
export function wrap(text: string, width = SHEET_WIDTH, indent = 2, prefix = ''): string[] {
  const words = text.split(/\s+/).filter((w) => w.length > 0);
  const lines: string[] = [];
  let line = prefix;
  let hasWord = false;
  for (const w of words) {
    if (hasWord && line.length + 1 + w.length > width) {
      lines.push(line);
      line = ' '.repeat(indent) + w;
    } else line = hasWord ? `${line} ${w}` : line + w;
    hasWord = true;
  }
  lines.push(line);
  return lines;
}

const RULE = '-'.repeat(SHEET_WIDTH);

/** What a psionic grade does to Saves against psionics (PSIONICS (PALLADIUM), Psionic Grades). */
const PSIONIC_SAVE_NOTE: Record<string, string> = {
  none: '',
  minor: '; powers and ISP by Palladium 1E',
  major: '; Saves against psionics +1 step; powers and ISP by Palladium 1E',
  master: '; Saves against psionics +2 steps; powers and ISP by Palladium 1E',
};

function labelOf(rows: readonly { readonly id: string; readonly label: string }[], id: string): string {
  return rows.find((r) => r.id === id)?.label ?? id;
}

function sizeLetter(size: string): string {
  const row = GEAR_SIZES.find((s) => s.id === size);
  return row?.letter ?? row?.label ?? size;
}

function skillText(skill: CharacterSkill): string {
  const row = SKILLS.find((s) => s.id === skill.id);
  if (!row) return skill.id;
  const stat = row.stat.kind === 'stat' ? row.stat.stat : row.stat.kind === 'either' ? row.stat.stats.join(' or ') : 'Varies';
  let text = `${row.label} (${stat})`;
  const what = row.choiceOf ?? (row.requiresSpecialization ? 'specialization' : null);
  if (what !== null) text += ` [${what}: ${skill.specialization ?? 'to choose'}]`;
  else if (skill.specialization !== null) text += ` [${skill.specialization}]`;
  if (skill.isSpecialty) text += skill.isCursed ? ' *specialty, CURSED*' : ' *specialty*';
  return text;
}

function methodText(method: CreationMethod): string {
  return method === 'random' ? 'Option A (random)' : method === 'semi' ? 'Option B (semi-random)' : 'Option P (Palladium)';
}

/** The feats of the character's class, with chosen Saves filled in. */
function featTexts(c: Character): string[] {
  const cls = classById(c.class);
  const classPrime = c.primeStats[c.primeStats.length - 1];
  return cls.feats.map((f) => {
    switch (f.scope.kind) {
      case 'save':
        return f.label;
      case 'save-choice':
      case 'other-save-choice': {
        const pick = c.classPicks.find((p) => p.kind === 'save-feat' && p.featId === f.id);
        return pick && pick.kind === 'save-feat' ? `${pick.stat} Saves (chosen)` : f.label;
      }
      case 'prime-stat-save':
        return classPrime ? `${classPrime} Saves (prime stat)` : f.label;
      default:
        return f.label;
    }
  });
}

function pickTexts(c: Character): string[] {
  const out: string[] = [];
  for (const p of c.classPicks) {
    switch (p.kind) {
      case 'shtick':
        out.push(`Shtick: ${labelOf(CLASS_FEATURES, p.id)}`);
        break;
      case 'spellblade-style':
        out.push(`Spellblade style: ${p.id.replace(/-/g, ' ')} (${p.casterType})`);
        break;
      case 'focus':
        out.push(`Focus: ${labelOf(CLASS_FEATURES, p.id)}`);
        break;
      case 'holy-mage-power':
        out.push(`Holy Mage power: ${labelOf(DEVOUT_POWERS, p.id)} (advanced)`);
        break;
      case 'devout-power':
        out.push(`Devout power: ${labelOf(DEVOUT_POWERS, p.id)} (${p.version})`);
        break;
      case 'specialist-choice':
        out.push(`Specialist: ${labelOf(CLASS_FEATURES, p.id)}`);
        break;
      case 'save-feat':
        break;
    }
  }
  return out;
}

function primeNote(c: Character, stat: StatId): string {
  const [first, second] = c.primeStats;
  if (second === undefined) return stat === first ? 'prime (stock and class)' : '';
  if (stat === first) return 'prime (stock)';
  if (stat === second) return 'prime (class)';
  return '';
}

/**
 * A readable text sheet of one character, at most `SHEET_WIDTH` columns: stats, dice, Defense, Stow
 * Slots, Feats and class options, spells, skills, WPs, inventory, coins and the creation log.
 */
export function formatCharacterSheet(c: Character): string {
  const cls = classById(c.class);
  const stock = stockOf(c.setting, c.stock);
  const stockLabel = stock?.label ?? c.stock;
  const settingLabel = STOCK_SETTINGS.find((s) => s.id === c.setting)?.label ?? c.setting;
  const out: string[] = [];
  const push = (...lines: string[]) => out.push(...lines);
  push('='.repeat(SHEET_WIDTH));
  push(...wrap(c.name, SHEET_WIDTH, 0));
  push(...wrap(`${stockLabel} ${cls.label}, level ${c.level}, ${c.xp} XP. ${settingLabel}, ${methodText(c.method)}`));
  push(RULE);
  push('Stat  Score  Half  Mod');
  for (const stat of STAT_IDS) {
    const b = c.stats[stat];
    let note = primeNote(c, stat);
    if (stat === 'SOC') note = socialStatusOf(b.score).label;
    const row = `${stat.padEnd(4)}  ${String(b.score).padStart(5)}  ${String(b.half).padStart(4)}  ${formatSigned(b.mod).padStart(3)}`;
    push(note ? `${row}   ${note}` : row);
  }
  push(RULE);
  push(`Health Die ${c.healthDie}   Harm Die ${c.harmDie}   Feat Die ${c.featDie}   Armour Die ${c.armourDie ?? 'none (no armour)'}`);
  if (stock && cls.hd !== null) {
    const hit = baseHitDice(cls, c.classPicks, stock);
    push(...wrap(`HD: ${hit.lines.join('; ')}`, SHEET_WIDTH, 4, '  '));
  }
  const defense = passiveDefense(c.stats, c.inventory, cls, c.classPicks, c.level);
  const defenseParts = defense.parts.map((p, i) => `${p.label} ${i === 0 ? p.amount : formatSigned(p.amount)}`).join(', ');
  push(...wrap(`Defense ${c.defense} (${defenseParts})${defense.value !== c.defense ? ` [recomputed: ${defense.value}]` : ''}`));
  const stow = stowSlots(c.stats);
  push(
    ...wrap(
      `Stow Slots ${c.stowSlots} (half-STR ${c.stats.STR.half}, INT mod ${formatSigned(c.stats.INT.mod)}${stow.note ? `; ${stow.note}` : ''})`,
    ),
  );
  push(`Bonus languages ${bonusLanguages(c.stats)}   Hirelings up to ${maxHirelings(c.stats)}`);
  if (c.psionics !== null) {
    const chk = c.psionicsCheck;
    push(
      ...wrap(
        chk
          ? `Psionics: ${c.psionics} (d100 = ${chk.roll} against 2 x WIL = ${chk.target}; master at ${chk.half} or less, major at ${chk.score} or less)${PSIONIC_SAVE_NOTE[c.psionics]}`
          : `Psionics: ${c.psionics} (the ${stockLabel} cannot be psionic)`,
      ),
    );
  }
  push(RULE);
  push(...wrap(`Feats: ${featTexts(c).join('; ')}`));
  const specials = cls.specialIds.map((id) => labelOf(CLASS_FEATURES, id));
  if (specials.length > 0) push(...wrap(`${cls.label} specials: ${specials.join('; ')}`));
  for (const line of pickTexts(c)) push(...wrap(line));
  if (c.spellcasting) {
    const sp = c.spellcasting;
    const profile = SPELLCASTING_PROFILES.find((p) => p.id === sp.profileId);
    push(
      ...wrap(
        `Spellcasting (${profile?.label ?? sp.profileId}): ${sp.spellsKnown} spells known, to choose with the Smith; Spell Die ${sp.spellDie}; casts with ${sp.spellStat}; sustains ${sp.sustains}`,
      ),
    );
  }
  if (stock && stock.abilities.length > 0) {
    const abilities = stock.abilities.map((a) => {
      if (a.effects.some((e) => e.kind === 'armour-die-rerolls')) return `${a.label} (${Math.max(0, c.stats.CON.mod)} a Venture)`;
      if (a.effects.some((e) => e.kind === 'innate-spells')) return `${a.label} (${c.innateSpells} free spell${c.innateSpells === 1 ? '' : 's'})`;
      return a.isDraft ? `${a.label} (draft rule)` : a.label;
    });
    push(...wrap(`${stockLabel}: ${abilities.join('; ')}`));
  } else if (stock) push(`${stockLabel}: no special abilities in the rules`);
  for (const q of c.quirks) {
    const row = NETHERN_QUIRKS.find((x) => x.id === q.id);
    const variant = row?.variants.find((v) => v.id === q.variant);
    const label = variant ? `${row?.label ?? q.id}: ${variant.label}` : (row?.label ?? q.id);
    push(...wrap(`Quirk: ${label}${q.count !== null ? ` (${q.count})` : ''}`));
  }
  push(RULE);
  push(...wrap(`Skills (${c.skills.length}): ${c.skills.map(skillText).join('; ')}`));
  const sel = c.wpSelections;
  const wps = c.weaponProficiencies.map((w) => {
    let t = labelOf(WEAPON_PROFICIENCIES, w.id);
    if (w.source === 'natural') t += ' (natural)';
    if (w.specializationTier > 0) t += ` (spec ${w.specializationTier})`;
    return t;
  });
  push(...wrap(`Weapon Proficiencies (${sel.spent} of ${sel.total} WPs spent${sel.banked > 0 ? `, ${sel.banked} banked` : ''}): ${wps.join('; ')}`));
  push(RULE);
  push('Inventory:');
  for (const item of c.inventory) {
    const name = item.label ?? labelOf([...GEAR, ...BAGS, ...WEAPONS], item.id);
    const where = item.in !== undefined ? `, in the ${labelOf(BAGS, item.in).toLowerCase()}` : '';
    const qty = item.quantity === 1 ? '' : `${item.quantity} x `;
    push(...wrap(`${qty}${name} (${sizeLetter(item.size)})${where}`, SHEET_WIDTH, 10, `  ${item.carried.padEnd(7)} `));
  }
  const status = socialStatusOf(c.stats.SOC.score);
  push(...wrap(`Coins: ${c.coins} (started with ${c.startingCoins}; ${status.label}). Nothing bought: the rules print no prices.`));
  push(RULE);
  const seed = c.creation.seed === null ? '' : `seed ${c.creation.seed}, `;
  push(`Creation log (${seed}character ${c.creation.index + 1}):`);
  for (const entry of c.creation.log) {
    const faces = entry.faces.length > 1 ? ` [${entry.faces.join(' ')}]` : '';
    push(...wrap(`${entry.text}${faces}`, SHEET_WIDTH, 4, '  '));
  }
  return out.join('\n');
}

// ---------------------------------------------------------------------------------------------------
// The command
// ---------------------------------------------------------------------------------------------------

function parseStat(value: string): StatId {
  const v = value.trim().toUpperCase();
  const stat = v === 'WIS' ? 'WIL' : v;
  if (!(STAT_IDS as readonly string[]).includes(stat)) throw new InvalidArgumentError(`expected a stat: ${STAT_IDS.join(', ')}`);
  return stat as StatId;
}

function parseList(value: string): string[] {
  return value.split(',').map((x) => x.trim()).filter((x) => x.length > 0);
}

function parseCount(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > MAX_CHARACTER_COUNT) {
    throw new InvalidArgumentError(`expected a whole number from 1 to ${MAX_CHARACTER_COUNT}`);
  }
  return Number(value);
}

function parseMethod(value: string): CreationMethod {
  if (!(CREATION_METHODS as readonly string[]).includes(value)) throw new InvalidArgumentError(`expected one of ${CREATION_METHODS.join(', ')}`);
  return value as CreationMethod;
}

function parseSeed(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > 0xffff_ffff) throw new InvalidArgumentError('the seed must be a whole number from 0 to 4294967295');
  return Number(value);
}

interface NewFlags {
  method?: CreationMethod;
  count?: number;
  seed?: number;
  json?: boolean;
  pdf?: string;
  name?: string;
  stock?: string;
  stockPrime?: StatId;
  class?: string;
  classPrime?: StatId;
  statPriority?: string[];
  shtick?: string;
  spellbladeStyle?: string;
  casterType?: string;
  focus?: string;
  holyMagePower?: string;
  devoutPowers?: string[];
  specialistChoices?: string[];
  saveFeat?: StatId;
  skills?: string[];
  specialties?: string[];
  wps?: string[];
  weapons?: string[];
}

/** Choices from the flags of `char new`; a flag's own syntax (`id:advanced`) is checked here. */
function choicesFromFlags(f: NewFlags): CreationChoices {
  const choices: { -readonly [K in keyof CreationChoices]: CreationChoices[K] } = {};
  if (f.stock !== undefined) choices.stock = f.stock;
  if (f.stockPrime !== undefined) choices.stockPrime = f.stockPrime;
  if (f.class !== undefined) choices.class = f.class;
  if (f.classPrime !== undefined) choices.classPrime = f.classPrime;
  if (f.statPriority !== undefined) {
    choices.statPriority = f.statPriority.map((s) => {
      try {
        return parseStat(s);
      } catch {
        throw new UsageError(`--stat-priority: '${s}' is not a stat; the stats are ${STAT_IDS.join(', ')}`);
      }
    });
  }
  if (f.shtick !== undefined) choices.shtick = f.shtick;
  if (f.spellbladeStyle !== undefined) choices.spellbladeStyle = f.spellbladeStyle;
  if (f.casterType !== undefined) {
    if (f.casterType !== 'scholastic' && f.casterType !== 'believer') throw new UsageError(`--caster-type: expected scholastic or believer, got '${f.casterType}'`);
    choices.casterType = f.casterType;
  }
  if (f.focus !== undefined) choices.focus = f.focus;
  if (f.holyMagePower !== undefined) choices.holyMagePower = f.holyMagePower;
  if (f.devoutPowers !== undefined) {
    choices.devoutPowers = f.devoutPowers.map((entry): DevoutPowerChoice => {
      const [id = '', version = 'basic', extra] = entry.split(':');
      if (extra !== undefined || (version !== 'basic' && version !== 'advanced')) {
        throw new UsageError(`--devout-powers: write each power as id or id:advanced (got '${entry}')`);
      }
      return { id, version };
    });
  }
  if (f.specialistChoices !== undefined) choices.specialistChoices = f.specialistChoices;
  if (f.saveFeat !== undefined) choices.saveFeat = f.saveFeat;
  if (f.skills !== undefined) {
    choices.skills = f.skills.map((entry): SkillPick => {
      const at = entry.indexOf(':');
      if (at < 0) return { id: entry };
      const spec = entry.slice(at + 1).trim();
      return spec.length > 0 ? { id: entry.slice(0, at), specialization: spec } : { id: entry.slice(0, at) };
    });
  }
  if (f.specialties !== undefined) choices.specialties = f.specialties;
  if (f.wps !== undefined) choices.weaponProficiencies = f.wps;
  if (f.weapons !== undefined) choices.weapons = f.weapons;
  return choices;
}

function readDocument(file: string): Character[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as { code?: string }).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : (e as Error).message;
    throw new UsageError(`cannot read '${file}': ${why}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`'${file}' is not valid JSON: ${(e as Error).message.split('\n')[0]}`);
  }
  const read = readCharacters(json);
  if (!read.ok) {
    const [first] = read.problems;
    const more = read.problems.length > 1 ? ` (and ${read.problems.length - 1} more problem${read.problems.length > 2 ? 's' : ''})` : '';
    throw new UsageError(`'${file}' is not a valid character: ${first!.path}: ${first!.message}${more}`);
  }
  return [...read.characters];
}

/**
 * Adds `char new` and `char show` to the program. Output: text sheets (one per character) or, with
 * `--json`, one JSON array of character documents; the same `--seed` gives byte-identical output.
 * `addOtherNew`, when given (`--ruleset` names another ruleset), adds that ruleset's `char new` instead.
 */
export function addCharCommand(program: Command, io: CliIo, freshSeed: () => number, addOtherNew?: (char: Command) => void): void {
  const char = program
    .command('char')
    .description('make HAMMERCRAWL! characters (Options A, B and P) and show saved ones')
    .enablePositionalOptions();

  if (addOtherNew !== undefined) addOtherNew(char);
  else addHammercrawlNew(char, io, freshSeed);
  addShowAndLevelUp(char, io, freshSeed);
}

function addHammercrawlNew(char: Command, io: CliIo, freshSeed: () => number): void {
  char
    .command('new')
    .description('make characters: text sheets, or --json for an array of character documents')
    .option('--method <m>', 'random (Option A), semi (Option B: choose or roll each part) or palladium (Option P)', parseMethod)
    .option('--count <n>', `how many characters, 1 to ${MAX_CHARACTER_COUNT}`, parseCount)
    .option('--seed <n>', 'seed for reproducible characters (printed when not given)', parseSeed)
    .option('--json', 'print one JSON array of character documents')
    .option('--pdf <file>', 'also write a printable PDF sheet to <file>, one A4 page a character (text or JSON is still printed)')
    .option('--name <name>', 'the name (every character of the pile gets it)')
    .option('--stock <id>', 'semi/palladium: the stock (an id of the setting\'s stock table)')
    .option('--stock-prime <stat>', 'semi/palladium: the stock\'s prime stat, where it offers a choice', parseStat)
    .option('--class <id>', 'semi/palladium: combatant, true-mage, devout or specialist')
    .option('--class-prime <stat>', 'semi/palladium: the class\'s prime stat, where it offers a choice', parseStat)
    .option('--stat-priority <stats>', 'Palladium Human: stats to get the highest rolls, best first, e.g. INT,WIL', parseList)
    .option('--shtick <id>', 'Combatant: the shtick')
    .option('--spellblade-style <id>', 'Spellblade: muscle-wizard, eldritch-warrior or divine-avenger')
    .option('--caster-type <t>', 'Spellblade: scholastic or believer')
    .option('--focus <id>', 'True Mage: holy-mage, traditional-mage or war-mage')
    .option('--holy-mage-power <id>', 'Holy Mage: the advanced Devout power')
    .option('--devout-powers <ids>', 'Devout: 3 powers, or 1 and 1 advanced, e.g. lay-on-hands:advanced,revenant', parseList)
    .option('--specialist-choices <ids>', 'Specialist: up to 2 choices', parseList)
    .option('--save-feat <stat>', 'Combatant (STR or DEX) or Specialist (other Save): the Save Feat', parseStat)
    .option('--skills <ids>', 'skills (the rest are rolled); id:text gives the medium, kind or specialization', parseList)
    .option('--specialties <ids>', 'Specialist: specialties among the chosen skills', parseList)
    .option('--wps <ids>', 'Weapon Proficiencies (the rest are rolled)', parseList)
    .option('--weapons <ids>', 'the class\'s weapons of choice (the rest are rolled)', parseList)
    .option('--ruleset <id>', `${RULESET_OPTION_HELP}; another ruleset's creation options replace the ones above`, parseRuleset)
    .action((flags: NewFlags) => {
      const method = flags.method ?? 'random';
      const seed = flags.seed ?? freshSeed();
      const choices = choicesFromFlags(flags);
      const result = rollCharacters(
        seededRandom(seed),
        { method, choices, seed, ...(flags.name !== undefined ? { name: flags.name } : {}) },
        flags.count ?? 1,
      );
      if (!result.ok) {
        const flag = FLAG_OF_CHOICE[result.error.choice];
        throw new UsageError(`${flag}: ${result.error.message} (${result.error.code})`);
      }
      if (flags.pdf !== undefined) writeCharacterSheetsPdf(flags.pdf, result.characters);
      if (flags.json) {
        io.stdout(`${JSON.stringify(result.characters)}\n`);
        return;
      }
      io.stdout(`${result.characters.map(formatCharacterSheet).join('\n\n')}\n\nseed ${seed} (the same characters again: --seed ${seed})\n`);
    });
}

function addShowAndLevelUp(char: Command, io: CliIo, freshSeed: () => number): void {
  char
    .command('show')
    .description('print the text sheet of a saved character (a JSON file from char new --json: one character or an array)')
    .argument('<file>', 'a character document (.json)')
    .option('--json', 'print the characters back as a JSON array (after validation and migration)')
    .action((file: string, flags: { json?: boolean }) => {
      const characters = readDocument(file);
      if (flags.json) io.stdout(`${JSON.stringify(characters)}\n`);
      else io.stdout(`${characters.map(formatCharacterSheet).join('\n\n')}\n`);
    });

  // `char level-up`: one level for each character of a saved document (docs/rulings.md).
  char
    .command('level-up')
    .description('raise each character of a saved document (one character or an array) one level; prints the new sheets, or --json')
    .argument('<file>', 'a character document (.json)')
    .option('--seed <n>', 'seed for reproducible rolls (printed when not given)', parseSeed)
    .option('--json', 'print the levelled characters as one JSON array')
    .option('--force', 'level up even without the XP for the next level (XP is left as it is; a note says so)')
    .action((file: string, flags: { seed?: number; json?: boolean; force?: boolean }) => {
      const characters = readDocument(file);
      const seed = flags.seed ?? freshSeed();
      const rng = seededRandom(seed);
      const done = characters.map((c, i) => {
        const r = rollLevelUp(rng, c, {}, { force: flags.force === true });
        if (!r.ok) throw new UsageError(`${characters.length > 1 ? `$[${i}] ` : ''}${r.error.message} (${r.error.code}${r.error.code === 'level-up/not-enough-xp' ? '; --force levels anyway' : ''})`);
        return r;
      });
      const forced = done.flatMap((r) => r.log.filter((l) => l.text.startsWith('Forced')).map((l) => `note: ${r.character.name}: ${l.text}`));
      if (flags.json) {
        for (const n of forced) io.stderr(`${n}\n`);
        io.stdout(`${JSON.stringify(done.map((r) => r.character))}\n`);
        return;
      }
      const sheets = done.map((r) => [formatCharacterSheet(r.character), '', 'Level-up log:', ...r.log.map((l) => `  ${l.text}`)].join('\n'));
      io.stdout(`${sheets.join('\n\n')}\n\nseed ${seed} (the same level-up again: --seed ${seed})\n`);
    });
}
