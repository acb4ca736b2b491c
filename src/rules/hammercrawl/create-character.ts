/**
 * Character creation by Option A (all random), Option B (choose or roll each part, choices validated)
 * and Option P (the Palladium setting): stock, class, prime stats, the seven stats, class options,
 * skills, Weapon Proficiencies, spells, psionics, starting equipment and coins, a name; every roll and
 * choice written to the creation log.
 * Rules: HAMMERCRAWL! v4, CHARACTER CREATION; STATS; STOCKS (RACES); CLASSES; SKILLS; WEAPON
 * PROFICIENCIES; EQUIPMENT. Rulings: docs/rulings.md (CR-n), docs/rulings.md (ST-n, CL-n, EQ-n).
 */
import type { RandomSource } from '../../dice/index.js';
import { STAT_IDS, type StatId } from './check-modifiers.js';
import {
  CHARACTER_SCHEMA_VERSION,
  MAX_NAME_LENGTH,
  dieText,
  type Character,
  type CharacterQuirk,
  type CharacterSkill,
  type CharacterStats,
  type CharacterWeaponProficiency,
  type ClassPick,
  type CreationLogEntry,
  type CreationMethod,
  type CreationStep,
  type PsionicGrade,
  type PsionicsCheck,
} from './character.js';
import {
  CLASSES,
  CLASS_FEATURES,
  DEVOUT_POWERS,
  RANDOM_CLASS_DIE,
  SPELLCASTING_PROFILES,
  RANDOM_CLASS_TABLE,
  type CharacterClass,
  type ClassFeature,
  type DevoutPowerVersion,
} from './data/classes.js';
import { BAGS, FREE_STARTING_EQUIPMENT, GEAR, GEAR_SIZES, type GearSize } from './data/gear.js';
import { NETHERN_QUIRKS, NETHERN_QUIRK_DICE } from './data/nethern-quirks.js';
import { SKILLS, SKILL_TABLE_DIE, skillForRoll } from './data/skills.js';
import {
  HAMMERCRAWL_STOCKS,
  PALLADIUM_STOCKS,
  STOCK_SETTINGS,
  type PrimeStatRule,
  type Stock,
  type StockSettingId,
} from './data/stocks.js';
import { WEAPON_PROFICIENCIES } from './data/weapon-proficiencies.js';
import { WEAPONS, type Weapon } from './data/weapons.js';
import {
  baseArmourDie,
  baseHitDice,
  deriveStats,
  passiveDefense,
  primeSkillBonus,
  psionicGrade,
  socialStatusOf,
  skillCount,
  spellcastingAtCreation,
  startingCoins,
  stowSlots,
  wpCount,
} from './derived.js';
import { featDie } from './feat-die.js';
import type { InventoryItem } from './inventory-item.js';

// ---------------------------------------------------------------------------------------------------
// Options, choices and errors
// ---------------------------------------------------------------------------------------------------

/** A skill chosen under Option B or P: its id, and the medium, kind, culture, animal or specialization. */
export interface SkillPick {
  readonly id: string;
  readonly specialization?: string | null;
}

/** A Devout power chosen at level 1, basic or advanced (CL-9). */
export interface DevoutPowerChoice {
  readonly id: string;
  readonly version: 'basic' | 'advanced';
}

/**
 * What a player chooses under Option B or P ("Choose (or roll)"); anything left out is rolled. Choices
 * that depend on the stock or class need that stock or class chosen too.
 */
export interface CreationChoices {
  readonly stock?: string;
  /** The stock's prime stat where it is "Any" / "Choose One" (ST-3). */
  readonly stockPrime?: StatId;
  readonly class?: string;
  /** The class's prime stat where it offers a choice (CL-2). */
  readonly classPrime?: StatId;
  /** Palladium Human only (Adaptability): the highest rolls go to these stats, in this order (CR-5). */
  readonly statPriority?: readonly StatId[];
  readonly shtick?: string;
  readonly spellbladeStyle?: string;
  readonly casterType?: 'scholastic' | 'believer';
  readonly focus?: string;
  readonly holyMagePower?: string;
  readonly devoutPowers?: readonly DevoutPowerChoice[];
  readonly specialistChoices?: readonly string[];
  /** The Save a class Feat lets one choose: the Combatant's STR or DEX, the Specialist's other Save. */
  readonly saveFeat?: StatId;
  readonly skills?: readonly SkillPick[];
  /** The Specialist's specialties, among the chosen skills (CL-28). */
  readonly specialties?: readonly string[];
  readonly weaponProficiencies?: readonly string[];
  /** The class's "weapons of choice" (Combatant 3, Specialist 1). */
  readonly weapons?: readonly string[];
}

/** A choice's name, as errors report it. */
export type ChoiceName = keyof CreationChoices | 'name' | 'method';

/** How to make a character. */
export interface CreationOptions {
  readonly method: CreationMethod;
  readonly choices?: CreationChoices;
  /** The character's name; rolled from `CHARACTER_NAMES` when left out. */
  readonly name?: string;
  /** Recorded in the document (`creation.seed`): the seed the caller's source started from, if any. */
  readonly seed?: number | null;
  /** Recorded in the document: the character's place in a pile. */
  readonly index?: number;
  /** How SOC is rolled (CR-3): its own 3d6, the text's reading (default), or among the rolls the prime stats take from. */
  readonly socRoll?: SocRollId;
  /** A weapon that fights for a character the listed kit leaves without one (CR-17, default), or only the listed kit. */
  readonly startingKit?: StartingKitId;
}

/** What a character starts with beyond the free kit and the class's (CR-17): a weapon that fights when it has none (default), or only what the text lists. */
export type StartingKitId = 'armed' | 'as-listed';

/** Every starting kit, the default first (CR-17). */
export const STARTING_KITS: readonly StartingKitId[] = ['armed', 'as-listed'];

/** Option A means gear to be bought, and nothing can be (no prices): a weapon stands in for it (CR-17). */
export const DEFAULT_STARTING_KIT: StartingKitId = 'armed';

/** How SOC is rolled under Options A and B (CR-3). */
export type SocRollId = 'own-roll' | 'with-primes';

/** Every way of rolling SOC, the default first (CR-3). */
export const SOC_ROLLS: readonly SocRollId[] = ['own-roll', 'with-primes'];

/** The text's reading (CR-3): the SOC table is keyed to a plain 3d6, so the prime stats never take SOC's roll. */
export const DEFAULT_SOC_ROLL: SocRollId = 'own-roll';

/** Every code a creation error may carry. */
export type CreationErrorCode =
  | 'creation/choices-need-semi'
  | 'creation/unknown-id'
  | 'creation/not-offered'
  | 'creation/needs-choice'
  | 'creation/wrong-class'
  | 'creation/prime-stat'
  | 'creation/duplicate'
  | 'creation/too-many'
  | 'creation/devout-powers'
  | 'creation/requirement'
  | 'creation/stat-priority'
  | 'creation/name'
  | 'creation/reroll-cap';

/**
 * A player's mistake in creation choices: a namespaced code, the choice at fault, and a message that says
 * how to fix it (naming the valid ids).
 * @example { code: 'creation/unknown-id', choice: 'stock', message: "'elf' is not a HAMMERCRAWL! stock; the stocks are canid, ..." }
 */
export interface CreationError {
  readonly code: CreationErrorCode;
  readonly choice: ChoiceName;
  readonly message: string;
}

/** The outcome of `rollCharacter`: the character, or the first mistake in the choices. */
export type CreationResult = { readonly ok: true; readonly character: Character } | { readonly ok: false; readonly error: CreationError };

/** Most d100 re-rolls of duplicate skills for one character before giving up (never reached: 100 faces, at most 18 + 8 skills). */
export const MAX_SKILL_REROLLS = 10_000;

// ---------------------------------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------------------------------

/** Given names for characters the player does not name (the project's own list; CR-21). */
export const GIVEN_NAMES = [
  'Abbo', 'Aldis', 'Bram', 'Brisk', 'Corra', 'Dagny', 'Dunmore', 'Edda', 'Elrow', 'Fennick', 'Gorma', 'Griselle',
  'Hobb', 'Hulda', 'Ibbet', 'Jory', 'Kettle', 'Lark', 'Madoc', 'Mirel', 'Nim', 'Odo', 'Orla', 'Perrin',
  'Quill', 'Rook', 'Rosamund', 'Sable', 'Tamsin', 'Tobe', 'Ulla', 'Vesper', 'Wat', 'Wynn', 'Yorick', 'Zell',
] as const;

