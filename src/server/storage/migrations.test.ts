import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { LATEST_SCHEMA_VERSION, MIGRATIONS, MIGRATIONS_TABLE, migrateSqlite, pendingMigrations, quoteIdentifier, type Migration } from './migrations.js';
import { openSqliteStore } from './sqlite-store.js';
import { StoreError } from './types.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function columns(db: Database.Database, table: string): string[] {
  return (db.pragma(`table_info(${table})`) as { name: string }[]).map((column) => column.name);
}

describe('migrations', () => {
  it('are numbered 1..n without gaps, with kebab-case names', () => {
    expect(MIGRATIONS.map((migration) => migration.version)).toEqual(Array.from({ length: MIGRATIONS.length }, (_, n) => n + 1));
    for (const migration of MIGRATIONS) expect(migration.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(LATEST_SCHEMA_VERSION).toBe(MIGRATIONS.length);
  });

  it('are pure: the same statements every time, for each dialect', () => {
    for (const migration of MIGRATIONS) {
      expect(migration.up('sqlite')).toEqual(migration.up('sqlite'));
      expect(migration.up('postgres')).toEqual(migration.up('postgres'));
    }
  });

  it('lists what is pending and refuses gaps or a newer database', () => {
    expect(pendingMigrations([])).toEqual(MIGRATIONS);
    expect(pendingMigrations([1])).toEqual(MIGRATIONS.slice(1));
    expect(() => pendingMigrations([2])).toThrow(StoreError);
    const newer = Array.from({ length: MIGRATIONS.length + 1 }, (_, n) => n + 1);
    expect(() => pendingMigrations(newer)).toThrow(/newer than this server/);
  });

  it('version 1 creates tables, members and events with their keys', () => {
    const db = new Database(':memory:');
    migrateSqlite(db);
    expect(columns(db, 'tables')).toEqual(['id', 'name', 'ruleset', 'settings', 'created_at', 'invite_code', 'last_seq']);
    expect(columns(db, 'members')).toEqual(['table_id', 'id', 'role', 'name', 'token_hash', 'created_at']);
    expect(columns(db, 'events')).toEqual(['table_id', 'seq', 'kind', 'schema_version', 'at', 'actor_id', 'request_id', 'request_part', 'body']);
    expect(db.prepare(`SELECT version, name FROM ${MIGRATIONS_TABLE}`).all()).toEqual([{ version: 1, name: 'tables-members-events' }]);
    db.prepare("INSERT INTO tables (id, name, ruleset, settings, created_at) VALUES ('t', 'T', 'r', '{}', 1)").run();
    const insertEvent = db.prepare(
      "INSERT INTO events (table_id, seq, kind, schema_version, at, actor_id, request_id, request_part, body) VALUES ('t', ?, 'k', 1, 1, ?, ?, ?, '{}')",
    );
    insertEvent.run(1, 'ann', 'r1', 0);
    insertEvent.run(2, 'ann', 'r1', 1);
    insertEvent.run(3, null, null, null);
    insertEvent.run(4, null, null, null);
    insertEvent.run(5, null, 'r1', 0);
    expect(() => insertEvent.run(6, 'ann', 'r1', 0)).toThrow(/UNIQUE/);
    expect(() => insertEvent.run(6, null, 'r1', 0)).toThrow(/UNIQUE/);
    expect(() => insertEvent.run(6, 'ann', 'r2', null)).toThrow(/CHECK/);
    expect(() => insertEvent.run(1, 'bob', null, null)).toThrow(/UNIQUE/);
    expect(() => db.prepare("INSERT INTO members VALUES ('t', 'm', 'king', 'n', 'h', 1)").run()).toThrow(/CHECK/);
    db.pragma('foreign_keys = ON');
    expect(() => db.prepare("INSERT INTO members VALUES ('nope', 'm', 'player', 'n', 'h', 1)").run()).toThrow(/FOREIGN KEY/);
    db.close();
  });

  it('reads a database written at version 1 (fixture) after migrating to the latest', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hc-migrate-'));
    const file = join(dir, 'v1.db');
    const fixture = new Database(file);
    migrateSqlite(fixture, MIGRATIONS.slice(0, 1));
    fixture.exec(`
      INSERT INTO tables VALUES ('old', 'Old Table', 'hammercrawl', '{"critOnMax":true}', 1700000000000, 'inv', 2);
      INSERT INTO members VALUES ('old', 'smith', 'smith', 'Sam', 'abc123', 1700000000000);
      INSERT INTO events VALUES ('old', 1, 'table-created', 1, 1700000000001, 'smith', NULL, NULL, '{"name":"Old Table"}');
      INSERT INTO events VALUES ('old', 2, 'roll', 1, 1700000000002, 'smith', 'req', 0, '{"faces":[4,2]}');
    `);
    fixture.close();
    const store = await openSqliteStore(file);
    expect(await store.getTable('old')).toEqual({
      id: 'old', name: 'Old Table', ruleset: 'hammercrawl', settings: { critOnMax: true }, createdAt: 1_700_000_000_000, inviteCode: 'inv', lastSeq: 2,
    });
    expect(await store.findMember('old', 'abc123')).toMatchObject({ id: 'smith', role: 'smith', name: 'Sam' });
    expect(await store.readEvents('old', 1, 10)).toEqual([
      { tableId: 'old', seq: 2, kind: 'roll', schemaVersion: 1, at: 1_700_000_000_002, actorId: 'smith', requestId: 'req', body: { faces: [4, 2] } },
    ]);
    const again = await store.commit({ tableId: 'old', actorId: 'smith', requestId: 'req', events: [{ kind: 'roll', schemaVersion: 1, at: 1, actorId: 'smith', body: {} }] });
    expect(again.isDuplicate).toBe(true);
    expect(again.events.map((event) => event.seq)).toEqual([2]);
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('applies a later migration on top, once', () => {
    const db = new Database(':memory:');
    migrateSqlite(db);
    const second: Migration = { version: MIGRATIONS.length + 1, name: 'test-extra', up: () => ['ALTER TABLE tables ADD COLUMN extra TEXT'] };
    migrateSqlite(db, [...MIGRATIONS, second]);
    migrateSqlite(db, [...MIGRATIONS, second]);
    expect(columns(db, 'tables')).toContain('extra');
    expect(db.prepare(`SELECT version FROM ${MIGRATIONS_TABLE} ORDER BY version`).all()).toEqual(
      [...MIGRATIONS, second].map((migration) => ({ version: migration.version })),
    );
    expect(() => migrateSqlite(db)).toThrow(/newer than this server/);
    db.close();
  });

  it('rolls back a failing migration entirely', () => {
    const db = new Database(':memory:');
    const broken: Migration = { version: 1, name: 'broken', up: () => ['CREATE TABLE a (x INTEGER)', 'CREATE TABLE oops ('] };
    expect(() => migrateSqlite(db, [broken])).toThrow();
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all()).toEqual([]);
    db.close();
  });

  it('quotes only plain schema names', () => {
    expect(quoteIdentifier('hc_test_1')).toBe('"hc_test_1"');
    expect(() => quoteIdentifier('a"b')).toThrow(RangeError);
    expect(() => quoteIdentifier('Upper')).toThrow(RangeError);
    expect(() => quoteIdentifier('x'.repeat(64))).toThrow(RangeError);
  });
});
