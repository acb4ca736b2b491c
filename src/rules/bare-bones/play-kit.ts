/**
 * What every Bare Bones change kind is made of: its description (`CharacterChangeDef`), a reading of
 * its parameters against the character (refusals name the parameter's path), and, for a kind that
 * rolls, its exact odds and its roll read from one prepared value, so that both follow one definition.
 * Also the helpers the kinds share: the character's Blood and Sweat as `Vitals`, the outcome of a
 * healing, and history summaries. Rules: see each kind; docs/rulings.md BB-29 .. BB-36.
 */
import { clip, MAX_HISTORY_SUMMARY_LENGTH } from '../character-play.js';
import type { RandomSource } from '../../dice/random.js';
import {
  ok,
  problem,
  readParam,
  unknownParam,
  type CharacterChangeDef,
  type CharacterChangeResult,
  type CheckDie,
  type CheckOdds,
  type OutcomeOdds,
  type ParamValue,
  type RuleProblem,
  type RuleResult,
} from '../rule-system.js';
import type { Vitals } from './blood-and-sweat.js';
import { statusOf, type BareBonesCharacter } from './character.js';
import type { Pmf } from './damage.js';

/** A change made to a Bare Bones character. */
export type ChangeMade = CharacterChangeResult<BareBonesCharacter>;

/** The parameters of a change as read: defaults filled in, absent optional ones `undefined`. */
export type Values = Readonly<Record<string, ParamValue | undefined>>;

/** Longest cause a change records ("Pit trap", "Lay on Hands"). */
export const MAX_CAUSE_LENGTH = 60;

/**
 * A change kind: its description, the reading of its parameters into a prepared value `P`, the roll,
 * and for a kind that rolls its odds. `odds` and `roll` read the same `P` and the same rule functions.
 */
export interface ChangeKind<P> {
  readonly def: CharacterChangeDef;
  read(c: BareBonesCharacter, v: Values): RuleResult<P>;
  odds?(c: BareBonesCharacter, p: P): Omit<CheckOdds, 'check'>;
  roll(rng: RandomSource, c: BareBonesCharacter, p: P): RuleResult<ChangeMade>;
}

/** A change kind with its prepared type hidden: what the ruleset's `play` dispatches to. */
export interface PlayKind {
  readonly def: CharacterChangeDef;
  odds(c: BareBonesCharacter, params: Values): RuleResult<CheckOdds>;
  roll(rng: RandomSource, c: BareBonesCharacter, params: Values): RuleResult<ChangeMade>;
}

/** Hides a kind's prepared type; checks that rolling kinds have odds and the others none. */
export function defineKind<P>(k: ChangeKind<P>): PlayKind {
  if (k.def.rollsDice !== (k.odds !== undefined)) throw new Error(`change ${k.def.id}: rollsDice must match having odds`);
  return {
    def: k.def,
    odds(c, v) {
      if (k.odds === undefined) return problem('bare-bones/change-rolls-nothing', `The change ${k.def.id} rolls no dice, so it has no odds; make it directly.`, '$.change');
      const p = k.read(c, v);
      if (!p.ok) return p;
      return ok({ check: k.def.id, ...k.odds(c, p.value) });
    },
    roll(rng, c, v) {
      const p = k.read(c, v);
      if (!p.ok) return p;
      return k.roll(rng, c, p.value);
    },
  };
}

/** Reads every parameter of a change: unknown names and bad values are problems with the parameter's path. */
export function readValues(def: CharacterChangeDef, params: Readonly<Record<string, ParamValue>>): RuleResult<Values> {
  const unknown = unknownParam(def.params, params);
  if (unknown !== null) return { ok: false, error: unknown };
  const out: Record<string, ParamValue | undefined> = {};
  for (const d of def.params) {
    const r = readParam(def.params, params, d.name);
    if (!r.ok) return r;
    out[d.name] = r.value;
  }
  return ok(out);
}

/** A number parameter (read with a default or required). */
export const num = (v: Values, name: string): number => v[name] as number;
/** An optional number parameter. */
export const optNum = (v: Values, name: string): number | undefined => v[name] as number | undefined;
/** A boolean parameter, false when absent. */
export const flag = (v: Values, name: string): boolean => v[name] === true;
/** A text or choice parameter, trimmed; `undefined` when absent or blank. */
export function text(v: Values, name: string): string | undefined {
  const t = v[name];
  return typeof t === 'string' && t.trim().length > 0 ? t.trim() : undefined;
}

/** The optional `cause` parameter every change that follows an event of play carries. */
export const CAUSE_PARAM = {
  name: 'cause',
  kind: 'text',
  label: 'Cause',
  help: 'What happened, for the history ("Pit trap", "Lay on Hands"); optional.',
  maxLength: MAX_CAUSE_LENGTH,
} as const;

/** A problem from a rule function, its path moved to the parameter at fault (`{ '$.rations': '$.rations' }`). */
export function atParam<T>(r: RuleResult<T>, paths: Readonly<Record<string, string>>): RuleResult<T> {
  if (r.ok || r.error.path === undefined) return r;
  const path = paths[r.error.path];
  if (path === undefined) return r;
  const error: RuleProblem = { ...r.error, path };
  return { ok: false, error };
}