/** Bynames for characters the player does not name (the project's own list; CR-21). */
export const BYNAMES = [
  'Ashby', 'Blackthorn', 'Crumb', 'Dimwater', 'Fallow', 'Gristle', 'Hollowell', 'Ironside', 'Kettleby', 'Lowmarsh',
  'Mudd', 'Nettle', 'Oddfellow', 'Pike', 'Quarry', 'Rustwick', 'Saltmarsh', 'Thrupp', 'Underhill', 'Wicke',
] as const;

// ---------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------

const STOCKS_BY_SETTING: Record<StockSettingId, readonly Stock[]> = { hammercrawl: HAMMERCRAWL_STOCKS, palladium: PALLADIUM_STOCKS };

/** The setting whose stock list a method uses: Palladium for Option P, HAMMERCRAWL! otherwise (ST-2). */
export function settingOf(method: CreationMethod): StockSettingId {
  return method === 'palladium' ? 'palladium' : 'hammercrawl';
}

/** The stocks a method draws from. */
export function stocksFor(method: CreationMethod): readonly Stock[] {
  return STOCKS_BY_SETTING[settingOf(method)];
}

/** Classes a player may choose under B or P: the core classes (the Charlatan lacks HD and progressions, CL-31). */
export const PLAYABLE_CLASS_IDS: readonly string[] = CLASSES.filter((c) => c.hd !== null && c.skills !== null && c.wps !== null).map((c) => c.id);

/** Weapons a character can take as a weapon of choice: every row of the weapons table except Unarmed. */
export const CHOOSABLE_WEAPON_IDS: readonly string[] = WEAPONS.filter((w) => w.stow !== null).map((w) => w.id);

/** True when a weapon's damage can be rolled: the wielder's Harm Die, or Harm dice of its own the text gives (CR-13). */
export function canRollDamage(w: Weapon): boolean {
  return w.harm.kind === 'wielder-harm-die' || w.harm.dice !== null;
}

/** True when a weapon fights (CR-13): its damage can be rolled and it is not a shield. */
export function isFightingWeapon(w: Weapon): boolean {
  return canRollDamage(w) && !w.isShield;
}

/** Weapon Proficiencies learned with a WP selection (natural ones come from the stock). */
export const SELECTABLE_WP_IDS: readonly string[] = WEAPON_PROFICIENCIES.filter((w) => w.kind === 'weapon').map((w) => w.id);

/** True when an option exists only as a name or an intent: status WIP and nothing but free text (CR-8). */
export function isUnwritten(status: string, effects: readonly { readonly kind: string }[]): boolean {
  return status === 'wip' && effects.every((e) => e.kind === 'text');
}

/** True when a class feature is only a name or an intent (CR-8): never rolled, may be chosen. */
export function isUnwrittenFeature(f: ClassFeature): boolean {
  return isUnwritten(f.status, f.effects);
}

/** True when a Devout power's version is missing or only a name or an intent (CR-8). */
export function isUnwrittenVersion(v: DevoutPowerVersion | null): boolean {
  return v === null || isUnwritten(v.status, v.effects);
}

/** A class's features of one group (its shticks, foci, Specialist choices). */
export function featuresOf(classId: string, group: ClassFeature['group']): ClassFeature[] {
  return CLASS_FEATURES.filter((f) => f.classId === classId && f.group === group);
}

/** The Spellblade's styles (CR-9). */
export const SPELLBLADE_STYLES = ['muscle-wizard', 'eldritch-warrior', 'divine-avenger'] as const;
/** The Spellblade's styles by id with their labels (the Spellblade's spellcasting profile names them). */
const SPELLBLADE_STYLE_LABELS: ReadonlyMap<string, string> = new Map(
  SPELLCASTING_PROFILES.flatMap((p) => (p.spellStat.kind === 'by-style' ? p.spellStat.styles.map((s) => [s.id, s.label] as const) : [])),
);
/** The Spellblade's caster types (CR-9). */
export const CASTER_TYPES = ['scholastic', 'believer'] as const;

function primeOptions(rule: PrimeStatRule): readonly StatId[] {
  return rule.kind === 'fixed' ? [rule.stat] : rule.from;
}

/** A class Feat that lets the player pick a Save (CL-27, CL-29), and the stats it offers. */
export function saveFeatOf(
  cls: CharacterClass,
): { readonly featId: string; readonly excludesPrime: boolean; readonly options: (classPrime: StatId) => readonly StatId[] } | null {
  for (const f of cls.feats) {
    if (f.scope.kind === 'save-choice') {
      const opts = f.scope.options;
      return { featId: f.id, excludesPrime: false, options: () => opts };
    }
    if (f.scope.kind === 'other-save-choice') {
      const opts = f.scope.options;
      return { featId: f.id, excludesPrime: true, options: (prime) => opts.filter((s) => s !== prime) };
    }
  }
  return null;
}

/** How many "weapons of choice" a class starts with (Combatant 3, Specialist 1; CR-13). */
export function weaponOfChoiceCount(cls: CharacterClass): number {
  let n = 0;
  for (const g of cls.startingGear.items) if (g.kind === 'weapon-of-choice') n += g.count;
  return n;
}

function problem(code: CreationErrorCode, choice: ChoiceName, message: string): CreationError {
  return { code, choice, message };
}

function err(code: CreationErrorCode, choice: ChoiceName, message: string): { readonly ok: false; readonly error: CreationError } {
  return { ok: false, error: problem(code, choice, message) };
}

function list(ids: readonly string[]): string {
  return ids.join(', ');
}

/** The label of an id from any table a character refers to (weapons, WPs, skills, features, powers). */
export function labelOf(id: string): string {
  return (
    WEAPONS.find((w) => w.id === id)?.label ??
    WEAPON_PROFICIENCIES.find((w) => w.id === id)?.label ??
    SKILLS.find((s) => s.id === id)?.label ??
    CLASS_FEATURES.find((f) => f.id === id)?.label ??
    DEVOUT_POWERS.find((p) => p.id === id)?.label ??
    SPELLBLADE_STYLE_LABELS.get(id) ??
    id
  );
}

/** The first id that appears twice, or null. */
export function firstDuplicate(ids: readonly string[]): string | null {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) return id;
    seen.add(id);
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Checking choices before anything is rolled
// ---------------------------------------------------------------------------------------------------

/**
 * Checks choices without rolling: ids exist, each choice fits the chosen stock and class, nothing is
 * chosen twice, counts known before the stats are rolled. Counts that depend on rolled stats (skills,
 * specialties) are checked by `rollCharacter`. `null` when the choices are acceptable.
 */
