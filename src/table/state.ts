/**
 * A table's state: the fold of its events. Pure: applying the same events gives the same state, and
 * nothing here rolls (the faces are in the events). What the table's ruleset adds (`RuleSystem.table`)
 * is folded by the ruleset into its own slice, `extension`.
 */
import type { TableExtension } from '../rules/rule-system.js';
import { EMPTY_COMBAT, type CombatState } from './combat.js';
import { foldEpochs, NO_EPOCHS, type EpochsState } from './epochs.js';
import { isGenericEvent, type MemberView, type NewTableEvent, type TableCharacter, type TableEvent, type TableSettings, type Visibility } from './events.js';

/** What the table knows now. */
export interface TableState {
  readonly name: string;
  /** The table's ruleset: a catalogue id. */
  readonly ruleset: string;
  readonly settings: TableSettings;
  /** The members now at the table (removed ones are in `formerMembers`). */
  readonly members: readonly MemberView[];
  /** Members the Smith removed: their names still label what they did; their tokens open nothing. */
  readonly formerMembers: readonly MemberView[];
  readonly characters: readonly TableCharacter[];
  /** Next character number, for stable ids (`ch1`, `ch2`...). */
  readonly nextCharacter: number;
  /**
   * For each character changed since it came to the table, its document before the last change and
   * what that change was: what the Smith's undo restores (one change deep).
   */
  readonly previous: Readonly<Record<string, PreviousDocument>>;
  readonly combat: CombatState;
  readonly hasInvite: boolean;
  /** The ruleset's own slice (its extension's fold), or null when the ruleset adds nothing to a table. */
  readonly extension: unknown;
  /** Seq of the last event folded in. */
  readonly lastSeq: number;
  /** The epochs of verifiable rolls (src/table/epochs.ts). */
  readonly epochs: EpochsState;
  /** Evenings the Smith has closed (`evening-ended`); absent before the first. */
  readonly eveningsEnded?: number;
  /**
   * Characters whose last change a secret roll made (TB-21), by id: who may see it, and the character
   * as everyone else last saw it (`charactersFor`). Absent when there is none.
   */
  readonly secretChanges?: Readonly<Record<string, SecretChange>>;
}

/** A character's change made by a secret roll: who may see it, and the character before it. */
export interface SecretChange {
  readonly visibility: Visibility;
  /** The roller. */
  readonly actorId: string | null;
  /** The character as those not entitled to the roll last saw it. */
  readonly character: TableCharacter;
}

/** A character's document before its last change. */
export interface PreviousDocument {
  readonly document: TableCharacter['document'];
  /** The last change's summary ("Pit trap: Health d8 -> d6"). */
  readonly summary: string;
}

/** `previous` without `id`. */
function without(previous: TableState['previous'], id: string): TableState['previous'] {
  if (!Object.hasOwn(previous, id)) return previous;
  const { [id]: _dropped, ...rest } = previous;
  void _dropped;
  return rest;
}

/** Thrown when events do not fold: a store handing out a gap or a body of the wrong kind. */
export class TableFoldError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TableFoldError';
  }
}

/** The state a table starts from: its `table-created` event, and its ruleset's extension if it has one. */
export function initialState(created: NewTableEvent, extension?: TableExtension): TableState {
  if (created.kind !== 'table-created' || !isGenericEvent(created)) throw new TableFoldError(`a table starts with table-created, not ${created.kind}`);
  const body = created.body as { readonly name: string; readonly ruleset: string; readonly settings: TableSettings };
  return {
    name: body.name,
    ruleset: body.ruleset,
    settings: body.settings,
    members: [],
    formerMembers: [],
    characters: [],
    nextCharacter: 1,
    previous: {},
    combat: EMPTY_COMBAT,
    hasInvite: true,
    extension: extension === undefined ? null : extension.initialState(),
    lastSeq: 0,
    epochs: NO_EPOCHS,
  };
}

/** The extension's slice after `event`; its replay error (a log that cannot follow the state) becomes a `TableFoldError`. */
function foldExtension(state: TableState, event: NewTableEvent, extension: TableExtension | undefined): unknown {
  if (extension === undefined) {
    if (isGenericEvent(event)) return state.extension;
    throw new TableFoldError(`an event of kind ${event.kind} needs the table's ruleset, which adds no such kind`);
  }
  if (!isGenericEvent(event) && !extension.eventKinds.includes(event.kind)) throw new TableFoldError(`the table's ruleset has no event kind ${event.kind}`);
  try {
    return extension.fold(state.extension, event.kind, event.body as { readonly [key: string]: unknown });
  } catch (e) {
    if (e instanceof Error) throw new TableFoldError(e.message);
    throw e;
  }
}

