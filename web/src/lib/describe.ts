/**
 * The table's events as cards of the log. A roll: who, what, every die (kept or dropped), the steps with
 * where they came from, the outcome, the visibility; a redacted secret roll as "secret roll by X". Every
 * other event a viewer receives has a card too (chat and whispers, the tracker's attacks and initiative,
 * character changes, members, rulings), each naming who made it and their role, and, for a roll, the
 * odds it had before it was made. Also the one sentence read out to screen readers when a card arrives.
 * Events of the kinds a ruleset adds are read by its web parts (`RulesetCardReader`, `RulesetLogReader`).
 */
import type { CheckDie, RuleSystem } from '../../../src/rules/rule-system.js';
import { readCombat } from './combat-view.js';
import { isCoreEvent, isRollEvent, type CoreEvent, type Role, type RollEvent, type RulesetEvent, type RulesetRollEvent, type Settings, type TableEvent, type Visibility, type WireDie, type WireTerm } from './protocol.js';
import { belowBottomOf } from './settings.js';
import { lastSeqOf, type LogEntry } from './table-state.js';
import { formatChance, PLAIN_DICE, rollOdds } from './tray.js';

/** One die on a card. */
export interface CardDie {
  /** "d20", "d30+d4". */
  readonly die: string;
  /** What the die counts for: a number, or the face of a die of symbols as the ruleset names it. */
  readonly value: number | string;
  readonly isKept: boolean;
  /** "exploded 6+6+2", "re-rolled 1", "advantage", "Feat Die". */
  readonly note: string | null;
}

/** A roll card. */
export interface RollCard {
  readonly seq: number;
  readonly at: number;
  readonly who: string;
  readonly isSecret: boolean;
  readonly visibility: Visibility;
  readonly title: string;
  /** The notation rolled, or the check's description. */
  readonly detail: string | null;
  readonly dice: readonly CardDie[];
  /** Steps and other explanations, one line each. */
  readonly lines: readonly string[];
  readonly total: number | null;
  /** What the total is called on the card ("Total", or the ruleset's word). */
  readonly totalLabel: string;
  readonly outcome: { readonly id: string; readonly label: string } | null;
  readonly isPhysical: boolean;
}

/** What a card shows of a roll, besides who rolled, when and who sees it. */
export type CardBody = Pick<RollCard, 'title' | 'detail' | 'dice' | 'lines' | 'total' | 'outcome'> & {
  /** "Total" when absent. */
  readonly totalLabel?: string;
  readonly isPhysical?: boolean;
};

/** Reads a roll of a kind the ruleset adds into a card's body; null for a kind it does not know. */
export type RulesetCardReader = (e: RulesetRollEvent) => CardBody | null;

/** Badge text of a visibility. */
export const VISIBILITY_LABEL: Record<Visibility, string> = { public: 'Public', smith: 'Smith only', blind: 'Blind' };

function wireDie(d: WireDie): CardDie {
  const notes: string[] = [];
  if (d.exploded && d.faces.length > 1) notes.push(`exploded ${d.faces.join('+')}`);
  if (d.rerolled.length > 0) notes.push(`re-rolled ${d.rerolled.join(', ')}`);
  return { die: d.die, value: d.value, isKept: d.kept, note: notes.length > 0 ? notes.join('; ') : null };
}

function originText(o: { readonly kind: string; readonly label?: string }): string {
  if (o.label !== undefined) return o.label;
  if (o.kind === 'notation') return 'as written';
  return o.kind;
}

function termLines(terms: readonly WireTerm[]): string[] {
  const out: string[] = [];
  for (const t of terms) {
    if (t.kind !== 'dice') continue;
    if (t.steps) {
      const from = t.steps.modifiers.map((m) => `${m.amount > 0 ? '+' : ''}${m.amount} ${originText(m.origin)}`).join(', ');
      out.push(from.length > 0 ? `${t.steps.explanation} (${from})` : t.steps.explanation);
    }
    if (t.vantage) out.push(`${t.notation}: ${t.vantage}`);
  }
  return out;
}