export function checkCreationChoices(method: CreationMethod, choices: CreationChoices = {}, name?: string): CreationError | null {
  if (name !== undefined && (name.trim().length === 0 || name.length > MAX_NAME_LENGTH)) {
    return { code: 'creation/name', choice: 'name', message: `a name has 1 to ${MAX_NAME_LENGTH} characters and not only spaces (got ${name.length})` };
  }
  const given = (Object.keys(choices) as (keyof CreationChoices)[]).filter((k) => choices[k] !== undefined);
  if (method === 'random') {
    const first = given[0];
    return first === undefined
      ? null
      : { code: 'creation/choices-need-semi', choice: first, message: `Option A rolls everything; choose parts with method semi or palladium` };
  }
  const setting = settingOf(method);
  const settingLabel = STOCK_SETTINGS.find((s) => s.id === setting)!.label;
  const stocks = STOCKS_BY_SETTING[setting];
  let stock: Stock | null = null;
  if (choices.stock !== undefined) {
    stock = stocks.find((s) => s.id === choices.stock) ?? null;
    if (!stock) return problem('creation/unknown-id', 'stock', `'${choices.stock}' is not a stock of the ${settingLabel}; the stocks are ${list(stocks.map((s) => s.id))}`);
  }
  if (choices.stockPrime !== undefined) {
    if (!stock) return problem('creation/needs-choice', 'stockPrime', 'the stock prime stat depends on the stock: choose the stock too');
    const opts = primeOptions(stock.primeStat);
    if (stock.primeStat.kind === 'fixed' && choices.stockPrime !== stock.primeStat.stat) {
      return problem('creation/prime-stat', 'stockPrime', `the ${stock.label}'s prime stat is ${stock.primeStat.stat}, not a choice`);
    }
    if (!opts.includes(choices.stockPrime)) return problem('creation/prime-stat', 'stockPrime', `the ${stock.label}'s prime stat is one of ${list(opts)}`);
  }
  let cls: CharacterClass | null = null;
  if (choices.class !== undefined) {
    const found = CLASSES.find((c) => c.id === choices.class);
    if (!found) return problem('creation/unknown-id', 'class', `'${choices.class}' is not a class; the classes are ${list(PLAYABLE_CLASS_IDS)}`);
    if (!PLAYABLE_CLASS_IDS.includes(found.id)) {
      return problem(
        'creation/not-offered',
        'class',
        `the ${found.label} is experimental and its HD, skills and WPs are not written yet (CL-31); the classes are ${list(PLAYABLE_CLASS_IDS)}`,
      );
    }
    cls = found;
  }
  if (choices.classPrime !== undefined) {
    if (!cls) return problem('creation/needs-choice', 'classPrime', 'the class prime stat depends on the class: choose the class too');
    const opts = primeOptions(cls.primeStat);
    if (!opts.includes(choices.classPrime)) return problem('creation/prime-stat', 'classPrime', `the ${cls.label}'s prime stat is one of ${list(opts)}`);
  }
  if (choices.statPriority !== undefined) {
    if (!stock || !stock.abilities.some((a) => a.effects.some((e) => e.kind === 'free-stat-order'))) {
      return problem('creation/stat-priority', 'statPriority', 'only a stock that assigns stats in any order (the Palladium Human) may set the stat order: choose it too');
    }
    const dup = firstDuplicate(choices.statPriority);
    if (dup) return problem('creation/duplicate', 'statPriority', `${dup} is listed twice`);
    const bad = choices.statPriority.find((s) => !(STAT_IDS as readonly string[]).includes(s));
    if (bad !== undefined) return problem('creation/unknown-id', 'statPriority', `'${bad}' is not a stat; the stats are ${list(STAT_IDS)}`);
  }
  const needClass = (choice: ChoiceName, classId: string, what: string): CreationError | null => {
    if (!cls) return problem('creation/needs-choice', choice, `${what} a ${classById(classId).label} choice: choose the class too`);
    if (cls.id !== classId) return problem('creation/wrong-class', choice, `${what} a ${classById(classId).label} choice, not a ${cls.label} one`);
    return null;
  };
  if (choices.shtick !== undefined) {
    const e = needClass('shtick', 'combatant', 'a shtick is');
    if (e) return e;
    const ids = featuresOf('combatant', 'shtick').map((f) => f.id);
    if (!ids.includes(choices.shtick)) return problem('creation/unknown-id', 'shtick', `'${choices.shtick}' is not a shtick; the shticks are ${list(ids)}`);
  }
  if (choices.spellbladeStyle !== undefined || choices.casterType !== undefined) {
    const which: ChoiceName = choices.spellbladeStyle !== undefined ? 'spellbladeStyle' : 'casterType';
    if (choices.shtick !== 'spellblade') return problem('creation/needs-choice', which, 'a Spellblade style or caster type needs the spellblade shtick chosen');
    if (choices.spellbladeStyle !== undefined && !(SPELLBLADE_STYLES as readonly string[]).includes(choices.spellbladeStyle)) {
      return problem('creation/unknown-id', 'spellbladeStyle', `'${choices.spellbladeStyle}' is not a Spellblade style; the styles are ${list(SPELLBLADE_STYLES)}`);
    }
    if (choices.casterType !== undefined && !(CASTER_TYPES as readonly string[]).includes(choices.casterType)) {
      return problem('creation/unknown-id', 'casterType', `'${choices.casterType}' is not a caster type; they are ${list(CASTER_TYPES)}`);
    }
  }
  if (choices.focus !== undefined) {
    const e = needClass('focus', 'true-mage', 'a focus is');
    if (e) return e;
    const ids = featuresOf('true-mage', 'focus').map((f) => f.id);
    if (!ids.includes(choices.focus)) return problem('creation/unknown-id', 'focus', `'${choices.focus}' is not a focus; the foci are ${list(ids)}`);
  }
  if (choices.holyMagePower !== undefined) {
    if (choices.focus !== 'holy-mage') return problem('creation/needs-choice', 'holyMagePower', 'a Holy Mage power needs the holy-mage focus chosen');
    const ids = holyMagePowerIds(true);
    if (!ids.includes(choices.holyMagePower)) {
      return problem('creation/unknown-id', 'holyMagePower', `'${choices.holyMagePower}' is not an advanced Devout power a Holy Mage may take; they are ${list(ids)}`);
    }
  }
  if (choices.devoutPowers !== undefined) {
    const e = needClass('devoutPowers', 'devout', 'Devout powers are');
    if (e) return e;
    const ids = DEVOUT_POWERS.map((p) => p.id);
    for (const p of choices.devoutPowers) {
      const power = DEVOUT_POWERS.find((x) => x.id === p.id);
      if (!power) return problem('creation/unknown-id', 'devoutPowers', `'${p.id}' is not a Devout power; the powers are ${list(ids)}`);
      if (p.version === 'advanced' && power.advanced === null) {
        return problem('creation/devout-powers', 'devoutPowers', `${power.label} has no advanced version in the rules (CL-9)`);
      }
    }
    const dup = firstDuplicate(choices.devoutPowers.map((p) => p.id));
    if (dup) return problem('creation/duplicate', 'devoutPowers', `${labelOf(dup)} is chosen twice`);
    const basic = choices.devoutPowers.filter((p) => p.version === 'basic').length;
    const advanced = choices.devoutPowers.length - basic;
    const fits = (basic === 3 && advanced === 0) || (basic === 1 && advanced === 1);
    if (!fits) {
      return problem(
        'creation/devout-powers',
        'devoutPowers',
        `a Devout starts with 3 basic powers, or 1 basic and 1 advanced (got ${basic} basic, ${advanced} advanced); write power ids, an advanced one as id:advanced`,
      );
    }
  }
  if (choices.specialistChoices !== undefined) {
    const e = needClass('specialistChoices', 'specialist', 'the Specialist choices are');
    if (e) return e;
    const ids = featuresOf('specialist', 'specialist-choice').map((f) => f.id);
    const bad = choices.specialistChoices.find((c) => !ids.includes(c));
    if (bad !== undefined) return problem('creation/unknown-id', 'specialistChoices', `'${bad}' is not a Specialist choice; they are ${list(ids)}`);
    const dup = firstDuplicate(choices.specialistChoices);
    if (dup) return problem('creation/duplicate', 'specialistChoices', `${labelOf(dup)} is chosen twice`);
    if (choices.specialistChoices.length > 2) return problem('creation/too-many', 'specialistChoices', `a Specialist chooses 2 (got ${choices.specialistChoices.length})`);
    if (choices.specialistChoices.includes('commander') && choices.classPrime !== undefined && choices.classPrime !== 'CHA') {
      return problem('creation/requirement', 'specialistChoices', `the Commander requires CHA as the Specialist's prime stat (chosen: ${choices.classPrime})`);
    }
  }
  if (choices.saveFeat !== undefined) {
    if (!cls) return problem('creation/needs-choice', 'saveFeat', 'the Save Feat depends on the class: choose the class too');
    const feat = saveFeatOf(cls);
    if (!feat) return problem('creation/wrong-class', 'saveFeat', `the ${cls.label}'s Feats offer no Save to choose`);
    const prime = choices.classPrime ?? (cls.primeStat.kind === 'fixed' ? cls.primeStat.stat : null);
    if (feat.excludesPrime && prime === null) {
      return problem('creation/needs-choice', 'saveFeat', `the ${cls.label}'s other Save must differ from the prime stat: choose the class prime stat too`);
    }
    const opts = feat.options(prime ?? 'SOC');
    if (!opts.includes(choices.saveFeat)) return problem('creation/prime-stat', 'saveFeat', `the ${cls.label}'s Save Feat is one of ${list(opts)}`);
  }
  if (choices.skills !== undefined) {
    const ids: readonly string[] = SKILLS.map((s) => s.id);
    const bad = choices.skills.find((s) => !ids.includes(s.id));
    if (bad) return problem('creation/unknown-id', 'skills', `'${bad.id}' is not a skill on the non-silly list (see SKILLS; e.g. ${list(ids.slice(0, 4))}, ...)`);
    const dup = firstDuplicate(choices.skills.map((s) => s.id));
    if (dup) return problem('creation/duplicate', 'skills', `${labelOf(dup)} is chosen twice`);
  }
  if (choices.specialties !== undefined) {
    const e = needClass('specialties', 'specialist', 'specialties are');
    if (e) return e;
    const chosen = (choices.skills ?? []).map((s) => s.id);
    const bad = choices.specialties.find((s) => !chosen.includes(s));
    if (bad !== undefined) return problem('creation/needs-choice', 'specialties', `a specialty must be one of the chosen skills; '${bad}' is not among them`);
    const dup = firstDuplicate(choices.specialties);
    if (dup) return problem('creation/duplicate', 'specialties', `${labelOf(dup)} is listed twice`);
  }
  if (choices.weaponProficiencies !== undefined) {
    const bad = choices.weaponProficiencies.find((w) => !SELECTABLE_WP_IDS.includes(w));
    if (bad !== undefined) {
      const natural = WEAPON_PROFICIENCIES.some((w) => w.id === bad && w.kind === 'natural');
      return natural
        ? problem('creation/not-offered', 'weaponProficiencies', `'${bad}' is a natural proficiency some stocks have for free; it is not learned with a WP`)
        : problem('creation/unknown-id', 'weaponProficiencies', `'${bad}' is not a Weapon Proficiency; they are ${list(SELECTABLE_WP_IDS)}`);
    }
    const dup = firstDuplicate(choices.weaponProficiencies);
    if (dup) return problem('creation/duplicate', 'weaponProficiencies', `${labelOf(dup)} is chosen twice`);
  }
  if (choices.weapons !== undefined) {
    if (!cls) return problem('creation/needs-choice', 'weapons', 'weapons of choice come with the class: choose the class too');
    const bad = choices.weapons.find((w) => !CHOOSABLE_WEAPON_IDS.includes(w));
    if (bad !== undefined) return problem('creation/unknown-id', 'weapons', `'${bad}' is not a weapon; the weapons are ${list(CHOOSABLE_WEAPON_IDS)}`);
    const n = weaponOfChoiceCount(cls);
    if (choices.weapons.length > n) {
      return problem('creation/too-many', 'weapons', `the ${cls.label} starts with ${n} weapon${n === 1 ? '' : 's'} of choice (got ${choices.weapons.length})`);
    }
  }
  return null;
}

