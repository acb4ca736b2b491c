/**
 * The Bare Bones character document: a versioned plain-JSON record of one character, validated on
 * import with the JSON path of every problem; version 1 documents are migrated to version 2 on reading.
 * Rules: The Bare Bones, Nobody Likes Adventurers, Die by the Sword, Dying, Dying, Dead, Good for What
 * Ails You, Dead Weight, From Peasant to King; rulings BB-4 .. BB-7, BB-22, BB-28 .. BB-31.
 */
import { MAX_SEED } from '../../dice/random.js';
import { readPlayFields } from '../character-play.js';
import { ok, problem, type CharacterHistoryEntry, type RuleResult, type RulesetCharacter } from '../rule-system.js';
import { ATTRIBUTE_IDS, MAX_ATTRIBUTE_SCORE, MIN_ATTRIBUTE_SCORE, type AttributeId } from './attributes.js';
import { MAX_ADVANCEMENT_CHECKS } from './advancement.js';
import { ARMOUR_IDS, MIN_NOTCHED_ARMOUR_CLASS, SHIELD, armour, type ArmourId } from './data/armour.js';
import { CLASS_IDS, GM_BONUS_POINTS, SORCERER_TRADITIONS, STARTING_SPELLS, bareBonesClass, type ClassId, type SorcererTraditionId } from './data/classes.js';
import { HOUSES, RACE_IDS, race, type HouseId, type RaceId } from './data/races.js';
import { MAX_SKILL_BONUS, SKILL_BONUS } from './data/skills.js';
import { MAX_LEVEL, MAX_XP, MIN_LEVEL, xpForLevel } from './data/xp.js';
import { BARE_BONES_CHAIN } from '../../dice/dice-chain.js';
import type { VitalStatus } from './blood-and-sweat.js';
import { MAX_NOTCHES } from './damage.js';

/**
 * The schema version this code writes. Version 1 (no play fields) is still read, migrated by
 * `migrateV1ToV2`.
 */
export const CHARACTER_SCHEMA_VERSION = 2;

/** The oldest schema version still read. */
export const OLDEST_SCHEMA_VERSION = 1;

/** Longest name, skill label, favoured foe, school or spell name. */
export const MAX_NAME_LENGTH = 60;

/** Most skills on one sheet (a specialist's 4 plus one per level after the first is 13). */
export const MAX_SKILLS = 20;

/** Most inventory entries on one sheet. */
export const MAX_INVENTORY_ITEMS = 100;

/** Most slots one item takes (heavy armour takes 5). */
export const MAX_ITEM_SLOTS = 5;

/** Most coins and most arrows a sheet records. */
export const MAX_COINS = 1_000_000_000;
/** Most arrows a sheet records. */
export const MAX_ARROWS = 10_000;

/** Most spells a sorcerer's sheet lists. */
export const MAX_SPELLS = 100;

/** Most lines in the creation log. */
export const MAX_LOG_ENTRIES = 100;

/** Highest face a creation log records (a d20). */
export const MAX_DIE_FACE = 20;

/** Longest line of the creation log. */
export const MAX_LOG_TEXT_LENGTH = 500;

/** Most faces one creation log line records (3d6 for six attributes is 18). */
export const MAX_LOG_FACES = 100;

/** One attribute: the score only (The Bare Bones has no modifiers). */
export interface BareBonesStat {
  readonly score: number;
}

/** A skill on the sheet: a kebab-case id, its name, and its bonus (+2, a specialist's up to +4). */
export interface CharacterSkill {
  readonly id: string;
  readonly label: string;
  readonly bonus: number;
}

/** A sorcerer's magic: tradition, the school chosen and the one barred, spells known, spells still to roll. */
export interface SorcererMagic {
  readonly tradition: SorcererTraditionId;
  readonly school: string | null;
  readonly forbiddenSchool: string | null;
  readonly spells: readonly string[];
  /** Random spells still to roll on the Wonder & Wickedness lists (ruling BB-7). */
  readonly spellsToRoll: number;
}

