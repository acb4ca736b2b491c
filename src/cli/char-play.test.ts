// `hammercrawl char show | apply | level-up | changes` for every ruleset: a saved character changed the
// way the table changes it, written back, with its history line; bad flags and bad files refused in one
// line naming the problem.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from '../../test/cli.js';
import { CATALOGUE } from '../rules/catalogue.js';
import { seededRandom } from '../dice/random.js';
import { EXIT_BAD_INPUT } from './options.js';

const dir = mkdtempSync(join(tmpdir(), 'hammercrawl-char-play-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const LOADED = await Promise.all(CATALOGUE.map(async (e) => [e.id, await e.load()] as const));

/** A fresh character of the ruleset saved to a file of its own. */
function saved(id: string, name: string): string {
  const rules = LOADED.find(([x]) => x === id)![1];
  const c = rules.rollCharacter(seededRandom(1), {});
  if (!c.ok) throw new Error(c.error.message);
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(c.value));
  return file;
}

/** The words of a change request as flags (`--amount 3`, `--bank`). */
function flags(params: Readonly<Record<string, string | number | boolean>>): string[] {
  return Object.entries(params).flatMap(([k, v]) => (typeof v === 'boolean' ? [v ? `--${k}` : `--no-${k}`] : [`--${k}`, String(v)]));
}

describe.each(LOADED)('char apply, %s', (id, rules) => {
  it('makes the ruleset’s evening of changes to a saved file, one command each, and writes it back with a history line per change', async () => {
    const file = saved(id, `evening-${id}`);
    let seed = 1;
    for (const example of rules.play.examples) {
      const r = await cli(['char', 'apply', file, example.change, ...flags(example.params), '--seed', String(seed++), '--by', 'Mora']);
      expect(r.err, `${example.change} ${JSON.stringify(example.params)}`).toBe('');
      expect(r.code).toBe(0);
      expect(r.out).toMatch(/written to /);
    }
    const after = JSON.parse(readFileSync(file, 'utf8')) as { history: { by: string; change: string }[] };
    expect(after.history.map((h) => h.change)).toEqual(rules.play.examples.map((e) => e.change));
    expect(new Set(after.history.map((h) => h.by))).toEqual(new Set(['Mora']));
    expect(rules.readCharacter(after).ok).toBe(true);
    const shown = await cli(['char', 'show', file]);
    expect(shown.code).toBe(0);
    expect(shown.out).toMatch(/History \(last 5 of \d+\):/);
  });

  it('prints { character, change } with --json, and --dry-run writes nothing', async () => {
    const file = saved(id, `dry-${id}`);
    const before = readFileSync(file, 'utf8');
    const example = rules.play.examples[0]!;
    const r = await cli(['char', 'apply', file, example.change, ...flags(example.params), '--json', '--dry-run', '--seed', '5']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out) as { character: unknown; change: { id: string; params: unknown; summary: string } };
    expect(out.change.id).toBe(example.change);
    expect(out.change.summary.length).toBeGreaterThan(0);
    expect(rules.readCharacter(out.character).ok).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });
});

describe('char apply: refusals', () => {
  it('names an unknown change, an unknown flag and a bad value in one line, exit 2, and leaves the file as it was', async () => {
    const file = saved('bare-bones', 'refused');
    const before = readFileSync(file, 'utf8');
    for (const [args, message] of [
      [['fly'], /has no change 'fly'; its changes are damage, /],
      [['damage', '--wings', '3'], /bare-bones|The Bare Bones damage has no flag --wings/],
      [['damage', '--amount', 'lots'], /--amount 'lots': expected a whole number/],
      [['damage'], /--amount: .*required/],
      [['rest', '--kind'], /--kind needs a value/],
    ] as const) {
      const r = await cli(['char', 'apply', file, ...args]);
      expect(r.code, args.join(' ')).toBe(EXIT_BAD_INPUT);
      expect(r.err).toMatch(message);
      expect(r.err.trim().split('\n')).toHaveLength(1);
    }
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('asks which character of a list, and names an invalid document by its path', async () => {
    const a = JSON.parse(readFileSync(saved('exalted-hack', 'one'), 'utf8')) as Record<string, unknown>;
    const list = join(dir, 'list.json');
    writeFileSync(list, JSON.stringify([a, { ...a, hp: 'lots' }]));
    const r = await cli(['char', 'apply', list, 'heal', '--amount', '1']);
    expect(r.err).toMatch(/\$\[1\]\.hp/);
    writeFileSync(list, JSON.stringify([a, a]));
    const which = await cli(['char', 'apply', list, 'coins', '--amount', '5']);
    expect(which.err).toMatch(/holds 2 characters; say which with --index \(0 to 1\)/);
    const second = await cli(['char', 'apply', list, 'coins', '--amount', '5', '--index', '1']);
    expect(second.code).toBe(0);
    const after = JSON.parse(readFileSync(list, 'utf8')) as { silver: number }[];
    expect(after[1]!.silver).toBe(after[0]!.silver + 5);
  });

  it('prints the odds of a change that rolls, and refuses odds of one that does not', async () => {
    const file = saved('hammercrawl', 'odds');
    const odds = await cli(['char', 'apply', file, 'damage', '--dv', '6', '--odds', '--json']);
    expect(odds.code).toBe(0);
    const o = JSON.parse(odds.out) as { outcomes: { p: number }[] };
    expect(o.outcomes.reduce((s, x) => s + x.p, 0)).toBeCloseTo(1, 12);
    const none = await cli(['char', 'apply', file, 'coins', '--amount', '5', '--odds']);
    expect(none.code).toBe(EXIT_BAD_INPUT);
    expect(none.err).toMatch(/rolls no dice/);
  });
});

describe('char changes and char show', () => {
  it('lists every ruleset’s changes with their flags, and --json gives them by ruleset', async () => {
    const text = await cli(['char', 'changes']);
    for (const [, rules] of LOADED) expect(text.out).toContain(`${rules.label} (${rules.id}):`);
    const json = JSON.parse((await cli(['char', 'changes', '--json'])).out) as Record<string, { id: string }[]>;
    for (const [id, rules] of LOADED) expect(json[id]!.map((c) => c.id)).toEqual(rules.play.changes.map((c) => c.id));
    expect((await cli(['char', 'changes', 'no-such'])).code).toBe(EXIT_BAD_INPUT);
  });

  it('shows a saved character of every ruleset', async () => {
    for (const [id] of LOADED) {
      const file = saved(id, `show-${id}`);
      const name = (JSON.parse(readFileSync(file, 'utf8')) as { name: string }).name;
      const r = await cli(['char', 'show', file]);
      expect(r.code, id).toBe(0);
      expect(r.out).toContain(name);
    }
  });
});
