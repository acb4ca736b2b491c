/**
 * The Exalted Hack's tracker attacks: exact odds held against a brute force over every face written
 * from the text, seeded rolls against the odds, and the attack through the real table (who may send
 * it, the foe's HP in the tracker, the character's document after the damage).
 */
import { describe, expect, it } from 'vitest';
import { scriptedRandom, seededRandom } from '../../../dice/random.js';
import type { CombatState, Combatant, RuleSystem, TableCharacter } from '../../rule-system.js';
import { withAttributeDamage, type ExaltedHackCharacter } from '../character.js';
import { ruleSystem } from '../index.js';
import { readMonsterLine } from './monster-line.js';
import { rollTrackerAttack, trackerAttack, trackerAttackOdds, type TrackerAttackOptions } from './tracker-attack.js';
import { ada, bob, commandTable, smith } from '../../../../test/tracker-table.js';

function hero(over: Partial<ExaltedHackCharacter> = {}): ExaltedHackCharacter {
  const made = ruleSystem.rollCharacter(seededRandom(4), { name: 'Ada' });
  if (!made.ok) throw new Error(made.error.message);
  const c = made.value;
  const stats = Object.fromEntries(Object.keys(c.stats).map((k) => [k, { score: 12, current: 12 }])) as ExaltedHackCharacter['stats'];
  return { ...c, stats, level: 1, hitDie: 8, hp: { current: 21, max: 21 }, armour: { value: 1, kind: 'regular' }, attributeDamage: { str: 0, dex: 0, con: 0, int: 0, wis: 0, cha: 0 }, ...over };
}

function fight(c: ExaltedHackCharacter, foe: Partial<Combatant> = {}): { combat: CombatState; characters: TableCharacter[] } {
  const base = { conditions: [], isDown: false, stats: {}, isLeader: false };
  return {
    characters: [{ id: 'ch1', ownerId: 'A', document: c as unknown as TableCharacter['document'] }],
    combat: {
      isActive: true, round: 1, order: ['c1', 'c2'], turn: 0, initiative: null, nextId: 3,
      combatants: [
        { ...base, id: 'c1', name: 'Ada', side: 'party', characterId: 'ch1', health: '21/21', armour: '1' },
        { ...base, id: 'c2', name: 'Orc', side: 'foes', health: '9/9', armour: '2', monster: 'damage=d8+1', ...foe },
      ],
    },
  };
}

/** Kept d20 faces with their weight out of 400 (or 20): every pair written out for advantage and disadvantage. */
function keptD20(vantage: 'normal' | 'advantage' | 'disadvantage'): [number, number][] {
  const out = new Map<number, number>();
  if (vantage === 'normal') for (let f = 1; f <= 20; f++) out.set(f, 20);
  else for (let a = 1; a <= 20; a++) for (let b = 1; b <= 20; b++) {
    const k = vantage === 'advantage' ? Math.min(a, b) : Math.max(a, b);
    out.set(k, (out.get(k) ?? 0) + 1);
  }
  return [...out.entries()];
}

/** The text's attack by brute force: 1 critical (damage + one maximum die), under the target a hit, 20 a fumble; armour off what lands. */
function bruteAttack(target: number, vantage: 'normal' | 'advantage' | 'disadvantage', sides: number, bonus: number, armour: number) {
  const outcomes: Record<string, number> = {};
  const values: Record<number, number> = {};
  for (const [f, w] of keptD20(vantage)) for (let d = 1; d <= sides; d++) {
    const p = w / 400 / sides;
    const o = f === 1 ? 'critical' : f === 20 ? 'blunder' : f < target ? 'success' : 'failure';
    const dmg = o === 'critical' ? Math.max(0, d + bonus + sides - armour) : o === 'success' ? Math.max(0, d + bonus - armour) : 0;
    outcomes[o] = (outcomes[o] ?? 0) + p;
    values[dmg] = (values[dmg] ?? 0) + p;
  }
  return { outcomes, values };
}

