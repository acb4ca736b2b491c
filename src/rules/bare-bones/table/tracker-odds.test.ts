// The tracker's exchanges: the odds shown before the click held against every face path of the roll
// (enumeration), an exploding bow against seeded Monte Carlo, and one case worked by hand from the text.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../dice/random.js';
import type { CombatState, Combatant, TableCharacter, TableSettings } from '../../rule-system.js';
import { enumeratePaths, ratio } from '../../../../test/enumerate.js';
import { expectWithinFourSigma, tally } from '../../../../test/monte-carlo.js';
import { sheet } from '../../../../test/bare-bones-play.js';
import { takeHarm } from '../blood-and-sweat.js';
import { AMBUSHER, attackOdds, isHitOutcome, planAttack, rollAttackPlan, type AttackPlan, type BareBonesAttackOptions } from './tracker-attack.js';

function combatant(id: string, fields: Partial<Combatant>): Combatant {
  return { id, name: id, side: 'foes', health: '', armour: '', conditions: [], isDown: false, stats: {}, isLeader: false, ...fields };
}

function combatOf(...combatants: Combatant[]): CombatState {
  return { isActive: true, round: 1, order: combatants.map((c) => c.id), turn: 0, combatants, initiative: null, nextId: combatants.length + 1 };
}

// A level 1 human fighter in medium armour with a shield (AC 13), STR and DEX set for the test.
const ada = sheet({ race: 'human', class: 'fighter' }, { armour: 'medium', hasShield: true, stats: { ...sheet({ race: 'human', class: 'fighter' }).stats, str: { score: 13 }, dex: { score: 11 } } });
const characters: TableCharacter[] = [{ id: 'ch1', ownerId: 'A', document: ada as unknown as TableCharacter['document'] }];
const adaInTracker = combatant('c1', { name: 'Ada', side: 'party', characterId: 'ch1' });
const goblin = combatant('c2', { name: 'Goblin', monster: 'str=11,dex=12,ac=10,weapon=light', health: '4/6 (Sweat 1/2)' });

function plan(attacker: string, target: string, options: BareBonesAttackOptions = {}, settings: TableSettings = {}, isAmbush = false): AttackPlan {
  const foe = isAmbush ? { ...goblin, conditions: [AMBUSHER] } : goblin;
  const p = planAttack(combatOf(adaInTracker, foe), characters, attacker, target, options, settings);
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
}

/** Every face path of the roll, summed by outcome and by whether the target ends down (or dies). */
function enumerated(p: AttackPlan) {
  const byOutcome = enumeratePaths((rng) => rollAttackPlan(rng, p).outcome);
  const byDown = enumeratePaths((rng) => {
    const r = rollAttackPlan(rng, p);
    if (r.damage === null) return false;
    const h = takeHarm(p.target.vitals, { amount: r.damage.total, isToBlood: r.damage.isToBlood, source: 'attack' });
    return h.ok && h.value.vitals.status !== 'standing';
  });
  return { byOutcome, byDown };
}

function expectOddsMatchEnumeration(p: AttackPlan): void {
  const odds = attackOdds(p);
  const { byOutcome, byDown } = enumerated(p);
  expect(odds.outcomes.reduce((s, o) => s + o.p, 0)).toBeCloseTo(1, 12);
  for (const o of odds.outcomes) expect(o.p, o.outcome).toBeCloseTo(ratio(byOutcome.totals.get(o.outcome) ?? 0n, byOutcome.denominator), 12);
  const hit = [...byOutcome.totals].filter(([k]) => isHitOutcome(k)).reduce((s, [, v]) => s + v, 0n);
  expect(odds.hit).toBeCloseTo(ratio(hit, byOutcome.denominator), 12);
  expect(odds.down).toBeCloseTo(ratio(byDown.totals.get(true) ?? 0n, byDown.denominator), 12);
}