/** The card of a roll of a ruleset's kind: its reader's, else its label and kind alone. */
function rulesetCard(e: RulesetRollEvent, read: RulesetCardReader | undefined): CardBody {
  const body = read?.(e) ?? null;
  if (body !== null) return body;
  return { title: typeof e.label === 'string' ? e.label : fieldName(e.kind), detail: null, dice: [], lines: [], total: null, outcome: null };
}

/**
 * The card of a roll event. `nameOf` gives a member's name, `checkLabel` a check's name ("Test"),
 * `readRuleset` the card of a roll of a kind the ruleset adds.
 */
export function rollCard(e: RollEvent, nameOf: (id: string | null) => string, checkLabel: (id: string) => string | null = () => null, readRuleset?: RulesetCardReader): RollCard {
  const who = nameOf(e.by);
  const visibility = e.visibility;
  const base = { seq: e.seq, at: e.at, who, visibility, isPhysical: false, totalLabel: 'Total' };
  if (e.redacted === true) {
    return {
      ...base,
      isSecret: true,
      title: `Secret roll by ${who}`,
      detail: null,
      dice: [],
      lines: [],
      total: null,
      outcome: null,
    };
  }
  if (!isCoreEvent(e)) {
    const { totalLabel, isPhysical, ...body } = rulesetCard(e, readRuleset);
    return { ...base, ...body, isSecret: false, isPhysical: isPhysical === true, totalLabel: totalLabel ?? 'Total' };
  }
  switch (e.kind) {
    case 'rolled':
      return {
        ...base,
        isSecret: false,
        isPhysical: e.isPhysical === true,
        title: e.label ?? e.notation,
        detail: e.label !== undefined ? e.notation : null,
        dice: e.dice.map(wireDie),
        lines: termLines(e.terms),
        total: e.total,
        outcome: null,
      };
    case 'checked': {
      const r = e.result;
      return {
        ...base,
        isSecret: false,
        title: e.label ?? checkLabel(e.check) ?? fieldName(e.check),
        detail: r.description,
        dice: r.dice.map((d) => ({ die: `d${d.sides}`, value: d.face, isKept: d.isKept, note: d.role ?? null })),
        lines: [...r.explanation],
        total: r.total,
        outcome: { id: r.outcome, label: r.label },
      };
    }
    case 'usage-rolled':
      return {
        ...base,
        isSecret: false,
        title: e.label,
        detail: `usage die d${e.die}`,
        dice: [{ die: `d${e.die}`, value: e.face, isKept: true, note: null }],
        lines: [e.explanation],
        total: e.face,
        outcome: e.after === null ? { id: 'depleted', label: 'Depleted' } : e.after !== e.die ? { id: 'stepped-down', label: `Steps down to d${e.after}` } : { id: 'holds', label: 'Holds' },
      };
  }
}

/** The sentence announced to screen readers for a new card. */
export function announce(card: RollCard): string {
  if (card.isSecret) return `${card.title}.`;
  const parts = [`${card.who} rolled ${card.title}`];
  if (card.total !== null) parts.push(`total ${card.total}`);
  if (card.outcome) parts.push(card.outcome.label);
  if (card.visibility !== 'public') parts.push(VISIBILITY_LABEL[card.visibility]);
  return `${parts.join(', ')}.`;
}

// ---- every event of the log -------------------------------------------------------------------------

/** What a card is about, for the log's filters. */
export type LogCategory = 'roll' | 'chat' | 'combat' | 'character' | 'table';

/** A card of the log: a roll card's parts, and who made it with their role. */
export interface LogCard extends RollCard {
  /** The event's kind. */
  readonly kind: string;
  readonly category: LogCategory;
  /** The member whose command made it, or null (the table itself). */
  readonly byId: string | null;
  /** Their role as the badge names it ("Smith", "player", "observer"), or null when unknown. */
  readonly role: string | null;
  /** The command's request id, when the event carries it. */
  readonly requestId: string | null;
  /** The seq of the last event folded into the card. */
  readonly lastSeq: number;
  /** A chat message's text; null for other cards and for a whisper this viewer may not read. */
  readonly text: string | null;
  /** "whisper to the Smith", "whisper from the Smith to Pia"; null for everything else. */
  readonly whisper: string | null;
  /** A one-line card (a turn passes, a member joins). */
  readonly isCompact: boolean;
}

