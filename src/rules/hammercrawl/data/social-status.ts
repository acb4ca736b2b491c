/**
 * Social status by SOC score, and the starting coins each status gives.
 * Rules: HAMMERCRAWL! v4, STATS (SOC-ietal Standing); CHARACTER CREATION (Starting Equipment, Option A:
 * Purchasing Your Starting Gear). Rulings: docs/rulings.md.
 */
import type { RollRange, TableDice } from './stocks.js';

/**
 * How many coins a status starts with: the SOC score times a multiplier, or a flat sum (Royalty).
 * @example { kind: 'soc-multiplier', multiplier: 25 }
 * @example { kind: 'flat', coins: 1000 }
 */
export type StartingCoins =
  | { readonly kind: 'soc-multiplier'; readonly multiplier: number }
  | { readonly kind: 'flat'; readonly coins: number };

/**
 * Something a status starts with besides coins: Scum's random magick items, which vanish at the
 * character's final death and cannot be looted.
 * @example { kind: 'random-magick-items', count: 3, survivesDeath: false, isLootable: false }
 */
export interface RandomMagickItems {
  readonly kind: 'random-magick-items';
  readonly count: number;
  readonly survivesDeath: false;
  readonly isLootable: false;
}

/** One row of the SOC table: the SOC scores it covers, the status, the starting coins and extras. */
export interface SocialStatusRow {
  readonly id: string;
  readonly label: string;
  readonly roll: RollRange;
  readonly coins: StartingCoins;
  readonly extras: readonly RandomMagickItems[];
  readonly ref: string;
}

const REF = 'HAMMERCRAWL! v4, STATS (SOC-ietal Standing); CHARACTER CREATION (Starting Equipment, Option A)';

/**
 * SOC is rolled on 3d6 like every stat; the table covers 3-18 (STATS: "SOC (3d6)"). Scores off that
 * range read the nearest row (ruling ST-19).
 * @example SOCIAL_STATUS_DICE // { count: 3, sides: 6 }
 */
export const SOCIAL_STATUS_DICE = { count: 3, sides: 6 } as const satisfies TableDice;

/**
 * Status and starting coins by SOC score (both printings agree on status and ranges). Starting coins are
 * SOC x multiplier, except Royalty's flat 1000; Scum's x0 comes with three random magick items.
 * @example SOCIAL_STATUS_TABLE[4] // { id: 'lesser-nobility', roll: { min: 13, max: 15 }, coins: { kind: 'soc-multiplier', multiplier: 25 }, ... }
 */
export const SOCIAL_STATUS_TABLE = [
  {
    id: 'scum',
    label: 'Scum',
    roll: { min: 3, max: 3 },
    coins: { kind: 'soc-multiplier', multiplier: 0 },
    extras: [{ kind: 'random-magick-items', count: 3, survivesDeath: false, isLootable: false }],
    ref: REF,
  },
  {
    id: 'peasantry',
    label: 'Peasantry',
    roll: { min: 4, max: 5 },
    coins: { kind: 'soc-multiplier', multiplier: 10 },
    extras: [],
    ref: REF,
  },
  {
    id: 'poor',
    label: 'Poor',
    roll: { min: 6, max: 8 },
    coins: { kind: 'soc-multiplier', multiplier: 15 },
    extras: [],
    ref: REF,
  },
  {
    id: 'middle-class',
    label: 'Middle Class',
    roll: { min: 9, max: 12 },
    coins: { kind: 'soc-multiplier', multiplier: 20 },
    extras: [],
    ref: REF,
  },
  {
    id: 'lesser-nobility',
    label: 'Lesser Nobility',
    roll: { min: 13, max: 15 },
    coins: { kind: 'soc-multiplier', multiplier: 25 },
    extras: [],
    ref: REF,
  },
  {
    id: 'greater-nobility',
    label: 'Greater Nobility',
    roll: { min: 16, max: 17 },
    coins: { kind: 'soc-multiplier', multiplier: 30 },
    extras: [],
    ref: REF,
  },
  {
    id: 'royalty',
    label: 'Royalty',
    roll: { min: 18, max: 18 },
    coins: { kind: 'flat', coins: 1000 },
    extras: [],
    ref: REF,
  },
] as const satisfies readonly SocialStatusRow[];
