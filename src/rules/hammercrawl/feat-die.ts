/**
 * The Feat Die: a die by character level, rolled alongside a check declared as a Feat and added to it
 * as a bonus. Rules: HAMMERCRAWL! v4, (NEW) THE FEAT DIE.
 */
import { CheckError, requireWholeNumber, type ModifierOrigin } from './check-modifiers.js';

/** Which column of the Feat Die table: `weak` only where the rules say so (lesser spellcasting talents). */
export type FeatDieColumn = 'normal' | 'weak';

/** One row of the Feat Die table: the level and the die (side count) of each column. */
export interface FeatDieRow {
  readonly id: string;
  readonly label: string;
  readonly level: number;
  readonly normal: number;
  readonly weak: number;
  readonly ref: string;
}

const FEAT_REF = 'HAMMERCRAWL! v4, (NEW) THE FEAT DIE (table)';

/** Lowest character level (CORE CONCEITS: "There are 10 total character levels"). */
export const MIN_CHARACTER_LEVEL = 1;
/** Highest character level. */
export const MAX_CHARACTER_LEVEL = 10;

/**
 * The Feat Die table, both columns, levels 1-10 (level 10's "d10" is written lower-case in the text:
 * the same die).
 * @example FEAT_DIE_TABLE[4] // { id: 'level-5', level: 5, normal: 6, weak: 5, ... }
 */
export const FEAT_DIE_TABLE = [
  { id: 'level-1', label: 'Level 1', level: 1, normal: 3, weak: 3, ref: FEAT_REF },
  { id: 'level-2', label: 'Level 2', level: 2, normal: 4, weak: 3, ref: FEAT_REF },
  { id: 'level-3', label: 'Level 3', level: 3, normal: 4, weak: 4, ref: FEAT_REF },
  { id: 'level-4', label: 'Level 4', level: 4, normal: 5, weak: 4, ref: FEAT_REF },
  { id: 'level-5', label: 'Level 5', level: 5, normal: 6, weak: 5, ref: FEAT_REF },
  { id: 'level-6', label: 'Level 6', level: 6, normal: 6, weak: 5, ref: FEAT_REF },
  { id: 'level-7', label: 'Level 7', level: 7, normal: 7, weak: 6, ref: FEAT_REF },
  { id: 'level-8', label: 'Level 8', level: 8, normal: 8, weak: 6, ref: FEAT_REF },
  { id: 'level-9', label: 'Level 9', level: 9, normal: 8, weak: 7, ref: FEAT_REF },
  { id: 'level-10', label: 'Level 10', level: 10, normal: 10, weak: 7, ref: FEAT_REF },
] as const satisfies readonly FeatDieRow[];

/**
 * The Feat Die (its side count) at a level, from the normal or the weak column. A level outside 1-10 is
 * `feat-die/level-out-of-range`.
 * @example featDie(5) // 6 (a d6)
 * @example featDie(5, 'weak') // 5 (a d5)
 */
export function featDie(level: number, column: FeatDieColumn = 'normal'): number {
  requireWholeNumber(level, 'a character level');
  const row = FEAT_DIE_TABLE[level - 1];
  if (!row) {
    throw new CheckError(
      'feat-die/level-out-of-range',
      `the Feat Die table runs from level ${MIN_CHARACTER_LEVEL} to ${MAX_CHARACTER_LEVEL}, got level ${level}`,
    );
  }
  return column === 'weak' ? row.weak : row.normal;
}

/**
 * A Feat Die declared on a check: the die rolled alongside the check die and added as a bonus
 * (THE FEAT DIE), and where it came from.
 * @example { sides: 4, origin: { kind: 'feat', id: 'feat-die', label: 'Feat Die (level 2)' } }
 */
export interface FeatDieBonus {
  readonly sides: number;
  readonly origin: ModifierOrigin;
}

/**
 * The Feat Die of a level as a bonus for a check declared as a Feat (THE FEAT DIE).
 * @example featDieBonus(2) // { sides: 4, origin: { kind: 'feat', id: 'feat-die', label: 'Feat Die (level 2)' } }
 */
export function featDieBonus(level: number, column: FeatDieColumn = 'normal', origin?: ModifierOrigin): FeatDieBonus {
  const sides = featDie(level, column);
  return {
    sides,
    origin: origin ?? {
      kind: 'feat',
      id: 'feat-die',
      label: `Feat Die (level ${level}${column === 'weak' ? ', weak' : ''})`,
    },
  };
}
