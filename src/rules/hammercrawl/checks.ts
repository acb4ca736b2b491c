/**
 * Checks: Tests (roll equal to or under), Challenges (beat the target), Open rolls (no target) and
 * Competitions (both sides roll, highest wins). A check is data (`CheckSpec`); `prepareCheck` turns it
 * into one `DiceExpression` of the dice engine, and both `rollCheck` and `checkOdds` read that one
 * resolved tree, so a roll and its exact odds can never disagree.
 * Rules: HAMMERCRAWL! v4, DICE CHECKS, DICE & STEPS, DICE ROLL MODIFICATIONS, Crits, OPEN ROLLS,
 * ADVANTAGE AND DISADVANTAGE, THE FEAT DIE. Rulings: docs/rulings.md (C-1 ...).
 */
import {
  HAMMERCRAWL_CHAIN,
  distributionOfResolved,
  resolveExpression,
  rollResolved,
  termRecordsOf,
  type BelowBottomPolicy,
  type DiceExpression,
  type DiceTerm,
  type Distribution,
  type RandomSource,
  type ResolvedDiceTerm,
  type ResolvedExpression,
  type RollRecord,
  type StepModifier,
  type TermRecord,
  type VantageMark,
} from '../../dice/index.js';
import {
  CheckError,
  describeOrigin,
  formatSigned,
  listModifiers,
  netCheckVantage,
  netStaticMod,
  netStepAmount,
  requireWholeNumber,
  type StaticModifier,
  type VantageSource,
} from './check-modifiers.js';
import type { FeatDieBonus } from './feat-die.js';

/** The kind of a check (DICE CHECKS; OPEN ROLLS). A Competition is two open-style rolls, see `CompetitionSpec`. */
export type CheckKind = 'test' | 'challenge' | 'open';

/** "Unless specified otherwise, the base die rolled for all Checks is always a D20" (DICE CHECKS). */
export const DEFAULT_CHECK_DIE = 20;

/** The side count that stands for the percentile die, d100 (DICE & STEPS, Additional Dice Notes). */
export const PERCENTILE_DIE = 100;

/** The rules' usual crit threshold, (C16): "the minimum die size allowed for a crit chance is a d16" (Crits). */
export const USUAL_CRIT_THRESHOLD = 16;

/**
 * How many natural faces crit when nothing widens the range: the one crit face (1 on a Test, the highest
 * face otherwise; Crits). A widened range such as "crits on 19-20" is `critRange: 2` (the Two-Handed
 * shtick's "+1 crit range"; ruling H-17).
 */
export const USUAL_CRIT_RANGE = 1;

/** The widest crit range a check takes: ten faces (a d20 crits on 11-20); past it the input is refused. */
export const MAX_CRIT_RANGE = 10;

/**
 * A check as data. Every modifier favours the roller when positive, whatever the kind of check; the
 * engine turns that into the chain direction (a Test moves favourable steps down the chain).
 * @example { kind: 'challenge', target: 14, mods: [statModifier('DEX', 2)], steps: [smithStep(1, 'Called shot')], critMin: 16 }
 */
export interface CheckSpec {
  readonly kind: CheckKind;
  /** The base check die before steps: a die of the chain, or 100 for a percentile d100 (no steps). Default d20. */
  readonly die?: number;
  /** The target: a Test succeeds at or under it, a Challenge must beat it. Not given for an Open roll. */
  readonly target?: number;
  /** Static mods; on a Test they move the target, on a Challenge or Open roll they add to the roll. */
  readonly mods?: readonly StaticModifier[];
  /** Step mods; + favours the roller (DICE & STEPS, "Step mods with a positive amount ... work in your favor"). */
  readonly steps?: readonly StepModifier[];
  /** Vantage marks; `adv` favours the roller (the lower die on a Test, the higher on a Challenge). */
  readonly vantage?: readonly VantageSource[];
  /** The (C16) notation's number: a crit is possible only when the die rolled (after steps) is at least this big. */
  readonly critMin?: number;
  /**
   * How many natural faces crit, counted inwards from the crit face: 2 is "crits on 19-20" on a d20
   * Challenge (a natural 1-2 on a Test). Default `USUAL_CRIT_RANGE` (1); at most the die's faces (H-17).
   */
  readonly critRange?: number;
  /** A Feat declared: the Feat Die is rolled alongside and added as a bonus (THE FEAT DIE). */
  readonly feat?: FeatDieBonus;
  /** What a die stepped below d3 does: `clamp` (stays d3, the default) or `negate` (no die). */
  readonly belowBottom?: BelowBottomPolicy;
  /** What the check is for, shown in explanations ("Climb the wall"). */
  readonly label?: string;
}

