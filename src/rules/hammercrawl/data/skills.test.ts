import { describe, expect, it } from 'vitest';
import { STAT_IDS } from '../check-modifiers.js';
import { SKILLS, SKILL_LISTS, SKILL_TABLE_DIE, skillForRoll, type SkillStat } from './skills.js';
import { coverageOffenders, duplicatesOf, missingIds, offendersOf, rulesBroken } from '../../../../test/offenders.js';

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function statKey(s: SkillStat): string {
  if (s.kind === 'stat') return s.stat;
  if (s.kind === 'either') return s.stats.join(' or ');
  return 'Varies';
}

describe('the skills list (SKILLS)', () => {
  it('data integrity: unique kebab-case ids, labels and refs', () => {
    expect([
      ...duplicatesOf(SKILLS.map((s) => s.id)).map((d) => `skill id ${d}`),
      ...duplicatesOf(SKILL_LISTS.map((l) => l.id)).map((d) => `skill list id ${d}`),
      ...rulesBroken(SKILLS, (s) => s.id, (s) => ({ 'kebab-case id': KEBAB.test(s.id), 'a label': s.label.length > 0, 'ref to SKILLS': /SKILLS/.test(s.ref) })),
    ]).toEqual([]);
  });

  it('covers every face of the d100 exactly once, in order', () => {
    expect(rulesBroken(SKILLS, (s) => s.id, (s) => ({ 'whole-number roll': Number.isInteger(s.roll.min) && Number.isInteger(s.roll.max), 'roll not backwards': s.roll.min <= s.roll.max }))).toEqual([]);
    expect(coverageOffenders(SKILL_TABLE_DIE, SKILLS.map((s) => s.roll))).toEqual([]);
    expect(SKILLS.map((s) => s.roll.min)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    const faces = Array.from({ length: SKILL_TABLE_DIE }, (_, i) => i + 1);
    expect(offendersOf(faces, (f) => skillForRoll(f)?.roll.min !== f, (f) => `skillForRoll(${f}) gives ${skillForRoll(f)?.id ?? 'nothing'}`)).toEqual([]);
    expect(skillForRoll(0)).toBeUndefined();
    expect(skillForRoll(101)).toBeUndefined();
  });

  it('every stat is one of the seven stats', () => {
    const either = SKILLS.flatMap((s) => (s.stat.kind === 'either' ? [{ s, stats: s.stat.stats }] : []));
    expect([
      ...missingIds(STAT_IDS, SKILLS.flatMap((s) => (s.stat.kind === 'stat' ? [[`${s.id} stat`, s.stat.stat] as const] : []))),
      ...missingIds(STAT_IDS, either.flatMap(({ s, stats }) => stats.map((id) => [`${s.id} stat`, id] as const))),
      ...offendersOf(either, ({ stats }) => stats.length !== 2, ({ s, stats }) => `${s.id}: either of ${stats.length} stats`),
    ]).toEqual([]);
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
    expect(printed.map(([face]) => [face, at(face).id, at(face).label, statKey(at(face).stat)])).toEqual(printed);
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
