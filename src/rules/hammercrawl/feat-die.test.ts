import { describe, expect, it } from 'vitest';
import { HAMMERCRAWL_CHAIN } from '../../dice/index.js';
import { isCheckError } from './check-modifiers.js';
import { FEAT_DIE_TABLE, MAX_CHARACTER_LEVEL, MIN_CHARACTER_LEVEL, featDie, featDieBonus } from './feat-die.js';
import { duplicatesOf, rulesBroken } from '../../../test/offenders.js';

describe('the Feat Die table (THE FEAT DIE)', () => {
  it('holds both columns as printed, levels 1-10', () => {
    // Level: Feat Die, Weak, copied from the rules text.
    const printed = [
      [1, 3, 3], [2, 4, 3], [3, 4, 4], [4, 5, 4], [5, 6, 5],
      [6, 6, 5], [7, 7, 6], [8, 8, 6], [9, 8, 7], [10, 10, 7],
    ];
    expect(FEAT_DIE_TABLE.map((r) => [r.level, r.normal, r.weak])).toEqual(printed);
    for (const [level, normal, weak] of printed) {
      expect(featDie(level!)).toBe(normal);
      expect(featDie(level!, 'weak')).toBe(weak);
    }
  });

  it('data integrity: unique ids, every level once, dice on the chain, weak never above normal, never shrinking', () => {
    expect(duplicatesOf(FEAT_DIE_TABLE.map((r) => r.id))).toEqual([]);
    expect(FEAT_DIE_TABLE.map((r) => r.level)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const chain: readonly number[] = HAMMERCRAWL_CHAIN.sides;
    expect(
      rulesBroken(FEAT_DIE_TABLE, (r) => `level ${r.level}`, (r) => {
        const prev = FEAT_DIE_TABLE[FEAT_DIE_TABLE.indexOf(r) - 1];
        return {
          'normal die on the chain': chain.includes(r.normal),
          'weak die on the chain': chain.includes(r.weak),
          'weak never above normal': r.weak <= r.normal,
          'ref to FEAT DIE': /FEAT DIE/.test(r.ref),
          'never smaller than the level before': prev === undefined || (r.normal >= prev.normal && r.weak >= prev.weak),
        };
      }),
    ).toEqual([]);
  });

  it('refuses a level off the table, at and past each end', () => {
    expect(featDie(MIN_CHARACTER_LEVEL)).toBe(3);
    expect(featDie(MAX_CHARACTER_LEVEL)).toBe(10);
    for (const bad of [MIN_CHARACTER_LEVEL - 1, MAX_CHARACTER_LEVEL + 1, 2.5]) {
      let caught: unknown;
      try {
        featDie(bad);
      } catch (e) {
        caught = e;
      }
      expect(isCheckError(caught)).toBe(true);
    }
    expect(() => featDie(11)).toThrow(/from level 1 to 10, got level 11/);
  });

  it('featDieBonus names its origin', () => {
    expect(featDieBonus(2)).toEqual({ sides: 4, origin: { kind: 'feat', id: 'feat-die', label: 'Feat Die (level 2)' } });
    expect(featDieBonus(9, 'weak').origin).toMatchObject({ label: 'Feat Die (level 9, weak)' });
    expect(featDieBonus(9, 'weak').sides).toBe(7);
  });
});
