/**
 * The action economy of a round: one Action, one Reaction, one Movement, free actions within reason;
 * what each common action costs, and whether a creature's plan for the round fits.
 * Rules: So Long as Men Die, Fighting Things (Actions); Traits (Fast Hands); Weapons (Light).
 */
import { ok, problem, type RuleResult } from '../rule-system.js';
import { ACTIONS, ROUND_BUDGET, type EconomyId } from './data/actions.js';
import { traitEffects } from './data/traits.js';
import { BARE_HAND_ID, findWeapon, hasQuality } from './data/weapons.js';

/** Most steps in one creature's plan for a round (an input limit). */
export const MAX_PLANNED_ACTIONS = 20;

/** A creature's budget for the round: the default, or more from abilities (Actions). */
export interface RoundBudget {
  readonly action: number;
  readonly reaction: number;
  readonly movement: number;
}

/** One planned action and, when it may be paid several ways, which way. */
export interface PlannedAction {
  readonly actionId: string;
  /** For actions costing one of several kinds (Object Interaction: action or movement). */
  readonly pay?: EconomyId;
}

/** What a plan spends, and what is left. */
export interface SpentRound {
  readonly spent: RoundBudget;
  readonly left: RoundBudget;
  /** How each step was paid, in order. */
  readonly payments: readonly (readonly EconomyId[])[];
}

/**
 * Checks a plan for the round against the budget and pays each step (Actions): Dodge takes all three;
 * Fast Hands makes object interactions free; free actions cost nothing.
 * @example spendRound([{ actionId: 'move' }, { actionId: 'attack' }], []) // ok, a reaction left
 */
export function spendRound(plan: readonly PlannedAction[], traitIds: readonly string[], budget: RoundBudget = ROUND_BUDGET): RuleResult<SpentRound> {
  if (plan.length > MAX_PLANNED_ACTIONS) return problem('so-long-as-men-die/too-many-actions', `Plan at most ${MAX_PLANNED_ACTIONS} steps a round, got ${plan.length}.`, '$');
  const fastHands = traitEffects(traitIds).some((e) => e.kind === 'free-object-interactions');
  const spent = { action: 0, reaction: 0, movement: 0 };
  const payments: EconomyId[][] = [];
  for (const [i, step] of plan.entries()) {
    const action = ACTIONS.find((a) => a.id === step.actionId);
    if (action === undefined) return problem('so-long-as-men-die/unknown-action', `Unknown action ${step.actionId}; expected one of ${ACTIONS.map((a) => a.id).join(', ')}.`, `$[${i}].actionId`);
    let pays: EconomyId[];
    if (action.id === 'object-interaction' && fastHands) pays = ['free'];
    else if (action.cost.kind === 'all-of') pays = [...action.cost.economy];
    else {
      const options: readonly EconomyId[] = action.cost.economy;
      if (step.pay !== undefined && !options.includes(step.pay)) {
        return problem('so-long-as-men-die/wrong-payment', `${action.label} is paid with ${options.join(' or ')}, not ${step.pay}.`, `$[${i}].pay`);
      }
      // Unspecified: the first kind of the list still unspent, else the first.
      const pick = step.pay ?? options.find((k) => k === 'free' || spent[k] < budget[k]) ?? options[0]!;
      pays = [pick];
    }
    for (const k of pays) {
      if (k === 'free') continue;
      spent[k] += 1;
      if (spent[k] > budget[k]) return problem('so-long-as-men-die/out-of-economy', `No ${k} left this round for ${action.label} (${budget[k]} a round).`, `$[${i}]`);
    }
    payments.push(pays);
  }
  return ok({ spent, left: { action: budget.action - spent.action, reaction: budget.reaction - spent.reaction, movement: budget.movement - spent.movement }, payments });
}

/**
 * Attacks one Attack action makes: two while two Light weapons are held (a Pugilist's bare hands
 * count), else one (Weapons, Light; Traits, Pugilist).
 * @example attacksPerAction(['dagger', 'claws'], []) // 2
 */
export function attacksPerAction(heldWeaponIds: readonly string[], traitIds: readonly string[]): number {
  const lightBareHands = traitEffects(traitIds).some((e) => e.kind === 'bare-hands' && e.qualities.includes('light'));
  const light = heldWeaponIds.filter((id) => {
    if (id === BARE_HAND_ID) return lightBareHands;
    const w = findWeapon(id);
    return w !== undefined && hasQuality(w, 'light');
  }).length;
  return light >= 2 ? 2 : 1;
}
