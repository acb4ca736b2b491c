/// <reference types="pdfkit" />
/**
 * A printable PDF sheet of HAMMERCRAWL! characters: one A4 page a character, several a file for a pile
 * (issue 4, "Sheets"). The facts and their order are those of the text sheet (`formatCharacterSheet`):
 * the PDF lays out the text sheet's own lines, with the header and the stat table drawn as a table and
 * the inventory grouped by held, worn and packed. PDF writing is I/O-ish, so it lives in the CLI adapter.
 *
 * Built-in fonts only (Helvetica, Helvetica-Bold): nothing is read from disk or downloaded.
 * Deterministic: the same characters give byte-identical bytes. pdfkit's only clock is `info.CreationDate`
 * (fixed here, with `ModDate`, to the epoch), and its file `/ID` is an MD5 of the info dictionary, so
 * fixed info gives a fixed ID; standard fonts are not subset (no random subset tags).
 *
 * pdfkit (with fontkit) takes about 0.3 s to load, so it is loaded on the first PDF rendered, not when
 * the CLI starts (through its CommonJS entry, which keeps rendering synchronous).
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { STAT_IDS, formatSigned } from '../rules/hammercrawl/check-modifiers.js';
import type { Character } from '../rules/hammercrawl/character.js';
import { formatCharacterSheet } from './char-sheet.js';
import { UsageError } from './mechanic.js';

const require = createRequire(import.meta.url);
let pdfKit: PDFKit.PDFDocument | null = null;

/** The pdfkit document class, loaded once on first use. */
function loadPdfKit(): PDFKit.PDFDocument {
  pdfKit ??= require('pdfkit') as PDFKit.PDFDocument;
  return pdfKit;
}

/** Options of `renderCharacterSheetsPdf`. */
export interface PdfSheetOptions {
  /** Deflate the page streams (default true); tests turn it off to read the text. */
  readonly compress?: boolean;
}

/** The date written as the document's CreationDate and ModDate: fixed, so output is byte-identical. */
export const PDF_FIXED_DATE = new Date(0);

const PAGE_SIZE = 'A4';
const MARGIN = 40;
const BODY_SIZE = 8.5;
const BODY_LEAD = 10.5;
const LOG_SIZE = 6.5;
const LOG_LEAD = 7.8;
const FOOTER_SPACE = 18;

const RULE_LINE = /^-{20,}$/;
const INVENTORY_LINE = /^ {2}(held|worn|packed) +(.*)$/;
const CARRY_ORDER = ['held', 'worn', 'packed'] as const;

/** The text sheet split at its rules: header, stats, dice, feats, skills and WPs, inventory, log. */
function sheetSections(c: Character): string[][] {
  const sections: string[][] = [[]];
  for (const line of formatCharacterSheet(c).split('\n')) {
    if (RULE_LINE.test(line)) sections.push([]);
    else if (!/^=+$/.test(line)) sections[sections.length - 1]!.push(line);
  }
  return sections;
}

/** The inventory section's lines grouped by where each item is carried; other lines (coins) apart. */
function groupInventory(lines: readonly string[]): { groups: Map<string, string[]>; rest: string[] } {
  const groups = new Map<string, string[]>(CARRY_ORDER.map((k) => [k, []]));
  const rest: string[] = [];
  let last: string[] | null = null;
  for (const line of lines) {
    if (line === 'Inventory:') continue;
    const m = INVENTORY_LINE.exec(line);
    if (m) {
      const group = groups.get(m[1]!) ?? [];
      group.push(m[2]!);
      last = group;
    } else if (/^ {10}\S/.test(line) && last !== null) {
      last[last.length - 1] += ` ${line.trim()}`;
    } else {
      last = null;
      rest.push(line);
    }
  }
  return { groups, rest };
}

type Doc = PDFKit.PDFDocument;

/** One line of text at (x, y) without pdfkit's own wrapping or page breaks. */
function line(doc: Doc, text: string, x: number, y: number, font = 'Helvetica', size = BODY_SIZE): void {
  doc.font(font).fontSize(size).text(text, x, y, { lineBreak: false });
}

function hrule(doc: Doc, y: number, width: number): void {
  doc.moveTo(MARGIN, y).lineTo(MARGIN + width, y).lineWidth(0.5).strokeColor('#888888').stroke();
}

