/**
 * Armour: a number taken off the damage of each attack. Regular armour stops weapons only; magical
 * armour stops magic too. The text prints no armour list or values (ruling EH-18).
 * Rules: The Exalted Hack, Attacking, Defending and Damage (Armor).
 */

/** An armour kind id (Armor). */
export type ArmourKindId = 'regular' | 'magical';

/** An armour kind and what damage it reduces (Armor). */
export interface ArmourKind {
  readonly id: ArmourKindId;
  readonly label: string;
  readonly reducesWeaponDamage: boolean;
  readonly reducesMagicalDamage: boolean;
  readonly description: string;
  readonly ref: string;
}

const ARMOUR_REF = 'The Exalted Hack, Attacking, Defending and Damage (Armor)';

/**
 * The two kinds of armour.
 * @example ARMOUR_KINDS[1].reducesMagicalDamage // true
 */
export const ARMOUR_KINDS = [
  { id: 'regular', label: 'Regular armour', reducesWeaponDamage: true, reducesMagicalDamage: false, description: 'Takes its value off weapon damage; magic goes through.', ref: ARMOUR_REF },
  { id: 'magical', label: 'Magical armour', reducesWeaponDamage: true, reducesMagicalDamage: true, description: 'Takes its value off weapon and magical damage alike.', ref: ARMOUR_REF },
] as const satisfies readonly ArmourKind[];

/** Highest armour value a roll accepts (a project limit, ruling EH-18). */
export const MAX_ARMOUR_VALUE = 10;

/**
 * Damage after armour: the value comes off when the armour stops this kind of damage, never below 0.
 * @example damageAfterArmour(7, 3, 'regular', true) // 7 (magic passes regular armour)
 */
export function damageAfterArmour(damage: number, armour: number, kind: ArmourKindId, isMagical: boolean): number {
  const a = ARMOUR_KINDS.find((k) => k.id === kind)!;
  const applies = isMagical ? a.reducesMagicalDamage : a.reducesWeaponDamage;
  return applies ? Math.max(0, damage - armour) : damage;
}
