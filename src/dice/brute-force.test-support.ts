/**
 * Test oracle for exact odds (conventions: Tests, "exact vs brute force"): every sequence of faces the
 * real roller can ask for, found by running `rollResolved` with a RandomSource that replays a path of
 * faces and extends it with 1s, then advancing the path like an odometer (depth first). Each path
 * weighs the product of 1/sides as an exact BigInt rational. Nothing here knows about keep/drop,
 * re-rolls or explosions: the roller decides which dice it throws and what the total is.
 */
import type { RandomSource } from './random.js';
import { rollResolved, type RollRecord } from './roll.js';
import type { ResolvedExpression } from './resolve.js';

/** Every path of a roll, its chances over one common denominator. */
export interface Enumeration {
  readonly denominator: bigint;
  /** Numerator of P(total = v and the path was accepted), per total. */
  readonly totals: ReadonlyMap<number, bigint>;
  /** Numerator of the chance of the paths cut at `maxThrows` (their every continuation). */
  readonly cut: bigint;
  /** Numerator of the chance of completed paths that `accept` refused. */
  readonly refused: bigint;
  readonly paths: number;
}

/** How far to enumerate. */
export interface EnumerateOptions {
  /** A path that asks for more faces than this is cut; its mass goes to `cut`. */
  readonly maxThrows: number;
  /** Which completed rolls to count (all by default); the others go to `refused`. */
  readonly accept?: (record: RollRecord) => boolean;
  /** Safety stop for a test that asks too much. */
  readonly maxPaths?: number;
}

const CUT = Symbol('cut');

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** Enumerates every face sequence of one roll of `resolved` through the real roller. */
export function enumerateRolls(resolved: ResolvedExpression, options: EnumerateOptions): Enumeration {
  const { maxThrows, accept } = options;
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
  const totals = new Map<number, bigint>();
  let cut = 0n;
  let refused = 0n;
  let paths = 0;
  for (;;) {
    if (++paths > maxPaths) throw new Error(`more than ${maxPaths} paths; lower the case or the cap`);
    pos = 0;
    let record: RollRecord | null = null;
    try {
      record = rollResolved(rng, resolved);
    } catch (e) {
      if (e !== CUT) throw e;
    }
    if (record && pos !== faces.length) throw new Error('a replayed path was not used to its end');
    let weight = 1n;
    for (const s of sides) weight *= BigInt(s);
    if (den % weight !== 0n) {
      const next = (den / gcd(den, weight)) * weight;
      const scale = next / den;
      for (const [k, v] of totals) totals.set(k, v * scale);
      cut *= scale;
      refused *= scale;
      den = next;
    }
    const share = den / weight;
    if (!record) cut += share;
    else if (accept && !accept(record)) refused += share;
    else totals.set(record.total, (totals.get(record.total) ?? 0n) + share);
    // Advance the odometer: drop exhausted trailing dice, turn the last one up.
    while (faces.length > 0 && faces[faces.length - 1] === sides[sides.length - 1]) {
      faces.pop();
      sides.pop();
    }
    if (faces.length === 0) break;
    faces[faces.length - 1]! += 1;
  }
  return { denominator: den, totals, cut, refused, paths };
}

/** numerator / denominator as a double, to about 2^-53 relative (plus 2^-200 absolute). */
export function ratio(numerator: bigint, denominator: bigint): number {
  return Number((numerator << 200n) / denominator) / 2 ** 200;
}

/** The enumerated chances as doubles, per total. */
export function enumeratedChances(e: Enumeration): Map<number, number> {
  const out = new Map<number, number>();
  for (const [v, n] of e.totals) out.set(v, ratio(n, e.denominator));
  return out;
}

/** Sum of the numerators of the counted totals. */
export function countedMass(e: Enumeration): bigint {
  let s = 0n;
  for (const n of e.totals.values()) s += n;
  return s;
}
