import { describe, expect, it } from 'vitest';
import { MAX_CHARACTER_LEVEL, MIN_CHARACTER_LEVEL } from '../feat-die.js';
import { CRAWL_XP_TABLE, DEFAULT_XP_MODE, XP_AWARDS, XP_MODES, type XpLevelRow } from './xp.js';
import { duplicatesOf, missingIds, offendersOf, rulesBroken } from '../../../../test/offenders.js';

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const rows: readonly XpLevelRow[] = CRAWL_XP_TABLE;

describe('XP and LEVELING: data integrity', () => {
  it('unique kebab-case ids, labels and references in every table', () => {
    const tables = { XP_MODES, CRAWL_XP_TABLE, XP_AWARDS } as const;
    const all = Object.entries(tables).flatMap(([table, rs]) => (rs as readonly { id: string; label: string; ref: string }[]).map((r) => ({ table, r })));
    expect([
      ...Object.entries(tables).flatMap(([table, rs]) => duplicatesOf(rs.map((r) => r.id)).map((d) => `${table}: id ${d}`)),
      ...rulesBroken(all, ({ table, r }) => `${table}/${r.id}`, ({ r }) => ({
        'kebab-case id': KEBAB.test(r.id),
        'a label': r.label.length > 0,
        'ref to XP and LEVELING': r.ref.startsWith('HAMMERCRAWL! v4, XP and LEVELING'),
      })),
    ]).toEqual([]);
  });

  it('every referenced mode exists; the default is crawl mode', () => {
    const modes = XP_MODES.map((m) => m.id);
    expect(missingIds(modes, [...CRAWL_XP_TABLE, ...XP_AWARDS].map((r) => [`${r.id} mode`, r.mode] as const))).toEqual([]);
    expect(DEFAULT_XP_MODE).toBe('crawl');
    expect(modes).toEqual(['crawl', 'campaign']);
  });

  it('covers levels 1-10 exactly, level 1 at 0 XP', () => {
    expect(rows.map((r) => r.level)).toEqual(
      Array.from({ length: MAX_CHARACTER_LEVEL - MIN_CHARACTER_LEVEL + 1 }, (_, i) => MIN_CHARACTER_LEVEL + i),
    );
    expect(rows[0]).toMatchObject({ level: MIN_CHARACTER_LEVEL, minXp: 0, xpFromPreviousLevel: 0 });
  });

  it('thresholds strictly increase, each step being the difference from the previous level', () => {
    const pairs = rows.slice(1).map((r, i) => ({ r, prev: rows[i]! }));
    expect(
      rulesBroken(pairs, ({ r }) => `level ${r.level}`, ({ r, prev }) => ({
        'more XP than the level before': r.minXp > prev.minXp,
        'the step is the difference': r.xpFromPreviousLevel === r.minXp - prev.minXp,
      })),
    ).toEqual([]);
  });

  it('the steps are 10, 20, 30, 40 and so on (CL-34): level L needs 5 L (L - 1) XP', () => {
    expect(rows.slice(1).map((r) => r.xpFromPreviousLevel)).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90]);
    expect(offendersOf(rows, (r) => r.minXp !== 5 * r.level * (r.level - 1), (r) => `level ${r.level}: ${r.minXp} XP`)).toEqual([]);
    expect(rows.at(-1)?.minXp).toBe(450);
  });

  it('1 XP per dungeon node explored and survived; campaign mode and bonus XP are marked as gaps', () => {
    expect(XP_AWARDS).toHaveLength(1);
    expect(XP_AWARDS[0]).toMatchObject({ id: 'dungeon-node', mode: 'crawl', xp: 1 });
    expect(offendersOf(XP_MODES, (m) => m.gaps.length > 0 !== (m.status === 'wip'), (m) => `${m.id}: ${m.status} with ${m.gaps.length} gaps`)).toEqual([]);
    expect(XP_MODES.find((m) => m.id === 'campaign')?.status).toBe('wip');
  });
});
