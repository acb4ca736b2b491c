import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateSqlite } from './migrations.js';
import { EVENTS_BY_REQUEST_SQL, openSqliteStore } from './sqlite-store.js';
import { describeStoreContract, testEvent, testTable } from './store-contract.js';
import { StoreError } from './types.js';

const dir = mkdtempSync(join(tmpdir(), 'hc-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let fileCounter = 0;
function freshFile(): string {
  fileCounter += 1;
  return join(dir, `nested-${fileCounter}`, 'deeper', 'table.db');
}

describeStoreContract('sqlite file', () => openSqliteStore(freshFile()));
describeStoreContract('sqlite :memory:', () => openSqliteStore(':memory:'));

describe('openSqliteStore', () => {
  it('creates the parent directory, uses WAL, and keeps data across reopening', async () => {
    const file = freshFile();
    const store = await openSqliteStore(file);
    await store.createTable(testTable('t'));
    await store.commit({ tableId: 't', actorId: null, events: [testEvent('a')] });
    await store.close();
    const raw = new Database(file, { readonly: true });
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    raw.close();
    const reopened = await openSqliteStore(file);
    expect((await reopened.getTable('t'))?.lastSeq).toBe(2);
    expect((await reopened.checkIntegrity()).ok).toBe(true);
    await reopened.close();
  });

  it('serialises two connections to one file', async () => {
    const file = freshFile();
    const a = await openSqliteStore(file);
    const b = await openSqliteStore(file);
    await a.createTable(testTable('t'));
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, n) => (n % 2 === 0 ? a : b).commit({ tableId: 't', actorId: null, events: [testEvent('e', { n })] })),
    );
    expect(results.flatMap((r) => r.events.map((e) => e.seq)).sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, n) => n + 2));
    expect((await b.getTable('t'))?.lastSeq).toBe(51);
    await a.close();
    await b.close();
  });

  it('answers store/corrupt for a file that is not a database', async () => {
    const file = join(dir, 'garbage.db');
    writeFileSync(file, Buffer.alloc(8192, 0x5a));
    const error: unknown = await openSqliteStore(file).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).code).toBe('store/corrupt');
  });

  it('reports a gap in seqs from the integrity check', async () => {
    const file = freshFile();
    const store = await openSqliteStore(file);
    await store.createTable(testTable('t'));
    await store.commit({ tableId: 't', actorId: null, events: [testEvent('a'), testEvent('b')] });
    const raw = new Database(file);
    raw.prepare("DELETE FROM events WHERE table_id = 't' AND seq = 2").run();
    raw.close();
    const report = await store.checkIntegrity();
    expect(report.ok).toBe(false);
    expect(report.detail).toContain('table t: last_seq 3, 2 events');
    await store.close();
  });

  it('looks up a request id through its unique index, not by walking the table', () => {
    const db = new Database(':memory:');
    migrateSqlite(db);
    const plan = db.prepare<[string, string, string], { detail: string }>(`EXPLAIN QUERY PLAN ${EVENTS_BY_REQUEST_SQL}`).all('t', 'a', 'r');
    expect(plan.map((row) => row.detail).join(' | ')).toMatch(/USING INDEX events_request \(table_id=\? AND <expr>=\? AND request_id=\?\)$/);
    db.close();
  });

  it('refuses an empty path', async () => {
    await expect(openSqliteStore('')).rejects.toBeInstanceOf(TypeError);
  });
});
