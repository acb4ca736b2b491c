import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { HAMMERCRAWL_CHAIN, isDiceError, scriptedRandom, seededRandom, type RandomSource, type StepModifier } from '../../dice/index.js';
import { isCheckError, smithModifier, smithStep, statModifier, type VantageSource } from './check-modifiers.js';
import {
  MAX_COMPETITION_REROLLS,
  MAX_CRIT_RANGE,
  USUAL_CRIT_RANGE,
  checkExpression,
  checkOdds,
  competitionOdds,
  prepareCheck,
  prepareCompetition,
  rollCheck,
  rollCompetition,
  type CheckKind,
  type CheckSpec,
  type CompetitionSpec,
  type CompetitorSpec,
  type TieRule,
} from './checks.js';
import { featDieBonus } from './feat-die.js';
import { chanceOf, enumeratePaths, meanOf } from '../../../test/enumerate.js';
import { expectWithinFourSigma } from '../../../test/monte-carlo.js';

/** Every face sequence a rolling function asks for, each result with its exact chance (test/enumerate.ts). */
const enumerateOutcomes = <T>(f: (rng: RandomSource) => T) => enumeratePaths(f, { maxPaths: 200_000 });

const smith = (label: string) => ({ kind: 'smith' as const, label });
const adv: VantageSource = { mark: 'adv', origin: smith('Blessing') };
const dis: VantageSource = { mark: 'dis', origin: smith('Curse') };

// ---------------------------------------------------------------------------------------------------

describe('scenarios from DICE & STEPS and DICE CHECKS', () => {
  it('a d20 Challenge with -1 step rolls a d16, with +1 a d24', () => {
    const minus = rollCheck(scriptedRandom([16]), { kind: 'challenge', target: 15, steps: [smithStep(-1, 'Called shot')] });
    expect(minus.dice).toEqual(['d16']);
    expect(minus.record!.dice[0]!.die).toBe('d16');
    expect(minus.success).toBe(true);
    // A 17 cannot come up on the die asked for: it really is a d16.
    expect(() => rollCheck(scriptedRandom([17]), { kind: 'challenge', target: 15, steps: [smithStep(-1, 'x')] })).toThrow(/d16/);
    const plus = rollCheck(scriptedRandom([24]), { kind: 'challenge', target: 20, steps: [smithStep(1, 'x')] });
    expect(plus.dice).toEqual(['d24']);
    expect(plus.total).toBe(24);
    expect(plus.success).toBe(true);
  });

  it('a d20 Test with -1 step rolls a d24, with +1 a d16', () => {
    const minus = rollCheck(scriptedRandom([21]), { kind: 'test', target: 12, steps: [smithStep(-1, 'x')] });
    expect(minus.dice).toEqual(['d24']);
    expect(minus.success).toBe(false);
    const plus = rollCheck(scriptedRandom([12]), { kind: 'test', target: 12, steps: [smithStep(1, 'x')] });
    expect(plus.dice).toEqual(['d16']);
    expect(plus.success).toBe(true);
    expect(plus.margin).toBe(0);
    expect(() => rollCheck(scriptedRandom([17]), { kind: 'test', target: 12, steps: [smithStep(1, 'x')] })).toThrow(/d16/);
  });

  it('a d8 roll wanting high results with +3 steps rolls a d14 (the Harm Die example, as an Open roll)', () => {
    const r = rollCheck(scriptedRandom([14]), { kind: 'open', die: 8, steps: [smithStep(3, 'x')] });
    expect(r.dice).toEqual(['d14']);
    expect(r.total).toBe(14);
    expect(r.success).toBeNull();
  });

  it('explains steps with their origins: d20 +1 step (Called shot -1, Feat +2) -> d24', () => {
    const steps: StepModifier[] = [smithStep(-1, 'Called shot'), { amount: 2, origin: { kind: 'feat', id: 'feat', label: 'Feat' } }];
    const c = prepareCheck({ kind: 'challenge', target: 14, steps });
    expect(c.explanation[0]).toBe('Challenge: d20 +1 step (Called shot -1, Feat +2) -> d24');
    // The dice tree keeps each original origin; a Test would carry the amounts negated.
    const test = checkExpression({ kind: 'test', target: 14, steps });
    const term = test.terms[0]!;
    expect(term.kind === 'dice' && term.steps.map((s) => [s.amount, s.origin])).toEqual([
      [1, steps[0]!.origin],
      [-2, steps[1]!.origin],
    ]);
    expect(prepareCheck({ kind: 'test', target: 14, steps }).explanation[0]).toContain('d20 +1 step (Called shot -1, Feat +2) -> d16');
  });

  it('DEX +2 adds to a Challenge and, applied to a Test, counts in the roller’s favour (DICE ROLL MODIFICATIONS)', () => {
    const dex = statModifier('DEX', 2);
    const challenge = rollCheck(scriptedRandom([12]), { kind: 'challenge', target: 13, mods: [dex] });
    expect(challenge.total).toBe(14);
    expect(challenge.success).toBe(true);
    expect(challenge.explanation).toContain('+2 to the roll (DEX mod +2)');
    // On a Test the mod is subtracted from the roll: 13 - 2 = 11 <= 12. The engine moves the target instead: 13 <= 14.
    const test = rollCheck(scriptedRandom([13]), { kind: 'test', target: 12, mods: [dex] });
    expect(test.effectiveTarget).toBe(14);
    expect(test.success).toBe(true);
    expect(test.margin).toBe(1);
    expect(rollCheck(scriptedRandom([15]), { kind: 'test', target: 12, mods: [dex] }).success).toBe(false);
  });

  it('a Challenge must beat its target; a Test succeeds at the target', () => {
    expect(rollCheck(scriptedRandom([14]), { kind: 'challenge', target: 14 }).success).toBe(false);
    expect(rollCheck(scriptedRandom([15]), { kind: 'challenge', target: 14 }).success).toBe(true);
    expect(rollCheck(scriptedRandom([14]), { kind: 'test', target: 14 }).success).toBe(true);
    expect(rollCheck(scriptedRandom([15]), { kind: 'test', target: 14 }).success).toBe(false);
  });
});

