/**
 * Attribute advancement: a failed check or save marks the attribute (up to five marks); at level up
 * the marks are erased and as many d4s rolled, plus a race's bonus die; a total above the score raises
 * it by one. Rules: The Bare Bones, From Peasant to King > Attribute Advancement; ruling BB-26.
 */
import type { RandomSource } from '../../dice/random.js';
import { BareBonesError } from './errors.js';
import { convolve, type Pmf } from './damage.js';

/** Most marks one attribute may carry. */
export const MAX_ADVANCEMENT_CHECKS = 5;

/** Most bonus dice a race adds to one test. */
export const MAX_ADVANCEMENT_BONUS_DICE = 1;

/** Most dice one advancement test rolls (5 marks and the race's die: 6d4). */
export const MAX_ADVANCEMENT_DICE = MAX_ADVANCEMENT_CHECKS + MAX_ADVANCEMENT_BONUS_DICE;

/** The advancement die. */
export const ADVANCEMENT_DIE = 4;

/** An advancement test as data. */
export interface AdvancementSpec {
  readonly score: number;
  /** Marks erased. */
  readonly checks: number;
  /** The race's bonus dice for this test (0 or 1). */
  readonly bonusDice: number;
}

/** How many d4s a test rolls: the marks plus the bonus, none at all without a mark (ruling BB-26). */
export function advancementDice(spec: AdvancementSpec): number {
  if (!Number.isInteger(spec.checks) || spec.checks < 0 || spec.checks > MAX_ADVANCEMENT_CHECKS) {
    throw new BareBonesError('bare-bones/bad-spec', `checks must be 0..${MAX_ADVANCEMENT_CHECKS}, got ${spec.checks}`);
  }
  if (!Number.isInteger(spec.bonusDice) || spec.bonusDice < 0 || spec.bonusDice > MAX_ADVANCEMENT_BONUS_DICE) {
    throw new BareBonesError('bare-bones/bad-spec', `bonusDice must be 0..${MAX_ADVANCEMENT_BONUS_DICE}, got ${spec.bonusDice}`);
  }
  return spec.checks === 0 ? 0 : spec.checks + spec.bonusDice;
}

/** The one rule: the score rises when the total is higher than it. */
export function isRaised(spec: AdvancementSpec, total: number, dice: number): boolean {
  return dice > 0 && total > spec.score;
}

/** An advancement test rolled. */
export interface AdvancementRoll {
  readonly spec: AdvancementSpec;
  readonly faces: readonly number[];
  readonly total: number;
  readonly isRaised: boolean;
  /** The score after the test. */
  readonly after: number;
}

/**
 * Rolls an advancement test.
 * @example rollAdvancement(scriptedRandom([4, 4, 4, 3]), { score: 14, checks: 4, bonusDice: 0 }).after // 15
 */
export function rollAdvancement(rng: RandomSource, spec: AdvancementSpec): AdvancementRoll {
  const n = advancementDice(spec);
  const faces: number[] = [];
  for (let i = 0; i < n; i++) faces.push(rng.rollDie(ADVANCEMENT_DIE));
  const total = faces.reduce((a, b) => a + b, 0);
  const raised = isRaised(spec, total, n);
  return { spec, faces, total, isRaised: raised, after: spec.score + (raised ? 1 : 0) };
}

/** Exact odds of an advancement test: the total's PMF and the chance the score rises. */
export function advancementOdds(spec: AdvancementSpec): { readonly pmf: Pmf; readonly raised: number } {
  const n = advancementDice(spec);
  let pmf: Pmf = { min: 0, p: [1] };
  const d4: Pmf = { min: 1, p: [0.25, 0.25, 0.25, 0.25] };
  for (let i = 0; i < n; i++) pmf = convolve(pmf, d4);
  let raised = 0;
  pmf.p.forEach((p, i) => {
    if (isRaised(spec, pmf.min + i, n)) raised += p;
  });
  return { pmf, raised };
}
