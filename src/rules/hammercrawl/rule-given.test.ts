/** The advantages the rules give a check by themselves, as THE HAMMER DIE counts them (H-26). */
import { describe, expect, it } from 'vitest';
import { ruleSystem } from './rule-system.js';
import { ruleGivenCount, ruleGivenVantageOf, ruleGivenWords } from './rule-given.js';

describe('rule-given advantages (H-26)', () => {
  it("an Elfin INT Save at full Health brings Blessed Intellect's advantage; off full Health, another stat or another stock none", () => {
    const elf = { stock: 'elfin', stat: 'INT', 'full-health': true };
    expect(ruleGivenVantageOf('save', elf)).toEqual({ advantages: ['Blessed Intellect'], disadvantages: [] });
    expect(ruleGivenCount(ruleGivenVantageOf('save', { ...elf, 'full-health': false }))).toBe(0);
    expect(ruleGivenCount(ruleGivenVantageOf('save', { ...elf, stat: 'WIL' }))).toBe(0);
    expect(ruleGivenCount(ruleGivenVantageOf('save', { ...elf, stock: 'troll' }))).toBe(0);
    // A Test on INT is no Save: Blessed Intellect names Saves.
    expect(ruleGivenCount(ruleGivenVantageOf('test', elf))).toBe(0);
    expect(ruleGivenCount(ruleGivenVantageOf('open', elf))).toBe(0);
  });

  it('is the advantage the Save rolls with under off: the same odds as an asked advantage', () => {
    const params = { mod: 0, target: 12, stock: 'elfin', stat: 'INT', 'full-health': true };
    const success = (p: Record<string, string | number | boolean>) => {
      const o = ruleSystem.checkOdds({ check: 'save', params: p });
      if (!o.ok) throw new Error(o.error.message);
      return o.value.outcomes.find((x) => x.outcome === 'success')!.p;
    };
    expect(success(params)).toBeCloseTo(success({ mod: 0, target: 12, adv: true }), 12);
    // Pooled under replace, the d20 is the plain Save's; pooled under off changes nothing.
    expect(success({ ...params, 'hammer-die': 'replace', 'vantage-pooled': true })).toBeCloseTo(success({ mod: 0, target: 12 }), 12);
    expect(success({ ...params, 'vantage-pooled': true })).toBeCloseTo(success(params), 12);
  });

  it('says what a check brings, each source once', () => {
    expect(ruleGivenWords({ advantages: [], disadvantages: [] })).toBeNull();
    expect(ruleGivenWords({ advantages: ['Blessed Intellect'], disadvantages: [] })).toBe('1 advantage from Blessed Intellect');
    expect(ruleGivenWords({ advantages: ['A', 'B'], disadvantages: ['C'] })).toBe('2 advantages from A, B and 1 disadvantage from C');
  });
});
