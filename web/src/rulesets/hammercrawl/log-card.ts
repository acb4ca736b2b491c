/**
 * The log cards of HAMMERCRAWL!'s events that are no rolls (the registry's `logCard`): a Venture's steps
 * (the party, the dungeon, each node, its node pool rolled and its marks resolved, XP, camps, lights) and
 * a caster's magick (spells learned, prepared, cast, kept or forgotten, rests), and initiative (the
 * Contest, interrupts and surprise Tests with their faces; initiative-log.ts), each named and explained.
 */
import { resolveHammerFaces } from '../../../../src/rules/hammercrawl/hammer-pools.js';
import { describeMagickEvent } from '../../../../src/rules/hammercrawl/magick/magick-state.js';
import type { LogCardBody, RulesetLogContext } from '../../lib/describe.js';
import type { RulesetEvent } from '../../lib/protocol.js';
import { initiativeCard } from './initiative-log.js';
import { hammerPoolBody } from './roll-card.js';
import { eventOfKind, type MagickEvent, type VentureEvent } from './wire.js';

type NodeOutcome = Extract<VentureEvent, { kind: 'node-resolved' }>['outcome'];

/** What a node's resolved marks came to, in words. */
export function nodeOutcomeText(o: NodeOutcome): string {
  const parts: string[] = [];
  const add = (n: number, one: string) => {
    if (n > 0) parts.push(`${n} ${one}${n === 1 ? '' : 's'}`);
  };
  add(o.hostileEncounters, 'hostile encounter');
  add(o.friendlyEncounters, 'friendly encounter');
  if (o.treasureTiers.length > 0) parts.push(`treasure (tier ${o.treasureTiers.join(', ')})`);
  add(o.favourableFeatures, 'favourable feature');
  add(o.unfavourableFeatures, 'unfavourable feature');
  add(o.extraXpSources, 'extra XP source');
  add(o.bosses, 'boss');
  add(o.elevatedEncounters, 'elevated encounter');
  add(o.curses, 'curse');
  add(o.backgroundCounters, 'background counter');
  add(o.turnsLost, 'turn lost');
  if (o.resourcesLost.length > 0) parts.push(`resources lost: ${o.resourcesLost.join(', ')}`);
  return parts.length === 0 ? 'nothing of note' : parts.join(', ');
}

function xpLines(xp: readonly { readonly id: string; readonly gained: number; readonly total: number }[], ctx: RulesetLogContext): string[] {
  return xp.filter((x) => x.gained !== 0).map((x) => `${ctx.characterName(x.id) ?? x.id}: +${x.gained} XP (${x.total} in all)`);
}

/** One line of a Venture event; null for one that says nothing to the table (the clock). */
function ventureLine(v: VentureEvent, ctx: RulesetLogContext): string | null {
  const who = (id: string) => ctx.characterName(id) ?? id;
  switch (v.kind) {
    case 'member-joined':
      return `${who(v.member.id)} joins the party (${v.member.xp} XP)`;
    case 'member-left':
      return `${who(v.id)} leaves the party`;
    case 'limit-set':
      return `${who(v.holder)}: ${v.ability} at most ${v.max} per ${v.scope}`;
    case 'limit-used':
      return `${who(v.holder)} uses ${v.ability}${v.uses === 1 ? '' : ` ×${v.uses}`}${v.isOverride === true ? ' (past the limit: the Smith allows it)' : ''}`;
    case 'limits-restored':
      return `Uses restored: ${v.scopes.map((sc) => `per ${sc}`).join(', ')}`;
    case 'resource-set':
      return `Resource ${v.id}: ${v.die === null ? 'none' : `d${String(v.die)}`}`;
    case 'resource-used':
      return `Resource ${v.id}: d${v.die} rolled ${v.face}, now ${v.after === null ? 'depleted' : `d${String(v.after)}`}`;
    case 'clock':
      return null;
    case 'venture-started':
      return `Venture ${v.venture} begins`;
    case 'dungeon-entered':
      return `Into ${v.dungeon.id} (level ${v.dungeon.level}, difficulty ${v.dungeon.difficulty})`;
    case 'node-entered':
      return `Node ${v.number} entered`;
    case 'node-rolled':
      return `Node pool rolled (${v.faces.length} dice)`;
    case 'node-resolved':
      return `The node's marks: ${nodeOutcomeText(v.outcome)}`;
    case 'boss-defeated':
      return 'Boss defeated';
    case 'node-cleared':
      return `Node ${v.number} cleared`;
    case 'xp-awarded':
      return `XP awarded: ${v.reason}`;
    case 'camped':
      return v.camp === 'night' ? 'The party camps for the night' : 'The party takes a camp break';
    case 'light-lit':
      return `${v.id} lit (${v.source})`;
    case 'light-doused':
      return `${v.id} doused`;
    case 'light-relit':
      return `${v.id} relit`;
    case 'light-refilled':
      return `${v.id} refilled`;
    case 'light-burned-out':
      return `${v.id} burned out`;
    case 'venture-ended':
      return 'Back in town';
  }
}