/** The text's defence by brute force: 1 or under stops it, over takes it, 20 takes it +10; armour off what lands. */
function bruteDefence(target: number, sides: number, bonus: number, armour: number) {
  const outcomes: Record<string, number> = {};
  const values: Record<number, number> = {};
  for (const [f, w] of keptD20('normal')) for (let d = 1; d <= sides; d++) {
    const p = w / 400 / sides;
    const o = f === 1 ? 'critical' : f === 20 ? 'blunder' : f < target ? 'success' : 'failure';
    const dmg = o === 'failure' ? Math.max(0, d + bonus - armour) : o === 'blunder' ? Math.max(0, d + bonus + 10 - armour) : 0;
    outcomes[o] = (outcomes[o] ?? 0) + p;
    values[dmg] = (values[dmg] ?? 0) + p;
  }
  return { outcomes, values };
}

function oddsOf(combat: CombatState, characters: TableCharacter[], attackerId: string, targetId: string, o: TrackerAttackOptions) {
  const built = trackerAttack(combat, characters, attackerId, targetId, o);
  if (!built.ok) throw new Error(built.error.message);
  const odds = trackerAttackOdds(built.value);
  return { outcomes: Object.fromEntries(odds.outcomes.filter((x) => x.p > 0).map((x) => [x.outcome, x.p])), values: Object.fromEntries((odds.values ?? []).map((v) => [v.value, v.p])) };
}

function expectClose(a: Record<string, number>, b: Record<string, number>) {
  expect(Object.keys(a).sort()).toEqual(Object.keys(b).filter((k) => b[k]! > 0).sort());
  for (const k of Object.keys(a)) expect(a[k]).toBeCloseTo(b[k]!, 12);
}

describe('a character’s tracker attack on a foe: exact odds against a brute force from the text', () => {
  const cases: { name: string; c: ExaltedHackCharacter; o: TrackerAttackOptions; foe?: Partial<Combatant>; target: number; vantage: 'normal' | 'advantage' | 'disadvantage'; sides: number; bonus: number; armour: number }[] = [
    { name: 'STR 12, a light d6, armour 2', c: hero(), o: {}, target: 12, vantage: 'normal', sides: 6, bonus: 0, armour: 2 },
    { name: 'a martial d8 with advantage', c: hero(), o: { die: 8, weapon: 'martial', advantage: true }, target: 12, vantage: 'advantage', sides: 8, bonus: 1, armour: 2 },
    { name: 'DEX damaged to 7 (its current score), heavy d10, disadvantage, -1', c: withAttributeDamage(hero(), 'dex', 5), o: { attribute: 'dex', die: 10, weapon: 'heavy', disadvantage: true, modifier: -1 }, target: 6, vantage: 'disadvantage', sides: 10, bonus: 2, armour: 2 },
    { name: 'untrained against a powerful foe: a quarter, held at 4', c: hero(), o: { untrained: true }, foe: { monster: 'damage=d6,powerful' }, target: 4, vantage: 'normal', sides: 6, bonus: 0, armour: 2 },
    { name: 'magical damage passes regular armour', c: hero(), o: { magical: true, die: 4 }, target: 12, vantage: 'normal', sides: 4, bonus: 0, armour: 0 },
    { name: 'magical armour stops magic', c: hero(), o: { magical: true, die: 4 }, foe: { armour: '3 magical' }, target: 12, vantage: 'normal', sides: 4, bonus: 0, armour: 3 },
  ];
  for (const k of cases) {
    it(k.name, () => {
      const f = fight(k.c, k.foe);
      const got = oddsOf(f.combat, f.characters, 'c1', 'c2', k.o);
      const want = bruteAttack(k.target, k.vantage, k.sides, k.bonus, k.armour);
      expectClose(got.outcomes, want.outcomes);
      expectClose(got.values, want.values);
    });
  }
});

