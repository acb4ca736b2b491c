/**
 * The HAMMERCRAWL! character document: a versioned plain-JSON record of one character, what it is
 * made of (ANATOMY OF A CHARACTER) and how it was made (CHARACTER CREATION), validated on import with
 * every problem named by its JSON path, and migrated by numbered pure functions.
 * Rules: HAMMERCRAWL! v4, CHARACTERS (ANATOMY OF A CHARACTER, CHARACTER CREATION); rulings in
 * docs/rulings.md (CR-n).
 */
import { STAT_IDS, STAT_TABLE, type StatId } from './check-modifiers.js';
import { CLASSES, CLASS_FEATURES, DEVOUT_POWERS, SPELLCASTING_PROFILES, type ClassId } from './data/classes.js';
import { CARRY_MODES, GEAR_SIZES, type CarryModeId, type GearSize } from './data/gear.js';
import { NETHERN_QUIRKS } from './data/nethern-quirks.js';
import { SKILLS } from './data/skills.js';
import { SOCIAL_STATUS_TABLE } from './data/social-status.js';
import { HAMMERCRAWL_STOCKS, PALLADIUM_STOCKS, type StockSettingId } from './data/stocks.js';
import { WEAPON_PROFICIENCIES } from './data/weapon-proficiencies.js';
import { MAX_CHARACTER_LEVEL, MIN_CHARACTER_LEVEL, featDie } from './feat-die.js';
import type { InventoryItem } from './inventory-item.js';
import { lookupItem } from './inventory.js';
import { magickDocumentProblems } from './magick/magick-document.js';
import type { MagickState } from './magick/magick-state.js';
import { readPlayFields } from '../character-play.js';
import type { CharacterHistoryEntry } from '../rule-system.js';
import { baseArmourDie, classById } from './derived.js';
import { RESOURCE_DICE } from './resource-die.js';
import { PSIONIC_GRADES, dieSides, dieText, type DieText, type CharacterStats, type PsionicGrade, type PsionicsCheck, type CharacterSkill, type CharacterWeaponProficiency, type WpSelections, type ClassPick, type ClassPickKind, type CharacterSpellcasting } from './character-parts.js';

/**
 * The schema version this code writes; older documents are migrated up to it (`migrateCharacter`).
 * Version 2 (play): the current Health and Armour Dice beside their base dice, notes, conditions and
 * history (ruling PL-1).
 */
export const CHARACTER_SCHEMA_VERSION = 2;

/** Longest character name accepted (a name must also have at least one non-space character). */
export const MAX_NAME_LENGTH = 60;

/** The three ways to make a character (CHARACTER CREATION: Option A, Option B, Option P). */
export type CreationMethod = 'random' | 'semi' | 'palladium';

/** The creation methods, in the rules' order. */
export const CREATION_METHODS = ['random', 'semi', 'palladium'] as const satisfies readonly CreationMethod[];

export * from './character-parts.js';

/**
 * A Nethern quirk rolled at creation (ST-11): the row, the variant (or `null`), and how many where the
 * variant is counted ("1d4 butts"), else `null`.
 * @example { id: 'weird-butt', variant: 'extra-butts', count: 3 }
 */
export interface CharacterQuirk {
  readonly id: string;
  readonly variant: string | null;
  readonly count: number | null;
}

/** A step of creation, as the creation log names it. */
export type CreationStep =
  | 'stock'
  | 'class'
  | 'prime-stats'
  | 'stats'
  | 'class-options'
  | 'hit-dice'
  | 'skills'
  | 'weapon-proficiencies'
  | 'spells'
  | 'psionics'
  | 'equipment'
  | 'coins'
  | 'quirks'
  | 'derived'
  | 'name';

/**
 * One line of the creation log: what was rolled or chosen, and the faces thrown (empty for a choice
 * or a rule applied).
 * @example { step: 'stock', text: 'Stock: 3d6 = 11 -> Human', faces: [4, 2, 5] }
 */
export interface CreationLogEntry {
  readonly step: CreationStep;
  readonly text: string;
  readonly faces: readonly number[];
}

/** How the character was made: the CLI's seed (or `null`), its place in a pile, and the log. */
export interface CreationRecord {
  readonly seed: number | null;
  readonly index: number;
  readonly log: readonly CreationLogEntry[];
}

