import { describe, expect, it } from 'vitest';
import { STAT_IDS } from '../check-modifiers.js';
import { SKILLS, SKILL_LISTS, SKILL_TABLE_DIE, skillForRoll, type SkillStat } from './skills.js';

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function statKey(s: SkillStat): string {
  if (s.kind === 'stat') return s.stat;
  if (s.kind === 'either') return s.stats.join(' or ');
  return 'Varies';
}

describe('the skills list (SKILLS)', () => {
  it('data integrity: unique kebab-case ids, labels and refs', () => {
    expect(new Set(SKILLS.map((s) => s.id)).size).toBe(SKILLS.length);
    for (const s of SKILLS) {
      expect(s.id).toMatch(KEBAB);
      expect(s.label.length).toBeGreaterThan(0);
      expect(s.ref).toMatch(/SKILLS/);
    }
    expect(new Set(SKILL_LISTS.map((l) => l.id)).size).toBe(SKILL_LISTS.length);
  });

  it('covers every face of the d100 exactly once, in order', () => {
    const hits = new Array<number>(SKILL_TABLE_DIE + 1).fill(0);
    for (const s of SKILLS) {
      expect(Number.isInteger(s.roll.min) && Number.isInteger(s.roll.max)).toBe(true);
      expect(s.roll.min).toBeLessThanOrEqual(s.roll.max);
      for (let f = s.roll.min; f <= s.roll.max; f += 1) hits[f] = (hits[f] ?? 0) + 1;
    }
    expect(hits[0]).toBe(0);
    expect(hits.slice(1)).toEqual(new Array<number>(SKILL_TABLE_DIE).fill(1));
    expect(SKILLS.map((s) => s.roll.min)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    for (let f = 1; f <= SKILL_TABLE_DIE; f += 1) expect(skillForRoll(f)?.roll.min).toBe(f);
    expect(skillForRoll(0)).toBeUndefined();
    expect(skillForRoll(101)).toBeUndefined();
  });

  it('every stat is one of the seven stats', () => {
    for (const s of SKILLS) {
      if (s.stat.kind === 'stat') expect(STAT_IDS).toContain(s.stat.stat);
      if (s.stat.kind === 'either') {
        expect(s.stat.stats.length).toBe(2);
        for (const id of s.stat.stats) expect(STAT_IDS).toContain(id);
      }
    }
  });

  it('matches the printed list: stat counts and the 14 "Yes" specializations', () => {
    // Counted from the rules text's (Stat) column.
    const counts: Record<string, number> = {};
    for (const s of SKILLS) counts[statKey(s.stat)] = (counts[statKey(s.stat)] ?? 0) + 1;
    expect(counts).toEqual({ INT: 40, DEX: 21, WIL: 14, STR: 8, CHA: 8, CON: 4, Varies: 4, 'STR or CHA': 1 });
    expect(SKILLS.filter((s) => s.requiresSpecialization).map((s) => s.roll.min)).toEqual([
      3, 10, 36, 48, 56, 58, 64, 65, 66, 67, 68, 75, 93, 95,
    ]);
  });

  it('spot checks against the text', () => {
    const at = (face: number) => skillForRoll(face)!;
    const printed: [number, string, string, string][] = [
      [1, 'animal-handling', 'Animal Handling', 'INT'],
      [3, 'art', 'Art', 'Varies'],
      [4, 'athletics-climbing', 'Athletics, Climbing', 'STR'],
      [18, 'crafting-cooking', 'Crafting, Cooking', 'WIL'],
      [26, 'crafting-tanner', 'Crafting, Tanner', 'CON'],
      [43, 'language-lip-reading', 'Language, Lip Reading', 'WIL'],
      [78, 'persuasion-acting-impersonation', 'Persuasion, Acting/Impersonation', 'CHA'],
      [83, 'persuasion-intimidation', 'Persuasion, Intimidation', 'STR or CHA'],
      [93, 'sporting', 'Sporting', 'Varies'],
      [100, 'weather-sense', 'Weather Sense', 'WIL'],
    ];
    for (const [face, id, label, stat] of printed) {
      expect([at(face).id, at(face).label, statKey(at(face).stat)]).toEqual([id, label, stat]);
    }
    expect(at(33)).toMatchObject({ id: 'etiquette', choiceOf: 'culture', requiresSpecialization: false });
    expect(at(89)).toMatchObject({ id: 'riding', choiceOf: 'animal', requiresSpecialization: false });
    expect(at(36)).toMatchObject({ id: 'fishing', requiresSpecialization: true, choiceOf: null });
    expect(at(10)).toMatchObject({ id: 'crafting', choiceOf: 'kind', requiresSpecialization: true });
  });

  it('the printed list is the non-silly one; the silly list is named but not printed', () => {
    expect(SKILLS.every((s) => s.list === 'non-silly')).toBe(true);
    expect(SKILL_LISTS.find((l) => l.id === 'non-silly')).toMatchObject({ die: 100, isPrinted: true });
    expect(SKILL_LISTS.find((l) => l.id === 'silly')).toMatchObject({ die: null, isPrinted: false });
  });
});
