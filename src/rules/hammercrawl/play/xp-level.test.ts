import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../dice/random.js';
import type { Character } from '../character.js';
import { SKILLS } from '../data/skills.js';
import { changeOddsOf } from './index.js';
import { MAX_XP_AWARD } from './xp.js';
import { applied, characterOf, expectOddsMatchRoll, refused, tamsin } from '../../../../test/hammercrawl-play.js';

describe('xp: the Smith awards XP with a reason (PL-8)', () => {
  it('a node explored and survived is 1 XP (CRAWL MODE); the line says what the total opens (CL-34)', () => {
    const r = applied(tamsin(), 'xp', { note: 'room 1' });
    expect(r.character.xp).toBe(1);
    expect(r.summary).toBe('+1 XP (a dungeon node explored and survived: room 1): 0 -> 1');
    expect(r.explanation.at(-1)).toBe('9 XP more to level 2 (10 XP, crawl mode)');
    const open = applied({ ...tamsin(), xp: 9 }, 'xp', {});
    expect(open.summary).toMatch(/, level 2 open$/);
    expect(open.character.level).toBe(1);
  });

  it('a boss, the Venture and the Smith give the amount named', () => {
    expect(applied(tamsin(), 'xp', { reason: 'boss', amount: 3 }).character.xp).toBe(3);
    expect(refused(tamsin(), 'xp', { reason: 'boss' })).toMatchObject({ code: 'xp/amount-required', path: '$.amount' });
    expect(refused(tamsin(), 'xp', { amount: 0 })).toMatchObject({ path: '$.amount' });
    expect(applied(tamsin(), 'xp', { reason: 'smith', amount: MAX_XP_AWARD }).character.xp).toBe(MAX_XP_AWARD);
    expect(refused(tamsin(), 'xp', { reason: 'smith', amount: MAX_XP_AWARD + 1 })).toMatchObject({ path: '$.amount' });
    expect(refused({ ...tamsin(), xp: 1_000_000_000 }, 'xp', {})).toMatchObject({ code: 'xp/too-much', path: '$.amount' });
  });
});

/** A character raised to `level` by forced level-ups (rolls from a fixed seed), with `xp` XP. */
function atLevel(c: Character, level: number, xp: number): Character {
  let at = c;
  while (at.level < level) at = applied(at, 'level-up', { force: true }, seededRandom(at.level)).character;
  return { ...at, xp };
}

