/// <reference types="node" />
/**
 * The stylesheet reads whole: every block it opens it closes, in order, so a rule left open cannot
 * swallow the sections after it (the layout, the log, the print rules).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const css = readFileSync(fileURLToPath(new URL('./styles.css', import.meta.url)), 'utf8');

/** The line of each `{` left open at the end, and of each `}` that closes nothing. */
function unbalanced(text: string): { open: number[]; stray: number[] } {
  const open: number[] = [];
  const stray: number[] = [];
  let line = 1;
  let inComment = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\n') line++;
    if (inComment) {
      if (ch === '*' && text[i + 1] === '/') inComment = false;
      continue;
    }
    if (ch === '/' && text[i + 1] === '*') inComment = true;
    else if (ch === '{') open.push(line);
    else if (ch === '}' && open.pop() === undefined) stray.push(line);
  }
  return { open, stray };
}

describe('styles.css', () => {
  it('closes every block it opens', () => {
    expect(unbalanced(css)).toEqual({ open: [], stray: [] });
  });
  it('the check finds a block left open and a stray brace', () => {
    expect(unbalanced('a {\n  color: red;\n/* } */\nb { }\n')).toEqual({ open: [1], stray: [] });
    expect(unbalanced('a { }\n}\n')).toEqual({ open: [], stray: [2] });
  });
});
