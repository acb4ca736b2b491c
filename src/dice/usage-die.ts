/**
 * Usage dice on any chain: a die rolled after each use that steps down on a low face and is gone
 * below the smallest die. HAMMERCRAWL! (resource dice, 1-2), The Bare Bones (usage dice, 1-3) and The
 * Exalted Hack (usage dice, 1-2) differ only in the chain and the faces, so the Markov chain lives here.
 */
import type { RandomSource } from './random.js';

/** A usage die's rules: die sizes smallest first, and the highest face that steps it down. */
export interface UsageChain {
  readonly sides: readonly number[];
  readonly stepDownMaxFace: number;
}

/** One point of a usage die's distribution: a die, or `null` (gone), and its chance. */
export interface UsagePoint {
  readonly die: number | null;
  readonly p: number;
}

/** The roll after one use. */
export interface UsageStep {
  readonly die: number;
  readonly face: number;
  readonly isSteppedDown: boolean;
  readonly after: number | null;
}

/** The position of `die` on the chain, or -1. */
export function usagePosition(chain: UsageChain, die: number): number {
  return chain.sides.indexOf(die);
}

/**
 * Rolls a usage die after a use: a face at or below `stepDownMaxFace` steps it down a size, and the
 * smallest die stepping down is gone (`after: null`). `die` must be on the chain (the caller checks).
 * @example rollUsageStep(scriptedRandom([3]), { sides: [4, 6], stepDownMaxFace: 3 }, 6).after // 4
 */
export function rollUsageStep(rng: RandomSource, chain: UsageChain, die: number): UsageStep {
  const at = usagePosition(chain, die);
  if (at < 0) throw new RangeError(`d${die} is not on the usage chain ${chain.sides.map((s) => `d${s}`).join(' ')}`);
  const face = rng.rollDie(die);
  if (face > chain.stepDownMaxFace) return { die, face, isSteppedDown: false, after: die };
  return { die, face, isSteppedDown: true, after: at === 0 ? null : chain.sides[at - 1]! };
}

/** The chain position of a fresh die, and the chance of stepping down at each position. */
function markovStart(chain: UsageChain, die: number): { readonly top: number; readonly down: readonly number[] } {
  const top = usagePosition(chain, die);
  if (top < 0) throw new RangeError(`d${die} is not on the usage chain`);
  return { top, down: chain.sides.map((s) => Math.min(1, chain.stepDownMaxFace / s)) };
}

/** A fresh die as a vector: `v[0]` is P(gone), `v[i + 1]` P(at chain position i). */
function freshVector(top: number): Float64Array {
  const v = new Float64Array(top + 2);
  v[top + 1] = 1;
  return v;
}

/**
 * One use in place. Each use at position i steps down with chance `down[i]`; ascending order reads
 * every old value before it is overwritten.
 */
function stepInPlace(v: Float64Array, top: number, down: readonly number[]): void {
  v[0] = v[0]! + v[1]! * down[0]!;
  for (let i = 0; i < top; i++) v[i + 1] = v[i + 1]! * (1 - down[i]!) + v[i + 2]! * down[i + 1]!;
  v[top + 1] = v[top + 1]! * (1 - down[top]!);
}

/**
 * P(gone) from the vector. The running sum `v[0]` is accurate while it is small; near 1 it carries
 * the rounding of every addition, so there 1 - P(still usable) is used instead (the dice summed
 * smallest first), the chances of the dice being accurate to their last digits. Both are monotone
 * in the number of uses.
 */
function goneOf(v: Float64Array, top: number): number {
  if (v[0]! <= 0.5) return v[0]!;
  let alive = 0;
  for (let i = 1; i <= top + 1; i++) alive += v[i]!;
  return 1 - alive;
}

/** The distribution the vector stands for: the fresh die down to the smallest, then `null` (gone). */
function pointsOf(chain: UsageChain, v: Float64Array, top: number): UsagePoint[] {
  const points: UsagePoint[] = [];
  for (let i = top; i >= 0; i--) points.push({ die: chain.sides[i]!, p: v[i + 1]! });
  points.push({ die: null, p: goneOf(v, top) });
  return points;
}

/**
 * Exact distribution of a fresh usage die after `uses` uses: every die from `die` down to the
 * smallest, then `null` (gone), chances summing to 1. Each use at position i steps down with chance
 * min(1, stepDownMaxFace / sides[i]): a Markov chain over the positions plus "gone".
 * @example usageDistributionAfter({ sides: [4, 6], stepDownMaxFace: 3 }, 4, 1) // [{ die: 4, p: 0.25 }, { die: null, p: 0.75 }]
 */
export function usageDistributionAfter(chain: UsageChain, die: number, uses: number): UsagePoint[] {
  const { top, down } = markovStart(chain, die);
  const v = freshVector(top);
  for (let n = 0; n < uses; n++) stepInPlace(v, top, down);
  return pointsOf(chain, v, top);
}

/**
 * The distributions after 0, 1, ..., `maxUses` uses in one pass (index n: after n uses), each as
 * `usageDistributionAfter(chain, die, n)` gives it.
 * @example usageDistributions({ sides: [4, 6], stepDownMaxFace: 3 }, 4, 1)[1] // [{ die: 4, p: 0.25 }, { die: null, p: 0.75 }]
 */
export function usageDistributions(chain: UsageChain, die: number, maxUses: number): UsagePoint[][] {
  const { top, down } = markovStart(chain, die);
  const v = freshVector(top);
  const all: UsagePoint[][] = [pointsOf(chain, v, top)];
  for (let n = 0; n < maxUses; n++) {
    stepInPlace(v, top, down);
    all.push(pointsOf(chain, v, top));
  }
  return all;
}

/**
 * P(gone within n uses) for n = 0..`maxUses` (index n), from a fresh `die`: the last point of each
 * of `usageDistributions`, without building them.
 * @example usageGoneCurve({ sides: [4, 6], stepDownMaxFace: 3 }, 4, 2) // Float64Array [0, 0.75, 0.9375]
 */
export function usageGoneCurve(chain: UsageChain, die: number, maxUses: number): Float64Array {
  const { top, down } = markovStart(chain, die);
  const v = freshVector(top);
  const curve = new Float64Array(maxUses + 1);
  for (let n = 1; n <= maxUses; n++) {
    stepInPlace(v, top, down);
    curve[n] = goneOf(v, top);
  }
  return curve;
}

/**
 * Expected uses a fresh die gives, the use that makes it gone included: a geometric wait of
 * sides / stepDownMaxFace uses at each size (1 use where every face steps down).
 * @example expectedUsageUses({ sides: [4, 6, 8], stepDownMaxFace: 3 }, 8) // 4/3 + 2 + 8/3
 */
export function expectedUsageUses(chain: UsageChain, die: number): number {
  const top = usagePosition(chain, die);
  if (top < 0) throw new RangeError(`d${die} is not on the usage chain`);
  let sum = 0;
  for (let i = 0; i <= top; i++) sum += Math.max(1, chain.sides[i]! / chain.stepDownMaxFace);
  return sum;
}
