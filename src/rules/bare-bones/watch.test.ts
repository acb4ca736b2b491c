// The watch and its dice (The Meat Grinder; ruling BB-10).
import { describe, expect, it } from 'vitest';
import { scriptedRandom } from '../../dice/random.js';
import { BareBonesError } from './errors.js';
import { MAX_WANDERING_MAX, rollWatch, rollWatchTurn, watchTable } from './watch.js';

describe('the watch', () => {
  it('every modified table still covers 1..6 exactly once', () => {
    for (let w = 1; w <= MAX_WANDERING_MAX; w++) {
      const covered = [0, 0, 0, 0, 0, 0];
      for (const r of watchTable(w)) for (let f = r.range.min; f <= r.range.max; f++) covered[f - 1]! += 1;
      expect(covered, `wandering up to ${w}`).toEqual([1, 1, 1, 1, 1, 1]);
    }
    expect(() => watchTable(MAX_WANDERING_MAX + 1)).toThrow(BareBonesError);
    expect(() => watchTable(0)).toThrow(BareBonesError);
  });

  it('scenario: a 1 brings a wandering monster; a racket makes 3 do the same', () => {
    expect(rollWatch(scriptedRandom([1])).row.id).toBe('wandering-monster');
    expect(rollWatch(scriptedRandom([3]), 3).row.id).toBe('wandering-monster');
    expect(rollWatch(scriptedRandom([4]), 3).row.id).toBe('nothing-much');
  });

  it('scenario: torches gutter on a 5: each light die rolls and drops on 1-3', () => {
    const t = rollWatchTurn(scriptedRandom([5, 2, 9]), { lights: [{ id: 'torch', die: 10 }, { id: 'lantern', die: 12 }], concentration: [{ id: 'sorc', die: 8 }] });
    expect(t.watch.row.id).toBe('torches-gutter');
    expect(t.rolled).toEqual([{ id: 'torch', die: 10, face: 2, after: 8 }, { id: 'lantern', die: 12, face: 9, after: 12 }]);
  });

  it('scenario: mana fluctuates on a 6: each concentration die rolls; a d4 on 1-3 is gone', () => {
    const t = rollWatchTurn(scriptedRandom([6, 3]), { lights: [{ id: 'torch', die: 10 }], concentration: [{ id: 'sorc', die: 4 }] });
    expect(t.rolled).toEqual([{ id: 'sorc', die: 4, face: 3, after: null }]);
    expect(rollWatchTurn(scriptedRandom([2]), { lights: [{ id: 'torch', die: 10 }], concentration: [] }).rolled).toEqual([]);
  });
});
