/**
 * The table as this viewer sees it: the fold of the welcome and the events (the server is the
 * authority; this only displays). Pure and immutable: every apply returns a new state.
 */
import type { RulesetId } from '../../../src/rules/catalogue.js';
import { readAttack, type AttackNote } from './combat-view.js';
import { isCoreEvent, isRollEvent, type Member, type RollEvent, type RulesetEvent, type Settings, type TableCharacter, type TableEvent, type Welcome } from './protocol.js';

/** Log cards (and roll events) kept in memory; older ones are dropped from the page, not from the server. */
export const MAX_LOG_CARDS = 500;

/** Tracker attacks kept in memory. */
export const MAX_ATTACK_NOTES = 20;

/** What the page shows of a table. */
export interface TableState {
  readonly tableId: string;
  readonly name: string;
  readonly ruleset: RulesetId | null;
  readonly settings: Settings;
  readonly you: Member | null;
  readonly members: readonly Member[];
  /** Members the Smith removed: the names their old log cards still show. */
  readonly formerMembers: readonly Member[];
  /** Roll events, oldest first. */
  readonly rolls: readonly RollEvent[];
  /** Every event with a card in the log, oldest first, the last MAX_LOG_CARDS. */
  readonly log: readonly LogEntry[];
  readonly characters: readonly TableCharacter[];
  readonly combat: unknown;
  /** The attacks the server resolved in the tracker, oldest first, the last few only. */
  readonly attacks: readonly AttackNote[];
  /** Events of the kinds the ruleset adds, its own rolls among them, in order (its web parts fold them where shown). */
  readonly rulesetEvents: readonly RulesetEvent[];
  readonly hasInvite: boolean;
  readonly lastSeq: number;
  /** Evenings the Smith has closed (`evening-ended`); absent before the first. */
  readonly eveningsEnded?: number;
}

/** The state before the welcome. */
export function emptyTable(tableId: string): TableState {
  return { tableId, name: '', ruleset: null, settings: {}, you: null, members: [], formerMembers: [], rolls: [], log: [], characters: [], combat: null, attacks: [], rulesetEvents: [], hasInvite: true, lastSeq: 0 };
}

/** Applies the server's welcome (sent on every connect; events after `since` follow it). */
export function applyWelcome(state: TableState, w: Welcome): TableState {
  return { ...state, name: w.table.name, ruleset: w.table.ruleset, settings: w.table.settings, you: w.you, members: w.members };
}

function upsertMember(members: readonly Member[], m: Member): readonly Member[] {
  const i = members.findIndex((x) => x.id === m.id);
  if (i < 0) return [...members, m];
  const copy = members.slice();
  copy[i] = m;
  return copy;
}

/** Reads a `character-saved` body's character into the table's shape (the document may be nested or flat). */
export function readTableCharacter(character: TableCharacter | Readonly<Record<string, unknown>>): TableCharacter | null {
  const raw: Readonly<Record<string, unknown>> = { ...character };
  const id = raw['id'];
  const ownerId = raw['ownerId'];
  if (typeof id !== 'string') return null;
  const doc = raw['document'];
  let document: Readonly<Record<string, unknown>>;
  if (typeof doc === 'object' && doc !== null && !Array.isArray(doc)) document = doc as Record<string, unknown>;
  else {
    const { id: _id, ownerId: _owner, ...rest } = raw;
    document = rest;
  }
  return { id, ownerId: typeof ownerId === 'string' ? ownerId : '', document };
}

/**
 * One card of the log: an event, and the events of the same command folded into it (the character an
 * attack or a usage die changed, the characters a Venture gave XP), with what the table held just
 * before, where the card needs it to say what changed.
 */
export interface LogEntry {
  readonly event: TableEvent;
  readonly follows: readonly TableEvent[];
  readonly before?: LogBefore;
}

/** What the table held just before an event (each field only for the kinds that need it). */
export interface LogBefore {
  /** `character-saved`, `character-removed`: the character before (the odds of a change are read against it). */
  readonly character?: TableCharacter;
  /** `settings-changed`: the rulings before. */
  readonly settings?: Settings;
  /** `combat-changed`: the tracker before. */
  readonly combat?: unknown;
  /** `member-renamed`, `member-removed`, `seat-renewed`: the member before. */
  readonly member?: Member;
}

