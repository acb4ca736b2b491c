import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HAS_RULES_TEXT, copiedRuns } from '../../../../test/copied-prose.js';

const FILES = [
  'src/rules/hammercrawl/table/hammer-apply.ts',
  'src/rules/hammercrawl/table/character-writes.ts',
  'src/rules/hammercrawl/table/commands.ts',
  'src/rules/hammercrawl/settings.ts',
  'src/cli/mechanic-checks.ts',
  'web/src/rulesets/hammercrawl/hammer-tray.tsx',
  'web/src/rulesets/hammercrawl/roll-card.ts',
];

describe('the hammer dice at the table are written in our own words', () => {
  it.skipIf(!HAS_RULES_TEXT)('no run of 8 words copied from the rules in their sources', () => {
    const root = fileURLToPath(new URL('../../../../', import.meta.url));
    const texts = FILES.map((f) => readFileSync(`${root}${f}`, 'utf8'));
    expect(texts.every((t) => t.length > 0)).toBe(true);
    expect(copiedRuns(texts)).toEqual([]);
  });
});
