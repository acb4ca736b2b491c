import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../../src/dice/random.js';
import { rollCharacter } from '../../../../src/rules/hammercrawl/create-character.js';
import { percent, previewAttack, weaponsOf } from './attack-preview.js';
import { isCasterDocument, keepOdds, magickSettings, magickView } from './magick-view.js';
import { applyEvent, emptyTable } from '../../lib/table-state.js';
import { magickEvents, ventureEvents } from './wire.js';
import type { TableCharacter, TableEvent } from '../../lib/protocol.js';

function hero(seed: number, choices: Record<string, string> = {}): TableCharacter {
  const r = rollCharacter(seededRandom(seed), { method: 'semi', choices, name: 'Hero' });
  if (!r.ok) throw new Error(r.error.message);
  return { id: 'ch1', ownerId: 'p1', document: r.character as unknown as Record<string, unknown> };
}

const combatant = (over: Record<string, unknown>) => ({ name: 'x', side: 'foes', health: '', armour: '', conditions: [], isDown: false, stats: {}, isLeader: false, ...over });

describe('tracker attacks', () => {
  const ch = hero(3);
  const combat = {
    isActive: false, round: 0, order: ['c1', 'c2', 'c3'], turn: null, initiative: null, nextId: 4,
    combatants: [
      combatant({ id: 'c1', name: 'Hero', side: 'party', characterId: 'ch1', health: 'd6' }),
      combatant({ id: 'c2', name: 'Goblin', monster: 'hd=1,attack=+1,defense=11,damage=d6', health: 'd8' }),
      combatant({ id: 'c3', name: 'Shade' }),
    ],
  };

  it('gives the exact odds before the click, from the same builder as the server', () => {
    const p = previewAttack(combat, [ch], 'c1', 'c2');
    expect(p.ok).toBe(true);
    if (!p.ok) return;
    expect(p.hit).toBeGreaterThan(0);
    expect(p.hit).toBeLessThanOrEqual(1);
    expect(p.crit).toBeLessThanOrEqual(p.hit);
    expect(p.likeliest.length).toBeGreaterThan(0);
    expect(p.likeliest.reduce((s, o) => s + o.p, 0)).toBeLessThanOrEqual(1 + 1e-9);
    const back = previewAttack(combat, [ch], 'c2', 'c1');
    expect(back.ok).toBe(true);
    const none = previewAttack(combat, [ch], 'c1', 'c3');
    expect(none.ok).toBe(false);
    if (none.ok) throw new Error('expected a refusal');
    expect(none.message).toMatch(/monster line/);
    expect(previewAttack(null, [ch], 'c1', 'c2').ok).toBe(false);
    expect(weaponsOf(ch).length).toBeGreaterThan(0);
    expect(weaponsOf(undefined)).toEqual([]);
    expect(weaponsOf({ id: 'x', ownerId: '', document: { nonsense: true } })).toEqual([]);
    expect(percent(0.5)).toBe('50.0%');
    expect(percent(0.00001)).toBe('<0.1%');
  });

});

describe('magick on the sheet', () => {
  const mage = hero(7, { class: 'true-mage', classPrime: 'INT' });

  it('folds a caster\'s events per character and gives the odds of keeping a spell', () => {
    expect(isCasterDocument(mage.document)).toBe(true);
    expect(isCasterDocument({})).toBe(false);
    const none = magickView(mage.document, []);
    expect(none.ok && none.state.caster === null && none.canBeCaster).toBe(true);
    let s = emptyTable('t');
    const caster = { level: 1, grade: 'dedicated', spellStat: 'INT', spellStatScore: 13, sustainDivisor: 1, conScore: 12, hasManaBurn: true, canOvercast: true, profileId: 'true-mage-spellcasting' };
    const events = [
      { schemaVersion: 1, kind: 'caster-set', caster },
      { schemaVersion: 1, kind: 'spell-learned', spell: { id: 'sleep', name: 'Sleep', level: 1 } },
      { schemaVersion: 1, kind: 'spells-prepared', spellIds: ['sleep'] },
    ];
    s = applyEvent(s, { seq: 1, kind: 'magick-changed', at: 0, by: null, characterId: 'ch1', events } as TableEvent);
    s = applyEvent(s, { seq: 2, kind: 'magick-changed', at: 0, by: null, characterId: 'ch2', events: [events[0]] } as TableEvent);
    expect(magickEvents(s.rulesetEvents, 'ch1')).toHaveLength(3);
    expect(magickEvents(s.rulesetEvents, 'ch2')).toHaveLength(1);
    const view = magickView(mage.document, magickEvents(s.rulesetEvents, 'ch1'));
    if (!view.ok) throw new Error(view.message);
    expect(view.state.spellbook.map((x) => x.id)).toEqual(['sleep']);
    const odds = keepOdds(view.state, 'sleep', 'instant', 'forget', magickSettings({}));
    expect(odds.ok).toBe(true);
    if (!odds.ok) throw new Error(odds.message);
    expect(odds.kept).toBeCloseTo(2 / 3, 6);
    expect(keepOdds(view.state, 'nope', 'instant', 'forget', magickSettings({})).ok).toBe(false);
    expect(magickSettings({ 'concentration-penalty': 'steps', 'max-overcast-points': 3 })).toMatchObject({ concentrationPenalty: 'steps', maxOvercastPoints: 3 });
  });
});

describe('Venture events', () => {
  it('reads the Venture module\'s events of every venture-changed event, in order, and nothing else', () => {
    let s = emptyTable('t');
    s = applyEvent(s, { kind: 'venture-changed', seq: 1, at: 0, by: 's', events: [{ kind: 'light-lit' }] } as TableEvent);
    s = applyEvent(s, { kind: 'magick-changed', seq: 2, at: 0, by: 's', characterId: 'ch1', events: [{ kind: 'caster-set' }] } as TableEvent);
    s = applyEvent(s, { kind: 'venture-changed', seq: 3, at: 0, by: 's', events: [{ kind: 'light-doused' }, { kind: 'light-relit' }] } as TableEvent);
    s = applyEvent(s, { kind: 'venture-changed', seq: 4, at: 0, by: 's', events: 'junk' } as TableEvent);
    expect(ventureEvents(s.rulesetEvents)).toEqual([{ kind: 'light-lit' }, { kind: 'light-doused' }, { kind: 'light-relit' }]);
  });
});
