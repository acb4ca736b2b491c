import { describe, expect, it } from 'vitest';
import { BARE_BONES_CHAIN, HAMMERCRAWL_CHAIN } from '../../../src/dice/index.js';
import { HAMMERCRAWL_CHAIN as CHAIN } from '../../../src/dice/index.js';
import { DEFAULT_RULESET, loadRuleSystem } from '../../../src/rules/catalogue.js';
import {
  INITIAL_TRAY,
  TRAY_LIMITS,
  buttonNotation,
  formatChance,
  isPresetKept,
  oddsBars,
  presetMark,
  presetTray,
  readTrayNumber,
  rollOdds,
  steppedDie,
  targetChance,
  trayLimits,
  trayNotation,
  updateTray,
} from './tray.js';

describe('tray notation', () => {
  it('builds notation from the buttons', () => {
    expect(buttonNotation(INITIAL_TRAY, null)).toBe('1d20');
    expect(buttonNotation({ ...INITIAL_TRAY, count: 2, die: 8, steps: 1, vantage: 'adv', mod: -2 }, null)).toBe('2d8^+1adv-2');
    expect(buttonNotation({ ...INITIAL_TRAY, steps: -3, mod: 4 }, 6)).toBe('1d20^-3+1d6+4');
  });
  it('prefers typed notation', () => {
    expect(trayNotation({ ...INITIAL_TRAY, notation: ' 4d6kh3 ' }, null)).toBe('4d6kh3');
    expect(trayNotation({ ...INITIAL_TRAY, notation: '   ' }, null)).toBe('1d20');
  });
  it('never moves a number into a range behind the player\'s back', () => {
    const t = updateTray(INITIAL_TRAY, { mod: 99_999_999_999, steps: 3 });
    expect(t).toMatchObject({ mod: 99_999_999_999, steps: 3 });
  });
  it('shows the stepped die, favour moving a Test down the chain', () => {
    expect(steppedDie(HAMMERCRAWL_CHAIN, { die: 20, steps: 1, mode: 'roll' })).toBe('d24');
    expect(steppedDie(HAMMERCRAWL_CHAIN, { die: 20, steps: 1, mode: 'test' })).toBe('d16');
    expect(steppedDie(HAMMERCRAWL_CHAIN, { die: 30, steps: 2, mode: 'challenge' })).toBe('d30+d4');
    expect(steppedDie(BARE_BONES_CHAIN, { die: 20, steps: 3, mode: 'roll' })).toBe('d20');
  });
});

describe('odds', () => {
  it('gives the exact distribution of a notation', () => {
    const r = rollOdds('2d6', HAMMERCRAWL_CHAIN);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.min).toBe(2);
    expect(r.max).toBe(12);
    expect(r.mean).toBeCloseTo(7, 12);
    expect(r.distribution.probabilityOf(7)).toBeCloseTo(6 / 36, 12);
    expect(targetChance(r.distribution, 'test', 7)).toBeCloseTo(21 / 36, 12);
    expect(targetChance(r.distribution, 'challenge', 7)).toBeCloseTo(15 / 36, 12);
    expect(targetChance(r.distribution, 'roll', 7)).toBeNull();
  });
  it('applies steps on the chain and the below-d3 ruling', () => {
    const up = rollOdds('1d20^+1', HAMMERCRAWL_CHAIN);
    expect(up.ok && up.max).toBe(24);
    const clamp = rollOdds('1d4^-3', HAMMERCRAWL_CHAIN, 'clamp');
    expect(clamp.ok && clamp.max).toBe(3);
    const negate = rollOdds('1d4^-3', HAMMERCRAWL_CHAIN, 'negate');
    expect(negate.ok && negate.max).toBe(0);
  });
  it('reports a notation problem with its position', () => {
    const r = rollOdds('2d6+x', HAMMERCRAWL_CHAIN);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problem.code).toBe('notation/unexpected');
    expect(r.problem.position).toBe(4);
    const off = rollOdds('d9^+1', HAMMERCRAWL_CHAIN);
    expect(!off.ok && off.problem.code).toBe('chain/not-on-chain');
  });
  it('groups wide ranges into at most the bars asked for', () => {
    const r = rollOdds('10d20', HAMMERCRAWL_CHAIN);
    if (!r.ok) throw new Error('expected odds');
    const bars = oddsBars(r.distribution, 40);
    expect(bars.length).toBeLessThanOrEqual(40);
    expect(bars.reduce((a, b) => a + b.p, 0)).toBeCloseTo(1, 9);
    expect(Math.max(...bars.map((b) => b.height))).toBe(1);
  });
  it('formats chances for people', () => {
    expect(formatChance(0)).toBe('0%');
    expect(formatChance(1)).toBe('100%');
    expect(formatChance(0.45)).toBe('45.0%');
    expect(formatChance(0.0004)).toBe('<0.1%');
    expect(formatChance(0.9996)).toBe('>99.9%');
  });
});

