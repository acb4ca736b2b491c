/**
 * A table's state: the fold of its events. Pure: applying the same events gives the same state, and
 * nothing here rolls (the faces are in the events).
 */
import { EMPTY_MAGICK_STATE, foldMagickEvents, type MagickState } from '../rules/hammercrawl/magick/magick-state.js';
import { foldVenture, newVenture, type VentureState } from '../rules/hammercrawl/venture/venture.js';
import { EMPTY_COMBAT, type CombatState } from './combat.js';
import type { MemberView, NewTableEvent, TableCharacter, TableEvent, TableSettings } from './events.js';

/** What the table knows now. */
export interface TableState {
  readonly name: string;
  readonly ruleset: string;
  readonly settings: TableSettings;
  readonly members: readonly MemberView[];
  readonly characters: readonly TableCharacter[];
  /** Next character number, for stable ids (`ch1`, `ch2`...). */
  readonly nextCharacter: number;
  readonly combat: CombatState;
  readonly hasInvite: boolean;
  /** HAMMERCRAWL!: the party's Ventures, the fold of every `venture-changed` event (a party in town before any). */
  readonly venture: VentureState;
  /** HAMMERCRAWL!: each character's magick, by character id, the fold of its `magick-changed` events. */
  readonly magick: Readonly<Record<string, MagickState>>;
  /** Seq of the last event folded in. */
  readonly lastSeq: number;
}

/** Thrown when events do not fold: a store handing out a gap or a body of the wrong kind. */
export class TableFoldError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TableFoldError';
  }
}

/** Runs a module's fold; its replay error (a log that cannot follow the state) becomes a `TableFoldError`. */
function foldOrThrow<T>(fold: () => T): T {
  try {
    return fold();
  } catch (e) {
    if (e instanceof Error) throw new TableFoldError(e.message);
    throw e;
  }
}

/** The state a table starts from: its `table-created` event. */
export function initialState(created: NewTableEvent): TableState {
  if (created.kind !== 'table-created') throw new TableFoldError(`a table starts with table-created, not ${created.kind}`);
  return {
    name: created.body.name,
    ruleset: created.body.ruleset,
    settings: created.body.settings,
    members: [],
    characters: [],
    nextCharacter: 1,
    combat: EMPTY_COMBAT,
    hasInvite: true,
    venture: newVenture(),
    magick: {},
    lastSeq: 0,
  };
}

/** Folds one event (without its envelope) into the state. */
export function applyEventBody(state: TableState, event: NewTableEvent): TableState {
  switch (event.kind) {
    case 'table-created':
      return { ...initialState(event), lastSeq: state.lastSeq };
    case 'member-joined':
      return { ...state, members: [...state.members.filter((m) => m.id !== event.body.member.id), event.body.member] };
    case 'rolled':
    case 'checked':
    case 'usage-rolled':
    case 'hammer-rolled':
      return state;
    case 'character-saved': {
      const c = event.body.character;
      const exists = state.characters.some((x) => x.id === c.id);
      const n = /^ch(\d+)$/.exec(c.id);
      const next = n === null ? state.nextCharacter : Math.max(state.nextCharacter, Number(n[1]) + 1);
      return {
        ...state,
        characters: exists ? state.characters.map((x) => (x.id === c.id ? c : x)) : [...state.characters, c],
        nextCharacter: next,
      };
    }
    case 'character-removed': {
      const { [event.body.characterId]: _dropped, ...magick } = state.magick;
      void _dropped;
      return { ...state, characters: state.characters.filter((c) => c.id !== event.body.characterId), magick };
    }
    case 'combat-changed':
      return { ...state, combat: event.body.combat };
    case 'invite-changed':
      return { ...state, hasInvite: event.body.hasInvite };
    case 'settings-changed':
      return { ...state, settings: event.body.settings };
    case 'venture-changed':
      return { ...state, venture: foldOrThrow(() => foldVenture(event.body.events, state.venture)) };
    case 'magick-changed': {
      const id = event.body.characterId;
      const before = Object.hasOwn(state.magick, id) ? state.magick[id]! : EMPTY_MAGICK_STATE;
      return { ...state, magick: { ...state.magick, [id]: foldOrThrow(() => foldMagickEvents(event.body.events, before)) } };
    }
  }
}

/** Folds a stored event, checking that seqs are contiguous. */
export function applyEvent(state: TableState | null, event: TableEvent): TableState {
  if (state === null) {
    if (event.seq !== 1) throw new TableFoldError(`the first event must have seq 1, got ${event.seq}`);
    return { ...initialState(event), lastSeq: 1 };
  }
  if (event.seq !== state.lastSeq + 1) throw new TableFoldError(`event seq ${event.seq} does not follow ${state.lastSeq}`);
  return { ...applyEventBody(state, event), lastSeq: event.seq };
}

/** The state after all of `events` (seq 1 onwards). */
export function foldEvents(events: readonly TableEvent[]): TableState | null {
  let state: TableState | null = null;
  for (const e of events) state = applyEvent(state, e);
  return state;
}
