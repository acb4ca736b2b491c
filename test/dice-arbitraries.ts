/**
 * fast-check arbitraries for the dice engine's tests: valid notation trees within every limit,
 * rollable trees, and non-canonical ("sloppy") spellings of a tree.
 */
import fc from 'fast-check';
import { HAMMERCRAWL_CHAIN, type StepModifier } from '../src/dice/dice-chain.js';
import {
  MAX_CONSTANT,
  MAX_DICE_PER_EXPRESSION,
  MAX_DICE_PER_TERM,
  MAX_DIE_SIDES,
  MAX_NOTATION_LENGTH,
  MAX_STEP_AMOUNT,
} from '../src/dice/limits.js';
import type {
  Comparison,
  ConstantTerm,
  DiceExpression,
  DiceTerm,
  DieSpec,
  KeepModifier,
  RerollModifier,
  Term,
  VantageMark,
} from '../src/dice/notation/ast.js';
import { formatNotation } from '../src/dice/notation/format.js';
import { DIGIT_DICE, TENS_DICE, netVantage } from '../src/dice/notation/parse.js';

/** Side counts that parse as a plain die (d100, d40.., d22.. are special). */
export function isPlainSides(sides: number): boolean {
  return sides !== 100 && !TENS_DICE.includes(sides) && !DIGIT_DICE.includes(sides);
}

const chainSides = fc.constantFrom(...HAMMERCRAWL_CHAIN.sides);

export const dieSpecArb: fc.Arbitrary<DieSpec> = fc.oneof(
  { weight: 4, arbitrary: chainSides.map((sides): DieSpec => ({ kind: 'plain', sides })) },
  {
    weight: 2,
    arbitrary: fc
      .integer({ min: 1, max: MAX_DIE_SIDES })
      .filter(isPlainSides)
      .map((sides): DieSpec => ({ kind: 'plain', sides })),
  },
  { weight: 1, arbitrary: fc.constant<DieSpec>({ kind: 'percentile' }) },
  { weight: 1, arbitrary: fc.integer({ min: 4, max: 8 }).map((tensSides): DieSpec => ({ kind: 'tens', tensSides })) },
  { weight: 1, arbitrary: fc.integer({ min: 2, max: 8 }).map((digitSides): DieSpec => ({ kind: 'digits', digitSides })) },
);

/** A step as a caller would build it; notation loses the origin, so tests compare amounts. */
export const stepArb = (max = MAX_STEP_AMOUNT): fc.Arbitrary<StepModifier> =>
  fc.integer({ min: -max, max }).map((amount) => ({ amount, origin: { kind: 'smith', label: 'generated' } }));

export const vantageArb: fc.Arbitrary<VantageMark[]> = fc.array(fc.constantFrom<VantageMark>('adv', 'dis'), {
  maxLength: 3,
});

const smallOrAny = (max: number) =>
  fc.oneof({ weight: 5, arbitrary: fc.integer({ min: 0, max: 30 }) }, { weight: 1, arbitrary: fc.integer({ min: 0, max }) });

export const comparisonArb: fc.Arbitrary<Comparison> = fc.record({
  op: fc.constantFrom<Comparison['op']>('=', '<', '<=', '>', '>='),
  value: smallOrAny(MAX_CONSTANT),
});

export const rerollArb: fc.Arbitrary<RerollModifier> = fc.record({
  mode: fc.constantFrom<RerollModifier['mode']>('once', 'until'),
  when: comparisonArb,
});

function keepArb(count: number): fc.Arbitrary<KeepModifier> {
  return fc.record({
    kind: fc.constantFrom<KeepModifier['kind']>('kh', 'kl', 'dh', 'dl'),
    count: fc.integer({ min: 1, max: count }),
  });
}

const signArb = fc.constantFrom<1 | -1>(1, -1);

/** Dice actually thrown for a term, as the parser counts them against the limits. */
export function thrownDice(t: DiceTerm): number {
  const extra = netVantage(t.vantage) !== null && !(t.die.kind === 'percentile' && t.count === 1) ? 1 : 0;
  return t.count + extra;
}

/** Any dice term the parser accepts (no semantic checks: steps may be off the chain). */
export const diceTermArb: fc.Arbitrary<DiceTerm> = fc
  .record({
    sign: signArb,
    count: smallOrAny(MAX_DICE_PER_TERM).map((c) => Math.max(1, c)),
    die: dieSpecArb,
    steps: fc.array(stepArb(), { maxLength: 3 }),
    vantage: vantageArb,
    reroll: fc.option(rerollArb, { nil: null }),
    explode: fc.boolean(),
  })
  .chain((t) => {
    const term = { ...t, kind: 'dice' as const };
    const count = thrownDice({ ...term, keep: null }) > MAX_DICE_PER_TERM ? term.count - 1 : term.count;
    return fc.option(keepArb(count), { nil: null }).map((keep): DiceTerm => ({ ...term, count, keep }));
  });

export const constantTermArb: fc.Arbitrary<ConstantTerm> = fc.record({
  kind: fc.constant('constant' as const),
  sign: signArb,
  value: smallOrAny(MAX_CONSTANT),
});

export const termArb: fc.Arbitrary<Term> = fc.oneof(
  { weight: 3, arbitrary: diceTermArb },
  { weight: 1, arbitrary: constantTermArb },
);

/** Valid expressions within every limit of the parser (length, dice per term and per expression). */
export const expressionArb: fc.Arbitrary<DiceExpression> = fc
  .array(termArb, { minLength: 1, maxLength: 6 })
  .map((terms): DiceExpression => ({ kind: 'expression', terms }))
  .filter((e) => {
    let dice = 0;
    for (const t of e.terms) if (t.kind === 'dice') dice += thrownDice(t);
    return dice <= MAX_DICE_PER_EXPRESSION && formatNotation(e).length <= MAX_NOTATION_LENGTH;
  });

