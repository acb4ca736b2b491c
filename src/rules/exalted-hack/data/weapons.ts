/**
 * Weapon categories (light, martial, heavy), how each kind of attack and defence picks its attribute,
 * and the reach each kind of weapon needs. The text lists no individual weapons, so the categories are
 * the table (ruling EH-14). Rules: The Exalted Hack, Weapons; Attacking, Defending and Damage; Other Actions.
 */
import type { AttributeId } from '../attributes.js';
import type { DistanceId } from './distances.js';

const WEAPONS_REF = 'The Exalted Hack, Attacking, Defending and Damage (Weapons)';

/** A weapon category id (Weapons). */
export type WeaponCategoryId = 'light' | 'martial' | 'heavy';

/** A weapon category: training, flat bonus on the damage die, what drawing it costs (Weapons; Other Actions). */
export interface WeaponCategory {
  readonly id: WeaponCategoryId;
  readonly label: string;
  readonly needsTraining: boolean;
  /** Added to the damage die's face (ruling EH-15). */
  readonly damageBonus: number;
  /** Changing to it fits inside an action, or takes the whole action (Other Actions). */
  readonly swap: 'part-of-action' | 'whole-action';
  readonly description: string;
  readonly ref: string;
}

/**
 * The three weapon categories.
 * @example WEAPON_CATEGORIES[2] // { id: 'heavy', needsTraining: true, damageBonus: 2, swap: 'whole-action', ... }
 */
export const WEAPON_CATEGORIES = [
  {
    id: 'light', label: 'Light', needsTraining: false, damageBonus: 0, swap: 'part-of-action',
    description: 'Anyone may wield it; no bonus to the damage die.', ref: `${WEAPONS_REF}; Other Actions`,
  },
  {
    id: 'martial', label: 'Martial', needsTraining: true, damageBonus: 1, swap: 'part-of-action',
    description: 'Needs training; one more point on the damage die. Untrained hands roll at half the attribute.', ref: `${WEAPONS_REF}; Other Actions`,
  },
  {
    id: 'heavy', label: 'Heavy', needsTraining: true, damageBonus: 2, swap: 'whole-action',
    description: 'Needs training; two more points on the damage die, and readying it spends the action. Untrained hands roll at half the attribute.',
    ref: `${WEAPONS_REF}; Other Actions`,
  },
] as const satisfies readonly WeaponCategory[];

/** Base damage dice a weapon may roll: the text's damage dice, d4 to d12 (What die to use?; ruling EH-15). */
export const DAMAGE_DICE = [4, 6, 8, 10, 12] as const satisfies readonly number[];

/** The damage die used when none is given (ruling EH-15). */
export const DEFAULT_DAMAGE_DIE = 6;

/** The weapon category with this id (Weapons). */
export function weaponCategory(id: WeaponCategoryId): WeaponCategory {
  return WEAPON_CATEGORIES.find((c) => c.id === id)!;
}

/** A way to attack: the attribute rolled and the farthest distance it reaches (Attacking, Defending and Damage). */
export interface AttackMode {
  readonly id: string;
  readonly label: string;
  /** The attributes that may be rolled; `null` is the caster's magic attribute. */
  readonly attributes: readonly AttributeId[] | null;
  readonly reach: DistanceId;
  readonly description: string;
  readonly ref: string;
}

const ATTACK_REF = 'The Exalted Hack, Attacking, Defending and Damage';

/**
 * The attack modes: melee, precise melee, thrown, bows, magic (the magic attack's reach is the DM's; ruling EH-16).
 * @example ATTACK_MODES[3] // { id: 'bow', attributes: ['dex'], reach: 'faraway', ... }
 */
export const ATTACK_MODES = [
  { id: 'melee', label: 'Melee weapon', attributes: ['str'], reach: 'adjacent', description: 'Strength, against a foe next to you.', ref: ATTACK_REF },
  {
    id: 'precise-melee', label: 'Precise melee weapon', attributes: ['dex', 'str'], reach: 'adjacent',
    description: 'A precise weapon may use Dexterity instead of Strength, still at arm\'s length.', ref: ATTACK_REF,
  },
  { id: 'thrown', label: 'Thrown weapon', attributes: ['str'], reach: 'half-move', description: 'Strength, out to half a move.', ref: ATTACK_REF },
  { id: 'bow', label: 'Bow', attributes: ['dex'], reach: 'faraway', description: 'Dexterity, out to faraway.', ref: ATTACK_REF },
  {
    id: 'magic', label: 'Magic attack', attributes: null, reach: 'distant',
    description: 'The caster\'s own magic attribute; distant unless the spell says otherwise (ruling EH-16).', ref: `${ATTACK_REF}; ruling EH-16`,
  },
] as const satisfies readonly AttackMode[];

/** A way to defend and the attribute rolled (Attacking, Defending and Damage). */
export interface DefenceMode {
  readonly id: string;
  readonly label: string;
  readonly attribute: AttributeId;
  readonly description: string;
  readonly ref: string;
}

/**
 * The defences: parry with STR (DEX with a precise weapon), dodge ranged attacks with DEX (CON with a shield).
 * @example DEFENCE_MODES[3].attribute // 'con'
 */
export const DEFENCE_MODES = [
  { id: 'parry', label: 'Parry', attribute: 'str', description: 'Turn the blow aside with a melee weapon.', ref: ATTACK_REF },
  { id: 'parry-precise', label: 'Parry with a precise weapon', attribute: 'dex', description: 'A precise weapon parries on Dexterity.', ref: ATTACK_REF },
  { id: 'dodge', label: 'Dodge', attribute: 'dex', description: 'Get out of the way of a ranged attack.', ref: ATTACK_REF },
  { id: 'shield-block', label: 'Block with a shield', attribute: 'con', description: 'Behind a shield, ranged attacks are met on Constitution.', ref: ATTACK_REF },
] as const satisfies readonly DefenceMode[];

/**
 * True when a wielder with `training` may use a category at the full attribute; otherwise the attack is
 * rolled at half (Weapons: light needs no training, martial and heavy do).
 * @example isTrainedFor('heavy', ['martial']) // false
 */
export function isTrainedFor(category: WeaponCategoryId, training: readonly string[]): boolean {
  return !weaponCategory(category).needsTraining || training.includes(category);
}
