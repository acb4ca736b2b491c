// Inventory slots and encumbrance (Dead Weight; Sturdy; ruling BB-25).
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../dice/random.js';
import { rollCharacter } from './create-character.js';
import { encumbranceFor, encumbranceOf, slotsUsed } from './encumbrance.js';

describe('encumbrance', () => {
  it('up to CON is unencumbered, up to CON + STR encumbered, past it morbidly', () => {
    const stats = { con: 10, str: 8 };
    expect(encumbranceFor(10, stats, 0).level).toBe('unencumbered');
    expect(encumbranceFor(11, stats, 0)).toMatchObject({ level: 'encumbered', disadvantageOn: ['dex-checks', 'dex-saves'], canCastSpells: false });
    expect(encumbranceFor(18, stats, 0).level).toBe('encumbered');
    expect(encumbranceFor(19, stats, 0)).toMatchObject({ level: 'morbidly-encumbered', disadvantageOn: ['dex-checks', 'dex-saves', 'armour-class'] });
  });

  it('a dwarf counts CON 5 higher (Sturdy)', () => {
    expect(encumbranceFor(15, { con: 10, str: 8 }, 5).level).toBe('unencumbered');
    expect(encumbranceFor(23, { con: 10, str: 8 }, 5).level).toBe('encumbered');
    const r = rollCharacter(seededRandom(3), { race: 'dwarf' });
    if (!r.ok) throw new Error(r.error.message);
    expect(encumbranceOf(r.value).unencumberedMax).toBe(r.value.stats.con.score + 5);
  });

  it('slots: armour 2/3/5, shield 2, 100 coins or 24 arrows a slot (part bundles count whole)', () => {
    const sheet = { inventory: [{ id: 'torch', label: 'Torch', slots: 1, usageDie: 10, notches: 0 }, { id: 'pike', label: 'Pike', slots: 2, usageDie: null, notches: 0 }], armour: 'heavy' as const, hasShield: true, coins: 101, arrows: 24 };
    expect(slotsUsed(sheet)).toBe(1 + 2 + 5 + 2 + 2 + 1);
    expect(slotsUsed({ ...sheet, inventory: [], armour: 'none', hasShield: false, coins: 100, arrows: 25 })).toBe(1 + 2);
  });
});
