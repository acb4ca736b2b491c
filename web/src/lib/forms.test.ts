import { describe, expect, it } from 'vitest';
import type { CheckKindDef, ParamDef, RuleSystem } from '../../../src/rules/rule-system.js';
import { initialValues, readForm } from './params.js';
import { statCheck, trayCheck, trayFromCheck, trayParams } from './check-map.js';
import { CATALOGUE } from '../../../src/rules/catalogue.js';
import { INITIAL_TRAY } from './tray.js';
import { TABLE_SETTINGS, belowBottomOf, defaultSettings } from './settings.js';

const DEFS: ParamDef[] = [
  { name: 'target', kind: 'integer', label: 'Target', help: '', min: 1, max: 30, isRequired: true },
  { name: 'die', kind: 'die', label: 'Die', help: '', sides: [12, 20], default: 20 },
  { name: 'adv', kind: 'boolean', label: 'Advantage', help: '' },
  { name: 'stat', kind: 'choice', label: 'Stat', help: '', choices: [{ id: 'str', label: 'STR' }] },
  { name: 'note', kind: 'text', label: 'Note', help: '', maxLength: 5 },
];

describe('generic forms', () => {
  it('opens with the defaults', () => {
    expect(initialValues(DEFS)).toEqual({ target: '', die: '20', adv: false, stat: '', note: '' });
  });
  it('reads values into parameters with the engine messages', () => {
    expect(readForm(DEFS, { target: '12', die: 'd12', adv: true, stat: 'str', note: '' })).toEqual({ ok: true, params: { target: 12, die: 12, adv: true, stat: 'str' } });
    const missing = readForm(DEFS, { ...initialValues(DEFS) });
    expect(missing).toMatchObject({ ok: false, field: 'target', problem: { code: 'param/missing' } });
    expect(readForm(DEFS, { target: '40' })).toMatchObject({ ok: false, field: 'target', problem: { code: 'param/out-of-range' } });
    expect(readForm(DEFS, { target: 'x1' })).toMatchObject({ ok: false, field: 'target', problem: { code: 'param/not-integer', path: '$.target' } });
    expect(readForm(DEFS, { target: '3', die: '8' })).toMatchObject({ ok: false, field: 'die', problem: { code: 'param/not-a-die' } });
    expect(readForm(DEFS, { target: '3', note: 'too long' })).toMatchObject({ ok: false, field: 'note' });
  });
});

const TEST: CheckKindDef = {
  id: 'test',
  label: 'Test',
  help: '',
  ref: '',
  params: [
    { name: 'target', role: 'stat-score', kind: 'integer', label: 'Target', help: '', min: 1, max: 30 },
    { name: 'die', role: 'die', kind: 'die', label: 'Die', help: '', sides: [16, 20, 24] },
    { name: 'steps', role: 'steps', kind: 'integer', label: 'Steps', help: '', min: -10, max: 10 },
    { name: 'mod', role: 'modifier', kind: 'integer', label: 'Mod', help: '', min: -10, max: 10 },
    { name: 'adv', role: 'advantage', kind: 'boolean', label: 'Adv', help: '' },
    { name: 'dis', role: 'disadvantage', kind: 'boolean', label: 'Dis', help: '' },
    { name: 'feat', role: 'feat', kind: 'integer', label: 'Feat', help: '', min: 1, max: 10 },
    { name: 'below-d3', role: 'setting', kind: 'choice', label: 'Below', help: '', choices: [{ id: 'clamp', label: 'c' }, { id: 'negate', label: 'n' }] },
  ],
};

