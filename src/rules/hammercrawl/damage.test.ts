import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HAMMERCRAWL_CHAIN } from '../../dice/dice-chain.js';
import { distributionOf } from '../../dice/distribution.js';
import { DiceError } from '../../dice/errors.js';
import { scriptedRandom, seededRandom, type RandomSource } from '../../dice/random.js';
import { compileRoll } from '../../dice/roll.js';
import { enumeratePaths, enumeratedChances } from '../../../test/enumerate.js';
import { expectWithinFourSigma, tally } from '../../../test/monte-carlo.js';
import {
  DEFAULT_DAMAGE_SETTINGS,
  DamageError,
  MAX_DAMAGE_VALUE,
  MAX_SOAK_MODIFIER,
  chanceOfDown,
  chanceToKeepHealthDie,
  damageValueFromTotal,
  hitOutcomes,
  hitOutcomesForDamageRoll,
  rollHit,
  type DamageSettings,
  type Defender,
  type Hit,
  type HitEvent,
  type HitOutcome,
} from './damage.js';

const DICE = HAMMERCRAWL_CHAIN.sides;
const CON_ON_ARMOUR: DamageSettings = { conAppliesToArmour: true };

const outcomeKey = (armour: number | null, health: number | null): string => `${armour ?? '-'}/${health ?? 'down'}`;

/** Holds `hitOutcomes` to the brute force of `rollHit` over every face path (exact oracle: test/enumerate.ts), to 1e-12. */
function expectMatchesBruteForce(outcomes: readonly HitOutcome[], run: (rng: RandomSource) => Defender): void {
  const exact = enumeratedChances(enumeratePaths(run, { key: (d) => outcomeKey(d.armourDie, d.healthDie), maxPaths: 200_000 }));
  const ours = new Map(outcomes.map((o) => [outcomeKey(o.armourDie, o.healthDie), o.p]));
  for (const [k, p] of exact) expect(Math.abs((ours.get(k) ?? 0) - p), k).toBeLessThan(1e-12);
  for (const [k, p] of ours) {
    expect(exact.has(k), `outcome ${k} the roller never reaches`).toBe(true);
    expect(p).toBeGreaterThan(0);
  }
}

/** The same end states in the same order, chances equal to 1e-15. */
function expectOutcomes(actual: readonly HitOutcome[], expected: readonly HitOutcome[]): void {
  expect(actual.map((o) => outcomeKey(o.armourDie, o.healthDie))).toEqual(expected.map((o) => outcomeKey(o.armourDie, o.healthDie)));
  actual.forEach((o, i) => expect(Math.abs(o.p - expected[i]!.p)).toBeLessThan(1e-15));
}

const kinds = (events: readonly HitEvent[]): string[] => events.map((e) => e.kind);

// ---------------------------------------------------------------------------------------------
// Scenarios from the rules text

