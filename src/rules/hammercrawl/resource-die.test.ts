import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HAMMERCRAWL_CHAIN } from '../../dice/dice-chain.js';
import { DiceError } from '../../dice/errors.js';
import { scriptedRandom, seededRandom } from '../../dice/random.js';
import { expectedUsageUses, rollUsageStep, usageDistributionAfter, usageDistributions, usageGoneCurve } from '../../dice/usage-die.js';
import { enumeratePaths, enumeratedChances } from '../../../test/enumerate.js';
import { expectMeanWithinFourSigma, expectWithinFourSigma, tally } from '../../../test/monte-carlo.js';
import {
  MAX_RESOURCE_USES,
  RESOURCE_CHAIN,
  RESOURCE_DICE,
  ResourceError,
  expectedResourceUses,
  resourceDepletionCurve,
  resourceDistributionAfter,
  resourceDistributions,
  resourceOdds,
  resourceStepDown,
  rollResourceUse,
  rollResourceUses,
  type ResourceDieState,
} from './resource-die.js';

const DICE = HAMMERCRAWL_CHAIN.sides;

const stateKey = (s: ResourceDieState): string => (s === null ? 'depleted' : `d${s}`);

// ---------------------------------------------------------------------------------------------

describe('rollResourceUse (RESOURCES)', () => {
  it('keeps the die on 3 or more', () => {
    for (const face of [3, 7, 12]) {
      const use = rollResourceUse(scriptedRandom([face]), 12);
      expect(use).toMatchObject({ die: 12, face, isSteppedDown: false, after: 12 });
      expect(use.explanation).toBe(`d12 rolled ${face}: stays d12`);
    }
  });

  it('steps a d12 down to d10 on a 1 or a 2 (the rules example)', () => {
    for (const face of [1, 2]) {
      const use = rollResourceUse(scriptedRandom([face]), 12);
      expect(use).toMatchObject({ die: 12, face, isSteppedDown: true, after: 10 });
      expect(use.explanation).toBe(`d12 rolled ${face} (1 or 2): steps down to d10`);
    }
  });

  it('depletes a d3 on a 1 or a 2, and keeps it on a 3', () => {
    expect(rollResourceUse(scriptedRandom([2]), 3)).toMatchObject({ after: null, isSteppedDown: true });
    expect(rollResourceUse(scriptedRandom([1]), 3).explanation).toContain('depleted');
    expect(rollResourceUse(scriptedRandom([3]), 3)).toMatchObject({ after: 3, isSteppedDown: false });
  });

  it('walks the whole chain down one step at a time', () => {
    let die: ResourceDieState = 30;
    const seen: (number | null)[] = [die];
    while (die !== null) {
      die = rollResourceUse(scriptedRandom([1]), die).after;
      seen.push(die);
    }
    expect(seen).toEqual([...[...DICE].reverse(), null]);
  });

  it('refuses a depleted resource and a die off the chain, with typed errors', () => {
    expect(() => rollResourceUse(scriptedRandom([1]), null)).toThrow(ResourceError);
    try {
      rollResourceUse(scriptedRandom([1]), null);
    } catch (e) {
      expect((e as ResourceError).code).toBe('resource/depleted');
    }
    for (const bad of [2, 9, 11, 100, 0, -4, 3.5, 31]) {
      const call = () => rollResourceUse(scriptedRandom([1]), bad);
      expect(call).toThrow(DiceError);
      expect(call).toThrow(/not on the HAMMERCRAWL! dice chain/);
    }
    try {
      resourceStepDown(9);
    } catch (e) {
      expect((e as DiceError).code).toBe('chain/not-on-chain');
    }
  });
});

describe('rollResourceUses', () => {
  it('rolls each use in order and stops once depleted', () => {
    const rng = scriptedRandom([4, 1, 2, 3, 9]);
    const r = rollResourceUses(rng, 4, 10);
    expect(r.uses.map((u) => [u.die, u.face, u.after])).toEqual([
      [4, 4, 4],
      [4, 1, 3],
      [3, 2, null],
    ]);
    expect(r.after).toBeNull();
    expect(r.requested).toBe(10);
    expect(rng.used).toBe(3);
  });

  it('makes every use asked for while the die lasts', () => {
    const r = rollResourceUses(scriptedRandom([5, 5, 5]), 12, 3);
    expect(r.uses).toHaveLength(3);
    expect(r.after).toBe(12);
    expect(rollResourceUses(scriptedRandom([]), 12, 0).uses).toEqual([]);
  });

  it('takes 0..MAX_RESOURCE_USES uses, and no more', () => {
    expect(rollResourceUses(seededRandom(1), 30, MAX_RESOURCE_USES).after).toBeNull();
    for (const bad of [MAX_RESOURCE_USES + 1, -1, 1.5, Number.NaN]) {
      expect(() => rollResourceUses(seededRandom(1), 30, bad)).toThrow(ResourceError);
    }
  });
});

