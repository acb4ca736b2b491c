import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { BARE_BONES_CHAIN, HAMMERCRAWL_CHAIN } from './dice-chain.js';
import type { DiceError, DiceErrorCode } from './errors.js';
import { MAX_EXPLOSION_CHAIN, MAX_REROLLS } from './limits.js';
import { formatNotation } from './notation/format.js';
import { parseNotation } from './notation/parse.js';
import { scriptedRandom, seededRandom, type RandomSource } from './random.js';
import { compileCached, compileRoll, rollNotation, termSubtotal, type RollRecord } from './roll.js';
import type { DiceOptions } from './resolve.js';
import { rollableExpressionArb } from '../../test/dice-arbitraries.js';
import { catchDiceError } from '../../test/dice-errors.js';
import { rollScripted } from '../../test/scripted-rolls.js';

function rollError(rng: RandomSource, notation: string, options: DiceOptions = {}): DiceError {
  return catchDiceError(() => rollNotation(rng, notation, options));
}

/** The total recomputed from the record: kept dice times their term's sign, plus constants. */
function recomputedTotal(r: RollRecord): number {
  let total = 0;
  for (const d of r.dice) {
    const term = r.terms[d.term]!;
    if (d.kept) total += term.sign * d.value;
  }
  for (const t of r.terms) if (t.kind === 'constant') total += t.sign * t.value;
  return total;
}

describe('keep and drop', () => {
  test('4d6kh3 with 1,5,3,6 drops the 1', () => {
    const r = rollScripted('4d6kh3', [1, 5, 3, 6]);
    expect(r.dice.map((d) => d.value)).toEqual([1, 5, 3, 6]);
    expect(r.dice.map((d) => d.kept)).toEqual([false, true, true, true]);
    expect(r.total).toBe(14);
  });

  test('kl, dh, dl on the same faces', () => {
    expect(rollScripted('4d6kl1', [1, 5, 3, 6]).dice.map((d) => d.kept)).toEqual([true, false, false, false]);
    expect(rollScripted('4d6dh1', [1, 5, 3, 6]).dice.map((d) => d.kept)).toEqual([true, true, true, false]);
    expect(rollScripted('4d6dl2', [1, 5, 3, 6]).dice.map((d) => d.kept)).toEqual([false, true, false, true]);
    expect(rollScripted('4d6dl2', [1, 5, 3, 6]).total).toBe(11);
    expect(rollScripted('4d6dh4', [1, 5, 3, 6]).total).toBe(0);
  });

  test('ties: among equal values the earlier die ranks higher, so kh keeps the earlier one', () => {
    const r = rollScripted('4d6kh3', [5, 2, 5, 2]);
    expect(r.dice.map((d) => d.kept)).toEqual([true, true, true, false]);
    expect(rollScripted('2d20kh1', [7, 7]).dice.map((d) => d.kept)).toEqual([true, false]);
    expect(rollScripted('3d6dh1', [4, 4, 4]).dice.map((d) => d.kept)).toEqual([false, true, true]);
    // With the same ranking, keeping the lowest keeps the later of two equal dice.
    expect(rollScripted('2d6kl1', [3, 3]).dice.map((d) => d.kept)).toEqual([false, true]);
  });
});

