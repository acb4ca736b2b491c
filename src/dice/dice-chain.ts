/**
 * Dice chains and step modifiers.
 * Rules: HAMMERCRAWL! v4, DICE & STEPS ("Dice Modifiers", "Pushing the Dice Chain's Limits").
 */
import { DiceError, type SourceSpan } from './errors.js';
import { MAX_STEP_AMOUNT } from './limits.js';

/** What happens to a die pushed below the bottom of its chain. */
export type BelowBottomPolicy = 'negate' | 'clamp';

/** What happens to a die pushed above the top of its chain. */
export type AboveTopPolicy = 'add-die' | 'clamp';

/** A dice chain: die sizes from smallest to largest, and what happens at either end. */
export interface DiceChain {
  readonly id: string;
  readonly label: string;
  /** Die sizes, smallest first. */
  readonly sides: readonly number[];
  /** The policy used when the caller states none. */
  readonly defaultBelowBottom: BelowBottomPolicy;
  /** Whether the caller (the task at hand, or the Smith) may choose the below-bottom policy. */
  readonly belowBottomIsChoice: boolean;
  readonly aboveTop: AboveTopPolicy;
  /** Rules reference. */
  readonly ref: string;
}

/**
 * The Dungeon Crawl Classics chain used by HAMMERCRAWL! (13 steps, d3 to d30).
 * Past d30 a second die is added, starting at d3; below d3 the die is negated or clamped.
 * @example HAMMERCRAWL_CHAIN.sides[12] // 30
 */
export const HAMMERCRAWL_CHAIN = {
  id: 'hammercrawl',
  label: 'HAMMERCRAWL! dice chain',
  sides: [3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24, 30],
  defaultBelowBottom: 'clamp',
  belowBottomIsChoice: true,
  aboveTop: 'add-die',
  ref: 'HAMMERCRAWL! v4, DICE & STEPS',
} as const satisfies DiceChain;

/**
 * The Bare Bones step chain for usage and concentration dice: d4 d6 d8 d10 d12 d20; a die
 * stepped below d4 is gone. Above d20 it stays d20 (the text never steps a die up past it).
 */
export const BARE_BONES_CHAIN = {
  id: 'bare-bones',
  label: 'The Bare Bones step chain',
  sides: [4, 6, 8, 10, 12, 20],
  defaultBelowBottom: 'negate',
  belowBottomIsChoice: false,
  aboveTop: 'clamp',
  ref: 'The Bare Bones, usage dice',
} as const satisfies DiceChain;

/** Where a step modifier came from, so that every roll can explain itself. */
export type StepOrigin =
  | { readonly kind: 'notation'; readonly span: SourceSpan }
  | { readonly kind: 'stat'; readonly id: string; readonly label: string }
  | { readonly kind: 'feat'; readonly id: string; readonly label: string }
  | { readonly kind: 'item'; readonly id: string; readonly label: string }
  | { readonly kind: 'power'; readonly id: string; readonly label: string }
  | { readonly kind: 'rule'; readonly id: string; readonly label: string }
  | { readonly kind: 'smith'; readonly label: string };

/** A step modifier: +N moves up the chain (a larger die), -N down. */
export interface StepModifier {
  readonly amount: number;
  readonly origin: StepOrigin;
}

/** The outcome of stepping a die along a chain. */
export interface StepResult {
  /** The die sizes now rolled and added together (empty when the die was negated). */
  readonly dice: readonly number[];
  /** Position on the extended chain: 0 is the bottom die, past the top counts on. */
  readonly position: number;
  /** Total step amount applied. */
  readonly amount: number;
  /** Set when the die was pushed below the bottom of the chain. */
  readonly belowBottom?: { readonly policy: BelowBottomPolicy; readonly stepsBelow: number };
  /** Set when the die was pushed above the top of a chain that clamps there. */
  readonly clampedAtTop?: { readonly stepsAbove: number };
}

/** True when `sides` is a die of `chain`. */
export function isOnChain(chain: DiceChain, sides: number): boolean {
  return chain.sides.includes(sides);
}

/**
 * The die sizes at an extended-chain position. Past the top of an `add-die` chain the top die
 * stays and a second die climbs the chain from its bottom, and so on for a third.
 * @example diceAtPosition(HAMMERCRAWL_CHAIN, 27) // [30, 30, 4]  (d30 +15 steps)
 */