/** One history line: "Cause: what happened", clipped to the history's limit. */
export function summaryOf(cause: string | undefined, what: string): string {
  return clip(cause === undefined ? what : `${cause}: ${what}`, MAX_HISTORY_SUMMARY_LENGTH);
}

/** A change that rolls nothing. */
export function made(character: BareBonesCharacter, summary: string, explanation: readonly string[]): RuleResult<ChangeMade> {
  return ok({ character, summary, explanation, dice: [] });
}

/** A die thrown in a change, kept. */
export function die(sides: number, face: number, role: string): CheckDie {
  return { sides, face, isKept: true, role };
}

// ---------- Blood and Sweat ----------

/** The character's Blood, Sweat and status as the rule functions of blood-and-sweat.ts take them. */
export function vitalsOf(c: BareBonesCharacter): Vitals {
  return { blood: c.blood.current, bloodMax: c.blood.max, sweat: c.sweat.current, sweatMax: c.sweat.max, status: statusOf(c), roundsLeft: c.roundsLeft };
}

/** The character with `v` written back (the status kept as rounds left and death; down and standing follow Blood). */
export function withVitals(c: BareBonesCharacter, v: Vitals): BareBonesCharacter {
  return { ...c, blood: { ...c.blood, current: v.blood }, sweat: { ...c.sweat, current: v.sweat }, roundsLeft: v.status === 'unstable' ? v.roundsLeft : null, isDead: v.status === 'dead' };
}

/** "Blood 5 -> 2, Sweat 3 -> 0", naming only what moved ("no change" when nothing did). */
export function vitalsChange(before: BareBonesCharacter, after: BareBonesCharacter): string {
  const parts: string[] = [];
  if (before.sweat.current !== after.sweat.current) parts.push(`Sweat ${before.sweat.current} -> ${after.sweat.current}`);
  if (before.blood.current !== after.blood.current) parts.push(`Blood ${before.blood.current} -> ${after.blood.current}`);
  const status = statusOf(after);
  if (statusOf(before) !== status) parts.push(status === 'unstable' ? `unstable (${after.roundsLeft ?? '?'} rounds)` : status);
  return parts.length === 0 ? 'no change' : parts.join(', ');
}

/** How Blood and Sweat stand after a healing: the outcomes of `heal` and `rest`. */
export type HealthOutcome = 'full' | 'blood-full' | 'hurt';

/** The outcomes of a healing, labelled. */
export const HEALTH_LABELS: Readonly<Record<HealthOutcome, string>> = {
  full: 'Blood and Sweat full',
  'blood-full': 'Blood full, Sweat short',
  hurt: 'Blood still hurt',
};

/** The outcome of a healing from the character after it. */
export function healthOutcome(c: BareBonesCharacter): HealthOutcome {
  if (c.blood.current < c.blood.max) return 'hurt';
  return c.sweat.current < c.sweat.max ? 'blood-full' : 'full';
}

/** Named outcomes with chances, in the order of `labels`, from a tally by outcome id. */
export function outcomesOf<K extends string>(p: Readonly<Partial<Record<K, number>>>, labels: Readonly<Record<K, string>>): OutcomeOdds[] {
  return (Object.keys(labels) as K[]).map((k) => ({ outcome: k, label: labels[k], p: p[k] ?? 0 }));
}

/**
 * The odds of a change whose result is a function of one total (a die, a sum of dice): every total of
 * `pmf` is run through `resolve`, the same function the roll applies to the total it threw, and the
 * outcomes and values are tallied.
 */
export function oddsOverTotal<K extends string>(
  pmf: Pmf,
  resolve: (total: number) => { readonly outcome: K; readonly value: number },
  labels: Readonly<Record<K, string>>,
): Pick<CheckOdds, 'outcomes' | 'values' | 'mean'> {
  const outcomes: Partial<Record<K, number>> = {};
  const values = new Map<number, number>();
  pmf.p.forEach((p, i) => {
    if (p === 0) return;
    const r = resolve(pmf.min + i);
    outcomes[r.outcome] = (outcomes[r.outcome] ?? 0) + p;
    values.set(r.value, (values.get(r.value) ?? 0) + p);
  });
  return valuesOdds(outcomesOf(outcomes, labels), values);
}

/** Outcomes and a value distribution (sorted), with its mean. */
export function valuesOdds(outcomes: readonly OutcomeOdds[], values: ReadonlyMap<number, number>): Pick<CheckOdds, 'outcomes' | 'values' | 'mean'> {
  const list = [...values.entries()].sort((a, b) => a[0] - b[0]).map(([value, p]) => ({ value, p }));
  return { outcomes, values: list, mean: list.reduce((a, x) => a + x.value * x.p, 0) };
}

/** A uniform die as a PMF. */
export function uniform(sides: number): Pmf {
  return { min: 1, p: new Array<number>(sides).fill(1 / sides) };
}

/** A value known for certain, as a PMF. */
export function certain(value: number): Pmf {
  return { min: value, p: [1] };
}
