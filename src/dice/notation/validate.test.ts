import { describe, expect, it } from 'vitest';
import { DiceError } from '../errors.js';
import { MAX_DICE_PER_EXPRESSION, MAX_DICE_PER_TERM } from '../limits.js';
import { resolveExpression } from '../resolve.js';
import type { DiceExpression, DiceTerm } from './ast.js';
import { parseNotation } from './parse.js';

function term(count: number, extra: Partial<DiceTerm> = {}): DiceTerm {
  return {
    kind: 'dice',
    sign: 1,
    count,
    die: { kind: 'plain', sides: 6 },
    steps: [],
    vantage: [],
    reroll: null,
    explode: false,
    keep: null,
    ...extra,
  };
}

function codeOf(expr: DiceExpression): string | null {
  try {
    resolveExpression(expr);
    return null;
  } catch (e) {
    if (e instanceof DiceError) return e.code;
    throw e;
  }
}

describe('trees built in code are held to the same limits as parsed notation', () => {
  it.each<[string, DiceExpression, string | null]>([
    ['dice per term at the limit', { kind: 'expression', terms: [term(MAX_DICE_PER_TERM)] }, null],
    ['dice per term past the limit', { kind: 'expression', terms: [term(MAX_DICE_PER_TERM + 1)] }, 'limit/dice-per-term'],
    ['vantage die counts', { kind: 'expression', terms: [term(MAX_DICE_PER_TERM, { vantage: ['adv'] })] }, 'limit/dice-per-term'],
    ['dice per expression at the limit', { kind: 'expression', terms: Array.from({ length: MAX_DICE_PER_EXPRESSION / MAX_DICE_PER_TERM }, () => term(MAX_DICE_PER_TERM)) }, null],
    ['dice per expression past the limit', { kind: 'expression', terms: [...Array.from({ length: MAX_DICE_PER_EXPRESSION / MAX_DICE_PER_TERM }, () => term(MAX_DICE_PER_TERM)), term(1)] }, 'limit/dice-per-expression'],
    ['zero dice', { kind: 'expression', terms: [term(0)] }, 'notation/zero-dice'],
    ['keep more than rolled', { kind: 'expression', terms: [term(4, { keep: { kind: 'kh', count: 5 } })] }, 'notation/keep-out-of-range'],
    ['a die that cannot exist', { kind: 'expression', terms: [term(1, { die: { kind: 'plain', sides: 0 } })] }, 'limit/die-sides'],
    ['a step past the limit', { kind: 'expression', terms: [term(1, { die: { kind: 'plain', sides: 20 }, steps: [{ amount: 101, origin: { kind: 'smith', label: 'test' } }] })] }, 'limit/step-amount'],
    ['a negative constant', { kind: 'expression', terms: [{ kind: 'constant', sign: 1, value: -3 }] }, 'notation/number-too-large'],
  ])('%s', (_name, expr, code) => {
    expect(codeOf(expr)).toBe(code);
  });

  it('parsed trees are not checked twice but still resolve', () => {
    const expr = parseNotation('4d6kh3');
    expect(resolveExpression(expr).terms).toHaveLength(1);
  });
});

describe('a re-roll that could run past MAX_REROLLS is refused before rolling', () => {
  it.each([
    ['1d1000r<973', null], // 97.2% of faces: the chance of passing the limit is 4.5e-13
    ['1d1000r<974', 'notation/reroll-too-likely'], // 97.3%: 1.3e-12, above REROLL_LIMIT_RISK
    ['1d100r<97', null],
    ['1d1000ro<999', null], // once: no loop
  ])('%s', (text, code) => {
    expect(codeOf(parseNotation(text))).toBe(code);
  });
});