export function diceAtPosition(chain: DiceChain, position: number): number[] {
  const top = chain.sides.length - 1;
  if (position <= top) return [chain.sides[Math.max(0, position)]!];
  const topDie = chain.sides[top]!;
  const dice = [topDie];
  let over = position - top;
  while (over > chain.sides.length) {
    dice.push(topDie);
    over -= chain.sides.length;
  }
  dice.push(chain.sides[over - 1]!);
  return dice;
}

/**
 * Moves a die `amount` steps along `chain` (+ is up, towards larger dice).
 * Below the bottom the policy decides and the result reports it; above the top of an `add-die`
 * chain a second die is added. A die that is not on the chain is a `chain/not-on-chain` error.
 * @example stepDie(HAMMERCRAWL_CHAIN, 8, 3).dice // [14]
 * @example stepDie(HAMMERCRAWL_CHAIN, 30, 15).dice // [30, 30, 4]
 */
export function stepDie(
  chain: DiceChain,
  sides: number,
  amount: number,
  belowBottom: BelowBottomPolicy = chain.defaultBelowBottom,
  span?: SourceSpan,
): StepResult {
  const start = chain.sides.indexOf(sides);
  if (start < 0) {
    throw new DiceError(
      'chain/not-on-chain',
      `d${sides} is not on the ${chain.label} (${chain.sides.map((s) => `d${s}`).join(' ')}), so it cannot take steps`,
      span,
    );
  }
  return stepFromPosition(chain, start, amount, belowBottom, span);
}

/** Like `stepDie`, from an extended-chain position (so that a d30+d4 can step back down). */
export function stepFromPosition(
  chain: DiceChain,
  start: number,
  amount: number,
  belowBottom: BelowBottomPolicy = chain.defaultBelowBottom,
  span?: SourceSpan,
): StepResult {
  if (!Number.isInteger(amount) || Math.abs(amount) > MAX_STEP_AMOUNT) {
    throw new DiceError(
      'limit/step-amount',
      `the steps on one die must add up to a whole number from -${MAX_STEP_AMOUNT} to +${MAX_STEP_AMOUNT}, got ${amount}`,
      span,
    );
  }
  const target = start + amount;
  if (target < 0) {
    const stepsBelow = -target;
    // A chain whose rules fix the policy (Bare Bones: the die is gone) ignores the caller's choice;
    // the result still names the policy applied.
    const policy = chain.belowBottomIsChoice ? belowBottom : chain.defaultBelowBottom;
    return policy === 'negate'
      ? { dice: [], position: target, amount, belowBottom: { policy: 'negate', stepsBelow } }
      : { dice: [chain.sides[0]!], position: 0, amount, belowBottom: { policy: 'clamp', stepsBelow } };
  }
  const top = chain.sides.length - 1;
  if (target > top && chain.aboveTop === 'clamp') {
    return { dice: [chain.sides[top]!], position: top, amount, clampedAtTop: { stepsAbove: target - top } };
  }
  return { dice: diceAtPosition(chain, target), position: target, amount };
}

/** Short text for a stepped die: "d30+d4", or "no die" when negated. */
export function describeDice(dice: readonly number[]): string {
  return dice.length === 0 ? 'no die' : dice.map((s) => `d${s}`).join('+');
}

/** One line that explains a step: "d20 +1 step -> d24", "d4 -3 steps -> d3 (2 below d3, clamped)". */
export function explainStep(chain: DiceChain, fromSides: number, result: StepResult): string {
  const n = Math.abs(result.amount);
  const sign = result.amount >= 0 ? '+' : '-';
  let text = `d${fromSides} ${sign}${n} step${n === 1 ? '' : 's'} -> ${describeDice(result.dice)}`;
  const bottom = `d${chain.sides[0]}`;
  if (result.belowBottom) {
    const { policy, stepsBelow } = result.belowBottom;
    text += ` (${stepsBelow} below ${bottom}, ${policy === 'negate' ? 'die negated' : `kept at ${bottom}`})`;
  }
  if (result.clampedAtTop) {
    text += ` (${result.clampedAtTop.stepsAbove} above the top, kept at d${chain.sides[chain.sides.length - 1]})`;
  }
  return text;
}
