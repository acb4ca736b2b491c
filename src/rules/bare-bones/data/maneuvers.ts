/**
 * Maneuvers: what each does, and which roll its maneuver die helps. Rules: The Bare Bones, Live by
 * the Sword > Maneuvers; ruling BB-19 (Aim).
 */
import { refCombat } from '../refs.js';

/** What a maneuver's die is added to, or `null` when it gives no die. */
export type ManeuverBonus = 'damage' | 'armour-class' | 'attack' | null;

/** A maneuver. */
export interface Maneuver {
  readonly id: string;
  readonly label: string;
  readonly bonusTo: ManeuverBonus;
  readonly description: string;
  readonly ref: string;
}

const REF = refCombat('Maneuvers');

/**
 * The maneuvers. Aim is named by the sword rule only; it is read as Feint's attack bonus (ruling BB-19).
 * @example MANEUVERS.find((m) => m.id === 'evade')?.bonusTo // 'armour-class'
 */
export const MANEUVERS = [
  { id: 'aim', label: 'Aim', bonusTo: 'attack', description: 'Named only by swords; here a maneuver die on the next attack, as Feint.', ref: REF },
  { id: 'clobber', label: 'Clobber', bonusTo: 'damage', description: 'Maneuver die added to the next damage.', ref: REF },
  { id: 'disarm', label: 'Disarm', bonusTo: null, description: 'The foe lets go of one held thing of their choosing.', ref: REF },
  { id: 'evade', label: 'Evade', bonusTo: 'armour-class', description: 'Maneuver die added to the next Armor Class roll.', ref: REF },
  { id: 'feint', label: 'Feint', bonusTo: 'attack', description: 'Maneuver die added to the next attack.', ref: REF },
  { id: 'grab', label: 'Grab', bonusTo: null, description: 'Hold the foe: a small weapon\'s next strike wounds Blood unless they break free or hurt you first.', ref: REF },
  { id: 'knockback', label: 'Knockback', bonusTo: null, description: 'Shove the foe where you like; a deadly spot allows them a DEX save.', ref: REF },
  { id: 'shake-off', label: 'Shake Off', bonusTo: null, description: 'Ends a Grab on you.', ref: REF },
  { id: 'trip', label: 'Trip', bonusTo: null, description: 'The foe cannot get away from you on their next turn.', ref: REF },
] as const satisfies readonly Maneuver[];

/** The usual maneuver die (fighters use a d6; swords and flails step theirs up one for some maneuvers). */
export const MANEUVER_DIE = 4;
