/**
 * The So Long as Men Die character document: plain versioned JSON with `stats` keyed by stat id,
 * each `{ score, mod }`, the Smith's class, traits, Toughness, the Wounds left before death, injuries,
 * inventory, hacksilver and XP, the player's notes, conditions and history, and how it was rolled.
 * `readCharacter` validates an imported document (schema 2, or schema 1 migrated to 2) and names the
 * JSON path of every problem.
 * Rules: So Long as Men Die, Character Creation; Stats; Traits; Toughness; Injury; Mutilation;
 * Inventory; Armor (Hacksilver). Rulings SL-24, SL-29, SL-30.
 */
import { NO_PLAY, readPlayFields, type PlayFields } from '../character-play.js';
import { ok, problem, type CharacterHistoryEntry, type RuleProblem, type RuleResult, type RulesetCharacter } from '../rule-system.js';
import { ATTRIBUTE_IDS, MAX_ROLLED_SCORE, MAX_SCORE, MIN_ROLLED_SCORE, MIN_SCORE, SLAMD_ID, STAT_DICE, statModifier, type AttributeId } from './attributes.js';
import { MUTILATIONS } from './data/mutilations.js';
import { TRAITS, TRAIT_DIE } from './data/traits.js';
import type { SlotSize } from './data/slots.js';
import { MAX_TOUGHNESS_DICE, type ToughnessPool } from './toughness.js';

/** The schema version this code writes; it reads this one and version 1 (migrated by `migrateCharacterV1`). */
export const CHARACTER_SCHEMA_VERSION = 2;

/** Most hacksilver a document holds (an input limit; the text sets no prices: ruling SL-30). */
export const MAX_HACKSILVER = 10_000_000;

/** Most XP a document holds (an input limit; the text has no advancement: ruling SL-29). */
export const MAX_XP = 10_000_000;

/** Longest character name (a name also needs a non-space character). */
export const MAX_NAME_LENGTH = 60;

/** Longest label of a Smith's class. */
export const MAX_CLASS_LABEL_LENGTH = 40;

/** Longest free text (class notes, injury notes, item labels). */
export const MAX_NOTE_LENGTH = 500;

/** Most extra Toughness Dice a Smith's class may grant at creation. */
export const MAX_CLASS_TOUGHNESS_DICE = 4;

/** Most entries in an inventory or injury list (an input limit). */
export const MAX_LIST_ENTRIES = 200;

/** Most of one item in one inventory entry (an input limit). */
export const MAX_ITEM_COUNT = 999;

/** Largest denominator of a partial slot size (the sling's 1/32 stones). */
export const MAX_SLOT_DENOMINATOR = 32;

/** Largest numerator of a slot size, in slots (an input limit). */
export const MAX_ITEM_SLOTS = 20;

/** One stat in the document: the Score and its Modifier (Character Creation). */
export interface SlamdStat {
  readonly score: number;
  readonly mod: number;
}

/**
 * A class as the Smith writes it: the text names classes without listing any (ruling SL-2).
 * @example { id: 'sellsword', label: 'Sellsword', extraToughnessDice: 1, notes: 'Paid in advance.' }
 */
export interface SmithClass {
  readonly id: string;
  readonly label: string;
  /** Toughness Dice the class adds to the one every character has. */
  readonly extraToughnessDice: number;
  readonly notes: string;
}

/** Where a Maimed or Severed wound struck (Mutilation). */
export type InjuryLocation = 'head' | 'arm' | 'leg';

/** The locations a mutilation's d6 may give. */
export const INJURY_LOCATIONS = ['head', 'arm', 'leg'] as const satisfies readonly InjuryLocation[];

/** Rounds or days left before a Bleeding Out, Gut Wound or Doomed character dies (Mutilation). */
export interface InjuryCountdown {
  readonly value: number;
  readonly unit: 'rounds' | 'days';
}

/** Longest countdown a mutilation rolls (a d6 of days). */
export const MAX_COUNTDOWN = 6;

/**
 * A lasting mutilation or wound on the sheet (Mutilation). From schema 2 the location of a Maimed or
 * Severed wound and the countdown of a deadly one are kept as data too (absent when unknown).
 */
export interface CharacterInjury {
  readonly mutilationId: string;
  readonly note: string;
  readonly location?: InjuryLocation;
  readonly countdown?: InjuryCountdown;
}

/** Where a carried item sits (Inventory, Encumbrance). */
export type CarryMode = 'stowed' | 'readied';

/** The carry modes. */
export const CARRY_MODES = ['stowed', 'readied'] as const satisfies readonly CarryMode[];

