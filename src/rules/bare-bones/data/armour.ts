/**
 * Armour and shields: the Armor Class each gives, the inventory slots it takes, and the penalty it
 * puts on missiles shot at its wearer. Rules: The Bare Bones, Live by the Sword > Armor, > Missiles;
 * Dead Weight; Critical Hits and Notches.
 */
import { REF_ENCUMBRANCE, refCombat } from '../refs.js';

const REF = `${refCombat('Armor')}; ${REF_ENCUMBRANCE}`;

/** An armour id. */
export type ArmourId = 'none' | 'light' | 'medium' | 'heavy';

/** A kind of armour. */
export interface Armour {
  readonly id: ArmourId;
  readonly label: string;
  /** The text's example. */
  readonly example: string | null;
  readonly armourClass: number;
  readonly slots: number;
  /** Penalty on a missile attack against the wearer (medium armour or heavier: -2). */
  readonly missilePenalty: number;
  readonly ref: string;
}

/**
 * The four armours: none AC 8, light AC 10 (2 slots), medium AC 11 (3), heavy AC 13 (5).
 * @example ARMOURS[3] // { id: 'heavy', armourClass: 13, slots: 5, missilePenalty: -2, ... }
 */
export const ARMOURS = [
  { id: 'none', label: 'No armour', example: null, armourClass: 8, slots: 0, missilePenalty: 0, ref: REF },
  { id: 'light', label: 'Light armour', example: 'leather', armourClass: 10, slots: 2, missilePenalty: 0, ref: REF },
  { id: 'medium', label: 'Medium armour', example: 'chain', armourClass: 11, slots: 3, missilePenalty: -2, ref: REF },
  { id: 'heavy', label: 'Heavy armour', example: 'plate', armourClass: 13, slots: 5, missilePenalty: -2, ref: REF },
] as const satisfies readonly Armour[];

/** The armour ids, lightest first. */
export const ARMOUR_IDS = ['none', 'light', 'medium', 'heavy'] as const satisfies readonly ArmourId[];

/** A shield: +2 AC, two slots, -2 on missiles shot at its bearer. */
export const SHIELD = { id: 'shield', label: 'Shield', armourClassBonus: 2, slots: 2, missilePenalty: -2, ref: REF } as const;

/** Notches never take Armor Class below this (Critical Hits and Notches). */
export const MIN_NOTCHED_ARMOUR_CLASS = 8;

/** The armour row by id. */
export function armour(id: ArmourId): Armour {
  return ARMOURS.find((a) => a.id === id)!;
}

/** True when `id` is an armour id. */
export function isArmourId(id: string): id is ArmourId {
  return (ARMOUR_IDS as readonly string[]).includes(id);
}
