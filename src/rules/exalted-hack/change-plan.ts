/**
 * The one definition of a change that rolls: a state, the die the next throw uses (or none when the
 * change is done), a step per face and an end that names the outcome. `changePlanOdds` folds every
 * face's chance through the plan (equal states merged) and `rollChangePlan` folds thrown dice through
 * the very same functions, so a change's odds and its roll cannot disagree. Unlike a check's plan
 * (resolution.ts), the dice are not fixed in advance: an hour of rest throws a Hit Die only while HP
 * are below the maximum (Recovery).
 * Rules: The Exalted Hack, What die to use?; Recovery; Damage and Dying.
 */
import type { RandomSource } from '../../dice/random.js';
import type { CheckDie, CheckOdds, OutcomeOdds, ValueOdds } from '../rule-system.js';
import type { PlanEnd } from './resolution.js';

/** Most dice one change may throw (a project limit: a week of rest heals at most 168 Hit Dice). */
export const MAX_CHANGE_THROWS = 200;

/** A die a change throws: its sides and why. */
export interface ChangeDie {
  readonly sides: number;
  readonly role: string;
}

/** A change that rolls, as one definition read by its odds and its roll. */
export interface ChangePlan<S> {
  readonly change: string;
  readonly description: string;
  readonly explanation: readonly string[];
  /** Every outcome the change can name, in display order. */
  readonly outcomes: readonly { readonly id: string; readonly label: string }[];
  readonly initial: S;
  /** The die the next throw uses from `state`, or null when the change is done. */
  next(state: S): ChangeDie | null;
  step(state: S, face: number): S;
  /** Names a state so that equal states merge in the odds. */
  key(state: S): string;
  end(state: S): PlanEnd;
}

/** The plan threw more than `MAX_CHANGE_THROWS` dice: a plan that never ends (a programmer error). */
export class RunawayChangeError extends Error {
  constructor(change: string) {
    super(`change ${change} threw more than ${MAX_CHANGE_THROWS} dice`);
    this.name = 'RunawayChangeError';
  }
}

function outcomeLabel<S>(plan: ChangePlan<S>, id: string): string {
  const label = plan.outcomes.find((o) => o.id === id)?.label;
  if (label === undefined) throw new Error(`change ${plan.change} ended in an undeclared outcome ${id}`);
  return label;
}

/** Exact odds of a change (named outcomes, and the distribution of its `total`). */
export function changePlanOdds<S>(plan: ChangePlan<S>): CheckOdds {
  let open = new Map<string, { state: S; p: number }>([[plan.key(plan.initial), { state: plan.initial, p: 1 }]]);
  const done: { state: S; p: number }[] = [];
  for (let throws = 0; open.size > 0; throws++) {
    if (throws > MAX_CHANGE_THROWS) throw new RunawayChangeError(plan.change);
    const next = new Map<string, { state: S; p: number }>();
    for (const { state, p } of open.values()) {
      const die = plan.next(state);
      if (die === null) {
        done.push({ state, p });
        continue;
      }
      for (let face = 1; face <= die.sides; face++) {
        const s = plan.step(state, face);
        const k = plan.key(s);
        const at = next.get(k);
        next.set(k, at === undefined ? { state: s, p: p / die.sides } : { state: at.state, p: at.p + p / die.sides });
      }
    }
    open = next;
  }
  const byOutcome = new Map<string, number>();
  const byValue = new Map<number, number>();
  for (const { state, p } of done) {
    const end = plan.end(state);
    outcomeLabel(plan, end.outcome);
    byOutcome.set(end.outcome, (byOutcome.get(end.outcome) ?? 0) + p);
    byValue.set(end.total, (byValue.get(end.total) ?? 0) + p);
  }
  const outcomes: OutcomeOdds[] = plan.outcomes.map((o) => ({ outcome: o.id, label: o.label, p: byOutcome.get(o.id) ?? 0 }));
  const values: ValueOdds[] = [...byValue.entries()].sort((a, b) => a[0] - b[0]).map(([value, p]) => ({ value, p }));
  const mean = values.reduce((m, v) => m + v.value * v.p, 0);
  return { check: plan.change, description: plan.description, outcomes, values, mean, explanation: plan.explanation };
}

/** A rolled change plan: the state it ended in, its end, and every die thrown. */
export interface RolledPlan<S> {
  readonly state: S;
  readonly end: PlanEnd;
  readonly label: string;
  readonly dice: readonly CheckDie[];
}

/** Rolls a change plan: throws while the plan asks for a die, then reads its end. */
export function rollChangePlan<S>(rng: RandomSource, plan: ChangePlan<S>): RolledPlan<S> {
  const dice: CheckDie[] = [];
  let state = plan.initial;
  for (let die = plan.next(state); die !== null; die = plan.next(state)) {
    if (dice.length >= MAX_CHANGE_THROWS) throw new RunawayChangeError(plan.change);
    const face = rng.rollDie(die.sides);
    dice.push({ sides: die.sides, face, isKept: true, role: die.role });
    state = plan.step(state, face);
  }
  const end = plan.end(state);
  return { state, end, label: outcomeLabel(plan, end.outcome), dice };
}
