// Usage dice (Inventory and Usage): exact odds against brute force and seeded Monte Carlo, the die never
// steps up, spend, and the limits.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scriptedRandom, seededRandom } from '../../dice/random.js';
import { enumeratePaths, enumeratedChances } from '../../../test/enumerate.js';
import { expectMeanWithinFourSigma, expectWithinFourSigma, tally } from '../../../test/monte-carlo.js';
import { MAX_USAGE_USES, USAGE_DICE, rollUsage, spendUsage, usageOdds } from './usage-die.js';

function rollUses(rng: { rollDie(s: number): number }, die: number, uses: number): number | null {
  let d: number | null = die;
  for (let i = 0; i < uses && d !== null; i++) {
    const r = rollUsage(rng, d);
    if (!r.ok) throw new Error(r.error.message);
    d = r.value.after;
  }
  return d;
}

describe('usage dice (Inventory and Usage)', () => {
  it('a 1 or 2 burns a step; a 3 holds; a d4 burning is gone', () => {
    expect(rollUsage(scriptedRandom([2]), 8)).toMatchObject({ ok: true, value: { after: 6, isSteppedDown: true } });
    expect(rollUsage(scriptedRandom([1]), 12)).toMatchObject({ ok: true, value: { after: 10 } });
    expect(rollUsage(scriptedRandom([3]), 4)).toMatchObject({ ok: true, value: { after: 4, isSteppedDown: false } });
    expect(rollUsage(scriptedRandom([2]), 4)).toMatchObject({ ok: true, value: { after: null } });
  });

  it('spend steps down without a roll', () => {
    expect(spendUsage(12)).toEqual({ ok: true, value: 10 });
    expect(spendUsage(4)).toEqual({ ok: true, value: null });
    expect(spendUsage(20).ok).toBe(false);
  });

  it('a die off the chain is a problem with a path', () => {
    const r = rollUsage(scriptedRandom([1]), 20);
    expect(r.ok ? null : r.error).toMatchObject({ code: 'exalted-hack/not-a-usage-die', path: '$.die' });
  });

  it('property: a usage die never steps up, and moves at most one step per use', () => {
    fc.assert(fc.property(fc.constantFrom(...USAGE_DICE), fc.integer({ min: 0, max: 0xffffffff }), (die, seed) => {
      const rng = seededRandom(seed);
      let d: number | null = die;
      for (let i = 0; i < 40 && d !== null; i++) {
        const r = rollUsage(rng, d);
        if (!r.ok) return false;
        const after = r.value.after;
        if (after !== null && after > d) return false;
        const at = USAGE_DICE.indexOf(d as (typeof USAGE_DICE)[number]);
        if (after !== null && USAGE_DICE.indexOf(after as (typeof USAGE_DICE)[number]) < at - 1) return false;
        d = after;
      }
      return true;
    }), { numRuns: 300 });
  });

  it.each([[4, 3], [6, 3], [8, 2], [12, 2]])('exact odds of d%i after %i uses against brute force', (die, uses) => {
    const exact = usageOdds(die, uses);
    if (!exact.ok) throw new Error(exact.error.message);
    const e = enumeratedChances(enumeratePaths((rng) => rollUses(rng, die, uses)));
    for (const p of exact.value.distribution) expect(p.p, `d${p.die}`).toBeCloseTo(e.get(p.die) ?? 0, 12);
    expect(exact.value.distribution.reduce((s, p) => s + p.p, 0)).toBeCloseTo(1, 12);
  });

  it('exact odds against seeded Monte Carlo: a d12 after 10 uses, and the expected uses', () => {
    const exact = usageOdds(12, 10);
    if (!exact.ok) throw new Error(exact.error.message);
    const rng = seededRandom(4242);
    const n = 20_000;
    const counts = tally(n, () => rollUses(rng, 12, 10));
    for (const p of exact.value.distribution) expectWithinFourSigma(counts.get(p.die) ?? 0, n, p.p, 1 / n, `d${p.die}`);
    // uses until gone: 2 + 3 + 4 + 5 + 6 = 20 expected
    expect(exact.value.expectedUses).toBeCloseTo(20, 12);
    const lives: number[] = [];
    for (let i = 0; i < 5000; i++) {
      let d: number | null = 12;
      let k = 0;
      while (d !== null) {
        const r = rollUsage(rng, d);
        if (!r.ok) throw new Error(r.error.message);
        d = r.value.after;
        k++;
      }
      lives.push(k);
    }
    const mean = lives.reduce((a, b) => a + b, 0) / lives.length;
    // each stage is geometric with p = 2/s: variance (1 - p) / p^2
    const variance = [4, 6, 8, 10, 12].reduce((v, s) => v + (1 - 2 / s) / (2 / s) ** 2, 0);
    expectMeanWithinFourSigma(mean, 20, variance, lives.length);
  });

  it('uses at the limit and one past', () => {
    expect(usageOdds(12, MAX_USAGE_USES).ok).toBe(true);
    const past = usageOdds(12, MAX_USAGE_USES + 1);
    expect(past.ok ? null : past.error.code).toBe('exalted-hack/uses-out-of-range');
    expect(usageOdds(12, -1).ok).toBe(false);
    expect(usageOdds(12, 0)).toMatchObject({ ok: true, value: { depleted: 0 } });
  });
});
