import { describe, expect, it } from 'vitest';
import { scriptedRandom, seededRandom } from '../../../dice/index.js';
import { HAS_RULES_TEXT, copiedRuns } from '../../../../test/copied-prose.js';
import { enumeratePaths, enumeratedChances } from '../../../../test/enumerate.js';
import { expectWithinFourSigma, tally } from '../../../../test/monte-carlo.js';
import { prepareCheck } from '../checks.js';
import { featDieBonus } from '../feat-die.js';
import {
  SCROLL_FAILURE_DIE,
  SCROLL_FAILURE_TABLE,
  rollScrollCasting,
  scrollCastingOdds,
  scrollFailureFor,
  scrollTestSpec,
  type ScrollSpec,
} from './scrolls.js';
import { coverageOffenders, duplicatesOf, offendersOf, rulesBroken } from '../../../../test/offenders.js';

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function cast(faces: number[], spec: ScrollSpec) {
  const rng = scriptedRandom(faces);
  const r = rollScrollCasting(rng, spec);
  expect(rng.remaining).toBe(0);
  if (!r.ok) throw new Error(r.problem.code);
  return r.casting;
}

function outcome(spec: ScrollSpec) {
  return (rng: Parameters<typeof rollScrollCasting>[0]): string => {
    const r = rollScrollCasting(rng, spec);
    if (!r.ok) throw new Error(r.problem.code);
    return r.casting.success ? 'success' : r.casting.failure!.id;
  };
}

describe('the scroll failure table (Scrolls and Other Single-Use Magicks)', () => {
  it('data integrity: unique kebab-case ids, refs, d100 covered 1-100 exactly once', () => {
    expect([
      ...duplicatesOf(SCROLL_FAILURE_TABLE.map((r) => r.id)),
      ...rulesBroken(SCROLL_FAILURE_TABLE, (r) => r.id, (r) => ({ 'kebab-case id': KEBAB.test(r.id), 'ref to Scrolls': /Scrolls/.test(r.ref) })),
      ...coverageOffenders(SCROLL_FAILURE_DIE, SCROLL_FAILURE_TABLE.map((r) => r.roll)),
    ]).toEqual([]);
    // In order, and each face read to the row that covers it.
    expect(SCROLL_FAILURE_TABLE.map((r) => r.roll.min)).toEqual([...SCROLL_FAILURE_TABLE.map((r) => r.roll.min)].sort((a, b) => a - b));
    const faces = Array.from({ length: SCROLL_FAILURE_DIE }, (_, i) => i + 1);
    expect(offendersOf(faces, (v) => { const r = scrollFailureFor(v).roll; return v < r.min || v > r.max; }, (v) => `face ${v} read to ${scrollFailureFor(v).id}`)).toEqual([]);
    expect(() => scrollFailureFor(0)).toThrow(RangeError);
    expect(() => scrollFailureFor(101)).toThrow(RangeError);
  });

  it('matches the printed ranges: 01-33 nothing, 34-66 backfire, 67-00 something random', () => {
    expect(SCROLL_FAILURE_TABLE.map((r) => [r.roll.min, r.roll.max, r.kind])).toEqual([
      [1, 33, 'fizzle'],
      [34, 66, 'backfire'],
      [67, 100, 'wild'],
    ]);
  });

  it.skipIf(!HAS_RULES_TEXT)('descriptions are in our own words', () => {
    expect(copiedRuns(SCROLL_FAILURE_TABLE.flatMap((r) => [r.label, r.description]))).toEqual([]);
  });
});

describe('casting from a scroll: an INT Test', () => {
  it('a Dedicated caster rolls one step better (d16 against INT)', () => {
    expect(prepareCheck(scrollTestSpec({ reader: 'dedicated', intScore: 15 })).dice).toEqual(['d16']);
    const ok = cast([15], { reader: 'dedicated', intScore: 15 });
    expect(ok).toMatchObject({ success: true, failureRoll: null, failure: null });
    const bad = cast([16, 40], { reader: 'dedicated', intScore: 15 });
    expect(bad).toMatchObject({ success: false, failureRoll: 40, failure: { id: 'scroll-backfire' } });
    expect(bad.summary).toContain('Backfire');
  });

  it('a Dabbler rolls d20 against INT; a non-caster against the INT half-stat', () => {
    expect(prepareCheck(scrollTestSpec({ reader: 'dabbler', intScore: 12 })).dice).toEqual(['d20']);
    expect(cast([12], { reader: 'dabbler', intScore: 12 }).success).toBe(true);
    expect(scrollTestSpec({ reader: 'non-caster', intScore: 13 }).target).toBe(7);
    expect(cast([8, 100], { reader: 'non-caster', intScore: 13 })).toMatchObject({ success: false, failure: { id: 'scroll-wild-effect' } });
    expect(cast([9, 1], { reader: 'non-caster', intScore: 13 }).failure?.id).toBe('scroll-fizzle');
  });

  it('a Feat may be declared; an unknown language cannot be read', () => {
    const feat = featDieBonus(4);
    expect(cast([14, 3], { reader: 'dabbler', intScore: 12, feat }).success).toBe(true);
    expect(rollScrollCasting(scriptedRandom([]), { reader: 'dedicated', intScore: 15, canReadLanguage: false })).toMatchObject({
      ok: false,
      problem: { code: 'magick/scroll-unreadable' },
    });
    expect(scrollCastingOdds({ reader: 'dedicated', intScore: 15, canReadLanguage: false }).ok).toBe(false);
  });

  it('exact odds: a non-caster with INT 10 succeeds 5 in 20; failures split 33/33/34', () => {
    const r = scrollCastingOdds({ reader: 'non-caster', intScore: 10 });
    if (!r.ok) throw new Error('unexpected');
    expect(r.odds.success).toBeCloseTo(0.25, 15);
    expect(r.odds.failures.map((f) => f.p)).toEqual([0.75 * 0.33, 0.75 * 0.33, 0.75 * 0.34].map((p) => expect.closeTo(p, 15)));
    const d = scrollCastingOdds({ reader: 'dedicated', intScore: 16 });
    expect(d.ok && d.odds.success).toBe(1);
  });

  it.each<ScrollSpec>([
    { reader: 'dedicated', intScore: 9 },
    { reader: 'dabbler', intScore: 14 },
    { reader: 'non-caster', intScore: 17 },
    { reader: 'dabbler', intScore: 11, feat: featDieBonus(3) },
  ])('exact odds equal brute force and seeded Monte Carlo: %o', (spec) => {
    const r = scrollCastingOdds(spec);
    if (!r.ok) throw new Error('unexpected');
    const exact = new Map<string, number>([['success', r.odds.success], ...r.odds.failures.map((f) => [f.id, f.p] as [string, number])]);
    const brute = enumeratedChances(enumeratePaths(outcome(spec)));
    for (const [k, p] of exact) expect(brute.get(k) ?? 0, k).toBeCloseTo(p, 12);
    const n = 20_000;
    const rng = seededRandom(99);
    const counts = tally(n, () => outcome(spec)(rng));
    for (const [k, p] of exact) expectWithinFourSigma(counts.get(k) ?? 0, n, p, 0, k);
  });
});
