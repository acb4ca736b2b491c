/**
 * The events of a shared table. The table's state is the fold of its events (`applyEvent`); every
 * roll's faces are in its event, so replay never rolls. Events are stored whole (secret values
 * included) and projected per viewer on the way out (`projectEvent`).
 *
 * The kinds below are every table's. A ruleset's table extension (`RuleSystem.table`) adds kinds of its
 * own (`RulesetEvent`), stored and replayed the same way and folded into its slice of the state.
 */
import type { RollRecord } from '../dice/roll.js';
import { VISIBILITIES, type CharacterChangeRecord, type CheckRoll, type CombatChangedBody, type ExtensionEventBody, type ParamRecord, type Role, type TableCharacter, type TableSettings, type Visibility } from '../rules/rule-system.js';

export { VISIBILITIES, type Role, type TableCharacter, type TableSettings, type Visibility };

/** Version of the event bodies below; stored with each event. */
export const EVENT_SCHEMA_VERSION = 1;

/** A member as others see them (never the token). */
export interface MemberView {
  readonly id: string;
  readonly name: string;
  readonly role: Role;
}

/** Event bodies by kind. */
export interface EventBodies {
  'table-created': { readonly name: string; /** A catalogue id (src/rules/catalogue.ts), checked when the table is created. */ readonly ruleset: string; readonly settings: TableSettings };
  'member-joined': { readonly member: MemberView };
  rolled: {
    readonly requestId: string;
    readonly notation: string;
    readonly label?: string;
    readonly visibility: Visibility;
    readonly record: RollRecord;
    /** The dice were rolled at the table and entered by hand (physical dice). */
    readonly isPhysical?: boolean;
  };
  checked: {
    readonly requestId: string;
    readonly check: string;
    readonly params: ParamRecord;
    readonly label?: string;
    readonly characterId?: string;
    readonly visibility: Visibility;
    readonly result: CheckRoll;
  };
  'usage-rolled': {
    readonly requestId: string;
    readonly label: string;
    readonly characterId?: string;
    /** JSON pointer of the die on the character, when the roll stepped it there. */
    readonly path?: string;
    readonly visibility: Visibility;
    readonly die: number;
    readonly face: number;
    readonly after: number | null;
    readonly explanation: string;
  };
  /**
   * A character created, imported or changed. `change` says what changed it (a rule's change, an edit,
   * the Smith's override or undo, a usage die, the tracker); a log written before play has none.
   */
  'character-saved': {
    readonly character: TableCharacter;
    readonly change?: CharacterChangeRecord;
    /**
     * Present when a secret roll made the change (a Smith-only usage die on its owner's sheet): the
     * change is as secret as the roll, redacted like it (ruling TB-21).
     */
    readonly visibility?: Visibility;
  };
  'character-removed': { readonly characterId: string };
  /** The tracker after a change; `attack` when a ruleset's one-click attack made it. */
  'combat-changed': CombatChangedBody;
  'invite-changed': { readonly hasInvite: boolean };
  'settings-changed': { readonly settings: TableSettings };
  /**
   * A chat message. `public` reaches everyone; a whisper is `smith`: the Smith and its sender see it,
   * and, when the Smith whispers to one member, that member (`to`). Redacted like a secret roll.
   */
  chatted: { readonly requestId: string; readonly text: string; readonly visibility: ChatVisibility; /** The member whispered to (the Smith, or the player the Smith whispers to). */ readonly to?: string };
  /** A member's name changed (by the member, or by the Smith). */
  'member-renamed': { readonly memberId: string; readonly name: string };
  /** The Smith removed a member: their token no longer opens the table; their characters stay. */
  'member-removed': { readonly memberId: string };
  /** A member's seat was given a new token (a new seat link): the old one no longer opens the table. */
  'seat-renewed': { readonly memberId: string };
  /**
   * An epoch of verifiable rolls begins (src/table/epochs.ts): the SHA-256 of its two keys, recorded
   * before any roll of the epoch. `sealed` holds the keys themselves and reaches no viewer.
   */
  'epoch-committed': EpochCommittedBody;
  /** An epoch ends: its public key for everyone; the key of its secret rolls for the Smith alone (`forSmith`). */
  'epoch-revealed': EpochRevealedBody;
  /**
   * The Smith closed the evening's game (its number, from 1). The same commit reveals the open epoch
   * of verifiable rolls when it holds a roll (reason `evening`).
   */
  'evening-ended': { readonly evening: number };
}

