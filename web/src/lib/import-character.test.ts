import { beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../../src/dice/random.js';
import { loadAllRuleSystems } from '../../../src/rules/catalogue.js';
import type { RuleSystem } from '../../../src/rules/rule-system.js';
import { importProblems } from './import-character.js';

let rulesets: RuleSystem[] = [];
beforeAll(async () => {
  rulesets = [...(await loadAllRuleSystems()).values()];
});

function rolled(rs: RuleSystem): Record<string, unknown> {
  const r = rs.rollCharacter(seededRandom(3), {});
  if (!r.ok) throw new Error(r.error.message);
  return JSON.parse(JSON.stringify(r.value)) as Record<string, unknown>;
}

describe('importing a character, for every ruleset', () => {
  it('reads a whole document, without the id and owner an exported sheet carries', () => {
    for (const rs of rulesets) expect(importProblems(rs, JSON.stringify({ ...rolled(rs), id: 'c1', ownerId: 'm1' })).ok, rs.id).toBe(true);
  });

  it("reads the one-character list 'char new --json' writes; a longer list and another ruleset's character are one clear problem", () => {
    for (const rs of rulesets) {
      expect(importProblems(rs, JSON.stringify([rolled(rs)])).ok, rs.id).toBe(true);
      const two = importProblems(rs, JSON.stringify([rolled(rs), rolled(rs)]));
      expect(two.ok ? [] : two.problems.map((p) => p.message), rs.id).toEqual([expect.stringContaining('This holds 2 characters')]);
      const other = rulesets.find((o) => o.id !== rs.id)!;
      const wrong = importProblems(rs, JSON.stringify(rolled(other)));
      expect(wrong.ok ? [] : wrong.problems, rs.id).toEqual([{ path: '$.ruleset', message: `This is a character of ${other.label}; this table plays ${rs.label}. Make one for this table with "New character".` }]);
    }
  });

  it('names a syntax error and an empty text', () => {
    for (const rs of rulesets) {
      const bad = importProblems(rs, '{"name": ');
      expect(bad.ok ? [] : bad.problems.map((p) => [p.path, p.message.slice(0, 8)])).toEqual([[null, 'Not JSON']]);
      const empty = importProblems(rs, '  ');
      expect(empty.ok ? '' : empty.problems[0]!.message).toMatch(/Paste/);
    }
  });

  it('lists every problem the reader names, each with the path of its field', () => {
    let listingSeveral = 0;
    for (const rs of rulesets) {
      const doc = { ...rolled(rs), name: 7, stats: 'none' };
      const r = importProblems(rs, JSON.stringify(doc));
      expect(r.ok, rs.id).toBe(false);
      if (r.ok) continue;
      for (const p of r.problems) {
        expect(p.path, rs.id).toMatch(/^\$/);
        expect(p.message.length).toBeGreaterThan(0);
      }
      const read = rs.readCharacter(doc);
      const listed = read.ok ? [] : (read.error.problems ?? [read.error]);
      expect(r.problems.map((p) => p.path)).toEqual(listed.map((p) => p.path ?? '$'));
      if (r.problems.length > 1) {
        listingSeveral += 1;
        expect(r.problems.map((p) => p.path), rs.id).toEqual(expect.arrayContaining(['$.name']));
        expect(r.problems.some((p) => p.path?.startsWith('$.stats')), rs.id).toBe(true);
      }
    }
    // At least one ruleset's reader lists several problems at once.
    expect(listingSeveral).toBeGreaterThan(0);
  });
});
