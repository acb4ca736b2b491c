// XP, marks, levelling up and class pools as changes (From Peasant to King; Nobody Likes Adventurers;
// rulings BB-6, BB-20, BB-26 .. BB-28, BB-33).
import { describe, expect, it } from 'vitest';
import { apply, refused, sheet } from '../../../test/bare-bones-play.js';
import { MAX_ADVANCEMENT_CHECKS } from './advancement.js';
import { MAX_XP } from './data/xp.js';
import { kebabOf } from './play-advance.js';

const noMarks = { str: 0, dex: 0, con: 0, int: 0, wis: 0, cha: 0 };

describe('xp (From Peasant to King: Guild Quest 3, Side Quest 1)', () => {
  const c = sheet({ race: 'elf', class: 'cleric' });

  it('a Guild Quest gives 3, a Side Quest 1, both 4; the summary says when a level is within reach', () => {
    expect(apply(c, 'xp', { 'guild-quest': true }).character.xp).toBe(3);
    expect(apply(c, 'xp', { 'side-quest': true }).character.xp).toBe(1);
    const both = apply(c, 'xp', { 'guild-quest': true, 'side-quest': true, cause: 'Tombs of Atuan' });
    expect([both.character.xp, both.summary]).toEqual([4, 'Tombs of Atuan: +4 XP (0 -> 4)']);
    expect(both.explanation.at(-1)).toBe('enough XP for level 2 (3): level up back in a safe place');
  });

  it('refusals: no quest; XP past MAX_XP (at the limit accepted)', () => {
    refused(c, 'xp', {}, 'bare-bones/no-quest', '$.guild-quest');
    const old = sheet({ race: 'elf', class: 'cleric' }, { xp: MAX_XP - 4 });
    expect(apply(old, 'xp', { 'guild-quest': true, 'side-quest': true }).character.xp).toBe(MAX_XP);
    refused({ ...old, xp: MAX_XP - 3 }, 'xp', { 'guild-quest': true, 'side-quest': true }, 'bare-bones/xp-limit', '$.guild-quest');
  });
});

describe('mark-check (Attribute Advancement)', () => {
  it('a failed check marks the attribute, up to five; more changes nothing', () => {
    const c = sheet({ race: 'elf', class: 'cleric' });
    expect(apply(c, 'mark-check', { attribute: 'wis' }).character.advancementChecks.wis).toBe(1);
    const full = { ...c, advancementChecks: { ...noMarks, wis: MAX_ADVANCEMENT_CHECKS } };
    const r = apply(full, 'mark-check', { attribute: 'wis' });
    expect([r.character.advancementChecks.wis, r.explanation]).toEqual([MAX_ADVANCEMENT_CHECKS, [`Wisdom already has ${MAX_ADVANCEMENT_CHECKS} marks, the most`]]);
    refused(c, 'mark-check', { attribute: 'luck' }, 'param/unknown-choice', '$.attribute');
    refused(c, 'mark-check', {}, 'param/missing', '$.attribute');
  });
});

