import { describe, expect, test } from 'vitest';
import {
  convolve,
  percentileValue,
  percentileVantageValue,
  physicalDiceIn,
  rollUnit,
  tensValue,
  unitDistribution,
  unitLabel,
  type DieUnit,
} from './die-unit.js';
import { scriptedRandom, seededRandom, type RandomSource } from './random.js';
import { rollNotation } from './roll.js';
import { enumeratePaths, enumeratedChances } from '../../test/enumerate.js';
import { rollScripted } from '../../test/scripted-rolls.js';

describe('special dice through rollNotation (rules: Additional Dice Notes)', () => {
  test('d100: 00 and 0 equals 100 (a d10 face of 10 is the digit 0)', () => {
    const r = rollScripted('d100', [10, 10]);
    expect(r.total).toBe(100);
    expect(r.dice[0]?.parts).toEqual([[0, 0]]);
  });

  test('d100: tens 3 and ones 7 is 37', () => {
    expect(rollScripted('d100', [3, 7]).total).toBe(37);
    expect(rollScripted('d%', [3, 7]).total).toBe(37);
  });

  test('d100: tens 0 and ones 5 is 5, tens 9 and ones 0 is 90', () => {
    expect(rollScripted('d100', [10, 5]).total).toBe(5);
    expect(rollScripted('d100', [9, 10]).total).toBe(90);
  });

  test('d%adv reads digits 3 and 7 as 73, d%dis as 37 (no third die)', () => {
    const adv = rollScripted('d%adv', [3, 7]);
    expect(adv.total).toBe(73);
    expect(adv.dice).toHaveLength(1);
    expect(adv.dice[0]?.parts).toEqual([[3, 7]]);
    expect(rollScripted('d%dis', [3, 7]).total).toBe(37);
    expect(rollScripted('d%adv', [7, 3]).total).toBe(73);
    expect(rollScripted('d%dis', [7, 3]).total).toBe(37);
  });

  test('d%adv with digits 0 and 5 is 50; d%dis is 5; 0 and 0 is 100 either way', () => {
    expect(rollScripted('d%adv', [10, 5]).total).toBe(50);
    expect(rollScripted('d%dis', [10, 5]).total).toBe(5);
    expect(rollScripted('d%adv', [10, 10]).total).toBe(100);
    expect(rollScripted('d%dis', [10, 10]).total).toBe(100);
  });

  test('d40: a d4 of 4 and a d10 of 8 read 48, counted as 8', () => {
    const r = rollScripted('d40', [4, 8]);
    expect(r.total).toBe(8);
    expect(r.dice[0]?.die).toBe('d40');
  });

  test('d40: 4 and 0 is 40; 1 and 0 is 10; 2 and 5 is 25', () => {
    expect(rollScripted('d40', [4, 10]).total).toBe(40);
    expect(rollScripted('d40', [1, 10]).total).toBe(10);
    expect(rollScripted('d40', [2, 5]).total).toBe(25);
  });

  test('d60 uses a d6 for the tens and a d10', () => {
    const rng = scriptedRandom([6, 10]);
    const asked: number[] = [];
    const spy: RandomSource = { rollDie: (s) => (asked.push(s), rng.rollDie(s)) };
    expect(rollNotation(spy, 'd60').total).toBe(60);
    expect(asked).toEqual([6, 10]);
  });

  test('d66: 3 then 6 is 36; 6 then 3 is 63', () => {
    expect(rollScripted('d66', [3, 6]).total).toBe(36);
    expect(rollScripted('d66', [6, 3]).total).toBe(63);
    expect(rollScripted('d44', [4, 1]).total).toBe(41);
  });

  test('d2 shows only 1 or 2, and both', () => {
    const rng = seededRandom(5);
    const seen = new Set<number>();
    for (let i = 0; i < 200; i++) seen.add(rollNotation(rng, 'd2').total);
    expect([...seen].sort()).toEqual([1, 2]);
  });
});

describe('digit readers', () => {
  test('percentileValue', () => {
    expect(percentileValue(0, 0)).toBe(100);
    expect(percentileValue(0, 1)).toBe(1);
    expect(percentileValue(9, 9)).toBe(99);
    expect(percentileValue(1, 0)).toBe(10);
  });

  test('percentileVantageValue', () => {
    expect(percentileVantageValue(3, 7, 'advantage')).toBe(73);
    expect(percentileVantageValue(3, 7, 'disadvantage')).toBe(37);
    expect(percentileVantageValue(0, 5, 'advantage')).toBe(50);
    expect(percentileVantageValue(0, 5, 'disadvantage')).toBe(5);
    expect(percentileVantageValue(4, 4, 'advantage')).toBe(44);
  });

  test('tensValue gives every value 1..10k exactly once', () => {
    for (const k of [4, 5, 6, 7, 8]) {
      const values: number[] = [];
      for (let t = 1; t <= k; t++) for (let o = 0; o <= 9; o++) values.push(tensValue(k, t, o));
      expect(values.sort((a, b) => a - b)).toEqual(Array.from({ length: 10 * k }, (_, i) => i + 1));
    }
  });
});