describe('a foe’s tracker attack on a character: the character’s defence, exact odds against a brute force', () => {
  it('a DEX dodge against d8+1, the character’s armour 1', () => {
    const f = fight(hero());
    const got = oddsOf(f.combat, f.characters, 'c2', 'c1', {});
    expectClose(got.outcomes, bruteDefence(12, 8, 1, 1).outcomes);
    expectClose(got.values, bruteDefence(12, 8, 1, 1).values);
  });

  it('a parry with STR damaged to 9, against a powerful foe: halved to 4', () => {
    const f = fight(withAttributeDamage(hero(), 'str', 3), { monster: 'damage=d6,powerful' });
    const got = oddsOf(f.combat, f.characters, 'c2', 'c1', { defence: 'str' });
    expectClose(got.outcomes, bruteDefence(4, 6, 0, 1).outcomes);
  });

  it('off guard: no roll, the damage lands', () => {
    const f = fight(hero());
    const got = oddsOf(f.combat, f.characters, 'c2', 'c1', { defence: 'off-guard' });
    expect(got.outcomes).toEqual({ 'off-guard': 1 });
    for (let d = 1; d <= 8; d++) expect(got.values[d + 1 - 1]).toBeCloseTo(1 / 8, 12);
  });

  it('seeded rolls agree with the odds (Monte Carlo, 20000 rolls)', () => {
    const f = fight(hero());
    const built = trackerAttack(f.combat, f.characters, 'c2', 'c1', {});
    if (!built.ok) throw new Error(built.error.message);
    const odds = trackerAttackOdds(built.value);
    const rng = seededRandom(16);
    const counts: Record<string, number> = {};
    const n = 20000;
    for (let i = 0; i < n; i++) {
      const r = rollTrackerAttack(rng, f.combat, f.characters, 'c2', 'c1', {});
      if (!r.ok) throw new Error(r.error.message);
      counts[r.value.roll.outcome] = (counts[r.value.roll.outcome] ?? 0) + 1;
    }
    for (const o of odds.outcomes) expect(Math.abs((counts[o.outcome] ?? 0) / n - o.p)).toBeLessThan(0.015);
  });
});

describe('what a tracker attack’s lines say', () => {
  it('the target, the faces, and what landed; a miss says its damage die is not used', () => {
    const f = fight(hero());
    const hit = rollTrackerAttack(scriptedRandom([5, 5]), f.combat, f.characters, 'c1', 'c2', {});
    if (!hit.ok) throw new Error(hit.error.message);
    expect(hit.value.roll.explanation).toEqual(['roll under STR 12', 'damage d6, +6 on a critical; armour 2', 'd20: 5, d6: 5', 'Hit: 3 damage lands']);
    const miss = rollTrackerAttack(scriptedRandom([12, 5]), f.combat, f.characters, 'c1', 'c2', {});
    if (!miss.ok) throw new Error(miss.error.message);
    expect(miss.value.roll.explanation.at(-1)).toBe('Miss: the action is lost: the damage die is not used');
    expect(miss.value.summary).toBe('Ada attacks Orc: miss.');
  });
});

describe('tracker attacks that are not the tracker’s to roll', () => {
  it('two protagonists (PVP) or two foes (NVN) are refused with the check to use', () => {
    const f = fight(hero());
    const both = { ...f.combat, combatants: [...f.combat.combatants, { ...f.combat.combatants[0]!, id: 'c3', name: 'Bo' }, { ...f.combat.combatants[1]!, id: 'c4', name: 'Imp' }] };
    expect(trackerAttack(both, f.characters, 'c1', 'c3')).toMatchObject({ ok: false, error: { code: 'exalted-hack/pvp-in-tracker' } });
    expect(trackerAttack(both, f.characters, 'c2', 'c4')).toMatchObject({ ok: false, error: { code: 'exalted-hack/nvn-in-tracker' } });
  });

  it('a lost character (an attribute at 0) neither attacks nor defends in the tracker', () => {
    const f = fight(withAttributeDamage(hero(), 'wis', 12));
    expect(trackerAttack(f.combat, f.characters, 'c1', 'c2')).toMatchObject({ ok: false, error: { code: 'exalted-hack/character-lost', message: expect.stringMatching(/^Ada has WIS at 0/) } });
    expect(trackerAttack(f.combat, f.characters, 'c2', 'c1')).toMatchObject({ ok: false, error: { code: 'exalted-hack/character-lost' } });
  });

  it('a bad monster line says what it reads', () => {
    const f = fight(hero(), { monster: 'damage=d7' });
    expect(trackerAttack(f.combat, f.characters, 'c1', 'c2')).toMatchObject({ ok: false, error: { code: 'combat/bad-monster', message: expect.stringMatching(/d4, d6, d8, d10, d12/) } });
    expect(readMonsterLine('Damage = D10+2 , Powerful')).toEqual({ ok: true, value: { die: 10, bonus: 2, isPowerful: true, isMagical: false } });
    expect(readMonsterLine('damage=d6+21').ok).toBe(false);
    expect(readMonsterLine('damage=d6+20').ok).toBe(true);
  });
});

