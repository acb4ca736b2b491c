/**
 * `--ruleset` through `runCli`, run generically against every registered ruleset (their checks, usage
 * dice and characters through the ruleset contract), plus golden files for The Exalted Hack and the
 * start-up plan (`loadModules` imports only what a command line names).
 */
import { describe, expect, it } from 'vitest';
import { type CheckOdds, type ParamDef, type ParamValue, type RuleSystem } from '../rules/rule-system.js';
import { RULESET_IDS, loadRuleSystem } from '../rules/catalogue.js';
import { FRESH_SEED, cli } from '../../test/cli.js';
import { loadModules } from './load-modules.js';
import { EXIT_BAD_INPUT, rulesetOf, toJson } from './options.js';
import { MECHANIC_NAMES, UsageError } from './mechanic.js';
import { MECHANICS } from './mechanics.js';
import { paramFlag, rulesetCommandNames } from './ruleset-commands.js';
import { assertOk } from '../../test/narrow.js';

/** Every ruleset but HAMMERCRAWL! (whose mechanics keep their own commands). */
const OTHER_RULESETS = RULESET_IDS.filter((id) => id !== 'hammercrawl');
const SYSTEMS = new Map<string, RuleSystem>(await Promise.all(OTHER_RULESETS.map(async (id) => [id, await loadRuleSystem(id)] as const)));

function systemOf(id: string): RuleSystem {
  const system = SYSTEMS.get(id);
  if (system === undefined) throw new Error(`no ruleset ${id}`);
  return system;
}

/** A run that must fail with one line on stderr, exit code 2 and no stack trace. */
async function badInput(args: string[]): Promise<string> {
  const r = await cli(args);
  expect(r.code, `${args.join(' ')} -> ${r.out}${r.err}`).toBe(EXIT_BAD_INPUT);
  expect(r.out).toBe('');
  expect(r.err).toMatch(/^hammercrawl: [^\n]+\n$/);
  expect(r.err).not.toMatch(/\bat .*\.(ts|js):\d+/);
  return r.err;
}

/** Candidate values of a required parameter with no default, likeliest to be accepted first. */
function candidates(def: ParamDef): { flag: string; value: ParamValue }[] {
  switch (def.kind) {
    case 'integer': {
      const n = Math.min(def.max, Math.max(def.min, 12));
      return [{ flag: String(n), value: n }];
    }
    case 'die': {
      const sides = def.sides.find((s) => s > 0) ?? def.sides[0] ?? 6;
      return [{ flag: `d${sides}`, value: sides }];
    }
    case 'choice':
      return def.choices.map((c) => ({ flag: c.id, value: c.id }));
    case 'boolean':
      return [{ flag: '', value: true }];
    case 'text':
      return ['12,14,9', '12', 'x'].map((t) => ({ flag: t, value: t }));
  }
}

/**
 * Flags for a check's required parameters that the ruleset accepts (found through the contract), or
 * null when it accepts none of the candidates (a ruleset still being written).
 */
function requiredFlags(system: RuleSystem, checkId: string): string[] | null {
  const check = system.checks.find((c) => c.id === checkId)!;
  let combos: { flags: string[]; params: Record<string, ParamValue> }[] = [{ flags: [], params: {} }];
  for (const def of check.params.filter((p) => p.isRequired === true && p.default === undefined)) {
    combos = combos.flatMap((c) =>
      candidates(def).map((v) => ({ flags: [...c.flags, paramFlag(def).split(' ')[0]!, ...(v.flag === '' ? [] : [v.flag])], params: { ...c.params, [def.name]: v.value } })),
    );
  }
  for (const combo of combos.slice(0, 50)) {
    if (system.checkOdds({ check: checkId, params: combo.params }).ok) return combo.flags;
  }
  return null;
}

const sumOf = (xs: readonly { p: number }[]): number => xs.reduce((s, x) => s + x.p, 0);

const CHECK_CASES = OTHER_RULESETS.flatMap((id) => systemOf(id).checks.map((c) => [id, c.id] as const));