/** A check ready to roll and to give odds: the one resolved dice tree and what it means (no randomness). */
export interface PreparedCheck {
  readonly spec: CheckSpec;
  readonly kind: CheckKind;
  /** The dice tree built for the check: the check die (steps and vantage in chain terms), the Feat Die, the mods. */
  readonly expression: DiceExpression;
  readonly resolved: ResolvedExpression;
  /** The physical check dice after steps: `['d16']`, `['d30', 'd4']`, `['d100']`, or `[]` when negated. */
  readonly dice: readonly string[];
  /** The Feat Die rolled alongside (`d4`), or null. */
  readonly featDie: string | null;
  readonly vantage: 'advantage' | 'disadvantage' | null;
  /** Sum of the static mods (positive favours the roller). */
  readonly staticMod: number;
  readonly target: number | null;
  /** The target the total is held against: a Test's target moved by its static mods; a Challenge's target. */
  readonly effectiveTarget: number | null;
  /** Lowest and highest total the dice and mods can make. */
  readonly range: { readonly min: number; readonly max: number };
  readonly critAvailable: boolean;
  /** The natural face that crits (1 on a Test, the highest face otherwise), or null when no crit is available. */
  readonly critFace: number | null;
  /** Every natural face that crits (the crit face first), widened by `critRange`; empty when no crit is available. */
  readonly critFaces: readonly number[];
  /** Set when the check cannot fail (or cannot succeed) and no crit could change that: it is not rolled. */
  readonly automatic: 'success' | 'failure' | null;
  readonly explanation: readonly string[];
  /** Shared by every roll of this check. */
  readonly termRecords: readonly TermRecord[];
}

/** One check, rolled (or decided without a roll), explained. */
export interface CheckResult {
  readonly kind: CheckKind;
  readonly label: string | null;
  /** The check dice after steps: `['d16']`. */
  readonly dice: readonly string[];
  readonly featDie: string | null;
  /** Set when the check was decided without a roll. */
  readonly automatic: 'success' | 'failure' | null;
  /** The roll record from the dice engine, or null when not rolled. */
  readonly record: RollRecord | null;
  /** The kept check die's natural value, before any mod (null when not rolled or the die was negated). */
  readonly natural: number | null;
  /** What the Feat Die showed, or null. */
  readonly featRoll: number | null;
  /** The total held against the target (null when not rolled). On a Test: check die minus Feat Die. */
  readonly total: number | null;
  readonly target: number | null;
  readonly effectiveTarget: number | null;
  /** True or false for a Test or Challenge; null for an Open roll. */
  readonly success: boolean | null;
  readonly crit: boolean;
  readonly critAvailable: boolean;
  /**
   * How far on the winning side: a Test's effective target minus the total (success at 0 or more), a
   * Challenge's total minus the target (success at 1 or more). Null when not rolled or open.
   */
  readonly margin: number | null;
  readonly explanation: readonly string[];
  /** One line: "d24: 17 +1 = 18 beats 14: success by 4". */
  readonly summary: string;
}

/** The exact odds of a check, from the same resolved tree that `rollCheck` rolls. */
export interface CheckOdds {
  readonly kind: CheckKind;
  readonly label: string | null;
  readonly dice: readonly string[];
  readonly featDie: string | null;
  /** Canonical notation of the dice tree (`1d20^-1dis-1d4`): the chain-direction form. */
  readonly notation: string;
  readonly target: number | null;
  readonly effectiveTarget: number | null;
  /** The exact distribution of the total (as if rolled, also for an automatic check). */
  readonly distribution: Distribution;
  /** P(success); null for an Open roll. */
  readonly success: number | null;
  readonly failure: number | null;
  /** P(crit); null when the check has no crit threshold. */
  readonly crit: number | null;
  readonly critAvailable: boolean;
  readonly automatic: 'success' | 'failure' | null;
  /** P(the check is decided without a roll): 1 or 0, since that depends only on the check. */
  readonly pAutomatic: 0 | 1;
  readonly explanation: readonly string[];
}

const KIND_NAMES: Record<CheckKind, string> = { test: 'Test', challenge: 'Challenge', open: 'Open roll' };

