import { describe, expect, it } from 'vitest';
import { scriptedRandom } from '../../../dice/index.js';
import { prepareAttack } from './attack.js';
import { buildAttack } from './build-attack.js';
import { startEncounter, takeTurn, type CombatAction, type Encounter, type TurnResult } from './encounter.js';
import { monsterFighters, type Fighter } from './fighter.js';
import { testPc, testWeapon } from './test-helpers.js';

const goblins = (n = 2, patch: Partial<Fighter> = {}) =>
  monsterFighters({ name: 'goblin', hd: 1, attack: 3, attackIsBonus: true, defense: 12, damage: { kind: 'static', dv: 4 }, healthDie: 6, count: n }).map((g) => ({ ...g, ...patch }));

function encounter(fighters: Fighter[]): Encounter {
  const r = startEncounter(fighters);
  if (!r.ok) throw new Error(r.problem.message);
  return r.encounter;
}

function turn(faces: number[], enc: Encounter, actor: string, action: CombatAction): TurnResult {
  const r = takeTurn(scriptedRandom(faces), enc, actor, action);
  if (!r.ok) throw new Error(`${r.problem.code}: ${r.problem.message}`);
  return r;
}

const f = (enc: Encounter, id: string) => enc.fighters.find((x) => x.id === id)!;

describe('Tactical ATTACK!: attack, the Save, then the effect', () => {
  it('a success the goblin fails to save against leaves it exposed: the next attack on it is +1 step', () => {
    const enc = encounter([testPc(), testPc({ id: 'ally', name: 'Ally' }), ...goblins()]);
    // Attack without a Tactical weapon: no WP, d16: 15 + 1 = 16 beats 12. Save d20 + 0 = 10 does not beat STR 14.
    const r = turn([15, 10], enc, 'pc', { kind: 'tactical-attack', targetId: 'goblin-1', stat: 'STR', effects: [{ kind: 'exposed' }] });
    const g = f(r.encounter, 'goblin-1');
    expect(g.conditions.map((c) => c.kind)).toEqual(['exposed']);
    expect(g.healthDie).toBe(6); // no damage
    const b = buildAttack(f(r.encounter, 'ally'), g);
    expect(b.ok && prepareAttack(b.spec).attackCheck!.dice).toEqual(['d24']);
    // The ally's attack uses the condition up.
    const r2 = turn([2], r.encounter, 'ally', { kind: 'attack', targetId: 'goblin-1' });
    expect(f(r2.encounter, 'goblin-1').conditions).toEqual([]);
  });

  it('a saved Tactical Attack does nothing; a crit applies two effects', () => {
    const enc = encounter([testPc(), ...goblins()]);
    const saved = turn([15, 15], enc, 'pc', { kind: 'tactical-attack', targetId: 'goblin-1', stat: 'STR', effects: [{ kind: 'hampered' }] });
    expect(f(saved.encounter, 'goblin-1').conditions).toEqual([]);
    const crit = turn([16, 3], enc, 'pc', { kind: 'tactical-attack', targetId: 'goblin-1', stat: 'STR', effects: [{ kind: 'hampered' }, { kind: 'loses-action' }] });
    expect(f(crit.encounter, 'goblin-1').conditions.map((c) => c.kind)).toEqual(['hampered', 'loses-action']);
    // The goblin has lost its action: an attack is refused, a pass clears it.
    const refused = takeTurn(scriptedRandom([]), crit.encounter, 'goblin-1', { kind: 'attack', targetId: 'pc' });
    expect(!refused.ok && refused.problem.code).toBe('combat/lost-action');
    const passed = turn([], crit.encounter, 'goblin-1', { kind: 'pass' });
    expect(f(passed.encounter, 'goblin-1').conditions.map((c) => c.kind)).toEqual(['hampered']);
  });

  it("a Hampered goblin's Save against a Tactical Attack on its passive Defense is one step down and uses the word up (CB-43)", () => {
    const hampered = { kind: 'hampered', source: 'ally' } as const;
    const enc = encounter([testPc(), ...goblins(2, { conditions: [hampered] })]);
    const r = turn([15, 10], enc, 'pc', { kind: 'tactical-attack', targetId: 'goblin-1', stat: 'STR', effects: [{ kind: 'exposed' }] });
    const save = r.events.find((e) => e.kind === 'save') as Extract<(typeof r.events)[number], { kind: 'save' }>;
    expect(save.save.check.dice).toEqual(['d16']);
    expect(f(r.encounter, 'goblin-1').conditions.map((c) => c.kind)).toEqual(['exposed']);
    // Without the word the Save is the d20.
    const plain = turn([15, 10], encounter([testPc(), ...goblins()]), 'pc', { kind: 'tactical-attack', targetId: 'goblin-1', stat: 'STR', effects: [{ kind: 'exposed' }] });
    expect((plain.events.find((e) => e.kind === 'save') as typeof save).save.check.dice).toEqual(['d20']);
  });

  it('a doubled effect gives two steps', () => {
    const enc = encounter([testPc(), ...goblins()]);
    const crit = turn([16, 3], enc, 'pc', { kind: 'tactical-attack', targetId: 'goblin-1', stat: 'STR', effects: [{ kind: 'exposed' }, { kind: 'exposed' }] });
    const b = buildAttack(f(crit.encounter, 'pc'), f(crit.encounter, 'goblin-1'));
    expect(b.ok && prepareAttack(b.spec).attackCheck!.dice).toEqual(['d30']);
  });

  it('one effect is named, two at most', () => {
    const enc = encounter([testPc(), ...goblins()]);
    const r = takeTurn(scriptedRandom([]), enc, 'pc', { kind: 'tactical-attack', targetId: 'goblin-1', stat: 'STR', effects: [] });
    expect(!r.ok && r.problem.code).toBe('combat/tactical-effects');
  });
});