/** An inventory entry: slots taken, its usage die (`null` when it has none), and its notches (ruling BB-30). */
export interface InventoryEntry {
  readonly id: string;
  readonly label: string;
  readonly slots: number;
  readonly usageDie: number | null;
  /** A weapon's notches: each drops its damage die a step until repaired (Critical Hits and Notches). */
  readonly notches: number;
}

/** A pool with a current and a maximum value (Blood, Sweat). */
export interface Track {
  readonly current: number;
  readonly max: number;
}

/** One line of the creation log. */
export interface CreationLogEntry {
  readonly step: string;
  readonly text: string;
  readonly faces: readonly number[];
}

/**
 * A Bare Bones character.
 * @example { ruleset: 'bare-bones', schemaVersion: 1, name: 'Ada', stats: { str: { score: 11 }, ... }, race: 'dwarf', class: 'fighter', ... }
 */
export interface BareBonesCharacter extends RulesetCharacter {
  readonly ruleset: 'bare-bones';
  readonly schemaVersion: typeof CHARACTER_SCHEMA_VERSION;
  readonly name: string;
  readonly stats: { readonly [K in AttributeId]: BareBonesStat };
  readonly race: RaceId;
  readonly class: ClassId;
  readonly level: number;
  readonly xp: number;
  /** The race's Hit Die (sides). */
  readonly hitDie: number;
  /** Blood: max is the Hit Die's sides. */
  readonly blood: Track;
  /** Sweat: max grows by a Hit Die roll each level after the first. */
  readonly sweat: Track;
  /** The class pool (faith, tactic, luck points or mana) and what is left of it. */
  readonly points: { readonly pool: 'faith' | 'tactic' | 'luck' | 'mana'; readonly current: number };
  readonly skills: readonly CharacterSkill[];
  /** Marks from failed checks and saves, 0-5 per attribute. */
  readonly advancementChecks: { readonly [K in AttributeId]: number };
  /** A human's great house; `null` for the other races. */
  readonly house: HouseId | null;
  /** A sorcerer's magic; `null` for the other classes. */
  readonly sorcerer: SorcererMagic | null;
  /** A fighter's favoured foes (one per level from 2); empty for the others. */
  readonly favoredFoes: readonly string[];
  readonly armour: ArmourId;
  readonly hasShield: boolean;
  /** Notches on the armour: AC -1 each, never below 8. */
  readonly armourNotches: number;
  readonly inventory: readonly InventoryEntry[];
  readonly coins: number;
  readonly arrows: number;
  /** Arrows shot that missed: picked up after the fight (Missiles; ruling BB-31). */
  readonly arrowsToRecover: number;
  /** Rounds an unstable (dying) character has left, a Hit Die roll counted down; `null` unless unstable (ruling BB-29). */
  readonly roundsLeft: number | null;
  /** Dead (a coup de grâce, or the rounds ran out); at 0 Blood (Dying, Dying, Dead; ruling BB-29). */
  readonly isDead: boolean;
  /** The day's one short rest is taken; a long rest starts a new day (Good for What Ails You; ruling BB-29). */
  readonly hasShortRestedToday: boolean;
  readonly conditions: readonly string[];
  readonly notes: string;
  readonly creation: { readonly seed: number | null; readonly log: readonly CreationLogEntry[] };
  readonly history: readonly CharacterHistoryEntry[];
}

/**
 * How a character stands, worked out from the sheet: dead, unstable (rounds counted), down at 0 Blood,
 * or standing (Dying, Dying, Dead; ruling BB-29).
 */
export function statusOf(c: Pick<BareBonesCharacter, 'blood' | 'roundsLeft' | 'isDead'>): VitalStatus {
  if (c.isDead) return 'dead';
  if (c.roundsLeft !== null) return 'unstable';
  return c.blood.current === 0 ? 'down' : 'standing';
}

/** The extra faith, tactic or luck points the GM may have granted on top of the level (ruling BB-6). */
export const MAX_POOL_ABOVE_LEVEL = GM_BONUS_POINTS.max;

