import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { DiceError } from './errors.js';
import { MAX_SEED, scrambleSeed, scriptedRandom, seededRandom, seededRandomFromState } from './random.js';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { chiSquareStatistic } from '../../test/chi-square.js';
import { catchDiceError } from '../../test/dice-errors.js';

function draw(rng: { rollDie(sides: number): number }, n: number, sides = 20): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(rng.rollDie(sides));
  return out;
}


describe('seededRandom', () => {
  test('the same seed gives the same sequence', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_SEED }), fc.integer({ min: 1, max: 1000 }), (seed, sides) => {
        expect(draw(seededRandom(seed), 50, sides)).toEqual(draw(seededRandom(seed), 50, sides));
      }),
      { numRuns: 200 },
    );
  });

  test("draws exactly what pure-rand's uniformInt draws from the same generator, for every size of die", () => {
    // The remainder is taken in doubles (no `%`): the faces must stay those of uniformInt(gen, 1, sides).
    const sidesArb = fc.oneof(
      fc.integer({ min: 1, max: 1000 }),
      fc.integer({ min: 1, max: 2 ** 32 - 1 }),
      fc.constantFrom(2 ** 31 - 1, 2 ** 31, 2 ** 31 + 1, 2 ** 32 - 2, 2 ** 32 - 1, 3, 7, 2 ** 30),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_SEED }), fc.array(sidesArb, { minLength: 1, maxLength: 60 }), (seed, sides) => {
        const rng = seededRandom(seed);
        const gen = xoroshiro128plus(scrambleSeed(seed));
        for (const s of sides) expect(rng.rollDie(s)).toBe(uniformInt(gen, 1, s));
      }),
      { numRuns: 300 },
    );
  });

  test('different seeds give different sequences', () => {
    expect(draw(seededRandom(1), 40)).not.toEqual(draw(seededRandom(2), 40));
    expect(draw(seededRandom(0), 40)).not.toEqual(draw(seededRandom(MAX_SEED), 40));
  });

  test('keeps its seed', () => {
    expect(seededRandom(42).seed).toBe(42);
    expect(seededRandom(MAX_SEED).seed).toBe(MAX_SEED);
  });

  test('every draw is an integer in [1, sides]', () => {
    const rng = seededRandom(7);
    for (const sides of [1, 2, 3, 7, 20, 30, 100, 1000]) {
      for (let i = 0; i < 500; i++) {
        const v = rng.rollDie(sides);
        expect(Number.isInteger(v)).toBe(true);
        expect(v).toBeGreaterThanOrEqual(1);
        expect(v).toBeLessThanOrEqual(sides);
      }
    }
  });

  test('a d1 always shows 1', () => {
    expect(draw(seededRandom(3), 20, 1)).toEqual(new Array(20).fill(1));
  });

  test('exportState then seededRandomFromState resumes identically', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_SEED }),
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 1, max: 100 }),
        (seed, skip, sides) => {
          const rng = seededRandom(seed);
          draw(rng, skip, sides);
          const state = rng.exportState();
          const resumed = seededRandomFromState(seed, state);
          expect(resumed.seed).toBe(seed);
          expect(draw(resumed, 30, sides)).toEqual(draw(rng, 30, sides));
        },
      ),
      { numRuns: 200 },
    );
  });

  test('exported state is a copy: rolling on does not change it', () => {
    const rng = seededRandom(11);
    const state = rng.exportState();
    const snapshot = [...state];
    draw(rng, 10);
    expect(state).toEqual(snapshot);
    expect(rng.exportState()).not.toEqual(snapshot);
  });

  test.each([-1, 1.5, MAX_SEED + 1, Number.NaN, Number.POSITIVE_INFINITY, -0.5])('rejects seed %s', (seed) => {
    expect(() => seededRandom(seed)).toThrow(RangeError);
    expect(() => seededRandom(seed)).toThrow(/seed must be an integer/);
  });

  test.each([0, 1, 2 ** 31, MAX_SEED])('accepts seed %s', (seed) => {
    expect(() => seededRandom(seed).rollDie(6)).not.toThrow();
  });
});

describe('scriptedRandom', () => {
  test('hands out the faces in order and counts them', () => {
    const rng = scriptedRandom([3, 1, 6, 20]);
    expect(rng.used).toBe(0);
    expect(rng.remaining).toBe(4);
    expect(rng.rollDie(6)).toBe(3);
    expect(rng.rollDie(6)).toBe(1);
    expect(rng.used).toBe(2);
    expect(rng.remaining).toBe(2);
    expect(rng.rollDie(6)).toBe(6);
    expect(rng.rollDie(20)).toBe(20);
    expect(rng.remaining).toBe(0);
  });

  test("throws 'random/script-exhausted' when the script runs out", () => {
    const rng = scriptedRandom([2]);
    rng.rollDie(4);
    const err = catchDiceError(() => rng.rollDie(8));
    expect(err).toBeInstanceOf(DiceError);
    expect(err.code).toBe('random/script-exhausted');
    expect(err.message).toMatch(/ran out after 1 roll/);
    expect(err.message).toContain('d8');
    expect(catchDiceError(() => scriptedRandom([]).rollDie(6)).code).toBe('random/script-exhausted');
  });

  test.each([
    { face: 7, sides: 6 },
    { face: 0, sides: 6 },
    { face: -1, sides: 20 },
    { face: 2.5, sides: 6 },
    { face: Number.NaN, sides: 6 },
  ])("throws 'random/script-out-of-range' for face $face on a d$sides", ({ face, sides }) => {
    const rng = scriptedRandom([face, 1]);
    const err = catchDiceError(() => rng.rollDie(sides));
    expect(err.code).toBe('random/script-out-of-range');
    expect(err.message).toContain(`d${sides}`);
    // The bad face is not consumed.
    expect(rng.used).toBe(0);
  });

  test('a face equal to the die size is in range', () => {
    expect(scriptedRandom([6]).rollDie(6)).toBe(6);
    expect(scriptedRandom([1]).rollDie(1)).toBe(1);
  });
});

describe('small seeds give independent-looking first draws', () => {
  test('the first two d6 of seeds 0..4999 agree in parity about half the time (within 4 sigma)', () => {
    const n = 5000;
    let same = 0;
    for (let seed = 0; seed < n; seed++) {
      const r = seededRandom(seed);
      if (r.rollDie(6) % 2 === r.rollDie(6) % 2) same += 1;
    }
    expect(Math.abs(same - n / 2)).toBeLessThan(4 * Math.sqrt(n / 4));
  });

  test('the first d20 of seeds 0..19999 is spread over every face (chi-square, 19 df, alpha 1e-3)', () => {
    const n = 20_000;
    const counts = new Array<number>(20).fill(0);
    for (let seed = 0; seed < n; seed++) counts[seededRandom(seed).rollDie(20) - 1]! += 1;
    const chi2 = chiSquareStatistic(counts, n / 20);
    expect(chi2).toBeLessThan(43.82); // chi-square critical value, 19 degrees of freedom, alpha = 1e-3
  });
});
