import { describe, expect, it } from 'vitest';
import type { CheckKindDef, ParamDef, RuleSystem } from '../../../src/rules/rule-system.js';
import { initialValues, readForm } from './params.js';
import { statCheck, trayCheck, trayParams } from './check-map.js';
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
  it('fills the parameters the check has from the tray', () => {
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
    // The Bare Bones' Test names its target `stat` (the attribute score): the tray's Target fills it.
    const statTest = { ...TEST, params: [{ name: 'stat', kind: 'integer', label: 'Attribute score', help: '', min: 1, max: 30, isRequired: true }] } as unknown as typeof TEST;
    expect(trayParams(statTest, { ...INITIAL_TRAY, mode: 'test', target: 13 })).toEqual({ stat: 13 });
    // The Exalted Hack's names it `attribute`; a stat button fills it with the score.
    const attrTest = { ...TEST, params: [{ name: 'attribute', kind: 'integer', label: 'Attribute', help: '', min: 1, max: 18, isRequired: true }] } as unknown as typeof TEST;
    expect(trayParams(attrTest, { ...INITIAL_TRAY, mode: 'test', target: 9 })).toEqual({ attribute: 9 });
    expect(statCheck({ checks: [attrTest] } as unknown as RuleSystem, 'int', 9)).toEqual({ check: 'test', params: { attribute: 9 } });
  });
  it('makes a stat button a check: by a stat parameter, else a Test against the score', () => {
    const save = { ...TEST, id: 'save', params: [{ name: 'stat', kind: 'choice', label: 'Stat', help: '', choices: [{ id: 'STR', label: 'STR' }] }] };
    const needsMod = { ...save, id: 'save2', params: [...save.params, { name: 'mod', kind: 'integer', label: 'Mod', help: '', min: -5, max: 5, isRequired: true }] };
    expect(statCheck({ checks: [needsMod, save] } as unknown as RuleSystem, 'str', 14)).toEqual({ check: 'save', params: { stat: 'STR' } });
    expect(statCheck({ checks: [save, TEST] } as unknown as RuleSystem, 'str', 14)).toEqual({ check: 'test', params: { target: 14 } });
    expect(statCheck(rs, 'dex', 14)).toEqual({ check: 'test', params: { target: 14 } });
    expect(statCheck(rs, 'dex', 44)).toBeNull();
    const bareBones = { checks: [{ id: 'attribute', label: '', help: '', ref: '', params: [{ name: 'stat', kind: 'integer', label: '', help: '', min: 1, max: 20, isRequired: true }] }] } as unknown as RuleSystem;
    expect(statCheck(bareBones, 'str', 12)).toEqual({ check: 'attribute', params: { stat: 12 } });
  });
});

describe('table settings', () => {
  it('defaults every ruling and reads the below-d3 policy', () => {
    expect(defaultSettings('hammercrawl')).toMatchObject({ 'below-d3': 'clamp', 'con-on-armour': false });
    expect(defaultSettings('bare-bones')).toEqual({});
    expect(belowBottomOf({ 'below-d3': 'negate' })).toBe('negate');
    expect(belowBottomOf({})).toBe('clamp');
    for (const defs of Object.values(TABLE_SETTINGS)) expect(readForm(defs, initialValues(defs)).ok).toBe(true);
  });
});