describe('advantage and disadvantage', () => {
  test('1d20adv rolls two and keeps the best; dis keeps the worst', () => {
    const adv = rollScripted('1d20adv', [4, 17]);
    expect(adv.total).toBe(17);
    expect(adv.dice.map((d) => d.kept)).toEqual([false, true]);
    expect(adv.terms[0]).toMatchObject({ kind: 'dice', vantage: 'advantage' });
    expect(termSubtotal(adv, 0)).toBe(17);
    const dis = rollScripted('1d20dis', [4, 17]);
    expect(dis.total).toBe(4);
    expect(dis.terms[0]).toMatchObject({ vantage: 'disadvantage' });
  });

  test('XdY adv rolls X+1 and keeps the best X', () => {
    const r = rollScripted('2d6adv', [2, 6, 4]);
    expect(r.total).toBe(10);
    expect(r.dice.map((d) => d.kept)).toEqual([false, true, true]);
    expect(rollScripted('3d6dis', [6, 1, 2, 5]).total).toBe(8);
  });

  test('several of one kind count once; both kinds cancel', () => {
    expect(rollScripted('1d20advadv', [4, 17]).dice).toHaveLength(2);
    const cancelled = rollScripted('1d20advdis', [4]);
    expect(cancelled.dice).toHaveLength(1);
    expect(cancelled.terms[0]).toMatchObject({ vantage: null });
  });

  test('vantage then keep: 3d6adv kh1 keeps the best of the best three', () => {
    const r = rollScripted('3d6advkh1', [1, 2, 6, 3]);
    expect(r.total).toBe(6);
    expect(r.dice.filter((d) => d.kept)).toHaveLength(1);
    const d = rollScripted('3d6diskh1', [1, 2, 6, 3]);
    // Disadvantage keeps 1,2,3; kh1 of those is 3.
    expect(d.total).toBe(3);
  });

  test('vantage adds exactly one die (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.constantFrom(...HAMMERCRAWL_CHAIN.sides, 2, 40, 66),
        fc.constantFrom('adv', 'dis', 'advadv', 'disdis'),
        fc.integer({ min: 0, max: 2 ** 31 }),
        (count, sides, mark, seed) => {
          const plain = rollNotation(seededRandom(seed), `${count}d${sides}`);
          const withVantage = rollNotation(seededRandom(seed), `${count}d${sides}${mark}`);
          expect(withVantage.dice).toHaveLength(plain.dice.length + 1);
          expect(withVantage.dice.filter((d) => d.kept)).toHaveLength(count);
          const values = withVantage.dice.map((d) => d.value).sort((a, b) => a - b);
          const best = mark.startsWith('adv') ? values.slice(1) : values.slice(0, count);
          expect(withVantage.total).toBe(best.reduce((a, v) => a + v, 0));
        },
      ),
      { numRuns: 300 },
    );
  });

  test('a single d100 with vantage reorders its digits instead of adding a die; 2d100adv adds one', () => {
    expect(rollScripted('1d100adv', [3, 7]).dice).toHaveLength(1);
    expect(rollScripted('2d100adv', [3, 7, 5, 5, 10, 10]).dice).toHaveLength(3);
    expect(rollScripted('2d100adv', [3, 7, 5, 5, 10, 10]).total).toBe(155);
  });
});

describe('re-rolls', () => {
  test("'ro' re-rolls once and keeps the second throw even if it matches", () => {
    const r = rollScripted('1d6ro1', [1, 1]);
    expect(r.total).toBe(1);
    expect(r.dice[0]).toMatchObject({ value: 1, faces: [1], rerolled: [1] });
  });

  test("'r' re-rolls until the die misses", () => {
    const r = rollScripted('1d6r1', [1, 1, 4]);
    expect(r.total).toBe(4);
    expect(r.dice[0]).toMatchObject({ value: 4, faces: [4], rerolled: [1, 1] });
  });

  test('same script, once vs until', () => {
    const faces = [2, 1, 3];
    const once = rollNotation(scriptedRandom(faces), '1d6ro<3');
    const until = rollNotation(scriptedRandom(faces), '1d6r<3');
    expect(once.total).toBe(1);
    expect(until.total).toBe(3);
    expect(until.dice[0]?.rerolled).toEqual([2, 1]);
  });

  test('a die that does not match is not re-rolled', () => {
    const r = rollScripted('2d6r1', [5, 6]);
    expect(r.dice.map((d) => d.rerolled)).toEqual([[], []]);
  });

  test('comparisons', () => {
    expect(rollScripted('1d6r>4', [6, 5, 4]).total).toBe(4);
    expect(rollScripted('1d6r>=4', [4, 3]).total).toBe(3);
    expect(rollScripted('1d6r<=2', [2, 1, 3]).total).toBe(3);
    expect(rollScripted('1d6r=3', [3, 2]).total).toBe(2);
  });
});