function checkDieSpec(sides: number): DiceTerm['die'] {
  if (sides === PERCENTILE_DIE) return { kind: 'percentile' };
  if (!HAMMERCRAWL_CHAIN.sides.includes(sides as (typeof HAMMERCRAWL_CHAIN.sides)[number])) {
    throw new CheckError(
      'check/die-not-allowed',
      `a check die is a die of the chain (${HAMMERCRAWL_CHAIN.sides.map((s) => `d${s}`).join(' ')}) or d100, got d${sides}`,
    );
  }
  return { kind: 'plain', sides };
}

function flip(mark: VantageMark): VantageMark {
  return mark === 'adv' ? 'dis' : 'adv';
}

function validate(spec: CheckSpec): void {
  if (spec.kind === 'open') {
    if (spec.target !== undefined) {
      throw new CheckError('check/target-not-allowed', 'an Open roll has no target; roll it as a Test or a Challenge instead');
    }
  } else {
    if (spec.target === undefined) {
      throw new CheckError('check/target-required', `a ${KIND_NAMES[spec.kind]} needs a target`);
    }
    requireWholeNumber(spec.target, 'the target');
  }
  requireWholeNumber(spec.die ?? DEFAULT_CHECK_DIE, 'the check die');
  for (const m of spec.mods ?? []) requireWholeNumber(m.amount, 'a static mod');
  for (const s of spec.steps ?? []) requireWholeNumber(s.amount, 'a step mod');
  if (spec.critMin !== undefined && (!Number.isSafeInteger(spec.critMin) || spec.critMin < 1)) {
    throw new CheckError('check/crit-threshold', `a crit threshold is a die size such as 16 (C16), got ${spec.critMin}`);
  }
  if (spec.critRange !== undefined && (!Number.isSafeInteger(spec.critRange) || spec.critRange < USUAL_CRIT_RANGE || spec.critRange > MAX_CRIT_RANGE)) {
    throw new CheckError('check/crit-range', `a crit range is a whole number of faces from ${USUAL_CRIT_RANGE} to ${MAX_CRIT_RANGE} (2 is "crits on 19-20"), got ${spec.critRange}`);
  }
  if (spec.feat) requireWholeNumber(spec.feat.sides, 'the Feat Die');
}

/**
 * Builds the dice tree of a check (no randomness): the check die with its steps turned into chain
 * direction (origins kept) and its vantage turned into keep-lowest on a Test, the Feat Die as a second term
 * (subtracted on a Test, where lower is better), and on a Challenge or Open roll the static mods as a constant.
 * @example checkExpression({ kind: 'test', target: 12, steps: [smithStep(1, 'Feat')] }) // 1d20^-1
 */
export function checkExpression(spec: CheckSpec): DiceExpression {
  validate(spec);
  const isTest = spec.kind === 'test';
  const steps = (spec.steps ?? []).map((s): StepModifier => (isTest ? { amount: 0 - s.amount, origin: s.origin } : s));
  const vantage = (spec.vantage ?? []).map((v) => (isTest ? flip(v.mark) : v.mark));
  const terms: DiceExpression['terms'][number][] = [
    {
      kind: 'dice',
      sign: 1,
      count: 1,
      die: checkDieSpec(spec.die ?? DEFAULT_CHECK_DIE),
      steps,
      vantage,
      reroll: null,
      explode: false,
      keep: null,
    },
  ];
  if (spec.feat) {
    terms.push({
      kind: 'dice',
      sign: isTest ? -1 : 1,
      count: 1,
      die: { kind: 'plain', sides: spec.feat.sides },
      steps: [],
      vantage: [],
      reroll: null,
      explode: false,
      keep: null,
    });
  }
  const mod = netStaticMod(spec.mods ?? []);
  if (!isTest && mod !== 0) terms.push({ kind: 'constant', sign: mod < 0 ? -1 : 1, value: Math.abs(mod) });
  return { kind: 'expression', terms };
}

/** Lowest and highest total of a resolved tree (kept dice times their lowest and highest face, signed). */
export function totalRange(resolved: ResolvedExpression): { min: number; max: number } {
  let min = 0;
  let max = 0;
  for (const t of resolved.terms) {
    if (t.kind === 'constant') {
      min += t.sign * t.value;
      max += t.sign * t.value;
      continue;
    }
    if (!t.unit) continue;
    const kept = t.keepMask ? t.keepMask.filter(Boolean).length : t.rolled;
    const lo = kept * t.minFace;
    const hi = kept * t.maxFace;
    if (t.sign > 0) {
      min += lo;
      max += hi;
    } else {
      min -= hi;
      max -= lo;
    }
  }
  return { min, max };
}

