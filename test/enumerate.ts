/**
 * Test oracle for exact odds (conventions: Tests, "exact vs brute force"): every sequence of faces a
 * rolling function can ask for, found by running it with a RandomSource that replays a path of faces
 * and extends it with 1s, then advancing the path like an odometer (depth first). Each path weighs
 * the product of 1/sides, kept exactly as BigInt numerators over one common denominator. Nothing here
 * knows the rules: the function decides which dice it throws and what it returns.
 */
import type { RandomSource } from '../src/dice/random.js';

/** Every path of a rolling function, its chances over one common denominator. */
export interface Enumeration<K> {
  readonly denominator: bigint;
  /** Numerator of P(key = k, and the path was completed and accepted), per key. */
  readonly totals: ReadonlyMap<K, bigint>;
  /** Numerator of the residual: the chance of the paths cut at `maxThrows` (their every continuation). */
  readonly residual: bigint;
  /** Numerator of the chance of the completed paths that `accept` refused. */
  readonly refused: bigint;
  readonly paths: number;
}

/** What to sum each path's chance by, which paths to count, and how far to go. */
export interface EnumerateOptions<T, K> {
  /** The key of a result (by default the result itself: equal primitives add up, objects stay one a path). */
  readonly key?: (result: T) => K;
  /** Which completed results to count (all by default); the others go to `refused`. */
  readonly accept?: (result: T) => boolean;
  /** A path that asks for more faces than this is cut; its mass goes to `residual` (no cut by default). */
  readonly maxThrows?: number;
  /** Safety stop for a case that asks too much: more paths throw `more than N paths` (default 2,000,000). */
  readonly maxPaths?: number;
}

const CUT = Symbol('cut');

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** Runs `run` once per face path and sums each path's exact chance by the key of its result. */
export function enumeratePaths<T, K = T>(run: (rng: RandomSource) => T, options: EnumerateOptions<T, K> = {}): Enumeration<K> {
  const key = options.key ?? ((result: T) => result as unknown as K);
  const { accept } = options;
  const maxThrows = options.maxThrows ?? Number.POSITIVE_INFINITY;
  const maxPaths = options.maxPaths ?? 2_000_000;
  const sides: number[] = [];
  const faces: number[] = [];
  let pos = 0;
  const rng: RandomSource = {
    rollDie(s: number): number {
      if (pos < faces.length) {
        if (sides[pos] !== s) throw new Error(`path replay asked for a d${s} where a d${sides[pos]} was thrown`);
        return faces[pos++]!;
      }
      if (faces.length >= maxThrows) throw CUT;
      sides.push(s);
      faces.push(1);
      pos++;
      return 1;
    },
  };
  let den = 1n;
  const totals = new Map<K, bigint>();
  let residual = 0n;
  let refused = 0n;
  let paths = 0;
  for (;;) {
    if (++paths > maxPaths) throw new Error(`more than ${maxPaths} paths; lower the case or the cap`);
    pos = 0;
    let completed = false;
    let result: T | undefined;
    try {
      result = run(rng);
      completed = true;
    } catch (e) {
      if (e !== CUT) throw e;
    }
    if (completed && pos !== faces.length) throw new Error('a replayed path was not used to its end');
    let weight = 1n;
    for (const s of sides) weight *= BigInt(s);
    if (den % weight !== 0n) {
      const next = (den / gcd(den, weight)) * weight;
      const scale = next / den;
      for (const [k, v] of totals) totals.set(k, v * scale);
      residual *= scale;
      refused *= scale;
      den = next;
    }
    const share = den / weight;
    if (!completed) residual += share;
    else if (accept && !accept(result as T)) refused += share;
    else {
      const k = key(result as T);
      totals.set(k, (totals.get(k) ?? 0n) + share);
    }
    // Advance the odometer: drop exhausted trailing dice, turn the last one up.
    while (faces.length > 0 && faces[faces.length - 1] === sides[sides.length - 1]) {
      faces.pop();
      sides.pop();
    }
    if (faces.length === 0) break;
    faces[faces.length - 1]! += 1;
  }
  return { denominator: den, totals, residual, refused, paths };
}

/** numerator / denominator as a double, to about 2^-53 relative (plus 2^-200 absolute). */
export function ratio(numerator: bigint, denominator: bigint): number {
  return Number((numerator << 200n) / denominator) / 2 ** 200;
}

/** Sum of the numerators of the counted keys. */
export function countedMass<K>(e: Enumeration<K>): bigint {
  let s = 0n;
  for (const n of e.totals.values()) s += n;
  return s;
}

/** The enumerated chances as doubles, per key. */
export function enumeratedChances<K>(e: Enumeration<K>): Map<K, number> {
  const out = new Map<K, number>();
  for (const [k, n] of e.totals) out.set(k, ratio(n, e.denominator));
  return out;
}

/** The numerators summed again by `by` of each key (a marginal, or a coarser key). */
export function totalsBy<K, G>(e: Enumeration<K>, by: (key: K) => G): Map<G, bigint> {
  const out = new Map<G, bigint>();
  for (const [k, n] of e.totals) {
    const g = by(k);
    out.set(g, (out.get(g) ?? 0n) + n);
  }
  return out;
}

/** P(the key satisfies `pred`), exact until the one final division. */
export function chanceOf<K>(e: Enumeration<K>, pred: (key: K) => boolean): number {
  let num = 0n;
  for (const [k, n] of e.totals) if (pred(k)) num += n;
  return ratio(num, e.denominator);
}

/** The mean of a whole-number `value` over the counted paths, exact until the one final division. */
export function meanOf<K>(e: Enumeration<K>, value: (key: K) => number): number {
  let num = 0n;
  for (const [k, n] of e.totals) num += BigInt(value(k)) * n;
  return ratio(num, countedMass(e));
}
