import { describe, expect, it } from 'vitest';
import { scriptedRandom, seededRandom, type RandomSource } from '../../dice/random.js';
import { enumeratePaths, enumeratedChances } from '../../../test/enumerate.js';
import { expectWithinFourSigma, tally } from '../../../test/monte-carlo.js';
import {
  ATTACK_OUTCOMES,
  MAX_ATTACK_MODIFIER,
  MAX_DEFENSE_BONUS,
  MAX_FLAT_DAMAGE,
  attackOdds,
  attackRollDistribution,
  damageDistribution,
  maneuverChance,
  rollAttack,
  rollAttackRoll,
  rollManeuver,
  type AttackSpec,
} from './attack.js';
import { densePoints } from './dense.js';
import { EXPLOSION_RULES, MAX_ATTACK_DICE, MAX_EXPLOSIONS, explodingDieDistribution, explosionsAllowed, rollExplodingDie } from './explode.js';

const base: AttackSpec = {
  damage: { kind: 'dice', count: 1, sides: 8 },
  modifier: 0,
  defenseDie: 6,
  defenseBonus: 0,
  toughnessDice: 1,
  soakPolicy: 'one-at-a-time',
  exhaustOn: [5, 6],
  conScore: 10,
  conModifier: 0,
  isNonlethal: false,
};

const sum = (xs: readonly { p: number }[]): number => xs.reduce((s, x) => s + x.p, 0);

describe('exploding Attack dice (Attacking and Defending; SL-9)', () => {
  it('the text: a maximum is rolled a second time and the two added; the second roll stands, even on a maximum', () => {
    const twice = scriptedRandom([6, 6, 2]);
    expect(rollExplodingDie(twice, 6)).toEqual({ sides: 6, faces: [6, 6], total: 12 });
    expect(twice.remaining).toBe(1);
    expect(rollExplodingDie(scriptedRandom([5]), 6).total).toBe(5);
    // A d6 tops out at 12; 12 comes with 1/36 (two sixes).
    const d = densePoints(explodingDieDistribution(6));
    expect(d.at(-1)).toEqual({ value: 12, p: 1 / 36 });
    expect(explosionsAllowed('once')).toBe(1);
  });

  it('the chained setting: every maximum rolls again and adds', () => {
    expect(rollExplodingDie(scriptedRandom([6, 6, 2]), 6, 'chained')).toEqual({ sides: 6, faces: [6, 6, 2], total: 14 });
    expect(explosionsAllowed('chained')).toBe(MAX_EXPLOSIONS);
  });

  it('chained stops after MAX_EXPLOSIONS explosions: the last roll stands as it fell', () => {
    const faces = new Array<number>(MAX_EXPLOSIONS + 1).fill(4);
    const die = rollExplodingDie(scriptedRandom(faces), 4, 'chained');
    expect(die.faces).toHaveLength(MAX_EXPLOSIONS + 1);
    expect(die.total).toBe(4 * (MAX_EXPLOSIONS + 1));
    const oneMore = scriptedRandom([...faces, 4]);
    expect(rollExplodingDie(oneMore, 4, 'chained').faces).toHaveLength(MAX_EXPLOSIONS + 1);
    expect(oneMore.remaining).toBe(1);
  });

  it('exact distribution equals enumeration of every face path (d4, d6; once and chained)', () => {
    for (const rule of EXPLOSION_RULES) {
      for (const sides of [4, 6]) {
        const e = enumeratedChances(enumeratePaths((rng) => rollExplodingDie(rng, sides, rule).total));
        const d = densePoints(explodingDieDistribution(sides, rule));
        expect(d.length, `${rule} d${sides}`).toBe(e.size);
        for (const pt of d) expect(Math.abs(pt.p - (e.get(pt.value) ?? 0))).toBeLessThan(1e-15);
        expect(Math.abs(sum(d) - 1)).toBeLessThan(1e-12);
      }
    }
  });

  it('attack odds follow the rule: a d4 attack reaches 8 at most once, beyond with chaining; both against brute force', () => {
    for (const rule of EXPLOSION_RULES) {
      const spec = { damage: { kind: 'dice', count: 1, sides: 4 }, modifier: 0, explosions: rule } as const;
      const dist = densePoints(attackRollDistribution(spec));
      expect(Math.max(...dist.map((x) => x.value)), rule).toBe(rule === 'once' ? 8 : 4 * (MAX_EXPLOSIONS + 1));
      const e = enumeratedChances(enumeratePaths((rng) => rollAttackRoll(rng, spec).total));
      for (const pt of dist) expect(Math.abs(pt.p - (e.get(pt.value) ?? 0)), `${rule} ${pt.value}`).toBeLessThan(1e-15);
    }
  });

  it('a d6 cannot total 6 (it explodes) but totals 7 with 1/36', () => {
    const d = explodingDieDistribution(6);
    expect(d.p[5]).toBe(0);
    expect(d.p[6]).toBeCloseTo(1 / 36, 15);
  });
});

