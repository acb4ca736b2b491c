/**
 * The roll-under d20 and the one definition every check is read from. A check is a `CheckPlan`: the
 * dice it throws (each with advantage, disadvantage or neither), a fold over the kept faces and a last
 * step that names the outcome. `planOdds` folds exact kept-face distributions through the plan (states
 * with one key are merged, so a group of 20 stays small) and `rollPlan` folds thrown dice through the
 * very same functions, so odds and rolls cannot disagree.
 * Rules: The Exalted Hack, Resolving Actions and Attributes (the four outcomes, Extra Rules, Attribute
 * Limit, + or -). Rulings: docs/rulings.md (EH-1 .. EH-4).
 */
import type { RandomSource } from '../../dice/random.js';
import type { CheckDie, CheckOdds, CheckRoll, OutcomeOdds, ValueOdds } from '../rule-system.js';
import { EPIC_LEVEL, MAX_ROLL_TARGET, MIN_ROLL_TARGET } from './attributes.js';

/** The resolution die (What die to use?). */
export const CHECK_DIE = 20;

/** The face that is a critical success (Resolving Actions and Attributes). */
export const CRITICAL_FACE = 1;

/** The face that is a blunder (Resolving Actions and Attributes). */
export const BLUNDER_FACE = 20;

/** Advantage, disadvantage or neither; both at once cancel (Extra Rules). */
export type Vantage = 'normal' | 'advantage' | 'disadvantage';

/** The four outcomes of a roll-under d20 (Resolving Actions and Attributes). */
export type D20Outcome = 'critical' | 'success' | 'failure' | 'blunder';

/** The four outcomes in order, best first (Resolving Actions and Attributes). */
export const D20_OUTCOMES = ['critical', 'success', 'failure', 'blunder'] as const satisfies readonly D20Outcome[];

/**
 * The net vantage of a roll: any mix of both is a normal roll (Extra Rules).
 * @example netVantage(true, true) // 'normal'
 */
export function netVantage(hasAdvantage: boolean, hasDisadvantage: boolean): Vantage {
  if (hasAdvantage === hasDisadvantage) return 'normal';
  return hasAdvantage ? 'advantage' : 'disadvantage';
}

/** How an attribute was turned into a target, each step explained (+ or -; Attribute Limit). */
export interface TargetWork {
  /** The target a face must be under, within 4..18. */
  readonly target: number;
  readonly explanation: readonly string[];
}

/** What moves a target: halvings (untrained, powerful foe) then a + or - (Weapons; Powerful NPCs; + or -). */
export interface TargetInput {
  readonly attribute: number;
  /** How many times the attribute is halved, rounding down (EH-3). */
  readonly halvings?: readonly string[];
  readonly modifier?: number;
}

/**
 * The target a d20 face must be under: the attribute halved (round down) once per reason, plus the + or
 * -, then held within 4..18 (Attribute Limit; + or -; EH-2, EH-3).
 * @example targetFor({ attribute: 12, modifier: -2 }).target // 10
 */
export function targetFor(input: TargetInput): TargetWork {
  const lines: string[] = [`attribute ${input.attribute}`];
  let value = input.attribute;
  for (const reason of input.halvings ?? []) {
    value = Math.floor(value / 2);
    lines.push(`halved for ${reason}: ${value}`);
  }
  const mod = input.modifier ?? 0;
  if (mod !== 0) {
    value += mod;
    lines.push(`${mod > 0 ? '+' : ''}${mod} to the target: ${value}`);
  }
  if (value < MIN_ROLL_TARGET) {
    lines.push(`no roll is made under less than ${MIN_ROLL_TARGET}: target ${MIN_ROLL_TARGET} (2 and 3 always succeed)`);
    value = MIN_ROLL_TARGET;
  } else if (value > MAX_ROLL_TARGET) {
    lines.push(`18 and 19 always fail: target ${MAX_ROLL_TARGET}`);
    value = MAX_ROLL_TARGET;
  }
  return { target: value, explanation: lines };
}

/** The halvings for a roll against a powerful NPC: none for an epic (level 20) character (Powerful NPCs). */
export function powerfulFoeHalvings(isVersusPowerful: boolean, level: number): string[] {
  if (!isVersusPowerful || level >= EPIC_LEVEL) return [];
  return ['a powerful foe'];
}

/**
 * The outcome of a kept d20 face against a target: 1 critical, 20 blunder, under the target a success,
 * otherwise a failure (EH-1: equal to the target fails).
 * @example outcomeOfFace(11, 12) // 'success'
 */
export function outcomeOfFace(face: number, target: number): D20Outcome {
  if (face === CRITICAL_FACE) return 'critical';
  if (face === BLUNDER_FACE) return 'blunder';
  return face < target ? 'success' : 'failure';
}

/** One die a plan throws: its sides and which of two it keeps under vantage (Extra Rules). */
export interface PlanDie {
  readonly sides: number;
  readonly vantage: Vantage;
  /** Which face advantage keeps: `low` for roll-under dice, `high` for damage. */
  readonly better: 'low' | 'high';
  /** Why it is thrown ("check", "Mira's WIS", "damage"). */
  readonly role: string;
}

