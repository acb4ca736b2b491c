// Blood and Sweat, dying, healing and rests (Die by the Sword; Dying, Dying, Dead; Good for What Ails You).
import { describe, expect, it } from 'vitest';
import { scriptedRandom } from '../../dice/random.js';
import type { RuleResult } from '../rule-system.js';
import {
  MAX_DAMAGE,
  MAX_RATIONS_PER_REST,
  afterTaxingSave,
  freshVitals,
  heal,
  passUnstableRound,
  rollLongRest,
  rollShortRest,
  rollUnstableRounds,
  stabilize,
  takeHarm,
  type Vitals,
} from './blood-and-sweat.js';

function value<T>(r: RuleResult<T>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

const human = freshVitals(10, 7);

describe('Blood and Sweat', () => {
  it('scenario: a human starts with 10 Blood; damage comes off Sweat first', () => {
    const r = value(takeHarm(human, { amount: 9, isToBlood: false, source: 'attack' }));
    expect([r.fromSweat, r.fromBlood, r.vitals.sweat, r.vitals.blood]).toEqual([7, 2, 0, 8]);
  });

  it('a critical hit (or crossbow, Grab, ambush) goes straight to Blood', () => {
    const r = value(takeHarm(human, { amount: 4, isToBlood: true, source: 'attack' }));
    expect([r.vitals.sweat, r.vitals.blood]).toEqual([7, 6]);
  });

  it('reaching 0 Blood loses all Sweat and stops at 0; then an attack kills, other harm makes unstable', () => {
    const down = value(takeHarm(human, { amount: 12, isToBlood: true, source: 'attack' })).vitals;
    expect([down.blood, down.sweat, down.status]).toEqual([0, 0, 'down']);
    expect(value(takeHarm(down, { amount: 1, isToBlood: false, source: 'attack' })).vitals.status).toBe('dead');
    const unstable = value(takeHarm(down, { amount: 1, isToBlood: false, source: 'incidental' })).vitals;
    expect(unstable.status).toBe('unstable');
    const counting = value(rollUnstableRounds(scriptedRandom([2]), unstable, 10));
    expect(counting.roundsLeft).toBe(2);
    const one = value(passUnstableRound(counting));
    expect([one.status, one.roundsLeft]).toEqual(['unstable', 1]);
    expect(value(passUnstableRound(one)).status).toBe('dead');
    expect(value(stabilize(counting))).toMatchObject({ status: 'down', roundsLeft: null });
    expect(value(afterTaxingSave(down, false)).status).toBe('unstable');
    expect(value(afterTaxingSave(down, true)).status).toBe('down');
  });

  it('a splintered shield soaks the whole blow', () => {
    const r = value(takeHarm(human, { amount: 30, isToBlood: true, source: 'attack', splintersShield: true }));
    expect([r.isShieldSplintered, r.vitals]).toEqual([true, human]);
  });

  it('healing fills Blood first, then Sweat, and stands a dying character up', () => {
    const hurt: Vitals = { ...human, blood: 0, sweat: 0, status: 'unstable', roundsLeft: 3 };
    expect(value(heal(hurt, 12))).toMatchObject({ blood: 10, sweat: 2, status: 'standing', roundsLeft: null });
  });

  it('short rest: one Hit Die, once a day; halflings may eat more rations', () => {
    const hurt: Vitals = { ...freshVitals(6, 4), blood: 2, sweat: 0 };
    expect(value(rollShortRest(scriptedRandom([3]), hurt, { hitDie: 6, rations: 1, isHalfling: true, hasRestedToday: false })).vitals).toMatchObject({ blood: 5, sweat: 0 });
    expect(value(rollShortRest(scriptedRandom([3, 5]), hurt, { hitDie: 6, rations: 2, isHalfling: true, hasRestedToday: false })).vitals).toMatchObject({ blood: 6, sweat: 4 });
    expect(rollShortRest(scriptedRandom([3]), hurt, { hitDie: 6, rations: 1, isHalfling: false, hasRestedToday: true })).toMatchObject({ ok: false, error: { code: 'bare-bones/short-rest-used' } });
    expect(rollShortRest(scriptedRandom([3, 3]), hurt, { hitDie: 6, rations: 2, isHalfling: false, hasRestedToday: false })).toMatchObject({ ok: false, error: { code: 'bare-bones/one-ration' } });
    const many = Array.from({ length: MAX_RATIONS_PER_REST }, () => 1);
    expect(rollShortRest(scriptedRandom(many), hurt, { hitDie: 6, rations: MAX_RATIONS_PER_REST, isHalfling: true, hasRestedToday: false }).ok).toBe(true);
    expect(rollShortRest(scriptedRandom([...many, 1]), hurt, { hitDie: 6, rations: MAX_RATIONS_PER_REST + 1, isHalfling: true, hasRestedToday: false }).ok).toBe(false);
  });

  it('long rest: hurt Blood heals fully plus a Hit Die of Sweat; full Blood gets all Sweat; no ration, nothing', () => {
    const hurt: Vitals = { ...human, blood: 4, sweat: 1 };
    expect(value(rollLongRest(scriptedRandom([5]), hurt, { hitDie: 10, hasRation: true, hasFireOrBedroll: true })).vitals).toMatchObject({ blood: 10, sweat: 6 });
    expect(value(rollLongRest(scriptedRandom([]), { ...human, sweat: 0 }, { hitDie: 10, hasRation: true, hasFireOrBedroll: true })).vitals.sweat).toBe(7);
    expect(value(rollLongRest(scriptedRandom([]), hurt, { hitDie: 10, hasRation: false, hasFireOrBedroll: true })).vitals).toEqual(hurt);
  });

  it('limits: damage at MAX_DAMAGE and one past', () => {
    expect(takeHarm(human, { amount: MAX_DAMAGE, isToBlood: false, source: 'attack' }).ok).toBe(true);
    expect(takeHarm(human, { amount: MAX_DAMAGE + 1, isToBlood: false, source: 'attack' })).toMatchObject({ ok: false, error: { code: 'bare-bones/amount-out-of-range' } });
    expect(heal(human, -1).ok).toBe(false);
  });
});