describe('tracker exchange odds against every face path', () => {
  it("Ada's melee on the goblin: STR 13 against AC 10, a d8", () => expectOddsMatchEnumeration(plan('c1', 'c2', { weight: 'medium' })));
  it("the goblin's melee on Ada, with advantage, Evade and a Feint die", () => expectOddsMatchEnumeration(plan('c2', 'c1', { advantage: true, bonusDie: 4, defenseBonusDie: 4 })));
  it('with the every-roll setting for the natural 1 and 20', () => expectOddsMatchEnumeration(plan('c1', 'c2', { skill: true, modifier: -3 }, { 'natural-rolls': 'every-roll' })));
  it("the goblin's crossbow on Ada: DEX 12 -2 for medium armour -2 for her shield, d10 to Blood", () => expectOddsMatchEnumeration(plan('c2', 'c1', { mode: 'missile', kind: 'crossbow' })));
  it('an ambusher in the first round: everything to Blood', () => expectOddsMatchEnumeration(plan('c2', 'c1', { weight: 'heavy' }, {}, true)));
});

describe('the numbers from the text', () => {
  it('a melee hit needs the attacker under STR and the defender not under AC; a natural 1 under STR with a failed defence is the critical hit', () => {
    // Ada: d20 under 13 succeeds on 1..12 (12/20); the goblin under AC 10 fails on 10..20 (11/20).
    const o = attackOdds(plan('c1', 'c2', { weight: 'medium' }));
    const p = Object.fromEntries(o.outcomes.map((x) => [x.outcome, x.p]));
    expect(p['critical-hit']).toBeCloseTo((1 / 20) * (11 / 20), 12);
    expect(p['hit']).toBeCloseTo((11 / 20) * (11 / 20), 12);
    expect(p['stand-off']).toBeCloseTo((12 / 20) * (9 / 20), 12);
    // The goblin has 1 Sweat and 4 Blood: a plain hit downs it on 5+ of a d8 (4/8), a critical hit (to Blood) on 4+ (5/8).
    expect(o.down).toBeCloseTo((1 / 20) * (11 / 20) * (5 / 8) + (11 / 20) * (11 / 20) * (4 / 8), 12);
    expect(o.meanDamage).toBeCloseTo(4.5, 12);
  });

  it("a bow's exploding 2d4: the odds of going down against seeded rolls", () => {
    const p = plan('c1', 'c2', { mode: 'missile', kind: 'bow' });
    const odds = attackOdds(p);
    const rng = seededRandom(16);
    const n = 100_000;
    const counts = tally(n, () => {
      const r = rollAttackPlan(rng, p);
      if (r.damage === null) return 'no-hit';
      const h = takeHarm(p.target.vitals, { amount: r.damage.total, isToBlood: r.damage.isToBlood, source: 'attack' });
      return h.ok && h.value.vitals.status !== 'standing' ? 'down' : 'hit';
    });
    expectWithinFourSigma(counts.get('down') ?? 0, n, odds.down);
    expectWithinFourSigma(n - (counts.get('no-hit') ?? 0), n, odds.hit);
  });
});

describe('refusals', () => {
  it('a monster without the stat of its attack, a dead target, and a bow in melee are refused with what to fix', () => {
    const mute = combatant('c3', { name: 'Slime', monster: 'ac=8,blood=3' });
    const r = planAttack(combatOf(adaInTracker, mute), characters, 'c3', 'c1', {}, {});
    expect(r).toMatchObject({ ok: false, error: { code: 'combat/no-stat', message: expect.stringContaining('str=') } });
    const dead = combatant('c3', { name: 'Orc', monster: 'str=10,ac=8', health: '0/5', isDown: true, conditions: ['dead'] });
    expect(planAttack(combatOf(adaInTracker, dead), characters, 'c1', 'c3', {}, {})).toMatchObject({ ok: false, error: { code: 'combat/target-dead' } });
    expect(planAttack(combatOf(adaInTracker, goblin), characters, 'c1', 'c2', { kind: 'bow' }, {})).toMatchObject({ ok: false, error: { code: 'combat/missile-in-melee' } });
  });
});
