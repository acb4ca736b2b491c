/**
 * The tracker attack at a table, through the table's own command path and its fold: who may send it,
 * the harm written on the character's document (a consequence, with its history line), the tracker
 * after it, and a hidden foe's numbers kept from the players (TB-17).
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../dice/random.js';
import type { RuleSystem } from '../../rule-system.js';
import { combatChangeForPlayers } from '../../../table/project.js';
import type { CombatChangedBody } from '../../rule-system.js';
import { ruleSystem } from '../index.js';
import { statOf, type SlamdCharacter } from '../character.js';
import { findWeapon } from '../data/weapons.js';
import { ada, bob, commandTable, smith } from '../../../../test/tracker-table.js';

const rules = ruleSystem as unknown as RuleSystem;
const table = () => commandTable(rules);

function fightTable(foe: Record<string, unknown> = {}, patch: Partial<SlamdCharacter> = {}) {
  const t = table();
  const r = ruleSystem.rollCharacter(seededRandom(3), {});
  if (!r.ok) throw new Error(r.error.message);
  const doc: SlamdCharacter = { ...r.value, name: 'Hild', stats: { ...r.value.stats, con: statOf(10) }, woundsLeft: 10, inventory: [{ kind: 'weapon', itemId: 'spear', label: 'Spear', slots: findWeapon('spear')!.slots, count: 1, carry: 'readied', hands: [0, 1] }], ...patch };
  const saved = t.run(ada, { kind: 'character-save', character: doc });
  if (!saved.ok) throw new Error(saved.error.message);
  t.run(smith, { kind: 'combat', action: { type: 'add', name: 'Hild', side: 'party', characterId: 'ch1' } });
  const added = t.run(smith, { kind: 'combat', action: { type: 'add', name: 'Ogre', side: 'foes', health: '3/12', armour: 'd6', monster: 'damage=2d10,mod=+6,toughness=0,con=12', ...foe } });
  if (!added.ok) throw new Error(added.error.message);
  return t;
}

const docOf = (t: ReturnType<typeof table>): SlamdCharacter => t.state.characters.find((c) => c.id === 'ch1')!.document as unknown as SlamdCharacter;

describe('the So Long as Men Die tracker attack at a table', () => {
  it('Add the party reads Wounds left as health and the Defense Die as armour; a foe’s line is kept as the ruleset writes it', () => {
    const t = fightTable({ monster: ' damage=2d10 mod=+6 ' });
    const [hild, ogre] = t.state.combat.combatants;
    expect(ogre!.monster).toBe('damage=2d10,mod=+6,toughness=0,con=10');
    expect(hild!.characterId).toBe('ch1');
    const bad = t.run(smith, { kind: 'combat', action: { type: 'add', name: 'Imp', side: 'foes', monster: 'damage=1d7' } });
    expect(bad).toMatchObject({ ok: false, error: { code: 'so-long-as-men-die/bad-monster-line' } });
  });

  it('a foe added with its Wounds left empty gets them from its line, none taken, so its row shows them (SL-33)', () => {
    const t = fightTable();
    const add = (name: string, fields: Record<string, unknown>) => {
      const r = t.run(smith, { kind: 'combat', action: { type: 'add', name, side: 'foes', ...fields } });
      if (!r.ok) throw new Error(r.error.message);
      return t.state.combat.combatants.find((c) => c.name === name)!;
    };
    expect(add('Wolf', { monster: 'damage=1d6,toughness=2,con=8' }).health).toBe('8/8');
    expect(add('Bandit', { monster: 'damage=1d8' }).health).toBe('10/10');
    expect(add('Brute', { monster: 'damage=1d8,con=14', health: '3/14' }).health).toBe('3/14');
    // No line, no CON to count from: the field stays as given.
    expect(add('Shade', {}).health).toBe('');
    // Cleared later, the field is filled again from the line.
    const wolf = t.state.combat.combatants.find((c) => c.name === 'Wolf')!;
    expect(t.run(smith, { kind: 'combat', action: { type: 'update', combatantId: wolf.id, health: '' } }).ok).toBe(true);
    expect(t.state.combat.combatants.find((c) => c.name === 'Wolf')!.health).toBe('8/8');
  });

  it('a foe’s blow lands on the character’s document, whoever owns it: Wounds, condition, history; the tracker follows', () => {
    const t = fightTable();
    let hurt = false;
    for (let i = 0; i < 20 && !hurt; i++) {
      const before = docOf(t);
      const r = t.run(smith, { kind: 'combat', action: { type: 'attack', attackerId: 'c2', targetId: 'c1', choice: 'mutilated' } }, seededRandom(100 + i));
      if (!r.ok) throw new Error(r.error.message);
      const saved = t.last.find((e) => e.kind === 'character-saved');
      if (saved === undefined) continue;
      hurt = true;
      const after = docOf(t);
      expect(after.woundsLeft).toBe(before.woundsLeft - 1);
      const body = saved.body as { change: { id: string; summary: string; explanation?: string[] } };
      expect(body.change.id).toBe('attack');
      expect(body.change.summary).toMatch(/^Ogre attacks Hild: .*Wounds 10 -> 9/);
      // Made by a hidden foe: its rolls stay in the tracker's event, which players receive without them (TB-17).
      expect(body.change.explanation).toBeUndefined();
      expect(after.history.at(-1)?.summary).toBe(body.change.summary);
      const c1 = t.state.combat.combatants.find((c) => c.id === 'c1')!;
      expect(c1.health).toBe(`9/10`);
      expect(c1.isDown).toBe(after.condition !== 'standing');
    }
    expect(hurt).toBe(true);
  });

  it('a player attacks with their own character only; the Smith with anyone', () => {
    const t = fightTable();
    expect(t.run(bob, { kind: 'combat', action: { type: 'attack', attackerId: 'c1', targetId: 'c2' } })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    expect(t.run(ada, { kind: 'combat', action: { type: 'attack', attackerId: 'c2', targetId: 'c1' } })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    const r = t.run(ada, { kind: 'combat', action: { type: 'attack', attackerId: 'c1', targetId: 'c2' } });
    expect(r.ok).toBe(true);
    const changed = t.last.find((e) => e.kind === 'combat-changed')!.body as { summary: string; attack: { lines: string[] } };
    expect(changed.summary).toMatch(/^Hild attacks Ogre \(Spear\)/);
    expect(changed.attack.lines[0]).toMatch(/^Attack Roll /);
  });

  it('reads the action strictly, naming the path', () => {
    const t = fightTable();
    expect(t.run(smith, { kind: 'combat', action: { type: 'attack', attackerId: 'c1', targetId: 'c2', choice: 'maybe' } })).toMatchObject({ ok: false, error: { path: '$.action.choice' } });
    expect(t.run(smith, { kind: 'combat', action: { type: 'attack', attackerId: 'c1', targetId: 'c2', use: 'thrown' } })).toMatchObject({ ok: false, error: { path: '$.action.use' } });
  });

  it('the CON Score counts the Wounds: the last one kills, on the sheet and in the tracker (SL-24)', () => {
    const t = fightTable({}, { woundsLeft: 1 });
    let dead = false;
    for (let i = 0; i < 20 && !dead; i++) {
      const r = t.run(smith, { kind: 'combat', action: { type: 'attack', attackerId: 'c2', targetId: 'c1' } }, seededRandom(300 + i));
      if (!r.ok) throw new Error(r.error.message);
      dead = docOf(t).condition === 'dead';
    }
    expect(dead).toBe(true);
    expect(docOf(t).woundsLeft).toBe(0);
    const c1 = t.state.combat.combatants.find((c) => c.id === 'c1')!;
    expect([c1.health, c1.isDown, c1.conditions.includes('dead')]).toEqual(['0/10', true, true]);
    expect(ruleSystem.summarize(docOf(t)).headline).toMatch(/\(dead\)$/);
    // The dead take no more.
    expect(t.run(smith, { kind: 'combat', action: { type: 'attack', attackerId: 'c2', targetId: 'c1' } })).toMatchObject({ ok: false, error: { code: 'so-long-as-men-die/already-dead' } });
  });

  it('players never read a hidden foe’s numbers: its attack and attacks on it reach them without the rolls (TB-17)', () => {
    const t = fightTable();
    const bodyOf = () => t.last.find((e) => e.kind === 'combat-changed')!.body as unknown as CombatChangedBody;
    expect(t.run(smith, { kind: 'combat', action: { type: 'attack', attackerId: 'c2', targetId: 'c1' } }).ok).toBe(true);
    const byFoe = combatChangeForPlayers(bodyOf());
    expect(bodyOf().attack!.lines.join(' ')).toMatch(/2d10|Attack Roll/);
    expect(byFoe.attack!.lines).toEqual([]);
    expect(byFoe.summary).not.toMatch(/2d10|\+6/);
    const t2 = fightTable();
    expect(t2.run(ada, { kind: 'combat', action: { type: 'attack', attackerId: 'c1', targetId: 'c2' } }).ok).toBe(true);
    const onFoe = combatChangeForPlayers(t2.last.find((e) => e.kind === 'combat-changed')!.body as unknown as CombatChangedBody);
    expect(onFoe.attack!.lines).toEqual([]);
    expect(onFoe.summary).toMatch(/^Hild attacks Ogre: /);
    expect(onFoe.summary).not.toMatch(/Wounds left \d|d6/);
  });
});
