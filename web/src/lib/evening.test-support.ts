/**
 * A table run by the table core for the log's tests: commands read as the server reads them, decided,
 * stored and projected per viewer as the server sends them, then folded into each viewer's page state.
 * Not a test itself (the web's tests and a ruleset's web tests share it).
 */
import { seededRandom } from '../../../src/dice/random.js';
import type { RulesetId } from '../../../src/rules/catalogue.js';
import type { RuleSystem } from '../../../src/rules/rule-system.js';
import { readCommandMessage } from '../../../src/server/wire.js';
import { rollCommand, type Actor, type TableCommand } from '../../../src/table/commands.js';
import { EVENT_SCHEMA_VERSION, type NewTableEvent, type TableEvent as StoredEvent } from '../../../src/table/events.js';
import { projectEvent, type Viewer } from '../../../src/table/project.js';
import { applyEvent as applyCoreEvent, initialState, type TableState as CoreState } from '../../../src/table/state.js';
import { logCard, type CardContext, type LogCard, type RulesetCardReader, type RulesetLogReader } from './describe.js';
import type { TableEvent } from './protocol.js';
import { applyEvent, applyWelcome, emptyTable, memberName, memberRole, type TableState } from './table-state.js';

export type { StoredEvent };

/** The Smith, Mora. */
export const SMITH: Actor = { id: 's', role: 'smith' };
/** A player, Pia. */
export const PIA: Actor = { id: 'p1', role: 'player' };
/** Another player, Kit. */
export const KIT: Actor = { id: 'p2', role: 'player' };

/** A table run by the core: commands in, stored events out, each viewer's page state folded from its projection. */
export class Evening {
  private core: CoreState;
  readonly stored: StoredEvent[] = [];
  private at = 1_000;
  private readonly rng = seededRandom(7);

  constructor(readonly rules: RuleSystem) {
    const created: NewTableEvent = { kind: 'table-created', body: { name: 'Keep', ruleset: rules.id, settings: {} } };
    this.core = initialState(created, rules.table);
    this.append(null, null, [created]);
    this.append(null, null, [{ kind: 'member-joined', body: { member: { id: 's', name: 'Mora', role: 'smith' } } }]);
    this.append('p1', null, [{ kind: 'member-joined', body: { member: { id: 'p1', name: 'Pia', role: 'player' } } }]);
    this.append('p2', null, [{ kind: 'member-joined', body: { member: { id: 'p2', name: 'Kit', role: 'player' } } }]);
  }

  /** Stores events as the server would (the server's own, a seat renewal, come this way). */
  append(actorId: string | null, requestId: string | null, events: readonly NewTableEvent[]): void {
    this.at += 1000;
    for (const e of events) {
      const stored = { ...e, seq: this.stored.length + 1, at: this.at, actorId, requestId, schemaVersion: EVENT_SCHEMA_VERSION } as StoredEvent;
      this.core = this.stored.length === 0 ? { ...this.core, lastSeq: 1 } : applyCoreEvent(this.core, stored, this.rules.table);
      this.stored.push(stored);
    }
  }

  /** Sends a message as a client would (`requestId` added); the events it made, or throws the refusal. */
  send(actor: Actor, message: Record<string, unknown>): StoredEvent[] {
    const requestId = `r${this.stored.length + 1}`;
    const read = readCommandMessage({ ...message, requestId }, this.rules, []);
    if (!read.ok) throw new Error(read.message);
    const decided = rollCommand(this.core, actor, read.command as TableCommand, { rng: this.rng, rules: this.rules, now: this.at });
    if (!decided.ok) throw new Error(decided.error.message);
    const from = this.stored.length;
    this.append(actor.id, requestId, decided.value);
    return this.stored.slice(from);
  }

  /** The page's state of a viewer after every event so far, from the welcome on. */
  viewOf(viewer: Viewer): TableState {
    const me = this.core.members.find((m) => m.id === viewer.id)!;
    let s = applyWelcome(emptyTable('t'), {
      kind: 'welcome',
      tableId: 't',
      you: me,
      table: { name: 'Keep', ruleset: this.rules.id as RulesetId, settings: {} },
      members: this.core.members,
      lastSeq: this.stored.length,
    });
    for (const e of this.stored) s = applyEvent(s, projectEvent(e, viewer) as unknown as TableEvent);
    return s;
  }
}

/** The readers a ruleset's web parts give the log. */
export interface Readers {
  readonly readRoll?: RulesetCardReader;
  readonly readEvent?: RulesetLogReader;
}

/** What a viewer's cards are built against, as the page builds it. */
export function contextOf(s: TableState, rules: RuleSystem, readers: Readers = {}): CardContext {
  return {
    nameOf: (id) => memberName(s, id),
    roleOf: (id) => memberRole(s, id),
    viewerId: s.you?.id ?? null,
    characterName: (id) => {
      const n = s.characters.find((c) => c.id === id)?.document['name'];
      return typeof n === 'string' ? n : null;
    },
    checkLabel: (id) => rules.checks.find((c) => c.id === id)?.label ?? null,
    settingLabel: (name) => rules.settings.find((d) => d.name === name)?.label ?? null,
    readRoll: readers.readRoll,
    readEvent: readers.readEvent,
  };
}

/** A viewer's cards, oldest first. */
export function cardsOf(s: TableState, rules: RuleSystem, readers: Readers = {}): LogCard[] {
  const ctx = contextOf(s, rules, readers);
  return s.log.map((e) => logCard(e, ctx)).filter((c): c is LogCard => c !== null);
}
