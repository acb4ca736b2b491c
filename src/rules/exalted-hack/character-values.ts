/**
 * The values of an Exalted Hack character that play changes, with their JSON pointers (the contract's
 * `characterValues`): hit points (Constitution), armour (Armor), level, silver, each attribute's
 * current score against its score and the damage it carries (Recovery), and every usage die kept on
 * an item (Inventory and Usage). Ruling EH-28.
 */
import { pointerOf, type CharacterValue } from '../rule-system.js';
import { ATTRIBUTES } from './attributes.js';
import type { ExaltedHackCharacter } from './character.js';

/**
 * Every value of `c` that play changes. `<attribute>-current` (role `other`) is the score a check
 * rolls against (the score less its damage), its `max` the score rest restores it to.
 * @example characterValuesOf(c).find((v) => v.id === 'con-current') // { value: 10, max: { value: 12, pointer: '/stats/con/score' }, ... }
 */
export function characterValuesOf(c: ExaltedHackCharacter): CharacterValue[] {
  const out: CharacterValue[] = [
    { id: 'hp', label: 'HP', role: 'health', kind: 'number', pointer: '/hp/current', value: c.hp.current, max: { value: c.hp.max, pointer: '/hp/max' } },
    { id: 'armour', label: 'Armour', role: 'armour', kind: 'number', pointer: '/armour/value', value: c.armour.value },
    { id: 'level', label: 'Level', role: 'level', kind: 'number', pointer: '/level', value: c.level },
    { id: 'silver', label: 'Silver', role: 'coins', kind: 'number', pointer: '/silver', value: c.silver },
  ];
  for (const a of ATTRIBUTES) {
    const stat = c.stats[a.id];
    out.push({ id: `${a.id}-current`, label: `${a.short} now`, role: 'other', kind: 'number', pointer: pointerOf('stats', a.id, 'current'), value: stat.current, max: { value: stat.score, pointer: pointerOf('stats', a.id, 'score') } });
    out.push({ id: `${a.id}-damage`, label: `${a.short} damage`, role: 'other', kind: 'number', pointer: pointerOf('attributeDamage', a.id), value: c.attributeDamage[a.id] });
  }
  c.inventory.forEach((item, i) => {
    // null: the item has no usage die (or it ran out).
    if (item.usageDie === null) return;
    out.push({ id: `item-${i}-usage`, label: item.label, role: 'usage', kind: 'die', pointer: pointerOf('inventory', i, 'usageDie'), value: item.usageDie, isUsageDie: true });
  });
  return out;
}