/** What list an inventory item comes from; `gear` is anything else, sized by the Smith. */
export type ItemKind = 'weapon' | 'armour' | 'shield' | 'gear';

/** The item kinds. */
export const ITEM_KINDS = ['weapon', 'armour', 'shield', 'gear'] as const satisfies readonly ItemKind[];

/**
 * One inventory entry: an item, how many, where it is carried, and which hands hold it (Inventory).
 * @example { kind: 'weapon', itemId: 'dagger', label: 'Dagger', slots: { numerator: 1, denominator: 3 }, count: 3, carry: 'readied', hands: [] }
 */
export interface InventoryEntry {
  readonly kind: ItemKind;
  readonly itemId: string;
  readonly label: string;
  /** Size of one item. */
  readonly slots: SlotSize;
  readonly count: number;
  readonly carry: CarryMode;
  /** Hands (0-based) holding one of these items; empty when none is held. */
  readonly hands: readonly number[];
}

/** Whether the character is up, out, or gone (Injury; Mutilation). */
export type CharacterCondition = 'standing' | 'unconscious' | 'dead';

/** The conditions, best first. */
export const CONDITIONS = ['standing', 'unconscious', 'dead'] as const satisfies readonly CharacterCondition[];

/** How the character was made: the dice as thrown, the swap and the trait method (Character Creation). */
export interface CharacterCreation {
  /** The three d6 of each stat, down the line, before the swap. */
  readonly statDice: { readonly [K in AttributeId]: readonly number[] };
  /** The pair swapped, or null when none was. */
  readonly swap: readonly [AttributeId, AttributeId] | null;
  readonly traitMethod: 'picked' | 'rolled';
  /** The trait dice thrown (d45, then d44, d43 over the traits left; ruling SL-4). */
  readonly traitRolls: readonly number[];
}

/** A So Long as Men Die character document (schema 2). */
export interface SlamdCharacter extends RulesetCharacter {
  readonly ruleset: typeof SLAMD_ID;
  readonly schemaVersion: typeof CHARACTER_SCHEMA_VERSION;
  readonly name: string;
  readonly stats: { readonly [K in AttributeId]: SlamdStat };
  readonly class: SmithClass | null;
  readonly traits: readonly string[];
  readonly toughness: ToughnessPool;
  /** Wounds the character can still take: the CON Score when unhurt; the Wound that takes it to 0 kills (Stats, Constitution; ruling SL-24). */
  readonly woundsLeft: number;
  readonly condition: CharacterCondition;
  readonly injuries: readonly CharacterInjury[];
  readonly inventory: readonly InventoryEntry[];
  /** Hacksilver carried (Armor: the only money the text names; ruling SL-30). */
  readonly hacksilver: number;
  /** The Smith's tally of experience (the text has no advancement; ruling SL-29). */
  readonly xp: number;
  readonly notes: string;
  readonly conditions: readonly string[];
  readonly history: readonly CharacterHistoryEntry[];
  readonly creation: CharacterCreation;
}

/** A document of schema 1, before play: no Wounds, hacksilver, XP, notes, conditions or history. */
export type SlamdCharacterV1 = Omit<SlamdCharacter, 'schemaVersion' | 'woundsLeft' | 'hacksilver' | 'xp' | keyof PlayFields> & { readonly schemaVersion: 1 };

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const V1_KEYS = ['ruleset', 'schemaVersion', 'name', 'stats', 'class', 'traits', 'toughness', 'condition', 'injuries', 'inventory', 'creation'] as const;
const V2_KEYS = [...V1_KEYS, 'woundsLeft', 'hacksilver', 'xp'] as const;
/** Schema 2 fields a document may leave out (read by `readPlayFields`: empty when absent). */
const V2_OPTIONAL_KEYS = ['notes', 'conditions', 'history'] as const;

type Obj = Record<string, unknown>;
class Bad {
  constructor(readonly problem: RuleProblem) {}
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const fail = (code: string, message: string, path: string): never => {
  throw new Bad({ code: `so-long-as-men-die/${code}`, message, path });
};

function obj(v: unknown, path: string, keys: readonly string[], optionalKeys: readonly string[] = []): Obj {
  if (!isObj(v)) return fail('not-an-object', `Expected an object at ${path}.`, path);
  for (const k of Object.keys(v)) if (!keys.includes(k) && !optionalKeys.includes(k)) fail('unknown-field', `Unknown field ${k}; expected ${[...keys, ...optionalKeys].join(', ')}.`, `${path}.${k}`);
  for (const k of keys) if (!(k in v)) fail('missing-field', `Missing field ${k}.`, `${path}.${k}`);
  return v;
}

function int(v: unknown, path: string, min: number, max: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v)) return fail('not-integer', `Expected a whole number at ${path}.`, path);
  if (v < min || v > max) fail('out-of-range', `${path} must be from ${min} to ${max}, got ${v}.`, path);
  return v;
}