describe('Total Defense and Covering', () => {
  it('a covering Tank becomes the target of an attack on an ally, as a Feat', () => {
    const tank = testPc({ id: 'tank', name: 'Tank', specials: { covering: true, featChecks: ['defense'] } });
    const enc = encounter([tank, testPc({ id: 'ally', name: 'Ally' }), ...goblins()]);
    const td = turn([], enc, 'tank', { kind: 'total-defense', covering: true });
    expect(f(td.encounter, 'tank').isInTotalDefense).toBe(true);
    // Goblin attacks the ally: the Tank steps in; Competition: goblin d20 12 + 3 = 15 vs Tank d20 10 + Feat 3 = 13: hit; DV 4 vs d8 rolls 6: resisted.
    const r = turn([12, 10, 3, 6], td.encounter, 'goblin-1', { kind: 'attack', targetId: 'ally' });
    expect(r.events.some((e) => e.kind === 'cover')).toBe(true);
    const attack = r.events.find((e) => e.kind === 'attack');
    expect(attack && attack.kind === 'attack' && attack.targetId).toBe('tank');
    expect(attack && attack.kind === 'attack' && attack.roll.mode).toBe('competition');
    // Total Defense ends when the Tank's next turn starts.
    const next = turn([], r.encounter, 'tank', { kind: 'pass' });
    expect(f(next.encounter, 'tank').isInTotalDefense).toBe(false);
  });

  it('covering needs the Tank', () => {
    const enc = encounter([testPc(), ...goblins()]);
    const r = takeTurn(scriptedRandom([]), enc, 'pc', { kind: 'total-defense', covering: true });
    expect(!r.ok && r.problem.code).toBe('combat/not-covering');
  });
});

