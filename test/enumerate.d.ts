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
/** Runs `run` once per face path and sums each path's exact chance by the key of its result. */
export declare function enumeratePaths<T, K = T>(run: (rng: RandomSource) => T, options?: EnumerateOptions<T, K>): Enumeration<K>;
/** numerator / denominator as a double, to about 2^-53 relative (plus 2^-200 absolute). */
export declare function ratio(numerator: bigint, denominator: bigint): number;
/** Sum of the numerators of the counted keys. */
export declare function countedMass<K>(e: Enumeration<K>): bigint;
/** The enumerated chances as doubles, per key. */
export declare function enumeratedChances<K>(e: Enumeration<K>): Map<K, number>;
/** The numerators summed again by `by` of each key (a marginal, or a coarser key). */
export declare function totalsBy<K, G>(e: Enumeration<K>, by: (key: K) => G): Map<G, bigint>;
/** P(the key satisfies `pred`), exact until the one final division. */
export declare function chanceOf<K>(e: Enumeration<K>, pred: (key: K) => boolean): number;
/** The mean of a whole-number `value` over the counted paths, exact until the one final division. */
export declare function meanOf<K>(e: Enumeration<K>, value: (key: K) => number): number;
