// Coins, items, armour, notches, arrows and the sheet's free fields as changes (Dead Weight; Armor;
// Critical Hits and Notches; Missiles; Handy if Not Handsome; Sorcerers; rulings BB-21, BB-25,
// BB-30 .. BB-32, BB-35).
import { describe, expect, it } from 'vitest';
import { MAX_CHARACTER_CONDITIONS, MAX_NOTES_LENGTH } from '../character-play.js';
import { apply, refused, sheet } from '../../../test/bare-bones-play.js';
import { MAX_ARROWS, MAX_COINS, MAX_INVENTORY_ITEMS, MAX_SPELLS, armourClassOf, type InventoryEntry } from './character.js';
import { MAX_NOTCHES } from './damage.js';
import { encumbranceOf } from './encumbrance.js';
import { MAX_CONDITIONS_TEXT_LENGTH } from './play-edit.js';
import { MAX_ITEMS_PER_ADD } from './play-gear.js';

const item = (id: string, patch: Partial<InventoryEntry> = {}): InventoryEntry => ({ id, label: id[0]!.toUpperCase() + id.slice(1), slots: 1, usageDie: null, notches: 0, ...patch });

// A human fighter with CON 9 and STR 11 carries 9 slots unencumbered, 20 encumbered.
const human = sheet({ race: 'human', class: 'fighter' }, { stats: { str: { score: 11 }, dex: { score: 10 }, con: { score: 9 }, int: { score: 10 }, wis: { score: 10 }, cha: { score: 10 } } });

describe('coins (Dead Weight: 100 to a slot)', () => {
  it('gained and spent; the load follows', () => {
    const rich = apply(human, 'coins', { amount: 1000, cause: 'Dragon hoard' });
    expect([rich.character.coins, rich.summary]).toEqual([1000, 'Dragon hoard: +1000 coins (0 -> 1000)']);
    expect(rich.explanation.at(-1)).toBe('load 0 -> 10 slots (unencumbered up to 9, encumbered up to 20): unencumbered -> encumbered; disadvantage on dex-checks, dex-saves (Dead Weight)');
    expect(encumbranceOf(rich.character).level).toBe('encumbered');
    expect(apply(rich.character, 'coins', { amount: -1000 }).character.coins).toBe(0);
  });

  it('refusals: nothing, more than the purse, past MAX_COINS (at the limit accepted)', () => {
    refused(human, 'coins', { amount: 0 }, 'bare-bones/no-coins', '$.amount');
    refused(human, 'coins', { amount: -1 }, 'bare-bones/not-enough-coins', '$.amount');
    expect(apply(human, 'coins', { amount: MAX_COINS }).character.coins).toBe(MAX_COINS);
    refused({ ...human, coins: 1 }, 'coins', { amount: MAX_COINS }, 'bare-bones/coins-limit', '$.amount');
    refused(human, 'coins', { amount: MAX_COINS + 1 }, 'param/out-of-range', '$.amount');
  });
});

