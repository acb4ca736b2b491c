/**
 * The wire shapes of docs/protocol.md as the web table reads them, derived from the server's own types
 * with type imports only (the page's bundle gets nothing of the server; of the table core, its two
 * lists of visibilities and event kinds):
 *
 * - commands: the input of the server's schemas (`CommandMessageInput`, src/server/wire.ts: before
 *   their defaults), without the `requestId` the connection adds;
 * - events: the table core's bodies (`EventBodies`, src/table/events.ts) as `projectEvent`
 *   (src/table/project.ts) sends them: the envelope (`seq`, `kind`, `at`, `by`), then the body's fields,
 *   `rolled` flat, and a body with a `visibility` the viewer may not see redacted.
 *
 * A ruleset's own commands and events are typed by its web parts (web/src/rulesets/<id>/) from its own
 * types, through `WithoutRequestId` and `ProjectedEvents` here. The server is the authority: frames are
 * read tolerantly (unknown fields kept), because the protocol grows by addition.
 */
import type { RollRecord } from '../../../src/dice/roll.js';
import type { RulesetId } from '../../../src/rules/catalogue.js';
import type { ExtensionEventBody } from '../../../src/rules/rule-system.js';
import type { CommandMessageInput } from '../../../src/server/wire.js';
import type { EventBodies, MemberView, TableSettings, Visibility } from '../../../src/table/events.js';
import type { WireEvent } from '../../../src/table/project.js';
import { VISIBILITIES } from '../../../src/rules/rule-system.js';
import { TABLE_EVENT_KINDS as CORE_EVENT_KINDS } from '../../../src/table/events.js';

export type { Role, TableCharacter, Visibility } from '../../../src/table/events.js';
/** Every visibility (in the order the tray offers them), and every kind of the generic table's events. */
export { CORE_EVENT_KINDS, VISIBILITIES };

/** A member as others see them. */
export type Member = MemberView;

/** Table settings: the rulings that are options. */
export type Settings = TableSettings;

/** One die of a `rolled` event (the roll record's `DieRecord`). */
export type WireDie = RollRecord['dice'][number];

/** One term of a `rolled` event (the roll record's `TermRecord`). */
export type WireTerm = RollRecord['terms'][number];

// ---- events -----------------------------------------------------------------------------------------

/** What every event carries on the wire: `projectEvent`'s envelope, of kind `K`. */
export type Envelope<K extends string = string> = Pick<WireEvent, 'seq' | 'at' | 'by'> & { readonly kind: K };

/** A roll body as `projectEvent` sends it: its record's total, dice and terms beside the request. */
type FlatRoll<B extends { readonly record: RollRecord }> = Omit<B, 'record'> & Pick<B['record'], 'total' | 'dice' | 'terms'>;

/**
 * The generic table's bodies by kind as they arrive: the core's, `rolled` flat. A `table-created`
 * ruleset is a catalogue id (the server checks it when the table is created).
 */
export type WireBodies = Omit<EventBodies, 'rolled' | 'table-created'> & {
  readonly rolled: FlatRoll<EventBodies['rolled']>;
  readonly 'table-created': Omit<EventBodies['table-created'], 'ruleset'> & { readonly ruleset: RulesetId };
};

/**
 * An event of kind `K` and body `B` as a viewer receives it: whole, or, for a body with a `visibility`
 * the viewer is not entitled to, redacted to its envelope, request id and visibility.
 */
export type Projected<K extends string, B> =
  | (Envelope<K> & B & { readonly redacted?: never })
  | ('visibility' extends keyof B ? Envelope<K> & { readonly visibility: Visibility } & Pick<B, Extract<'requestId', keyof B>> & { readonly redacted: true } : never);

/** Every event of a table of bodies by kind (`WireBodies`, a ruleset's own), as projected. */
export type ProjectedEvents<Bodies> = { [K in keyof Bodies & string]: Projected<K, Bodies[K]> }[keyof Bodies & string];

/** An event of the generic table, by kind. A secret-capable kind arrives whole or `redacted`. */
export type CoreEvent = ProjectedEvents<WireBodies>;

/**
 * An event of a kind the table's ruleset adds: its body is the ruleset's (`ExtensionEventBody`), read by
 * its web parts (web/src/rulesets). One that carries a `visibility` is a roll, and has a card in the log.
 */
export type RulesetEvent = Envelope & ExtensionEventBody & { readonly requestId?: string; readonly redacted?: true };

/** Any table event. */
export type TableEvent = CoreEvent | RulesetEvent;

