/**
 * Fuzzed notation: 100,000 generated inputs (random unicode, grammar-based, mutated valid).
 * Each input is parsed and rolled with a seeded source. It must either give a record with a
 * finite integer total, or throw a DiceError with a namespaced code, a non-empty message and,
 * for notation and limit errors, a position inside the text. Anything else is counted: crashes
 * (a throw that is not a DiceError, or a bad total) and untyped errors (a DiceError that breaks
 * that contract) must both be 0. Accepted inputs must also format to a fixed point.
 */
import { afterAll, describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { DiceError } from './errors.js';
import { formatNotation } from './notation/format.js';
import { parseNotation } from './notation/parse.js';
import { seededRandom } from './random.js';
import { rollNotation } from './roll.js';
import { expressionArb, rollableExpressionArb, sloppyFormat } from '../../test/dice-arbitraries.js';

/** Fixed so that the figures below are reproducible; change it to explore further. */
const FUZZ_SEED = 0x5eed_d1ce;
const RUNS = { unicode: 30_000, grammar: 40_000, mutated: 30_000 } as const;

interface Tally {
  inputs: number;
  accepted: number;
  rejected: number;
  crashes: number;
  untyped: number;
  notFixedPoint: number;
  codes: Map<string, number>;
  firstProblems: string[];
  ms: number;
}

const tallies = new Map<keyof typeof RUNS, Tally>();

function tallyFor(kind: keyof typeof RUNS): Tally {
  let t = tallies.get(kind);
  if (!t) {
    t = {
      inputs: 0,
      accepted: 0,
      rejected: 0,
      crashes: 0,
      untyped: 0,
      notFixedPoint: 0,
      codes: new Map(),
      firstProblems: [],
      ms: 0,
    };
    tallies.set(kind, t);
  }
  return t;
}

type Attempt = (text: string, seed: number) => { readonly total: number };
const parseAndRoll: Attempt = (text, seed) => rollNotation(seededRandom(seed), text);

/** Checks one input; returns a description of the problem, or null when it behaved. */
function check(text: string, seed: number, tally: Tally, attempt: Attempt = parseAndRoll): string | null {
  tally.inputs += 1;
  let problem: string | null = null;
  let kind: 'crash' | 'untyped' | 'fixed-point' | null = null;
  try {
    const record = attempt(text, seed);
    if (!Number.isSafeInteger(record.total)) {
      kind = 'crash';
      problem = `total ${record.total} is not a finite integer`;
    } else {
      tally.accepted += 1;
      const canonical = formatNotation(parseNotation(text));
      if (formatNotation(parseNotation(canonical)) !== canonical) {
        kind = 'fixed-point';
        problem = `format(parse(x)) is not a fixed point: ${JSON.stringify(canonical)}`;
      }
    }
  } catch (e) {
    if (!(e instanceof DiceError)) {
      kind = 'crash';
      problem = `threw ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`;
    } else {
      tally.rejected += 1;
      tally.codes.set(e.code, (tally.codes.get(e.code) ?? 0) + 1);
      const needsPosition = e.code.startsWith('notation/') || e.code.startsWith('limit/');
      const pos = e.position;
      if (typeof e.code !== 'string' || !e.code.includes('/')) {
        kind = 'untyped';
        problem = `code ${String(e.code)} is not namespaced`;
      } else if (typeof e.message !== 'string' || e.message.trim() === '') {
        kind = 'untyped';
        problem = `${e.code} has no message`;
      } else if (needsPosition && (typeof pos !== 'number' || !Number.isInteger(pos) || pos < 0 || pos > text.length)) {
        kind = 'untyped';
        problem = `${e.code} position ${String(pos)} is outside [0, ${text.length}]`;
      }
    }
  }
  if (kind === 'crash') tally.crashes += 1;
  if (kind === 'untyped') tally.untyped += 1;
  if (kind === 'fixed-point') tally.notFixedPoint += 1;
  if (problem && tally.firstProblems.length < 5) tally.firstProblems.push(`${JSON.stringify(text)}: ${problem}`);
  return problem;
}

// ---- generators -------------------------------------------------------------------------

const loneSurrogateOrBmp = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));

const unicodeArb: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: loneSurrogateOrBmp, maxLength: 40 }),
  fc.string({ unit: 'binary-ascii', maxLength: 40 }),
  // Long enough to pass the length limit now and then.
  fc.string({ unit: 'binary-ascii', minLength: 200, maxLength: 300 }),
);

