import { describe, expect, it } from 'vitest';
import { scriptedRandom } from '../../dice/random.js';
import { enumeratePaths, enumeratedChances } from '../../../test/enumerate.js';
import { mutilationForDamage } from './data/mutilations.js';
import { mutilationOdds, rollLeftForDead, rollMutilation, rollSave, saveChance } from './injury.js';

describe('saves (SL-5)', () => {
  it('a d20 at or under the Score plus modifier; chances clamp to 0 and 1', () => {
    expect(saveChance(12)).toBeCloseTo(0.6, 15);
    expect(saveChance(0)).toBe(0);
    expect(saveChance(20, 5)).toBe(1);
    expect(rollSave(scriptedRandom([11]), 12, -1)).toEqual({ face: 11, target: 11, isSuccess: true });
    const e = enumeratedChances(enumeratePaths((rng) => rollSave(rng, 9, 2).isSuccess));
    expect(Math.abs((e.get(true) ?? 0) - saveChance(9, 2))).toBeLessThan(1e-15);
  });
});

describe('mutilation (Mutilation; SL-10)', () => {
  it('the damage picks the row; 10 and more is Awful', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 99].map((d) => mutilationForDamage(d).id)).toEqual([
      'flesh-wound', 'scarred', 'maimed', 'bleeding-out', 'gut-wound', 'severed', 'agony', 'doomed', 'instant-death', 'awful', 'awful',
    ]);
    expect(() => mutilationForDamage(0)).toThrow(RangeError);
  });

  it('Maimed rolls a d6 for where; Bleeding Out a d4 for rounds; Gut Wound a d6 for days; Scarred rolls nothing', () => {
    expect(rollMutilation(scriptedRandom([2]), 3).location?.id).toBe('head');
    expect(rollMutilation(scriptedRandom([5]), 6).location?.id).toBe('leg');
    expect(rollMutilation(scriptedRandom([3]), 4).countdown).toEqual({ value: 3, unit: 'rounds' });
    expect(rollMutilation(scriptedRandom([6]), 5).countdown).toEqual({ value: 6, unit: 'days' });
    expect(rollMutilation(scriptedRandom([]), 2)).toMatchObject({ face: null, mutilation: { chaLoss: 1 } });
  });

  it('odds by row sum the damage that lands on each', () => {
    expect(mutilationOdds([{ value: 1, p: 0.25 }, { value: 11, p: 0.25 }, { value: 12, p: 0.5 }])).toEqual([
      { id: 'flesh-wound', label: 'Flesh Wound', p: 0.25 }, { id: 'awful', label: 'Awful', p: 0.75 },
    ]);
  });
});

describe('left for dead (Injury)', () => {
  it('dies on a failed save; wakes after 2d12 hours on a made one', () => {
    expect(rollLeftForDead(scriptedRandom([15]), 10)).toMatchObject({ outcome: 'dies', hoursUnconscious: null });
    expect(rollLeftForDead(scriptedRandom([3, 5, 7]), 10)).toMatchObject({ outcome: 'wakes', hoursUnconscious: 12, hourFaces: [5, 7] });
  });
});