/**
 * True for the generic table's kinds. (`RulesetEvent` takes any kind, so the guard narrows to the
 * members of `e`'s own type that are the generic table's.)
 */
export function isCoreEvent<E extends TableEvent>(e: E): e is Extract<E, CoreEvent> {
  return (CORE_EVENT_KINDS as readonly string[]).includes(e.kind);
}

/** A roll of a kind the ruleset adds. */
export type RulesetRollEvent = RulesetEvent & { readonly visibility: Visibility };

/** The kinds of event that are rolls (shown as cards in the roll log). */
export type RollEvent = Extract<CoreEvent, { kind: 'rolled' | 'checked' | 'usage-rolled' }> | RulesetRollEvent;

/** True for the events shown as roll cards: the generic rolls, and any ruleset event that says who sees it. */
export function isRollEvent(e: TableEvent): e is RollEvent {
  if (isCoreEvent(e)) return e.kind === 'rolled' || e.kind === 'checked' || e.kind === 'usage-rolled';
  return typeof e.visibility === 'string' && (VISIBILITIES as readonly unknown[]).includes(e.visibility);
}

// ---- frames -----------------------------------------------------------------------------------------

/** The server's first answer on the socket. */
export interface Welcome {
  readonly kind: 'welcome';
  readonly tableId: string;
  readonly you: Member;
  readonly table: { readonly name: string; readonly ruleset: RulesetId; readonly settings: Settings };
  readonly members: readonly Member[];
  readonly lastSeq: number;
}

/** A refused command or a connection problem. */
export interface ErrorFrame {
  readonly kind: 'error';
  readonly requestId?: string;
  readonly code: string;
  readonly message?: string;
  readonly retryAfterMs?: number;
  /** JSON path of the value at fault in the command (`$.params.amount`). */
  readonly path?: string;
}

/** A command applied and stored (docs/protocol.md, Commands). */
export interface AckFrame {
  readonly kind: 'ack';
  readonly requestId: string;
  /** The seq of the command's last event. */
  readonly seq: number;
  /** `character-save`: the id of the character saved (the new one's, or the edited one's). */
  readonly characterId?: string;
}

/** Every frame the server sends. */
export type ServerFrame = Welcome | ErrorFrame | AckFrame | { readonly kind: 'pong' } | TableEvent;

// ---- commands ---------------------------------------------------------------------------------------

/** A value as the page may hand it over: every object and array in it read-only. */
export type ReadonlyDeep<T> = T extends readonly (infer E)[] ? readonly ReadonlyDeep<E>[] : T extends object ? { readonly [K in keyof T]: ReadonlyDeep<T[K]> } : T;

/** A command without the `requestId` the connection adds (each member of a union on its own). */
export type WithoutRequestId<C> = C extends unknown ? Omit<C, 'requestId'> : never;

/** Commands of the generic table the client sends: the server's command messages (src/server/wire.ts) but `ping`. */
export type Command = ReadonlyDeep<WithoutRequestId<Exclude<CommandMessageInput, { kind: 'ping' }>>>;

/** A change to the combat tracker every table has: the `combat` command's `action`. */
export type CombatAction = Extract<Command, { kind: 'combat' }>['action'];

/** A tracker action a ruleset adds (sent as `{ kind: 'combat', action }` with `sendRuleset`; its web parts build it). */
export type RulesetCombatAction = { readonly type: string; readonly [field: string]: unknown };

/** A command of a kind the table's ruleset adds (its web parts build it, the server's ruleset reads it). */
export type RulesetCommand = { readonly kind: string; readonly [field: string]: unknown };

// ---- HTTP, and reading frames -------------------------------------------------------------------------

/** `GET /api/tables/:id`. */
export interface TableInfo {
  readonly id: string;
  readonly name: string;
  readonly ruleset: RulesetId;
  readonly settings: Settings;
  readonly you: Member;
  readonly members: readonly Member[];
  readonly lastSeq: number;
  readonly inviteCode?: string | null;
  /** The Smith's only: the size of the table's log, in bytes. */
  readonly logBytes?: number;
}

/** Reads a frame's JSON text; null when it is not an object with a string `kind`. */
export function readFrame(text: string): ServerFrame | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const kind = (value as { kind?: unknown }).kind;
  if (typeof kind !== 'string') return null;
  return value as ServerFrame;
}

/** True when a frame is a table event (it has a numeric `seq` and is not an ack). */
export function isEventFrame(frame: ServerFrame): frame is TableEvent {
  return frame.kind !== 'ack' && typeof (frame as { seq?: unknown }).seq === 'number';
}