/** A ruleset's card of one of its events that is no roll: a roll card's body, its filter, whether it is one line. */
export type LogCardBody = CardBody & {
  readonly category?: LogCategory;
  readonly isCompact?: boolean;
};

/** What a ruleset's log reader may ask of the table. */
export interface RulesetLogContext {
  /** A member's name. */
  nameOf(id: string | null): string;
  /** A character's name at the table, or null. */
  characterName(id: string): string | null;
  /** A tracker combatant's name, from the tracker the same command left (null when it left none). */
  combatantName?(id: string): string | null;
}

/**
 * Reads an event of a kind the ruleset adds that is no roll (a Venture's steps, a spell cast) into a
 * card; null for an event not worth a card of its own (a clock tick).
 */
export type RulesetLogReader = (e: RulesetEvent, context: RulesetLogContext) => LogCardBody | null;

/** What a log card is built against: the names and roles of the table, the ruleset's readers. */
export interface CardContext {
  /** A member's name (a removed member's too). */
  nameOf(id: string | null): string;
  /** A member's role (a removed member's too), or null. */
  roleOf(id: string | null): Role | null;
  /** The viewer's member id. */
  readonly viewerId: string | null;
  /** A check's name ("Test"). */
  checkLabel?(id: string): string | null;
  /** A table setting's label. */
  settingLabel?(name: string): string | null;
  /** A character's name at the table now (used when an event does not carry it). */
  characterName?(id: string): string | null;
  /** The ruleset's roll cards. */
  readonly readRoll?: RulesetCardReader | undefined;
  /** The ruleset's cards of its other events. */
  readonly readEvent?: RulesetLogReader | undefined;
}

/** The name a character document carries, or null. */
function docName(doc: unknown): string | null {
  if (typeof doc !== 'object' || doc === null) return null;
  const name = (doc as Record<string, unknown>)['name'];
  return typeof name === 'string' && name.trim() !== '' ? name : null;
}

/** The name in a `character-saved` body (nested document or flat). */
function savedName(character: unknown): string | null {
  if (typeof character !== 'object' || character === null) return null;
  const c = character as Record<string, unknown>;
  return docName(c['document']) ?? docName(c);
}

function checkDice(dice: readonly CheckDie[] | undefined): CardDie[] {
  return (dice ?? []).map((d) => ({ die: `d${d.sides}`, value: d.face, isKept: d.isKept, note: d.role ?? null }));
}

const NO_BODY = { detail: null, dice: [], lines: [], total: null, outcome: null } as const;

/** The lines a character saved by the same command adds to a card: "Ysolde: Health Die d8 -> d6". */
function followLines(entry: LogEntry): string[] {
  const out: string[] = [];
  for (const f of entry.follows) {
    // A tracker action that changed a sheet (a Lay on Hands) came first: its line is what happened.
    if (f.kind === 'combat-changed' && isCoreEvent(f) && f.seq < entry.event.seq) {
      const summary = (f as { summary?: unknown }).summary;
      if (typeof summary === 'string' && summary !== '') out.push(summary);
      continue;
    }
    // The tracker following a sheet says nothing the card does not.
    if (f.kind !== 'character-saved' || !isCoreEvent(f)) continue;
    const e = f as Extract<CoreEvent, { kind: 'character-saved' }>;
    // A sheet saved with a secret roll the viewer may not see: the roll's own card says it was secret.
    if (e.redacted === true) continue;
    const name = savedName(e.character) ?? 'A character';
    // A summary that names the character already ("Goblin hits Ysolde: ...") stands alone.
    out.push(e.change ? (e.change.summary.includes(name) ? e.change.summary : `${name} — ${e.change.summary}`) : `${name} saved`);
  }
  return out;
}