/** Armor Class from armour, shield, race and notches (never below 8 by notches). Rules: Armor; Small Fellows. */
export function armourClassOf(c: Pick<BareBonesCharacter, 'armour' | 'hasShield' | 'armourNotches' | 'race'>): number {
  const base = armour(c.armour).armourClass + (c.hasShield ? SHIELD.armourClassBonus : 0);
  return Math.max(MIN_NOTCHED_ARMOUR_CLASS, base - c.armourNotches) + race(c.race).armourClassBonus;
}

/** Most Sweat a level allows: a full Hit Die for every level after the first. */
export function maxSweatFor(level: number, hitDie: number): number {
  return (level - 1) * hitDie;
}

// ---------- reading ----------

type Obj = Record<string, unknown>;
type R<T> = RuleResult<T>;

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** An object with exactly `keys` (each required) and, optionally, `optionalKeys`. */
function readObj(v: unknown, path: string, keys: readonly string[], optionalKeys: readonly string[] = []): R<Obj> {
  if (!isObj(v)) return problem('bare-bones/not-an-object', `${path} must be an object with ${keys.join(', ')}.`, path);
  for (const k of Object.keys(v)) {
    if (!keys.includes(k) && !optionalKeys.includes(k)) return problem('bare-bones/unknown-field', `${path} has no field ${JSON.stringify(k)}; remove it (expected ${[...keys, ...optionalKeys].join(', ')}).`, `${path}.${k}`);
  }
  for (const k of keys) {
    if (!(k in v)) return problem('bare-bones/missing-field', `${path}.${k} is missing; add it.`, `${path}.${k}`);
  }
  return ok(v);
}

function readInt(v: unknown, path: string, min: number, max: number): R<number> {
  if (typeof v !== 'number' || !Number.isInteger(v)) return problem('bare-bones/not-integer', `${path} must be a whole number from ${min} to ${max}.`, path);
  if (v < min || v > max) return problem('bare-bones/out-of-range', `${path} must be from ${min} to ${max}, got ${v}.`, path);
  return ok(v);
}

function readText(v: unknown, path: string, maxLength: number): R<string> {
  if (typeof v !== 'string') return problem('bare-bones/not-text', `${path} must be text.`, path);
  if (v.trim().length === 0) return problem('bare-bones/empty-text', `${path} must not be blank.`, path);
  if (v.length > maxLength) return problem('bare-bones/too-long', `${path} must be at most ${maxLength} characters, got ${v.length}.`, path);
  return ok(v);
}