function checkDiceOf(term: ResolvedDiceTerm): string[] {
  if (!term.unit) return [];
  if (term.steps) return term.steps.result.dice.map((s) => `d${s}`);
  return [term.label];
}

function stepLine(spec: CheckSpec, term: ResolvedDiceTerm): string {
  const base = spec.die === PERCENTILE_DIE ? 'd100' : `d${spec.die ?? DEFAULT_CHECK_DIE}`;
  const steps = spec.steps ?? [];
  const head = spec.label ? `${KIND_NAMES[spec.kind]} (${spec.label})` : KIND_NAMES[spec.kind];
  if (steps.length === 0 || !term.steps) return `${head}: ${base}`;
  const net = netStepAmount(steps);
  const n = Math.abs(net);
  let text = `${head}: ${base} ${formatSigned(net)} step${n === 1 ? '' : 's'} (${listModifiers(steps)}) -> ${term.steps.to}`;
  if (spec.kind === 'test' && net !== 0) text += ' (on a Test favourable steps move down the chain)';
  const below = term.steps.result.belowBottom;
  if (below) {
    text += below.policy === 'negate' ? ` (${below.stepsBelow} below d3: die negated)` : ` (${below.stepsBelow} below d3: kept at d3)`;
  }
  if (term.steps.result.dice.length > 1) text += ' (past d30: the dice are added)';
  return text;
}

function vantageLine(spec: CheckSpec, term: ResolvedDiceTerm, vantage: PreparedCheck['vantage']): string | null {
  const sources = spec.vantage ?? [];
  if (sources.length === 0) return null;
  const named = (mark: VantageMark) => sources.filter((s) => s.mark === mark).map((s) => describeOrigin(s.origin)).join(', ');
  if (vantage === null) return `advantage (${named('adv')}) and disadvantage (${named('dis')}) cancel`;
  const who = `${vantage} (${named(vantage === 'advantage' ? 'adv' : 'dis')})`;
  if (!term.unit) return `${who}: no die to roll`;
  const better = vantage === 'advantage';
  const lowIsGood = spec.kind === 'test';
  const keep = better === lowIsGood ? 'lower' : 'higher';
  const how =
    term.unit.kind === 'percentile'
      ? `read the two d10s in the ${keep} order`
      : `roll 2 ${term.label} and keep the ${keep}`;
  return `${who}: ${how}${lowIsGood ? ' (lower is better on a Test)' : ''}`;
}

/**
 * Prepares a check: validates it, builds and resolves its dice tree once, and works out what it means
 * (effective target, range, crit, automatic result, explanation). Pure; roll it with `rollCheck`, get its
 * odds with `checkOdds`.
 */