/**
 * A HAMMERCRAWL! character: the versioned document saved and exchanged as JSON (ANATOMY OF A CHARACTER).
 * `stock` is an id of the setting's stock table (`human` exists in both; `setting` tells them apart).
 * `defense` and `stowSlots` are the derived values at creation (derived.ts shows their parts).
 */
export interface Character {
  readonly schemaVersion: typeof CHARACTER_SCHEMA_VERSION;
  readonly ruleset: 'hammercrawl';
  readonly method: CreationMethod;
  readonly setting: StockSettingId;
  readonly name: string;
  readonly stock: string;
  readonly class: ClassId;
  readonly level: number;
  readonly xp: number;
  /** The stock's prime stat, then the class's; one entry when they are the same stat (CR-3). */
  readonly primeStats: readonly StatId[];
  readonly stats: CharacterStats;
  /** The current Health Die; `null` is down, unconscious and dying (DAMAGE; ruling PL-2). */
  readonly healthDie: DieText | null;
  /** The base Health Die (the class HD, ANATOMY OF A CHARACTER): what healing and rest restore up to (PL-2). */
  readonly baseHealthDie: DieText;
  readonly harmDie: DieText;
  readonly featDie: DieText;
  /**
   * The current Armour Die: the worn armour's, moved by Armour of Righteousness, or the one it gives
   * without armour; `null` when nothing soaks before the Health Die, or the armour is destroyed (PL-3).
   */
  readonly armourDie: DieText | null;
  /** The Armour Die whole (what repair restores up to), from the worn armour and class picks; `null` without one (PL-3). */
  readonly baseArmourDie: DieText | null;
  readonly defense: number;
  readonly stowSlots: number;
  readonly skills: readonly CharacterSkill[];
  readonly weaponProficiencies: readonly CharacterWeaponProficiency[];
  readonly wpSelections: WpSelections;
  readonly classPicks: readonly ClassPick[];
  readonly spellcasting: CharacterSpellcasting | null;
  /** Free spells from the stock (the Elfin's Weak Natural Magick: one per level). */
  readonly innateSpells: number;
  readonly quirks: readonly CharacterQuirk[];
  readonly inventory: readonly InventoryItem[];
  /** Id of the SOC status row (SOC-ietal Standing). */
  readonly socialStatus: string;
  readonly startingCoins: number;
  readonly coins: number;
  /** Palladium only (Option P): the psionic grade; `null` for HAMMERCRAWL! characters. */
  readonly psionics: PsionicGrade | null;
  readonly psionicsCheck: PsionicsCheck | null;
  readonly creation: CreationRecord;
  /** The player's notes (src/rules/character-play.ts, `MAX_NOTES_LENGTH`). */
  readonly notes: string;
  /** Conditions the character has ("poisoned", "prone"): the table's and the Smith's words (PL-1). */
  readonly conditions: readonly string[];
  /** What play did to the character, oldest first (the table appends it: `withHistory`). */
  readonly history: readonly CharacterHistoryEntry[];
  /** The character's magick as play left it (spells, Mana-burn, burnt CON), once a magick command ran (ruling TC-4). */
  readonly magick?: MagickState;
}

// ---------------------------------------------------------------------------------------------------
// Validation
// ---------------------------------------------------------------------------------------------------

/**
 * One thing wrong with an imported document: where (a JSON path such as `$[0].stats.STR.score`) and what.
 * @example { path: '$.stats.DEX.half', message: 'expected 8 (half of 15, rounded up), got 7' }
 */
export interface DocumentProblem {
  readonly path: string;
  readonly message: string;
}

/** The outcome of reading a document: the characters, or every problem found. */
export type CharacterReadResult =
  | { readonly ok: true; readonly characters: readonly Character[] }
  | { readonly ok: false; readonly problems: readonly DocumentProblem[] };

/** Most problems reported for one document (the rest are counted, not listed). */
export const MAX_REPORTED_PROBLEMS = 50;

/** Most characters one document (array) may hold. */
export const MAX_CHARACTERS_PER_DOCUMENT = 10_000;

type Json = unknown;