describe('vantage', () => {
  it('keeps the lower die on a Test and the higher on a Challenge', () => {
    const t = rollCheck(scriptedRandom([15, 4]), { kind: 'test', target: 10, vantage: [adv] });
    expect(t.natural).toBe(4);
    expect(t.success).toBe(true);
    expect(t.record!.dice.map((d) => d.kept)).toEqual([false, true]);
    const c = rollCheck(scriptedRandom([15, 4]), { kind: 'challenge', target: 10, vantage: [adv] });
    expect(c.natural).toBe(15);
    const cd = rollCheck(scriptedRandom([15, 4]), { kind: 'challenge', target: 10, vantage: [dis] });
    expect(cd.natural).toBe(4);
    const td = rollCheck(scriptedRandom([15, 4]), { kind: 'test', target: 10, vantage: [dis] });
    expect(td.natural).toBe(15);
  });

  it('several of one kind count once, and both kinds cancel', () => {
    const twice = rollCheck(scriptedRandom([3, 9]), { kind: 'challenge', target: 5, vantage: [adv, { ...adv, origin: smith('Prayer') }] });
    expect(twice.record!.dice).toHaveLength(2);
    const rng = scriptedRandom([9]);
    const cancel = rollCheck(rng, { kind: 'challenge', target: 5, vantage: [adv, dis, adv] });
    expect(rng.used).toBe(1);
    expect(cancel.natural).toBe(9);
    expect(prepareCheck({ kind: 'challenge', target: 5, vantage: [adv, dis] }).explanation).toContain(
      'advantage (Blessing) and disadvantage (Curse) cancel',
    );
  });

  it('a percentile Test at an Advantage reads the two d10s in the lower order', () => {
    // Digits 3 and 7: readings 37 and 73; lower is better on a Test.
    const t = rollCheck(scriptedRandom([3, 7]), { kind: 'test', die: 100, target: 40, vantage: [adv] });
    expect(t.natural).toBe(37);
    expect(t.success).toBe(true);
    const c = rollCheck(scriptedRandom([3, 7]), { kind: 'challenge', die: 100, target: 40, vantage: [adv] });
    expect(c.natural).toBe(73);
  });
});