describe('the rules worked example: d4 Health Die, CON +1 (DAMAGE, Overwhelming Damage)', () => {
  const defender: Defender = { healthDie: 4, armourDie: null, conMod: 1 };

  it('DV 7: Overwhelming drops the Health Die to d3 with DV 3 left, then the soak roll decides', () => {
    const resisted = rollHit(scriptedRandom([3]), defender, { dv: 7 });
    expect(kinds(resisted.events)).toEqual(['soak-die', 'overwhelming', 'soak-roll']);
    expect(resisted.events[1]).toMatchObject({ kind: 'overwhelming', from: 4, to: 3, threshold: 5, dvBefore: 7, dvAfter: 3 });
    // d3 + 1 = 4 beats DV 3.
    expect(resisted.events[2]).toMatchObject({ kind: 'soak-roll', sides: 3, face: 3, modifier: 1, total: 4, dv: 3, isResisted: true, to: 3 });
    expect(resisted.defender).toEqual({ ...defender, healthDie: 3 });
    expect(resisted.isDown).toBe(false);

    const failed = rollHit(scriptedRandom([2]), defender, { dv: 7 });
    expect(failed.events[2]).toMatchObject({ kind: 'soak-roll', face: 2, total: 3, dv: 3, isResisted: false, to: null });
    expect(failed.isDown).toBe(true);
    expect(failed.events.at(-1)!.text).toContain('down, unconscious and dying');

    expectOutcomes(hitOutcomes(defender, { dv: 7 }), [
      { armourDie: null, healthDie: 3, p: 1 / 3 },
      { armourDie: null, healthDie: null, p: 2 / 3 },
    ]);
  });

  it('DV 8: the remainder 4 still overwhelms the d3 (+1 CON = 4): down, with no roll at all', () => {
    const rng = scriptedRandom([]);
    const r = rollHit(rng, defender, { dv: 8 });
    expect(rng.used).toBe(0);
    expect(kinds(r.events)).toEqual(['soak-die', 'overwhelming', 'overwhelming', 'down']);
    expect(r.events[2]).toMatchObject({ from: 3, to: null, threshold: 4, dvBefore: 4, dvAfter: 1 });
    expect(r.defender.healthDie).toBeNull();
    expect(hitOutcomes(defender, { dv: 8 })).toEqual([{ armourDie: null, healthDie: null, p: 1 }]);
  });

  it('the stop test includes CON (ruling H-2): without CON the same DV 7 would overwhelm twice', () => {
    // With CON 0 the threshold on the d3 is 3, and the remainder 3 overwhelms it.
    const r = rollHit(scriptedRandom([]), { ...defender, conMod: 0 }, { dv: 7 });
    expect(kinds(r.events)).toEqual(['soak-die', 'overwhelming', 'overwhelming', 'down']);
  });
});

describe('soaking with armour (DAMAGE, Soaking Damage with Armour)', () => {
  const fighter: Defender = { healthDie: 8, armourDie: 6, conMod: 2 };

  it('the Armour Die soaks: above the DV resists, otherwise the armour steps down and health is untouched', () => {
    expect(rollHit(scriptedRandom([5]), fighter, { dv: 4 }).defender).toEqual(fighter);
    const failed = rollHit(scriptedRandom([4]), fighter, { dv: 4 });
    expect(failed.defender).toEqual({ ...fighter, armourDie: 5 });
    expect(failed.events[0]).toMatchObject({ kind: 'soak-die', die: 'armour', sides: 6, modifier: 0 });
  });

  it('CON does not add to the Armour Die by default; the setting adds it (ruling H-1)', () => {
    expect(rollHit(scriptedRandom([4]), fighter, { dv: 4 }).defender.armourDie).toBe(5);
    expect(rollHit(scriptedRandom([4]), fighter, { dv: 4 }, CON_ON_ARMOUR).defender.armourDie).toBe(6);
    // Overwhelming threshold too: DV 7 overwhelms a d6 (6), not a d6 + 2 (8).
    expect(kinds(rollHit(scriptedRandom([5]), fighter, { dv: 7 }).events)).toContain('overwhelming');
    expect(kinds(rollHit(scriptedRandom([6]), fighter, { dv: 7 }, CON_ON_ARMOUR).events)).not.toContain('overwhelming');
    expect(DEFAULT_DAMAGE_SETTINGS.conAppliesToArmour).toBe(false);
  });

  it('Overwhelming destroys the armour and spills the rest of the DV to the Health Die', () => {
    const defender: Defender = { healthDie: 8, armourDie: 4, conMod: 0 };
    // DV 10: d4 -> d3 (DV 6), d3 -> destroyed (DV 3), DV 3 spills to the d8; the d8 rolls 3: not above 3.
    const r = rollHit(scriptedRandom([3]), defender, { dv: 10 });
    expect(kinds(r.events)).toEqual(['soak-die', 'overwhelming', 'overwhelming', 'spill', 'soak-roll']);
    expect(r.events[3]).toMatchObject({ kind: 'spill', dv: 3, healthDie: 8 });
    expect(r.events[4]).toMatchObject({ die: 'health', sides: 8, dv: 3, isResisted: false, to: 7 });
    expect(r.defender).toEqual({ ...defender, armourDie: null, healthDie: 7 });
    // The spilled DV can overwhelm the Health Die too.
    const big = rollHit(scriptedRandom([7]), defender, { dv: 17 });
    expect(kinds(big.events)).toEqual(['soak-die', 'overwhelming', 'overwhelming', 'spill', 'overwhelming', 'soak-roll']);
    expect(big.defender).toEqual({ ...defender, armourDie: null, healthDie: 7 });
  });

  it('armour destroyed with no DV left: nothing reaches the Health Die', () => {
    const rng = scriptedRandom([]);
    const r = rollHit(rng, { healthDie: 8, armourDie: 3 }, { dv: 3 });
    expect(r.defender).toMatchObject({ armourDie: null, healthDie: 8 });
    expect(kinds(r.events)).toEqual(['soak-die', 'overwhelming', 'no-damage']);
    expect(rng.used).toBe(0);
  });

  it('a failed soak that destroys a d3 Armour Die ends the attack: no spill (ruling H-4)', () => {
    const r = rollHit(scriptedRandom([2]), { healthDie: 8, armourDie: 3 }, { dv: 2 });
    expect(r.defender).toMatchObject({ armourDie: null, healthDie: 8 });
    expect(kinds(r.events)).toEqual(['soak-die', 'soak-roll']);
  });
});

