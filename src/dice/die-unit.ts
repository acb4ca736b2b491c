/**
 * One die as it is thrown, after step modifiers: a plain die, a pair read as digits, or
 * several dice added (a die stepped past the top of the chain). Rolling and exact odds both
 * start here, so the two can never disagree about what a die is.
 * Rules: HAMMERCRAWL! v4, DICE & STEPS ("Additional Dice Notes", "Pushing the Dice Chain's Limits"),
 * ADVANTAGE AND DISADVANTAGE (percentile rolls).
 */
import type { RandomSource } from './random.js';

/**
 * A thrown die.
 * @example { kind: 'sum', parts: [30, 4] } // d30 +4 steps
 */
export type DieUnit =
  | { readonly kind: 'plain'; readonly sides: number }
  | { readonly kind: 'sum'; readonly parts: readonly number[] }
  | {
      readonly kind: 'percentile';
      /** With vantage the two d10s are read in the best (or worst) order of the digits. */
      readonly vantage: 'advantage' | 'disadvantage' | null;
    }
  | { readonly kind: 'tens'; readonly tensSides: number }
  | { readonly kind: 'digits'; readonly digitSides: number };

/** One throw of a unit: its value and, for dice made of several physical dice, their faces. */
export interface UnitThrow {
  readonly value: number;
  /** Physical faces when the unit is more than one die: [tens, ones] digits 0..9 for d100. */
  readonly parts?: readonly number[];
}

/** Text for a unit: `d20`, `d30+d4`, `d100`, `d40`, `d66`. */
export function unitLabel(unit: DieUnit): string {
  switch (unit.kind) {
    case 'plain':
      return `d${unit.sides}`;
    case 'sum':
      return unit.parts.map((s) => `d${s}`).join('+');
    case 'percentile':
      return 'd100';
    case 'tens':
      return `d${unit.tensSides * 10}`;
    case 'digits':
      return `d${unit.digitSides * 11}`;
  }
}

/** How many physical dice one throw of the unit takes. */
export function physicalDiceIn(unit: DieUnit): number {
  switch (unit.kind) {
    case 'plain':
      return 1;
    case 'sum':
      return unit.parts.length;
    default:
      return 2;
  }
}

/** Reads two percentile digits (0..9 each) as a d100 result: 00 and 0 is 100. */
export function percentileValue(tens: number, ones: number): number {
  const v = tens * 10 + ones;
  return v === 0 ? 100 : v;
}

/** The d100 result of two d10 digits read in the better (advantage) or worse order. */
export function percentileVantageValue(a: number, b: number, vantage: 'advantage' | 'disadvantage'): number {
  const x = percentileValue(a, b);
  const y = percentileValue(b, a);
  return vantage === 'advantage' ? Math.max(x, y) : Math.min(x, y);
}

/** The tens-die reading (d40 etc.): a result above the die's size counts the ones digit only. */
export function tensValue(tensSides: number, tensFace: number, ones: number): number {
  const v = tensFace * 10 + ones;
  return v > tensSides * 10 ? ones : v;
}

/** Throws one unit. */
export function rollUnit(rng: RandomSource, unit: DieUnit): UnitThrow {
  switch (unit.kind) {
    case 'plain':
      return { value: rng.rollDie(unit.sides) };
    case 'sum': {
      const parts = unit.parts.map((s) => rng.rollDie(s));
      let value = 0;
      for (const p of parts) value += p;
      return { value, parts };
    }
    case 'percentile': {
      const a = rng.rollDie(10) % 10;
      const b = rng.rollDie(10) % 10;
      const value = unit.vantage ? percentileVantageValue(a, b, unit.vantage) : percentileValue(a, b);
      return { value, parts: [a, b] };
    }
    case 'tens': {
      const t = rng.rollDie(unit.tensSides);
      const o = rng.rollDie(10) % 10;
      return { value: tensValue(unit.tensSides, t, o), parts: [t, o] };
    }
    case 'digits': {
      const a = rng.rollDie(unit.digitSides);
      const b = rng.rollDie(unit.digitSides);
      return { value: a * 10 + b, parts: [a, b] };
    }
  }
}

/** A dense probability vector over the integers min .. min + p.length - 1. */
export interface DenseDistribution {
  readonly min: number;
  readonly p: Float64Array;
}

function uniform(min: number, n: number): DenseDistribution {
  return { min, p: new Float64Array(n).fill(1 / n) };
}

/** Convolution of two dense distributions (the sum of independent values). */
export function convolve(a: DenseDistribution, b: DenseDistribution): DenseDistribution {
  const out = new Float64Array(a.p.length + b.p.length - 1);
  const ap = a.p;
  const bp = b.p;
  for (let i = 0; i < ap.length; i++) {
    const x = ap[i]!;
    if (x === 0) continue;
    for (let j = 0; j < bp.length; j++) out[i + j]! += x * bp[j]!;
  }
  return { min: a.min + b.min, p: out };
}

/** Plain dice's distributions, shared: they are read, never written (callers copy before changing). */
const plainDistributions: DenseDistribution[] = [];

/**
 * The exact distribution of one throw of the unit. The result may be shared between calls: treat its
 * array as read-only.
 */
export function unitDistribution(unit: DieUnit): DenseDistribution {
  switch (unit.kind) {
    case 'plain':
      return (plainDistributions[unit.sides] ??= uniform(1, unit.sides));
    case 'tens':
      return uniform(1, unit.tensSides * 10);
    case 'sum':
      return unit.parts.map((s) => uniform(1, s)).reduce(convolve);
    case 'percentile': {
      if (!unit.vantage) return uniform(1, 100);
      const ways = new Float64Array(100);
      for (let a = 0; a < 10; a++) {
        for (let b = 0; b < 10; b++) ways[percentileVantageValue(a, b, unit.vantage) - 1]! += 1;
      }
      return { min: 1, p: ways.map((w) => w / 100) };
    }
    case 'digits': {
      const k = unit.digitSides;
      const min = 11;
      const p = new Float64Array(k * 10 + k - min + 1);
      const w = 1 / (k * k);
      for (let a = 1; a <= k; a++) for (let b = 1; b <= k; b++) p[a * 10 + b - min] = w;
      return { min, p };
    }
  }
}