function ventureCard(events: readonly VentureEvent[], ctx: RulesetLogContext): LogCardBody | null {
  const lines: string[] = [];
  for (const v of events) {
    const line = ventureLine(v, ctx);
    if (line !== null) lines.push(line);
    if (v.kind === 'boss-defeated' || v.kind === 'node-cleared' || v.kind === 'xp-awarded') lines.push(...xpLines(v.xp, ctx));
  }
  if (lines.length === 0) return null;
  const rolled = events.find((v): v is Extract<VentureEvent, { kind: 'node-rolled' }> => v.kind === 'node-rolled');
  if (rolled) {
    let body;
    try {
      body = hammerPoolBody(resolveHammerFaces(rolled.pool, rolled.faces), 'Node pool', false);
    } catch {
      body = hammerPoolBody(null, 'Node pool', false);
    }
    return { ...body, lines: [...lines.filter((l) => !l.startsWith('Node pool rolled')), ...body.lines], category: 'roll' };
  }
  const [title, ...rest] = lines;
  return { title: `Venture: ${title!}`, detail: null, dice: [], lines: rest, total: null, outcome: null, category: 'table', isCompact: rest.length === 0 };
}

/** The dice a magick event threw, as a card shows them. */
function magickDice(m: MagickEvent): LogCardBody['dice'] {
  switch (m.kind) {
    case 'forget-checked':
    case 'mana-burn-checked':
    case 'night-rest-rolled':
      return m.face === null ? [] : [{ die: `d${m.die}`, value: m.face, isKept: true, note: m.kind === 'night-rest-rolled' ? "night's sleep" : 'Spell Die' }];
    default:
      return [];
  }
}

function magickCard(characterId: string, events: readonly MagickEvent[], ctx: RulesetLogContext): LogCardBody | null {
  if (events.length === 0) return null;
  const name = ctx.characterName(characterId) ?? 'A caster';
  const lines = events.map((m) => {
    try {
      return describeMagickEvent(m);
    } catch {
      return m.kind;
    }
  });
  const cast = events.find((m): m is Extract<MagickEvent, { kind: 'spell-cast' }> => m.kind === 'spell-cast');
  const check = events.find((m): m is Extract<MagickEvent, { kind: 'forget-checked' }> => m.kind === 'forget-checked');
  const title = cast ? `${name} casts ${cast.spellId}` : `${name}'s magick`;
  return {
    title,
    detail: null,
    dice: events.flatMap(magickDice),
    lines,
    total: null,
    outcome: check ? (check.kept ? { id: 'success', label: 'Spell kept' } : { id: 'failure', label: 'Spell forgotten' }) : null,
    category: 'character',
    isCompact: false,
  };
}

/** The card of a HAMMERCRAWL! event that is no roll; null for another kind, or for one that says nothing (a clock tick). */
export function hammercrawlLogCard(e: RulesetEvent, ctx: RulesetLogContext): LogCardBody | null {
  const venture = eventOfKind(e, 'venture-changed');
  if (venture !== null) return Array.isArray(venture.events) ? ventureCard(venture.events, ctx) : null;
  const magick = eventOfKind(e, 'magick-changed');
  if (magick !== null) return Array.isArray(magick.events) ? magickCard(magick.characterId, magick.events, ctx) : null;
  if (e.kind === 'hammer-scene-ended') return { title: 'The scene ends: set-aside hammer dice are gone', detail: null, dice: [], lines: [], total: null, outcome: null, category: 'table', isCompact: true };
  if (e.kind === 'initiative-changed') return initiativeCard(e, ctx);
  return null;
}
