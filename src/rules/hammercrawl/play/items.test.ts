import { describe, expect, it } from 'vitest';
import { MAX_CHARACTER_CONDITIONS, MAX_NOTES_LENGTH } from '../../character-play.js';
import { MAX_DOCUMENT_NUMBER, type Character } from '../character.js';
import { MAX_ITEM_QUANTITY } from '../inventory.js';
import { hammercrawlPlay } from './index.js';
import { applied, characterOf, refused, tamsin } from '../../../../test/hammercrawl-play.js';

/** Tamsin with a long sword in hand for her great sword, which takes both hands (EQ-16): one hand left free. */
function oneHanded(): Character {
  const c = tamsin();
  return { ...c, inventory: c.inventory.map((i) => (i.id === 'sword-great' && i.carried === 'held' ? { ...i, id: 'sword-long', size: 'medium' as const } : i)) };
}

describe('coins (PL-11)', () => {
  it('gains and spends, never below 0 nor past the document limit', () => {
    const c = tamsin();
    expect(applied(c, 'coins', { amount: 25, reason: 'treasure' }).summary).toBe(`treasure: +25 coins, ${c.coins} -> ${c.coins + 25}`);
    expect(applied(c, 'coins', { amount: -c.coins }).character.coins).toBe(0);
    expect(refused(c, 'coins', { amount: -c.coins - 1 })).toMatchObject({ code: 'coins/not-enough', path: '$.amount' });
    expect(refused(c, 'coins', { amount: 0 })).toMatchObject({ code: 'coins/zero', path: '$.amount' });
    expect(refused(c, 'coins', { amount: MAX_DOCUMENT_NUMBER })).toMatchObject({ code: 'coins/too-many', path: '$.amount' });
  });
});