/** A value for a message, never throwing (no JSON.stringify of a BigInt or a cycle). */
function show(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}...` : v);
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return String(v);
  return Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'an object' : typeof v;
}

function readChoice<T extends string>(v: unknown, path: string, choices: readonly T[]): R<T> {
  if (typeof v !== 'string' || !(choices as readonly string[]).includes(v)) {
    return problem('bare-bones/unknown-choice', `${path} must be one of ${choices.join(', ')}, got ${show(v)}.`, path);
  }
  return ok(v as T);
}

function readBool(v: unknown, path: string): R<boolean> {
  return typeof v === 'boolean' ? ok(v) : problem('bare-bones/not-boolean', `${path} must be true or false.`, path);
}

function readArray(v: unknown, path: string, maxItems: number): R<readonly unknown[]> {
  if (!Array.isArray(v)) return problem('bare-bones/not-an-array', `${path} must be a list.`, path);
  if (v.length > maxItems) return problem('bare-bones/too-many', `${path} may hold at most ${maxItems} entries, got ${v.length}.`, path);
  return ok(v);
}

function readTexts(v: unknown, path: string, maxItems: number): R<string[]> {
  const a = readArray(v, path, maxItems);
  if (!a.ok) return a;
  const out: string[] = [];
  for (let i = 0; i < a.value.length; i++) {
    const t = readText(a.value[i], `${path}[${i}]`, MAX_NAME_LENGTH);
    if (!t.ok) return t;
    out.push(t.value);
  }
  return ok(out);
}

/** The fields of a version 1 document. */
const V1_KEYS = [
  'ruleset', 'schemaVersion', 'name', 'stats', 'race', 'class', 'level', 'xp', 'hitDie', 'blood', 'sweat', 'points', 'skills',
  'advancementChecks', 'house', 'sorcerer', 'favoredFoes', 'armour', 'hasShield', 'armourNotches', 'inventory', 'coins', 'arrows', 'creation',
] as const;

/** The fields of a version 2 document that must be there. */
const TOP_KEYS = [
  'ruleset', 'schemaVersion', 'name', 'stats', 'race', 'class', 'level', 'xp', 'hitDie', 'blood', 'sweat', 'points', 'skills',
  'advancementChecks', 'house', 'sorcerer', 'favoredFoes', 'armour', 'hasShield', 'armourNotches', 'inventory', 'coins', 'arrows',
  'arrowsToRecover', 'roundsLeft', 'isDead', 'hasShortRestedToday', 'creation',
] as const;

/** The play fields every ruleset's document keeps, read by `readPlayFields` (absent: empty). */
const PLAY_KEYS = ['conditions', 'notes', 'history'] as const;

/** The fields of an inventory entry in version 1, and in version 2. */
const V1_ITEM_KEYS = ['id', 'label', 'slots', 'usageDie'] as const;
const ITEM_KEYS = [...V1_ITEM_KEYS, 'notches'] as const;

/**
 * The play fields of a character that has not been played yet (a new one, or one of version 1), but
 * the history: not dying, not dead, the day's short rest still to take, no arrows lying about.
 */
export const NO_PLAY_YET = {
  arrowsToRecover: 0,
  roundsLeft: null,
  isDead: false,
  hasShortRestedToday: false,
  conditions: [],
  notes: '',
} as const satisfies Partial<BareBonesCharacter>;

/**
 * Migration 1 -> 2 (pure): adds what play keeps (no conditions, notes or history; not dying and not
 * dead, so down at 0 Blood and standing above; the day's short rest not taken; no arrows lying about;
 * no notches on items). Only fields that are absent are added, so a malformed document
 * stays malformed and is refused by the version 2 reader with its path.
 */
export function migrateV1ToV2(doc: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const inventory = Array.isArray(doc['inventory'])
    ? doc['inventory'].map((e: unknown) => (isObj(e) && !('notches' in e) ? { ...e, notches: 0 } : e))
    : doc['inventory'];
  const { creation, ...rest } = doc;
  return { ...rest, schemaVersion: 2, inventory, ...NO_PLAY_YET, creation, history: [] };
}

function readAttributeRecord<T>(v: unknown, path: string, item: (v: unknown, path: string) => R<T>): R<{ [K in AttributeId]: T }> {
  const o = readObj(v, path, ATTRIBUTE_IDS);
  if (!o.ok) return o;
  const out: Partial<Record<AttributeId, T>> = {};
  for (const id of ATTRIBUTE_IDS) {
    const r = item(o.value[id], `${path}.${id}`);
    if (!r.ok) return r;
    out[id] = r.value;
  }
  return ok(out as { [K in AttributeId]: T });
}

function readStat(v: unknown, path: string): R<BareBonesStat> {
  if (isObj(v) && 'mod' in v) return problem('bare-bones/no-modifiers', `${path}.mod: The Bare Bones has no attribute modifiers; remove it.`, `${path}.mod`);
  const o = readObj(v, path, ['score']);
  if (!o.ok) return o;
  const s = readInt(o.value['score'], `${path}.score`, MIN_ATTRIBUTE_SCORE, MAX_ATTRIBUTE_SCORE);
  return s.ok ? ok({ score: s.value }) : s;
}

function readTrack(v: unknown, path: string, maxOfMax: number, fixedMax: number | null): R<Track> {
  const o = readObj(v, path, ['current', 'max']);
  if (!o.ok) return o;
  const max = readInt(o.value['max'], `${path}.max`, 0, maxOfMax);
  if (!max.ok) return max;
  if (fixedMax !== null && max.value !== fixedMax) return problem('bare-bones/track-max', `${path}.max must be ${fixedMax} (the Hit Die's sides), got ${max.value}.`, `${path}.max`);
  const current = readInt(o.value['current'], `${path}.current`, 0, max.value);
  if (!current.ok) return current;
  return ok({ current: current.value, max: max.value });
}