function isRecord(v: Json): v is Record<string, Json> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function describeValue(v: Json): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return `"${v.length > 30 ? `${v.slice(0, 30)}...` : v}"`;
  return String(v);
}

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return IDENT.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/** Collects problems while walking a document. */
class Checker {
  readonly problems: DocumentProblem[] = [];
  extra = 0;

  add(path: string, message: string): void {
    if (this.problems.length < MAX_REPORTED_PROBLEMS) this.problems.push({ path, message });
    else this.extra += 1;
  }

  record(v: Json, path: string): Record<string, Json> | null {
    if (isRecord(v)) return v;
    this.add(path, `expected an object, got ${describeValue(v)}`);
    return null;
  }

  array(v: Json, path: string): readonly Json[] | null {
    if (Array.isArray(v)) return v;
    this.add(path, `expected an array, got ${describeValue(v)}`);
    return null;
  }

  int(v: Json, path: string, min: number, max: number): number | null {
    if (typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max) return v;
    this.add(path, `expected a whole number from ${min} to ${max}, got ${describeValue(v)}`);
    return null;
  }

  str(v: Json, path: string): string | null {
    if (typeof v === 'string') return v;
    this.add(path, `expected a string, got ${describeValue(v)}`);
    return null;
  }

  bool(v: Json, path: string): boolean | null {
    if (typeof v === 'boolean') return v;
    this.add(path, `expected true or false, got ${describeValue(v)}`);
    return null;
  }

  oneOf<T extends string>(v: Json, path: string, allowed: readonly T[], what: string): T | null {
    if (typeof v === 'string' && (allowed as readonly string[]).includes(v)) return v as T;
    const list = allowed.length <= 16 ? `: ${allowed.join(', ')}` : ` (${allowed.length} ids; see the data tables)`;
    this.add(path, `expected ${what}${list}; got ${describeValue(v)}`);
    return null;
  }

  die(v: Json, path: string): number | null {
    if (typeof v === 'string') {
      const sides = dieSides(v);
      if (sides !== null) return sides;
    }
    this.add(path, `expected a die written like "d8", got ${describeValue(v)}`);
    return null;
  }

  nullable<T>(v: Json, path: string, read: (v: Json, path: string) => T | null): T | null {
    return v === null ? null : read(v, path);
  }
}

const STOCK_IDS: Record<StockSettingId, readonly string[]> = {
  hammercrawl: HAMMERCRAWL_STOCKS.map((s) => s.id),
  palladium: PALLADIUM_STOCKS.map((s) => s.id),
};
const CLASS_IDS = CLASSES.map((c) => c.id);
const SKILL_IDS = SKILLS.map((s) => s.id);
const WP_IDS = WEAPON_PROFICIENCIES.map((w) => w.id);
const STATUS_IDS = SOCIAL_STATUS_TABLE.map((r) => r.id);
const PROFILE_IDS = SPELLCASTING_PROFILES.map((p) => p.id);
const QUIRK_IDS = NETHERN_QUIRKS.map((q) => q.id);
const FEATURE_IDS = CLASS_FEATURES.map((f) => f.id);
const POWER_IDS = DEVOUT_POWERS.map((p) => p.id);
const SIZE_IDS = GEAR_SIZES.map((s) => s.id);
const CARRY_IDS = CARRY_MODES.map((c) => c.id);
const STEP_IDS: readonly CreationStep[] = [
  'stock', 'class', 'prime-stats', 'stats', 'class-options', 'hit-dice', 'skills', 'weapon-proficiencies',
  'spells', 'psionics', 'equipment', 'coins', 'quirks', 'derived', 'name',
];
const CORE_STATS: readonly StatId[] = STAT_IDS.filter((s) => s !== 'SOC');

/** Top-level fields of a version-2 document, in the order the code writes them. */
const TOP_LEVEL_KEYS = [
  'schemaVersion', 'ruleset', 'method', 'setting', 'name', 'stock', 'class', 'level', 'xp', 'primeStats', 'stats',
  'healthDie', 'baseHealthDie', 'harmDie', 'featDie', 'armourDie', 'baseArmourDie', 'defense', 'stowSlots', 'skills', 'weaponProficiencies',
  'wpSelections', 'classPicks', 'spellcasting', 'innateSpells', 'quirks', 'inventory', 'socialStatus',
  'startingCoins', 'coins', 'psionics', 'psionicsCheck', 'creation', 'notes', 'conditions', 'history',
  'magick',
] as const;

