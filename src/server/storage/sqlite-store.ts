/**
 * The embedded table store over SQLite (better-sqlite3): WAL, `synchronous=FULL`, foreign keys on.
 * Each commit is one synchronous `BEGIN IMMEDIATE` transaction, so a resolved promise means the
 * change is on disk (docs/storage.md).
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type BetterSqlite3 from 'better-sqlite3';
import { migrateSqlite } from './migrations.js';
import {
  checkBatch,
  checkCommit,
  checkNewTable,
  checkRead,
  describeSeqFindings,
  encodeJsonObject,
  eventFromRow,
  eventRow,
  memberFromRow,
  memberRow,
  SEQ_FINDINGS_SQL,
  seqFindingFromRow,
  storedFromRow,
  tableFromRow,
  type EventRow,
  type MemberRow,
  type SeqFindingRow,
  type TableRow,
} from './records.js';
import type { Commit, CommitBatch, CommitResult, MemberRecord, NewEvent, NewTable, StoredEvent, TableRecord, TableStore } from './types.js';
import { StoreError } from './types.js';

/**
 * How long opening the store (and migrating it) waits for another process's write lock, ms. SQLite
 * waits inside the call, blocking the thread: fine at start-up, never once the server serves.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 5_000;
/**
 * How long a write waits for another process's write lock before `store/busy`, ms. Once the store is
 * open SQLite's own wait is off (`busy_timeout = 0`): a write that finds the lock taken is tried again
 * later, asynchronously, so the event loop (every other table) goes on meanwhile.
 */
export const SQLITE_BUSY_WAIT_MS = 2_000;
/** First pause before trying a locked write again, ms; each pause doubles up to SQLITE_BUSY_MAX_PAUSE_MS. */
export const SQLITE_BUSY_FIRST_PAUSE_MS = 2;
/** Longest pause between tries of a locked write, ms. */
export const SQLITE_BUSY_MAX_PAUSE_MS = 100;
/** The retry-after of a `store/busy` answer, ms. */
export const SQLITE_BUSY_RETRY_AFTER_MS = 1_000;

/** The pragmas every connection runs, in order (exported for docs and the crash test). */
export const SQLITE_PRAGMAS: readonly string[] = [
  'journal_mode = WAL',
  'synchronous = FULL',
  'foreign_keys = ON',
  `busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`,
];

/** The pragma run once the store is open: SQLite never waits for a lock inside a call. */
export const SQLITE_SERVING_PRAGMA = 'busy_timeout = 0';

/** True for SQLite's "another connection holds the lock" (SQLITE_BUSY and its extended codes). */
function isBusy(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  return code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_');
}

