import { describe, expect, it } from 'vitest';
import { SOCIAL_STATUS_DICE, SOCIAL_STATUS_TABLE, type SocialStatusRow } from './social-status.js';
import { duplicatesOf, offendersOf, rulesBroken } from '../../../../test/offenders.js';

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The row for a SOC score on the printed table (3-18). */
function rowFor(soc: number): SocialStatusRow | undefined {
  return SOCIAL_STATUS_TABLE.find((r) => soc >= r.roll.min && soc <= r.roll.max);
}

/** Starting coins for a SOC score, read from the table as CHARACTER CREATION says. */
function coinsFor(soc: number): number | undefined {
  const row = rowFor(soc);
  if (!row) return undefined;
  return row.coins.kind === 'flat' ? row.coins.coins : soc * row.coins.multiplier;
}

describe('SOC status and starting coins (STATS; CHARACTER CREATION, Starting Equipment): data integrity', () => {
  it('has the seven statuses of the text, unique kebab-case ids', () => {
    expect(SOCIAL_STATUS_TABLE.map((r) => r.id)).toEqual([
      'scum', 'peasantry', 'poor', 'middle-class', 'lesser-nobility', 'greater-nobility', 'royalty',
    ]);
    expect([
      ...duplicatesOf(SOCIAL_STATUS_TABLE.map((r) => r.id)),
      ...rulesBroken(SOCIAL_STATUS_TABLE, (r) => r.id, (r) => ({ 'kebab-case id': KEBAB.test(r.id), 'ref to SOC': /SOC/.test(r.ref) })),
    ]).toEqual([]);
  });

  it('covers 3d6 (3..18) exactly once, no gap, no overlap', () => {
    expect(SOCIAL_STATUS_DICE).toEqual({ count: 3, sides: 6 });
    const lo = SOCIAL_STATUS_DICE.count;
    const hi = SOCIAL_STATUS_DICE.count * SOCIAL_STATUS_DICE.sides;
    const totals = Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
    expect([
      ...totals.flatMap((v) => {
        const n = SOCIAL_STATUS_TABLE.filter((r) => v >= r.roll.min && v <= r.roll.max).length;
        return n === 1 ? [] : [`SOC ${v} in ${n} rows`];
      }),
      ...rulesBroken(SOCIAL_STATUS_TABLE, (r) => r.id, (r) => ({ 'roll not backwards': r.roll.min <= r.roll.max, [`roll within ${lo}-${hi}`]: r.roll.min >= lo && r.roll.max <= hi })),
    ]).toEqual([]);
  });

  it('ranges and coin columns as printed', () => {
    expect(
      SOCIAL_STATUS_TABLE.map((r) => [r.label, r.roll.min, r.roll.max, r.coins.kind === 'flat' ? `flat ${r.coins.coins}` : `x${r.coins.multiplier}`]),
    ).toEqual([
      ['Scum', 3, 3, 'x0'],
      ['Peasantry', 4, 5, 'x10'],
      ['Poor', 6, 8, 'x15'],
      ['Middle Class', 9, 12, 'x20'],
      ['Lesser Nobility', 13, 15, 'x25'],
      ['Greater Nobility', 16, 17, 'x30'],
      ['Royalty', 18, 18, 'flat 1000'],
    ]);
  });

  it('spot checks: SOC 14 gives 350 coins, 9 gives 180, 17 gives 510, 18 gives 1000, 3 gives 0 and three magick items', () => {
    expect(coinsFor(14)).toBe(350);
    expect(coinsFor(9)).toBe(180);
    expect(coinsFor(17)).toBe(510);
    expect(coinsFor(18)).toBe(1000);
    expect(coinsFor(3)).toBe(0);
    expect(rowFor(3)?.extras).toEqual([{ kind: 'random-magick-items', count: 3, survivesDeath: false, isLootable: false }]);
    expect(SOCIAL_STATUS_TABLE.filter((r) => r.extras.length > 0).map((r) => r.id)).toEqual(['scum']);
  });

  it('more SOC never means fewer coins', () => {
    const socs = Array.from({ length: 15 }, (_, i) => i + 4);
    expect(offendersOf(socs, (v) => !(coinsFor(v)! >= coinsFor(v - 1)!), (v) => `SOC ${v}: ${coinsFor(v)} coins, fewer than SOC ${v - 1}'s ${coinsFor(v - 1)}`)).toEqual([]);
  });
});