function classById(id: string): CharacterClass {
  return CLASSES.find((c) => c.id === id)!;
}

/** Advanced Devout powers a Holy Mage may take (not Spellcasting; unwritten ones only when chosen, CL-18). */
export function holyMagePowerIds(includeUnwritten: boolean): string[] {
  return DEVOUT_POWERS.filter((p) => !p.isSpellcasting && p.advanced !== null && (includeUnwritten || !isUnwrittenVersion(p.advanced))).map((p) => p.id);
}

// ---------------------------------------------------------------------------------------------------
// Stats
// ---------------------------------------------------------------------------------------------------

/**
 * Assigns seven rolls (in the order rolled) to the stats (CHARACTER CREATION: "Assign highest two to your
 * primary stats in the order they were rolled, then assign the remainder in the order they were rolled.
 * If only a single Prime Stat, then assign it the highest roll."). The highest rolls (the earlier one
 * first among equals) keep their rolled order and go to `primes` in order (stock's, then class's: CR-3);
 * the rest go, in rolled order, to the other stats in STR DEX CON INT WIL CHA SOC order.
 * With `priority` (Adaptability, CR-5) the highest rolls go to those stats, best first, instead.
 * @example assignStats([9, 14, 7, 16, 10, 11, 12], ['WIL', 'STR']) // { WIL: 14, STR: 16, DEX: 9, CON: 7, INT: 10, CHA: 11, SOC: 12 }
 */
export function assignStats(rolls: readonly number[], primes: readonly StatId[], priority?: readonly StatId[]): { [K in StatId]: number } {
  if (rolls.length !== STAT_IDS.length) throw new RangeError(`expected ${STAT_IDS.length} rolls, got ${rolls.length}`);
  const byValue = rolls.map((v, i) => ({ v, i })).sort((a, b) => b.v - a.v || a.i - b.i);
  const out: Partial<Record<StatId, number>> = {};
  const used = new Set<number>();
  if (priority !== undefined) {
    priority.forEach((stat, k) => {
      const r = byValue[k]!;
      out[stat] = r.v;
      used.add(r.i);
    });
  } else {
    const top = byValue.slice(0, primes.length).sort((a, b) => a.i - b.i);
    primes.forEach((stat, k) => {
      const r = top[k]!;
      out[stat] = r.v;
      used.add(r.i);
    });
  }
  const restRolls = rolls.map((v, i) => ({ v, i })).filter((r) => !used.has(r.i));
  const restStats = STAT_IDS.filter((s) => out[s] === undefined);
  restStats.forEach((stat, k) => {
    out[stat] = restRolls[k]!.v;
  });
  return out as { [K in StatId]: number };
}

/**
 * Assigns seven rolls with SOC apart (CR-3, the default): the seventh roll is SOC's own plain 3d6 ("SOC
 * (3d6)"), and the first six go to the six core stats as `assignStats` does (the two highest to the prime
 * stats in rolled order, the rest in rolled order). A SOC prime stat takes the highest of the seven as before.
 * @example assignStatsSocApart([9, 14, 7, 16, 10, 11, 18], ['INT', 'CHA']) // { INT: 14, CHA: 16, STR: 9, DEX: 7, CON: 10, WIL: 11, SOC: 18 }
 */
export function assignStatsSocApart(rolls: readonly number[], primes: readonly StatId[]): { [K in StatId]: number } {
  if (rolls.length !== STAT_IDS.length) throw new RangeError(`expected ${STAT_IDS.length} rolls, got ${rolls.length}`);
  if (primes.includes('SOC')) return assignStats(rolls, primes);
  const core = rolls.slice(0, -1);
  const byValue = core.map((v, i) => ({ v, i })).sort((a, b) => b.v - a.v || a.i - b.i);
  const top = byValue.slice(0, primes.length).sort((a, b) => a.i - b.i);
  const out: Partial<Record<StatId, number>> = { SOC: rolls[rolls.length - 1]! };
  const used = new Set<number>();
  primes.forEach((stat, k) => {
    out[stat] = top[k]!.v;
    used.add(top[k]!.i);
  });
  const rest = core.map((v, i) => ({ v, i })).filter((r) => !used.has(r.i));
  STAT_IDS.filter((st) => out[st] === undefined).forEach((stat, k) => {
    out[stat] = rest[k]!.v;
  });
  return out as { [K in StatId]: number };
}

// ---------------------------------------------------------------------------------------------------
// Creation
// ---------------------------------------------------------------------------------------------------

/** An even pick among options, with the die thrown (`sides` 1: nothing thrown). */
interface Picked<T> {
  readonly value: T;
  readonly faces: readonly number[];
  readonly sides: number;
}

/** Rolls and records: one per character. */
class Roller {
  readonly log: CreationLogEntry[] = [];
  constructor(readonly rng: RandomSource) {}

  note(step: CreationStep, text: string, faces: readonly number[] = []): void {
    this.log.push({ step, text, faces });
  }

  /** `count` dice of `sides`, summed, with the faces for the log. */
  dice(count: number, sides: number): { readonly total: number; readonly faces: number[] } {
    const faces: number[] = [];
    let total = 0;
    for (let i = 0; i < count; i++) {
      const f = this.rng.rollDie(sides);
      faces.push(f);
      total += f;
    }
    return { total, faces };
  }

