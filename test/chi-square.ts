/**
 * Shared by the fairness tests: the chi-square distribution and a source with a known bias.
 *
 * Critical values are the exact chi-square quantile, found by bisection on the regularized upper
 * incomplete gamma function Q(k/2, x/2) (series and continued fraction, as in Numerical Recipes 6.2,
 * with a Lanczos log-gamma). The Wilson-Hilferty approximation is offered as a cross-check.
 */
import type { RandomSource } from '../src/dice/random.js';

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Gamma(x) (Lanczos, g = 7; reflection below 1/2). */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let a = LANCZOS[0]!;
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += LANCZOS[i]! / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Regularized upper incomplete gamma Q(a, x): series below a + 1, continued fraction above. */
export function gammaQ(a: number, x: number): number {
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
export function chiSquareSurvival(x: number, df: number): number {
  return gammaQ(df / 2, x / 2);
}

/** The x with P(X > x) = alpha, by bisection on the exact survival function. */
export function chiSquareCritical(alpha: number, df: number): number {
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
export function normalQuantile(p: number): number {
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
export function wilsonHilferty(alpha: number, df: number): number {
  const z = normalQuantile(1 - alpha);
  const v = 2 / (9 * df);
  return df * (1 - v + z * Math.sqrt(v)) ** 3;
}

/** Pearson's statistic for observed counts against one expected count per cell. */
export function chiSquareStatistic(counts: readonly number[], expected: number): number {
  let stat = 0;
  for (const o of counts) stat += ((o - expected) * (o - expected)) / expected;
  return stat;
}

/**
 * A source that shows `face` of a d`sides` 20% more often than a fair die: with chance
 * q = 1/(5(sides-1)) it returns `face`, otherwise a fair throw, so P(face) = q + (1-q)/sides = 1.2/sides.
 * A fairness test must fail on it.
 */
export function biasedRandom(inner: RandomSource, coin: RandomSource, sides: number, face: number): RandomSource {
  return {
    rollDie(s: number): number {
      if (s === sides && coin.rollDie(5 * (sides - 1)) === 1) return face;
      return inner.rollDie(s);
    },
  };
}
