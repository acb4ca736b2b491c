/**
 * One truth for a character in the combat tracker: a combatant that is a table character shows the
 * Health and Armour its document holds (the values the ruleset names with roles `health` and `armour`,
 * `RuleSystem.characterValues`), and a change the Smith makes to that combatant's Health or Armour in the
 * tracker is written into the document. Values are found by their JSON pointers (RFC 6901), so nothing
 * here knows a ruleset's document.
 */
import type { CharacterValue, CombatState, RuleSystem, TableCharacter } from '../rules/rule-system.js';
import { done, refuse, type TableResult } from './result.js';

/** Longest JSON pointer a command may name. */
export const MAX_POINTER_LENGTH = 200;

/** A value found at a pointer: the keys that lead to it and the value. */
export interface PointerSlot {
  readonly keys: readonly string[];
  readonly value: unknown;
}

/** The value at a JSON pointer of a document, or why there is none. */
export function valueAt(document: unknown, pointer: string): TableResult<PointerSlot> {
  if (pointer.length > MAX_POINTER_LENGTH || !pointer.startsWith('/')) return refuse('table/bad-path', `A path is a JSON pointer such as /healthDie, got ${pointer.slice(0, 40)}.`);
  const keys = pointer
    .slice(1)
    .split('/')
    .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
  let value: unknown = document;
  for (const key of keys) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return refuse('table/bad-path', `The character has nothing at ${pointer}.`);
    value = (value as Record<string, unknown>)[key];
  }
  return done({ keys, value });
}

/** A copy of `document` with the value at `keys` replaced by `value`. */
export function writeAt(document: { readonly [key: string]: unknown }, keys: readonly string[], value: unknown): { [key: string]: unknown } {
  const copy = structuredClone(document) as { [key: string]: unknown };
  let target: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[keys[keys.length - 1]!] = value;
  return copy;
}

/** A die as the document writes it: the same form as `previous` ("d8" text or 8), null as null. */
export function dieLike(previous: unknown, sides: number | null): unknown {
  if (sides === null) return null;
  return typeof previous === 'number' ? sides : `d${sides}`;
}

/** How the tracker writes a character value: "d8", "down" (a health die gone), "none" (no armour), "12/17", "7". */
export function trackerText(v: CharacterValue): string {
  if (v.kind === 'die') return v.value === null ? (v.role === 'health' ? 'down' : 'none') : `d${v.value}`;
  if (v.value === null) return '';
  return v.max !== undefined ? `${v.value}/${v.max.value}` : String(v.value);
}

/** The character's Health and Armour values, when its ruleset names them. */
export function trackedValues(rules: RuleSystem, document: TableCharacter['document']): { readonly health?: CharacterValue; readonly armour?: CharacterValue } {
  const read = rules.readCharacter(document);
  if (!read.ok) return {};
  const values = rules.characterValues(read.value);
  const health = values.find((v) => v.role === 'health');
  const armour = values.find((v) => v.role === 'armour');
  return { ...(health !== undefined ? { health } : {}), ...(armour !== undefined ? { armour } : {}) };
}

/**
 * The tracker with every combatant that is one of `characters` showing its document's Health and
 * Armour (and down when its Health die is gone); the same object when nothing changes.
 */
export function syncCombatants(combat: CombatState, characters: readonly TableCharacter[], rules: RuleSystem): CombatState {
  let changed = false;
  const combatants = combat.combatants.map((c) => {
    const ch = c.characterId === undefined ? undefined : characters.find((x) => x.id === c.characterId);
    if (ch === undefined) return c;
    const { health, armour } = trackedValues(rules, ch.document);
    const healthText = health === undefined ? c.health : trackerText(health);
    const armourText = armour === undefined ? c.armour : trackerText(armour);
    const isDown = health === undefined || healthText === c.health ? c.isDown : health.kind === 'die' ? health.value === null : health.value !== null && health.value <= 0;
    if (healthText === c.health && armourText === c.armour && isDown === c.isDown) return c;
    changed = true;
    return { ...c, health: healthText, armour: armourText, isDown };
  });
  return changed ? { ...combat, combatants } : combat;
}

/** Reads a tracker text for a character value: a die ("d6", or down/none), or a number ("7", "7/12"). */
function readTrackerText(v: CharacterValue, text: string, what: string): TableResult<{ readonly value: number | null; readonly max?: number }> {
  const t = text.trim().toLowerCase();
  if (v.kind === 'die') {
    if (t === 'down' || t === 'none' || t === '-') return done({ value: null });
    const m = /^d([1-9]\d{0,2})$/.exec(t);
    if (m === null) return refuse('combat/bad-value', `${what} of a character is a die such as d6 (or down), got ${text.slice(0, 20)}.`);
    return done({ value: Number(m[1]) });
  }
  const m = /^(-?\d{1,6})(?:\s*\/\s*(\d{1,6}))?$/.exec(t);
  if (m === null) return refuse('combat/bad-value', `${what} of a character is a number such as 7${v.max !== undefined ? ' or 7/12' : ''}, got ${text.slice(0, 20)}.`);
  return done({ value: Number(m[1]), ...(m[2] !== undefined ? { max: Number(m[2]) } : {}) });
}

/**
 * The document of `character` with the tracker's `health` and `armour` texts written where its ruleset
 * keeps them, and one line saying what changed; null when nothing changes (or the ruleset names no such
 * value). A text that is not such a value is refused; the ruleset then reads the new document.
 */
export function writeTrackerValues(
  rules: RuleSystem,
  character: TableCharacter,
  texts: { readonly health?: string; readonly armour?: string },
): TableResult<{ readonly document: { [key: string]: unknown }; readonly summary: string } | null> {
  const values = trackedValues(rules, character.document);
  let document: { [key: string]: unknown } = structuredClone(character.document) as { [key: string]: unknown };
  const lines: string[] = [];
  for (const role of ['health', 'armour'] as const) {
    const text = texts[role];
    const v = values[role];
    if (text === undefined || v === undefined || text.trim() === trackerText(v)) continue;
    const read = readTrackerText(v, text, v.label);
    if (!read.ok) return read;
    // The same value written another way ("D8" for d8, "12 / 17" for 12/17) changes nothing.
    if (read.value.value === v.value && (read.value.max === undefined || read.value.max === v.max?.value)) continue;
    const slot = valueAt(document, v.pointer);
    if (!slot.ok) return slot;
    // The maximum is the sheet's (a CON score, a level's hit points): the tracker changes the current value only.
    if (read.value.max !== undefined && v.max !== undefined && read.value.max !== v.max.value) {
      return refuse('combat/bad-value', `${v.label}'s maximum is ${v.max.value}, from the character's sheet; write the current value (such as ${Math.min(read.value.value ?? 0, v.max.value)}), or change the maximum on the sheet.`);
    }
    document = writeAt(document, slot.value.keys, v.kind === 'die' ? dieLike(slot.value.value, read.value.value) : read.value.value);
    const written = v.kind === 'die' ? trackerText({ ...v, value: read.value.value }) : `${read.value.value}${read.value.max !== undefined ? `/${read.value.max}` : ''}`;
    lines.push(`${v.label} ${trackerText(v)} -> ${written}`);
  }
  if (lines.length === 0) return done(null);
  const valid = rules.readCharacter(document);
  if (!valid.ok) return refuse(valid.error.code, `The character would no longer be valid: ${valid.error.message}`);
  return done({ document, summary: `Tracker: ${lines.join(', ')}` });
}
