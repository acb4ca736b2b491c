// SL-9 and SL-10 are table settings: declared with the text's reading as the default, mirrored by the checks and the damage change.
import { describe, expect, it } from 'vitest';
import { settingParams } from '../../table/commands.js';
import { catalogueEntry } from '../catalogue.js';
import { ruleSystem } from './index.js';

describe('So Long as Men Die table settings (SL-9, SL-10)', () => {
  it('explosions (once) and mutilation-damage (dealt), listed by the catalogue', () => {
    expect(ruleSystem.settings.map((d) => [d.name, d.default])).toEqual([['explosions', 'once'], ['mutilation-damage', 'dealt']]);
    expect(catalogueEntry('so-long-as-men-die').settings).toEqual(ruleSystem.settings);
  });

  it('the attack check mirrors both; the damage change mirrors the mutilation reading', () => {
    const table = { explosions: 'chained', 'mutilation-damage': 'past-toughness' };
    const attack = ruleSystem.checks.find((c) => c.id === 'attack')!;
    expect(settingParams(attack.params, table)).toEqual(table);
    for (const id of ['maneuver', 'damage']) expect(settingParams(ruleSystem.checks.find((c) => c.id === id)!.params, table)).toEqual({ explosions: 'chained' });
    const damage = ruleSystem.play.changes.find((c) => c.id === 'damage')!;
    expect(settingParams(damage.params, table)).toEqual({ 'mutilation-damage': 'past-toughness' });
  });
});
