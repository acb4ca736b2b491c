/**
 * The mutilation table, read by the damage of the attack that dropped the character.
 * Rules: So Long as Men Die, Injury; Mutilation. Ruling SL-10 (damage to row).
 */
import { SLAMD_REF } from '../attributes.js';

const MUTILATION_REF = `${SLAMD_REF}, Mutilation`;

/** A follow-up roll a mutilation asks for: where it struck, or how long is left. */
export type MutilationRoll =
  | { readonly kind: 'location'; readonly sides: 6; readonly table: readonly LocationRow[] }
  | { readonly kind: 'countdown'; readonly sides: number; readonly unit: 'rounds' | 'days' };

/** One row of a location roll. */
export interface LocationRow {
  readonly id: 'head' | 'arm' | 'leg';
  readonly label: string;
  readonly roll: { readonly min: number; readonly max: number };
  /** What it means here, in short. */
  readonly effect: string;
}

/** A row of the mutilation table. */
export interface Mutilation {
  readonly id: string;
  readonly label: string;
  /** Damage dealt that lands on this row; `max: null` is "and more" (ruling SL-10). */
  readonly damage: { readonly min: number; readonly max: number | null };
  readonly description: string;
  readonly roll: MutilationRoll | null;
  /** CHA points lost. */
  readonly chaLoss: number;
  /** Toughness cannot be recovered until healed. */
  readonly blocksToughnessRecovery: boolean;
  /** Dead at once. */
  readonly isDeath: boolean;
  readonly ref: string;
}

const row = (n: number, id: string, label: string, description: string, extra: Partial<Pick<Mutilation, 'roll' | 'chaLoss' | 'blocksToughnessRecovery' | 'isDeath'>> = {}, last = false): Mutilation => ({
  id, label, damage: { min: n, max: last ? null : n }, description,
  roll: extra.roll ?? null, chaLoss: extra.chaLoss ?? 0, blocksToughnessRecovery: extra.blocksToughnessRecovery ?? false, isDeath: extra.isDeath ?? false, ref: MUTILATION_REF,
});

/**
 * Where a Maimed wound lands (Mutilation, Maimed).
 * @example MAIMED_LOCATIONS[0] // { id: 'head', roll: { min: 1, max: 2 }, ... }
 */
export const MAIMED_LOCATIONS = [
  { id: 'head', label: 'Head', roll: { min: 1, max: 2 }, effect: 'An eye is lost; losing both blinds you.' },
  { id: 'arm', label: 'Arm', roll: { min: 3, max: 4 }, effect: 'One arm (left or right) is broken, sprained or cut: useless until healed.' },
  { id: 'leg', label: 'Leg', roll: { min: 5, max: 6 }, effect: 'One leg (left or right): half speed with a crutch or a shoulder, a quarter limping alone.' },
] as const satisfies readonly LocationRow[];

/**
 * Where a Severed wound lands (Mutilation, Severed).
 * @example SEVERED_LOCATIONS[0] // { id: 'head', effect: 'Instant death.' }
 */
export const SEVERED_LOCATIONS = [
  { id: 'head', label: 'Head', roll: { min: 1, max: 2 }, effect: 'Instant death.' },
  { id: 'arm', label: 'Arm', roll: { min: 3, max: 4 }, effect: 'One arm (left or right) is gone.' },
  { id: 'leg', label: 'Leg', roll: { min: 5, max: 6 }, effect: 'One leg (left or right) is gone: half speed with support, a prone crawl without a crutch.' },
] as const satisfies readonly LocationRow[];

/** Id of the mutilation that is the Flesh Wound (also what an unconscious character suffers). */
export const FLESH_WOUND_ID = 'flesh-wound';

/**
 * The mutilation table in the text's order; the damage dealt picks the row (ruling SL-10).
 * @example MUTILATIONS[2] // { id: 'maimed', damage: { min: 3, max: 3 }, roll: { kind: 'location', sides: 6, ... } }
 */
export const MUTILATIONS = [
  row(1, FLESH_WOUND_ID, 'Flesh Wound', 'Heals well if someone sews it closed.'),
  row(2, 'scarred', 'Scarred', 'A broken nose, a torn lip, an ear gone: -1 CHA, and lucky at that.', { chaLoss: 1 }),
  row(3, 'maimed', 'Maimed', 'Roll a d6 for where: eye, arm or leg.', { roll: { kind: 'location', sides: 6, table: MAIMED_LOCATIONS } }),
  row(4, 'bleeding-out', 'Bleeding Out', 'Dead in 1d4 rounds unless treated with a medical kit.', { roll: { kind: 'countdown', sides: 4, unit: 'rounds' } }),
  row(5, 'gut-wound', 'Gut Wound', 'Dead in 1d6 days unless healed.', { roll: { kind: 'countdown', sides: 6, unit: 'days' } }),
  row(6, 'severed', 'Severed', 'Roll a d6 for what is cut off: head, arm or leg.', { roll: { kind: 'location', sides: 6, table: SEVERED_LOCATIONS } }),
  row(7, 'agony', 'Agony', 'No Toughness comes back until healed; any real effort is crippling.', { blocksToughnessRecovery: true }),
  row(8, 'doomed', 'Doomed', 'Dead in 1d4 rounds unless healed; it looks dreadful.', { roll: { kind: 'countdown', sides: 4, unit: 'rounds' } }),
  row(9, 'instant-death', 'Instant Death', 'Cut in two or beheaded: dead, though resurrection can still work.', { isDeath: true }),
  row(10, 'awful', 'Awful', 'Dead, and too little is left to resurrect.', { isDeath: true }, true),
] as const satisfies readonly Mutilation[];

/**
 * The mutilation row for the damage the dropping attack dealt (ruling SL-10).
 * @example mutilationForDamage(3).id // 'maimed'; mutilationForDamage(40).id // 'awful'
 */
export function mutilationForDamage(damage: number): Mutilation {
  if (!Number.isInteger(damage) || damage < 1) throw new RangeError(`a mutilation needs damage of 1 or more, got ${damage}`);
  const found = MUTILATIONS.find((m) => damage >= m.damage.min && (m.damage.max === null || damage <= m.damage.max));
  if (found === undefined) throw new RangeError(`no mutilation row for ${damage}`);
  return found;
}
