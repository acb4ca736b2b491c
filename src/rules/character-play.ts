/**
 * What every ruleset's character document keeps of play, and the helpers every ruleset and the table
 * share to keep it: the player's notes, the character's conditions, and its history (one line per
 * change, who made it and when). A ruleset's `readCharacter` reads these fields with `readPlayFields`
 * (so every document validates them the same way, with the same JSON paths), and the table, the CLI and
 * the rulesets' tests append history with `withHistory`.
 */
import { childPath, optional, readArray, readInteger, readObject, readString, type Reader } from './json-reader.js';
import { ok, problem, type CharacterHistoryEntry, type RuleResult } from './rule-system.js';

/** Longest notes text of a character. */
export const MAX_NOTES_LENGTH = 4000;
/** Conditions a character may have at once ("poisoned", "prone"). */
export const MAX_CHARACTER_CONDITIONS = 20;
/** Longest condition. */
export const MAX_CHARACTER_CONDITION_LENGTH = 40;
/** History entries a document keeps; older ones are dropped (the table's log keeps every change). */
export const MAX_HISTORY_ENTRIES = 100;
/** Longest summary of one change. */
export const MAX_HISTORY_SUMMARY_LENGTH = 200;
/** Longest name of who made a change (a member name is at most 40). */
export const MAX_HISTORY_BY_LENGTH = 40;
/** Longest change kind. */
export const MAX_CHANGE_ID_LENGTH = 40;
/** Latest time a history entry may carry (year 2999), so a typo is caught. */
export const MAX_HISTORY_AT = 32_503_680_000_000;

/** What every document keeps of play. */
export interface PlayFields {
  readonly notes: string;
  readonly conditions: readonly string[];
  readonly history: readonly CharacterHistoryEntry[];
}

/** A document with no play yet (what a migration from a version before play fills in). */
export const NO_PLAY: PlayFields = Object.freeze({ notes: '', conditions: Object.freeze([]), history: Object.freeze([]) });

const readTrue: Reader<true> = (value, path) => (value === true ? ok(true) : problem('json/invalid', `${path.replace(/^\$\.?/, '')}: must be true when present, got ${String(value)}`, path));

const readEntry: Reader<CharacterHistoryEntry> = readObject({
  at: readInteger(0, MAX_HISTORY_AT),
  by: readString({ min: 1, max: MAX_HISTORY_BY_LENGTH }),
  change: readString({ min: 1, max: MAX_CHANGE_ID_LENGTH }),
  summary: readString({ max: MAX_HISTORY_SUMMARY_LENGTH }),
  isOverride: optional(readTrue),
});

/** Reads notes: text of at most `MAX_NOTES_LENGTH` characters. */
export const readNotes: Reader<string> = readString({ max: MAX_NOTES_LENGTH });

/** Reads conditions: a list of short non-empty texts, no two the same. */
export const readConditions: Reader<readonly string[]> = (value, path) => {
  const list = readArray(readString({ min: 1, max: MAX_CHARACTER_CONDITION_LENGTH, trim: true }), { max: MAX_CHARACTER_CONDITIONS })(value, path);
  if (!list.ok) return list;
  const seen = new Set<string>();
  for (let i = 0; i < list.value.length; i++) {
    const key = list.value[i]!.toLowerCase();
    if (seen.has(key)) return problem('json/invalid', `${childPath(path, i).replace(/^\$\.?/, '')}: ${list.value[i]!} is listed twice`, childPath(path, i));
    seen.add(key);
  }
  return list;
};

/** Reads a history: at most `MAX_HISTORY_ENTRIES` entries, oldest first. */
export const readHistory: Reader<readonly CharacterHistoryEntry[]> = (value, path) => {
  const list = readArray(readEntry, { max: MAX_HISTORY_ENTRIES })(value, path);
  if (!list.ok) return list;
  for (let i = 1; i < list.value.length; i++) {
    if (list.value[i]!.at < list.value[i - 1]!.at) return problem('json/invalid', `${childPath(path, i).replace(/^\$\.?/, '')}: history is oldest first; this entry is older than the one before it`, childPath(path, i));
  }
  return list;
};

/**
 * Reads a document's play fields (`notes`, `conditions`, `history`) at `path`; each may be absent (a
 * document written before play, or by hand), and is then empty.
 */
export function readPlayFields(document: { readonly [key: string]: unknown }, path = '$'): RuleResult<PlayFields> {
  const notes = document['notes'] === undefined ? ok('') : readNotes(document['notes'], childPath(path, 'notes'));
  if (!notes.ok) return notes;
  const conditions = document['conditions'] === undefined ? ok([]) : readConditions(document['conditions'], childPath(path, 'conditions'));
  if (!conditions.ok) return conditions;
  const history = document['history'] === undefined ? ok([]) : readHistory(document['history'], childPath(path, 'history'));
  if (!history.ok) return history;
  return ok({ notes: notes.value, conditions: conditions.value, history: history.value });
}

/** `text` cut to `max` characters, with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}\u2026`;
}

/**
 * A copy of `document` with `entry` appended to its history (oldest entries dropped past
 * `MAX_HISTORY_ENTRIES`; the summary and the name clipped to their limits; an entry older than the last
 * one takes the last one's time, so the history stays in order).
 */
export function withHistory<D extends { readonly [key: string]: unknown }>(document: D, entry: CharacterHistoryEntry): D {
  const before = Array.isArray(document['history']) ? (document['history'] as readonly CharacterHistoryEntry[]) : [];
  const last = before.length > 0 ? before[before.length - 1]!.at : 0;
  const line: CharacterHistoryEntry = {
    at: Math.min(MAX_HISTORY_AT, Math.max(0, Math.round(entry.at), last)),
    by: clip(entry.by.trim() === '' ? '?' : entry.by, MAX_HISTORY_BY_LENGTH),
    change: clip(entry.change, MAX_CHANGE_ID_LENGTH),
    summary: clip(entry.summary, MAX_HISTORY_SUMMARY_LENGTH),
    ...(entry.isOverride === true ? { isOverride: true as const } : {}),
  };
  const history = [...before, line].slice(-MAX_HISTORY_ENTRIES);
  return { ...document, history };
}

/** Conditions as a form writes them: comma-separated text ("poisoned, prone"), trimmed, blanks dropped. */
export function conditionsFromText(text: string): string[] {
  return text
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c.length > 0);
}
