// Usage dice: 1-3 steps down the Bare Bones chain, a d4 stepping down is used up; exact odds from the
// shared Markov chain against seeded Monte Carlo; never a step up.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BARE_BONES_CHAIN } from '../../dice/dice-chain.js';
import { scriptedRandom, seededRandom } from '../../dice/random.js';
import { expectWithinFourSigma } from '../../../test/monte-carlo.js';
import { MAX_USAGE_USES, USAGE_START_DIE, rollUsage, usageOdds } from './usage-dice.js';

function stepOnce(die: number, face: number) {
  const r = rollUsage(scriptedRandom([face]), die);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('usage dice (Dead Weight > Usage Dice)', () => {
  it('scenario: a d10 torch rolls 3 and drops to d8; 4 holds; a d4 rolling 2 is used up', () => {
    expect(stepOnce(10, 3)).toMatchObject({ isSteppedDown: true, after: 8 });
    expect(stepOnce(10, 4)).toMatchObject({ isSteppedDown: false, after: 10 });
    expect(stepOnce(4, 2)).toMatchObject({ isSteppedDown: true, after: null, explanation: 'd4 rolled 2 (1-3): used up' });
    expect(stepOnce(20, 1).after).toBe(12);
    expect([USAGE_START_DIE.usual, USAGE_START_DIE.fine]).toEqual([10, 12]);
  });

  it('property: a usage die never steps up, and moves at most one step', () => {
    fc.assert(
      fc.property(fc.constantFrom(...BARE_BONES_CHAIN.sides), fc.integer({ min: 0, max: 2 ** 31 }), (die, seed) => {
        const r = rollUsage(seededRandom(seed), die);
        if (!r.ok) throw new Error(r.error.message);
        const at = BARE_BONES_CHAIN.sides.indexOf(die as never);
        // Used up only from the smallest die; otherwise the same die or the next smaller.
        if (r.value.after === null) expect(at).toBe(0);
        else {
          expect(BARE_BONES_CHAIN.sides.indexOf(r.value.after as never)).toBeGreaterThanOrEqual(at - 1);
          expect(r.value.after).toBeLessThanOrEqual(die);
        }
      }),
    );
  });

  it('exact odds: one use of a d10 is d10 0.7 / d8 0.3; a d4 lasts 4/3 uses on average', () => {
    const one = usageOdds(10, 1);
    if (!one.ok) throw new Error(one.error.message);
    expect(one.value.distribution[0]).toEqual({ die: 10, p: 0.7 });
    expect(one.value.distribution[1]!.p).toBeCloseTo(0.3, 15);
    const d4 = usageOdds(4, 0);
    if (!d4.ok) throw new Error(d4.error.message);
    expect(d4.value.expectedUses).toBeCloseTo(4 / 3, 15);
  });

  it('exact odds against seeded Monte Carlo: a d12 after 10 uses', () => {
    const o = usageOdds(12, 10);
    if (!o.ok) throw new Error(o.error.message);
    const rng = seededRandom(99);
    const n = 20_000;
    const counts = new Map<number | null, number>();
    for (let t = 0; t < n; t++) {
      let die: number | null = 12;
      for (let u = 0; u < 10 && die !== null; u++) {
        const r = rollUsage(rng, die);
        if (!r.ok) throw new Error(r.error.message);
        die = r.value.after;
      }
      counts.set(die, (counts.get(die) ?? 0) + 1);
    }
    for (const point of o.value.distribution) expectWithinFourSigma(counts.get(point.die) ?? 0, n, point.p, 0, String(point.die));
    expect(o.value.distribution.reduce((a, x) => a + x.p, 0)).toBeCloseTo(1, 12);
  });

  it('mistakes and limits: off-chain dice and use counts at and past the limit', () => {
    expect(rollUsage(seededRandom(1), 3)).toMatchObject({ ok: false, error: { code: 'bare-bones/not-a-usage-die' } });
    expect(usageOdds(7, 1)).toMatchObject({ ok: false, error: { code: 'bare-bones/not-a-usage-die' } });
    expect(usageOdds(10, MAX_USAGE_USES).ok).toBe(true);
    expect(usageOdds(10, MAX_USAGE_USES + 1)).toMatchObject({ ok: false, error: { code: 'bare-bones/uses-out-of-range', path: '$.uses' } });
    expect(usageOdds(10, -1).ok).toBe(false);
  });
});
