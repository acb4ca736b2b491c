import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../dice/random.js';
import type { InventoryEntry, SlamdCharacter } from './character.js';
import { rollCharacter } from './create-character.js';
import { partSlot, slots, slotsUsedBy } from './data/slots.js';
import { MAX_PARTIALS_PER_HAND, handCapacity, handsOf, inventoryReport, slotCapacity, slotsUsed } from './inventory.js';

const hero = (traits: [string, string] = ['talks-to-animals', 'princely']): SlamdCharacter => {
  const r = rollCharacter(seededRandom(5), { traits: 'pick', 'trait-1': traits[0], 'trait-2': traits[1] });
  if (!r.ok) throw new Error(r.error.message);
  return { ...r.value, stats: { ...r.value.stats, str: { score: 10, mod: 0 }, dex: { score: 9, mod: -1 } } };
};
const item = (kind: InventoryEntry['kind'], itemId: string, size: InventoryEntry['slots'], extra: Partial<InventoryEntry> = {}): InventoryEntry => ({
  kind, itemId, label: itemId, slots: size, count: 1, carry: 'readied', hands: [], ...extra,
});
const withItems = (c: SlamdCharacter, inventory: InventoryEntry[]): SlamdCharacter => ({ ...c, inventory });

describe('slots (Stats; Inventory; SL-17, SL-18)', () => {
  it('Stowed = STR Score, Readied = half DEX rounded down; Brick Shithouse +6, Crop +2', () => {
    expect(slotCapacity(10, 9, [])).toEqual({ stowed: 10, readied: 4 });
    expect(slotCapacity(10, 9, ['brick-shithouse', 'crop'])).toEqual({ stowed: 16, readied: 6 });
  });

  it('three daggers share one slot; a fourth starts another', () => {
    expect(slotsUsedBy(partSlot(3), 3)).toBe(1);
    expect(slotsUsedBy(partSlot(3), 4)).toBe(2);
    expect(slotsUsed([item('weapon', 'dagger', partSlot(3), { count: 2 }), item('weapon', 'dagger', partSlot(3))])).toEqual({ stowed: 0, readied: 1 });
    expect(slotsUsed([item('weapon', 'dagger', partSlot(3)), item('weapon', 'hand-crossbow', partSlot(2))])).toEqual({ stowed: 0, readied: 2 });
  });

  it('over a limit is encumbered', () => {
    const c = hero();
    const at = inventoryReport(withItems(c, [item('gear', 'rope', slots(4))]));
    expect(at.ok && at.value.isEncumbered).toBe(false);
    const over = inventoryReport(withItems(c, [item('gear', 'rope', slots(5))]));
    expect(over.ok && over.value.isEncumbered).toBe(true);
  });
});

describe('hands and holding (Hands and Holding; Traits)', () => {
  it('two hands; One Handed one; Third Arm three; Dog one (the mouth); Ogre holds 2, Hobbit 1/2', () => {
    expect(handsOf([])).toBe(2);
    expect(handsOf(['one-handed'])).toBe(1);
    expect(handsOf(['third-arm'])).toBe(3);
    expect(handsOf(['dog'])).toBe(1);
    expect(handCapacity(['ogre'])).toEqual(slots(2));
    expect(handCapacity(['hobbit'])).toEqual(partSlot(2));
  });

  it('a two-slot weapon takes both hands; more than two slots cannot be held', () => {
    const c = hero();
    expect(inventoryReport(withItems(c, [item('weapon', 'longsword', slots(2), { hands: [0, 1] })])).ok).toBe(true);
    expect(inventoryReport(withItems(c, [item('weapon', 'longsword', slots(2), { hands: [0] })]))).toMatchObject({ ok: false, error: { code: 'so-long-as-men-die/needs-more-hands', path: '$.inventory[0].hands' } });
    expect(inventoryReport(withItems(c, [item('weapon', 'heavy-crossbow', slots(3), { hands: [0, 1] })]))).toMatchObject({ ok: false, error: { code: 'so-long-as-men-die/too-big-to-hold' } });
    const ogre = hero(['ogre', 'princely']);
    expect(inventoryReport(withItems(ogre, [item('weapon', 'longsword', slots(2), { hands: [0] })])).ok).toBe(true);
  });

  it(`two different partial items in a hand, not ${MAX_PARTIALS_PER_HAND + 1}; Free Hand beside a whole item`, () => {
    const c = hero();
    const dagger = item('weapon', 'dagger', partSlot(3), { hands: [0] });
    const buckler = item('shield', 'buckler', partSlot(2), { hands: [0] });
    const sling = item('weapon', 'sling', partSlot(2), { hands: [0] });
    expect(inventoryReport(withItems(c, [dagger, buckler])).ok).toBe(true);
    expect(inventoryReport(withItems(c, [dagger, buckler, sling]))).toMatchObject({ ok: false, error: { code: 'so-long-as-men-die/too-many-partials' } });
    const sword = item('weapon', 'falchion', slots(1), { hands: [0] });
    expect(inventoryReport(withItems(c, [dagger, sword]))).toMatchObject({ ok: false, error: { code: 'so-long-as-men-die/hand-overloaded' } });
    expect(inventoryReport(withItems(c, [item('weapon', 'claws', partSlot(2), { hands: [0] }), sword])).ok).toBe(true);
  });

  it('a hand that does not exist is a problem with its path', () => {
    const c = hero(['one-handed', 'princely']);
    expect(inventoryReport(withItems(c, [item('weapon', 'dagger', partSlot(3), { hands: [1] })]))).toMatchObject({ ok: false, error: { code: 'so-long-as-men-die/no-such-hand', path: '$.inventory[0].hands[0]' } });
  });
});

describe('Defense from the inventory (Armor; SL-7, SL-8)', () => {
  it('readied armour slots step the Defense Die; a held, readied shield adds its bonus', () => {
    const c = hero();
    const r = inventoryReport(withItems(c, [item('armour', 'chain', slots(3)), item('shield', 'shield', slots(1), { hands: [0] })]));
    expect(r.ok && [r.value.defenseDie, r.value.shieldBonus]).toEqual([8, 2]);
    const stowed = inventoryReport(withItems(c, [item('armour', 'chain', slots(3), { carry: 'stowed' }), item('shield', 'shield', slots(1))]));
    expect(stowed.ok && [stowed.value.defenseDie, stowed.value.shieldBonus]).toEqual([0, 0]);
    const layered = inventoryReport(withItems(c, [item('armour', 'plate', slots(5)), item('armour', 'gambeson', slots(1))]));
    expect(layered.ok && layered.value.defenseDie).toBe(12);
  });

  it('Robot skin counts as plate, Lizard skin as leather; worn armour counts when better', () => {
    const robot = inventoryReport(hero(['robot', 'princely']));
    expect(robot.ok && robot.value.defenseDie).toBe(12);
    const lizard = inventoryReport(withItems(hero(['lizard', 'princely']), [item('armour', 'chain', slots(3))]));
    expect(lizard.ok && lizard.value.defenseDie).toBe(8);
  });
});
