// Attribute advancement (From Peasant to King > Attribute Advancement; ruling BB-26).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scriptedRandom } from '../../dice/random.js';
import { enumeratePaths, enumeratedChances } from '../../../test/enumerate.js';
import { MAX_ADVANCEMENT_BONUS_DICE, MAX_ADVANCEMENT_CHECKS, MAX_ADVANCEMENT_DICE, advancementDice, advancementOdds, rollAdvancement } from './advancement.js';
import { BareBonesError } from './errors.js';

describe('attribute advancement', () => {
  it('scenario: five marks and a dwarf\'s STR bonus roll 6d4, the most there is', () => {
    const r = rollAdvancement(scriptedRandom([4, 4, 4, 4, 4, 4]), { score: 23, checks: 5, bonusDice: 1 });
    expect([r.faces.length, r.total, r.after]).toEqual([MAX_ADVANCEMENT_DICE, 24, 24]);
    expect(rollAdvancement(scriptedRandom([4, 4, 4, 4, 4, 4]), { score: 24, checks: 5, bonusDice: 1 }).isRaised).toBe(false);
  });

  it('the odds equal enumeration of the roll for every mark count, with and without the bonus die', () => {
    for (let checks = 0; checks <= MAX_ADVANCEMENT_CHECKS; checks++) {
      for (const bonusDice of [0, 1]) {
        const spec = { score: 11, checks, bonusDice };
        const e = enumeratedChances(enumeratePaths((rng) => rollAdvancement(rng, spec).isRaised));
        expect(advancementOdds(spec).raised, `${checks} marks, bonus ${bonusDice}`).toBeCloseTo(e.get(true) ?? 0, 13);
      }
    }
  });

  it('property: more marks never lower the chance; a higher score never raises it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 23 }), fc.integer({ min: 1, max: MAX_ADVANCEMENT_CHECKS - 1 }), fc.integer({ min: 0, max: 1 }), (score, checks, bonusDice) => {
        const base = advancementOdds({ score, checks, bonusDice }).raised;
        expect(advancementOdds({ score, checks: checks + 1, bonusDice }).raised).toBeGreaterThanOrEqual(base - 1e-12);
        expect(advancementOdds({ score: score + 1, checks, bonusDice }).raised).toBeLessThanOrEqual(base + 1e-12);
      }),
    );
  });

  it('limits: marks 0..5 and one bonus die; past them throws (the caller checks the sheet)', () => {
    expect(advancementDice({ score: 10, checks: MAX_ADVANCEMENT_CHECKS, bonusDice: MAX_ADVANCEMENT_BONUS_DICE })).toBe(MAX_ADVANCEMENT_DICE);
    expect(() => advancementDice({ score: 10, checks: MAX_ADVANCEMENT_CHECKS + 1, bonusDice: 0 })).toThrow(BareBonesError);
    expect(() => advancementDice({ score: 10, checks: 1, bonusDice: MAX_ADVANCEMENT_BONUS_DICE + 1 })).toThrow(BareBonesError);
    expect(advancementDice({ score: 10, checks: 0, bonusDice: 1 })).toBe(0);
  });
});
