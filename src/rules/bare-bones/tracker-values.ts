/**
 * What a Bare Bones combat tracker holds for a combatant (`RuleSystem.readTrackerValue`): Health is
 * Blood, a count or what is left of a maximum ("5/8"); Armour is an Armor Class, with the notches its
 * armour took ("12 (1 notch)"), as a character's sheet writes it. There are no monster lines.
 * Rules: The Bare Bones, Blood and Sweat; Notches and Arrows.
 */
import { ok, readTrackerCount, type RuleResult, type TrackerField } from '../rule-system.js';

/** The text the tracker keeps for a Bare Bones combatant's field, or why it cannot. */
export function readBareBonesTrackerValue(field: TrackerField, text: string): RuleResult<string> {
  if (field === 'health') return readTrackerCount(text, { label: 'Blood', code: 'combat/bad-health', hasMax: true });
  if (field === 'armour') return readTrackerCount(text, { label: 'Armor Class', code: 'combat/bad-armour', note: { pattern: /^\(\d{1,2} notch(?:es)?\)$/, example: 'its notches, such as 12 (1 notch)' } });
  return ok(text.trim());
}