const FRAGMENTS = [
  'd', 'D', 'd%', '%', '^', '^+', '^-', '+', '-', ' ', '\t', 'adv', 'dis', 'ADV', 'Dis', 'ad', 'di',
  'r', 'ro', 'R', 'rO', '<', '<=', '>', '>=', '=', '!', '!!', 'k', 'kh', 'kl', 'dh', 'dl', 'K', 'KH', 'h', 'l',
  '0', '00', '1', '2', '3', '4', '6', '7', '8', '9', '10', '12', '20', '24', '30', '40', '66', '88', '90', '99', '100',
  '101', '999', '1000', '1001', '1000000', '1000001', '99999999999999999999', '1e3', '0x10', '.', ',', '*', '/',
  '(', ')', 'x', '\u212A', '\u0130', '\u00A0', '\u{1F3B2}', '\uD800',
];

const grammarFragmentArb = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...FRAGMENTS) },
  { weight: 1, arbitrary: fc.nat({ max: 2000 }).map(String) },
);

const gluedArb = fc.array(grammarFragmentArb, { minLength: 1, maxLength: 30 }).map((xs) => xs.join(''));

/** Terms that look right, glued with operators that may be wrong. */
const termsArb = fc
  .array(
    fc.tuple(
      fc.constantFrom('+', '-', '', ' + ', '--', '+-', '*'),
      fc.oneof(
        expressionArb.map((e) => formatNotation(e)),
        fc.tuple(expressionArb, fc.integer()).map(([e, s]) => sloppyFormat(e, s)),
        gluedArb,
      ),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((parts) => parts.map(([op, t], i) => (i === 0 ? t : op + t)).join(''));

const grammarArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: gluedArb },
  { weight: 2, arbitrary: termsArb },
  { weight: 2, arbitrary: fc.tuple(expressionArb, fc.integer()).map(([e, s]) => sloppyFormat(e, s)) },
  { weight: 1, arbitrary: rollableExpressionArb.map((e) => formatNotation(e)) },
  // Many big terms, around the dice-per-expression limit.
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 1, max: 12 }), fc.constantFrom('100d6', '99d4adv', '50d2!', '100d%', '100d6r1'), gluedArb)
      .map(([n, term, tail]) => new Array<string>(n).fill(term).join('+') + tail),
  },
);

const VALID = [
  '1d20', '4d6kh3', '2d20kh1+5', '10d6!', ' 4D6KH3 + 2', 'd%', 'd%adv', 'd100dis', '4d6k3', 'd8^+3', 'd30^+15',
  '3d6r<3', '3d6ro1', '2d20adv', 'd40', 'd66', 'd2', '1d20+1d4-2', '-1d6', 'd4^-3', '100d6', '10d10!kh5',
  '3d6r1!dl1', '1d1000', '1000000', 'd20^+1^-2advdis',
];

const mutationArb = fc.record({
  op: fc.constantFrom('insert', 'delete', 'replace', 'duplicate'),
  at: fc.nat(),
  ch: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...'0123456789dD%^+-!<>=khlrovis \t') },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
    { weight: 1, arbitrary: loneSurrogateOrBmp },
  ),
});

function mutate(text: string, mutations: readonly { op: string; at: number; ch: string }[]): string {
  let s = text;
  for (const m of mutations) {
    const at = m.at % (s.length + 1);
    if (m.op === 'insert') s = s.slice(0, at) + m.ch + s.slice(at);
    else if (m.op === 'delete') s = s.slice(0, at) + s.slice(at + 1);
    else if (m.op === 'replace') s = s.slice(0, at) + m.ch + s.slice(at + 1);
    else s = s.slice(0, at) + s.slice(at, at + 3) + s.slice(at);
  }
  return s;
}

const mutatedArb: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(
      { weight: 1, arbitrary: fc.constantFrom(...VALID) },
      { weight: 2, arbitrary: expressionArb.map((e) => formatNotation(e)) },
    ),
    fc.array(mutationArb, { minLength: 1, maxLength: 6 }),
  )
  .map(([text, ms]) => mutate(text, ms));

// ---- the runs ---------------------------------------------------------------------------

