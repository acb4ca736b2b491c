import { describe, expect, it } from 'vitest';
import { enumeratePaths, enumeratedChances } from '../../../../test/enumerate.js';
import { psionicGrade } from '../derived.js';
import { scriptedRandom } from '../../../dice/index.js';
import { prepareSave, rollSave } from '../saves.js';
import { PSIONIC_SAVE_STEPS, canUsePsionics, psionicGradeOdds, psionicSaveSteps, withPsionicSave } from './psionics.js';
import { spellPenetrationSteps, spellSaveSpec } from './spell-saves.js';

describe('psionic grades (PSIONICS, Psionic Grades)', () => {
  it('Saves against psionics: none and Minor as normal, Major one step better, Master two', () => {
    expect(PSIONIC_SAVE_STEPS).toEqual({ none: 0, minor: 0, major: 1, master: 2 });
    const save = { stat: 'WIL' as const, statMod: 1, target: 14 };
    expect(prepareSave(withPsionicSave(save, 'minor', true)).dice).toEqual(['d20']);
    expect(prepareSave(withPsionicSave(save, 'major', true)).dice).toEqual(['d24']);
    expect(prepareSave(withPsionicSave(save, 'master', true)).dice).toEqual(['d30']);
    expect(prepareSave(withPsionicSave(save, 'master', false)).dice).toEqual(['d20']);
    expect(psionicSaveSteps(null)).toEqual([]);
    expect(psionicSaveSteps('master')[0]?.origin).toMatchObject({ kind: 'rule', id: 'psionic-grade' });
  });

  it('non-psions cannot use psionic powers', () => {
    expect([null, 'none', 'minor', 'major', 'master'].map((g) => canUsePsionics(g as never))).toEqual([false, false, true, true, true]);
  });

  it('grade odds from d100 against twice WIL: WIL 14 gives master 7%, major 7%, minor 14%, none 72%', () => {
    expect(psionicGradeOdds(14)).toEqual({ none: 0.72, minor: 0.14, major: 0.07, master: 0.07 });
  });

  it('grade odds equal brute force over the d100 for every WIL score', () => {
    for (let wil = 1; wil <= 20; wil++) {
      const brute = enumeratedChances(enumeratePaths((rng) => psionicGrade(rng.rollDie(100), wil)));
      const exact = psionicGradeOdds(wil);
      for (const g of ['none', 'minor', 'major', 'master'] as const) expect(exact[g]).toBeCloseTo(brute.get(g) ?? 0, 14);
    }
  });
});

describe('Spell Penetration (True Mage)', () => {
  it('Saves against the spells drop from d20 to d16 at level 4 and to d14 at level 9 (the text examples)', () => {
    const save = { stat: 'WIL' as const, statMod: 0, target: 14 };
    expect(spellPenetrationSteps(3)).toEqual([]);
    expect(prepareSave({ ...save, steps: spellPenetrationSteps(4) }).dice).toEqual(['d16']);
    expect(prepareSave({ ...save, steps: spellPenetrationSteps(8) }).dice).toEqual(['d16']);
    expect(prepareSave({ ...save, steps: spellPenetrationSteps(9) }).dice).toEqual(['d14']);
  });

  it('stacks with the greater-source step of SAVES (a level-5 caster against a level-3 saver)', () => {
    const spec = { stat: 'WIL' as const, statMod: 2, target: 15, level: 3, sourceLevel: 5, steps: spellPenetrationSteps(5) };
    expect(prepareSave(spec).dice).toEqual(['d14']);
  });
});

describe('Saves against spells (SAVES, its EXAMPLE)', () => {
  it('a level-3 saver against a caster of level 1 to 3 rolls d20 plus the WIL mod against the caster\'s WIL score', () => {
    for (const casterLevel of [1, 2, 3]) {
      expect(prepareSave(spellSaveSpec({ stat: 'WIL', statMod: 1, level: 3, casterLevel, target: 14 })).dice).toEqual(['d20']);
    }
    // 13 + 1 = 14 does not beat 14; 14 + 1 does.
    expect(rollSave(scriptedRandom([13]), spellSaveSpec({ stat: 'WIL', statMod: 1, level: 3, casterLevel: 2, target: 14 })).saved).toBe(false);
    expect(rollSave(scriptedRandom([14]), spellSaveSpec({ stat: 'WIL', statMod: 1, level: 3, casterLevel: 2, target: 14 })).saved).toBe(true);
  });

  it('a 5 HD source against a level-3 saver: d16; a level-4 True Mage adds Spell Penetration: d14', () => {
    expect(prepareSave(spellSaveSpec({ stat: 'WIL', statMod: 0, level: 3, casterLevel: 5, target: 14 })).dice).toEqual(['d16']);
    expect(prepareSave(spellSaveSpec({ stat: 'WIL', statMod: 0, level: 3, casterLevel: 4, target: 14, hasSpellPenetration: true })).dice).toEqual(['d14']);
    expect(prepareSave(spellSaveSpec({ stat: 'WIL', statMod: 0, level: 9, casterLevel: 9, target: 14, hasSpellPenetration: true })).dice).toEqual(['d14']);
  });

  it('a Master Psion saves two steps better against a psionic spell', () => {
    const spec = spellSaveSpec({ stat: 'INT', statMod: 0, level: 3, casterLevel: 3, target: 12, psionic: { saverGrade: 'master' } });
    expect(prepareSave(spec).dice).toEqual(['d30']);
  });
});

