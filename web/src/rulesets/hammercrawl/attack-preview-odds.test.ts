/**
 * The numbers the HAMMERCRAWL! attack controls show before a Tactical Attack and before damage that is
 * not an attack, as the page computes them (the DV typed as the Smith writes it, the table's settings),
 * held against the brute force written from the rules text (test/hammercrawl-brute.ts).
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../../src/dice/random.js';
import { loadRuleSystem } from '../../../../src/rules/catalogue.js';
import { EMPTY_COMBAT, rollCombatAction, type CombatAction, type CombatState } from '../../../../src/table/combat.js';
import { bruteDamage, bruteTactical, stepped } from '../../../../test/hammercrawl-brute.js';
import { previewDamage, previewTactical, readDamageValue } from './attack-preview.js';

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

const s = tracker([
  { type: 'add', name: 'Knight', side: 'foes', monster: 'hd=3,attack=+4,defense=12,damage=d8' },
  { type: 'add', name: 'Hound', side: 'party', monster: 'hd=2,attack=+3,defense=12,damage=d6' },
  { type: 'update', combatantId: 'c1', health: 'd6', armour: 'd4' },
]);

const downOf = (d: Map<string, number>): number => [...d].reduce((sum, [k, p]) => sum + (k.endsWith('/-') ? p : 0), 0);

describe('the page’s odds before damage that is not an attack', () => {
  for (const typed of ['2d6+1', 'd8-2', '3d4', '9', '30']) {
    it(`DV "${typed}" on a d6 Health Die in d4 armour: the chance of going down is the brute force’s`, () => {
      const value = readDamageValue(typed);
      if (value === null) throw new Error(`"${typed}" should read as a DV`);
      const p = previewDamage(s, [], { targetId: 'c1', source: 'Trap', ...value });
      if (!p.ok) throw new Error(p.message);
      expect(p.down).toBeCloseTo(downOf(bruteDamage({ armour: 4, health: 6, con: 0, partial: false }, value, { penetrating: false, crit: false, critToHealth: false })), 12);
    });
  }

  it('a Penetrating crit of 2d6+1: the brute force’s, and not the plain hit’s', () => {
    const value = readDamageValue('2d6+1')!;
    const p = previewDamage(s, [], { targetId: 'c1', source: 'Bolt', ...value, isPenetrating: true, isCrit: true });
    if (!p.ok) throw new Error(p.message);
    const target = { armour: 4, health: 6, con: 0, partial: false };
    expect(p.down).toBeCloseTo(downOf(bruteDamage(target, value, { penetrating: true, crit: true, critToHealth: false })), 12);
    expect(p.down).not.toBeCloseTo(downOf(bruteDamage(target, value, { penetrating: false, crit: false, critToHealth: false })), 3);
  });
});

describe('the page’s odds before a Tactical Attack', () => {
  // The hound (+3, no Tactical weapon: a d16, CB-11) on the knight (Defense 12); the knight's Save, d20 + 0 against 13.
  const usual = { attackDie: stepped(20, -1), attackMod: 3, defense: 12, meets: true, saveDie: 20, saveMod: 0, saveTarget: 13 };

  it('at the usual table (a minion’s Defense is met, CB-1)', () => {
    const p = previewTactical(s, [], 'c2', 'c1', 'STR');
    if (!p.ok) throw new Error(p.message);
    const b = bruteTactical(usual);
    expect([p.connect, p.crit, p.save, p.oneEffect, p.twoEffects]).toEqual([b.connect, b.crit, b.save, b.oneEffect, b.twoEffects].map((x) => expect.closeTo(x, 12)));
  });

  it('at a table whose minion values must be beaten (minion-challenge beat): the setting reaches the odds', () => {
    const p = previewTactical(s, [], 'c2', 'c1', 'STR', {}, { 'minion-challenge': 'beat' });
    if (!p.ok) throw new Error(p.message);
    const b = bruteTactical({ ...usual, meets: false });
    expect([p.connect, p.crit, p.save, p.oneEffect, p.twoEffects]).toEqual([b.connect, b.crit, b.save, b.oneEffect, b.twoEffects].map((x) => expect.closeTo(x, 12)));
    expect(p.connect).toBeLessThan(bruteTactical(usual).connect);
  });
});
