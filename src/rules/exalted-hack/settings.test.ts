// EH-11 is a table setting: declared with its default, mirrored by the dying check and change, and read at a table.
import { describe, expect, it } from 'vitest';
import { scriptedRandom } from '../../dice/random.js';
import { settingParams } from '../../table/commands.js';
import { catalogueEntry } from '../catalogue.js';
import { ruleSystem } from './index.js';

describe('The Exalted Hack table settings (EH-11)', () => {
  it('dying-rule is a setting, default one a turn, listed by the catalogue', () => {
    expect(ruleSystem.settings.map((d) => [d.name, d.default])).toEqual([['dying-rule', 'one-per-turn']]);
    expect(catalogueEntry('exalted-hack').settings).toEqual(ruleSystem.settings);
  });

  it('the dying check and the dying change take the table\'s choice', () => {
    const check = ruleSystem.checks.find((c) => c.id === 'dying')!;
    const change = ruleSystem.play.changes.find((c) => c.id === 'dying')!;
    for (const params of [check.params, change.params]) expect(settingParams(params, { 'dying-rule': 'd4-per-turn' })).toEqual({ 'dying-rule': 'd4-per-turn' });
    const r = ruleSystem.rollCheck(scriptedRandom([3]), { check: 'dying', params: settingParams(check.params, { 'dying-rule': 'd4-per-turn' }) });
    expect(r.ok && r.value.total).toBe(3);
    const plain = ruleSystem.rollCheck(scriptedRandom([]), { check: 'dying', params: settingParams(check.params, {}) });
    expect(plain.ok && plain.value.total).toBe(1);
  });

  it('the surprise roll is labelled as an addition (EH-20)', () => {
    const surprise = ruleSystem.checks.find((c) => c.id === 'surprise')!;
    expect(surprise.label).toMatch(/addition/);
    expect(surprise.help).toMatch(/^Not in the text/);
  });
});
