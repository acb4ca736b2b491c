/**
 * Generic forms from a ruleset's `ParamDef`s (checks and character creation): the form's values as
 * text, read back into a `ParamRecord` with the same messages the CLI gives (`readParam`).
 */
import { readParam, type ParamDef, type ParamRecord, type ParamValue, type RuleProblem } from '../../../src/rules/rule-system.js';

/** What a form holds: text for number/text fields, booleans for checkboxes. */
export type FormValues = Readonly<Record<string, string | boolean>>;

/** The form as it opens: each parameter's default, or empty. */
export function initialValues(defs: readonly ParamDef[]): FormValues {
  const out: Record<string, string | boolean> = {};
  for (const d of defs) {
    if (d.kind === 'boolean') out[d.name] = d.default ?? false;
    else out[d.name] = d.default === undefined ? '' : String(d.default);
  }
  return out;
}

/** Reads one field's text into the parameter's type; undefined when left empty. */
function fieldValue(def: ParamDef, raw: string | boolean | undefined): ParamValue | undefined | RuleProblem {
  if (raw === undefined) return undefined;
  switch (def.kind) {
    case 'boolean':
      return raw === true;
    case 'integer':
    case 'die': {
      const t = String(raw).trim().replace(/^d/i, '');
      if (t === '') return undefined;
      if (!/^[+-]?\d+$/.test(t)) return { code: 'param/not-integer', message: `${def.label} must be a whole number, got ${String(raw)}.`, path: `$.${def.name}` };
      return Number(t);
    }
    case 'choice':
    case 'text': {
      const t = String(raw);
      return t === '' ? undefined : t;
    }
  }
}

/** Reads a whole form: the parameters to send, or the first problem (with its field's name). */
export function readForm(defs: readonly ParamDef[], values: FormValues): { ok: true; params: ParamRecord } | { ok: false; field: string; problem: RuleProblem } {
  const params: Record<string, ParamValue> = {};
  for (const def of defs) {
    const v = fieldValue(def, values[def.name]);
    if (typeof v === 'object' && v !== null) return { ok: false, field: def.name, problem: v };
    if (v !== undefined) params[def.name] = v;
  }
  for (const def of defs) {
    const r = readParam(defs, params, def.name);
    if (!r.ok) return { ok: false, field: def.name, problem: r.error };
  }
  return { ok: true, params };
}

/** A command-line flag with its value, as a ruleset names where a modifier came from ("--steps +1", "--adv"). */
const FLAG = /^--[a-z0-9][a-z0-9-]*(?:\s+[+-]?\d+)?$/i;

/**
 * A ruleset's help, problem or explanation text as the page shows it, without the CLI's flags: a
 * parenthesis that only names flags ("(--steps +1)", "(--adv)") is dropped, a flag among other origins
 * is left out of the list, and a flag in the text ("--target") is named by its field's label.
 * @example plainText('Test: d20 +1 step (--steps +1) -> d16') // 'Test: d20 +1 step -> d16'
 * @example plainText('the half-stat of --target', [{ name: 'target', label: 'Target', ... }]) // 'the half-stat of Target'
 */
export function plainText(text: string, defs: readonly Pick<ParamDef, 'name' | 'label'>[] = []): string {
  return text
    .replace(/\s*\(([^()]*)\)/g, (whole, inner: string) => {
      const parts = inner.split(/,\s*/);
      if (!parts.some((x) => FLAG.test(x.trim()))) return whole;
      const kept = parts.filter((x) => !FLAG.test(x.trim()));
      return kept.length === 0 ? '' : ` (${kept.join(', ')})`;
    })
    .replace(/--([a-z0-9][a-z0-9-]*)/gi, (_, name: string) => defs.find((d) => d.name === name)?.label ?? name.replace(/-/g, ' '));
}

/**
 * A check's description ("Test: d16, at or under 14, advantage (1d20^-1dis)") as the page shows it:
 * plain words, without the engine's notation of the dice tree at its end. That notation writes a Test's
 * roll-under in the chain's direction (an advantage on a Test keeps the lower die: "dis"), which reads
 * as the opposite of what the player chose; the words already say what is rolled.
 * @example plainDescription('Test: d16, at or under 14, advantage (1d20^-1dis)') // 'Test: d16, at or under 14, advantage'
 */
export function plainDescription(text: string, defs: readonly Pick<ParamDef, 'name' | 'label'>[] = []): string {
  return plainText(text.replace(/\s*\((?:\d*d[\d%]+[^()\s]*)\)\s*$/i, ''), defs);
}
