/**
 * Reading a character to import (pasted or from a file) before it is sent: every problem that can be
 * told here, each naming its field by JSON path, through the ruleset's `readCharacter`.
 */
import type { RuleSystem, RulesetCharacter } from '../../../src/rules/rule-system.js';
import { parseJsonText } from './sheet-data.js';

/** One problem of an import: where in the document (a JSON path), and what is wrong. */
export interface ImportProblem {
  readonly path: string | null;
  readonly message: string;
}

/**
 * Every problem of pasted JSON that can be told before it is sent: a syntax error (with its place), or
 * each problem the ruleset's reader names (all of them when it lists several, else its first).
 */
export function importProblems(rs: Pick<RuleSystem, 'readCharacter'>, text: string): { ok: true; character: RulesetCharacter } | { ok: false; problems: readonly ImportProblem[] } {
  if (text.trim() === '') return { ok: false, problems: [{ path: null, message: 'Paste a character\'s JSON, or choose a file.' }] };
  const parsed = parseJsonText(text);
  if (!parsed.ok) return { ok: false, problems: [{ path: null, message: parsed.message }] };
  let doc = parsed.value;
  // The table gives the character its own id and owner: an exported sheet's are dropped.
  if (typeof doc === 'object' && doc !== null && !Array.isArray(doc)) {
    const { id: _id, ownerId: _owner, ...rest } = doc as Record<string, unknown>;
    doc = rest;
  }
  const r = rs.readCharacter(doc);
  if (r.ok) return { ok: true, character: r.value };
  const all = r.error.problems && r.error.problems.length > 0 ? r.error.problems : [r.error];
  return { ok: false, problems: all.map((p) => ({ path: p.path ?? '$', message: p.message })) };
}

