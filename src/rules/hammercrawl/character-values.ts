/**
 * The values of a HAMMERCRAWL! character that play changes, with their JSON pointers (the contract's
 * `characterValues`): the Health and Armour Dice with their base dice as `max` (DAMAGE; rulings PL-2,
 * PL-3: `null` Health is down, `null` Armour none or destroyed), XP and level (XP and LEVELING), coins,
 * and every resource die kept on an item (RESOURCES).
 */
import { pointerOf, type CharacterValue } from '../rule-system.js';
import { dieSides, type Character } from './character.js';
import { labelOf } from './create-character.js';
import { GEAR } from './data/gear.js';

function sidesOf(text: string | null): number | null {
  return text === null ? null : dieSides(text);
}

/** The label of an inventory line: its own label, else the tables'. */
function itemLabel(item: Character['inventory'][number]): string {
  if (item.label !== undefined) return item.label;
  return GEAR.find((g) => g.id === item.id)?.label ?? labelOf(item.id);
}

/** Every value of `c` that play changes. */
export function characterValuesOf(c: Character): CharacterValue[] {
  const out: CharacterValue[] = [
    {
      id: 'health-die',
      label: 'Health Die',
      role: 'health',
      kind: 'die',
      pointer: '/healthDie',
      value: sidesOf(c.healthDie),
      max: { value: sidesOf(c.baseHealthDie)!, pointer: '/baseHealthDie' },
    },
    {
      id: 'armour-die',
      label: 'Armour Die',
      role: 'armour',
      kind: 'die',
      pointer: '/armourDie',
      value: sidesOf(c.armourDie),
      ...(c.baseArmourDie !== null ? { max: { value: sidesOf(c.baseArmourDie)!, pointer: '/baseArmourDie' } } : {}),
    },
    { id: 'xp', label: 'XP', role: 'xp', kind: 'number', pointer: '/xp', value: c.xp },
    { id: 'level', label: 'Level', role: 'level', kind: 'number', pointer: '/level', value: c.level },
    { id: 'coins', label: 'Coins', role: 'coins', kind: 'number', pointer: '/coins', value: c.coins },
  ];
  c.inventory.forEach((item, i) => {
    if (item.resourceDie === undefined) return;
    out.push({ id: `item-${i}-resource`, label: itemLabel(item), role: 'usage', kind: 'die', pointer: pointerOf('inventory', i, 'resourceDie'), value: item.resourceDie, isUsageDie: true });
  });
  return out;
}