/** Largest count or amount a document may hold in a numeric field (coins, quantities, XP). */
export const MAX_DOCUMENT_NUMBER = 1_000_000_000;

function checkStats(c: Checker, v: Json, path: string): void {
  const stats = c.record(v, path);
  if (!stats) return;
  for (const key of Object.keys(stats)) {
    if (!(STAT_IDS as readonly string[]).includes(key)) c.add(childPath(path, key), `unknown stat; the stats are ${STAT_IDS.join(' ')}`);
  }
  for (const stat of STAT_IDS) {
    const p = childPath(path, stat);
    const block = c.record(stats[stat], p);
    if (!block) continue;
    const score = c.int(block['score'], `${p}.score`, 1, STAT_TABLE.length);
    const half = c.int(block['half'], `${p}.half`, 1, 99);
    const mod = c.int(block['mod'], `${p}.mod`, -99, 99);
    if (score === null) continue;
    const row = STAT_TABLE[score - 1]!;
    if (half !== null && half !== row.halfStat) c.add(`${p}.half`, `expected ${row.halfStat} (half of ${score}, rounded up), got ${half}`);
    if (mod !== null && mod !== row.mod) c.add(`${p}.mod`, `expected ${row.mod} (the stat table's mod for ${score}), got ${mod}`);
  }
}

function checkInventoryItem(c: Checker, v: Json, path: string, bagIds: ReadonlySet<string>): void {
  const item = c.record(v, path);
  if (!item) return;
  const id = c.str(item['id'], `${path}.id`);
  if (id !== null && !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(id)) c.add(`${path}.id`, `expected a kebab-case id, got ${describeValue(id)}`);
  if (item['label'] !== undefined) c.str(item['label'], `${path}.label`);
  c.oneOf<GearSize>(item['size'], `${path}.size`, SIZE_IDS, 'a gear size');
  c.int(item['quantity'], `${path}.quantity`, 1, MAX_DOCUMENT_NUMBER);
  const carried = c.oneOf<CarryModeId>(item['carried'], `${path}.carried`, CARRY_IDS, 'how it is carried');
  if (item['in'] !== undefined) {
    const bag = c.str(item['in'], `${path}.in`);
    if (bag !== null && !bagIds.has(bag)) c.add(`${path}.in`, `no bag '${bag}' in this inventory`);
    if (carried !== null && carried !== 'packed') c.add(`${path}.in`, `only a packed item is in a bag; this one is ${carried}`);
  }
  if (item['resourceDie'] !== undefined && item['resourceDie'] !== null) {
    c.int(item['resourceDie'], `${path}.resourceDie`, 3, 30);
  }
}

function checkClassPick(c: Checker, v: Json, path: string): void {
  const pick = c.record(v, path);
  if (!pick) return;
  const kind = c.oneOf<ClassPickKind>(
    pick['kind'],
    `${path}.kind`,
    ['shtick', 'spellblade-style', 'focus', 'holy-mage-power', 'devout-power', 'specialist-choice', 'save-feat'],
    'a class pick kind',
  );
  switch (kind) {
    case 'shtick':
    case 'focus':
    case 'specialist-choice':
      c.oneOf(pick['id'], `${path}.id`, FEATURE_IDS, 'a class feature id');
      break;
    case 'spellblade-style':
      c.oneOf(pick['id'], `${path}.id`, ['muscle-wizard', 'eldritch-warrior', 'divine-avenger'], 'a Spellblade style');
      c.oneOf(pick['casterType'], `${path}.casterType`, ['scholastic', 'believer'], 'a caster type');
      break;
    case 'holy-mage-power':
      c.oneOf(pick['id'], `${path}.id`, POWER_IDS, 'a Devout power id');
      break;
    case 'devout-power':
      c.oneOf(pick['id'], `${path}.id`, POWER_IDS, 'a Devout power id');
      c.oneOf(pick['version'], `${path}.version`, ['basic', 'advanced'], 'a power version');
      break;
    case 'save-feat':
      c.str(pick['featId'], `${path}.featId`);
      c.oneOf(pick['stat'], `${path}.stat`, CORE_STATS, 'a stat with Saves');
      break;
    case null:
      break;
  }
}