/** True for the unique index of idempotency keys refusing an insert (the request id is stored). */
function isRequestKeyTaken(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  return code === 'SQLITE_CONSTRAINT_UNIQUE' && error instanceof Error && error.message.includes('events_request');
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const EVENT_COLUMNS = 'table_id, seq, kind, schema_version, at, actor_id, request_id, request_part, body';

/**
 * The events of one idempotency key. Ordered by part (the same order as seq) so that SQLite
 * searches the unique index `events_request` instead of walking the table's events by seq.
 */
export const EVENTS_BY_REQUEST_SQL = `SELECT ${EVENT_COLUMNS} FROM events WHERE table_id = ? AND COALESCE(actor_id, '') = ? AND request_id = ? ORDER BY request_part`;

/**
 * Opens (creating when missing, parent directory included) the SQLite store at `file` and applies
 * pending migrations. `:memory:` gives a private in-memory database (tests).
 */
export async function openSqliteStore(file: string): Promise<TableStore> {
  if (typeof file !== 'string' || file === '') throw new TypeError('openSqliteStore needs a file path or ":memory:"');
  let db: BetterSqlite3.Database;
  try {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    db = new Database(file);
  } catch (error) {
    throw storeError(error, `cannot open the SQLite database ${file}`);
  }
  try {
    for (const pragma of SQLITE_PRAGMAS) db.pragma(pragma);
    const mode = db.pragma('journal_mode', { simple: true });
    if (file !== ':memory:' && mode !== 'wal') throw new StoreError('store/unavailable', `SQLite refused WAL mode (journal_mode is ${String(mode)})`);
    migrateSqlite(db);
    db.pragma(SQLITE_SERVING_PRAGMA);
    return new SqliteStore(db);
  } catch (error) {
    db.close();
    throw storeError(error, `cannot open the SQLite database ${file}`);
  }
}

/** Maps a driver error to a StoreError; StoreError and programmer errors pass through. */
function storeError(error: unknown, context: string): Error {
  if (error instanceof StoreError || error instanceof TypeError || error instanceof RangeError) return error;
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  const message = error instanceof Error ? error.message : String(error);
  if (isBusy(error)) {
    return new StoreError('store/busy', `${context}: another program holds the database's write lock`, { cause: error, retryAfterMs: SQLITE_BUSY_RETRY_AFTER_MS });
  }
  if (code.startsWith('SQLITE_CONSTRAINT')) return new StoreError('store/conflict', `${context}: ${message}`, { cause: error });
  if (code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT_')) {
    return new StoreError('store/corrupt', `${context}: ${message}`, { cause: error });
  }
  return new StoreError('store/unavailable', `${context}: ${message}`, { cause: error });
}

/** A write waiting for the next group: one commit, or one table's batch. */
interface PendingWrite {
  readonly tableId: string;
  readonly commit?: Commit;
  readonly batch?: CommitBatch;
  readonly deadline: number;
  readonly resolve: (result: unknown) => void;
  readonly reject: (error: Error) => void;
}

class SqliteStore implements TableStore {
  readonly kind = 'sqlite';
  readonly #db: BetterSqlite3.Database;
  readonly #tableRow: BetterSqlite3.Statement<[string], TableRow>;
  readonly #lastSeq: BetterSqlite3.Statement<[string], { last_seq: number }>;
  readonly #memberByToken: BetterSqlite3.Statement<[string, string], MemberRow>;
  readonly #members: BetterSqlite3.Statement<[string], MemberRow>;
  readonly #eventsAfter: BetterSqlite3.Statement<[string, number, number], EventRow>;
  readonly #eventsByRequest: BetterSqlite3.Statement<[string, string, string], EventRow>;
  readonly #insertTable: BetterSqlite3.Statement<[TableRow]>;
  readonly #insertMember: BetterSqlite3.Statement<[MemberRow]>;
  readonly #insertEvent: BetterSqlite3.Statement<[EventRow]>;
  readonly #setLastSeq: BetterSqlite3.Statement<[number, string]>;
  readonly #setTokenHash: BetterSqlite3.Statement<[string, string, string]>;
  readonly #setInvite: BetterSqlite3.Statement<[string | null, string]>;
  readonly #setSettings: BetterSqlite3.Statement<[string, string]>;
  readonly #commitTx: BetterSqlite3.Transaction<(commit: Commit) => CommitResult>;
  readonly #createTx: BetterSqlite3.Transaction<(input: NewTable) => readonly StoredEvent[]>;
  readonly #batchTx: BetterSqlite3.Transaction<(batch: CommitBatch) => CommitResult[]>;
  readonly #groupTx: BetterSqlite3.Transaction<(items: readonly PendingWrite[]) => ({ ok: true; result: unknown } | { ok: false; error: Error })[]>;
  readonly #pending: PendingWrite[] = [];
  #flushScheduled = false;
  /** While the write lock is taken elsewhere: the timer of the next try, and its pause. */
  #retryTimer: NodeJS.Timeout | null = null;
  #pause = SQLITE_BUSY_FIRST_PAUSE_MS;

  constructor(db: BetterSqlite3.Database) {
    this.#db = db;
    this.#tableRow = db.prepare('SELECT id, name, ruleset, settings, created_at, invite_code, last_seq FROM tables WHERE id = ?');
    this.#lastSeq = db.prepare('SELECT last_seq FROM tables WHERE id = ?');
    this.#memberByToken = db.prepare('SELECT table_id, id, role, name, token_hash, created_at FROM members WHERE table_id = ? AND token_hash = ?');
    this.#members = db.prepare('SELECT table_id, id, role, name, token_hash, created_at FROM members WHERE table_id = ? ORDER BY created_at, id');
    this.#eventsAfter = db.prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE table_id = ? AND seq > ? ORDER BY seq LIMIT ?`);
    this.#eventsByRequest = db.prepare(EVENTS_BY_REQUEST_SQL);
    this.#insertTable = db.prepare(
      'INSERT INTO tables (id, name, ruleset, settings, created_at, invite_code, last_seq) VALUES (@id, @name, @ruleset, @settings, @created_at, @invite_code, @last_seq)',
    );
    this.#insertMember = db.prepare(
      'INSERT INTO members (table_id, id, role, name, token_hash, created_at) VALUES (@table_id, @id, @role, @name, @token_hash, @created_at)',
    );
    this.#insertEvent = db.prepare(
      `INSERT INTO events (${EVENT_COLUMNS}) VALUES (@table_id, @seq, @kind, @schema_version, @at, @actor_id, @request_id, @request_part, @body)`,
    );
    this.#setLastSeq = db.prepare('UPDATE tables SET last_seq = ? WHERE id = ?');
    this.#setTokenHash = db.prepare('UPDATE members SET token_hash = ? WHERE table_id = ? AND id = ?');
    this.#setInvite = db.prepare('UPDATE tables SET invite_code = ? WHERE id = ?');
    this.#setSettings = db.prepare('UPDATE tables SET settings = ? WHERE id = ?');
    this.#commitTx = db.transaction((commit: Commit) => this.#commitInTransaction(commit));
    this.#createTx = db.transaction((input: NewTable) => this.#createInTransaction(input));
    this.#batchTx = db.transaction((batch: CommitBatch) => this.#batchInTransaction(batch));
    // Each commit (or table's batch) of a group runs in its own savepoint (a transaction function
    // called inside another).
    this.#groupTx = db.transaction((items: readonly PendingWrite[]) =>
      items.map((item) => {
        try {
          return { ok: true as const, result: item.batch !== undefined ? this.#batchTx(item.batch) : this.#commitTx(item.commit!) };
        } catch (error) {
          return { ok: false as const, error: storeError(error, `commit to table ${item.tableId}`) };
        }
      }),
    );
  }

  async migrate(): Promise<void> {
    await this.#write('migrate', () => migrateSqlite(this.#db));
  }

  async createTable(input: NewTable): Promise<readonly StoredEvent[]> {
    checkNewTable(input);
    return this.#write(`create table ${input.table.id}`, () => this.#createTx.immediate(input));
  }

  /** Runs a write, trying again asynchronously while another process holds the lock (SQLITE_BUSY_WAIT_MS). */
  async #write<T>(context: string, action: () => T): Promise<T> {
    const deadline = performance.now() + SQLITE_BUSY_WAIT_MS;
    for (let pause = SQLITE_BUSY_FIRST_PAUSE_MS; ; pause = Math.min(2 * pause, SQLITE_BUSY_MAX_PAUSE_MS)) {
      try {
        return this.#run(context, action);
      } catch (error) {
        if (!(error instanceof StoreError && error.code === 'store/busy') || performance.now() + pause > deadline) throw error;
      }
      await sleep(pause);
    }
  }

  async getTable(tableId: string): Promise<TableRecord | null> {
    return this.#run('read table', () => {
      const row = this.#tableRow.get(tableId);
      return row === undefined ? null : tableFromRow(row);
    });
  }

  async findMember(tableId: string, tokenHash: string): Promise<MemberRecord | null> {
    return this.#run('find member', () => {
      const row = this.#memberByToken.get(tableId, tokenHash);
      return row === undefined ? null : memberFromRow(row);
    });
  }

  async listMembers(tableId: string): Promise<readonly MemberRecord[]> {
    return this.#run('list members', () => {
      this.#requireTable(tableId);
      return this.#members.all(tableId).map(memberFromRow);
    });
  }

  /**
   * Group commit: commits that arrive in the same turn of the event loop (under load, all those that
   * queued while the last fsync blocked) are written in one transaction, each in its own savepoint,
   * so one fsync makes them all durable. A commit that fails rolls back alone; every promise resolves
   * only after the outer transaction is on disk.
   */
  async commit(commit: Commit): Promise<CommitResult> {
    checkCommit(commit);
    if (!this.#db.open) throw new StoreError('store/unavailable', `commit to table ${commit.tableId}: the store is closed`);
    return this.#enqueue<CommitResult>({ tableId: commit.tableId, commit });
  }

  /** A table's batch joins the same group as single commits: one savepoint, all or nothing. */
  async commitBatch(batch: CommitBatch): Promise<readonly CommitResult[]> {
    checkBatch(batch);
    if (!this.#db.open) throw new StoreError('store/unavailable', `commit to table ${batch.tableId}: the store is closed`);
    return this.#enqueue<CommitResult[]>({ tableId: batch.tableId, batch });
  }

  #enqueue<R>(write: { tableId: string; commit?: Commit; batch?: CommitBatch }): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.#pending.push({ ...write, deadline: performance.now() + SQLITE_BUSY_WAIT_MS, resolve: resolve as (r: unknown) => void, reject });
      // While the lock is taken elsewhere, the next try takes this commit too.
      if (!this.#flushScheduled && this.#retryTimer === null) {
        this.#flushScheduled = true;
        setImmediate(() => this.#flush());
      }
    });
  }

  /**
   * Writes the pending commits as one group. When another process holds the write lock nothing is
   * written: the group is tried again after a pause (the event loop goes on meanwhile), and commits
   * that have waited SQLITE_BUSY_WAIT_MS are refused with `store/busy`.
   */
  #flush(): void {
    this.#flushScheduled = false;
    const batch = this.#pending.splice(0, this.#pending.length);
    if (batch.length === 0) return;
    let outcomes: readonly ({ ok: true; result: unknown } | { ok: false; error: Error })[];
    try {
      if (!this.#db.open) throw new StoreError('store/unavailable', 'the store is closed');
      outcomes = this.#groupTx.immediate(batch);
    } catch (error) {
      const failure = storeError(error, `commit of ${batch.length} command(s)`);
      if (failure instanceof StoreError && failure.code === 'store/busy') {
        const now = performance.now();
        for (const b of batch) if (b.deadline <= now) b.reject(failure);
        this.#pending.unshift(...batch.filter((b) => b.deadline > now));
        if (this.#pending.length > 0) {
          this.#retryTimer = setTimeout(() => {
            this.#retryTimer = null;
            this.#flush();
          }, this.#pause);
          this.#pause = Math.min(2 * this.#pause, SQLITE_BUSY_MAX_PAUSE_MS);
        }
        return;
      }
      for (const b of batch) b.reject(failure);
      return;
    }
    this.#pause = SQLITE_BUSY_FIRST_PAUSE_MS;
    outcomes.forEach((outcome, i) => (outcome.ok ? batch[i]!.resolve(outcome.result) : batch[i]!.reject(outcome.error)));
  }

  async readEvents(tableId: string, afterSeq: number, limit: number): Promise<readonly StoredEvent[]> {
    checkRead(afterSeq, limit);
    return this.#run('read events', () => {
      const rows = this.#eventsAfter.all(tableId, afterSeq, limit);
      if (rows.length === 0) this.#requireTable(tableId);
      return rows.map(eventFromRow);
    });
  }

  async checkIntegrity(): Promise<{ readonly ok: boolean; readonly detail: string }> {
    return this.#run('check integrity', () => {
      const problems: string[] = [];
      const integrity = this.#db.pragma('integrity_check', { simple: false }) as readonly { integrity_check: string }[];
      const messages = integrity.map((row) => row.integrity_check);
      if (messages.length !== 1 || messages[0] !== 'ok') problems.push(`integrity_check: ${messages.join('; ')}`);
      const foreignKeys = this.#db.pragma('foreign_key_check') as readonly unknown[];
      if (foreignKeys.length > 0) problems.push(`foreign_key_check: ${foreignKeys.length} violations`);
      const findings = this.#db.prepare<[], SeqFindingRow>(SEQ_FINDINGS_SQL).all().map(seqFindingFromRow);
      if (findings.length > 0) problems.push(`seqs not contiguous: ${describeSeqFindings(findings)}`);
      return problems.length === 0
        ? { ok: true, detail: 'ok: integrity_check ok, foreign keys ok, every table has seqs 1..last_seq' }
        : { ok: false, detail: problems.join(' | ') };
    });
  }

  async close(): Promise<void> {
    this.#flush();
    if (this.#retryTimer !== null) clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
    // Commits still waiting for the lock are not written: they are refused (never acknowledged).
    for (const b of this.#pending.splice(0)) b.reject(new StoreError('store/unavailable', `commit to table ${b.tableId}: the store was closed while it waited for the write lock`));
    if (this.#db.open) this.#db.close();
  }

  #run<T>(context: string, action: () => T): T {
    if (!this.#db.open) throw new StoreError('store/unavailable', `${context}: the store is closed`);
    try {
      return action();
    } catch (error) {
      throw storeError(error, context);
    }
  }

  #requireTable(tableId: string): number {
    const row = this.#lastSeq.get(tableId);
    if (row === undefined) throw new StoreError('store/no-such-table', `no table ${tableId}`);
    return row.last_seq;
  }

  #insertEvents(tableId: string, lastSeq: number, events: readonly NewEvent[], requestId: string | null): StoredEvent[] {
    return events.map((event, part) => {
      const row = eventRow(tableId, lastSeq + part + 1, event, requestId, part);
      this.#insertEvent.run(row);
      return storedFromRow(row, event);
    });
  }

  #createInTransaction(input: NewTable): readonly StoredEvent[] {
    const { table } = input;
    this.#insertTable.run({
      id: table.id,
      name: table.name,
      ruleset: table.ruleset,
      settings: encodeJsonObject(table.settings, 'table.settings'),
      created_at: table.createdAt,
      invite_code: table.inviteCode,
      last_seq: input.events.length,
    });
    this.#insertMember.run(memberRow(input.smith));
    return this.#insertEvents(table.id, 0, input.events, null);
  }

  /**
   * A table's batch: the stored lastSeq must be the one it was decided after, and no commit's request
   * id may be stored already (`store/stale` otherwise); a failure rolls the whole batch back.
   */
  #batchInTransaction(batch: CommitBatch): CommitResult[] {
    const { tableId } = batch;
    const lastSeq = this.#requireTable(tableId);
    if (lastSeq !== batch.afterSeq) throw new StoreError('store/stale', `table ${tableId} is at seq ${lastSeq}, not ${batch.afterSeq}: decide the batch again`);
    let seq = lastSeq;
    const results = batch.commits.map((commit) => {
      for (const member of commit.addMembers ?? []) this.#insertMember.run(memberRow(member));
      for (const renewal of commit.renewSeats ?? []) {
        if (this.#setTokenHash.run(renewal.tokenHash, tableId, renewal.memberId).changes !== 1) {
          throw new StoreError('store/no-such-member', `no member ${renewal.memberId} at table ${tableId}`);
        }
      }
      if (commit.inviteCode !== undefined) this.#setInvite.run(commit.inviteCode, tableId);
      if (commit.settings !== undefined) this.#setSettings.run(encodeJsonObject(commit.settings, 'settings'), tableId);
      try {
        // A stored request id is found by the unique index (no look-up first): the insert fails.
        const events = this.#insertEvents(tableId, seq, commit.events, commit.requestId ?? null);
        seq += events.length;
        return { events, isDuplicate: false };
      } catch (error) {
        if (commit.requestId !== undefined && isRequestKeyTaken(error)) {
          throw new StoreError('store/stale', `request ${commit.requestId} at table ${tableId} is stored already: decide the batch again`, { cause: error });
        }
        throw error;
      }
    });
    if (seq !== lastSeq) this.#setLastSeq.run(seq, tableId);
    return results;
  }

  #commitInTransaction(commit: Commit): CommitResult {
    const lastSeq = this.#requireTable(commit.tableId);
    const requestId = commit.requestId ?? null;
    if (requestId !== null) {
      const earlier = this.#eventsByRequest.all(commit.tableId, commit.actorId ?? '', requestId);
      if (earlier.length > 0) return { events: earlier.map(eventFromRow), isDuplicate: true };
    }
    for (const member of commit.addMembers ?? []) this.#insertMember.run(memberRow(member));
    for (const renewal of commit.renewSeats ?? []) {
      if (this.#setTokenHash.run(renewal.tokenHash, commit.tableId, renewal.memberId).changes !== 1) {
        throw new StoreError('store/no-such-member', `no member ${renewal.memberId} at table ${commit.tableId}`);
      }
    }
    if (commit.inviteCode !== undefined) this.#setInvite.run(commit.inviteCode, commit.tableId);
    if (commit.settings !== undefined) this.#setSettings.run(encodeJsonObject(commit.settings, 'settings'), commit.tableId);
    const events = this.#insertEvents(commit.tableId, lastSeq, commit.events, requestId);
    if (events.length > 0) this.#setLastSeq.run(lastSeq + events.length, commit.tableId);
    return { events, isDuplicate: false };
  }
}