/**
 * Reads (imports) a character document: every field checked, the first problem returned with its JSON
 * path and a message saying how to fix it; never throws. The value returned is a fresh document with
 * keys in the written order, so a valid document round-trips byte for byte.
 */
export function readCharacter(json: unknown): RuleResult<BareBonesCharacter> {
  if (!isObj(json)) return problem('bare-bones/not-an-object', `$ must be an object with ${TOP_KEYS.join(', ')}.`, '$');
  let doc: Obj = json;
  if (doc['schemaVersion'] === OLDEST_SCHEMA_VERSION) {
    // A version 1 document has exactly the version 1 fields (items too); then it is migrated.
    const v1 = readObj(doc, '$', V1_KEYS);
    if (!v1.ok) return v1;
    if (Array.isArray(doc['inventory'])) {
      for (let i = 0; i < doc['inventory'].length; i++) {
        const e = doc['inventory'][i] as unknown;
        if (isObj(e) && 'notches' in e) return problem('bare-bones/unknown-field', `$.inventory[${i}] has no field "notches" in a version 1 document; remove it or make the document version ${CHARACTER_SCHEMA_VERSION}.`, `$.inventory[${i}].notches`);
      }
    }
    doc = migrateV1ToV2(doc);
  }
  const top = readObj(doc, '$', TOP_KEYS, PLAY_KEYS);
  if (!top.ok) return top;
  const d = top.value;
  if (d['ruleset'] !== 'bare-bones') return problem('bare-bones/wrong-ruleset', `$.ruleset must be "bare-bones" for this ruleset, got ${show(d['ruleset'])}.`, '$.ruleset');
  if (d['schemaVersion'] !== CHARACTER_SCHEMA_VERSION) return problem('bare-bones/schema-version', `$.schemaVersion must be ${OLDEST_SCHEMA_VERSION} or ${CHARACTER_SCHEMA_VERSION}; this document is from another version.`, '$.schemaVersion');
  const name = readText(d['name'], '$.name', MAX_NAME_LENGTH);
  if (!name.ok) return name;
  const stats = readAttributeRecord(d['stats'], '$.stats', readStat);
  if (!stats.ok) return stats;
  const raceId = readChoice(d['race'], '$.race', RACE_IDS);
  if (!raceId.ok) return raceId;
  const classId = readChoice(d['class'], '$.class', CLASS_IDS);
  if (!classId.ok) return classId;
  const level = readInt(d['level'], '$.level', MIN_LEVEL, MAX_LEVEL);
  if (!level.ok) return level;
  const xp = readInt(d['xp'], '$.xp', 0, MAX_XP);
  if (!xp.ok) return xp;
  if (xp.value < xpForLevel(level.value)) return problem('bare-bones/level-above-xp', `$.level ${level.value} needs ${xpForLevel(level.value)} XP but $.xp is ${xp.value}; raise the XP or lower the level.`, '$.level');
  const r = race(raceId.value);
  const cls = bareBonesClass(classId.value);
  const hitDie = readInt(d['hitDie'], '$.hitDie', 1, 20);
  if (!hitDie.ok) return hitDie;
  if (hitDie.value !== r.hitDie) return problem('bare-bones/hit-die', `$.hitDie must be ${r.hitDie} for a ${r.label.toLowerCase()}, got ${hitDie.value}.`, '$.hitDie');
  const blood = readTrack(d['blood'], '$.blood', r.hitDie, r.hitDie);
  if (!blood.ok) return blood;
  const sweat = readTrack(d['sweat'], '$.sweat', maxSweatFor(level.value, r.hitDie), null);
  if (!sweat.ok) return sweat;
  if (blood.value.current === 0 && sweat.value.current !== 0) return problem('bare-bones/sweat-at-zero-blood', 'At 0 Blood all Sweat is lost: set $.sweat.current to 0.', '$.sweat.current');
  const points = readObj(d['points'], '$.points', ['pool', 'current']);
  if (!points.ok) return points;
  if (points.value['pool'] !== cls.pool.id) return problem('bare-bones/wrong-pool', `$.points.pool must be "${cls.pool.id}" for a ${cls.label.toLowerCase()}.`, '$.points.pool');
  const pointsMax = level.value + (cls.bonusPointsFor === null ? 0 : MAX_POOL_ABOVE_LEVEL);
  const current = readInt(points.value['current'], '$.points.current', 0, pointsMax);
  if (!current.ok) return current;
  const skillsRaw = readArray(d['skills'], '$.skills', MAX_SKILLS);
  if (!skillsRaw.ok) return skillsRaw;
  const skills: CharacterSkill[] = [];
  for (let i = 0; i < skillsRaw.value.length; i++) {
    const p = `$.skills[${i}]`;
    const s = readObj(skillsRaw.value[i], p, ['id', 'label', 'bonus']);
    if (!s.ok) return s;
    const id = s.value['id'];
    if (typeof id !== 'string' || !KEBAB.test(id) || id.length > MAX_NAME_LENGTH) return problem('bare-bones/bad-id', `${p}.id must be kebab-case (like "lockpicking"), at most ${MAX_NAME_LENGTH} characters.`, `${p}.id`);
    if (skills.some((k) => k.id === id)) return problem('bare-bones/duplicate-skill', `${p}.id ${id} is listed twice; raise the bonus of one entry instead.`, `${p}.id`);
    const label = readText(s.value['label'], `${p}.label`, MAX_NAME_LENGTH);
    if (!label.ok) return label;
    const bonus = readInt(s.value['bonus'], `${p}.bonus`, SKILL_BONUS, cls.maxSkillBonus);
    if (!bonus.ok) return bonus;
    skills.push({ id, label: label.value, bonus: bonus.value });
  }
  const checks = readAttributeRecord(d['advancementChecks'], '$.advancementChecks', (v, p) => readInt(v, p, 0, MAX_ADVANCEMENT_CHECKS));
  if (!checks.ok) return checks;
  let house: HouseId | null = null;
  if (r.id === 'human') {
    const h = readChoice(d['house'], '$.house', HOUSES.map((x) => x.id));
    if (!h.ok) return h;
    house = h.value;
  } else if (d['house'] !== null) return problem('bare-bones/house-not-human', `Only humans swear to a great house: set $.house to null for a ${r.label.toLowerCase()}.`, '$.house');
  let sorcerer: SorcererMagic | null = null;
  if (cls.id === 'sorcerer') {
    const s = readSorcerer(d['sorcerer']);
    if (!s.ok) return s;
    sorcerer = s.value;
  } else if (d['sorcerer'] !== null) return problem('bare-bones/not-a-sorcerer', `Only sorcerers have $.sorcerer; set it to null for a ${cls.label.toLowerCase()}.`, '$.sorcerer');
  const foes = readTexts(d['favoredFoes'], '$.favoredFoes', MAX_LEVEL);
  if (!foes.ok) return foes;
  const maxFoes = cls.id === 'fighter' ? Math.max(0, level.value - 1) : 0;
  if (foes.value.length > maxFoes) {
    return problem('bare-bones/too-many-favored-foes', cls.id === 'fighter' ? `A level ${level.value} fighter names at most ${maxFoes} favoured foes (one per level from 2); remove some from $.favoredFoes.` : 'Only fighters name favoured foes: empty $.favoredFoes.', '$.favoredFoes');
  }
  const armourId = readChoice(d['armour'], '$.armour', ARMOUR_IDS);
  if (!armourId.ok) return armourId;
  const hasShield = readBool(d['hasShield'], '$.hasShield');
  if (!hasShield.ok) return hasShield;
  const maxNotches = armour(armourId.value).armourClass + (hasShield.value ? SHIELD.armourClassBonus : 0) - MIN_NOTCHED_ARMOUR_CLASS;
  const notches = readInt(d['armourNotches'], '$.armourNotches', 0, maxNotches);
  if (!notches.ok) return notches;
  const inventory = readInventory(d['inventory']);
  if (!inventory.ok) return inventory;
  const coins = readInt(d['coins'], '$.coins', 0, MAX_COINS);
  if (!coins.ok) return coins;
  const arrows = readInt(d['arrows'], '$.arrows', 0, MAX_ARROWS);
  if (!arrows.ok) return arrows;
  const loose = readInt(d['arrowsToRecover'], '$.arrowsToRecover', 0, MAX_ARROWS);
  if (!loose.ok) return loose;
  const roundsLeft = d['roundsLeft'] === null ? ok(null) : readInt(d['roundsLeft'], '$.roundsLeft', 1, r.hitDie);
  if (!roundsLeft.ok) return roundsLeft;
  if (roundsLeft.value !== null && blood.value.current > 0) return problem('bare-bones/dying-with-blood', `Only a character at 0 Blood is dying: set $.roundsLeft to null (healing stands them up), or $.blood.current to 0.`, '$.roundsLeft');
  const isDead = readBool(d['isDead'], '$.isDead');
  if (!isDead.ok) return isDead;
  if (isDead.value && (blood.value.current > 0 || roundsLeft.value !== null)) return problem('bare-bones/dead-with-blood', 'The dead are at 0 Blood and count no rounds: set $.blood.current to 0 and $.roundsLeft to null, or $.isDead to false.', '$.isDead');
  const rested = readBool(d['hasShortRestedToday'], '$.hasShortRestedToday');
  if (!rested.ok) return rested;
  const play = readPlayFields(d);
  if (!play.ok) return play;
  const creation = readCreation(d['creation']);
  if (!creation.ok) return creation;
  return ok({
    ruleset: 'bare-bones',
    schemaVersion: CHARACTER_SCHEMA_VERSION,
    name: name.value,
    stats: stats.value,
    race: raceId.value,
    class: classId.value,
    level: level.value,
    xp: xp.value,
    hitDie: hitDie.value,
    blood: blood.value,
    sweat: sweat.value,
    points: { pool: cls.pool.id, current: current.value },
    skills,
    advancementChecks: checks.value,
    house,
    sorcerer,
    favoredFoes: foes.value,
    armour: armourId.value,
    hasShield: hasShield.value,
    armourNotches: notches.value,
    inventory: inventory.value,
    coins: coins.value,
    arrows: arrows.value,
    arrowsToRecover: loose.value,
    roundsLeft: roundsLeft.value,
    isDead: isDead.value,
    hasShortRestedToday: rested.value,
    conditions: play.value.conditions,
    notes: play.value.notes,
    creation: creation.value,
    history: play.value.history,
  });
}


