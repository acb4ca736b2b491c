// Hit points, lethal damage, dying and recovery (Constitution; Damage and Dying; Recovery).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scriptedRandom, seededRandom } from '../../dice/random.js';
import {
  MAX_DAMAGE_AMOUNT,
  MAX_HP,
  applyDamage,
  attributePointsRecovered,
  conditionOf,
  heal,
  maxHitPoints,
  rollDyingTurn,
  rollHitDieRecovery,
  type DamageReport,
  type Vitality,
} from './hit-points.js';

const get = <T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('hit points (Constitution)', () => {
  it('HP = CON + the Hit Die maximum + level', () => {
    expect(maxHitPoints(12, 8, 1)).toBe(21);
    expect(maxHitPoints(18, 12, 20)).toBe(50);
    expect(() => maxHitPoints(0, 8, 1)).toThrow(RangeError);
    expect(() => maxHitPoints(12, 8, 21)).toThrow(RangeError);
  });

  it('damage comes off HP; past 0 it is lethal and comes off CON (a scenario: 3 HP, hit for 5)', () => {
    const r = get(applyDamage({ hp: 3, maxHp: 21, con: 12 }, 5, false));
    expect(r.after).toEqual({ hp: 0, maxHp: 21, con: 10 });
    expect(r.lethal).toBe(2);
    expect(r.condition).toBe('dying');
  });

  it('exactly 0 HP is incapacitated and stable; CON 0 is dead', () => {
    expect(get(applyDamage({ hp: 5, maxHp: 21, con: 12 }, 5, false)).condition).toBe('incapacitated');
    expect(get(applyDamage({ hp: 0, maxHp: 21, con: 3 }, 9, true)).condition).toBe('dead');
    expect(conditionOf({ hp: 4, maxHp: 21, con: 12 }, false)).toBe('standing');
  });

  it('healing restores HP up to the maximum, never CON; the dead are not healed', () => {
    expect(get(heal({ hp: 0, maxHp: 21, con: 8 }, 30))).toEqual({ hp: 21, maxHp: 21, con: 8 });
    expect(heal({ hp: 0, maxHp: 21, con: 0 }, 3).ok).toBe(false);
  });

  it('dying loses 1 CON a turn, or 1d4 under the other reading (EH-11)', () => {
    const v: Vitality = { hp: 0, maxHp: 21, con: 5 };
    expect(get(rollDyingTurn(scriptedRandom([]), v, 'one-per-turn')).after.con).toBe(4);
    expect(get(rollDyingTurn(scriptedRandom([3]), v, 'd4-per-turn')).after.con).toBe(2);
    expect(get(rollDyingTurn(scriptedRandom([4]), { ...v, con: 2 }, 'd4-per-turn')).condition).toBe('dead');
    expect(rollDyingTurn(scriptedRandom([]), { ...v, hp: 3 }, 'one-per-turn').ok).toBe(false);
  });

  it('an hour of rest heals one Hit Die', () => {
    expect(get(rollHitDieRecovery(scriptedRandom([6]), { hp: 10, maxHp: 21, con: 12 }, 8))).toEqual({ face: 6, after: { hp: 16, maxHp: 21, con: 12 } });
    expect(rollHitDieRecovery(scriptedRandom([6]), { hp: 10, maxHp: 21, con: 12 }, 20).ok).toBe(false);
  });

  it('attribute points: 1 per 8 hours, 2 with care; CON only 1 per long rest (EH-12)', () => {
    expect(attributePointsRecovered('str', 7, false)).toBe(0);
    expect(attributePointsRecovered('str', 8, false)).toBe(1);
    expect(attributePointsRecovered('str', 16, true)).toBe(4);
    expect(attributePointsRecovered('con', 16, true)).toBe(2);
  });

  it('amounts at the limit and one past; HP above the maximum is a problem', () => {
    expect(applyDamage({ hp: 10, maxHp: 21, con: 12 }, MAX_DAMAGE_AMOUNT, false).ok).toBe(true);
    const past = applyDamage({ hp: 10, maxHp: 21, con: 12 }, MAX_DAMAGE_AMOUNT + 1, false);
    expect(past.ok ? null : past.error.code).toBe('exalted-hack/bad-amount');
    expect(heal({ hp: 1, maxHp: MAX_HP, con: 12 }, 1).ok).toBe(true);
    const tooBig = heal({ hp: 1, maxHp: MAX_HP + 1, con: 12 }, 1);
    expect(tooBig.ok ? null : tooBig.error.code).toBe('exalted-hack/bad-max-hp');
    const over = heal({ hp: 22, maxHp: 21, con: 12 }, 1);
    expect(over.ok ? null : over.error).toMatchObject({ code: 'exalted-hack/hp-above-max', path: '$.hp' });
  });

  it('property: HP never exceeds the maximum and CON never rises, whatever happens', () => {
    const event = fc.oneof(
      fc.record({ kind: fc.constant('damage' as const), n: fc.integer({ min: 0, max: 30 }) }),
      fc.record({ kind: fc.constant('heal' as const), n: fc.integer({ min: 0, max: 30 }) }),
      fc.record({ kind: fc.constant('rest' as const), n: fc.constantFrom(4, 6, 8, 10, 12) }),
      fc.record({ kind: fc.constant('dying' as const), n: fc.constant(0) }),
    );
    fc.assert(fc.property(fc.integer({ min: 3, max: 18 }), fc.integer({ min: 0, max: 0xffffffff }), fc.array(event, { maxLength: 30 }), (con, seed, events) => {
      const rng = seededRandom(seed);
      let v: Vitality = { hp: maxHitPoints(con, 8, 1), maxHp: maxHitPoints(con, 8, 1), con };
      let lethal = false;
      for (const e of events) {
        const before = v;
        if (e.kind === 'damage') {
          const r: DamageReport = get(applyDamage(v, e.n, lethal));
          lethal = lethal || r.lethal > 0;
          v = r.after;
        } else if (e.kind === 'heal' && v.con > 0) v = get(heal(v, e.n));
        else if (e.kind === 'rest' && v.con > 0) v = get(rollHitDieRecovery(rng, v, e.n)).after;
        else if (e.kind === 'dying' && conditionOf(v, lethal) === 'dying') v = get(rollDyingTurn(rng, v, 'd4-per-turn')).after;
        if (v.hp > v.maxHp || v.hp < 0 || v.con > before.con || v.con < 0) return false;
      }
      return true;
    }), { numRuns: 500 });
  });
});
