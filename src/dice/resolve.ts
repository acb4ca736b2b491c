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
import { MAX_DIE_SIDES, MAX_REROLLS, REROLL_LIMIT_RISK } from './limits.js';
import type { SourceSpan } from './errors.js';
import { unitDistribution, unitLabel, type DieUnit } from './die-unit.js';
import type { Comparison, DiceExpression, DiceTerm, KeepModifier, RerollModifier, Term } from './notation/ast.js';
import { formatDieSpec, formatTerm } from './notation/format.js';
import { netVantage } from './notation/vantage.js';
import { validateExpression } from './notation/validate.js';

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
  if (!keep && rolled === count) return null;
  // The positions that count form one run [start, end): vantage leaves `count` of `rolled` (the best
  // ones with advantage, the worst with disadvantage), then keep/drop trims that run.
  let start = rolled > count && vantage === 'disadvantage' ? 1 : 0;
  let end = start + count;
  if (keep) {
    const k = keep.count;
    if (keep.kind === 'kh') end = Math.min(end, start + k);
    else if (keep.kind === 'kl') start = Math.max(start, end - k);
    else if (keep.kind === 'dh') start = Math.min(end, start + k);
    else end = Math.max(start, end - k);
  }
  if (end - start === rolled) return null;
  const mask = new Array<boolean>(rolled);
  for (let i = 0; i < rolled; i++) mask[i] = i >= start && i < end;
  return mask;
}

/** Plain units and their labels are immutable; one shared copy per side count. */
const plainUnits: { unit: DieUnit; label: string }[] = [];

function plainUnit(sides: number): { unit: DieUnit; label: string } {
  let known = plainUnits[sides];
  if (!known) {
    known = { unit: Object.freeze({ kind: 'plain', sides }), label: `d${sides}` };
    if (sides <= MAX_DIE_SIDES) plainUnits[sides] = known;
  }
  return known;
}

/** The unit a term throws when it has no step modifiers. */
function unitWithoutSteps(term: DiceTerm, vantage: ResolvedDiceTerm['vantage']): DieUnit {
  const die = term.die;
  switch (die.kind) {
    case 'plain':
      return plainUnit(die.sides).unit;
    case 'percentile':
      return { kind: 'percentile', vantage: term.count === 1 ? vantage : null };
    case 'tens':
      return { kind: 'tens', tensSides: die.tensSides };
    case 'digits':
      return { kind: 'digits', digitSides: die.digitSides };
  }
}

/** Applies a term's step modifiers along the chain (rules: DICE & STEPS). */
function applySteps(term: DiceTerm, options: DiceOptions): AppliedSteps {
  const die = term.die;
  let amount = 0;
  for (const s of term.steps) amount += s.amount;
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
  return {
    from: `d${sides}`,
    to: describeDice(result.dice),
    amount,
    modifiers: term.steps,
    result,
    explanation: explainStep(chain, sides, result),
  };
}

function unitAfterSteps(steps: AppliedSteps): DieUnit | null {
  const dice = steps.result.dice;
  if (dice.length === 0) return null;
  return dice.length === 1 ? plainUnit(dice[0]!).unit : { kind: 'sum', parts: dice };
}

/**
 * Resolves a parsed expression against a chain and policy; semantic errors (a die off the
 * chain, a re-roll that could never stop) are `DiceError`s with the term's position.
 */
export function resolveExpression(expr: DiceExpression, options: DiceOptions = {}): ResolvedExpression {
  validateExpression(expr);
  return resolveChecked(expr, options);
}

/**
 * `resolveExpression` for a tree already checked against the limits: one `parseNotation` just gave
 * (the parser checks each term as it reads it). Any other tree goes through `resolveExpression`.
 */
export function resolveChecked(expr: DiceExpression, options: DiceOptions): ResolvedExpression {
  const source = expr.terms;
  const terms: (ResolvedDiceTerm | ResolvedConstant)[] = new Array(source.length);
  // The canonical text is the terms' own texts joined by their signs (what formatNotation writes).
  let notation = '';
  for (let index = 0; index < source.length; index++) {
    const term = source[index]!;
    const t = term.kind === 'constant' ? resolveConstant(term, index) : resolveDiceTerm(term, index, options);
    terms[index] = t;
    notation = index === 0 && t.sign > 0 ? t.notation : notation + (t.sign < 0 ? '-' : index === 0 ? '' : '+') + t.notation;
  }
  return { notation, terms };
}