describe('the worked flow: damage roll less Defense, then Toughness (Attacking and Defending; Toughness)', () => {
  it('d8 8 explodes to 11, +1; Defense d6 3; 9 past Defense; Toughness 4 then nothing left: injured, CON save 7 made', () => {
    const spec: AttackSpec = { ...base, modifier: 1, toughnessDice: 1 };
    const r = rollAttack(scriptedRandom([8, 3, 3, 4, 7]), spec);
    expect(r.attackTotal).toBe(12);
    expect(r.defenseTotal).toBe(3);
    expect(r.damage).toBe(9);
    expect(r.soak).toMatchObject({ faces: [4], sum: 4, exhausted: 0, remaining: 5 });
    expect(r.save).toEqual({ face: 7, target: 10, isSuccess: true });
    expect(r.outcome).toBe('injured-save-made');
    // SL-10: the 9 damage the blow dealt picks the row (Instant Death), not the 5 left past Toughness.
    expect([r.mutilationDamage, r.mutilation?.id]).toEqual([9, 'instant-death']);
    const past = rollAttack(scriptedRandom([8, 3, 3, 4, 7]), { ...spec, mutilationFrom: 'past-toughness' });
    expect([past.mutilationDamage, past.mutilation?.id]).toEqual([5, 'gut-wound']);
  });

  it('SL-10: the mutilation odds follow the damage that picks the row, both readings against brute force', () => {
    for (const mutilationFrom of ['dealt', 'past-toughness'] as const) {
      const spec: AttackSpec = { ...base, damage: { kind: 'dice', count: 1, sides: 6 }, modifier: 2, defenseDie: 4, toughnessDice: 1, mutilationFrom };
      const o = attackOdds(spec);
      const e = enumeratedChances(enumeratePaths((rng) => {
        const r = rollAttack(rng, spec);
        return r.mutilation?.id ?? 'none';
      }));
      for (const m of o.mutilation) expect(Math.abs(m.p - (e.get(m.id) ?? 0)), `${mutilationFrom} ${m.id}`).toBeLessThan(1e-12);
      expect(o.mutilation.reduce((a, m) => a + m.p, 0)).toBeCloseTo(1 - (e.get('none') ?? 0), 12);
    }
  });

  it('a Defense roll at or above the Attack Roll deals nothing, and no Toughness is rolled', () => {
    const r = rollAttack(scriptedRandom([2, 5]), base);
    expect(r.damage).toBe(0);
    expect(r.soak.faces).toEqual([]);
    expect(r.outcome).toBe('no-damage');
  });

  it('Toughness soaks it all; a 5 or 6 exhausts the die', () => {
    const r = rollAttack(scriptedRandom([7, 2, 6]), base);
    expect(r.soak).toMatchObject({ faces: [6], remaining: 0, exhausted: 1 });
    expect(r.outcome).toBe('soaked');
  });

  it('one at a time stops once soaked; all at once throws every die', () => {
    const two = { ...base, toughnessDice: 2 };
    expect(rollAttack(scriptedRandom([5, 1, 4]), two).soak.faces).toEqual([4]);
    expect(rollAttack(scriptedRandom([5, 1, 4, 1]), { ...two, soakPolicy: 'all-at-once' }).soak.faces).toEqual([4, 1]);
  });

  it('a nonlethal blow knocks out: no save, no mutilation (SL-12)', () => {
    const r = rollAttack(scriptedRandom([]), { ...base, damage: { kind: 'flat', value: 1 }, defenseDie: 0, toughnessDice: 0, isNonlethal: true });
    expect(r.outcome).toBe('knocked-out');
    expect(r.save).toBeNull();
    expect(r.mutilation).toBeNull();
  });

  it('a failed save calls for the mutilation the damage left', () => {
    const r = rollAttack(scriptedRandom([8, 4, 1, 1, 15]), base);
    expect(r.damage).toBe(11);
    expect(r.soak.remaining).toBe(10);
    expect(r.outcome).toBe('injured-save-failed');
    expect(r.mutilation?.id).toBe('awful');
  });
});

