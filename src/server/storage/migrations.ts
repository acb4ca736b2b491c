/**
 * Numbered schema migrations shared by the SQLite and PostgreSQL stores (docs/storage.md).
 *
 * A migration is a pure function from the dialect to the SQL statements it runs. The applied
 * versions are kept in `hc_schema_migrations`; a store applies the missing ones in order, all in one
 * transaction that holds the database's writer lock (SQLite `BEGIN IMMEDIATE`, Postgres an
 * advisory lock), so two processes starting at once apply each migration once.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { StoreError } from './types.js';

/** The SQL dialects a store speaks. */
export type SqlDialect = 'sqlite' | 'postgres';

/** One numbered migration: a pure function of the dialect. */
export interface Migration {
  /** 1, 2, 3, ... without gaps. */
  readonly version: number;
  /** kebab-case, for the migrations table and error messages. */
  readonly name: string;
  /** The statements to run, in order. */
  readonly up: (dialect: SqlDialect) => readonly string[];
}

/** The table that records applied migrations. */
export const MIGRATIONS_TABLE = 'hc_schema_migrations';

/**
 * Version 1: tables, members, events.
 *
 * Every event of an idempotent commit carries its request id and its position in the commit
 * (`request_part`, 0-based); the unique index over (table, actor, request id, part) lets exactly one
 * commit per key store its first event, also under concurrent writers. `COALESCE(actor_id, '')`
 * makes the key work for the server's own events (actor null), since NULLs never collide in a
 * UNIQUE index.
 */
const initialSchema: Migration = {
  version: 1,
  name: 'tables-members-events',
  up: () => [
    `CREATE TABLE tables (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      ruleset TEXT NOT NULL,
      settings TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      invite_code TEXT,
      last_seq BIGINT NOT NULL DEFAULT 0 CHECK (last_seq >= 0)
    )`,
    `CREATE TABLE members (
      table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
      id TEXT NOT NULL,
      role TEXT NOT NULL CHECK (role IN ('smith', 'player', 'observer')),
      name TEXT NOT NULL,
      token_hash TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      PRIMARY KEY (table_id, id),
      UNIQUE (table_id, token_hash)
    )`,
    `CREATE TABLE events (
      table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
      seq BIGINT NOT NULL CHECK (seq >= 1),
      kind TEXT NOT NULL,
      schema_version INTEGER NOT NULL,
      at BIGINT NOT NULL,
      actor_id TEXT,
      request_id TEXT,
      request_part INTEGER,
      body TEXT NOT NULL,
      PRIMARY KEY (table_id, seq),
      CHECK ((request_id IS NULL) = (request_part IS NULL))
    )`,
    `CREATE UNIQUE INDEX events_request ON events (table_id, (COALESCE(actor_id, '')), request_id, request_part)
      WHERE request_id IS NOT NULL`,
  ],
};

/** All migrations, in order. */
export const MIGRATIONS: readonly Migration[] = [initialSchema];

/** The schema version this code writes. */
export const LATEST_SCHEMA_VERSION: number = MIGRATIONS.length;

/** SQL creating the migrations table when missing. */
export function migrationsTableSql(): string {
  return `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at BIGINT NOT NULL
  )`;
}

/**
 * The migrations still to apply after `applied` (the versions found in the migrations table).
 * Throws `store/corrupt` when the applied versions are not 1..n, and `store/unavailable` when the
 * database was migrated by newer code than this.
 */
export function pendingMigrations(applied: readonly number[], migrations: readonly Migration[] = MIGRATIONS): readonly Migration[] {
  const sorted = [...applied].sort((a, b) => a - b);
  sorted.forEach((version, index) => {
    if (version !== index + 1) {
      throw new StoreError('store/corrupt', `applied schema migrations are not 1..${sorted.length}: ${sorted.join(', ')}`);
    }
  });
  if (sorted.length > migrations.length) {
    throw new StoreError(
      'store/unavailable',
      `the database is at schema version ${sorted.length}, newer than this server's ${migrations.length}; upgrade the server`,
    );
  }
  return migrations.slice(sorted.length);
}

/** Applies the pending migrations to a SQLite database in one `BEGIN IMMEDIATE` transaction. */
export function migrateSqlite(db: BetterSqlite3.Database, migrations: readonly Migration[] = MIGRATIONS): void {
  const run = db.transaction(() => {
    db.exec(migrationsTableSql());
    const applied = db
      .prepare<[], { version: number }>(`SELECT version FROM ${MIGRATIONS_TABLE}`)
      .all()
      .map((row) => row.version);
    const record = db.prepare<[number, string, number]>(`INSERT INTO ${MIGRATIONS_TABLE} (version, name, applied_at) VALUES (?, ?, ?)`);
    for (const migration of pendingMigrations(applied, migrations)) {
      for (const statement of migration.up('sqlite')) db.exec(statement);
      record.run(migration.version, migration.name, Date.now());
    }
  });
  run.immediate();
}

/**
 * Applies the pending migrations to a Postgres database in one transaction, under an advisory lock
 * keyed by the current schema. Creates `schema` first when given (the connection's search_path
 * must name it).
 */
export async function migratePostgres<DB>(db: Kysely<DB>, schema: string | undefined, migrations: readonly Migration[] = MIGRATIONS): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`hammercrawl-migrate:${schema ?? ''}`}))`.execute(trx);
    if (schema !== undefined) await sql.raw(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(schema)}`).execute(trx);
    await sql.raw(migrationsTableSql()).execute(trx);
    const rows = await sql<{ version: number }>`SELECT version FROM ${sql.raw(MIGRATIONS_TABLE)}`.execute(trx);
    for (const migration of pendingMigrations(rows.rows.map((row) => Number(row.version)), migrations)) {
      for (const statement of migration.up('postgres')) await sql.raw(statement).execute(trx);
      await sql`INSERT INTO ${sql.raw(MIGRATIONS_TABLE)} (version, name, applied_at) VALUES (${migration.version}, ${migration.name}, ${Date.now()})`.execute(trx);
    }
  });
}

/** A Postgres schema name this code accepts: lower-case letters, digits, `_`, at most 63 bytes. */
export const SCHEMA_NAME_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/;

/** Double-quotes a schema name after checking it against `SCHEMA_NAME_PATTERN`. */
export function quoteIdentifier(name: string): string {
  if (!SCHEMA_NAME_PATTERN.test(name)) throw new RangeError(`not an accepted schema name: ${JSON.stringify(name)} (use ${SCHEMA_NAME_PATTERN.source})`);
  return `"${name}"`;
}
