/**
 * Exact odds held against the roller (conventions: Tests, "exact vs brute force"): full enumeration of
 * every face sequence through `rollResolved`, exact BigInt rationals, at 1e-12 per total; exploding
 * dice at the same depth; re-roll-until through a cut enumeration; seeded Monte Carlo at 4 sigma;
 * guard-rail pools; and the span and work limits at and past the limit.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { countedMass, enumeratePaths, enumeratedChances, meanOf, ratio, type EnumerateOptions, type Enumeration } from '../../test/enumerate.js';
import { expectMeanWithinFourSigma, expectWithinFourSigma, tally } from '../../test/monte-carlo.js';
import { BARE_BONES_CHAIN } from './dice-chain.js';
import { unitDistribution, physicalDiceIn } from './die-unit.js';
import { Distribution, distributionOf, distributionOfResolved } from './distribution.js';
import { MAX_DISTRIBUTION_WORK } from './limits.js';
import { isDiceError } from './errors.js';
import { denseTotal, dieDistribution, explosionDepth, guardWork, type ThrowingTerm } from './keep-distribution.js';
import { EXPLOSION_RESIDUAL_TARGET, MAX_DISTRIBUTION_SPAN, MAX_EXPLOSION_CHAIN } from './limits.js';
import type { DiceExpression, DiceTerm, DieSpec, KeepModifier, RerollModifier, Term } from './notation/ast.js';
import { parseNotation } from './notation/parse.js';
import { seededRandom } from './random.js';
import { matches, resolveExpression, type DiceOptions, type ResolvedExpression } from './resolve.js';
import { compileRoll, rollResolved, type RollRecord } from './roll.js';

const resolve = (notation: string, options: DiceOptions = {}): ResolvedExpression =>
  resolveExpression(parseNotation(notation), options);

/** Largest |a(v) - b(v)| over every total either side gives a chance to. */
function largestDifference(a: ReadonlyMap<number, number>, b: ReadonlyMap<number, number>): { diff: number; at: number } {
  let diff = 0;
  let at = Number.NaN;
  for (const v of new Set([...a.keys(), ...b.keys()])) {
    const d = Math.abs((a.get(v) ?? 0) - (b.get(v) ?? 0));
    if (d > diff) {
      diff = d;
      at = v;
    }
  }
  return { diff, at };
}

function chancesOf(d: Distribution): Map<number, number> {
  return new Map(d.points().map((x) => [x.value, x.p]));
}

function denseChances(t: { min: number; p: Float64Array }): Map<number, number> {
  const out = new Map<number, number>();
  t.p.forEach((p, i) => {
    if (p > 0) out.set(t.min + i, p);
  });
  return out;
}

function expectClose(a: ReadonlyMap<number, number>, b: ReadonlyMap<number, number>, tolerance: number, label: string) {
  const { diff, at } = largestDifference(a, b);
  expect(diff, `${label}: largest difference ${diff} at total ${at}`).toBeLessThanOrEqual(tolerance);
}

/** Faces one throw of the term can ask for, at most (a d30+d3 asks for 2, a d100 for 2). */
function physical(term: ResolvedExpression['terms'][number]): number {
  return term.kind === 'dice' && term.unit ? physicalDiceIn(term.unit) : 0;
}

/** Most faces a roll asks for when no die explodes more than `depth` times (re-roll once: 2 per throw). */
function throwsWithin(resolved: ResolvedExpression, depth: number): number {
  let n = 0;
  for (const t of resolved.terms) {
    if (t.kind !== 'dice' || !t.unit) continue;
    const perThrow = physical(t) * (t.reroll?.mode === 'once' ? 2 : 1);
    n += t.rolled * perThrow * (t.explode ? depth + 1 : 1);
  }
  return n;
}

/** True when no exploding die of the roll went past `depth` explosions. */
function withinDepth(depth: number) {
  return (record: { dice: readonly { faces: readonly unknown[] }[] }) => record.dice.every((d) => d.faces.length <= depth + 1);
}