describe('unit labels and sizes', () => {
  test.each<[DieUnit, string, number]>([
    [{ kind: 'plain', sides: 20 }, 'd20', 1],
    [{ kind: 'sum', parts: [30, 4] }, 'd30+d4', 2],
    [{ kind: 'sum', parts: [30, 30, 4] }, 'd30+d30+d4', 3],
    [{ kind: 'percentile', vantage: null }, 'd100', 2],
    [{ kind: 'tens', tensSides: 4 }, 'd40', 2],
    [{ kind: 'digits', digitSides: 6 }, 'd66', 2],
  ])('%o is %s with %i physical dice', (unit, label, n) => {
    expect(unitLabel(unit)).toBe(label);
    expect(physicalDiceIn(unit)).toBe(n);
  });
});

/** Every sequence of faces a unit's throw can ask for, its exact chance summed by value (test/enumerate.ts). */
function enumerateThrows(unit: DieUnit): Map<number, number> {
  return enumeratedChances(enumeratePaths((rng) => rollUnit(rng, unit).value));
}

describe('unitDistribution against brute-force enumeration of rollUnit', () => {
  const units: DieUnit[] = [
    { kind: 'plain', sides: 1 },
    { kind: 'plain', sides: 7 },
    { kind: 'sum', parts: [30, 3] },
    { kind: 'sum', parts: [5, 4, 3] },
    { kind: 'percentile', vantage: null },
    { kind: 'percentile', vantage: 'advantage' },
    { kind: 'percentile', vantage: 'disadvantage' },
    { kind: 'tens', tensSides: 4 },
    { kind: 'tens', tensSides: 7 },
    { kind: 'digits', digitSides: 2 },
    { kind: 'digits', digitSides: 6 },
    { kind: 'digits', digitSides: 8 },
  ];
  test.each(units.map((u) => [unitLabel(u) + (u.kind === 'percentile' && u.vantage ? ` ${u.vantage}` : ''), u] as const))(
    '%s',
    (_, unit) => {
      const chances = enumerateThrows(unit);
      const d = unitDistribution(unit);
      let sum = 0;
      for (let i = 0; i < d.p.length; i++) {
        const expected = chances.get(d.min + i) ?? 0;
        expect(d.p[i]).toBeCloseTo(expected, 12);
        sum += d.p[i]!;
      }
      expect(sum).toBeCloseTo(1, 12);
      for (const v of chances.keys()) {
        expect(v).toBeGreaterThanOrEqual(d.min);
        expect(v).toBeLessThan(d.min + d.p.length);
      }
    },
  );

  test('convolve of two d6 is the 2d6 triangle', () => {
    const d6 = unitDistribution({ kind: 'plain', sides: 6 });
    const two = convolve(d6, d6);
    expect(two.min).toBe(2);
    expect(two.p.length).toBe(11);
    expect(two.p[5]).toBeCloseTo(6 / 36, 15);
    expect(two.p[0]).toBeCloseTo(1 / 36, 15);
  });
});

describe('rollUnit records the physical faces', () => {
  test('sum units add their parts', () => {
    const t = rollUnit(scriptedRandom([30, 4]), { kind: 'sum', parts: [30, 4] });
    expect(t).toEqual({ value: 34, parts: [30, 4] });
  });

  test('plain units have no parts', () => {
    expect(rollUnit(scriptedRandom([5]), { kind: 'plain', sides: 6 })).toEqual({ value: 5 });
  });

  test('asks each physical die with its own size', () => {
    const asked: number[] = [];
    const rng: RandomSource = { rollDie: (s) => (asked.push(s), 1) };
    rollUnit(rng, { kind: 'sum', parts: [30, 30, 4] });
    rollUnit(rng, { kind: 'percentile', vantage: 'advantage' });
    rollUnit(rng, { kind: 'tens', tensSides: 8 });
    rollUnit(rng, { kind: 'digits', digitSides: 4 });
    expect(asked).toEqual([30, 30, 4, 10, 10, 8, 10, 4, 4]);
  });
});
