/**
 * The table as this viewer sees it: the fold of the welcome and the events (the server is the
 * authority; this only displays). Pure and immutable: every apply returns a new state.
 */
import type { RulesetId } from '../../../src/rules/catalogue.js';
import { readAttack, type AttackNote } from './combat-view.js';
import { isCoreEvent, isRollEvent, type Member, type RollEvent, type RulesetEvent, type Settings, type TableCharacter, type TableEvent, type Welcome } from './protocol.js';

/** Roll cards kept in memory (older ones are dropped from the page, not from the server). */
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
  readonly characters: readonly TableCharacter[];
  readonly combat: unknown;
  /** The attacks the server resolved in the tracker, oldest first, the last few only. */
  readonly attacks: readonly AttackNote[];
  /** Events of the kinds the ruleset adds that are not rolls, in order (its web parts fold them where shown). */
  readonly rulesetEvents: readonly RulesetEvent[];
  readonly hasInvite: boolean;
  readonly lastSeq: number;
}

/** The state before the welcome. */
export function emptyTable(tableId: string): TableState {
  return { tableId, name: '', ruleset: null, settings: {}, you: null, members: [], formerMembers: [], rolls: [], characters: [], combat: null, attacks: [], rulesetEvents: [], hasInvite: true, lastSeq: 0 };
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

/** Applies one event; an event at or before `lastSeq` (a replay overlap) changes nothing. */
export function applyEvent(state: TableState, e: TableEvent): TableState {
  if (e.seq <= state.lastSeq) return state;
  const next: TableState = { ...state, lastSeq: e.seq };
  if (isRollEvent(e)) {
    const rolls = state.rolls.length >= MAX_LOG_CARDS ? state.rolls.slice(state.rolls.length - MAX_LOG_CARDS + 1) : state.rolls.slice();
    rolls.push(e);
    return { ...next, rolls };
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
        you: state.you !== null && state.you.id === e.memberId ? { ...state.you, name: e.name } : state.you,
      };
    }
    case 'member-removed': {
      const m = state.members.find((x) => x.id === e.memberId);
      if (!m) return next;
      return { ...next, members: state.members.filter((x) => x.id !== e.memberId), formerMembers: upsertMember(state.formerMembers, m) };
    }
    case 'character-saved': {
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
    default:
      return next;
  }
}

/** A member's display name (a removed member's too), or a fallback that still says who. */
export function memberName(state: Pick<TableState, 'members'> & Partial<Pick<TableState, 'formerMembers'>>, id: string | null): string {
  if (id === null) return 'the table';
  return (state.members.find((m) => m.id === id) ?? state.formerMembers?.find((m) => m.id === id))?.name ?? 'someone';
}

/** A member with their role, the same way everywhere: "Pia · player", "Mora · Smith", "Kit · observer" ("Smith" alone for the default name). */
export function memberWithRole(name: string, role: string): string {
  const r = role === 'smith' ? 'Smith' : role;
  // A Smith who kept the default name is just "Smith", not "Smith · Smith".
  return name.trim().toLowerCase() === r.toLowerCase() ? r : `${name} · ${r}`;
}