/** Sentence case of a kebab-case id: `night-rest` -> "Night rest". */
export function fieldName(id: string): string {
  const t = id.replace(/-/g, ' ');
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/** The name of a member to whom a whisper went. */
function whisperLabel(byRole: Role | null, to: string | undefined, ctx: CardContext): string {
  if (byRole === 'smith') return `whisper from the Smith to ${to === undefined ? 'someone' : to === ctx.viewerId ? 'you' : ctx.nameOf(to)}`;
  return 'whisper to the Smith';
}

function combatantName(combat: unknown, id: string): string {
  return readCombat(combat).combatants.find((c) => c.id === id)?.name ?? 'someone';
}

/** A ruleset's text naming the tracker's combatants by id ("c2 wins the Initiative"), with their names. */
export function withNames(combat: unknown, text: string): string {
  const names = new Map(readCombat(combat).combatants.map((c) => [c.id, c.name]));
  if (names.size === 0) return text;
  return text.replace(/\b[a-z]+\d+\b/g, (id) => names.get(id) ?? id);
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * What a player may read of a tracker change to one of the Smith's hidden combatants: the changes
 * they can see (down, back up, conditions), never its numbers.
 */
function hiddenUpdate(before: unknown, after: unknown): string | null {
  const was = readCombat(before).combatants;
  const now = readCombat(after).combatants;
  if (was.length !== now.length) return null;
  const raw = (after as { combatants?: { id: string; isHidden?: boolean }[] } | null)?.combatants ?? [];
  for (const c of now) {
    const old = was.find((x) => x.id === c.id);
    if (!old || sameJson(old, c)) continue;
    if (raw.find((x) => x.id === c.id)?.isHidden !== true) return null;
    const parts: string[] = [];
    if (old.isDown !== c.isDown) parts.push(c.isDown ? 'down' : 'back up');
    if (old.conditions.join('|') !== c.conditions.join('|')) parts.push(`conditions: ${c.conditions.join(', ') || 'none'}`);
    return `${c.name}: ${parts.join('; ') || 'updated'}.`;
  }
  return null;
}

type Body = Omit<LogCard, 'seq' | 'at' | 'who' | 'byId' | 'role' | 'kind' | 'lastSeq' | 'requestId'>;

function plain(category: LogCategory, title: string, more: Partial<Body> = {}): Body {
  return { category, title, ...NO_BODY, isSecret: false, visibility: 'public', totalLabel: 'Total', isPhysical: false, text: null, whisper: null, isCompact: false, ...more };
}

function compact(category: LogCategory, title: string, more: Partial<Body> = {}): Body {
  return plain(category, title, { isCompact: true, ...more });
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The card of a `combat-changed` event: an attack with each roll, initiative with the order and its dice, or one line. */
function combatCard(e: Extract<CoreEvent, { kind: 'combat-changed' }>, entry: LogEntry, ctx: CardContext): Body {
  const follows = followLines(entry);
  if (e.attack) {
    const a = e.attack;
    return plain('combat', e.summary || `${combatantName(e.combat, a.attackerId)} attacks ${combatantName(e.combat, a.targetId)}`, {
      lines: [...a.lines.map((l) => withNames(e.combat, l)), ...follows],
      // The ruleset's own words where hit and miss alone would mislead ("both succeed", "hit, but the target saves").
      outcome: {
        id: a.isCrit ? 'critical' : a.isHit ? 'success' : 'failure',
        label: typeof a.outcome === 'string' && a.outcome.trim() !== '' ? capitalized(a.outcome.trim()) : a.isCrit ? 'Critical hit' : a.isHit ? 'Hit' : 'Miss',
      },
    });
  }
  const ini = (e.combat as { initiative?: unknown } | null)?.initiative;
  const beforeIni = (entry.before?.combat as { initiative?: unknown } | null | undefined)?.initiative;
  if (ini && typeof ini === 'object' && !sameJson(ini, beforeIni)) {
    const order = (ini as { order?: { id: string; rank: number; note: string }[] }).order ?? [];
    const ranked = [...order].sort((x, y) => x.rank - y.rank);
    return plain('combat', 'Initiative', {
      detail: ranked.map((p, i) => `${i + 1}. ${combatantName(e.combat, p.id)}${p.note ? ` (${p.note})` : ''}`).join('  '),
      dice: checkDice((ini as { dice?: CheckDie[] }).dice).map((d) => (d.note === null ? d : { ...d, note: withNames(e.combat, d.note) })),
      lines: [...((ini as { explanation?: string[] }).explanation ?? []).map((l) => withNames(e.combat, l)), ...follows],
    });
  }
  const hidden = entry.before !== undefined && ctx.roleOf(ctx.viewerId) !== 'smith' ? hiddenUpdate(entry.before.combat, e.combat) : null;
  return compact('combat', hidden ?? e.summary, follows.length > 0 ? { lines: follows, isCompact: false } : {});
}

/** The card of a `character-saved` event: what changed and why, its dice and explanation. */
function characterCard(e: Extract<CoreEvent, { kind: 'character-saved' }>, entry: LogEntry): Body {
  if (e.redacted === true) return compact('character', 'saved a sheet with a secret roll');
  const name = savedName(e.character) ?? docName(entry.before?.character?.document) ?? 'A character';
  const change = e.change;
  if (!change) return compact('character', `saved ${name}`);
  if (change.id === 'created') return plain('character', `New character ${name}`, { detail: change.summary });
  const outcome = change.outcome !== undefined ? { id: change.outcome, label: fieldName(change.outcome) } : null;
  const dice = checkDice(change.dice);
  // What the tracker action that made the change said (a Lay on Hands, "The Smith allowed a second this turn").
  const lines = [...followLines(entry), ...(change.explanation ?? [])];
  return plain('character', name, {
    detail: change.summary,
    dice,
    lines,
    outcome,
    isCompact: dice.length === 0 && lines.length === 0 && outcome === null,
    ...(change.isOverride === true ? { visibility: 'public' as const } : {}),
  });
}

/** The card of a chat message: its text, or, for a whisper this viewer may not read, who whispered. */
function chatCard(e: Extract<CoreEvent, { kind: 'chatted' }>, ctx: CardContext): Body {
  const byRole = ctx.roleOf(e.by);
  if (e.redacted === true) {
    return compact('chat', byRole === 'smith' ? 'whispered to someone' : 'whispered to the Smith', { isSecret: true, visibility: e.visibility });
  }
  const isWhisper = e.visibility !== 'public';
  return plain('chat', isWhisper ? 'Whisper' : 'Says', { text: e.text, visibility: e.visibility, whisper: isWhisper ? whisperLabel(byRole, e.to, ctx) : null });
}

function settingsLine(before: Settings | undefined, after: Settings, ctx: CardContext): string {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after)])].filter((k) => !sameJson(before?.[k], after[k]));
  if (keys.length === 0) return 'The rulings were saved (no change).';
  return keys.map((k) => `${ctx.settingLabel?.(k) ?? fieldName(k)}: ${before?.[k] === undefined ? 'default' : String(before[k])} -> ${after[k] === undefined ? 'default' : String(after[k])}`).join('; ');
}

