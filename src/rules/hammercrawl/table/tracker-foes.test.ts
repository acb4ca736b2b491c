/** The tracker's foes and HAMMERCRAWL!'s monster lines: the Health Die a foe shows is the one its attacks roll against. */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../dice/random.js';
import { rollCombatAction, EMPTY_COMBAT, type CombatAction, type CombatState } from '../../../table/combat.js';
import { ruleSystem as hammercrawl } from '../rule-system.js';
import { trackerAttack } from './tracker-attack.js';

function combat(state: CombatState, action: CombatAction): CombatState {
  const r = rollCombatAction(seededRandom(9), hammercrawl, state, action);
  if (!r.ok) throw new Error(`setting up: ${r.error.code}: ${r.error.message}`);
  return r.value.combat;
}

const GOBLIN = 'hd=3,attack=+1,defense=11,damage=d6';

describe('a foe’s Health Die from its monster line', () => {
  it('is in the tracker from the moment the foe is added (the Smith sees the die the attacks roll)', () => {
    const state = combat(EMPTY_COMBAT, { type: 'add', name: 'Goblin', side: 'foes', monster: GOBLIN });
    // HD 3: d6 stepped up twice (HAMMERSMITH ACTIONS) is d8.
    expect(state.combatants[0]).toMatchObject({ health: 'd8', armour: '' });
    const armoured = combat(EMPTY_COMBAT, { type: 'add', name: 'Knight', side: 'foes', monster: `${GOBLIN},health=d12,armour=d6` });
    expect(armoured.combatants[0]).toMatchObject({ health: 'd12', armour: 'd6' });
    // What the Smith writes wins over the line.
    const given = combat(EMPTY_COMBAT, { type: 'add', name: 'Goblin', side: 'foes', monster: GOBLIN, health: 'd4' });
    expect(given.combatants[0]!.health).toBe('d4');
  });

  it('comes back when the Smith empties the Health field, and an attack rolls against the die shown', () => {
    let state = combat(EMPTY_COMBAT, { type: 'add', name: 'Goblin', side: 'foes', monster: GOBLIN, health: 'd4' });
    state = combat(state, { type: 'add', name: 'Ogre', side: 'foes', monster: GOBLIN });
    state = combat(state, { type: 'update', combatantId: 'c1', health: '' });
    expect(state.combatants[0]!.health).toBe('d8');
    state = combat(state, { type: 'update', combatantId: 'c1', health: 'd5' });
    const built = trackerAttack(state, [], 'c2', 'c1');
    expect(built.ok && built.value.target.healthDie).toBe(5);
  });

  it('an attack on a combatant whose Health no longer reads (an old log) is refused, never rolled against the line’s die', () => {
    const state = combat(EMPTY_COMBAT, { type: 'add', name: 'Goblin', side: 'foes', monster: GOBLIN });
    const withOgre = combat(state, { type: 'add', name: 'Ogre', side: 'foes', monster: GOBLIN });
    const legacy: CombatState = { ...withOgre, combatants: withOgre.combatants.map((c) => (c.id === 'c1' ? { ...c, health: 'banana' } : c)) };
    expect(trackerAttack(legacy, [], 'c2', 'c1')).toMatchObject({ ok: false, error: { code: 'combat/bad-health' } });
  });

  it('reads a monster line whatever the Smith named the combatant', () => {
    let state = combat(EMPTY_COMBAT, { type: 'add', name: 'Grúm’s hound', side: 'foes', monster: GOBLIN });
    state = combat(state, { type: 'add', name: 'Ogre', side: 'foes', monster: GOBLIN });
    expect(trackerAttack(state, [], 'c2', 'c1').ok).toBe(true);
  });
});

