import { describe, expect, it } from 'vitest';
import { scriptedRandom, seededRandom } from '../../../dice/index.js';
import { attackOdds, prepareAttack, rollAttack } from './attack.js';
import { buildAttack, DEFAULT_COMBAT_SETTINGS } from './build-attack.js';
import { monsterFighters } from './fighter.js';
import { MAX_CALLED_SHOT_STEPS } from './problems.js';
import { testPc, testWeapon } from './test-helpers.js';
import { assertRefused } from '../../../../test/narrow.js';

/** The `beat` reading of CB-1 (a Challenge must exceed a minion's value), which some tests use. */
const BEAT = { ...DEFAULT_COMBAT_SETTINGS, minionChallenge: 'beat' as const };

const goblin = monsterFighters({ name: 'goblin', hd: 1, attack: 3, attackIsBonus: true, defense: 12, damage: { kind: 'static', dv: 4 }, healthDie: 6 })[0]!;

function built(...args: Parameters<typeof buildAttack>) {
  const r = buildAttack(...args);
  if (!r.ok) throw new Error(r.problem.message);
  return r;
}

describe('ATTACK!: a Challenge against Defense', () => {
  it('a PC rolls d20 + STR mod and must beat the minion Defense; then the Harm Die hits the Health Die', () => {
    const b = built(testPc(), goblin, {}, BEAT);
    expect(b.spec.mode).toBe('attack-roll');
    // d20 11 + 1 = 12 does not beat 12: a miss.
    expect(rollAttack(scriptedRandom([11]), b.spec).isHit).toBe(false);
    // d20 12 + 1 = 13 beats 12; Harm d8 5 + 1 = DV 6 >= d6 (Overwhelming): d6 -> d5 with DV 0 left.
    const r = rollAttack(scriptedRandom([12, 5]), b.spec);
    expect(r.isHit).toBe(true);
    expect(r.harm?.dv).toBe(6);
    expect(r.defender.healthDie).toBe(5);
  });

  it('a natural 20 crits: it hits, takes a free step, then the DV is resolved', () => {
    const b = built(testPc(), { ...goblin, defense: 30 });
    // 20 crits (d20 >= C16); DV 1 + 1 = 2 against the stepped d5: roll 4 resists.
    const r = rollAttack(scriptedRandom([20, 1, 4]), b.spec);
    expect(r.isCrit).toBe(true);
    expect(r.defender.healthDie).toBe(5);
  });

  it('without the WP: -1 step to attack and Harm; under the STR minimum another', () => {
    const pc = testPc({ weapons: [testWeapon('sword-long', { isProficient: false, isUnderStrength: true, attackMod: 1 })] });
    const b = built(pc, goblin);
    const p = prepareAttack(b.spec);
    expect(p.attackCheck!.dice).toEqual(['d14']);
    expect(b.spec.harm.dice).toEqual(['d6']);
  });

  it('armour too heavy for the STR: -1 step on the attack and on Defense rolls (ARMOUR, STR)', () => {
    expect(prepareAttack(built(testPc({ isArmourTooHeavy: true }), goblin).spec).attackCheck!.dice).toEqual(['d16']);
    expect(prepareAttack(built(goblin, testPc({ isArmourTooHeavy: true })).spec).defenseCheck!.dice).toEqual(['d16']);
  });

  it('called shots cost 1 to 3 steps; 4 is a problem', () => {
    expect(prepareAttack(built(testPc(), goblin, { calledShot: 2 }).spec).attackCheck!.dice).toEqual(['d14']);
    const r = buildAttack(testPc(), goblin, { calledShot: MAX_CALLED_SHOT_STEPS + 1 });
    assertRefused(r);
    expect(r.problem.code).toBe('combat/called-shot-range');
    expect(buildAttack(testPc(), goblin, { calledShot: MAX_CALLED_SHOT_STEPS }).ok).toBe(true);
  });

  it('dueling weapons add DEX to damage, missile weapons nothing, two-handed re-roll 1s', () => {
    const rapier = built(testPc({ weapons: [testWeapon('sword-rapier', { harm: { kind: 'harm-die', sides: 8, stat: 'DEX', statMod: 2 } })] }), goblin);
    expect(rapier.spec.harm.explanation).toContain('+2 DEX mod');
    const bow = built(testPc({ weapons: [testWeapon('bow-longbow')] }), goblin);
    expect(bow.spec.harm.explanation).toContain('re-roll 1s once');
    // d8 re-rolling 1s once: mean = (1/8)*4.5 + (7/8)*(2+...+8)/7 = 0.5625 + 4.375 = 4.9375
    expect(attackOdds(bow.spec).damage.mean).toBeCloseTo(4.9375, 10);
  });

  it('a crossbow without dice from the Smith is a problem; with them it rolls its own Harm Dice', () => {
    const xbow = testPc({ weapons: [testWeapon('crossbow-light', { harm: { kind: 'unknown' } })] });
    const r = buildAttack(xbow, goblin);
    assertRefused(r);
    expect(r.problem.code).toBe('combat/no-harm-dice');
    const ok = built(xbow, goblin, { harmDice: { kind: 'dice', count: 1, sides: 10, mod: 0 } });
    expect(ok.spec.harm.dice).toEqual(['d10']);
  });
});

