/**
 * The values of a So Long as Men Die character that play changes, with their JSON pointers (the
 * contract's `characterValues`): the Wounds left before death, out of the CON Score (the health the
 * combat tracker reads: ruling SL-25), the Toughness Dice exhausted, out of the dice there are
 * (Toughness), XP (ruling SL-29) and hacksilver (ruling SL-30). The Defense Die is not listed: it is
 * read from the readied armour each time, never kept (Armor; ruling SL-25).
 */
import type { CharacterValue } from '../rule-system.js';
import type { SlamdCharacter } from './character.js';

/** Every value of `c` that play changes. */
export function characterValuesOf(c: SlamdCharacter): CharacterValue[] {
  return [
    { id: 'wounds-left', label: 'Wounds left', role: 'health', kind: 'number', pointer: '/woundsLeft', value: c.woundsLeft, max: { value: c.stats.con.score, pointer: '/stats/con/score' } },
    { id: 'toughness-exhausted', label: 'Toughness Dice exhausted', role: 'pool', kind: 'number', pointer: '/toughness/exhausted', value: c.toughness.exhausted, max: { value: c.toughness.dice, pointer: '/toughness/dice' } },
    { id: 'xp', label: 'XP', role: 'xp', kind: 'number', pointer: '/xp', value: c.xp },
    { id: 'hacksilver', label: 'Hacksilver', role: 'coins', kind: 'number', pointer: '/hacksilver', value: c.hacksilver },
  ];
}
