/**
 * What a Bare Bones combat tracker holds for a combatant (`RuleSystem.readTrackerValue`): Health is
 * Blood, a count or what is left of a maximum, with Sweat after it ("5/8 (Sweat 2/3)"); Armour is an
 * Armor Class, with the notches its armour took ("12 (1 notch)"), as a character's sheet writes it; the
 * monster line is the Smith's numbers for the tracker's attacks (table/monster-line.ts). A monster's
 * Health and Armor Class left empty are filled from its line. Rules: The Bare Bones, Blood and Sweat;
 * Notches and Arrows; rulings BB-36, BB-38.
 */
import { ok, readTrackerCount, type RuleResult, type TrackerField, type TrackerSubject } from '../rule-system.js';
import { readMonsterLine } from './table/monster-line.js';
import { SWEAT_NOTE, healthText, readHealthText } from './table/tracker-health.js';

/** The text the tracker keeps for a Bare Bones combatant's field, or why it cannot. */
export function readBareBonesTrackerValue(field: TrackerField, text: string, subject: TrackerSubject = {}): RuleResult<string> {
  const line = subject.monster !== undefined && subject.monster.trim() !== '' ? readMonsterLine(subject.monster) : null;
  if (field === 'monster') {
    if (text.trim() === '') return ok('');
    const read = readMonsterLine(text);
    return read.ok ? ok(text.trim().replace(/\s*,\s*/g, ',')) : read;
  }
  if (field === 'health') {
    if (text.trim() === '' && line !== null && line.ok && line.value.blood !== undefined) {
      const { blood, sweat = 0 } = line.value;
      return ok(healthText({ blood, bloodMax: blood, sweat, sweatMax: sweat }));
    }
    const count = readTrackerCount(text, { label: 'Blood', code: 'combat/bad-health', hasMax: true, note: { pattern: SWEAT_NOTE, example: 'its Sweat, such as 8/8 (Sweat 3/3)' } });
    if (!count.ok) return count;
    const whole = readHealthText(count.value);
    return whole.ok ? count : whole;
  }
  if (text.trim() === '' && line !== null && line.ok) return ok(String(line.value.ac));
  return readTrackerCount(text, { label: 'Armor Class', code: 'combat/bad-armour', note: { pattern: /^\(\d{1,2} notch(?:es)?\)$/, example: 'its notches, such as 12 (1 notch)' } });
}
