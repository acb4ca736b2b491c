/**
 * Armour: category, Soak Die, STR minimum and stow size; partial coverage. Rules: HAMMERCRAWL! v4,
 * EQUIPMENT > ARMOUR.
 */
import type { ArmourCoverage } from '../damage.js';
import type { GearSize } from './gear.js';
import type { Price } from './treasures.js';

/** The armour table's "Category" column. */
export type ArmourCategoryId = 'light' | 'heavy';

/** An armour category as printed (the text gives no rule that depends on it). */
export interface ArmourCategory {
  readonly id: ArmourCategoryId;
  readonly label: string;
  readonly ref: string;
}

const ARMOUR_REF = 'HAMMERCRAWL! v4, EQUIPMENT > ARMOUR';
const ARMOUR_TABLE_REF = `${ARMOUR_REF} (armour table)`;

/**
 * The armour categories (ARMOUR, "Category" column).
 * @example ARMOUR_CATEGORIES[1] // { id: 'heavy', label: 'Heavy', ... }
 */
export const ARMOUR_CATEGORIES = [
  { id: 'light', label: 'Light', ref: ARMOUR_TABLE_REF },
  { id: 'heavy', label: 'Heavy', ref: ARMOUR_TABLE_REF },
] as const satisfies readonly ArmourCategory[];

/** One row of the armour table. */
export interface Armour {
  readonly id: string;
  readonly label: string;
  readonly category: ArmourCategoryId;
  /** The Soak (Armour) Die, as a side count on the dice chain. */
  readonly soakDie: number;
  /** The STR a wearer needs for full effect. */
  readonly strMin: number;
  /** Its size when Packed (not when Worn). */
  readonly stow: GearSize;
  /** Always `null`: the text prices nothing (see rulings). */
  readonly price: Price | null;
  readonly ref: string;
}

/**
 * The armour table, lightest first (ARMOUR). Coverage (full or partial) belongs to each item, not to
 * the table; StrongVs and WeakVs are placeholders the text leaves out of the table.
 * @example ARMOUR[5] // { id: 'chain', category: 'heavy', soakDie: 8, strMin: 9, stow: 'large', ... }
 */
export const ARMOUR = [
  { id: 'cloth', label: 'Cloth', category: 'light', soakDie: 3, strMin: 3, stow: 'medium', price: null, ref: ARMOUR_TABLE_REF },
  { id: 'padding', label: 'Padding', category: 'light', soakDie: 4, strMin: 4, stow: 'medium', price: null, ref: ARMOUR_TABLE_REF },
  { id: 'leather-soft', label: 'Leather, Soft', category: 'light', soakDie: 5, strMin: 4, stow: 'medium', price: null, ref: ARMOUR_TABLE_REF },
  { id: 'leather-boiled', label: 'Leather, Boiled', category: 'light', soakDie: 6, strMin: 6, stow: 'medium', price: null, ref: ARMOUR_TABLE_REF },
  { id: 'leather-reinforced', label: 'Leather, Reinforced', category: 'light', soakDie: 7, strMin: 6, stow: 'medium', price: null, ref: ARMOUR_TABLE_REF },
  { id: 'chain', label: 'Chain', category: 'heavy', soakDie: 8, strMin: 9, stow: 'large', price: null, ref: ARMOUR_TABLE_REF },
  { id: 'double', label: 'Double', category: 'heavy', soakDie: 10, strMin: 9, stow: 'large', price: null, ref: ARMOUR_TABLE_REF },
  { id: 'scale', label: 'Scale', category: 'heavy', soakDie: 12, strMin: 9, stow: 'large', price: null, ref: ARMOUR_TABLE_REF },
  { id: 'splint', label: 'Splint', category: 'heavy', soakDie: 14, strMin: 9, stow: 'large', price: null, ref: ARMOUR_TABLE_REF },
  { id: 'plate', label: 'Plate', category: 'heavy', soakDie: 16, strMin: 13, stow: 'large', price: null, ref: ARMOUR_TABLE_REF },
  { id: 'suit', label: 'Suit', category: 'heavy', soakDie: 20, strMin: 13, stow: 'huge', price: null, ref: ARMOUR_TABLE_REF },
] as const satisfies readonly Armour[];

/** An armour's id. */
export type ArmourId = (typeof ARMOUR)[number]['id'];

/** Die steps on every action needing physical movement while wearing armour above one's STR (ARMOUR, "STR"). */
export const ARMOUR_STR_SHORTFALL_STEPS = -1;

/** Percent chance that a hit on Partial armour finds an unprotected spot (ARMOUR, "Coverage"). */
export const PARTIAL_COVERAGE_UNPROTECTED_PERCENT = 30;

/** Percent chance that randomly looted armour is Partial (ARMOUR; TREASURES, unsorted notes). */
export const LOOTED_ARMOUR_PARTIAL_PERCENT = 30;

/** The coverage an armour has unless its make says otherwise (ARMOUR: "Any set of armour can be partial"). */
export const DEFAULT_ARMOUR_COVERAGE: ArmourCoverage = 'full';
