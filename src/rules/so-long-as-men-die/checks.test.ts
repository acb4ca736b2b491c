import { describe, expect, it } from 'vitest';
import { scriptedRandom, seededRandom, type RandomSource } from '../../dice/random.js';
import type { CheckRequest, ParamRecord } from '../rule-system.js';
import { enumeratePaths, enumeratedChances } from '../../../test/enumerate.js';
import { expectMeanWithinFourSigma, expectWithinFourSigma, tally } from '../../../test/monte-carlo.js';
import { CHECKS, MAX_MUTILATION_DAMAGE, checkOdds, rollCheck } from './checks.js';
import { MAX_ATTACK_DICE } from './explode.js';
import { MAX_TOUGHNESS_DICE } from './toughness.js';

const odds = (check: string, params: ParamRecord) => {
  const r = checkOdds({ check, params });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const roll = (rng: RandomSource, request: CheckRequest) => {
  const r = rollCheck(rng, request);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const problemOf = (check: string, params: ParamRecord) => {
  const r = checkOdds({ check, params });
  const s = rollCheck(seededRandom(1), { check, params });
  expect(s.ok).toBe(r.ok);
  return r.ok ? null : { code: r.error.code, path: r.error.path };
};

/** Small cases every kind must get exactly right (enumerated) and seeded cases (Monte Carlo). */
const SMALL: readonly CheckRequest[] = [
  { check: 'attack', params: { weapon: 'claws', 'defense-die': 4, 'toughness-dice': 1, con: 8 } },
  { check: 'attack', params: { weapon: 'bare-hand', modifier: 2, 'toughness-dice': 1 } },
  { check: 'maneuver', params: { weapon: 'whip', 'defense-die': 6, 'defense-bonus': 1 } },
  { check: 'damage', params: { weapon: 'custom', dice: 1, die: 4, modifier: -1 } },
  { check: 'save', params: { score: 13, 'save-modifier': -2 } },
  { check: 'toughness', params: { dice: 3, sickly: true } },
  { check: 'left-for-dead', params: { con: 9 } },
  { check: 'mutilation', params: { damage: 3 } },
  { check: 'mutilation', params: { damage: 4 } },
  { check: 'mutilation', params: { damage: 5 } },
  { check: 'mutilation', params: { damage: 6 } },
  { check: 'mutilation', params: { damage: 12 } },
];

const SEEDED: readonly CheckRequest[] = [
  { check: 'attack', params: { weapon: 'longsword', modifier: 2, 'defense-die': 8, 'defense-bonus': 2, 'toughness-dice': 2, con: 12 } },
  { check: 'attack', params: { weapon: 'heavy-crossbow', 'defense-die': 12, 'toughness-dice': 4, soak: 'all-at-once', 'artful-dodger': true } },
  { check: 'maneuver', params: { weapon: 'staff', maneuver: 'disarm', 'against-armour': true, 'defense-die': 10 } },
  { check: 'damage', params: { weapon: 'polearm', modifier: 3 } },
  { check: 'toughness', params: { dice: 5 } },
];

describe('every check kind (ids and params)', () => {
  it('lists the kinds with kebab-case params and refs', () => {
    expect(CHECKS.map((c) => c.id)).toEqual(['attack', 'maneuver', 'damage', 'save', 'toughness', 'left-for-dead', 'mutilation', 'morale', 'reaction']);
    for (const c of CHECKS) {
      expect(c.ref).toMatch(/^So Long as Men Die/);
      for (const p of c.params) expect(p.name).toMatch(/^[a-z]+(?:-[a-z]+)*$/);
      expect(new Set(c.params.map((p) => p.name)).size).toBe(c.params.length);
    }
  });

  it('outcome chances sum to 1 and values to 1 for every small and seeded case', () => {
    const withValues = new Set<string>();
    for (const r of [...SMALL, ...SEEDED]) {
      const o = odds(r.check, r.params);
      expect(Math.abs(o.outcomes.reduce((s, x) => s + x.p, 0) - 1), r.check).toBeLessThan(1e-12);
      // Values are the checks' that have a total (not every kind has one).
      if (o.values) {
        withValues.add(r.check);
        expect(Math.abs(o.values.reduce((s, x) => s + x.p, 0) - 1), r.check).toBeLessThan(1e-12);
      }
    }
    expect(withValues.size).toBeGreaterThan(0);
  });
});

describe('checkOdds and rollCheck read one definition', () => {
  it.each(SMALL.map((r) => [`${r.check} ${JSON.stringify(r.params)}`, r] as const))('%s: exact odds equal the enumeration of rollCheck', (_id, request) => {
    const e = enumeratedChances(enumeratePaths((rng) => roll(rng, request).outcome, { maxPaths: 500_000 }));
    const o = odds(request.check, request.params);
    for (const x of o.outcomes) expect(Math.abs(x.p - (e.get(x.outcome) ?? 0)), x.outcome).toBeLessThan(1e-12);
    for (const k of e.keys()) expect(o.outcomes.map((x) => x.outcome)).toContain(k);
    if (o.values !== undefined) {
      const totals = enumeratedChances(enumeratePaths((rng) => roll(rng, request).total, { maxPaths: 500_000 }));
      for (const v of o.values) expect(Math.abs(v.p - (totals.get(v.value) ?? 0)), `total ${v.value}`).toBeLessThan(1e-12);
      for (const k of totals.keys()) expect(o.values.map((v) => v.value)).toContain(k);
    }
  });

  it.each(SEEDED.map((r, i) => [`${r.check} #${i}`, r] as const))('%s: seeded Monte Carlo within 4 sigma', (_id, request) => {
    const rng = seededRandom(424242);
    const n = 20_000;
    const totals: number[] = [];
    const counts = tally(n, () => {
      const r = roll(rng, request);
      totals.push(r.total);
      return r.outcome;
    });
    const o = odds(request.check, request.params);
    for (const x of o.outcomes) expectWithinFourSigma(counts.get(x.outcome) ?? 0, n, x.p, 0, x.outcome);
    if (o.values && o.mean !== undefined) {
      const variance = o.values.reduce((s, v) => s + v.p * (v.value - o.mean!) ** 2, 0);
      expectMeanWithinFourSigma(totals.reduce((s, t) => s + t, 0) / n, o.mean, variance, n);
    }
  });
});

describe('scenarios', () => {
  it('SL-9: the damage roll explodes once by default, chained with the table setting; odds against brute force', () => {
    const once = rollCheck(scriptedRandom([4, 4]), { check: 'damage', params: { weapon: 'custom', dice: 1, die: 4 } });
    expect(once.ok && once.value.total).toBe(8);
    const chained = rollCheck(scriptedRandom([4, 4, 1]), { check: 'damage', params: { weapon: 'custom', dice: 1, die: 4, explosions: 'chained' } });
    expect(chained.ok && chained.value.total).toBe(9);
    for (const explosions of ['once', 'chained']) {
      const request = { check: 'damage', params: { weapon: 'custom', dice: 2, die: 4, modifier: 1, explosions } };
      const o = checkOdds(request);
      if (!o.ok) throw new Error(o.error.message);
      const e = enumeratedChances(enumeratePaths((rng) => { const r = rollCheck(rng, request); if (!r.ok) throw new Error(r.error.message); return r.value.total; }, { maxThrows: 8 }));
      for (const v of o.value.values!.filter((x) => x.value <= 12)) expect(Math.abs(v.p - (e.get(v.value) ?? 0)), `${explosions} ${v.value}`).toBeLessThan(1e-12);
      expect(Math.max(...o.value.values!.map((x) => x.value))).toBe(explosions === 'once' ? 17 : 4 * 21 * 2 + 1);
    }
  });

  it('attack: longsword 6 explodes +4, and 3: 13; Defense d6 2; Toughness 3, 5: 3 left, CON save 12 against 10 fails', () => {
    const r = roll(scriptedRandom([6, 4, 3, 2, 3, 5, 12]), { check: 'attack', params: { weapon: 'longsword', 'defense-die': 6, 'toughness-dice': 2 } });
    expect(r.total).toBe(3);
    expect(r.outcome).toBe('injured-save-failed');
    expect(r.dice.map((d) => d.role)).toEqual(['Attack die', 'Attack die, explosion', 'Attack die', 'Defense Die', 'Toughness Die', 'Toughness Die, exhausted', 'CON save']);
  });

  it('save: d20 equal to the Score saves', () => {
    expect(roll(scriptedRandom([13]), { check: 'save', params: { score: 13 } }).outcome).toBe('success');
    expect(roll(scriptedRandom([14]), { check: 'save', params: { score: 13 } }).outcome).toBe('failure');
  });

  it('left for dead: made, wakes after 2d12 hours', () => {
    const r = roll(scriptedRandom([4, 12, 1]), { check: 'left-for-dead', params: { con: 9 } });
    expect(r).toMatchObject({ outcome: 'wakes', total: 13 });
  });

  it('staff Disarm against armour gets +2', () => {
    const plain = odds('maneuver', { weapon: 'staff', maneuver: 'disarm', 'defense-die': 8 }).outcomes[0]!.p;
    const armour = odds('maneuver', { weapon: 'staff', maneuver: 'disarm', 'against-armour': true, 'defense-die': 8 }).outcomes[0]!.p;
    expect(armour).toBeGreaterThan(plain);
    expect(problemOf('maneuver', { maneuver: 'trip', 'against-armour': true })?.code).toBe('so-long-as-men-die/against-armour-not-disarm');
  });
});

describe('player mistakes are problems', () => {
  it('unknown check, unknown param, missing required', () => {
    expect(problemOf('parry', {})).toEqual({ code: 'so-long-as-men-die/unknown-check', path: '$.check' });
    expect(problemOf('save', { score: 10, dc: 3 })?.code).toBe('param/unknown');
    expect(problemOf('save', {})).toEqual({ code: 'param/missing', path: '$.score' });
  });
  it('custom weapons need dice and die; list weapons refuse them', () => {
    expect(problemOf('damage', { weapon: 'custom', die: 6 })?.code).toBe('so-long-as-men-die/custom-needs-dice');
    expect(problemOf('damage', { weapon: 'custom', dice: 1 })?.code).toBe('so-long-as-men-die/custom-needs-die');
    expect(problemOf('damage', { weapon: 'dagger', dice: 2 })?.code).toBe('so-long-as-men-die/dice-with-weapon');
    expect(problemOf('damage', { weapon: 'custom', dice: 1, die: 7 })?.code).toBe('param/not-a-die');
  });
  it(`limits at and one past: ${MAX_ATTACK_DICE} Attack dice, ${MAX_TOUGHNESS_DICE} Toughness Dice`, () => {
    expect(problemOf('damage', { weapon: 'custom', dice: MAX_ATTACK_DICE, die: 20 })).toBeNull();
    expect(problemOf('damage', { weapon: 'custom', dice: MAX_ATTACK_DICE + 1, die: 20 })?.code).toBe('param/out-of-range');
    expect(problemOf('attack', { 'toughness-dice': MAX_TOUGHNESS_DICE })).toBeNull();
    expect(problemOf('attack', { 'toughness-dice': MAX_TOUGHNESS_DICE + 1 })?.code).toBe('param/out-of-range');
    expect(problemOf('toughness', { dice: 0 })?.code).toBe('param/out-of-range');
    expect(problemOf('attack', { modifier: 20 })).toBeNull();
    expect(problemOf('attack', { modifier: 21 })?.code).toBe('param/out-of-range');
    expect(problemOf('attack', { 'defense-bonus': -10 })).toBeNull();
    expect(problemOf('attack', { 'defense-bonus': -11 })?.code).toBe('param/out-of-range');
    expect(problemOf('save', { score: 20, 'save-modifier': 10 })).toBeNull();
    expect(problemOf('save', { score: 21 })?.code).toBe('param/out-of-range');
    expect(problemOf('attack', { 'defense-die': 2 })?.code).toBe('param/not-a-die');
    expect(problemOf('mutilation', { damage: MAX_MUTILATION_DAMAGE })).toBeNull();
    expect(problemOf('mutilation', { damage: MAX_MUTILATION_DAMAGE + 1 })?.code).toBe('param/out-of-range');
    expect(problemOf('mutilation', { damage: 0 })?.code).toBe('param/out-of-range');
  });
});
