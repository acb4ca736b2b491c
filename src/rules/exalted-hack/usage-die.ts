/**
 * Usage dice: an item's quality (or a sack's bulk) as a die from d4 to d12. "Spend" steps it down at
 * once; "use" rolls it and a 1 or 2 burns one step. A d4 that burns is gone. The Markov chain is the
 * shared one in src/dice/usage-die.ts. Rules: The Exalted Hack, Inventory and Usage. Ruling EH-19.
 */
import type { DiceChain } from '../../dice/dice-chain.js';
import type { RandomSource } from '../../dice/random.js';
import { expectedUsageUses, rollUsageStep, usageDistributionAfter, type UsageChain } from '../../dice/usage-die.js';
import { ok, problem, type RuleResult, type UsageDieRules, type UsageOdds, type UsageRoll } from '../rule-system.js';

const USAGE_REF = 'The Exalted Hack, Inventory and Usage';

/** Die sizes of a usage die, smallest first ("from 1d4 to 1d12", Inventory and Usage). */
export const USAGE_DICE = [4, 6, 8, 10, 12] as const satisfies readonly number[];

/** Faces at or below this burn a step ("in a 1 or 2, the quality is burned", Inventory and Usage). */
export const USAGE_BURN_MAX_FACE = 2;

/** Most uses one odds request covers (Inventory and Usage; a project limit: a fresh d12 lasts 20 uses on average). */
export const MAX_USAGE_USES = 10_000;

/** The usage chain as the shared Markov chain reads it (Inventory and Usage). */
export const USAGE_CHAIN = { sides: USAGE_DICE, stepDownMaxFace: USAGE_BURN_MAX_FACE } as const satisfies UsageChain;

/**
 * The ruleset's step chain: d4 to d12; below d4 the die is gone, above d12 it stays d12 (EH-19).
 * @example EXALTED_HACK_CHAIN.sides // [4, 6, 8, 10, 12]
 */
export const EXALTED_HACK_CHAIN = {
  id: 'exalted-hack',
  label: 'The Exalted Hack usage chain',
  sides: USAGE_DICE,
  defaultBelowBottom: 'negate',
  belowBottomIsChoice: false,
  aboveTop: 'clamp',
  ref: USAGE_REF,
} as const satisfies DiceChain;

/** The usage-die rules in the contract's shape (Inventory and Usage). */
export const USAGE_DIE_RULES = { sides: USAGE_DICE, stepDownMaxFace: USAGE_BURN_MAX_FACE, ref: USAGE_REF, label: 'usage die' } as const satisfies UsageDieRules;

function dieProblem<T>(die: number): RuleResult<T> {
  return problem(
    'exalted-hack/not-a-usage-die',
    `A usage die is one of ${USAGE_DICE.map((s) => `d${s}`).join(' ')}, got ${String(die)}; pick the item's current die.`,
    '$.die',
  );
}

/** True when `die` is a usage die size (Inventory and Usage). */
export function isUsageDie(die: number): boolean {
  return (USAGE_DICE as readonly number[]).includes(die);
}

/**
 * Rolls a usage die after a use: 1 or 2 burns a step, a d4 burning is gone (Inventory and Usage).
 * @example rollUsage(scriptedRandom([2]), 8) // ok({ die: 8, face: 2, isSteppedDown: true, after: 6, ... })
 */
export function rollUsage(rng: RandomSource, die: number): RuleResult<UsageRoll> {
  if (!isUsageDie(die)) return dieProblem(die);
  const step = rollUsageStep(rng, USAGE_CHAIN, die);
  const after = step.after === null ? 'gone' : `d${step.after}`;
  const explanation = step.isSteppedDown ? `d${die} rolled ${step.face} (1 or 2): burned to ${after}` : `d${die} rolled ${step.face}: holds at d${die}`;
  return ok({ ...step, explanation });
}

/**
 * Spends an item: one step down without a roll (Inventory and Usage); `null` when a d4 is spent.
 * @example spendUsage(6) // ok(4)
 */
export function spendUsage(die: number): RuleResult<number | null> {
  if (!isUsageDie(die)) return dieProblem(die);
  const at = USAGE_DICE.indexOf(die as (typeof USAGE_DICE)[number]);
  return ok(at === 0 ? null : USAGE_DICE[at - 1]!);
}

/**
 * Exact odds of a fresh usage die after `uses` uses (0..MAX_USAGE_USES).
 * @example usageOdds(4, 1) // ok({ depleted: 0.5, ... })
 */
export function usageOdds(die: number, uses: number): RuleResult<UsageOdds> {
  if (!isUsageDie(die)) return dieProblem(die);
  if (!Number.isInteger(uses) || uses < 0 || uses > MAX_USAGE_USES) {
    return problem('exalted-hack/uses-out-of-range', `Uses must be a whole number from 0 to ${MAX_USAGE_USES}, got ${uses}.`, '$.uses');
  }
  const distribution = usageDistributionAfter(USAGE_CHAIN, die, uses);
  const depleted = distribution.find((p) => p.die === null)!.p;
  return ok({ die, uses, depleted, expectedUses: expectedUsageUses(USAGE_CHAIN, die), distribution });
}