describe('odds as text', () => {
  it('lists every total of a small roll and the likeliest of a large one', async () => {
    const { distributionOf, HAMMERCRAWL_CHAIN } = await import('../../../src/dice/index.js');
    const { oddsRows, thresholdChances } = await import('./tray.js');
    const d6 = oddsRows(distributionOf('1d6', { chain: HAMMERCRAWL_CHAIN }));
    expect(d6.isAll).toBe(true);
    expect(d6.rows.map((r) => r.value)).toEqual([1, 2, 3, 4, 5, 6]);
    const big = distributionOf('10d6', { chain: HAMMERCRAWL_CHAIN });
    const r = oddsRows(big);
    expect(r.isAll).toBe(false);
    expect(r.rows.map((x) => x.value)).toEqual([33, 34, 35, 36, 37]);
    const t = thresholdChances(distributionOf('1d20', { chain: HAMMERCRAWL_CHAIN }), 15);
    expect(t.atLeast).toBeCloseTo(0.3);
    expect(t.atMost).toBeCloseTo(0.75);
  });
});

describe('each mode keeps its own steps, advantage and modifier', () => {
  it('a Test\'s step in your favour never becomes a bigger die in Roll mode, and each mode comes back as it was left', () => {
    let t = updateTray(INITIAL_TRAY, { mode: 'test' });
    t = updateTray(t, { steps: 1, vantage: 'adv', mod: 2 });
    expect(steppedDie(CHAIN, t)).toBe('d16');
    const roll = updateTray(t, { mode: 'roll' });
    expect(roll).toMatchObject({ steps: 0, vantage: 'none', mod: 0 });
    expect(buttonNotation(roll, null)).toBe('1d20');
    const challenge = updateTray(updateTray(roll, { steps: -2 }), { mode: 'challenge' });
    expect(challenge).toMatchObject({ steps: 0, vantage: 'none' });
    const back = updateTray(challenge, { mode: 'test' });
    expect(back).toMatchObject({ mode: 'test', steps: 1, vantage: 'adv', mod: 2 });
    expect(updateTray(back, { mode: 'roll' }).steps).toBe(-2);
  });

  it('a stat from a sheet starts a fresh Test, Roll mode\'s modifiers kept aside', () => {
    const roll = updateTray(INITIAL_TRAY, { steps: 2, mod: 5 });
    const t = presetTray(roll, 'test', { target: 13, die: 20 });
    expect(t).toMatchObject({ mode: 'test', target: 13, steps: 0, vantage: 'none', mod: 0 });
    expect(updateTray(t, { mode: 'roll' })).toMatchObject({ steps: 2, mod: 5 });
  });

  it('a preset\'s label holds while the tray rolls what the stat set up, not once the roll is another', () => {
    const t = presetTray(INITIAL_TRAY, 'test', { target: 13 });
    const mark = presetMark(t);
    expect(isPresetKept(mark, updateTray(t, { steps: 1, vantage: 'adv', mod: -1 }))).toBe(true);
    expect(isPresetKept(mark, updateTray(t, { mode: 'roll' }))).toBe(false);
    expect(isPresetKept(mark, updateTray(t, { die: 12 }))).toBe(false);
    expect(isPresetKept(mark, updateTray(t, { target: 9 }))).toBe(false);
    expect(isPresetKept(mark, updateTray(t, { notation: '4d6kh3' }))).toBe(false);
  });
});

describe('number fields are read against their ranges, never clamped', () => {
  it('refuses past the range with the bound it passed, at the bound accepts', () => {
    const range = TRAY_LIMITS.mod;
    expect(readTrayNumber('99999999999', 'Modifier', range)).toEqual({ ok: false, message: 'Modifier is at most 99 (got 99999999999).' });
    expect(readTrayNumber(String(range.max), 'Modifier', range)).toEqual({ ok: true, value: range.max });
    expect(readTrayNumber(String(range.max + 1), 'Modifier', range).ok).toBe(false);
    expect(readTrayNumber(String(range.min), 'Modifier', range)).toEqual({ ok: true, value: range.min });
    expect(readTrayNumber(String(range.min - 1), 'Modifier', range)).toEqual({ ok: false, message: `Modifier is at least ${range.min} (got ${range.min - 1}).` });
    expect(readTrayNumber('1.5', 'Target', TRAY_LIMITS.target)).toEqual({ ok: false, message: 'Target is a whole number, got 1.5.' });
    expect(readTrayNumber('  ', 'Target', TRAY_LIMITS.target)).toEqual({ ok: true, value: null });
  });

  it('takes a ruleset check\'s own ranges by the parameters\' roles', async () => {
    const rs = await loadRuleSystem(DEFAULT_RULESET);
    const test = rs.checks.find((c) => c.id === 'test')!;
    const mod = test.params.find((p) => p.role === 'modifier')!;
    const limits = trayLimits(test);
    expect(mod.kind === 'integer' && limits.mod).toEqual(mod.kind === 'integer' ? { min: mod.min, max: mod.max } : false);
    expect(trayLimits(null)).toEqual(TRAY_LIMITS);
  });
});
