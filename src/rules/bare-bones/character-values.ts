/**
 * The values of a Bare Bones character that play changes, with their JSON pointers (the contract's
 * `characterValues`): Blood and Sweat (Blood & Sweat), the class's points, XP and level (Advancement),
 * coins, arrows, armour notches, and every usage die kept on an item (Usage Dice).
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
    { id: 'armour-notches', label: 'Armour notches', role: 'other', kind: 'number', pointer: '/armourNotches', value: c.armourNotches },
  ];
  c.inventory.forEach((item, i) => {
    // null: the item has no usage die (or it ran out).
    if (item.usageDie === null) return;
    out.push({ id: `item-${i}-usage`, label: item.label, role: 'usage', kind: 'die', pointer: pointerOf('inventory', i, 'usageDie'), value: item.usageDie, isUsageDie: true });
  });
  return out;
}
