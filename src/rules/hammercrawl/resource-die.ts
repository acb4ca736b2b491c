/**
 * Resource dice: a die on the chain stands for a stock of something (rations, ammo, armour, health).
 * After each use it is rolled; a 1 or 2 steps it down; a d3 rolling 1 or 2 is depleted.
 * Rules: HAMMERCRAWL! v4, RESOURCES. Rulings: docs/rulings.md (R-1 .. R-4).
 *
 * A resource die is a usage die (src/dice/usage-die.ts) on the HAMMERCRAWL! chain stepping down on
 * 1-2: the roll and the exact odds (a Markov chain over the chain positions plus "depleted",
 * shared/design/exact-odds.md) are that module's; this one adds the rules' limits, errors and words.
 */
import { HAMMERCRAWL_CHAIN, stepDie } from '../../dice/dice-chain.js';
import { DiceError } from '../../dice/errors.js';
import type { RandomSource } from '../../dice/random.js';
import {
  expectedUsageUses,
  rollUsageStep,
  usageDistributionAfter,
  usageDistributions,
  usageGoneCurve,
  type UsageChain,
} from '../../dice/usage-die.js';

/**
 * The highest face that steps a resource die down ("if the die rolls a 1 or 2, then the die size now
 * drops one step lower", RESOURCES).
 */
export const RESOURCE_STEP_DOWN_MAX_FACE = 2;

/**
 * Most uses one call may roll or compute odds for (`rollResourceUses`, `resourceOdds` and friends).
 * Far past any die's life: a fresh d30 lasts 79.5 uses on average, and survives 10,000 uses with a
 * chance of about 1e-297.
 */
export const MAX_RESOURCE_USES = 10_000;

/**
 * The dice a resource die can be: the HAMMERCRAWL! chain, d3 to d30 (RESOURCES, DICE & STEPS).
 * @example RESOURCE_DICE[7] // 12
 */
export const RESOURCE_DICE: readonly number[] = HAMMERCRAWL_CHAIN.sides;

/** Every code a `ResourceError` may carry. */
export type ResourceErrorCode = 'resource/depleted' | 'resource/uses-out-of-range';

/** A mistake in a resource-die request (a depleted die rolled, a use count out of range). */
export class ResourceError extends Error {
  override readonly name = 'ResourceError';
  constructor(
    readonly code: ResourceErrorCode,
    message: string,
  ) {
    super(message);
  }

  /** One line for people: the code and the message. */
  describe(): string {
    return `${this.code}: ${this.message}`;
  }

  /** Plain JSON form, for the CLI and the wire. */
  toJSON(): { code: ResourceErrorCode; message: string } {
    return { code: this.code, message: this.message };
  }
}

/**
 * The state of a resource die: its size (sides, a die of the chain), or `null` once depleted
 * ("can no longer be used again until replenished", RESOURCES).
 * @example const rations: ResourceDieState = 12; // a d12
 */
export type ResourceDieState = number | null;

/** One use of a resource and the roll after it (RESOURCES). */
export interface ResourceUse {
  readonly kind: 'resource-use';
  /** The die rolled. */
  readonly die: number;
  /** Its face. */
  readonly face: number;
  /** True when the face was 1 or 2. */
  readonly isSteppedDown: boolean;
  /** The die after the roll; `null` when a d3 rolled 1 or 2 (depleted). */
  readonly after: ResourceDieState;
  /** One line: "d12 rolled 2 (1 or 2): steps down to d10". */
  readonly explanation: string;
}

/** Several uses of one resource, rolled in order (RESOURCES). */
export interface ResourceUses {
  readonly kind: 'resource-uses';
  /** The die before the first use. */
  readonly start: number;
  /** Uses asked for. */
  readonly requested: number;
  /** Uses made: fewer than asked when the die was depleted (a depleted resource cannot be used). */
  readonly uses: readonly ResourceUse[];
  /** The die after the last use, `null` when depleted. */
  readonly after: ResourceDieState;
}

/** One point of a resource die's distribution: a die (or `null`, depleted) and its chance. */
export interface ResourceDiePoint {
  readonly die: ResourceDieState;
  readonly p: number;
}

/** Exact odds of a resource die after some uses (RESOURCES). */
export interface ResourceOdds {
  /** The fresh die. */
  readonly die: number;
  readonly uses: number;
  /** P(depleted within `uses` uses). */
  readonly depleted: number;
  /** Expected uses a fresh die gives, the depleting use included (`expectedResourceUses`). */
  readonly expectedUses: number;
  /** Every die from the fresh one down to d3, then `null` (depleted); chances sum to 1. */
  readonly distribution: readonly ResourceDiePoint[];
}

/**
 * A resource die as a usage die: the HAMMERCRAWL! chain, stepping down on 1-2 (RESOURCES).
 * @example usageDistributionAfter(RESOURCE_CHAIN, 3, 1) // [{ die: 3, p: 1/3 }, { die: null, p: 2/3 }]
 */
export const RESOURCE_CHAIN: UsageChain = { sides: HAMMERCRAWL_CHAIN.sides, stepDownMaxFace: RESOURCE_STEP_DOWN_MAX_FACE };

const CHAIN_SIDES: readonly number[] = HAMMERCRAWL_CHAIN.sides;
const CHAIN_TEXT = CHAIN_SIDES.map((s) => `d${s}`).join(' ');

/**
 * The chain position of a resource die (0 for d3); a die off the chain is `chain/not-on-chain`.
 * @example resourceDiePosition(12) // 7
 */
