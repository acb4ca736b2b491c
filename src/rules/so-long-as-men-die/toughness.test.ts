import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scriptedRandom, seededRandom } from '../../dice/random.js';
import { enumeratePaths, enumeratedChances } from '../../../test/enumerate.js';
import {
  FULL_MEAL_QUALITIES,
  MAX_SLEEP_HOURS,
  MAX_TOUGHNESS_DICE,
  MIN_SLEEP_HOURS,
  exhaustFaces,
  exhaustToughness,
  mealQualities,
  recoverToughness,
  rollFromPool,
  rollSoak,
  rollToughnessDice,
  soakOutcomes,
  toughnessDiceFor,
  type Rest,
  type ToughnessPool,
} from './toughness.js';

const feast: Rest = { meal: ['hot', 'meat'], substitutes: [], sleepHours: 8 };

describe('exhaustion faces (Toughness; Traits; SL-11)', () => {
  it('5-6 by default; Sickly adds 4; Artful Dodger drops 5 without armour only', () => {
    expect(exhaustFaces([], false)).toEqual([5, 6]);
    expect(exhaustFaces(['sickly'], false)).toEqual([4, 5, 6]);
    expect(exhaustFaces(['artful-dodger'], false)).toEqual([6]);
    expect(exhaustFaces(['artful-dodger'], true)).toEqual([5, 6]);
    expect(exhaustFaces(['artful-dodger', 'sickly'], false)).toEqual([4, 6]);
  });

  it('any roll of Toughness Dice exhausts the 5s and 6s', () => {
    expect(rollToughnessDice(scriptedRandom([1, 5, 6, 4]), 4, [5, 6])).toEqual({ faces: [1, 5, 6, 4], sum: 16, exhausted: 2 });
  });

  it('one die, then Healthy and a class add dice', () => {
    expect(toughnessDiceFor(0, [])).toBe(1);
    expect(toughnessDiceFor(2, ['healthy'])).toBe(4);
  });
});

describe('soak odds against enumeration', () => {
  it.each([
    [1, 1, 'one-at-a-time'], [5, 2, 'one-at-a-time'], [7, 3, 'one-at-a-time'], [12, 2, 'one-at-a-time'], [5, 2, 'all-at-once'], [0, 3, 'one-at-a-time'],
  ] as const)('damage %i, %i dice, %s', (damage, dice, policy) => {
    const faces = [4, 5, 6];
    const e = enumeratedChances(enumeratePaths((rng) => {
      const s = rollSoak(rng, damage, dice, policy, faces);
      return `${s.remaining}/${s.exhausted}`;
    }));
    const o = soakOutcomes(damage, dice, policy, faces);
    expect(o.length).toBe(e.size);
    for (const x of o) expect(Math.abs(x.p - (e.get(`${x.remaining}/${x.exhausted}`) ?? 0))).toBeLessThan(1e-12);
  });
});

describe('Toughness never grows without recovery (fast-check)', () => {
  it('rolling from a pool only exhausts; only a full meal and sleep restore', () => {
    fc.assert(fc.property(fc.nat({ max: 0xffff_ffff }), fc.integer({ min: 1, max: MAX_TOUGHNESS_DICE }), fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 20 }), (seed, dice, uses) => {
      const rng = seededRandom(seed);
      let pool: ToughnessPool = { dice, exhausted: 0 };
      for (const n of uses) {
        const before = pool;
        const r = rollFromPool(rng, pool, n, [5, 6]);
        if (!r.ok) {
          expect(n).toBeGreaterThan(before.dice - before.exhausted);
          continue;
        }
        pool = r.value.pool;
        expect(pool.dice).toBe(before.dice);
        expect(pool.exhausted).toBeGreaterThanOrEqual(before.exhausted);
        expect(pool.exhausted).toBeLessThanOrEqual(pool.dice);
        // A rest that falls short changes nothing.
        expect(recoverToughness(pool, { ...feast, sleepHours: MIN_SLEEP_HOURS - 1 }, [], false).ok).toBe(false);
      }
      const rest = recoverToughness(pool, feast, [], false);
      expect(rest).toEqual({ ok: true, value: { dice, exhausted: 0 } });
    }), { numRuns: 300 });
  });
});

describe('recovery: a full meal and six hours of sleep (Toughness)', () => {
  const pool: ToughnessPool = { dice: 3, exhausted: 2 };
  it(`needs ${FULL_MEAL_QUALITIES} meal qualities`, () => {
    expect(recoverToughness(pool, { ...feast, meal: ['hot'] }, [], false)).toMatchObject({ ok: false, error: { code: 'so-long-as-men-die/meal-not-full' } });
    expect(recoverToughness(pool, feast, [], false).ok).toBe(true);
  });
  it(`sleep ${MIN_SLEEP_HOURS} hours works, one less does not; more than ${MAX_SLEEP_HOURS} is refused`, () => {
    expect(recoverToughness(pool, { ...feast, sleepHours: MIN_SLEEP_HOURS }, [], false).ok).toBe(true);
    expect(recoverToughness(pool, { ...feast, sleepHours: MIN_SLEEP_HOURS - 1 }, [], false)).toMatchObject({ ok: false, error: { code: 'so-long-as-men-die/too-little-sleep' } });
    expect(recoverToughness(pool, { ...feast, sleepHours: MAX_SLEEP_HOURS }, [], false).ok).toBe(true);
    expect(recoverToughness(pool, { ...feast, sleepHours: MAX_SLEEP_HOURS + 1 }, [], false).ok).toBe(false);
  });
  it('Agony blocks it; trait substitutes count; a Robot needs no meal', () => {
    expect(recoverToughness(pool, feast, [], true)).toMatchObject({ ok: false, error: { code: 'so-long-as-men-die/agony' } });
    const blood: Rest = { meal: [], substitutes: ['blood'], sleepHours: 6 };
    expect(mealQualities(blood, ['vampire'])).toEqual(['hot', 'alcohol']);
    expect(recoverToughness(pool, blood, ['vampire'], false).ok).toBe(true);
    expect(recoverToughness(pool, blood, [], false).ok).toBe(false);
    expect(recoverToughness(pool, { meal: [], substitutes: [], sleepHours: 6 }, ['robot'], false).ok).toBe(true);
  });
  it('cannot roll more than the fresh dice', () => {
    expect(rollFromPool(scriptedRandom([]), pool, 2, [5, 6])).toMatchObject({ ok: false, error: { code: 'so-long-as-men-die/toughness-exhausted' } });
    expect(() => exhaustToughness(pool, 2)).toThrow(RangeError);
  });
});