describe('crits', () => {
  it('a Challenge crits on the highest face of the die rolled, only when it is at least the threshold', () => {
    const d20 = rollCheck(scriptedRandom([20]), { kind: 'challenge', target: 25, critMin: 16 });
    expect(d20.crit).toBe(true);
    expect(d20.success).toBe(false); // success is the total's business; the crit is reported beside it
    expect(rollCheck(scriptedRandom([19]), { kind: 'challenge', target: 5, critMin: 16 }).crit).toBe(false);
    // At the threshold: a d16 (d20 -1 step) can crit at (C16).
    const d16 = rollCheck(scriptedRandom([16]), { kind: 'challenge', target: 5, critMin: 16, steps: [smithStep(-1, 'x')] });
    expect([d16.dice, d16.critAvailable, d16.crit]).toEqual([['d16'], true, true]);
    const d14 = rollCheck(scriptedRandom([14]), { kind: 'challenge', target: 5, critMin: 16, steps: [smithStep(-2, 'x')] });
    expect(d14.dice).toEqual(['d14']);
    expect(d14.critAvailable).toBe(false);
    expect(d14.crit).toBe(false);
    expect(prepareCheck({ kind: 'challenge', target: 5, critMin: 16, steps: [smithStep(-2, 'x')] }).explanation).toContain(
      'no crit: d14 is smaller than d16 (C16)',
    );
  });

  it('a Test crits on a natural 1; with vantage, on the kept die', () => {
    expect(rollCheck(scriptedRandom([1]), { kind: 'test', target: 10, critMin: 16 }).crit).toBe(true);
    expect(rollCheck(scriptedRandom([1, 20]), { kind: 'test', target: 10, critMin: 16, vantage: [dis] }).crit).toBe(false);
    expect(rollCheck(scriptedRandom([20, 1]), { kind: 'test', target: 10, critMin: 16, vantage: [adv] }).crit).toBe(true);
    // A Feat Die does not change the natural face.
    const feat = rollCheck(scriptedRandom([2, 1]), { kind: 'test', target: 10, critMin: 16, feat: featDieBonus(1) });
    expect(feat.natural).toBe(2);
    expect(feat.crit).toBe(false);
  });

  it('a compound die past d30 crits when every part shows its extreme', () => {
    const c = prepareCheck({ kind: 'challenge', die: 30, target: 100, critMin: 16, steps: [smithStep(1, 'x')] });
    expect(c.dice).toEqual(['d30', 'd3']);
    expect(c.critFace).toBe(33);
    expect(rollCheck(scriptedRandom([30, 3]), c).crit).toBe(true);
    expect(rollCheck(scriptedRandom([30, 2]), c).crit).toBe(false);
    expect(checkOdds(c).crit).toBeCloseTo(1 / 90, 14);
  });
});

describe('the Feat Die, Open rolls, below d3', () => {
  it('adds the Feat Die to a Challenge and subtracts it from a Test', () => {
    const feat = featDieBonus(2);
    const c = rollCheck(scriptedRandom([10, 3]), { kind: 'challenge', target: 12, feat });
    expect(c.featDie).toBe('d4');
    expect(c.featRoll).toBe(3);
    expect(c.total).toBe(13);
    expect(c.success).toBe(true);
    const t = rollCheck(scriptedRandom([14, 3]), { kind: 'test', target: 12, feat });
    expect(t.total).toBe(11);
    expect(t.success).toBe(true);
    expect(() => rollCheck(scriptedRandom([14, 5]), { kind: 'test', target: 12, feat })).toThrow(/d4/);
  });

  it('an Open roll adds its mods and has no target', () => {
    const r = rollCheck(scriptedRandom([7, 2]), { kind: 'open', die: 12, mods: [smithModifier(3, 'x')], feat: featDieBonus(1) });
    expect(r.total).toBe(12);
    expect(r.margin).toBeNull();
    expect(checkOdds({ kind: 'open', die: 12 }).success).toBeNull();
  });

  it('below d3: clamp keeps a d3; negate removes the check die (a Test then cannot fail)', () => {
    const clamp = prepareCheck({ kind: 'test', die: 3, target: 2, steps: [smithStep(2, 'x')] });
    expect(clamp.dice).toEqual(['d3']);
    expect(clamp.explanation[0]).toContain('2 below d3: kept at d3');
    const negate = prepareCheck({ kind: 'test', die: 3, target: 2, steps: [smithStep(2, 'x')], belowBottom: 'negate' });
    expect(negate.dice).toEqual([]);
    expect(negate.automatic).toBe('success');
    const chal = prepareCheck({ kind: 'challenge', die: 3, target: 2, steps: [smithStep(-1, 'x')], mods: [smithModifier(1, 'y')], belowBottom: 'negate' });
    expect(chal.automatic).toBe('failure');
    expect(checkOdds(chal).success).toBe(0);
  });
});

