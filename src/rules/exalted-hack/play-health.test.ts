// Damage, healing, rest and dying as changes of play (Damage and Dying; Recovery; rulings EH-11, EH-12, EH-27, EH-28, EH-30, EH-31).
import { describe, expect, it } from 'vitest';
import { scriptedRandom } from '../../dice/random.js';
import { withAttributeDamage } from './character.js';
import { changeOdds, rollChange } from './play.js';
import { applyChange as apply, changeRefusal as refusal, seedOneCharacter } from './play-test-helpers.js';
import { MAX_REST_HOURS } from './play-health.js';
import { MAX_DAMAGE_AMOUNT } from './hit-points.js';

const base = seedOneCharacter();

describe('damage (Attacking, Defending and Damage; Damage and Dying)', () => {
  it('the seed-1 character the tests start from', () => {
    expect([base.stats.con.score, base.hp.current, base.hp.max, base.hitDie]).toEqual([9, 18, 18, 8]);
  });

  it('comes off HP first', () => {
    const r = apply(base, 'damage', { amount: 5, source: 'Goblin spear' });
    expect(r.character.hp).toEqual({ current: 13, max: 18 });
    expect(r.character.isDying).toBe(false);
    expect(r.summary).toBe('Goblin spear: 5 damage, HP 18 -> 13');
    expect(r.dice).toEqual([]);
  });

  it('exactly to 0 HP: incapacitated and stable, not lethal (EH-27)', () => {
    const r = apply(base, 'damage', { amount: 18 });
    expect(r.character.hp.current).toBe(0);
    expect(r.character.isDying).toBe(false);
    expect(r.character.attributeDamage.con).toBe(0);
    expect(r.summary).toContain('(incapacitated)');
  });

  it('past 0 HP: the rest is lethal, off CON, and the character is dying (Constitution; Damage and Dying)', () => {
    const r = apply(base, 'damage', { amount: 22 });
    expect(r.character.hp.current).toBe(0);
    expect(r.character.attributeDamage.con).toBe(4);
    expect(r.character.stats.con).toEqual({ score: 9, current: 5 });
    expect(r.character.isDying).toBe(true);
    expect(r.summary).toBe('22 damage, HP 18 -> 0, CON 9 -> 5 (dying)');
    // More damage while down is all lethal.
    const again = apply(r.character, 'damage', { amount: 2 });
    expect(again.character.stats.con.current).toBe(3);
    // Maximum HP keep the undamaged CON (EH-12).
    expect(again.character.hp.max).toBe(18);
  });

  it('CON 0 is dead: no longer dying, and the rules change the character no more', () => {
    const r = apply(base, 'damage', { amount: 40 });
    expect(r.character.stats.con.current).toBe(0);
    expect(r.character.isDying).toBe(false);
    expect(r.summary).toContain('(dead)');
    expect(r.explanation.some((l) => l.startsWith('CON 0: dead'))).toBe(true);
    for (const [change, params] of [['damage', { amount: 1 }], ['heal', { amount: 5 }], ['rest', {}], ['level-up', {}]] as const) {
      expect(refusal(r.character, change, params)?.code, change).toBe('exalted-hack/character-lost');
    }
  });

  it('a deep wound comes off the attribute itself, not HP (Recovery; EH-30); an attribute at 0 loses the character', () => {
    const r = apply(base, 'damage', { amount: 3, to: 'str', source: 'Poison' });
    expect(r.character.hp.current).toBe(18);
    expect(r.character.stats.str).toEqual({ score: 11, current: 8 });
    expect(r.character.attributeDamage.str).toBe(3);
    expect(r.summary).toBe('Poison: 3 deep wound, STR 11 -> 8');
    const gone = apply(r.character, 'damage', { amount: 20, to: 'str' });
    expect(gone.character.stats.str.current).toBe(0);
    expect(gone.explanation.join(' ')).toMatch(/12 more has nothing left to take/);
    expect(gone.explanation.join(' ')).toMatch(/STR 0: wasted away/);
    expect(gone.summary).toContain('(lost: wasted away)');
  });

  it('a deep wound to CON while dying that reaches 0 ends dying in death', () => {
    const dying = apply(base, 'damage', { amount: 20 }).character;
    const r = apply(dying, 'damage', { amount: 9, to: 'con' });
    expect(r.character.stats.con.current).toBe(0);
    expect(r.character.isDying).toBe(false);
  });

  it('amounts at the limit and one past, and a source at its length and one past', () => {
    expect(rollChange(scriptedRandom([]), base, { change: 'damage', params: { amount: MAX_DAMAGE_AMOUNT } }).ok).toBe(true);
    expect(refusal(base, 'damage', { amount: MAX_DAMAGE_AMOUNT + 1 })).toMatchObject({ code: 'param/out-of-range', path: '$.amount' });
    expect(refusal(base, 'damage', {})).toMatchObject({ code: 'param/missing', path: '$.amount' });
    expect(refusal(base, 'damage', { amount: 1, source: 'x'.repeat(60) })).toBeNull();
    expect(refusal(base, 'damage', { amount: 1, source: 'x'.repeat(61) })).toMatchObject({ code: 'param/too-long', path: '$.source' });
    expect(refusal(base, 'damage', { amount: 1, to: 'luck' })).toMatchObject({ code: 'param/unknown-choice', path: '$.to' });
  });
});

