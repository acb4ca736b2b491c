/**
 * Usage dice (torches, rations, lockpicks), light dice and concentration dice: rolled after a use or
 * when the watch calls for it, a 1-3 steps the die down the Bare Bones chain, and a d4 stepping down
 * is used up. The Markov chain is the shared one of `src/dice/usage-die.ts`.
 * Rules: The Bare Bones, Dead Weight > Usage Dice; The Meat Grinder; Sorcerers (Concentration).
 */
import { BARE_BONES_CHAIN } from '../../dice/dice-chain.js';
import type { RandomSource } from '../../dice/random.js';
import { expectedUsageUses, rollUsageStep, usageDistributionAfter, type UsageChain } from '../../dice/usage-die.js';
import { ok, problem, type RuleResult, type UsageDieRules, type UsageOdds, type UsageRoll } from '../rule-system.js';
import { REF_USAGE } from './refs.js';

/** A usage die's faces up to this step it down (1-3). */
export const USAGE_STEP_DOWN_MAX_FACE = 3;

/** The die a usage item usually starts on (d10), and a finely crafted one's (d12). */
export const USAGE_START_DIE = { usual: 10, fine: 12 } as const;

/** Most uses one `usageOdds` call may compute. */
export const MAX_USAGE_USES = 10_000;

/** The usage chain: the Bare Bones step chain, stepping down on 1-3. */
export const USAGE_CHAIN: UsageChain = { sides: BARE_BONES_CHAIN.sides, stepDownMaxFace: USAGE_STEP_DOWN_MAX_FACE };

/** The contract's description of usage dice. */
export const USAGE_DIE_RULES: UsageDieRules = { sides: BARE_BONES_CHAIN.sides, stepDownMaxFace: USAGE_STEP_DOWN_MAX_FACE, ref: REF_USAGE, label: 'usage die' };

function dieProblem<T>(die: number): RuleResult<T> {
  return problem('bare-bones/not-a-usage-die', `A usage die is one of ${BARE_BONES_CHAIN.sides.map((s) => `d${s}`).join(' ')}, got d${die}; usage items usually start at d10 (fine ones d12).`, '$.die');
}

/**
 * Rolls a usage die after a use: 1-3 steps it down, a d4 stepping down is used up.
 * @example rollUsage(scriptedRandom([3]), 10) // ok: d10 rolled 3 -> d8
 */
export function rollUsage(rng: RandomSource, die: number): RuleResult<UsageRoll> {
  if (!BARE_BONES_CHAIN.sides.includes(die as never)) return dieProblem(die);
  const step = rollUsageStep(rng, USAGE_CHAIN, die);
  const explanation = step.isSteppedDown
    ? `d${die} rolled ${step.face} (1-3): ${step.after === null ? 'used up' : `steps down to d${step.after}`}`
    : `d${die} rolled ${step.face}: holds`;
  return ok({ die, face: step.face, isSteppedDown: step.isSteppedDown, after: step.after, explanation });
}

/**
 * Exact odds of a usage die after `uses` uses (0..MAX_USAGE_USES).
 * @example usageOdds(10, 1) // ok: d10 0.7, d8 0.3
 */
export function usageOdds(die: number, uses: number): RuleResult<UsageOdds> {
  if (!BARE_BONES_CHAIN.sides.includes(die as never)) return dieProblem(die);
  if (!Number.isInteger(uses) || uses < 0 || uses > MAX_USAGE_USES) {
    return problem('bare-bones/uses-out-of-range', `Uses must be a whole number from 0 to ${MAX_USAGE_USES}, got ${uses}.`, '$.uses');
  }
  const distribution = usageDistributionAfter(USAGE_CHAIN, die, uses);
  const gone = distribution[distribution.length - 1]!.p;
  return ok({ die, uses, depleted: gone, expectedUses: expectedUsageUses(USAGE_CHAIN, die), distribution });
}