/** An event of the generic table that is no roll. */
type NotARoll = Exclude<CoreEvent, { readonly kind: 'rolled' | 'checked' | 'usage-rolled' }>;

/** The body of a card of an event of the generic table that is no roll. */
function coreBody(e: NotARoll, entry: LogEntry, ctx: CardContext): Body | null {
  switch (e.kind) {
    case 'table-created':
      return compact('table', `made the table "${e.name}"`);
    case 'member-joined':
      return compact('table', `joined the table as ${e.member.role === 'smith' ? 'the Smith' : `${e.member.role === 'observer' ? 'an' : 'a'} ${e.member.role}`}`);
    case 'member-renamed': {
      const was = entry.before?.member?.name;
      return compact('table', e.memberId === e.by ? `renamed themselves${was ? ` from ${was}` : ''} to ${e.name}` : `renamed ${was ?? 'a member'} to ${e.name}`);
    }
    case 'member-removed':
      return compact('table', `removed ${entry.before?.member?.name ?? ctx.nameOf(e.memberId)} from the table`);
    case 'seat-renewed':
      return compact('table', e.memberId === e.by ? 'made a new seat link (the old one no longer opens the table)' : `gave ${entry.before?.member?.name ?? ctx.nameOf(e.memberId)} a new seat link`);
    case 'invite-changed':
      return compact('table', e.hasInvite ? 'made a new invite link' : 'revoked the invite link');
    case 'settings-changed':
      return compact('table', 'changed the rulings', { detail: settingsLine(entry.before?.settings, e.settings, ctx), isCompact: false });
    case 'character-saved':
      return characterCard(e, entry);
    case 'character-removed':
      return compact('character', `removed the character ${docName(entry.before?.character?.document) ?? ctx.characterName?.(e.characterId) ?? ''}`.trim());
    case 'combat-changed':
      return combatCard(e, entry, ctx);
    case 'chatted':
      return chatCard(e, ctx);
    case 'epoch-committed':
      // The server's commitment is no one's doing at the table: "Verify the dice" reads it, the log shows the reveal.
      return null;
    case 'epoch-revealed':
      return compact('table', `revealed the dice of epoch ${e.epoch}${e.reason === 'limit' ? ' (it reached its limit)' : e.reason === 'evening' ? ' at the end of the evening' : ''}: "Verify the dice" checks them`);
    case 'evening-ended':
      return compact('table', `closed the evening's game (evening ${e.evening})`);
  }
}