describe('the soak roll (DAMAGE step 4)', () => {
  it('a natural 1 always fails, whatever the CON mod (Health Die and Armour Die)', () => {
    const r = rollHit(scriptedRandom([1]), { healthDie: 8, armourDie: null, conMod: 5 }, { dv: 1 });
    expect(r.events.at(-1)).toMatchObject({ kind: 'soak-roll', face: 1, total: 6, isNaturalOne: true, isResisted: false, to: 7 });
    expect(r.events.at(-1)!.text).toContain('a natural 1 always fails');
    const armour = rollHit(scriptedRandom([1]), { healthDie: 8, armourDie: 12, conMod: 5 }, { dv: 1 }, CON_ON_ARMOUR);
    expect(armour.defender.armourDie).toBe(10);
  });

  it('a roll equal to the DV fails: the roll must be higher', () => {
    expect(rollHit(scriptedRandom([5]), { healthDie: 8, armourDie: null }, { dv: 5 }).defender.healthDie).toBe(7);
    expect(rollHit(scriptedRandom([6]), { healthDie: 8, armourDie: null }, { dv: 5 }).defender.healthDie).toBe(8);
  });

  it('a Health Die failing at d3 is down, unconscious and dying', () => {
    const r = rollHit(scriptedRandom([2]), { healthDie: 3, armourDie: null }, { dv: 2 });
    expect(r.isDown).toBe(true);
    expect(kinds(r.events)).toEqual(['soak-die', 'soak-roll', 'down']);
  });

  it('a negative CON mod lowers the threshold and the roll', () => {
    // d4 - 1: highest roll 3, so DV 3 overwhelms: 3 - 4 leaves nothing, the die steps to d3.
    const r = rollHit(scriptedRandom([]), { healthDie: 4, armourDie: null, conMod: -1 }, { dv: 3 });
    expect(r.defender.healthDie).toBe(3);
    expect(kinds(r.events)).toEqual(['soak-die', 'overwhelming', 'no-damage']);
    // d8 - 1 vs DV 2: a 3 makes 2, not above.
    expect(rollHit(scriptedRandom([3]), { healthDie: 8, armourDie: null, conMod: -1 }, { dv: 2 }).defender.healthDie).toBe(7);
  });
});

describe('Penetrating attacks (Weapon Tags; DAMAGE step 2)', () => {
  const knight: Defender = { healthDie: 6, armourDie: 12, conMod: 0 };

  it('bypass the armour: the Health Die soaks and the armour is untouched', () => {
    const r = rollHit(scriptedRandom([4]), knight, { dv: 4, isPenetrating: true });
    expect(r.events[0]).toMatchObject({ kind: 'soak-die', die: 'health', sides: 6 });
    expect(r.events[0]!.text).toContain('Penetrating');
    expect(r.defender).toEqual({ ...knight, healthDie: 5 });
  });

  it('do not bypass magickal armour unless the weapon is magickal too', () => {
    const magick: Defender = { ...knight, isArmourMagickal: true };
    expect(rollHit(scriptedRandom([4]), magick, { dv: 4, isPenetrating: true }).defender).toEqual({ ...magick, armourDie: 10 });
    expect(rollHit(scriptedRandom([4]), magick, { dv: 4, isPenetrating: true, isMagickal: true }).defender).toEqual({ ...magick, healthDie: 5 });
  });
});

