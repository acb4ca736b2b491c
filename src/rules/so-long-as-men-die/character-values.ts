/**
 * The values of a So Long as Men Die character that play changes, with their JSON pointers (the
 * contract's `characterValues`): the Toughness Dice, how many are exhausted (Toughness), and the
 * character's condition is shown by the summary.
 */
import type { CharacterValue } from '../rule-system.js';
import type { SlamdCharacter } from './character.js';

/** Every value of `c` that play changes. */
export function characterValuesOf(c: SlamdCharacter): CharacterValue[] {
  return [
    { id: 'toughness-exhausted', label: 'Toughness Dice exhausted', role: 'health', kind: 'number', pointer: '/toughness/exhausted', value: c.toughness.exhausted, max: { value: c.toughness.dice, pointer: '/toughness/dice' } },
  ];
}
