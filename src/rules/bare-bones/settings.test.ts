// BB-1's addition is a table setting whose default is the text's reading, mirrored by every d20 roll that can take it.
import { describe, expect, it } from 'vitest';
import { settingParams } from '../../table/commands.js';
import { catalogueEntry } from '../catalogue.js';
import { ruleSystem } from './index.js';

describe('The Bare Bones table settings (BB-1)', () => {
  it('natural-rolls, default attack-and-defence, listed by the catalogue', () => {
    expect(ruleSystem.settings.map((d) => [d.name, d.default])).toEqual([['natural-rolls', 'attack-and-defence']]);
    expect(catalogueEntry('bare-bones').settings).toEqual(ruleSystem.settings);
  });

  it('checks, saves, attacks and the two dying rolls take the table\'s choice', () => {
    const table = { 'natural-rolls': 'every-roll' };
    for (const id of ['test', 'save', 'missile', 'melee']) expect(settingParams(ruleSystem.checks.find((c) => c.id === id)!.params, table), id).toEqual(table);
    for (const id of ['stabilize', 'taxing-action']) expect(settingParams(ruleSystem.play.changes.find((c) => c.id === id)!.params, table), id).toEqual(table);
  });
});
