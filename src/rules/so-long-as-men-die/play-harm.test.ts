import { describe, expect, it } from 'vitest';
import { scriptedRandom, seededRandom } from '../../dice/random.js';
import { assertOk, assertRefused } from '../../../test/narrow.js';
import type { ParamRecord } from '../rule-system.js';
import { readCharacter, statOf, type CharacterInjury, type SlamdCharacter } from './character.js';
import { rollCharacter } from './create-character.js';
import { BLIND_CONDITION, MAX_DAMAGE_TAKEN } from './play-harm.js';
import { rollChange } from './play.js';

/** An unarmoured character with no traits that matter here: CON 10, two Toughness Dice. */
const base = (): SlamdCharacter => {
  const r = rollCharacter(seededRandom(3), { name: 'Osric', traits: 'pick', 'trait-1': 'princely', 'trait-2': 'talks-to-animals' });
  assertOk(r);
  return { ...r.value, stats: { ...r.value.stats, str: statOf(12), dex: statOf(12), con: statOf(10), cha: statOf(12) }, woundsLeft: 10, toughness: { dice: 2, exhausted: 0 } };
};
const run = (c: SlamdCharacter, change: string, params: ParamRecord, faces: readonly number[] = []) => {
  const r = rollChange(scriptedRandom(faces), c, { change, params });
  assertOk(r, `${change} ${JSON.stringify(params)}`);
  expect(readCharacter(JSON.parse(JSON.stringify(r.value.character))).ok).toBe(true);
  return r.value;
};
const refused = (c: SlamdCharacter, change: string, params: ParamRecord) => {
  const r = rollChange(seededRandom(1), c, { change, params });
  assertRefused(r);
  return r.error;
};
const injury = (mutilationId: string, extra: Partial<CharacterInjury> = {}): CharacterInjury => ({ mutilationId, note: '', ...extra });
const ids = (c: SlamdCharacter) => c.injuries.map((i) => i.mutilationId);