/** Every face sequence of one roll of `resolved` through the real roller, its chances summed by total. */
function enumerateRolls(resolved: ResolvedExpression, options: EnumerateOptions<RollRecord, number> & { readonly maxThrows: number }): Enumeration<number> {
  return enumeratePaths((rng) => rollResolved(rng, resolved), { ...options, key: (record) => record.total });
}

/** Enumerates, or returns null when the case has more paths than `maxPaths` (generated cases only). */
function tryEnumerate(resolved: ResolvedExpression, options: Parameters<typeof enumerateRolls>[1]): Enumeration<number> | null {
  try {
    return enumerateRolls(resolved, options);
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('more than')) return null;
    throw error;
  }
}

/** Checks that the enumeration counted every path: no cut, nothing refused, mass exactly 1. */
function expectComplete(e: Enumeration<number>) {
  expect(e.residual).toBe(0n);
  expect(e.refused).toBe(0n);
  expect(countedMass(e)).toBe(e.denominator);
}

describe('exact odds against brute force through the real roller', () => {
  const finiteCases: [string, DiceOptions?][] = [
    ['1d6'],
    ['3d6'],
    ['4d6kh3'],
    ['4d6dl1'],
    ['5d6kl2'],
    ['3d6dh1'],
    ['2d20kh1'],
    ['1d20adv+3'],
    ['2d20adv'],
    ['2d20dis'],
    ['3d4adv'],
    ['3d4dis'],
    ['1d20dis'],
    ['2d20advkl1'],
    ['1d100'],
    ['1d100adv'],
    ['1d100dis'],
    ['3d6ro1'],
    ['3d6ro<3'],
    ['2d6ro>4kh1'],
    ['d8^+3'],
    ['d30^+1'],
    ['2d30^+1kh1'],
    ['d4^-3', { belowBottom: 'clamp' }],
    ['d4^-3', { belowBottom: 'negate' }],
    ['d4^-3+2', { belowBottom: 'negate' }],
    ['1d66'],
    ['2d44kl1'],
    ['1d40'],
    ['1d40dis'],
    ['2d4-1d6+3'],
    ['-d4'],
    ['-3d4kh2+1d3-2'],
    ['d8^-1', { chain: BARE_BONES_CHAIN }],
  ];

  test.each(finiteCases)('%s %j: every total within 1e-12 of full enumeration', (notation, options) => {
    const resolved = resolve(notation, options);
    const e = enumerateRolls(resolved, { maxThrows: 64 });
    expectComplete(e);
    const d = distributionOfResolved(resolved);
    expectClose(chancesOf(d), enumeratedChances(e), 1e-12, notation);
    expect(d.mean).toBeCloseTo(meanOf(e, (v) => v), 11);
    expect(d.truncatedMass).toBe(0);
  });

  test('4d6kh3 has mean 15869/1296 (exact, from the enumeration and from the DP)', () => {
    const e = enumerateRolls(resolve('4d6kh3'), { maxThrows: 4 });
    let num = 0n;
    for (const [v, n] of e.totals) num += BigInt(v) * n;
    // 15869/1296 = num/den exactly.
    expect(num * 1296n).toBe(15869n * e.denominator);
    expect(distributionOf('4d6kh3').mean).toBeCloseTo(15869 / 1296, 12);
  });

  test('the comparison has teeth: different rules give totals far apart', () => {
    const pairs: [string, string][] = [
      ['4d6kh3', '4d6kl3'],
      ['3d6ro1', '3d6r1'],
      ['2d20adv', '2d20kh1'],
      ['1d100adv', '2d100kh1'],
      ['2d6!', '2d6'],
    ];
    for (const [a, b] of pairs) {
      const e = enumerateRolls(resolve(a), { maxThrows: 8 });
      const { diff } = largestDifference(chancesOf(distributionOf(b)), enumeratedChances(e));
      expect(diff, `${a} vs ${b}`).toBeGreaterThan(1e-3);
    }
  });

  describe('re-roll until: a cut enumeration is the exact distribution scaled by the mass it covers', () => {
    // A die re-rolled until it misses shows a face that does not depend on how many re-rolls it took,
    // so with no other variable-length dice, cutting paths by length cuts the same share of every total.
    const untilCases: [string, number][] = [
      ['3d6r<3', 6],
      ['1d20r1', 6],
      ['2d8r>6kh1', 4],
      ['1d6r=6+2d4r1', 4],
      ['3d4r4dl1', 5],
    ];
    test.each(untilCases)('%s (up to %i re-rolls enumerated)', (notation, rerolls) => {
      const resolved = resolve(notation);
      const e = enumerateRolls(resolved, { maxThrows: throwsWithin(resolved, 0) + rerolls });
      expect(e.residual > 0n).toBe(true);
      const covered = countedMass(e);
      const scaled = new Map([...e.totals].map(([v, n]) => [v, ratio(n, covered)]));
      expectClose(chancesOf(distributionOfResolved(resolved)), scaled, 1e-12, notation);
    });
  });

  describe('exploding dice, compared at the same depth', () => {
    // At depth d the `drop` rule gives P(total = v and no die exploded more than d times); the
    // enumeration counts exactly those rolls (every exploding die has at most d + 1 faces).
    const cases: [string, number[]][] = [
      ['1d6!', [0, 1, 3, 6]],
      ['2d6!', [0, 1, 2, 4]],
      ['3d4!kh2', [0, 1, 2]],
      ['2d6ro<3!kh1', [0, 1, 2]],
      ['d8^+3!', [0, 2]],
      ['d30^+1!', [0, 1]],
      ['2d3!-1d4!+1', [0, 1, 2]],
      ['1d20adv!', [0, 1, 2]],
      ['3d3!dh1', [0, 1, 2]],
      ['1d22!', [0, 1, 2]],
    ];
    for (const [notation, depths] of cases) {
      test.each(depths)(`${notation} at depth %i`, (depth) => {
        const resolved = resolve(notation);
        const e = enumerateRolls(resolved, { maxThrows: throwsWithin(resolved, depth), accept: withinDepth(depth) });
        const dp = denseTotal(resolved, { explodeDepth: depth, rule: 'drop' });
        expectClose(denseChances(dp), enumeratedChances(e), 1e-12, `${notation} depth ${depth}`);
        // What both leave out is the chance that some die went deeper.
        const left = ratio(e.residual + e.refused, e.denominator);
        expect(Math.abs(dp.truncatedMass - left)).toBeLessThan(1e-12);
      });
    }

    test('at the depth limit the last top face counts as is (one die, depth 0..4)', () => {
      for (const notation of ['1d6!', '1d8ro1!', '1d3ro<3!', 'd30^+1!']) {
        for (let depth = 0; depth <= 4; depth++) {
          const resolved = resolve(notation);
          const e = enumerateRolls(resolved, { maxThrows: throwsWithin(resolved, depth), accept: withinDepth(depth) });
          const d = distributionOfResolved(resolved, { explodeDepth: depth });
          const term = resolved.terms[0] as ThrowingTerm;
          expect(d.max).toBe(term.maxFace * (depth + 1));
          // Every roll that went deeper shows the top face depth + 1 times: that total, nothing else.
          const expected = enumeratedChances(e);
          expect(expected.has(d.max)).toBe(false);
          const deeper = ratio(e.residual + e.refused, e.denominator);
          expected.set(d.max, deeper);
          expectClose(chancesOf(d), expected, 1e-12, `${notation} depth ${depth}`);
          expect(Math.abs(d.truncatedMass - deeper)).toBeLessThan(1e-15);
        }
      }
    });

    test('2d6! at the automatic depth agrees with a deep enumeration within the truncated mass', () => {
      const resolved = resolve('2d6!');
      const e = enumerateRolls(resolved, { maxThrows: 36 });
      const d = distributionOfResolved(resolved);
      expect(d.truncatedMass).toBeGreaterThan(0);
      expect(d.truncatedMass).toBeLessThan(2 * EXPLOSION_RESIDUAL_TARGET);
      const cut = ratio(e.residual, e.denominator);
      expectClose(chancesOf(d), enumeratedChances(e), 1e-13 + d.truncatedMass + cut, '2d6!');
    });
  });

  describe('generated small expressions (fast-check)', () => {
    const smallDie: fc.Arbitrary<DieSpec> = fc.oneof(
      { weight: 6, arbitrary: fc.integer({ min: 2, max: 6 }).map((sides): DieSpec => ({ kind: 'plain', sides })) },
      { weight: 1, arbitrary: fc.constant<DieSpec>({ kind: 'tens', tensSides: 4 }) },
      { weight: 1, arbitrary: fc.constantFrom<DieSpec>({ kind: 'digits', digitSides: 2 }, { kind: 'digits', digitSides: 3 }) },
      { weight: 1, arbitrary: fc.constant<DieSpec>({ kind: 'percentile' }) },
    );
    // Comparisons that usually leave some faces standing (the resolver refuses the rest).
    const comparison: fc.Arbitrary<RerollModifier['when']> = fc.oneof(
      fc.record({ op: fc.constant('=' as const), value: fc.integer({ min: 1, max: 8 }) }),
      fc.record({ op: fc.constant('<' as const), value: fc.integer({ min: 1, max: 4 }) }),
      fc.record({ op: fc.constant('<=' as const), value: fc.integer({ min: 0, max: 3 }) }),
      fc.record({ op: fc.constant('>' as const), value: fc.integer({ min: 2, max: 8 }) }),
      fc.record({ op: fc.constant('>=' as const), value: fc.integer({ min: 3, max: 8 }) }),
    );
    const termArb = (reroll: fc.Arbitrary<RerollModifier | null>, explode: fc.Arbitrary<boolean>): fc.Arbitrary<Term> =>
      fc.oneof(
        {
          weight: 4,
          arbitrary: fc
            .record({
              sign: fc.constantFrom<1 | -1>(1, -1),
              count: fc.integer({ min: 1, max: 3 }),
              die: smallDie,
              step: fc.integer({ min: -4, max: 3 }),
              vantage: fc.array(fc.constantFrom('adv' as const, 'dis' as const), { maxLength: 2 }),
              reroll,
              explode,
              keepKind: fc.constantFrom<KeepModifier['kind']>('kh', 'kl', 'dh', 'dl'),
              keepCount: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
            })
            .map(({ step, keepKind, keepCount, ...t }): DiceTerm => {
              const onChain = t.die.kind === 'plain' && t.die.sides >= 3;
              return {
                kind: 'dice',
                ...t,
                steps: onChain && step !== 0 ? [{ amount: step, origin: { kind: 'smith', label: 'test' } }] : [],
                keep: keepCount === null ? null : { kind: keepKind, count: Math.min(keepCount, t.count) },
              };
            }),
        },
        {
          weight: 1,
          arbitrary: fc.record({
            kind: fc.constant('constant' as const),
            sign: fc.constantFrom<1 | -1>(1, -1),
            value: fc.integer({ min: 0, max: 9 }),
          }),
        },
      );
    const expressionArb = (term: fc.Arbitrary<Term>) =>
      fc.array(term, { minLength: 1, maxLength: 3 }).map((terms): DiceExpression => ({ kind: 'expression', terms }));

    /** Resolves, or returns null for a tree the rules refuse (a re-roll of every face, say). */
    function tryResolve(expr: DiceExpression, belowBottom: 'clamp' | 'negate'): ResolvedExpression | null {
      try {
        return resolveExpression(expr, { belowBottom });
      } catch (e) {
        if (isDiceError(e)) return null;
        throw e;
      }
    }

    /** Paths of the enumeration, counted without rolling, to keep each case small. */
    function pathsWithin(resolved: ResolvedExpression, depth: number): number {
      let paths = 1;
      for (const t of resolved.terms) {
        if (t.kind !== 'dice' || !t.unit) continue;
        const raw = unitDistribution(t.unit);
        const u = t.unit;
        const faces =
          u.kind === 'plain'
            ? u.sides
            : u.kind === 'sum'
              ? u.parts.reduce((a, b) => a * b, 1)
              : u.kind === 'percentile'
                ? 100
                : u.kind === 'tens'
                  ? u.tensSides * 10
                  : u.digitSides ** 2;
        const top = raw.p[t.maxFace - raw.min]! * faces;
        let matched = 0;
        raw.p.forEach((p, i) => {
          if (t.reroll && matches(t.reroll.when, raw.min + i)) matched += p * faces;
        });
        const leaves = faces - matched + matched * faces;
        const going = t.explode ? top * (1 + matched) : 0;
        let perDie = 0;
        let chains = 1;
        for (let j = 0; j <= depth + 1; j++) {
          perDie += chains * (leaves - going);
          chains *= going;
        }
        paths *= perDie + chains;
        if (paths > 1e7) return paths;
      }
      return paths;
    }

    test('re-roll once, explode, keep, vantage, steps: exact at depth 0..2', () => {
      let compared = 0;
      const skipped: Record<string, number> = {};
      const skip = (why: string) => void (skipped[why] = (skipped[why] ?? 0) + 1);
      const onceOrNone = fc.option(
        comparison.map((when): RerollModifier => ({ mode: 'once', when })),
        { nil: null },
      );
      fc.assert(
        fc.property(
          expressionArb(termArb(onceOrNone, fc.boolean())),
          fc.constantFrom<'clamp' | 'negate'>('clamp', 'negate'),
          fc.integer({ min: 0, max: 2 }),
          (expr, belowBottom, depth) => {
            const resolved = tryResolve(expr, belowBottom);
            if (!resolved) return skip('resolve');
            if (pathsWithin(resolved, depth) > 10_000) return skip('paths');
            // Dice that explode past the depth go on until the cap; too many such paths: skip.
            const e = tryEnumerate(resolved, {
              maxThrows: throwsWithin(resolved, depth),
              accept: withinDepth(depth),
              maxPaths: 25_000,
            });
            if (!e) return skip('enumeration');
            const dp = denseTotal(resolved, { explodeDepth: depth, rule: 'drop' });
            expectClose(denseChances(dp), enumeratedChances(e), 1e-12, resolved.notation);
            compared++;
          },
        ),
        { numRuns: 500, seed: 20240611 },
      );
      expect(compared, `skipped: ${JSON.stringify(skipped)}`).toBeGreaterThan(200);
    });

    test('re-roll until: exact after scaling by the enumerated mass', () => {
      let compared = 0;
      const skipped: Record<string, number> = {};
      const skip = (why: string) => void (skipped[why] = (skipped[why] ?? 0) + 1);
      const untilOrNone = fc.option(
        comparison.map((when): RerollModifier => ({ mode: 'until', when })),
        { nil: null },
      );
      fc.assert(
        fc.property(expressionArb(termArb(untilOrNone, fc.constant(false))), (expr) => {
          const resolved = tryResolve(expr, 'clamp');
          if (!resolved) return skip('resolve');
          if (pathsWithin(resolved, 0) > 2_000) return skip('paths');
          const e = tryEnumerate(resolved, { maxThrows: throwsWithin(resolved, 0) + 3, maxPaths: 60_000 });
          if (!e) return skip('enumeration');
          const covered = countedMass(e);
          const scaled = new Map([...e.totals].map(([v, n]) => [v, ratio(n, covered)]));
          expectClose(chancesOf(distributionOfResolved(resolved)), scaled, 1e-12, resolved.notation);
          compared++;
        }),
        { numRuns: 250, seed: 7 },
      );
      expect(compared, `skipped: ${JSON.stringify(skipped)}`).toBeGreaterThan(125);
    });
  });
});

