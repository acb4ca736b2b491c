/**
 * What an Exalted Hack combat tracker holds for a combatant (`RuleSystem.readTrackerValue`): Health is
 * hit points, a count or what is left of a maximum ("5/12"); Armour is the armour's value, "magical"
 * after it for magical armour ("3 magical"), as a character's sheet writes it. There are no monster lines.
 * Rules: The Exalted Hack, Damage and Dying; Armor.
 */
import { ok, readTrackerCount, type RuleResult, type TrackerField } from '../rule-system.js';

/** The text the tracker keeps for an Exalted Hack combatant's field, or why it cannot. */
export function readExaltedHackTrackerValue(field: TrackerField, text: string): RuleResult<string> {
  if (field === 'health') return readTrackerCount(text, { label: 'HP', code: 'combat/bad-health', hasMax: true });
  if (field === 'armour') return readTrackerCount(text, { label: 'Armour', code: 'combat/bad-armour', note: { pattern: /^magical$/, example: 'magical, such as 3 magical' } });
  return ok(text.trim());
}