describe('every check of every ruleset, through the CLI', () => {
  it.each(CHECK_CASES)('%s %s: odds sum to 1, --json parses, the roll is one of the outcomes', async (id, checkId) => {
    const system = systemOf(id);
    const flags = requiredFlags(system, checkId);
    const base = [checkId, '--ruleset', id, ...(flags ?? [])];
    if (flags === null) {
      // The ruleset refuses every candidate: the CLI still fails cleanly, one line, exit 2.
      await badInput(['odds', ...base]);
      return;
    }
    const odds = await cli(['odds', ...base, '--json']);
    expect(odds.err).toBe('');
    expect(odds.code).toBe(0);
    const json = JSON.parse(odds.out) as CheckOdds & { ruleset: string };
    expect(json.ruleset).toBe(id);
    expect(json.check).toBe(checkId);
    expect(sumOf(json.outcomes)).toBeCloseTo(1, 9);
    if (json.values !== undefined) expect(sumOf(json.values)).toBeCloseTo(1, 9);

    const text = await cli(['odds', ...base]);
    expect(text.code).toBe(0);
    expect(text.out).toContain(system.label);
    for (const o of json.outcomes) expect(text.out).toContain(o.outcome);

    const roll = await cli(['roll', ...base, '--seed', '11', '--json']);
    expect(roll.err).toBe('');
    const rolled = JSON.parse(roll.out) as { seed: number; ruleset: string; outcome: string; dice: unknown[] };
    expect(rolled.seed).toBe(11);
    expect(rolled.ruleset).toBe(id);
    expect(json.outcomes.map((o) => o.outcome)).toContain(rolled.outcome);
    expect((await cli(['roll', ...base, '--seed', '11', '--json'])).out).toBe(roll.out);

    const rollText = await cli(['roll', ...base]);
    expect(rollText.code).toBe(0);
    expect(rollText.out).toContain(`--seed ${FRESH_SEED}`);
  });

  it.each(OTHER_RULESETS)('%s: the CLI odds are the contract\'s odds', async (id) => {
    const system = systemOf(id);
    for (const check of system.checks) {
      const flags = requiredFlags(system, check.id);
      if (flags === null) continue;
      const r = await cli(['odds', check.id, '--ruleset', id, ...flags, '--json']);
      const params = Object.fromEntries(
        check.params.filter((p) => p.isRequired === true && p.default === undefined).map((p) => {
          const i = flags.indexOf(`--${p.name}`);
          const text = p.kind === 'boolean' ? true : flags[i + 1]!;
          return [p.name, p.kind === 'integer' ? Number(text) : p.kind === 'die' ? Number(String(text).slice(1)) : text];
        }),
      );
      const direct = system.checkOdds({ check: check.id, params });
      assertOk(direct, check.id);
      expect(r.out).toBe(`${toJson({ ruleset: id, ...direct.value })}\n`);
    }
  });

  it.each(OTHER_RULESETS)('%s: an unknown check is one line naming the checks, exit 2', async (id) => {
    const err = await badInput(['odds', 'frobnicate', '--ruleset', id]);
    expect(err).toContain("no check 'frobnicate'");
    for (const name of rulesetCommandNames(systemOf(id))) expect(err).toContain(name);
    await badInput(['roll', '--ruleset', id, 'frobnicate']);
  });

  it.each(OTHER_RULESETS)('%s: notation steps use the ruleset\'s chain', async (id) => {
    const [from, to] = systemOf(id).chain.sides;
    const json = JSON.parse((await cli(['odds', `d${from}^+1`, '--ruleset', id, '--json'])).out) as { distribution: { value: number }[] };
    expect(json.distribution.at(-1)!.value).toBe(to);
    const rolled = JSON.parse((await cli(['roll', `d${from}^+1`, '--ruleset', id, '--seed', '2', '--json'])).out) as { dice: { die: string }[] };
    expect(rolled.dice[0]!.die).toBe(`d${to}`);
  });
});

