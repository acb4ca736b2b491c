import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../../src/dice/random.js';
import { rollCharacter } from '../../../../src/rules/so-long-as-men-die/create-character.js';
import { partSlot } from '../../../../src/rules/so-long-as-men-die/data/slots.js';
import { trackerAttack, trackerAttackOdds } from '../../../../src/rules/so-long-as-men-die/table/tracker-attack.js';
import type { CombatState } from '../../../../src/table/combat.js';
import type { TableCharacter } from '../../lib/protocol.js';
import { heldWeapons, previewSlamdAttack } from './attack-preview.js';

const made = rollCharacter(seededRandom(7), {});
if (!made.ok) throw new Error(made.error.message);
const doc = { ...made.value, name: 'Hild', inventory: [{ kind: 'weapon', itemId: 'dagger', label: 'Dagger', slots: partSlot(3), count: 1, carry: 'readied', hands: [0] }] };
const characters = [{ id: 'ch1', ownerId: 'A', document: doc }] as unknown as TableCharacter[];
const base = { conditions: [], isDown: false, stats: {}, isLeader: false };
const combat = (foe: Record<string, unknown> = {}): CombatState => ({
  isActive: true, round: 1, order: ['c1', 'c2'], turn: 0, initiative: null, nextId: 3,
  combatants: [
    { ...base, id: 'c1', name: 'Hild', side: 'party', characterId: 'ch1', health: '', armour: '' },
    { ...base, id: 'c2', name: 'Bandit', side: 'foes', health: '3/10', armour: 'd6', monster: 'damage=1d8,mod=+1,toughness=1,con=10', ...foe },
  ],
});

describe('the So Long as Men Die attack odds on the page', () => {
  it('are the engine’s own: past Defense, down and killed from trackerAttackOdds', () => {
    const preview = previewSlamdAttack(combat(), characters, 'c2', 'c1');
    const built = trackerAttack(combat(), characters as never, 'c2', 'c1');
    if (!preview.ok || !built.ok) throw new Error('no odds');
    const o = trackerAttackOdds(built.value).outcomes;
    const p = (id: string) => o.find((x) => x.outcome === id)!.p;
    expect(preview.pastDefense).toBeCloseTo(1 - p('no-damage'), 12);
    expect(preview.dead).toBeCloseTo(p('dead'), 12);
    expect(preview.down).toBeCloseTo(p('knocked-out') + p('unconscious') + p('unconscious-and-mutilated') + p('dead'), 12);
    expect(preview.description).toMatch(/^1d8 \+1: 1d8 \+ 1 against Defense d0/);
  });
  it('the table’s chained explosions change them; a hidden foe’s are the Smith’s', () => {
    const once = previewSlamdAttack(combat(), characters, 'c2', 'c1');
    const chained = previewSlamdAttack(combat(), characters, 'c2', 'c1', {}, { explosions: 'chained' });
    expect(once.ok && chained.ok && once.dead !== chained.dead).toBe(true);
    const hidden = previewSlamdAttack(combat({ isHidden: true }), characters, 'c1', 'c2');
    expect(hidden).toMatchObject({ ok: false, isHidden: true });
  });
  it('offers the weapons in hand, then bare hands', () => {
    expect(heldWeapons(characters[0]).map((w) => w.id)).toEqual(['dagger', 'bare-hand']);
  });
});