export function prepareCheck(spec: CheckSpec): PreparedCheck {
  const expression = checkExpression(spec);
  const resolved = resolveExpression(expression, spec.belowBottom ? { belowBottom: spec.belowBottom } : {});
  const term = resolved.terms[0] as ResolvedDiceTerm;
  const isTest = spec.kind === 'test';
  const staticMod = netStaticMod(spec.mods ?? []);
  const target = spec.target ?? null;
  const effectiveTarget = target === null ? null : isTest ? target + staticMod : target;
  const range = totalRange(resolved);
  const critAvailable = spec.critMin !== undefined && term.unit !== null && term.maxFace >= spec.critMin;
  const critFace = critAvailable ? (isTest ? term.minFace : term.maxFace) : null;
  const critFaces = critFacesOf(critFace, isTest, spec.critRange ?? USUAL_CRIT_RANGE, term);
  let automatic: PreparedCheck['automatic'] = null;
  if (effectiveTarget !== null && !critAvailable) {
    if (isTest) automatic = range.max <= effectiveTarget ? 'success' : range.min > effectiveTarget ? 'failure' : null;
    else automatic = range.min > effectiveTarget ? 'success' : range.max <= effectiveTarget ? 'failure' : null;
  }
  const vantage = netCheckVantage(spec.vantage ?? []);
  const dice = checkDiceOf(term);
  const featDie = spec.feat ? `d${spec.feat.sides}` : null;

  const explanation: string[] = [stepLine(spec, term)];
  if (!term.unit) explanation.push('no check die is rolled (negated below d3); only the Feat Die and mods count');
  const v = vantageLine(spec, term, vantage);
  if (v) explanation.push(v);
  if (spec.feat) {
    explanation.push(
      isTest
        ? `${describeOrigin(spec.feat.origin)}: ${featDie} rolled alongside and subtracted from the roll (a bonus on a Test)`
        : `${describeOrigin(spec.feat.origin)}: ${featDie} rolled alongside and added to the roll`,
    );
  }
  const mods = spec.mods ?? [];
  if (isTest) {
    explanation.push(
      mods.length > 0
        ? `target ${target} ${formatSigned(staticMod)} (${listModifiers(mods)}) -> ${effectiveTarget}: succeed on ${effectiveTarget} or less (static mods move a Test's target)`
        : `target ${target}: succeed on ${target} or less`,
    );
  } else {
    if (mods.length > 0) explanation.push(`${formatSigned(staticMod)} to the roll (${listModifiers(mods)})`);
    if (target !== null) explanation.push(`target ${target}: beat it (${target + 1} or more)`);
  }
  if (spec.critMin !== undefined) {
    const size = term.unit ? (term.unit.kind === 'plain' ? term.label : `${term.label} (${term.maxFace})`) : 'no die';
    explanation.push(
      critAvailable
        ? `crit (C${spec.critMin}) on a natural ${faceSpan(critFaces)} of ${term.label}`
        : `no crit: ${size} is smaller than d${spec.critMin} (C${spec.critMin})`,
    );
  }
  if (automatic === 'success') {
    explanation.push(
      isTest
        ? `automatic success: the highest total (${range.max}) is within ${effectiveTarget}; not rolled`
        : `automatic success: the lowest total (${range.min}) beats ${effectiveTarget}; not rolled`,
    );
  } else if (automatic === 'failure') {
    explanation.push(
      isTest
        ? `automatic failure: the lowest total (${range.min}) is above ${effectiveTarget}; not rolled`
        : `automatic failure: the highest total (${range.max}) cannot beat ${effectiveTarget}; not rolled`,
    );
  }
  return {
    spec,
    kind: spec.kind,
    expression,
    resolved,
    dice,
    featDie,
    vantage,
    staticMod,
    target,
    effectiveTarget,
    range,
    critAvailable,
    critFace,
    critFaces,
    automatic,
    explanation,
    termRecords: termRecordsOf(resolved),
  };
}

/** The faces that crit: `range` faces from the crit face inwards (down on a Challenge, up on a Test), within the die. */
function critFacesOf(critFace: number | null, isTest: boolean, range: number, term: ResolvedDiceTerm): number[] {
  if (critFace === null) return [];
  const count = Math.min(range, term.maxFace - term.minFace + 1);
  return Array.from({ length: count }, (_, i) => (isTest ? critFace + i : critFace - i));
}

/**
 * How often the kept check die shows each crit face (the kept die alone, through the same engine that
 * rolls it); empty when the check has no crit.
 */
export function critFaceOdds(c: PreparedCheck): { readonly face: number; readonly p: number }[] {
  if (c.critFaces.length === 0) return [];
  const die = c.resolved.terms[0]!;
  const kept = distributionOfResolved({ notation: die.notation, terms: [die] });
  return c.critFaces.map((face) => ({ face, p: kept.probabilityOf(face) }));
}

/** "20", or "19-20" / "1-2" for a widened range. */
function faceSpan(faces: readonly number[]): string {
  if (faces.length <= 1) return String(faces[0] ?? '');
  const lo = Math.min(...faces);
  const hi = Math.max(...faces);
  return `${lo}-${hi}`;
}

function prepared(check: CheckSpec | PreparedCheck): PreparedCheck {
  return 'resolved' in check ? check : prepareCheck(check);
}

/** True when the check's total succeeds against its effective target (Tests at or under, Challenges above). */
function succeeds(check: PreparedCheck, total: number): boolean {
  const t = check.effectiveTarget!;
  return check.kind === 'test' ? total <= t : total > t;
}

function summaryOf(check: PreparedCheck, r: Omit<CheckResult, 'summary'>): string {
  if (r.automatic) return `automatic ${r.automatic} (not rolled)`;
  const record = r.record!;
  const parts: string[] = [];
  const die = check.resolved.terms[0] as ResolvedDiceTerm;
  parts.push(die.unit ? `${die.label}: ${r.natural}` : 'no die');
  if (r.featRoll !== null) parts.push(`${check.kind === 'test' ? '-' : '+'} Feat ${r.featRoll}`);
  if (check.kind !== 'test' && check.staticMod !== 0) parts.push(formatSigned(check.staticMod).replace(/^([+-])/, '$1 '));
  let text = parts.length > 1 ? `${parts.join(' ')} = ${record.total}` : parts[0]!;
  if (check.kind === 'test') {
    text += r.success ? ` <= ${r.effectiveTarget}: success (margin ${r.margin})` : ` > ${r.effectiveTarget}: failure`;
  } else if (check.kind === 'challenge') {
    text += r.success ? ` beats ${r.target}: success (margin ${r.margin})` : ` does not beat ${r.target}: failure`;
  }
  if (r.crit) text += `, crit (natural ${r.natural})`;
  return text;
}

