/**
 * The free fields of a sheet, changed by hand: name, notes, conditions (comma-separated), coins and
 * arrows, and a sorcerer's spells and schools, which the table writes in from Wonder & Wickedness
 * (ruling BB-7). Rules: The Bare Bones, Sorcerers (Spell Acquisition, schools); rulings BB-7, BB-35.
 */
import { MAX_CHARACTER_CONDITIONS, MAX_CHARACTER_CONDITION_LENGTH, MAX_NOTES_LENGTH, conditionsFromText, readConditions } from '../character-play.js';
import { ok, problem, type ParamRecord, type RuleResult } from '../rule-system.js';
import { MAX_ARROWS, MAX_COINS, MAX_NAME_LENGTH, MAX_SPELLS, type BareBonesCharacter, type SorcererMagic } from './character.js';
import { STARTING_SPELLS } from './data/classes.js';
import { defineKind, made, optNum, type PlayKind, type Values } from './play-kit.js';
import { REF_RULINGS, refClass } from './refs.js';

/** Longest conditions text: every condition at its longest, with ", " between. */
export const MAX_CONDITIONS_TEXT_LENGTH = MAX_CHARACTER_CONDITIONS * (MAX_CHARACTER_CONDITION_LENGTH + 2);

/** Longest spells text: every spell at its longest, with ", " between. */
export const MAX_SPELLS_TEXT_LENGTH = MAX_SPELLS * (MAX_NAME_LENGTH + 2);

const given = (v: Values, name: string): string | undefined => (typeof v[name] === 'string' ? (v[name] as string) : undefined);

/** The sorcerer after the spells and schools of an edit (ruling BB-35), or why not. */
function editedSorcerer(c: BareBonesCharacter, v: Values): RuleResult<SorcererMagic | null> {
  const spellsText = given(v, 'spells');
  const school = given(v, 'school');
  const forbidden = given(v, 'forbidden-school');
  if (spellsText === undefined && school === undefined && forbidden === undefined) return ok(c.sorcerer);
  const s = c.sorcerer;
  if (s === null) {
    const at = spellsText !== undefined ? 'spells' : school !== undefined ? 'school' : 'forbidden-school';
    return problem('bare-bones/not-a-sorcerer', 'Only sorcerers have spells and schools: leave them out.', `$.${at}`);
  }
  let spells = s.spells;
  let spellsToRoll = s.spellsToRoll;
  if (spellsText !== undefined) {
    const list = conditionsFromText(spellsText);
    if (list.length > MAX_SPELLS) return problem('bare-bones/too-many', `At most ${MAX_SPELLS} spells on a sheet, got ${list.length}.`, '$.spells');
    const long = list.find((x) => x.length > MAX_NAME_LENGTH);
    if (long !== undefined) return problem('bare-bones/too-long', `A spell's name is at most ${MAX_NAME_LENGTH} characters: ${long.slice(0, 20)}...`, '$.spells');
    // Spells written in first are the starting ones still to roll (Spell Acquisition).
    const added = list.filter((x) => !s.spells.includes(x)).length;
    spellsToRoll = Math.max(0, Math.min(STARTING_SPELLS, s.spellsToRoll - added));
    spells = list;
  }
  const schoolOf = (t: string | undefined, was: string | null): string | null => (t === undefined ? was : t.trim() === '' ? null : t.trim());
  const chosen = schoolOf(school, s.school);
  const barred = schoolOf(forbidden, s.forbiddenSchool);
  if (s.tradition === 'generalist' && (chosen !== null || barred !== null)) return problem('bare-bones/generalist-school', 'A generalist has no school: leave school and forbidden-school empty.', chosen !== null ? '$.school' : '$.forbidden-school');
  if (chosen !== null && chosen === barred) return problem('bare-bones/school-forbidden', 'The school specialised in cannot also be the one never learnt: name another forbidden school.', '$.forbidden-school');
  return ok({ ...s, spells, spellsToRoll, school: chosen, forbiddenSchool: barred });
}