describe('exact odds against seeded Monte Carlo (10^6 rolls, 4 sigma)', () => {
  const ROLLS = 1_000_000;
  test.each([
    ['4d6kh3', 1],
    ['10d6!', 2],
    ['2d20kh1+5', 3],
    ['3d6r<3', 4],
    ['d30^+15', 5],
    ['1d100adv', 6],
  ] as const)('%s (seed %i)', (notation, seed) => {
    const compiled = compileRoll(notation);
    const rng = seededRandom(seed);
    const counts = tally(ROLLS, () => compiled.roll(rng).total);
    let sum = 0;
    for (const [total, count] of counts) sum += total * count;
    const d = distributionOf(notation);
    for (const v of counts.keys()) expect(d.probabilityOf(v), `total ${v} was rolled`).toBeGreaterThan(0);
    for (const { value, p } of d.points()) {
      // One count of slack: a total expected 0.001 times may still come up once.
      expectWithinFourSigma(counts.get(value) ?? 0, ROLLS, p, 1 / ROLLS, `total ${value}`);
    }
    expectMeanWithinFourSigma(sum / ROLLS, d.mean, d.variance, ROLLS);
  });
});

describe('guard rails: pools where enumeration explodes', () => {
  const sumsToOne = (d: Distribution) => {
    let s = 0;
    for (const x of d.points()) s += x.p;
    expect(Math.abs(s - 1)).toBeLessThan(1e-12);
  };

  test('9d20kh1: CDF powers', () => {
    const d = distributionOf('9d20kh1');
    sumsToOne(d);
    expect(d.probabilityOf(20)).toBeCloseTo(1 - 0.95 ** 9, 14);
    expect(d.probabilityOf(1) / 20 ** -9).toBeCloseTo(1, 12);
    expect(d.atMost(10)).toBeCloseTo(0.5 ** 9, 14);
  });

  test('16d10kh8 and 16d10kl8 mirror each other (highest-first and lowest-first DP)', () => {
    const kh = distributionOf('16d10kh8');
    const kl = distributionOf('16d10kl8');
    sumsToOne(kh);
    sumsToOne(kl);
    expect(kh.mean + kl.mean).toBeCloseTo(16 * 5.5, 10);
    for (let v = kh.min; v <= kh.max; v++) expect(kh.probabilityOf(v)).toBeCloseTo(kl.probabilityOf(8 * 11 - v), 14);
    expect(kh.probabilityOf(8) / 10 ** -16).toBeCloseTo(1, 10);
  });

  test('20d10kh2: two tens or more', () => {
    const d = distributionOf('20d10kh2');
    sumsToOne(d);
    expect(d.probabilityOf(20)).toBeCloseTo(1 - 0.9 ** 20 - 20 * 0.1 * 0.9 ** 19, 14);
  });

  test('10d10!kh5: explosions under keep', () => {
    const d = distributionOf('10d10!kh5');
    sumsToOne(d);
    expect(d.min).toBe(5);
    expect(d.probabilityOf(5) / 10 ** -10).toBeCloseTo(1, 10);
    expect(d.truncatedMass).toBeGreaterThan(0);
    expect(d.truncatedMass).toBeLessThan(10 * EXPLOSION_RESIDUAL_TARGET);
  });

  test('11d6kh10: 11d6 less its lowest die', () => {
    const d = distributionOf('11d6kh10');
    sumsToOne(d);
    let lowest = 0;
    for (let k = 1; k <= 6; k++) lowest += ((7 - k) / 6) ** 11;
    expect(d.mean).toBeCloseTo(11 * 3.5 - lowest, 10);
  });

  test('100d6: mean 350, variance 100·35/12', () => {
    const d = distributionOf('100d6');
    sumsToOne(d);
    expect(d.mean).toBeCloseTo(350, 9);
    expect(d.variance).toBeCloseTo((100 * 35) / 12, 8);
    expect(d.probabilityOf(100) / 6 ** -100).toBeCloseTo(1, 10);
  });

  test('100d20kh50 and 100d20kl50 mirror each other', () => {
    const kh = distributionOf('100d20kh50');
    const kl = distributionOf('100d20kl50');
    sumsToOne(kh);
    sumsToOne(kl);
    expect(kh.mean + kl.mean).toBeCloseTo(100 * 10.5, 8);
    let twenties = 0;
    for (let k = 50; k <= 100; k++) {
      let c = 1;
      for (let i = 0; i < k; i++) c = (c * (100 - i)) / (i + 1);
      twenties += c * 0.05 ** k * 0.95 ** (100 - k);
    }
    expect(kh.probabilityOf(1000) / twenties).toBeCloseTo(1, 9);
  });

  test('known values: 3d6 P(10) = 27/216, 2d20kh1 P(20) = 39/400, 4d6kh3 mean 15869/1296', () => {
    expect(distributionOf('3d6').probabilityOf(10)).toBeCloseTo(27 / 216, 15);
    expect(distributionOf('2d20kh1').probabilityOf(20)).toBeCloseTo(39 / 400, 15);
    expect(distributionOf('4d6kh3').mean).toBeCloseTo(15869 / 1296, 12);
  });
});

