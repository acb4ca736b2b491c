/**
 * The watch table: what the d6 watch die shows when a watch is triggered. Rules: The Bare Bones,
 * The Meat Grinder; ruling BB-9 (the printed-twice paragraphs are one rule each).
 */
import { REF_WATCH } from '../refs.js';

/** What a watch roll brings. */
export type WatchEventId = 'wandering-monster' | 'nothing-much' | 'torches-gutter' | 'mana-fluctuation';

/** A row of the watch table. */
export interface WatchRow {
  readonly id: WatchEventId;
  readonly label: string;
  readonly range: { readonly min: number; readonly max: number };
  readonly description: string;
  readonly ref: string;
}

/** The watch die's sides. */
export const WATCH_DIE = 6;

/**
 * The unmodified watch table (d6): 1 wandering monster, 2-4 nothing much, 5 torches gutter, 6 mana fluctuation.
 * @example WATCH_TABLE[1].range // { min: 2, max: 4 }
 */
export const WATCH_TABLE = [
  { id: 'wandering-monster', label: 'Wandering monster', range: { min: 1, max: 1 }, description: 'Something roaming the dungeon finds the party.', ref: REF_WATCH },
  { id: 'nothing-much', label: 'Nothing much', range: { min: 2, max: 4 }, description: 'The time passes without incident.', ref: REF_WATCH },
  { id: 'torches-gutter', label: 'Torches gutter', range: { min: 5, max: 5 }, description: 'Every light source carried rolls its light die.', ref: REF_WATCH },
  { id: 'mana-fluctuation', label: 'Mana fluctuation', range: { min: 6, max: 6 }, description: 'Every concentrating sorcerer rolls the concentration die.', ref: REF_WATCH },
] as const satisfies readonly WatchRow[];

/** What sets a watch off; saving throws never do. */
export const WATCH_TRIGGERS = [
  { id: 'new-area', label: 'Entering a new area', ref: REF_WATCH },
  { id: 'attribute-check', label: 'An attribute check', ref: REF_WATCH },
  { id: 'drawing-attention', label: 'Drawing attention', ref: REF_WATCH },
] as const satisfies readonly { readonly id: string; readonly label: string; readonly ref: string }[];