describe('automatic results', () => {
  it('a check that cannot fail is not rolled and says so', () => {
    const rng = scriptedRandom([]);
    const t = rollCheck(rng, { kind: 'test', target: 20 });
    expect(t.automatic).toBe('success');
    expect(t.success).toBe(true);
    expect(t.record).toBeNull();
    expect(t.summary).toContain('automatic success');
    expect(t.explanation.at(-1)).toContain('not rolled');
    const c = rollCheck(rng, { kind: 'challenge', target: 3, mods: [smithModifier(3, 'x')] });
    expect(c.automatic).toBe('success');
    expect(rng.used).toBe(0);
    expect(checkOdds({ kind: 'test', target: 20 }).pAutomatic).toBe(1);
  });

  it('a check that cannot succeed is an automatic failure, unless a crit could still happen', () => {
    const f = rollCheck(scriptedRandom([]), { kind: 'challenge', target: 20 });
    expect(f.automatic).toBe('failure');
    expect(f.success).toBe(false);
    const rng = scriptedRandom([20]);
    const crit = rollCheck(rng, { kind: 'challenge', target: 20, critMin: 16 });
    expect(crit.automatic).toBeNull();
    expect(crit.crit).toBe(true);
    expect(crit.success).toBe(false);
  });
});

describe('bad checks are typed errors', () => {
  const code = (f: () => unknown): string => {
    try {
      f();
    } catch (e) {
      if (isCheckError(e) || isDiceError(e)) return e.code;
      throw e;
    }
    return 'no error';
  };
  it('names what is wrong', () => {
    expect(code(() => prepareCheck({ kind: 'test', die: 9, target: 5 }))).toBe('check/die-not-allowed');
    expect(code(() => prepareCheck({ kind: 'challenge' }))).toBe('check/target-required');
    expect(code(() => prepareCheck({ kind: 'open', target: 4 }))).toBe('check/target-not-allowed');
    expect(code(() => prepareCheck({ kind: 'test', target: 4.5 }))).toBe('check/not-a-whole-number');
    expect(code(() => prepareCheck({ kind: 'test', target: 4, critMin: 0 }))).toBe('check/crit-threshold');
    expect(code(() => prepareCheck({ kind: 'test', die: 100, target: 4, steps: [smithStep(1, 'x')] }))).toBe('chain/not-on-chain');
    expect(code(() => prepareCheck({ kind: 'test', target: 4, steps: [smithStep(101, 'x')] }))).toBe('limit/step-amount');
    expect(code(() => prepareCheck({ kind: 'test', target: 4, steps: [smithStep(100, 'x')] }))).toBe('no error');
  });
});

// ---------------------------------------------------------------------------------------------------
// Exact odds against enumeration and Monte Carlo

const SMALL_SPECS: readonly CheckSpec[] = [
  { kind: 'test', die: 6, target: 3, vantage: [adv], feat: featDieBonus(1), mods: [smithModifier(1, 'x')], critMin: 6 },
  { kind: 'challenge', die: 8, target: 6, vantage: [dis], steps: [smithStep(1, 'x')], critMin: 10 },
  { kind: 'challenge', die: 30, target: 25, steps: [smithStep(2, 'x')], critMin: 16 },
  { kind: 'test', die: 100, target: 30, vantage: [adv], critMin: 16 },
  { kind: 'challenge', die: 100, target: 70, vantage: [dis], mods: [smithModifier(5, 'x')] },
  { kind: 'test', die: 20, target: 11, steps: [smithStep(1, 'x')], vantage: [adv], feat: featDieBonus(4), critMin: 16 },
  { kind: 'open', die: 4, feat: featDieBonus(2, 'weak'), steps: [smithStep(-3, 'x')], belowBottom: 'clamp' },
];

describe('exact odds against enumeration of every face', () => {
  it.each(SMALL_SPECS.map((s, i) => [i, s] as const))('spec %i: success, crit and every total', (_i, spec) => {
    const check = prepareCheck(spec);
    const odds = checkOdds(check);
    const paths = enumerateOutcomes((rng) => rollCheck(rng, check));
    // P(success) is null for an Open roll only, P(crit) without a crit threshold only; then no roll has it.
    expect(odds.success === null).toBe(spec.kind === 'open');
    expect(chanceOf(paths, (r) => r.success === true)).toBeCloseTo(odds.success ?? 0, 12);
    expect(odds.crit === null).toBe(spec.critMin === undefined);
    expect(chanceOf(paths, (r) => r.crit)).toBeCloseTo(odds.crit ?? 0, 12);
    const totals = new Set([...paths.totals.keys()].map((r) => r.total!));
    for (const v of totals) expect(odds.distribution.probabilityOf(v)).toBeCloseTo(chanceOf(paths, (r) => r.total === v), 12);
    expect(odds.distribution.points().length).toBe(totals.size);
  });

  it('competitions: P(first), P(second), P(stalemate) against enumeration', () => {
    const sides: [CompetitorSpec, CompetitorSpec] = [
      { die: 6, mods: [smithModifier(1, 'x')], vantage: [adv] },
      { die: 8, feat: featDieBonus(1) },
    ];
    for (const ties of ['defender', 'stalemate'] as const) {
      for (const defender of ['first', 'second'] as const) {
        const c = prepareCompetition({ first: sides[0], second: sides[1], ties, defender });
        const odds = competitionOdds(c);
        const paths = enumerateOutcomes((rng) => rollCompetition(rng, c));
        expect(odds.first).toBeCloseTo(chanceOf(paths, (r) => r.winner === 'first'), 12);
        expect(odds.second).toBeCloseTo(chanceOf(paths, (r) => r.winner === 'second'), 12);
        expect(odds.stalemate).toBeCloseTo(chanceOf(paths, (r) => r.winner === null), 12);
        expect(odds.first + odds.second + odds.stalemate).toBeCloseTo(1, 12);
      }
    }
  });
});

