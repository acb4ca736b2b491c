/**
 * The `xp` change: the Smith's award of XP, with its reason (a dungeon node explored and survived, a
 * boss defeated, the Venture's XP written to the sheet, the Smith's own award), and the crawl-mode level
 * the new total opens. Levelling is its own change (`level-up`): XP is a running total, never spent.
 * Rules: HAMMERCRAWL! v4, XP and LEVELING (CRAWL MODE). Rulings: docs/rulings.md (CL-34, CL-35, VE-13, PL-8).
 */
import { ok, type ParamDef, type RuleResult } from '../../rule-system.js';
import { MAX_DOCUMENT_NUMBER, type Character } from '../character.js';
import { CRAWL_XP_TABLE, XP_AWARDS } from '../data/xp.js';
import { MAX_CHARACTER_LEVEL } from '../feat-die.js';
import { MAX_SOURCE_LENGTH, PLAY_REF, type ChangeKind, type ChangeResult } from './kind.js';
import { numberOf, refuse, textOf, type Read } from './params.js';

/** Most XP one award gives: far past a boss of the deepest dungeon (VE-14: level 20) and the level 10 threshold. */
export const MAX_XP_AWARD = 1000;

/** XP for a dungeon node explored and survived (XP_AWARDS). */
const NODE_XP = XP_AWARDS.find((a) => a.id === 'dungeon-node')!.xp;

/** Why XP is awarded. */
export const XP_REASONS = [
  { id: 'node', label: 'A dungeon node explored and survived', defaultXp: NODE_XP },
  { id: 'boss', label: 'A boss defeated (XP = the dungeon level)', defaultXp: null },
  { id: 'venture', label: "The Venture's XP", defaultXp: null },
  { id: 'smith', label: "The Smith's award", defaultXp: null },
] as const;

const PARAMS: readonly ParamDef[] = [
  { name: 'amount', kind: 'integer', min: 1, max: MAX_XP_AWARD, label: 'XP', help: `XP awarded; left empty for a node, ${NODE_XP}`, example: 1 },
  { name: 'reason', kind: 'choice', choices: XP_REASONS.map((r) => ({ id: r.id, label: r.label })), default: 'node', label: 'Reason', help: 'why the XP is awarded' },
  { name: 'note', kind: 'text', maxLength: MAX_SOURCE_LENGTH, default: '', label: 'Note', help: 'what was done ("the goblin king", "room 3")' },
];

/** The crawl-mode level a total of XP reaches. */
function levelFor(xp: number): number {
  let level = 1;
  for (const row of CRAWL_XP_TABLE) if (xp >= row.minXp) level = row.level;
  return level;
}

/** The line saying where the total stands against the next level. */
function levelLine(c: Character, xp: number): string {
  if (c.level >= MAX_CHARACTER_LEVEL) return `level ${c.level} is the highest`;
  const next = CRAWL_XP_TABLE.find((r) => r.level === c.level + 1)!;
  const reached = levelFor(xp);
  if (reached > c.level) return `level ${c.level + 1} is open (${next.minXp} XP, crawl mode): level up when ready`;
  return `${next.minXp - xp} XP more to level ${next.level} (${next.minXp} XP, crawl mode)`;
}

function rollXp(c: Character, p: Read): RuleResult<ChangeResult> {
  const reason = XP_REASONS.find((r) => r.id === textOf(p, 'reason'))!;
  const amount = numberOf(p, 'amount') ?? reason.defaultXp;
  if (amount === null) return refuse('xp/amount-required', `give the XP for ${reason.label.toLowerCase()} (--amount); only a node has a set award (${NODE_XP}).`, 'amount');
  const xp = c.xp + amount;
  if (xp > MAX_DOCUMENT_NUMBER) return refuse('xp/too-much', `${c.name} would hold ${xp} XP, more than a document keeps (${MAX_DOCUMENT_NUMBER}).`, 'amount');
  const note = textOf(p, 'note')?.trim() ?? '';
  const label = `${reason.label.charAt(0).toLowerCase()}${reason.label.slice(1)}`;
  const why = note === '' ? label : `${label}: ${note}`;
  const open = levelLine(c, xp);
  return ok({
    character: { ...c, xp },
    summary: `+${amount} XP (${why}): ${c.xp} -> ${xp}${levelFor(xp) > c.level && c.level < MAX_CHARACTER_LEVEL ? `, level ${c.level + 1} open` : ''}`,
    explanation: [`${reason.label}${note === '' ? '' : `: ${note}`}: +${amount} XP, ${c.xp} -> ${xp} (XP is a running total: levels are thresholds, CL-34)`, open],
    dice: [],
  });
}

/** `xp`: the Smith's award of XP with a reason. */
export const XP_CHANGE: ChangeKind = {
  def: {
    id: 'xp',
    label: 'Award XP',
    help: 'the Smith awards XP (1 a node explored and survived, a boss, the Venture, an award of their own); the total opens levels',
    ref: `${PLAY_REF}, XP and LEVELING`,
    by: 'smith',
    rollsDice: false,
    params: PARAMS,
  },
  roll: (_rng, c, p) => rollXp(c, p),
  prefill: () => ({ reason: 'node' }),
};
