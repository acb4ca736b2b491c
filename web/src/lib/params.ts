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

/**
 * A ruleset's help or problem text without the CLI's flags: "(--stat)" dropped, "--target" named by
 * its field's label.
 * @example plainText('the half-stat of --target', [{ name: 'target', label: 'Target', ... }]) // 'the half-stat of Target'
 */
export function plainText(text: string, defs: readonly Pick<ParamDef, 'name' | 'label'>[] = []): string {
  return text
    .replace(/\s*\(--[a-z0-9-]+\)/gi, '')
    .replace(/--([a-z0-9][a-z0-9-]*)/gi, (_, name: string) => defs.find((d) => d.name === name)?.label ?? name.replace(/-/g, ' '));
}