function checkCharacter(c: Checker, v: Json, path: string): void {
  const doc = c.record(v, path);
  if (!doc) return;
  for (const key of Object.keys(doc)) {
    if (!(TOP_LEVEL_KEYS as readonly string[]).includes(key)) c.add(childPath(path, key), 'unknown field');
  }
  if (doc['schemaVersion'] !== CHARACTER_SCHEMA_VERSION) {
    c.add(`${path}.schemaVersion`, `expected ${CHARACTER_SCHEMA_VERSION}, got ${describeValue(doc['schemaVersion'])}`);
  }
  if (doc['ruleset'] !== 'hammercrawl') c.add(`${path}.ruleset`, `expected "hammercrawl", got ${describeValue(doc['ruleset'])}`);
  c.oneOf(doc['method'], `${path}.method`, CREATION_METHODS, 'a creation method');
  const setting = c.oneOf<StockSettingId>(doc['setting'], `${path}.setting`, ['hammercrawl', 'palladium'], 'a setting');
  const name = c.str(doc['name'], `${path}.name`);
  if (name !== null && (name.trim().length === 0 || name.length > MAX_NAME_LENGTH)) {
    c.add(`${path}.name`, `a name has 1 to ${MAX_NAME_LENGTH} characters, not only spaces`);
  }
  if (setting !== null) c.oneOf(doc['stock'], `${path}.stock`, STOCK_IDS[setting], `a ${setting} stock`);
  c.oneOf(doc['class'], `${path}.class`, CLASS_IDS, 'a class');
  const level = c.int(doc['level'], `${path}.level`, MIN_CHARACTER_LEVEL, MAX_CHARACTER_LEVEL);
  c.int(doc['xp'], `${path}.xp`, 0, MAX_DOCUMENT_NUMBER);
  const primes = c.array(doc['primeStats'], `${path}.primeStats`);
  if (primes) {
    if (primes.length < 1 || primes.length > 2) c.add(`${path}.primeStats`, `expected 1 or 2 prime stats, got ${primes.length}`);
    primes.forEach((p, i) => c.oneOf(p, `${path}.primeStats[${i}]`, CORE_STATS, 'a stat'));
    if (primes.length === 2 && primes[0] === primes[1]) c.add(`${path}.primeStats`, 'the same prime stat twice');
  }
  checkStats(c, doc['stats'], `${path}.stats`);
  checkPlayDice(c, doc, path);
  c.die(doc['harmDie'], `${path}.harmDie`);
  const feat = c.die(doc['featDie'], `${path}.featDie`);
  // THE FEAT DIE: the die is the level's, from the table (every class's column is the normal one).
  if (feat !== null && level !== null && feat !== featDie(level)) {
    c.add(`${path}.featDie`, `a level-${level} character's Feat Die is d${featDie(level)}, not d${feat} (THE FEAT DIE table)`);
  }
  c.int(doc['defense'], `${path}.defense`, 0, 999);
  c.int(doc['stowSlots'], `${path}.stowSlots`, 0, 999);

  const skills = c.array(doc['skills'], `${path}.skills`);
  skills?.forEach((s, i) => {
    const p = `${path}.skills[${i}]`;
    const skill = c.record(s, p);
    if (!skill) return;
    c.oneOf(skill['id'], `${p}.id`, SKILL_IDS, 'a skill id');
    c.nullable(skill['specialization'], `${p}.specialization`, (x, q) => c.str(x, q));
    c.bool(skill['isSpecialty'], `${p}.isSpecialty`);
    c.bool(skill['isCursed'], `${p}.isCursed`);
  });
  const wps = c.array(doc['weaponProficiencies'], `${path}.weaponProficiencies`);
  wps?.forEach((w, i) => {
    const p = `${path}.weaponProficiencies[${i}]`;
    const wp = c.record(w, p);
    if (!wp) return;
    c.oneOf(wp['id'], `${p}.id`, WP_IDS, 'a Weapon Proficiency id');
    c.oneOf(wp['source'], `${p}.source`, ['selection', 'natural'], 'a WP source');
    c.int(wp['specializationTier'], `${p}.specializationTier`, 0, 3);
  });
  const sel = c.record(doc['wpSelections'], `${path}.wpSelections`);
  if (sel) {
    const total = c.int(sel['total'], `${path}.wpSelections.total`, 0, 999);
    const spent = c.int(sel['spent'], `${path}.wpSelections.spent`, 0, 999);
    const banked = c.int(sel['banked'], `${path}.wpSelections.banked`, 0, 999);
    if (total !== null && spent !== null && banked !== null && spent + banked !== total) {
      c.add(`${path}.wpSelections`, `spent (${spent}) and banked (${banked}) must add up to total (${total})`);
    }
  }
  c.array(doc['classPicks'], `${path}.classPicks`)?.forEach((p, i) => checkClassPick(c, p, `${path}.classPicks[${i}]`));
  c.nullable(doc['spellcasting'], `${path}.spellcasting`, (x, p) => {
    const sp = c.record(x, p);
    if (!sp) return null;
    c.oneOf(sp['profileId'], `${p}.profileId`, PROFILE_IDS, 'a spellcasting profile');
    c.die(sp['spellDie'], `${p}.spellDie`);
    c.oneOf(sp['spellStat'], `${p}.spellStat`, CORE_STATS, 'a stat');
    c.int(sp['spellsKnown'], `${p}.spellsKnown`, 0, 999);
    c.int(sp['sustains'], `${p}.sustains`, 0, 999);
    return sp;
  });
  c.int(doc['innateSpells'], `${path}.innateSpells`, 0, 999);
  c.array(doc['quirks'], `${path}.quirks`)?.forEach((q, i) => {
    const p = `${path}.quirks[${i}]`;
    const quirk = c.record(q, p);
    if (!quirk) return;
    c.oneOf(quirk['id'], `${p}.id`, QUIRK_IDS, 'a Nethern quirk id');
    c.nullable(quirk['variant'], `${p}.variant`, (x, r) => c.str(x, r));
    c.nullable(quirk['count'], `${p}.count`, (x, r) => c.int(x, r, 0, 999));
  });
  const inventory = c.array(doc['inventory'], `${path}.inventory`);
  if (inventory) {
    const bagIds = new Set<string>();
    for (const it of inventory) {
      if (isRecord(it) && typeof it['id'] === 'string' && lookupItem(it['id'])?.kind === 'bag') bagIds.add(it['id']);
    }
    inventory.forEach((it, i) => checkInventoryItem(c, it, `${path}.inventory[${i}]`, bagIds));
  }
  c.oneOf(doc['socialStatus'], `${path}.socialStatus`, STATUS_IDS, 'a SOC status');
  c.int(doc['startingCoins'], `${path}.startingCoins`, 0, MAX_DOCUMENT_NUMBER);
  c.int(doc['coins'], `${path}.coins`, 0, MAX_DOCUMENT_NUMBER);
  const psionics = c.nullable(doc['psionics'], `${path}.psionics`, (x, p) => c.oneOf(x, p, PSIONIC_GRADES, 'a psionic grade'));
  if (setting === 'palladium' && doc['psionics'] === null) c.add(`${path}.psionics`, 'a Palladium character has a psionic grade');
  if (setting === 'hammercrawl' && psionics !== null) c.add(`${path}.psionics`, 'only Palladium characters (Option P) have psionics; expected null');
  c.nullable(doc['psionicsCheck'], `${path}.psionicsCheck`, (x, p) => {
    const chk = c.record(x, p);
    if (!chk) return null;
    c.int(chk['roll'], `${p}.roll`, 1, 100);
    c.int(chk['target'], `${p}.target`, 2, 40);
    c.int(chk['half'], `${p}.half`, 1, 20);
    c.int(chk['score'], `${p}.score`, 1, 20);
    return chk;
  });
  const creation = c.record(doc['creation'], `${path}.creation`);
  if (creation) {
    c.nullable(creation['seed'], `${path}.creation.seed`, (x, p) => c.int(x, p, 0, 0xffff_ffff));
    c.int(creation['index'], `${path}.creation.index`, 0, MAX_CHARACTERS_PER_DOCUMENT);
    c.array(creation['log'], `${path}.creation.log`)?.forEach((e, i) => {
      const p = `${path}.creation.log[${i}]`;
      const entry = c.record(e, p);
      if (!entry) return;
      c.oneOf(entry['step'], `${p}.step`, STEP_IDS, 'a creation step');
      c.str(entry['text'], `${p}.text`);
      c.array(entry['faces'], `${p}.faces`)?.forEach((f, j) => c.int(f, `${p}.faces[${j}]`, 1, 1000));
    });
  }
  if (doc['magick'] !== undefined) for (const p of magickDocumentProblems(doc['magick'], `${path}.magick`)) c.add(p.path, p.message);
  const play = readPlayFields(doc, path);
  if (!play.ok) c.add(play.error.path ?? path, play.error.message);
}