describe('usage dice: odds resource --ruleset r', () => {
  const withUsage = OTHER_RULESETS.filter((id) => systemOf(id).usageDie.sides.length > 0);

  it.each(withUsage)('%s: the same JSON shape as HAMMERCRAWL!\'s resource die', async (id) => {
    const { sides } = systemOf(id).usageDie;
    const top = sides.at(-1)!;
    const ours = JSON.parse((await cli(['odds', 'resource', '--ruleset', id, '--die', `d${top}`, '--uses', '5', '--json'])).out) as Record<string, unknown>;
    const hammercrawl = JSON.parse((await cli(['odds', 'resource', '--die', 'd12', '--uses', '5', '--json'])).out) as Record<string, unknown>;
    expect(Object.keys(ours)).toEqual(Object.keys(hammercrawl));
    const distribution = ours['distribution'] as { die: string | null; p: number }[];
    expect(distribution.map((x) => x.die)).toEqual([...[...sides].reverse().map((s) => `d${s}`), null]);
    expect(sumOf(distribution)).toBeCloseTo(1, 12);
    expect(distribution.at(-1)!.p).toBe(ours['depleted']);
    expect(ours['die']).toBe(`d${top}`);

    const roll = await cli(['roll', 'resource', '--ruleset', id, '--die', `d${top}`, '--uses', '4', '--seed', '3', '--json']);
    const rolled = JSON.parse(roll.out) as Record<string, unknown>;
    const hcRoll = JSON.parse((await cli(['roll', 'resource', '--die', 'd12', '--uses', '4', '--seed', '3', '--json'])).out) as Record<string, unknown>;
    expect(Object.keys(rolled)).toEqual(Object.keys(hcRoll));
    expect((await cli(['roll', 'resource', '--ruleset', id, '--die', `d${top}`, '--uses', '4', '--seed', '3', '--json'])).out).toBe(roll.out);
    expect((await cli(['odds', 'resource', '--ruleset', id, '--die', `d${top}`])).code).toBe(0);
  });

  it('The Bare Bones steps down on 1-3, along its own chain', async () => {
    const json = JSON.parse((await cli(['odds', 'resource', '--ruleset', 'bare-bones', '--die', 'd4', '--json'])).out) as { depleted: number };
    expect(json.depleted).toBeCloseTo(3 / 4, 15);
    const d20 = JSON.parse((await cli(['odds', 'resource', '--ruleset', 'bare-bones', '--die', 'd20', '--json'])).out) as { distribution: { die: string | null; p: number }[] };
    expect(d20.distribution.map((x) => x.die)).toEqual(['d20', 'd12', 'd10', 'd8', 'd6', 'd4', null]);
    expect(d20.distribution[1]!.p).toBeCloseTo(3 / 20, 15);
  });

  it('The Exalted Hack burns d4 to d12 on 1-2', async () => {
    const json = JSON.parse((await cli(['odds', 'resource', '--ruleset', 'exalted-hack', '--die', 'd4', '--uses', '1', '--json'])).out) as { depleted: number };
    expect(json.depleted).toBeCloseTo(1 / 2, 15);
    await badInput(['odds', 'resource', '--ruleset', 'exalted-hack', '--die', 'd20']);
  });

  it('So Long as Men Die has no usage dice: one line, exit 2', async () => {
    expect(await badInput(['odds', 'resource', '--ruleset', 'so-long-as-men-die', '--die', 'd8'])).toContain('no usage dice');
  });
});

