/**
 * The pure folders (src/dice, src/rules, src/table) have no I/O, no clock, no global randomness,
 * no DOM and no Node built-ins (conventions: Layout). This test reads their sources and fails on
 * any forbidden use, so that it stays true.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT, sourceFiles, stripComments } from './source-files.js';
const PURE_DIRS = ['src/dice', 'src/rules', 'src/table'];

const FORBIDDEN_MODULES = ['fs', 'fs/promises', 'path', 'crypto', 'http', 'https', 'http2', 'net', 'os', 'child_process', 'worker_threads'];

/** Each rule: a name and a pattern that must not occur in code (comments are removed first). */
const RULES: readonly { readonly name: string; readonly pattern: RegExp }[] = [
  { name: 'Math.random', pattern: /\bMath\s*\.\s*random\b/ },
  { name: 'Date.now', pattern: /\bDate\s*\.\s*now\b/ },
  { name: 'new Date(', pattern: /\bnew\s+Date\s*\(/ },
  {
    name: "import from 'node:*'",
    pattern: /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)['"]node:[^'"]*['"]/,
  },
  {
    name: `import from ${FORBIDDEN_MODULES.map((m) => `'${m}'`).join('/')}`,
    pattern: new RegExp(
      `(?:\\bfrom\\s*|\\bimport\\s*\\(\\s*|\\bimport\\s+|\\brequire\\s*\\(\\s*)['"](?:${FORBIDDEN_MODULES.map((m) => m.replace('/', '\\/')).join('|')})['"]`,
    ),
  },
  { name: 'process.', pattern: /\bprocess\s*\./ },
  { name: 'globalThis.crypto', pattern: /\bglobalThis\s*\.\s*crypto\b/ },
  { name: 'fetch(', pattern: /\bfetch\s*\(/ },
  // The DOM's document, not a file name such as magick-document.js.
  { name: 'document.', pattern: /(?<![-/\w$.])document\s*\./ },
  { name: 'window.', pattern: /\bwindow\s*\./ },
];

/** Every forbidden use in a source text, as "line N: rule". */
function findViolations(src: string): string[] {
  const found: string[] = [];
  stripComments(src)
    .split('\n')
    .forEach((line, n) => {
      for (const rule of RULES) if (rule.pattern.test(line)) found.push(`line ${n + 1}: ${rule.name}`);
    });
  return found;
}

const existing = PURE_DIRS.map((d) => join(ROOT, d)).filter((d) => existsSync(d));
const files = existing.flatMap((d) => sourceFiles(d));

describe('the pure core stays pure', () => {
  test('there is something to scan (src/dice at least)', () => {
    expect(existing).toContain(join(ROOT, 'src/dice'));
    expect(files.length).toBeGreaterThanOrEqual(10);
    expect(files.some((f) => f.endsWith(join('dice', 'notation', 'parse.ts')))).toBe(true);
  });

  test.each(files.map((f) => [relative(ROOT, f), f] as const))('%s', (_, file) => {
    expect(findViolations(readFileSync(file, 'utf8'))).toEqual([]);
  });
});

describe('the scanner', () => {
  test.each([
    ['const x = Math.random();', 'Math.random'],
    ['const t = Date.now();', 'Date.now'],
    ['const d = new Date();', 'new Date('],
    ["import { readFileSync } from 'node:fs';", "import from 'node:*'"],
    ['import fs from "fs";', 'fs'],
    ["import { join } from 'path';", 'path'],
    ["import { randomInt } from 'crypto';", 'crypto'],
    ["import 'http';", 'http'],
    ["const m = await import('node:crypto');", "import from 'node:*'"],
    ["const p = require('fs/promises');", 'fs'],
    ['if (process.env.X) {}', 'process.'],
    ['globalThis.crypto.getRandomValues(a);', 'globalThis.crypto'],
    ["await fetch('/roll');", 'fetch('],
    ['document.title = "x";', 'document.'],
    ['const t = document .title;', 'document.'],
    ['window.alert(1);', 'window.'],
    ["export { x } from 'node:path';", "import from 'node:*'"],
  ])('flags %s', (src, rule) => {
    const found = findViolations(`const ok = 1;\n${src}\n`);
    expect(found.length).toBeGreaterThan(0);
    expect(found.join(' ')).toContain(rule);
    expect(found[0]).toMatch(/^line 2: /);
  });

  test.each([
    '// never call Math.random or Date.now here',
    '/* process.env and window.x are for adapters */',
    '/**\n * fetch( is for the server\n */',
    "const label = 'random';",
    'const processed = 1; const windows = 2; const myDocument = 3;',
    "import { DiceError } from './errors.js';",
    "import { readCaster } from '../magick/magick-document.js';",
    "import type { Path } from './path.js';",
    'const url = "http://example.com"; // fine: a string, not an import',
  ])('does not flag %j', (src) => {
    expect(findViolations(src)).toEqual([]);
  });
});