describe('exploding dice', () => {
  test('an exploding die adds its chain and is marked', () => {
    const r = rollScripted('1d6!', [6, 6, 2]);
    expect(r.total).toBe(14);
    expect(r.dice[0]).toMatchObject({ value: 14, faces: [6, 6, 2], exploded: true, kept: true });
  });

  test('only the die that shows its highest face explodes', () => {
    const r = rollScripted('2d6!', [6, 1, 3]);
    expect(r.dice.map((d) => d.value)).toEqual([7, 3]);
    expect(r.dice.map((d) => d.exploded)).toEqual([true, false]);
  });

  test('an exploding chain counts as one die for keep', () => {
    const r = rollScripted('3d6!kh1', [6, 2, 5, 4]);
    expect(r.total).toBe(8);
    expect(r.dice.map((d) => d.kept)).toEqual([true, false, false]);
  });

  test('a stepped die explodes on the highest sum: d30 +1 step = d30+d3 explodes on 33', () => {
    const r = rollScripted('d30^+1!', [30, 3, 10, 2]);
    expect(r.total).toBe(45);
    expect(r.dice[0]).toMatchObject({ die: 'd30+d3', faces: [33, 12], parts: [[30, 3], [10, 2]], exploded: true });
  });

  test('re-rolls apply to explosion throws as well', () => {
    const r = rollScripted('1d6r1!', [6, 1, 3]);
    expect(r.dice[0]).toMatchObject({ value: 9, faces: [6, 3], rerolled: [1] });
  });

  test('d100 explodes on 100 (digits 0 and 0)', () => {
    expect(rollScripted('1d100!', [10, 10, 3, 7]).total).toBe(137);
  });
});

describe('loop caps', () => {
  const twos = (n: number) => new Array<number>(n).fill(2);
  const ones = (n: number) => new Array<number>(n).fill(1);

  test(`'1d2!' explodes up to ${MAX_EXPLOSION_CHAIN} extra throws`, () => {
    // The first throw plus MAX_EXPLOSION_CHAIN extra throws: 100 twos, the last extra throw a 1.
    const r = rollScripted('1d2!', [...twos(MAX_EXPLOSION_CHAIN), 1]);
    expect(r.dice[0]?.faces).toHaveLength(MAX_EXPLOSION_CHAIN + 1);
    expect(r.total).toBe(2 * MAX_EXPLOSION_CHAIN + 1);
  });

  test("one explosion more is 'roll/explosion-limit'", () => {
    const rng = scriptedRandom([...twos(MAX_EXPLOSION_CHAIN + 1), 1]);
    const err = rollError(rng, '1d2!');
    expect(err.code).toBe('roll/explosion-limit');
    expect(err.position).toBe(0);
    expect(err.message).toContain(`${MAX_EXPLOSION_CHAIN} times`);
    // It stops as soon as the cap is passed: it never asks for the throw after it.
    expect(rng.remaining).toBe(1);
  });

  test(`'1d2r1' re-rolls up to ${MAX_REROLLS} times`, () => {
    const r = rollScripted('1d2r1', [...ones(MAX_REROLLS), 2]);
    expect(r.dice[0]?.rerolled).toHaveLength(MAX_REROLLS);
    expect(r.total).toBe(2);
  });

  test("one re-roll more is 'roll/reroll-limit'", () => {
    const rng = scriptedRandom([...ones(MAX_REROLLS + 1), 2]);
    const err = rollError(rng, '1d2r1');
    expect(err.code).toBe('roll/reroll-limit');
    expect(err.message).toContain(`${MAX_REROLLS} times`);
    expect(rng.remaining).toBe(1);
  });
});

