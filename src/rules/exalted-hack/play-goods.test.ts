// Silver, items and their usage dice, and the free fields as changes of play (Inventory and Usage; Armor; rulings EH-19, EH-22, EH-34).
import { describe, expect, it } from 'vitest';
import { scriptedRandom } from '../../dice/random.js';
import { MAX_CHARACTER_CONDITIONS, MAX_NOTES_LENGTH } from '../character-play.js';
import { MAX_INVENTORY_ITEMS, MAX_SILVER } from './character.js';
import { currentSpeed } from './create-character.js';
import { changeOdds, prefill } from './play.js';
import { applyChange as apply, changeRefusal as refusal, seedOneCharacter } from './play-test-helpers.js';
import { MAX_CONDITIONS_TEXT_LENGTH } from './play-goods.js';

const base = seedOneCharacter();

describe('silver (Inventory and Usage; EH-22)', () => {
  it('gained and spent; every started 100 takes a space', () => {
    const r = apply(base, 'coins', { amount: 150, source: 'Bounty' });
    expect(r.character.silver).toBe(150);
    expect(r.summary).toBe('Bounty: +150 silver, 0 -> 150');
    expect(r.explanation[1]).toMatch(/^spaces 2\/11/);
    expect(apply(r.character, 'coins', { amount: -150 }).character.silver).toBe(0);
  });

  it('refusals: more than there is, past the limit, nothing', () => {
    expect(refusal(base, 'coins', { amount: -1 })).toMatchObject({ code: 'exalted-hack/not-enough-silver', path: '$.amount' });
    expect(refusal(base, 'coins', { amount: MAX_SILVER })).toBeNull();
    expect(refusal({ ...base, silver: 1 }, 'coins', { amount: MAX_SILVER })).toMatchObject({ code: 'exalted-hack/too-much-silver', path: '$.amount' });
    expect(refusal(base, 'coins', { amount: MAX_SILVER + 1 })).toMatchObject({ code: 'param/out-of-range', path: '$.amount' });
    expect(refusal(base, 'coins', { amount: 0 })).toMatchObject({ code: 'exalted-hack/no-silver', path: '$.amount' });
  });
});

describe('items (Inventory and Usage)', () => {
  it('added with spaces and a usage die, ids unique; over STR spaces costs 5 feet', () => {
    const r = apply(base, 'item-add', { label: 'Torches', 'usage-die': 6 });
    expect(r.character.inventory).toEqual([{ id: 'torches', label: 'Torches', spaces: 1, usageDie: 6 }]);
    expect(r.summary).toBe('+ Torches (d6), spaces 1/11');
    expect(apply(r.character, 'item-add', { label: 'torches' }).character.inventory[1]!.id).toBe('torches-2');
    const heavy = apply(r.character, 'item-add', { label: 'Anvil', spaces: 11 });
    expect(heavy.explanation.join(' ')).toMatch(/-5 feet of speed/);
    expect(currentSpeed(heavy.character)).toBe(25);
  });

  it('removed by id or by name', () => {
    const c = apply(base, 'item-add', { label: 'Silk rope' }).character;
    expect(apply(c, 'item-remove', { item: 'silk-rope' }).character.inventory).toEqual([]);
    expect(apply(c, 'item-remove', { item: 'SILK ROPE' }).summary).toBe('- Silk rope');
    expect(refusal(c, 'item-remove', { item: 'lantern' })).toMatchObject({ code: 'exalted-hack/no-such-item', path: '$.item', message: 'No item "lantern": give one of silk-rope.' });
  });

  it('spend: one step down, no roll; a spent d4 is gone (EH-19)', () => {
    const c = apply(base, 'item-add', { label: 'Rations', 'usage-die': 4 }).character;
    const r = apply(c, 'item-spend', { item: 'rations' });
    expect(r.character.inventory[0]!.usageDie).toBeNull();
    expect(r.summary).toBe('spent Rations, d4 -> gone');
    expect(refusal(r.character, 'item-spend', { item: 'rations' })).toMatchObject({ code: 'exalted-hack/no-usage-die', path: '$.item' });
    expect(refusal(r.character, 'item-use', { item: 'rations' })).toMatchObject({ code: 'exalted-hack/no-usage-die', path: '$.item' });
  });

  it('use: the usage die rolled, odds against every face', () => {
    const c = apply(base, 'item-add', { label: 'Torches', 'usage-die': 6 }).character;
    const odds = changeOdds(c, { change: 'item-use', params: { item: 'torches' } });
    if (!odds.ok) throw new Error(odds.error.message);
    expect(odds.value.check).toBe('item-use');
    const counts = new Map<string, number>();
    for (let face = 1; face <= 6; face++) {
      const r = apply(c, 'item-use', { item: 'torches' }, scriptedRandom([face]));
      expect(r.character.inventory[0]!.usageDie).toBe(face <= 2 ? 4 : 6);
      counts.set(r.outcome!, (counts.get(r.outcome!) ?? 0) + 1 / 6);
    }
    for (const o of odds.value.outcomes) expect(counts.get(o.outcome) ?? 0, o.outcome).toBeCloseTo(o.p, 12);
    const d4 = apply(base, 'item-add', { label: 'Oil', 'usage-die': 4 }).character;
    expect(apply(d4, 'item-use', { item: 'oil' }, scriptedRandom([1]))).toMatchObject({ outcome: 'gone', character: { inventory: [{ usageDie: null }] } });
  });

  it('the inventory limit, at and one past; a label without letters', () => {
    const full = (n: number) => ({ ...base, inventory: Array.from({ length: n }, (_, i) => ({ id: `thing-${i}`, label: `Thing ${i}`, spaces: 0, usageDie: null })) });
    expect(refusal(full(MAX_INVENTORY_ITEMS - 1), 'item-add', { label: 'Pebble' })).toBeNull();
    expect(refusal(full(MAX_INVENTORY_ITEMS), 'item-add', { label: 'Pebble' })).toMatchObject({ code: 'exalted-hack/inventory-full', path: '$.label' });
    expect(refusal(base, 'item-add', { label: '***' })).toMatchObject({ code: 'exalted-hack/bad-label', path: '$.label' });
    expect(refusal(base, 'item-add', { label: 'Die', 'usage-die': 20 })).toMatchObject({ code: 'param/not-a-die', path: '$.usage-die' });
  });
});