describe('exact odds against seeded Monte Carlo (4 sigma)', () => {
  const N = 200_000;
  const specs: readonly CheckSpec[] = [
    { kind: 'test', target: 12, steps: [smithStep(1, 'Feat')], vantage: [adv], critMin: 16 },
    { kind: 'challenge', target: 14, mods: [statModifier('DEX', 2)], feat: featDieBonus(5), vantage: [dis], critMin: 16 },
    { kind: 'challenge', die: 30, target: 40, steps: [smithStep(8, 'x')], critMin: 16 },
    { kind: 'test', die: 100, target: 34, vantage: [dis] },
  ];
  it.each(specs.map((s, i) => [i, s] as const))('spec %i', (i, spec) => {
    const check = prepareCheck(spec);
    const odds = checkOdds(check);
    const rng = seededRandom(1000 + i);
    let success = 0;
    let crit = 0;
    for (let k = 0; k < N; k++) {
      const r = rollCheck(rng, check);
      if (r.success) success++;
      if (r.crit) crit++;
    }
    expect(odds.success).not.toBeNull();
    expectWithinFourSigma(success, N, odds.success!, 1e-9);
    // Without a crit threshold P(crit) is null, and no roll crits.
    expect(odds.crit === null).toBe(spec.critMin === undefined);
    expectWithinFourSigma(crit, N, odds.crit ?? 0, 1e-9);
  });

  it('a Competition re-rolled until a victor: the limit', () => {
    const c = prepareCompetition({ first: { die: 6 }, second: { die: 6, mods: [smithModifier(1, 'x')] }, ties: 'reroll' });
    const odds = competitionOdds(c);
    // Closed form: P(first) = P(a > b+1) / (1 - P(a = b+1)) = (10/36) / (31/36).
    expect(odds.first).toBeCloseTo(10 / 31, 14);
    expect(odds.second).toBeCloseTo(21 / 31, 14);
    expect(odds.capResidual).toBeCloseTo((5 / 36) ** (MAX_COMPETITION_REROLLS + 1), 300);
    const rng = seededRandom(77);
    let first = 0;
    for (let k = 0; k < N; k++) if (rollCompetition(rng, c).winner === 'first') first++;
    expectWithinFourSigma(first, N, odds.first, 1e-9);
  });
});

// ---------------------------------------------------------------------------------------------------
// Properties

const CHAIN = HAMMERCRAWL_CHAIN.sides;
const arbKind = fc.constantFrom<CheckKind>('test', 'challenge');
const arbVantage = fc.constantFrom<readonly VantageSource[]>([], [adv], [dis], [adv, dis]);
const arbSpec = fc.record({
  kind: arbKind,
  die: fc.constantFrom(...CHAIN),
  target: fc.integer({ min: -5, max: 40 }),
  mod: fc.integer({ min: -6, max: 6 }),
  steps: fc.integer({ min: -16, max: 16 }),
  vantage: arbVantage,
  feat: fc.option(fc.integer({ min: 1, max: 10 }), { nil: undefined }),
  critMin: fc.option(fc.constantFrom(10, 16, 20, 30), { nil: undefined }),
  belowBottom: fc.constantFrom('clamp' as const, 'negate' as const),
});
interface Arb {
  readonly kind: CheckKind;
  readonly die: number;
  readonly target: number;
  readonly mod: number;
  readonly steps: number;
  readonly vantage: readonly VantageSource[];
  readonly feat: number | undefined;
  readonly critMin: number | undefined;
  readonly belowBottom: 'clamp' | 'negate';
}

