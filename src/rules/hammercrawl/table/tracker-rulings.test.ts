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

describe('armour from a monster line, once destroyed, stays destroyed (the issue’s bug; fixed on main by the tracker keeping "none")', () => {
  it('on the next attack, in its odds, and for damage that is not an attack', async () => {
    const { seededRandom, scriptedRandom } = await import('../../../dice/random.js');
    const { rollCombatAction, EMPTY_COMBAT } = await import('../../../table/combat.js');
    const { ruleSystem } = await import('../rule-system.js');
    const { rollTrackerAttack, trackerAttack } = await import('./tracker-attack.js');
    const { trackerDamage } = await import('./tracker-actions.js');
    const { attackOdds } = await import('../combat/attack.js');
    const add = (s: typeof EMPTY_COMBAT, name: string, side: 'party' | 'foes', monster: string) => {
      const r = rollCombatAction(seededRandom(1), ruleSystem, s, { type: 'add', name, side, monster });
      if (!r.ok) throw new Error(r.error.message);
      return r.value.combat;
    };
    let s = add(EMPTY_COMBAT, 'Knight', 'foes', 'hd=3,attack=+1,defense=5,damage=3,armour=d3');
    s = add(s, 'Ogre', 'party', 'hd=3,attack=+9,defense=11,damage=d12');
    // A hit for DV 12 (d12 shows 12): the d3 is overwhelmed and destroyed, DV 9 overwhelms the d8 to d7, which soaks the DV 1 left.
    const hit = rollTrackerAttack(scriptedRandom([15, 12, 7]), s, [], 'c2', 'c1');
    if (!hit.ok) throw new Error(hit.error.message);
    expect(hit.value.combat.combatants[0]!.armour).toBe('none');
    s = hit.value.combat;
    const next = trackerAttack(s, [], 'c2', 'c1');
    expect(next.ok && next.value.target.armourDie).toBeNull();
    if (next.ok) expect(attackOdds(next.value.attack.spec).outcomes.every((o) => o.armourDie === null)).toBe(true);
    const trap = trackerDamage(s, [], { type: 'damage', targetId: 'c1', source: 'Trap', dv: 2 });
    expect(trap.ok && trap.value.outcomes.every((o) => o.armourDie === null)).toBe(true);
  });
});