describe('tray as a ruleset check', () => {
  const rs = { checks: [TEST] } as unknown as RuleSystem;
  it('finds the check of the mode', () => {
    expect(trayCheck(rs, 'test')).toBe(TEST);
    expect(trayCheck(rs, 'challenge')).toBeNull();
    expect(trayCheck(rs, 'roll')).toBeNull();
    expect(trayCheck(null, 'test')).toBeNull();
  });
  it('fills the parameters the check has from the tray, by their roles', () => {
    expect(trayParams(TEST, { ...INITIAL_TRAY, mode: 'test', target: 12 })).toEqual({ target: 12, die: 20 });
    expect(trayParams(TEST, { ...INITIAL_TRAY, mode: 'test', target: 9, steps: 1, mod: -2, vantage: 'dis', isFeat: true, featLevel: 3 }, { 'below-d3': 'negate' })).toEqual({
      target: 9,
      die: 20,
      steps: 1,
      mod: -2,
      dis: true,
      feat: 3,
      'below-d3': 'negate',
    });
    expect(trayParams(TEST, { ...INITIAL_TRAY, die: 8 })).not.toHaveProperty('die');
    // A setting the parameter cannot take is not sent.
    expect(trayParams(TEST, { ...INITIAL_TRAY, mode: 'test' }, { 'below-d3': 'nonsense' })).not.toHaveProperty('below-d3');
  });
  it('reads roles, not names: any name, and an option is never filled', () => {
    const odd: CheckKindDef = {
      ...TEST,
      params: [
        { name: 'score-to-beat', role: 'stat-score', kind: 'integer', label: 'Score', help: '', min: 1, max: 30, isRequired: true },
        { name: 'with-luck', role: 'advantage', kind: 'boolean', label: 'Luck', help: '' },
        { name: 'bonus', role: 'modifier', kind: 'integer', label: 'Bonus', help: '', min: -5, max: 5 },
        { name: 'heroic', role: 'feat', kind: 'boolean', label: 'Heroic', help: '' },
        { name: 'hero-level', role: 'level', kind: 'integer', label: 'Level', help: '', min: 1, max: 10 },
        // Named like the tray's fields, but options: left to the ruleset.
        { name: 'target', role: 'option', kind: 'integer', label: 'Other', help: '', min: 1, max: 30 },
        { name: 'die', role: 'option', kind: 'die', label: 'Bonus die', help: '', sides: [20] },
      ],
    };
    expect(trayParams(odd, { ...INITIAL_TRAY, mode: 'test', target: 13, vantage: 'adv', mod: 2, isFeat: true, featLevel: 4 })).toEqual({
      'score-to-beat': 13,
      'with-luck': true,
      bonus: 2,
      heroic: true,
      'hero-level': 4,
    });
  });
  it('sets the tray up from a check a sheet filled: its die and its target', () => {
    expect(trayFromCheck(TEST, { target: 14, die: 24 }, [16, 20, 24])).toEqual({ target: 14, die: 24 });
    expect(trayFromCheck(TEST, { target: 14, die: 24 }, [16, 20])).toEqual({ target: 14 });
    const challenge: CheckKindDef = { ...TEST, params: [{ name: 'dc', role: 'target', kind: 'integer', label: 'DC', help: '', min: 1, max: 30 }] };
    expect(trayFromCheck(challenge, { dc: 11 }, [20])).toEqual({ target: 11 });
  });
  it('makes a stat button a check: the stat, its score and its modifier by role; else a Test against the score', () => {
    const str = { id: 'str', score: 14, mod: 1 };
    const save: CheckKindDef = { ...TEST, id: 'save', params: [{ name: 'which', role: 'stat', kind: 'choice', label: 'Stat', help: '', choices: [{ id: 'STR', label: 'STR' }] }] };
    const needsTarget: CheckKindDef = { ...save, id: 'save2', params: [...save.params, { name: 'dc', role: 'target', kind: 'integer', label: 'DC', help: '', min: 1, max: 30, isRequired: true }] };
    expect(statCheck({ checks: [needsTarget, save] } as unknown as RuleSystem, str)).toEqual({ check: 'save', params: { which: 'STR' } });
    expect(statCheck({ checks: [save, TEST] } as unknown as RuleSystem, str)).toEqual({ check: 'test', params: { target: 14 } });
    expect(statCheck(rs, { ...str, id: 'dex' })).toEqual({ check: 'test', params: { target: 14 } });
    expect(statCheck(rs, { ...str, score: 44 })).toBeNull();
    const withMod: CheckKindDef = {
      ...TEST,
      id: 'resist',
      params: [
        { name: 'stat', role: 'stat', kind: 'choice', label: 'Stat', help: '', choices: [{ id: 'str', label: 'STR' }] },
        { name: 'bonus', role: 'stat-mod', kind: 'integer', label: 'Mod', help: '', min: -5, max: 5, isRequired: true },
      ],
    };
    expect(statCheck({ checks: [withMod] } as unknown as RuleSystem, str)).toEqual({ check: 'resist', params: { stat: 'str', bonus: 1 } });
    // A ruleset without modifiers cannot fill a required one.
    expect(statCheck({ checks: [withMod] } as unknown as RuleSystem, { ...str, mod: null })).toBeNull();
  });
  it('gives every ruleset of the catalogue a stat check and tray parameters its own odds accept', async () => {
    for (const e of CATALOGUE) {
      const real = await e.load();
      const stat = statCheck(real, { id: real.attributes[0]!.id, score: 11, mod: 0 });
      expect(stat, `${e.id}: a stat button has a check`).not.toBeNull();
      expect(real.checkOdds({ check: stat!.check, params: stat!.params }).ok, `${e.id} ${stat!.check}`).toBe(true);
      const test = trayCheck(real, 'test');
      if (test === null) continue;
      const params = trayParams(test, { ...INITIAL_TRAY, mode: 'test', target: 11, steps: 1, vantage: 'adv' });
      expect(real.checkOdds({ check: test.id, params }).ok, `${e.id} tray Test`).toBe(true);
      expect(Object.values(params)).toContain(11);
    }
  });
});

describe('table settings', () => {
  it('defaults every ruling and reads the below-d3 policy', () => {
    for (const e of CATALOGUE) {
      expect(defaultSettings(e.id)).toEqual(Object.fromEntries(e.settings.filter((d) => d.default !== undefined).map((d) => [d.name, d.default])));
    }
    expect(CATALOGUE.some((e) => Object.keys(defaultSettings(e.id)).length > 0)).toBe(true);
    expect(defaultSettings('no-such-rules')).toEqual({});
    expect(belowBottomOf({ 'below-d3': 'negate' })).toBe('negate');
    expect(belowBottomOf({})).toBe('clamp');
    for (const defs of Object.values(TABLE_SETTINGS)) expect(readForm(defs, initialValues(defs)).ok).toBe(true);
  });
});
