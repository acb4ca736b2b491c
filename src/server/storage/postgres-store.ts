/**
 * The hosted table store over PostgreSQL (kysely + a pg Pool). Several server processes may share
 * one database: a commit serialises per table on the table's row lock, taken by
 * `UPDATE tables SET last_seq = last_seq + n ... RETURNING last_seq` (docs/storage.md).
 */
import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import { migratePostgres, quoteIdentifier } from './migrations.js';
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

/** Options of the Postgres store. */
export interface PostgresStoreOptions {
  /** A schema to keep the tables in (created when missing), e.g. one per test; default the search_path's. */
  readonly schema?: string;
  /** Connections in the pool; default 10. */
  readonly poolSize?: number;
  /** How long to wait for a connection before `store/unavailable`, ms; default 10 000. */
  readonly connectTimeoutMs?: number;
}

interface Database {
  tables: TableRow;
  members: MemberRow;
  events: EventRow;
}

/** Rows per multi-row INSERT (Postgres allows 65 535 parameters per statement). */
const INSERT_CHUNK = 1_000;

/** The name of the unique index that keys idempotent commits (see migrations.ts). */
const REQUEST_INDEX = 'events_request';

/**
 * Opens the Postgres store at `url` (`postgres://user@host:port/database`) and applies pending
 * migrations. Error messages never contain the URL (it may hold a password).
 */
