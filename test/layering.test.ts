/**
 * The layers hold (ARCHITECTURE.md, How a ruleset plugs in): the generic table, the server and the web's
 * generic UI speak only the ruleset contract; rulesets never import each other; the dice engine imports
 * nothing above it. This test reads the sources (tests included) and fails on any import or ruleset-id
 * comparison that breaks a rule, so that adding a ruleset stays one folder and one catalogue line.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CATALOGUE } from '../src/rules/catalogue.js';
import { ROOT, importsOf, sourceFiles, stripComments } from './source-files.js';

/** Folders that may name no ruleset: they speak the contract alone. */
const GENERIC_DIRS = ['src/table', 'src/server', 'web/src/ui', 'web/src/lib'];

/** Every ruleset folder under src/rules (a folder there is a ruleset). */
const RULESET_DIRS = readdirSync(join(ROOT, 'src/rules')).filter((n) => statSync(join(ROOT, 'src/rules', n)).isDirectory());

/** The ruleset ids a generic file must not compare against: the catalogue's and the folders'. */
const RULESET_IDS = [...new Set([...CATALOGUE.map((e) => e.id), ...RULESET_DIRS])];

/** The file an import specifier names, relative to the root (packages: null). */
function target(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  return relative(ROOT, resolve(dirname(file), specifier)).replace(/\\/g, '/');
}

/** The ruleset folder a root-relative path lies in, or null. */
function rulesetOf(path: string): string | null {
  const m = /^src\/rules\/([^/]+)\//.exec(path);
  return m !== null && RULESET_DIRS.includes(m[1]!) ? m[1]! : null;
}

/** What breaks the layering in one file, as "line: problem" strings. `path` is root-relative. */
function layeringProblems(path: string, src: string, file = join(ROOT, path)): string[] {
  const problems: string[] = [];
  const imports = importsOf(src).map((s) => ({ s, to: target(file, s) }));
  const isGeneric = GENERIC_DIRS.some((d) => path.startsWith(`${d}/`));
  const own = rulesetOf(path);
  for (const { s, to } of imports) {
    if (to === null) continue;
    const into = rulesetOf(to);
    if (isGeneric && into !== null) problems.push(`imports ruleset ${into} (${s})`);
    if (own !== null && into !== null && into !== own) problems.push(`ruleset ${own} imports ruleset ${into} (${s})`);
    // The dice engine's tests may use the shared test helpers (test/), nothing else above src/dice.
    const isTestHelper = /\.test\.tsx?$/.test(path) && to.startsWith('test/');
    if (path.startsWith('src/dice/') && !to.startsWith('src/dice/') && !isTestHelper) problems.push(`src/dice imports ${to} (${s})`);
    if (path.startsWith('src/rules/') && own === null && into !== null && path !== 'src/rules/catalogue.ts') problems.push(`the contract imports ruleset ${into} (${s})`);
  }
  if (isGeneric) {
    const code = stripComments(src);
    const ids = RULESET_IDS.map((id) => id.replace(/[-]/g, '\\-')).join('|');
    const comparison = new RegExp(`(?:[!=]==?\\s*['"\`](?:${ids})['"\`])|(?:['"\`](?:${ids})['"\`]\\s*[!=]==?)|(?:\\bcase\\s+['"\`](?:${ids})['"\`])`);
    code.split('\n').forEach((line, n) => {
      if (comparison.test(line)) problems.push(`line ${n + 1}: compares against a ruleset id`);
    });
  }
  return problems;
}

const scanned = ['src', 'web/src', 'test', 'bench']
  .map((d) => join(ROOT, d))
  .filter((d) => existsSync(d))
  .flatMap((d) => sourceFiles(d, true))
  .map((f) => relative(ROOT, f).replace(/\\/g, '/'));

describe('the layers hold', () => {
  test('there is something to scan: the generic folders and every ruleset', () => {
    for (const d of GENERIC_DIRS) expect(scanned.some((f) => f.startsWith(`${d}/`)), d).toBe(true);
    expect(RULESET_DIRS.sort()).toEqual(CATALOGUE.map((e) => e.id).sort());
  });

  test('every file: no generic folder names a ruleset, no ruleset imports another, src/dice imports nothing above it', () => {
    const offenders = scanned.flatMap((f) => layeringProblems(f, readFileSync(join(ROOT, f), 'utf8')).map((p) => `${f}: ${p}`));
    expect(offenders).toEqual([]);
  });
});

describe('the layering check', () => {
  test.each([
    ['src/table/commands.ts', "import { x } from '../rules/hammercrawl/table/extension.js';", 'imports ruleset hammercrawl'],
    ['src/server/wire.ts', "const m = await import('../rules/bare-bones/index.js');", 'imports ruleset bare-bones'],
    ['web/src/ui/sheet.tsx', "export { y } from '../../../src/rules/exalted-hack/index.js';", 'imports ruleset exalted-hack'],
    ['web/src/lib/tray.ts', "if (rs.id === 'hammercrawl') return;", 'compares against a ruleset id'],
    ['src/table/state.ts', "switch (ruleset) { case 'so-long-as-men-die': break; }", 'compares against a ruleset id'],
    ['src/table/state.ts', "const other = 'bare-bones' !== state.ruleset;", 'compares against a ruleset id'],
    ['src/rules/bare-bones/damage.ts', "import { rollHit } from '../hammercrawl/damage.js';", 'ruleset bare-bones imports ruleset hammercrawl'],
    ['src/dice/roll.ts', "import type { RuleSystem } from '../rules/rule-system.js';", 'src/dice imports src/rules/rule-system.js'],
    ['src/dice/roll.ts', "import { enumerate } from '../../test/enumerate.js';", 'src/dice imports test/enumerate.js'],
    ['src/rules/rule-system.ts', "import { x } from './hammercrawl/settings.js';", 'the contract imports ruleset hammercrawl'],
  ])('flags %s: %s', (path, src, problem) => {
    expect(layeringProblems(path, `const ok = 1;\n${src}\n`).join(' | ')).toContain(problem);
  });

  test.each([
    ['src/table/commands.ts', "import { ok } from '../rules/rule-system.js';"],
    ['src/table/commands.ts', "// HAMMERCRAWL!'s ventures used to live in '../rules/hammercrawl/venture.js'"],
    ['src/rules/catalogue.ts', "const load = () => import('./hammercrawl/rule-system.js');"],
    ['src/dice/roll.test.ts', "import { enumerate } from '../../test/enumerate.js';"],
    ['src/rules/hammercrawl/table/extension.ts', "import { ok } from '../../rule-system.js';"],
    ['src/server/storage/store-contract.ts', "const created = { ruleset: 'hammercrawl' };"],
    ['src/cli/mechanic-checks.ts', "import { rollCheck } from '../rules/hammercrawl/checks.js';"],
  ])('does not flag %s: %s', (path, src) => {
    expect(layeringProblems(path, src)).toEqual([]);
  });
});