/** Draws one character's sheet on the current page. */
function drawSheet(doc: Doc, c: Character, page: number, pages: number): void {
  const width = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN - FOOTER_SPACE;
  const sections = sheetSections(c);
  const [header = [], statRows = [], dice = [], feats = [], skills = [], inventory = [], log = []] = sections;
  let y = MARGIN;

  // Name (shrunk to fit one line) and the stock/class/level/XP line.
  const [name = c.name, ...subtitle] = header;
  doc.font('Helvetica-Bold').fontSize(20);
  const nameSize = Math.min(20, (20 * width) / Math.max(1, doc.widthOfString(name)));
  line(doc, name, MARGIN, y, 'Helvetica-Bold', nameSize);
  y += nameSize + 6;
  for (const s of subtitle) {
    line(doc, s, MARGIN, y, 'Helvetica', 10);
    y += 13;
  }
  y += 4;
  hrule(doc, y, width);
  y += 8;

  // The stat table: score, half-stat, mod, and the sheet's note (prime marks, SOC status).
  const cols = [MARGIN, MARGIN + 45, MARGIN + 95, MARGIN + 140, MARGIN + 190];
  const heads = ['Stat', 'Score', 'Half', 'Mod', 'Notes'];
  heads.forEach((h, i) => line(doc, h, cols[i]!, y, 'Helvetica-Bold', 9));
  y += 13;
  const tableTop = y - 2;
  STAT_IDS.forEach((stat, i) => {
    const b = c.stats[stat];
    const prime = c.primeStats.includes(stat);
    const row = statRows.find((r) => r.startsWith(`${stat} `)) ?? '';
    const note = row.slice(22).trim();
    const font = prime ? 'Helvetica-Bold' : 'Helvetica';
    if (i % 2 === 0) doc.rect(MARGIN, y - 2, width, 13).fillColor('#eeeeee').fill().fillColor('black');
    line(doc, prime ? `${stat} *` : stat, cols[0]!, y, font, 9.5);
    line(doc, String(b.score), cols[1]!, y, font, 9.5);
    line(doc, String(b.half), cols[2]!, y, font, 9.5);
    line(doc, formatSigned(b.mod), cols[3]!, y, font, 9.5);
    line(doc, note, cols[4]!, y, 'Helvetica', 9.5);
    y += 13;
  });
  doc.rect(MARGIN, tableTop, width, y - tableTop - 1).lineWidth(0.5).strokeColor('#888888').stroke();
  y += 2;
  line(doc, '* prime stat', MARGIN, y, 'Helvetica-Oblique', 7);
  y += 12;

  // Dice, Defense, Stow Slots, ...; Feats and class options; skills and WPs: the sheet's lines.
  const block = (title: string, lines: readonly string[]) => {
    if (lines.length === 0) return;
    hrule(doc, y, width);
    y += 5;
    line(doc, title, MARGIN, y, 'Helvetica-Bold', 9);
    y += 12;
    for (const l of lines) {
      line(doc, l, MARGIN, y);
      y += BODY_LEAD;
    }
    y += 3;
  };
  block('Dice, Defense and Stow Slots', dice);
  block('Feats, powers and specials', feats);
  block('Skills and Weapon Proficiencies', skills);

  // Inventory by held, worn and packed; then coins.
  const { groups, rest } = groupInventory(inventory);
  hrule(doc, y, width);
  y += 5;
  line(doc, 'Inventory', MARGIN, y, 'Helvetica-Bold', 9);
  y += 12;
  for (const where of CARRY_ORDER) {
    const items = groups.get(where) ?? [];
    line(doc, `${where[0]!.toUpperCase()}${where.slice(1)}`, MARGIN, y, 'Helvetica-Bold', BODY_SIZE);
    if (items.length === 0) {
      line(doc, '(nothing)', MARGIN + 50, y, 'Helvetica-Oblique');
      y += BODY_LEAD;
    }
    for (const item of items) {
      line(doc, item, MARGIN + 50, y);
      y += BODY_LEAD;
    }
  }
  for (const l of rest) {
    line(doc, l, MARGIN, y);
    y += BODY_LEAD;
  }
  y += 3;

  // The creation log, small, cut where the page ends.
  if (log.length > 0 && y + 12 + LOG_LEAD <= bottom) {
    hrule(doc, y, width);
    y += 5;
    const [title = 'Creation log', ...entries] = log;
    line(doc, title, MARGIN, y, 'Helvetica-Bold', 8);
    y += 10;
    const room = Math.floor((bottom - y) / LOG_LEAD);
    const shown = entries.length <= room ? entries : entries.slice(0, Math.max(0, room - 1));
    for (const l of shown) {
      line(doc, l, MARGIN, y, 'Helvetica', LOG_SIZE);
      y += LOG_LEAD;
    }
    if (shown.length < entries.length) {
      line(doc, `... ${entries.length - shown.length} more lines: see the text sheet (hammercrawl char show)`, MARGIN, y, 'Helvetica-Oblique', LOG_SIZE);
    }
  }

  const footer = `HAMMERCRAWL! character sheet - ${page} of ${pages}`;
  line(doc, footer, MARGIN, doc.page.height - MARGIN - 8, 'Helvetica', 7);
}

/**
 * One PDF page per character (A4), in order, as bytes (an empty list gives one blank page). The same
 * characters give byte-identical bytes; the creation log is cut where the page ends (the text sheet
 * has it whole).
 * Synchronous: pdfkit pushes its output into its readable buffer, which is drained after `end()`.
 */
export function renderCharacterSheetsPdf(characters: readonly Character[], options: PdfSheetOptions = {}): Buffer {
  const PDFDocument = loadPdfKit();
  const doc = new PDFDocument({
    size: PAGE_SIZE,
    margin: MARGIN,
    autoFirstPage: false,
    compress: options.compress ?? true,
    info: {
      Title: characters.length === 1 ? `${characters[0]!.name}: HAMMERCRAWL! character` : 'HAMMERCRAWL! characters',
      Creator: 'hammercrawl',
      Producer: 'hammercrawl (PDFKit)',
      CreationDate: PDF_FIXED_DATE,
      ModDate: PDF_FIXED_DATE,
    },
  });
  characters.forEach((c, i) => {
    doc.addPage();
    drawSheet(doc, c, i + 1, characters.length);
  });
  if (characters.length === 0) doc.addPage();
  doc.end();
  const chunks: Buffer[] = [];
  for (let chunk = doc.read() as Buffer | null; chunk !== null; chunk = doc.read() as Buffer | null) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * `char new --pdf <file>`: writes the sheets of `characters` to `file` (replacing it). A file that
 * cannot be written is a `UsageError` (one line on stderr, exit 2).
 */
export function writeCharacterSheetsPdf(file: string, characters: readonly Character[]): void {
  const bytes = renderCharacterSheetsPdf(characters);
  try {
    writeFileSync(file, bytes);
  } catch (e) {
    const code = (e as { code?: string }).code;
    const why =
      code === 'ENOENT' ? 'no such directory' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : (e as Error).message.split('\n')[0];
    throw new UsageError(`cannot write '${file}': ${why}`);
  }
}