describe('semantic errors', () => {
  const cases: { text: string; code: DiceErrorCode; position: number }[] = [
    { text: '1d6r<7', code: 'notation/reroll-every-face', position: 0 },
    { text: '1d1r1', code: 'notation/reroll-every-face', position: 0 },
    { text: '1d20+1d6r>=1', code: 'notation/reroll-every-face', position: 5 },
    { text: 'd30^+1r<34', code: 'notation/reroll-every-face', position: 0 },
    { text: '1d1!', code: 'notation/explode-every-roll', position: 0 },
    { text: '1d6r<6!', code: 'notation/explode-every-roll', position: 0 },
    { text: 'd9^+1', code: 'chain/not-on-chain', position: 2 },
    { text: 'd100^+1', code: 'chain/not-on-chain', position: 4 },
    { text: 'd66^-1', code: 'chain/not-on-chain', position: 3 },
    { text: 'd2^+1', code: 'chain/not-on-chain', position: 2 },
    { text: 'd20^+100^+1', code: 'limit/step-amount', position: 3 },
  ];
  test.each(cases)('$text -> $code', ({ text, code, position }) => {
    const err = rollError(seededRandom(1), text);
    expect(err.code).toBe(code);
    expect(err.position).toBe(position);
    expect(err.message.length).toBeGreaterThan(10);
  });

  test('a re-roll once on every face is fine (it stops)', () => {
    expect(rollScripted('1d6ro<7', [3, 4]).total).toBe(4);
  });

  test('messages say how to fix it', () => {
    expect(rollError(seededRandom(1), '1d6r<7').message).toMatch(/use 'ro'/);
    expect(rollError(seededRandom(1), 'd9^+1').message).toMatch(/d9 is not on/);
  });
});

describe('steps in records', () => {
  test('a step from notation carries its origin and explanation', () => {
    const r = rollScripted('d8^+3', [11]);
    expect(r.terms[0]).toEqual({
      kind: 'dice',
      notation: '1d8^+3',
      sign: 1,
      die: 'd14',
      vantage: null,
      steps: {
        from: 'd8',
        to: 'd14',
        amount: 3,
        modifiers: [{ amount: 3, origin: { kind: 'notation', span: { start: 2, end: 5 } } }],
        explanation: 'd8 +3 steps -> d14',
      },
    });
    expect(termSubtotal(r, 0)).toBe(11);
    expect(r.dice[0]?.die).toBe('d14');
  });

  test('a step built in code keeps its origin (Feat: Combat Hardened)', () => {
    const expr = parseNotation('1d20');
    const term = expr.terms[0]!;
    if (term.kind !== 'dice') throw new Error('dice term expected');
    const stepped = {
      ...expr,
      terms: [{ ...term, steps: [{ amount: 1, origin: { kind: 'feat', id: 'combat-hardened', label: 'Combat Hardened' } } as const] }],
    };
    const r = rollNotation(scriptedRandom([24]), stepped);
    expect(r.total).toBe(24);
    const t = r.terms[0];
    expect(t?.kind === 'dice' && t.steps).toMatchObject({
      from: 'd20',
      to: 'd24',
      explanation: 'd20 +1 step -> d24',
      modifiers: [{ amount: 1, origin: { kind: 'feat', id: 'combat-hardened', label: 'Combat Hardened' } }],
    });
  });

  test('several steps add up and all are listed', () => {
    const r = rollScripted('d20^+1^-2', [9]);
    const t = r.terms[0];
    expect(t?.kind === 'dice' && t.steps?.amount).toBe(-1);
    expect(t?.kind === 'dice' && t.steps?.modifiers.map((m) => m.amount)).toEqual([1, -2]);
    expect(r.dice[0]?.die).toBe('d16');
  });

  test('past d30 the record shows both dice and their parts', () => {
    const r = rollScripted('d30^+15', [30, 30, 4]);
    expect(r.total).toBe(64);
    expect(r.dice[0]).toMatchObject({ die: 'd30+d30+d4', parts: [[30, 30, 4]] });
  });

  test('below d3: clamp by default, negate on request (the record says which)', () => {
    const clamp = rollScripted('d4^-3', [3]);
    const t = clamp.terms[0];
    expect(t?.kind === 'dice' && t.steps?.explanation).toBe('d4 -3 steps -> d3 (2 below d3, kept at d3)');
    const gone = rollScripted('d4^-3+2', [], { belowBottom: 'negate' });
    expect(gone.total).toBe(2);
    expect(gone.dice).toHaveLength(0);
    expect(gone.terms[0]).toMatchObject({ die: 'no die' });
    expect(termSubtotal(gone, 0)).toBe(0);
  });

  test('another chain: Bare Bones d4 -1 step is gone', () => {
    const r = rollScripted('d4^-1', [], { chain: BARE_BONES_CHAIN });
    expect(r.dice).toHaveLength(0);
    expect(r.total).toBe(0);
    expect(rollScripted('d20^-2', [7], { chain: BARE_BONES_CHAIN }).dice[0]?.die).toBe('d10');
  });

  test('the compiled-roll cache keeps chains and policies apart', () => {
    expect(rollScripted('d4^-3', [3]).dice).toHaveLength(1);
    expect(rollScripted('d4^-3', [], { belowBottom: 'negate' }).dice).toHaveLength(0);
    expect(rollScripted('d20^-1', [5], { chain: BARE_BONES_CHAIN }).dice[0]?.die).toBe('d12');
    expect(rollScripted('d20^-1', [5]).dice[0]?.die).toBe('d16');
  });
});