describe('damage: Defense, then Toughness, then the injury (Attacking and Defending; Toughness; Injury)', () => {
  it('Defense comes off the Attack Roll; a Toughness Die that shows 5 or 6 soaks and is exhausted', () => {
    const r = run(base(), 'damage', { amount: 5 }, [5]);
    expect([r.outcome, r.character.toughness, r.character.woundsLeft]).toEqual(['soaked', { dice: 2, exhausted: 1 }, 10]);
    expect(r.dice.map((d) => [d.sides, d.face])).toEqual([[6, 5]]);
  });

  it('readied chain (d8) and a held shield (+2) defend; what is left past two dice injures; a failed save both knocks out and mutilates', () => {
    let c = base();
    c = run(c, 'item-add', { item: 'chain', carry: 'readied' }).character;
    c = run(c, 'item-add', { item: 'shield', carry: 'readied' }).character;
    c = run(c, 'item-move', { item: 2, hands: '1' }).character;
    // d8 shows 4, +2 shield: 6 off 12 = 6 past Defense; Toughness 1 then 3: 2 left; CON save 15 vs 10 fails; 2 is Scarred.
    const r = run(c, 'damage', { amount: 12, source: 'Orc axe', 'mutilation-damage': 'past-toughness' }, [4, 1, 3, 15]);
    expect(r.outcome).toBe('unconscious-and-mutilated');
    expect(r.character.condition).toBe('unconscious');
    expect(ids(r.character)).toEqual(['flesh-wound', 'scarred']);
    expect(r.character.stats.cha).toEqual(statOf(11));
    expect(r.character.woundsLeft).toBe(9);
    expect(r.summary).toMatch(/^Orc axe: 12, 2 past Toughness: .*Wounds 10 -> 9$/);
    expect(r.explanation[0]).toBe('12 against Defense d8 4 + 2 = 6: 6 past Defense');
  });

  it('SL-10: by default the damage dealt (past Defense, before Toughness) picks the mutilation', () => {
    let c = base();
    c = run(c, 'item-add', { item: 'chain', carry: 'readied' }).character;
    // d8 shows 4: 8 off 12 dealt; Toughness 1 then 3 leaves 4; CON save 15 vs 10 fails; the 8 dealt is Doomed (d4 rounds: 2).
    const r = run(c, 'damage', { amount: 12, source: 'Orc axe' }, [4, 1, 3, 15, 2]);
    expect(r.outcome).toBe('unconscious-and-mutilated');
    expect(ids(r.character)).toEqual(['flesh-wound', 'doomed']);
  });

  it('a made save: unconscious with a Flesh Wound by default, or mutilated and standing by choice; each is one Wound', () => {
    const out = run(base(), 'damage', { amount: 4, 'toughness-dice': 0 }, [10]);
    expect([out.outcome, out.character.condition, ids(out.character), out.character.woundsLeft]).toEqual(['unconscious', 'unconscious', ['flesh-wound'], 9]);
    // 4 is Bleeding Out: a d4 of rounds, kept as the countdown.
    const up = run(base(), 'damage', { amount: 4, 'toughness-dice': 0, choice: 'mutilated' }, [10, 3]);
    expect([up.outcome, up.character.condition, up.character.woundsLeft]).toEqual(['mutilated', 'standing', 9]);
    expect(up.character.injuries[0]).toMatchObject({ mutilationId: 'bleeding-out', countdown: { value: 3, unit: 'rounds' } });
  });

  it('a severed head kills; a severed arm is kept with its place; a Gut Wound counts days', () => {
    const head = run(base(), 'damage', { amount: 6, defend: false, 'toughness-dice': 0, choice: 'mutilated' }, [1, 2]);
    expect([head.outcome, head.character.condition]).toEqual(['dead', 'dead']);
    const arm = run(base(), 'damage', { amount: 6, defend: false, 'toughness-dice': 0, choice: 'mutilated' }, [1, 4]);
    expect([arm.outcome, arm.character.injuries[0]]).toEqual(['mutilated', expect.objectContaining({ mutilationId: 'severed', location: 'arm' })]);
    const gut = run(base(), 'damage', { amount: 5, defend: false, 'toughness-dice': 0 }, [20, 6]);
    expect(gut.character.injuries[1]).toMatchObject({ mutilationId: 'gut-wound', countdown: { value: 6, unit: 'days' } });
  });

  it('"your CON Score is how many Wounds it takes to kill you": the last Wound kills, even a Flesh Wound', () => {
    const r = run({ ...base(), woundsLeft: 1 }, 'damage', { amount: 1, defend: false, 'toughness-dice': 0 }, [1]);
    expect([r.outcome, r.character.condition, r.character.woundsLeft]).toEqual(['dead', 'dead', 0]);
    expect(r.explanation).toContain("One Wound: 1 -> 0 left: the CON Score's last Wound kills");
  });

  it('a nonlethal blow knocks out with a Flesh Wound and takes no Wound (SL-12)', () => {
    const r = run(base(), 'damage', { amount: 3, nonlethal: true, 'toughness-dice': 0 });
    expect([r.outcome, r.character.condition, ids(r.character), r.character.woundsLeft]).toEqual(['knocked-out', 'unconscious', ['flesh-wound'], 10]);
  });

  it('losing a second eye blinds: the condition is added once', () => {
    const c = { ...base(), injuries: [injury('maimed', { location: 'head' })] };
    const r = run(c, 'damage', { amount: 3, defend: false, 'toughness-dice': 0, choice: 'mutilated' }, [5, 2]);
    expect(r.character.conditions).toEqual([BLIND_CONDITION]);
    expect(r.explanation.some((l) => /blind/.test(l))).toBe(true);
  });

  it('no Toughness while encumbered or unconscious; no more dice than are fresh', () => {
    const heavy = { ...base(), inventory: [{ kind: 'gear' as const, itemId: 'anvil', label: 'Anvil', slots: { numerator: 13, denominator: 1 }, count: 1, carry: 'stowed' as const, hands: [] }] };
    expect(refused(heavy, 'damage', { amount: 3, 'toughness-dice': 1 })).toMatchObject({ code: 'so-long-as-men-die/toughness-offered', path: '$.toughness-dice' });
    const r = run(heavy, 'damage', { amount: 3 }, [20, 3]);
    expect(r.dice.every((d) => d.role !== 'Toughness Die')).toBe(true);
    expect(r.explanation[1]).toMatch(/encumbered/);
    expect(refused({ ...base(), condition: 'unconscious' }, 'damage', { amount: 3, 'toughness-dice': 1 }).path).toBe('$.toughness-dice');
    expect(refused({ ...base(), toughness: { dice: 2, exhausted: 1 } }, 'damage', { amount: 3, 'toughness-dice': 2 }).path).toBe('$.toughness-dice');
  });

  it('refusals: the dead, a bonus without Defense, a bonus past the limit, the largest amount', () => {
    expect(refused({ ...base(), condition: 'dead' }, 'damage', { amount: 3 })).toMatchObject({ code: 'so-long-as-men-die/already-dead' });
    expect(refused(base(), 'damage', { amount: 3, defend: false, 'defense-bonus': 2 })).toMatchObject({ code: 'so-long-as-men-die/bonus-without-defense', path: '$.defense-bonus' });
    expect(refused(base(), 'damage', { amount: 3, defend: false, 'ignores-shields': true }).path).toBe('$.ignores-shields');
    const shielded = { ...base(), inventory: [{ kind: 'shield' as const, itemId: 'shield', label: 'Shield', slots: { numerator: 1, denominator: 1 }, count: 1, carry: 'readied' as const, hands: [0] }] };
    expect(run(shielded, 'damage', { amount: 3, 'defense-bonus': 8 }, []).outcome).toBe('no-damage');
    expect(refused(shielded, 'damage', { amount: 3, 'defense-bonus': 9 })).toMatchObject({ code: 'so-long-as-men-die/defense-bonus-too-big', path: '$.defense-bonus' });
    expect(run(base(), 'damage', { amount: MAX_DAMAGE_TAKEN, defend: false, 'toughness-dice': 0 }, [1]).outcome).toBe('unconscious');
    expect(run(base(), 'damage', { amount: MAX_DAMAGE_TAKEN, defend: false, 'toughness-dice': 0, choice: 'mutilated' }, [1]).outcome).toBe('dead');
    expect(refused(base(), 'damage', { amount: MAX_DAMAGE_TAKEN + 1 })).toMatchObject({ code: 'param/out-of-range', path: '$.amount' });
  });

  it('a boomerang ignores the shield', () => {
    const shielded = { ...base(), inventory: [{ kind: 'shield' as const, itemId: 'shield', label: 'Shield', slots: { numerator: 1, denominator: 1 }, count: 1, carry: 'readied' as const, hands: [0] }] };
    expect(run(shielded, 'damage', { amount: 2, 'toughness-dice': 0 }).outcome).toBe('no-damage');
    expect(run(shielded, 'damage', { amount: 2, 'toughness-dice': 0, 'ignores-shields': true }, [1]).outcome).toBe('unconscious');
  });
});