describe('Combatant specials', () => {
  it('Hack and Slash carries the DV left by an overwhelming kill to the weakest foe', () => {
    const pc = testPc({ specials: { hackAndSlash: true } });
    const enc = encounter([pc, ...goblins(2).map((g, i) => (i === 0 ? { ...g, healthDie: 3 } : g))]);
    // 15 + 1 hits; Harm d8 8 + 1 = DV 9: d3 overwhelmed (9 >= 3), down, DV 6 left -> goblin 2 (d6): 6 >= 6, d5, DV 0.
    const r = turn([15, 8], enc, 'pc', { kind: 'attack', targetId: 'goblin-1' });
    expect(f(r.encounter, 'goblin-1').healthDie).toBeNull();
    const carry = r.events.find((e) => e.kind === 'carry-over');
    expect(carry && carry.kind === 'carry-over' && carry.dv).toBe(6);
    expect(f(r.encounter, 'goblin-2').healthDie).toBe(5);
  });

  it('Momentum Attacks use another weapon; the same weapon is refused before any roll', () => {
    const pc = testPc({ weapons: [testWeapon('sword-long', { attackMod: 1 }), testWeapon('dagger-common')], specials: { momentumAttacks: 1 } });
    const enc = encounter([pc, ...goblins()]);
    const bad = takeTurn(scriptedRandom([]), enc, 'pc', { kind: 'attack', targetId: 'goblin-1', momentum: [{ targetId: 'goblin-2', options: { weaponId: 'sword-long' } }] });
    expect(!bad.ok && bad.problem.code).toBe('combat/momentum-same-weapon');
    const r = turn([2, 3], enc, 'pc', { kind: 'attack', targetId: 'goblin-1', momentum: [{ targetId: 'goblin-2', options: { weaponId: 'dagger-common' } }] });
    expect(r.events.filter((e) => e.kind === 'attack')).toHaveLength(2);
    const none = takeTurn(scriptedRandom([]), encounter([testPc(), ...goblins()]), 'pc', { kind: 'attack', targetId: 'goblin-1', momentum: [{ targetId: 'goblin-2' }] });
    expect(!none.ok && none.problem.code).toBe('combat/momentum-not-allowed');
  });

  it('Two-Fisted: primary -1 step, secondary -2 steps on attack and damage', () => {
    const pc = testPc({ weapons: [testWeapon('sword-short'), testWeapon('dagger-common')], specials: { dualWield: { primarySteps: -1, secondarySteps: -2 } } });
    const enc = encounter([pc, ...goblins()]);
    const r = turn([2, 2], enc, 'pc', { kind: 'attack', targetId: 'goblin-1', offHand: { targetId: 'goblin-1', options: { weaponId: 'dagger-common' } } });
    const dice = r.events.flatMap((e) => (e.kind === 'attack' ? [e.roll.attackCheck!.dice[0]] : []));
    expect(dice).toEqual(['d16', 'd14']);
  });

  it("Thrower's barrage: each extra throw one step lower, every throw -1 damage step", () => {
    const pc = testPc({ weapons: [testWeapon('dagger-throwing')], specials: { barrage: { extraAttacks: 2, damageSteps: -1, attackStepPerExtra: 1 } } });
    const enc = encounter([pc, ...goblins(3)]);
    const r = turn([2, 2, 2], enc, 'pc', { kind: 'barrage', targetIds: ['goblin-1', 'goblin-2', 'goblin-3'] });
    const dice = r.events.flatMap((e) => (e.kind === 'attack' ? [e.roll.attackCheck!.dice[0]] : []));
    expect(dice).toEqual(['d20', 'd16', 'd14']);
    const tooMany = takeTurn(scriptedRandom([]), enc, 'pc', { kind: 'barrage', targetIds: ['goblin-1', 'goblin-1', 'goblin-1', 'goblin-1'] });
    expect(!tooMany.ok && tooMany.problem.code).toBe('combat/extra-attacks-count');
  });

  it('an offensive HD Re-roll re-rolls a low Harm roll', () => {
    const enc = encounter([testPc({ resources: { hdRerolls: 1, armourRerolls: 0, fistUses: 0 } }), ...goblins()]);
    // 15 + 1 hits; Harm d8 shows 1 (<= 2): re-rolled 5 + 1 = DV 6 overwhelms the d6 -> d5.
    const r = turn([15, 1, 5], enc, 'pc', { kind: 'attack', targetId: 'goblin-1', options: { hdRerollHarmAtMost: 2 } });
    expect(f(r.encounter, 'goblin-1').healthDie).toBe(5);
    expect(f(r.encounter, 'pc').resources.hdRerolls).toBe(0);
  });

  it('HD Re-rolls re-roll a failed Health Die soak, one use each', () => {
    const enc = encounter([testPc({ resources: { hdRerolls: 1, armourRerolls: 0, fistUses: 0 } }), ...goblins()]);
    // Defense 5 fails against 13; DV 4 vs d8: 3 fails, re-rolled 7 resists.
    const r = turn([5, 3, 7], enc, 'goblin-1', { kind: 'attack', targetId: 'pc' });
    expect(f(r.encounter, 'pc').healthDie).toBe(8);
    expect(f(r.encounter, 'pc').resources.hdRerolls).toBe(0);
  });
});

