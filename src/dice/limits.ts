/**
 * Input limits of the dice engine. Every limit is tested at the limit and one past it.
 * They keep a single request from costing the table server (or a browser tab) more than a
 * few milliseconds, while staying far above anything a real table asks for.
 */

/** Longest notation text accepted, in UTF-16 code units. */
export const MAX_NOTATION_LENGTH = 256;
/** Most dice one term may roll, counting the extra die that advantage or disadvantage adds. */
export const MAX_DICE_PER_TERM = 100;
/** Most dice one whole expression may roll (sum over its terms). */
export const MAX_DICE_PER_EXPRESSION = 1000;
/** Most extra rolls one exploding die may add before the roll stops with an error. */
export const MAX_EXPLOSION_CHAIN = 100;
/** Most times one die may be re-rolled ("re-roll until") before the roll stops with an error. */
export const MAX_REROLLS = 1000;
/**
 * A "re-roll until" is refused when the chance that one die runs past MAX_REROLLS is above this
 * (1d100r<97 is fine; 1d1000r<999 would fail a third of its rolls).
 */
export const REROLL_LIMIT_RISK = 1e-12;
/** Largest number of sides a plain die may have (d1000 tables exist; d10000 does not). */
export const MAX_DIE_SIDES = 1000;
/** Largest step modifier, up or down, on one die term. */
export const MAX_STEP_AMOUNT = 100;
/** Largest constant written in notation. */
export const MAX_CONSTANT = 1_000_000;
/** Compiled rolls kept by `rollNotation` for repeated notation texts. */
export const COMPILED_ROLL_CACHE_SIZE = 512;
/** Largest span (max - min + 1) of values an exact distribution may have. */
export const MAX_DISTRIBUTION_SPAN = 1_000_000;
/**
 * Most inner-loop steps (multiply-adds, estimated before any work starts) one exact distribution may
 * take: 1-3 s of one core at the 1-3 ns a step measured here. The span limit alone does not bound the
 * cost: 100d1000kh50 spans only 49,951 totals but the keep DP would need about 2·10^10 steps.
 */
export const MAX_DISTRIBUTION_WORK = 1_000_000_000;
/** Exploding dice in exact odds are followed until the chance of going further is below this. */
export const EXPLOSION_RESIDUAL_TARGET = 1e-12;