describe('exact odds against brute force (every face path through rollResourceUses)', () => {
  const cases: [number, number][] = [];
  for (const die of DICE) for (const uses of [0, 1, 2, 3]) cases.push([die, uses]);
  for (const die of [3, 4, 5, 6]) for (const uses of [4, 5, 6]) cases.push([die, uses]);

  it.each(cases)('d%i after %i uses', (die, uses) => {
    // Exact oracle (test/enumerate.ts): every face path through rollResourceUses, nothing here knows the rules.
    const exact = enumeratedChances(enumeratePaths((rng) => rollResourceUses(rng, die, uses).after, { key: stateKey, maxPaths: 500_000 }));
    const ours = resourceDistributionAfter(die, uses);
    expect(ours.map((p) => p.die)).toEqual([...DICE.filter((s) => s <= die).reverse(), null]);
    let sum = 0;
    for (const { die: state, p } of ours) {
      const want = exact.get(stateKey(state));
      expect(Math.abs(p - (want ?? 0))).toBeLessThan(1e-12);
      sum += p;
    }
    expect(sum).toBeCloseTo(1, 12);
    // Every path the roller can take ends in one of the listed states.
    for (const k of exact.keys()) expect(ours.some((p) => stateKey(p.die) === k)).toBe(true);
  });

  it('P(depleted within 2 uses) of a d3 is 8/9, of a d4 is 1/6 (2/4 * 2/3)', () => {
    expect(resourceDepletionCurve(3, 2)[2]).toBeCloseTo(8 / 9, 15);
    expect(resourceDepletionCurve(4, 2)[2]).toBeCloseTo(1 / 3, 15);
  });
});

describe('exact odds against seeded Monte Carlo (4 sigma)', () => {
  it.each([
    [12, 20],
    [6, 5],
    [30, 60],
  ])('d%i after %i uses', (die, uses) => {
    const trials = 20_000;
    const rng = seededRandom(die * 1000 + uses);
    const counts = tally(trials, () => stateKey(rollResourceUses(rng, die, uses).after));
    for (const { die: state, p } of resourceDistributionAfter(die, uses)) {
      expectWithinFourSigma(counts.get(stateKey(state)) ?? 0, trials, p, 1 / trials);
    }
  });
});

describe('expected uses before a fresh die is depleted (the depleting use counted)', () => {
  it('is the sum of X/2 over the dice from the fresh one down to d3', () => {
    expect(expectedResourceUses(3)).toBe(1.5);
    expect(expectedResourceUses(4)).toBe(3.5);
    expect(expectedResourceUses(12)).toBe(27.5);
    expect(expectedResourceUses(30)).toBe(79.5);
    expect(() => expectedResourceUses(9)).toThrow(DiceError);
  });

  it.each(DICE.map((d) => [d]))('d%i: equals the sum over n of P(not depleted after n uses)', (die) => {
    const curve = resourceDepletionCurve(die, MAX_RESOURCE_USES);
    let sum = 0;
    for (let n = 0; n < curve.length; n++) sum += 1 - curve[n]!;
    expect(sum).toBeCloseTo(expectedResourceUses(die), 9);
  });

  it.each([[3], [8], [20]])('d%i: matches seeded Monte Carlo (4 sigma)', (die) => {
    const trials = 20_000;
    const rng = seededRandom(7 + die);
    let total = 0;
    for (let t = 0; t < trials; t++) total += rollResourceUses(rng, die, MAX_RESOURCE_USES).uses.length;
    // Variance of a sum of geometric waits: sum of (1 - p) / p^2 with p = 2/X.
    const variance = DICE.filter((s) => s <= die).reduce((v, s) => v + (1 - 2 / s) / (2 / s) ** 2, 0);
    expectMeanWithinFourSigma(total / trials, expectedResourceUses(die), variance, trials);
  });
});

