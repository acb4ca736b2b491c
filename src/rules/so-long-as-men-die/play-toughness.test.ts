import { describe, expect, it } from 'vitest';
import { scriptedRandom, seededRandom } from '../../dice/random.js';
import { assertOk, assertRefused } from '../../../test/narrow.js';
import type { ParamRecord } from '../rule-system.js';
import type { SlamdCharacter } from './character.js';
import { rollCharacter } from './create-character.js';
import { rollChange } from './play.js';
import { MAX_SLEEP_HOURS, MAX_TOUGHNESS_DICE, MIN_SLEEP_HOURS } from './toughness.js';

const withTraits = (a: string, b: string, dice = 3, exhausted = 0): SlamdCharacter => {
  const r = rollCharacter(seededRandom(8), { traits: 'pick', 'trait-1': a, 'trait-2': b });
  assertOk(r);
  return { ...r.value, toughness: { dice, exhausted } };
};
const plain = (dice = 3, exhausted = 0) => withTraits('princely', 'telepath', dice, exhausted);
const run = (c: SlamdCharacter, change: string, params: ParamRecord, faces: readonly number[] = []) => {
  const r = rollChange(scriptedRandom(faces), c, { change, params });
  assertOk(r, `${change} ${JSON.stringify(params)}`);
  return r.value;
};
const refused = (c: SlamdCharacter, change: string, params: ParamRecord) => {
  const r = rollChange(seededRandom(1), c, { change, params });
  assertRefused(r);
  return r.error;
};
const encumber = (c: SlamdCharacter): SlamdCharacter => ({
  ...c, inventory: [{ kind: 'gear', itemId: 'anvil', label: 'Anvil', slots: { numerator: 20, denominator: 1 }, count: 1, carry: 'stowed', hands: [] }],
});

describe('toughness-roll: any roll of Toughness Dice exhausts the 5s and 6s (Toughness)', () => {
  it('rolls the dice asked for; the outcome counts the exhausted ones', () => {
    const r = run(plain(), 'toughness-roll', { dice: 3, reason: 'Wings' }, [6, 2, 5]);
    expect([r.outcome, r.character.toughness]).toEqual(['exhausted-2', { dice: 3, exhausted: 2 }]);
    expect(r.summary).toBe('Toughness Dice (Wings): 6, 2, 5 (sum 13), 2 exhausted');
  });
  it('Sickly exhausts on 4 as well; Artful Dodger not on 5 while unarmoured', () => {
    expect(run(withTraits('sickly', 'princely'), 'toughness-roll', { dice: 1 }, [4]).outcome).toBe('exhausted-1');
    expect(run(withTraits('artful-dodger', 'princely'), 'toughness-roll', { dice: 1 }, [5]).outcome).toBe('exhausted-0');
  });
  it('refuses more dice than are fresh, the encumbered and the dead', () => {
    expect(refused(plain(3, 2), 'toughness-roll', { dice: 2 })).toMatchObject({ code: 'so-long-as-men-die/toughness-exhausted', path: '$.dice' });
    expect(refused(encumber(plain()), 'toughness-roll', { dice: 1 })).toMatchObject({ code: 'so-long-as-men-die/encumbered' });
    expect(refused({ ...plain(), condition: 'dead' }, 'toughness-roll', { dice: 1 })).toMatchObject({ code: 'so-long-as-men-die/already-dead' });
  });
  it(`dice 1 to ${MAX_TOUGHNESS_DICE}`, () => {
    expect(run(plain(MAX_TOUGHNESS_DICE), 'toughness-roll', { dice: MAX_TOUGHNESS_DICE }, Array<number>(MAX_TOUGHNESS_DICE).fill(1)).outcome).toBe('exhausted-0');
    expect(refused(plain(), 'toughness-roll', { dice: MAX_TOUGHNESS_DICE + 1 }).code).toBe('param/out-of-range');
    expect(refused(plain(), 'toughness-roll', { dice: 0 }).code).toBe('param/out-of-range');
  });
});

describe('toughness-spend: a cost in Toughness Dice, no roll (Traits: Boon Companion, Trick Magic Item)', () => {
  it('exhausts that many fresh dice', () => {
    expect(run(plain(), 'toughness-spend', { dice: 2 }).character.toughness).toEqual({ dice: 3, exhausted: 2 });
    expect(refused(plain(3, 3), 'toughness-spend', { dice: 1 }).path).toBe('$.dice');
    expect(refused(encumber(plain()), 'toughness-spend', { dice: 1 }).code).toBe('so-long-as-men-die/encumbered');
  });
});

describe('rest: a full meal and six hours\' sleep (Toughness; Traits; SL-28)', () => {
  it('two qualities and six hours bring every die back', () => {
    const r = run(plain(3, 3), 'rest', { hot: true, alcohol: true });
    expect(r.character.toughness).toEqual({ dice: 3, exhausted: 0 });
    expect(r.summary).toBe('Rested: Toughness 0/3 fresh -> 3/3 fresh');
  });
  it('one quality, or five hours, is not enough; the paths name the parameters', () => {
    expect(refused(plain(3, 3), 'rest', { hot: true })).toMatchObject({ code: 'so-long-as-men-die/meal-not-full', path: '$.hot' });
    expect(refused(plain(3, 3), 'rest', { hot: true, meat: true, 'sleep-hours': MIN_SLEEP_HOURS - 1 })).toMatchObject({ code: 'so-long-as-men-die/too-little-sleep', path: '$.sleep-hours' });
    expect(run(plain(3, 3), 'rest', { hot: true, meat: true, 'sleep-hours': MAX_SLEEP_HOURS }).character.toughness.exhausted).toBe(0);
    expect(refused(plain(3, 3), 'rest', { hot: true, meat: true, 'sleep-hours': MAX_SLEEP_HOURS + 1 }).code).toBe('param/out-of-range');
  });
  it('a trait\'s stand-in counts only for that trait; a Robot needs no meal', () => {
    expect(run(withTraits('dwarf', 'princely', 2, 2), 'rest', { fungus: true, meat: true }).character.toughness.exhausted).toBe(0);
    expect(refused(plain(2, 2), 'rest', { fungus: true, meat: true })).toMatchObject({ code: 'so-long-as-men-die/substitute-not-allowed', path: '$.fungus' });
    expect(run(withTraits('robot', 'princely', 2, 2), 'rest', {}).character.toughness.exhausted).toBe(0);
  });
  it('the unconscious and the dead cannot rest; Agony stops recovery', () => {
    expect(refused({ ...plain(3, 3), condition: 'unconscious' }, 'rest', { hot: true, meat: true }).code).toBe('so-long-as-men-die/unconscious');
    expect(refused({ ...plain(3, 3), condition: 'dead' }, 'rest', { hot: true, meat: true }).code).toBe('so-long-as-men-die/already-dead');
    expect(refused({ ...plain(3, 3), injuries: [{ mutilationId: 'agony', note: '' }] }, 'rest', { hot: true, meat: true }).code).toBe('so-long-as-men-die/agony');
  });
});
