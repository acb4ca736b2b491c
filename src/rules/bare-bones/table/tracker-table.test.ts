/**
 * The Bare Bones tracker actions at a table, through the table's own command path and its fold: who
 * may attack with whom, Blood and Sweat written on the character's document (with its history) and on
 * the tracker, and the ambush's first round to Blood (BB-38 .. BB-40).
 */
import { describe, expect, it } from 'vitest';
import { scriptedRandom } from '../../../dice/random.js';
import type { RuleSystem } from '../../rule-system.js';
import { projectEvent } from '../../../table/project.js';
import { ruleSystem as bareBones } from '../index.js';
import type { BareBonesCharacter } from '../character.js';
import { sheet } from '../../../../test/bare-bones-play.js';
import { ada, bob, commandTable, smith } from '../../../../test/tracker-table.js';

const rules = bareBones as unknown as RuleSystem;
const table = () => commandTable(rules);

// Ada: a human fighter, 10 Blood and no Sweat at level 1, STR 13, WIS 12, no armour (AC 8).
const adaSheet = (() => {
  const base = sheet({ race: 'human', class: 'fighter' });
  return { ...base, stats: { ...base.stats, str: { score: 13 }, wis: { score: 12 } }, armour: 'none' as const, hasShield: false };
})();

function fightTable(character: BareBonesCharacter = adaSheet) {
  const t = table();
  const saved = t.run(ada, { kind: 'character-save', character });
  if (!saved.ok) throw new Error(saved.error.message);
  const party = t.run(smith, { kind: 'combat', action: { type: 'add', name: 'Ada', side: 'party', characterId: 'ch1', health: '10/10' } });
  if (!party.ok) throw new Error(party.error.message);
  const foe = t.run(smith, { kind: 'combat', action: { type: 'add', name: 'Orc', side: 'foes', monster: 'str=12,ac=10,blood=5,sweat=2,weapon=heavy' } });
  if (!foe.ok) throw new Error(foe.error.message);
  return t;
}

const docOf = (t: ReturnType<typeof table>) => t.state.characters[0]!.document as unknown as BareBonesCharacter;

