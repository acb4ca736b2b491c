/**
 * Combat's mistakes as values and its limits as named constants. A player's or Smith's mistake (an
 * unknown target, a called shot past three steps, a power with no uses left) is a `CombatProblem` with a
 * namespaced code and a message that says how to fix it; programmer errors throw.
 * Rules: HAMMERCRAWL! v4, COMBAT. Rulings: docs/rulings.md (CB-n).
 */

/** Every code a `CombatProblem` may carry. */
export type CombatProblemCode =
  | 'combat/unknown-fighter'
  | 'combat/fighter-down'
  | 'combat/target-is-self'
  | 'combat/unknown-weapon'
  | 'combat/no-harm-dice'
  | 'combat/called-shot-range'
  | 'combat/lost-action'
  | 'combat/momentum-not-allowed'
  | 'combat/momentum-same-weapon'
  | 'combat/extra-attacks-count'
  | 'combat/not-a-special'
  | 'combat/no-uses-left'
  | 'combat/lay-on-hands-rest'
  | 'combat/tactical-effects'
  | 'combat/not-covering'
  | 'combat/fight-over'
  | 'combat/monster-spec'
  | 'combat/too-many-fighters'
  | 'combat/fights-out-of-range'
  | 'combat/no-party'
  | 'combat/no-monsters';

/**
 * A mistake in a combat action or setup, with a fix-it message (COMBAT).
 * @example { code: 'combat/called-shot-range', message: 'a called shot costs 1 to 3 steps; got 4' }
 */
export interface CombatProblem {
  readonly code: CombatProblemCode;
  readonly message: string;
}

/** A result that is either a value or a combat problem. */
export type CombatResult<T> = ({ readonly ok: true } & T) | { readonly ok: false; readonly problem: CombatProblem };

/** Builds a failed `CombatResult` (COMBAT). */
export function combatProblem(code: CombatProblemCode, message: string): { readonly ok: false; readonly problem: CombatProblem } {
  return { ok: false, problem: { code, message } };
}

/** Most steps a called shot may cost: one usually, "two or three steps" for hard parts (EXTENDED COMBAT OPTIONS, Called Shots). */
export const MAX_CALLED_SHOT_STEPS = 3;

/** Most fighters in one encounter (party and monsters together). */
export const MAX_FIGHTERS = 200;

/** Most monsters one monster spec may stand for (`count=`). */
export const MAX_MONSTER_COUNT = 50;

/** Most HD a monster spec may give (a level or HD on the Saves scale). */
export const MAX_MONSTER_HD = 30;

/** Largest static attack, defense or DV value of a monster spec. */
export const MAX_MONSTER_VALUE = 100;

/** Most rounds one simulated fight may last; a fight still going then is a draw (ruling CB-20). */
export const MAX_ROUNDS = 100;

/** Most fights one simulation may run. */
export const MAX_FIGHTS = 100_000;

/** Longest monster spec text accepted (`--monster "..."`). */
export const MAX_MONSTER_SPEC_LENGTH = 500;

/** The lowest level a Save takes for the one saving (a 0 HD monster saves as level 1; ruling CB-11). */
export const MONSTER_SAVE_FLOOR = 1;
