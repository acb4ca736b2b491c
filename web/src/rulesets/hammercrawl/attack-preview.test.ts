import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../../src/dice/random.js';
import { loadRuleSystem } from '../../../../src/rules/catalogue.js';
import { EMPTY_COMBAT, rollCombatAction, type CombatAction, type CombatState } from '../../../../src/table/combat.js';
import { trackerForPlayers } from '../../../../src/table/project.js';
import { featOfferOf, previewAttack } from './attack-preview.js';

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

describe('the odds of the tracker’s other actions, before the click', () => {
  it('reads a DV as the Smith writes it: a number or dice', async () => {
    const { readDamageValue } = await import('./attack-preview.js');
    expect(readDamageValue('5')).toEqual({ dv: 5 });
    expect(readDamageValue('2d6+1')).toEqual({ dice: { count: 2, sides: 6, mod: 1 } });
    expect(readDamageValue('d8 - 2')).toEqual({ dice: { count: 1, sides: 8, mod: -2 } });
    expect(readDamageValue('banana')).toBeNull();
    expect(readDamageValue('')).toBeNull();
  });

  it('damage on a foe: every end state sums to 1; Total Defense shows in the attack’s note', async () => {
    const { previewDamage, previewAttack: preview } = await import('./attack-preview.js');
    const rules = await loadRuleSystem('hammercrawl');
    const step = (s: CombatState, a: CombatAction) => {
      const r = rollCombatAction(seededRandom(1), rules, s, a);
      if (!r.ok) throw new Error(r.error.message);
      return r.value.combat;
    };
    let s = step(EMPTY_COMBAT, { type: 'add', name: 'Goblin', side: 'foes', monster: 'hd=1,attack=+2,defense=11,damage=3' });
    s = step(s, { type: 'add', name: 'Hound', side: 'party', monster: 'hd=2,attack=+3,defense=12,damage=d6' });
    // 4d6 can reach 24, enough to take a d6 Health Die down through Overwhelming steps.
    const d = previewDamage(s, [], { targetId: 'c1', source: 'Trap', dice: { count: 4, sides: 6 } });
    expect(d.ok && d.likeliest.reduce((x, o) => x + o.p, 0)).toBeLessThanOrEqual(1);
    expect(d.ok && d.down).toBeGreaterThan(0);
    expect(preview(s, [], 'c2', 'c1').ok && (preview(s, [], 'c2', 'c1') as { note?: string }).note).toBeFalsy();
    s = step(s, { type: 'update', combatantId: 'c1', conditions: ['Total Defense'] });
    expect(preview(s, [], 'c2', 'c1')).toMatchObject({ ok: true, note: 'Goblin is in Total Defense: a Competition.' });
  });
});

describe('the Feat the attack form offers (CB-46)', () => {
  const made = (options: Record<string, string>) => {
    const c = rs.rollCharacter(seededRandom(11), { method: 'semi', ...options });
    if (!c.ok) throw new Error(c.error.message);
    return { id: 'ch1', ownerId: 'A', document: c.value as unknown as Record<string, unknown> };
  };
  it("a Combatant's always, an Opportunist's against a foe hampered, distracted or unaware, a True Mage's never; none under THE HAMMER DIE or without a character", () => {
    const combatant = made({ class: 'combatant', 'class-prime': 'STR' });
    expect(featOfferOf(combatant, {})).toBe('always');
    expect(featOfferOf(made({ class: 'specialist', 'class-prime': 'DEX', 'specialist-choices': 'opportunist', skills: 'riding,sporting', specialties: 'sporting', 'save-feat': 'WIL' }), {})).toBe('opportune');
    expect(featOfferOf(made({ class: 'true-mage', 'class-prime': 'INT' }), {})).toBe('never');
    expect(featOfferOf(combatant, { 'hammer-die': 'replace' })).toBe('never');
    expect(featOfferOf(undefined, {})).toBe('never');
  });
});
