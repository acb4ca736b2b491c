import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../../src/dice/random.js';
import { rollCharacter } from '../../../../src/rules/hammercrawl/create-character.js';
import { ruleSystem } from '../../../../src/rules/hammercrawl/rule-system.js';
import { readCombat } from '../../lib/combat-view.js';
import { defaultSettings } from '../../lib/settings.js';
import type { RulesetEvent } from '../../lib/protocol.js';
import type { RulesetSession, SheetPanelProps } from '../types.js';
import { web } from './index.js';

function character(seed: number, choices: Record<string, string> = {}) {
  const r = rollCharacter(seededRandom(seed), { method: 'semi', choices, name: 'Hero' });
  if (!r.ok) throw new Error(r.error.message);
  return { id: 'ch1', ownerId: 'p1', document: r.character as unknown as Record<string, unknown> };
}

const session = (rulesetEvents: readonly RulesetEvent[] = []) => ({ state: { value: { rulesetEvents } } }) as unknown as RulesetSession;

describe('HAMMERCRAWL! web parts', () => {
  it('starts a new table from the rulings\' defaults', () => {
    expect(defaultSettings('hammercrawl')).toMatchObject({ 'below-d3': 'clamp', 'con-on-armour': false });
  });

  it('gives the tray the Feat Die of each level and the hammer dice pool', () => {
    const feat = web.tray?.feat;
    expect(feat?.levels).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const dice = feat!.levels.map((l) => feat!.dieOf(l));
    // The Feat Die grows with the level, never shrinks.
    expect(dice.every((d, i) => i === 0 || d >= dice[i - 1]!)).toBe(true);
    expect(feat?.dieOf(1)).toBe(3);
    expect(feat?.dieOf(10)).toBe(10);
    expect(web.tray?.panels?.map((p) => p.title)).toEqual(['Hammer dice pool']);
    expect(web.smithPanels).toHaveLength(3);
  });

  it('shows the magick section for casters, characters with magick events, and (for scrolls) any character to whoever may act', () => {
    const [panel] = web.sheetPanels ?? [];
    if (!panel) throw new Error('no sheet panel');
    const mage = character(7, { class: 'true-mage', classPrime: 'INT' });
    const fighter = character(3, { class: 'combatant' });
    expect(panel.isShown({ session: session(), character: fighter, canAct: true })).toBe(true);
    const props = (c: typeof mage, s = session()): SheetPanelProps => ({ session: s, character: c, canAct: false });
    expect(mage.document['spellcasting']).not.toBeUndefined();
    expect(panel.isShown(props(mage))).toBe(true);
    expect(fighter.document['spellcasting'] ?? null).toBeNull();
    expect(panel.isShown(props(fighter))).toBe(false);
    expect(panel.isShown(props(fighter, session([{ kind: 'magick-changed', seq: 1, at: 0, by: null, characterId: 'ch2', events: [{ kind: 'caster-set' }] }])))).toBe(false);
    expect(panel.isShown(props(fighter, session([{ kind: 'magick-changed', seq: 1, at: 0, by: null, characterId: 'ch1', events: [{ kind: 'caster-set' }] }])))).toBe(true);
  });

  it('narrows the creation form to the chosen method over the ruleset\'s own options', () => {
    const form = web.creation!;
    const names = (method: string) => form.fields(ruleSystem.creationOptions, { method }).map((d) => d.name);
    expect(names('random')).not.toContain('stock');
    expect(names('semi')).toContain('stock');
    expect(form.fields(ruleSystem.creationOptions, { method: 'semi' }).find((d) => d.name === 'stock')?.kind).toBe('choice');
  });

  it('attacks from the tracker with characters and with foes that have a monster line', () => {
    const attack = web.combat!.attack!;
    const [hero, goblin, shade] = readCombat({
      combatants: [
        { id: 'c1', name: 'Hero', characterId: 'ch1' },
        { id: 'c2', name: 'Goblin', monster: 'hd=1,attack=+1,defense=11,damage=d6' },
        { id: 'c3', name: 'Shade' },
      ],
    }).combatants;
    expect([hero, goblin, shade].map((c) => attack.canAttack(c!))).toEqual([true, true, false]);
    expect(web.combat).toMatchObject({ healthExample: 'd8', armourExample: 'd4', monsterLine: { placeholder: 'hd=2,attack=+3,defense=12,damage=d6' } });
  });
});
