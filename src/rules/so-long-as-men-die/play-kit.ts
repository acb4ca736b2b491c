/**
 * What every change of play is made of: its description, how its parameters read against one
 * character into a spec, and what the spec does to the character; a change that rolls also gives its
 * exact odds from that same spec (so `changeOdds` and `rollChange` read one definition). Rulings
 * SL-24 ... SL-32.
 */
import type { RandomSource } from '../../dice/random.js';
import { problem, type CharacterChangeDef, type CharacterChangeResult, type CheckDie, type CheckOdds, type RuleResult } from '../rule-system.js';
import type { CharacterCondition, SlamdCharacter } from './character.js';
import type { ParamValues } from './params.js';

/** A change made to a So Long as Men Die character. */
export type SlamdChangeResult = CharacterChangeResult<SlamdCharacter>;

/** One change kind: its description, its reading against a character, and what it does. */
export interface ChangeProcedure<S> {
  readonly def: CharacterChangeDef;
  /** Reads the parameters against the character, or refuses; every refusal happens here, before any die. */
  prepare(character: SlamdCharacter, values: ParamValues): RuleResult<S>;
  /** Exact odds of the outcomes `apply` reports; present exactly when `def.rollsDice`. */
  odds?(character: SlamdCharacter, spec: S): CheckOdds;
  apply(rng: RandomSource, character: SlamdCharacter, spec: S): SlamdChangeResult;
}

/** A refusal of this ruleset; `param` names the parameter at fault (`$.<param>`). */
export function refuse<T = never>(code: string, message: string, param?: string): RuleResult<T> {
  return problem(`so-long-as-men-die/${code}`, message, param === undefined ? undefined : `$.${param}`);
}

/** The refusal of a change a dead character cannot take (Injury; Mutilation). */
export function refuseIfDead(c: SlamdCharacter, what: string): RuleResult<never> | null {
  return c.condition === 'dead' ? refuse('already-dead', `${c.name} is dead and cannot ${what}; the Smith may raise them first (set-condition).`) : null;
}

/** A whole number read (its description guarantees the kind). */
export const intOf = (v: ParamValues, name: string): number => v[name] as number;
/** A number read that may be absent. */
export const maybeInt = (v: ParamValues, name: string): number | undefined => v[name] as number | undefined;
/** A yes/no read. */
export const isOn = (v: ParamValues, name: string): boolean => v[name] === true;
/** Text read, trimmed, absent when empty. */
export const textOf = (v: ParamValues, name: string): string | undefined => {
  const t = typeof v[name] === 'string' ? (v[name] as string).trim() : '';
  return t === '' ? undefined : t;
};

/** A result that rolled nothing. */
export function changed(character: SlamdCharacter, summary: string, explanation: readonly string[]): SlamdChangeResult {
  return { character, summary, explanation, dice: [] };
}

/** A result that rolled, with the outcome that came up. */
export function rolled(character: SlamdCharacter, summary: string, explanation: readonly string[], dice: readonly CheckDie[], outcome: string): SlamdChangeResult {
  return { character, summary, explanation, dice, outcome };
}

/** "for Wings" when a reason is given. */
export const because = (reason: string | undefined): string => (reason === undefined ? '' : ` (${reason})`);

/** Condition words for summaries. */
export const CONDITION_LABELS: Readonly<Record<CharacterCondition, string>> = { standing: 'standing', unconscious: 'unconscious', dead: 'dead' };

/** Longest reason, source or cause given with a change (an input limit). */
export const MAX_REASON_LENGTH = 80;