describe('level-up: the library through the contract (LV-1 .. LV-8, PL-9)', () => {
  it('needs the XP, or the Smith forcing it (XP left as it is)', () => {
    expect(refused(tamsin(), 'level-up', {})).toMatchObject({ code: 'level-up/not-enough-xp' });
    const forced = applied(tamsin(), 'level-up', { force: true });
    expect(forced.character).toMatchObject({ level: 2, xp: 0, featDie: 'd4' });
    expect(forced.summary).toMatch(/forced by the Smith$/);
  });

  it('rolls what is left out: a skill on the d100 list and the WPs gained; every die thrown is reported', () => {
    const r = applied({ ...tamsin(), xp: 10 }, 'level-up', {});
    expect(r.character.level).toBe(2);
    expect(r.character.weaponProficiencies.length).toBe(8);
    expect(r.character.wpSelections).toEqual({ total: 8, spent: 8, banked: 0 });
    expect(r.dice.filter((d) => d.sides === 100).length).toBeGreaterThanOrEqual(1);
    expect(r.dice.every((d) => d.role !== undefined && d.face >= 1 && d.face <= d.sides)).toBe(true);
    expect(r.outcome).toBe('level-2');
  });

  it('bank keeps the WP selections for later; chosen ones are spent, the rest banked (LV-4)', () => {
    const banked = applied({ ...tamsin(), xp: 10 }, 'level-up', { bank: true });
    expect(banked.character.wpSelections).toEqual({ total: 8, spent: 6, banked: 2 });
    expect(banked.character.weaponProficiencies).toEqual(tamsin().weaponProficiencies);
    const spent = applied({ ...tamsin(), xp: 10 }, 'level-up', { 'learn-wps': 'sling', skills: 'riding' });
    expect(spent.character.wpSelections).toEqual({ total: 8, spent: 7, banked: 1 });
    expect(spent.character.skills.some((s) => s.id === 'riding')).toBe(true);
  });

  it('refuses choices the rules do not offer, at the parameter', () => {
    const c = { ...tamsin(), xp: 10 };
    expect(refused(c, 'level-up', { 'learn-wps': 'no-such-wp' })).toMatchObject({ code: 'level-up/unknown-id', path: '$.learn-wps' });
    expect(refused(c, 'level-up', { specialize: 'mace, mace' })).toMatchObject({ path: '$.specialize' });
    expect(refused(c, 'level-up', { skills: 'riding, riding' })).toMatchObject({ code: 'level-up/duplicate', path: '$.skills' });
    expect(refused(c, 'level-up', { 'devout-power': 'revenant:basic' })).toMatchObject({ code: 'level-up/not-offered', path: '$.devout-power' });
    expect(refused(c, 'level-up', { specialty: 'riding' })).toMatchObject({ code: 'level-up/not-offered', path: '$.specialty' });
  });

  it("a Devout at 3: the power step, chosen or rolled; the odds name each open step and are the roll's", () => {
    const devout = atLevel(characterOf('devout', 4), 2, 30);
    const request = { change: 'level-up', params: { bank: true, skills: 'riding' } };
    const odds = changeOddsOf(devout, request);
    if (!odds.ok) throw new Error(odds.error.message);
    expect(odds.value.outcomes.length).toBeGreaterThan(1);
    expect(odds.value.outcomes.every((o) => o.outcome.startsWith('devout-'))).toBe(true);
    expectOddsMatchRoll(devout, request);
    const chosen = changeOddsOf(devout, { change: 'level-up', params: { ...request.params, 'devout-power': odds.value.outcomes[0]!.outcome.replace(/^devout-/, '').replace(/-(basic|advanced)$/, ':$1') } });
    expect(chosen.ok && chosen.value.outcomes).toEqual([{ outcome: 'level-3', label: 'Level 3', p: 1 }]);
  });

  it('a Specialist at 3: a known skill becomes a specialty, rolled evenly (odds against the roll)', () => {
    const specialist = atLevel(characterOf('specialist', 2), 2, 30);
    const unknown = SKILLS.filter((k) => !specialist.skills.some((s) => s.id === k.id)).map((k) => k.id);
    expectOddsMatchRoll(specialist, { change: 'level-up', params: { bank: true, skills: unknown[0]! } });
  });

  it('Combat Hardened raised to advanced: both base dice rise two steps and the Health Die keeps its lost steps (CL-10, PL-9)', () => {
    let devout = atLevel(characterOf('devout', 4), 2, 30);
    devout = { ...devout, classPicks: [{ kind: 'devout-power', id: 'combat-hardened', version: 'basic' }], healthDie: 'd4', baseHealthDie: 'd6', harmDie: 'd6' };
    const r = applied(devout, 'level-up', { bank: true, skills: 'riding', 'devout-power': 'combat-hardened:advanced' });
    expect(r.character).toMatchObject({ baseHealthDie: 'd8', healthDie: 'd6', harmDie: 'd8' });
  });
});

describe('heir: Breed like Rabbits (ST-10, LV-9, PL-14)', () => {
  it('one level lower at its least XP, two stats re-rolled, whole again', () => {
    const dead: Character = { ...atLevel(tamsin(), 3, 40), healthDie: null, conditions: ['dying'] };
    const r = applied(dead, 'heir', { 'player-stat': 'STR', 'smith-stat': 'CHA' });
    expect(r.character).toMatchObject({ level: 2, xp: 10, healthDie: 'd8', conditions: [] });
    expect(r.dice).toHaveLength(6);
    expect(r.outcome).toBe('heir');
    expectOddsMatchRoll({ ...tamsin(), level: 2 }, { change: 'heir', params: { 'player-stat': 'STR', 'smith-stat': 'STR' } });
  });

  it('only for a HAMMERCRAWL! Human', () => {
    expect(refused(characterOf('combatant', 1, 'droffen'), 'heir', {}).code).toBe('heir/not-human');
  });
});
