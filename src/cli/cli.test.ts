import { execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { EXIT_BAD_INPUT, toJson } from './options.js';
import { cli } from '../../test/cli.js';

const run = promisify(execFile);
const BIN = fileURLToPath(new URL('../../bin/hammercrawl.js', import.meta.url));

describe('roll', () => {
  // Golden: pins the CLI's current output so that a change to it is made on purpose; it does not by
  // itself prove the output right (src/cli/golden/README.md).
  it('prints each die, the dropped ones and the total (golden)', async () => {
    const r = await cli(['roll', '4d6kh3+2', '--seed', '42']);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    await expect(r.out).toMatchFileSnapshot('golden/roll-4d6kh3.txt');
  });

  // Golden, as above: pins the current output, does not prove it right.
  it('explains steps, explosions, re-rolls and special dice (golden)', async () => {
    const r = await cli(['roll', '2d20adv + d30^+15 + d%adv + 10d6! + 3d6r<3 - d4^-3', '--seed', '3']);
    expect(r.code).toBe(0);
    await expect(r.out).toMatchFileSnapshot('golden/roll-mixed.txt');
  });

  it('--json gives seed, total and dice, and the same seed gives the same roll', async () => {
    const a = await cli(['roll', '10d6!', '--seed', '99', '--json']);
    const b = await cli(['roll', '10d6!', '--seed', '99', '--json']);
    expect(a.out).toBe(b.out);
    const json = JSON.parse(a.out) as { seed: number; total: number; dice: { value: number; kept: boolean }[] };
    expect(json.seed).toBe(99);
    expect(typeof json.total).toBe('number');
    expect(json.dice).toHaveLength(10);
    expect(json.total).toBe(json.dice.reduce((s, d) => s + (d.kept ? d.value : 0), 0));
  });

  it('chooses and prints a fresh seed when none is given', async () => {
    const r = await cli(['roll', 'd20', '--json']);
    expect(JSON.parse(r.out).seed).toBe(1234);
    expect((await cli(['roll', 'd20'])).out).toContain('--seed 1234');
  });

  it('accepts a notation with a leading minus', async () => {
    const r = await cli(['roll', '-d4+3', '--seed', '1', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).notation).toBe('-1d4+3');
  });

  it('gives every term its subtotal; signed subtotals add up to the total', async () => {
    const r = await cli(['roll', '4d6kh3-1d4+2', '--seed', '8', '--json']);
    const json = JSON.parse(r.out) as { total: number; terms: { sign: number; subtotal: number }[] };
    expect(json.terms.map((t) => typeof t.subtotal)).toEqual(['number', 'number', 'number']);
    expect(json.terms.reduce((sum, t) => sum + t.sign * t.subtotal, 0)).toBe(json.total);
  });
});

describe('typos', () => {
  it('a misspelt command, option or mechanic gets one line with "did you mean", exit 2', async () => {
    for (const [args, hint] of [
      [['rol', 'd20'], "unknown command 'rol' (did you mean roll?)"],
      [['roll', 'd20', '--sead', '3'], "unknown option '--sead' (did you mean --seed?)"],
      [['odds', 'tset', '--target', '12'], "'tset' is neither dice notation nor a mechanic (did you mean test?)"],
    ] as const) {
      const r = await cli([...args]);
      expect(r.code).toBe(2);
      expect(r.err).toContain(hint);
      expect(r.err.trim().split('\n')).toHaveLength(1);
    }
  });
});

describe('odds', () => {
  // Golden: pins the CLI's current output so that a change to it is made on purpose; it does not by
  // itself prove the output right (src/cli/golden/README.md).
  it('prints a table with bars and a target line (golden)', async () => {
    const r = await cli(['odds', '2d6', '--target', '8']);
    expect(r.code).toBe(0);
    await expect(r.out).toMatchFileSnapshot('golden/odds-2d6.txt');
  });

  it('--json: values ascending, p numbers summing to 1, and the mean', async () => {
    const r = await cli(['odds', '4d6kh3', '--json']);
    const json = JSON.parse(r.out) as { distribution: { value: number; p: number }[]; mean: number };
    const values = json.distribution.map((x) => x.value);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(values[0]).toBe(3);
    expect(values.at(-1)).toBe(18);
    expect(json.distribution.reduce((s, x) => s + x.p, 0)).toBeCloseTo(1, 12);
    expect(json.mean).toBeCloseTo(15869 / 1296, 12);
  });

  it('--target adds atMost and above', async () => {
    const json = JSON.parse((await cli(['odds', '1d20', '--target', '15', '--json'])).out) as { atMost: number; above: number };
    expect(json.atMost).toBeCloseTo(0.75, 12);
    expect(json.above).toBeCloseTo(0.25, 12);
  });
});

describe('step', () => {
  it.each([
    [['d20', '+1'], 'd20 +1 step -> d24'],
    [['d20', '-1'], 'd20 -1 step -> d16'],
    [['d8', '+3'], 'd8 +3 steps -> d14'],
    [['d30', '+15'], 'd30 +15 steps -> d30+d30+d4'],
    [['d4', '-3'], 'd4 -3 steps -> d3 (2 below d3, kept at d3)'],
    [['d4', '-3', '--below-d3', 'negate'], 'd4 -3 steps -> no die (2 below d3, die negated)'],
  ])('step %j', async (args, expected) => {
    const r = await cli(['step', ...args]);
    expect(r.code).toBe(0);
    expect(r.out.trim()).toBe(expected);
  });
});

describe('bad input: one line on stderr, exit 2, no stack trace', () => {
  it.each([
    [['roll', '4d6kx3'], 'hammercrawl: notation/unexpected at column 5'],
    [['roll', '101d6'], 'hammercrawl: limit/dice-per-term at column 1'],
    [['odds', 'd9^+1'], 'hammercrawl: chain/not-on-chain at column 3'],
    [['roll', 'd20', '--seed', 'x'], "hammercrawl: option '--seed <n>' argument 'x' is invalid"],
    [['roll', 'd20', '--bogus'], "hammercrawl: unknown option '--bogus'"],
    [['frobnicate'], "hammercrawl: unknown command 'frobnicate'"],
    [['roll'], "hammercrawl: missing required argument 'notation'"],
    [['step', 'x20', '+1'], "hammercrawl: 'x20' is not a die"],
    [['odds', `${'1d6+'.repeat(64)}1`], 'hammercrawl: notation/too-long at column 257'],
  ])('%j', async (args, start) => {
    const r = await cli(args);
    expect(r.code).toBe(EXIT_BAD_INPUT);
    expect(r.out).toBe('');
    expect(r.err.startsWith(start)).toBe(true);
    expect(r.err.trim().split('\n')).toHaveLength(1);
  });
});

describe('the real command', () => {
  it('runs from bin/ and exits 2 with one line on bad notation', async () => {
    const ok = await run(process.execPath, [BIN, 'roll', '1d20', '--seed', '5', '--json']);
    expect(JSON.parse(ok.stdout).seed).toBe(5);
    const bad = await run(process.execPath, [BIN, 'roll', '2d']).catch((e: { code: number; stderr: string; stdout: string }) => e);
    expect('code' in bad && bad.code).toBe(2);
    expect((bad as { stderr: string }).stderr).toMatch(/^hammercrawl: notation\/expected-number at column 3: [^\n]+\n$/);
  });

  it('a reader that closes the pipe early (| head) ends the command quietly', async () => {
    const child = spawn(process.execPath, [BIN, 'char', 'new', '--count', '300', '--seed', '1']);
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  it('--help lists the commands', async () => {
    const { stdout } = await run(process.execPath, [BIN, '--help']);
    for (const cmd of ['roll', 'odds', 'step']) expect(stdout).toContain(cmd);
  });
});

describe('words of notation that start with a minus, and help', () => {
  it.each([
    [['roll', '1d20', '-2', '--seed', '1', '--json'], '1d20-2'],
    [['roll', '-1', '--seed', '1', '--json'], '-1'],
    [['roll', '-2+d20', '--seed', '1', '--json'], '-2+1d20'],
  ])('%j is notation', async (args, notation) => {
    const r = await cli(args);
    expect(r.err).toBe('');
    expect(JSON.parse(r.out).notation).toBe(notation);
  });

  it('a mechanic keeps its negative flag values', async () => {
    const json = JSON.parse((await cli(['odds', 'test', '--target', '12', '--mod', '-2', '--json'])).out) as { effectiveTarget: number };
    expect(json.effectiveTarget).toBe(10);
  });

  it('serve --allow-host refuses a value that is no host name before starting, naming it', async () => {
    const bad = await cli(['serve', '--port', '0', '--allow-host', 'https://table.example']);
    expect(bad.code).toBe(EXIT_BAD_INPUT);
    expect(bad.err).toContain("'https://table.example' is not a host name (such as table.example or table.example:8080), nor * for any host");
  });

  it('help on an unknown command is an error, help on a command shows it', async () => {
    const bad = await cli(['help', 'frobnicate']);
    expect(bad.code).toBe(EXIT_BAD_INPUT);
    expect(bad.err).toBe("hammercrawl: unknown command 'frobnicate'; the commands are roll, odds, step, char, serve, seat, verify, sim, rules\n");
    const good = await cli(['help', 'odds']);
    expect(good.code).toBe(0);
    expect(good.out).toContain('Usage: hammercrawl odds');
  });

  it('the top-level help names every mechanic', async () => {
    const out = (await cli(['--help'])).out;
    for (const name of ['test', 'challenge', 'open', 'save', 'compete', 'resource', 'soak', 'hammer']) expect(out).toContain(name);
  });
});

describe('JSON numbers', () => {
  it('fractions are printed to 15 significant digits, underflow as 0', async () => {
    expect(toJson({ p: 0.1 + 0.2, q: 5e-324, n: 7, s: 'x' })).toBe('{"p":0.3,"q":0,"n":7,"s":"x"}');
    expect(JSON.parse((await cli(['odds', 'test', '--target', '12', '--json'])).out).success).toBe(0.6);
  });
});

describe('mechanic flags', () => {
  it('choices match without regard to case, and help lists them', async () => {
    expect((await cli(['odds', 'save', '--mod', '1', '--target', '12', '--stat', 'wil'])).out).toContain('(WIL Save)');
    expect((await cli(['odds', 'soak', '--help'])).out).toContain('(armour|health)');
  });

  it('--die accepts d% as d100', async () => {
    const json = JSON.parse((await cli(['odds', 'test', '--die', 'd%', '--target', '40', '--json'])).out) as { dice: string[]; success: number };
    expect(json.dice).toEqual(['d100']);
    expect(json.success).toBe(0.4);
  });
});

describe('messages name a ruleset once and hint only what the ruleset does', () => {
  it('a die off a chain whose label begins with The, and a chain that keeps its top die, get no wrong hint', async () => {
    const eh = await cli(['step', 'd20', '+1', '--ruleset', 'exalted-hack']);
    expect(eh.code).toBe(EXIT_BAD_INPUT);
    expect(eh.err).toContain("'d20' is not a die of The Exalted Hack usage chain (d4 d6 d8 d10 d12)");
    expect(eh.err).not.toContain('past its top');
    const hc = await cli(['step', 'd31', '+1']);
    expect(hc.err).toContain('not a die of the HAMMERCRAWL! dice chain');
    expect(hc.err).toContain('nor one past its top (d30+d3, ...)');
  });

  it("a ruleset without usage dice says so once, with its ruling", async () => {
    const r = await cli(['odds', 'resource', '--ruleset', 'so-long-as-men-die', '--die', 'd6']);
    expect(r.code).toBe(EXIT_BAD_INPUT);
    expect(r.err).toContain('So Long as Men Die has no usage dice (ruling SL-19); its checks are');
  });
});

describe('char level-up speaks of the ruleset it levels', () => {
  it('a ruleset without levels says so; a problem inside the character names no flag; a list of one gets no number', async () => {
    const sl = await cli(['char', 'new', '--ruleset', 'so-long-as-men-die', '--seed', '2', '--json']);
    const bb = await cli(['char', 'new', '--ruleset', 'bare-bones', '--seed', '2', '--json']);
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'hc-levelup-'));
    writeFileSync(join(dir, 'sl.json'), sl.out);
    writeFileSync(join(dir, 'bb.json'), bb.out);
    const noLevels = await cli(['char', 'level-up', join(dir, 'sl.json')]);
    expect(noLevels.code).toBe(EXIT_BAD_INPUT);
    expect(noLevels.err).toMatch(/^hammercrawl: So Long as Men Die has no levels: its characters do not level up/);
    const short = await cli(['char', 'level-up', join(dir, 'bb.json'), '--in-safe-place']);
    expect(short.code).toBe(EXIT_BAD_INPUT);
    expect(short.err).toMatch(/^hammercrawl: [^:$]+: Level 2 needs \d+ XP; this character has 0\. \(bare-bones\/not-enough-xp\)/);
    expect(short.err).not.toContain('--xp');
    expect(short.err).not.toContain('$[0]');
  });
});

describe('char show', () => {
  it('gives each of a character’s values once: the summary line, then only what it left out', async () => {
    const made = await cli(['char', 'new', '--ruleset', 'bare-bones', '--seed', '2', '--json']);
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const file = join(mkdtempSync(join(tmpdir(), 'hc-show-')), 'bb.json');
    writeFileSync(file, made.out);
    const shown = await cli(['char', 'show', file]);
    expect(shown.code).toBe(0);
    const blood = shown.out.match(/Blood \d+\/\d+/g) ?? [];
    expect(blood).toHaveLength(1);
    expect(shown.out).toMatch(/Sweat \d+\/\d+/);
  });
});

describe('a failed command line points at the help page that answers it', () => {
  it.each([
    [['odds', 'test'], "see 'hammercrawl odds test --help'"],
    [['char', 'new', '--count', '0'], "see 'hammercrawl char new --help'"],
    [['odds', 'test', '--target', '12', '--ruleset', 'bare-bones'], "see 'hammercrawl odds test --ruleset bare-bones --help'"],
    [['roll', 'd20', '--seed', 'abc'], "see 'hammercrawl roll --help'"],
  ])('%j', async (args, hint) => {
    const r = await cli(args);
    expect(r.code).toBe(EXIT_BAD_INPUT);
    expect(r.err.trim().endsWith(hint)).toBe(true);
    expect(r.err).not.toMatch(/is invalid\. [a-z]/);
  });
});
