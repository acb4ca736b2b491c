// The tracker and a character's document: the tracker writes what the Smith changes where the ruleset
// keeps it, the same value written another way changes nothing, and every line says the value as the
// tracker shows it.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../dice/random.js';
import { DEFAULT_RULESET, loadRuleSystem } from '../rules/catalogue.js';
import type { RuleSystem, TableCharacter } from '../rules/rule-system.js';
import { dieLike, trackedValues, trackerText, writeTrackerValues } from './character-link.js';

const rules: RuleSystem = await loadRuleSystem(DEFAULT_RULESET);
const rolled = rules.rollCharacter(seededRandom(3), {});
if (!rolled.ok) throw new Error(rolled.error.message);
const character: TableCharacter = { id: 'ch1', ownerId: 'P', document: rolled.value as unknown as TableCharacter['document'] };
const { health, armour } = trackedValues(rules, character.document);

describe('what the tracker writes on a character', () => {
  it('reads the Health and Armour the ruleset names, as the tracker shows them', () => {
    expect(health).toMatchObject({ role: 'health', kind: 'die' });
    expect(trackerText(health!)).toMatch(/^d\d+$/);
    expect(trackerText({ ...health!, value: null })).toBe('down');
    expect(trackerText({ ...armour!, value: null })).toBe('none');
    expect(dieLike('d8', 6)).toBe('d6');
    expect(dieLike(8, 6)).toBe(6);
    expect(dieLike('d8', null)).toBeNull();
  });

  it('changes nothing for the value it holds written another way', () => {
    const same = trackerText(health!).toUpperCase();
    expect(writeTrackerValues(rules, character, { health: same })).toEqual({ ok: true, value: null });
    expect(writeTrackerValues(rules, character, { health: ` ${trackerText(health!)} ` })).toEqual({ ok: true, value: null });
  });

  it('writes a new die where the document keeps it, and says so as the tracker writes it', () => {
    const r = writeTrackerValues(rules, character, { health: 'D4' });
    expect(r.ok).toBe(true);
    if (!r.ok || r.value === null) throw new Error('expected a change');
    expect(r.value.summary).toBe(`Tracker: ${health!.label} ${trackerText(health!)} -> d4`);
    const after = trackedValues(rules, r.value.document);
    expect(after.health?.value).toBe(4);
  });

  it('refuses what is no die for a die', () => {
    expect(writeTrackerValues(rules, character, { health: 'banana' })).toMatchObject({ ok: false, error: { code: 'combat/bad-value' } });
  });
});
