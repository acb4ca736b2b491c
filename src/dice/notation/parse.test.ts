import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import type { DiceError, DiceErrorCode } from '../errors.js';
import { parseNotation } from './parse.js';
import { formatNotation } from './format.js';
import type { DiceTerm } from './ast.js';
import { expressionArb, normalize, sloppyFormat } from '../../../test/dice-arbitraries.js';
import { catchDiceError } from '../../../test/dice-errors.js';

function parseError(text: string): DiceError {
  return catchDiceError(() => parseNotation(text));
}

function onlyDiceTerm(text: string): DiceTerm {
  const t = parseNotation(text).terms[0];
  if (t?.kind !== 'dice') throw new Error(`'${text}' has no dice term first`);
  return t;
}

describe('valid notation and its canonical form', () => {
  test.each([
    [' 4D6KH3 + 2', '4d6kh3+2'],
    ['d%', '1d100'],
    ['D%', '1d100'],
    ['d100', '1d100'],
    ['4d6k3', '4d6kh3'],
    ['4d6k', '4d6kh1'],
    ['4d6kl', '4d6kl1'],
    ['4d6dl1', '4d6dl1'],
    ['4d6dh2', '4d6dh2'],
    ['d8^+3', '1d8^+3'],
    ['d20^-1', '1d20^-1'],
    ['d20^+1^-2', '1d20^+1^-2'],
    ['3d6r<3', '3d6r<3'],
    ['3d6r<=2', '3d6r<=2'],
    ['3d6r>5', '3d6r>5'],
    ['3d6r>=5', '3d6r>=5'],
    ['3d6r=2', '3d6r2'],
    ['3d6r', '3d6r1'],
    ['3d6ro1', '3d6ro1'],
    ['3d6ro', '3d6ro1'],
    ['2d20adv', '2d20adv'],
    ['d20dis', '1d20dis'],
    ['2d20advdis', '2d20advdis'],
    ['d20ADVadv', '1d20advadv'],
    ['10d6!', '10d6!'],
    ['d6!r1', '1d6r1!'],
    ['4d6kh3adv!r<2^+1', '4d6^+1advr<2!kh3'],
    ['d20', '1d20'],
    ['1d20+5', '1d20+5'],
    ['-1d4+2', '-1d4+2'],
    ['+1d4', '1d4'],
    ['- 2', '-2'],
    ['5', '5'],
    ['0', '0'],
    ['1d20-1d4-3', '1d20-1d4-3'],
    ['\t1d20\t+\t5 ', '1d20+5'],
    ['d020', '1d20'],
    ['d40', '1d40'],
    ['d66', '1d66'],
    ['d11', '1d11'],
    ['d90', '1d90'],
    ['d1000', '1d1000'],
    ['2d66+d40-d%', '2d66+1d40-1d100'],
  ])('%j -> %j', (text, canonical) => {
    const expr = parseNotation(text);
    expect(formatNotation(expr)).toBe(canonical);
    expect(expr.source).toBe(text);
    expect(formatNotation(parseNotation(canonical))).toBe(canonical);
  });

  test('special dice parse to their kinds', () => {
    expect(onlyDiceTerm('d%').die).toEqual({ kind: 'percentile' });
    expect(onlyDiceTerm('d40').die).toEqual({ kind: 'tens', tensSides: 4 });
    expect(onlyDiceTerm('d80').die).toEqual({ kind: 'tens', tensSides: 8 });
    expect(onlyDiceTerm('d66').die).toEqual({ kind: 'digits', digitSides: 6 });
    expect(onlyDiceTerm('d22').die).toEqual({ kind: 'digits', digitSides: 2 });
    expect(onlyDiceTerm('d2').die).toEqual({ kind: 'plain', sides: 2 });
    expect(onlyDiceTerm('d30').die).toEqual({ kind: 'plain', sides: 30 });
  });

  test('a full term: fields and spans', () => {
    const t = onlyDiceTerm('4d6kh3adv!r<2^+1');
    expect(t).toMatchObject({
      kind: 'dice',
      sign: 1,
      count: 4,
      die: { kind: 'plain', sides: 6 },
      vantage: ['adv'],
      reroll: { mode: 'until', when: { op: '<', value: 2 } },
      explode: true,
      keep: { kind: 'kh', count: 3 },
      span: { start: 0, end: 16 },
    });
    expect(t.steps).toEqual([{ amount: 1, origin: { kind: 'notation', span: { start: 13, end: 16 } } }]);
  });

  test("'^-0' is a step of +0, not -0", () => {
    const amount = onlyDiceTerm('d20^-0').steps[0]?.amount;
    expect(Object.is(amount, 0)).toBe(true);
    expect(formatNotation(parseNotation('d20^-0'))).toBe('1d20^+0');
  });

  test('term spans point into the text', () => {
    const e = parseNotation('1d20 + 4d6kh3 - 2');
    expect(e.terms.map((t) => t.span)).toEqual([
      { start: 0, end: 4 },
      { start: 7, end: 13 },
      { start: 16, end: 17 },
    ]);
    expect(e.terms.map((t) => t.sign)).toEqual([1, 1, -1]);
  });

  test('non-ASCII letters that lower-case to ASCII are not modifiers (KELVIN SIGN is not k)', () => {
    const err = parseError('4d6\u212Ah3');
    expect(err.code).toBe('notation/unexpected');
    expect(err.position).toBe(3);
    // U+0130 lower-cases to two code units; it must not shift later positions.
    const dotted = parseError('\u0130d6');
    expect(dotted.position).toBe(0);
  });
});

