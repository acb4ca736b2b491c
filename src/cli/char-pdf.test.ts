import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from '../../test/cli.js';
import { seededRandom } from '../dice/random.js';
import type { Character, CreationMethod } from '../rules/hammercrawl/character.js';
import { rollCharacters } from '../rules/hammercrawl/create-character.js';
import { renderCharacterSheetsPdf } from './char-pdf.js';
import { EXIT_BAD_INPUT } from './options.js';

const dir = mkdtempSync(join(tmpdir(), 'hammercrawl-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function pile(seed: number, count: number, method: CreationMethod = 'random'): readonly Character[] {
  const r = rollCharacters(seededRandom(seed), { method, choices: {}, seed }, count);
  if (!r.ok) throw new Error(r.error.message);
  return r.characters;
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Pages of a PDF: `/Type /Page` objects (not `/Pages`). */
function pageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;
}

/**
 * The text shown by an uncompressed pdfkit PDF, one string per text operation: pdfkit writes standard
 * font text as hex strings (WinAnsi), split by kerning inside `[...] TJ`.
 */
function shownText(pdf: Buffer): string[] {
  const src = pdf.toString('latin1');
  const out: string[] = [];
  for (const m of src.matchAll(/\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ/g)) {
    const hex = [...m[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('');
    out.push(Buffer.from(hex, 'hex').toString('latin1'));
  }
  return out;
}

describe('renderCharacterSheetsPdf', () => {
  it('is a PDF, byte-identical for the same characters, and differs for others', () => {
    const a = renderCharacterSheetsPdf(pile(42, 3));
    const b = renderCharacterSheetsPdf(pile(42, 3));
    expect(a.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(a.subarray(-6).toString('latin1')).toMatch(/%%EOF\n?$/);
    expect(sha256(a)).toBe(sha256(b));
    expect(sha256(renderCharacterSheetsPdf(pile(43, 3)))).not.toBe(sha256(a));
  });

  it('fixes the dates and the file ID (no clock, no randomness)', () => {
    const text = renderCharacterSheetsPdf(pile(1, 1), { compress: false }).toString('latin1');
    // pdfkit writes each info value as its own object: CreationDate and ModDate are the epoch
    expect(text).toMatch(/\/CreationDate \d+ 0 R/);
    expect(text).toMatch(/\/ModDate \d+ 0 R/);
    expect(text.match(/\(D:19700101000000Z\)/g)).toHaveLength(2);
    const ids = [...text.matchAll(/\/ID \[<([0-9a-f]+)> <([0-9a-f]+)>\]/g)];
    expect(ids).toHaveLength(1);
    const again = renderCharacterSheetsPdf(pile(1, 1), { compress: false }).toString('latin1');
    expect(again).toBe(text);
  });

  it('has one page per character', () => {
    for (const n of [1, 2, 7]) expect(pageCount(renderCharacterSheetsPdf(pile(5, n), { compress: false }))).toBe(n);
    // compressed output too (the page objects themselves are not in compressed streams)
    expect(pageCount(renderCharacterSheetsPdf(pile(5, 4)))).toBe(4);
  });

  it('shows the name, the stock/class line, the stat table, the dice, the inventory and the coins', () => {
    for (const method of ['random', 'semi', 'palladium'] as const) {
      const [c] = pile(9, 1, method);
      const shown = shownText(renderCharacterSheetsPdf([c!], { compress: false }));
      expect(shown).toContain(c!.name);
      expect(shown.some((s) => s.includes(`level ${c!.level}, ${c!.xp} XP`))).toBe(true);
      expect(shown).toContain('Score');
      expect(shown).toContain(String(c!.stats.STR.score));
      expect(shown.some((s) => s.includes(`Health Die ${c!.healthDie}`) && s.includes(`Feat Die ${c!.featDie}`))).toBe(true);
      expect(shown.some((s) => s.startsWith(`Defense ${c!.defense} `))).toBe(true);
      expect(shown.some((s) => s.startsWith(`Stow Slots ${c!.stowSlots} `))).toBe(true);
      expect(shown.some((s) => s.startsWith('Feats: '))).toBe(true);
      expect(shown.some((s) => s.startsWith('Skills ('))).toBe(true);
      expect(shown.some((s) => s.startsWith('Weapon Proficiencies ('))).toBe(true);
      for (const where of ['Held', 'Worn', 'Packed']) expect(shown).toContain(where);
      expect(shown.some((s) => s.startsWith(`Coins: ${c!.coins} `))).toBe(true);
      for (const prime of c!.primeStats) expect(shown).toContain(`${prime} *`);
    }
  });

  it('puts each character on its own page, in order', () => {
    const cs = pile(77, 3);
    const src = renderCharacterSheetsPdf(cs, { compress: false }).toString('latin1');
    const shown = shownText(Buffer.from(src, 'latin1'));
    const at = cs.map((c) => shown.indexOf(c.name));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((x, y) => x - y)).toEqual(at);
    expect(shown).toContain('HAMMERCRAWL! character sheet - 3 of 3');
  });
});

describe('char new --pdf', () => {
  it('writes the PDF and still prints the text sheets; the same seed gives the same file', async () => {
    const file = join(dir, 'pile.pdf');
    const r = await cli(['char', 'new', '--count', '3', '--seed', '42', '--pdf', file]);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    expect(r.out).toBe((await cli(['char', 'new', '--count', '3', '--seed', '42'])).out);
    const bytes = readFileSync(file);
    expect(pageCount(bytes)).toBe(3);
    expect(sha256(bytes)).toBe(sha256(renderCharacterSheetsPdf(pile(42, 3))));
    const again = join(dir, 'again.pdf');
    await cli(['char', 'new', '--count', '3', '--seed', '42', '--pdf', again]);
    expect(sha256(readFileSync(again))).toBe(sha256(bytes));
  });

  it('works with --json (prints the JSON, writes the PDF)', async () => {
    const file = join(dir, 'json.pdf');
    const r = await cli(['char', 'new', '--method', 'palladium', '--seed', '7', '--json', '--pdf', file]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toHaveLength(1);
    expect(pageCount(readFileSync(file))).toBe(1);
  });

  it('a file that cannot be written: one line on stderr, exit 2, nothing on stdout', async () => {
    const sub = join(dir, 'a-directory');
    mkdirSync(sub);
    for (const [target, why] of [
      [sub, 'it is a directory'],
      [join(dir, 'missing', 'x.pdf'), 'no such directory'],
    ] as const) {
      const r = await cli(['char', 'new', '--seed', '1', '--pdf', target]);
      expect(r.code).toBe(EXIT_BAD_INPUT);
      expect(r.out).toBe('');
      expect(r.err.trimEnd().split('\n')).toHaveLength(1);
      expect(r.err).toContain(`cannot write '${target}': ${why}`);
    }
    expect(existsSync(join(dir, 'missing'))).toBe(false);
  });

  it('--pdf needs a file name', async () => {
    const r = await cli(['char', 'new', '--pdf']);
    expect(r.code).toBe(EXIT_BAD_INPUT);
    expect(r.out).toBe('');
  });
});
