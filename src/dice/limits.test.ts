/**
 * Every input limit, at the limit (accepted) and one past it (a specific error code).
 */
import { describe, expect, test } from 'vitest';
import { isDiceError, type DiceErrorCode } from './errors.js';
import {
  MAX_CONSTANT,
  MAX_DICE_PER_EXPRESSION,
  MAX_DICE_PER_TERM,
  MAX_DIE_SIDES,
  MAX_EXPLOSION_CHAIN,
  MAX_NOTATION_LENGTH,
  MAX_REROLLS,
  MAX_STEP_AMOUNT,
} from './limits.js';
import { parseNotation } from './notation/parse.js';
import { scriptedRandom, seededRandom, type RandomSource } from './random.js';
import { rollNotation, type RollRecord } from './roll.js';
import { HAMMERCRAWL_CHAIN, stepDie } from './dice-chain.js';

/** `100d6+100d6+...`: n dice in terms of at most 100 dice each. */
function manyDice(n: number): string {
  const terms: string[] = [];
  for (let left = n; left > 0; left -= MAX_DICE_PER_TERM) terms.push(`${Math.min(left, MAX_DICE_PER_TERM)}d6`);
  return terms.join('+');
}

/** A valid notation exactly `n` characters long: '10+1+1+...' (n even). */
function notationOfLength(n: number): string {
  const text = (n % 2 === 0 ? '10' : '100') + '+1'.repeat(Math.floor((n - 2) / 2));
  expect(text).toHaveLength(n);
  return text;
}

interface LimitCase {
  readonly limit: string;
  readonly value: number;
  /** Rolls at the limit; returns the record for extra checks. */
  readonly atLimit: () => RollRecord;
  readonly check?: (r: RollRecord) => void;
  /** One past the limit. */
  readonly past: () => unknown;
  readonly code: DiceErrorCode;
  /** The 0-based position the error must point at, when it has one. */
  readonly position?: number;
  /** What the message must say (it names the limit). */
  readonly message: RegExp;
}

const roll = (text: string, rng: RandomSource = seededRandom(1)) => () => rollNotation(rng, text);
const fill = (n: number, face: number) => new Array<number>(n).fill(face);

const cases: LimitCase[] = [
  {
    limit: 'MAX_NOTATION_LENGTH',
    value: MAX_NOTATION_LENGTH,
    atLimit: roll(notationOfLength(MAX_NOTATION_LENGTH)),
    check: (r) => expect(r.total).toBe(10 + (MAX_NOTATION_LENGTH - 2) / 2),
    past: roll(notationOfLength(MAX_NOTATION_LENGTH + 1)),
    code: 'notation/too-long',
    position: MAX_NOTATION_LENGTH,
    message: /limit is 256/,
  },
  {
    limit: 'MAX_NOTATION_LENGTH (trailing spaces count)',
    value: MAX_NOTATION_LENGTH,
    atLimit: roll('1d20'.padEnd(MAX_NOTATION_LENGTH, ' ')),
    past: roll('1d20'.padEnd(MAX_NOTATION_LENGTH + 1, ' ')),
    code: 'notation/too-long',
    position: MAX_NOTATION_LENGTH,
    message: /limit is 256/,
  },
  {
    limit: 'MAX_DICE_PER_TERM',
    value: MAX_DICE_PER_TERM,
    atLimit: roll(`${MAX_DICE_PER_TERM}d6`),
    check: (r) => expect(r.dice).toHaveLength(MAX_DICE_PER_TERM),
    past: roll(`${MAX_DICE_PER_TERM + 1}d6`),
    code: 'limit/dice-per-term',
    position: 0,
    message: /101 dice in one term; the limit is 100/,
  },
  {
    limit: 'MAX_DICE_PER_TERM (the vantage die counts)',
    value: MAX_DICE_PER_TERM,
    atLimit: roll(`${MAX_DICE_PER_TERM - 1}d6adv`),
    check: (r) => expect(r.dice).toHaveLength(MAX_DICE_PER_TERM),
    past: roll(`1d4+${MAX_DICE_PER_TERM}d6adv`),
    code: 'limit/dice-per-term',
    position: 4,
    message: /101 dice in one term \(with the extra vantage die\); the limit is 100/,
  },
  {
    limit: 'MAX_DICE_PER_EXPRESSION',
    value: MAX_DICE_PER_EXPRESSION,
    atLimit: roll(manyDice(MAX_DICE_PER_EXPRESSION)),
    check: (r) => expect(r.dice).toHaveLength(MAX_DICE_PER_EXPRESSION),
    past: roll(manyDice(MAX_DICE_PER_EXPRESSION + 1)),
    code: 'limit/dice-per-expression',
    message: /1001 dice .*limit is 1000/,
    // The last term, '1d6', starts after ten '100d6+' blocks.
    position: 10 * 'd6+'.length + 10 * '100'.length,
  },
  {
    limit: 'MAX_DIE_SIDES',
    value: MAX_DIE_SIDES,
    atLimit: roll(`3d${MAX_DIE_SIDES}`),
    check: (r) => r.dice.forEach((d) => expect(d.value).toBeLessThanOrEqual(MAX_DIE_SIDES)),
    past: roll(`3d${MAX_DIE_SIDES + 1}`),
    code: 'limit/die-sides',
    position: 2,
    message: /d1001 has more than 1000 sides/,
  },
  {
    limit: 'MAX_STEP_AMOUNT (up)',
    value: MAX_STEP_AMOUNT,
    atLimit: roll(`d20^+${MAX_STEP_AMOUNT}`),
    check: (r) => expect(r.terms[0]?.kind === 'dice' && r.terms[0].steps?.amount).toBe(MAX_STEP_AMOUNT),
    past: roll(`d20^+${MAX_STEP_AMOUNT + 1}`),
    code: 'limit/step-amount',
    position: 3,
    message: /101 steps is more than the limit of 100/,
  },
  {
    limit: 'MAX_STEP_AMOUNT (down)',
    value: MAX_STEP_AMOUNT,
    atLimit: roll(`d20^-${MAX_STEP_AMOUNT}`),
    check: (r) => expect(r.dice[0]?.die).toBe('d3'),
    past: roll(`d20^-${MAX_STEP_AMOUNT + 1}`),
    code: 'limit/step-amount',
    position: 3,
    message: /101 steps is more than the limit of 100/,
  },
  {
    limit: 'MAX_STEP_AMOUNT (the sum of several steps)',
    value: MAX_STEP_AMOUNT,
    atLimit: roll(`d20^+${MAX_STEP_AMOUNT - 1}^+1`),
    past: roll(`d20^+${MAX_STEP_AMOUNT}^+1`),
    code: 'limit/step-amount',
    position: 3,
    message: /steps on one die must add up to .* -100 to \+100, got -?101/,
  },
  {
    limit: 'MAX_CONSTANT',
    value: MAX_CONSTANT,
    atLimit: roll(`1d6+${MAX_CONSTANT}`),
    check: (r) => expect(r.total).toBeGreaterThan(MAX_CONSTANT),
    past: roll(`1d6+${MAX_CONSTANT + 1}`),
    code: 'notation/number-too-large',
    position: 4,
    message: /1000001 is larger than 1000000/,
  },
  {
    limit: 'MAX_CONSTANT (counts and sides are numbers too)',
    value: MAX_CONSTANT,
    atLimit: () => {
      expect(() => parseNotation(`${MAX_CONSTANT}d6`)).toThrow(/dice in one term/);
      return rollNotation(seededRandom(1), `-${MAX_CONSTANT}`);
    },
    check: (r) => expect(r.total).toBe(-MAX_CONSTANT),
    past: roll(`${MAX_CONSTANT + 1}d6`),
    code: 'notation/number-too-large',
    position: 0,
    message: /1000001 is larger than 1000000/,
  },
  {
    limit: 'MAX_EXPLOSION_CHAIN',
    value: MAX_EXPLOSION_CHAIN,
    atLimit: roll('1d2!', scriptedRandom([...fill(MAX_EXPLOSION_CHAIN, 2), 1])),
    check: (r) => expect(r.dice[0]?.faces).toHaveLength(MAX_EXPLOSION_CHAIN + 1),
    past: roll('1d2!', scriptedRandom([...fill(MAX_EXPLOSION_CHAIN + 1, 2), 1])),
    code: 'roll/explosion-limit',
    position: 0,
    message: /exploded 100 times/,
  },
  {
    limit: 'MAX_REROLLS',
    value: MAX_REROLLS,
    atLimit: roll('1d2r1', scriptedRandom([...fill(MAX_REROLLS, 1), 2])),
    check: (r) => expect(r.dice[0]?.rerolled).toHaveLength(MAX_REROLLS),
    past: roll('1d2r1', scriptedRandom([...fill(MAX_REROLLS + 1, 1), 2])),
    code: 'roll/reroll-limit',
    position: 0,
    message: /re-rolled 1000 times/,
  },
];