describe('char new --ruleset r', () => {
  it.each(OTHER_RULESETS)('%s: --count, --seed, --json; ruleset, schemaVersion and stats by attribute', async (id) => {
    const system = systemOf(id);
    const r = await cli(['char', 'new', '--ruleset', id, '--count', '3', '--seed', '5', '--json']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const characters = JSON.parse(r.out) as { ruleset: string; schemaVersion: number; name: string; stats: Record<string, { score: number; mod?: number }> }[];
    expect(characters).toHaveLength(3);
    for (const c of characters) {
      expect(c.ruleset).toBe(id);
      expect(Number.isInteger(c.schemaVersion)).toBe(true);
      expect(Object.keys(c.stats).sort()).toEqual(system.attributes.map((a) => a.id).sort());
      for (const s of Object.values(c.stats)) {
        expect(Number.isInteger(s.score)).toBe(true);
        if (s.mod !== undefined) expect(Number.isInteger(s.mod)).toBe(true);
      }
      expect(system.readCharacter(c).ok).toBe(true);
    }
    expect((await cli(['char', 'new', '--ruleset', id, '--count', '3', '--seed', '5', '--json'])).out).toBe(r.out);
    const text = await cli(['char', 'new', '--ruleset', id, '--count', '2']);
    expect(text.code).toBe(0);
    expect(text.out).toContain(`seed ${FRESH_SEED}`);
    expect(text.out).toContain(system.attributes[0]!.id.toUpperCase());
  });

  it.each(OTHER_RULESETS)('%s: help lists every creation option as a flag; bad input is one line', async (id) => {
    const system = systemOf(id);
    const help = (await cli(['char', 'new', '--ruleset', id, '--help'])).out;
    for (const def of system.creationOptions) expect(help).toContain(`--${def.name}`);
    await badInput(['char', 'new', '--ruleset', id, '--count', '0']);
    await badInput(['char', 'new', '--ruleset', id, '--method', 'palladium-nonsense', '--bogus']);
  });

  it('exalted-hack: --no-languages leaves only Common; without it INT\'s languages are rolled', async () => {
    type Doc = { languages: { id: string }[]; stats: { int: { score: number } } };
    const seed = ['--ruleset', 'exalted-hack', '--seed', '3', '--json'];
    const [bare] = JSON.parse((await cli(['char', 'new', ...seed, '--no-languages'])).out) as Doc[];
    expect(bare!.languages.map((l) => l.id)).toEqual(['common']);
    const [full] = JSON.parse((await cli(['char', 'new', ...seed])).out) as Doc[];
    expect(full!.languages.length).toBeGreaterThan(1);
    expect(full!.languages[0]!.id).toBe('common');
  });

  it('a creation option reaches the ruleset (The Exalted Hack --level)', async () => {
    const [c] = JSON.parse((await cli(['char', 'new', '--ruleset', 'exalted-hack', '--level', '3', '--seed', '1', '--json'])).out) as { level: number }[];
    expect(c!.level).toBe(3);
  });
});

describe('--ruleset hammercrawl is today\'s CLI, byte for byte', () => {
  it.each([
    [['roll', '4d6kh3+2', '--seed', '42']],
    [['odds', '2d6', '--target', '8']],
    [['odds', 'test', '--target', '12', '--steps', '1', '--json']],
    [['roll', 'resource', '--die', 'd8', '--uses', '3', '--seed', '4']],
    [['char', 'new', '--method', 'palladium', '--seed', '7', '--json']],
    [['step', 'd20', '+1']],
  ])('%j', async (args) => {
    const plain = await cli(args);
    expect(plain.code).toBe(0);
    expect((await cli([...args, '--ruleset', 'hammercrawl'])).out).toBe(plain.out);
    expect((await cli([...args, '--ruleset=hammercrawl'])).out).toBe(plain.out);
  });
});

describe('bad --ruleset input', () => {
  it.each([
    [['roll', 'd20', '--ruleset', 'nope'], "--ruleset: unknown ruleset 'nope'"],
    [['odds', 'check', '--ruleset', 'exalted-hack'], 'Attribute is required (--attribute)'],
    [['odds', 'check', '--ruleset', 'exalted-hack', '--attribute', '99'], "argument '99' is invalid: expected a whole number from 1 to 18"],
    [['odds', 'damage', '--ruleset', 'exalted-hack', '--weapon', 'spoon'], 'expected one of light, martial, heavy'],
    [['odds', 'damage', '--ruleset', 'exalted-hack', '--die', 'd7'], 'expected one of d4, d6, d8, d10, d12'],
    [['odds', 'resource', '--ruleset', 'exalted-hack'], "required option '--die <dX>' not specified"],
    [['rules', 'nope'], "unknown ruleset 'nope'"],
  ])('%j', async (args, message) => {
    expect(await badInput(args)).toContain(message);
  });

  it('rulesetOf reads --ruleset and --ruleset=, the last one winning', () => {
    expect(rulesetOf(['roll', 'd20'])).toBe('hammercrawl');
    expect(rulesetOf(['odds', 'check', '--ruleset', 'bare-bones', '--ruleset=exalted-hack'])).toBe('exalted-hack');
    expect(rulesetOf(['roll', '--', '--ruleset', 'nope'])).toBe('hammercrawl');
    expect(() => rulesetOf(['roll', '--ruleset', 'nope'])).toThrow(UsageError);
  });
});

describe('help', () => {
  it('odds --help and roll --help mention --ruleset; the top-level help says what each ruleset is', async () => {
    for (const cmd of ['odds', 'roll']) expect((await cli([cmd, '--help'])).out).toContain('--ruleset');
    const top = (await cli(['--help'])).out;
    for (const id of RULESET_IDS) expect(top).toContain(id);
    expect(top).toContain('rules');
  });

  it.each(OTHER_RULESETS)('odds --ruleset %s --help lists its checks; rules %s lists each check\'s flags', async (id) => {
    const system = systemOf(id);
    const help = (await cli(['odds', '--ruleset', id, '--help'])).out;
    for (const name of rulesetCommandNames(system)) expect(help).toContain(name);
    const rules = await cli(['rules', id]);
    expect(rules.code).toBe(0);
    expect(rules.out).toContain(system.label);
    for (const check of system.checks) {
      expect(rules.out).toContain(`${check.id}: `);
      for (const p of check.params) expect(rules.out).toContain(`--${p.name}`);
    }
    const json = JSON.parse((await cli(['rules', id, '--json'])).out) as { id: string; checks: { id: string }[] };
    expect(json.id).toBe(id);
    expect(json.checks.map((c) => c.id)).toEqual(system.checks.map((c) => c.id));
    const checkHelp = (await cli(['odds', system.checks[0]!.id, '--ruleset', id, '--help'])).out;
    for (const p of system.checks[0]!.params) expect(checkHelp).toContain(`--${p.name}`);
  });

  it('rules lists every ruleset; rules hammercrawl lists the mechanics', async () => {
    const all = (await cli(['rules'])).out;
    for (const id of RULESET_IDS) expect(all).toContain(id);
    const hc = (await cli(['rules', 'hammercrawl'])).out;
    for (const name of MECHANIC_NAMES) expect(hc).toContain(name);
  });
});

describe('golden: The Exalted Hack', () => {
  // Golden: pins the CLI's current output so that a change to it is made on purpose; it does not by
  // itself prove the output right (src/cli/golden/README.md).
  it.each([
    ['odds-exalted-hack-check.txt', ['odds', 'check', '--ruleset', 'exalted-hack', '--attribute', '12', '--advantage']],
    ['odds-exalted-hack-damage.txt', ['odds', 'damage', '--ruleset', 'exalted-hack', '--die', 'd8', '--weapon', 'martial', '--armour', '1']],
    ['roll-exalted-hack-attack.txt', ['roll', 'attack', '--ruleset', 'exalted-hack', '--attribute', '13', '--seed', '42']],
    ['odds-exalted-hack-resource.txt', ['odds', 'resource', '--ruleset', 'exalted-hack', '--die', 'd8', '--uses', '3']],
    ['char-exalted-hack.txt', ['char', 'new', '--ruleset', 'exalted-hack', '--count', '2', '--seed', '7']],
    ['char-exalted-hack.json', ['char', 'new', '--ruleset', 'exalted-hack', '--count', '2', '--seed', '7', '--json']],
  ])('%s', async (file, args) => {
    const r = await cli(args);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    await expect(r.out).toMatchFileSnapshot(`golden/${file}`);
  });
});

describe('start-up: only what the command line names is imported', () => {
  it('MECHANIC_NAMES are the names of MECHANICS', () => {
    expect([...MECHANIC_NAMES]).toEqual(MECHANICS.map((m) => m.name));
  });

  it.each([
    [['roll', 'd20', '--seed', '1'], []],
    [['odds', '4d6kh3', '--json'], []],
    [['step', 'd20', '+1'], []],
    [['odds', 'test', '--target', '12'], ['mechanics']],
    [['roll', 'd20', '--ruleset', 'exalted-hack'], ['ruleSystem', 'rulesets']],
    [['char', 'new'], ['char']],
    [['char', 'new', '--ruleset', 'bare-bones'], ['ruleSystem', 'char', 'rulesets']],
    [['serve', '--help'], ['serve']],
    [['rules'], ['rulesets']],
    [['--help'], ['mechanics', 'char', 'serve', 'rulesets']],
  ])('%j loads %j', async (args, expected) => {
    const loaded = await loadModules(args);
    const names = (['mechanics', 'ruleSystem', 'char', 'serve', 'rulesets'] as const).filter((k) => loaded[k] !== null);
    expect(names).toEqual(expected);
  });
});

describe('value tables', () => {
  it('leave out values under 0.01% unless --all, and say how many', async () => {
    const short = await cli(['odds', 'attack', '--ruleset', 'so-long-as-men-die', '--explosions', 'chained']);
    expect(short.code).toBe(0);
    const valueRows = short.out.split('\n').filter((l) => /^\s+\d+\s+(<?\d|<)/.test(l));
    expect(valueRows.length).toBeGreaterThan(0);
    expect(valueRows.some((l) => l.includes('<0.01%'))).toBe(false);
    expect(short.out).toMatch(/\(\d+ rarer values, [\d.<]+% together, not shown; --all shows them\)/);
    const all = await cli(['odds', 'attack', '--ruleset', 'so-long-as-men-die', '--explosions', 'chained', '--all']);
    expect(all.out).toContain('<0.01%');
  });
});
