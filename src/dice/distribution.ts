/**
 * Exact odds: the chance of every total of a notation, computed from the same resolved tree that
 * `rollResolved` rolls (conventions: Dice, "one definition serves both roll and odds").
 * How: shared/design/exact-odds.md (convolution for sums, CDF powers for one kept die, the outcome DP
 * for keep/drop); the engine is in keep-distribution.ts.
 */
import type { DiceExpression } from './notation/ast.js';
import { denseTotal } from './keep-distribution.js';
import { resolveExpression, type DiceOptions, type ResolvedExpression } from './resolve.js';
import { compileCached } from './roll.js';


/**
 * Options for exact odds: the chain and below-bottom policy (as for rolling) and how deep exploding
 * dice are followed (default: until the chance of going deeper is below EXPLOSION_RESIDUAL_TARGET).
 */
export interface DistributionOptions extends DiceOptions {
  /** Explosions followed per die, 0..MAX_EXPLOSION_CHAIN; a die still exploding there counts as is. */
  readonly explodeDepth?: number;
}

/** One total and its chance. */
export interface DistributionPoint {
  readonly value: number;
  readonly p: number;
}

/**
 * The chance of every total of a roll, frozen (icepool's "dice are values").
 * @example distributionOf('2d20kh1').probabilityOf(20) // 39/400 = 0.0975
 */
export class Distribution {
  /** Lowest total the dice can make (its chance may underflow to 0 far out in a long tail). */
  readonly min: number;
  /** Highest total the dice can make; with explosions, the highest within the depth followed. */
  readonly max: number;
  readonly mean: number;
  readonly variance: number;
  /**
   * Chance that some exploding die would have gone deeper than the depth followed; that mass is
   * counted at the depth limit (the last highest face as is), so the chances still sum to 1.
   */
  readonly truncatedMass: number;
  readonly #p: Float64Array;
  #atMost: Float64Array | undefined;
  #atLeast: Float64Array | undefined;

  /** `probabilities[i]` is the chance of total `min + i`; the array is copied. */
  constructor(min: number, probabilities: Float64Array | readonly number[], truncatedMass = 0) {
    if (!Number.isInteger(min)) throw new RangeError(`min must be a whole number, got ${min}`);
    if (probabilities.length === 0) throw new RangeError('a distribution needs at least one total');
    const p = adopting && probabilities instanceof Float64Array ? probabilities : Float64Array.from(probabilities);
    this.#p = p;
    this.min = min;
    this.max = min + p.length - 1;
    this.truncatedMass = truncatedMass;
    // Moments about `min` first: totals can be large, chances small.
    let m1 = 0;
    for (let i = 0; i < p.length; i++) m1 += i * p[i]!;
    let m2 = 0;
    for (let i = 0; i < p.length; i++) {
      const d = i - m1;
      m2 += d * d * p[i]!;
    }
    this.mean = min + m1;
    this.variance = m2;
    // Private fields (the lazy running sums) stay writable; nothing a caller can reach does.
    Object.freeze(this);
  }

  get standardDeviation(): number {
    return Math.sqrt(this.variance);
  }

  /** P(total = v); 0 for a value the dice cannot make. */
  probabilityOf(v: number): number {
    if (!Number.isInteger(v) || v < this.min || v > this.max) return 0;
    return this.#p[v - this.min]!;
  }

  /** P(total <= t): summed from the bottom, so a small lower tail stays exact. */
  atMost(t: number): number {
    const k = Math.floor(checked(t)) - this.min;
    if (k < 0) return 0;
    if (k >= this.#p.length - 1) return 1;
    this.#atMost ??= cumulative(this.#p, false);
    return this.#atMost[k]!;
  }

  /** P(total > t): summed from the top, so a small upper tail (a high target) stays exact. */
  above(t: number): number {
    const k = Math.floor(checked(t)) + 1 - this.min;
    if (k <= 0) return 1;
    if (k > this.#p.length - 1) return 0;
    this.#atLeast ??= cumulative(this.#p, true);
    return this.#atLeast[k]!;
  }

  /** P(total >= t), the usual "meet or beat the target". */
  atLeast(t: number): number {
    return this.above(Math.ceil(checked(t)) - 1);
  }

  /** P(total < t). */
  below(t: number): number {
    return this.atMost(Math.ceil(checked(t)) - 1);
  }

  /** Every total with a non-zero chance, lowest first. */
  points(): DistributionPoint[] {
    const out: DistributionPoint[] = [];
    const p = this.#p;
    for (let i = 0; i < p.length; i++) if (p[i]! > 0) out.push({ value: this.min + i, p: p[i]! });
    return out;
  }

  /** Plain JSON for the CLI and the wire. */
  toJSON(): { distribution: DistributionPoint[]; mean: number; truncatedMass: number } {
    return { distribution: this.points(), mean: this.mean, truncatedMass: this.truncatedMass };
  }
}

/** Set while `adopt` builds a distribution around an array nobody else holds (saves a copy). */
let adopting = false;

function adopt(min: number, p: Float64Array, truncatedMass: number): Distribution {
  adopting = true;
  try {
    return new Distribution(min, p, truncatedMass);
  } finally {
    adopting = false;
  }
}

function checked(t: number): number {
  if (Number.isNaN(t)) throw new RangeError('a threshold must be a number, got NaN');
  return t;
}

/** Running sums from the bottom (or from the top), of non-negative terms only. */
function cumulative(p: Float64Array, fromTop: boolean): Float64Array {
  const out = new Float64Array(p.length);
  let acc = 0;
  if (fromTop) {
    for (let i = p.length - 1; i >= 0; i--) out[i] = acc += p[i]!;
  } else {
    for (let i = 0; i < p.length; i++) out[i] = acc += p[i]!;
  }
  return out;
}

/**
 * The exact distribution of a resolved expression. A span of totals past MAX_DISTRIBUTION_SPAN, or
 * work past MAX_DISTRIBUTION_WORK, is a DiceError 'odds/too-wide', raised before any work starts.
 */
export function distributionOfResolved(
  resolved: ResolvedExpression,
  options: { readonly explodeDepth?: number } = {},
): Distribution {
  const total = denseTotal(resolved, options.explodeDepth === undefined ? {} : { explodeDepth: options.explodeDepth });
  return adopt(total.min, total.p, total.truncatedMass);
}

/**
 * The exact distribution of a notation (text or tree), resolved against the chain exactly as a roll
 * is; notation texts share `rollNotation`'s cache of compiled notations.
 * @example distributionOf('4d6kh3').mean // 15869/1296 ≈ 12.2446
 */
export function distributionOf(notation: string | DiceExpression, options: DistributionOptions = {}): Distribution {
  const { explodeDepth, ...dice } = options;
  const resolved = typeof notation === 'string' ? compileCached(notation, dice).resolved : resolveExpression(notation, dice);
  return distributionOfResolved(resolved, explodeDepth === undefined ? {} : { explodeDepth });
}