function resolveConstant(term: Extract<Term, { kind: 'constant' }>, index: number): ResolvedConstant {
  return { kind: 'constant', index, sign: term.sign, notation: String(term.value), value: term.value };
}

function resolveDiceTerm(term: DiceTerm, index: number, options: DiceOptions): ResolvedDiceTerm {
  const notation = formatTerm(term);
  const vantage = term.vantage.length === 0 ? null : netVantage(term.vantage);
  const steps = term.steps.length > 0 ? applySteps(term, options) : null;
  const unit = steps ? unitAfterSteps(steps) : unitWithoutSteps(term, vantage);
  const digitVantage = unit?.kind === 'percentile' && unit.vantage !== null;
  const rolled = term.count + (vantage && !digitVantage ? 1 : 0);
  let min = 0;
  let max = 0;
  if (unit) {
    if (unit.kind === 'plain') {
      min = 1;
      max = unit.sides;
    } else ({ min, max } = unitRange(unit));
  }
  if (unit && (term.reroll || term.explode)) checkTermCanStop(term, unit, max);
  const resolved: ResolvedDiceTerm = {
    kind: 'dice',
    index,
    sign: term.sign,
    notation,
    unit,
    label: unit ? (unit.kind === 'plain' ? plainUnit(unit.sides).label : unitLabel(unit)) : 'no die',
    steps,
    vantage,
    count: term.count,
    rolled: unit ? rolled : 0,
    keepMask: unit ? keepMaskFor(term.count, rolled, digitVantage ? null : vantage, term.keep) : null,
    reroll: term.reroll,
    explode: term.explode,
    minFace: min,
    maxFace: max,
  };
  if (term.span) (resolved as { span?: SourceSpan }).span = term.span;
  return resolved;
}

/** The lowest and highest value one throw of a unit can show. */
export function unitRange(unit: DieUnit): { min: number; max: number } {
  switch (unit.kind) {
    case 'plain':
      return { min: 1, max: unit.sides };
    case 'sum':
      return { min: unit.parts.length, max: unit.parts.reduce((a, s) => a + s, 0) };
    case 'percentile':
      // With advantage the better reading of two digits is at least 10 (0 and 1 read as 10).
      return { min: unit.vantage === 'advantage' ? 10 : 1, max: 100 };
    case 'tens':
      return { min: 1, max: unit.tensSides * 10 };
    case 'digits':
      return { min: 11, max: unit.digitSides * 11 };
  }
}

/** Rejects a re-roll that matches every face, and an explosion that could never stop. */
function checkTermCanStop(term: DiceTerm, unit: DieUnit, maxFace: number): void {
  if (!term.reroll && unit.kind === 'plain') {
    // An exploding plain die stops unless it has one face (the general check below says the same).
    if (unit.sides === 1) explodesForever(unit, term.span);
    return;
  }
  const d = unitDistribution(unit);
  let survivors = 0;
  let onlyMax = true;
  let pMatch = 0;
  for (let i = 0; i < d.p.length; i++) {
    if (d.p[i]! > 0 && term.reroll && matches(term.reroll.when, d.min + i)) pMatch += d.p[i]!;
    if (d.p[i]! > 0 && !(term.reroll?.mode === 'until' && matches(term.reroll.when, d.min + i))) {
      survivors += 1;
      if (d.min + i !== maxFace) onlyMax = false;
    }
  }
  if (survivors > 0 && term.reroll?.mode === 'until' && pMatch ** (MAX_REROLLS + 1) > REROLL_LIMIT_RISK) {
    throw new DiceError(
      'notation/reroll-too-likely',
      `'r${formatReroll(term.reroll)}' re-rolls ${(pMatch * 100).toFixed(1)}% of the faces of ${unitLabel(unit)}, so a roll could run past ${MAX_REROLLS} re-rolls; re-roll fewer faces, or once with 'ro'`,
      term.span,
    );
  }
  if (survivors === 0) {
    throw new DiceError(
      'notation/reroll-every-face',
      `'r${formatReroll(term.reroll!)}' re-rolls every face of ${unitLabel(unit)}, so the roll could never stop; use 'ro' to re-roll once`,
      term.span,
    );
  }
  if (term.explode && onlyMax) explodesForever(unit, term.span);
}

function explodesForever(unit: DieUnit, span?: SourceSpan): never {
  throw new DiceError('notation/explode-every-roll', `${unitLabel(unit)} always shows its highest face, so '!' would explode forever`, span);
}

function formatReroll(r: RerollModifier): string {
  return r.when.op === '=' ? String(r.when.value) : `${r.when.op}${r.when.value}`;
}
