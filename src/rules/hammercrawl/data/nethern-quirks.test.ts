import { describe, expect, it } from 'vitest';
import { NETHERN_QUIRK_DICE, NETHERN_QUIRKS } from './nethern-quirks.js';
import { HAMMERCRAWL_STOCKS, NETHERN_QUIRK_TABLE_ID } from './stocks.js';
import { coverageOffenders, duplicatesOf, offendersOf, rulesBroken } from '../../../../test/offenders.js';

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;

describe('Nethern quirks (STOCKS (RACES), Nethern): data integrity', () => {
  it('has the 28 ideas of the text, one per face of a d28', () => {
    expect(NETHERN_QUIRKS).toHaveLength(28);
    expect(NETHERN_QUIRK_DICE).toEqual({ count: 1, sides: NETHERN_QUIRKS.length });
  });

  it('covers 1..28 exactly once, no gap, no overlap, in order', () => {
    expect(NETHERN_QUIRK_DICE.count).toBe(1);
    expect(coverageOffenders(NETHERN_QUIRK_DICE.sides, NETHERN_QUIRKS.map((q) => q.roll))).toEqual([]);
    expect(offendersOf(NETHERN_QUIRKS, (q) => q.roll.min > q.roll.max, (q) => `${q.id}: ${q.roll.min}-${q.roll.max} runs backwards`)).toEqual([]);
    // In order: the rows sorted by their rolls are the rows as listed.
    expect([...NETHERN_QUIRKS].sort((a, b) => a.roll.min - b.roll.min).map((q) => q.id)).toEqual(NETHERN_QUIRKS.map((q) => q.id));
  });

  it('ids are unique and kebab-case; variant ids unique within a quirk; every row has a ref and description', () => {
    expect(duplicatesOf(NETHERN_QUIRKS.map((q) => q.id))).toEqual([]);
    const variants = NETHERN_QUIRKS.flatMap((q) => (q.variants as readonly { readonly id: string; readonly label: string }[]).map((v) => ({ q, v })));
    expect([
      ...rulesBroken(NETHERN_QUIRKS, (q) => q.id, (q) => ({ 'kebab-case id': KEBAB.test(q.id), 'ref to Nethern': /Nethern/.test(q.ref), 'a description': q.description.length > 0 })),
      ...NETHERN_QUIRKS.flatMap((q) => duplicatesOf(q.variants.map((v) => v.id)).map((d) => `${q.id}: variant ${d}`)),
      ...rulesBroken(variants, ({ q, v }) => `${q.id}/${v.id}`, ({ v }) => ({ 'kebab-case id': KEBAB.test(v.id), 'a label': v.label.length > 0 })),
    ]).toEqual([]);
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