function run(kind: keyof typeof RUNS, arb: fc.Arbitrary<string>, seedOffset: number): void {
  const tally = tallyFor(kind);
  const started = performance.now();
  try {
    fc.assert(
      fc.property(arb, fc.integer({ min: 0, max: 2 ** 32 - 1 }), (text, seed) => check(text, seed, tally) === null),
      { numRuns: RUNS[kind], seed: FUZZ_SEED + seedOffset },
    );
  } finally {
    tally.ms = performance.now() - started;
  }
  expect(tally.crashes, tally.firstProblems.join('\n')).toBe(0);
  expect(tally.untyped, tally.firstProblems.join('\n')).toBe(0);
  expect(tally.notFixedPoint, tally.firstProblems.join('\n')).toBe(0);
  expect(tally.inputs).toBe(RUNS[kind]);
}

describe('fuzzed notation', () => {
  afterAll(() => {
    const all = [...tallies.entries()];
    const sum = (f: (t: Tally) => number) => all.reduce((a, [, t]) => a + f(t), 0);
    const codes = new Map<string, number>();
    for (const [, t] of all) for (const [c, n] of t.codes) codes.set(c, (codes.get(c) ?? 0) + n);
    const lines = [
      `fuzz (seed ${FUZZ_SEED}): ${sum((t) => t.inputs)} inputs, ${sum((t) => t.crashes)} crashes, ` +
        `${sum((t) => t.untyped)} untyped errors, ${sum((t) => t.notFixedPoint)} format fixed-point failures, ` +
        `${(sum((t) => t.ms) / 1000).toFixed(1)} s`,
      ...all.map(
        ([k, t]) =>
          `  ${k.padEnd(8)} ${String(t.inputs).padStart(6)} inputs: ${t.accepted} rolled, ${t.rejected} rejected, ` +
          `${t.crashes} crashes, ${t.untyped} untyped, ${(t.ms / 1000).toFixed(1)} s`,
      ),
      `  codes: ${[...codes.entries()]
        .sort((a, b) => b[1] - a[1])
        .map(([c, n]) => `${c} ${n}`)
        .join(', ')}`,
    ];
    console.log(lines.join('\n'));
  });

  test(`random unicode strings (${RUNS.unicode})`, () => run('unicode', unicodeArb, 0));
  test(`grammar-based strings (${RUNS.grammar})`, () => run('grammar', grammarArb, 1));
  test(`mutations of valid notation (${RUNS.mutated})`, () => run('mutated', mutatedArb, 2));

  test('the checker itself flags crashes and untyped errors (so a 0 above means something)', () => {
    const t = tallyFor('self-check' as keyof typeof RUNS);
    tallies.delete('self-check' as keyof typeof RUNS);
    const throwing = (e: unknown): Attempt => () => {
      throw e;
    };
    expect(check('1d6', 1, t, throwing(new TypeError('boom')))).toMatch(/TypeError: boom/);
    expect(check('1d6', 1, t, throwing('a string'))).toMatch(/threw a string/);
    expect(check('1d6', 1, t, () => ({ total: Number.NaN }))).toMatch(/not a finite integer/);
    expect(check('1d6', 1, t, () => ({ total: 1.5 }))).toMatch(/not a finite integer/);
    expect(check('abc', 1, t, throwing(new DiceError('notation/unexpected', 'x', { start: 4, end: 4 })))).toMatch(
      /outside \[0, 3\]/,
    );
    expect(check('abc', 1, t, throwing(new DiceError('limit/die-sides', 'x')))).toMatch(/position undefined/);
    expect(check('abc', 1, t, throwing(new DiceError('notation/unexpected', ' ', { start: 0, end: 0 })))).toMatch(
      /no message/,
    );
    expect(check('abc', 1, t, throwing(new DiceError('bad' as 'notation/empty', 'x', { start: 0, end: 0 })))).toMatch(
      /not namespaced/,
    );
    expect(t.crashes).toBe(4);
    expect(t.untyped).toBe(4);
    // Roll errors need no position; a position at the very end is inside the text.
    expect(check('abc', 1, t, throwing(new DiceError('roll/explosion-limit', 'x')))).toBeNull();
    expect(check('abc', 1, t, throwing(new DiceError('notation/unexpected', 'x', { start: 3, end: 3 })))).toBeNull();
    expect(check('1d6', 1, t)).toBeNull();
  });
});
