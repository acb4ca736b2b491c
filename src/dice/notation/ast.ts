/**
 * The typed tree of dice notation. Notation text exists only at the edges (`parseNotation`,
 * `formatNotation`); inside the engine a roll is this tree.
 */
import type { SourceSpan } from '../errors.js';
import type { StepModifier } from '../dice-chain.js';

/**
 * A die as written, before steps.
 * - `plain`: a die numbered 1..sides (d2, the chain dice, d1000...).
 * - `percentile`: d100 or d%, a tens die (00..90) and a d10 (0..9); 00 and 0 is 100.
 * - `tens`: d40 d50 d60 d70 d80, a smaller die for the tens digit and a d10 for the ones.
 * - `digits`: d22 .. d88, two matching dice read side by side (d66 gives 11..66).
 * @example { kind: 'plain', sides: 20 }
 */
export type DieSpec =
  | { readonly kind: 'plain'; readonly sides: number }
  | { readonly kind: 'percentile' }
  | { readonly kind: 'tens'; readonly tensSides: number }
  | { readonly kind: 'digits'; readonly digitSides: number };

/** A comparison used by re-rolls: `r<3` re-rolls 1s and 2s. */
export interface Comparison {
  readonly op: '=' | '<' | '<=' | '>' | '>=';
  readonly value: number;
}

/** Re-roll dice that match: `once` (`ro`) re-rolls a die at most once, `until` (`r`) until it misses. */
export interface RerollModifier {
  readonly mode: 'once' | 'until';
  readonly when: Comparison;
}

/** Keep or drop by sorted position: kh/kl keep the highest/lowest n, dh/dl drop them. */
export interface KeepModifier {
  readonly kind: 'kh' | 'kl' | 'dh' | 'dl';
  readonly count: number;
}

/** One advantage (`adv`) or disadvantage (`dis`) written on a term. */
export type VantageMark = 'adv' | 'dis';

/** A dice term: `4d6kh3`, `d8^+3`, `2d20adv`, `10d6!`. */
export interface DiceTerm {
  readonly kind: 'dice';
  readonly sign: 1 | -1;
  readonly count: number;
  readonly die: DieSpec;
  /** Step modifiers, each with where it came from; they add up. */
  readonly steps: readonly StepModifier[];
  /** Every vantage mark written; several of one kind count once, both kinds cancel. */
  readonly vantage: readonly VantageMark[];
  readonly reroll: RerollModifier | null;
  readonly explode: boolean;
  readonly keep: KeepModifier | null;
  readonly span?: SourceSpan;
}

/** A constant term: `+5`, `-2`. */
export interface ConstantTerm {
  readonly kind: 'constant';
  readonly sign: 1 | -1;
  readonly value: number;
  readonly span?: SourceSpan;
}

/** A term of a sum. */
export type Term = DiceTerm | ConstantTerm;

/** A whole notation: a sum (or difference) of terms. */
export interface DiceExpression {
  readonly kind: 'expression';
  readonly terms: readonly Term[];
  /** The text it was parsed from, when it was parsed. */
  readonly source?: string;
}
