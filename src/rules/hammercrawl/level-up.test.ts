import { describe, expect, it } from 'vitest';
import { scriptedRandom, seededRandom } from '../../dice/index.js';
import { readCharacters, type Character } from './character.js';
import { rollCharacter, type CreationChoices } from './create-character.js';
import { CLASS_LEVELS } from './data/classes.js';
import { featDie } from './feat-die.js';
import { crawlXpFor, rollHeir, rollLevelUp, specializationCost, wpsGainedAt } from './level-up.js';
import { assertRefused } from '../../../test/narrow.js';

function make(seed: number, choices?: CreationChoices): Character {
  const r = rollCharacter(seededRandom(seed), choices ? { method: 'semi', choices } : { method: 'random' });
  if (!r.ok) throw new Error(r.error.message);
  return r.character;
}

/** Levels up with a seeded source (the faces seed it): for set-ups where the rolls do not matter. */
function up(c: Character, faces: number[], choices = {}, force = true): Character {
  const r = rollLevelUp(seededRandom(faces.reduce((a, b) => (a * 31 + b) % 1_000_000_007, 7)), c, choices, { force });
  if (!r.ok) throw new Error(r.error.message);
  return r.character;
}

describe('rollLevelUp: scenarios', () => {
  const combatant = make(5, { class: 'combatant', stock: 'human', weaponProficiencies: ['sword-long', 'sling', 'club', 'mace', 'javelin', 'unarmed'] });

  it('refuses without the XP, naming the numbers; --force levels anyway and keeps XP', () => {
    const r = rollLevelUp(scriptedRandom([]), { ...combatant, xp: 4 });
    assertRefused(r);
    expect(r.error).toMatchObject({ code: 'level-up/not-enough-xp', message: expect.stringMatching(/level 2 needs 10 XP .* has 4 \(6 short\)/) });
    const forced = rollLevelUp(scriptedRandom([1, 1, 1]), { ...combatant, xp: 4 }, {}, { force: true });
    expect(forced.ok && forced.character.xp).toBe(4);
    expect(forced.ok && forced.log.some((l) => l.text.startsWith('Forced'))).toBe(true);
  });

  it('level 2 Combatant: d4 Feat Die, a d100 skill, 2 WPs rolled among the unknown', () => {
    // d100 = 1 (first skill unless known), then two WP picks.
    const before = { ...combatant, xp: 10 };
    const r = rollLevelUp(scriptedRandom([100, 1, 1]), before);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const c = r.character;
    expect(c.level).toBe(2);
    expect(c.featDie).toBe('d4');
    expect(c.skills).toHaveLength(before.skills.length + 1);
    expect(c.weaponProficiencies.filter((w) => w.source === 'selection')).toHaveLength(8);
    expect(c.wpSelections).toEqual({ total: 8, spent: 8, banked: 0 });
  });

  it('specialization: costs 1 then 2 then 3, once per weapon per level-up, banking the rest', () => {
    let c = up(combatant, [100], { specialize: ['sword-long'] });
    expect(c.weaponProficiencies.find((w) => w.id === 'sword-long')!.specializationTier).toBe(1);
    expect(c.wpSelections).toEqual({ total: 8, spent: 7, banked: 1 });
    c = up(c, [100], { specialize: ['sword-long'] });
    expect(c.wpSelections).toEqual({ total: 10, spent: 9, banked: 1 });
    c = up(c, [100], { specialize: ['sword-long'] });
    expect(c.wpSelections).toEqual({ total: 12, spent: 12, banked: 0 });
    const r = rollLevelUp(scriptedRandom([100]), c, { specialize: ['sword-long'] }, { force: true });
    expect(!r.ok && r.error.code).toBe('level-up/not-offered');
    const same = rollLevelUp(scriptedRandom([100]), combatant, { learnWps: ['bow-longbow'], specialize: ['bow-longbow'] }, { force: true });
    expect(!same.ok && same.error.code).toBe('level-up/duplicate');
    const two = rollLevelUp(scriptedRandom([100]), combatant, { specialize: ['sword-long', 'sling'] }, { force: true });
    expect(!two.ok && two.error.message).toMatch(/at most 1 specialization per level-up/);
  });

  it('a natural proficiency costs 2 for its first tier', () => {
    expect(specializationCost({ id: 'claws-and-teeth', source: 'natural', specializationTier: 0 })).toBe(2);
    expect(specializationCost({ id: 'club', source: 'selection', specializationTier: 0 })).toBe(1);
    expect(specializationCost({ id: 'club', source: 'selection', specializationTier: 3 })).toBeNull();
  });

  it('not enough WP selections is an error with the numbers', () => {
    const mage = make(2, { class: 'true-mage', focus: 'traditional-mage', weaponProficiencies: ['dagger-common', 'club'] });
    const r = rollLevelUp(scriptedRandom([]), mage, { learnWps: ['sling', 'mace'] }, { force: true });
    expect(!r.ok && r.error).toMatchObject({ code: 'level-up/not-enough-wps', message: expect.stringMatching(/need 2 WP selections; .* has 1/) });
  });

  it('invalid choices name the valid ids', () => {
    const r = rollLevelUp(scriptedRandom([]), combatant, { learnWps: ['bow'] }, { force: true });
    expect(!r.ok && r.error.message).toMatch(/'bow' is not a WP one can learn; WPs to learn: .*bow-longbow/);
    const s = rollLevelUp(scriptedRandom([]), combatant, { specialty: 'riding' }, { force: true });
    expect(!s.ok && s.error.code).toBe('level-up/not-offered');
  });

  it('level 10 cannot level; the Charlatan has no progression', () => {
    const r = rollLevelUp(scriptedRandom([]), { ...combatant, level: 10, xp: 9999 });
    expect(!r.ok && r.error.code).toBe('level-up/max-level');
  });

  it('Devout at 3: Combat Hardened raised to advanced steps Health and Harm Dice +2 (CL-10)', () => {
    let d = make(9, { class: 'devout', stock: 'human', devoutPowers: [{ id: 'combat-hardened', version: 'basic' }, { id: 'revenant', version: 'basic' }, { id: 'lay-on-hands', version: 'basic' }] });
    expect(d.healthDie).toBe('d6');
    d = up(d, [100, 1]);
    const r = rollLevelUp(seededRandom(1), d, { devoutPower: { id: 'combat-hardened', version: 'advanced' } }, { force: true });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.character.healthDie).toBe('d8');
    expect(r.character.classPicks).toContainEqual({ kind: 'devout-power', id: 'combat-hardened', version: 'advanced' });
    const bad = rollLevelUp(scriptedRandom([]), d, { devoutPower: { id: 'metamorphosis', version: 'advanced' } }, { force: true });
    expect(!bad.ok && bad.error.message).toMatch(/not open; the steps open are .*combat-hardened:advanced/);
  });

  it('Specialist at 3: a known skill becomes a specialty', () => {
    let s = make(4, { class: 'specialist' });
    s = up(s, [100, 1]);
    const target = s.skills.find((k) => !k.isSpecialty)!.id;
    const after = up(s, [100, 1], { specialty: target });
    expect(after.skills.find((k) => k.id === target)!.isSpecialty).toBe(true);
  });

  it('a True Mage learns a spell a level; Spell Die follows the Feat Die', () => {
    const m = make(11, { class: 'true-mage', focus: 'war-mage' });
    const n = up(m, [100, 1]);
    expect(n.spellcasting!.spellsKnown).toBe(m.spellcasting!.spellsKnown + 1);
    expect(n.spellcasting!.spellDie).toBe('d4');
    expect(wpsGainedAt(m, 3)).toBe(1); // War Mage: 1 at every new level
  });
});