describe('items (Dead Weight; Usage Dice)', () => {
  it('added with an id from the name, one slot unless told, a usage die, several at once; removed by id or name', () => {
    const r = apply(human, 'item-add', { label: 'Rope, 50ft' });
    expect(r.character.inventory).toEqual([{ id: 'rope-50ft', label: 'Rope, 50ft', slots: 1, usageDie: null, notches: 0 }]);
    const torches = apply(r.character, 'item-add', { label: 'Torch', 'usage-die': 10, count: 3 }).character;
    expect(torches.inventory.filter((e) => e.id === 'torch').map((e) => e.usageDie)).toEqual([10, 10, 10]);
    const pike = apply(torches, 'item-add', { label: 'Pike', id: 'long-pike', slots: 2 });
    expect(pike.character.inventory.at(-1)).toMatchObject({ id: 'long-pike', slots: 2 });
    expect(pike.explanation.at(-1)).toMatch(/^load 4 -> 6 slots/);
    const fewer = apply(pike.character, 'item-remove', { item: 'TORCH', count: 2 });
    expect([fewer.character.inventory.map((e) => e.id), fewer.summary]).toEqual([['rope-50ft', 'torch', 'long-pike'], 'Removed 2 x Torch']);
    expect(apply(fewer.character, 'item-remove', { item: 'Pike' }).character.inventory.map((e) => e.id)).toEqual(['rope-50ft', 'torch']);
  });

  it('refusals and limits: MAX_ITEMS_PER_ADD at once, MAX_INVENTORY_ITEMS on the sheet, ids, missing items', () => {
    expect(apply(human, 'item-add', { label: 'Spike', count: MAX_ITEMS_PER_ADD }).character.inventory).toHaveLength(MAX_ITEMS_PER_ADD);
    refused(human, 'item-add', { label: 'Spike', count: MAX_ITEMS_PER_ADD + 1 }, 'param/out-of-range', '$.count');
    const full = { ...human, inventory: Array.from({ length: MAX_INVENTORY_ITEMS - 1 }, () => item('stone', { slots: 0 })) };
    expect(apply(full, 'item-add', { label: 'Stone', slots: 0 }).character.inventory).toHaveLength(MAX_INVENTORY_ITEMS);
    refused(full, 'item-add', { label: 'Stone', count: 2 }, 'bare-bones/too-many', '$.count');
    refused(human, 'item-add', { label: '   ' }, 'bare-bones/empty-text', '$.label');
    refused(human, 'item-add', { label: '***' }, 'bare-bones/bad-id', '$.label');
    refused(human, 'item-add', { label: 'Torch', id: 'Big Torch' }, 'bare-bones/bad-id', '$.id');
    refused(human, 'item-add', { label: 'Torch', 'usage-die': 7 }, 'param/not-a-die', '$.usage-die');
    refused(human, 'item-remove', { item: 'torch' }, 'bare-bones/no-such-item', '$.item');
    refused({ ...human, inventory: [item('torch')] }, 'item-remove', { item: 'torch', count: 2 }, 'bare-bones/not-enough-items', '$.count');
  });
});

describe('armour (Armor; Dead Weight; ruling BB-32)', () => {
  it('put on and off: AC and slots; other armour comes unnotched; a shield put down keeps the notches above AC 8', () => {
    const plate = apply(human, 'armour', { armour: 'heavy', shield: true });
    expect([armourClassOf(plate.character), plate.summary]).toEqual([15, 'Heavy armour and a shield: AC 8 -> 15']);
    expect(plate.explanation.at(-1)).toMatch(/^load 0 -> 7 slots/);
    const notched = { ...plate.character, armourNotches: 6 }; // AC 9
    expect(apply(notched, 'armour', { armour: 'light' }).character.armourNotches).toBe(0);
    const noShield = apply(notched, 'armour', { shield: false });
    expect([noShield.character.armourNotches, armourClassOf(noShield.character)]).toEqual([5, 8]);
    refused(plate.character, 'armour', { armour: 'heavy' }, 'bare-bones/nothing-to-change', '$.armour');
    refused(human, 'armour', {}, 'bare-bones/nothing-to-change', '$.armour');
  });
});

