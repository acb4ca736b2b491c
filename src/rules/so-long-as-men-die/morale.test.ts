import { describe, expect, it } from 'vitest';
import { enumeratePaths, enumeratedChances } from '../../../test/enumerate.js';
import { checkOdds, rollCheck } from './checks.js';

/** Every face path of the check's roll, by outcome, against the odds the page shows. */
function expectExact(check: string, params: Record<string, number>): Map<string, number> {
  const odds = checkOdds({ check, params });
  if (!odds.ok) throw new Error(odds.error.message);
  const exact = enumeratedChances(enumeratePaths((rng) => {
    const r = rollCheck(rng, { check, params });
    if (!r.ok) throw new Error(r.error.message);
    return r.value.outcome!;
  }));
  for (const o of odds.value.outcomes) expect(Math.abs(o.p - (exact.get(o.outcome) ?? 0)), `${check} ${o.outcome}`).toBeLessThan(1e-12);
  for (const [k, p] of exact) expect(Math.abs(p - (odds.value.outcomes.find((o) => o.outcome === k)?.p ?? 0))).toBeLessThan(1e-12);
  return exact;
}

describe('Morale tests and reaction rolls (SL-35)', () => {
  it('a Morale test holds on a d20 at or under the leader’s CHA plus the modifier', () => {
    expect(expectExact('morale', { score: 12, modifier: -2 }).get('holds')).toBeCloseTo(10 / 20, 12);
    expect(expectExact('morale', { score: 20, modifier: 10 }).get('breaks') ?? 0).toBe(0);
  });
  it('a reaction roll is 2d6 plus the CHA Modifier on three bands', () => {
    // CHA 10 has Modifier 0: 2..5 is 10 of 36 ways, 6..8 is 16, 9..12 is 10.
    const plain = expectExact('reaction', { score: 10 });
    expect([plain.get('hostile'), plain.get('uncertain'), plain.get('friendly')].map((p) => Math.round(p! * 36))).toEqual([10, 16, 10]);
    // CHA 18 (+4) with +3 more: never hostile.
    expect(expectExact('reaction', { score: 18, modifier: 3 }).get('hostile') ?? 0).toBe(0);
  });
  it('refuses a Score past the limits, naming it', () => {
    expect(checkOdds({ check: 'morale', params: { score: 21 } })).toMatchObject({ ok: false, error: { path: '$.score' } });
    expect(checkOdds({ check: 'reaction', params: { modifier: 11 } })).toMatchObject({ ok: false, error: { path: '$.modifier' } });
    expect(checkOdds({ check: 'reaction', params: { modifier: 10 } }).ok).toBe(true);
  });
});
