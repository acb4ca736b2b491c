/**
 * The `edit` change: the free fields of a character, the player's to write (its name, notes,
 * conditions as comma-separated text, and coins). Left out, a field keeps its value.
 * Rules: none of the text's (a sheet's own fields); limits from src/rules/character-play.ts.
 * Rulings: docs/rulings.md (PL-1, PL-13).
 */
import { MAX_CHARACTER_CONDITIONS, MAX_CHARACTER_CONDITION_LENGTH, MAX_NOTES_LENGTH, conditionsFromText, readConditions } from '../../character-play.js';
import { ok, type ParamDef, type RuleResult } from '../../rule-system.js';
import { MAX_DOCUMENT_NUMBER, MAX_NAME_LENGTH, type Character } from '../character.js';
import { PLAY_REF, type ChangeKind, type ChangeResult } from './kind.js';
import { numberOf, refuse, textOf, type Read } from './params.js';

/** Longest conditions text: every condition at its longest with a comma and a space between. */
export const MAX_CONDITIONS_TEXT_LENGTH = MAX_CHARACTER_CONDITIONS * (MAX_CHARACTER_CONDITION_LENGTH + 2);

const PARAMS: readonly ParamDef[] = [
  { name: 'name', kind: 'text', maxLength: MAX_NAME_LENGTH, label: 'Name', help: `the name (1 to ${MAX_NAME_LENGTH} characters)` },
  { name: 'notes', kind: 'text', maxLength: MAX_NOTES_LENGTH, label: 'Notes', help: "the player's notes (empty to clear them)", example: 'Owes the innkeeper 5 coins' },
  { name: 'conditions', kind: 'text', maxLength: MAX_CONDITIONS_TEXT_LENGTH, label: 'Conditions', help: `comma-separated ("poisoned, prone"), at most ${MAX_CHARACTER_CONDITIONS}; empty to clear them` },
  { name: 'coins', kind: 'integer', min: 0, max: MAX_DOCUMENT_NUMBER, label: 'Coins', help: 'the coins held' },
];

function rollEdit(c: Character, p: Read): RuleResult<ChangeResult> {
  const lines: string[] = [];
  let after: Character = c;
  const name = textOf(p, 'name');
  if (name !== undefined) {
    const trimmed = name.trim();
    if (trimmed === '') return refuse('edit/empty-name', 'a name needs at least one letter; leave the name out to keep it.', 'name');
    if (trimmed !== c.name) {
      lines.push(`Name: ${c.name} -> ${trimmed}`);
      after = { ...after, name: trimmed };
    }
  }
  const notes = textOf(p, 'notes');
  if (notes !== undefined && notes !== c.notes) {
    lines.push(notes === '' ? 'Notes cleared' : `Notes: ${notes.length} characters`);
    after = { ...after, notes };
  }
  const conditionsText = textOf(p, 'conditions');
  if (conditionsText !== undefined) {
    const read = readConditions(conditionsFromText(conditionsText), '$.conditions');
    if (!read.ok) return refuse('edit/bad-conditions', `${read.error.message}; write each condition once, at most ${MAX_CHARACTER_CONDITION_LENGTH} characters.`, 'conditions');
    const conditions = read.value;
    if (conditions.join('\u0000') !== c.conditions.join('\u0000')) {
      lines.push(`Conditions: ${c.conditions.join(', ') || 'none'} -> ${conditions.join(', ') || 'none'}`);
      after = { ...after, conditions };
    }
  }
  const coins = numberOf(p, 'coins');
  if (coins !== undefined && coins !== c.coins) {
    lines.push(`Coins: ${c.coins} -> ${coins}`);
    after = { ...after, coins };
  }
  if (lines.length === 0) return refuse('edit/no-change', 'the edit changes nothing: give a name, notes, conditions or coins that differ from the sheet.');
  return ok({ character: after, summary: `Edit: ${lines.join('; ')}`, explanation: lines, dice: [] });
}

/** `edit`: name, notes, conditions and coins, as the player writes them. */
export const EDIT_CHANGE: ChangeKind = {
  def: { id: 'edit', label: 'Edit', help: 'the name, notes, conditions (comma-separated) and coins', ref: `${PLAY_REF}, CHARACTERS`, by: 'owner', rollsDice: false, params: PARAMS },
  roll: (_rng, c, p) => rollEdit(c, p),
  prefill: (c) => ({ name: c.name, notes: c.notes, conditions: c.conditions.join(', '), coins: c.coins }),
};