/** A ruleset event that is no roll: its reader's card; without a reader, its kind on one line. */
function rulesetBody(e: RulesetEvent, entry: LogEntry, ctx: CardContext): Body | null {
  const follows = followLines(entry);
  if (ctx.readEvent === undefined) return compact('table', fieldName(e.kind), follows.length > 0 ? { lines: follows, isCompact: false } : {});
  // The tracker the same command moved (a ruleset's initiative) names the combatants its event calls by id.
  const tracker = entry.follows.find((f) => f.kind === 'combat-changed') as { readonly combat?: unknown } | undefined;
  const combatantName = (id: string) => (tracker?.combat === undefined ? null : (readCombat(tracker.combat).combatants.find((c) => c.id === id)?.name ?? null));
  const body = ctx.readEvent(e, { nameOf: ctx.nameOf, characterName: (id) => ctx.characterName?.(id) ?? null, combatantName });
  if (body === null) return null;
  const { category, isCompact, totalLabel, isPhysical, ...rest } = body;
  const lines = [...rest.lines, ...follows];
  return plain(category ?? 'table', rest.title, { ...rest, lines, totalLabel: totalLabel ?? 'Total', isPhysical: isPhysical === true, isCompact: isCompact === true && lines.length === 0 });
}

/** The card of one log entry; null for an event the ruleset says is not worth one. */
export function logCard(entry: LogEntry, ctx: CardContext): LogCard | null {
  const e = entry.event;
  // A member's joining is theirs, whoever's command it was (the Smith's is the table's creation).
  const by = e.kind === 'member-joined' && isCoreEvent(e) ? (e as Extract<CoreEvent, { kind: 'member-joined' }>).member.id : e.by;
  const who = ctx.nameOf(by);
  const role = ctx.roleOf(by);
  const requestId = typeof (e as { requestId?: unknown }).requestId === 'string' ? ((e as { requestId: string }).requestId) : null;
  const head = { seq: e.seq, at: e.at, who, byId: by, role: role === null ? null : role === 'smith' ? 'Smith' : role, kind: e.kind, lastSeq: lastSeqOf(entry), requestId };
  if (isRollEvent(e)) {
    const card = rollCard(e, ctx.nameOf, ctx.checkLabel, ctx.readRoll);
    // The viewer's own blind roll: theirs, made, and kept from them.
    const c = card.isSecret && e.by !== null && e.by === ctx.viewerId ? { ...card, title: 'Your blind roll: only the Smith sees the result' } : card;
    const follows = followLines(entry);
    return { ...c, ...head, category: 'roll', text: null, whisper: null, isCompact: false, lines: [...c.lines, ...follows] };
  }
  const body = isCoreEvent(e) ? coreBody(e as NotARoll, entry, ctx) : rulesetBody(e, entry, ctx);
  return body === null ? null : { ...body, ...head };
}

