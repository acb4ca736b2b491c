/**
 * Reading the parameters of a HAMMERCRAWL! check or change against their descriptions (the contract's
 * `ParamDef`s), and the small helpers every change kind shares: a refusal naming the parameter at fault,
 * comma-separated lists, a random source that records what it throws.
 * Rules: none; the contract's parameters (src/rules/rule-system.ts).
 */
import type { RandomSource } from '../../../dice/random.js';
import { ok, problem, readParam, unknownParam, type CheckDie, type ParamDef, type ParamRecord, type ParamValue, type RuleResult } from '../../rule-system.js';

/** Parameters read: each by name, `undefined` when left out and without a default. */
export type Read = Readonly<Record<string, ParamValue | undefined>>;

/**
 * Every parameter of `params` read against `defs` (defaults filled in); an unknown name or a bad value is
 * a problem at `$.<name>`.
 * @example readParams([{ name: 'dv', kind: 'integer', min: 0, max: 9, label: 'DV', help: '' }], { dv: 4 }) // { ok: true, value: { dv: 4 } }
 */
export function readParams(defs: readonly ParamDef[], params: ParamRecord): RuleResult<Read> {
  const unknown = unknownParam(defs, params);
  if (unknown) return { ok: false, error: unknown };
  const out: Record<string, ParamValue | undefined> = {};
  for (const d of defs) {
    const r = readParam(defs, params, d.name);
    if (!r.ok) return r;
    out[d.name] = r.value;
  }
  return ok(out);
}

/** A number parameter, or `undefined`. */
export function numberOf(p: Read, name: string): number | undefined {
  const v = p[name];
  return typeof v === 'number' ? v : undefined;
}

/** A text or choice parameter, or `undefined`. */
export function textOf(p: Read, name: string): string | undefined {
  const v = p[name];
  return typeof v === 'string' ? v : undefined;
}

/** A boolean parameter: true only when given as true (or defaulting to it). */
export function isSet(p: Read, name: string): boolean {
  return p[name] === true;
}

/** A refusal: a namespaced code, a message saying how to fix it, and the parameter at fault (`$.<param>`). */
export function refuse<T = never>(code: string, message: string, param?: string): RuleResult<T> {
  return problem(code, message, param === undefined ? undefined : `$.${param}`);
}

/**
 * A comma-separated list as a form writes it ("riding, lore-monster"): trimmed, blanks dropped.
 * @example listOf(' a, ,b ') // ['a', 'b']
 */
export function listOf(text: string | undefined): string[] {
  if (text === undefined) return [];
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/**
 * A random source that passes every throw of `rng` through and records it as a `CheckDie` with the role
 * `roleOf()` gives at the time of the throw (so a change reports every die it threw).
 */
export function recordingRandom(rng: RandomSource, roleOf: () => string): { readonly rng: RandomSource; readonly dice: CheckDie[] } {
  const dice: CheckDie[] = [];
  return {
    dice,
    rng: {
      rollDie(sides: number): number {
        const face = rng.rollDie(sides);
        dice.push({ sides, face, isKept: true, role: roleOf() });
        return face;
      },
    },
  };
}
