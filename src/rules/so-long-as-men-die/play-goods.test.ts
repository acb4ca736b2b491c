import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../dice/random.js';
import { assertOk, assertRefused } from '../../../test/narrow.js';
import type { ParamRecord } from '../rule-system.js';
import { MAX_CLASS_LABEL_LENGTH, MAX_HACKSILVER, MAX_ITEM_COUNT, MAX_LIST_ENTRIES, type InventoryEntry, type SlamdCharacter } from './character.js';
import { rollCharacter } from './create-character.js';
import { inventoryReport } from './inventory.js';
import { MAX_ITEM_LABEL_LENGTH, itemIdOf, parseSlots } from './play-goods.js';
import { rollChange } from './play.js';

const plain = (): SlamdCharacter => {
  const r = rollCharacter(seededRandom(8), { traits: 'pick', 'trait-1': 'princely', 'trait-2': 'telepath' });
  assertOk(r);
  return r.value;
};
const run = (c: SlamdCharacter, change: string, params: ParamRecord) => {
  const r = rollChange(seededRandom(1), c, { change, params });
  assertOk(r, `${change} ${JSON.stringify(params)}`);
  return r.value;
};
const refused = (c: SlamdCharacter, change: string, params: ParamRecord) => {
  const r = rollChange(seededRandom(1), c, { change, params });
  assertRefused(r);
  return r.error;
};
const rope: InventoryEntry = { kind: 'gear', itemId: 'rope', label: 'Rope', slots: { numerator: 1, denominator: 1 }, count: 1, carry: 'stowed', hands: [] };

describe('coins: hacksilver in and out (Armor; SL-30)', () => {
  it('gains and spends, never below 0 nor past the purse', () => {
    const c = run(plain(), 'coins', { amount: 30, reason: 'Loot' }).character;
    expect(c.hacksilver).toBe(30);
    expect(run(c, 'coins', { amount: -30 }).character.hacksilver).toBe(0);
    expect(refused(c, 'coins', { amount: -31 })).toMatchObject({ code: 'so-long-as-men-die/not-enough-hacksilver', path: '$.amount' });
    expect(refused(c, 'coins', { amount: 0 }).code).toBe('so-long-as-men-die/no-amount');
    expect(run(plain(), 'coins', { amount: MAX_HACKSILVER }).character.hacksilver).toBe(MAX_HACKSILVER);
    expect(refused(c, 'coins', { amount: MAX_HACKSILVER }).code).toBe('so-long-as-men-die/too-much-hacksilver');
  });
});

describe('item-add (Inventory; SL-31)', () => {
  it('a listed item brings its size; like items share an entry; gear is named and sized', () => {
    let c = run(plain(), 'item-add', { item: 'dagger', count: 2, carry: 'readied' }).character;
    c = run(c, 'item-add', { item: 'dagger', carry: 'readied' }).character;
    expect(c.inventory).toEqual([{ kind: 'weapon', itemId: 'dagger', label: 'Dagger', slots: { numerator: 1, denominator: 3 }, count: 3, carry: 'readied', hands: [] }]);
    c = run(c, 'item-add', { item: 'gear', label: 'Iron spikes', slots: '1/6', count: 6 }).character;
    expect(c.inventory[1]).toMatchObject({ kind: 'gear', itemId: 'iron-spikes', slots: { numerator: 1, denominator: 6 }, count: 6, carry: 'stowed' });
    expect(run(c, 'item-add', { item: 'plate', carry: 'readied' }).character.inventory[2]).toMatchObject({ kind: 'armour', itemId: 'plate', slots: { numerator: 5, denominator: 1 } });
  });
  it('readied armour sets the Defense Die; carrying past the slots encumbers and says so', () => {
    const c = run(plain(), 'item-add', { item: 'leather', carry: 'readied' }).character;
    const report = inventoryReport(c);
    assertOk(report);
    expect(report.value.defenseDie).toBe(6);
    const heavy = run(c, 'item-add', { item: 'gear', label: 'Anvil', slots: '20' });
    expect(heavy.explanation[1]).toMatch(/encumbered/);
  });
  it('refuses gear without a name, a size for a listed item, a bad size, a full entry, a full inventory', () => {
    expect(refused(plain(), 'item-add', { item: 'gear' })).toMatchObject({ code: 'so-long-as-men-die/gear-needs-label', path: '$.label' });
    expect(refused(plain(), 'item-add', { item: 'spear', slots: '2' })).toMatchObject({ code: 'so-long-as-men-die/slots-of-listed-item', path: '$.slots' });
    expect(refused(plain(), 'item-add', { item: 'gear', label: 'Fog', slots: '1/0' })).toMatchObject({ code: 'so-long-as-men-die/bad-slots', path: '$.slots' });
    const full = run(plain(), 'item-add', { item: 'gear', label: 'Rope', count: MAX_ITEM_COUNT }).character;
    expect(refused(full, 'item-add', { item: 'gear', label: 'Rope' })).toMatchObject({ code: 'so-long-as-men-die/too-many-items', path: '$.count' });
    const crowded = { ...plain(), inventory: Array.from({ length: MAX_LIST_ENTRIES - 1 }, (_, i) => ({ ...rope, itemId: `rope-${i}` })) };
    const last = run(crowded, 'item-add', { item: 'torch' }).character;
    expect(last.inventory).toHaveLength(MAX_LIST_ENTRIES);
    expect(refused(last, 'item-add', { item: 'whip' })).toMatchObject({ code: 'so-long-as-men-die/inventory-full', path: '$.item' });
  });
  it(`names up to ${MAX_ITEM_LABEL_LENGTH} characters; ids stay within ${MAX_CLASS_LABEL_LENGTH}`, () => {
    const label = 'Very long name of a thing '.repeat(3).slice(0, MAX_ITEM_LABEL_LENGTH);
    const c = run(plain(), 'item-add', { item: 'gear', label }).character;
    expect(c.inventory[0]!.itemId.length).toBeLessThanOrEqual(MAX_CLASS_LABEL_LENGTH);
    expect(refused(plain(), 'item-add', { item: 'gear', label: `${label}x` }).code).toBe('param/too-long');
    expect(itemIdOf('!!!')).toBe('gear');
  });
  it('parseSlots: 0, parts and whole slots', () => {
    expect(parseSlots('0')).toEqual({ ok: true, value: { numerator: 0, denominator: 1 } });
    expect(parseSlots(' 2/3 ')).toEqual({ ok: true, value: { numerator: 2, denominator: 3 } });
    expect(parseSlots('1/32').ok).toBe(true);
    expect(parseSlots('1/33').ok).toBe(false);
    expect(parseSlots('20').ok).toBe(true);
    expect(parseSlots('21').ok).toBe(false);
    expect(parseSlots('half').ok).toBe(false);
  });
});

