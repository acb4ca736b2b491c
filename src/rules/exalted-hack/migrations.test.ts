// Version-1 documents (before play) still read, migrated to version 2 (conventions: Saved data; ruling EH-28).
import { describe, expect, it } from 'vitest';
import { characterProblems, readCharacter } from './character.js';
import { migrateV1ToV2, type CharacterV1 } from './migrations.js';

/** A version-1 document as `char new --ruleset exalted-hack --seed 7 --json` wrote it, with CON damage added. */
const V1: CharacterV1 = {
  ruleset: 'exalted-hack', schemaVersion: 1, name: 'Nameless', level: 1,
  stats: { str: { score: 13 }, dex: { score: 9 }, con: { score: 17 }, int: { score: 8 }, wis: { score: 6 }, cha: { score: 13 } },
  hitDie: 8, hp: { current: 26, max: 26 },
  attributeDamage: { str: 0, dex: 0, con: 2, int: 0, wis: 0, cha: 0 },
  weaponTraining: [], languages: [{ id: 'common', label: 'Common', points: 2 }], inventory: [], silver: 0,
};

describe('version 1 to 2', () => {
  it('current scores from the damage, not dying while HP last, no armour, no projects, empty play fields', () => {
    const v2 = migrateV1ToV2(V1);
    expect(v2.schemaVersion).toBe(2);
    expect(v2.stats.con).toEqual({ score: 17, current: 15 });
    expect(v2.stats.str).toEqual({ score: 13, current: 13 });
    expect(v2).toMatchObject({ isDying: false, armour: { value: 0, kind: 'regular' }, projects: [], notes: '', conditions: [], history: [] });
    expect(characterProblems(v2)).toEqual([]);
  });

  it('0 HP with CON damage and CON left is dying; 0 HP without it is not', () => {
    expect(migrateV1ToV2({ ...V1, hp: { current: 0, max: 26 } }).isDying).toBe(true);
    expect(migrateV1ToV2({ ...V1, hp: { current: 0, max: 26 }, attributeDamage: { ...V1.attributeDamage, con: 0 } }).isDying).toBe(false);
    expect(migrateV1ToV2({ ...V1, hp: { current: 0, max: 26 }, attributeDamage: { ...V1.attributeDamage, con: 17 } }).isDying).toBe(false);
  });

  it('readCharacter reads a version-1 document as version 2, keeping history a table appended', () => {
    const history = [{ at: 1, by: 'cli', change: 'edit', summary: 'renamed' }];
    const r = readCharacter({ ...V1, history, notes: 'old notes' });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value).toEqual({ ...migrateV1ToV2(V1), history, notes: 'old notes' });
  });

  it('a version-1 document is held to version 1: no version-2 fields, attributes as { score }', () => {
    expect(characterProblems({ ...V1, isDying: false }).map((p) => p.path)).toEqual(['$.isDying']);
    expect(characterProblems({ ...V1, stats: { ...V1.stats, str: { score: 13, current: 13 } } }).map((p) => p.path)).toEqual(['$.stats.str.current']);
    expect(characterProblems({ ...V1, history: [{ at: 1 }] }).map((p) => p.path)).toEqual(['$.history[0].by']);
  });

  it('a version this code does not read', () => {
    const r = readCharacter({ ...migrateV1ToV2(V1), schemaVersion: 3 });
    expect(r.ok ? null : r.error).toMatchObject({ code: 'exalted-hack/schema-version', path: '$.schemaVersion' });
  });
});

describe('version 2 reading (EH-28)', () => {
  const v2 = migrateV1ToV2(V1);
  const paths = (doc: unknown) => characterProblems(doc).map((p) => p.path);

  it('the current score is the score less its damage', () => {
    expect(paths({ ...v2, stats: { ...v2.stats, con: { score: 17, current: 17 } } })).toEqual(['$.stats.con.current']);
  });

  it('dying only at 0 HP and with CON left', () => {
    expect(paths({ ...v2, isDying: true })).toEqual(['$.isDying']);
    expect(paths({ ...v2, isDying: true, hp: { current: 0, max: 26 } })).toEqual([]);
    expect(paths({ ...v2, isDying: 'yes' })).toEqual(['$.isDying']);
  });

  it('armour, projects and play fields, each with its path', () => {
    expect(paths({ ...v2, armour: { value: 11, kind: 'regular' } })).toEqual(['$.armour.value']);
    expect(paths({ ...v2, armour: { value: 1, kind: 'mithril' } })).toEqual(['$.armour.kind']);
    expect(paths({ ...v2, projects: [{ id: 'map', label: 'Map', goal: 3, progress: 4 }] })).toEqual(['$.projects[0].progress']);
    expect(paths({ ...v2, projects: [{ id: 'map', label: 'Map', goal: 3, progress: 0 }, { id: 'map', label: 'Map', goal: 1, progress: 0 }] })).toEqual(['$.projects[1].id']);
    expect(paths({ ...v2, conditions: ['prone', 'prone'] })).toEqual(['$.conditions[1]']);
    expect(paths({ ...v2, notes: 3 })).toEqual(['$.notes']);
    const { isDying: _d, ...noDying } = v2;
    expect(paths(noDying)).toEqual(['$.isDying']);
  });

  it('play fields may be left out and read as empty; conditions are trimmed', () => {
    const { notes: _n, conditions: _c, history: _h, ...bare } = v2;
    const r = readCharacter({ ...bare, conditions: [' prone '] });
    expect(r.ok ? [r.value.notes, r.value.conditions, r.value.history] : null).toEqual(['', ['prone'], []]);
  });
});
