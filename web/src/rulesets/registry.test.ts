import { describe, expect, it } from 'vitest';
import { RULESET_IDS } from '../../../src/rules/catalogue.js';
import { RULESET_WEB, loadRulesetWeb, noWeb } from './index.js';
import type { RulesetWeb } from './types.js';

describe('ruleset web registry', () => {
  it('keys its entries by catalogue id, and each loads the web parts of that id', async () => {
    const ids = Object.keys(RULESET_WEB);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) {
      expect(RULESET_IDS as readonly string[]).toContain(id);
      expect((await loadRulesetWeb(id)).id).toBe(id);
    }
  });

  it('gives a ruleset without an entry, a failed chunk or another ruleset\'s module no web parts', async () => {
    const parts: RulesetWeb = { id: 'one', creation: { fields: (o) => o, values: (v) => v } };
    const registry = {
      one: async () => parts,
      broken: async (): Promise<RulesetWeb> => {
        throw new Error('chunk failed');
      },
      other: async () => parts,
    };
    await expect(loadRulesetWeb('one', registry)).resolves.toBe(parts);
    await expect(loadRulesetWeb('broken', registry)).resolves.toEqual({ ...noWeb('broken'), hasFailed: true });
    await expect(loadRulesetWeb('other', registry)).resolves.toEqual(noWeb('other'));
    await expect(loadRulesetWeb('none', registry)).resolves.toEqual(noWeb('none'));
    // Not a key of a plain object's prototype either.
    await expect(loadRulesetWeb('toString', registry)).resolves.toEqual(noWeb('toString'));
  });
});