describe('limits', () => {
  // 10d1000! followed 99 deep: each die runs 1..100,000; ten of them and a d10 span 10·99,999 + 9 + 1.
  test(`a span of exactly MAX_DISTRIBUTION_SPAN (${MAX_DISTRIBUTION_SPAN}) is computed`, () => {
    const d = distributionOf('10d1000!+1d10', { explodeDepth: 99 });
    expect(d.max - d.min + 1).toBe(MAX_DISTRIBUTION_SPAN);
    expect(d.min).toBe(11);
    let s = 0;
    for (const x of d.points()) s += x.p;
    expect(Math.abs(s - 1)).toBeLessThan(1e-9);
    expect(d.mean).toBeCloseTo((10 * 500.5 * 1000) / 999 + 5.5, 6);
  });

  test('one total more is odds/too-wide, before any work', () => {
    const attempt = () => distributionOf('10d1000!+1d11', { explodeDepth: 99 });
    expect(attempt).toThrow(expect.objectContaining({ code: 'odds/too-wide' }));
  });

  test('without an explicit depth, 300 exploding d1000s are too wide', () => {
    expect(() => distributionOf('100d1000!+100d1000!+100d1000!')).toThrow(expect.objectContaining({ code: 'odds/too-wide' }));
    // Each followed to depth 4 ((1/1000)^5 < 1e-12): 1..5000, so a hundred of them would fit.
    expect(distributionOf('1d1000!').max).toBe(5000);
  });

  test('work: MAX_DISTRIBUTION_WORK is allowed, one step more is refused', () => {
    expect(() => guardWork(MAX_DISTRIBUTION_WORK, '1d6')).not.toThrow();
    expect(() => guardWork(MAX_DISTRIBUTION_WORK + 1, '1d6')).toThrow(expect.objectContaining({ code: 'odds/too-costly' }));
  });

  test('work: 100d1000kh50 (span 49,951, about 10^11 steps) is refused; the guard rails fit', () => {
    expect(() => distributionOf('100d1000kh50')).toThrow(expect.objectContaining({ code: 'odds/too-costly' }));
    for (const n of ['100d20kh50', '16d10kh8', '10d10!kh5']) {
      expect(denseTotal(resolve(n)).work).toBeLessThan(MAX_DISTRIBUTION_WORK / 10);
    }
  });

  test('explodeDepth must be a whole number from 0 to MAX_EXPLOSION_CHAIN', () => {
    expect(distributionOf('1d6!', { explodeDepth: MAX_EXPLOSION_CHAIN }).max).toBe(6 * (MAX_EXPLOSION_CHAIN + 1));
    expect(distributionOf('1d6!', { explodeDepth: 0 }).max).toBe(6);
    for (const bad of [-1, MAX_EXPLOSION_CHAIN + 1, 1.5, Number.NaN]) {
      expect(() => distributionOf('1d6!', { explodeDepth: bad })).toThrow(RangeError);
    }
  });

  test('the automatic depth stops once going deeper is less likely than EXPLOSION_RESIDUAL_TARGET', () => {
    expect(explosionDepth(1 / 6)).toBe(15); // (1/6)^16 < 1e-12 <= (1/6)^15
    expect((1 / 6) ** 16).toBeLessThan(EXPLOSION_RESIDUAL_TARGET);
    expect((1 / 6) ** 15).toBeGreaterThanOrEqual(EXPLOSION_RESIDUAL_TARGET);
    expect(explosionDepth(0)).toBe(0);
    // d2ro1!: a top face of 3/4, the likeliest the rules allow, still stops short of the roller's cap.
    const deep = explosionDepth(0.75);
    expect(0.75 ** (deep + 1)).toBeLessThan(EXPLOSION_RESIDUAL_TARGET);
    expect(0.75 ** deep).toBeGreaterThanOrEqual(EXPLOSION_RESIDUAL_TARGET);
    expect(deep).toBeLessThan(MAX_EXPLOSION_CHAIN);
    const term = resolve('1d6!').terms[0] as ThrowingTerm;
    expect(dieDistribution(term).residual).toBeCloseTo((1 / 6) ** 16, 25);
  });
});