/**
 * Why an epoch was revealed: the Smith ended it, the Smith closed the evening's game, or it reached
 * its limit (EPOCH_MAX_ROLLS, EPOCH_MAX_AGE_MS).
 */
export type RevealReason = 'smith' | 'evening' | 'limit';

/** The body of `epoch-committed`; hashes and keys are lower-case hex. */
export interface EpochCommittedBody {
  readonly epoch: number;
  readonly publicHash: string;
  readonly secretHash: string;
  readonly sealed?: { readonly key: string; readonly secretKey: string };
}

/** The body of `epoch-revealed`. */
export interface EpochRevealedBody {
  readonly epoch: number;
  readonly key: string;
  readonly reason: RevealReason;
  readonly forSmith: { readonly secretKey: string };
}

/** Who sees a chat message: everyone, or (a whisper) the Smith, its sender and its addressee. */
export type ChatVisibility = Extract<Visibility, 'public' | 'smith'>;

/** An event kind every table has. */
export type EventKind = keyof EventBodies;

/** Every kind every table has (a ruleset's extension may not reuse one for its own events). */
export const TABLE_EVENT_KINDS = [
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
  'chatted',
  'member-renamed',
  'member-removed',
  'seat-renewed',
  'epoch-committed',
  'epoch-revealed',
  'evening-ended',
] as const satisfies readonly EventKind[];

/** An event of a kind every table has. */
export type GenericEvent = { [K in EventKind]: { readonly kind: K; readonly body: EventBodies[K] } }[EventKind];

/** The kind of a ruleset's own event: a name its extension declares (`venture-changed`). */
export type RulesetEventKind = string & { readonly isRulesetEventKind: true };

/** An event of the table's ruleset's own kind; a body with `visibility` is redacted like a secret roll. */
export interface RulesetEvent {
  readonly kind: RulesetEventKind;
  readonly body: ExtensionEventBody;
}

/** The visibility an event body declares: null when it has none, `invalid` when it is none of the three. */
export function declaredVisibility(body: { readonly [key: string]: unknown }): Visibility | 'invalid' | null {
  if (!Object.hasOwn(body, 'visibility')) return null;
  const v = body['visibility'];
  return (VISIBILITIES as readonly unknown[]).includes(v) ? (v as Visibility) : 'invalid';
}

/** True when `kind` is one every table has. */
export function isTableEventKind(kind: string): kind is EventKind {
  return (TABLE_EVENT_KINDS as readonly string[]).includes(kind);
}

/** True when the event is of a kind every table has (then its body is typed by `EventBodies`). */
export function isGenericEvent<E extends NewTableEvent>(event: E): event is Extract<E, GenericEvent> {
  return isTableEventKind(event.kind);
}

/** The event as one of kind `kind`, or null. */
export function eventOfKind<K extends EventKind>(event: NewTableEvent, kind: K): Extract<GenericEvent, { readonly kind: K }> | null {
  return event.kind === kind ? (event as Extract<GenericEvent, { readonly kind: K }>) : null;
}

/** An event body made by a command, before it is stored. */
export type NewTableEvent = GenericEvent | RulesetEvent;

/** A stored event: envelope and body. */
export type TableEvent = NewTableEvent & {
  readonly seq: number;
  /** Server clock, ms since the epoch. */
  readonly at: number;
  /** The member whose command made it, or null. */
  readonly actorId: string | null;
  readonly requestId: string | null;
  readonly schemaVersion: number;
};
