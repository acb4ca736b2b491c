import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { formatDieSpec, formatNotation, formatTerm } from './format.js';
import { parseNotation } from './parse.js';
import type { DiceExpression, DiceTerm } from './ast.js';
import { expressionArb, normalize, sloppyFormat } from '../../../test/dice-arbitraries.js';

const bare: Omit<DiceTerm, 'die' | 'count'> = {
  kind: 'dice',
  sign: 1,
  steps: [],
  vantage: [],
  reroll: null,
  explode: false,
  keep: null,
};

describe('formatDieSpec', () => {
  test.each([
    [{ kind: 'plain', sides: 20 } as const, 'd20'],
    [{ kind: 'plain', sides: 2 } as const, 'd2'],
    [{ kind: 'percentile' } as const, 'd100'],
    [{ kind: 'tens', tensSides: 4 } as const, 'd40'],
    [{ kind: 'tens', tensSides: 8 } as const, 'd80'],
    [{ kind: 'digits', digitSides: 6 } as const, 'd66'],
    [{ kind: 'digits', digitSides: 2 } as const, 'd22'],
  ])('%o -> %s', (die, text) => {
    expect(formatDieSpec(die)).toBe(text);
  });
});

describe('formatTerm and formatNotation', () => {
  test('a term built in code, with a feat origin, formats steps as ^+N', () => {
    const term: DiceTerm = {
      ...bare,
      count: 1,
      die: { kind: 'plain', sides: 20 },
      steps: [{ amount: 1, origin: { kind: 'feat', id: 'combat-hardened', label: 'Combat Hardened' } }],
    };
    expect(formatTerm(term)).toBe('1d20^+1');
  });

  test('modifiers come out in the canonical order: steps, vantage, re-roll, explode, keep', () => {
    const term: DiceTerm = {
      ...bare,
      count: 4,
      die: { kind: 'plain', sides: 6 },
      keep: { kind: 'dl', count: 1 },
      explode: true,
      reroll: { mode: 'once', when: { op: '<=', value: 2 } },
      vantage: ['dis', 'adv'],
      steps: [
        { amount: -2, origin: { kind: 'smith', label: 'Smith' } },
        { amount: 0, origin: { kind: 'smith', label: 'Smith' } },
      ],
    };
    expect(formatTerm(term)).toBe('4d6^-2^+0disadvro<=2!dl1');
  });

  test('re-roll comparisons: = is written as a bare number', () => {
    const t = (op: '=' | '<' | '>=', mode: 'once' | 'until'): DiceTerm => ({
      ...bare,
      count: 3,
      die: { kind: 'plain', sides: 6 },
      reroll: { mode, when: { op, value: 2 } },
    });
    expect(formatTerm(t('=', 'until'))).toBe('3d6r2');
    expect(formatTerm(t('=', 'once'))).toBe('3d6ro2');
    expect(formatTerm(t('<', 'until'))).toBe('3d6r<2');
    expect(formatTerm(t('>=', 'once'))).toBe('3d6ro>=2');
  });

  test('signs: a leading minus, no leading plus, operators between terms', () => {
    const expr: DiceExpression = {
      kind: 'expression',
      terms: [
        { ...bare, sign: -1, count: 2, die: { kind: 'plain', sides: 8 } },
        { kind: 'constant', sign: 1, value: 3 },
        { kind: 'constant', sign: -1, value: 0 },
        { ...bare, sign: 1, count: 1, die: { kind: 'percentile' } },
      ],
    };
    expect(formatNotation(expr)).toBe('-2d8+3-0+1d100');
    expect(formatNotation({ kind: 'expression', terms: [{ kind: 'constant', sign: 1, value: 7 }] })).toBe('7');
  });

  test('the module example', () => {
    expect(formatNotation(parseNotation(' d20 + 4D6KH3 '))).toBe('1d20+4d6kh3');
  });
});

describe('round trip (property)', () => {
  test('parse(format(ast)) equals ast, positions, source and step origins aside', () => {
    fc.assert(
      fc.property(expressionArb, (expr) => {
        const text = formatNotation(expr);
        expect(text.length).toBeLessThanOrEqual(256);
        expect(normalize(parseNotation(text))).toEqual(normalize(expr));
      }),
      { numRuns: 2000 },
    );
  });

  test('format is canonical: every spelling of a tree formats to one text', () => {
    fc.assert(
      fc.property(expressionArb, fc.integer(), fc.integer(), (expr, s1, s2) => {
        const a = sloppyFormat(expr, s1);
        const b = sloppyFormat(expr, s2);
        fc.pre(a.length <= 256 && b.length <= 256);
        expect(formatNotation(parseNotation(a))).toBe(formatNotation(parseNotation(b)));
      }),
      { numRuns: 500 },
    );
  });

  test('canonical text has no spaces and no upper case', () => {
    fc.assert(
      fc.property(expressionArb, (expr) => {
        expect(formatNotation(expr)).toMatch(/^[-+0-9a-z^!<>=]+$/);
      }),
      { numRuns: 300 },
    );
  });
});