/** A die of the chain (d3 to d30), as the Health and Armour Dice are (resource dice, R-1). */
function chainDie(c: Checker, v: Json, path: string): number | null {
  const sides = c.die(v, path);
  if (sides === null) return null;
  if (!RESOURCE_DICE.includes(sides)) {
    c.add(path, `expected a die of the chain (${RESOURCE_DICE.map((d) => `d${d}`).join(' ')}), got d${sides}`);
    return null;
  }
  return sides;
}

/**
 * The Health and Armour Dice of play (PL-2, PL-3): each current die on the chain and never above its
 * base; `null` Health is down, `null` Armour none or destroyed; a current Armour Die needs a base one.
 */
function checkPlayDice(c: Checker, doc: Record<string, Json>, path: string): void {
  const health = c.nullable(doc['healthDie'], `${path}.healthDie`, (x, p) => chainDie(c, x, p));
  const baseHealth = chainDie(c, doc['baseHealthDie'], `${path}.baseHealthDie`);
  if (health !== null && baseHealth !== null && health > baseHealth) {
    c.add(`${path}.healthDie`, `d${health} is above the base Health Die d${baseHealth}; healing restores up to the base only`);
  }
  const armour = c.nullable(doc['armourDie'], `${path}.armourDie`, (x, p) => chainDie(c, x, p));
  const baseArmour = c.nullable(doc['baseArmourDie'], `${path}.baseArmourDie`, (x, p) => chainDie(c, x, p));
  if (armour !== null && doc['baseArmourDie'] === null) c.add(`${path}.armourDie`, `an Armour Die d${armour} without a base Armour Die; give baseArmourDie (the die whole)`);
  if (armour !== null && baseArmour !== null && armour > baseArmour) {
    c.add(`${path}.armourDie`, `d${armour} is above the base Armour Die d${baseArmour}; repair restores up to the base only`);
  }
}

