// Damage, healing, rests and dying as changes (Die by the Sword; Shields Shall Be Splintered; Dying,
// Dying, Dead; Good for What Ails You; Second Breakfast; rulings BB-22 .. BB-24, BB-28, BB-29, BB-32, BB-34).
import { describe, expect, it } from 'vitest';
import { apply, refused, sheet } from '../../../test/bare-bones-play.js';
import { MAX_DAMAGE, MAX_RATIONS_PER_REST } from './blood-and-sweat.js';
import { armourClassOf, statusOf } from './character.js';
import { MAX_CAUSE_LENGTH } from './play-kit.js';

// A level 3 human fighter: 10 Blood, Sweat 8 of 14, in medium armour with a shield.
const fighter = sheet({ race: 'human', class: 'fighter' }, { level: 3, xp: 7, points: { pool: 'tactic', current: 3 }, sweat: { current: 8, max: 14 }, armour: 'medium', hasShield: true });

describe('damage (Die by the Sword)', () => {
  it('takes Sweat first, then Blood', () => {
    const r = apply(fighter, 'damage', { amount: 11, cause: 'Orc axe' });
    expect([r.character.sweat.current, r.character.blood.current, r.outcome]).toEqual([0, 7, 'blood']);
    expect(r.summary).toBe('Orc axe: 11 damage, Sweat 8 -> 0, Blood 10 -> 7');
    expect(apply(fighter, 'damage', { amount: 3 }).outcome).toBe('sweat');
  });

  it('a critical hit, a crossbow, a Grab and an ambush bypass Sweat (Critical Hits; Weapons; Maneuvers; Initiative)', () => {
    for (const why of ['critical-hit', 'crossbow', 'grab', 'ambush']) {
      const r = apply(fighter, 'damage', { amount: 4, 'straight-to-blood': why });
      expect([r.character.sweat.current, r.character.blood.current], why).toEqual([8, 6]);
    }
  });

  it('at 0 Blood all Sweat is lost; Blood stops at 0 (Dying, Dying, Dead)', () => {
    // A critical hit of 12 leaves Sweat alone, but 0 Blood takes the 8 Sweat with it.
    const r = apply(fighter, 'damage', { amount: 12, 'straight-to-blood': 'critical-hit' });
    expect([r.character.sweat.current, r.character.blood.current, statusOf(r.character), r.outcome]).toEqual([0, 0, 'down', 'down']);
  });

  it('at 0 Blood an attack is a coup de grâce; other harm makes the character unstable, a Hit Die of rounds (ruling BB-23)', () => {
    const down = apply(fighter, 'damage', { amount: 30 }).character;
    const dead = apply(down, 'damage', { amount: 1 });
    expect([statusOf(dead.character), dead.outcome]).toEqual(['dead', 'dead']);
    const unstable = apply(down, 'damage', { amount: 1, source: 'incidental' }, [6]);
    expect([statusOf(unstable.character), unstable.character.roundsLeft, unstable.outcome]).toEqual(['unstable', 6, 'unstable']);
    expect(unstable.dice).toEqual([{ sides: 10, face: 6, isKept: true, role: 'rounds left' }]);
    // Already unstable: no new count.
    expect(apply(unstable.character, 'damage', { amount: 2, source: 'incidental' }).character.roundsLeft).toBe(6);
    refused(dead.character, 'damage', { amount: 1 }, 'bare-bones/already-dead', '$.isDead');
  });

  it('a splintered shield soaks the whole blow; notches past the new floor of 8 go with it (Shields Shall Be Splintered; ruling BB-32)', () => {
    const notched = sheet({ race: 'human', class: 'fighter' }, { armour: 'light', hasShield: true, armourNotches: 4 });
    expect(armourClassOf(notched)).toBe(8);
    const r = apply(notched, 'damage', { amount: 9, 'splinter-shield': true });
    expect([r.character.blood.current, r.character.hasShield, r.character.armourNotches, armourClassOf(r.character), r.outcome]).toEqual([10, false, 2, 8, 'no-damage']);
    refused(r.character, 'damage', { amount: 9, 'splinter-shield': true }, 'bare-bones/no-shield', '$.splinter-shield');
  });

  it('limits: damage up to MAX_DAMAGE, a cause up to MAX_CAUSE_LENGTH', () => {
    expect(statusOf(apply(fighter, 'damage', { amount: MAX_DAMAGE }).character)).toBe('down');
    refused(fighter, 'damage', { amount: MAX_DAMAGE + 1 }, 'param/out-of-range', '$.amount');
    refused(fighter, 'damage', { amount: -1 }, 'param/out-of-range', '$.amount');
    expect(apply(fighter, 'damage', { amount: 1, cause: 'c'.repeat(MAX_CAUSE_LENGTH) }).summary.startsWith('c'.repeat(MAX_CAUSE_LENGTH))).toBe(true);
    refused(fighter, 'damage', { amount: 1, cause: 'c'.repeat(MAX_CAUSE_LENGTH + 1) }, 'param/too-long', '$.cause');
  });
});

