import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  BARE_BONES_CHAIN,
  HAMMERCRAWL_CHAIN,
  describeDice,
  diceAtPosition,
  explainStep,
  isOnChain,
  stepDie,
  stepFromPosition,
  type DiceChain,
} from './dice-chain.js';
import { MAX_STEP_AMOUNT } from './limits.js';
import { catchDiceError } from '../../test/dice-errors.js';

const HC = HAMMERCRAWL_CHAIN;


describe('the HAMMERCRAWL! chain as data', () => {
  test('is the 13-step DCC chain from the rules text', () => {
    expect(HC.sides).toEqual([3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24, 30]);
    expect(HC.defaultBelowBottom).toBe('clamp');
    expect(HC.belowBottomIsChoice).toBe(true);
    expect(HC.aboveTop).toBe('add-die');
  });

  test('isOnChain', () => {
    expect(isOnChain(HC, 20)).toBe(true);
    expect(isOnChain(HC, 9)).toBe(false);
    expect(isOnChain(HC, 100)).toBe(false);
    expect(isOnChain(BARE_BONES_CHAIN, 4)).toBe(true);
    expect(isOnChain(BARE_BONES_CHAIN, 3)).toBe(false);
  });
});

describe('rules scenarios: DICE & STEPS', () => {
  test.each([
    { from: 20, amount: 1, dice: [24], text: 'D20 challenge +1 step -> D24' },
    { from: 20, amount: -1, dice: [16], text: 'D20 challenge -1 step -> D16' },
    { from: 8, amount: 3, dice: [14], text: 'D8 Harm Die +3 steps -> D14' },
    // The text says "-2 step mod would roll D5 (D5 <- D6 <- D7 <- D8)", but the arrows it draws are
    // three steps; on the chain (and by the +3 example right before it) -2 from D8 is D6, -3 is D5.
    { from: 8, amount: -2, dice: [6], text: 'D8 Harm Die -2 steps -> D6 (D6 <- D7 <- D8)' },
    { from: 8, amount: -3, dice: [5], text: 'D8 -3 steps -> D5 (D5 <- D6 <- D7 <- D8)' },
    { from: 30, amount: 1, dice: [30, 3], text: 'D30 +1 Step = D30 + D3' },
    { from: 30, amount: 3, dice: [30, 5], text: 'D30 +3 Steps = D30 + D5' },
    { from: 30, amount: 10, dice: [30, 16], text: 'D30 +10 Steps = D30 + D16' },
    { from: 30, amount: 15, dice: [30, 30, 4], text: 'D30 +15 Steps = D30 + D30 + D4' },
    { from: 30, amount: 13, dice: [30, 30], text: 'D30 +13 Steps = D30 + D30' },
    { from: 30, amount: 14, dice: [30, 30, 3], text: 'the third die starts at D3' },
    { from: 24, amount: 2, dice: [30, 3], text: 'D24 +2 steps passes the top' },
    { from: 3, amount: 0, dice: [3], text: 'no steps' },
  ])('$text', ({ from, amount, dice }) => {
    const r = stepDie(HC, from, amount);
    expect(r.dice).toEqual(dice);
    expect(r.amount).toBe(amount);
    expect(r.belowBottom).toBeUndefined();
    expect(r.clampedAtTop).toBeUndefined();
  });

  test('a D20 Test: +1 step (better) moves down to D16, -1 step moves up to D24', () => {
    // For Tests the caller turns "better" into a move down the chain; the chain only moves.
    expect(stepDie(HC, 20, -1).dice).toEqual([16]);
    expect(stepDie(HC, 20, +1).dice).toEqual([24]);
  });

  test("below d3 with 'clamp': stays d3 and reports how far below", () => {
    const r = stepDie(HC, 4, -3, 'clamp');
    expect(r.dice).toEqual([3]);
    expect(r.position).toBe(0);
    expect(r.belowBottom).toEqual({ policy: 'clamp', stepsBelow: 2 });
  });

  test("below d3 with 'negate': no dice", () => {
    const r = stepDie(HC, 4, -3, 'negate');
    expect(r.dice).toEqual([]);
    expect(r.belowBottom).toEqual({ policy: 'negate', stepsBelow: 2 });
  });

  test('exactly d3 is not below the bottom', () => {
    const r = stepDie(HC, 4, -1, 'negate');
    expect(r.dice).toEqual([3]);
    expect(r.belowBottom).toBeUndefined();
  });

  test("the chain's default below-bottom policy is clamp", () => {
    expect(stepDie(HC, 3, -1).belowBottom).toEqual({ policy: 'clamp', stepsBelow: 1 });
  });

  test('not on the chain: chain/not-on-chain with the span given', () => {
    const err = catchDiceError(() => stepDie(HC, 9, 1, 'clamp', { start: 2, end: 5 }));
    expect(err.code).toBe('chain/not-on-chain');
    expect(err.position).toBe(2);
    expect(err.message).toContain('d9');
    expect(err.message).toContain('d3 d4 d5');
    expect(catchDiceError(() => stepDie(HC, 100, 1)).code).toBe('chain/not-on-chain');
    expect(catchDiceError(() => stepDie(BARE_BONES_CHAIN, 3, -1)).code).toBe('chain/not-on-chain');
  });

  test('step amounts past the limit or not whole are limit/step-amount', () => {
    expect(catchDiceError(() => stepDie(HC, 20, MAX_STEP_AMOUNT + 1)).code).toBe('limit/step-amount');
    expect(catchDiceError(() => stepDie(HC, 20, -MAX_STEP_AMOUNT - 1)).code).toBe('limit/step-amount');
    expect(catchDiceError(() => stepDie(HC, 20, 1.5)).code).toBe('limit/step-amount');
    expect(stepDie(HC, 20, MAX_STEP_AMOUNT).position).toBe(10 + MAX_STEP_AMOUNT);
    expect(stepDie(HC, 20, -MAX_STEP_AMOUNT).dice).toEqual([3]);
  });
});

