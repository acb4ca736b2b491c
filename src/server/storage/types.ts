/**
 * The storage contract of the table server: one implementation over SQLite (the default, embedded)
 * and one over PostgreSQL (hosting). The same contract tests run against both.
 *
 * Everything a command changes is written by ONE call in ONE transaction (`commit`), and the call
 * resolves only after the transaction is durable; the server acknowledges a command only then.
 */

/** A JSON value as stored. */
export type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

/** A JSON object. */
export type JsonObject = { readonly [key: string]: Json };

/** Roles at a table. */
export type Role = 'smith' | 'player' | 'observer';

/** A table's own row. */
export interface TableRecord {
  readonly id: string;
  readonly name: string;
  readonly ruleset: string;
  /** The table's settings (rulings that are options), as JSON. */
  readonly settings: JsonObject;
  /** Server clock, ms since the epoch. */
  readonly createdAt: number;
  /** The current invite code, or null when revoked. Invite codes are meant to be shared, so kept as is. */
  readonly inviteCode: string | null;
  /** The seq of the last event (0 before any). */
  readonly lastSeq: number;
}

/** A member of a table: the Smith, a player or an observer. Tokens are stored only as hashes. */
export interface MemberRecord {
  readonly id: string;
  readonly tableId: string;
  readonly role: Role;
  readonly name: string;
  /** SHA-256 of the member's bearer token, hex. */
  readonly tokenHash: string;
  readonly createdAt: number;
}

/** An event to append; the store gives it its seq. */
export interface NewEvent {
  readonly kind: string;
  readonly schemaVersion: number;
  /** Server clock, ms since the epoch. */
  readonly at: number;
  /** The member whose command made it; null for the server's own events. */
  readonly actorId: string | null;
  /** The body, secret parts included (projection to viewers happens in src/table). */
  readonly body: JsonObject;
}

/** A stored event: per-table seq, contiguous from 1. */
export interface StoredEvent extends NewEvent {
  readonly tableId: string;
  readonly seq: number;
  /** The client's request id for idempotent retries, or null. */
  readonly requestId: string | null;
}

/** Everything one command writes, in one transaction. */
export interface Commit {
  readonly tableId: string;
  /**
   * Idempotency: when set and an event with the same (tableId, actorId, requestId) is already stored,
   * nothing is written and the earlier events are returned with `isDuplicate: true`. Every event of
   * the commit carries the request id, and each event's `actorId` must then equal the commit's
   * (TypeError otherwise). The key lives in the stored events, so a commit with no events is not
   * deduplicated.
   */
  readonly requestId?: string;
  readonly actorId: string | null;
  /** Appended in order, seqs lastSeq+1, lastSeq+2, ... */
  readonly events: readonly NewEvent[];
  /** Members to add in the same transaction (a join). */
  readonly addMembers?: readonly MemberRecord[];
  /**
   * Seats given a new token in the same transaction (with their `seat-renewed` events): each member's
   * token hash is replaced, so the old token finds no one. `store/no-such-member` when a member id is
   * not at the table, `store/conflict` when the new hash is taken there (nothing written either way).
   */
  readonly renewSeats?: readonly SeatRenewal[];
  /** A new invite code, or null to revoke; absent leaves it. */
  readonly inviteCode?: string | null;
  /** New settings; absent leaves them. */
  readonly settings?: JsonObject;
}

/** A member's seat and the hash of its new token. */
export interface SeatRenewal {
  readonly memberId: string;
  /** SHA-256 of the new bearer token, hex. */
  readonly tokenHash: string;
}

/**
 * A table's commits decided one after another against a state not yet durable (group commit,
 * src/server/live-table.ts), written together in one transaction: all of them or none.
 */
export interface CommitBatch {
  readonly tableId: string;
  /**
   * The table's lastSeq the batch was decided after: when the stored lastSeq differs (another process
   * wrote meanwhile), or a commit's request id turns out stored already, nothing is written and the
   * call fails with `store/stale` (the caller decides the commands again on the stored state).
   */
  readonly afterSeq: number;
  /** In order; each commit's `tableId` must equal the batch's (TypeError otherwise). */
  readonly commits: readonly Commit[];
}

/** What a commit did. */
export interface CommitResult {
  readonly events: readonly StoredEvent[];
  /** True when the request id had been seen: `events` are the ones stored the first time. */
  readonly isDuplicate: boolean;
}

