import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommanderError } from 'commander';
import { afterAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../dice/random.js';
import { rollCharacters } from '../rules/hammercrawl/create-character.js';
import { MAX_FIGHTS } from '../rules/hammercrawl/combat/problems.js';
import { UsageError } from './mechanic.js';
import { PROGRESS_MIN_RUNS, PROGRESS_STEPS, buildSimulateCommand, progressReporter } from './simulate.js';

const dir = mkdtempSync(join(tmpdir(), 'hammercrawl-simulate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

async function run(args: string[]): Promise<{ out: string; err: string }> {
  let out = '';
  let err = '';
  const cmd = buildSimulateCommand({ stdout: (s) => (out += s), stderr: (s) => (err += s) }, () => 1234);
  await cmd.parseAsync(args, { from: 'user' });
  return { out, err };
}

async function fails(args: string[]): Promise<string> {
  try {
    await run(args);
  } catch (e) {
    if (e instanceof UsageError || e instanceof CommanderError) return e.message;
    throw e;
  }
  throw new Error(`expected ${args.join(' ')} to fail`);
}

const GOBLINS = 'goblin:hd=1,attack=+3,defense=12,damage=d6,count=3';

describe('simulate', () => {
  it("a party of another ruleset's characters is refused by that ruleset's name, not by its first unknown field", async () => {
    const path = file('bare-bones-party.json', JSON.stringify([{ ruleset: 'bare-bones', name: 'Aldric', race: 'dwarf' }]));
    expect(await fails(['--party', path, '--monster', GOBLINS])).toBe(`--party: '${path}' holds a character of The Bare Bones; sim runs HAMMERCRAWL! fights, with HAMMERCRAWL! characters only`);
  });

  it('is a command named sim, with simulate as its alias', () => {
    const cmd = buildSimulateCommand({ stdout: () => {}, stderr: () => {} }, () => 1);
    expect(cmd.name()).toBe('sim');
    expect(cmd.aliases()).toEqual(['simulate']);
  });

  it('--runs --seed --json prints runs, partyWins and rounds at the top (the CLI contract)', async () => {
    const r = await run(['--generate', '2', '--monster', GOBLINS, '--runs', '40', '--seed', '3', '--json']);
    const json = JSON.parse(r.out) as Record<string, unknown>;
    expect(json['runs']).toBe(40);
    expect(typeof json['partyWins']).toBe('number');
    expect(Object.keys(json['rounds'] as object)).toEqual(['mean', 'min', 'max']);
    expect(json['turnOrder']).toBe('initiative');
    expect(r.err).toBe('');
    const same = await run(['--generate', '2', '--monster', GOBLINS, '--fights', '40', '--seed', '3', '--json']);
    expect(same.out).toBe(r.out);
  });

  it('writes a progress line on stderr from PROGRESS_MIN_RUNS runs, none one below', async () => {
    const quiet = progressReporter({ stdout: () => {}, stderr: () => { throw new Error('no progress expected'); } }, PROGRESS_MIN_RUNS - 1);
    expect(quiet).toBeUndefined();
    let err = '';
    const report = progressReporter({ stdout: () => {}, stderr: (s) => (err += s) }, PROGRESS_MIN_RUNS)!;
    for (let i = 1; i <= PROGRESS_MIN_RUNS; i++) report(i, PROGRESS_MIN_RUNS);
    const lines = err.trim().split('\n');
    expect(lines).toHaveLength(PROGRESS_STEPS);
    expect(lines.at(-1)).toBe(`sim: ${PROGRESS_MIN_RUNS} of ${PROGRESS_MIN_RUNS} runs (100%)`);
  });

  it('--generate with a seed: the same report twice; JSON has the report', async () => {
    const args = ['--generate', '3', '--monster', GOBLINS, '--fights', '50', '--seed', '9', '--json'];
    const a = await run(args);
    const b = await run(args);
    expect(a.out).toBe(b.out);
    const json = JSON.parse(a.out) as { seed: number; party: string[]; report: { fights: number; winRate: number; pcs: unknown[] } };
    expect(json.seed).toBe(9);
    expect(json.party).toHaveLength(3);
    expect(json.report.fights).toBe(50);
    expect(json.report.pcs).toHaveLength(3);
  });

  it('prints a text report with the seed; a fresh seed when none is given', async () => {
    const r = await run(['--generate', '2', '--monster', GOBLINS, '--fights', '20']);
    expect(r.out).toMatch(/^20 fights: party wins \d+\.\d%/);
    expect(r.out).toContain('seed 1234 (the same fights again: --seed 1234)');
  });

  it('reads a party saved by char new --json and monsters from JSON', async () => {
    const made = rollCharacters(seededRandom(5), { method: 'random', seed: 5 }, 2);
    if (!made.ok) throw new Error('creation failed');
    const party = file('party.json', JSON.stringify(made.characters));
    const monsters = file('monsters.json', JSON.stringify([{ name: 'rat', hd: 0, attack: '+1', defense: 8, damage: 2, count: 4 }]));
    const r = await run(['--party', party, '--monsters', monsters, '--fights', '10', '--seed', '1', '--json']);
    const json = JSON.parse(r.out) as { party: string[]; monsters: { name: string }[] };
    expect(json.party).toEqual(made.characters.map((c) => c.name));
    expect(json.monsters[0]!.name).toBe('rat');
  });

  it('--exact draws attacks from their exact odds, or says why it cannot', async () => {
    const exact = async (seed: number) => (JSON.parse((await run(['--generate', '2', '--monster', GOBLINS, '--fights', '20', '--seed', String(seed), '--exact', '--json'])).out) as { report: { mode: string; exactUnavailable: string | null } }).report;
    // Seed 2 makes a party without specials that act on single dice; seed 3 one with them.
    expect(await exact(2)).toMatchObject({ mode: 'exact', exactUnavailable: null });
    expect(await exact(3)).toMatchObject({ mode: 'dice', exactUnavailable: expect.stringMatching(/acts on single dice/) });
  });

  it('mistakes are one clear message', async () => {
    expect(await fails(['--monster', GOBLINS])).toContain('give the party');
    expect(await fails(['--generate', '2'])).toContain('give the monsters');
    expect(await fails(['--generate', '2', '--monster', 'goblin:hd=1'])).toContain('combat/monster-spec');
    expect(await fails(['--generate', '2', '--party', 'x.json', '--monster', GOBLINS])).toContain('not both');
    expect(await fails(['--party', join(dir, 'missing.json'), '--monster', GOBLINS])).toContain('no such file');
    expect(await fails(['--party', file('bad.json', '{'), '--monster', GOBLINS])).toContain('not valid JSON');
    expect(await fails(['--party', file('notchar.json', '[{"name": 1}]'), '--monster', GOBLINS])).toContain('not a valid character');
    expect(await fails(['--generate', '2', '--monster', GOBLINS, '--fights', '0'])).toContain(`1 to ${MAX_FIGHTS}`);
    expect(await fails(['--generate', '2', '--monster', GOBLINS, '--fights', String(MAX_FIGHTS + 1)])).toContain(`1 to ${MAX_FIGHTS}`);
    expect(await fails(['--generate', '2', '--monster', GOBLINS, '--first', 'nobody'])).toContain('party or foes');
  });
});