// ---- the odds a roll had before it was made -----------------------------------------------------------

/** The chance, before the roll, of what came up: "Success, 80.9% before". */
export interface OddsBefore {
  /** The outcome as the ruleset names it. */
  readonly label: string;
  readonly p: number;
  /** "Success, 80.9% before". */
  readonly text: string;
}

function before(label: string, p: number): OddsBefore {
  return { label, p, text: `${label}, ${formatChance(p)} before` };
}

/**
 * The exact chance the roll of an entry had, before it was made, of the outcome that came up, from the
 * ruleset's own odds (the ones the tray and the forms show): a check's outcome, a usage die's, a
 * character change's; for a plain notation roll, the chance of at least its total. Null when there is
 * none to give (a card that is no roll, a redacted roll, a roll the ruleset cannot read again).
 */
export function oddsBefore(entry: LogEntry, rs: RuleSystem | null, settings: Settings): OddsBefore | null {
  const e = entry.event as TableEvent & { readonly redacted?: true };
  if (e.redacted === true || !isCoreEvent(e)) return null;
  try {
    switch (e.kind) {
      case 'checked': {
        if (rs === null) return null;
        const odds = rs.checkOdds({ check: e.check, params: e.params });
        if (!odds.ok) return null;
        const o = odds.value.outcomes.find((x) => x.outcome === e.result.outcome);
        return o ? before(e.result.label || o.label, o.p) : null;
      }
      case 'usage-rolled': {
        if (rs === null) return null;
        const odds = rs.usageOdds(e.die, 1);
        if (!odds.ok) return null;
        const p = odds.value.distribution.find((x) => x.die === e.after)?.p;
        if (p === undefined) return null;
        return before(e.after === null ? 'Depleted' : e.after !== e.die ? `Steps down to d${e.after}` : 'Holds', p);
      }
      case 'rolled': {
        const odds = rollOdds(e.notation, rs?.chain ?? PLAIN_DICE, belowBottomOf(settings));
        if (!odds.ok) return null;
        const p = odds.distribution.atLeast(e.total);
        return { label: `${e.total} or more`, p, text: `${e.total} or more: ${formatChance(p)} before` };
      }
      case 'character-saved': {
        if (e.redacted === true) return null;
        const change = e.change;
        const was = entry.before?.character;
        if (rs === null || !change || change.params === undefined || change.outcome === undefined || was === undefined) return null;
        const odds = rs.play.changeOdds(was.document as never, { change: change.id, params: change.params });
        if (!odds.ok) return null;
        const o = odds.value.outcomes.find((x) => x.outcome === change.outcome);
        return o ? before(o.label, o.p) : null;
      }
      default:
        return null;
    }
  } catch {
    // A ruleset that cannot read an old event's parameters again (a newer version) gives no odds.
    return null;
  }
}

/** The sentence announced to screen readers for a new card of the log. */
export function announceCard(card: LogCard): string {
  if (card.category === 'roll') return announce(card);
  if (card.category === 'chat') {
    if (card.text === null) return `${card.who} ${card.title}.`;
    return `${card.who}${card.whisper ? ` (${card.whisper})` : ''}: ${card.text}`;
  }
  // A one-line card's title goes on from the name ("Kit joined the table"); others stand alone.
  const said = `${card.who}${card.isCompact && /^[a-z]/.test(card.title) ? ' ' : ': '}${card.title}${card.detail ? `, ${card.detail}` : ''}`;
  return `${said.replace(/[.\s]+$/, '')}.`;
}

/** The Smith's line on the size of the table's log ("The table's log holds 1.4 MB."). */
export function logSizeText(bytes: number): string {
  const size = bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} kB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `The table's log holds ${size}.`;
}
