import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRandom, type RandomSource } from '../../../dice/index.js';
import { enumeratePaths, enumeratedChances } from '../../../../test/enumerate.js';
import { expectWithinFourSigma, tally } from '../../../../test/monte-carlo.js';
import { baseSpellDie, chainPosition, type Caster } from './caster.js';
import { castOdds, rollMagickCommand, type MagickCommand } from './commands.js';
import { forgetOdds, rolledDie, type ForgetChoice } from './forget-odds.js';
import { EMPTY_MAGICK_STATE, isRemembered, type MagickState } from './magick-state.js';

const noRolls: RandomSource = {
  rollDie(): number {
    throw new Error('no roll expected while setting up');
  },
};

function caster(over: Partial<Caster> = {}): Caster {
  return {
    level: 1,
    grade: 'dedicated',
    spellStat: 'INT',
    spellStatScore: 15,
    sustainDivisor: 1,
    conScore: 12,
    hasManaBurn: true,
    canOvercast: true,
    profileId: 'true-mage-spellcasting',
    ...over,
  };
}

function run(state: MagickState, command: MagickCommand, rng: RandomSource = noRolls): MagickState {
  const r = rollMagickCommand(rng, state, command);
  if (!r.ok) throw new Error(`${r.problem.code}: ${r.problem.message}`);
  return r.state;
}

/** A caster who knows and has prepared spells of the given levels, named s0, s1, ... */
function prepared(c: Caster, levels: readonly number[], burnSteps = 0): MagickState {
  let s = run(EMPTY_MAGICK_STATE, { kind: 'set-caster', caster: c });
  levels.forEach((level, i) => {
    s = run(s, { kind: 'learn', name: `s${i}`, level });
  });
  s = run(s, { kind: 'prepare' });
  return { ...s, burnSteps };
}

/** The joint outcome of a cast, read from the state the command leaves, in forgetOdds' key form. */
function outcomeOf(before: MagickState, command: Extract<MagickCommand, { kind: 'cast' }>, rng: RandomSource): string {
  const r = rollMagickCommand(rng, before, command);
  if (!r.ok) throw new Error(r.problem.code);
  const extra = r.events.filter((e) => e.kind === 'spell-forgotten' && e.cause === 'extra').length;
  const burns = r.events.filter((e) => e.kind === 'mana-burn-checked' && e.burned).length;
  const kept = isRemembered(r.state, command.spellId) && !r.state.burnedOut;
  return `${kept ? 'kept' : 'lost'}|${extra}|${burns}|${r.state.burnedOut ? 'out' : 'in'}`;
}

function oddsKeys(state: MagickState, command: Extract<MagickCommand, { kind: 'cast' }>): Map<string, number> {
  const r = castOdds(state, command);
  if (!r.ok) throw new Error(r.problem.code);
  return new Map(r.odds.outcomes.map((o) => [`${o.kept ? 'kept' : 'lost'}|${o.extraForgotten}|${o.burnSteps}|${o.burnedOut ? 'out' : 'in'}`, o.p]));
}

function expectSameChances(exact: Map<string, number>, brute: Map<string, number>): void {
  expect([...exact.keys()].sort()).toEqual([...brute.keys()].sort());
  for (const [k, p] of brute) expect(exact.get(k), k).toBeCloseTo(p, 12);
}

