// The roll-under d20 and its plan machinery (Resolving Actions and Attributes; EH-1 .. EH-3).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_ROLL_TARGET, MIN_ROLL_TARGET } from './attributes.js';
import { keptFaceChances, netVantage, outcomeOfFace, powerfulFoeHalvings, targetFor } from './resolution.js';

describe('the roll-under d20', () => {
  it('property: every target lies within 4..18 whatever the attribute, halvings and modifier', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 18 }), fc.integer({ min: -20, max: 20 }), fc.nat({ max: 3 }), (attribute, modifier, h) => {
      const t = targetFor({ attribute, modifier, halvings: Array.from({ length: h }, () => 'x') }).target;
      return t >= MIN_ROLL_TARGET && t <= MAX_ROLL_TARGET;
    }));
  });

  it('kept-face chances sum to 1 and favour the right end', () => {
    for (const sides of [4, 6, 8, 10, 12, 20]) {
      for (const vantage of ['normal', 'advantage', 'disadvantage'] as const) {
        for (const better of ['low', 'high'] as const) {
          const c = keptFaceChances({ sides, vantage, better, role: '' });
          expect(c.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
        }
      }
    }
    const adv = keptFaceChances({ sides: 20, vantage: 'advantage', better: 'low', role: '' });
    expect(adv[0]).toBeCloseTo(39 / 400, 12);
    expect(adv[19]).toBeCloseTo(1 / 400, 12);
  });

  it('outcomes, vantage and the epic exemption', () => {
    expect([1, 2, 11, 12, 19, 20].map((f) => outcomeOfFace(f, 12))).toEqual(['critical', 'success', 'success', 'failure', 'failure', 'blunder']);
    expect([netVantage(true, false), netVantage(false, true), netVantage(true, true), netVantage(false, false)]).toEqual(['advantage', 'disadvantage', 'normal', 'normal']);
    expect(powerfulFoeHalvings(true, 19)).toHaveLength(1);
    expect(powerfulFoeHalvings(true, 20)).toHaveLength(0);
    expect(powerfulFoeHalvings(false, 1)).toHaveLength(0);
    expect(targetFor({ attribute: 13, halvings: ['a', 'b'] }).target).toBe(MIN_ROLL_TARGET);
    expect(targetFor({ attribute: 13, halvings: ['a'], modifier: 3 }).explanation).toEqual(['attribute 13', 'halved for a: 6', '+3 to the target: 9']);
  });
});