export function resourceDiePosition(die: number, role = 'a resource die'): number {
  const position = CHAIN_SIDES.indexOf(die);
  if (position < 0) {
    throw new DiceError(
      'chain/not-on-chain',
      `d${die} is not on the ${HAMMERCRAWL_CHAIN.label} (${CHAIN_TEXT}); ${role} must be one of them`,
    );
  }
  return position;
}

function checkUses(uses: number): void {
  if (!Number.isInteger(uses) || uses < 0 || uses > MAX_RESOURCE_USES) {
    throw new ResourceError(
      'resource/uses-out-of-range',
      `the number of uses must be a whole number from 0 to ${MAX_RESOURCE_USES}, got ${uses}`,
    );
  }
}

/**
 * The die one step below `die` as a resource: d12 -> d10, d3 -> `null` (depleted; below d3 the die is
 * negated, DICE & STEPS "Pushing the Dice Chain's Limits", as RESOURCES states for d3).
 * @example resourceStepDown(12) // 10
 */
export function resourceStepDown(die: number): ResourceDieState {
  resourceDiePosition(die);
  const step = stepDie(HAMMERCRAWL_CHAIN, die, -1, 'negate');
  return step.dice.length === 0 ? null : step.dice[0]!;
}

/**
 * Rolls a resource die after one use: 3 or more keeps it, 1 or 2 steps it down, and a d3 rolling 1
 * or 2 is depleted (RESOURCES). A depleted resource cannot be used: `resource/depleted`.
 * @example rollResourceUse(scriptedRandom([2]), 12).after // 10
 */
export function rollResourceUse(rng: RandomSource, die: ResourceDieState): ResourceUse {
  if (die === null) {
    throw new ResourceError('resource/depleted', 'the resource is depleted: it cannot be used until replenished, renewed, repaired or restored');
  }
  resourceDiePosition(die);
  const { face, isSteppedDown, after } = rollUsageStep(rng, RESOURCE_CHAIN, die);
  if (!isSteppedDown) {
    return { kind: 'resource-use', die, face, isSteppedDown: false, after: die, explanation: `d${die} rolled ${face}: stays d${die}` };
  }
  const explanation =
    after === null
      ? `d${die} rolled ${face} (1 or 2): depleted, it cannot be used until restored`
      : `d${die} rolled ${face} (1 or 2): steps down to d${after}`;
  return { kind: 'resource-use', die, face, isSteppedDown: true, after, explanation };
}

/**
 * Rolls `uses` uses of a resource in order, stopping early when it is depleted
 * (0..MAX_RESOURCE_USES uses; RESOURCES).
 * @example rollResourceUses(seededRandom(1), 6, 3).uses.length // 3, or fewer if depleted
 */
export function rollResourceUses(rng: RandomSource, die: number, uses: number): ResourceUses {
  resourceDiePosition(die);
  checkUses(uses);
  const made: ResourceUse[] = [];
  let current: ResourceDieState = die;
  while (made.length < uses && current !== null) {
    const use = rollResourceUse(rng, current);
    made.push(use);
    current = use.after;
  }
  return { kind: 'resource-uses', start: die, requested: uses, uses: made, after: current };
}

/**
 * Exact distribution of a fresh resource die after `uses` uses (0..MAX_RESOURCE_USES): every die from
 * `die` down to d3, then `null` (depleted), chances summing to 1 (RESOURCES).
 * @example resourceDistributionAfter(3, 1) // [{ die: 3, p: 1/3 }, { die: null, p: 2/3 }]
 */
export function resourceDistributionAfter(die: number, uses: number): ResourceDiePoint[] {
  resourceDiePosition(die);
  checkUses(uses);
  return usageDistributionAfter(RESOURCE_CHAIN, die, uses);
}

/**
 * The distributions after 0, 1, ..., `maxUses` uses in one pass (index n: after n uses), each as
 * `resourceDistributionAfter(die, n)` gives it (RESOURCES).
 * @example resourceDistributions(12, 100)[100] // the d12 after 100 uses
 */
export function resourceDistributions(die: number, maxUses: number): ResourceDiePoint[][] {
  resourceDiePosition(die);
  checkUses(maxUses);
  return usageDistributions(RESOURCE_CHAIN, die, maxUses);
}

/**
 * P(depleted within n uses) for n = 0..`maxUses` (index n), from a fresh `die` (RESOURCES).
 * @example resourceDepletionCurve(3, 2) // Float64Array [0, 2/3, 8/9]
 */
export function resourceDepletionCurve(die: number, maxUses: number): Float64Array {
  resourceDiePosition(die);
  checkUses(maxUses);
  return usageGoneCurve(RESOURCE_CHAIN, die, maxUses);
}

/**
 * Expected number of uses a fresh `die` gives before it is depleted, counting the use whose roll
 * depletes it (ruling R-2): at a dX each use steps down with chance 2/X, a geometric wait of X/2
 * uses, so the expectation is the sum of X/2 over the dice from `die` down to d3 (exact in float64:
 * a sum of halves).
 * @example expectedResourceUses(3) // 1.5
 * @example expectedResourceUses(12) // 27.5 = (3+4+5+6+7+8+10+12)/2
 */
export function expectedResourceUses(die: number): number {
  resourceDiePosition(die);
  return expectedUsageUses(RESOURCE_CHAIN, die);
}

/**
 * Exact odds of a fresh resource die after `uses` uses: the distribution, P(depleted) and the
 * expected uses a fresh die gives (RESOURCES).
 * @example resourceOdds(12, 10).expectedUses // 27.5
 */
export function resourceOdds(die: number, uses: number): ResourceOdds {
  const distribution = resourceDistributionAfter(die, uses);
  return {
    die,
    uses,
    depleted: distribution[distribution.length - 1]!.p,
    expectedUses: expectedResourceUses(die),
    distribution,
  };
}
