import { describe, expect, it } from 'vitest';
import { effectsFor } from '../../../../src/rules/hammercrawl/hammer-pools.js';
import { shownPicks } from './hammer-picks.js';

describe("the effects a hammer roll's picks show before the player chooses", () => {
  const table = effectsFor('check');
  const once = table.hammer.choices.filter((c) => c.isRepeatable !== true);
  it('never offer one effect twice where it may be picked once per roll', () => {
    expect(once.length).toBeGreaterThan(1);
    const slots = [0, 1].map((i) => ({ symbol: 'hammer' as const, key: `hammer-${i}` }));
    const shown = shownPicks(slots, {}, table);
    expect(shown['hammer-0']).not.toBe(shown['hammer-1']);
    // A pick made for the second slot moves the first off it.
    const picked = shownPicks(slots, { 'hammer-1': shown['hammer-0']! }, table);
    expect(picked['hammer-1']).toBe(shown['hammer-0']);
    expect(picked['hammer-0']).not.toBe(shown['hammer-0']);
  });
  it('offer a repeatable effect to every slot', () => {
    const first = table.falcon.choices[0]!;
    expect(first.isRepeatable).toBe(true);
    const slots = [0, 1, 2].map((i) => ({ symbol: 'falcon' as const, key: `falcon-${i}` }));
    expect(Object.values(shownPicks(slots, {}, table))).toEqual([first.id, first.id, first.id]);
  });
});
