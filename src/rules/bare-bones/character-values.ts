/**
 * The values of a Bare Bones character that play changes, with their JSON pointers (the contract's
 * `characterValues`): Blood (the health the tracker reads and writes) and Sweat (Die by the Sword), the
 * class's points, XP and level (From Peasant to King), coins, arrows, the armour's notches, and every
 * item's usage die (Usage Dice) and notches. No `armour` value: Armor Class is worked out, not kept
 * (ruling BB-36).
 */
import { pointerOf, type CharacterValue } from '../rule-system.js';
import type { BareBonesCharacter } from './character.js';
import { bareBonesClass } from './data/classes.js';

/** Every value of `c` that play changes. */
export function characterValuesOf(c: BareBonesCharacter): CharacterValue[] {
  const out: CharacterValue[] = [
    { id: 'blood', label: 'Blood', role: 'health', kind: 'number', pointer: '/blood/current', value: c.blood.current, max: { value: c.blood.max, pointer: '/blood/max' } },
    { id: 'sweat', label: 'Sweat', role: 'pool', kind: 'number', pointer: '/sweat/current', value: c.sweat.current, max: { value: c.sweat.max, pointer: '/sweat/max' } },
    { id: c.points.pool, label: bareBonesClass(c.class).pool.label, role: 'pool', kind: 'number', pointer: '/points/current', value: c.points.current },
    { id: 'xp', label: 'XP', role: 'xp', kind: 'number', pointer: '/xp', value: c.xp },
    { id: 'level', label: 'Level', role: 'level', kind: 'number', pointer: '/level', value: c.level },
    { id: 'coins', label: 'Coins', role: 'coins', kind: 'number', pointer: '/coins', value: c.coins },
    { id: 'arrows', label: 'Arrows', role: 'other', kind: 'number', pointer: '/arrows', value: c.arrows },
    { id: 'arrows-to-recover', label: 'Arrows to recover', role: 'other', kind: 'number', pointer: '/arrowsToRecover', value: c.arrowsToRecover },
    { id: 'armour-notches', label: 'Armour notches', role: 'other', kind: 'number', pointer: '/armourNotches', value: c.armourNotches },
  ];
  c.inventory.forEach((item, i) => {
    // null: the item has no usage die (or it ran out).
    if (item.usageDie !== null) out.push({ id: `item-${i}-usage`, label: item.label, role: 'usage', kind: 'die', pointer: pointerOf('inventory', i, 'usageDie'), value: item.usageDie, isUsageDie: true });
    if (item.notches > 0) out.push({ id: `item-${i}-notches`, label: `${item.label} notches`, role: 'other', kind: 'number', pointer: pointerOf('inventory', i, 'notches'), value: item.notches });
  });
  return out;
}