/**
 * Exact chance of each kept face 1..sides (index 0 is face 1): a single die, or the better or worse of two.
 * @example keptFaceChances({ sides: 20, vantage: 'advantage', better: 'low', role: '' })[0] // 39/400
 */
export function keptFaceChances(die: PlanDie): number[] {
  const s = die.sides;
  const out: number[] = [];
  const keepLow = (die.vantage === 'advantage') === (die.better === 'low');
  for (let k = 1; k <= s; k++) {
    if (die.vantage === 'normal') out.push(1 / s);
    else if (keepLow) out.push(((s - k + 1) ** 2 - (s - k) ** 2) / (s * s));
    else out.push((k * k - (k - 1) * (k - 1)) / (s * s));
  }
  return out;
}

/** What a plan gives at its end: an outcome id and the number it was read from (Resolving Actions and Attributes). */
export interface PlanEnd {
  readonly outcome: string;
  readonly total: number;
}

/**
 * A check as one definition: the dice, a fold over their kept faces, and the end. `key` names a state so
 * that equal states merge in the exact odds.
 */
export interface CheckPlan<S> {
  readonly check: string;
  readonly description: string;
  readonly explanation: readonly string[];
  /** Every outcome the check can name, in display order, with labels. */
  readonly outcomes: readonly { readonly id: string; readonly label: string }[];
  readonly dice: readonly PlanDie[];
  readonly initial: S;
  step(state: S, index: number, face: number): S;
  key(state: S): string;
  end(state: S): PlanEnd;
  /** True when `total` is a value worth a distribution (damage, progress). */
  readonly hasValues: boolean;
}

/** Exact odds of a plan (Resolving Actions and Attributes): kept-face chances folded, equal states merged. */
export function planOdds<S>(plan: CheckPlan<S>): CheckOdds {
  let states = new Map<string, { state: S; p: number }>([[plan.key(plan.initial), { state: plan.initial, p: 1 }]]);
  plan.dice.forEach((die, index) => {
    const chances = keptFaceChances(die);
    const next = new Map<string, { state: S; p: number }>();
    for (const { state, p } of states.values()) {
      chances.forEach((q, i) => {
        if (q === 0) return;
        const s = plan.step(state, index, i + 1);
        const k = plan.key(s);
        const at = next.get(k);
        if (at === undefined) next.set(k, { state: s, p: p * q });
        else next.set(k, { state: at.state, p: at.p + p * q });
      });
    }
    states = next;
  });
  const byOutcome = new Map<string, number>();
  const byValue = new Map<number, number>();
  for (const { state, p } of states.values()) {
    const end = plan.end(state);
    byOutcome.set(end.outcome, (byOutcome.get(end.outcome) ?? 0) + p);
    byValue.set(end.total, (byValue.get(end.total) ?? 0) + p);
  }
  for (const id of byOutcome.keys()) {
    if (!plan.outcomes.some((o) => o.id === id)) throw new Error(`plan ${plan.check} ended in an undeclared outcome ${id}`);
  }
  const outcomes: OutcomeOdds[] = plan.outcomes.map((o) => ({ outcome: o.id, label: o.label, p: byOutcome.get(o.id) ?? 0 }));
  const base = { check: plan.check, description: plan.description, outcomes, explanation: plan.explanation };
  if (!plan.hasValues) return base;
  const values: ValueOdds[] = [...byValue.entries()].sort((a, b) => a[0] - b[0]).map(([value, p]) => ({ value, p }));
  const mean = values.reduce((m, v) => m + v.value * v.p, 0);
  return { ...base, values, mean };
}

/** Rolls a plan (Resolving Actions and Attributes): two dice under vantage, the kept one marked. */
export function rollPlan<S>(rng: RandomSource, plan: CheckPlan<S>): CheckRoll {
  const dice: CheckDie[] = [];
  let state = plan.initial;
  plan.dice.forEach((die, index) => {
    const first = rng.rollDie(die.sides);
    if (die.vantage === 'normal') {
      dice.push({ sides: die.sides, face: first, isKept: true, role: die.role });
      state = plan.step(state, index, first);
      return;
    }
    const second = rng.rollDie(die.sides);
    const keepLow = (die.vantage === 'advantage') === (die.better === 'low');
    const keptFirst = keepLow ? first <= second : first >= second;
    const kept = keptFirst ? first : second;
    dice.push({ sides: die.sides, face: first, isKept: keptFirst, role: `${die.role} (${die.vantage})` });
    dice.push({ sides: die.sides, face: second, isKept: !keptFirst, role: `${die.role} (${die.vantage})` });
    state = plan.step(state, index, kept);
  });
  const end = plan.end(state);
  const label = plan.outcomes.find((o) => o.id === end.outcome)?.label;
  if (label === undefined) throw new Error(`plan ${plan.check} ended in an undeclared outcome ${end.outcome}`);
  const faces = dice.map((d) => `d${d.sides}: ${d.face}${d.isKept ? '' : ' (dropped)'}`);
  return {
    check: plan.check,
    description: plan.description,
    dice,
    total: end.total,
    outcome: end.outcome,
    label,
    explanation: [...plan.explanation, ...(faces.length > 0 ? [faces.join(', ')] : []), `${label} (${end.total})`],
  };
}