describe('heal (Good for What Ails You; Lay on Hands)', () => {
  const hurt = apply(fighter, 'damage', { amount: 12 }).character; // Sweat 0, Blood 6

  it('Blood first, then Sweat; an amount, or the Hit Die rolled', () => {
    const r = apply(hurt, 'heal', { amount: 6 });
    expect([r.character.blood.current, r.character.sweat.current, r.outcome, r.dice]).toEqual([10, 2, 'blood-full', []]);
    const rolled = apply(hurt, 'heal', { cause: 'Lay on Hands' }, [3]);
    expect([rolled.character.blood.current, rolled.character.sweat.current, rolled.outcome]).toEqual([9, 0, 'hurt']);
    expect(rolled.summary).toBe('Lay on Hands: healed 3, Blood 6 -> 9');
    expect(apply(hurt, 'heal', { amount: 30 }).outcome).toBe('full');
  });

  it('healing from 0 Blood stands a dying character up and stabilises them; the dead are not healed', () => {
    const dying = apply(apply(fighter, 'damage', { amount: 30 }).character, 'damage', { amount: 1, source: 'incidental' }, [4]).character;
    const r = apply(dying, 'heal', { amount: 1 });
    expect([statusOf(r.character), r.character.roundsLeft, r.character.blood.current]).toEqual(['standing', null, 1]);
    const dead = apply(dying, 'damage', { amount: 1 }).character;
    refused(dead, 'heal', { amount: 1 }, 'bare-bones/already-dead', '$.isDead');
    refused(hurt, 'heal', { amount: 0 }, 'param/out-of-range', '$.amount');
  });
});

describe('rest (Good for What Ails You; Second Breakfast; rulings BB-24, BB-28, BB-34)', () => {
  const hurt = apply(fighter, 'damage', { amount: 12 }).character; // Sweat 0/14, Blood 6/10

  it('a short rest heals a Hit Die, once a day; a long rest starts the next day', () => {
    const r = apply(hurt, 'rest', { kind: 'short' }, [7]);
    expect([r.character.blood.current, r.character.sweat.current, r.character.hasShortRestedToday, r.outcome]).toEqual([10, 3, true, 'blood-full']);
    refused(r.character, 'rest', { kind: 'short' }, 'bare-bones/short-rest-used', '$.kind');
    const night = apply(r.character, 'rest', { kind: 'long' });
    expect([night.character.sweat.current, night.character.hasShortRestedToday]).toEqual([14, false]);
  });

  it('a short rest needs a ration; only a halfling eats more, each a Hit Die (Second Breakfast)', () => {
    refused(hurt, 'rest', { kind: 'short', rations: 0 }, 'bare-bones/rest-needs-ration', '$.rations');
    refused(hurt, 'rest', { kind: 'short', rations: 2 }, 'bare-bones/one-ration', '$.rations');
    const halfling = sheet({ race: 'halfling', class: 'specialist' }, { level: 3, xp: 7, points: { pool: 'luck', current: 3 }, blood: { current: 1, max: 6 }, sweat: { current: 0, max: 12 } });
    const r = apply(halfling, 'rest', { kind: 'short', rations: 3 }, [2, 6, 5]);
    expect([r.character.blood.current, r.character.sweat.current]).toEqual([6, 8]);
    expect(r.dice.map((d) => d.face)).toEqual([2, 6, 5]);
    expect(apply(halfling, 'rest', { kind: 'short', rations: MAX_RATIONS_PER_REST }, Array.from({ length: MAX_RATIONS_PER_REST }, () => 1)).character.sweat.current).toBe(12);
    refused(halfling, 'rest', { kind: 'short', rations: MAX_RATIONS_PER_REST + 1 }, 'param/out-of-range', '$.rations');
  });

  it('a long rest: hurt Blood heals fully and a Hit Die of Sweat returns; with Blood full, all Sweat returns', () => {
    const r = apply(hurt, 'rest', { kind: 'long' }, [4]);
    expect([r.character.blood.current, r.character.sweat.current, r.outcome]).toEqual([10, 4, 'blood-full']);
    const full = apply(r.character, 'rest', { kind: 'long' });
    expect([full.character.sweat.current, full.outcome, full.dice]).toEqual([14, 'full', []]);
  });

  it('without a ration, or with neither fire nor bedroll, nothing heals, but the day turns and the pools refill (ruling BB-34)', () => {
    const spent = { ...hurt, points: { pool: 'tactic' as const, current: 0 }, hasShortRestedToday: true };
    for (const params of [{ kind: 'long', rations: 0 }, { kind: 'long', 'fire-or-bedroll': false }]) {
      const r = apply(spent, 'rest', params);
      expect([r.character.blood.current, r.character.sweat.current, r.character.points.current, r.character.hasShortRestedToday]).toEqual([6, 0, 3, false]);
    }
    refused(hurt, 'rest', { kind: 'long', rations: 2 }, 'bare-bones/one-ration', '$.rations');
    refused(hurt, 'rest', {}, 'param/missing', '$.kind');
  });

  it('a long rest refills faith, tactic and luck points and mana to the level, never lowering a grant (ruling BB-28)', () => {
    const granted = { ...fighter, points: { pool: 'tactic' as const, current: 5 } };
    expect(apply(granted, 'rest', { kind: 'long' }).character.points.current).toBe(5);
    expect(apply({ ...fighter, points: { pool: 'tactic', current: 1 } }, 'rest', { kind: 'long' }).character.points.current).toBe(3);
  });

  it('no rest for the dying or the dead; a character down at 0 Blood may rest', () => {
    const down = apply(fighter, 'damage', { amount: 30 }).character;
    expect(statusOf(apply(down, 'rest', { kind: 'short' }, [2]).character)).toBe('standing');
    const dying = apply(down, 'damage', { amount: 1, source: 'incidental' }, [3]).character;
    refused(dying, 'rest', { kind: 'long' }, 'bare-bones/dying-cannot-rest', '$.roundsLeft');
    refused(apply(dying, 'damage', { amount: 1 }).character, 'rest', { kind: 'short' }, 'bare-bones/already-dead', '$.isDead');
  });
});

