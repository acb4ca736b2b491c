/**
 * Small exact distributions over whole numbers (chance of `min + i` at index i), for the attack,
 * Toughness and injury odds of this ruleset. Floats; tests hold them to BigInt enumeration.
 */

/** A distribution over whole numbers: `p[i]` is the chance of `min + i`. */
export interface Dense {
  readonly min: number;
  readonly p: readonly number[];
}

/** One value and its chance. */
export interface ValueChance {
  readonly value: number;
  readonly p: number;
}

/** A single value, for certain. */
export function pointMass(value: number): Dense {
  return { min: value, p: [1] };
}

/** A fair die 1..sides. */
export function uniformDie(sides: number): Dense {
  return { min: 1, p: Array.from({ length: sides }, () => 1 / sides) };
}

/** The sum of two independent values. */
export function addDense(a: Dense, b: Dense): Dense {
  const out = new Array<number>(a.p.length + b.p.length - 1).fill(0);
  a.p.forEach((pa, i) => {
    if (pa === 0) return;
    b.p.forEach((pb, j) => {
      out[i + j]! += pa * pb;
    });
  });
  return { min: a.min + b.min, p: out };
}

/** The value moved by a constant. */
export function shiftDense(a: Dense, by: number): Dense {
  return { min: a.min + by, p: a.p };
}

/** Every value with a non-zero chance, lowest first. */
export function densePoints(a: Dense): ValueChance[] {
  const out: ValueChance[] = [];
  a.p.forEach((p, i) => {
    if (p > 0) out.push({ value: a.min + i, p });
  });
  return out;
}

/** Mean of a list of value chances. */
export function meanOf(points: readonly ValueChance[]): number {
  return points.reduce((s, x) => s + x.value * x.p, 0);
}

/** Adds `p` to the chance of `key` in a map of chances. */
export function addChance<K>(map: Map<K, number>, key: K, p: number): void {
  map.set(key, (map.get(key) ?? 0) + p);
}