/** Folds one event (without its envelope) into the state. */
export function applyEventBody(state: TableState, event: NewTableEvent, extension?: TableExtension): TableState {
  const folded = foldExtension(state, event, extension);
  const next = folded === state.extension ? state : { ...state, extension: folded };
  if (!isGenericEvent(event)) return next;
  switch (event.kind) {
    case 'table-created':
      return { ...initialState(event, extension), lastSeq: state.lastSeq, epochs: state.epochs, ...(state.eveningsEnded !== undefined ? { eveningsEnded: state.eveningsEnded } : {}) };
    case 'member-joined':
      return { ...next, members: [...next.members.filter((m) => m.id !== event.body.member.id), event.body.member] };
    case 'member-renamed':
      return { ...next, members: next.members.map((m) => (m.id === event.body.memberId ? { ...m, name: event.body.name } : m)) };
    case 'member-removed': {
      const gone = next.members.find((m) => m.id === event.body.memberId);
      if (gone === undefined) return next;
      return { ...next, members: next.members.filter((m) => m.id !== gone.id), formerMembers: [...next.formerMembers.filter((m) => m.id !== gone.id), gone] };
    }
    case 'rolled':
    case 'checked':
    case 'usage-rolled':
    case 'chatted':
    case 'seat-renewed':
    case 'epoch-committed':
    case 'epoch-revealed':
      return next;
    case 'evening-ended':
      return { ...next, eveningsEnded: event.body.evening };
    case 'character-saved': {
      const c = event.body.character;
      const before = next.characters.find((x) => x.id === c.id);
      const n = /^ch(\d+)$/.exec(c.id);
      const nextCharacter = n === null ? next.nextCharacter : Math.max(next.nextCharacter, Number(n[1]) + 1);
      const change = event.body.change;
      const previous =
        before === undefined || change?.isUndo === true
          ? without(next.previous, c.id)
          : { ...next.previous, [c.id]: { document: before.document, summary: change?.summary ?? 'The sheet was saved.' } };
      return {
        ...next,
        characters: before !== undefined ? next.characters.map((x) => (x.id === c.id ? c : x)) : [...next.characters, c],
        nextCharacter,
        previous,
      };
    }
    case 'character-removed':
      return { ...next, characters: next.characters.filter((c) => c.id !== event.body.characterId), previous: without(next.previous, event.body.characterId) };
    case 'combat-changed':
      return { ...next, combat: event.body.combat };
    case 'invite-changed':
      return { ...next, hasInvite: event.body.hasInvite };
    case 'settings-changed':
      return { ...next, settings: event.body.settings };
  }
}

/** Folds a stored event, checking that seqs are contiguous. */
export function applyEvent(state: TableState | null, event: TableEvent, extension?: TableExtension): TableState {
  if (state === null) {
    if (event.seq !== 1) throw new TableFoldError(`the first event must have seq 1, got ${event.seq}`);
    return { ...initialState(event, extension), lastSeq: 1 };
  }
  if (event.seq !== state.lastSeq + 1) throw new TableFoldError(`event seq ${event.seq} does not follow ${state.lastSeq}`);
  return { ...withSecretChanges(state, applyEventBody(state, event, extension), event), lastSeq: event.seq, epochs: foldEpochs(state.epochs, event) };
}

/**
 * `next` with its record of secret changes following `event`: a change by a secret roll keeps the
 * character as it stood before (unless an earlier secret change kept it already); a public change
 * or a removal ends it.
 */
function withSecretChanges(state: TableState, next: TableState, event: TableEvent): TableState {
  const saved = event.kind === 'character-saved' || event.kind === 'character-removed' ? (event as Extract<TableEvent, { kind: 'character-saved' | 'character-removed' }>) : null;
  if (saved === null) return next;
  const secret = state.secretChanges ?? {};
  const id = saved.kind === 'character-saved' ? saved.body.character.id : saved.body.characterId;
  const visibility = saved.kind === 'character-saved' ? saved.body.visibility : undefined;
  if (visibility === undefined || visibility === 'public') {
    if (!Object.hasOwn(secret, id)) return next;
    const { [id]: _ended, ...rest } = secret;
    void _ended;
    return { ...next, secretChanges: rest };
  }
  const before = Object.hasOwn(secret, id) ? secret[id]!.character : state.characters.find((c) => c.id === id);
  if (before === undefined) return next;
  return { ...next, secretChanges: { ...secret, [id]: { visibility, actorId: event.actorId, character: before } } };
}

/** The state after all of `events` (seq 1 onwards), folded with the table's ruleset's extension. */
export function foldEvents(events: readonly TableEvent[], extension?: TableExtension): TableState | null {
  let state: TableState | null = null;
  for (const e of events) state = applyEvent(state, e, extension);
  return state;
}