describe('combat Crits: one free Overwhelming step, no soak roll, then the DV as normal (Combat Crits)', () => {
  const fighter: Defender = { healthDie: 8, armourDie: 6, conMod: 0 };

  it('to the Armour Die by the defender\'s choice (the default)', () => {
    const r = rollHit(scriptedRandom([4]), fighter, { dv: 3, isCrit: true });
    expect(r.events[0]).toMatchObject({ kind: 'crit-step', die: 'armour', from: 6, to: 5 });
    expect(r.events[1]).toMatchObject({ kind: 'soak-die', die: 'armour', sides: 5 });
    expect(r.defender).toEqual({ ...fighter, armourDie: 5 });
  });

  it('to the Health Die by choice', () => {
    const r = rollHit(scriptedRandom([4]), fighter, { dv: 3, isCrit: true, critStepTo: 'health' });
    expect(r.events[0]).toMatchObject({ kind: 'crit-step', die: 'health', from: 8, to: 7 });
    expect(r.defender).toEqual({ ...fighter, healthDie: 7 });
  });

  it('a Penetrating Crit goes to the Health Die even when the defender picks armour', () => {
    const r = rollHit(scriptedRandom([5]), fighter, { dv: 3, isCrit: true, isPenetrating: true, critStepTo: 'armour' });
    expect(r.events[0]).toMatchObject({ kind: 'crit-step', die: 'health', from: 8, to: 7 });
    expect(r.events[0]!.text).toContain('Penetrating');
    expect(r.defender).toEqual({ ...fighter, healthDie: 7 });
  });

  it('with no armour the step goes to health; a d3 Health Die is then down before any DV', () => {
    const rng = scriptedRandom([]);
    const r = rollHit(rng, { healthDie: 3, armourDie: null }, { dv: 9, isCrit: true });
    expect(kinds(r.events)).toEqual(['crit-step', 'down']);
    expect(r.events[0]!.text).toContain('no armour to take it');
    expect(r.isDown).toBe(true);
    expect(rng.used).toBe(0);
  });

  it('a Crit step that destroys a d3 Armour Die leaves the Health Die to soak the DV', () => {
    const r = rollHit(scriptedRandom([7]), { healthDie: 8, armourDie: 3 }, { dv: 5, isCrit: true });
    expect(kinds(r.events)).toEqual(['crit-step', 'soak-die', 'soak-roll']);
    expect(r.events[1]!.text).toContain('armour is destroyed');
    expect(r.defender).toMatchObject({ armourDie: null, healthDie: 8 });
  });

  it('a DV 0 Crit still takes its step', () => {
    expect(rollHit(scriptedRandom([]), fighter, { dv: 0, isCrit: true }).defender).toEqual({ ...fighter, armourDie: 5 });
  });
});

describe('partial armour (ARMOUR, Coverage: 30% of hits find an unprotected spot)', () => {
  const scout: Defender = { healthDie: 8, armourDie: 6, armourCoverage: 'partial' };

  it('d10 1-3: the Health Die soaks; 4-10: the armour does', () => {
    const open = rollHit(scriptedRandom([3, 4]), scout, { dv: 4 });
    expect(open.events[0]).toMatchObject({ kind: 'coverage', face: 3, isUnprotected: true });
    expect(open.defender).toEqual({ ...scout, healthDie: 7 });
    const covered = rollHit(scriptedRandom([4, 4]), scout, { dv: 4 });
    expect(covered.defender).toEqual({ ...scout, armourDie: 5 });
    expectOutcomes(hitOutcomes(scout, { dv: 4 }), [
      { armourDie: 6, healthDie: 8, p: 0.3 * (4 / 8) + 0.7 * (2 / 6) },
      { armourDie: 5, healthDie: 8, p: 0.7 * (4 / 6) },
      { armourDie: 6, healthDie: 7, p: 0.3 * (4 / 8) },
    ]);
  });

  it('no coverage roll for a Penetrating hit or a DV 0 hit', () => {
    const rng = scriptedRandom([5]);
    rollHit(rng, scout, { dv: 4, isPenetrating: true });
    expect(rng.used).toBe(1);
    expect(rollHit(scriptedRandom([]), scout, { dv: 0 }).events.map((e) => e.kind)).toEqual(['no-damage']);
  });
});