describe('properties', () => {
  const dieArb = fc.constantFrom(...DICE);

  it('P(depleted within N) is non-decreasing in N', () => {
    fc.assert(
      fc.property(dieArb, fc.integer({ min: 0, max: 400 }), (die, n) => {
        const curve = resourceDepletionCurve(die, n + 1);
        expect(curve[n + 1]!).toBeGreaterThanOrEqual(curve[n]!);
      }),
      { numRuns: 300 },
    );
  });

  it('P(depleted within N) decreases with the die size (strictly once the smaller die can deplete)', () => {
    const reached = { strict: 0, zero: 0 };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: DICE.length - 2 }), fc.integer({ min: 1, max: DICE.length - 1 }), fc.integer({ min: 0, max: 300 }), (i, gap, n) => {
        const j = Math.min(DICE.length - 1, i + gap);
        const small = resourceDepletionCurve(DICE[i]!, n)[n]!;
        const large = resourceDepletionCurve(DICE[j]!, n)[n]!;
        expect(small).toBeGreaterThanOrEqual(large);
        // The smaller die needs i + 1 step-downs to deplete; before that both chances are 0.
        if (n >= i + 1 && small < 1) {
          reached.strict += 1;
          expect(small).toBeGreaterThan(large);
        }
        if (n <= i) {
          reached.zero += 1;
          expect(small).toBe(0);
        }
      }),
      { numRuns: 300 },
    );
    // Both cases were reached by the runs.
    expect(reached.strict).toBeGreaterThan(0);
    expect(reached.zero).toBeGreaterThan(0);
  });

  it('the distribution sums to 1, lists the fresh die down to d3 then depleted, and agrees with the curve', () => {
    fc.assert(
      fc.property(dieArb, fc.integer({ min: 0, max: 200 }), (die, n) => {
        const points = resourceDistributionAfter(die, n);
        expect(points.reduce((s, x) => s + x.p, 0)).toBeCloseTo(1, 12);
        expect(points.every((x) => x.p >= 0)).toBe(true);
        expect(points[points.length - 1]!.die).toBeNull();
        expect(points[points.length - 1]!.p).toBe(resourceDepletionCurve(die, n)[n]);
        expect(resourceDistributions(die, n)[n]).toEqual(points);
        expect(resourceOdds(die, n)).toEqual({ die, uses: n, depleted: points[points.length - 1]!.p, expectedUses: expectedResourceUses(die), distribution: points });
      }),
      { numRuns: 200 },
    );
  });
});

describe('limits', () => {
  it('odds take up to MAX_RESOURCE_USES uses, and not one more', () => {
    expect(MAX_RESOURCE_USES).toBe(10_000);
    expect(resourceDistributionAfter(30, MAX_RESOURCE_USES).at(-1)!.p).toBe(1);
    expect(resourceDepletionCurve(30, MAX_RESOURCE_USES)).toHaveLength(MAX_RESOURCE_USES + 1);
    for (const f of [resourceDistributionAfter, resourceDepletionCurve, resourceDistributions, resourceOdds]) {
      expect(() => f(12, MAX_RESOURCE_USES + 1)).toThrow(ResourceError);
      expect(() => f(12, -1)).toThrow(/whole number from 0 to 10000/);
    }
  });

  it('RESOURCE_DICE is the chain, d3 to d30', () => {
    expect(RESOURCE_DICE).toEqual([3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24, 30]);
  });
});

describe('a resource die is the usage die of src/dice on the HAMMERCRAWL! chain, stepping down on 1-2', () => {
  it('gives the same odds, bit for bit, and the same expected uses', () => {
    expect(RESOURCE_CHAIN).toEqual({ sides: DICE, stepDownMaxFace: 2 });
    for (const die of DICE) {
      for (const uses of [0, 1, 5, 40, 400]) expect(resourceDistributionAfter(die, uses)).toEqual(usageDistributionAfter(RESOURCE_CHAIN, die, uses));
      expect(resourceDistributions(die, 50)).toEqual(usageDistributions(RESOURCE_CHAIN, die, 50));
      expect(resourceDepletionCurve(die, 200)).toEqual(usageGoneCurve(RESOURCE_CHAIN, die, 200));
      expect(expectedResourceUses(die)).toBe(expectedUsageUses(RESOURCE_CHAIN, die));
    }
  });

  it('rolls as the usage die rolls, from the same faces', () => {
    for (const die of DICE) {
      for (const face of [1, 2, 3, die]) {
        const use = rollResourceUse(scriptedRandom([face]), die);
        const step = rollUsageStep(scriptedRandom([face]), RESOURCE_CHAIN, die);
        expect({ die: use.die, face: use.face, isSteppedDown: use.isSteppedDown, after: use.after }).toEqual(step);
      }
    }
  });
});