describe('Devout powers', () => {
  it('Revenant re-rolls 1s on Health Die soaks', () => {
    const enc = encounter([testPc({ specials: { revenant: { rerollUpTo: 1, advantage: false } } }), ...goblins()]);
    const r = turn([5, 1, 6], enc, 'goblin-1', { kind: 'attack', targetId: 'pc' });
    expect(f(r.encounter, 'pc').healthDie).toBe(8);
  });

  it('advanced Revenant rolls at advantage and re-rolls 1s and 2s', () => {
    const enc = encounter([testPc({ specials: { revenant: { rerollUpTo: 2, advantage: true } } }), ...goblins()]);
    // soak 1 and 2 at advantage: keeps 2, re-rolled: 3 fails (DV 4) -> d7.
    const r = turn([5, 1, 2, 3], enc, 'goblin-1', { kind: 'attack', targetId: 'pc' });
    expect(f(r.encounter, 'pc').healthDie).toBe(7);
  });

  it('Fist of an Angry God: +1 step attack and damage, uses per Venture', () => {
    const pc = testPc({ resources: { hdRerolls: 0, armourRerolls: 0, fistUses: 1 }, specials: { fistUses: 1 } });
    const enc = encounter([pc, ...goblins()]);
    const r = turn([2], enc, 'pc', { kind: 'attack', targetId: 'goblin-1', options: { fistOfAngryGod: true } });
    const a = r.events.find((e) => e.kind === 'attack');
    expect(a && a.kind === 'attack' && a.roll.attackCheck!.dice).toEqual(['d24']);
    const again = takeTurn(scriptedRandom([]), r.encounter, 'pc', { kind: 'attack', targetId: 'goblin-1', options: { fistOfAngryGod: true } });
    expect(!again.ok && again.problem.code).toBe('combat/no-uses-left');
  });

  it('advanced Lay on Hands: a full-round WIL Test in combat, once every other round; raises a downed ally to d3', () => {
    const healer = testPc({ id: 'healer', name: 'Healer', specials: { layOnHands: 'advanced' } });
    const enc = encounter([healer, testPc({ id: 'ally', name: 'Ally', healthDie: null }), ...goblins()]);
    const r = turn([5], enc, 'healer', { kind: 'lay-on-hands', targetId: 'ally' });
    expect(f(r.encounter, 'ally').healthDie).toBe(3);
    const tooSoon = takeTurn(scriptedRandom([5]), r.encounter, 'healer', { kind: 'lay-on-hands', targetId: 'ally' });
    expect(!tooSoon.ok && tooSoon.problem.code).toBe('combat/lay-on-hands-rest');
    const self = takeTurn(scriptedRandom([5]), enc, 'healer', { kind: 'lay-on-hands', targetId: 'healer' });
    expect(!self.ok && self.problem.code).toBe('combat/target-is-self');
  });
});