function readNullableText(v: unknown, path: string): R<string | null> {
  return v === null ? ok(null) : readText(v, path, MAX_NAME_LENGTH);
}

function readSorcerer(v: unknown): R<SorcererMagic> {
  const o = readObj(v, '$.sorcerer', ['tradition', 'school', 'forbiddenSchool', 'spells', 'spellsToRoll']);
  if (!o.ok) return o;
  const tradition = readChoice(o.value['tradition'], '$.sorcerer.tradition', SORCERER_TRADITIONS.map((t) => t.id));
  if (!tradition.ok) return tradition;
  const school = readNullableText(o.value['school'], '$.sorcerer.school');
  if (!school.ok) return school;
  const forbidden = readNullableText(o.value['forbiddenSchool'], '$.sorcerer.forbiddenSchool');
  if (!forbidden.ok) return forbidden;
  if (tradition.value === 'generalist' && (school.value !== null || forbidden.value !== null)) {
    return problem('bare-bones/generalist-school', 'A generalist has no school: set $.sorcerer.school and forbiddenSchool to null, or make the tradition "school".', school.value !== null ? '$.sorcerer.school' : '$.sorcerer.forbiddenSchool');
  }
  if (school.value !== null && forbidden.value !== null && school.value === forbidden.value) {
    return problem('bare-bones/school-forbidden', 'The school specialised in cannot also be the one never learnt: change $.sorcerer.forbiddenSchool.', '$.sorcerer.forbiddenSchool');
  }
  const spells = readTexts(o.value['spells'], '$.sorcerer.spells', MAX_SPELLS);
  if (!spells.ok) return spells;
  const toRoll = readInt(o.value['spellsToRoll'], '$.sorcerer.spellsToRoll', 0, STARTING_SPELLS);
  if (!toRoll.ok) return toRoll;
  return ok({ tradition: tradition.value, school: school.value, forbiddenSchool: forbidden.value, spells: spells.value, spellsToRoll: toRoll.value });
}