const outcomeOf = (spec: AttackSpec) => (rng: RandomSource) => {
  const r = rollAttack(rng, spec);
  return `${r.outcome}|${r.soak.remaining}|${r.soak.exhausted}`;
};

function expectOddsMatchEnumeration(spec: AttackSpec): void {
  const e = enumeratePaths(outcomeOf(spec), { maxPaths: 1_500_000 });
  const exact = enumeratedChances(e);
  const o = attackOdds(spec);
  const byOutcome = new Map<string, number>();
  const byRemaining = new Map<number, number>();
  const byExhausted = new Map<number, number>();
  for (const [k, p] of exact) {
    const [outcome, remaining, exhausted] = k.split('|');
    byOutcome.set(outcome!, (byOutcome.get(outcome!) ?? 0) + p);
    byRemaining.set(Number(remaining), (byRemaining.get(Number(remaining)) ?? 0) + p);
    byExhausted.set(Number(exhausted), (byExhausted.get(Number(exhausted)) ?? 0) + p);
  }
  for (const x of o.outcomes) expect(Math.abs(x.p - (byOutcome.get(x.outcome) ?? 0)), x.outcome).toBeLessThan(1e-12);
  for (const x of o.remaining) expect(Math.abs(x.p - (byRemaining.get(x.value) ?? 0)), `remaining ${x.value}`).toBeLessThan(1e-12);
  for (const x of o.exhausted) expect(Math.abs(x.p - (byExhausted.get(x.value) ?? 0)), `exhausted ${x.value}`).toBeLessThan(1e-12);
  expect(Math.abs(sum(o.outcomes) - 1)).toBeLessThan(1e-12);
}

describe('exact attack odds against brute-force enumeration (exact vs brute force)', () => {
  it('d4 vs d4, one Toughness Die, one at a time', () => {
    expectOddsMatchEnumeration({ ...base, damage: { kind: 'dice', count: 1, sides: 4 }, defenseDie: 4, toughnessDice: 1, modifier: 2 });
  });

  it('d6 vs d0 +1, two Toughness Dice, both policies, Sickly and Artful Dodger faces', () => {
    for (const soakPolicy of ['one-at-a-time', 'all-at-once'] as const) {
      for (const exhaustOn of [[5, 6], [4, 5, 6], [6]]) {
        expectOddsMatchEnumeration({ ...base, damage: { kind: 'dice', count: 1, sides: 4 }, defenseDie: 0, defenseBonus: 1, toughnessDice: 2, soakPolicy, exhaustOn, conScore: 7 });
      }
    }
  });

  it('2d4 (each die explodes) vs d4, no Toughness, nonlethal (no save thrown)', () => {
    expectOddsMatchEnumeration({ ...base, damage: { kind: 'dice', count: 2, sides: 4 }, defenseDie: 4, toughnessDice: 0, isNonlethal: true });
  });

  it('flat damage: a bare hand with STR +2 against nothing', () => {
    const o = attackOdds({ ...base, damage: { kind: 'flat', value: 1 }, modifier: 2, defenseDie: 0, toughnessDice: 0 });
    expect(o.remaining).toEqual([{ value: 3, p: 1 }]);
    expect(o.mutilation).toEqual([{ id: 'maimed', label: 'Maimed', p: 1 }]);
  });
});

