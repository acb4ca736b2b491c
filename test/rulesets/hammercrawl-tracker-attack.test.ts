import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/dice/random.js';
import { attackOdds } from '../../src/rules/hammercrawl/combat/attack.js';
import { ruleSystem as hammercrawl } from '../../src/rules/hammercrawl/rule-system.js';
import { rollTrackerAttack, trackerAttack } from '../../src/rules/hammercrawl/table/tracker-attack.js';
import type { RuleSystem } from '../../src/rules/rule-system.js';
import { EMPTY_COMBAT, rollCombatAction, type CombatState } from '../../src/table/combat.js';
import type { TableCharacter } from '../../src/table/events.js';

const rules = hammercrawl as unknown as RuleSystem;
const doc = (() => {
  const r = hammercrawl.rollCharacter(seededRandom(11), {});
  if (!r.ok) throw new Error(r.error.message);
  return r.value as unknown as { [key: string]: unknown };
})();
const characters: TableCharacter[] = [{ id: 'ch1', ownerId: 'A', document: doc }];

function tracker(): CombatState {
  let c = EMPTY_COMBAT;
  for (const action of [
    { type: 'add', name: 'Ada', side: 'party', characterId: 'ch1', health: String(doc['healthDie']), armour: '' },
    { type: 'add', name: 'Goblin', side: 'foes', health: 'd6', monster: 'hd=1,attack=+2,defense=11,damage=d6' },
    { type: 'add', name: 'Statue', side: 'foes', health: 'd8' },
  ] as const) {
    const r = rollCombatAction(seededRandom(1), rules, c, action);
    if (!r.ok) throw new Error(r.error.message);
    c = r.value.combat;
  }
  return c;
}

describe('one-click attacks in the tracker', () => {
  it('the rolled outcome is one of the exact odds’ outcomes, and over many seeded attacks matches them within 4 sigma', () => {
    const combat = tracker();
    const built = trackerAttack(combat, characters, 'c1', 'c2');
    if (!built.ok) throw new Error(built.error.message);
    const odds = attackOdds(built.value.attack.spec);
    const n = 20_000;
    const rng = seededRandom(5);
    const counts = new Map<string, number>();
    for (let i = 0; i < n; i++) {
      const r = rollTrackerAttack(rng, combat, characters, 'c1', 'c2');
      if (!r.ok) throw new Error(r.error.message);
      const goblin = r.value.combat.combatants.find((c) => c.id === 'c2')!;
      counts.set(goblin.health, (counts.get(goblin.health) ?? 0) + 1);
    }
    const byHealth = new Map<string, number>();
    for (const o of odds.outcomes) {
      const key = o.healthDie === null ? 'down' : `d${o.healthDie}`;
      byHealth.set(key, (byHealth.get(key) ?? 0) + o.p);
    }
    for (const key of counts.keys()) expect(byHealth.has(key), key).toBe(true);
    for (const [key, p] of byHealth) {
      const sigma = Math.sqrt((p * (1 - p)) / n);
      expect(Math.abs((counts.get(key) ?? 0) / n - p), key).toBeLessThanOrEqual(4 * sigma + 1e-9);
    }
  });

  it('the target’s Health never steps up, and a downed target is marked down and cannot attack', () => {
    let combat = tracker();
    const rng = seededRandom(2);
    const order = ['d30', 'd24', 'd20', 'd16', 'd14', 'd12', 'd10', 'd8', 'd7', 'd6', 'd5', 'd4', 'd3', 'down'];
    for (let i = 0; i < 200 && !combat.combatants[1]!.isDown; i++) {
      const before = order.indexOf(combat.combatants[1]!.health);
      const r = rollTrackerAttack(rng, combat, characters, 'c1', 'c2');
      if (!r.ok) throw new Error(r.error.message);
      combat = r.value.combat;
      expect(order.indexOf(combat.combatants[1]!.health)).toBeGreaterThanOrEqual(before);
    }
    expect(combat.combatants[1]).toMatchObject({ isDown: true, health: 'down' });
    expect(rollTrackerAttack(rng, combat, characters, 'c2', 'c1')).toMatchObject({ ok: false, error: { code: 'combat/fighter-down' } });
    expect(rollTrackerAttack(rng, combat, characters, 'c1', 'c2')).toMatchObject({ ok: false, error: { code: 'combat/fighter-down' } });
  });

  it('initiative reads a character’s INT from its document; a monster without INT rolls with no mod', () => {
    const r = rollCombatAction(seededRandom(3), rules, tracker(), { type: 'roll-initiative' }, characters);
    if (!r.ok) throw new Error(r.error.message);
    expect([...r.value.combat.order].sort()).toEqual(['c1', 'c2', 'c3']);
    expect(r.value.combat.initiative!.explanation.join('\n')).toContain('no INT given');
    expect(r.value.combat.initiative!.explanation.join('\n')).not.toContain('c1: no INT given');
  });

  it('a hit on a character gives its document after the hit (the tracker shows the same dice); a hit on a monster gives none', () => {
    const combat = tracker();
    const rng = seededRandom(9);
    let seen = 0;
    for (let i = 0; i < 300; i++) {
      const onAda = rollTrackerAttack(rng, combat, characters, 'c2', 'c1');
      if (!onAda.ok) throw new Error(onAda.error.message);
      const ada = onAda.value.combat.combatants[0]!;
      const target = onAda.value.target;
      const changed = ada.health !== doc['healthDie'] || ada.armour !== '';
      expect(target !== undefined, `${ada.health} ${ada.armour}`).toBe(changed);
      if (target === undefined) continue;
      seen += 1;
      expect(target.character.id).toBe('ch1');
      expect(target.document['healthDie']).toBe(ada.isDown ? null : ada.health);
      expect(rules.readCharacter(target.document).ok).toBe(true);
      const onGoblin = rollTrackerAttack(rng, combat, characters, 'c1', 'c2');
      expect(onGoblin.ok && onGoblin.value.target).toBe(undefined);
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('refuses a combatant without stats, an attack on oneself, and a bad monster line', () => {
    const combat = tracker();
    expect(trackerAttack(combat, characters, 'c1', 'c3')).toMatchObject({ ok: false, error: { code: 'combat/no-stats' } });
    expect(trackerAttack(combat, characters, 'c1', 'c1')).toMatchObject({ ok: false, error: { code: 'combat/target-is-self' } });
    const bad = { ...combat, combatants: combat.combatants.map((c) => (c.id === 'c2' ? { ...c, monster: 'hd=banana' } : c)) };
    expect(trackerAttack(bad, characters, 'c1', 'c2')).toMatchObject({ ok: false, error: { code: 'combat/monster-spec' } });
  });
});
