/**
 * The six stats of So Long as Men Die: what each governs, and the Modifier read from the Score.
 * Rules: So Long as Men Die, Character Creation; Stats. Rulings: docs/rulings.md.
 */
import type { AttributeDef } from '../rule-system.js';

/** The id of the ruleset (`ruleset` in every document). */
export const SLAMD_ID = 'so-long-as-men-die' as const;

/** Rules reference prefix for every `ref` of this module. */
export const SLAMD_REF = 'So Long as Men Die';

/** Stat ids in the text's order (Stats). */
export type AttributeId = 'str' | 'dex' | 'con' | 'int' | 'wis' | 'cha';

/** Stat ids, STR first (Stats). */
export const ATTRIBUTE_IDS = ['str', 'dex', 'con', 'int', 'wis', 'cha'] as const satisfies readonly AttributeId[];

/** A stat with what the text says it governs (Stats). */
export interface SlamdAttribute extends AttributeDef {
  readonly id: AttributeId;
  /** What the Score and the Modifier are used for, in short. */
  readonly governs: string;
}

const STATS_REF = `${SLAMD_REF}, Stats`;

/**
 * The six stats (Stats).
 * @example ATTRIBUTES[0] // { id: 'str', label: 'Strength', ... }
 */
export const ATTRIBUTES = [
  { id: 'str', label: 'Strength', ref: STATS_REF, governs: 'Mod on melee attacks; Score is the number of Stowed slots.' },
  { id: 'dex', label: 'Dexterity', ref: STATS_REF, governs: 'Mod on ranged attacks; half the Score (down) is the number of Readied slots.' },
  { id: 'con', label: 'Constitution', ref: STATS_REF, governs: 'Score is the target of death saves and of the save when injured.' },
  { id: 'int', label: 'Intelligence', ref: STATS_REF, governs: 'Mod on initiative (a leader\'s) and on magic attacks.' },
  { id: 'wis', label: 'Wisdom', ref: STATS_REF, governs: 'Score stands for mental health (no table given).' },
  { id: 'cha', label: 'Charisma', ref: STATS_REF, governs: 'Mod on reaction rolls; Score sets followers\' morale (no table given).' },
] as const satisfies readonly SlamdAttribute[];

/** Dice rolled for each stat: 3d6 down the line (Character Creation). */
export const STAT_DICE = { count: 3, sides: 6 } as const;

/** Lowest Score 3d6 can give (Character Creation). */
export const MIN_ROLLED_SCORE = 3;

/** Highest Score 3d6 can give (Character Creation). */
export const MAX_ROLLED_SCORE = 18;

/** Lowest Score a document may hold (a Score can fall, e.g. Scarred costs a point of CHA; ruling SL-6). */
export const MIN_SCORE = 0;

/** Highest Score a document may hold (18 rolled plus Jack's +2; ruling SL-6). */
export const MAX_SCORE = 20;

/**
 * The Modifier of a Score: half the Score minus five, rounded down (Character Creation; ruling SL-1).
 * @example statModifier(3) // -4; statModifier(10) // 0; statModifier(18) // 4
 */
export function statModifier(score: number): number {
  if (!Number.isInteger(score)) throw new RangeError(`a Score is a whole number, got ${score}`);
  return Math.floor(score / 2) - 5;
}

/** True when `id` is one of the six stat ids. */
export function isAttributeId(id: unknown): id is AttributeId {
  return typeof id === 'string' && (ATTRIBUTE_IDS as readonly string[]).includes(id);
}
