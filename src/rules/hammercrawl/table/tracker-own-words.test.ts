import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HAS_RULES_TEXT, copiedRuns } from '../../../../test/copied-prose.js';

describe('the tracker’s combat code is written in our own words', () => {
  it.skipIf(!HAS_RULES_TEXT)('no run of 8 words copied from the rules in the tracker-* sources', () => {
    const dir = fileURLToPath(new URL('.', import.meta.url));
    const texts = readdirSync(dir)
      .filter((f) => f.startsWith('tracker-') && f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => readFileSync(`${dir}/${f}`, 'utf8'));
    expect(texts.length).toBeGreaterThan(3);
    expect(copiedRuns(texts)).toEqual([]);
  });
});
