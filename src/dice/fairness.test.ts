/**
 * Dice fairness: a seeded chi-square goodness-of-fit test for every die of the HAMMERCRAWL! chain
 * and d100, n = 2000 x sides rolls through `rollNotation`, alpha = 1e-3. The same test must fail on
 * a RandomSource that shows one face 20% more often than it should.
 *
 * Critical values: the exact chi-square quantile, found by bisection on the regularized upper
 * incomplete gamma function Q(k/2, x/2) (series and continued fraction, as in Numerical Recipes
 * 6.2, with a Lanczos log-gamma). The Wilson-Hilferty approximation is computed alongside as a
 * cross-check, and both are held against published table values.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { HAMMERCRAWL_CHAIN } from './dice-chain.js';
import { seededRandom, type RandomSource } from './random.js';
import { compileRoll, rollNotation } from './roll.js';

const ALPHA = 1e-3;
const ROLLS_PER_FACE = 2000;

// ---- chi-square distribution ------------------------------------------------------------

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let a = LANCZOS[0]!;
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += LANCZOS[i]! / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Regularized upper incomplete gamma Q(a, x). */
function gammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  const lead = -x + a * Math.log(x) - logGamma(a);
  if (x < a + 1) {
    // Series for P(a, x).
    let ap = a;
    let sum = 1 / a;
    let del = sum;
    for (let n = 0; n < 10_000; n++) {
      ap += 1;
      del *= x / ap;
      sum += del;
      if (Math.abs(del) < Math.abs(sum) * 1e-16) break;
    }
    return 1 - sum * Math.exp(lead);
  }
  // Continued fraction for Q(a, x) (modified Lentz).
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10_000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-16) break;
  }
  return Math.exp(lead) * h;
}

/** P(X > x) for X chi-square with `df` degrees of freedom. */
function chiSquareSurvival(x: number, df: number): number {
  return gammaQ(df / 2, x / 2);
}

/** The x with P(X > x) = alpha, by bisection on the exact survival function. */
function chiSquareCritical(alpha: number, df: number): number {
  let lo = 0;
  let hi = df + 20 * Math.sqrt(2 * df) + 50;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (chiSquareSurvival(mid, df) > alpha) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Inverse of the standard normal CDF (Acklam's rational approximation, |rel. error| < 1.2e-9). */
function normalQuantile(p: number): number {
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const poly = (k: number[], x: number) => k.reduce((acc, v) => acc * x + v, 0);
  if (p < 0.02425) {
    const q = Math.sqrt(-2 * Math.log(p));
    return poly(c, q) / (poly(d, q) * q + 1);
  }
  if (p > 1 - 0.02425) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (poly(a, r) * q) / (poly(b, r) * r + 1);
}

/** Wilson-Hilferty: (X/k)^(1/3) is close to normal with mean 1 - 2/(9k), variance 2/(9k). */
function wilsonHilferty(alpha: number, df: number): number {
  const z = normalQuantile(1 - alpha);
  const v = 2 / (9 * df);
  return df * (1 - v + z * Math.sqrt(v)) ** 3;
}

function chiSquareStatistic(counts: readonly number[], expected: number): number {
  let stat = 0;
  for (const o of counts) stat += ((o - expected) * (o - expected)) / expected;
  return stat;
}

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

/**
 * A source that shows `face` of a d`sides` 20% more often than a fair die: with chance
 * q = 1/(5(sides-1)) it returns `face`, otherwise a fair throw, so P(face) = q + (1-q)/sides = 1.2/sides.
 */
function biasedRandom(inner: RandomSource, coin: RandomSource, sides: number, face: number): RandomSource {
  return {
    rollDie(s: number): number {
      if (s === sides && coin.rollDie(5 * (sides - 1)) === 1) return face;
      return inner.rollDie(s);
    },
  };
}

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
