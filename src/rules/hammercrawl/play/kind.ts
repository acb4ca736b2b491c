/**
 * What one HAMMERCRAWL! change kind is made of: its description (the contract's `CharacterChangeDef`),
 * how it rolls, its exact odds where it rolls, and the values its form starts from.
 * Rules: the contract's play section (src/rules/rule-system.ts).
 */
import type { RandomSource } from '../../../dice/random.js';
import type { CharacterChangeDef, CharacterChangeResult, CheckOdds, ParamRecord, RuleResult } from '../../rule-system.js';
import type { Character } from '../character.js';
import type { Read } from './params.js';

/** The rules text the change kinds cite. */
export const PLAY_REF = 'HAMMERCRAWL! v4 Core Rules';

/** A change made: the contract's result for this ruleset's documents. */
export type ChangeResult = CharacterChangeResult<Character>;

/** One change kind: its description, its roll, its odds when it rolls, its form's starting values. */
export interface ChangeKind {
  readonly def: CharacterChangeDef;
  /** Makes the change with parameters already read against `def.params` (defaults filled in). */
  roll(rng: RandomSource, character: Character, params: Read): RuleResult<ChangeResult>;
  /** Exact odds of the outcomes `roll` reports; present exactly when `def.rollsDice`. */
  odds?(character: Character, params: Read): RuleResult<CheckOdds>;
  /** The values the form starts from for this character. */
  prefill?(character: Character): ParamRecord;
}

/** Longest "what did it" text of a change (a trap's name, a potion, a reason), for the history line. */
export const MAX_SOURCE_LENGTH = 60;