// ---- through the table ---------------------------------------------------------------------------

const rules = ruleSystem as unknown as RuleSystem;
const table = () => commandTable(rules);

describe('tracker attacks through the table', () => {
  const setUp = () => {
    const t = table();
    expect(t.run(ada, { kind: 'character-save', character: hero() }).ok).toBe(true);
    t.run(smith, { kind: 'combat', action: { type: 'add', name: 'Ada', side: 'party', characterId: 'ch1', health: '21/21', armour: '1' } });
    t.run(smith, { kind: 'combat', action: { type: 'add', name: 'Orc', side: 'foes', health: '9/9', armour: '2', monster: 'Damage=D8+1' } });
    return t;
  };

  it('initiative reads a character’s damaged WIS as it stands now (its current score), not the score it was made with', () => {
    const t = table();
    expect(t.run(ada, { kind: 'character-save', character: withAttributeDamage(hero(), 'wis', 6) }).ok).toBe(true);
    t.run(smith, { kind: 'combat', action: { type: 'add', name: 'Ada', side: 'party', characterId: 'ch1', health: '21/21' } });
    t.run(smith, { kind: 'combat', action: { type: 'add', name: 'Orc', side: 'foes', health: '9/9', stats: { dex: 10 } } });
    // A face of 8 is under WIS 12 but not under the damaged 6: the company fails and acts after the orc.
    expect(t.run(smith, { kind: 'combat', action: { type: 'roll-initiative' } }, scriptedRandom([8])).ok).toBe(true);
    expect(t.state.combat.initiative!.explanation.join(' ')).toMatch(/after/);
    expect(t.state.combat.order).toEqual(['c2', 'c1']);
  });

  it('the Smith’s monster line is kept the ruleset’s way', () => {
    expect(setUp().state.combat.combatants[1]!.monster).toBe('damage=d8+1');
  });

  it('Ada’s player attacks the orc: a hit of 5 on d6 less armour 2 takes 3 HP in the tracker', () => {
    const t = setUp();
    // d20 5 under STR 12: a hit; d6 5, less armour 2.
    const r = t.run(ada, { kind: 'combat', action: { type: 'attack', attackerId: 'c1', targetId: 'c2' } }, scriptedRandom([5, 5]));
    expect(r.ok).toBe(true);
    expect(t.state.combat.combatants[1]).toMatchObject({ health: '6/9', isDown: false });
  });

  it('a critical hit adds one maximum die and downs the orc at 0 HP', () => {
    const t = setUp();
    const r = t.run(smith, { kind: 'combat', action: { type: 'attack', attackerId: 'c1', targetId: 'c2', die: 8 } }, scriptedRandom([1, 4]));
    expect(r.ok).toBe(true);
    expect(t.state.combat.combatants[1]).toMatchObject({ health: '0/9', isDown: true });
  });

  it('the orc attacks Ada, her defence fails: the damage is written on her document, the sheet’s truth', () => {
    const t = setUp();
    // Defence d20 15 over DEX 12 fails; d8 6 +1 = 7, less her armour 1: 6.
    const r = t.run(ada, { kind: 'combat', action: { type: 'attack', attackerId: 'c2', targetId: 'c1' } }, scriptedRandom([15, 6]));
    expect(r.ok).toBe(true);
    const doc = t.state.characters[0]!.document as unknown as ExaltedHackCharacter;
    expect(doc.hp.current).toBe(15);
    expect(doc.history!.at(-1)).toMatchObject({ change: 'damage', summary: expect.stringMatching(/Orc: 6 damage, HP 21 -> 15/) });
    expect(t.state.combat.combatants[0]).toMatchObject({ health: '15/21', isDown: false });
  });

  it('a blundered defence adds 10; past 0 HP it is lethal to CON and she is down and dying', () => {
    const t = setUp();
    const r = t.run(smith, { kind: 'combat', action: { type: 'attack', attackerId: 'c2', targetId: 'c1', defence: 'str' } }, scriptedRandom([20, 8, 1]));
    expect(r.ok).toBe(true);
    const doc = t.state.characters[0]!.document as unknown as ExaltedHackCharacter;
    // 8 + 1 + 10 - 1 = 18: HP 21 -> 3.
    expect(doc.hp.current).toBe(3);
    const r2 = t.run(smith, { kind: 'combat', action: { type: 'attack', attackerId: 'c2', targetId: 'c1', defence: 'off-guard' } }, scriptedRandom([8]));
    expect(r2.ok).toBe(true);
    const after = t.state.characters[0]!.document as unknown as ExaltedHackCharacter;
    // 9 - 1 = 8: 3 off HP, 5 lethal off CON 12.
    expect(after).toMatchObject({ hp: { current: 0 }, isDying: true, stats: { con: { score: 12, current: 7 } } });
    expect(t.state.combat.combatants[0]).toMatchObject({ isDown: true, conditions: ['Dying'] });
  });

  it('a hidden foe’s attack writes on the character what landed, never the foe’s damage die or the faces', () => {
    const t = setUp();
    const r = t.run(ada, { kind: 'combat', action: { type: 'attack', attackerId: 'c2', targetId: 'c1' } }, scriptedRandom([15, 6]));
    if (!r.ok) throw new Error(r.error.message);
    const saved = r.value.find((e) => e.kind === 'character-saved')!.body as { change: { explanation: string[]; dice?: unknown } };
    expect(saved.change.dice).toBeUndefined();
    expect(saved.change.explanation.join(' ')).not.toMatch(/d8|d20/);
    expect(saved.change.explanation.join(' ')).toMatch(/6 damage/);
    // Shown to the players, the foe's rolls go with the character's change too.
    t.run(smith, { kind: 'combat', action: { type: 'update', combatantId: 'c2', isRevealed: true } });
    const shown = t.run(ada, { kind: 'combat', action: { type: 'attack', attackerId: 'c2', targetId: 'c1' } }, scriptedRandom([15, 6]));
    if (!shown.ok) throw new Error(shown.error.message);
    const open = shown.value.find((e) => e.kind === 'character-saved')!.body as { change: { explanation: string[]; dice?: unknown[] } };
    expect(open.change.dice).toHaveLength(2);
    expect(open.change.explanation.join(' ')).toMatch(/d8 \+1/);
  });

  it('a player rolls only for their own character: not Bob for Ada, in attack or defence', () => {
    const t = setUp();
    expect(t.run(bob, { kind: 'combat', action: { type: 'attack', attackerId: 'c1', targetId: 'c2' } })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    expect(t.run(bob, { kind: 'combat', action: { type: 'attack', attackerId: 'c2', targetId: 'c1' } })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
  });

  it('a message is read with every problem at its JSON path (the server reads it before the table decides)', () => {
    const read = (action: Record<string, unknown>) => rules.table!.readCommand({ kind: 'combat', requestId: 'r', action: { type: 'attack', attackerId: 'c1', targetId: 'c2', ...action } });
    expect(read({ defence: 'wis' })).toMatchObject({ ok: false, error: { path: '$.action.defence' } });
    expect(read({ die: 13 })).toMatchObject({ ok: false, error: { path: '$.action.die' } });
    expect(read({ modifier: 21 })).toMatchObject({ ok: false, error: { path: '$.action.modifier' } });
    expect(read({ modifier: 20, weapon: 'heavy', attribute: 'dex' })).toMatchObject({ ok: true, value: { action: { modifier: 20, weapon: 'heavy', attribute: 'dex' } } });
  });

  it('a die the rules have no damage die for is refused when decided (d5 reads as a number)', () => {
    const t = setUp();
    expect(t.run(smith, { kind: 'combat', action: { type: 'attack', attackerId: 'c1', targetId: 'c2', die: 5 } })).toMatchObject({ ok: false, error: { code: 'exalted-hack/bad-die' } });
  });
});