/**
 * Dice terms that always resolve and roll: steps only on chain dice, `r` only with `=` (one face
 * removed) and never leaving only the highest face of an exploding d2.
 */
export const rollableDiceTermArb: fc.Arbitrary<DiceTerm> = fc
  .record({
    sign: signArb,
    count: fc.integer({ min: 1, max: 12 }),
    die: dieSpecArb.filter((d) => d.kind !== 'plain' || d.sides >= 2),
    stepAmounts: fc.array(fc.integer({ min: -12, max: 12 }), { maxLength: 2 }),
    vantage: vantageArb,
    reroll: fc.option(
      fc.oneof(
        fc.record({ mode: fc.constant('once' as const), when: comparisonArb }),
        fc.record({
          mode: fc.constant('until' as const),
          when: fc.record({ op: fc.constant('=' as const), value: fc.integer({ min: 0, max: 40 }) }),
        }),
      ),
      { nil: null },
    ),
    explode: fc.boolean(),
  })
  .chain(({ stepAmounts, ...t }) => {
    const onChain = t.die.kind === 'plain' && HAMMERCRAWL_CHAIN.sides.some((s) => t.die.kind === 'plain' && s === t.die.sides);
    const steps: StepModifier[] = onChain
      ? stepAmounts.map((amount) => ({ amount, origin: { kind: 'rule', id: 'test', label: 'Test' } }))
      : [];
    const isD2 = t.die.kind === 'plain' && t.die.sides === 2 && steps.length === 0;
    const reroll = isD2 && t.explode && t.reroll?.mode === 'until' ? null : t.reroll;
    return fc
      .option(keepArb(t.count), { nil: null })
      .map((keep): DiceTerm => ({ kind: 'dice', ...t, steps, reroll, keep }));
  });

export const rollableExpressionArb: fc.Arbitrary<DiceExpression> = fc
  .array(
    fc.oneof(
      { weight: 3, arbitrary: rollableDiceTermArb as fc.Arbitrary<Term> },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant('constant' as const),
          sign: signArb,
          value: fc.integer({ min: 0, max: 1000 }),
        }) as fc.Arbitrary<Term>,
      },
    ),
    { minLength: 1, maxLength: 5 },
  )
  .map((terms): DiceExpression => ({ kind: 'expression', terms }));

/** A tree with positions, source text and step origins removed, for comparing parses. */
export function normalize(expr: DiceExpression): unknown {
  return {
    kind: expr.kind,
    terms: expr.terms.map((t) => {
      if (t.kind === 'constant') return { kind: t.kind, sign: t.sign, value: t.value };
      return {
        kind: t.kind,
        sign: t.sign,
        count: t.count,
        die: t.die,
        steps: t.steps.map((s) => s.amount),
        vantage: t.vantage,
        reroll: t.reroll,
        explode: t.explode,
        keep: t.keep,
      };
    }),
  };
}

/** A tiny deterministic bit source for spelling choices (not for dice). */
function bits(seed: number): () => boolean {
  let x = seed | 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x & 1) === 1;
  };
}

/**
 * A non-canonical spelling of `expr` that parses back to the same tree: mixed case, spaces around
 * operators, modifiers in any order (steps and vantage keep their own order), `d%`, omitted counts of
 * one, `k` for `kh`, `r` for `r1`, `=` written out, a leading `+`.
 */
export function sloppyFormat(expr: DiceExpression, seed: number): string {
  const coin = bits(seed);
  const space = () => (coin() ? (coin() ? ' ' : '\t') : '');
  let out = space();
  expr.terms.forEach((t, i) => {
    if (i > 0) out += space() + (t.sign < 0 ? '-' : '+') + space();
    else if (t.sign < 0) out += '-' + space();
    else if (coin()) out += '+' + space();
    if (t.kind === 'constant') {
      out += String(t.value);
      return;
    }
    out += t.count === 1 && coin() ? '' : String(t.count);
    out += t.die.kind === 'percentile' && coin() ? 'd%' : `d${dieSides(t.die)}`;
    const groups: string[][] = [];
    groups.push(t.steps.map((s) => `^${s.amount < 0 ? '-' : '+'}${Math.abs(s.amount)}`));
    groups.push([...t.vantage]);
    if (t.reroll) {
      const { op, value } = t.reroll.when;
      const prefix = t.reroll.mode === 'once' ? 'ro' : 'r';
      const omit = op === '=' && value === 1 && coin();
      groups.push([omit ? prefix : `${prefix}${op === '=' && !coin() ? '' : op}${value}`]);
    }
    if (t.explode) groups.push(['!']);
    if (t.keep) {
      const kind = t.keep.kind === 'kh' && coin() ? 'k' : t.keep.kind;
      groups.push([t.keep.count === 1 && coin() ? kind : `${kind}${t.keep.count}`]);
    }
    // Interleave the groups at random, keeping each group's own order.
    const queues = groups.filter((g) => g.length > 0).map((g) => [...g]);
    while (queues.length > 0) {
      let pick = 0;
      for (let j = 1; j < queues.length; j++) if (coin()) pick = j;
      const q = queues[pick]!;
      out += q.shift()!;
      if (q.length === 0) queues.splice(pick, 1);
    }
  });
  out += space();
  let cased = '';
  for (const ch of out) cased += coin() ? ch.toUpperCase() : ch;
  return cased;
}

function dieSides(die: DieSpec): number {
  switch (die.kind) {
    case 'plain':
      return die.sides;
    case 'percentile':
      return 100;
    case 'tens':
      return die.tensSides * 10;
    case 'digits':
      return die.digitSides * 11;
  }
}
