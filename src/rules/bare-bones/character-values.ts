/**
 * The values of a Bare Bones character that play changes, with their JSON pointers (the contract's
 * `characterValues`): Blood (the health the tracker reads) and Sweat (Die by the Sword), the armour's
 * notches (the armour value, ruling BB-36), the class's points, XP and level (From Peasant to King),
 * coins, arrows, and every item's usage die (Usage Dice) and notches.
 */
import { pointerOf, type CharacterValue } from '../rule-system.js';
import { armourClassOf, type BareBonesCharacter } from './character.js';
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
    // Armor Class is worked out from the armour, shield, race and notches; the notches are what play changes (ruling BB-36).
    { id: 'armour-notches', label: `Armour notches (AC ${armourClassOf(c)}, -1 each)`, role: 'armour', kind: 'number', pointer: '/armourNotches', value: c.armourNotches },
  ];
  c.inventory.forEach((item, i) => {
    // null: the item has no usage die (or it ran out).
    if (item.usageDie !== null) out.push({ id: `item-${i}-usage`, label: item.label, role: 'usage', kind: 'die', pointer: pointerOf('inventory', i, 'usageDie'), value: item.usageDie, isUsageDie: true });
    if (item.notches > 0) out.push({ id: `item-${i}-notches`, label: `${item.label} notches`, role: 'other', kind: 'number', pointer: pointerOf('inventory', i, 'notches'), value: item.notches });
  });
  return out;
}
