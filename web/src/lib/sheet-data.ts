/**
 * What a character sheet shows, read from any ruleset's document through the contract: the stats as
 * roll buttons, the usage (resource) dice as buttons, the trackers from `summarize`.
 */
import type { CharacterSummary, RuleSystem, RulesetCharacter } from '../../../src/rules/rule-system.js';

/** A stat on the sheet. */
export interface SheetStat {
  readonly id: string;
  readonly label: string;
  readonly score: number;
  readonly mod: number | null;
}

/** A usage die on the sheet: what it is on, and its size now. */
export interface SheetUsageDie {
  /** JSON path of the die in the document (`$.inventory[3].resourceDie`). */
  readonly path: string;
  readonly label: string;
  readonly die: number;
}

/** A character read for the sheet, or the problems of its document. */
export type SheetRead =
  | { readonly ok: true; readonly character: RulesetCharacter; readonly summary: CharacterSummary; readonly stats: readonly SheetStat[]; readonly usage: readonly SheetUsageDie[] }
  | { readonly ok: false; readonly message: string; readonly path: string | null };

/** The stats in the ruleset's order (keys matched without regard to case). */
export function sheetStats(rs: Pick<RuleSystem, 'attributes'>, c: RulesetCharacter): SheetStat[] {
  const out: SheetStat[] = [];
  const keys = Object.keys(c.stats);
  for (const a of rs.attributes) {
    const key = keys.find((k) => k.toLowerCase() === a.id.toLowerCase());
    const v = key === undefined ? undefined : c.stats[key];
    if (v && typeof v.score === 'number') out.push({ id: a.id, label: a.label, score: v.score, mod: typeof v.mod === 'number' ? v.mod : null });
  }
  return out;
}

/** Usage dice kept on inventory items (`resourceDie`, `usageDie`) and at the top level. */
export function sheetUsageDice(doc: Readonly<Record<string, unknown>>, sides: readonly number[]): SheetUsageDie[] {
  const out: SheetUsageDie[] = [];
  const isDie = (v: unknown): v is number => typeof v === 'number' && sides.includes(v);
  const inv = doc['inventory'];
  if (Array.isArray(inv)) {
    inv.forEach((item: unknown, i) => {
      if (typeof item !== 'object' || item === null) return;
      const it = item as Record<string, unknown>;
      for (const key of ['resourceDie', 'usageDie']) {
        if (isDie(it[key])) {
          const label = typeof it['label'] === 'string' ? it['label'] : typeof it['name'] === 'string' ? it['name'] : typeof it['id'] === 'string' ? it['id'] : `item ${i + 1}`;
          out.push({ path: `$.inventory[${i}].${key}`, label, die: it[key] as number });
        }
      }
    });
  }
  const top = doc['usageDice'];
  if (typeof top === 'object' && top !== null && !Array.isArray(top)) {
    for (const [k, v] of Object.entries(top)) if (isDie(v)) out.push({ path: `$.usageDice.${k}`, label: k, die: v });
  }
  return out;
}

/** Reads a document for the sheet through the ruleset. */
export function readSheet(rs: RuleSystem, doc: Readonly<Record<string, unknown>>): SheetRead {
  const r = rs.readCharacter(doc);
  if (!r.ok) return { ok: false, message: r.error.message, path: r.error.path ?? null };
  return { ok: true, character: r.value, summary: rs.summarize(r.value), stats: sheetStats(rs, r.value), usage: sheetUsageDice(doc, rs.usageDie.sides) };
}

/** A simple JSON path (`$.inventory[3].resourceDie`) as a JSON pointer (`/inventory/3/resourceDie`, RFC 6901). */
export function toJsonPointer(path: string): string {
  const parts = [...path.replace(/^\$\.?/, '').matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) => (m[2] !== undefined ? m[2] : m[1]!));
  return parts.map((p) => `/${p.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** Sets a value at a simple JSON path (`$.inventory[3].resourceDie`) in a copy of the document. */
export function setAtPath(doc: Readonly<Record<string, unknown>>, path: string, value: unknown): Record<string, unknown> {
  const parts = [...path.replace(/^\$\.?/, '').matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) => (m[2] !== undefined ? Number(m[2]) : m[1]!));
  const root: Record<string, unknown> = structuredClone(doc) as Record<string, unknown>;
  let at: unknown = root;
  for (let i = 0; i < parts.length - 1; i++) at = (at as Record<string | number, unknown>)[parts[i]!];
  const last = parts[parts.length - 1];
  if (at !== null && typeof at === 'object' && last !== undefined) (at as Record<string | number, unknown>)[last] = value;
  return root;
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

const HIDDEN_FIELDS = new Set(['name', 'ruleset', 'schemaVersion', 'stats', 'creation', 'id', 'ownerId']);

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

/** An id as shown: its label, else a lowercase slug ("two-handed") with a capital ("Two-handed"). */
export function idText(id: string, labels: LabelSource): string {
  const label = labels.get(id);
  if (label !== undefined) return label;
  return /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(id) ? id.charAt(0).toUpperCase() + id.slice(1) : id;
}

function itemText(v: unknown, labels: LabelSource): string | null {
  if (typeof v === 'string') return idText(v, labels);
  if (typeof v === 'number') return String(v);
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  const raw = [o['label'], o['name'], o['id']].find((x) => typeof x === 'string') as string | undefined;
  if (raw === undefined) return null;
  const name = idText(raw, labels);
  const qty = typeof o['quantity'] === 'number' && o['quantity'] > 1 ? ` ×${o['quantity']}` : '';
  const value = typeof o['value'] === 'number' ? ` ${o['value']}` : typeof o['score'] === 'number' ? ` ${o['score']}` : '';
  const die = typeof o['resourceDie'] === 'number' ? ` (d${o['resourceDie']})` : '';
  return `${name}${value}${qty}${die}`;
}

/** A key compared loosely: `healthDie`, `health-die` and "Health Die" are the same. */
export function normalKey(key: string): string {
  return key.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The rest of a character document, for the sheet: plain fields and lists of named items (`shownValues`: normalKey()s already shown). */
export function sheetDetails(doc: Readonly<Record<string, unknown>>, shownValues: ReadonlySet<string> = new Set(), labels: LabelSource = new Map()): SheetDetail[] {
  const out: SheetDetail[] = [];
  for (const [key, v] of Object.entries(doc)) {
    if (HIDDEN_FIELDS.has(key)) continue;
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') {
      if (shownValues.has(normalKey(key))) continue;
      // A flag that is off says nothing worth a line; one that is on reads "Yes".
      if (v === false) continue;
      out.push({ kind: 'field', key, label: fieldLabel(key), value: v === true ? 'Yes' : typeof v === 'string' ? idText(v, labels) : String(v) });
    } else if (Array.isArray(v)) {
      const items = v.map((x) => itemText(x, labels)).filter((x): x is string => x !== null);
      if (items.length > 0) out.push({ kind: 'list', key, label: fieldLabel(key), items });
    }
  }
  return out;
}