describe('notches and repair (Critical Hits and Notches; Hammers; Handy if Not Handsome; rulings BB-21, BB-30)', () => {
  const chain = sheet({ race: 'halfling', class: 'fighter' }, { armour: 'medium', inventory: [item('sword')] });

  it('a natural 20 defending notches the armour, AC -1, never below 8 (a halfling\'s +3 after); repair mends it', () => {
    expect(armourClassOf(chain)).toBe(14);
    const once = apply(chain, 'notch', {});
    expect([once.character.armourNotches, armourClassOf(once.character)]).toEqual([1, 13]);
    const floor = { ...chain, armourNotches: 3 };
    const more = apply(floor, 'notch', { part: 'armour' });
    expect([more.character.armourNotches, armourClassOf(more.character)]).toEqual([3, 11]);
    expect(more.summary).toBe('Armour notch (a natural 20): AC stays 11, the floor');
    expect(apply(floor, 'repair', {}).character.armourNotches).toBe(0);
  });

  it('a hammer\'s top damage notches heavy armour only', () => {
    expect(apply({ ...chain, armour: 'heavy' }, 'notch', { cause: 'hammer' }).character.armourNotches).toBe(1);
    refused(chain, 'notch', { cause: 'hammer' }, 'bare-bones/hammer-heavy-only', '$.cause');
    refused(chain, 'notch', { part: 'item', item: 'sword', cause: 'hammer' }, 'bare-bones/hammer-heavy-only', '$.cause');
  });

  it('a melee natural 20 notches the weapon, up to MAX_NOTCHES; repair clears one item\'s notches', () => {
    const r = apply(chain, 'notch', { part: 'item', item: 'Sword' });
    expect(r.character.inventory[0]!.notches).toBe(1);
    const worn = { ...chain, inventory: [item('sword', { notches: MAX_NOTCHES - 1 })] };
    expect(apply(worn, 'notch', { part: 'item', item: 'sword' }).character.inventory[0]!.notches).toBe(MAX_NOTCHES);
    refused({ ...chain, inventory: [item('sword', { notches: MAX_NOTCHES })] }, 'notch', { part: 'item', item: 'sword' }, 'bare-bones/notches-limit', '$.item');
    expect(apply(worn, 'repair', { part: 'item', item: 'sword' }).character.inventory[0]!.notches).toBe(0);
    refused(chain, 'notch', { part: 'item' }, 'bare-bones/item-needed', '$.item');
    refused(chain, 'repair', { part: 'item', item: 'axe' }, 'bare-bones/no-such-item', '$.item');
    refused(chain, 'notch', { item: 'sword' }, 'bare-bones/item-for-armour', '$.item');
  });
});

describe('arrows (Missiles; ruling BB-31)', () => {
  const archer = sheet({ race: 'elf', class: 'fighter' }, { arrows: 24 });

  it('hits are lost, misses lie about until recovered after the fight, or are left behind', () => {
    const shot = apply(archer, 'arrows-shot', { hits: 3, misses: 5 });
    expect([shot.character.arrows, shot.character.arrowsToRecover]).toEqual([16, 5]);
    const back = apply(shot.character, 'arrows-recovered', {});
    expect([back.character.arrows, back.character.arrowsToRecover]).toEqual([21, 0]);
    const left = apply(shot.character, 'arrows-recovered', { abandon: true });
    expect([left.character.arrows, left.character.arrowsToRecover]).toEqual([16, 0]);
    expect(apply(archer, 'arrows-recovered', {}).explanation[0]).toBe('no arrows lie about');
  });

  it('refusals and limits: nothing shot, more than the quiver, MAX_ARROWS', () => {
    refused(archer, 'arrows-shot', {}, 'bare-bones/no-arrows-shot', '$.hits');
    refused(archer, 'arrows-shot', { hits: 20, misses: 5 }, 'bare-bones/no-arrows', '$.hits');
    expect(apply(archer, 'arrows-shot', { hits: 24 }).character.arrows).toBe(0);
    const many = { ...archer, arrows: 10, arrowsToRecover: MAX_ARROWS - 1 };
    expect(apply(many, 'arrows-shot', { misses: 1 }).character.arrowsToRecover).toBe(MAX_ARROWS);
    refused(many, 'arrows-shot', { misses: 2 }, 'bare-bones/arrows-limit', '$.misses');
    const capped = apply({ ...archer, arrows: MAX_ARROWS - 2, arrowsToRecover: 5 }, 'arrows-recovered', {});
    expect(capped.character.arrows).toBe(MAX_ARROWS);
    refused(archer, 'arrows-shot', { hits: MAX_ARROWS + 1 }, 'param/out-of-range', '$.hits');
  });
});

