import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { scriptedRandom, seededRandom } from '../../dice/index.js';
import { isCheckError, smithStep, statMod } from './check-modifiers.js';
import { hasLevelPenalty, rollSave, saveCheckSpec, saveEffect, saveOdds, type SaveSpec } from './saves.js';
import { MAX_CRIT_RANGE } from './checks.js';
import { expectWithinFourSigma } from '../../../test/monte-carlo.js';

describe('the rules’ Save example (SAVES, EXAMPLE)', () => {
  // "you are level 3. If another spellcaster of level 1 to 3 attempts to charm you ... rolling a d20 and adding your
  // WIL die, against a target equal to the spellcaster's WIL score. However, if a 5 HD monster ... with a d16 instead"
  const you = { stat: 'WIL' as const, statMod: statMod(17), level: 3 }; // WIL 17: +2
  const casterWil = 14;

  it('a caster of level 1 to 3: d20 + WIL mod against the caster’s WIL score, success halves the charm', () => {
    for (const sourceLevel of [1, 2, 3]) {
      const saved = rollSave(scriptedRandom([13]), { ...you, sourceLevel, target: casterWil });
      expect(saved.check.dice).toEqual(['d20']);
      expect(saved.levelPenalty).toBe(false);
      expect(saved.check.total).toBe(15);
      expect(saved.saved).toBe(true);
      expect(saved.effect).toBe(0.5);
      expect(saved.summary).toContain('half the effect lands');
    }
    // 12 + 2 = 14 does not beat 14: a Save is a Challenge.
    const failed = rollSave(scriptedRandom([12]), { ...you, sourceLevel: 3, target: casterWil });
    expect(failed.saved).toBe(false);
    expect(failed.effect).toBe(1);
  });

  it('a 5 HD monster: the Save rolls a d16 (one step down)', () => {
    const r = rollSave(scriptedRandom([16]), { ...you, sourceLevel: 5, target: casterWil });
    expect(r.check.dice).toEqual(['d16']);
    expect(r.levelPenalty).toBe(true);
    expect(r.saved).toBe(true);
    expect(r.check.explanation[0]).toBe('Challenge (WIL Save): d20 -1 step (source level/HD 5 > your level 3 -1) -> d16');
    expect(() => rollSave(scriptedRandom([17]), { ...you, sourceLevel: 5, target: casterWil })).toThrow(/d16/);
  });

  it('the odds: P(d20 + 2 > 14) = 8/20, and with the step P(d16 + 2 > 14) = 4/16', () => {
    expect(saveOdds({ ...you, sourceLevel: 3, target: casterWil }).saved).toBeCloseTo(0.4, 14);
    const monster = saveOdds({ ...you, sourceLevel: 5, target: casterWil });
    expect(monster.saved).toBeCloseTo(0.25, 14);
    expect(monster.effect.full).toBeCloseTo(0.75, 14);
    expect(monster.effect.half).toBeCloseTo(0.25, 14);
    expect(monster.effect.none).toBe(0);
    expect(monster.expectedEffect).toBeCloseTo(0.875, 14);
  });
});

