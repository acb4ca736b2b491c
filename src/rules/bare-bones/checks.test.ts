// Roll-under tests: the one rule (resolveTest), its odds against brute force, and the text's cases.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scriptedRandom } from '../../dice/random.js';
import { enumeratePaths, enumeratedChances } from '../../../test/enumerate.js';
import { CHECK_DIE, MAX_CRIT_MAX, TEST_OUTCOMES, keptFaceChances, netVantage, resolveTest, rollTest, successChance, testOdds, type TestSpec } from './checks.js';
import { BareBonesError } from './errors.js';

const spec = (over: Partial<TestSpec> = {}): TestSpec => ({ target: 12, vantage: null, bonusDie: null, critMax: 1, ...over });

describe('roll-under tests (opening rules; ruling BB-1)', () => {
  it('succeeds strictly under the target; a natural 1 that succeeds is critical', () => {
    expect(resolveTest(spec(), 11, null)).toBe('success');
    expect(resolveTest(spec(), 12, null)).toBe('failure');
    expect(resolveTest(spec(), 1, null)).toBe('critical');
  });

  it('a plain check or save: the number decides, even on a natural 1 or 20 (BB-1, the text\'s reading)', () => {
    // Score 20 with a skill: under 22, so a 20 succeeds; a target of 1 cannot be rolled under, not even by a 1.
    expect(resolveTest(spec({ target: 22 }), 20, null)).toBe('success');
    expect(resolveTest(spec({ target: 1 }), 1, null)).toBe('failure');
    expect(testOdds(spec({ target: 22 })).failure).toBe(0);
    expect(testOdds(spec({ target: 1 })).critical).toBe(0);
  });

  it('an attack or defence roll: the number decides; a natural 20 is told apart for its notch', () => {
    expect(resolveTest(spec({ target: 22, naturals: 'attack' }), 20, null)).toBe('natural-20-success');
    expect(resolveTest(spec({ target: 12, naturals: 'attack' }), 20, null)).toBe('fumble');
    expect(resolveTest(spec({ target: 0, naturals: 'attack' }), 1, null)).toBe('failure');
    expect(resolveTest(spec({ target: 12, naturals: 'attack' }), 1, null)).toBe('critical');
  });

  it('the every-roll setting: a natural 1 always succeeds and a natural 20 always fails', () => {
    expect(resolveTest(spec({ target: 24, naturals: 'absolute' }), 20, null)).toBe('fumble');
    expect(resolveTest(spec({ target: 1, naturals: 'absolute' }), 1, null)).toBe('critical');
  });

  it('a skill adds +2: score 12 with a skill succeeds on 13', () => {
    expect(resolveTest(spec({ target: 14 }), 13, null)).toBe('success');
  });

  it('a maneuver die raises the target (Feint +d4): 13 against 12 + 2 succeeds', () => {
    const r = rollTest(scriptedRandom([13, 2]), spec({ bonusDie: 4 }));
    expect([r.kept, r.bonus, r.outcome]).toEqual([13, 2, 'success']);
  });

  it('halflings crit on 1 or 2 (Lucky in a Pinch), and 3 is no crit', () => {
    expect(resolveTest(spec({ critMax: 2 }), 2, null)).toBe('critical');
    expect(resolveTest(spec({ critMax: 2 }), 3, null)).toBe('success');
  });

  it('advantage keeps the lower d20, disadvantage the higher; both together cancel', () => {
    expect(rollTest(scriptedRandom([17, 4]), spec({ vantage: 'advantage' })).kept).toBe(4);
    expect(rollTest(scriptedRandom([17, 4]), spec({ vantage: 'disadvantage' })).kept).toBe(17);
    expect(netVantage(true, true)).toBeNull();
    expect(netVantage(true, false)).toBe('advantage');
    expect(netVantage(false, true)).toBe('disadvantage');
  });

  it('kept-face chances sum to 1 for each vantage', () => {
    for (const v of [null, 'advantage', 'disadvantage'] as const) expect(keptFaceChances(v).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 14);
    expect(keptFaceChances('advantage')[0]).toBeCloseTo(39 / 400, 15);
  });

  it('testOdds equals brute-force enumeration of rollTest', () => {
    const base = [spec(), spec({ vantage: 'advantage', target: 9 }), spec({ vantage: 'disadvantage', bonusDie: 6, critMax: 2 }), spec({ target: 30, bonusDie: 8 }), spec({ target: -3 }), spec({ target: 19, bonusDie: 4 })];
    for (const s of base.flatMap((b) => (['plain', 'attack', 'absolute'] as const).map((naturals) => ({ ...b, naturals })))) {
      const e = enumeratedChances(enumeratePaths((rng) => rollTest(rng, s).outcome));
      const odds = testOdds(s);
      for (const k of TEST_OUTCOMES) expect(odds[k], `${JSON.stringify(s)} ${k}`).toBeCloseTo(e.get(k) ?? 0, 13);
    }
  });

  it('property: odds sum to 1 and a higher target never lowers success', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 30 }), fc.constantFrom(null, 'advantage', 'disadvantage' as const), fc.constantFrom(null, 4, 6, 8), fc.integer({ min: 1, max: MAX_CRIT_MAX }), fc.constantFrom('plain', 'attack', 'absolute' as const), (target, vantage, bonusDie, critMax, naturals) => {
        const s: TestSpec = { target, vantage, bonusDie, critMax, naturals };
        const o = testOdds(s);
        expect(TEST_OUTCOMES.reduce((a, k) => a + o[k], 0)).toBeCloseTo(1, 12);
        const up = testOdds({ ...s, target: target + 1 });
        expect(successChance(up)).toBeGreaterThanOrEqual(successChance(o) - 1e-12);
      }),
    );
  });

  it('limits: crit range 1..2, maneuver dice d4 d6 d8; a bad spec throws', () => {
    expect(() => testOdds(spec({ critMax: MAX_CRIT_MAX }))).not.toThrow();
    expect(() => testOdds(spec({ critMax: MAX_CRIT_MAX + 1 }))).toThrow(BareBonesError);
    expect(() => testOdds(spec({ bonusDie: 10 }))).toThrow(BareBonesError);
    expect(() => rollTest(scriptedRandom([1]), spec({ target: 1.5 }))).toThrow(BareBonesError);
    expect(CHECK_DIE).toBe(20);
  });
});
