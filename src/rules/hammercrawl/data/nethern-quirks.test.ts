import { describe, expect, it } from 'vitest';
import { NETHERN_QUIRK_DICE, NETHERN_QUIRKS } from './nethern-quirks.js';
import { HAMMERCRAWL_STOCKS, NETHERN_QUIRK_TABLE_ID } from './stocks.js';

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;

describe('Nethern quirks (STOCKS (RACES), Nethern): data integrity', () => {
  it('has the 28 ideas of the text, one per face of a d28', () => {
    expect(NETHERN_QUIRKS).toHaveLength(28);
    expect(NETHERN_QUIRK_DICE).toEqual({ count: 1, sides: NETHERN_QUIRKS.length });
  });

  it('covers 1..28 exactly once, no gap, no overlap, in order', () => {
    const hi = NETHERN_QUIRK_DICE.count * NETHERN_QUIRK_DICE.sides;
    const seen: string[] = [];
    for (let v = NETHERN_QUIRK_DICE.count; v <= hi; v++) {
      const rows = NETHERN_QUIRKS.filter((q) => v >= q.roll.min && v <= q.roll.max);
      expect(rows.map((q) => q.id), `result ${v}`).toHaveLength(1);
      seen.push(rows[0]?.id ?? '');
    }
    expect(seen).toEqual(NETHERN_QUIRKS.map((q) => q.id));
    for (const q of NETHERN_QUIRKS) {
      expect(q.roll.min).toBeLessThanOrEqual(q.roll.max);
      expect(q.roll.min).toBeGreaterThanOrEqual(1);
      expect(q.roll.max).toBeLessThanOrEqual(hi);
    }
  });

  it('ids are unique and kebab-case; variant ids unique within a quirk; every row has a ref and description', () => {
    expect(new Set(NETHERN_QUIRKS.map((q) => q.id)).size).toBe(NETHERN_QUIRKS.length);
    for (const q of NETHERN_QUIRKS) {
      expect(q.id).toMatch(KEBAB);
      expect(q.ref).toMatch(/Nethern/);
      expect(q.description.length).toBeGreaterThan(0);
      const variants: readonly { readonly id: string; readonly label: string }[] = q.variants;
      expect(new Set(variants.map((v) => v.id)).size, q.id).toBe(variants.length);
      for (const v of variants) {
        expect(v.id).toMatch(KEBAB);
        expect(v.label.length).toBeGreaterThan(0);
      }
    }
  });

  it('the Nethern stock references this table', () => {
    const nethern = HAMMERCRAWL_STOCKS.find((s) => s.id === 'nethern');
    const refs = nethern?.abilities.flatMap((a) => a.effects.flatMap((e) => (e.kind === 'quirks' ? [e.table] : [])));
    expect(refs).toEqual([NETHERN_QUIRK_TABLE_ID]);
  });

  it('the table-top reading (d4 - 1) x 7 + d7 gives every face 1..28 exactly once', () => {
    const faces: number[] = [];
    for (let d4 = 1; d4 <= 4; d4++) for (let d7 = 1; d7 <= 7; d7++) faces.push((d4 - 1) * 7 + d7);
    expect(faces.sort((a, b) => a - b)).toEqual(Array.from({ length: NETHERN_QUIRK_DICE.sides }, (_, i) => i + 1));
  });

  it('spot checks: first and last ideas, the variant counts, the 1d4 butts', () => {
    expect(NETHERN_QUIRKS[0]?.id).toBe('horns');
    expect(NETHERN_QUIRKS[27]?.id).toBe('likes-nickelback');
    const count = (id: string) => NETHERN_QUIRKS.find((q) => q.id === id)?.variants.length;
    expect(count('horns')).toBe(6);
    expect(count('weird-eyes')).toBe(7);
    expect(count('weird-hands')).toBe(8);
    expect(count('weird-smell')).toBe(2);
    expect(count('cannot-talk')).toBe(3);
    expect(count('animals-hate-you')).toBe(3);
    expect(count('third-leg')).toBe(0);
    const butt = NETHERN_QUIRKS.find((q) => q.id === 'weird-butt');
    expect(butt?.variants[0]).toEqual({ id: 'extra-butts', label: '1d4 butts', count: { count: 1, sides: 4 } });
    const hands = NETHERN_QUIRKS.find((q) => q.id === 'weird-hands');
    expect(hands?.variants.map((v) => v.label)).toContain('I am the thumb');
  });
});