describe('item-remove (Inventory; Fighting Things, Disarm)', () => {
  it('takes some or all; fewer items than holding hands are put down', () => {
    let c = run(plain(), 'item-add', { item: 'dagger', count: 2, carry: 'readied' }).character;
    c = run(c, 'item-move', { item: 1, hands: '0,1' }).character;
    const one = run(c, 'item-remove', { item: 1, count: 1, reason: 'Disarmed' });
    expect(one.character.inventory[0]).toMatchObject({ count: 1, hands: [] });
    expect(one.explanation).toContain('The Dagger left is no longer held');
    expect(run(c, 'item-remove', { item: 1 }).character.inventory).toEqual([]);
  });
  it('refuses an entry that is not there, or more than there are', () => {
    expect(refused(plain(), 'item-remove', { item: 1 })).toMatchObject({ code: 'so-long-as-men-die/no-such-item', path: '$.item' });
    const c = { ...plain(), inventory: [rope] };
    expect(refused(c, 'item-remove', { item: 1, count: 2 })).toMatchObject({ code: 'so-long-as-men-die/not-enough-items', path: '$.count' });
  });
});

describe('item-move: stow, ready, hold (Hands and Holding; SL-18, SL-31)', () => {
  it('readies, takes in hand, splits a stack, puts down', () => {
    let c = run(plain(), 'item-add', { item: 'javelin', count: 3 }).character;
    c = run(c, 'item-move', { item: 1, carry: 'readied', count: 1, hands: '0' }).character;
    expect(c.inventory.map((e) => [e.count, e.carry, e.hands])).toEqual([[2, 'stowed', []], [1, 'readied', [0]]]);
    c = run(c, 'item-move', { item: 2, hands: 'none' }).character;
    expect(c.inventory[1]!.hands).toEqual([]);
  });
  it('a two-slot weapon needs both hands; a hand that does not exist; nothing to move', () => {
    const c = run(plain(), 'item-add', { item: 'longsword', carry: 'readied' }).character;
    expect(refused(c, 'item-move', { item: 1, hands: '0' })).toMatchObject({ code: 'so-long-as-men-die/needs-more-hands', path: '$.hands' });
    expect(run(c, 'item-move', { item: 1, hands: '0,1' }).character.inventory[0]!.hands).toEqual([0, 1]);
    expect(refused(c, 'item-move', { item: 1, hands: '2' })).toMatchObject({ code: 'so-long-as-men-die/no-such-hand', path: '$.hands' });
    expect(refused(c, 'item-move', { item: 1, hands: 'left' })).toMatchObject({ code: 'so-long-as-men-die/bad-hands', path: '$.hands' });
    expect(refused(c, 'item-move', { item: 1, carry: 'readied' })).toMatchObject({ code: 'so-long-as-men-die/nothing-to-move', path: '$.item' });
    expect(refused(c, 'item-move', { item: 1, count: 2, carry: 'stowed' }).path).toBe('$.count');
  });
});