function text(v: unknown, path: string, maxLength: number, nonBlank: boolean): string {
  if (typeof v !== 'string') return fail('not-text', `Expected text at ${path}.`, path);
  if (v.length > maxLength) fail('too-long', `${path} must be at most ${maxLength} characters, got ${v.length}.`, path);
  if (nonBlank && v.trim() === '') fail('blank', `${path} needs at least one non-space character.`, path);
  return v;
}

function arr(v: unknown, path: string, maxLength: number): readonly unknown[] {
  if (!Array.isArray(v)) return fail('not-a-list', `Expected a list at ${path}.`, path);
  if (v.length > maxLength) fail('too-many', `${path} holds at most ${maxLength} entries, got ${v.length}.`, path);
  return v;
}

function oneOf<T extends string>(v: unknown, path: string, choices: readonly T[]): T {
  if (typeof v !== 'string' || !(choices as readonly string[]).includes(v)) return fail('unknown-choice', `${path} must be one of ${choices.join(', ')}.`, path);
  return v as T;
}

function readStat(v: unknown, path: string): SlamdStat {
  const o = obj(v, path, ['score', 'mod']);
  const score = int(o.score, `${path}.score`, MIN_SCORE, MAX_SCORE);
  const mod = int(o.mod, `${path}.mod`, statModifier(MIN_SCORE), statModifier(MAX_SCORE));
  if (mod !== statModifier(score)) fail('mod-mismatch', `A Score of ${score} has Modifier ${statModifier(score)} (half the Score minus five, rounded down), not ${mod}.`, `${path}.mod`);
  return { score, mod };
}

function readClass(v: unknown, path: string): SmithClass | null {
  if (v === null) return null;
  const o = obj(v, path, ['id', 'label', 'extraToughnessDice', 'notes']);
  const id = text(o.id, `${path}.id`, MAX_CLASS_LABEL_LENGTH, true);
  if (!KEBAB.test(id)) fail('bad-id', `A class id is kebab-case (sellsword), got ${id}.`, `${path}.id`);
  return {
    id,
    label: text(o.label, `${path}.label`, MAX_CLASS_LABEL_LENGTH, true),
    extraToughnessDice: int(o.extraToughnessDice, `${path}.extraToughnessDice`, 0, MAX_CLASS_TOUGHNESS_DICE),
    notes: text(o.notes, `${path}.notes`, MAX_NOTE_LENGTH, false),
  };
}

function readTraits(v: unknown, path: string): string[] {
  const ids = TRAITS.map((x) => x.id);
  const out: string[] = [];
  arr(v, path, TRAITS.length).forEach((x, i) => {
    const id = oneOf(x, `${path}[${i}]`, ids);
    if (out.includes(id)) fail('duplicate-trait', `Trait ${id} is listed twice.`, `${path}[${i}]`);
    out.push(id);
  });
  return out;
}

function readSlots(v: unknown, path: string): SlotSize {
  const o = obj(v, path, ['numerator', 'denominator']);
  const denominator = int(o.denominator, `${path}.denominator`, 1, MAX_SLOT_DENOMINATOR);
  const numerator = int(o.numerator, `${path}.numerator`, 0, MAX_ITEM_SLOTS * denominator);
  return { numerator, denominator };
}

function readEntry(v: unknown, path: string): InventoryEntry {
  const o = obj(v, path, ['kind', 'itemId', 'label', 'slots', 'count', 'carry', 'hands']);
  const itemId = text(o.itemId, `${path}.itemId`, MAX_CLASS_LABEL_LENGTH, true);
  if (!KEBAB.test(itemId)) fail('bad-id', `An item id is kebab-case, got ${itemId}.`, `${path}.itemId`);
  const hands: number[] = [];
  arr(o.hands, `${path}.hands`, 4).forEach((h, i) => {
    const hand = int(h, `${path}.hands[${i}]`, 0, 3);
    if (hands.includes(hand)) fail('duplicate-hand', `Hand ${hand} is listed twice.`, `${path}.hands[${i}]`);
    hands.push(hand);
  });
  return {
    kind: oneOf(o.kind, `${path}.kind`, ITEM_KINDS),
    itemId,
    label: text(o.label, `${path}.label`, MAX_NOTE_LENGTH, true),
    slots: readSlots(o.slots, `${path}.slots`),
    count: int(o.count, `${path}.count`, 1, MAX_ITEM_COUNT),
    carry: oneOf(o.carry, `${path}.carry`, CARRY_MODES),
    hands,
  };
}

