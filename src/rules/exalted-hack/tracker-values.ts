/**
 * What an Exalted Hack combat tracker holds for a combatant (`RuleSystem.readTrackerValue`): Health is
 * hit points, a count or what is left of a maximum ("5/12"); Armour is the armour's value, "magical"
 * after it for magical armour ("3 magical"), as a character's sheet writes it; the monster line is a
 * foe's damage and whether it is powerful or magical (table/monster-line.ts).
 * Rules: The Exalted Hack, Damage and Dying; Armor; Powerful NPCs.
 */
import { ok, readTrackerCount, type RuleResult, type TrackerField } from '../rule-system.js';
import { monsterLineText, readMonsterLine } from './table/monster-line.js';

/** The text the tracker keeps for an Exalted Hack combatant's field, or why it cannot. */
export function readExaltedHackTrackerValue(field: TrackerField, text: string): RuleResult<string> {
  if (field === 'health') return readTrackerCount(text, { label: 'HP', code: 'combat/bad-health', hasMax: true });
  if (field === 'armour') return readTrackerCount(text, { label: 'Armour', code: 'combat/bad-armour', note: { pattern: /^magical$/, example: 'magical, such as 3 magical' } });
  if (text.trim() === '') return ok('');
  const line = readMonsterLine(text);
  return line.ok ? ok(monsterLineText(line.value)) : line;
}