describe('healing (Damage and Dying)', () => {
  it('restores HP up to the maximum, never CON; it stops dying', () => {
    const dying = apply(base, 'damage', { amount: 21 }).character;
    const r = apply(dying, 'heal', { amount: 50, source: 'Potion' });
    expect(r.character.hp.current).toBe(18);
    expect(r.character.stats.con.current).toBe(6);
    expect(r.character.isDying).toBe(false);
    expect(r.summary).toBe('Potion: healed 50, HP 0 -> 18, no longer dying');
  });

  it('healing 0 stabilises a dying character; on anyone else it is refused', () => {
    const dying = apply(base, 'damage', { amount: 21 }).character;
    const r = apply(dying, 'heal', { amount: 0 });
    expect([r.character.hp.current, r.character.isDying]).toEqual([0, false]);
    expect(refusal(base, 'heal', { amount: 0 })).toMatchObject({ code: 'exalted-hack/nothing-to-heal', path: '$.amount' });
  });
});

describe('rest (Recovery)', () => {
  const hurt = apply(base, 'damage', { amount: 10 }).character; // HP 8

  it('a Hit Die an hour, capped at the maximum; dice stop once full', () => {
    const r = apply(hurt, 'rest', { hours: 3 }, scriptedRandom([2, 3, 4]));
    expect(r.character.hp.current).toBe(17);
    expect(r.summary).toBe('rested 3 h, HP 8 -> 17');
    expect(r.dice.map((d) => [d.sides, d.face])).toEqual([[8, 2], [8, 3], [8, 4]]);
    expect(r.outcome).toBe('healed');
    const full = apply(hurt, 'rest', { hours: 8 }, scriptedRandom([8, 8]));
    expect(full.character.hp.current).toBe(18);
    expect(full.dice).toHaveLength(2);
    expect(full.outcome).toBe('full');
    expect(apply(base, 'rest', { hours: 8 }).dice).toEqual([]);
  });

  it('attributes: 1 point per 8 hours, 2 with proper care; CON only 1 (EH-12, EH-31); no more than the damage', () => {
    let c = withAttributeDamage(withAttributeDamage(withAttributeDamage(base, 'str', 5), 'con', 3), 'wis', 1);
    c = { ...c, hp: { ...c.hp, current: c.hp.max } };
    const seven = apply(c, 'rest', { hours: 7 });
    expect(seven.character.attributeDamage).toEqual(c.attributeDamage);
    const night = apply(c, 'rest', { hours: 8 });
    expect([night.character.attributeDamage.str, night.character.attributeDamage.con, night.character.attributeDamage.wis]).toEqual([4, 2, 0]);
    const cared = apply(c, 'rest', { hours: 16, care: true });
    expect([cared.character.attributeDamage.str, cared.character.attributeDamage.con, cared.character.attributeDamage.wis]).toEqual([1, 1, 0]);
    expect(cared.character.stats.str.current).toBe(10);
    expect(cared.summary).toBe('rested 16 h with care, HP 18 -> 18, STR 6 -> 10, CON 6 -> 8, WIS 10 -> 11');
  });

  it('a dying character must be healed first; a stable one at 0 HP rests (EH-27)', () => {
    const dying = apply(base, 'damage', { amount: 19 }).character;
    expect(refusal(dying, 'rest', {})?.code).toBe('exalted-hack/dying-needs-healing');
    const stable = apply(base, 'damage', { amount: 18 }).character;
    expect(apply(stable, 'rest', { hours: 1 }, scriptedRandom([5])).character.hp.current).toBe(5);
  });

  it('hours at the limit and one past', () => {
    expect(changeOdds(hurt, { change: 'rest', params: { hours: MAX_REST_HOURS } }).ok).toBe(true);
    expect(refusal(hurt, 'rest', { hours: MAX_REST_HOURS + 1 })).toMatchObject({ code: 'param/out-of-range', path: '$.hours' });
    expect(refusal(hurt, 'rest', { hours: 0 })).toMatchObject({ code: 'param/out-of-range', path: '$.hours' });
  });

  it('odds against every sequence of faces: two hours of d8 from 13/18', () => {
    const near = apply(base, 'damage', { amount: 5 }).character;
    const odds = changeOdds(near, { change: 'rest', params: { hours: 2 } });
    if (!odds.ok) throw new Error(odds.error.message);
    const seen = new Map<number, number>();
    const outcomes = new Map<string, number>();
    for (let a = 1; a <= 8; a++) {
      for (let b = 1; b <= 8; b++) {
        const faces = near.hp.current + a >= near.hp.max ? [a] : [a, b];
        const r = apply(near, 'rest', { hours: 2 }, scriptedRandom(faces));
        // Each pair of faces weighs 1/64; a first die that fills HP leaves the second unthrown (its 8 pairs weigh 1/8).
        const weight = 1 / 64;
        seen.set(r.character.hp.current, (seen.get(r.character.hp.current) ?? 0) + weight);
        outcomes.set(r.outcome!, (outcomes.get(r.outcome!) ?? 0) + weight);
      }
    }
    for (const v of odds.value.values!) expect(seen.get(v.value) ?? 0, `HP ${v.value}`).toBeCloseTo(v.p, 12);
    for (const o of odds.value.outcomes) expect(outcomes.get(o.outcome) ?? 0, o.outcome).toBeCloseTo(o.p, 12);
  });
});