/**
 * Reads a parsed JSON document (one character, or an array of characters) after migrating it: the
 * characters, or every problem by JSON path (`$` is the document; `$[2].stats.STR.score`).
 * @example readCharacters(JSON.parse(text))
 */
export function readCharacters(json: Json): CharacterReadResult {
  const c = new Checker();
  const many = Array.isArray(json);
  const docs = many ? json : [json];
  if (many && docs.length === 0) c.add('$', 'expected at least one character, got an empty array');
  if (docs.length > MAX_CHARACTERS_PER_DOCUMENT) {
    c.add('$', `at most ${MAX_CHARACTERS_PER_DOCUMENT} characters in one document, got ${docs.length}`);
  }
  const migrated: Json[] = [];
  docs.slice(0, MAX_CHARACTERS_PER_DOCUMENT).forEach((d, i) => {
    const path = many ? `$[${i}]` : '$';
    const m = migrateCharacter(d);
    if (!m.ok) c.add(m.problem.path === '$' ? path : `${path}${m.problem.path.slice(1)}`, m.problem.message);
    else {
      checkCharacter(c, m.document, path);
      migrated.push(m.document);
    }
  });
  if (c.problems.length > 0) {
    const problems = c.extra > 0 ? [...c.problems, { path: '$', message: `and ${c.extra} more problems` }] : c.problems;
    return { ok: false, problems };
  }
  return { ok: true, characters: migrated.map(withPlayFields) };
}

/** A checked document with its play fields filled in where it leaves them out (they may be absent, PL-1). */
function withPlayFields(doc: Json): Character {
  const d = doc as Record<string, Json>;
  const play = readPlayFields(d);
  if (!play.ok) throw new Error(`a checked document's play fields do not read: ${play.error.message}`);
  return { ...d, notes: play.value.notes, conditions: play.value.conditions, history: play.value.history } as unknown as Character;
}

