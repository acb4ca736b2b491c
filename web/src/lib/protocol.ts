/**
 * The wire shapes of docs/protocol.md as the web table reads them. The server is the authority: every
 * reader here is tolerant (unknown fields kept, missing optional fields allowed) because the protocol
 * grows by addition.
 */
import type { CheckRoll, ParamRecord } from '../../../src/rules/rule-system.js';
import type { RulesetId } from '../../../src/rules/catalogue.js';

/** Roles at a table. */
export type Role = 'smith' | 'player' | 'observer';

/** Who may see a roll. */
export type Visibility = 'public' | 'smith' | 'blind';

/** Every visibility, in the order the tray offers them. */
export const VISIBILITIES: readonly Visibility[] = ['public', 'smith', 'blind'];

/** A member as others see them. */
export interface Member {
  readonly id: string;
  readonly name: string;
  readonly role: Role;
}

/** Table settings: the rulings that are options. */
export type Settings = { readonly [key: string]: string | number | boolean };

/** One die of a `rolled` event on the wire. */
export interface WireDie {
  readonly sides?: number;
  readonly die?: string;
  readonly face?: number;
  readonly value?: number;
  readonly faces?: readonly number[];
  readonly kept: boolean;
  readonly exploded?: boolean;
  readonly rerolled?: readonly number[];
  readonly term?: number;
}

/** One term of a `rolled` event (a RollRecord's TermRecord). */
export interface WireTerm {
  readonly kind: 'dice' | 'constant';
  readonly notation: string;
  readonly sign: 1 | -1;
  readonly die?: string;
  readonly value?: number;
  readonly vantage?: 'advantage' | 'disadvantage' | null;
  readonly steps?: {
    readonly from: string;
    readonly to: string;
    readonly amount: number;
    readonly modifiers: readonly { readonly amount: number; readonly origin: { readonly kind: string; readonly label?: string } }[];
    readonly explanation: string;
  };
}

/** What every event carries. */
export interface EventBase {
  readonly seq: number;
  readonly kind: string;
  readonly at: number;
  readonly by: string | null;
  readonly requestId?: string;
  readonly visibility?: Visibility;
  readonly redacted?: true;
}

/** A character as the table holds it. */
export interface TableCharacter {
  readonly id: string;
  readonly ownerId: string;
  /** The ruleset's document. */
  readonly document: Readonly<Record<string, unknown>>;
}

/** An event of the generic table, by kind. Fields of secret-capable kinds are absent when `redacted`. */
export type CoreEvent =
  | (EventBase & { readonly kind: 'table-created'; readonly name: string; readonly ruleset: RulesetId; readonly settings: Settings })
  | (EventBase & { readonly kind: 'member-joined'; readonly member: Member })
  | (EventBase & {
      readonly kind: 'rolled';
      readonly notation?: string;
      readonly label?: string;
      readonly total?: number;
      readonly dice?: readonly WireDie[];
      readonly terms?: readonly WireTerm[];
      readonly record?: { readonly total: number; readonly dice: readonly WireDie[]; readonly terms: readonly WireTerm[]; readonly notation: string };
      readonly isPhysical?: boolean;
    })
  | (EventBase & {
      readonly kind: 'checked';
      readonly check?: string;
      readonly params?: ParamRecord;
      readonly label?: string;
      readonly characterId?: string;
      readonly result?: CheckRoll;
    })
  | (EventBase & {
      readonly kind: 'usage-rolled';
      readonly label?: string;
      readonly characterId?: string;
      readonly die?: number;
      readonly face?: number;
      readonly after?: number | null;
      readonly explanation?: string;
    })
  | (EventBase & { readonly kind: 'character-saved'; readonly character: Readonly<Record<string, unknown>> })
  | (EventBase & { readonly kind: 'character-removed'; readonly characterId: string })
  | (EventBase & { readonly kind: 'combat-changed'; readonly combat: unknown; readonly summary?: string; readonly attack?: unknown })
  | (EventBase & { readonly kind: 'invite-changed'; readonly hasInvite: boolean })
  | (EventBase & { readonly kind: 'settings-changed'; readonly settings: Settings });

/** Every kind of the generic table's events. */
export const CORE_EVENT_KINDS = [
  'table-created',
  'member-joined',
  'rolled',
  'checked',
  'usage-rolled',
  'character-saved',
  'character-removed',
  'combat-changed',
  'invite-changed',
  'settings-changed',
] as const satisfies readonly CoreEvent['kind'][];

/**
 * An event of a kind the table's ruleset adds: its fields are the ruleset's, read by its web parts
 * (web/src/rulesets). One that carries a `visibility` is a roll, and has a card in the log.
 */
export interface RulesetEvent extends EventBase {
  readonly [field: string]: unknown;
}

/** Any table event. */
export type TableEvent = CoreEvent | RulesetEvent;

/** True for the generic table's kinds. */
export function isCoreEvent(e: TableEvent): e is CoreEvent {
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

/** Commands of the generic table the client sends (the `requestId` is added by the connection). */
export type Command =
  | { readonly kind: 'roll'; readonly notation: string; readonly visibility: Visibility; readonly label?: string; readonly faces?: readonly number[] }
  | {
      readonly kind: 'check';
      readonly check: string;
      readonly params: ParamRecord;
      readonly visibility: Visibility;
      readonly label?: string;
      readonly characterId?: string;
    }
  /** `path` (a JSON pointer into the character's document) lets the server write the stepped-down die back. */
  | { readonly kind: 'usage'; readonly die: number; readonly label: string; readonly visibility?: Visibility; readonly characterId?: string; readonly path?: string }
  /** `characterId` absent creates a character; present replaces that one. */
  | { readonly kind: 'character-save'; readonly character: Readonly<Record<string, unknown>>; readonly characterId?: string }
  | { readonly kind: 'character-remove'; readonly characterId: string }
  | { readonly kind: 'combat'; readonly action: Readonly<Record<string, unknown>> }
  | { readonly kind: 'settings'; readonly settings: Settings };

/** A command of a kind the table's ruleset adds (its web parts build it, the server's ruleset reads it). */
export type RulesetCommand = { readonly kind: string; readonly [field: string]: unknown };

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