describe("HAMMERSMITH ACTIONS: the players roll against a minion's static values", () => {
  it('a minion attacking a PC is the PC Defense roll against the attack value (10 + bonus)', () => {
    const b = built(goblin, testPc(), {}, BEAT);
    expect(b.spec.mode).toBe('defense-roll');
    expect(b.spec.target).toBe(13);
    // Defense 14 + 0 beats 13: defended.
    expect(rollAttack(scriptedRandom([14]), b.spec).isHit).toBe(false);
    // 13 does not beat 13: hit for static DV 4 against d8: soak roll 5 > 4 resists.
    const r = rollAttack(scriptedRandom([13, 5]), b.spec);
    expect(r.isHit).toBe(true);
    expect(r.defender.healthDie).toBe(8);
  });

  it('a natural 1 on the Defense roll is the enemy crit', () => {
    const r = rollAttack(scriptedRandom([1, 2]), built(goblin, testPc()).spec);
    expect(r.isCrit).toBe(true);
    expect(r.critBy).toBe('defense');
    // free step d8 -> d7, DV 4 vs d7: roll 2 fails -> d6
    expect(r.defender.healthDie).toBe(6);
  });

  it('"roll d20 vs target, equal or exceed" is the default (CB-1): both targets one lower than with `beat`', () => {
    expect(DEFAULT_COMBAT_SETTINGS.minionChallenge).toBe('meet');
    expect(built(goblin, testPc()).spec.target).toBe(12);
    expect(built(testPc(), goblin).spec.target).toBe(11);
    // A Defense roll equal to the attack value 13 defends; an attack equal to Defense 12 hits.
    expect(rollAttack(scriptedRandom([13]), built(goblin, testPc()).spec).isHit).toBe(false);
    expect(rollAttack(scriptedRandom([11, 5]), built(testPc(), goblin).spec).isHit).toBe(true);
    expect(built(goblin, testPc(), {}, BEAT).spec.target).toBe(13);
    expect(built(testPc(), goblin, {}, BEAT).spec.target).toBe(12);
  });

  it('a boss rolls its own attack (Smith rolls) against passive Defense', () => {
    const boss = monsterFighters({ name: 'ogre', role: 'boss', hd: 4, attack: 4, attackIsBonus: true, defense: 10, damage: { kind: 'dice', count: 1, sides: 10, mod: 0 } })[0]!;
    const b = built(boss, testPc());
    expect(b.spec.mode).toBe('attack-roll');
    expect(b.spec.target).toBe(8);
  });
});

