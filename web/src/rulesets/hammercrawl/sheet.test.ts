import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../../src/dice/random.js';
import { ruleSystem as hammercrawl } from '../../../../src/rules/hammercrawl/rule-system.js';
import type { RuleSystem } from '../../../../src/rules/rule-system.js';
import { readSheet, sheetDetails, sheetLabels } from '../../lib/sheet-data.js';

const ruleSystem = hammercrawl as unknown as RuleSystem;

describe('a HAMMERCRAWL! sheet through the contract', () => {
  const rolled = ruleSystem.rollCharacter(seededRandom(3), { method: 'semi', name: 'Hero' });
  if (!rolled.ok) throw new Error(rolled.error.message);
  const doc = JSON.parse(JSON.stringify(rolled.value)) as Record<string, unknown>;
  const inventory = doc['inventory'] as Record<string, unknown>[];
  const torch = inventory.findIndex((i) => i['id'] === 'torch');

  it('offers a torch\'s resource die with its JSON pointer, and writes it after the torch', () => {
    expect(torch).toBeGreaterThanOrEqual(0);
    const withDie = { ...doc, inventory: inventory.map((item, i) => (i === torch ? { ...item, resourceDie: 6 } : item)) };
    const sheet = readSheet(ruleSystem, withDie);
    if (!sheet.ok) throw new Error(sheet.message);
    expect(sheet.usage).toEqual([{ pointer: `/inventory/${torch}/resourceDie`, label: 'Torch', die: 6 }]);
    const details = sheetDetails(withDie, new Set(), sheetLabels(ruleSystem), sheet.values);
    const items = details.find((d) => d.key === 'inventory');
    expect(items?.kind === 'list' ? items.items : []).toContain('Torch (d6)');
  });

  it('labels the document\'s ids with the ruleset\'s labelOf', () => {
    const labels = sheetLabels(ruleSystem);
    for (const id of [doc['stock'], doc['class']]) {
      expect(typeof id).toBe('string');
      expect(labels.get(id as string)).toBe(ruleSystem.labelOf(id as string));
      expect(labels.get(id as string)).not.toBe(id);
    }
  });
});
