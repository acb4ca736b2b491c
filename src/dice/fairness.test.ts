/**
 * Dice fairness: a seeded chi-square goodness-of-fit test for every die of the HAMMERCRAWL! chain
 * and d100, n = 2000 x sides rolls through `rollNotation`, alpha = 1e-3. The same test must fail on
 * a RandomSource that shows one face 20% more often than it should.
 *
 * Critical values: the exact chi-square quantile (test/chi-square.ts: bisection on the regularized
 * upper incomplete gamma function). The Wilson-Hilferty approximation is computed alongside as a
 * cross-check, and both are held against published table values.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { HAMMERCRAWL_CHAIN } from './dice-chain.js';
import { seededRandom, type RandomSource } from './random.js';
import { compileRoll, rollNotation } from './roll.js';
import {
  biasedRandom,
  chiSquareCritical,
  chiSquareStatistic,
  chiSquareSurvival,
  normalQuantile,
  wilsonHilferty,
} from '../../test/chi-square.js';

const ALPHA = 1e-3;
const ROLLS_PER_FACE = 2000;

// ---- dice -------------------------------------------------------------------------------

interface DieCase {
  readonly label: string;
  readonly notation: string;
  readonly sides: number;
  /** The physical die a biased source favours, and the face it favours. */
  readonly biasDie: number;
  readonly biasFace: number;
}

const DICE: DieCase[] = [
  ...HAMMERCRAWL_CHAIN.sides.map((s) => ({ label: `d${s}`, notation: `1d${s}`, sides: s, biasDie: s, biasFace: s })),
  // d100 is two d10s; the biased source favours the d10's 7, so both digits lean to 7.
  { label: 'd100', notation: '1d100', sides: 100, biasDie: 10, biasFace: 7 },
];

function faceCounts(rng: RandomSource, die: DieCase): number[] {
  const compiled = compileRoll(die.notation);
  const counts = new Array<number>(die.sides).fill(0);
  const n = ROLLS_PER_FACE * die.sides;
  for (let i = 0; i < n; i++) {
    const v = rollNotation(rng, compiled).total;
    if (!Number.isInteger(v) || v < 1 || v > die.sides) throw new Error(`${die.label} showed ${v}`);
    counts[v - 1]! += 1;
  }
  return counts;
}

const report: string[] = [];

describe('chi-square machinery', () => {
  test.each([
    [1, 10.828],
    [2, 13.816],
    [3, 16.266],
    [9, 27.877],
    [12, 32.909],
    [29, 58.301],
    [99, 148.23],
  ])('critical value at alpha = 1e-3, df = %i is %f (published tables)', (df, table) => {
    expect(chiSquareCritical(ALPHA, df)).toBeCloseTo(table, 2);
    // Wilson-Hilferty agrees within 3% from df = 2, within 1% from df = 9, within 0.2% from df = 29.
    const wh = Math.abs(wilsonHilferty(ALPHA, df) / table - 1);
    if (df >= 2) expect(wh).toBeLessThan(df >= 29 ? 0.002 : df >= 9 ? 0.01 : 0.03);
  });

  test('survival function: known values', () => {
    expect(chiSquareSurvival(3.841458820694124, 1)).toBeCloseTo(0.05, 9);
    expect(chiSquareSurvival(2, 2)).toBeCloseTo(Math.exp(-1), 12);
    expect(chiSquareSurvival(0, 5)).toBe(1);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963985, 8);
  });

  test('statistic: 0 for perfect counts, large for lopsided ones', () => {
    expect(chiSquareStatistic([10, 10, 10], 10)).toBe(0);
    expect(chiSquareStatistic([30, 0, 0], 10)).toBe(60);
  });

  test('the biased source favours its face by 20%', () => {
    const rng = biasedRandom(seededRandom(1), seededRandom(2), 6, 6);
    let sixes = 0;
    const n = 600_000;
    for (let i = 0; i < n; i++) if (rng.rollDie(6) === 6) sixes += 1;
    // Expected 1.2/6 = 0.2; 4 sigma of a binomial proportion at n = 6e5 is about 0.002.
    expect(sixes / n).toBeGreaterThan(0.198);
    expect(sixes / n).toBeLessThan(0.202);
  });
});

describe(`fairness: chi-square, n = ${ROLLS_PER_FACE} x sides, alpha = ${ALPHA}`, () => {
  afterAll(() => {
    console.log(
      [
        `fairness: seeded chi-square, n = ${ROLLS_PER_FACE} x sides, alpha = ${ALPHA} (exact critical value; Wilson-Hilferty shown)`,
        ...report,
      ].join('\n'),
    );
  });

  test.each(DICE)('$label is fair, and the same test catches a +20% face', (die) => {
    const df = die.sides - 1;
    const expected = ROLLS_PER_FACE;
    const critical = chiSquareCritical(ALPHA, df);

    const fair = chiSquareStatistic(faceCounts(seededRandom(1000 + die.sides), die), expected);
    const biasedCounts = faceCounts(
      biasedRandom(seededRandom(2000 + die.sides), seededRandom(3000 + die.sides), die.biasDie, die.biasFace),
      die,
    );
    const biased = chiSquareStatistic(biasedCounts, expected);

    report.push(
      `  ${die.label.padEnd(5)} df ${String(df).padStart(2)}  critical ${critical.toFixed(2).padStart(6)} ` +
        `(WH ${wilsonHilferty(ALPHA, df).toFixed(2).padStart(6)})  fair ${fair.toFixed(1).padStart(6)} ` +
        `p=${chiSquareSurvival(fair, df).toFixed(3)}  biased ${biased.toFixed(1).padStart(7)} ` +
        `p=${chiSquareSurvival(biased, df).toExponential(1)}`,
    );
    expect(fair, `fair ${die.label}: statistic ${fair} vs critical ${critical}`).toBeLessThan(critical);
    expect(biased, `biased ${die.label}: statistic ${biased} vs critical ${critical}`).toBeGreaterThan(critical);
  });
});