  /** One of `options`, evenly, by a d(n) (nothing is thrown for a single option). */
  pick<T>(options: readonly T[]): Picked<T> {
    if (options.length === 0) throw new RangeError('nothing to pick from');
    if (options.length === 1) return { value: options[0]!, faces: [], sides: 1 };
    const face = this.rng.rollDie(options.length);
    return { value: options[face - 1]!, faces: [face], sides: options.length };
  }

  /** Up to `count` different options, each rolled evenly among those left. */
  pickDistinct<T>(options: readonly T[], count: number): Picked<T>[] {
    const left = [...options];
    const out: Picked<T>[] = [];
    while (out.length < count && left.length > 0) {
      const p = this.pick(left);
      out.push(p);
      left.splice(left.indexOf(p.value), 1);
    }
    return out;
  }

  /** Logs a pick: `what: d6 = 4 -> text`, or `what: text (chosen)` when `p` is null. */
  notePick<T>(step: CreationStep, what: string, p: Picked<T> | null, text: string): void {
    if (p === null) this.note(step, `${what}: ${text} (chosen)`);
    else if (p.sides === 1) this.note(step, `${what}: ${text} (the only option)`);
    else this.note(step, `${what}: d${p.sides} = ${p.faces[0]} -> ${text}`, p.faces);
  }
}

function primeText(rule: PrimeStatRule): string {
  return rule.kind === 'fixed' ? rule.stat : `one of ${rule.from.join('/')}`;
}

function sizeOf(id: string): GearSize | null {
  return GEAR.find((g) => g.id === id)?.size ?? BAGS.find((b) => b.id === id)?.size ?? WEAPONS.find((w) => w.id === id)?.stow ?? null;
}

function slotsFor(size: GearSize): number | null {
  return GEAR_SIZES.find((s) => s.id === size)!.slotsPerStack;
}

/** Size placeholder for items the text names but does not describe (a random wizard weapon, Scum's magick items; CR-15). */
export const UNKNOWN_ITEM_SIZE: GearSize = 'small';
/** Size of the Prayer Book, which the text does not give: a book like the Spellbook (M) (CR-15). */
export const PRAYER_BOOK_SIZE: GearSize = 'medium';

const WIP_NOTE = ' (not written yet: the Smith rules on it)';

/** Step 1 (Options A, B, P): the stock and its prime stat. */
function rollStock(r: Roller, method: CreationMethod, choices: CreationChoices): { readonly stock: Stock; readonly prime: StatId } {
  const setting = STOCK_SETTINGS.find((s) => s.id === settingOf(method))!;
  const stocks = STOCKS_BY_SETTING[setting.id];
  let stock: Stock;
  if (choices.stock !== undefined) {
    stock = stocks.find((s) => s.id === choices.stock)!;
    r.note('stock', `Stock: ${stock.label} (chosen)`);
  } else {
    const { count, sides } = setting.dice;
    const roll = r.dice(count, sides);
    stock = stocks.find((s) => roll.total >= s.roll.min && roll.total <= s.roll.max)!;
    r.note('stock', `Stock: ${count}d${sides} = ${roll.total} -> ${stock.label}`, roll.faces);
  }
  const rule = stock.primeStat;
  if (rule.kind === 'fixed') return { stock, prime: rule.stat };
  const p = choices.stockPrime !== undefined ? null : r.pick(rule.from);
  const prime = p === null ? choices.stockPrime! : p.value;
  r.notePick('prime-stats', `${stock.label} prime stat (${primeText(rule)})`, p, prime);
  return { stock, prime };
}

/** Step 2: the class (a d4 over the core classes, CL-1) and its prime stat (CL-2). */
function rollClass(r: Roller, choices: CreationChoices): { readonly cls: CharacterClass; readonly prime: StatId } {
  let cls: CharacterClass;
  if (choices.class !== undefined) {
    cls = classById(choices.class);
    r.note('class', `Class: ${cls.label} (chosen)`);
  } else {
    const roll = r.dice(1, RANDOM_CLASS_DIE);
    const row = RANDOM_CLASS_TABLE.find((x) => roll.total >= x.roll.min && roll.total <= x.roll.max)!;
    cls = classById(row.classId);
    r.note('class', `Class: d${RANDOM_CLASS_DIE} = ${roll.total} -> ${cls.label}`, roll.faces);
  }
  const rule = cls.primeStat;
  if (rule.kind === 'fixed') return { cls, prime: rule.stat };
  if (choices.classPrime !== undefined) {
    r.notePick('prime-stats', `${cls.label} prime stat (${primeText(rule)})`, null, choices.classPrime);
    return { cls, prime: choices.classPrime };
  }
  if (cls.id === 'specialist' && choices.specialistChoices?.includes('commander')) {
    r.note('prime-stats', `${cls.label} prime stat: CHA (the chosen Commander requires it)`);
    return { cls, prime: 'CHA' };
  }
  const p = r.pick(rule.from);
  r.notePick('prime-stats', `${cls.label} prime stat (${primeText(rule)})`, p, p.value);
  return { cls, prime: p.value };
}

/** Step 3: seven 3d6 in order, the Palladium Human's free re-roll (CR-5), and the assignment (CR-3). */
function rollStats(r: Roller, stock: Stock, primeStats: readonly StatId[], choices: CreationChoices, socRoll: SocRollId): { [K in StatId]: number } {
  r.note(
    'prime-stats',
    primeStats.length === 1
      ? `Prime stat: ${primeStats[0]} (stock and class share it): it takes the highest roll`
      : `Prime stats: ${primeStats[0]} (stock), ${primeStats[1]} (class): the two highest rolls, in rolled order`,
  );
  const rolls: number[] = [];
  for (let i = 0; i < STAT_IDS.length; i++) {
    const roll = r.dice(3, 6);
    rolls.push(roll.total);
    r.note('stats', `Stat roll ${i + 1}: 3d6 = ${roll.total}`, roll.faces);
  }
  if (stock.abilities.some((a) => a.effects.some((e) => e.kind === 'stat-reroll'))) {
    let low = 0;
    rolls.forEach((v, i) => {
      if (v < rolls[low]!) low = i;
    });
    const again = r.dice(3, 6);
    const kept = Math.max(rolls[low]!, again.total);
    r.note('stats', `${stock.label} Adaptability: stat roll ${low + 1} (${rolls[low]}, the lowest) rolled again: 3d6 = ${again.total}, ${kept} kept`, again.faces);
    rolls[low] = kept;
  }
  // CR-3: SOC keeps its own roll (the seventh) unless the table rules it goes with the others, or a
  // stock that assigns in any order lists its priority (Adaptability, CR-5).
  const socApart = socRoll === 'own-roll' && choices.statPriority === undefined;
  const scores = socApart ? assignStatsSocApart(rolls, primeStats) : assignStats(rolls, primeStats, choices.statPriority);
  if (socApart) r.note('stats', `SOC: stat roll ${STAT_IDS.length} (${scores.SOC}), its own 3d6; the prime stats take from the first ${STAT_IDS.length - 1}`);
  if (choices.statPriority !== undefined) {
    r.note('stats', `${stock.label} Adaptability: the highest rolls to ${choices.statPriority.join(', ')} (chosen), the rest in rolled order`);
  }
  r.note('stats', `Stats: ${STAT_IDS.map((s) => `${s} ${scores[s]}`).join(', ')}`);
  return scores;
}

