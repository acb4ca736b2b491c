// Shared by the ruleset contract suite (ruleset-contract.test.ts): sample parameters built from a
// check's own parameter descriptions, the checks an odds record and a seeded Monte Carlo run are held
// to, and small readers of documents and events. Every helper returns offenders as strings ("check
// test, outcome success: ..."), so that one run names all of them; the suite expects the lists empty.
// Nothing here names a ruleset: it reads the contract alone.
import type { SeededRandom } from '../src/dice/random.js';
import { readParam, type CheckKindDef, type CheckOdds, type CheckParamDef, type ParamDef, type ParamRecord, type ParamRole, type ParamValue, type RuleProblem, type RuleSystem } from '../src/rules/rule-system.js';

/** Tolerance of a sum of exact chances. */
export const SUM_TOLERANCE = 1e-9;

/**
 * Where an integer parameter without a default is set for a sample, by role: a typical stat score or
 * target, no modifier, the first level. Clamped into the parameter's range; other roles take the
 * middle of the range.
 */
const TYPICAL_INTEGER: Partial<Record<ParamRole, number>> = {
  'stat-score': 10,
  target: 10,
  'stat-mod': 0,
  modifier: 0,
  steps: 0,
  level: 1,
  feat: 1,
};

/**
 * A value of a parameter that has no default, from its description alone: its `example`, else by kind
 * and role (an integer at a sensible point of its range, the first choice, the first die, false).
 * A text without an example cannot be made up: undefined.
 */
export function derivedValue(def: ParamDef): ParamValue | undefined {
  if (def.example !== undefined) return def.example;
  switch (def.kind) {
    case 'integer': {
      const typical = def.role === undefined ? undefined : TYPICAL_INTEGER[def.role];
      const at = typical ?? Math.round((def.min + def.max) / 2);
      return Math.min(def.max, Math.max(def.min, at));
    }
    case 'boolean':
      return false;
    case 'choice':
      return def.choices[0]?.id;
    case 'die':
      return def.sides[0];
    case 'text':
      return undefined;
  }
}

/** A named set of parameters for one check. */
export interface CheckSample {
  /** What the sample is ("minimal", "every boolean on", "adv on"). */
  readonly name: string;
  readonly params: ParamRecord;
}

/**
 * The minimal sample of a check: every parameter with a default set to it (the check must take its own
 * defaults), every required one set to `derivedValue`, optional ones without a default left out (the
 * check must do without them). `unfilled` names the required parameters nothing could be made for.
 */
export function minimalSample(check: CheckKindDef): { readonly sample: CheckSample; readonly unfilled: readonly string[] } {
  const params: Record<string, ParamValue> = {};
  const unfilled: string[] = [];
  for (const def of check.params) {
    const value = def.default ?? (def.isRequired === true ? derivedValue(def) : undefined);
    if (value !== undefined) params[def.name] = value;
    else if (def.isRequired === true) unfilled.push(`check ${check.id}, parameter ${def.name}: required ${def.kind} with no default and no example`);
  }
  return { sample: { name: 'minimal', params }, unfilled };
}

/** The optional boolean parameters of a check. */
export function optionalBooleans(check: CheckKindDef): readonly CheckParamDef[] {
  return check.params.filter((d) => d.kind === 'boolean' && d.isRequired !== true);
}

/** `base` with every optional boolean on: the second sample of a check (null when it has none). */
export function everyBooleanSample(check: CheckKindDef, base: CheckSample): CheckSample | null {
  const booleans = optionalBooleans(check);
  if (booleans.length === 0) return null;
  return { name: 'every optional boolean on', params: { ...base.params, ...Object.fromEntries(booleans.map((d) => [d.name, true])) } };
}

/**
 * `base` with every optional parameter that has no default set to `derivedValue` (an optional Feat
 * level, a crit die, a maneuver die...): the third sample of a check (null when it has none). It may be
 * refused (an option that needs another), with a typed problem.
 */
export function everyOptionSample(check: CheckKindDef, base: CheckSample): CheckSample | null {
  const extra = check.params.filter((d) => d.default === undefined && d.isRequired !== true).flatMap((d) => {
    const v = derivedValue(d);
    return v === undefined ? [] : [[d.name, v] as const];
  });
  if (extra.length === 0) return null;
  return { name: 'every optional parameter set', params: { ...base.params, ...Object.fromEntries(extra) } };
}

/** `base` with one optional boolean on, for each: tried when the check refuses them all at once. */
export function oneBooleanSamples(check: CheckKindDef, base: CheckSample): readonly CheckSample[] {
  return optionalBooleans(check).map((d) => ({ name: `${d.name} on`, params: { ...base.params, [d.name]: true } }));
}

/** Most option records tried to complete one creation choice. */
export const MAX_COMPLETIONS = 60;

