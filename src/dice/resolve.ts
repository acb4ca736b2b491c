/**
 * Resolution: a parsed expression plus the table's chain and below-bottom policy give the exact
 * dice each term throws, which of them count, and how they re-roll and explode. `roll` and
 * `distribution` both work from this one definition.
 */
import {
  HAMMERCRAWL_CHAIN,
  describeDice,
  explainStep,
  stepDie,
  type BelowBottomPolicy,
  type DiceChain,
  type StepModifier,
  type StepResult,
} from './dice-chain.js';
import { DiceError } from './errors.js';
import type { SourceSpan } from './errors.js';
import { unitDistribution, unitLabel, type DieUnit } from './die-unit.js';
import type { Comparison, DiceExpression, DiceTerm, KeepModifier, RerollModifier } from './notation/ast.js';
import { formatDieSpec, formatNotation, formatTerm } from './notation/format.js';
import { netVantage } from './notation/parse.js';

/** Options shared by rolling and odds. */
export interface DiceOptions {
  /** The chain step modifiers move along (default: the HAMMERCRAWL! chain). */
  readonly chain?: DiceChain;
  /** What a die pushed below the bottom of the chain does (default: the chain's default). */
  readonly belowBottom?: BelowBottomPolicy;
}

/** How a term's step modifiers changed its die. */
export interface AppliedSteps {
  readonly from: string;
  readonly to: string;
  readonly amount: number;
  readonly modifiers: readonly StepModifier[];
  readonly result: StepResult;
  /** "d8 +3 steps -> d14". */
  readonly explanation: string;
}

/** A dice term, resolved. */
export interface ResolvedDiceTerm {
  readonly kind: 'dice';
  readonly index: number;
  readonly sign: 1 | -1;
  readonly notation: string;
  readonly span?: SourceSpan;
  /** The die thrown, or null when steps negated it (the term then adds nothing). */
  readonly unit: DieUnit | null;
  readonly label: string;
  readonly steps: AppliedSteps | null;
  readonly vantage: 'advantage' | 'disadvantage' | null;
  /** The count written. */
  readonly count: number;
  /** Dice thrown: the count plus one for vantage (except a single d100, which reorders digits). */
  readonly rolled: number;
  /** Which positions count, the dice sorted highest first; null when every die counts. */
  readonly keepMask: readonly boolean[] | null;
  readonly reroll: RerollModifier | null;
  readonly explode: boolean;
  readonly minFace: number;
  readonly maxFace: number;
}

/** A constant term, resolved. */
export interface ResolvedConstant {
  readonly kind: 'constant';
  readonly index: number;
  readonly sign: 1 | -1;
  readonly notation: string;
  readonly value: number;
}

/** A resolved expression. */
export interface ResolvedExpression {
  readonly notation: string;
  readonly terms: readonly (ResolvedDiceTerm | ResolvedConstant)[];
}

/** True when a value matches a re-roll comparison. */
export function matches(when: Comparison, value: number): boolean {
  switch (when.op) {
    case '=':
      return value === when.value;
    case '<':
      return value < when.value;
    case '<=':
      return value <= when.value;
    case '>':
      return value > when.value;
    case '>=':
      return value >= when.value;
  }
}

/**
 * Which sorted positions (highest first) count, for `rolled` dice with vantage and keep/drop.
 * Vantage picks the best (or worst) `count` of `count + 1`; keep/drop then works on those.
 */
export function keepMaskFor(
  count: number,
  rolled: number,
  vantage: 'advantage' | 'disadvantage' | null,
  keep: KeepModifier | null,
): boolean[] | null {
  let available: number[] = [];
  const offset = rolled > count && vantage === 'disadvantage' ? 1 : 0;
  for (let i = 0; i < count; i++) available.push(i + offset);
  if (keep) {
    const k = keep.count;
    if (keep.kind === 'kh') available = available.slice(0, k);
    else if (keep.kind === 'kl') available = available.slice(available.length - k);
    else if (keep.kind === 'dh') available = available.slice(k);
    else available = available.slice(0, available.length - k);
  }
  if (available.length === rolled) return null;
  const mask = new Array<boolean>(rolled).fill(false);
  for (const i of available) mask[i] = true;
  return mask;
}