/** The class's level-1 choices: shtick, focus, Devout powers, Specialist choices, a Save Feat (CR-7, CR-8). */
function rollClassPicks(r: Roller, cls: CharacterClass, classPrime: StatId, choices: CreationChoices): ClassPick[] {
  const picks: ClassPick[] = [];
  const step = 'class-options';
  const feature = (id: string) => CLASS_FEATURES.find((f) => f.id === id)!;
  if (cls.id === 'combatant') {
    const p = choices.shtick !== undefined ? null : r.pick(featuresOf('combatant', 'shtick').filter((f) => !isUnwrittenFeature(f)));
    const shtick = p === null ? feature(choices.shtick!) : p.value;
    picks.push({ kind: 'shtick', id: shtick.id });
    r.notePick(step, 'Shtick', p, shtick.label + (isUnwrittenFeature(shtick) ? WIP_NOTE : ''));
    if (shtick.id === 'spellblade') {
      const s = choices.spellbladeStyle !== undefined ? null : r.pick(SPELLBLADE_STYLES);
      const t = choices.casterType !== undefined ? null : r.pick(CASTER_TYPES);
      const style = s === null ? choices.spellbladeStyle! : s.value;
      const casterType = t === null ? choices.casterType! : t.value;
      picks.push({ kind: 'spellblade-style', id: style, casterType });
      r.notePick(step, 'Spellblade style', s, style);
      r.notePick(step, 'Spellblade caster type', t, casterType);
    }
  } else if (cls.id === 'true-mage') {
    const p = choices.focus !== undefined ? null : r.pick(featuresOf('true-mage', 'focus').filter((f) => !isUnwrittenFeature(f)));
    const focus = p === null ? feature(choices.focus!) : p.value;
    picks.push({ kind: 'focus', id: focus.id });
    r.notePick(step, 'Focus', p, focus.label);
    if (focus.id === 'holy-mage') {
      const h = choices.holyMagePower !== undefined ? null : r.pick(holyMagePowerIds(false));
      const power = h === null ? choices.holyMagePower! : h.value;
      picks.push({ kind: 'holy-mage-power', id: power });
      r.notePick(step, 'Holy Mage power (advanced)', h, labelOf(power) + (isUnwrittenVersion(DEVOUT_POWERS.find((x) => x.id === power)!.advanced) ? WIP_NOTE : ''));
    }
  } else if (cls.id === 'devout') {
    if (choices.devoutPowers !== undefined) {
      for (const c of choices.devoutPowers) {
        const power = DEVOUT_POWERS.find((x) => x.id === c.id)!;
        picks.push({ kind: 'devout-power', id: c.id, version: c.version });
        const unwritten = isUnwrittenVersion(c.version === 'advanced' ? power.advanced : power.basic);
        r.notePick(step, 'Devout power', null, `${power.label} (${c.version})${unwritten ? WIP_NOTE : ''}`);
      }
    } else {
      // CR-7: a d2 between the two patterns the text allows, then powers evenly among the written ones.
      const pattern = r.pick(['three-basic', 'basic-and-advanced'] as const);
      r.notePick(step, 'Devout powers', pattern, pattern.value === 'three-basic' ? '3 basic' : '1 basic and 1 advanced');
      const taken: string[] = [];
      if (pattern.value === 'basic-and-advanced') {
        const adv = r.pick(DEVOUT_POWERS.filter((p) => !isUnwrittenVersion(p.advanced)));
        taken.push(adv.value.id);
        picks.push({ kind: 'devout-power', id: adv.value.id, version: 'advanced' });
        r.notePick(step, 'Devout power (advanced)', adv, adv.value.label);
      }
      const basics = DEVOUT_POWERS.filter((p) => !isUnwrittenVersion(p.basic) && !taken.includes(p.id));
      for (const p of r.pickDistinct(basics, pattern.value === 'three-basic' ? 3 : 1)) {
        picks.push({ kind: 'devout-power', id: p.value.id, version: 'basic' });
        r.notePick(step, 'Devout power (basic)', p, p.value.label);
      }
    }
  } else if (cls.id === 'specialist') {
    const chosen = choices.specialistChoices ?? [];
    for (const id of chosen) {
      picks.push({ kind: 'specialist-choice', id });
      r.notePick(step, 'Specialist choice', null, feature(id).label + (isUnwrittenFeature(feature(id)) ? WIP_NOTE : ''));
    }
    const offered = featuresOf('specialist', 'specialist-choice').filter(
      (f) => !isUnwrittenFeature(f) && !chosen.includes(f.id) && f.requires.every((q) => q.stat === classPrime),
    );
    for (const p of r.pickDistinct(offered, 2 - chosen.length)) {
      picks.push({ kind: 'specialist-choice', id: p.value.id });
      r.notePick(step, 'Specialist choice', p, p.value.label);
    }
  }
  const saveFeat = saveFeatOf(cls);
  if (saveFeat) {
    const opts = saveFeat.options(classPrime);
    const p = choices.saveFeat !== undefined ? null : r.pick(opts);
    const stat = p === null ? choices.saveFeat! : p.value;
    picks.push({ kind: 'save-feat', featId: saveFeat.featId, stat });
    r.notePick(step, `Save Feat (${opts.join('/')})`, p, `${stat} Saves`);
  }
  return picks;
}

type Failure = { readonly ok: false; readonly error: CreationError };

/** Skills: the chosen ones, then d100 rolls, duplicates rolled again (CR-10, CR-11); the Specialist's specialties and Cursed Skill. */
function rollSkills(
  r: Roller,
  method: CreationMethod,
  cls: CharacterClass,
  stats: CharacterStats,
  classPrime: StatId,
  choices: CreationChoices,
): CharacterSkill[] | Failure {
  const count = skillCount(method, cls, stats, classPrime);
  const chosen = choices.skills ?? [];
  if (chosen.length > count.value) {
    const parts = count.parts.map((p) => `${p.amount} for the ${p.label}`).join(' + ');
    return err('creation/too-many', 'skills', `${chosen.length} skills chosen, but this character has ${count.value} (${parts})`);
  }
  const skills: CharacterSkill[] = chosen.map((s) => ({ id: s.id, specialization: s.specialization ?? null, isSpecialty: false, isCursed: false }));
  if (chosen.length > 0) r.note('skills', `Skills chosen: ${chosen.map((s) => labelOf(s.id)).join(', ')}`);
  let rerolls = 0;
  while (skills.length < count.value) {
    const face = r.rng.rollDie(SKILL_TABLE_DIE);
    const skill = skillForRoll(face)!;
    if (skills.some((s) => s.id === skill.id)) {
      r.note('skills', `Skill: d${SKILL_TABLE_DIE} = ${face} -> ${skill.label}, already known: rolled again`, [face]);
      rerolls += 1;
      if (rerolls > MAX_SKILL_REROLLS) return err('creation/reroll-cap', 'skills', `more than ${MAX_SKILL_REROLLS} duplicate skill rolls`);
      continue;
    }
    skills.push({ id: skill.id, specialization: null, isSpecialty: false, isCursed: false });
    r.note('skills', `Skill ${skills.length} of ${count.value}: d${SKILL_TABLE_DIE} = ${face} -> ${skill.label}`, [face]);
  }
  if (cls.id !== 'specialist') {
    if (choices.specialties !== undefined) return err('creation/wrong-class', 'specialties', 'only a Specialist has specialties');
    return skills;
  }
  // CL-28: the skills the prime stat added are the specialties (at least one).
  const bonus = primeSkillBonus(stats, classPrime);
  const needed = Math.max(1, bonus);
  const given = choices.specialties ?? [];
  if (given.length > needed) {
    return err('creation/too-many', 'specialties', `this Specialist has ${needed} specialt${needed === 1 ? 'y' : 'ies'} (the ${classPrime} mod, at least 1), got ${given.length}`);
  }
  const special = new Set<string>(given);
  if (given.length > 0) r.note('skills', `Specialties chosen: ${given.map(labelOf).join(', ')}`);
  if (special.size < needed && bonus > 0) {
    // The last `bonus` skills are those the prime stat added; earlier ones fill in for chosen ones among them.
    for (let i = skills.length - 1; i >= 0 && special.size < needed; i--) special.add(skills[i]!.id);
    r.note('skills', `Specialties (the ${classPrime} bonus skills): ${skills.filter((s) => special.has(s.id)).map((s) => labelOf(s.id)).join(', ')}`);
  } else if (special.size < needed) {
    const p = r.pick(skills.filter((s) => !special.has(s.id)));
    special.add(p.value.id);
    r.notePick('skills', `Specialty (no ${classPrime} bonus: one, rolled)`, p, labelOf(p.value.id));
  }
  // CL-30: the Cursed Skill is one of the specialties, at random.
  const cursed = r.pick(skills.filter((s) => special.has(s.id)));
  r.notePick('skills', 'Cursed Skill (one of the specialties)', cursed, labelOf(cursed.value.id));
  return skills.map((s) => (special.has(s.id) ? { ...s, isSpecialty: true, isCursed: s.id === cursed.value.id } : s));
}