function readInventory(v: unknown): R<InventoryEntry[]> {
  const a = readArray(v, '$.inventory', MAX_INVENTORY_ITEMS);
  if (!a.ok) return a;
  const out: InventoryEntry[] = [];
  for (let i = 0; i < a.value.length; i++) {
    const p = `$.inventory[${i}]`;
    const o = readObj(a.value[i], p, ITEM_KEYS);
    if (!o.ok) return o;
    const id = o.value['id'];
    if (typeof id !== 'string' || !KEBAB.test(id) || id.length > MAX_NAME_LENGTH) return problem('bare-bones/bad-id', `${p}.id must be kebab-case (like "torch"), at most ${MAX_NAME_LENGTH} characters.`, `${p}.id`);
    const label = readText(o.value['label'], `${p}.label`, MAX_NAME_LENGTH);
    if (!label.ok) return label;
    const slots = readInt(o.value['slots'], `${p}.slots`, 0, MAX_ITEM_SLOTS);
    if (!slots.ok) return slots;
    const die = o.value['usageDie'];
    if (die !== null && (typeof die !== 'number' || !(BARE_BONES_CHAIN.sides as readonly number[]).includes(die))) {
      return problem('bare-bones/not-a-usage-die', `${p}.usageDie must be null or one of ${BARE_BONES_CHAIN.sides.join(', ')}.`, `${p}.usageDie`);
    }
    const notches = readInt(o.value['notches'], `${p}.notches`, 0, MAX_NOTCHES);
    if (!notches.ok) return notches;
    out.push({ id, label: label.value, slots: slots.value, usageDie: die as number | null, notches: notches.value });
  }
  return ok(out);
}

