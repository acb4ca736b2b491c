// The contract's checks: every kind's params, its odds against brute-force enumeration of rollCheck
// (small cases) and against seeded Monte Carlo (large ones), scenarios from the text, and problems.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scriptedRandom, seededRandom } from '../../dice/random.js';
import { enumeratePaths, enumeratedChances } from '../../../test/enumerate.js';
import { expectWithinFourSigma, tally } from '../../../test/monte-carlo.js';
import type { CheckOdds, CheckRequest, CheckRoll, ParamRecord } from '../rule-system.js';
import { BARE_BONES_CHECKS, MAX_ARMOUR_CLASS, MAX_SMITE_DICE, checkOdds, meleeOutcome, rollCheck } from './check-kinds.js';
import { MAX_ATTRIBUTE_SCORE } from './attributes.js';
import { MAX_CHECK_MODIFIER } from './checks.js';
import { MAX_NOTCHES } from './damage.js';
import { assertRefused } from '../../../test/narrow.js';

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function odds(check: string, params: ParamRecord): CheckOdds {
  const r = checkOdds({ check, params });
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

function roll(faces: number[], check: string, params: ParamRecord): CheckRoll {
  const rng = scriptedRandom(faces);
  const r = rollCheck(rng, { check, params });
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  expect(rng.remaining, 'the whole script is used').toBe(0);
  return r.value;
}

/** Holds checkOdds to the exact enumeration of rollCheck: outcomes, and values when given. */
function expectOddsMatchEnumeration(request: CheckRequest, maxThrows?: number, exactValuesUpTo?: number): void {
  const o = odds(request.check, request.params);
  const run = (rng: Parameters<typeof rollCheck>[0]) => {
    const r = rollCheck(rng, request);
    if (!r.ok) throw new Error(r.error.message);
    return `${r.value.outcome}|${r.value.total}`;
  };
  const e = enumeratePaths(run, maxThrows === undefined ? {} : { maxThrows });
  const chances = enumeratedChances(e);
  const byOutcome = new Map<string, number>();
  const byValue = new Map<number, number>();
  for (const [k, p] of chances) {
    const [outcome, total] = k.split('|');
    byOutcome.set(outcome!, (byOutcome.get(outcome!) ?? 0) + p);
    byValue.set(Number(total), (byValue.get(Number(total)) ?? 0) + p);
  }
  const residual = Number(e.residual) / Number(e.denominator);
  for (const out of o.outcomes) expect(Math.abs(out.p - (byOutcome.get(out.outcome) ?? 0)), `${request.check} ${out.outcome}`).toBeLessThanOrEqual(residual + 1e-12);
  expect(o.outcomes.reduce((a, x) => a + x.p, 0)).toBeCloseTo(1, 12);
  for (const k of byOutcome.keys()) expect(o.outcomes.map((x) => x.outcome)).toContain(k);
  if (o.values !== undefined && residual === 0) {
    for (const v of o.values) expect(v.p, `${request.check} value ${v.value}`).toBeCloseTo(byValue.get(v.value) ?? 0, 12);
    expect(o.values.length).toBe(byValue.size);
  }
  if (o.values !== undefined && exactValuesUpTo !== undefined) {
    for (const v of o.values.filter((x) => x.value <= exactValuesUpTo)) expect(v.p, `value ${v.value}`).toBeCloseTo(byValue.get(v.value) ?? 0, 12);
  }
}

describe('check kinds (the RuleSystem contract)', () => {
  it('lists every kind with kebab-case ids and params, labels and help', () => {
    expect(BARE_BONES_CHECKS.map((c) => c.id)).toEqual(['test', 'save', 'missile', 'melee', 'damage', 'watch', 'usage', 'divine-aid', 'hit-die', 'advancement']);
    for (const c of BARE_BONES_CHECKS) {
      expect(c.id).toMatch(KEBAB);
      const names = c.params.map((p) => p.name);
      expect(new Set(names).size).toBe(names.length);
      for (const p of c.params) {
        expect(p.name).toMatch(KEBAB);
        expect(p.help.length).toBeGreaterThan(0);
      }
    }
  });

  it('the CLI example --stat 12 --skill --advantage: success below 14 on the lower of two d20s', () => {
    const o = odds('test', { stat: 12, skill: true, advantage: true });
    const success = o.outcomes.filter((x) => x.outcome === 'success' || x.outcome === 'critical').reduce((a, x) => a + x.p, 0);
    // P(min of two d20 <= 13) = 1 - (7/20)^2
    expect(success).toBeCloseTo(1 - (7 / 20) ** 2, 14);
    expect(o.description).toBe('Attribute check: 2d20 keep lowest under 14');
  });

  it('odds equal brute-force enumeration of rolls for small cases of every kind', () => {
    const cases: CheckRequest[] = [
      { check: 'test', params: { stat: 12 } },
      { check: 'test', params: { stat: 9, skill: true, 'skill-bonus': 4, disadvantage: true, 'crit-range': 2 } },
      { check: 'save', params: { stat: 15, advantage: true, 'bonus-die': 4, modifier: -3 } },
      { check: 'missile', params: { stat: 14, 'target-armour': 'heavy', 'target-shield': true } },
      { check: 'missile', params: { stat: 11, 'bonus-die': 6, 'target-armour': 'light' } },
      { check: 'melee', params: { stat: 13, 'armor-class': 11 } },
      { check: 'melee', params: { stat: 10, skill: true, 'armor-class': 15, 'defense-bonus-die': 4, 'crit-range': 2 } },
      { check: 'melee', params: { stat: 16, advantage: true, 'armor-class': 8, 'defense-disadvantage': true } },
      { check: 'damage', params: { weight: 'medium', 'two-handed': true } },
      { check: 'damage', params: { weight: 'heavy', kind: 'axe', 'dual-wield': true, 'clobber-die': 6 } },
      { check: 'damage', params: { weight: 'light', kind: 'hammer', notches: 1, smite: 2 } },
      { check: 'damage', params: { kind: 'crossbow', 'favored-foe': true } },
      { check: 'damage', params: { weight: 'light', notches: MAX_NOTCHES } },
      { check: 'watch', params: {} },
      { check: 'watch', params: { 'wandering-max': 3 } },
      { check: 'usage', params: { die: 4 } },
      { check: 'usage', params: { die: 12 } },
      { check: 'divine-aid', params: {} },
      { check: 'hit-die', params: { die: 12 } },
      { check: 'advancement', params: { score: 14, checks: 4, 'bonus-die': true } },
      { check: 'advancement', params: { score: 3, checks: 0, 'bonus-die': true } },
    ];
    for (const c of cases) expectOddsMatchEnumeration(c);
  });

  it('property: melee odds equal enumeration for random small cases (one vantage or maneuver die per side)', () => {
    const side = fc.record({
      stat: fc.integer({ min: 1, max: 24 }),
      extra: fc.constantFrom<ParamRecord>({}, { advantage: true }, { disadvantage: true }, { 'bonus-die': 4 }, { skill: true }, { modifier: -3, 'crit-range': 2 }),
    });
    const defence = fc.record({
      ac: fc.integer({ min: 1, max: 24 }),
      extra: fc.constantFrom<ParamRecord>({}, { 'defense-advantage': true }, { 'defense-disadvantage': true }, { 'defense-bonus-die': 6 }, { 'defense-crit-range': 2 }),
    });
    fc.assert(
      fc.property(side, defence, (a, d) => {
        expectOddsMatchEnumeration({ check: 'melee', params: { stat: a.stat, ...a.extra, 'armor-class': d.ac, ...d.extra } });
      }),
      { numRuns: 8 },
    );
  });

  it('exploding bow dice: exact within the enumeration\'s cut', () => {
    expectOddsMatchEnumeration({ check: 'damage', params: { kind: 'bow' } }, 6, 12);
    const o = odds('damage', { kind: 'bow' });
    // 2d4 exploding: P(2) = 1/16; mean = 2 * (2.5 / (1 - 1/4)) = 20/3
    expect(o.values!.find((v) => v.value === 2)!.p).toBeCloseTo(1 / 16, 14);
    expect(o.mean!).toBeCloseTo(20 / 3, 9);
  });

  it('melee with advantage and maneuver dice on both sides: seeded Monte Carlo within 4 sigma', () => {
    const request: CheckRequest = { check: 'melee', params: { stat: 14, advantage: true, 'bonus-die': 6, 'armor-class': 13, 'defense-advantage': true, 'defense-bonus-die': 8 } };
    const o = odds(request.check, request.params);
    const rng = seededRandom(2026);
    const n = 40_000;
    const counts = tally(n, () => {
      const r = rollCheck(rng, request);
      if (!r.ok) throw new Error(r.error.message);
      return r.value.outcome;
    });
    for (const out of o.outcomes) expectWithinFourSigma(counts.get(out.outcome) ?? 0, n, out.p, 0, out.outcome);
  });

  it('melee\'s outcomes follow the text: hit, attacker maneuver, defender maneuver; both succeeding is a stand-off', () => {
    expect(meleeOutcome('success', 'failure')).toBe('hit');
    expect(meleeOutcome('critical', 'fumble')).toBe('critical-hit');
    expect(meleeOutcome('failure', 'failure')).toBe('attacker-maneuver');
    expect(meleeOutcome('fumble', 'success')).toBe('defender-maneuver');
    expect(meleeOutcome('critical', 'success')).toBe('stand-off');
  });

  it('scenario: a natural 1 hits straight to Blood; a natural 20 notches the weapon and the armour', () => {
    const crit = roll([1, 15], 'melee', { stat: 12, 'armor-class': 11 });
    expect(crit.outcome).toBe('critical-hit');
    const notched = roll([20, 20], 'melee', { stat: 12, 'armor-class': 11 });
    expect(notched.outcome).toBe('attacker-maneuver');
    expect(notched.explanation.join('\n')).toMatch(/weapon is notched[\s\S]*armour is notched/);
    const parried = roll([5, 3], 'melee', { stat: 12, 'armor-class': 11 });
    expect(parried.outcome).toBe('stand-off');
  });

  it('BB-1: a check against 22 (score 20, a skill) cannot fail; a missile needing under 0 cannot hit, not even on a 1', () => {
    const p = (o: CheckOdds, k: string) => o.outcomes.find((x) => x.outcome === k)?.p ?? 0;
    const check = odds('test', { stat: 20, skill: true });
    expect(p(check, 'failure') + p(check, 'fumble')).toBe(0);
    expect(roll([20], 'save', { stat: 20, skill: true }).outcome).toBe('success');
    // DEX 3, -4 modifier, heavy armour and a shield: under -5.
    const shot = odds('missile', { stat: 3, modifier: -4, 'target-armour': 'heavy', 'target-shield': true });
    expect(p(shot, 'critical-hit') + p(shot, 'hit')).toBe(0);
    expect(roll([1], 'missile', { stat: 3, modifier: -4, 'target-armour': 'heavy', 'target-shield': true }).outcome).toBe('miss');
    // A natural 20 under a target above 20 still hits, and still breaks the string / notches.
    expect(roll([20], 'missile', { stat: 20, skill: true }).outcome).toBe('hit-string-breaks');
    const m = roll([20, 12], 'melee', { stat: 22, skill: true, 'armor-class': 11 });
    expect(m.outcome).toBe('hit');
    expect(m.explanation.join('\n')).toMatch(/weapon is notched/);
  });

  it('BB-37: the d20 checks offer no steps (a tray\'s Steps stays at 0) and refuse one', () => {
    for (const id of ['test', 'save', 'missile', 'melee']) {
      const def = BARE_BONES_CHECKS.find((c) => c.id === id)!;
      const steps = def.params.find((p) => p.role === 'steps');
      expect(steps, id).toMatchObject({ kind: 'integer', min: 0, max: 0 });
      const base = id === 'melee' ? { stat: 12, 'armor-class': 11 } : { stat: 12 };
      const r = checkOdds({ check: id, params: { ...base, steps: 1 } });
      expect(r.ok, id).toBe(false);
      if (!r.ok) expect(r.error.path).toBe('$.steps');
      expect(checkOdds({ check: id, params: { ...base, steps: 0 } }).ok, id).toBe(true);
    }
  });

  it('BB-1: the every-roll setting makes a natural 1 always succeed and a natural 20 always fail', () => {
    const setting = { 'natural-rolls': 'every-roll' };
    expect(roll([20], 'save', { stat: 20, skill: true, ...setting }).outcome).toBe('fumble');
    expect(roll([1], 'missile', { stat: 3, modifier: -4, 'target-armour': 'heavy', 'target-shield': true, ...setting }).outcome).toBe('critical-hit');
    expect(roll([20, 12], 'melee', { stat: 22, skill: true, 'armor-class': 11, ...setting }).outcome).toBe('attacker-maneuver');
    for (const c of [
      { check: 'test', params: { stat: 20, skill: true, ...setting } },
      { check: 'missile', params: { stat: 20, skill: true, 'bonus-die': 4, ...setting } },
      { check: 'missile', params: { stat: 20, skill: true, 'bonus-die': 4 } },
      { check: 'melee', params: { stat: 20, skill: true, 'armor-class': 22, ...setting } },
      { check: 'melee', params: { stat: 20, skill: true, 'armor-class': 22 } },
      { check: 'melee', params: { stat: 1, modifier: -2, 'armor-class': 1, 'defense-crit-range': 2 } },
    ]) expectOddsMatchEnumeration(c);
  });

  it('scenario: missiles take -2 for medium armour and -2 for a shield (DEX 14 needs under 10)', () => {
    expect(roll([9], 'missile', { stat: 14, 'target-armour': 'medium', 'target-shield': true }).outcome).toBe('hit');
    expect(roll([10], 'missile', { stat: 14, 'target-armour': 'medium', 'target-shield': true }).outcome).toBe('miss');
    expect(roll([20], 'missile', { stat: 14 }).outcome).toBe('string-breaks');
    expect(roll([13], 'missile', { stat: 14, 'target-armour': 'light' }).outcome).toBe('hit');
  });

  it('scenario: the bow\'s d4s explode (4 then 2, and 3: 9 damage)', () => {
    const r = roll([4, 2, 3], 'damage', { kind: 'bow' });
    expect(r.total).toBe(9);
    expect(r.dice.map((d) => d.role)).toEqual(['weapon', 'weapon (explosion)', 'weapon']);
  });

  it('scenario: a medium weapon in two hands deals 2d4; notched, its d8 steps to d6 (ruling BB-16)', () => {
    expect(odds('damage', { weight: 'medium', 'two-handed': true }).description).toBe('Damage: 2d4');
    expect(odds('damage', { weight: 'medium', 'two-handed': true, notches: 1 }).description).toBe('Damage: d6');
    expect(odds('damage', { weight: 'heavy', 'favored-foe': true }).description).toBe('Damage: d12');
    expect(odds('damage', { weight: 'light', notches: 3 }).description).toBe('Damage: nothing');
  });

  it('scenario: an axe\'s top damage may break a shield; a hammer\'s notches heavy armour', () => {
    expect(roll([10], 'damage', { weight: 'heavy', kind: 'axe' }).outcome).toBe('max-damage');
    expect(roll([9], 'damage', { weight: 'heavy', kind: 'axe' }).outcome).toBe('damage');
    expect(odds('damage', { weight: 'light', kind: 'hammer' }).outcomes[0]).toMatchObject({ outcome: 'max-damage', p: 1 / 6 });
  });

  it('scenario: the watch die, and a noisy party meeting monsters on 1-3', () => {
    expect(roll([5], 'watch', {}).outcome).toBe('torches-gutter');
    expect(roll([3], 'watch', {}).outcome).toBe('nothing-much');
    expect(roll([3], 'watch', { 'wandering-max': 3 }).outcome).toBe('wandering-monster');
    expect(odds('watch', { 'wandering-max': 4 }).outcomes.map((x) => x.outcome)).toEqual(['wandering-monster', 'torches-gutter', 'mana-fluctuation']);
  });

  it('scenario: Divine Aid works on 4, 5 or 6', () => {
    expect(roll([4], 'divine-aid', {}).outcome).toBe('miracle');
    expect(roll([3], 'divine-aid', {}).outcome).toBe('faith-wasted');
  });

  it('scenario: advancement raises a score only when the d4s beat it', () => {
    expect(roll([4, 4, 4, 3], 'advancement', { score: 14, checks: 4 }).outcome).toBe('raised');
    expect(roll([4, 4, 4, 2], 'advancement', { score: 14, checks: 4 }).outcome).toBe('unchanged');
    expect(roll([], 'advancement', { score: 3, checks: 0, 'bonus-die': true }).outcome).toBe('unchanged');
  });

  it('mistakes are problems with a path, never throws', () => {
    const cases: [CheckRequest, string, string][] = [
      [{ check: 'nope', params: {} }, 'bare-bones/unknown-check', '$.check'],
      [{ check: 'test', params: {} }, 'param/missing', '$.stat'],
      [{ check: 'test', params: { stat: 12, luck: 1 } }, 'param/unknown', '$.luck'],
      [{ check: 'test', params: { stat: 'twelve' } }, 'param/not-integer', '$.stat'],
      [{ check: 'damage', params: { kind: 'bow', 'dual-wield': true } }, 'bare-bones/dual-wield-missile', '$.dual-wield'],
      [{ check: 'damage', params: { 'two-handed': true, 'dual-wield': true } }, 'bare-bones/dual-wield-two-handed', '$.two-handed'],
      [{ check: 'usage', params: { die: 7 } }, 'param/not-a-die', '$.die'],
    ];
    for (const [request, code, path] of cases) {
      const r = checkOdds(request);
      assertRefused(r);
      expect([r.error.code, r.error.path]).toEqual([code, path]);
      const rolled = rollCheck(seededRandom(1), request);
      expect(rolled.ok).toBe(false);
    }
  });

  it('limits are tested at the limit and one past it', () => {
    const at = (check: string, params: ParamRecord) => checkOdds({ check, params }).ok;
    expect(at('test', { stat: MAX_ATTRIBUTE_SCORE })).toBe(true);
    expect(at('test', { stat: MAX_ATTRIBUTE_SCORE + 1 })).toBe(false);
    expect(at('test', { stat: 1 })).toBe(true);
    expect(at('test', { stat: 0 })).toBe(false);
    expect(at('test', { stat: 10, modifier: MAX_CHECK_MODIFIER })).toBe(true);
    expect(at('test', { stat: 10, modifier: MAX_CHECK_MODIFIER + 1 })).toBe(false);
    expect(at('test', { stat: 10, modifier: -MAX_CHECK_MODIFIER - 1 })).toBe(false);
    expect(at('test', { stat: 10, skill: true, 'skill-bonus': 4 })).toBe(true);
    expect(at('test', { stat: 10, skill: true, 'skill-bonus': 5 })).toBe(false);
    expect(at('test', { stat: 10, 'crit-range': 2 })).toBe(true);
    expect(at('test', { stat: 10, 'crit-range': 3 })).toBe(false);
    expect(at('melee', { stat: 10, 'armor-class': MAX_ARMOUR_CLASS })).toBe(true);
    expect(at('melee', { stat: 10, 'armor-class': MAX_ARMOUR_CLASS + 1 })).toBe(false);
    expect(at('damage', { notches: MAX_NOTCHES })).toBe(true);
    expect(at('damage', { notches: MAX_NOTCHES + 1 })).toBe(false);
    expect(at('damage', { smite: MAX_SMITE_DICE })).toBe(true);
    expect(at('damage', { smite: MAX_SMITE_DICE + 1 })).toBe(false);
    expect(at('watch', { 'wandering-max': 4 })).toBe(true);
    expect(at('watch', { 'wandering-max': 5 })).toBe(false);
    expect(at('advancement', { score: 10, checks: 5 })).toBe(true);
    expect(at('advancement', { score: 10, checks: 6 })).toBe(false);
  });
});
