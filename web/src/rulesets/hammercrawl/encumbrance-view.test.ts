import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../../src/dice/random.js';
import { ruleSystem } from '../../../../src/rules/hammercrawl/rule-system.js';
import { encumbranceView } from './encumbrance-view.js';
import { web } from './index.js';

describe('encumbrance and bags on the sheet', () => {
  const rolled = ruleSystem.rollCharacter(seededRandom(3), { method: 'random' });
  if (!rolled.ok) throw new Error(rolled.error.message);
  const doc = JSON.parse(JSON.stringify(rolled.value)) as Record<string, unknown>;

  it('counts Stow slots of the base and the satchel, hands and what is worn, from the document', () => {
    const view = encumbranceView(doc);
    if (!view.ok) throw new Error(view.message);
    expect(view.bags).toEqual([{ label: 'Satchel', slots: 5 }]);
    expect(view.slots.capacity).toBe(view.slots.base + 5);
    expect(view.worn).toEqual(expect.arrayContaining(['Satchel', 'Set of clothes']));
    expect(view.hands.of).toBe(2);
    expect(view.problems).toEqual([]);
  });

  it('names what breaks the rules: three things held in two hands', () => {
    const inventory = [...(doc['inventory'] as unknown[]), ...['torch', 'torch', 'torch'].map((id, i) => ({ id, size: 'small', quantity: 1, carried: 'held', label: `Torch ${i + 1}` }))];
    const view = encumbranceView({ ...doc, inventory });
    expect(view.ok && view.problems.some((p) => /hands/.test(p))).toBe(true);
  });

  it('is a sheet section of the ruleset for any character with an inventory', () => {
    const panels = web.sheetPanels ?? [];
    const session = { state: { value: { rulesetEvents: [] } }, isSmith: { value: false } };
    const shownFor = (document: Record<string, unknown>) => panels.filter((p) => p.isShown({ session: session as never, character: { id: 'c1', document } as never, canAct: true }));
    const shown = shownFor(doc);
    // Without an inventory, the one section fewer is the encumbrance.
    const bare = shownFor({ ...doc, inventory: undefined });
    expect(shown.length).toBe(bare.length + 1);
    expect(bare.every((p) => shown.includes(p))).toBe(true);
  });
});