describe('Save rules', () => {
  it('all or nothing: a success negates the effect', () => {
    expect(saveEffect(false, false)).toBe(1);
    expect(saveEffect(true, false)).toBe(0.5);
    expect(saveEffect(true, true)).toBe(0);
    expect(saveEffect(false, true)).toBe(1);
    const r = rollSave(scriptedRandom([20]), { statMod: 0, target: 10, allOrNothing: true });
    expect(r.effect).toBe(0);
    const o = saveOdds({ statMod: 0, target: 10, allOrNothing: true });
    expect(o.effect.full).toBeCloseTo(0.5, 14);
    expect(o.effect.half).toBe(0);
    expect(o.effect.none).toBeCloseTo(0.5, 14);
    expect(o.expectedEffect).toBeCloseTo(0.5, 14);
  });

  it('only one step, however great the source; equal costs nothing; the twice rule as a setting', () => {
    expect(saveCheckSpec({ statMod: 0, target: 10, level: 1, sourceLevel: 10 }).steps).toHaveLength(1);
    expect(hasLevelPenalty({ level: 3, sourceLevel: 3 })).toBe(false);
    expect(hasLevelPenalty({ level: 3, sourceLevel: 4 })).toBe(true);
    expect(hasLevelPenalty({ level: 3, sourceLevel: 5, levelRule: 'twice' })).toBe(false);
    expect(hasLevelPenalty({ level: 3, sourceLevel: 6, levelRule: 'twice' })).toBe(true);
    expect(hasLevelPenalty({})).toBe(false);
  });

  it('both levels or neither; other steps add to the penalty', () => {
    let caught: unknown;
    try {
      saveCheckSpec({ statMod: 0, target: 10, sourceLevel: 4 });
    } catch (e) {
      caught = e;
    }
    expect(isCheckError(caught) && caught.code).toBe('save/level');
    const r = rollSave(scriptedRandom([14]), { statMod: 1, target: 10, level: 2, sourceLevel: 3, steps: [smithStep(-1, 'Spell Penetration')] });
    expect(r.check.dice).toEqual(['d14']); // "from d20 to d14"
  });

  it('P(saved) never rises when the source grows, and matches seeded rolls (4 sigma)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -3, max: 5 }), fc.integer({ min: 0, max: 25 }), fc.integer({ min: 1, max: 10 }), (mod, target, level) => {
        const weak = saveOdds({ statMod: mod, target, level, sourceLevel: level }).saved;
        const strong = saveOdds({ statMod: mod, target, level, sourceLevel: level + 1 }).saved;
        expect(strong).toBeLessThanOrEqual(weak + 1e-12);
      }),
    );
    const spec: SaveSpec = { stat: 'DEX', statMod: 1, target: 12, level: 2, sourceLevel: 4 };
    const p = saveOdds(spec).saved;
    const rng = seededRandom(5);
    const N = 100_000;
    let hits = 0;
    for (let i = 0; i < N; i++) if (rollSave(rng, spec).saved) hits++;
    expectWithinFourSigma(hits, N, p);
  });
});

describe('a Save as a Feat', () => {
  it('adds the Feat Die to the roll and to the odds', async () => {
    const { featDieBonus } = await import('./feat-die.js');
    const { saveOdds: odds } = await import('./saves.js');
    const plain = odds({ statMod: 0, target: 15 }).saved;
    const feat = odds({ statMod: 0, target: 15, feat: featDieBonus(1, 'normal') }).saved;
    expect(plain).toBeCloseTo(5 / 20, 12);
    // d20 + d3 beats 15.
    let wins = 0;
    for (let d = 1; d <= 20; d++) for (let f = 1; f <= 3; f++) if (d + f > 15) wins++;
    expect(feat).toBeCloseTo(wins / 60, 12);
  });
});

describe('a Save with a widened crit range (H-24)', () => {
  it('crits on 19-20 with range 2: the odds and every face rolled agree', () => {
    const spec = { statMod: 0, target: 10, critMin: 16, critRange: 2 } as const;
    let crits = 0;
    for (let face = 1; face <= 20; face++) if (rollSave(scriptedRandom([face]), spec).check.crit) crits += 1;
    expect(crits).toBe(2);
    expect(saveOdds(spec).check.crit).toBeCloseTo(crits / 20, 12);
    expect(rollSave(scriptedRandom([19]), spec).check.crit).toBe(true);
    expect(rollSave(scriptedRandom([18]), spec).check.crit).toBe(false);
    expect(saveOdds({ statMod: 0, target: 10, critMin: 16 }).check.crit).toBeCloseTo(1 / 20, 12);
  });

  it('refuses a range past the limit with check/crit-range', () => {
    expect(() => saveOdds({ statMod: 0, target: 10, critMin: 16, critRange: MAX_CRIT_RANGE + 1 })).toThrow(/crit range/);
    expect(saveOdds({ statMod: 0, target: 10, critMin: 16, critRange: MAX_CRIT_RANGE }).check.crit).toBeCloseTo(MAX_CRIT_RANGE / 20, 12);
  });
});
