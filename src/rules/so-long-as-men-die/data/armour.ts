/**
 * Armour and shields: Defense Dice by slots of readied armour, shields as flat bonuses.
 * Rules: So Long as Men Die, Armor. Rulings SL-7, SL-8.
 */
import type { DiceChain } from '../../../dice/dice-chain.js';
import { SLAMD_REF } from '../attributes.js';
import { partSlot, slots, type SlotSize } from './slots.js';

const ARMOUR_REF = `${SLAMD_REF}, Armor`;

/**
 * Defense Dice sizes in order; 0 stands for d0, no die at all (Armor).
 * @example DEFENSE_DICE[3] // 8
 */
export const DEFENSE_DICE = [0, 4, 6, 8, 10, 12] as const;

/** A Defense Die size: 0 (d0, none) to 12. */
export type DefenseDie = (typeof DEFENSE_DICE)[number];

/** The largest Defense Die (Armor: a d12 is the largest). */
export const MAX_DEFENSE_DIE = 12;

/** A suit of armour: its slots and the Defense Die those slots give (Armor). */
export interface SlamdArmour {
  readonly id: string;
  readonly label: string;
  readonly slots: SlotSize;
  readonly defenseDie: DefenseDie;
  readonly ref: string;
}

/**
 * The armour list (Armor).
 * @example ARMOUR[2] // { id: 'chain', label: 'Chain', slots: 3, defenseDie: 8 }
 */
export const ARMOUR = [
  { id: 'gambeson', label: 'Gambeson', slots: slots(1), defenseDie: 4, ref: ARMOUR_REF },
  { id: 'leather', label: 'Leather', slots: slots(2), defenseDie: 6, ref: ARMOUR_REF },
  { id: 'chain', label: 'Chain', slots: slots(3), defenseDie: 8, ref: ARMOUR_REF },
  { id: 'scale', label: 'Scale', slots: slots(4), defenseDie: 10, ref: ARMOUR_REF },
  { id: 'plate', label: 'Plate', slots: slots(5), defenseDie: 12, ref: ARMOUR_REF },
] as const satisfies readonly SlamdArmour[];

/** A shield: a flat bonus to the Defense roll while Readied and Held (Armor). */
export interface SlamdShield {
  readonly id: string;
  readonly label: string;
  readonly slots: SlotSize;
  readonly defenseBonus: number;
  /** May be planted with an object interaction, freeing the hands (the pavis). */
  readonly canBePlanted: boolean;
  readonly ref: string;
}

/**
 * The shields (Armor). The buckler's "partial slot" is read as half a slot (ruling SL-8).
 * @example SHIELDS[1] // { id: 'shield', label: 'Shield', slots: 1, defenseBonus: 2 }
 */
export const SHIELDS = [
  { id: 'buckler', label: 'Buckler', slots: partSlot(2), defenseBonus: 1, canBePlanted: false, ref: ARMOUR_REF },
  { id: 'shield', label: 'Shield', slots: slots(1), defenseBonus: 2, canBePlanted: false, ref: ARMOUR_REF },
  { id: 'pavis-shield', label: 'Pavis Shield', slots: slots(2), defenseBonus: 2, canBePlanted: true, ref: ARMOUR_REF },
] as const satisfies readonly SlamdShield[];

/**
 * The Defense Die for this many slots of readied armour: each slot steps the die up once, from d0 to
 * d12; slots past the fifth add nothing (Armor; ruling SL-7).
 * @example defenseDieForSlots(3) // 8
 */
export function defenseDieForSlots(armourSlots: number): DefenseDie {
  if (!Number.isInteger(armourSlots) || armourSlots < 0) throw new RangeError(`armour slots are a whole number from 0, got ${armourSlots}`);
  return DEFENSE_DICE[Math.min(armourSlots, DEFENSE_DICE.length - 1)]!;
}

/** True when `sides` is a Defense Die size (0 included). */
export function isDefenseDie(sides: unknown): sides is DefenseDie {
  return typeof sides === 'number' && (DEFENSE_DICE as readonly number[]).includes(sides);
}

/** Flat Defense bonus of the Brace movement, for the round (Actions, Brace). */
export const BRACE_DEFENSE_BONUS = 2;

/** Flat Defense change while prone: +2 against ranged attacks, -2 against melee (Actions, Drop/Stand). */
export const PRONE_DEFENSE_VS_RANGED = 2;

/** See PRONE_DEFENSE_VS_RANGED. */
export const PRONE_DEFENSE_VS_MELEE = -2;

/** What adds to a Defense roll besides the die. */
export interface DefenseSituation {
  /** The shield readied and held, or null. */
  readonly shieldId: string | null;
  readonly isBraced: boolean;
  readonly isProne: boolean;
  /** What kind of attack is being defended against. */
  readonly attack: 'melee' | 'ranged';
  /** The attacker's weapon ignores shields (a boomerang). */
  readonly ignoresShields: boolean;
}

/**
 * The flat bonus on a Defense roll: shield, Brace, prone (Armor; Actions, Brace and Drop/Stand).
 * @example defenseBonus({ shieldId: 'shield', isBraced: true, isProne: false, attack: 'melee', ignoresShields: false }) // 4
 */
export function defenseBonus(s: DefenseSituation): number {
  let bonus = 0;
  if (s.shieldId !== null && !s.ignoresShields) {
    const shield = SHIELDS.find((x) => x.id === s.shieldId);
    if (shield === undefined) throw new RangeError(`no shield ${s.shieldId}`);
    bonus += shield.defenseBonus;
  }
  if (s.isBraced) bonus += BRACE_DEFENSE_BONUS;
  if (s.isProne) bonus += s.attack === 'ranged' ? PRONE_DEFENSE_VS_RANGED : PRONE_DEFENSE_VS_MELEE;
  return bonus;
}

/**
 * The Defense Dice as a step chain: d4 to d12, below d4 no die (d0), no step past d12 (Armor).
 * @example DEFENSE_CHAIN.sides // [4, 6, 8, 10, 12]
 */
export const DEFENSE_CHAIN = {
  id: 'so-long-as-men-die-defense',
  label: 'Defense Dice',
  sides: [4, 6, 8, 10, 12],
  defaultBelowBottom: 'negate',
  belowBottomIsChoice: false,
  aboveTop: 'clamp',
  ref: ARMOUR_REF,
} as const satisfies DiceChain;