describe('errors: code, position and what was expected', () => {
  const cases: { text: string; code: DiceErrorCode; position: number; message: RegExp }[] = [
    { text: '', code: 'notation/empty', position: 0, message: /empty.*1d20/ },
    { text: '   ', code: 'notation/empty', position: 0, message: /empty/ },
    { text: '4d6kx3', code: 'notation/unexpected', position: 4, message: /expected a modifier \(kh kl dh dl ! r ro adv dis \^\+N \^-N\), '\+', '-' or the end, found 'x'/ },
    { text: 'd', code: 'notation/expected-number', position: 1, message: /expected the number of sides.*found the end/ },
    { text: '2d', code: 'notation/expected-number', position: 2, message: /expected the number of sides/ },
    { text: '2dx', code: 'notation/expected-number', position: 2, message: /found 'x'/ },
    { text: '0d6', code: 'notation/zero-dice', position: 0, message: /at least 1 die/ },
    { text: '1d6+00d4', code: 'notation/zero-dice', position: 4, message: /at least 1 die/ },
    { text: 'd0', code: 'notation/unknown-die', position: 1, message: /at least 1 side/ },
    { text: '4d6kh5', code: 'notation/keep-out-of-range', position: 3, message: /kh5.*from 1 to 4/ },
    { text: '4d6kh0', code: 'notation/keep-out-of-range', position: 3, message: /kh0.*from 1 to 4/ },
    { text: '1d20dl2', code: 'notation/keep-out-of-range', position: 4, message: /from 1 to 1/ },
    { text: '2d6!!', code: 'notation/duplicate-modifier', position: 4, message: /only one explode/ },
    { text: '2d6r1r2', code: 'notation/duplicate-modifier', position: 5, message: /only one re-roll/ },
    { text: '4d6kh1dl1', code: 'notation/duplicate-modifier', position: 6, message: /only one keep\/drop/ },
    { text: 'd20^3', code: 'notation/unexpected', position: 4, message: /expected '\+' or '-' after '\^'/ },
    { text: 'd20^+', code: 'notation/expected-number', position: 5, message: /expected a number of steps/ },
    { text: '3d6r<', code: 'notation/expected-number', position: 5, message: /expected a number after '<'/ },
    { text: '3d6r<=x', code: 'notation/expected-number', position: 6, message: /expected a number after '<='/ },
    { text: '1d20+', code: 'notation/unexpected', position: 5, message: /expected a number or a die.*found the end/ },
    { text: '++1', code: 'notation/unexpected', position: 1, message: /expected a number or a die.*found '\+'/ },
    { text: '1d6 x', code: 'notation/unexpected', position: 4, message: /found 'x'/ },
    { text: '1d6 2', code: 'notation/unexpected', position: 4, message: /expected a modifier .*'\+', '-' or the end, found '2'/ },
    { text: '4 d6', code: 'notation/unexpected', position: 2, message: /found 'd'/ },
    { text: 'd%%', code: 'notation/unexpected', position: 2, message: /found '%'/ },
    { text: '1d6+\u0001', code: 'notation/unexpected', position: 4, message: /control character U\+0001/ },
    { text: '1d6+\u{1F3B2}', code: 'notation/unexpected', position: 4, message: /found '\u{1F3B2}'/u },
    { text: '1d1001', code: 'limit/die-sides', position: 2, message: /more than 1000 sides/ },
    { text: '1d20^+101', code: 'limit/step-amount', position: 4, message: /101 steps/ },
    { text: '1000001', code: 'notation/number-too-large', position: 0, message: /larger than 1000000/ },
    { text: '1d6+99999999999999999999', code: 'notation/number-too-large', position: 4, message: /\.\.\./ },
    { text: '101d6', code: 'limit/dice-per-term', position: 0, message: /101 dice.*limit is 100/ },
    { text: '100d6adv', code: 'limit/dice-per-term', position: 0, message: /extra vantage die/ },
  ];

  test.each(cases)('$text -> $code at $position', ({ text, code, position, message }) => {
    const err = parseError(text);
    expect(err.code).toBe(code);
    expect(err.position).toBe(position);
    expect(err.message).toMatch(message);
    expect(err.position).toBeGreaterThanOrEqual(0);
    expect(err.position).toBeLessThanOrEqual(text.length);
    expect(err.describe()).toBe(`${code} at column ${position + 1}: ${err.message}`);
    expect(err.toJSON()).toMatchObject({ code, position, message: err.message });
  });

  test("'3d6r' is not an error: a bare 'r' re-rolls 1s (the grammar's default '=1')", () => {
    expect(onlyDiceTerm('3d6r').reroll).toEqual({ mode: 'until', when: { op: '=', value: 1 } });
  });

  test('non-text input is a typed error', () => {
    const err = parseError(42 as unknown as string);
    expect(err.code).toBe('notation/unexpected');
    expect(err.message).toMatch(/must be text/);
  });
});