describe('dying (Dying, Dying, Dead; ruling BB-29)', () => {
  const down = apply(fighter, 'damage', { amount: 30 }).character;
  const dying = apply(down, 'damage', { amount: 1, source: 'incidental' }, [2]).character;

  it('a taxing action: a CON save; a failure leaves the character unstable with a Hit Die of rounds', () => {
    const con = down.stats.con.score;
    const pass = apply(down, 'taxing-action', {}, [1]);
    expect([statusOf(pass.character), pass.outcome]).toEqual(['down', 'passed']);
    const fail = apply(down, 'taxing-action', {}, [20, 5]);
    expect([statusOf(fail.character), fail.character.roundsLeft, fail.outcome]).toEqual(['unstable', 5, 'unstable']);
    expect(fail.explanation[0]).toBe(`CON ${con}`);
    refused(fighter, 'taxing-action', {}, 'bare-bones/not-down', '$.blood.current');
    refused(dying, 'taxing-action', {}, 'bare-bones/not-down', '$.blood.current');
  });

  it('stabilising: an INT check, disadvantage with improvised tools; success leaves the character down and stable', () => {
    const ok = apply(dying, 'stabilize', { int: 12 }, [11]);
    expect([statusOf(ok.character), ok.character.roundsLeft, ok.outcome]).toEqual(['down', null, 'stabilized']);
    const fail = apply(dying, 'stabilize', { int: 12 }, [12]);
    expect([statusOf(fail.character), fail.outcome]).toEqual(['unstable', 'still-dying']);
    const improvised = apply(dying, 'stabilize', { int: 12, improvised: true }, [3, 14]);
    expect(improvised.outcome).toBe('still-dying');
    expect(apply(dying, 'stabilize', { int: 12, skill: true }, [13]).outcome).toBe('stabilized');
    refused(down, 'stabilize', { int: 12 }, 'bare-bones/not-unstable', '$.roundsLeft');
    refused(dying, 'stabilize', {}, 'param/missing', '$.int');
  });

  it('a round passes: one round fewer, dead at none; nothing for anyone else', () => {
    const one = apply(dying, 'round', {});
    expect([statusOf(one.character), one.character.roundsLeft]).toEqual(['unstable', 1]);
    const gone = apply(one.character, 'round', {});
    expect([statusOf(gone.character), gone.character.roundsLeft, gone.summary]).toEqual(['dead', null, 'A round passes: no rounds left: dead']);
    expect(apply(fighter, 'round', {}).character).toEqual(fighter);
    expect(apply(down, 'round', {}).character).toEqual(down);
  });
});
