/**
 * The contract's shared readers: a table character's stat scores, read the one way the generic tracker
 * and a ruleset's table code both use.
 */
import { describe, expect, it } from 'vitest';
import { statScoresOf, type TableCharacter } from './rule-system.js';

const withStats = (stats: unknown): TableCharacter => ({ id: 'c1', ownerId: 'u1', document: { stats } as TableCharacter['document'] });

describe('statScoresOf: the scores of a character document, by attribute id', () => {
  it('reads each stat’s score and nothing else', () => {
    expect(statScoresOf(withStats({ STR: { score: 14, mod: 1 }, dex: { score: 9 } }))).toEqual({ STR: 14, dex: 9 });
  });

  it('reads a damaged stat as it stands now: its current score where the document keeps one', () => {
    expect(statScoresOf(withStats({ wis: { score: 14, current: 9 }, dex: { score: 12, current: 12 }, str: { score: 10, current: '7' } }))).toEqual({ wis: 9, dex: 12, str: 10 });
  });

  it('leaves out an entry without a numeric score', () => {
    expect(statScoresOf(withStats({ STR: { score: '14' }, DEX: null, CON: 12, INT: { mod: 2 }, WIL: { score: 11 } }))).toEqual({ WIL: 11 });
  });

  it('gives {} for no character, no stats, or stats that are not an object', () => {
    expect(statScoresOf(undefined)).toEqual({});
    expect(statScoresOf({ id: 'c1', ownerId: 'u1', document: {} })).toEqual({});
    expect(statScoresOf(withStats(null))).toEqual({});
    expect(statScoresOf(withStats('STR 14'))).toEqual({});
  });
});
