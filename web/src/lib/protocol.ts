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

/** A table event, by kind. Fields of secret-capable kinds are absent when `redacted`. */
export type TableEvent =
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
  | (EventBase & {
      readonly kind: 'hammer-rolled';
      readonly label?: string;
      readonly characterId?: string;
      readonly result?: HammerRollResult;
      readonly isPhysical?: boolean;
    })
  | (EventBase & { readonly kind: 'character-saved'; readonly character: Readonly<Record<string, unknown>> })
  | (EventBase & { readonly kind: 'character-removed'; readonly characterId: string })
  | (EventBase & { readonly kind: 'combat-changed'; readonly combat: unknown; readonly summary?: string; readonly attack?: unknown })
  | (EventBase & { readonly kind: 'invite-changed'; readonly hasInvite: boolean })
  | (EventBase & { readonly kind: 'venture-changed'; readonly command?: unknown; readonly events: readonly unknown[] })
  | (EventBase & { readonly kind: 'settings-changed'; readonly settings: Settings })
  | (EventBase & { readonly kind: 'magick-changed'; readonly characterId: string; readonly command?: unknown; readonly events: readonly unknown[] });

/** What a `hammer-rolled` event says of the pool (HAMMERCRAWL!'s `HammerPoolRoll`, the parts shown). */
export interface HammerRollResult {
  readonly context?: 'check' | 'node';
  readonly dice: readonly { readonly colour: string; readonly face: number; readonly faceLabel: string; readonly symbols: readonly string[]; readonly isSetAside?: boolean }[];
  readonly netHammers: number;
  readonly cancelledPairs?: number;
  readonly xp?: number;
  readonly remaining?: Readonly<Record<string, number>>;
}

/** A hammer dice pool as the `hammer` command names it (docs/protocol.md). */
export type HammerPoolSpec =
  | { readonly kind: 'dice'; readonly colours: readonly string[]; readonly context?: 'check' | 'node' }
  | { readonly kind: 'check'; readonly level?: number; readonly isFeat?: boolean; readonly advantages?: number; readonly disadvantages?: number; readonly stance?: 'none' | 'cautious' | 'reckless' }
  | { readonly kind: 'node'; readonly difficulty: number };

/** The kinds of event that are rolls (shown as cards in the roll log). */
export type RollEvent = Extract<TableEvent, { kind: 'rolled' | 'checked' | 'usage-rolled' | 'hammer-rolled' }>;

/** True for the kinds shown as roll cards. */
export function isRollEvent(e: TableEvent): e is RollEvent {
  return e.kind === 'rolled' || e.kind === 'checked' || e.kind === 'usage-rolled' || e.kind === 'hammer-rolled';
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

/** Commands the client sends (the `requestId` is added by the connection). */
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
  | {
      readonly kind: 'hammer';
      readonly pool: HammerPoolSpec;
      readonly visibility: Visibility;
      readonly label?: string;
      readonly characterId?: string;
      readonly hammerPlus?: 'hammer' | 'set-aside' | number;
      readonly faces?: readonly number[];
    }
  /** `path` (a JSON pointer into the character's document) lets the server write the stepped-down die back. */
  | { readonly kind: 'usage'; readonly die: number; readonly label: string; readonly visibility?: Visibility; readonly characterId?: string; readonly path?: string }
  /** `characterId` absent creates a character; present replaces that one. */
  | { readonly kind: 'character-save'; readonly character: Readonly<Record<string, unknown>>; readonly characterId?: string }
  | { readonly kind: 'character-remove'; readonly characterId: string }
  | { readonly kind: 'combat'; readonly action: Readonly<Record<string, unknown>> }
  | { readonly kind: 'settings'; readonly settings: Settings }
  /** HAMMERCRAWL! only (the Smith): a Venture command without `at` (the server's clock is used). */
  | { readonly kind: 'venture'; readonly command: Readonly<Record<string, unknown>> }
  | { readonly kind: 'magick'; readonly characterId: string; readonly command: Readonly<Record<string, unknown>> };

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
