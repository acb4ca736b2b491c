import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../dice/random.js';
import { attackOdds } from './attack.js';
import type { InventoryEntry, SlamdCharacter } from './character.js';
import { attackSpecFor } from './combat.js';
import { rollCharacter } from './create-character.js';
import { partSlot, slots } from './data/slots.js';
import { assertOk } from '../../../test/narrow.js';

const make = (seed: number, traits: [string, string], inventory: InventoryEntry[] = []): SlamdCharacter => {
  const r = rollCharacter(seededRandom(seed), { traits: 'pick', 'trait-1': traits[0], 'trait-2': traits[1] });
  if (!r.ok) throw new Error(r.error.message);
  return { ...r.value, stats: { ...r.value.stats, str: { score: 14, mod: 2 }, dex: { score: 12, mod: 1 }, con: { score: 11, mod: 0 } }, inventory };
};
const held = (kind: InventoryEntry['kind'], itemId: string, size: InventoryEntry['slots'], hands: number[], extra: Partial<InventoryEntry> = {}): InventoryEntry => ({
  kind, itemId, label: itemId, slots: size, count: 1, carry: 'readied', hands, ...extra,
});

describe('an attack between two characters', () => {
  const orc = make(1, ['orc', 'princely'], [held('weapon', 'longsword', slots(2), [0, 1])]);
  const knight = make(2, ['healthy', 'princely'], [held('armour', 'chain', slots(3), []), held('shield', 'shield', slots(1), [0])]);

  it('STR Modifier, Orc +2, the defender\'s chain (d8) and shield (+2), fresh Toughness, CON', () => {
    const spec = attackSpecFor(orc, knight, { weaponId: 'longsword', use: 'melee' });
    expect(spec).toEqual({
      ok: true,
      value: {
        damage: { kind: 'dice', count: 2, sides: 6 }, modifier: 4, explosions: 'once', defenseDie: 8, defenseBonus: 2, toughnessDice: 2,
        soakPolicy: 'one-at-a-time', exhaustOn: [5, 6], conScore: 11, conModifier: 0, isNonlethal: false,
      },
    });
    assertOk(spec);
    expect(attackOdds(spec.value).outcomes.reduce((s, o) => s + o.p, 0)).toBeCloseTo(1, 12);
  });

  it('a boomerang ignores the shield; a dagger gets +2 against the prone in melee, who get -2 Defense', () => {
    const thrower = make(3, ['princely', 'talks-to-animals'], [held('weapon', 'boomerang', slots(1), [0]), held('weapon', 'dagger', partSlot(3), [1])]);
    const b = attackSpecFor(thrower, knight, { weaponId: 'boomerang', use: 'ranged' });
    expect(b.ok && [b.value.modifier, b.value.defenseBonus]).toEqual([1, 0]);
    const d = attackSpecFor(thrower, knight, { weaponId: 'dagger', use: 'melee', isDefenderProne: true });
    expect(d.ok && [d.value.modifier, d.value.defenseBonus]).toEqual([4, 0]);
  });

  it('SL-21: a Pugilist\'s fists deal 1d6 and stay Nonlethal; a Lizard\'s claws deal 1d6 and are lethal; plain fists deal 1', () => {
    const boxer = make(4, ['pugilist', 'princely']);
    const p = attackSpecFor(boxer, knight, { weaponId: 'bare-hand', use: 'melee' });
    expect(p.ok && [p.value.damage, p.value.isNonlethal]).toEqual([{ kind: 'dice', count: 1, sides: 6 }, true]);
    const lizard = make(9, ['lizard', 'princely']);
    const l = attackSpecFor(lizard, knight, { weaponId: 'bare-hand', use: 'melee' });
    expect(l.ok && [l.value.damage, l.value.isNonlethal]).toEqual([{ kind: 'dice', count: 1, sides: 6 }, false]);
    const q = attackSpecFor(make(5, ['princely', 'crop']), knight, { weaponId: 'bare-hand', use: 'melee' });
    expect(q.ok && [q.value.damage, q.value.isNonlethal]).toEqual([{ kind: 'flat', value: 1 }, true]);
  });

  it('cannot attack: encumbered, weapon not held, blind at range, melee with a bow', () => {
    const loaded = make(6, ['princely', 'crop'], [held('weapon', 'longsword', slots(2), [0, 1]), { ...held('gear', 'anvil', slots(15), []), carry: 'stowed' }]);
    expect(attackSpecFor(loaded, knight, { weaponId: 'longsword', use: 'melee' })).toMatchObject({ ok: false, error: { code: 'so-long-as-men-die/encumbered' } });
    expect(attackSpecFor(orc, knight, { weaponId: 'dagger', use: 'melee' })).toMatchObject({ ok: false, error: { code: 'so-long-as-men-die/weapon-not-held' } });
    const blind = make(7, ['blind', 'princely'], [held('weapon', 'sling', partSlot(2), [0])]);
    expect(attackSpecFor(blind, knight, { weaponId: 'sling', use: 'ranged' })).toMatchObject({ ok: false, error: { code: 'so-long-as-men-die/blind' } });
    const archer = make(8, ['princely', 'crop'], [held('weapon', 'longbow', slots(2), [0, 1])]);
    expect(attackSpecFor(archer, knight, { weaponId: 'longbow', use: 'melee' })).toMatchObject({ ok: false, error: { code: 'so-long-as-men-die/not-melee' } });
  });

  it('an encumbered defender rolls no Toughness; more dice than fresh is a problem; Artful Dodger unarmoured exhausts on 6 only', () => {
    const heavy = make(9, ['healthy', 'princely'], [{ ...held('gear', 'anvil', slots(15), []), carry: 'stowed' }]);
    const e = attackSpecFor(orc, heavy, { weaponId: 'longsword', use: 'melee' });
    expect(e.ok && e.value.toughnessDice).toBe(0);
    expect(attackSpecFor(orc, knight, { weaponId: 'longsword', use: 'melee', toughnessDice: 3 })).toMatchObject({ ok: false, error: { code: 'so-long-as-men-die/toughness-offered' } });
    const dodger = make(10, ['artful-dodger', 'princely']);
    const a = attackSpecFor(orc, dodger, { weaponId: 'longsword', use: 'melee' });
    expect(a.ok && a.value.exhaustOn).toEqual([6]);
  });
});
