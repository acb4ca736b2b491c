/**
 * What a So Long as Men Die combat tracker holds for a combatant (`RuleSystem.readTrackerValue`):
 * Health is the Wounds left, a count or what is left of the CON Score ("3/10"); Armour is the Defense
 * Die, d0 (none) to d12, with a shield's bonus after it ("d8 +2"), as a character's sheet writes it.
 * A foe's monster line is read by table/monster-line.ts and kept as it writes it; a foe's Wounds left
 * empty are filled from its line, none taken ("12/12" for `con=12`), so its row shows them (SL-33).
 * Rules: So Long as Men Die, Wounds; Armor.
 */
import { MAX_TRACKER_COUNT, ok, problem, readTrackerCount, type RuleResult, type TrackerField, type TrackerSubject } from '../rule-system.js';
import { DEFENSE_DICE } from './data/armour.js';
import { readSlamdMonster, writeSlamdMonster } from './table/monster-line.js';

/** The Defense Dice as the tracker writes them. */
const DEFENSE_TEXT = DEFENSE_DICE.map((s) => `d${s}`).join(', ');

/** The text the tracker keeps for a So Long as Men Die combatant's field, or why it cannot. */
export function readSlamdTrackerValue(field: TrackerField, text: string, subject: TrackerSubject = {}): RuleResult<string> {
  if (field === 'health') {
    const line = text.trim() === '' && subject.monster !== undefined && subject.monster.trim() !== '' ? readSlamdMonster(subject.monster) : null;
    if (line !== null && line.ok) return ok(`${line.value.con}/${line.value.con}`);
    return readTrackerCount(text, { label: 'Wounds left', code: 'combat/bad-health', hasMax: true });
  }
  if (field === 'monster') {
    if (text.trim() === '') return ok('');
    const m = readSlamdMonster(text);
    return m.ok ? ok(writeSlamdMonster(m.value)) : m;
  }
  const t = text.trim().toLowerCase();
  if (t === '') return ok('');
  const shown = t.length > 20 ? `${t.slice(0, 20)}…` : t;
  const m = /^d(\d{1,6})(?:\s*\+\s*(\d{1,6}))?$/.exec(t);
  if (m === null) return problem('combat/bad-armour', `Defense is a Defense Die (${DEFENSE_TEXT}), with a shield's bonus after it such as d8 +2; got ${shown}.`);
  const sides = Number(m[1]);
  if (!(DEFENSE_DICE as readonly number[]).includes(sides)) return problem('combat/bad-armour', `d${sides} is not a Defense Die: Defense is one of ${DEFENSE_TEXT}.`);
  const bonus = m[2] === undefined ? 0 : Number(m[2]);
  if (bonus > MAX_TRACKER_COUNT) return problem('combat/bad-armour', `A shield's bonus is at most ${MAX_TRACKER_COUNT}; got ${bonus}.`);
  return ok(`d${sides}${bonus > 0 ? ` +${bonus}` : ''}`);
}
