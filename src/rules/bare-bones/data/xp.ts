/**
 * The XP table and the XP that quests give. Rules: The Bare Bones, From Peasant to King.
 */
import { REF_XP } from '../refs.js';

/** A row of the XP table: the XP needed for a level. */
export interface XpRow {
  readonly id: string;
  readonly label: string;
  readonly level: number;
  readonly xp: number;
  readonly ref: string;
}

/**
 * XP needed for each level, 1 to 10 (level 1 needs none).
 * @example XP_TABLE[4] // { id: 'level-5', level: 5, xp: 18, ... }
 */
export const XP_TABLE = [
  { id: 'level-1', label: 'Level 1', level: 1, xp: 0, ref: REF_XP },
  { id: 'level-2', label: 'Level 2', level: 2, xp: 3, ref: REF_XP },
  { id: 'level-3', label: 'Level 3', level: 3, xp: 7, ref: REF_XP },
  { id: 'level-4', label: 'Level 4', level: 4, xp: 12, ref: REF_XP },
  { id: 'level-5', label: 'Level 5', level: 5, xp: 18, ref: REF_XP },
  { id: 'level-6', label: 'Level 6', level: 6, xp: 25, ref: REF_XP },
  { id: 'level-7', label: 'Level 7', level: 7, xp: 33, ref: REF_XP },
  { id: 'level-8', label: 'Level 8', level: 8, xp: 41, ref: REF_XP },
  { id: 'level-9', label: 'Level 9', level: 9, xp: 51, ref: REF_XP },
  { id: 'level-10', label: 'Level 10', level: 10, xp: 62, ref: REF_XP },
] as const satisfies readonly XpRow[];

/** The first level. */
export const MIN_LEVEL = 1;
/** The last level: past it the character retires. */
export const MAX_LEVEL = 10;

/** XP for completing the party's Guild Quest, and for a Side Quest at the session's end. */
export const QUEST_XP = [
  { id: 'guild-quest', label: 'Guild Quest completed', xp: 3, ref: REF_XP },
  { id: 'side-quest', label: 'Side Quest completed', xp: 1, ref: REF_XP },
] as const satisfies readonly { readonly id: string; readonly label: string; readonly xp: number; readonly ref: string }[];

/** Highest XP a document may hold (a generous ceiling far past level 10's 62). */
export const MAX_XP = 10_000;

/**
 * The level XP alone allows (the character still levels up only in a safe place).
 * @example levelForXp(7) // 3
 */
export function levelForXp(xp: number): number {
  let level = MIN_LEVEL;
  for (const row of XP_TABLE) if (xp >= row.xp) level = row.level;
  return level;
}

/** XP needed for `level` (1..10). */
export function xpForLevel(level: number): number {
  const row = XP_TABLE.find((r) => r.level === level);
  if (row === undefined) throw new RangeError(`level must be ${MIN_LEVEL}..${MAX_LEVEL}, got ${level}`);
  return row.xp;
}
