/**
 * What a character sheet shows, read from any ruleset's document through the contract: the stats as
 * roll buttons, the usage (resource) dice as buttons (`characterValues`, the ones with `isUsageDie`),
 * the trackers from `summarize`, and the rest of the document with the ruleset's labels (`labelOf`).
 */
import { pointerOf, type CharacterSummary, type CharacterValue, type RuleSystem, type RulesetCharacter } from '../../../src/rules/rule-system.js';

/** A stat on the sheet. */
export interface SheetStat {
  readonly id: string;
  readonly label: string;
  readonly score: number;
  readonly mod: number | null;
}

/** A usage die on the sheet: what it is on, and its size now. */
export interface SheetUsageDie {
  /** JSON pointer of the die in the document (`/inventory/3/resourceDie`), as the ruleset gives it. */
  readonly pointer: string;
  readonly label: string;
  readonly die: number;
}

/** A character read for the sheet, or the problems of its document. */
export type SheetRead =
  | {
      readonly ok: true;
      readonly character: RulesetCharacter;
      readonly summary: CharacterSummary;
      readonly stats: readonly SheetStat[];
      readonly values: readonly CharacterValue[];
      readonly usage: readonly SheetUsageDie[];
    }
  | { readonly ok: false; readonly message: string; readonly path: string | null };

/** The stats in the ruleset's order (keys matched without regard to case). */
export function sheetStats(rs: Pick<RuleSystem, 'attributes'>, c: RulesetCharacter): SheetStat[] {
  const out: SheetStat[] = [];
  const keys = Object.keys(c.stats);
  for (const a of rs.attributes) {
    const key = keys.find((k) => k.toLowerCase() === a.id.toLowerCase());
    const v = key === undefined ? undefined : c.stats[key];
    // A damaged attribute rolls as it stands now (`current`), not as it was made.
    if (v && typeof v.score === 'number') out.push({ id: a.id, label: a.label, score: typeof v.current === 'number' ? v.current : v.score, mod: typeof v.mod === 'number' ? v.mod : null });
  }
  return out;
}

/** The usage dice among a character's values: the ones the ruleset's usage roll steps, while they last. */
export function sheetUsageDice(values: readonly CharacterValue[]): SheetUsageDie[] {
  const out: SheetUsageDie[] = [];
  for (const v of values) {
    if (v.isUsageDie !== true || v.kind !== 'die' || v.value === null) continue;
    out.push({ pointer: v.pointer, label: v.label, die: v.value });
  }
  return out;
}

/** Reads a document for the sheet through the ruleset. */
export function readSheet(rs: RuleSystem, doc: Readonly<Record<string, unknown>>): SheetRead {
  const r = rs.readCharacter(doc);
  if (!r.ok) return { ok: false, message: r.error.message, path: r.error.path ?? null };
  const values = rs.characterValues(r.value);
  return { ok: true, character: r.value, summary: rs.summarize(r.value), stats: sheetStats(rs, r.value), values, usage: sheetUsageDice(values) };
}