function readCreation(v: unknown, path: string): CharacterCreation {
  const o = obj(v, path, ['statDice', 'swap', 'traitMethod', 'traitRolls']);
  const dice = obj(o.statDice, `${path}.statDice`, ATTRIBUTE_IDS);
  const statDice = {} as Record<AttributeId, readonly number[]>;
  for (const id of ATTRIBUTE_IDS) {
    const faces = arr(dice[id], `${path}.statDice.${id}`, STAT_DICE.count);
    if (faces.length !== STAT_DICE.count) fail('wrong-count', `Each stat is ${STAT_DICE.count}d${STAT_DICE.sides}: give ${STAT_DICE.count} faces.`, `${path}.statDice.${id}`);
    statDice[id] = faces.map((f, i) => int(f, `${path}.statDice.${id}[${i}]`, 1, STAT_DICE.sides));
  }
  let swap: readonly [AttributeId, AttributeId] | null = null;
  if (o.swap !== null) {
    const pair = arr(o.swap, `${path}.swap`, 2);
    if (pair.length !== 2) fail('wrong-count', 'A swap names two stats.', `${path}.swap`);
    const a = oneOf(pair[0], `${path}.swap[0]`, ATTRIBUTE_IDS);
    const b = oneOf(pair[1], `${path}.swap[1]`, ATTRIBUTE_IDS);
    if (a === b) fail('swap-same-stat', 'A swap names two different stats.', `${path}.swap[1]`);
    swap = [a, b];
  }
  const traitMethod = oneOf(o.traitMethod, `${path}.traitMethod`, ['picked', 'rolled'] as const);
  const traitRolls = arr(o.traitRolls, `${path}.traitRolls`, TRAIT_DIE).map((f, i) => int(f, `${path}.traitRolls[${i}]`, 1, TRAIT_DIE - i));
  return { statDice, swap, traitMethod, traitRolls };
}

function readInjury(v: unknown, path: string, version: number): CharacterInjury {
  const e = version === 1 ? obj(v, path, ['mutilationId', 'note']) : obj(v, path, ['mutilationId', 'note'], ['location', 'countdown']);
  const mutilationId = oneOf(e.mutilationId, `${path}.mutilationId`, MUTILATIONS.map((m) => m.id));
  const note = text(e.note, `${path}.note`, MAX_NOTE_LENGTH, false);
  const location = e.location === undefined ? undefined : oneOf(e.location, `${path}.location`, INJURY_LOCATIONS);
  let countdown: InjuryCountdown | undefined;
  if (e.countdown !== undefined) {
    const c = obj(e.countdown, `${path}.countdown`, ['value', 'unit']);
    countdown = { value: int(c.value, `${path}.countdown.value`, 0, MAX_COUNTDOWN), unit: oneOf(c.unit, `${path}.countdown.unit`, ['rounds', 'days'] as const) };
  }
  return { mutilationId, note, ...(location === undefined ? {} : { location }), ...(countdown === undefined ? {} : { countdown }) };
}