describe('properties', () => {
  test('format(parse(text)) is a fixed point', () => {
    fc.assert(
      fc.property(expressionArb, fc.integer(), (expr, seed) => {
        const text = sloppyFormat(expr, seed);
        fc.pre(text.length <= 256);
        const once = formatNotation(parseNotation(text));
        expect(formatNotation(parseNotation(once))).toBe(once);
      }),
      { numRuns: 1000 },
    );
  });

  test('any non-canonical spelling parses to the same tree and the same canonical text', () => {
    fc.assert(
      fc.property(expressionArb, fc.integer(), (expr, seed) => {
        const text = sloppyFormat(expr, seed);
        fc.pre(text.length <= 256);
        const parsed = parseNotation(text);
        expect(normalize(parsed)).toEqual(normalize(expr));
        expect(formatNotation(parsed)).toBe(formatNotation(expr));
      }),
      { numRuns: 1000 },
    );
  });

  test('every term span covers text that parses to that term alone', () => {
    fc.assert(
      fc.property(expressionArb, (expr) => {
        const text = formatNotation(expr);
        const parsed = parseNotation(text);
        parsed.terms.forEach((t, i) => {
          const span = t.span!;
          const alone = parseNotation(text.slice(span.start, span.end));
          expect(normalize({ kind: 'expression', terms: alone.terms.map((a) => ({ ...a, sign: t.sign })) })).toEqual(
            normalize({ kind: 'expression', terms: [expr.terms[i]!] }),
          );
        });
      }),
      { numRuns: 300 },
    );
  });
});