/** The seq of the last event a log entry holds. */
export function lastSeqOf(entry: LogEntry): number {
  return entry.follows.reduce((n, e) => Math.max(n, e.seq), entry.event.seq);
}

/** The seq of the first event a log entry holds. */
export function firstSeqOf(entry: LogEntry): number {
  return entry.follows.reduce((n, e) => Math.min(n, e.seq), entry.event.seq);
}

/** True when `e` was made by the command that made the entry's events (the same member, the same instant, the next seq). */
function isSameCommand(entry: LogEntry | undefined, e: TableEvent): entry is LogEntry {
  return entry !== undefined && entry.event.by === e.by && entry.event.at === e.at && lastSeqOf(entry) === e.seq - 1;
}

/** A tracker change with no attack in it (the tracker following a sheet, or an edit of the tracker). */
function isTrackerFollow(e: TableEvent): boolean {
  return e.kind === 'combat-changed' && isCoreEvent(e) && (e as { attack?: unknown }).attack === undefined;
}

/** A character change's id, or null. */
function changeIdOf(e: TableEvent): string | null {
  if (e.kind !== 'character-saved') return null;
  const id = (e as { change?: { id?: unknown } }).change?.id;
  return typeof id === 'string' ? id : null;
}

/**
 * How `e` joins the card of the command that made the entry: `follow`, folded into it (a character an
 * attack, a usage die or a Venture changed); `lead`, it becomes the card and what came first folds
 * into it (the tracker following a sheet, before the change that moved it); null, a card of its own.
 */
function joinOf(entry: LogEntry | undefined, e: TableEvent): 'follow' | 'lead' | null {
  if (!isSameCommand(entry, e)) return null;
  if (entry.follows.length === 0 && isTrackerFollow(entry.event) && changeIdOf(e) !== 'tracker') return 'lead';
  if (e.kind === 'character-saved' && entry.event.kind !== 'character-saved') return 'follow';
  if (isTrackerFollow(e)) return 'follow';
  return null;
}

function memberById(state: TableState, id: string): Member | undefined {
  return state.members.find((m) => m.id === id) ?? state.formerMembers.find((m) => m.id === id);
}

/** What the card of `e` needs of the state before it. */
function beforeOf(state: TableState, e: TableEvent): LogBefore | undefined {
  if (!isCoreEvent(e)) return undefined;
  switch (e.kind) {
    case 'character-saved': {
      if (e.redacted === true) return undefined;
      const id = typeof e.character.id === 'string' ? e.character.id : null;
      const character = id === null ? undefined : state.characters.find((c) => c.id === id);
      return character ? { character } : undefined;
    }
    case 'character-removed': {
      const character = state.characters.find((c) => c.id === e.characterId);
      return character ? { character } : undefined;
    }
    case 'settings-changed':
      return { settings: state.settings };
    case 'combat-changed':
      return { combat: state.combat };
    case 'member-renamed':
    case 'member-removed':
    case 'seat-renewed': {
      const member = memberById(state, e.memberId);
      return member ? { member } : undefined;
    }
    default:
      return undefined;
  }
}

/** The log after `e`: a card of its own, or folded into the card of the command that made it. */
function withLogged(state: TableState, e: TableEvent): readonly LogEntry[] {
  const log = state.log;
  const last = log[log.length - 1];
  const join = joinOf(last, e);
  if (join !== null) {
    const copy = log.slice();
    if (join === 'follow') copy[copy.length - 1] = { ...last!, follows: [...last!.follows, e] };
    else {
      const before = beforeOf(state, e);
      copy[copy.length - 1] = before === undefined ? { event: e, follows: [last!.event] } : { event: e, follows: [last!.event], before };
    }
    return copy;
  }
  const before = beforeOf(state, e);
  const entry: LogEntry = before === undefined ? { event: e, follows: [] } : { event: e, follows: [], before };
  const kept = log.length >= MAX_LOG_CARDS ? log.slice(log.length - MAX_LOG_CARDS + 1) : log.slice();
  kept.push(entry);
  return kept;
}