describe('DV 0 and rolled totals below 0 (ruling H-5)', () => {
  it('a DV 0 hit needs no soak roll and changes nothing', () => {
    const d: Defender = { healthDie: 8, armourDie: null };
    expect(rollHit(scriptedRandom([]), d, { dv: 0 }).defender).toEqual(d);
    expect(hitOutcomes(d, { dv: 0 })).toEqual([{ armourDie: null, healthDie: 8, p: 1 }]);
  });

  it('damageValueFromTotal: a total below 0 is DV 0', () => {
    expect(damageValueFromTotal(-2)).toBe(0);
    expect(damageValueFromTotal(0)).toBe(0);
    expect(damageValueFromTotal(6)).toBe(6);
    expect(() => damageValueFromTotal(1.5)).toThrow(RangeError);
  });
});

// ---------------------------------------------------------------------------------------------
// Errors and limits

function codeOf(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    return (e as { code?: string }).code;
  }
  return undefined;
}

describe('bad input: typed errors with clear messages', () => {
  const ok: Defender = { healthDie: 8, armourDie: 6 };

  it('a defender already down', () => {
    const down: Defender = { healthDie: null, armourDie: 6 };
    expect(() => rollHit(scriptedRandom([]), down, { dv: 3 })).toThrow(DamageError);
    expect(codeOf(() => hitOutcomes(down, { dv: 3 }))).toBe('damage/defender-down');
  });

  it('dice off the chain', () => {
    expect(() => hitOutcomes({ healthDie: 9, armourDie: null }, { dv: 3 })).toThrow(DiceError);
    expect(codeOf(() => hitOutcomes({ healthDie: 8, armourDie: 2 }, { dv: 3 }))).toBe('chain/not-on-chain');
    expect(() => hitOutcomes({ healthDie: 8, armourDie: 11 }, { dv: 3 })).toThrow(/an Armour Die must be one of them/);
  });

  it('DV from 0 to MAX_DAMAGE_VALUE, whole numbers only', () => {
    expect(MAX_DAMAGE_VALUE).toBe(10_000);
    expect(hitOutcomes({ healthDie: 30, armourDie: 30, conMod: 5 }, { dv: MAX_DAMAGE_VALUE })).toEqual([{ armourDie: null, healthDie: null, p: 1 }]);
    for (const dv of [MAX_DAMAGE_VALUE + 1, -1, 2.5, Number.NaN]) {
      expect(codeOf(() => rollHit(scriptedRandom([1, 1]), ok, { dv }))).toBe('damage/dv-out-of-range');
    }
    expect(() => hitOutcomes(ok, { dv: -1 })).toThrow(/whole number from 0 to 10000, got -1 \(a Harm Die total below 0 deals DV 0/);
  });

  it('CON mod within +-MAX_SOAK_MODIFIER', () => {
    expect(MAX_SOAK_MODIFIER).toBe(20);
    for (const conMod of [MAX_SOAK_MODIFIER, -MAX_SOAK_MODIFIER]) expect(hitOutcomes({ ...ok, conMod }, { dv: 3 }).length).toBeGreaterThan(0);
    for (const conMod of [MAX_SOAK_MODIFIER + 1, -MAX_SOAK_MODIFIER - 1, 0.5]) {
      expect(codeOf(() => hitOutcomes({ ...ok, conMod }, { dv: 3 }))).toBe('damage/con-out-of-range');
    }
  });

  it('a damage roll with no totals', () => {
    expect(codeOf(() => hitOutcomesForDamageRoll(ok, [], {}))).toBe('damage/no-damage-values');
    expect(codeOf(() => hitOutcomesForDamageRoll(ok, [{ value: MAX_DAMAGE_VALUE + 1, p: 1 }], {}))).toBe('damage/dv-out-of-range');
  });
});

// ---------------------------------------------------------------------------------------------
// Exact odds against brute force and Monte Carlo

describe('hitOutcomes against brute force (every soak and coverage face through rollHit)', () => {
  const dvs = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 13, 16, 20, 25, 33, 45, 70, 120];
  const grid: [number, number | null, number][] = [];
  for (const health of DICE) for (const armour of [null, 3, 5, 8, 14, 30]) for (const con of [-2, 0, 1, 3]) grid.push([health, armour, con]);

  it.each(grid)('Health d%i, Armour %s, CON %i, every DV in a range', (health, armour, con) => {
    const defender: Defender = { healthDie: health, armourDie: armour, conMod: con };
    for (const dv of dvs) {
      expectMatchesBruteForce(hitOutcomes(defender, { dv }), (rng) => rollHit(rng, defender, { dv }).defender);
    }
  });

  it('every option (Crit, its target, Penetrating, magick, partial armour, CON on armour) on random cases', () => {
    const defenderArb = fc.record({
      healthDie: fc.constantFrom(...DICE),
      armourDie: fc.option(fc.constantFrom(...DICE), { nil: null }),
      conMod: fc.integer({ min: -5, max: 5 }),
      armourCoverage: fc.constantFrom('full' as const, 'partial' as const),
      isArmourMagickal: fc.boolean(),
    });
    const hitArb = fc.record({
      dv: fc.integer({ min: 0, max: 80 }),
      isPenetrating: fc.boolean(),
      isMagickal: fc.boolean(),
      isCrit: fc.boolean(),
      critStepTo: fc.constantFrom('armour' as const, 'health' as const),
    });
    fc.assert(
      fc.property(defenderArb, hitArb, fc.boolean(), (defender, hit, conOnArmour) => {
        const settings: DamageSettings = { conAppliesToArmour: conOnArmour };
        expectMatchesBruteForce(hitOutcomes(defender, hit, settings), (rng) => rollHit(rng, defender, hit, settings).defender);
      }),
      { numRuns: 400 },
    );
  });
});

