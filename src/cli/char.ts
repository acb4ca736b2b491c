/**
 * `hammercrawl char new` and `hammercrawl char show`: make characters by Option A, B or P and print
 * them as text sheets or JSON; print the sheet of a saved character. The JSON of `char new --json` is
 * a documented contract (README, "Output contract"): an array of character documents.
 */
import { Command, InvalidArgumentError } from 'commander';
import { seededRandom } from '../dice/random.js';
import { STAT_IDS, type StatId } from '../rules/hammercrawl/check-modifiers.js';
import { CREATION_METHODS, type Character, type CreationMethod } from '../rules/hammercrawl/character.js';
import {
  SOC_ROLLS,
  STARTING_KITS,
  rollCharacters,
  type SocRollId,
  type StartingKitId,
  type ChoiceName,
  type CreationChoices,
  type DevoutPowerChoice,
  type SkillPick,
} from '../rules/hammercrawl/create-character.js';
import { UsageError } from './mechanic.js';
import { writeCharacterSheetsPdf } from './char-pdf.js';
import { formatCharacterSheet } from './char-sheet.js';
import { addCharPlayCommands } from './char-play.js';
import { DEFAULT_RULESET, MAX_CHARACTER_COUNT, RULESET_OPTION_HELP, parseCharacterCount, parseRuleset, parseSeed, type CliIo } from './options.js';

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

function parseStat(value: string): StatId {
  const v = value.trim().toUpperCase();
  const stat = v === 'WIS' ? 'WIL' : v;
  if (!(STAT_IDS as readonly string[]).includes(stat)) throw new InvalidArgumentError(`expected a stat: ${STAT_IDS.join(', ')}`);
  return stat as StatId;
}

function parseList(value: string): string[] {
  return value.split(',').map((x) => x.trim()).filter((x) => x.length > 0);
}

function parseMethod(value: string): CreationMethod {
  if (!(CREATION_METHODS as readonly string[]).includes(value)) throw new InvalidArgumentError(`expected one of ${CREATION_METHODS.join(', ')}`);
  return value as CreationMethod;
}

function parseSocRoll(value: string): SocRollId {
  if (!(SOC_ROLLS as readonly string[]).includes(value)) throw new InvalidArgumentError(`expected one of ${SOC_ROLLS.join(', ')}`);
  return value as SocRollId;
}

function parseStartingKit(value: string): StartingKitId {
  if (!(STARTING_KITS as readonly string[]).includes(value)) throw new InvalidArgumentError(`expected one of ${STARTING_KITS.join(', ')}`);
  return value as StartingKitId;
}

interface NewFlags {
  socRoll?: SocRollId;
  startingKit?: StartingKitId;
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

/**
 * Adds `char new` and `char show` to the program. Output: text sheets (one per character) or, with
 * `--json`, one JSON array of character documents; the same `--seed` gives byte-identical output.
 * `addOtherNew`, when given (`--ruleset` names another ruleset), adds that ruleset's `char new` instead.
 */
export function addCharCommand(program: Command, io: CliIo, freshSeed: () => number, addOtherNew?: (char: Command) => void): void {
  const char = program
    .command('char')
    .description('make characters (HAMMERCRAWL! Options A, B and P, or --ruleset), show saved ones, and change them in play (apply, level-up)')
    .enablePositionalOptions();

  if (addOtherNew !== undefined) addOtherNew(char);
  else addHammercrawlNew(char, io, freshSeed);
  addCharPlayCommands(char, {
    io,
    freshSeed,
    now: () => Date.now(),
    // HAMMERCRAWL!'s full text sheet; other rulesets get the generic one.
    formatSheet: (system, c) => (system.id === DEFAULT_RULESET ? formatCharacterSheet(c as unknown as Character) : null),
  });
}

function addHammercrawlNew(char: Command, io: CliIo, freshSeed: () => number): void {
  char
    .command('new')
    .description('make characters: text sheets, or --json for an array of character documents')
    .option('--method <m>', 'random (Option A), semi (Option B: choose or roll each part) or palladium (Option P)', parseMethod)
    .option('--count <n>', `how many characters, 1 to ${MAX_CHARACTER_COUNT}`, parseCharacterCount)
    .option('--seed <n>', 'seed for reproducible characters (printed when not given)', parseSeed)
    .option('--json', 'print one JSON array of character documents')
    .option('--pdf <file>', 'also write a printable PDF sheet to <file>, one A4 page a character (text or JSON is still printed)')
    .option('--name <name>', 'the name (every character of the pile gets it)')
    .option('--starting-kit <kit>', 'armed: a character left without a weapon that fights gets one (ruling CR-17, the default); as-listed: only the listed kit', parseStartingKit)
    .option('--soc-roll <how>', 'own-roll: SOC keeps its own 3d6 (ruling CR-3, the default); with-primes: the prime stats may take its roll', parseSocRoll)
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
        { method, choices, seed, ...(flags.name !== undefined ? { name: flags.name } : {}), ...(flags.socRoll !== undefined ? { socRoll: flags.socRoll } : {}), ...(flags.startingKit !== undefined ? { startingKit: flags.startingKit } : {}) },
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
