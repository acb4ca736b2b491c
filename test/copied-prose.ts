// Shared by the data tests: our descriptions must be our own words, not the rules' prose.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The HAMMERCRAWL! v4 rules text beside the project (absent where only the project is checked out). */
export const RULES_PATH = fileURLToPath(new URL('../../shared/rules/000_b5749df0f613df7d.txt', import.meta.url));

/** True when the rules text is there to compare with. */
export const HAS_RULES_TEXT = existsSync(RULES_PATH);

/** Runs of this many consecutive words shared with the rules count as copied. */
export const COPIED_RUN_WORDS = 8;

const words = (s: string): string[] => s.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim().split(' ');

/** The path of a rules text beside the project, by its file name in `../shared/rules`. */
export function rulesTextPath(file: string): string {
  return fileURLToPath(new URL(`../../shared/rules/${file}`, import.meta.url));
}

/** Every run of COPIED_RUN_WORDS words of `texts` that also stands in the rules text (HAMMERCRAWL! by default). */
export function copiedRuns(texts: readonly string[], rulesPath: string = RULES_PATH): string[] {
  const rules = ` ${words(readFileSync(rulesPath, 'utf8')).join(' ')} `;
  const copied: string[] = [];
  for (const t of texts) {
    const w = words(t);
    for (let i = 0; i + COPIED_RUN_WORDS <= w.length; i += 1) {
      const run = ` ${w.slice(i, i + COPIED_RUN_WORDS).join(' ')} `;
      if (rules.includes(run)) copied.push(run.trim());
    }
  }
  return copied;
}
