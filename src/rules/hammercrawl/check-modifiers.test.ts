import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  STAT_TABLE,
  describeOrigin,
  formatSigned,
  halfStat,
  isCheckError,
  listModifiers,
  netCheckVantage,
  netStaticMod,
  netStepAmount,
  smithModifier,
  smithStep,
  statMod,
  statModifier,
  statRow,
} from './check-modifiers.js';

const smith = (label: string) => ({ kind: 'smith' as const, label });

describe('the stat table (STATS)', () => {
  it('matches the printed table', () => {
    const printed = [
      [1, 1, -5], [2, 1, -4], [3, 2, -3], [4, 2, -2], [5, 3, -2], [6, 3, -1], [7, 4, -1], [8, 4, -1], [9, 5, 0], [10, 5, 0],
      [11, 6, 0], [12, 6, 0], [13, 7, 1], [14, 7, 1], [15, 8, 1], [16, 8, 2], [17, 9, 2], [18, 9, 3], [19, 10, 4], [20, 10, 5],
    ];
    expect(STAT_TABLE.map((r) => [r.score, r.halfStat, r.mod])).toEqual(printed);
    expect(new Set(STAT_TABLE.map((r) => r.id)).size).toBe(20);
  });

  it('the example stat spread: STR 8 (-1) 4, DEX 15 (+1) 8, CON 10 (0) 5, INT 9 (0) 5, WIL 17 (+2) 9, CHA 5 (-2) 3, SOC 14 (+1) 7', () => {
    const spread = [[8, -1, 4], [15, 1, 8], [10, 0, 5], [9, 0, 5], [17, 2, 9], [5, -2, 3], [14, 1, 7]];
    for (const [score, mod, half] of spread) {
      expect(statMod(score!)).toBe(mod);
      expect(halfStat(score!)).toBe(half);
    }
  });

  it('half-stat is the score halved, rounded up, on the table and past it', () => {
    for (const row of STAT_TABLE) expect(halfStat(row.score)).toBe(row.halfStat);
    fc.assert(fc.property(fc.integer({ min: 1, max: 1000 }), (s) => halfStat(s) === Math.ceil(s / 2) && 2 * halfStat(s) - s <= 1));
    expect(halfStat(25)).toBe(13);
  });

  it('a score off the table is a typed error, at and past each end', () => {
    expect(statRow(1).mod).toBe(-5);
    expect(statRow(20).mod).toBe(5);
    for (const f of [() => statRow(0), () => statRow(21), () => halfStat(0), () => statMod(3.5)]) {
      let caught: unknown;
      try {
        f();
      } catch (e) {
        caught = e;
      }
      expect(isCheckError(caught)).toBe(true);
    }
    expect(() => statMod(21)).toThrow(/stat\/off-table|runs from 1 to 20/);
  });
});

describe('modifiers with origins', () => {
  it('add up and explain themselves', () => {
    const mods = [statModifier('DEX', 2), smithModifier(-3, 'Darkness')];
    expect(netStaticMod(mods)).toBe(-1);
    expect(listModifiers(mods)).toBe('DEX mod +2, Darkness -3');
    expect(netStepAmount([smithStep(-1, 'Called shot'), smithStep(2, 'Feat')])).toBe(1);
    expect(formatSigned(0)).toBe('+0');
    expect(formatSigned(-2)).toBe('-2');
    expect(describeOrigin({ kind: 'feat', id: 'x', label: 'Combat Hardened' })).toBe('Feat: Combat Hardened');
    expect(describeOrigin({ kind: 'notation', span: { start: 0, end: 1 } })).toBe('notation');
    expect(statModifier('WIL', -1).origin).toEqual({ kind: 'stat', id: 'wil', label: 'WIL mod' });
  });

  it('vantage: several of one kind count once, both cancel', () => {
    const a = { mark: 'adv' as const, origin: smith('a') };
    const d = { mark: 'dis' as const, origin: smith('d') };
    expect(netCheckVantage([])).toBeNull();
    expect(netCheckVantage([a, a])).toBe('advantage');
    expect(netCheckVantage([d])).toBe('disadvantage');
    expect(netCheckVantage([a, a, d])).toBeNull();
  });

  it('refuses a fractional modifier', () => {
    expect(() => smithModifier(1.5, 'x')).toThrow(/whole number/);
    expect(() => smithStep(Number.NaN, 'x')).toThrow(/whole number/);
  });
});