describe('edit: the free fields (ruling BB-35)', () => {
  it('name, notes, conditions (comma-separated), coins and arrows; fields left out stay', () => {
    const r = apply(human, 'edit', { name: ' Wat the Bold ', notes: 'Owes the guild 10', conditions: 'poisoned,  prone ,', coins: 12, arrows: 6 });
    expect([r.character.name, r.character.notes, r.character.conditions, r.character.coins, r.character.arrows]).toEqual(['Wat the Bold', 'Owes the guild 10', ['poisoned', 'prone'], 12, 6]);
    expect(r.summary).toBe(`Edit: name ${human.name} -> Wat the Bold, notes, conditions: poisoned, prone, coins 0 -> 12, arrows 0 -> 6`);
    const cleared = apply(r.character, 'edit', { conditions: '' });
    expect([cleared.character.conditions, cleared.character.notes]).toEqual([[], 'Owes the guild 10']);
    expect(apply(human, 'edit', {}).summary).toBe('Edit: no change');
  });

  it('limits: notes up to MAX_NOTES_LENGTH, MAX_CHARACTER_CONDITIONS conditions, the conditions text; no blank name, no condition twice', () => {
    expect(apply(human, 'edit', { notes: 'n'.repeat(MAX_NOTES_LENGTH) }).character.notes).toHaveLength(MAX_NOTES_LENGTH);
    refused(human, 'edit', { notes: 'n'.repeat(MAX_NOTES_LENGTH + 1) }, 'param/too-long', '$.notes');
    const conditions = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`).join(', ');
    expect(apply(human, 'edit', { conditions: conditions(MAX_CHARACTER_CONDITIONS) }).character.conditions).toHaveLength(MAX_CHARACTER_CONDITIONS);
    refused(human, 'edit', { conditions: conditions(MAX_CHARACTER_CONDITIONS + 1) }, 'json/invalid', '$.conditions');
    refused(human, 'edit', { conditions: 'prone, Prone' }, 'json/invalid', '$.conditions');
    refused(human, 'edit', { conditions: 'x'.repeat(MAX_CONDITIONS_TEXT_LENGTH + 1) }, 'param/too-long', '$.conditions');
    refused(human, 'edit', { name: '  ' }, 'bare-bones/empty-name', '$.name');
  });

  it('a sorcerer\'s spells and schools: spells written in count against those still to roll; schools as the tradition allows', () => {
    const school = sheet({ class: 'sorcerer', tradition: 'school' });
    const r = apply(school, 'edit', { spells: 'Dead Hand, Night Door', school: 'Necromancy', 'forbidden-school': 'Illusion' });
    expect(r.character.sorcerer).toEqual({ tradition: 'school', school: 'Necromancy', forbiddenSchool: 'Illusion', spells: ['Dead Hand', 'Night Door'], spellsToRoll: 1 });
    expect(apply(r.character, 'edit', { spells: 'Dead Hand, Night Door, Sleep, Fly' }).character.sorcerer?.spellsToRoll).toBe(0);
    expect(apply(r.character, 'edit', { school: '' }).character.sorcerer?.school).toBeNull();
    refused(r.character, 'edit', { 'forbidden-school': 'Necromancy' }, 'bare-bones/school-forbidden', '$.forbidden-school');
    const generalist = sheet({ class: 'sorcerer', tradition: 'generalist' });
    refused(generalist, 'edit', { school: 'Necromancy' }, 'bare-bones/generalist-school', '$.school');
    refused(human, 'edit', { spells: 'Sleep' }, 'bare-bones/not-a-sorcerer', '$.spells');
    refused(human, 'edit', { 'forbidden-school': 'x' }, 'bare-bones/not-a-sorcerer', '$.forbidden-school');
    const spells = (n: number) => Array.from({ length: n }, (_, i) => `Spell ${i}`).join(', ');
    expect(apply(generalist, 'edit', { spells: spells(MAX_SPELLS) }).character.sorcerer?.spells).toHaveLength(MAX_SPELLS);
    refused(generalist, 'edit', { spells: spells(MAX_SPELLS + 1) }, 'bare-bones/too-many', '$.spells');
    refused(generalist, 'edit', { spells: 's'.repeat(61) }, 'bare-bones/too-long', '$.spells');
  });
});
