/** The table's combat rulings as a fresh HAMMERCRAWL! table reads them (CB-1, CB-36). */
import { describe, expect, it } from 'vitest';
import { HAMMERCRAWL_SETTINGS } from '../settings.js';
import { combatSettingsOf } from './tracker-attack.js';

describe('CB-1: "roll d20 vs target, equal or exceed" against minions', () => {
  it('is the default of a table with no settings and of the setting itself; `beat` is one choice away', () => {
    expect(combatSettingsOf({}).minionChallenge).toBe('meet');
    expect(HAMMERCRAWL_SETTINGS.find((s) => s.name === 'minion-challenge')?.default).toBe('meet');
    expect(combatSettingsOf({ 'minion-challenge': 'beat' }).minionChallenge).toBe('beat');
    expect(combatSettingsOf({ 'minion-challenge': 'meet' }).minionChallenge).toBe('meet');
  });
});

describe('CB-36: a Damage Step is one step of THE CHAIN', () => {
  it('takes a d8 Health Die to d7 (the DAMAGE example\'s "d6" skips the chain\'s d7), in the soak flow and in a crit\'s free step', async () => {
    const { resourceStepDown } = await import('../resource-die.js');
    const { rollHit } = await import('../damage.js');
    const { scriptedRandom } = await import('../../../dice/index.js');
    expect(resourceStepDown(8)).toBe(7);
    // A failed soak roll (a natural 1) is one Damage Step.
    expect(rollHit(scriptedRandom([1]), { healthDie: 8, armourDie: null }, { dv: 3 }).defender.healthDie).toBe(7);
    // A crit's free step with DV 0 is one step, no roll.
    expect(rollHit(scriptedRandom([]), { healthDie: 8, armourDie: null }, { dv: 0, isCrit: true }).defender.healthDie).toBe(7);
  });
});