describe('Bare Bones chain', () => {
  test('steps down d20 d12 d10 d8 d6 d4, then the die is gone', () => {
    const seen = [1, 2, 3, 4, 5, 6].map((n) => stepDie(BARE_BONES_CHAIN, 20, -n).dice);
    expect(seen).toEqual([[12], [10], [8], [6], [4], []]);
    const gone = stepDie(BARE_BONES_CHAIN, 4, -1);
    expect(gone.belowBottom).toEqual({ policy: 'negate', stepsBelow: 1 });
  });

  test('below d4 the die is gone even when the caller asks to clamp (the policy is not a choice)', () => {
    const r = stepDie(BARE_BONES_CHAIN, 6, -2, 'clamp');
    expect(r.dice).toEqual([]);
    expect(r.belowBottom).toEqual({ policy: 'negate', stepsBelow: 1 });
  });

  test('above d20 it stays d20 and says so', () => {
    const r = stepDie(BARE_BONES_CHAIN, 12, 3);
    expect(r.dice).toEqual([20]);
    expect(r.clampedAtTop).toEqual({ stepsAbove: 2 });
    expect(explainStep(BARE_BONES_CHAIN, 12, r)).toBe('d12 +3 steps -> d20 (2 above the top, kept at d20)');
  });
});

describe('diceAtPosition', () => {
  test('matches the rules examples', () => {
    expect(diceAtPosition(HC, 0)).toEqual([3]);
    expect(diceAtPosition(HC, 12)).toEqual([30]);
    expect(diceAtPosition(HC, 13)).toEqual([30, 3]);
    expect(diceAtPosition(HC, 27)).toEqual([30, 30, 4]);
    expect(diceAtPosition(HC, 12 + 39)).toEqual([30, 30, 30, 30]);
  });

  test('the mean of the dice rises with every step up (positions 0..112)', () => {
    const mean = (dice: readonly number[]) => dice.reduce((a, s) => a + (s + 1) / 2, 0);
    for (let p = 0; p < 12 + MAX_STEP_AMOUNT; p++) {
      expect(mean(diceAtPosition(HC, p + 1))).toBeGreaterThan(mean(diceAtPosition(HC, p)));
    }
  });
});

