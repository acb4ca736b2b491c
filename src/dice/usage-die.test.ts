import { describe, expect, it } from 'vitest';
import { expectedUsageUses, rollUsageStep, usageDistributionAfter, type UsageChain } from './usage-die.js';
import { HAMMERCRAWL_CHAIN } from './dice-chain.js';
import { scriptedRandom, seededRandom } from './random.js';
import { expectedResourceUses, resourceDistributionAfter } from '../rules/hammercrawl/resource-die.js';

const HC: UsageChain = { sides: HAMMERCRAWL_CHAIN.sides, stepDownMaxFace: 2 };
const BB: UsageChain = { sides: [4, 6, 8, 10, 12, 20], stepDownMaxFace: 3 };

describe('usage dice on any chain', () => {
  it('equals the HAMMERCRAWL! resource die Markov chain on its own chain', () => {
    for (const die of [3, 6, 12, 30]) {
      for (const uses of [0, 1, 5, 40]) {
        const a = usageDistributionAfter(HC, die, uses);
        const b = resourceDistributionAfter(die, uses);
        expect(a.map((p) => p.die)).toEqual(b.map((p) => p.die));
        a.forEach((p, i) => expect(p.p).toBeCloseTo(b[i]!.p, 14));
      }
      expect(expectedUsageUses(HC, die)).toBe(expectedResourceUses(die));
    }
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