describe('item-add (PL-10, PL-11)', () => {
  it('a table item takes its size; a cost is paid in coins', () => {
    const c = tamsin();
    const r = applied(c, 'item-add', { item: 'coin', quantity: 30, cost: 5 });
    expect(r.character.coins).toBe(c.coins - 5);
    expect(r.character.inventory.at(-1)).toEqual({ id: 'coin', size: 'tiny', quantity: 30, carried: 'packed' });
    expect(refused(c, 'item-add', { item: 'coin', size: 'small' })).toMatchObject({ code: 'inventory/size-mismatch', path: '$.size' });
    expect(refused(c, 'item-add', { item: 'torch', cost: c.coins + 1 })).toMatchObject({ code: 'coins/not-enough', path: '$.cost' });
  });

  it('a free-text item needs a size and a kebab-case id; a resource die may be kept on it', () => {
    expect(refused(tamsin(), 'item-add', { item: 'goblin-crown' })).toMatchObject({ code: 'inventory/size-unknown', path: '$.size' });
    expect(refused(tamsin(), 'item-add', { item: 'Goblin Crown', size: 'small' })).toMatchObject({ code: 'item/bad-id', path: '$.item' });
    const r = applied(tamsin(), 'item-add', { item: 'goblin-crown', label: "Goblin king's crown", size: 'small', 'resource-die': 8, carried: 'packed', in: 'satchel' });
    expect(r.character.inventory.at(-1)).toEqual({ id: 'goblin-crown', label: "Goblin king's crown", size: 'small', quantity: 1, carried: 'packed', in: 'satchel', resourceDie: 8 });
  });

  it('armour put on sets the Armour Die and its base; worn down, at the die given (PL-3)', () => {
    const r = applied(tamsin(), 'item-add', { item: 'chain', carried: 'worn' });
    expect(r.character).toMatchObject({ armourDie: 'd8', baseArmourDie: 'd8' });
    expect(applied(tamsin(), 'item-add', { item: 'chain', carried: 'worn', 'armour-die': 5 }).character).toMatchObject({ armourDie: 'd5', baseArmourDie: 'd8' });
    expect(refused(tamsin(), 'item-add', { item: 'chain', carried: 'worn', 'armour-die': 10 })).toMatchObject({ code: 'item/armour-die-above-base', path: '$.armour-die' });
    expect(refused(tamsin(), 'item-add', { item: 'torch', 'armour-die': 4 })).toMatchObject({ code: 'item/armour-die-unused', path: '$.armour-die' });
  });

  it('Armour of Righteousness moves the worn armour two steps; without armour it is a d3 (PL-3)', () => {
    const devout: Character = { ...characterOf('devout', 4), classPicks: [{ kind: 'devout-power', id: 'armour-of-righteousness', version: 'basic' }], armourDie: 'd3', baseArmourDie: 'd3' };
    const worn = applied(devout, 'item-add', { item: 'leather-boiled', carried: 'worn' });
    expect(worn.character).toMatchObject({ armourDie: 'd8', baseArmourDie: 'd8' });
    const off = applied(worn.character, 'item-move', { item: 'leather-boiled', to: 'packed' });
    expect(off.character).toMatchObject({ armourDie: 'd3', baseArmourDie: 'd3' });
  });

  it('refuses what breaks the inventory rules: too many hands, not wearable, a bag that does not exist', () => {
    const c = oneHanded(); // a long sword held in one hand
    const two = applied(c, 'item-add', { item: 'torch', carried: 'held' }).character;
    // A second torch joins the stack in the same hand (INV-11); a shield needs a third hand.
    expect(applied(two, 'item-add', { item: 'torch', carried: 'held' }).character.inventory.find((i) => i.id === 'torch' && i.carried === 'held')!.quantity).toBe(2);
    expect(refused(two, 'item-add', { item: 'shield-tower', carried: 'held' })).toMatchObject({ code: 'inventory/hands-full', path: '$.carried' });
    expect(refused(c, 'item-add', { item: 'torch', carried: 'worn' })).toMatchObject({ code: 'inventory/not-wearable', path: '$.carried' });
    expect(refused(c, 'item-add', { item: 'torch', in: 'backpack' })).toMatchObject({ path: '$.in' });
    expect(refused(c, 'item-add', { item: 'torch', carried: 'held', in: 'satchel' })).toMatchObject({ code: 'item/in-not-packed', path: '$.in' });
    expect(refused(c, 'item-add', { item: 'coin', quantity: MAX_ITEM_QUANTITY + 1 })).toMatchObject({ path: '$.quantity' });
    expect(refused(c, 'item-add', { item: 'coin', quantity: MAX_ITEM_QUANTITY })).toMatchObject({ code: 'inventory/over-capacity' });
  });

  it('a Defensive item taken in hand raises passive Defense (CR-19)', () => {
    const c = applied(tamsin(), 'item-move', { item: 'sword-great', to: 'packed' }).character;
    const r = applied(c, 'item-add', { item: 'shield-tower', carried: 'held' });
    expect(r.character.defense).toBe(c.defense + 2);
    expect(applied(r.character, 'item-remove', { item: 'shield-tower' }).character.defense).toBe(c.defense);
  });
});