function toSpec(a: Arb, over: Partial<{ steps: number; mod: number; vantage: readonly VantageSource[] }> = {}): CheckSpec {
  const steps = over.steps ?? a.steps;
  const mod = over.mod ?? a.mod;
  return {
    kind: a.kind,
    die: a.die,
    target: a.target,
    mods: [smithModifier(mod, 'm')],
    steps: [smithStep(steps, 's')],
    vantage: over.vantage ?? a.vantage,
    ...(a.feat !== undefined ? { feat: featDieBonus(a.feat) } : {}),
    ...(a.critMin !== undefined ? { critMin: a.critMin } : {}),
    belowBottom: a.belowBottom,
  };
}

const EPS = 1e-12;

describe('properties', () => {
  it('more favourable steps never lower P(success)', () => {
    fc.assert(
      fc.property(arbSpec, (a) => {
        expect(checkOdds(toSpec(a, { steps: a.steps + 1 })).success!).toBeGreaterThanOrEqual(checkOdds(toSpec(a)).success! - EPS);
      }),
      { numRuns: 300 },
    );
  });

  it('advantage never lowers P(success); disadvantage never raises it', () => {
    fc.assert(
      fc.property(arbSpec, (a) => {
        const plain = checkOdds(toSpec(a, { vantage: [] })).success!;
        expect(checkOdds(toSpec(a, { vantage: [adv] })).success!).toBeGreaterThanOrEqual(plain - EPS);
        expect(checkOdds(toSpec(a, { vantage: [dis] })).success!).toBeLessThanOrEqual(plain + EPS);
      }),
      { numRuns: 300 },
    );
  });

  it('a higher static mod never lowers P(success)', () => {
    fc.assert(
      fc.property(arbSpec, (a) => {
        expect(checkOdds(toSpec(a, { mod: a.mod + 1 })).success!).toBeGreaterThanOrEqual(checkOdds(toSpec(a)).success! - EPS);
      }),
      { numRuns: 300 },
    );
  });

  it('automatic success iff P(success) = 1 with no crit available, and then nothing is rolled', () => {
    const seen = { success: 0, failure: 0 };
    fc.assert(
      fc.property(arbSpec, (a) => {
        const check = prepareCheck(toSpec(a));
        const odds = checkOdds(check);
        expect(check.automatic === 'success').toBe(odds.success === 1 && !check.critAvailable);
        expect(check.automatic === 'failure').toBe(odds.success === 0 && !check.critAvailable);
        if (check.automatic) {
          seen[check.automatic] += 1;
          const r = rollCheck(scriptedRandom([]), check); // would throw if it asked for a die
          expect(r.success).toBe(check.automatic === 'success');
          expect(r.record).toBeNull();
        }
      }),
      { numRuns: 400 },
    );
    // The runs reached automatic checks of both kinds: the branch above was exercised.
    expect(seen.success).toBeGreaterThan(0);
    expect(seen.failure).toBeGreaterThan(0);
  });

  it('P(success) and P(crit) equal the frequencies of the roll function over every face sequence', () => {
    const small = fc.record({
      kind: fc.constantFrom<CheckKind>('test', 'challenge', 'open'),
      die: fc.constantFrom(3, 4, 5, 6, 7, 8, 10, 12),
      target: fc.integer({ min: -2, max: 14 }),
      mod: fc.integer({ min: -3, max: 3 }),
      steps: fc.integer({ min: -3, max: 2 }),
      vantage: arbVantage,
      feat: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
      critMin: fc.option(fc.constantFrom(4, 8, 12), { nil: undefined }),
      belowBottom: fc.constantFrom('clamp' as const, 'negate' as const),
    });
    let rolled = 0;
    fc.assert(
      fc.property(small, (a) => {
        const base = toSpec({ ...a, kind: a.kind === 'open' ? 'challenge' : a.kind });
        const spec: CheckSpec = a.kind === 'open' ? (({ target: _t, ...rest }) => ({ ...rest, kind: 'open' as const }))(base) : base;
        const check = prepareCheck(spec);
        const odds = checkOdds(check);
        const paths = enumerateOutcomes((rng) => rollCheck(rng, check));
        expect(odds.success === null).toBe(spec.kind === 'open');
        expect(chanceOf(paths, (r) => r.success === true)).toBeCloseTo(odds.success ?? 0, 12);
        expect(odds.crit === null).toBe(spec.critMin === undefined);
        expect(chanceOf(paths, (r) => r.crit)).toBeCloseTo(odds.crit ?? 0, 12);
        // An automatic check is not rolled, so its paths have no totals to average.
        if (!check.automatic) {
          rolled += 1;
          expect(odds.distribution.mean).toBeCloseTo(meanOf(paths, (r) => r.total!), 10);
        }
      }),
      { numRuns: 150 },
    );
    expect(rolled).toBeGreaterThan(0);
  });
});