function readDocument(json: unknown): SlamdCharacter {
  if (!isObj(json)) return fail('not-an-object', 'Expected an object at $.', '$');
  if (json.ruleset !== SLAMD_ID) fail('wrong-ruleset', `This reader takes ${SLAMD_ID} characters, got ${JSON.stringify(json.ruleset) ?? 'nothing'}.`, '$.ruleset');
  if (!('schemaVersion' in json)) fail('missing-field', 'Missing field schemaVersion.', '$.schemaVersion');
  const version = int(json.schemaVersion, '$.schemaVersion', 1, Number.MAX_SAFE_INTEGER);
  if (version > CHARACTER_SCHEMA_VERSION) fail('unsupported-version', `Schema version ${version} is newer than this reader (${CHARACTER_SCHEMA_VERSION}); update hammercrawl.`, '$.schemaVersion');
  const o = version === 1 ? obj(json, '$', V1_KEYS) : obj(json, '$', V2_KEYS, V2_OPTIONAL_KEYS);
  const name = text(o.name, '$.name', MAX_NAME_LENGTH, true);
  const statsObj = obj(o.stats, '$.stats', ATTRIBUTE_IDS);
  const stats = {} as Record<AttributeId, SlamdStat>;
  for (const id of ATTRIBUTE_IDS) stats[id] = readStat(statsObj[id], `$.stats.${id}`);
  const cls = readClass(o.class, '$.class');
  const traits = readTraits(o.traits, '$.traits');
  const t = obj(o.toughness, '$.toughness', ['dice', 'exhausted']);
  const diceCount = int(t.dice, '$.toughness.dice', 1, MAX_TOUGHNESS_DICE);
  const toughness = { dice: diceCount, exhausted: int(t.exhausted, '$.toughness.exhausted', 0, diceCount) };
  const condition = oneOf(o.condition, '$.condition', CONDITIONS);
  const injuries = arr(o.injuries, '$.injuries', MAX_LIST_ENTRIES).map((x, i) => readInjury(x, `$.injuries[${i}]`, version));
  const inventory = arr(o.inventory, '$.inventory', MAX_LIST_ENTRIES).map((x, i) => readEntry(x, `$.inventory[${i}]`));
  const creation = readCreation(o.creation, '$.creation');
  const v1: SlamdCharacterV1 = { ruleset: SLAMD_ID, schemaVersion: 1, name, stats, class: cls, traits, toughness, condition, injuries, inventory, creation };
  if (version === 1) return migrateCharacterV1(v1);
  const con = stats.con.score;
  const woundsLeft = int(o.woundsLeft, '$.woundsLeft', 0, MAX_SCORE);
  if (woundsLeft > con) fail('wounds-over-con', `Wounds left cannot be more than the CON Score (${con}), got ${woundsLeft}.`, '$.woundsLeft');
  const hacksilver = int(o.hacksilver, '$.hacksilver', 0, MAX_HACKSILVER);
  const xp = int(o.xp, '$.xp', 0, MAX_XP);
  const play = readPlayFields(o);
  if (!play.ok) throw new Bad(play.error);
  return withV2Fields(v1, { woundsLeft, hacksilver, xp, ...play.value });
}

/** A schema 2 document from the schema 1 fields and the new ones, keys in the order written. */
function withV2Fields(v1: SlamdCharacterV1, added: Pick<SlamdCharacter, 'woundsLeft' | 'hacksilver' | 'xp' | keyof PlayFields>): SlamdCharacter {
  return {
    ruleset: SLAMD_ID, schemaVersion: CHARACTER_SCHEMA_VERSION, name: v1.name, stats: v1.stats, class: v1.class, traits: v1.traits,
    toughness: v1.toughness, woundsLeft: added.woundsLeft, condition: v1.condition, injuries: v1.injuries, inventory: v1.inventory,
    hacksilver: added.hacksilver, xp: added.xp, notes: added.notes, conditions: added.conditions, history: added.history, creation: v1.creation,
  };
}

/**
 * Migration 1 -> 2: a document from before play gets every Wound its CON Score allows (Wounds were
 * not kept; ruling SL-24), no hacksilver, no XP, and empty notes, conditions and history. Pure.
 * @example migrateCharacterV1(v1).woundsLeft // v1.stats.con.score
 */
export function migrateCharacterV1(v1: SlamdCharacterV1): SlamdCharacter {
  return withV2Fields(v1, { woundsLeft: v1.stats.con.score, hacksilver: 0, xp: 0, ...NO_PLAY });
}

/** The fields a new character starts play with: every Wound, no money, no XP, nothing noted. */
export function freshPlayFields(conScore: number): Pick<SlamdCharacter, 'woundsLeft' | 'hacksilver' | 'xp' | keyof PlayFields> {
  return { woundsLeft: conScore, hacksilver: 0, xp: 0, ...NO_PLAY };
}

/**
 * Reads an imported character document; the first problem found comes back with its JSON path
 * (`$.stats.str.mod`). Never throws on bad input.
 */
export function readCharacter(json: unknown): RuleResult<SlamdCharacter> {
  try {
    return ok(readDocument(json));
  } catch (e) {
    if (e instanceof Bad) return { ok: false, error: e.problem };
    throw e;
  }
}

/** The stat block for a Score (Character Creation). */
export function statOf(score: number): SlamdStat {
  return { score, mod: statModifier(score) };
}

/** Scores of 3d6 stay 3 to 18 (Character Creation); exported for tests and forms. */
export const ROLLED_SCORE_RANGE = { min: MIN_ROLLED_SCORE, max: MAX_ROLLED_SCORE } as const;

/** A problem on a character (for functions that take one). */
export function characterProblem<T>(code: string, message: string, path?: string): RuleResult<T> {
  return problem(`so-long-as-men-die/${code}`, message, path);
}
