/**
 * `hammercrawl step` reads a die or a die past the top of the chain (`d30+d3`, as `step d30 +1` prints
 * it) and finds its extended-chain position, so that it steps back down (DICE & STEPS: past d30 a second
 * die is added and climbs the chain).
 */
import { MAX_STEP_AMOUNT } from '../dice/limits.js';
import { diceAtPosition, type DiceChain } from '../dice/dice-chain.js';
import { UsageError } from './mechanic.js';

/** The dice of `text` (`d20`, `d30+d3`) and their extended-chain position; a die off the chain is a `UsageError`. */
export function readSteppedDice(chain: DiceChain, text: string): { readonly dice: readonly number[]; readonly position: number } {
  const parts = text.trim().split('+');
  const dice: number[] = [];
  for (const p of parts) {
    const m = /^d(\d{1,4})$/i.exec(p.trim());
    if (!m) throw new UsageError(`'${text}' is not a die; write it like d20, or d30+d3 past the top of the chain`);
    dice.push(Number(m[1]));
  }
  const last = chain.sides.length - 1 + MAX_STEP_AMOUNT;
  for (let position = 0; position <= last; position++) {
    const at = diceAtPosition(chain, position);
    if (at.length === dice.length && at.every((d, i) => d === dice[i])) return { dice, position };
    if (at.length > dice.length) break;
  }
  const chainText = chain.sides.map((s) => `d${s}`).join(' ');
  const past = chain.aboveTop === 'add-die' ? ` nor one past its top (d${chain.sides.at(-1)}+d${chain.sides[0]}, ...)` : '';
  throw new UsageError(`'${text}' is not a die of ${theLabel(chain.label)} (${chainText})${past}`);
}

/** "the HAMMERCRAWL! dice chain", and "The Exalted Hack usage chain" without a second "the". */
export function theLabel(label: string): string {
  return /^the /i.test(label) ? label : `the ${label}`;
}