// ---------------------------------------------------------------------------------------------------

describe('competitions', () => {
  const base: CompetitionSpec = { first: { mods: [smithModifier(2, 'STR mod')] }, second: {} };

  it('the higher total wins; a tie goes to the defender (the second side by default)', () => {
    expect(rollCompetition(scriptedRandom([10, 11]), base).winner).toBe('first');
    expect(rollCompetition(scriptedRandom([10, 13]), base).winner).toBe('second');
    const tie = rollCompetition(scriptedRandom([10, 12]), base);
    expect(tie.winner).toBe('second');
    expect(tie.decidedBy).toBe('tie-to-defender');
    expect(rollCompetition(scriptedRandom([10, 12]), { ...base, defender: 'first' }).winner).toBe('first');
  });

  it('stalemate: no winner this round', () => {
    const r = rollCompetition(scriptedRandom([10, 12]), { ...base, ties: 'stalemate' });
    expect(r.winner).toBeNull();
    expect(r.decidedBy).toBe('stalemate');
  });

  it('reroll: ties are rolled again until a victor, capped', () => {
    const r = rollCompetition(scriptedRandom([10, 12, 5, 6]), { ...base, ties: 'reroll' });
    expect(r.rounds.map((x) => x.result)).toEqual(['tie', 'first']);
    expect(r.winner).toBe('first');
    // A certain tie (both dice negated, equal mods) runs to the cap and stops with a typed result.
    const endless: CompetitionSpec = {
      first: { die: 3, steps: [smithStep(-1, 'x')] },
      second: { die: 3, steps: [smithStep(-1, 'x')] },
      ties: 'reroll',
      belowBottom: 'negate',
    };
    const capped = rollCompetition(scriptedRandom([]), endless);
    expect(capped.winner).toBeNull();
    expect(capped.code).toBe('competition/reroll-limit');
    expect(capped.rounds).toHaveLength(MAX_COMPETITION_REROLLS + 1);
    const odds = competitionOdds(endless);
    expect([odds.first, odds.second, odds.capResidual]).toEqual([0, 0, 1]);
  });

  it('steps favour each side up the chain; a certain winner is not rolled', () => {
    const c = prepareCompetition({ first: { steps: [smithStep(1, 'x')] }, second: { steps: [smithStep(-1, 'y')] } });
    expect([c.first.dice, c.second.dice]).toEqual([['d24'], ['d16']]);
    const sure = prepareCompetition({ first: { die: 4, mods: [smithModifier(20, 'x')] }, second: { die: 20 } });
    expect(sure.automatic).toBe('first');
    expect(rollCompetition(scriptedRandom([]), sure).winner).toBe('first');
    expect(competitionOdds(sure).first).toBe(1);
    // Ties to the defender: a defender whose lowest meets the other's highest wins for sure.
    const tieSure = prepareCompetition({ first: { die: 4 }, second: { die: 4, mods: [smithModifier(3, 'x')] } });
    expect(tieSure.automatic).toBe('second');
  });

  it('property: a better die, mod or vantage for the first side never lowers P(first wins)', () => {
    const side = fc.record({
      die: fc.constantFrom(...CHAIN),
      steps: fc.integer({ min: -6, max: 6 }),
      mod: fc.integer({ min: -5, max: 5 }),
      vantage: arbVantage,
    });
    const toSide = (x: { die: number; steps: number; mod: number; vantage: readonly VantageSource[] }): CompetitorSpec => ({
      die: x.die,
      steps: [smithStep(x.steps, 's')],
      mods: [smithModifier(x.mod, 'm')],
      vantage: x.vantage,
    });
    fc.assert(
      fc.property(side, side, fc.constantFrom<TieRule>('defender', 'stalemate', 'reroll'), (a, b, ties) => {
        const p = competitionOdds({ first: toSide(a), second: toSide(b), ties }).first;
        expect(competitionOdds({ first: toSide({ ...a, steps: a.steps + 1 }), second: toSide(b), ties }).first).toBeGreaterThanOrEqual(p - EPS);
        expect(competitionOdds({ first: toSide({ ...a, mod: a.mod + 1 }), second: toSide(b), ties }).first).toBeGreaterThanOrEqual(p - EPS);
        expect(competitionOdds({ first: toSide({ ...a, vantage: [adv] }), second: toSide(b), ties }).first).toBeGreaterThanOrEqual(
          competitionOdds({ first: toSide({ ...a, vantage: [] }), second: toSide(b), ties }).first - EPS,
        );
      }),
      { numRuns: 200 },
    );
  });

  it('odds: P(first) + P(second) + P(stalemate) = 1 for every tie rule', () => {
    for (const ties of ['defender', 'stalemate', 'reroll'] as TieRule[]) {
      const o = competitionOdds({ ...base, ties });
      expect(o.first + o.second + o.stalemate).toBeCloseTo(1, 12);
    }
    // d20+2 vs d20: P(first wins outright) = sum over a of P(b < a + 2).
    const o = competitionOdds({ ...base, ties: 'stalemate' });
    expect(o.tie).toBeCloseTo(18 / 400, 14);
  });
});