describe('rollLevelUp: 1 -> 10 over many seeded characters (forced)', () => {
  it('Feat Die per table, counts per CLASS_LEVELS, document valid', () => {
    const levelled: Character[] = [];
    for (let seed = 1; seed <= 150; seed++) {
      let c = make(seed);
      const skills0 = c.skills.length;
      const rng = seededRandom(seed * 7919);
      const row1 = CLASS_LEVELS.find((r) => r.classId === c.class && r.level === 1)!;
      for (let level = 2; level <= 10; level++) {
        const r = rollLevelUp(rng, c, {}, { force: true });
        expect(r.ok, `seed ${seed} level ${level}`).toBe(true);
        if (!r.ok) return;
        c = r.character;
        expect(c.level).toBe(level);
        expect(c.featDie).toBe(`d${featDie(level)}`);
        const row = CLASS_LEVELS.find((x) => x.classId === c.class && x.level === level)!;
        expect(c.skills.length).toBe(skills0 + row.skills.total - row1.skills.total);
        expect(c.wpSelections.spent + c.wpSelections.banked).toBe(c.wpSelections.total);
        expect(new Set(c.skills.map((s) => s.id)).size).toBe(c.skills.length);
      }
      const again = rollLevelUp(rng, c, {}, { force: true });
      expect(!again.ok && again.error.code).toBe('level-up/max-level');
      const read = readCharacters(JSON.parse(JSON.stringify(c)));
      expect(read.ok, JSON.stringify(!read.ok && read.problems.slice(0, 3))).toBe(true);
      levelled.push(c);
    }
    const devout = levelled.filter((c) => c.class === 'devout');
    const specialists = levelled.filter((c) => c.class === 'specialist');
    expect([devout.length, specialists.length].every((n) => n > 0)).toBe(true);
    for (const c of devout) expect(c.classPicks.filter((p) => p.kind === 'devout-power').length).toBeGreaterThanOrEqual(2);
    for (const c of specialists) expect(c.skills.filter((s) => s.isSpecialty).length).toBeGreaterThanOrEqual(4);
  });
});

describe('rollHeir (Breed like Rabbits)', () => {
  it('one level down at its minimum XP, two stats re-rolled, items kept = level at death', () => {
    const h = make(3, { stock: 'human' });
    const lvl3 = { ...up(up(h, [100, 1, 1, 1, 1, 1, 1, 1, 1]), [100, 1, 1, 1, 1, 1, 1, 1, 1]), xp: 45 };
    const r = rollHeir(scriptedRandom([1, 1, 1, 6, 6, 6]), lvl3, { playerStat: 'STR', smithStat: 'CHA' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.character.level).toBe(2);
    expect(r.character.xp).toBe(crawlXpFor(2));
    expect(r.character.stats.STR.score).toBe(3);
    expect(r.character.stats.CHA).toEqual({ score: 18, half: 9, mod: 3 });
    expect(r.itemsKept).toBe(3);
    expect(readCharacters(JSON.parse(JSON.stringify(r.character))).ok).toBe(true);
    const one = rollHeir(scriptedRandom([1, 1, 1, 1, 1, 1]), { ...h, xp: 5 }, { playerStat: 'STR', smithStat: 'STR' });
    expect(one.ok && [one.character.level, one.character.xp]).toEqual([1, 0]);
  });
});