describe('edit (EH-34)', () => {
  it('only the fields given change; the form starts from the document', () => {
    const r = apply(base, 'edit', { name: 'Ilse', conditions: ' poisoned , , fatigued ', armour: 3, 'armour-kind': 'magical' });
    expect(r.character).toMatchObject({ name: 'Ilse', conditions: ['poisoned', 'fatigued'], armour: { value: 3, kind: 'magical' }, notes: '' });
    expect(r.summary).toBe('edited name, conditions, armour');
    expect(prefill(r.character, 'edit')).toEqual({ name: 'Ilse', notes: '', conditions: 'poisoned, fatigued', silver: 0, armour: 3, 'armour-kind': 'magical' });
    expect(apply(r.character, 'edit', { conditions: '' }).character.conditions).toEqual([]);
  });

  it('refusals: nothing given, a blank name, a condition twice, too many conditions; limits at and one past', () => {
    expect(refusal(base, 'edit', {})?.code).toBe('exalted-hack/nothing-to-edit');
    expect(refusal(base, 'edit', { name: '  ' })).toMatchObject({ code: 'exalted-hack/blank-name', path: '$.name' });
    expect(refusal(base, 'edit', { conditions: 'prone, Prone' })).toMatchObject({ code: 'exalted-hack/bad-conditions', path: '$.conditions' });
    const list = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`).join(',');
    expect(refusal(base, 'edit', { conditions: list(MAX_CHARACTER_CONDITIONS) })).toBeNull();
    expect(refusal(base, 'edit', { conditions: list(MAX_CHARACTER_CONDITIONS + 1) })).toMatchObject({ code: 'exalted-hack/bad-conditions', path: '$.conditions' });
    expect(refusal(base, 'edit', { conditions: 'x'.repeat(MAX_CONDITIONS_TEXT_LENGTH + 1) })).toMatchObject({ code: 'param/too-long', path: '$.conditions' });
    expect(refusal(base, 'edit', { notes: 'n'.repeat(MAX_NOTES_LENGTH) })).toBeNull();
    expect(refusal(base, 'edit', { notes: 'n'.repeat(MAX_NOTES_LENGTH + 1) })).toMatchObject({ code: 'param/too-long', path: '$.notes' });
    expect(refusal(base, 'edit', { armour: 11 })).toMatchObject({ code: 'param/out-of-range', path: '$.armour' });
  });
});
