import { describe, expect, it } from 'vitest';
import { scriptedRandom } from '../../../dice/random.js';
import { hammerPool, rollHammerPool } from '../hammer-pools.js';
import { hammercrawlShownDice } from './shown-dice.js';

describe('the dice a HAMMERCRAWL! event shows (Verify the dice)', () => {
  it('a hammer pool shows each die with its colour’s sides, in pool order, then its Check die', () => {
    const pool = hammerPool(['white', 'blue', 'red']);
    const result = rollHammerPool(scriptedRandom([4, 7, 2]), pool);
    const check = { dice: [{ sides: 20, face: 13 }] };
    expect(hammercrawlShownDice('hammer-rolled', { pool, faces: [4, 7, 2], result, check })).toEqual([
      [6, 4],
      [8, 7],
      [10, 2],
      [20, 13],
    ]);
  });

  it('other kinds show none; a body that cannot be read shows a die no draw matches', () => {
    expect(hammercrawlShownDice('venture-changed', {})).toBeNull();
    expect(hammercrawlShownDice('hammer-rolled', { pool: { dice: [{ colour: 'white' }] }, faces: [] })).toEqual([[0, 0]]);
    expect(hammercrawlShownDice('hammer-rolled', { pool: { dice: [{ colour: 'mauve' }] }, faces: [3] })).toEqual([[0, 3]]);
  });
});
