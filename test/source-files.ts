// Reading the project's own sources, for the tests that hold its layout (pure-core, layering).
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The checkout's root. */
export const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

/**
 * Source text with comments blanked out (strings kept, since `import 'node:fs'` lives in one).
 * Line breaks are kept so that reported line numbers stay right.
 */
export function stripComments(src: string): string {
  let out = '';
  let i = 0;
  while (i < src.length) {
    const ch = src[i]!;
    const next = src[i + 1];
    if (ch === '/' && next === '/') {
      while (i < src.length && src[i] !== '\n') i += 1;
    } else if (ch === '/' && next === '*') {
      i += 2;
      while (i < src.length && !(src[i] === '*' && src[i + 1] === '/')) {
        if (src[i] === '\n') out += '\n';
        i += 1;
      }
      i += 2;
      out += ' ';
    } else if (ch === '"' || ch === "'" || ch === '`') {
      const quote = ch;
      out += ch;
      i += 1;
      while (i < src.length && src[i] !== quote) {
        if (src[i] === '\\') {
          out += src[i]!;
          i += 1;
        }
        out += src[i] ?? '';
        i += 1;
      }
      out += src[i] ?? '';
      i += 1;
    } else {
      out += ch;
      i += 1;
    }
  }
  return out;
}

/** Every .ts/.tsx source file under `dir` (tests left out unless `withTests`). */
export function sourceFiles(dir: string, withTests = false): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path, withTests));
    else if (/\.tsx?$/.test(name) && (withTests || !/\.test\.tsx?$/.test(name))) files.push(path);
  }
  return files;
}

/** The module specifiers a source text imports or re-exports (static and dynamic), comments ignored. */
export function importsOf(src: string): string[] {
  const code = stripComments(src);
  const out: string[] = [];
  for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g)) out.push(m[1]!);
  return out;
}
