import { describe, expect, it } from 'vitest';
import { HAMMERCRAWL_CHAIN } from '../../../dice/index.js';
import { PARTIAL_COVERAGE_DIE, PARTIAL_COVERAGE_UNPROTECTED_MAX } from '../damage.js';
import {
  ARMOUR,
  ARMOUR_CATEGORIES,
  ARMOUR_STR_SHORTFALL_STEPS,
  DEFAULT_ARMOUR_COVERAGE,
  LOOTED_ARMOUR_PARTIAL_PERCENT,
  PARTIAL_COVERAGE_UNPROTECTED_PERCENT,
} from './armour.js';
import { GEAR_SIZES } from './gear.js';
import { duplicatesOf, rulesBroken } from '../../../../test/offenders.js';

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

describe('the armour table (ARMOUR)', () => {
  it('data integrity: unique kebab-case ids; categories and sizes exist; dice on the chain; STR 3-18', () => {
    expect(duplicatesOf(ARMOUR.map((a) => a.id))).toEqual([]);
    const categories: readonly string[] = ARMOUR_CATEGORIES.map((c) => c.id);
    const sizes: readonly string[] = GEAR_SIZES.map((s) => s.id);
    expect(
      rulesBroken(ARMOUR, (a) => a.id, (a) => ({
        'kebab-case id': KEBAB.test(a.id),
        'ref to ARMOUR': /ARMOUR/.test(a.ref),
        'a known category': categories.includes(a.category),
        'a known stow size': sizes.includes(a.stow),
        'soak die on the chain': (HAMMERCRAWL_CHAIN.sides as readonly number[]).includes(a.soakDie),
        'STR minimum 3 to 18': a.strMin >= 3 && a.strMin <= 18,
        'no price (the text gives none)': a.price === null,
      })),
    ).toEqual([]);
  });

  it('holds the table as printed', () => {
    // Armour, Category, Soak Die, STR, Stow, copied from the rules text.
    const printed = [
      ['Cloth', 'light', 3, 3, 'M'], ['Padding', 'light', 4, 4, 'M'], ['Leather, Soft', 'light', 5, 4, 'M'],
      ['Leather, Boiled', 'light', 6, 6, 'M'], ['Leather, Reinforced', 'light', 7, 6, 'M'], ['Chain', 'heavy', 8, 9, 'L'],
      ['Double', 'heavy', 10, 9, 'L'], ['Scale', 'heavy', 12, 9, 'L'], ['Splint', 'heavy', 14, 9, 'L'],
      ['Plate', 'heavy', 16, 13, 'L'], ['Suit', 'heavy', 20, 13, 'H'],
    ];
    const letter = (size: string) => GEAR_SIZES.find((s) => s.id === size)?.letter;
    expect(ARMOUR.map((a) => [a.label, a.category, a.soakDie, a.strMin, letter(a.stow)])).toEqual(printed);
  });

  it('soak dice and STR minimums never shrink down the table; light is lighter than heavy', () => {
    const pairs = ARMOUR.slice(1).map((a, i) => ({ a, prev: ARMOUR[i]! }));
    expect(
      rulesBroken(pairs, ({ a, prev }) => `${prev.id} -> ${a.id}`, ({ a, prev }) => ({
        'soak die grows': a.soakDie > prev.soakDie,
        'STR minimum never shrinks': a.strMin >= prev.strMin,
      })),
    ).toEqual([]);
    const maxLight = Math.max(...ARMOUR.filter((a) => a.category === 'light').map((a) => a.soakDie));
    const minHeavy = Math.min(...ARMOUR.filter((a) => a.category === 'heavy').map((a) => a.soakDie));
    expect(maxLight).toBeLessThan(minHeavy);
  });

  it('partial coverage is 30% and agrees with the damage module\'s d10', () => {
    expect(PARTIAL_COVERAGE_UNPROTECTED_PERCENT).toBe(30);
    expect((PARTIAL_COVERAGE_UNPROTECTED_MAX / PARTIAL_COVERAGE_DIE) * 100).toBe(PARTIAL_COVERAGE_UNPROTECTED_PERCENT);
    expect(LOOTED_ARMOUR_PARTIAL_PERCENT).toBe(30);
    expect(DEFAULT_ARMOUR_COVERAGE).toBe('full');
    expect(ARMOUR_STR_SHORTFALL_STEPS).toBe(-1);
  });
});