export async function openPostgresStore(url: string, options: PostgresStoreOptions = {}): Promise<TableStore> {
  const schemaOption = options.schema === undefined ? undefined : `-c search_path=${quoteIdentifier(options.schema)}`;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
    ...(schemaOption === undefined ? {} : { options: schemaOption }),
  });
  // An idle client losing its connection emits 'error' on the pool; without a listener Node would
  // crash. The next query reports the outage as `store/unavailable`.
  pool.on('error', () => undefined);
  // A client in use has no such listener (the pool takes it off while the client is out): a
  // connection lost mid-query would throw 'error' at the process and stop the server. The query
  // itself is rejected (`store/unavailable`), and the pool drops the broken client when it comes back.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const store = new PostgresStore(db, pool, options.schema);
  try {
    await store.migrate();
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

/** SQLSTATE of a pg error, or ''. */
function sqlState(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : '';
}

function constraintOf(error: unknown): string {
  return typeof error === 'object' && error !== null && 'constraint' in error && typeof error.constraint === 'string' ? error.constraint : '';
}

/** Maps a driver error to a StoreError; StoreError and programmer errors pass through. */
function storeError(error: unknown, context: string): Error {
  if (error instanceof StoreError || error instanceof TypeError || error instanceof RangeError) return error;
  const code = sqlState(error);
  const message = error instanceof Error ? error.message : String(error);
  if (code.startsWith('23')) return new StoreError('store/conflict', `${context}: ${message}`, { cause: error });
  if (code === 'XX001' || code === 'XX002') return new StoreError('store/corrupt', `${context}: ${message}`, { cause: error });
  return new StoreError('store/unavailable', `${context}: ${message}`, { cause: error });
}

/** Raised inside a commit's transaction to roll it back when the request id turns out stored. */
class DuplicateRequest extends Error {
  constructor(readonly events: readonly StoredEvent[]) {
    super('duplicate request');
    this.name = 'DuplicateRequest';
  }
}

class PostgresStore implements TableStore {
  readonly kind = 'postgres';
  readonly #db: Kysely<Database>;
  readonly #pool: pg.Pool;
  readonly #schema: string | undefined;
  #isClosed = false;

  constructor(db: Kysely<Database>, pool: pg.Pool, schema: string | undefined) {
    this.#db = db;
    this.#pool = pool;
    this.#schema = schema;
  }

  async migrate(): Promise<void> {
    await this.#run('migrate', () => migratePostgres(this.#db, this.#schema));
  }

  async createTable(input: NewTable): Promise<readonly StoredEvent[]> {
    checkNewTable(input);
    const { table } = input;
    const settings = encodeJsonObject(table.settings, 'table.settings');
    return this.#run(`create table ${table.id}`, () =>
      this.#db.transaction().execute(async (trx) => {
        await trx
          .insertInto('tables')
          .values({
            id: table.id,
            name: table.name,
            ruleset: table.ruleset,
            settings,
            created_at: table.createdAt,
            invite_code: table.inviteCode,
            last_seq: input.events.length,
          })
          .execute();
        await trx.insertInto('members').values(memberRow(input.smith)).execute();
        return this.#insertEvents(trx, table.id, 0, input.events, null);
      }),
    );
  }

  async getTable(tableId: string): Promise<TableRecord | null> {
    return this.#run('read table', async () => {
      const row = await this.#db.selectFrom('tables').selectAll().where('id', '=', tableId).executeTakeFirst();
      return row === undefined ? null : tableFromRow(row);
    });
  }

  async findMember(tableId: string, tokenHash: string): Promise<MemberRecord | null> {
    return this.#run('find member', async () => {
      const row = await this.#db.selectFrom('members').selectAll().where('table_id', '=', tableId).where('token_hash', '=', tokenHash).executeTakeFirst();
      return row === undefined ? null : memberFromRow(row);
    });
  }

  async listMembers(tableId: string): Promise<readonly MemberRecord[]> {
    return this.#run('list members', async () => {
      const rows = await this.#db.selectFrom('members').selectAll().where('table_id', '=', tableId).orderBy('created_at').orderBy('id').execute();
      if (rows.length === 0) await this.#requireTable(tableId);
      return rows.map(memberFromRow);
    });
  }

  async commit(commit: Commit): Promise<CommitResult> {
    checkCommit(commit);
    const requestId = commit.requestId ?? null;
    const settings = commit.settings === undefined ? undefined : encodeJsonObject(commit.settings, 'settings');
    return this.#run(`commit to table ${commit.tableId}`, async () => {
      try {
        return await this.#db.transaction().execute(async (trx) => {
          if (requestId !== null) {
            // Fast path for a retry: no lock taken.
            const earlier = await this.#eventsByRequest(trx, commit, requestId);
            if (earlier.length > 0) return { events: earlier, isDuplicate: true };
          }
          const count = commit.events.length;
          // The row lock: commits to this table from any process wait here until this one ends.
          const bumped = await sql<{ last_seq: string | number }>`
            UPDATE tables SET last_seq = last_seq + ${count} WHERE id = ${commit.tableId} RETURNING last_seq`.execute(trx);
          const row = bumped.rows[0];
          if (row === undefined) throw new StoreError('store/no-such-table', `no table ${commit.tableId}`);
          if (requestId !== null) {
            // Read committed: this statement sees what the commit that held the lock before us wrote.
            const earlier = await this.#eventsByRequest(trx, commit, requestId);
            if (earlier.length > 0) throw new DuplicateRequest(earlier);
          }
          const lastSeq = Number(row.last_seq) - count;
          for (const member of commit.addMembers ?? []) await trx.insertInto('members').values(memberRow(member)).execute();
          for (const renewal of commit.renewSeats ?? []) {
            const updated = await trx.updateTable('members').set({ token_hash: renewal.tokenHash }).where('table_id', '=', commit.tableId).where('id', '=', renewal.memberId).executeTakeFirst();
            if (updated.numUpdatedRows !== 1n) throw new StoreError('store/no-such-member', `no member ${renewal.memberId} at table ${commit.tableId}`);
          }
          if (commit.inviteCode !== undefined || settings !== undefined) {
            await trx
              .updateTable('tables')
              .set({ ...(commit.inviteCode === undefined ? {} : { invite_code: commit.inviteCode }), ...(settings === undefined ? {} : { settings }) })
              .where('id', '=', commit.tableId)
              .execute();
          }
          const events = await this.#insertEvents(trx, commit.tableId, lastSeq, commit.events, requestId);
          return { events, isDuplicate: false };
        });
      } catch (error) {
        if (error instanceof DuplicateRequest) return { events: error.events, isDuplicate: true };
        if (requestId !== null && sqlState(error) === '23505' && constraintOf(error) === REQUEST_INDEX) {
          // Only under an isolation level stricter than read committed: the winner is stored by now.
          const earlier = await this.#eventsByRequest(this.#db, commit, requestId);
          if (earlier.length > 0) return { events: earlier, isDuplicate: true };
        }
        throw error;
      }
    });
  }

  /**
   * One transaction for the batch: the table's row lock taken once, with the check that the stored
   * lastSeq is the one the batch was decided after; one look-up of the batch's request ids; the
   * events of every commit inserted together.
   */
  async commitBatch(batch: CommitBatch): Promise<readonly CommitResult[]> {
    checkBatch(batch);
    const { tableId, afterSeq, commits } = batch;
    const count = commits.reduce((n, c) => n + c.events.length, 0);
    return this.#run(`commit to table ${tableId}`, () =>
      this.#db.transaction().execute(async (trx) => {
        const bumped = await sql<{ last_seq: string | number }>`
          UPDATE tables SET last_seq = last_seq + ${count} WHERE id = ${tableId} AND last_seq = ${afterSeq} RETURNING last_seq`.execute(trx);
        if (bumped.rows[0] === undefined) {
          const row = await trx.selectFrom('tables').select('last_seq').where('id', '=', tableId).executeTakeFirst();
          if (row === undefined) throw new StoreError('store/no-such-table', `no table ${tableId}`);
          throw new StoreError('store/stale', `table ${tableId} is at seq ${Number(row.last_seq)}, not ${afterSeq}: decide the batch again`);
        }
        const requestIds = [...new Set(commits.flatMap((c) => (c.requestId === undefined ? [] : [c.requestId])))];
        if (requestIds.length > 0) {
          // Under the row lock: every earlier commit to this table is visible (read committed).
          const stored = await trx
            .selectFrom('events')
            .select(['actor_id', 'request_id'])
            .where('table_id', '=', tableId)
            .where('request_id', 'in', requestIds)
            .execute();
          const keys = new Set(stored.map((r) => `${r.actor_id ?? ''} ${r.request_id ?? ''}`));
          const again = commits.find((c) => c.requestId !== undefined && keys.has(`${c.actorId ?? ''} ${c.requestId}`));
          if (again !== undefined) throw new StoreError('store/stale', `request ${again.requestId ?? ''} at table ${tableId} is stored already: decide the batch again`);
        }
        const rows: EventRow[] = [];
        const results: { events: StoredEvent[]; isDuplicate: false }[] = [];
        let seq = afterSeq;
        for (const commit of commits) {
          for (const member of commit.addMembers ?? []) await trx.insertInto('members').values(memberRow(member)).execute();
          for (const renewal of commit.renewSeats ?? []) {
            const updated = await trx.updateTable('members').set({ token_hash: renewal.tokenHash }).where('table_id', '=', tableId).where('id', '=', renewal.memberId).executeTakeFirst();
            if (updated.numUpdatedRows !== 1n) throw new StoreError('store/no-such-member', `no member ${renewal.memberId} at table ${tableId}`);
          }
          const settings = commit.settings === undefined ? undefined : encodeJsonObject(commit.settings, 'settings');
          if (commit.inviteCode !== undefined || settings !== undefined) {
            await trx
              .updateTable('tables')
              .set({ ...(commit.inviteCode === undefined ? {} : { invite_code: commit.inviteCode }), ...(settings === undefined ? {} : { settings }) })
              .where('id', '=', tableId)
              .execute();
          }
          const events = commit.events.map((event, part) => {
            const row = eventRow(tableId, seq + part + 1, event, commit.requestId ?? null, part);
            rows.push(row);
            return storedFromRow(row, event);
          });
          seq += events.length;
          results.push({ events, isDuplicate: false });
        }
        for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
          await trx.insertInto('events').values(rows.slice(start, start + INSERT_CHUNK)).execute();
        }
        return results;
      }),
    );
  }

  async readEvents(tableId: string, afterSeq: number, limit: number): Promise<readonly StoredEvent[]> {
    checkRead(afterSeq, limit);
    return this.#run('read events', async () => {
      const rows = await this.#db
        .selectFrom('events')
        .selectAll()
        .where('table_id', '=', tableId)
        .where('seq', '>', afterSeq)
        .orderBy('seq')
        .limit(limit)
        .execute();
      if (rows.length === 0) await this.#requireTable(tableId);
      return rows.map(eventFromRow);
    });
  }

  async checkIntegrity(): Promise<{ readonly ok: boolean; readonly detail: string }> {
    return this.#run('check integrity', async () => {
      const result = await sql<SeqFindingRow>`${sql.raw(SEQ_FINDINGS_SQL)}`.execute(this.#db);
      const findings = result.rows.map(seqFindingFromRow);
      return findings.length === 0
        ? { ok: true, detail: 'ok: every table has seqs 1..last_seq' }
        : { ok: false, detail: `seqs not contiguous: ${describeSeqFindings(findings)}` };
    });
  }

  async close(): Promise<void> {
    if (this.#isClosed) return;
    this.#isClosed = true;
    await this.#db.destroy();
    if (!this.#pool.ended && !this.#pool.ending) await this.#pool.end();
  }

  async #run<T>(context: string, action: () => Promise<T>): Promise<T> {
    if (this.#isClosed) throw new StoreError('store/unavailable', `${context}: the store is closed`);
    try {
      return await action();
    } catch (error) {
      throw storeError(error, context);
    }
  }

  async #requireTable(tableId: string): Promise<void> {
    const row = await this.#db.selectFrom('tables').select('id').where('id', '=', tableId).executeTakeFirst();
    if (row === undefined) throw new StoreError('store/no-such-table', `no table ${tableId}`);
  }

  async #eventsByRequest(db: Kysely<Database> | Transaction<Database>, commit: Commit, requestId: string): Promise<readonly StoredEvent[]> {
    const rows = await db
      .selectFrom('events')
      .selectAll()
      .where('table_id', '=', commit.tableId)
      .where(sql<string>`COALESCE(actor_id, '')`, '=', commit.actorId ?? '')
      .where('request_id', '=', requestId)
      // By part, not seq: the same order, and the unique index serves it without a sort.
      .orderBy('request_part')
      .execute();
    return rows.map(eventFromRow);
  }

  async #insertEvents(trx: Transaction<Database>, tableId: string, lastSeq: number, events: readonly NewEvent[], requestId: string | null): Promise<StoredEvent[]> {
    const rows = events.map((event, part) => eventRow(tableId, lastSeq + part + 1, event, requestId, part));
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      await trx.insertInto('events').values(rows.slice(start, start + INSERT_CHUNK)).execute();
    }
    return rows.map((row, index) => storedFromRow(row, events[index] as NewEvent));
  }
}