describe('left for dead (Injury: the second save)', () => {
  const out = (): SlamdCharacter => ({ ...base(), condition: 'unconscious' });
  it('made: wakes after 2d12 hours; failed: dead', () => {
    const woke = run(out(), 'left-for-dead', {}, [10, 5, 7]);
    expect([woke.outcome, woke.character.condition, woke.summary]).toEqual(['wakes', 'standing', 'Left for dead: CON save 10 vs 10 made; wakes after 12 hours']);
    const died = run(out(), 'left-for-dead', { 'save-modifier': -1 }, [10]);
    expect([died.outcome, died.character.condition]).toEqual(['dies', 'dead']);
  });
  it('only the unconscious', () => {
    expect(refused(base(), 'left-for-dead', {})).toMatchObject({ code: 'so-long-as-men-die/not-unconscious' });
  });
});

describe('medical attention (Injury; Mutilation, Flesh Wound and Bleeding Out)', () => {
  it('rescues the unconscious, stitches Flesh Wounds, stops the bleeding; leaves the rest to Healing', () => {
    const c = { ...base(), condition: 'unconscious' as const, injuries: [injury('flesh-wound'), injury('maimed', { location: 'arm' }), injury('bleeding-out', { countdown: { value: 2, unit: 'rounds' } })] };
    const r = run(c, 'rescue', {});
    expect([r.character.condition, ids(r.character)]).toEqual(['standing', ['maimed']]);
  });
  it('refuses when there is nothing to tend, and the dead', () => {
    expect(refused({ ...base(), injuries: [injury('agony')] }, 'rescue', {})).toMatchObject({ code: 'so-long-as-men-die/nothing-to-rescue' });
    expect(refused({ ...base(), condition: 'dead' }, 'rescue', {})).toMatchObject({ code: 'so-long-as-men-die/already-dead' });
  });
});