function readCreation(v: unknown): R<BareBonesCharacter['creation']> {
  const o = readObj(v, '$.creation', ['seed', 'log']);
  if (!o.ok) return o;
  let seed: number | null = null;
  if (o.value['seed'] !== null) {
    const s = readInt(o.value['seed'], '$.creation.seed', 0, MAX_SEED);
    if (!s.ok) return s;
    seed = s.value;
  }
  const a = readArray(o.value['log'], '$.creation.log', MAX_LOG_ENTRIES);
  if (!a.ok) return a;
  const log: CreationLogEntry[] = [];
  for (let i = 0; i < a.value.length; i++) {
    const p = `$.creation.log[${i}]`;
    const e = readObj(a.value[i], p, ['step', 'text', 'faces']);
    if (!e.ok) return e;
    const step = readText(e.value['step'], `${p}.step`, MAX_NAME_LENGTH);
    if (!step.ok) return step;
    const text = readText(e.value['text'], `${p}.text`, MAX_LOG_TEXT_LENGTH);
    if (!text.ok) return text;
    const faces = readArray(e.value['faces'], `${p}.faces`, MAX_LOG_FACES);
    if (!faces.ok) return faces;
    const fs: number[] = [];
    for (let j = 0; j < faces.value.length; j++) {
      const f = readInt(faces.value[j], `${p}.faces[${j}]`, 1, MAX_DIE_FACE);
      if (!f.ok) return f;
      fs.push(f.value);
    }
    log.push({ step: step.value, text: text.value, faces: fs });
  }
  return ok({ seed, log });
}

/** The skill bonus limit, for callers checking training (Highly Skilled). */
export const SKILL_BONUS_LIMITS = { min: SKILL_BONUS, max: MAX_SKILL_BONUS } as const;