describe('properties', () => {
  const chainDie = fc.constantFrom(...HC.sides);

  test('stepping up n then down n returns the die', () => {
    fc.assert(
      fc.property(chainDie, fc.integer({ min: 0, max: MAX_STEP_AMOUNT }), (sides, n) => {
        const up = stepDie(HC, sides, n);
        expect(up.belowBottom).toBeUndefined();
        const back = stepFromPosition(HC, up.position, -n);
        expect(back.dice).toEqual([sides]);
        expect(back.belowBottom).toBeUndefined();
      }),
      { numRuns: 500 },
    );
  });

  test('stepping down n (not past the bottom) then up n returns the die', () => {
    fc.assert(
      fc.property(chainDie, fc.integer({ min: 0, max: MAX_STEP_AMOUNT }), (sides, n) => {
        const start = HC.sides.indexOf(sides);
        const k = Math.min(n, start);
        const down = stepDie(HC, sides, -k, 'negate');
        expect(stepFromPosition(HC, down.position, k).dice).toEqual([sides]);
      }),
      { numRuns: 300 },
    );
  });

  test('composing steps equals one step of the sum (within the chain and above it)', () => {
    fc.assert(
      fc.property(
        chainDie,
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: -50, max: 50 }),
        (sides, a, b) => {
          const start = HC.sides.indexOf(sides);
          fc.pre(start + a + b >= 0);
          const twice = stepFromPosition(HC, stepDie(HC, sides, a).position, b);
          expect(twice.dice).toEqual(stepDie(HC, sides, a + b).dice);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('below the bottom: clamp always gives d3, negate never gives a die; both report stepsBelow', () => {
    fc.assert(
      fc.property(chainDie, fc.integer({ min: 1, max: MAX_STEP_AMOUNT }), (sides, n) => {
        const start = HC.sides.indexOf(sides);
        fc.pre(n > start);
        const c = stepDie(HC, sides, -n, 'clamp');
        const g = stepDie(HC, sides, -n, 'negate');
        expect(c.dice).toEqual([3]);
        expect(g.dice).toEqual([]);
        expect(c.belowBottom?.stepsBelow).toBe(n - start);
        expect(g.belowBottom?.stepsBelow).toBe(n - start);
      }),
      { numRuns: 300 },
    );
  });
});

describe('explainStep and describeDice', () => {
  const cases: { chain: DiceChain; from: number; amount: number; policy?: 'clamp' | 'negate'; text: string }[] = [
    { chain: HC, from: 20, amount: 1, text: 'd20 +1 step -> d24' },
    { chain: HC, from: 20, amount: -1, text: 'd20 -1 step -> d16' },
    { chain: HC, from: 8, amount: 3, text: 'd8 +3 steps -> d14' },
    { chain: HC, from: 30, amount: 15, text: 'd30 +15 steps -> d30+d30+d4' },
    { chain: HC, from: 4, amount: -3, policy: 'clamp', text: 'd4 -3 steps -> d3 (2 below d3, kept at d3)' },
    { chain: HC, from: 4, amount: -3, policy: 'negate', text: 'd4 -3 steps -> no die (2 below d3, die negated)' },
    { chain: HC, from: 6, amount: 0, text: 'd6 +0 steps -> d6' },
    { chain: BARE_BONES_CHAIN, from: 4, amount: -1, text: 'd4 -1 step -> no die (1 below d4, die negated)' },
  ];
  test.each(cases)('$text', ({ chain, from, amount, policy, text }) => {
    expect(explainStep(chain, from, stepDie(chain, from, amount, policy))).toBe(text);
  });

  test('describeDice', () => {
    expect(describeDice([])).toBe('no die');
    expect(describeDice([20])).toBe('d20');
    expect(describeDice([30, 4])).toBe('d30+d4');
  });
});