describe('a DV that is itself a roll (a Harm Die: DAMAGE step 1)', () => {
  it.each([
    ['d8+1', { healthDie: 8, armourDie: 6, conMod: 1 }, {}],
    ['d6-2', { healthDie: 4, armourDie: null, conMod: 0 }, {}],
    ['d12+3', { healthDie: 6, armourDie: 4, armourCoverage: 'partial' as const }, { isCrit: true }],
    ['2d6', { healthDie: 10, armourDie: 8 }, { isPenetrating: true }],
  ] as [string, Defender, Omit<Hit, 'dv'>][])('%s against brute force over the damage dice and the soak', (notation, defender, hit) => {
    const compiled = compileRoll(notation);
    const mixed = hitOutcomesForDamageRoll(defender, distributionOf(notation), hit);
    expectMatchesBruteForce(mixed, (rng) => rollHit(rng, defender, { ...hit, dv: damageValueFromTotal(compiled.roll(rng).total) }).defender);
    expect(mixed.reduce((s, o) => s + o.p, 0)).toBeCloseTo(1, 12);
  });

  it('takes the points of a distribution as well as the distribution', () => {
    const defender: Defender = { healthDie: 8, armourDie: 6 };
    expect(hitOutcomesForDamageRoll(defender, distributionOf('d10').points(), {})).toEqual(hitOutcomesForDamageRoll(defender, distributionOf('d10'), {}));
  });
});