describe('rollNotation accepts text, a tree or a compiled roll', () => {
  test('identical records for the same seed', () => {
    const text = '4d6kh3+d8^+3-2+d%adv';
    const a = rollNotation(seededRandom(99), text);
    const b = rollNotation(seededRandom(99), parseNotation(text));
    const c = rollNotation(seededRandom(99), compileRoll(text));
    const d = compileCached(text).roll(seededRandom(99));
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect(d).toEqual(a);
    expect(a.notation).toBe('4d6kh3+1d8^+3-2+1d100adv');
  });

  test('the same seed gives the same record; records are plain JSON', () => {
    const a = rollNotation(seededRandom(5), '10d6!+2d20adv');
    expect(JSON.parse(JSON.stringify(a))).toEqual(a);
    expect(rollNotation(seededRandom(5), '10d6!+2d20adv')).toEqual(a);
  });

  test('records from a cached compiled roll do not share arrays', () => {
    const a = rollNotation(seededRandom(1), '3d6');
    const b = rollNotation(seededRandom(2), '3d6');
    expect(a.dice).not.toBe(b.dice);
    expect(a.dice[0]?.faces).not.toBe(b.dice[0]?.faces);
  });
});

describe('properties over generated expressions', () => {
  test('the total is the sum of kept dice values times sign plus constants', () => {
    fc.assert(
      fc.property(rollableExpressionArb, fc.integer({ min: 0, max: 2 ** 32 - 1 }), (expr, seed) => {
        const r = rollNotation(seededRandom(seed), expr);
        expect(Number.isSafeInteger(r.total)).toBe(true);
        expect(r.total).toBe(recomputedTotal(r));
        for (const d of r.dice) {
          expect(d.value).toBe(d.faces.reduce((a, f) => a + f, 0));
          expect(d.exploded).toBe(d.faces.length > 1);
        }
        // The text path gives the same dice and total (step origins differ: notation vs code).
        const viaText = rollNotation(seededRandom(seed), formatNotation(expr));
        expect(viaText.notation).toBe(r.notation);
        expect(viaText.dice).toEqual(r.dice);
        expect(viaText.total).toBe(r.total);
      }),
      { numRuns: 1000 },
    );
  });

  test('faces lie in [1, sides] for every die of the chain', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...HAMMERCRAWL_CHAIN.sides),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        (sides, count, seed) => {
          const r = rollNotation(seededRandom(seed), `${count}d${sides}`);
          expect(r.dice).toHaveLength(count);
          for (const d of r.dice) {
            expect(d.die).toBe(`d${sides}`);
            expect(d.faces).toHaveLength(1);
            expect(Number.isInteger(d.value)).toBe(true);
            expect(d.value).toBeGreaterThanOrEqual(1);
            expect(d.value).toBeLessThanOrEqual(sides);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  test('stepped dice: every part lies in [1, its die] (any chain die, -20..+40 steps)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...HAMMERCRAWL_CHAIN.sides),
        fc.integer({ min: -20, max: 40 }),
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        (sides, amount, seed) => {
          const r = rollNotation(seededRandom(seed), `3d${sides}^${amount < 0 ? '-' : '+'}${Math.abs(amount)}`);
          for (const d of r.dice) {
            const dieSizes = d.die.split('+').map((s) => Number(s.slice(1)));
            const parts = d.parts ?? [[d.value]];
            for (const p of parts) {
              expect(p).toHaveLength(dieSizes.length);
              p.forEach((f, i) => {
                expect(f).toBeGreaterThanOrEqual(1);
                expect(f).toBeLessThanOrEqual(dieSizes[i]!);
              });
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
