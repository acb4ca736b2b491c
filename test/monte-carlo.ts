/**
 * Shared by the seeded Monte Carlo tests: tallies of seeded draws, and the 4-sigma bounds that the
 * exact odds are held to.
 */
import { expect } from 'vitest';

/** How often each key came up in `trials` draws. */
export function tally<K>(trials: number, draw: () => K): Map<K, number> {
  const counts = new Map<K, number>();
  for (let t = 0; t < trials; t++) {
    const k = draw();
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}

/**
 * Holds `hits` out of `n` seeded trials to the exact chance `p`: the observed share lies within 4 sigma
 * of a binomial proportion, plus `slack` (a share: 1 / n allows one count more).
 */
export function expectWithinFourSigma(hits: number, n: number, p: number, slack = 0, label?: string): void {
  const sigma = Math.sqrt((p * (1 - p)) / n);
  expect(Math.abs(hits / n - p), label).toBeLessThanOrEqual(4 * sigma + slack);
}

/** Holds the mean of `n` seeded trials to the exact `mean`: within 4 standard errors, plus `slack`. */
export function expectMeanWithinFourSigma(sampleMean: number, mean: number, variance: number, n: number, slack = 0, label?: string): void {
  expect(Math.abs(sampleMean - mean), label).toBeLessThanOrEqual(4 * Math.sqrt(variance / n) + slack);
}