describe('input limits: at the limit OK, one past it a specific error', () => {
  test.each(cases)('$limit = $value', ({ atLimit, check, past, code, position, message }) => {
    const record = atLimit();
    expect(Number.isInteger(record.total)).toBe(true);
    check?.(record);
    let caught: unknown;
    try {
      past();
    } catch (e) {
      caught = e;
    }
    expect(isDiceError(caught), `expected a DiceError, got ${String(caught)}`).toBe(true);
    if (!isDiceError(caught)) return;
    expect(caught.code).toBe(code);
    if (position !== undefined) expect(caught.position).toBe(position);
    expect(caught.message).toMatch(message);
  });

  test('the limits have the documented values', () => {
    expect({
      MAX_NOTATION_LENGTH,
      MAX_DICE_PER_TERM,
      MAX_DICE_PER_EXPRESSION,
      MAX_DIE_SIDES,
      MAX_STEP_AMOUNT,
      MAX_CONSTANT,
      MAX_EXPLOSION_CHAIN,
      MAX_REROLLS,
    }).toEqual({
      MAX_NOTATION_LENGTH: 256,
      MAX_DICE_PER_TERM: 100,
      MAX_DICE_PER_EXPRESSION: 1000,
      MAX_DIE_SIDES: 1000,
      MAX_STEP_AMOUNT: 100,
      MAX_CONSTANT: 1_000_000,
      MAX_EXPLOSION_CHAIN: 100,
      MAX_REROLLS: 1000,
    });
  });

  test('1000 dice fit within 256 characters', () => {
    expect(manyDice(MAX_DICE_PER_EXPRESSION).length).toBeLessThanOrEqual(MAX_NOTATION_LENGTH);
    expect(manyDice(MAX_DICE_PER_EXPRESSION + 1).length).toBeLessThanOrEqual(MAX_NOTATION_LENGTH);
  });

  test('stepDie enforces MAX_STEP_AMOUNT on its own', () => {
    expect(stepDie(HAMMERCRAWL_CHAIN, 3, MAX_STEP_AMOUNT).dice.length).toBeGreaterThan(1);
    expect(() => stepDie(HAMMERCRAWL_CHAIN, 3, MAX_STEP_AMOUNT + 1)).toThrow(/steps on one die must add up to a whole number from -100 to \+100, got 101/);
  });
});
