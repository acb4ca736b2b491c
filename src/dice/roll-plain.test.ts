/**
 * The fast path for terms of plain dice without re-rolls (faces drawn into scratch space, kept dice found
 * by rank or by sorting, shared records) against a reference written out here the slow way: the faces
 * the source handed out, read back die by die, sorted highest first (ties: the earlier die first) and
 * masked. Both must give the same records and totals from the same draws.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { seededRandom, type RandomSource } from './random.js';
import { compileRoll, rollNotation, type DieRecord, type RollRecord } from './roll.js';
import type { ResolvedExpression } from './resolve.js';

/** A source that remembers every face it gave. */
function recording(rng: RandomSource): RandomSource & { readonly faces: number[] } {
  const faces: number[] = [];
  return {
    faces,
    rollDie(sides: number): number {
      const f = rng.rollDie(sides);
      faces.push(f);
      return f;
    },
  };
}

/** The roll the slow way, from the faces drawn in order. */
function reference(resolved: ResolvedExpression, faces: readonly number[]): { total: number; dice: DieRecord[] } {
  let at = 0;
  const next = () => {
    const f = faces[at++];
    if (f === undefined) throw new Error('the reference read more faces than the roll drew');
    return f;
  };
  const dice: DieRecord[] = [];
  let total = 0;
  for (const term of resolved.terms) {
    if (term.kind === 'constant') {
      total += term.sign * term.value;
      continue;
    }
    const mine: { value: number; faces: number[] }[] = [];
    for (let i = 0; i < term.rolled; i++) {
      const chain = [next()];
      while (term.explode && chain[chain.length - 1] === term.maxFace) chain.push(next());
      mine.push({ value: chain.reduce((a, b) => a + b, 0), faces: chain });
    }
    const sorted = mine.map((_, i) => i).sort((a, b) => mine[b]!.value - mine[a]!.value || a - b);
    const kept = new Array<boolean>(mine.length).fill(true);
    if (term.keepMask) sorted.forEach((i, pos) => (kept[i] = term.keepMask![pos]!));
    mine.forEach((d, i) => {
      dice.push({ term: term.index, die: term.label, value: d.value, faces: d.faces, rerolled: [], exploded: d.faces.length > 1, kept: kept[i]! });
      if (kept[i]) total += term.sign * d.value;
    });
  }
  expect(at, 'the roll drew no more faces than the reference read').toBe(faces.length);
  return { total, dice };
}

const SIDES = [2, 3, 4, 5, 6, 8, 10, 12, 20, 30, 150, 999];

/** A plain dice term without re-rolls: `4d6kh3`, `10d6!`, `2d20dl1`, `d12adv`. */
const plainTermArb = fc
  .record({
    count: fc.integer({ min: 1, max: 14 }),
    sides: fc.constantFrom(...SIDES),
    explode: fc.boolean(),
    keep: fc.option(fc.constantFrom('kh', 'kl', 'dh', 'dl'), { nil: null }),
    keepCount: fc.integer({ min: 1, max: 14 }),
    vantage: fc.constantFrom('', '', 'adv', 'dis'),
  })
  .map(({ count, sides, explode, keep, keepCount, vantage }) => {
    const k = keep ? `${keep}${Math.min(keepCount, count)}` : '';
    return `${count}d${sides}${vantage}${explode ? '!' : ''}${k}`;
  });

/** Up to 10 terms (past the first 8, records are no longer shared), with constants between. */
const notationArb = fc
  .array(fc.oneof({ weight: 4, arbitrary: plainTermArb }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 30 }).map(String) }), { minLength: 1, maxLength: 10 })
  .chain((terms) => fc.array(fc.constantFrom('+', '-'), { minLength: terms.length, maxLength: terms.length }).map((signs) => terms.map((t, i) => (i === 0 ? t : signs[i] + t)).join('')));

function check(notation: string, seed: number, roll: (rng: RandomSource) => RollRecord): void {
  const rng = recording(seededRandom(seed));
  const r = roll(rng);
  const ref = reference(compileRoll(notation).resolved, rng.faces);
  expect(r.dice).toEqual(ref.dice);
  expect(r.total).toBe(ref.total);
}

describe('plain dice terms, the fast path', () => {
  test('the same records and total as the slow reference, from the same draws (compiled and repeated)', () => {
    fc.assert(
      fc.property(notationArb, fc.integer({ min: 0, max: 2 ** 32 - 1 }), (notation, seed) => {
        check(notation, seed, (rng) => compileRoll(notation).roll(rng));
        check(notation, seed, (rng) => rollNotation(rng, notation));
      }),
      { numRuns: 400 },
    );
  });

  test('small pools (found by rank) and large ones (sorted) with ties, keep and drop', () => {
    // Many ties: d2 and d3 pools on both sides of the rank-by-counting size.
    for (const n of [2, 3, 7, 8, 9, 12, 30]) {
      for (const mod of ['kh1', `kh${n - 1}`, 'kl2', 'dh1', 'dl1', '']) {
        if (/\d/.test(mod) && Number(mod.slice(2)) > n) continue;
        for (const sides of [2, 3]) {
          const notation = `${n}d${sides}${mod}`;
          for (let seed = 0; seed < 25; seed++) check(notation, seed, (rng) => rollNotation(rng, notation));
        }
      }
    }
  });

  test('explosions two throws long share their record and list; longer ones are their own; records are never changed by later rolls', () => {
    const rng = seededRandom(11);
    const seen: RollRecord[] = [];
    const copies: string[] = [];
    for (let i = 0; i < 400; i++) {
      const r = rollNotation(rng, '6d4!kh5');
      seen.push(r);
      copies.push(JSON.stringify(r));
    }
    // Later rolls (kept and dropped alike) left every earlier record as it was.
    seen.forEach((r, i) => expect(JSON.stringify(r)).toBe(copies[i]));
    const exploded = seen.flatMap((r) => r.dice.filter((d) => d.exploded));
    expect(exploded.some((d) => d.faces.length === 2)).toBe(true);
    expect(exploded.some((d) => d.faces.length > 2)).toBe(true);
    for (const d of exploded) {
      expect(d.value).toBe(d.faces.reduce((a, b) => a + b, 0));
      expect(d.faces.slice(0, -1).every((f) => f === 4)).toBe(true);
      expect(d.faces[d.faces.length - 1]).toBeLessThan(4);
    }
  });
});