/** A new table with its Smith and its first events, written in one transaction. */
export interface NewTable {
  readonly table: Omit<TableRecord, 'lastSeq'>;
  readonly smith: MemberRecord;
  readonly events: readonly NewEvent[];
}

/**
 * Thrown for store failures. `store/busy` (another process holds the database's write lock) and
 * `store/unavailable` (a lost connection) are retryable: nothing was written, and the server answers
 * `storage/busy` or `storage/unavailable` with a retry-after; the others it answers 500 / `internal`.
 * `store/stale` (a batch decided on a state the store has moved past) never reaches a client: the
 * live table decides the commands again.
 */
export class StoreError extends Error {
  /** For a retryable failure: how long to wait before trying again, ms. */
  readonly retryAfterMs: number | undefined;
  constructor(
    readonly code: 'store/no-such-table' | 'store/no-such-member' | 'store/conflict' | 'store/unavailable' | 'store/busy' | 'store/corrupt' | 'store/stale',
    message: string,
    options?: { cause?: unknown; retryAfterMs?: number },
  ) {
    super(message, options);
    this.name = 'StoreError';
    this.retryAfterMs = options?.retryAfterMs;
  }
}

/** The storage contract. */
export interface TableStore {
  /** 'sqlite' or 'postgres'. */
  readonly kind: 'sqlite' | 'postgres';
  /** Applies numbered migrations not yet applied. Idempotent (the `open...Store` functions call it). */
  migrate(): Promise<void>;
  /** `store/conflict` when the id (or the Smith's token hash) is taken. Seqs start at 1. */
  createTable(input: NewTable): Promise<readonly StoredEvent[]>;
  getTable(tableId: string): Promise<TableRecord | null>;
  /** The member whose token hashes to `tokenHash` at this table, or null (also for an unknown table). */
  findMember(tableId: string, tokenHash: string): Promise<MemberRecord | null>;
  /** Members ordered by `createdAt`, then id; `store/no-such-table` when the table is unknown. */
  listMembers(tableId: string): Promise<readonly MemberRecord[]>;
  /**
   * Writes one command's changes atomically; `store/no-such-table` when the table is unknown,
   * `store/conflict` when an added member's id or token hash, or a renewed seat's token hash, is taken
   * at the table, `store/no-such-member` when a renewed seat names no member of it (nothing written).
   */
  commit(commit: Commit): Promise<CommitResult>;
  /**
   * Writes a batch of one table's commits atomically, in order, seqs following `afterSeq` (see
   * CommitBatch): resolves with one result per commit once the whole batch is durable; on any
   * failure nothing of the batch is written. The errors of `commit`, and `store/stale`.
   */
  commitBatch(batch: CommitBatch): Promise<readonly CommitResult[]>;
  /**
   * Events with seq > `afterSeq`, in seq order, at most `limit` (a positive integer; RangeError
   * otherwise). `store/no-such-table` when the table is unknown.
   */
  readEvents(tableId: string, afterSeq: number, limit: number): Promise<readonly StoredEvent[]>;
  /**
   * Integrity check: every table's seqs are exactly 1..lastSeq; SQLite adds `PRAGMA integrity_check`
   * and `PRAGMA foreign_key_check`.
   */
  checkIntegrity(): Promise<{ readonly ok: boolean; readonly detail: string }>;
  close(): Promise<void>;
}

/** Fan-out of new events between server processes serving the same tables. */
export interface EventBus {
  /**
   * Announces stored events to every process (this one included). Best effort: a rejection (bus
   * down) loses nothing, since subscribers refill from the store on resync and by polling, so the
   * caller may ignore it once the commit is durable.
   */
  publish(events: readonly StoredEvent[]): Promise<void>;
  /**
   * Calls `onEvents` with events of `tableId` published by any process. Delivery may lose or
   * reorder messages: the subscriber refills gaps from the store by seq. Returns an unsubscribe.
   * `onEvents` may be called with an empty array, meaning "the subscription is live now" (Redis
   * confirms a SUBSCRIBE after `subscribe` returns): a subscriber that read the store before that
   * refills then. `LiveTable` (src/server/live-table.ts) does all of this, and `app.ts` refills
   * every live table on `onResync`.
   */
  subscribe(tableId: string, onEvents: (events: readonly StoredEvent[]) => void): () => void;
  /**
   * Called after a reconnect (messages may have been lost meanwhile), once the subscriptions are
   * active again, so a refill from the store started then misses nothing: subscribers refill.
   */
  onResync(listener: () => void): () => void;
  close(): Promise<void>;
}
