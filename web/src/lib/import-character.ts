/**
 * Reading a character to import (pasted or from a file) before it is sent: every problem that can be
 * told here, each naming its field by JSON path, through the ruleset's `readCharacter`.
 */
import { CATALOGUE } from '../../../src/rules/catalogue.js';
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
export function importProblems(rs: Pick<RuleSystem, 'id' | 'label' | 'readCharacter'>, text: string): { ok: true; character: RulesetCharacter } | { ok: false; problems: readonly ImportProblem[] } {
  if (text.trim() === '') return { ok: false, problems: [{ path: null, message: 'Paste a character\'s JSON, or choose a file.' }] };
  const parsed = parseJsonText(text);
  if (!parsed.ok) return { ok: false, problems: [{ path: null, message: parsed.message }] };
  let doc = parsed.value;
  // The command line's `char new --json` writes a list, of one character unless --count says more.
  if (Array.isArray(doc)) {
    if (doc.length !== 1) return { ok: false, problems: [{ path: '$', message: `This holds ${doc.length} characters (a list, as the command line's 'char new --count ${Math.max(doc.length, 2)} --json' writes); import them one at a time.` }] };
    doc = doc[0];
  }
  // A character of another ruleset: that is the one problem worth saying, not every field it lacks.
  const theirs = typeof doc === 'object' && doc !== null ? (doc as Record<string, unknown>)['ruleset'] : undefined;
  if (typeof theirs === 'string' && theirs !== rs.id) {
    const label = CATALOGUE.find((e) => e.id === theirs)?.label ?? `a ruleset called ${JSON.stringify(theirs)}`;
    return { ok: false, problems: [{ path: '$.ruleset', message: `This is a character of ${label}; this table plays ${rs.label}. Make one for this table with "New character".` }] };
  }
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