/** Weapon Proficiencies: natural ones from the stock, then the chosen, then rolled evenly without repeats (CR-12). */
function rollWeaponProficiencies(
  r: Roller,
  stock: Stock,
  cls: CharacterClass,
  picks: readonly ClassPick[],
  choices: CreationChoices,
): { readonly wps: CharacterWeaponProficiency[]; readonly total: number } | Failure {
  const wps: CharacterWeaponProficiency[] = [];
  for (const ability of stock.abilities) {
    for (const e of ability.effects) {
      if (e.kind === 'natural-proficiency' && !wps.some((w) => w.id === e.weapon)) {
        wps.push({ id: e.weapon, source: 'natural', specializationTier: 0 });
        r.note('weapon-proficiencies', `${labelOf(e.weapon)}: natural to the ${stock.label}, free`);
      }
    }
  }
  const total = wpCount(cls, picks);
  const chosen = choices.weaponProficiencies ?? [];
  if (chosen.length > total) {
    return err('creation/too-many', 'weaponProficiencies', `this ${cls.label} has ${total} WP selections at level 1 (got ${chosen.length})`);
  }
  for (const id of chosen) wps.push({ id, source: 'selection', specializationTier: 0 });
  if (chosen.length > 0) r.note('weapon-proficiencies', `WPs chosen: ${chosen.map(labelOf).join(', ')}`);
  const rolled = r.pickDistinct(SELECTABLE_WP_IDS.filter((id) => !chosen.includes(id)), total - chosen.length);
  rolled.forEach((p, k) => {
    wps.push({ id: p.value, source: 'selection', specializationTier: 0 });
    r.notePick('weapon-proficiencies', `WP ${chosen.length + k + 1} of ${total}`, p, labelOf(p.value));
  });
  return { wps, total };
}

/** Packs items into the satchel while it has room (its 5 slots), then into the character's own Stow Slots (CR-14). */
class Packer {
  private satchelFree: number;
  constructor() {
    const satchel = BAGS.find((b) => b.id === 'satchel')!;
    this.satchelFree = satchel.capacity.kind === 'slots' ? (satchel.capacity.slots ?? 0) : 0;
  }

  pack(item: Omit<InventoryItem, 'carried' | 'in'>): InventoryItem {
    const slots = slotsFor(item.size);
    if (slots !== null && slots <= this.satchelFree) {
      this.satchelFree -= slots;
      return { ...item, carried: 'packed', in: 'satchel' };
    }
    return { ...item, carried: 'packed' };
  }
}

/** Starting equipment (HAMMERCRAWL method): the free kit (EQ-26), the class's extras (CL-32), weapons of choice (CR-13, CR-14). */
function rollEquipment(
  r: Roller,
  stock: Stock,
  cls: CharacterClass,
  wps: readonly CharacterWeaponProficiency[],
  choices: CreationChoices,
  packer: Packer,
  startingKit: StartingKitId,
): InventoryItem[] {
  const inventory: InventoryItem[] = [];
  for (const free of FREE_STARTING_EQUIPMENT) {
    if (free.condition === 'lacks-nightvision' && stock.nightvision !== null) {
      r.note('equipment', `No torch: the ${stock.label} has nightvision (${stock.nightvision.rangeFeet} ft)`);
      continue;
    }
    let quantity: number;
    if (free.quantity.kind === 'rolled') {
      const { count, sides } = free.quantity.dice;
      const roll = r.dice(count, sides);
      quantity = roll.total;
      r.note('equipment', `${free.label}: ${count}d${sides} = ${quantity}`, roll.faces);
    } else quantity = free.quantity.count;
    const size = sizeOf(free.itemId)!;
    inventory.push(free.carried === 'packed' ? packer.pack({ id: free.itemId, size, quantity }) : { id: free.itemId, size, quantity, carried: free.carried });
  }
  const count = weaponOfChoiceCount(cls);
  const weapons: Weapon[] = (choices.weapons ?? []).map((id) => WEAPONS.find((w) => w.id === id)!);
  if (weapons.length > 0) r.note('equipment', `Weapons of choice chosen: ${weapons.map((w) => w.label).join(', ')}`);
  if (weapons.length < count) {
    // CR-13: a rolled weapon of choice is one that can fight: its damage can be rolled (not the
    // crossbows, whose Harm dice the text leaves out), and the first is not a shield.
    const canPick = (w: Weapon): boolean => w.stow !== null && canRollDamage(w) && !weapons.includes(w) && (!w.isShield || weapons.some(isFightingWeapon));
    const pickOne = (pool: readonly Weapon[], what: string): boolean => {
      const [p] = r.pickDistinct(pool, 1);
      if (p === undefined) return false;
      weapons.push(p.value);
      r.notePick('equipment', what, p, p.value.label);
      return true;
    };
    while (weapons.length < count) {
      if (pickOne(WEAPONS.filter((w) => canPick(w) && wps.some((p) => p.id === w.proficiencyId)), 'Weapon of choice (among the WPs)')) continue;
      if (!pickOne(WEAPONS.filter(canPick), 'Weapon of choice (no WP left that can fight: any weapon)')) break;
    }
  }
  // CR-17: Option A means a character to buy gear with the starting coins, and the text prints no
  // prices; in place of that purchase a character left with no weapon that fights (a Devout, a True Mage
  // whose wizard weapon has no table) gets one, among the WPs first.
  if (startingKit === 'armed' && !weapons.some(isFightingWeapon)) {
    const fights = WEAPONS.filter((w) => w.stow !== null && isFightingWeapon(w));
    const known = fights.filter((w) => wps.some((p) => p.id === w.proficiencyId));
    const [p] = r.pickDistinct(known.length > 0 ? known : fights, 1);
    if (p !== undefined) {
      weapons.unshift(p.value);
      r.notePick('equipment', `Weapon in place of buying one (CR-17, ${known.length > 0 ? 'among the WPs' : 'no WP that fights: any weapon'})`, p, p.value.label);
    }
  }
  // In hand: the first weapon that is not a shield, and the first shield if a hand is still free.
  let handsFree = 2;
  const mainIndex = weapons.findIndex((w) => !w.isShield);
  const shieldIndex = weapons.findIndex((w) => w.isShield);
  weapons.forEach((w, i) => {
    const size = w.stow!;
    const hands = w.hands ?? 1;
    if ((i === mainIndex || i === shieldIndex) && hands <= handsFree) {
      handsFree -= hands;
      inventory.push({ id: w.id, size, quantity: 1, carried: 'held' });
    } else inventory.push(packer.pack({ id: w.id, size, quantity: 1 }));
  });
  for (const g of cls.startingGear.items) {
    if (g.kind === 'item') {
      const size = g.size ?? (g.itemId === 'prayer-book' ? PRAYER_BOOK_SIZE : UNKNOWN_ITEM_SIZE);
      inventory.push(packer.pack({ id: g.itemId, ...(g.size === null ? { label: g.label } : {}), size, quantity: g.quantity }));
      r.note('equipment', `${cls.label}: ${g.label}${g.size === null ? ` (the rules give no size: ${size}, CR-15)` : ''}`);
    } else if (g.kind === 'random-wizard-weapon') {
      for (let i = 0; i < g.count; i++) {
        inventory.push(packer.pack({ id: 'random-wizard-weapon', label: 'Random wizard weapon (no table in the rules: the Smith supplies it)', size: UNKNOWN_ITEM_SIZE, quantity: 1 }));
      }
      r.note('equipment', `${cls.label}: a random wizard weapon; the rules have no Wizard Weapons table yet (EQ-5), so it is recorded for the Smith`);
    }
  }
  return inventory;
}

/** The Nethern's quirks (ST-11): a d28 row, a variant evenly, and a count where the variant has one. */
function rollQuirks(r: Roller, stock: Stock): CharacterQuirk[] {
  const quirks: CharacterQuirk[] = [];
  for (const a of stock.abilities) {
    for (const e of a.effects) {
      if (e.kind !== 'quirks') continue;
      for (let i = 0; i < e.rolls; i++) {
        const roll = r.dice(NETHERN_QUIRK_DICE.count, NETHERN_QUIRK_DICE.sides);
        const quirk = NETHERN_QUIRKS.find((q) => roll.total >= q.roll.min && roll.total <= q.roll.max)!;
        const faces = [...roll.faces];
        let variant: string | null = null;
        let n: number | null = null;
        let text = `Quirk: d${NETHERN_QUIRK_DICE.sides} = ${roll.total} -> ${quirk.label}`;
        if (quirk.variants.length > 0) {
          const v = r.pick(quirk.variants);
          faces.push(...v.faces);
          variant = v.value.id;
          text += `; d${v.sides} = ${v.faces[0]} -> ${v.value.label}`;
          if (v.value.count) {
            const c = r.dice(v.value.count.count, v.value.count.sides);
            faces.push(...c.faces);
            n = c.total;
            text += ` (${v.value.count.count}d${v.value.count.sides} = ${n})`;
          }
        }
        quirks.push({ id: quirk.id, variant, count: n });
        r.note('quirks', text, faces);
      }
    }
  }
  return quirks;
}