describe('exact attack odds against seeded Monte Carlo (4 sigma)', () => {
  it('longsword 2d6+2 vs chain d8 + shield, 3 Toughness Dice, CON 13', () => {
    const spec: AttackSpec = { ...base, damage: { kind: 'dice', count: 2, sides: 6 }, modifier: 2, defenseDie: 8, defenseBonus: 2, toughnessDice: 3, conScore: 13 };
    const rng = seededRandom(20260122);
    const n = 40_000;
    const counts = tally(n, () => rollAttack(rng, spec).outcome);
    const o = attackOdds(spec);
    for (const x of o.outcomes) expectWithinFourSigma(counts.get(x.outcome) ?? 0, n, x.p, 0, x.outcome);
  });

  it('maneuver: d10 vs d12 +2', () => {
    const spec = { damage: { kind: 'dice', count: 1, sides: 10 } as const, modifier: 0, defenseDie: 12 as const, defenseBonus: 2 };
    const rng = seededRandom(7);
    const n = 40_000;
    const hits = tally(n, () => rollManeuver(rng, spec).isSuccess).get(true) ?? 0;
    expectWithinFourSigma(hits, n, maneuverChance(spec));
  });
});

describe('maneuvers (Actions, Maneuver)', () => {
  it('must be higher than Defense: a tie fails', () => {
    const spec = { damage: { kind: 'dice', count: 1, sides: 6 } as const, modifier: 0, defenseDie: 6 as const, defenseBonus: 0 };
    expect(rollManeuver(scriptedRandom([4, 4]), spec).isSuccess).toBe(false);
    expect(rollManeuver(scriptedRandom([5, 4]), spec).isSuccess).toBe(true);
    const e = enumeratedChances(enumeratePaths((rng) => rollManeuver(rng, spec).isSuccess));
    expect(Math.abs(maneuverChance(spec) - (e.get(true) ?? 0))).toBeLessThan(1e-12);
  });
});

describe('limits', () => {
  const dice = (count: number) => ({ ...base, damage: { kind: 'dice', count, sides: 6 } as const });
  it(`up to ${MAX_ATTACK_DICE} Attack dice, not one more`, () => {
    expect(() => attackRollDistribution(dice(MAX_ATTACK_DICE))).not.toThrow();
    expect(() => attackRollDistribution(dice(MAX_ATTACK_DICE + 1))).toThrow(RangeError);
  });
  it(`modifier within ±${MAX_ATTACK_MODIFIER}, Defense bonus within ±${MAX_DEFENSE_BONUS}`, () => {
    expect(() => attackOdds({ ...base, modifier: MAX_ATTACK_MODIFIER })).not.toThrow();
    expect(() => attackOdds({ ...base, modifier: MAX_ATTACK_MODIFIER + 1 })).toThrow(RangeError);
    expect(() => attackOdds({ ...base, defenseBonus: -MAX_DEFENSE_BONUS })).not.toThrow();
    expect(() => attackOdds({ ...base, defenseBonus: -MAX_DEFENSE_BONUS - 1 })).toThrow(RangeError);
  });
  it(`flat damage up to ${MAX_FLAT_DAMAGE}, not one more`, () => {
    expect(() => attackOdds({ ...base, damage: { kind: 'flat', value: MAX_FLAT_DAMAGE } })).not.toThrow();
    expect(() => attackOdds({ ...base, damage: { kind: 'flat', value: MAX_FLAT_DAMAGE + 1 } })).toThrow(RangeError);
  });
  it('damage past Defense is never negative and sums to 1 with the largest inputs', () => {
    const d = densePoints(damageDistribution({ damage: { kind: 'dice', count: MAX_ATTACK_DICE, sides: 20 }, modifier: -MAX_ATTACK_MODIFIER, defenseDie: 12, defenseBonus: MAX_DEFENSE_BONUS }));
    expect(d[0]!.value).toBe(0);
    expect(Math.abs(sum(d) - 1)).toBeLessThan(1e-12);
    const o = attackOdds({ ...base, damage: { kind: 'dice', count: MAX_ATTACK_DICE, sides: 20 }, toughnessDice: 12 });
    expect(Math.abs(sum(o.outcomes) - 1)).toBeLessThan(1e-12);
    expect(ATTACK_OUTCOMES.map((x) => x.outcome)).toEqual(o.outcomes.map((x) => x.outcome));
  });
});
