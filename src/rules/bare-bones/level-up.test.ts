// Quests, marks and levelling up (From Peasant to King; rulings BB-26 .. BB-28).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scriptedRandom, seededRandom } from '../../dice/random.js';
import type { RuleResult } from '../rule-system.js';
import { ATTRIBUTE_IDS } from './attributes.js';
import { readCharacter, type BareBonesCharacter } from './character.js';
import { xpForLevel } from './data/xp.js';
import { rollCharacter } from './create-character.js';
import { awardQuestXp, markFailedCheck, rollLevelUp } from './level-up.js';

function value<T>(r: RuleResult<T>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

const make = (options: Record<string, string>): BareBonesCharacter => value(rollCharacter(seededRandom(21), options));

describe('quests and levelling up', () => {
  it('a Guild Quest gives 3 XP and a Side Quest 1: enough for level 2', () => {
    const c = value(awardQuestXp(make({ race: 'elf', class: 'cleric' }), { isGuildQuestDone: true, isSideQuestDone: false }));
    expect(c.xp).toBe(3);
    expect(value(awardQuestXp(c, { isGuildQuestDone: true, isSideQuestDone: true })).xp).toBe(7);
  });

  it('marks stop at five', () => {
    let c = make({ race: 'elf', class: 'cleric' });
    for (let i = 0; i < 7; i++) c = markFailedCheck(c, 'dex');
    expect(c.advancementChecks.dex).toBe(5);
  });

  it('scenario: an elf cleric levels up: Sweat +d8, faith 2, DEX (favoured) rolls 2d4 + 1d4', () => {
    let c = value(awardQuestXp(make({ race: 'elf', class: 'cleric' }), { isGuildQuestDone: true, isSideQuestDone: false }));
    c = markFailedCheck(markFailedCheck(markFailedCheck(c, 'dex'), 'dex'), 'cha');
    const dex = c.stats.dex.score;
    const cha = c.stats.cha.score;
    // Sweat d8 = 5; DEX: 2 marks + elf bonus die = 3d4 = 4+4+4 = 12; CHA: 1d4 = 4.
    const up = value(rollLevelUp(scriptedRandom([5, 4, 4, 4, 4]), c, { isInSafePlace: true }));
    expect(up.character.level).toBe(2);
    expect(up.character.sweat).toEqual({ current: 5, max: 5 });
    expect(up.character.points).toEqual({ pool: 'faith', current: 2 });
    expect(up.advancement.map((a) => [a.attribute, a.faces.length])).toEqual([['dex', 3], ['cha', 1]]);
    expect(up.character.stats.dex.score).toBe(12 > dex ? dex + 1 : dex);
    expect(up.character.stats.cha.score).toBe(4 > cha ? cha + 1 : cha);
    expect(Object.values(up.character.advancementChecks)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(readCharacter(JSON.parse(JSON.stringify(up.character))).ok).toBe(true);
  });

  it('specialists train a skill; fighters name a favoured foe; humans pick their bonus die', () => {
    const spec = value(awardQuestXp(make({ class: 'specialist', race: 'dwarf' }), { isGuildQuestDone: true, isSideQuestDone: false }));
    expect(rollLevelUp(scriptedRandom([1]), spec, { isInSafePlace: true })).toMatchObject({ ok: false, error: { code: 'bare-bones/training-needed' } });
    const first = spec.skills[0]!;
    const trained = value(rollLevelUp(scriptedRandom([1]), spec, { isInSafePlace: true, training: { id: first.id, label: first.label } }));
    expect(trained.character.skills[0]!.bonus).toBe(3);
    const fighter = value(awardQuestXp(make({ class: 'fighter', race: 'human' }), { isGuildQuestDone: true, isSideQuestDone: false }));
    expect(rollLevelUp(scriptedRandom([1]), fighter, { isInSafePlace: true })).toMatchObject({ ok: false, error: { code: 'bare-bones/favored-foe-needed' } });
    const marked = markFailedCheck(fighter, 'wis');
    const f = value(rollLevelUp(scriptedRandom([1, 2, 3]), marked, { isInSafePlace: true, favoredFoe: 'Ogre', humanBonusAttribute: 'wis' }));
    expect(f.character.favoredFoes).toEqual(['Ogre']);
    expect(f.advancement[0]!.faces).toEqual([2, 3]);
    expect(readCharacter(JSON.parse(JSON.stringify(f.character))).ok).toBe(true);
  });

  it('mistakes: not enough XP, not in a safe place, past level 10', () => {
    const c = make({ race: 'elf', class: 'cleric' });
    expect(rollLevelUp(scriptedRandom([1]), c, { isInSafePlace: true })).toMatchObject({ ok: false, error: { code: 'bare-bones/not-enough-xp' } });
    expect(rollLevelUp(scriptedRandom([1]), { ...c, xp: 3 }, { isInSafePlace: false })).toMatchObject({ ok: false, error: { code: 'bare-bones/not-safe' } });
    expect(rollLevelUp(scriptedRandom([1]), { ...c, xp: 62, level: 10 }, { isInSafePlace: true })).toMatchObject({ ok: false, error: { code: 'bare-bones/max-level' } });
    expect(rollLevelUp(scriptedRandom([1]), { ...c, xp: 62, level: 9 }, { isInSafePlace: true }).ok).toBe(true);
  });
});

describe('levelled characters stay valid documents', () => {
  it('property: any character levelled up with random marks reads back', () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000 }), fc.array(fc.constantFrom(...ATTRIBUTE_IDS), { maxLength: 12 }), fc.integer({ min: 1, max: 4 }), (seed, marks, levels) => {
        let c = value(rollCharacter(seededRandom(seed), {}));
        const rng = seededRandom(seed + 1);
        for (let l = 0; l < levels; l++) {
          for (const m of marks) c = markFailedCheck(c, m);
          c = { ...c, xp: xpForLevel(c.level + 1) };
          const skill = c.skills[0]!;
          const up = rollLevelUp(rng, c, {
            isInSafePlace: true,
            ...(c.class === 'specialist' ? { training: skill.bonus < 4 ? { id: skill.id, label: skill.label } : { id: `new-skill-${l}`, label: 'New skill' } } : {}),
            ...(c.class === 'fighter' ? { favoredFoe: `Foe ${l}` } : {}),
          });
          c = value(up).character;
        }
        const read = readCharacter(JSON.parse(JSON.stringify(c)));
        if (!read.ok) throw new Error(`${read.error.path}: ${read.error.message}`);
        expect(read.value.level).toBe(1 + levels);
      }),
      { numRuns: 200 },
    );
  });
});