const editKind = defineKind<{ readonly character: BareBonesCharacter; readonly changed: readonly string[] }>({
  def: {
    id: 'edit',
    label: 'Edit the sheet',
    help: 'The free fields: name, notes, conditions (comma-separated), coins and arrows; a sorcerer\'s spells (comma-separated) and schools. Fields left out stay as they are.',
    ref: `${REF_RULINGS} (BB-35); ${refClass('Sorcerers')}`,
    by: 'owner',
    rollsDice: false,
    params: [
      { name: 'name', kind: 'text', label: 'Name', help: 'The character\'s name.', maxLength: MAX_NAME_LENGTH },
      { name: 'notes', kind: 'text', label: 'Notes', help: 'The player\'s notes (the Side Quest, debts, rumours).', maxLength: MAX_NOTES_LENGTH, example: 'Side Quest: duel the bandit leader' },
      { name: 'conditions', kind: 'text', label: 'Conditions', help: 'Comma-separated ("poisoned, grabbed"); empty for none.', maxLength: MAX_CONDITIONS_TEXT_LENGTH },
      { name: 'coins', kind: 'integer', label: 'Coins', help: 'Coins carried (a hundred to a slot).', min: 0, max: MAX_COINS },
      { name: 'arrows', kind: 'integer', label: 'Arrows', help: 'Arrows in the quiver (twenty-four to a slot).', min: 0, max: MAX_ARROWS },
      { name: 'spells', kind: 'text', label: 'Spells', help: 'A sorcerer\'s spells, comma-separated; the first written in are the starting spells still to roll.', maxLength: MAX_SPELLS_TEXT_LENGTH },
      { name: 'school', kind: 'text', label: 'School', help: 'A school sorcerer\'s specialty; empty clears it.', maxLength: MAX_NAME_LENGTH },
      { name: 'forbidden-school', kind: 'text', label: 'Forbidden school', help: 'The school a school sorcerer can never learn; empty clears it.', maxLength: MAX_NAME_LENGTH },
    ],
  },
  read(c, v) {
    let next: BareBonesCharacter = c;
    const changed: string[] = [];
    const name = given(v, 'name');
    if (name !== undefined) {
      if (name.trim() === '') return problem('bare-bones/empty-name', 'A name must have at least one letter; leave name out to keep it.', '$.name');
      if (name.trim() !== c.name) changed.push(`name ${c.name} -> ${name.trim()}`);
      next = { ...next, name: name.trim() };
    }
    const notes = given(v, 'notes');
    if (notes !== undefined) {
      if (notes !== c.notes) changed.push('notes');
      next = { ...next, notes };
    }
    const conditionsText = given(v, 'conditions');
    if (conditionsText !== undefined) {
      const list = readConditions(conditionsFromText(conditionsText), '$.conditions');
      if (!list.ok) return problem(list.error.code, list.error.message, '$.conditions');
      if (list.value.join(', ') !== c.conditions.join(', ')) changed.push(`conditions: ${list.value.join(', ') || 'none'}`);
      next = { ...next, conditions: list.value };
    }
    for (const field of ['coins', 'arrows'] as const) {
      const n = optNum(v, field);
      if (n === undefined) continue;
      if (n !== c[field]) changed.push(`${field} ${c[field]} -> ${n}`);
      next = { ...next, [field]: n };
    }
    const sorcerer = editedSorcerer(c, v);
    if (!sorcerer.ok) return sorcerer;
    if (JSON.stringify(sorcerer.value) !== JSON.stringify(c.sorcerer)) changed.push('spells and schools');
    return ok({ character: { ...next, sorcerer: sorcerer.value }, changed });
  },
  roll: (_rng, _c, p) => made(p.character, `Edit: ${p.changed.length === 0 ? 'no change' : p.changed.join(', ')}`, p.changed.length === 0 ? ['nothing changed'] : p.changed),
});

/** The edit kind. */
export const EDIT_KINDS: readonly PlayKind[] = [editKind];

/** The current free fields, for an edit form. */
export function editPrefill(c: BareBonesCharacter): ParamRecord {
  return {
    name: c.name,
    notes: c.notes,
    conditions: c.conditions.join(', '),
    coins: c.coins,
    arrows: c.arrows,
    ...(c.sorcerer === null ? {} : { spells: c.sorcerer.spells.join(', '), school: c.sorcerer.school ?? '', 'forbidden-school': c.sorcerer.forbiddenSchool ?? '' }),
  };
}