describe('forgetOdds: the forget check (Casting Spells)', () => {
  it('keeps a spell when the Spell Die beats its level: d4 against level 1 is 3/4', () => {
    const o = forgetOdds({ spellDie: 4, level: 1, others: [2, 3], choice: 'forget' });
    expect(o).toMatchObject({ die: 4, automatic: false, extraDraws: 0, keepOnFirstRoll: 0.75, kept: 0.75, forgotten: 0.25 });
    expect(o.extraForgotten).toEqual([{ count: 0, p: 1 }]);
    expect(o.eachOtherForgotten).toBe(0);
  });

  it('forgets at once when the level equals the die maximum, and draws one more per point above it', () => {
    expect(forgetOdds({ spellDie: 3, level: 3, others: [1, 1], choice: 'forget' })).toMatchObject({ automatic: true, extraDraws: 0, kept: 0 });
    const o = forgetOdds({ spellDie: 3, level: 5, others: [1, 1, 1], choice: 'forget' });
    expect(o).toMatchObject({ automatic: true, extraDraws: 2, kept: 0, forgotten: 1 });
    expect(o.extraForgotten).toEqual([{ count: 2, p: 1 }]);
    expect(o.eachOtherForgotten).toBeCloseTo(2 / 3, 15);
  });

  it('stops when it runs out of spells to forget', () => {
    expect(forgetOdds({ spellDie: 3, level: 9, others: [1, 2], choice: 'forget' }).extraForgotten).toEqual([{ count: 2, p: 1 }]);
    expect(forgetOdds({ spellDie: 3, level: 9, others: [], choice: 'forget' }).extraForgotten).toEqual([{ count: 0, p: 1 }]);
  });

  it('Mana-burn: a failed check is re-rolled; failing twice burns one step but keeps the spell', () => {
    const o = forgetOdds({ spellDie: 4, level: 2, others: [], choice: 'mana-burn' });
    expect(o.kept).toBe(1);
    expect(o.forgotten).toBe(0);
    expect(o.burnSteps).toEqual([
      { steps: 0, p: 0.75 },
      { steps: 1, p: 0.25 },
    ]);
    expect(o.burnedOut).toBe(0);
  });

  it('Mana-burn on a d3 that fails twice burns out', () => {
    const o = forgetOdds({ spellDie: 3, level: 1, others: [], choice: 'mana-burn' });
    expect(o.burnedOut).toBeCloseTo(1 / 9, 15);
    expect(o.kept).toBeCloseTo(8 / 9, 15);
  });

  it('the manual steps move the die rolled, clamped at d3, and past d30 is refused', () => {
    expect(rolledDie(5, -1)).toBe(4);
    expect(rolledDie(3, -2)).toBe(3);
    expect(rolledDie(20, 2)).toBe(30);
    expect(() => rolledDie(20, 3)).toThrow(RangeError);
    expect(forgetOdds({ spellDie: 5, steps: 2, level: 3, others: [], choice: 'forget' }).keepOnFirstRoll).toBeCloseTo(4 / 7, 15);
  });

  it('the outcomes always sum to 1', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(3, 4, 5, 6, 7, 8, 10),
        fc.integer({ min: 1, max: 20 }),
        fc.array(fc.integer({ min: 1, max: 12 }), { maxLength: 8 }),
        fc.constantFrom<ForgetChoice>('forget', 'mana-burn'),
        (spellDie, level, others, choice) => {
          const o = forgetOdds({ spellDie, level, others, choice });
          expect(o.outcomes.reduce((s, x) => s + x.p, 0)).toBeCloseTo(1, 12);
          expect(o.kept).toBeGreaterThanOrEqual(0);
          expect(o.kept).toBeLessThanOrEqual(1 + 1e-12);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('castOdds equals brute-force enumeration of rollMagickCommand', () => {
  const cases: [string, Caster, number[], number, number, ForgetChoice, number][] = [
    // label, caster, levels prepared, index cast, overcast, choice, burn steps already taken
    ['level-1 True Mage, d3 against level 1', caster(), [1, 2], 0, 0, 'forget', 0],
    ['d3 against level 4: one extra spell drawn', caster(), [4, 1, 1, 2], 0, 0, 'forget', 0],
    ['d8 at level 8, level 11: three extra of four', caster({ level: 8 }), [11, 1, 2, 3, 4], 0, 0, 'forget', 0],
    ['Dabbler level 5 (d5) against 3', caster({ level: 5, grade: 'dabbler', hasManaBurn: false, canOvercast: false }), [3, 1], 0, 0, 'forget', 0],
    ['mana-burn, d4 against 3', caster({ level: 2 }), [3, 1], 0, 0, 'mana-burn', 0],
    ['mana-burn, d3 against 2 (burn-out possible)', caster(), [2], 0, 0, 'mana-burn', 0],
    ['mana-burn, automatic with extra checks in sequence', caster({ level: 5 }), [8, 1, 2, 3, 5], 0, 0, 'mana-burn', 0],
    ['mana-burn, automatic, already burnt to d4', caster({ level: 5 }), [6, 1, 3, 4], 0, 0, 'mana-burn', 2],
    ['over-cast by 2 CON: d4 against 1 + 2', caster({ level: 3 }), [1, 2, 2], 0, 2, 'forget', 0],
    ['over-cast past the die with Mana-burn', caster({ level: 3 }), [2, 1, 4, 1], 0, 3, 'mana-burn', 0],
  ];

  it.each(cases)('%s', (_label, c, levels, index, overcast, choice, burnSteps) => {
    const state = prepared(c, levels, burnSteps);
    const command = { kind: 'cast', spellId: `s${index}`, overcast, onForget: choice } as const;
    const brute = enumeratedChances(enumeratePaths((rng) => outcomeOf(state, command, rng)));
    expectSameChances(oddsKeys(state, command), brute);
  });

  it('random casters, spells, over-casts and choices', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 }),
        fc.constantFrom<'dedicated' | 'dabbler'>('dedicated', 'dabbler'),
        fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom<ForgetChoice>('forget', 'mana-burn'),
        fc.integer({ min: 0, max: 6 }),
        (level, grade, levels, overcast, choice, burn) => {
          const state = prepared(caster({ level, grade }), levels);
          const maxBurn = chainPosition(baseSpellDie(state.caster!));
          const s = { ...state, burnSteps: Math.min(burn, maxBurn) };
          const command = { kind: 'cast', spellId: 's0', overcast, onForget: choice } as const;
          const brute = enumeratedChances(enumeratePaths((rng) => outcomeOf(s, command, rng), { maxPaths: 200_000 }));
          expectSameChances(oddsKeys(s, command), brute);
        },
      ),
      { numRuns: 120 },
    );
  });
});

describe('castOdds against seeded Monte Carlo (4 sigma)', () => {
  it.each([
    ['forget, d6 against 4', caster({ level: 5 }), [4, 1, 2], 'forget' as const],
    ['mana-burn, automatic with checks', caster({ level: 5 }), [8, 1, 2, 3, 5, 2], 'mana-burn' as const],
  ])('%s', (_label, c, levels, choice) => {
    const state = prepared(c, levels);
    const command = { kind: 'cast', spellId: 's0', onForget: choice } as const;
    const exact = oddsKeys(state, command);
    const n = 40_000;
    const rng = seededRandom(20261129);
    const counts = tally(n, () => outcomeOf(state, command, rng));
    for (const [k, p] of exact) expectWithinFourSigma(counts.get(k) ?? 0, n, p, 0, k);
    for (const k of counts.keys()) expect(exact.has(k), k).toBe(true);
  });
});
