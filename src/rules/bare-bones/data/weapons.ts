/**
 * Weapons by weight (light, medium, heavy) and by kind (swords, daggers, axes...), with the damage
 * dice each deals. Rules: The Bare Bones, Live by the Sword > Weapons; rulings BB-16, BB-17, BB-18.
 */
import { refCombat } from '../refs.js';

const REF = refCombat('Weapons');

/**
 * Damage dice as a value: `count` dice of `sides`, each exploding on its highest face when `explodes`.
 * @example { count: 2, sides: 4, explodes: true } // a bow's 2d4, each 4 rolls again
 */
export interface DamageDice {
  readonly count: number;
  readonly sides: number;
  readonly explodes: boolean;
}

/** A weapon weight id. */
export type WeaponWeightId = 'light' | 'medium' | 'heavy';

/** A weapon weight: its damage die, and its damage when wielded in two hands where that differs. */
export interface WeaponWeight {
  readonly id: WeaponWeightId;
  readonly label: string;
  /** The text's example weapon. */
  readonly example: string;
  readonly damage: DamageDice;
  /** Damage in two hands, or `null` when it is the same as `damage`. */
  readonly twoHandedDamage: DamageDice | null;
  readonly ref: string;
}

/**
 * The three weights: light d6, medium d8 (2d4 in two hands), heavy d10.
 * @example WEAPON_WEIGHTS[1].twoHandedDamage // { count: 2, sides: 4, explodes: false }
 */
export const WEAPON_WEIGHTS = [
  { id: 'light', label: 'Light weapon', example: 'dagger', damage: { count: 1, sides: 6, explodes: false }, twoHandedDamage: null, ref: REF },
  {
    id: 'medium', label: 'Medium weapon', example: 'broadsword', damage: { count: 1, sides: 8, explodes: false },
    twoHandedDamage: { count: 2, sides: 4, explodes: false }, ref: REF,
  },
  { id: 'heavy', label: 'Heavy weapon', example: 'claymore', damage: { count: 1, sides: 10, explodes: false }, twoHandedDamage: null, ref: REF },
] as const satisfies readonly WeaponWeight[];

/** A weapon kind id (`other` for weapons of no listed kind). */
export type WeaponKindId = 'sword' | 'dagger' | 'axe' | 'hammer' | 'flail' | 'polearm' | 'bow' | 'crossbow' | 'other';

/** What rolling the weapon's highest damage lets the wielder do (axes and hammers). */
export type MaxDamageEffect = 'destroy-shield' | 'notch-heavy-armour';

/** A weapon kind and the special rule it brings. */
export interface WeaponKind {
  readonly id: WeaponKindId;
  readonly label: string;
  /** True for missile weapons: attacks test DEX, and a natural 20 breaks the string (Missiles). */
  readonly isMissile: boolean;
  /** Damage of its own, replacing the weight's (bows, crossbows); `null` to use the weight's. */
  readonly damage: DamageDice | null;
  /** True when its hits go to Blood directly (crossbows). */
  readonly isToBlood: boolean;
  /** Maneuvers whose die is one step larger with this weapon (swords, flails). */
  readonly largerManeuverDice: readonly string[];
  /** What its highest damage roll allows, or `null`. */
  readonly maxDamageEffect: MaxDamageEffect | null;
  /** True when its attack has advantage against a shorter weapon (polearms). */
  readonly hasReachAdvantage: boolean;
  /** True when a Grab lets it strike Blood directly (daggers). */
  readonly isGrabToBlood: boolean;
  /** True when owning it breaks the law (crossbows). */
  readonly isIllegal: boolean;
  readonly description: string;
  readonly ref: string;
}

const plain = { isMissile: false, damage: null, isToBlood: false, largerManeuverDice: [], maxDamageEffect: null, hasReachAdvantage: false, isGrabToBlood: false, isIllegal: false } as const;

/**
 * The weapon kinds with special rules, and `other` for the rest.
 * @example WEAPON_KINDS.find((k) => k.id === 'bow')?.damage // { count: 2, sides: 4, explodes: true }
 */
export const WEAPON_KINDS = [
  { ...plain, id: 'sword', label: 'Sword', largerManeuverDice: ['aim', 'clobber', 'evade'], description: 'Aim, Clobber and Evade use a maneuver die one step larger.', ref: REF },
  { ...plain, id: 'dagger', label: 'Dagger', isGrabToBlood: true, description: 'After a Grab, its strike can wound Blood straight away.', ref: REF },
  { ...plain, id: 'axe', label: 'Axe', maxDamageEffect: 'destroy-shield', description: 'A top damage roll may wreck the foe\'s shield.', ref: REF },
  { ...plain, id: 'hammer', label: 'Hammer', maxDamageEffect: 'notch-heavy-armour', description: 'A top damage roll puts a notch in the foe\'s heavy armour.', ref: REF },
  { ...plain, id: 'flail', label: 'Flail', largerManeuverDice: ['disarm', 'trip'], description: 'Disarm and Trip use a maneuver die one step larger.', ref: REF },
  { ...plain, id: 'polearm', label: 'Polearm', hasReachAdvantage: true, description: 'Attacks with advantage on a foe whose weapon is shorter.', ref: REF },
  {
    ...plain, id: 'bow', label: 'Bow', isMissile: true, damage: { count: 2, sides: 4, explodes: true },
    description: 'Two d4s; each 4 adds another d4, and so on.', ref: REF,
  },
  {
    ...plain, id: 'crossbow', label: 'Crossbow', isMissile: true, damage: { count: 1, sides: 10, explodes: false }, isToBlood: true, isIllegal: true,
    description: 'A d10 that wounds Blood directly; against the law to own.', ref: REF,
  },
  { ...plain, id: 'other', label: 'Other weapon', description: 'No special rule: damage by its weight alone.', ref: REF },
] as const satisfies readonly WeaponKind[];

/** Arrows to one quiver, and to one inventory slot (Missiles; Dead Weight). */
export const ARROWS_PER_QUIVER = 24;

/** The weight row by id. */
export function weaponWeight(id: WeaponWeightId): WeaponWeight {
  return WEAPON_WEIGHTS.find((w) => w.id === id)!;
}

/** The kind row by id. */
export function weaponKind(id: WeaponKindId): WeaponKind {
  return WEAPON_KINDS.find((k) => k.id === id)!;
}
