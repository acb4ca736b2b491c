import { describe, expect, it } from 'vitest';
import { CURRENCIES, MAX_TREASURE_TIER, MIN_TREASURE_TIER, TREASURE_TIERS } from './treasures.js';
import { duplicatesOf, rulesBroken } from '../../../../test/offenders.js';

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

describe('the tiers of treasure (TREASURES)', () => {
  it('data integrity: unique kebab-case ids, tiers 1-11 once each in order', () => {
    expect([
      ...duplicatesOf(TREASURE_TIERS.map((t) => t.id)),
      ...rulesBroken(TREASURE_TIERS, (t) => t.id, (t) => ({ 'kebab-case id': KEBAB.test(t.id), 'ref to TREASURES': /TREASURES/.test(t.ref), 'a description': t.description.length > 0 })),
    ]).toEqual([]);
    expect(TREASURE_TIERS.map((t) => t.tier)).toEqual(Array.from({ length: MAX_TREASURE_TIER }, (_, i) => i + MIN_TREASURE_TIER));
  });

  it('matches the printed list', () => {
    expect(TREASURE_TIERS.map((t) => t.label)).toEqual([
      'Copper', 'Silver', 'Gold', 'Platinum', 'Gems', 'Art', 'Potions & Scrolls',
      'Magickal Charms', 'Magickal Icons', 'Magickal Relics', 'Artifacts',
    ]);
    expect(TREASURE_TIERS.filter((t) => t.isSpecial).map((t) => t.tier)).toEqual([11]);
    expect(TREASURE_TIERS[6]?.alsoKnownAs).toBe('Magick Expendables');
    expect(TREASURE_TIERS[7]?.examples).toContain('standard wizard weapons');
    expect(TREASURE_TIERS.map((t) => t.category)).toEqual([
      'coin', 'coin', 'coin', 'coin', 'valuable', 'valuable', 'magick', 'magick', 'magick', 'magick', 'magick',
    ]);
  });

  it('every currency is a coin tier that exists', () => {
    expect([
      ...duplicatesOf(CURRENCIES.map((c) => c.id)),
      ...rulesBroken(CURRENCIES, (c) => c.id, (c) => {
        const tier = TREASURE_TIERS.find((t) => t.id === c.treasureTierId);
        return { 'a coin tier that exists': tier?.category === 'coin', "the tier's label": tier?.label === c.label };
      }),
    ]).toEqual([]);
    expect(CURRENCIES.map((c) => c.id)).toEqual(['copper', 'silver', 'gold', 'platinum']);
  });
});
