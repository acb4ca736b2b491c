import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../../src/dice/random.js';
import { loadRuleSystem } from '../../../../src/rules/catalogue.js';
import { EMPTY_COMBAT, rollCombatAction, type CombatAction, type CombatState } from '../../../../src/table/combat.js';
import { trackerForPlayers } from '../../../../src/table/project.js';
import { previewAttack } from './attack-preview.js';

const rs = await loadRuleSystem('hammercrawl');

function tracker(actions: readonly CombatAction[]): CombatState {
  let s = EMPTY_COMBAT;
  for (const a of actions) {
    const r = rollCombatAction(seededRandom(1), rs, s, a);
    if (!r.ok) throw new Error(r.error.message);
    s = r.value.combat;
  }
  return s;
}

describe('the odds of an attack on a foe whose numbers are the Smith\'s', () => {
  const hero = rs.rollCharacter(seededRandom(3), {});
  if (!hero.ok) throw new Error(hero.error.message);
  const characters = [{ id: 'ch1', ownerId: 'P', document: hero.value as unknown as { readonly [key: string]: unknown } }];
  const smiths = tracker([
    { type: 'add', name: 'Ash', side: 'party', characterId: 'ch1' },
    { type: 'add', name: 'Goblin', side: 'foes', monster: 'hd=1,attack=+1,defense=6,damage=d6' },
  ]);

  it('are the Smith\'s to know for a player: a message, no number, the attack still possible', () => {
    const p = previewAttack(trackerForPlayers(smiths), characters, 'c1', 'c2');
    expect(p).toMatchObject({ ok: false, isHidden: true });
    expect(!p.ok && p.message).toMatch(/the odds are the Smith's to know/);
    expect(JSON.stringify(p)).not.toMatch(/NaN|undefined/);
  });

  it('are shown to the Smith, against the Health Die the foe was given from its HD', () => {
    const p = previewAttack(smiths, characters, 'c1', 'c2');
    expect(p.ok).toBe(true);
    if (!p.ok) return;
    expect(p.hit).toBeGreaterThan(0);
    expect(p.hit).toBeLessThanOrEqual(1);
    expect(smiths.combatants[1]!.health).toBe('d6');
  });
});