describe('Healing (Mutilation: "until you\'re Healed"; SL-27)', () => {
  it('ends Agony, so Toughness can come back with a rest', () => {
    const c = { ...base(), toughness: { dice: 2, exhausted: 2 }, injuries: [injury('agony')] };
    expect(refused(c, 'rest', { hot: true, meat: true })).toMatchObject({ code: 'so-long-as-men-die/agony' });
    const healed = run(c, 'heal', { injury: 1 }).character;
    expect(run(healed, 'rest', { hot: true, meat: true }).character.toughness).toEqual({ dice: 2, exhausted: 0 });
  });
  it('closes Wounds, never past the CON Score', () => {
    const c = { ...base(), woundsLeft: 7 };
    expect(run(c, 'heal', { wounds: 3 }).character.woundsLeft).toBe(10);
    expect(refused(c, 'heal', { wounds: 4 })).toMatchObject({ code: 'so-long-as-men-die/too-many-wounds', path: '$.wounds' });
  });
  it('refuses what is for good, what is not there, and nothing at all', () => {
    const c = { ...base(), injuries: [injury('scarred'), injury('maimed', { location: 'head' }), injury('maimed', { location: 'leg' }), injury('severed', { location: 'arm' })] };
    expect(refused(c, 'heal', { injury: 1 })).toMatchObject({ code: 'so-long-as-men-die/permanent-injury', path: '$.injury' });
    expect(refused(c, 'heal', { injury: 2 }).code).toBe('so-long-as-men-die/permanent-injury');
    expect(ids(run(c, 'heal', { injury: 3 }).character)).toEqual(['scarred', 'maimed', 'severed']);
    expect(refused(c, 'heal', { injury: 4 }).code).toBe('so-long-as-men-die/permanent-injury');
    expect(refused(c, 'heal', { injury: 5 })).toMatchObject({ code: 'so-long-as-men-die/no-such-injury', path: '$.injury' });
    expect(refused(c, 'heal', {})).toMatchObject({ code: 'so-long-as-men-die/nothing-to-heal', path: '$.injury' });
  });
});

describe('set-condition: the Smith\'s word (countdowns, waking, resurrection; SL-27)', () => {
  it('a countdown runs out; the dead are raised while Wounds are left', () => {
    const dead = run(base(), 'set-condition', { condition: 'dead', cause: 'Bled out' }).character;
    expect(dead.condition).toBe('dead');
    expect(run(dead, 'set-condition', { condition: 'standing', cause: 'Raised at the shrine' }).character.condition).toBe('standing');
  });
  it('refuses the same condition, the Awful dead, and the dead with no Wound left', () => {
    expect(refused(base(), 'set-condition', { condition: 'standing' })).toMatchObject({ code: 'so-long-as-men-die/same-condition', path: '$.condition' });
    expect(refused({ ...base(), condition: 'dead', injuries: [injury('awful')] }, 'set-condition', { condition: 'standing' }).code).toBe('so-long-as-men-die/beyond-resurrection');
    const spent = { ...base(), condition: 'dead' as const, woundsLeft: 0 };
    expect(refused(spent, 'set-condition', { condition: 'unconscious' }).code).toBe('so-long-as-men-die/no-wounds-left');
    expect(run(run(spent, 'heal', { wounds: 1 }).character, 'set-condition', { condition: 'unconscious' }).character.condition).toBe('unconscious');
  });
});