/** Reads pasted or uploaded JSON; a syntax error names where it is. */
export function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    return { ok: false, message: `Not JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/** One more line of a sheet: a plain field, or a list of items. */
export type SheetDetail =
  | { readonly kind: 'field'; readonly key: string; readonly label: string; readonly value: string }
  | { readonly kind: 'list'; readonly key: string; readonly label: string; readonly items: readonly string[] };

const HIDDEN_FIELDS = new Set(['name', 'ruleset', 'schemaVersion', 'stats', 'creation', 'id', 'ownerId', 'history']);

/** "startingCoins" -> "Starting coins". */
export function fieldLabel(key: string): string {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[-_]/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Every id of a ruleset's tables with its label (the first table naming an id wins), then the choices
 * of its creation options (method, setting) for ids no table names.
 */
export function labelLookup(
  tables: readonly { readonly rows: readonly { readonly id: string; readonly label: string }[] }[],
  options: readonly { readonly kind: string; readonly choices?: readonly { readonly id: string; readonly label: string }[] }[] = [],
): ReadonlyMap<string, string> {
  const out = new Map<string, string>();
  for (const t of tables) for (const r of t.rows) if (!out.has(r.id)) out.set(r.id, r.label);
  for (const o of options) for (const c of o.choices ?? []) if (!out.has(c.id)) out.set(c.id, c.label);
  return out;
}

/** Where the sheet finds the label of an id (a Map, or a lookup with fallbacks). */
export interface LabelSource {
  get(id: string): string | undefined;
}

/**
 * The labels of a ruleset's ids on a sheet: its tables, the choices of its creation options, the
 * names of the rulesets (`rulesetLabels`), then the ruleset's own `labelOf`.
 */
export function sheetLabels(rs: Pick<RuleSystem, 'tables' | 'creationOptions' | 'labelOf'>, rulesetLabels: Readonly<Record<string, string>> = {}): LabelSource {
  const rulesets = { rows: Object.entries(rulesetLabels).map(([id, label]) => ({ id, label })) };
  const map = labelLookup([...rs.tables, rulesets], rs.creationOptions);
  return { get: (id) => map.get(id) ?? rs.labelOf(id) };
}

/** An id as shown: its label, else a lowercase slug ("two-handed") with a capital ("Two-handed"). */
export function idText(id: string, labels: LabelSource): string {
  const label = labels.get(id);
  if (label !== undefined) return label;
  // A die ("d8", "2d6") is written as dice are, never capitalised.
  if (/^\d*d\d+$/.test(id)) return id;
  return /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(id) ? id.charAt(0).toUpperCase() + id.slice(1) : id;
}

/** `(d6)` after an item when the ruleset lists a die kept on it (a usage die), else nothing. */
function dieText(pointer: string, values: readonly CharacterValue[]): string {
  const v = values.find((x) => x.kind === 'die' && x.value !== null && x.pointer.startsWith(`${pointer}/`) && !x.pointer.slice(pointer.length + 1).includes('/'));
  return v === undefined ? '' : ` (d${v.value})`;
}

function itemText(v: unknown, labels: LabelSource, pointer: string, values: readonly CharacterValue[]): string | null {
  if (typeof v === 'string') return idText(v, labels);
  if (typeof v === 'number') return String(v);
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  const raw = [o['label'], o['name'], o['id']].find((x) => typeof x === 'string') as string | undefined;
  if (raw === undefined) return null;
  // A skill's medium, kind or specialization ("Art (oils)"), where the document gives one.
  const spec = typeof o['specialization'] === 'string' && o['specialization'].trim() !== '' ? ` (${o['specialization'].trim()})` : '';
  const name = idText(raw, labels) + spec;
  const qty = typeof o['quantity'] === 'number' && o['quantity'] > 1 ? ` ×${o['quantity']}` : '';
  const value = typeof o['value'] === 'number' ? ` ${o['value']}` : typeof o['score'] === 'number' ? ` ${o['score']}` : '';
  return `${name}${value}${qty}${dieText(pointer, values)}`;
}

/** A key compared loosely: `healthDie`, `health-die` and "Health Die" are the same. */
export function normalKey(key: string): string {
  return key.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * The rest of a character document, for the sheet: plain fields and lists of named items
 * (`shownValues`: normalKey()s already shown; `values`: the ruleset's `characterValues`, whose dice
 * are written after the items that keep them).
 */
export function sheetDetails(
  doc: Readonly<Record<string, unknown>>,
  shownValues: ReadonlySet<string> = new Set(),
  labels: LabelSource = new Map(),
  values: readonly CharacterValue[] = [],
): SheetDetail[] {
  const out: SheetDetail[] = [];
  for (const [key, v] of Object.entries(doc)) {
    if (HIDDEN_FIELDS.has(key)) continue;
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') {
      if (shownValues.has(normalKey(key))) continue;
      // A flag that is off says nothing worth a line; one that is on reads "Yes".
      if (v === false) continue;
      out.push({ kind: 'field', key, label: fieldLabel(key), value: v === true ? 'Yes' : typeof v === 'string' ? idText(v, labels) : String(v) });
    } else if (Array.isArray(v)) {
      const items = v.map((x, i) => itemText(x, labels, pointerOf(key, i), values)).filter((x): x is string => x !== null);
      if (items.length > 0) out.push({ kind: 'list', key, label: fieldLabel(key), items });
    }
  }
  return out;
}
