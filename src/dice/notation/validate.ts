/**
 * Checks a dice tree against the engine's limits. The parser checks each term as it reads it (so
 * errors point at the modifier at fault); every tree, parsed or built in code by the rules layer, is
 * checked again when resolved.
 */
import { DiceError, type SourceSpan } from '../errors.js';
import {
  MAX_CONSTANT,
  MAX_DICE_PER_EXPRESSION,
  MAX_DICE_PER_TERM,
  MAX_DIE_SIDES,
  MAX_STEP_AMOUNT,
} from '../limits.js';
import type { DiceExpression, DiceTerm, DieSpec } from './ast.js';
import { TENS_DICE, DIGIT_DICE } from './special-dice.js';
import { netVantage } from './vantage.js';

/** How many dice a term throws: its count, plus one for vantage (not for a single d100). */
export function diceThrown(count: number, die: DieSpec, vantage: DiceTerm['vantage']): number {
  return count + (netVantage(vantage) !== null && !(die.kind === 'percentile' && count === 1) ? 1 : 0);
}

/**
 * Checks one dice term and returns the dice thrown so far in the expression.
 * `keepSpan` points errors about keep/drop at the modifier rather than the whole term.
 */
export function checkDiceTerm(term: DiceTerm, diceBefore: number, keepSpan?: SourceSpan): number {
  const n = term.count;
  const span = term.span;
  if (!Number.isInteger(n) || n < 1) {
    throw new DiceError('notation/zero-dice', 'a dice term must roll at least 1 die', span);
  }
  const rolled = diceThrown(n, term.die, term.vantage);
  if (rolled > MAX_DICE_PER_TERM) {
    throw new DiceError(
      'limit/dice-per-term',
      `${rolled} dice in one term${rolled > n ? ' (with the extra vantage die)' : ''}; the limit is ${MAX_DICE_PER_TERM}`,
      span,
    );
  }
  const total = diceBefore + rolled;
  if (total > MAX_DICE_PER_EXPRESSION) {
    throw new DiceError(
      'limit/dice-per-expression',
      `${total} dice in the expression so far; the limit is ${MAX_DICE_PER_EXPRESSION}`,
      span,
    );
  }
  const keep = term.keep;
  if (keep && (!Number.isInteger(keep.count) || keep.count < 1 || keep.count > n)) {
    throw new DiceError(
      'notation/keep-out-of-range',
      `'${keep.kind}${keep.count}' on ${n} ${n === 1 ? 'die' : 'dice'}: the count must be from 1 to ${n}`,
      keepSpan ?? span,
    );
  }
  return total;
}

function checkBuiltDie(die: DieSpec, span: SourceSpan | undefined): void {
  const ok =
    die.kind === 'plain'
      ? Number.isInteger(die.sides) && die.sides >= 1 && die.sides <= MAX_DIE_SIDES
      : die.kind === 'tens'
        ? TENS_DICE.includes(die.tensSides * 10)
        : die.kind === 'digits'
          ? DIGIT_DICE.includes(die.digitSides * 11)
          : true;
  if (!ok) throw new DiceError('limit/die-sides', `${JSON.stringify(die)} is not a die the engine can roll`, span);
}

/**
 * Checks a whole tree. Parsed trees were checked term by term as they were read; checking again
 * costs a few comparisons per term, far less than remembering which trees were parsed.
 */
export function validateExpression(expr: DiceExpression): void {
  let dice = 0;
  for (const term of expr.terms) {
    if (term.kind === 'constant') {
      if (!Number.isInteger(term.value) || term.value < 0 || term.value > MAX_CONSTANT) {
        throw new DiceError('notation/number-too-large', `constant ${term.value} must be a whole number from 0 to ${MAX_CONSTANT}`, term.span);
      }
      continue;
    }
    checkBuiltDie(term.die, term.span);
    for (const step of term.steps) {
      if (!Number.isInteger(step.amount) || Math.abs(step.amount) > MAX_STEP_AMOUNT) {
        throw new DiceError('limit/step-amount', `a step modifier must be a whole number from -${MAX_STEP_AMOUNT} to +${MAX_STEP_AMOUNT}`, term.span);
      }
    }
    dice = checkDiceTerm(term, dice);
  }
}