describe('Total Defense: the attack becomes a Competition, ties to the defender', () => {
  it('a tie goes to the defender; reach steps the defence', () => {
    const defender = testPc({ id: 'd', isInTotalDefense: true, weapons: [testWeapon('spear-long')] });
    const attacker = testPc({ weapons: [testWeapon('dagger-common', { attackMod: 0 })] });
    const b = built(attacker, defender);
    expect(b.spec.mode).toBe('competition');
    const p = prepareAttack(b.spec);
    expect(p.competition!.second.dice).toEqual(['d24']); // reach 4 against 1: +1 step
    expect(rollAttack(scriptedRandom([10, 10]), p).isHit).toBe(false);
    expect(rollAttack(scriptedRandom([11, 10, 3, 7]), p).isHit).toBe(true);
  });

  it('a minion attacking a PC in Total Defense rolls its attack bonus', () => {
    const b = built(goblin, testPc({ isInTotalDefense: true }));
    expect(b.spec.mode).toBe('competition');
    expect(b.spec.attack.mods?.[0]?.amount).toBe(3);
  });
});

describe('exact odds of an attack', () => {
  it('hit, crit and miss add up; outcomes sum to 1', () => {
    const o = attackOdds(built(testPc(), goblin, {}, BEAT).spec);
    expect(o.hit + o.miss).toBeCloseTo(1, 12);
    // d20 + 1 > 12: faces 12..20 = 9/20; the crit (20) is one of them.
    expect(o.hit).toBeCloseTo(9 / 20, 12);
    // Equal or exceed (the default): faces 11..20 = 10/20.
    expect(attackOdds(built(testPc(), goblin).spec).hit).toBeCloseTo(10 / 20, 12);
    expect(o.crit).toBeCloseTo(1 / 20, 12);
    expect(o.outcomes.reduce((s, x) => s + x.p, 0)).toBeCloseTo(1, 12);
  });

  it('Two-Handed widens the crit range', () => {
    const pc = testPc({ weapons: [testWeapon('bow-longbow')], specials: { twoHandedCritBonus: 2 } });
    expect(attackOdds(built(pc, { ...goblin, defense: 40 }).spec).crit).toBeCloseTo(3 / 20, 12);
  });

  const cases = [
    ['attack roll', () => built(testPc(), { ...goblin, armourDie: 4 }).spec],
    ['defense roll', () => built(goblin, testPc({ armourDie: 5 })).spec],
    ['competition', () => built(testPc({ weapons: [testWeapon('sword-short', { attackMod: 1 })] }), testPc({ id: 'd', isInTotalDefense: true, featDie: 4, specials: { featChecks: ['defense'] } }), { defenseFeat: true }).spec],
    ['feat and two-handed', () => built(testPc({ weapons: [testWeapon('bow-shortbow')], featDie: 4, specials: { featChecks: ['attack'], twoHandedRerollUpTo: 2 } }), { ...goblin, healthDie: 10, armourDie: 6 }, { feat: true }).spec],
  ] as const;
  for (const [name, make] of cases) {
    it(`equals seeded Monte Carlo within 4 sigma (${name})`, () => {
      const spec = make();
      const p = prepareAttack(spec);
      const odds = attackOdds(p);
      const rng = seededRandom(99);
      const n = 20_000;
      const counts = new Map<string, number>();
      let hits = 0;
      for (let i = 0; i < n; i++) {
        const r = rollAttack(rng, p);
        if (r.isHit) hits++;
        const key = `${r.defender.armourDie}/${r.defender.healthDie}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      const sigma = (q: number) => 4 * Math.sqrt((q * (1 - q)) / n) + 1e-9;
      expect(Math.abs(hits / n - odds.hit)).toBeLessThanOrEqual(sigma(odds.hit));
      for (const o of odds.outcomes) {
        const seen = (counts.get(`${o.armourDie}/${o.healthDie}`) ?? 0) / n;
        expect(Math.abs(seen - o.p)).toBeLessThanOrEqual(sigma(o.p));
      }
    });
  }
});
