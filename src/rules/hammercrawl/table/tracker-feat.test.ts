/**
 * Declaring a tracker attack a Feat (THE FEAT DIE; CLASSES): a Combatant's attacks are Feats; an
 * Opportunist's only against a foe "hampered, distracted, or unaware of your current position", which
 * the attacker says with `opportune` (ruling CB-46); other classes cannot.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../dice/random.js';
import { EMPTY_COMBAT, rollCombatAction } from '../../../table/combat.js';
import type { TableCharacter } from '../../rule-system.js';
import { ruleSystem } from '../rule-system.js';
import { readHammercrawlCommand } from './read-command.js';
import { attackFeatOffer, rollTrackerAttack, trackerAttack } from './tracker-attack.js';

function character(id: string, options: Record<string, string>): TableCharacter {
  const made = ruleSystem.rollCharacter(seededRandom(11), { method: 'semi', ...options });
  if (!made.ok) throw new Error(made.error.message);
  return { id, ownerId: 'A', document: made.value as unknown as TableCharacter['document'] };
}

function fight(c: TableCharacter) {
  let s = EMPTY_COMBAT;
  for (const action of [
    { type: 'add', name: 'Hero', side: 'party', characterId: c.id },
    { type: 'add', name: 'Goblin', side: 'foes', monster: 'hd=1,attack=+2,defense=11,damage=3' },
  ] as const) {
    const r = rollCombatAction(seededRandom(1), ruleSystem, s, action);
    if (!r.ok) throw new Error(r.error.message);
    s = r.value.combat;
  }
  return s;
}

describe('an attack declared a Feat at the tracker', () => {
  const opportunist = character('ch1', { class: 'specialist', 'class-prime': 'DEX', 'specialist-choices': 'opportunist', skills: 'riding,sporting', specialties: 'sporting', 'save-feat': 'WIL' });
  const combatant = character('ch2', { class: 'combatant', 'class-prime': 'STR' });
  const mage = character('ch3', { class: 'true-mage', 'class-prime': 'INT' });

  it("an Opportunist's attack is a Feat when the attacker says the foe is hampered, distracted or unaware, with the Feat Die on attack and damage", () => {
    const s = fight(opportunist);
    expect(trackerAttack(s, [opportunist], 'c1', 'c2', { feat: true })).toMatchObject({ ok: false, error: { code: 'combat/not-a-special' } });
    const built = trackerAttack(s, [opportunist], 'c1', 'c2', { feat: true, opportune: true });
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.value.attack.isFeat).toBe(true);
    expect(built.value.attack.spec.attack.feat).toBeDefined();
    expect(built.value.attack.spec.harm.spec.feat).toBeDefined();
    expect(rollTrackerAttack(seededRandom(2), s, [opportunist], 'c1', 'c2', { feat: true, opportune: true }).ok).toBe(true);
    // Not a Feat, `opportune` changes nothing.
    const plain = trackerAttack(s, [opportunist], 'c1', 'c2', { opportune: true });
    expect(plain.ok && plain.value.attack.isFeat).toBe(false);
  });

  it('the table reads opportune on an attack', () => {
    const r = readHammercrawlCommand({ kind: 'combat', requestId: 'q', action: { type: 'attack', attackerId: 'c1', targetId: 'c2', feat: true, opportune: true } });
    expect(r.ok && (r.value as { action: { opportune?: boolean } }).action.opportune).toBe(true);
    expect(readHammercrawlCommand({ kind: 'combat', requestId: 'q', action: { type: 'attack', attackerId: 'c1', targetId: 'c2', opportune: 'yes' } })).toMatchObject({ ok: false, error: { code: 'json/invalid' } });
  });

  it("a Combatant's attack is always a Feat; a True Mage's never, whatever the foe", () => {
    expect(trackerAttack(fight(combatant), [combatant], 'c1', 'c2', { feat: true }).ok).toBe(true);
    expect(trackerAttack(fight(mage), [mage], 'c1', 'c2', { feat: true, opportune: true })).toMatchObject({ ok: false, error: { code: 'combat/not-a-special' } });
  });

  it('what the attack form offers: the Feat always, only against a foe hampered, distracted or unaware, or not at all', () => {
    expect(attackFeatOffer(combatant.document)).toBe('always');
    expect(attackFeatOffer(opportunist.document)).toBe('opportune');
    expect(attackFeatOffer(mage.document)).toBe('never');
    expect(attackFeatOffer({ not: 'a character' })).toBe('never');
  });
});