describe('widened crit ranges ("crits on 19-20", H-17)', () => {
  it('a Challenge with critRange 2 crits on a natural 19 or 20, and its odds say 2 in 20', () => {
    const spec: CheckSpec = { kind: 'challenge', target: 25, critMin: 16, critRange: 2 };
    const c = prepareCheck(spec);
    expect(c.critFaces).toEqual([20, 19]);
    expect(c.explanation).toContain('crit (C16) on a natural 19-20 of d20');
    expect(rollCheck(scriptedRandom([19]), spec).crit).toBe(true);
    expect(rollCheck(scriptedRandom([20]), spec).crit).toBe(true);
    expect(rollCheck(scriptedRandom([18]), spec).crit).toBe(false);
    expect(checkOdds(spec).crit).toBeCloseTo(2 / 20, 14);
  });

  it('a Test with critRange 2 crits on a natural 1 or 2', () => {
    const spec: CheckSpec = { kind: 'test', target: 10, critMin: 16, critRange: 2 };
    expect(prepareCheck(spec).critFaces).toEqual([1, 2]);
    expect(rollCheck(scriptedRandom([2]), spec).crit).toBe(true);
    expect(rollCheck(scriptedRandom([3]), spec).crit).toBe(false);
    expect(checkOdds(spec).crit).toBeCloseTo(2 / 20, 14);
  });

  it('the usual range is one face, and the odds of a widened range match its rolls exactly (with vantage and a Feat)', () => {
    expect(prepareCheck({ kind: 'challenge', target: 10, critMin: 16 }).critFaces).toEqual([20]);
    for (const spec of [
      { kind: 'challenge', target: 14, critMin: 16, critRange: 3, vantage: [adv] },
      { kind: 'test', target: 9, critMin: 16, critRange: 2, vantage: [dis], feat: featDieBonus(1) },
      { kind: 'challenge', die: 16, target: 12, critMin: 16, critRange: 2, steps: [smithStep(-1, 'x')] },
    ] as CheckSpec[]) {
      const odds = checkOdds(spec);
      const paths = enumerateOutcomes((rng) => rollCheck(rng, spec));
      expect(chanceOf(paths, (r) => r.crit)).toBeCloseTo(odds.crit ?? 0, 12);
      expect(chanceOf(paths, (r) => r.success === true)).toBeCloseTo(odds.success ?? 0, 12);
    }
  });

  it('no crit below the threshold however wide the range', () => {
    const c = prepareCheck({ kind: 'challenge', die: 12, target: 5, critMin: 16, critRange: 2 });
    expect(c.critFaces).toEqual([]);
    expect(checkOdds(c).crit).toBe(0);
  });

  it(`takes ${USUAL_CRIT_RANGE} to ${MAX_CRIT_RANGE} faces and refuses one past either end`, () => {
    expect(prepareCheck({ kind: 'challenge', target: 5, critMin: 16, critRange: MAX_CRIT_RANGE }).critFaces).toHaveLength(MAX_CRIT_RANGE);
    expect(prepareCheck({ kind: 'challenge', target: 5, critMin: 16, critRange: USUAL_CRIT_RANGE }).critFaces).toHaveLength(1);
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return isCheckError(e) ? e.code : String(e);
      }
      return 'no error';
    };
    expect(code(() => prepareCheck({ kind: 'challenge', target: 5, critMin: 16, critRange: MAX_CRIT_RANGE + 1 }))).toBe('check/crit-range');
    expect(code(() => prepareCheck({ kind: 'challenge', target: 5, critMin: 16, critRange: USUAL_CRIT_RANGE - 1 }))).toBe('check/crit-range');
    expect(code(() => prepareCheck({ kind: 'challenge', target: 5, critMin: 16, critRange: 1.5 }))).toBe('check/crit-range');
  });
});