describe('a turn of dying (Damage and Dying; EH-11)', () => {
  const dying = apply(base, 'damage', { amount: 21 }).character; // CON 6

  it('1 CON a turn by default; a d4 under the other reading', () => {
    const one = apply(dying, 'dying', {});
    expect(one.character.stats.con.current).toBe(5);
    expect(one.dice).toEqual([]);
    expect(one.outcome).toBe('still-dying');
    const d4 = apply(dying, 'dying', { 'dying-rule': 'd4-per-turn' }, scriptedRandom([3]));
    expect(d4.character.stats.con.current).toBe(3);
    expect(d4.dice).toEqual([{ sides: 4, face: 3, isKept: true, role: 'dying' }]);
  });

  it('only a dying character bleeds', () => {
    expect(refusal(base, 'dying', {})?.code).toBe('exalted-hack/not-dying');
    expect(refusal(apply(base, 'damage', { amount: 18 }).character, 'dying', {})?.code).toBe('exalted-hack/not-dying');
  });

  it('odds against every face: CON 2 on a d4 dies half the time', () => {
    const low = apply(dying, 'damage', { amount: 4 }).character; // CON 2
    const odds = changeOdds(low, { change: 'dying', params: { 'dying-rule': 'd4-per-turn' } });
    if (!odds.ok) throw new Error(odds.error.message);
    expect(odds.value.outcomes.map((o) => [o.outcome, o.p])).toEqual([['still-dying', 0.25], ['dead', 0.75]]);
    for (let face = 1; face <= 4; face++) {
      const r = apply(low, 'dying', { 'dying-rule': 'd4-per-turn' }, scriptedRandom([face]));
      expect(odds.value.values!.find((v) => v.value === r.character.stats.con.current)?.p).toBeGreaterThan(0);
      expect(r.outcome).toBe(face === 1 ? 'still-dying' : 'dead');
    }
    expect(changeOdds(low, { change: 'dying', params: {} })).toMatchObject({ ok: true, value: { outcomes: [{ outcome: 'still-dying', p: 1 }, { outcome: 'dead', p: 0 }] } });
  });
});