/** Applies one event; an event at or before `lastSeq` (a replay overlap) changes nothing. */
export function applyEvent(state: TableState, e: TableEvent): TableState {
  if (e.seq <= state.lastSeq) return state;
  const next: TableState = { ...state, lastSeq: e.seq, log: withLogged(state, e) };
  if (isRollEvent(e)) {
    const rolls = state.rolls.length >= MAX_LOG_CARDS ? state.rolls.slice(state.rolls.length - MAX_LOG_CARDS + 1) : state.rolls.slice();
    rolls.push(e);
    // A ruleset's own roll (a hammer pool) is also one of its events: its panels fold them all, in order.
    return isCoreEvent(e) ? { ...next, rolls } : { ...next, rolls, rulesetEvents: [...state.rulesetEvents, e] };
  }
  if (!isCoreEvent(e)) return { ...next, rulesetEvents: [...state.rulesetEvents, e] };
  switch (e.kind) {
    case 'table-created':
      return { ...next, name: e.name, ruleset: e.ruleset, settings: e.settings ?? {} };
    case 'member-joined':
      return { ...next, members: upsertMember(state.members, e.member), formerMembers: state.formerMembers.filter((m) => m.id !== e.member.id) };
    case 'member-renamed': {
      const m = state.members.find((x) => x.id === e.memberId);
      const renamed = m ? { ...m, name: e.name } : null;
      return {
        ...next,
        members: renamed ? upsertMember(state.members, renamed) : state.members,
        you: state.you && state.you.id === e.memberId ? { ...state.you, name: e.name } : state.you,
      };
    }
    case 'member-removed': {
      const m = state.members.find((x) => x.id === e.memberId);
      if (!m) return next;
      return { ...next, members: state.members.filter((x) => x.id !== e.memberId), formerMembers: upsertMember(state.formerMembers, m) };
    }
    case 'character-saved': {
      // A sheet saved with a secret roll the viewer may not see: the sheet stays as they last saw it (TB-21).
      if (e.redacted === true) return next;
      const c = readTableCharacter(e.character);
      if (!c) return next;
      const i = state.characters.findIndex((x) => x.id === c.id);
      const characters = state.characters.slice();
      if (i < 0) characters.push(c);
      else characters[i] = c;
      return { ...next, characters };
    }
    case 'character-removed':
      return { ...next, characters: state.characters.filter((c) => c.id !== e.characterId) };
    case 'combat-changed': {
      const note = readAttack(e.seq, e.attack, e.summary);
      return { ...next, combat: e.combat, ...(note ? { attacks: [...state.attacks.slice(-(MAX_ATTACK_NOTES - 1)), note] } : {}) };
    }
    case 'invite-changed':
      return { ...next, hasInvite: e.hasInvite };
    case 'settings-changed':
      return { ...next, settings: e.settings };
    case 'evening-ended':
      return { ...next, eveningsEnded: e.evening };
    default:
      return next;
  }
}

/** A member's display name (a removed member's too), or a fallback that still says who. */
export function memberName(state: Pick<TableState, 'members'> & Partial<Pick<TableState, 'formerMembers'>>, id: string | null): string {
  if (id === null) return 'the table';
  return (state.members.find((m) => m.id === id) ?? state.formerMembers?.find((m) => m.id === id))?.name ?? 'someone';
}

/** A member's role (a removed member's too), or null when the table does not know them. */
export function memberRole(state: Pick<TableState, 'members'> & Partial<Pick<TableState, 'formerMembers'>>, id: string | null): Member['role'] | null {
  if (id === null) return null;
  return (state.members.find((m) => m.id === id) ?? state.formerMembers?.find((m) => m.id === id))?.role ?? null;
}

/** A role as cards and badges name it: "Smith", "player", "observer". */
export function roleLabel(role: string): string {
  return role === 'smith' ? 'Smith' : role;
}

/** A member with their role, the same way everywhere: "Pia · player", "Mora · Smith", "Kit · observer" ("Smith" alone for the default name). */
export function memberWithRole(name: string, role: string): string {
  const r = roleLabel(role);
  // A Smith who kept the default name is just "Smith", not "Smith · Smith".
  return name.trim().toLowerCase() === r.toLowerCase() ? r : `${name} · ${r}`;
}