describe('level-up (Leveling Up; rulings BB-26, BB-28, BB-33)', () => {
  // A dwarf fighter with enough XP, two STR marks (a favoured attribute: +1d4) and one WIS mark.
  const dwarf = sheet({ race: 'dwarf', class: 'fighter' }, { xp: 3, advancementChecks: { ...noMarks, str: 2, wis: 1 } });

  it('scenario: Sweat d12 = 7, STR 3d4 = 12 beats 11 and rises, WIS 1d4 does not; marks erased; tactic points 2; a favoured foe named', () => {
    const str = dwarf.stats.str.score;
    expect(str).toBeLessThan(12);
    const r = apply(dwarf, 'level-up', { 'in-safe-place': true, 'favored-foe': 'Ogre' }, [7, 4, 4, 4, 1]);
    const c = r.character;
    expect([c.level, c.sweat, c.stats.str.score, c.stats.wis.score, c.points.current, c.favoredFoes, c.advancementChecks]).toEqual([2, { current: 7, max: 7 }, str + 1, dwarf.stats.wis.score, 2, ['Ogre'], noMarks]);
    expect(r.outcome).toBe('rises-1');
    expect(r.dice.map((d) => [d.sides, d.face])).toEqual([[12, 7], [4, 4], [4, 4], [4, 4], [4, 1]]);
    expect(r.summary).toBe(`Level 1 -> 2: Sweat +7, STR ${str} -> ${str + 1}`);
  });

  it('a human names the attribute for the bonus die, or the most marked gets it', () => {
    const human = sheet({ race: 'human', class: 'cleric' }, { xp: 3, advancementChecks: { ...noMarks, dex: 1, int: 2 } });
    // Sweat, DEX 1d4 (+1 named), INT 2d4.
    const named = apply(human, 'level-up', { 'in-safe-place': true, 'human-bonus': 'dex' }, [1, 1, 1, 1, 1]);
    expect(named.dice.filter((d) => d.role === 'Dexterity advancement')).toHaveLength(2);
    const unnamed = apply(human, 'level-up', { 'in-safe-place': true }, [1, 1, 1, 1, 1]);
    expect(unnamed.dice.filter((d) => d.role === 'Intelligence advancement')).toHaveLength(3);
    refused(dwarf, 'level-up', { 'in-safe-place': true, 'favored-foe': 'Ogre', 'human-bonus': 'dex' }, 'bare-bones/bonus-not-human', '$.human-bonus');
  });

  it('a specialist trains: an existing skill by id or name +1, or a new skill at +2', () => {
    const spec = sheet({ race: 'elf', class: 'specialist' }, { xp: 3 });
    const known = spec.skills[0]!;
    const raised = apply(spec, 'level-up', { 'in-safe-place': true, training: known.label.toUpperCase() }, [1]);
    expect(raised.character.skills.find((s) => s.id === known.id)?.bonus).toBe(3);
    const learnt = apply(spec, 'level-up', { 'in-safe-place': true, training: 'Animal Handling' }, [1]);
    expect(learnt.character.skills.at(-1)).toEqual({ id: 'animal-handling', label: 'Animal Handling', bonus: 2 });
    refused(spec, 'level-up', { 'in-safe-place': true }, 'bare-bones/training-needed', '$.training');
    refused(spec, 'level-up', { 'in-safe-place': true, training: '!!!' }, 'bare-bones/bad-skill', '$.training');
    const maxed = { ...spec, skills: [{ ...known, bonus: 4 }] };
    refused(maxed, 'level-up', { 'in-safe-place': true, training: known.id }, 'bare-bones/skill-maxed', '$.training');
  });

  it('refusals: not in a safe place, not enough XP, level 10, choices of other classes, the dead', () => {
    refused(dwarf, 'level-up', { 'favored-foe': 'Ogre' }, 'bare-bones/not-safe', '$.in-safe-place');
    refused({ ...dwarf, xp: 2 }, 'level-up', { 'in-safe-place': true, 'favored-foe': 'Ogre' }, 'bare-bones/not-enough-xp', '$.xp');
    refused(sheet({ race: 'dwarf', class: 'cleric' }, { level: 10, xp: 62, sweat: { current: 0, max: 108 }, points: { pool: 'faith', current: 10 } }), 'level-up', { 'in-safe-place': true }, 'bare-bones/max-level', '$.level');
    refused(dwarf, 'level-up', { 'in-safe-place': true }, 'bare-bones/favored-foe-needed', '$.favored-foe');
    refused(dwarf, 'level-up', { 'in-safe-place': true, 'favored-foe': 'Ogre', training: 'Stealth' }, 'bare-bones/no-training', '$.training');
    refused(sheet({ race: 'elf', class: 'cleric' }, { xp: 3 }), 'level-up', { 'in-safe-place': true, 'favored-foe': 'Ogre' }, 'bare-bones/not-a-fighter', '$.favored-foe');
    refused({ ...dwarf, blood: { current: 0, max: 12 }, isDead: true }, 'level-up', { 'in-safe-place': true, 'favored-foe': 'Ogre' }, 'bare-bones/already-dead', '$.isDead');
  });

  it('at 0 Blood the new Sweat waits for healing; its maximum still grows (ruling BB-28)', () => {
    const down = { ...dwarf, blood: { current: 0, max: 12 }, advancementChecks: noMarks };
    const r = apply(down, 'level-up', { 'in-safe-place': true, 'favored-foe': 'Ogre' }, [9]);
    expect(r.character.sweat).toEqual({ current: 0, max: 9 });
  });

  it('kebabOf makes skill ids', () => {
    expect([kebabOf('Animal Handling'), kebabOf('  Rope-work!! '), kebabOf('***')]).toEqual(['animal-handling', 'rope-work', '']);
  });
});

describe('class pools (the class blocks; rulings BB-6, BB-20, BB-28)', () => {
  const fighter = sheet({ race: 'human', class: 'fighter' });

  it('spend a point on the class\'s own feature; none left is refused, except a sorcerer casting at the risk of catastrophe', () => {
    const r = apply(fighter, 'spend-point', { use: 'tactics' });
    expect([r.character.points.current, r.summary]).toEqual([0, 'Spent a point on Tactics: a free maneuver: Tactic points 1 -> 0']);
    refused(r.character, 'spend-point', {}, 'bare-bones/no-points', '$.points.current');
    refused(fighter, 'spend-point', { use: 'smite' }, 'bare-bones/not-a-class-feature', '$.use');
    const sorcerer = sheet({ class: 'sorcerer', tradition: 'generalist' }, { points: { pool: 'mana', current: 0 } });
    const cast = apply(sorcerer, 'spend-point', { use: 'spell' });
    expect([cast.character.points.current, cast.explanation[0]]).toEqual([0, expect.stringMatching(/INT check with disadvantage or trigger a catastrophe/)]);
    const cleric = sheet({ race: 'elf', class: 'cleric' });
    expect(apply(cleric, 'spend-point', { use: 'divine-aid' }).explanation.at(-1)).toMatch(/check divine-aid/);
  });

  it('the GM grants 1 or 2 points, a pool holding at most level + 2; never mana', () => {
    expect(apply(fighter, 'grant-points', { points: 2, cause: 'A worthy foe' }).character.points.current).toBe(3);
    const capped = apply({ ...fighter, points: { pool: 'tactic', current: 2 } }, 'grant-points', { points: 2 });
    expect([capped.character.points.current, capped.explanation.at(-1)]).toEqual([3, 'a pool holds at most its level + 2 (ruling BB-6)']);
    expect(apply(fighter, 'grant-points', {}).character.points.current).toBe(2);
    refused(fighter, 'grant-points', { points: 3 }, 'param/out-of-range', '$.points');
    refused(sheet({ class: 'sorcerer', tradition: 'school' }), 'grant-points', { points: 1 }, 'bare-bones/no-bonus-points', '$.points');
  });
});