describe('item-remove and item-move (PL-10, PL-12)', () => {
  it('removes part of a line, sells it; a bag that holds items cannot go', () => {
    const c = tamsin();
    const rations = c.inventory.find((i) => i.id === 'ration')!.quantity;
    const r = applied(c, 'item-remove', { item: 'ration', quantity: 1, reason: 'eaten', 'sold-for': 0 });
    expect(r.character.inventory.find((i) => i.id === 'ration')!.quantity).toBe(rations - 1);
    expect(r.summary).toBe('Fresh ration removed (eaten)');
    expect(applied(c, 'item-remove', { item: 'mace', 'sold-for': 4 }).character.coins).toBe(c.coins + 4);
    expect(refused(c, 'item-remove', { item: 'satchel' }).code).toBe('inventory/bag-not-empty');
    expect(refused(c, 'item-remove', { item: 'ration', quantity: rations + 1 })).toMatchObject({ code: 'inventory/not-enough', path: '$.quantity' });
    expect(refused(c, 'item-remove', { item: 'lantern' })).toMatchObject({ code: 'item/not-found', path: '$.item' });
    expect(refused(c, 'item-remove', { item: 'ration', line: 0 })).toMatchObject({ code: 'item/no-such-line', path: '$.line' });
  });

  it('moves between hands, worn and bags, and names the line when several hold the item', () => {
    const c = oneHanded();
    const r = applied(c, 'item-move', { item: 'torch', to: 'held' });
    expect(r.summary).toBe('Torch: packed in Satchel -> held');
    const two = applied(c, 'item-add', { item: 'torch', carried: 'packed' }).character;
    expect(refused(two, 'item-remove', { item: 'torch' })).toMatchObject({ code: 'item/ambiguous', path: '$.line' });
    const at = two.inventory.findIndex((i) => i.id === 'torch' && i.in === undefined);
    expect(applied(two, 'item-remove', { item: 'torch', line: at }).character.inventory.filter((i) => i.id === 'torch')).toHaveLength(1);
    // A move ignores the line already where it goes.
    expect(applied(two, 'item-move', { item: 'torch', to: 'packed', in: 'satchel' }).character.inventory.filter((i) => i.id === 'torch')).toEqual([
      { id: 'torch', size: 'small', quantity: 2, carried: 'packed', in: 'satchel' },
    ]);
    expect(refused(c, 'item-move', { item: 'satchel', to: 'worn' })).toMatchObject({ code: 'item/nothing-to-move', path: '$.item' });
    expect(refused(c, 'item-move', { item: 'torch' })).toMatchObject({ code: 'param/missing', path: '$.to' });
  });

  it('damaged armour taken off is said so, and comes back whole only if no die is given (PL-3)', () => {
    const worn = applied(oneHanded(), 'item-add', { item: 'chain', carried: 'worn' }).character;
    const hurt = { ...worn, armourDie: 'd6' as const };
    const off = applied(hurt, 'item-move', { item: 'chain', to: 'held' });
    expect(off.character).toMatchObject({ armourDie: null, baseArmourDie: null });
    expect(off.explanation.join('\n')).toMatch(/Chain comes off at d6 of d8/);
    const back = applied(off.character, 'item-move', { item: 'chain', to: 'worn', 'armour-die': 6 });
    expect(back.character).toMatchObject({ armourDie: 'd6', baseArmourDie: 'd8' });
  });
});

describe('edit (PL-13)', () => {
  it('name, notes, conditions and coins; left out, a field keeps its value', () => {
    const c = tamsin();
    const r = applied(c, 'edit', { name: '  Tamsin the Bold ', notes: 'Owes a round', conditions: 'poisoned, prone', coins: 3 });
    expect(r.character).toMatchObject({ name: 'Tamsin the Bold', notes: 'Owes a round', conditions: ['poisoned', 'prone'], coins: 3 });
    expect(applied(r.character, 'edit', { conditions: '' }).character).toMatchObject({ conditions: [], notes: 'Owes a round' });
    expect(hammercrawlPlay.prefill(r.character, 'edit')).toEqual({ name: 'Tamsin the Bold', notes: 'Owes a round', conditions: 'poisoned, prone', coins: 3 });
  });

  it('refuses an empty name, a condition twice, too many, and an edit that changes nothing', () => {
    const c = tamsin();
    expect(refused(c, 'edit', { name: '   ' })).toMatchObject({ code: 'edit/empty-name', path: '$.name' });
    expect(refused(c, 'edit', { conditions: 'prone, Prone' })).toMatchObject({ code: 'edit/bad-conditions', path: '$.conditions' });
    const many = Array.from({ length: MAX_CHARACTER_CONDITIONS + 1 }, (_, i) => `c${i}`);
    expect(applied(c, 'edit', { conditions: many.slice(0, -1).join(',') }).character.conditions).toHaveLength(MAX_CHARACTER_CONDITIONS);
    expect(refused(c, 'edit', { conditions: many.join(',') })).toMatchObject({ path: '$.conditions' });
    expect(applied(c, 'edit', { notes: 'x'.repeat(MAX_NOTES_LENGTH) }).character.notes).toHaveLength(MAX_NOTES_LENGTH);
    expect(refused(c, 'edit', { notes: 'x'.repeat(MAX_NOTES_LENGTH + 1) })).toMatchObject({ code: 'param/too-long', path: '$.notes' });
    expect(refused(c, 'edit', { name: c.name })).toMatchObject({ code: 'edit/no-change' });
  });
});
