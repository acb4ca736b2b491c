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

/**
 * Exact distribution of a fresh usage die after `uses` uses: every die from `die` down to the
 * smallest, then `null` (gone), chances summing to 1. Each use at position i steps down with chance
 * min(1, stepDownMaxFace / sides[i]).
 * @example usageDistributionAfter({ sides: [4, 6], stepDownMaxFace: 3 }, 4, 1) // [{ die: 4, p: 0.25 }, { die: null, p: 0.75 }]
 */
export function usageDistributionAfter(chain: UsageChain, die: number, uses: number): UsagePoint[] {
  const top = usagePosition(chain, die);
  if (top < 0) throw new RangeError(`d${die} is not on the usage chain`);
  const down = chain.sides.map((s) => Math.min(1, chain.stepDownMaxFace / s));
  // v[0] = P(gone), v[i + 1] = P(at position i)
  const v = new Float64Array(top + 2);
  v[top + 1] = 1;
  for (let n = 0; n < uses; n++) {
    v[0] = v[0]! + v[1]! * down[0]!;
    for (let i = 0; i < top; i++) v[i + 1] = v[i + 1]! * (1 - down[i]!) + v[i + 2]! * down[i + 1]!;
    v[top + 1] = v[top + 1]! * (1 - down[top]!);
  }
  const points: UsagePoint[] = [];
  let alive = 0;
  for (let i = top; i >= 0; i--) {
    points.push({ die: chain.sides[i]!, p: v[i + 1]! });
    alive += v[i + 1]!;
  }
  // Near 1 the running sum carries every addition's rounding; 1 - P(alive) is then the better figure.
  points.push({ die: null, p: v[0]! <= 0.5 ? v[0]! : 1 - alive });
  return points;
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