describe('Specialist, stock and caster specials', () => {
  it('Commander gives up the action for an ally to act', () => {
    const enc = encounter([testPc({ id: 'cmd', name: 'Cmd', specials: { commander: true } }), testPc({ id: 'ally', name: 'Ally' }), ...goblins()]);
    const r = turn([2], enc, 'cmd', { kind: 'command', allyId: 'ally', action: { kind: 'attack', targetId: 'goblin-1' } });
    const a = r.events.find((e) => e.kind === 'attack');
    expect(a && a.kind === 'attack' && a.actorId).toBe('ally');
    expect(r.events.some((e) => e.kind === 'turn' && e.actorId === 'ally')).toBe(true);
  });

  it('Canid: one step against the target of another Canid\'s last action', () => {
    const enc = encounter([testPc({ id: 'a', specials: { canidPack: true } }), testPc({ id: 'b', specials: { canidPack: true } }), ...goblins()]);
    const r = turn([2], enc, 'a', { kind: 'attack', targetId: 'goblin-1' });
    const r2 = turn([2], r.encounter, 'b', { kind: 'attack', targetId: 'goblin-1' });
    const a = r2.events.find((e) => e.kind === 'attack');
    expect(a && a.kind === 'attack' && a.roll.attackCheck!.dice).toEqual(['d24']);
  });

  it('Droffen: Armour Die re-rolls on a failed armour soak', () => {
    const enc = encounter([testPc({ armourDie: 6, resources: { hdRerolls: 0, armourRerolls: 1, fistUses: 0 } }), ...goblins()]);
    const r = turn([5, 2, 6], enc, 'goblin-1', { kind: 'attack', targetId: 'pc' });
    expect(f(r.encounter, 'pc').armourDie).toBe(6);
    expect(f(r.encounter, 'pc').resources.armourRerolls).toBe(0);
  });

  it('Droffen Strength of the Earth adds the level to STR Saves; Elfin saves INT at advantage at full Health', () => {
    const dwarf = { ...goblins(1)[0]!, id: 'dwarf', side: 'foes' as const, specials: { ...goblins(1)[0]!.specials, strengthOfTheEarth: true }, level: 3 };
    const enc = encounter([testPc(), dwarf]);
    const r = turn([15, 12], enc, 'pc', { kind: 'tactical-attack', targetId: 'dwarf', stat: 'STR', effects: [{ kind: 'hampered' }] });
    const save = r.events.find((e) => e.kind === 'save');
    expect(save && save.kind === 'save' && save.save.saved).toBe(true); // 12 + 3 beats 14
    const elf = { ...dwarf, id: 'elf', specials: { ...dwarf.specials, strengthOfTheEarth: false, elfinIntAdvantage: true } };
    const r2 = turn([15, 3, 18], encounter([testPc(), elf]), 'pc', { kind: 'tactical-attack', targetId: 'elf', stat: 'INT', effects: [{ kind: 'hampered' }] });
    const s2 = r2.events.find((e) => e.kind === 'save');
    expect(s2 && s2.kind === 'save' && s2.save.saved).toBe(true); // keeps 18 of 3 and 18
  });

  it('Spell Penetration steps the targets\' Saves down; the effect is the Smith\'s', () => {
    const mage = testPc({ id: 'mage', level: 9, specials: { spellPenetrationSteps: -2 } });
    const enc = encounter([mage, ...goblins()]);
    const r = turn([10], enc, 'mage', { kind: 'cast-spell', text: 'Sleep', targetIds: ['goblin-1'], save: { stat: 'WIL', target: 12 } });
    const s = r.events.find((e) => e.kind === 'save');
    // d20 -2 steps (Spell Penetration at 9) -1 step (a level 9 source against HD 1): d12.
    expect(s && s.kind === 'save' && s.save.check.dice).toEqual(['d12']);
    expect(r.events.some((e) => e.kind === 'manual')).toBe(true);
  });

  it('the Smith changes dice and conditions by hand (Blood Rage, WIP powers)', () => {
    const enc = encounter([testPc({ specials: { bloodRage: { whileRaging: 1, after: -2 } } }), ...goblins()]);
    const r = turn([], enc, 'pc', { kind: 'smith', text: 'Brakka flies into a Blood Rage', changes: [{ fighterId: 'pc', rage: 'raging' }] });
    const b = buildAttack(f(r.encounter, 'pc'), f(r.encounter, 'goblin-1'));
    expect(b.ok && b.spec.harm.dice).toEqual(['d10']);
  });
});

describe('turn problems', () => {
  it('unknown, down and self targets are problems with fix-it messages', () => {
    const enc = encounter([testPc(), ...goblins(2).map((g, i) => (i === 0 ? { ...g, healthDie: null } : g))]);
    const down = takeTurn(scriptedRandom([]), enc, 'pc', { kind: 'attack', targetId: 'goblin-1' });
    expect(!down.ok && down.problem.code).toBe('combat/fighter-down');
    const unknown = takeTurn(scriptedRandom([]), enc, 'pc', { kind: 'attack', targetId: 'nobody' });
    expect(!unknown.ok && unknown.problem.code).toBe('combat/unknown-fighter');
    const self = takeTurn(scriptedRandom([]), encounter([testPc(), ...goblins()]), 'pc', { kind: 'attack', targetId: 'pc' });
    expect(!self.ok && self.problem.code).toBe('combat/target-is-self');
  });
});