/** Option P: the psionics check, d100 against twice WIL, unless the stock can never be psionic (ST-6, CR-16). */
function rollPsionics(r: Roller, stock: Stock, stats: CharacterStats): { readonly grade: PsionicGrade | null; readonly check: PsionicsCheck | null } {
  if (stock.setting !== 'palladium') return { grade: null, check: null };
  if (stock.psionics === 'never') {
    r.note('psionics', `Psionics: none (the ${stock.label} cannot be psionic; no check)`);
    return { grade: 'none', check: null };
  }
  const roll = r.rng.rollDie(100);
  const wil = stats.WIL;
  const grade = psionicGrade(roll, wil.score);
  r.note('psionics', `Psionics: d100 = ${roll} against 2 x WIL = ${2 * wil.score} (master at ${wil.half} or less, major at ${wil.score} or less) -> ${grade}`, [roll]);
  return { grade, check: { roll, target: 2 * wil.score, half: wil.half, score: wil.score } };
}

/**
 * Makes one character by the method's procedure, rolling what is not chosen; every roll and choice goes
 * to `creation.log`. Returns the character, or the first mistake in the choices. Rolls in a fixed order
 * (stock, class, stats, class options, skills, WPs, equipment, quirks, psionics, name), so one seed
 * always makes the same character. Never rolls the Charlatan (CL-1, CL-31).
 * @example rollCharacter(seededRandom(7), { method: 'random' }) // { ok: true, character: { stock: ..., class: ..., ... } }
 */
export function rollCharacter(rng: RandomSource, options: CreationOptions): CreationResult {
  const { method } = options;
  const choices = options.choices ?? {};
  const problem = checkCreationChoices(method, choices, options.name);
  if (problem) return { ok: false, error: problem };
  const r = new Roller(rng);
  const { stock, prime: stockPrime } = rollStock(r, method, choices);
  const { cls, prime: classPrime } = rollClass(r, choices);
  const primeStats: StatId[] = stockPrime === classPrime ? [stockPrime] : [stockPrime, classPrime];
  const stats = deriveStats(rollStats(r, stock, primeStats, choices, options.socRoll ?? DEFAULT_SOC_ROLL));
  const picks = rollClassPicks(r, cls, classPrime, choices);
  const hit = baseHitDice(cls, picks, stock);
  r.note('hit-dice', `Health Die d${hit.healthDie}, Harm Die d${hit.harmDie}: ${hit.lines.join('; ')}`);
  const skills = rollSkills(r, method, cls, stats, classPrime, choices);
  if (!Array.isArray(skills)) return skills;
  const wp = rollWeaponProficiencies(r, stock, cls, picks, choices);
  if ('ok' in wp) return wp;

  const spellcasting = spellcastingAtCreation(cls, picks, stats, classPrime, 1);
  if (spellcasting) {
    r.note(
      'spells',
      `Spellcasting: ${spellcasting.spellsKnown} spells known (to choose with the Smith), Spell Die ${spellcasting.spellDie}, cast with ${spellcasting.spellStat}, ${spellcasting.sustains} sustained`,
    );
  }
  let innateSpells = 0;
  for (const a of stock.abilities) for (const e of a.effects) if (e.kind === 'innate-spells' && e.fromLevel <= 1) innateSpells += e.perLevel;
  if (innateSpells > 0) r.note('spells', `${stock.label}: ${innateSpells} free spell of spell level 1 (to choose with the Smith)`);

  const packer = new Packer();
  const inventory = rollEquipment(r, stock, cls, wp.wps, choices, packer, options.startingKit ?? DEFAULT_STARTING_KIT);
  const coins = startingCoins(stats.SOC.score);
  r.note('coins', `Starting coins: ${coins.text} (${socialStatusOf(stats.SOC.score).label})`);
  for (let i = 1; i <= coins.magickItems; i++) {
    inventory.push(
      packer.pack({
        id: `random-magick-item-${i}`,
        label: `Random magick item ${i} of ${coins.magickItems} (Scum: the Smith rolls it; gone at final death, not lootable)`,
        size: UNKNOWN_ITEM_SIZE,
        quantity: 1,
      }),
    );
  }
  if (coins.magickItems > 0) {
    r.note('coins', `Scum: ${coins.magickItems} completely random magick items from the Smith's tables (not in the rules: recorded for the Smith to roll, CR-15)`);
  }
  r.note('coins', 'Purchases: the rules print no prices (EQ-1) and the random gear option is pending, so nothing is bought (CR-17)');

  const quirks = rollQuirks(r, stock);
  const psionics = rollPsionics(r, stock, stats);
  const defense = passiveDefense(stats, inventory, cls, picks, 1);
  const stow = stowSlots(stats);
  r.note('derived', `Defense ${defense.value}: ${defense.parts.map((p) => `${p.label} ${p.amount}`).join(' + ')}`);
  r.note('derived', `Stow Slots ${stow.value}: half-STR ${stats.STR.half} + INT mod ${stats.INT.mod}${stow.note ? `; ${stow.note}` : ''}`);
  const armourDie = baseArmourDie(cls, picks, inventory).sides;

  let name: string;
  if (options.name !== undefined) name = options.name.trim();
  else {
    const given = r.pick(GIVEN_NAMES);
    const by = r.pick(BYNAMES);
    name = `${given.value} ${by.value}`;
    r.note('name', `Name: d${given.sides} = ${given.faces[0]}, d${by.sides} = ${by.faces[0]} -> ${name}`, [...given.faces, ...by.faces]);
  }

  return {
    ok: true,
    character: {
      schemaVersion: CHARACTER_SCHEMA_VERSION,
      ruleset: 'hammercrawl',
      method,
      setting: stock.setting,
      name,
      stock: stock.id,
      class: cls.id,
      level: 1,
      xp: 0,
      primeStats,
      stats,
      healthDie: dieText(hit.healthDie),
      baseHealthDie: dieText(hit.healthDie),
      harmDie: dieText(hit.harmDie),
      featDie: dieText(featDie(1)),
      armourDie: armourDie === null ? null : dieText(armourDie),
      baseArmourDie: armourDie === null ? null : dieText(armourDie),
      defense: defense.value,
      stowSlots: stow.value,
      skills,
      weaponProficiencies: wp.wps,
      wpSelections: { total: wp.total, spent: wp.total, banked: 0 },
      classPicks: picks,
      spellcasting,
      innateSpells,
      quirks,
      inventory,
      socialStatus: coins.status,
      startingCoins: coins.coins,
      coins: coins.coins,
      psionics: psionics.grade,
      psionicsCheck: psionics.check,
      creation: { seed: options.seed ?? null, index: options.index ?? 0, log: r.log },
      notes: '',
      conditions: [],
      history: [],
    },
  };
}

/**
 * Makes `count` characters one after another from one source (a pile: `hammercrawl char new --count`).
 * The first mistake in the choices stops it.
 */
export function rollCharacters(
  rng: RandomSource,
  options: CreationOptions,
  count: number,
): { readonly ok: true; readonly characters: Character[] } | { readonly ok: false; readonly error: CreationError } {
  const characters: Character[] = [];
  for (let i = 0; i < count; i++) {
    const res = rollCharacter(rng, { ...options, index: i });
    if (!res.ok) return res;
    characters.push(res.character);
  }
  return { ok: true, characters };
}

/** A stock by its setting and id (a document's `setting` and `stock`). */
export function stockOf(setting: StockSettingId, id: string): Stock | undefined {
  return STOCKS_BY_SETTING[setting].find((s) => s.id === id);
}
