/**
 * The events of a shared table. The table's state is the fold of its events (`applyEvent`); every
 * roll's faces are in its event, so replay never rolls. Events are stored whole (secret values
 * included) and projected per viewer on the way out (`projectEvent`).
 */
import type { RollRecord } from '../dice/roll.js';
import type { CheckRoll, ParamRecord } from '../rules/rule-system.js';
import type { HammerPlusChoice, HammerPool, HammerPoolRoll } from '../rules/hammercrawl/hammer-pools.js';
import type { MagickCommand } from '../rules/hammercrawl/magick/commands.js';
import type { MagickEvent } from '../rules/hammercrawl/magick/magick-state.js';
import type { VentureCommand, VentureEvent } from '../rules/hammercrawl/venture/venture.js';
import type { CombatState } from './combat.js';

/** Version of the event bodies below; stored with each event. */
export const EVENT_SCHEMA_VERSION = 1;

/** Roles at a table (docs/protocol.md, Roles and tokens). */
export type Role = 'smith' | 'player' | 'observer';

/** Who may see a roll: everyone, the Smith and the roller, or the Smith alone. */
export type Visibility = 'public' | 'smith' | 'blind';

/** Every visibility, for validation. */
export const VISIBILITIES = ['public', 'smith', 'blind'] as const satisfies readonly Visibility[];

/** A member as others see them (never the token). */
export interface MemberView {
  readonly id: string;
  readonly name: string;
  readonly role: Role;
}

/** Table settings: the rulings that are options, as the ruleset names them. */
export type TableSettings = { readonly [key: string]: string | number | boolean };

/** A character held by the table: the ruleset's document, its id and its owner. */
export interface TableCharacter {
  readonly id: string;
  /** Member id of the player who owns it (the Smith's own characters: the Smith's id). */
  readonly ownerId: string;
  readonly document: { readonly [key: string]: unknown };
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
  'character-saved': { readonly character: TableCharacter };
  'character-removed': { readonly characterId: string };
  'combat-changed': {
    readonly combat: CombatState;
    readonly summary: string;
    /** A tracker attack (HAMMERCRAWL!): who, whom, and each roll explained. */
    readonly attack?: { readonly attackerId: string; readonly targetId: string; readonly isHit: boolean; readonly isCrit: boolean; readonly lines: readonly string[] };
  };
  'invite-changed': { readonly hasInvite: boolean };
  'settings-changed': { readonly settings: TableSettings };
  /** HAMMERCRAWL! Ventures: the venture module's events (faces inside), public. `command` is the command as decided, `at` filled from the server clock. */
  'venture-changed': { readonly requestId: string; readonly command: VentureCommand; readonly events: readonly VentureEvent[] };
  /** HAMMERCRAWL! magick of one character: the magick module's events (faces inside), public. */
  'magick-changed': { readonly requestId: string; readonly characterId: string; readonly command: MagickCommand; readonly events: readonly MagickEvent[] };
  /** A HAMMERCRAWL! hammer dice pool rolled: the pool, the faces (die n shows `faces[n]`) and the resolved result. */
  'hammer-rolled': {
    readonly requestId: string;
    readonly label?: string;
    readonly characterId?: string;
    readonly visibility: Visibility;
    readonly pool: HammerPool;
    readonly faces: readonly number[];
    readonly hammerPlus?: HammerPlusChoice;
    readonly result: HammerPoolRoll;
    /** The dice were rolled at the table and entered by hand (physical dice). */
    readonly isPhysical?: boolean;
  };
}

/** An event kind. */
export type EventKind = keyof EventBodies;

/** Every event kind. */
export const EVENT_KINDS = [
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
  'venture-changed',
  'magick-changed',
  'hammer-rolled',
] as const satisfies readonly EventKind[];

/** Kinds whose body has a `visibility` and may be secret. */
export const SECRET_CAPABLE_KINDS = ['rolled', 'checked', 'usage-rolled', 'hammer-rolled'] as const satisfies readonly EventKind[];

/** An event body made by a command, before it is stored. */
export type NewTableEvent = { [K in EventKind]: { readonly kind: K; readonly body: EventBodies[K] } }[EventKind];

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