/**
 * Rolls a character with `fixed` (one choice of one creation option), adding other choice options the
 * choice needs, found from the refusals alone: when a refusal's path names another choice option
 * (`$.swap-b`), that option is set to its next value not used elsewhere; otherwise each other choice
 * option is tried at its first value other than its default. Each record is tried with `seeds` seeds
 * (a choice may need a fitting roll: a house for humans only). Returns the character and the options
 * it took, or the refusals met.
 */
export function rollWithChoice(
  rules: RuleSystem,
  fixed: ParamRecord,
  seeds: number,
  roll: (seed: number, options: ParamRecord) => { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: RuleProblem },
): { readonly ok: true; readonly character: unknown; readonly options: ParamRecord; readonly seed: number } | { readonly ok: false; readonly problems: readonly RuleProblem[] } {
  const choices = rules.creationOptions.filter((d): d is Extract<ParamDef, { kind: 'choice' }> => d.kind === 'choice');
  const queue: ParamRecord[] = [fixed];
  const seen = new Set<string>();
  const problems: RuleProblem[] = [];
  const next = (def: Extract<ParamDef, { kind: 'choice' }>, params: ParamRecord): ParamRecord | null => {
    const used = new Set(Object.entries(params).filter(([k]) => k !== def.name).map(([, v]) => v));
    const current = params[def.name] ?? def.default;
    const after = def.choices.findIndex((c) => c.id === current);
    const value = def.choices.slice(after + 1).find((c) => !used.has(c.id) && c.id !== def.default)?.id;
    return value === undefined ? null : { ...params, [def.name]: value };
  };
  for (let attempt = 0; attempt < MAX_COMPLETIONS && queue.length > 0; attempt++) {
    const params = queue.shift()!;
    const key = JSON.stringify(Object.entries(params).sort());
    if (seen.has(key)) {
      attempt -= 1;
      continue;
    }
    seen.add(key);
    let first: RuleProblem | null = null;
    for (let seed = 1; seed <= seeds; seed++) {
      const r = roll(seed, params);
      if (r.ok) return { ok: true, character: r.value, options: params, seed };
      first ??= r.error;
    }
    problems.push(first!);
    const named = choices.find((d) => first?.path === `$.${d.name}`);
    const guided = named !== undefined && !Object.hasOwn(fixed, named.name) ? next(named, params) : null;
    if (guided !== null) queue.unshift(guided);
    else for (const d of choices) if (!Object.hasOwn(params, d.name)) {
      const widened = next(d, params);
      if (widened !== null) queue.push(widened);
    }
  }
  return { ok: false, problems };
}

/** "where: problem" for a refusal that is not a well-formed `RuleProblem` (a namespaced code, a message). */
export function ruleProblemOffenders(where: string, error: unknown): string[] {
  const out: string[] = [];
  if (error === null || typeof error !== 'object') return [`${where}: the refusal is ${String(error)}, not a RuleProblem`];
  const e = error as Partial<Record<keyof RuleProblem, unknown>>;
  if (typeof e.code !== 'string' || !/^[a-z0-9-]+(\/[a-z0-9-]+)+$/.test(e.code)) out.push(`${where}: code ${JSON.stringify(e.code)} is not a namespaced code`);
  if (typeof e.message !== 'string' || e.message.trim().length === 0) out.push(`${where}: no message`);
  if (e.path !== undefined && typeof e.path !== 'string') out.push(`${where}: path ${JSON.stringify(e.path)} is not a string`);
  return out;
}

/** "name: value" for each default and example that its own parameter description refuses. */
export function ownValueOffenders(where: string, defs: readonly ParamDef[]): string[] {
  const out: string[] = [];
  for (const def of defs) {
    for (const [what, value] of [
      ['default', def.default],
      ['example', def.example],
    ] as const) {
      if (value === undefined) continue;
      const read = readParam(defs, { [def.name]: value }, def.name);
      if (!read.ok) out.push(`${where}, parameter ${def.name}: its ${what} ${JSON.stringify(value)} is refused (${read.error.code})`);
    }
  }
  return out;
}

/** What is wrong with an odds record: chances off [0, 1] or not summing to 1, a mean that `values` do not give. */
export function oddsOffenders(where: string, odds: CheckOdds): string[] {
  const out: string[] = [];
  if (odds.outcomes.length === 0) out.push(`${where}: no outcomes`);
  const ids = odds.outcomes.map((o) => o.outcome);
  for (const id of new Set(ids)) if (ids.filter((x) => x === id).length > 1) out.push(`${where}: outcome ${id} listed twice`);
  for (const o of odds.outcomes) {
    if (!Number.isFinite(o.p) || o.p < 0 || o.p > 1) out.push(`${where}: outcome ${o.outcome} has chance ${o.p}`);
  }
  const total = odds.outcomes.reduce((s, o) => s + o.p, 0);
  if (!(Math.abs(total - 1) <= SUM_TOLERANCE)) out.push(`${where}: outcome chances sum to ${total}`);
  if (odds.values !== undefined) {
    for (const v of odds.values) {
      if (!Number.isFinite(v.value)) out.push(`${where}: value ${v.value} is not a number`);
      if (!Number.isFinite(v.p) || v.p < 0 || v.p > 1) out.push(`${where}: value ${v.value} has chance ${v.p}`);
    }
    const sum = odds.values.reduce((s, v) => s + v.p, 0);
    if (!(Math.abs(sum - 1) <= SUM_TOLERANCE)) out.push(`${where}: value chances sum to ${sum}`);
    const mean = odds.values.reduce((s, v) => s + v.value * v.p, 0);
    if (odds.mean === undefined) out.push(`${where}: values without a mean`);
    else if (!(Math.abs(odds.mean - mean) <= SUM_TOLERANCE * Math.max(1, Math.abs(mean)))) out.push(`${where}: mean ${odds.mean}, the values give ${mean}`);
  } else if (odds.mean !== undefined) {
    out.push(`${where}: a mean (${odds.mean}) without values`);
  }
  return out;
}