/**
 * Rolls a check (or decides it without a roll when it cannot fail or cannot succeed and no crit is
 * possible). The total and the outcome come from the dice engine's roll record of the check's tree.
 * @example rollCheck(scriptedRandom([12]), { kind: 'challenge', target: 14, steps: [smithStep(1, 'Called shot')] }).success // false (d24 showed 12)
 */
export function rollCheck(rng: RandomSource, check: CheckSpec | PreparedCheck): CheckResult {
  const c = prepared(check);
  // Object literals written out in full: spreading a result object costs ~50x more in V8 (measured).
  if (c.automatic) {
    const r: Omit<CheckResult, 'summary'> = {
      kind: c.kind,
      label: c.spec.label ?? null,
      dice: c.dice,
      featDie: c.featDie,
      automatic: c.automatic,
      record: null,
      natural: null,
      featRoll: null,
      total: null,
      target: c.target,
      effectiveTarget: c.effectiveTarget,
      success: c.automatic === 'success',
      crit: false,
      critAvailable: c.critAvailable,
      margin: null,
      explanation: c.explanation,
    };
    return withSummary(c, r);
  }
  const record = rollResolved(rng, c.resolved, c.termRecords);
  let natural: number | null = null;
  let featRoll: number | null = null;
  for (const d of record.dice) {
    if (d.term === 0 && d.kept) natural = d.value;
    else if (d.term === 1) featRoll = d.value;
  }
  const total = record.total;
  const r: Omit<CheckResult, 'summary'> = {
    kind: c.kind,
    label: c.spec.label ?? null,
    dice: c.dice,
    featDie: c.featDie,
    automatic: null,
    record,
    natural,
    featRoll,
    total,
    target: c.target,
    effectiveTarget: c.effectiveTarget,
    success: c.kind === 'open' ? null : succeeds(c, total),
    crit: natural !== null && c.critFaces.includes(natural),
    critAvailable: c.critAvailable,
    margin: c.kind === 'open' ? null : c.kind === 'test' ? c.effectiveTarget! - total : total - c.effectiveTarget!,
    explanation: c.explanation,
  };
  return withSummary(c, r);
}

function withSummary(c: PreparedCheck, r: Omit<CheckResult, 'summary'>): CheckResult {
  (r as { summary?: string }).summary = summaryOf(c, r);
  return r as CheckResult;
}

/**
 * The exact odds of a check: the distribution of its total, P(success), P(crit) and whether it is
 * automatic, all from the resolved tree that `rollCheck` rolls.
 * @example checkOdds({ kind: 'test', target: 12, steps: [smithStep(1, 'Feat')] }).success // 0.75 (d16)
 */
export function checkOdds(check: CheckSpec | PreparedCheck): CheckOdds {
  const c = prepared(check);
  const distribution = distributionOfResolved(c.resolved);
  let success: number | null = null;
  if (c.effectiveTarget !== null) {
    success = c.kind === 'test' ? distribution.atMost(c.effectiveTarget) : distribution.above(c.effectiveTarget);
  }
  let crit: number | null = null;
  if (c.spec.critMin !== undefined) {
    if (c.critFace === null) crit = 0;
    else {
      // The kept check die alone, through the same engine: P(its natural value is a crit face).
      crit = critFaceOdds(c).reduce((p, f) => p + f.p, 0);
    }
  }
  return {
    kind: c.kind,
    label: c.spec.label ?? null,
    dice: c.dice,
    featDie: c.featDie,
    notation: c.resolved.notation,
    target: c.target,
    effectiveTarget: c.effectiveTarget,
    distribution,
    success,
    failure: success === null ? null : 1 - success,
    crit,
    critAvailable: c.critAvailable,
    automatic: c.automatic,
    pAutomatic: c.automatic ? 1 : 0,
    explanation: c.explanation,
  };
}

// ---------------------------------------------------------------------------------------------------
// Competitions

/** One side of a Competition: a Challenge-like roll without a target (the other side's total is it). */
export type CompetitorSpec = Omit<CheckSpec, 'kind' | 'target' | 'belowBottom'>;

