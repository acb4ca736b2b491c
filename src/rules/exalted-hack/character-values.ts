/**
 * The values of an Exalted Hack character that play changes, with their JSON pointers (the contract's
 * `characterValues`): hit points (Hit Points), level, silver, attribute damage (Attribute Damage) and
 * every usage die kept on an item (Usage Dice).
 */
import { pointerOf, type CharacterValue } from '../rule-system.js';
import type { ExaltedHackCharacter } from './character.js';

/** Every value of `c` that play changes. */
export function characterValuesOf(c: ExaltedHackCharacter): CharacterValue[] {
  const out: CharacterValue[] = [
    { id: 'hp', label: 'HP', role: 'health', kind: 'number', pointer: '/hp/current', value: c.hp.current, max: { value: c.hp.max, pointer: '/hp/max' } },
    { id: 'level', label: 'Level', role: 'level', kind: 'number', pointer: '/level', value: c.level },
    { id: 'silver', label: 'Silver', role: 'coins', kind: 'number', pointer: '/silver', value: c.silver },
  ];
  for (const [stat, damage] of Object.entries(c.attributeDamage)) {
    out.push({ id: `${stat}-damage`, label: `${stat.toUpperCase()} damage`, role: 'other', kind: 'number', pointer: pointerOf('attributeDamage', stat), value: damage });
  }
  c.inventory.forEach((item, i) => {
    // null: the item has no usage die (or it ran out).
    if (item.usageDie === null) return;
    out.push({ id: `item-${i}-usage`, label: item.label, role: 'usage', kind: 'die', pointer: pointerOf('inventory', i, 'usageDie'), value: item.usageDie, isUsageDie: true });
  });
  return out;
}