function unitFor(term: DiceTerm, options: DiceOptions, vantage: ResolvedDiceTerm['vantage']): {
  unit: DieUnit | null;
  steps: AppliedSteps | null;
} {
  const die = term.die;
  const amount = term.steps.reduce((a, s) => a + s.amount, 0);
  if (term.steps.length === 0) {
    switch (die.kind) {
      case 'plain':
        return { unit: { kind: 'plain', sides: die.sides }, steps: null };
      case 'percentile':
        return { unit: { kind: 'percentile', vantage: term.count === 1 ? vantage : null }, steps: null };
      case 'tens':
        return { unit: { kind: 'tens', tensSides: die.tensSides }, steps: null };
      case 'digits':
        return { unit: { kind: 'digits', digitSides: die.digitSides }, steps: null };
    }
  }
  const chain = options.chain ?? HAMMERCRAWL_CHAIN;
  const span = term.steps[0]?.origin.kind === 'notation' ? term.steps[0].origin.span : term.span;
  if (die.kind !== 'plain') {
    throw new DiceError(
      'chain/not-on-chain',
      `${formatDieSpec(die)} is not on the ${chain.label}, so it cannot take steps`,
      span,
    );
  }
  const sides = die.sides;
  const policy = options.belowBottom ?? chain.defaultBelowBottom;
  const result = stepDie(chain, sides, amount, policy, span);
  const unit: DieUnit | null =
    result.dice.length === 0
      ? null
      : result.dice.length === 1
        ? { kind: 'plain', sides: result.dice[0]! }
        : { kind: 'sum', parts: result.dice };
  return {
    unit,
    steps: {
      from: `d${sides}`,
      to: describeDice(result.dice),
      amount,
      modifiers: term.steps,
      result,
      explanation: explainStep(chain, sides, result),
    },
  };
}

/**
 * Resolves a parsed expression against a chain and policy; semantic errors (a die off the
 * chain, a re-roll that could never stop) are `DiceError`s with the term's position.
 */
export function resolveExpression(expr: DiceExpression, options: DiceOptions = {}): ResolvedExpression {
  const terms = expr.terms.map((term, index): ResolvedDiceTerm | ResolvedConstant => {
    const notation = formatTerm(term);
    if (term.kind === 'constant') return { kind: 'constant', index, sign: term.sign, notation, value: term.value };
    const vantage = netVantage(term.vantage);
    const { unit, steps } = unitFor(term, options, vantage);
    const digitVantage = unit?.kind === 'percentile' && unit.vantage !== null;
    const rolled = term.count + (vantage && !digitVantage ? 1 : 0);
    let minFace = 0;
    let maxFace = 0;
    if (unit) {
      const d = unitDistribution(unit);
      let lo = -1;
      let hi = -1;
      for (let i = 0; i < d.p.length; i++) {
        if (d.p[i]! > 0) {
          if (lo < 0) lo = i;
          hi = i;
        }
      }
      minFace = d.min + lo;
      maxFace = d.min + hi;
      let survivors = 0;
      let onlyMax = true;
      for (let i = 0; i < d.p.length; i++) {
        if (d.p[i]! > 0 && !(term.reroll?.mode === 'until' && matches(term.reroll.when, d.min + i))) {
          survivors += 1;
          if (d.min + i !== maxFace) onlyMax = false;
        }
      }
      if (survivors === 0) {
        throw new DiceError(
          'notation/reroll-every-face',
          `'r${formatReroll(term.reroll!)}' re-rolls every face of ${unitLabel(unit)}, so the roll could never stop; use 'ro' to re-roll once`,
          term.span,
        );
      }
      if (term.explode && onlyMax) {
        throw new DiceError(
          'notation/explode-every-roll',
          `${unitLabel(unit)} always shows its highest face, so '!' would explode forever`,
          term.span,
        );
      }
    }
    return {
      kind: 'dice',
      index,
      sign: term.sign,
      notation,
      ...(term.span ? { span: term.span } : {}),
      unit,
      label: unit ? unitLabel(unit) : 'no die',
      steps,
      vantage,
      count: term.count,
      rolled: unit ? rolled : 0,
      keepMask: unit ? keepMaskFor(term.count, rolled, digitVantage ? null : vantage, term.keep) : null,
      reroll: term.reroll,
      explode: term.explode,
      minFace,
      maxFace,
    };
  });
  return { notation: formatNotation(expr), terms };
}

function formatReroll(r: RerollModifier): string {
  return r.when.op === '=' ? String(r.when.value) : `${r.when.op}${r.when.value}`;
}