/**
 * What a tie does (DICE CHECKS, Competitions): `defender` (the designated defender wins), `stalemate`
 * (no winner this round; go on next round) or `reroll` (re-roll at once until there is a victor).
 */
export type TieRule = 'defender' | 'stalemate' | 'reroll';

/** Which side of a Competition. */
export type Side = 'first' | 'second';

/** Most re-rolls of one Competition under `reroll` ties; a tie past it ends the roll undecided ('competition/reroll-limit'). */
export const MAX_COMPETITION_REROLLS = 100;

/** A Competition as data (DICE CHECKS, Check Type 3). */
export interface CompetitionSpec {
  readonly first: CompetitorSpec;
  readonly second: CompetitorSpec;
  /** Default `defender` ("Ties typically favor a designated defender"). */
  readonly ties?: TieRule;
  /** Who wins ties under `defender`; default the second side. */
  readonly defender?: Side;
  readonly belowBottom?: BelowBottomPolicy;
}

/** A Competition ready to roll and to give odds. */
export interface PreparedCompetition {
  readonly spec: CompetitionSpec;
  readonly first: PreparedCheck;
  readonly second: PreparedCheck;
  readonly ties: TieRule;
  readonly defender: Side;
  /** Set when one side wins whatever the dice show and no crit is possible: not rolled. */
  readonly automatic: Side | null;
  readonly explanation: readonly string[];
}

/** One round of a Competition: both sides' rolls and who won it. */
export interface CompetitionRound {
  readonly first: CheckResult;
  readonly second: CheckResult;
  readonly result: Side | 'tie';
}

/** A Competition, rolled. */
export interface CompetitionResult {
  readonly ties: TieRule;
  readonly defender: Side;
  readonly automatic: Side | null;
  /** Every round rolled (one, or several when ties were re-rolled); empty when automatic. */
  readonly rounds: readonly CompetitionRound[];
  /** The winner, or null for a stalemate or a roll stopped at the re-roll cap. */
  readonly winner: Side | null;
  readonly decidedBy: 'higher-total' | 'tie-to-defender' | 'stalemate' | 'automatic' | 'reroll-limit';
  /** Set when re-rolls reached MAX_COMPETITION_REROLLS without a victor. */
  readonly code?: 'competition/reroll-limit';
  readonly explanation: readonly string[];
  readonly summary: string;
}

/** The exact odds of a Competition. */
export interface CompetitionOdds {
  readonly ties: TieRule;
  readonly defender: Side;
  /** P(the first side wins); under `reroll` the limit of re-rolling until a victor. */
  readonly first: number;
  readonly second: number;
  /** P(no winner): the stalemate chance under `stalemate`, else 0. */
  readonly stalemate: number;
  /** P(one round is a tie). */
  readonly tie: number;
  /** Under `reroll`: P(still tied after 1 + MAX_COMPETITION_REROLLS rounds), the mass a capped roll leaves undecided. */
  readonly capResidual: number;
  readonly automatic: Side | null;
  readonly firstDistribution: Distribution;
  readonly secondDistribution: Distribution;
  readonly firstDice: readonly string[];
  readonly secondDice: readonly string[];
  readonly explanation: readonly string[];
}

/** Prepares a Competition: each side is prepared as an Open-style roll (positive steps move up the chain). */
export function prepareCompetition(spec: CompetitionSpec): PreparedCompetition {
  const policy = spec.belowBottom ? { belowBottom: spec.belowBottom } : {};
  const first = prepareCheck({ ...spec.first, kind: 'open', ...policy });
  const second = prepareCheck({ ...spec.second, kind: 'open', ...policy });
  const ties = spec.ties ?? 'defender';
  const defender = spec.defender ?? 'second';
  let automatic: Side | null = null;
  if (!first.critAvailable && !second.critAvailable) {
    const a = first.range;
    const b = second.range;
    const tieTo: Side | null = ties === 'defender' ? defender : null;
    if (a.min > b.max || (tieTo === 'first' && a.min >= b.max)) automatic = 'first';
    else if (b.min > a.max || (tieTo === 'second' && b.min >= a.max)) automatic = 'second';
  }
  const tieText =
    ties === 'defender'
      ? `ties go to the defender (the ${defender} side)`
      : ties === 'stalemate'
        ? 'a tie is a stalemate (no winner this round)'
        : `ties are re-rolled until a victor (at most ${MAX_COMPETITION_REROLLS} re-rolls)`;
  const explanation = [
    ...first.explanation.map((l) => `first: ${l.replace(/^Open roll: /, '')}`),
    ...second.explanation.map((l) => `second: ${l.replace(/^Open roll: /, '')}`),
    `highest total wins; ${tieText}`,
  ];
  if (automatic) explanation.push(`automatic: the ${automatic} side wins whatever the dice show; not rolled`);
  return { spec, first, second, ties, defender, automatic, explanation };
}