// ---------------------------------------------------------------------------------------------------
// Migrations
// ---------------------------------------------------------------------------------------------------

/** One numbered migration: a pure function from a document of `from` to one of `from + 1`. */
export interface CharacterMigration {
  readonly from: number;
  readonly describe: string;
  migrate(doc: Readonly<Record<string, unknown>>): Record<string, unknown>;
}

/** The fields of `doc` in the order the code writes them, then any others (so unknown fields are still reported). */
function inWrittenOrder(doc: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of TOP_LEVEL_KEYS) if (key in doc) out[key] = doc[key];
  for (const key of Object.keys(doc)) if (!(key in out)) out[key] = doc[key];
  return out;
}

/**
 * The base Armour Die a version-1 document implies: its worn armour moved by Armour of Righteousness,
 * else its own `armourDie` (the die without armour). Read leniently: the document is checked after
 * migrating, and anything odd here is reported there.
 */
function v1ArmourDie(doc: Readonly<Record<string, unknown>>): unknown {
  const cls = CLASS_IDS.includes(doc['class'] as ClassId) ? classById(doc['class'] as string) : null;
  const inventory = Array.isArray(doc['inventory']) ? doc['inventory'].filter((i): i is InventoryItem => isRecord(i) && typeof i['id'] === 'string') : [];
  const picks = Array.isArray(doc['classPicks']) ? doc['classPicks'].filter((p): p is ClassPick => isRecord(p) && typeof p['kind'] === 'string') : [];
  if (cls === null || !inventory.some((i) => i.carried === 'worn' && lookupItem(i.id)?.kind === 'armour')) return doc['armourDie'];
  const base = baseArmourDie(cls, picks, inventory).sides;
  return base === null ? null : dieText(base);
}

/**
 * The migrations, in order. A new version adds one entry here and a fixture test beside it
 * (conventions: Saved data).
 */
export const CHARACTER_MIGRATIONS: readonly CharacterMigration[] = [
  {
    from: 1,
    describe:
      'play (PL-1): the current Health Die gets its base (the same die); the Armour Die becomes the die that soaks (the worn armour moved by Armour of Righteousness, else the die without armour) with the same base; empty notes, conditions and history',
    migrate(doc) {
      const armour = v1ArmourDie(doc);
      return inWrittenOrder({
        ...doc,
        baseHealthDie: doc['healthDie'],
        armourDie: armour,
        baseArmourDie: armour,
        notes: '',
        conditions: [],
        history: [],
      });
    },
  },
];

/** The outcome of migrating one document: the document at the current version, or why it cannot be. */
export type MigrationResult =
  | { readonly ok: true; readonly document: Record<string, unknown>; readonly applied: readonly number[] }
  | { readonly ok: false; readonly problem: DocumentProblem };

/**
 * Brings one parsed document up to `CHARACTER_SCHEMA_VERSION` by the numbered migrations. A document
 * without a version, or from a newer program, is refused with a problem at `$.schemaVersion`.
 */
export function migrateCharacter(doc: Json): MigrationResult {
  if (!isRecord(doc)) return { ok: false, problem: { path: '$', message: `expected a character object, got ${describeValue(doc)}` } };
  const version = doc['schemaVersion'];
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return { ok: false, problem: { path: '$.schemaVersion', message: `expected a schema version from 1 to ${CHARACTER_SCHEMA_VERSION}, got ${describeValue(version)}` } };
  }
  if (version > CHARACTER_SCHEMA_VERSION) {
    return {
      ok: false,
      problem: { path: '$.schemaVersion', message: `version ${version} was written by a newer hammercrawl (this one reads up to ${CHARACTER_SCHEMA_VERSION}); update it` },
    };
  }
  let current: Record<string, unknown> = doc;
  const applied: number[] = [];
  for (let v = version; v < CHARACTER_SCHEMA_VERSION; v++) {
    const step = CHARACTER_MIGRATIONS.find((m) => m.from === v);
    if (!step) return { ok: false, problem: { path: '$.schemaVersion', message: `no migration from version ${v}` } };
    current = { ...step.migrate(current), schemaVersion: v + 1 };
    applied.push(v);
  }
  return { ok: true, document: current, applied };
}
