import { describe, expect, it } from 'vitest';
import { enumeratePaths, enumeratedChances } from '../../test/enumerate.js';
import { expectedUsageUses, rollUsageStep, usageDistributionAfter, usageDistributions, usageGoneCurve, type UsageChain } from './usage-die.js';
import { scriptedRandom, seededRandom } from './random.js';

const BB: UsageChain = { sides: [4, 6, 8, 10, 12, 20], stepDownMaxFace: 3 };
/** A chain whose smallest die steps down on every face. */
const SMALL: UsageChain = { sides: [2, 3, 5], stepDownMaxFace: 2 };

/** The die after `uses` uses, rolled one use at a time (stopping once gone). */
function rollAfter(rng: Parameters<typeof rollUsageStep>[0], chain: UsageChain, die: number, uses: number): string {
  let current: number | null = die;
  for (let u = 0; u < uses && current !== null; u++) current = rollUsageStep(rng, chain, current).after;
  return current === null ? 'gone' : `d${current}`;
}

describe('usage dice on any chain', () => {
  it.each([
    [BB, 8, 3],
    [BB, 20, 2],
    [SMALL, 5, 4],
    [SMALL, 2, 1],
  ] as const)('the exact distribution equals every face path through rollUsageStep (%j d%i, %i uses)', (chain, die, uses) => {
    const exact = enumeratedChances(enumeratePaths((rng) => rollAfter(rng, chain, die, uses), { maxPaths: 500_000 }));
    const ours = usageDistributionAfter(chain, die, uses);
    for (const { die: d, p } of ours) expect(Math.abs(p - (exact.get(d === null ? 'gone' : `d${d}`) ?? 0))).toBeLessThan(1e-12);
    expect(ours.reduce((sum, point) => sum + point.p, 0)).toBeCloseTo(1, 12);
    for (const k of exact.keys()) expect(ours.some((point) => (point.die === null ? 'gone' : `d${point.die}`) === k)).toBe(true);
  });

  it('the distributions and the gone curve of one pass equal the distribution after each count of uses', () => {
    const all = usageDistributions(BB, 12, 60);
    const curve = usageGoneCurve(BB, 12, 60);
    expect(all).toHaveLength(61);
    expect(curve).toHaveLength(61);
    for (let n = 0; n <= 60; n++) {
      expect(all[n]).toEqual(usageDistributionAfter(BB, 12, n));
      expect(curve[n]).toBe(all[n]![all[n]!.length - 1]!.p);
    }
    expect(usageGoneCurve(BB, 4, 2)).toEqual(new Float64Array([0, 0.75, 0.9375]));
  });

  it('a d4 stepping on 1-3 is gone after one use with chance 3/4', () => {
    expect(usageDistributionAfter(BB, 4, 1)).toEqual([{ die: 4, p: 0.25 }, { die: null, p: 0.75 }]);
    expect(expectedUsageUses(BB, 6)).toBeCloseTo(4 / 3 + 2, 14);
  });

  it('rolling matches the exact distribution (seeded, 200,000 runs of 5 uses, 4 sigma)', () => {
    const rng = seededRandom(7);
    const n = 200_000;
    const counts = new Map<number | null, number>();
    for (let r = 0; r < n; r++) {
      let die: number | null = 8;
      for (let u = 0; u < 5 && die !== null; u++) die = rollUsageStep(rng, BB, die).after;
      counts.set(die, (counts.get(die) ?? 0) + 1);
    }
    for (const point of usageDistributionAfter(BB, 8, 5)) {
      const sigma = Math.sqrt((point.p * (1 - point.p)) / n);
      expect(Math.abs((counts.get(point.die) ?? 0) / n - point.p)).toBeLessThanOrEqual(4 * sigma + 1e-12);
    }
  });

  it('steps down on the highest stepping face and not above it; the smallest die is gone', () => {
    expect(rollUsageStep(scriptedRandom([3]), BB, 6)).toEqual({ die: 6, face: 3, isSteppedDown: true, after: 4 });
    expect(rollUsageStep(scriptedRandom([4]), BB, 6).after).toBe(6);
    expect(rollUsageStep(scriptedRandom([1]), BB, 4).after).toBeNull();
    expect(() => rollUsageStep(scriptedRandom([1]), BB, 5)).toThrow(RangeError);
  });
});