function preparedCompetition(c: CompetitionSpec | PreparedCompetition): PreparedCompetition {
  return 'automatic' in c ? c : prepareCompetition(c);
}

/**
 * Rolls a Competition: both sides roll, the higher total wins, ties follow the tie rule; re-rolls stop
 * at MAX_COMPETITION_REROLLS with the result `competition/reroll-limit` (no winner).
 */
export function rollCompetition(rng: RandomSource, competition: CompetitionSpec | PreparedCompetition): CompetitionResult {
  const c = preparedCompetition(competition);
  const result = (
    rounds: readonly CompetitionRound[],
    winner: Side | null,
    decidedBy: CompetitionResult['decidedBy'],
    summary: string,
  ): CompetitionResult => ({ ties: c.ties, defender: c.defender, automatic: c.automatic, rounds, winner, decidedBy, explanation: c.explanation, summary });
  if (c.automatic) return result([], c.automatic, 'automatic', `the ${c.automatic} side wins automatically (not rolled)`);
  const rounds: CompetitionRound[] = [];
  const roundText = (r: CompetitionRound) => `${r.first.total} vs ${r.second.total}`;
  for (let i = 0; i <= MAX_COMPETITION_REROLLS; i++) {
    const first = rollCheck(rng, c.first);
    const second = rollCheck(rng, c.second);
    const a = first.total!;
    const b = second.total!;
    const round: CompetitionRound = { first, second, result: a > b ? 'first' : b > a ? 'second' : 'tie' };
    rounds.push(round);
    if (round.result !== 'tie') {
      return result(rounds, round.result, 'higher-total', `${rounds.map(roundText).join(', then ')}: the ${round.result} side wins`);
    }
    if (c.ties === 'defender') {
      return result(rounds, c.defender, 'tie-to-defender', `${roundText(round)}: a tie, the defender (${c.defender} side) wins`);
    }
    if (c.ties === 'stalemate') {
      return result(rounds, null, 'stalemate', `${roundText(round)}: a tie, stalemate (go on next round)`);
    }
  }
  const capped = result(rounds, null, 'reroll-limit', `still tied after ${MAX_COMPETITION_REROLLS} re-rolls: no victor (the Smith decides)`);
  (capped as { code?: 'competition/reroll-limit' }).code = 'competition/reroll-limit';
  return capped;
}

/**
 * The exact odds of a Competition: P(first wins), P(second wins), P(stalemate), from the two sides'
 * exact distributions; under `reroll`, the limit of re-rolling ties, with the cap's residual.
 */
export function competitionOdds(competition: CompetitionSpec | PreparedCompetition): CompetitionOdds {
  const c = preparedCompetition(competition);
  const fd = distributionOfResolved(c.first.resolved);
  const sd = distributionOfResolved(c.second.resolved);
  let pFirst = 0;
  let pSecond = 0;
  let pTie = 0;
  for (let x = fd.min; x <= fd.max; x++) {
    const p = fd.probabilityOf(x);
    if (p === 0) continue;
    pFirst += p * sd.below(x);
    pTie += p * sd.probabilityOf(x);
    pSecond += p * sd.above(x);
  }
  let first = pFirst;
  let second = pSecond;
  let stalemate = 0;
  let capResidual = 0;
  if (c.ties === 'defender') {
    if (c.defender === 'first') first += pTie;
    else second += pTie;
  } else if (c.ties === 'stalemate') {
    stalemate = pTie;
  } else if (pTie < 1) {
    first = pFirst / (1 - pTie);
    second = pSecond / (1 - pTie);
    capResidual = pTie ** (MAX_COMPETITION_REROLLS + 1);
  } else {
    first = 0;
    second = 0;
    capResidual = 1;
  }
  return {
    ties: c.ties,
    defender: c.defender,
    first,
    second,
    stalemate,
    tie: pTie,
    capResidual,
    automatic: c.automatic,
    firstDistribution: fd,
    secondDistribution: sd,
    firstDice: c.first.dice,
    secondDice: c.second.dice,
    explanation: c.explanation,
  };
}
