/**
 * The rulebook's own worked examples that touch combat, through the combat module, dice given by
 * scriptedRandom; and the property that an attack's exact odds equal seeded Monte Carlo.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { scriptedRandom, seededRandom } from '../../../dice/index.js';
import { attackOdds, prepareAttack, rollAttack } from './attack.js';
import { buildAttack } from './build-attack.js';
import { startEncounter, takeTurn } from './encounter.js';
import { monsterFighters, type HarmSource } from './fighter.js';
import { testPc, testWeapon } from './test-helpers.js';

const minion = (dv: number) =>
  monsterFighters({ name: 'brute', hd: 1, attack: 3, attackIsBonus: true, defense: 12, damage: { kind: 'static', dv }, healthDie: 6 })[0]!;

function spec(...args: Parameters<typeof buildAttack>) {
  const r = buildAttack(...args);
  if (!r.ok) throw new Error(r.problem.message);
  return r.spec;
}

describe('DAMAGE, Overwhelming Damage: "a d4 Health Die and a +1 CON Mod ... hit with a DV 7 attack"', () => {
  const pc = testPc({ healthDie: 4, baseHealthDie: 4, conMod: 1 });
  it('DV 7: the d4 drops to d3 with DV 3 left, which the d3 + 1 can beat (a 3 keeps the d3)', () => {
    // Defense roll 5 fails against 13: hit; the d3 soak rolls 3 + 1 = 4 > 3.
    const r = rollAttack(scriptedRandom([5, 3]), spec(minion(7), pc));
    expect(r.defender.healthDie).toBe(3);
    const down = rollAttack(scriptedRandom([5, 2]), spec(minion(7), pc));
    expect(down.defender.healthDie).toBeNull();
  });
  it('DV 8: the remainder 4 still overwhelms the d3: down, with no roll', () => {
    const r = rollAttack(scriptedRandom([5]), spec(minion(8), pc));
    expect(r.defender.healthDie).toBeNull();
    expect(attackOdds(spec(minion(8), pc)).down).toBeCloseTo(attackOdds(spec(minion(8), pc)).hit, 12);
  });
});

describe('DICE & STEPS: "A D20 attack roll ... with a -1 Step mod would have you roll a D16"', () => {
  it('a called shot of one step rolls a d16; a D8 Harm Die +3 steps rolls a d14', () => {
    const s = spec(testPc(), minion(1), { calledShot: 1, harmSteps: [{ amount: 3, origin: { kind: 'smith', label: 'example' } }] });
    expect(prepareAttack(s).attackCheck!.dice).toEqual(['d16']);
    expect(s.harm.dice).toEqual(['d14']);
  });
});

describe('Thrower: "a thrower with 4 attacks starts her first attack with a d20, the remaining 3 are rolled at a d16, d14, and d12"', () => {
  it('four throws: d20, d16, d14, d12', () => {
    const pc = testPc({ level: 5, weapons: [testWeapon('dagger-throwing')], specials: { barrage: { extraAttacks: 3, damageSteps: -1, attackStepPerExtra: 1 } } });
    const foes = monsterFighters({ name: 'g', hd: 1, attack: 3, attackIsBonus: true, defense: 30, damage: { kind: 'static', dv: 1 }, count: 4 });
    const enc = startEncounter([pc, ...foes]);
    if (!enc.ok) throw new Error('start');
    const r = takeTurn(scriptedRandom([2, 2, 2, 2]), enc.encounter, 'pc', { kind: 'barrage', targetIds: ['g-1', 'g-2', 'g-3', 'g-4'] });
    if (!r.ok) throw new Error(r.problem.message);
    expect(r.events.flatMap((e) => (e.kind === 'attack' ? [e.roll.attackCheck!.dice[0]] : []))).toEqual(['d20', 'd16', 'd14', 'd12']);
  });
});

describe('Spell Penetration: "penalized one step at level 4 (EX: from d20 to d16), and another at level 9 (EX: from d20 to d14)"', () => {
  for (const [level, steps, die] of [[4, -1, 'd16'], [9, -2, 'd14']] as const) {
    it(`level ${level}: ${die}`, () => {
      const mage = testPc({ id: 'mage', level, specials: { spellPenetrationSteps: steps } });
      const foe = { ...minion(1), level };
      const enc = startEncounter([mage, foe]);
      if (!enc.ok) throw new Error('start');
      const r = takeTurn(scriptedRandom([10]), enc.encounter, 'mage', { kind: 'cast-spell', text: 'Charm', targetIds: [foe.id], save: { stat: 'WIL', target: 12 } });
      if (!r.ok) throw new Error(r.problem.message);
      const s = r.events.find((e) => e.kind === 'save');
      expect(s && s.kind === 'save' && s.save.check.dice).toEqual([die]);
    });
  }
});

describe('Weapon Specialization tiers', () => {
  it('tier 2: +1 Harm step; tier 3: a second attack with the weapon', () => {
    const pc = testPc({ weapons: [testWeapon('sword-long', { specializationTier: 3, attackMod: 1 })] });
    expect(spec(pc, minion(1)).harm.dice).toEqual(['d10']);
    const enc = startEncounter([pc, ...monsterFighters({ name: 'g', hd: 1, attack: 3, attackIsBonus: true, defense: 30, damage: { kind: 'static', dv: 1 }, count: 2 })]);
    if (!enc.ok) throw new Error('start');
    const r = takeTurn(scriptedRandom([2, 2]), enc.encounter, 'pc', { kind: 'attack', targetId: 'g-1', specializationAttack: { targetId: 'g-2' } });
    expect(r.ok && r.events.filter((e) => e.kind === 'attack')).toHaveLength(2);
    const plain = startEncounter([testPc(), minion(1)]);
    if (!plain.ok) throw new Error('start');
    const untrained = takeTurn(scriptedRandom([]), plain.encounter, 'pc', { kind: 'attack', targetId: 'brute', specializationAttack: { targetId: 'brute' } });
    expect(!untrained.ok && untrained.problem.code).toBe('combat/not-a-special');
  });
});

describe('property: exact odds equal seeded Monte Carlo within 4 sigma', () => {
  const harm = (sides: number, mod: number): HarmSource => ({ kind: 'harm-die', sides, stat: 'STR', statMod: mod });
  test.prop(
    [
      fc.record({
        mode: fc.constantFrom('attack-roll', 'defense-roll', 'competition'),
        defense: fc.integer({ min: 4, max: 18 }),
        health: fc.constantFrom(3, 4, 6, 8, 10, 12),
        armour: fc.constantFrom(null, 3, 5, 8),
        con: fc.integer({ min: -1, max: 2 }),
        harmSides: fc.constantFrom(4, 6, 8, 10),
        mod: fc.integer({ min: -1, max: 2 }),
        steps: fc.integer({ min: -2, max: 2 }),
        seed: fc.integer({ min: 0, max: 2 ** 31 }),
      }),
    ],
    { numRuns: 8 },
  )('random attacks', (c) => {
    const attacker = testPc({ weapons: [testWeapon('sword-long', { attackMod: c.mod, harm: harm(c.harmSides, c.mod) })] });
    const target = c.mode === 'defense-roll'
      ? testPc({ id: 't', healthDie: c.health, armourDie: c.armour, conMod: c.con })
      : { ...minion(1), healthDie: c.health, armourDie: c.armour, conMod: c.con, defense: c.defense, isInTotalDefense: c.mode === 'competition' };
    const from = c.mode === 'defense-roll' ? { ...minion(c.harmSides), attackValue: c.defense } : attacker;
    const s = spec(from, target, { attackSteps: [{ amount: c.steps, origin: { kind: 'smith', label: 'test' } }] });
    const p = prepareAttack(s);
    const odds = attackOdds(p);
    const rng = seededRandom(c.seed);
    const n = 4000;
    const seen = new Map<string, number>();
    for (let i = 0; i < n; i++) {
      const r = rollAttack(rng, p);
      const k = `${r.defender.armourDie}/${r.defender.healthDie}`;
      seen.set(k, (seen.get(k) ?? 0) + 1);
    }
    for (const o of odds.outcomes) {
      const q = (seen.get(`${o.armourDie}/${o.healthDie}`) ?? 0) / n;
      expect(Math.abs(q - o.p)).toBeLessThanOrEqual(4 * Math.sqrt((o.p * (1 - o.p)) / n) + 1e-9);
    }
    expect(odds.outcomes.reduce((a, o) => a + o.p, 0)).toBeCloseTo(1, 12);
  });
});
