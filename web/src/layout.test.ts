/// <reference types="node" />
/**
 * The page's layering, checked: the generic page (ui/, lib/) never names a ruleset nor imports a
 * ruleset's folder; it reaches a ruleset's web parts through the registry alone (rulesets/index.ts
 * and rulesets/types.ts); each folder of rulesets/ is a catalogue id with a registry entry, and no
 * ruleset's folder imports another's.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RULESET_IDS } from '../../src/rules/catalogue.js';
import { RULESET_WEB } from './rulesets/index.js';

const here = fileURLToPath(new URL('.', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** The module paths a source imports (static and dynamic). */
function imports(text: string): string[] {
  return [...text.matchAll(/(?:from\s*|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g)].map((m) => m[1]!);
}

describe('the generic page and the rulesets', () => {
  const generic = [...sources(join(here, 'ui')), ...sources(join(here, 'lib'))];

  it('never names a ruleset in ui/ or lib/, tests included', () => {
    const offenders: string[] = [];
    for (const file of generic) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        for (const id of RULESET_IDS) if (line.includes(id)) offenders.push(`${relative(here, file)}:${i + 1}: ${id}`);
      });
    }
    expect(offenders).toEqual([]);
  });

  it('reaches a ruleset\'s web parts through the registry and its types only', () => {
    const offenders: string[] = [];
    for (const file of generic) {
      for (const path of imports(readFileSync(file, 'utf8'))) {
        if (/\/rules\/[^/]+\//.test(path) && !/\/rules\/rule-system\.js$/.test(path)) offenders.push(`${relative(here, file)}: ${path}`);
        if (/\/rulesets\//.test(path) && !/\/rulesets\/(index|types)\.js$/.test(path)) offenders.push(`${relative(here, file)}: ${path}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('has one registry entry per ruleset folder, each a catalogue id, and no folder imports another\'s', () => {
    const dirs = readdirSync(join(here, 'rulesets')).filter((d) => statSync(join(here, 'rulesets', d)).isDirectory());
    expect(dirs.sort()).toEqual(Object.keys(RULESET_WEB).sort());
    for (const d of dirs) expect(RULESET_IDS as readonly string[]).toContain(d);
    const offenders: string[] = [];
    for (const d of dirs) {
      for (const file of sources(join(here, 'rulesets', d))) {
        for (const path of imports(readFileSync(file, 'utf8'))) {
          const other = dirs.find((o) => o !== d && (path.includes(`/rulesets/${o}/`) || path.startsWith(`../${o}/`)));
          if (other !== undefined) offenders.push(`${relative(here, file)}: ${path}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