describe('Distribution', () => {
  const d = distributionOf('2d6+1');

  test('queries agree with each other', () => {
    expect(d.min).toBe(3);
    expect(d.max).toBe(13);
    expect(d.probabilityOf(8)).toBeCloseTo(6 / 36, 15);
    expect(d.probabilityOf(8.5)).toBe(0);
    expect(d.probabilityOf(2)).toBe(0);
    expect(d.atMost(8)).toBeCloseTo(21 / 36, 15);
    expect(d.below(8)).toBeCloseTo(15 / 36, 15);
    expect(d.atLeast(8)).toBeCloseTo(21 / 36, 15);
    expect(d.above(8)).toBeCloseTo(15 / 36, 15);
    expect(d.atLeast(7.5)).toBeCloseTo(d.atLeast(8), 15);
    expect(d.atMost(7.5)).toBeCloseTo(d.atMost(7), 15);
    expect(d.atMost(13)).toBe(1);
    expect(d.above(13)).toBe(0);
    expect(d.atLeast(3)).toBe(1);
    expect(d.below(3)).toBe(0);
    expect(d.atMost(-Infinity)).toBe(0);
    expect(d.atLeast(-Infinity)).toBe(1);
    expect(() => d.atMost(Number.NaN)).toThrow(RangeError);
    for (let t = 0; t <= 16; t++) expect(d.atMost(t) + d.above(t)).toBeCloseTo(1, 15);
    expect(d.mean).toBeCloseTo(8, 14);
    expect(d.variance).toBeCloseTo(35 / 6, 14);
    expect(d.standardDeviation).toBeCloseTo(Math.sqrt(35 / 6), 14);
  });

  test('a high target keeps its small chance exactly (summed from the top)', () => {
    const big = distributionOf('20d6');
    expect(big.atLeast(120) / 6 ** -20).toBeCloseTo(1, 12);
    expect(big.atMost(20) / 6 ** -20).toBeCloseTo(1, 12);
  });

  test('points ascend, hold only non-zero chances, and toJSON sums to 1', () => {
    const e = distributionOf('1d100adv');
    const pts = e.points();
    for (let i = 1; i < pts.length; i++) expect(pts[i]!.value).toBeGreaterThan(pts[i - 1]!.value);
    expect(pts.every((x) => x.p > 0)).toBe(true);
    expect(pts[0]!.value).toBe(10); // 1 to 9 need both digits' orders to read under 10
    const json = JSON.parse(JSON.stringify(e)) as { distribution: { value: number; p: number }[]; mean: number; truncatedMass: number };
    expect(Object.keys(json).sort()).toEqual(['distribution', 'mean', 'truncatedMass']);
    expect(json.distribution).toEqual(pts);
    expect(Math.abs(json.distribution.reduce((a, x) => a + x.p, 0) - 1)).toBeLessThan(1e-12);
  });

  test('a distribution does not change when the array it was built from does', () => {
    const p = new Float64Array([0.25, 0.75]);
    const x = new Distribution(1, p);
    p[0] = 1;
    expect(x.probabilityOf(1)).toBe(0.25);
    expect(x.atMost(1)).toBe(0.25);
    expect(Object.isFrozen(x)).toBe(true);
    expect(() => Object.assign(x, { mean: 0 })).toThrow(TypeError);
  });

  test('text and tree give the same distribution; options reach the resolver', () => {
    expect(distributionOf(parseNotation('3d6kh2+1')).points()).toEqual(distributionOf('3d6kh2+1').points());
    expect(distributionOf('d4^-3', { belowBottom: 'negate' }).points()).toEqual([{ value: 0, p: 1 }]);
    expect(distributionOf('d4^-3', { belowBottom: 'clamp' }).max).toBe(3);
    expect(distributionOf('d4^-1', { chain: BARE_BONES_CHAIN }).points()).toEqual([{ value: 0, p: 1 }]);
  });

  test('notation errors are the parser and resolver errors', () => {
    expect(() => distributionOf('2d6r<7')).toThrow(expect.objectContaining({ code: 'notation/reroll-every-face' }));
    expect(() => distributionOf('4x6')).toThrow(expect.objectContaining({ code: 'notation/unexpected' }));
  });
});
