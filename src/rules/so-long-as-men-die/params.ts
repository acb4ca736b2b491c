/**
 * Reading a whole record of parameters against their descriptions, for the checks and the changes of
 * play alike: an unknown name is refused, each value is read (its default when absent), and the first
 * problem names the parameter (`$.<name>`).
 */
import { ok, readParam, unknownParam, type ParamDef, type ParamRecord, type ParamValue, type RuleResult } from '../rule-system.js';

/** Parameters as read: each described name with its value, or undefined when absent without a default. */
export type ParamValues = Record<string, ParamValue | undefined>;

/**
 * Reads every parameter of `defs` from `params`.
 * @example readParams([{ kind: 'integer', name: 'dice', label: 'Dice', help: '', min: 1, max: 3, default: 1 }], {}) // ok({ dice: 1 })
 */
export function readParams(defs: readonly ParamDef[], params: ParamRecord): RuleResult<ParamValues> {
  const unknown = unknownParam(defs, params);
  if (unknown !== null) return { ok: false, error: unknown };
  const out: ParamValues = {};
  for (const d of defs) {
    const r = readParam(defs, params, d.name);
    if (!r.ok) return r;
    out[d.name] = r.value;
  }
  return ok(out);
}