/**
 * Holds `counts` out of `n` seeded draws to exact chances: each share within 4 sigma of its chance
 * (plus one count, so that a chance near 0 is not failed by a single draw), every drawn key one the odds
 * name. Returns the offenders.
 */
export function fourSigmaOffenders(where: string, counts: ReadonlyMap<string, number>, n: number, chances: ReadonlyMap<string, number>): string[] {
  const out: string[] = [];
  for (const key of counts.keys()) if (!chances.has(key)) out.push(`${where}: rolled ${key}, which the odds do not list`);
  for (const [key, p] of chances) {
    const share = (counts.get(key) ?? 0) / n;
    const bound = 4 * Math.sqrt((p * (1 - p)) / n) + 1 / n;
    if (Math.abs(share - p) > bound) out.push(`${where}: ${key} came up ${share.toFixed(4)} of ${n} rolls, the odds say ${p.toFixed(4)} (allowed ±${bound.toFixed(4)})`);
  }
  return out;
}

/** Outcome chances of an odds record by outcome id (outcomes listed twice add up). */
export function chancesOf(odds: CheckOdds): Map<string, number> {
  const m = new Map<string, number>();
  for (const o of odds.outcomes) m.set(o.outcome, (m.get(o.outcome) ?? 0) + o.p);
  return m;
}

/**
 * Rolls a check `n` times from `rng` and tallies the outcomes; a refused roll (the odds took the same
 * request) or a roll of another check is an offender.
 */
export function rollTally(rules: RuleSystem, rng: SeededRandom, check: string, params: ParamRecord, n: number): { readonly counts: Map<string, number>; readonly refusals: readonly string[] } {
  const counts = new Map<string, number>();
  const refusals: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = rules.rollCheck(rng, { check, params });
    if (!r.ok) {
      refusals.push(`roll ${i} refused: ${r.error.code} ${r.error.message}`);
      break;
    }
    if (r.value.check !== check) {
      refusals.push(`roll ${i} is of check ${r.value.check}`);
      break;
    }
    counts.set(r.value.outcome, (counts.get(r.value.outcome) ?? 0) + 1);
  }
  return { counts, refusals };
}

/** The value at a JSON pointer (RFC 6901) of a document, or `{ missing }` naming the segment not found. */
export function valueAtPointer(document: unknown, pointer: string): { readonly found: true; readonly value: unknown } | { readonly found: false; readonly missing: string } {
  if (pointer === '') return { found: true, value: document };
  if (!pointer.startsWith('/')) return { found: false, missing: pointer };
  let value: unknown = document;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return { found: false, missing: key };
    value = (value as Record<string, unknown>)[key];
  }
  return { found: true, value };
}

/** The sides of a die as a document writes it ("d6" or 6), null for none or depleted, undefined for anything else. */
export function dieSidesOf(value: unknown): number | null | undefined {
  if (value === null) return null;
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  const m = typeof value === 'string' ? /^d(\d+)$/.exec(value) : null;
  return m === null ? undefined : Number(m[1]);
}

/**
 * "path: problem" for every part of a value that JSON would not carry back unchanged: functions,
 * undefined (as a value or a property), symbols, bigints, non-finite numbers, class instances.
 */
export function notJsonOffenders(value: unknown, path = '$'): string[] {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return [];
  if (typeof value === 'number') return Number.isFinite(value) ? [] : [`${path}: ${value}`];
  if (value === undefined) return [`${path}: undefined`];
  if (typeof value !== 'object') return [`${path}: a ${typeof value}`];
  if (Array.isArray(value)) return value.flatMap((v, i) => notJsonOffenders(v, `${path}[${i}]`));
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return [`${path}: an instance of ${(value as object).constructor?.name ?? 'a class'}`];
  return Object.entries(value).flatMap(([k, v]) => notJsonOffenders(v, `${path}.${k}`));
}

/** "value (n times)" for each value that occurs more than once. */
export { duplicatesOf } from './offenders.js';