describe('The Bare Bones tracker at a table', () => {
  it("a monster's Health and Armor Class are filled from its line", () => {
    const t = fightTable();
    expect(t.state.combat.combatants[1]).toMatchObject({ health: '5/5 (Sweat 2/2)', armour: '10' });
  });

  it('a player attacks with their own character only; the Smith with anyone', () => {
    const t = fightTable();
    expect(t.run(bob, { kind: 'combat', action: { type: 'attack', attackerId: 'c1', targetId: 'c2' } })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    expect(t.run(ada, { kind: 'combat', action: { type: 'attack', attackerId: 'c2', targetId: 'c1' } })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    expect(t.run(ada, { kind: 'combat', action: { type: 'attack', attackerId: 'c1', targetId: 'c2' } }).ok).toBe(true);
    expect(t.run(ada, { kind: 'combat', action: { type: 'initiative', ambushers: 'party' } })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
  });

  it("Ada's hit takes the orc's Sweat, then Blood, in the tracker", () => {
    const t = fightTable();
    // Ada 5 under 13, the orc 15 not under 10: a hit; the d8 shows 4: 2 from Sweat, 2 from Blood.
    const r = t.run(ada, { kind: 'combat', action: { type: 'attack', attackerId: 'c1', targetId: 'c2', weight: 'medium' } }, scriptedRandom([5, 15, 4]));
    expect(r.ok).toBe(true);
    expect(t.state.combat.combatants[1]).toMatchObject({ health: '3/5 (Sweat 0/2)', isDown: false });
  });

  it("the orc's blow is written on Ada's document and history, and the tracker follows it", () => {
    const t = fightTable();
    // The orc 3 under 12, Ada 9 not under AC 8: a hit; the d10 shows 7.
    const r = t.run(smith, { kind: 'combat', action: { type: 'attack', attackerId: 'c2', targetId: 'c1' } }, scriptedRandom([3, 9, 7]));
    expect(r.ok).toBe(true);
    expect(docOf(t).blood.current).toBe(3);
    expect(docOf(t).history.at(-1)).toMatchObject({ change: 'attack', summary: expect.stringMatching(/^Orc: 7 damage, Blood 10 -> 3/) });
    expect(t.state.combat.combatants[0]).toMatchObject({ health: '3/10', isDown: false });
    // A second blow of 5: down at 0 Blood, in the document and the tracker.
    t.run(smith, { kind: 'combat', action: { type: 'attack', attackerId: 'c2', targetId: 'c1' } }, scriptedRandom([3, 9, 5]));
    expect(docOf(t).blood.current).toBe(0);
    expect(t.state.combat.combatants[0]).toMatchObject({ health: '0/10', isDown: true });
    // Down, Ada cannot attack from the tracker; the orc's next hit is a coup de grâce.
    expect(t.run(ada, { kind: 'combat', action: { type: 'attack', attackerId: 'c1', targetId: 'c2' } })).toMatchObject({ ok: false, error: { code: 'combat/fighter-down' } });
    t.run(smith, { kind: 'combat', action: { type: 'attack', attackerId: 'c2', targetId: 'c1' } }, scriptedRandom([3, 9, 1]));
    expect(docOf(t).isDead).toBe(true);
  });

  it("the foes' ambush: they act first, and their first-round damage goes straight to Blood; from round 2 Sweat first again", () => {
    // Ada has 3 Sweat here: an ambusher's 2 damage skips it.
    const t = fightTable({ ...adaSheet, level: 2, xp: 3, points: { ...adaSheet.points, current: 2 }, sweat: { current: 3, max: 3 } });
    const r = t.run(smith, { kind: 'combat', action: { type: 'initiative', ambushers: 'foes' } }, scriptedRandom([5]));
    expect(r.ok).toBe(true);
    // Ada passes her WIS save (5 under 12), yet the ambushers act first.
    expect(t.state.combat.order).toEqual(['c2', 'c1']);
    expect(t.run(smith, { kind: 'combat', action: { type: 'start' } }).ok).toBe(true);
    t.run(smith, { kind: 'combat', action: { type: 'attack', attackerId: 'c2', targetId: 'c1' } }, scriptedRandom([3, 9, 2]));
    expect(docOf(t)).toMatchObject({ blood: { current: 8 }, sweat: { current: 3 } });
    expect(t.state.combat.combatants[1]!.conditions).toEqual(['Ambusher']);
    // From round 2 the ambushers' damage takes Sweat first again.
    t.run(smith, { kind: 'combat', action: { type: 'next-turn' } });
    t.run(smith, { kind: 'combat', action: { type: 'next-turn' } });
    expect(t.state.combat.round).toBe(2);
    t.run(smith, { kind: 'combat', action: { type: 'attack', attackerId: 'c2', targetId: 'c1' } }, scriptedRandom([3, 9, 2]));
    expect(docOf(t)).toMatchObject({ blood: { current: 8 }, sweat: { current: 1 } });
    // Initiative without an ambush takes the mark away.
    t.run(smith, { kind: 'combat', action: { type: 'initiative' } }, scriptedRandom([5]));
    expect(t.state.combat.combatants[1]!.conditions).toEqual([]);
  });

  it("a hidden orc's attack reaches the players without its numbers", () => {
    const t = fightTable();
    t.run(smith, { kind: 'combat', action: { type: 'attack', attackerId: 'c2', targetId: 'c1' } }, scriptedRandom([3, 9, 7]));
    const tracker = t.log.find((e) => e.kind === 'combat-changed' && (e.body as { attack?: unknown }).attack !== undefined)!;
    const seen = projectEvent(tracker, { id: 'A', role: 'player' }) as unknown as { attack: { lines: string[] }; combat: { combatants: { id: string; health: string }[] } };
    expect(seen.attack.lines).toEqual([]);
    expect(seen.combat.combatants.find((c) => c.id === 'c2')!.health).toBe('');
    const saved = t.log.filter((e) => e.kind === 'character-saved').at(-1)!;
    expect(JSON.stringify((saved.body as { change: unknown }).change)).not.toContain('STR 12');
  });
});
