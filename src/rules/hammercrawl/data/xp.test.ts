import { describe, expect, it } from 'vitest';
import { MAX_CHARACTER_LEVEL, MIN_CHARACTER_LEVEL } from '../feat-die.js';
import { CRAWL_XP_TABLE, DEFAULT_XP_MODE, XP_AWARDS, XP_MODES, type XpLevelRow } from './xp.js';

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const rows: readonly XpLevelRow[] = CRAWL_XP_TABLE;

describe('XP and LEVELING: data integrity', () => {
  it('unique kebab-case ids, labels and references in every table', () => {
    for (const table of [XP_MODES, CRAWL_XP_TABLE, XP_AWARDS] as const) {
      const ids = table.map((r) => r.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const r of table) {
        expect(r.id).toMatch(KEBAB);
        expect(r.label.length).toBeGreaterThan(0);
        expect(r.ref).toMatch(/^HAMMERCRAWL! v4, XP and LEVELING/);
      }
    }
  });

  it('every referenced mode exists; the default is crawl mode', () => {
    const modes = XP_MODES.map((m) => m.id);
    for (const r of [...CRAWL_XP_TABLE, ...XP_AWARDS]) expect(modes).toContain(r.mode);
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
    rows.forEach((r, i) => {
      const prev = rows[i - 1];
      if (!prev) return;
      expect(r.minXp).toBeGreaterThan(prev.minXp);
      expect(r.xpFromPreviousLevel).toBe(r.minXp - prev.minXp);
    });
  });

  it('the steps are 10, 20, 30, 40 and so on (CL-34): level L needs 5 L (L - 1) XP', () => {
    expect(rows.slice(1).map((r) => r.xpFromPreviousLevel)).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90]);
    for (const r of rows) expect(r.minXp).toBe(5 * r.level * (r.level - 1));
    expect(rows.at(-1)?.minXp).toBe(450);
  });

  it('1 XP per dungeon node explored and survived; campaign mode and bonus XP are marked as gaps', () => {
    expect(XP_AWARDS).toHaveLength(1);
    expect(XP_AWARDS[0]).toMatchObject({ id: 'dungeon-node', mode: 'crawl', xp: 1 });
    for (const m of XP_MODES) expect(m.gaps.length > 0).toBe(m.status === 'wip');
    expect(XP_MODES.find((m) => m.id === 'campaign')?.status).toBe('wip');
  });
});