describe('hitOutcomes against seeded Monte Carlo (4 sigma)', () => {
  it.each([
    [{ healthDie: 8, armourDie: 6, conMod: 1 }, { dv: 5 }],
    [{ healthDie: 6, armourDie: 4, armourCoverage: 'partial' as const }, { dv: 9, isCrit: true }],
    [{ healthDie: 12, armourDie: null, conMod: -1 }, { dv: 14 }],
  ] as [Defender, Hit][])('%o hit by %o', (defender, hit) => {
    const trials = 40_000;
    const rng = seededRandom(hit.dv * 31 + defender.healthDie!);
    const counts = tally(trials, () => {
      const d = rollHit(rng, defender, hit).defender;
      return outcomeKey(d.armourDie, d.healthDie);
    });
    const outcomes = hitOutcomes(defender, hit);
    for (const o of outcomes) expectWithinFourSigma(counts.get(outcomeKey(o.armourDie, o.healthDie)) ?? 0, trials, o.p);
    expect(counts.size).toBe(outcomes.length);
  });

  it('a Harm Die roll (d8+2) mixed over the DV', () => {
    const defender: Defender = { healthDie: 6, armourDie: 5, conMod: 1 };
    const compiled = compileRoll('d8+2');
    const trials = 40_000;
    const rng = seededRandom(99);
    const counts = tally(trials, () => {
      const d = rollHit(rng, defender, { dv: damageValueFromTotal(compiled.roll(rng).total) }).defender;
      return outcomeKey(d.armourDie, d.healthDie);
    });
    for (const o of hitOutcomesForDamageRoll(defender, distributionOf('d8+2'), {})) {
      expectWithinFourSigma(counts.get(outcomeKey(o.armourDie, o.healthDie)) ?? 0, trials, o.p);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

describe('properties', () => {
  const EPS = 1e-12;
  const defenderArb = fc.record({
    healthDie: fc.constantFrom(...DICE),
    armourDie: fc.option(fc.constantFrom(...DICE), { nil: null }),
    conMod: fc.integer({ min: -5, max: 5 }),
    armourCoverage: fc.constantFrom('full' as const, 'partial' as const),
  });
  const hitArb = fc.record({
    dv: fc.integer({ min: 0, max: 120 }),
    isPenetrating: fc.boolean(),
    isCrit: fc.boolean(),
    critStepTo: fc.constantFrom('armour' as const, 'health' as const),
  });
  const settingsArb = fc.boolean().map((b): DamageSettings => ({ conAppliesToArmour: b }));

  it('a higher DV never improves the chance of keeping the Health Die, nor of staying up', () => {
    fc.assert(
      fc.property(defenderArb, hitArb, fc.integer({ min: 1, max: 40 }), settingsArb, (defender, hit, more, settings) => {
        const low = hitOutcomes(defender, hit, settings);
        const high = hitOutcomes(defender, { ...hit, dv: hit.dv + more }, settings);
        expect(chanceToKeepHealthDie(high, defender.healthDie)).toBeLessThanOrEqual(chanceToKeepHealthDie(low, defender.healthDie) + EPS);
        expect(chanceOfDown(high)).toBeGreaterThanOrEqual(chanceOfDown(low) - EPS);
      }),
      { numRuns: 1000 },
    );
  });

  it('a larger Health Die never worsens the chance of keeping it, nor of staying up', () => {
    fc.assert(
      fc.property(defenderArb, hitArb, fc.integer({ min: 1, max: DICE.length - 1 }), settingsArb, (defender, hit, steps, settings) => {
        const i = DICE.indexOf(defender.healthDie);
        const larger = DICE[Math.min(DICE.length - 1, i + steps)]!;
        const small = hitOutcomes(defender, hit, settings);
        const big = hitOutcomes({ ...defender, healthDie: larger }, hit, settings);
        expect(chanceToKeepHealthDie(big, larger)).toBeGreaterThanOrEqual(chanceToKeepHealthDie(small, defender.healthDie) - EPS);
        expect(chanceOfDown(big)).toBeLessThanOrEqual(chanceOfDown(small) + EPS);
      }),
      { numRuns: 1000 },
    );
  });

  it('outcomes sum to 1 and no die ever grows', () => {
    fc.assert(
      fc.property(defenderArb, hitArb, settingsArb, (defender, hit, settings) => {
        const outcomes = hitOutcomes(defender, hit, settings);
        expect(outcomes.reduce((s, o) => s + o.p, 0)).toBeCloseTo(1, 12);
        for (const o of outcomes) {
          expect(o.p).toBeGreaterThan(0);
          expect(o.healthDie ?? 0).toBeLessThanOrEqual(defender.healthDie);
          expect(o.armourDie ?? 0).toBeLessThanOrEqual(defender.armourDie ?? 0);
        }
      }),
      { numRuns: 500 },
    );
  });
});
