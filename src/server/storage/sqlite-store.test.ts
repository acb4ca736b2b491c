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

describe('group commit', () => {
  it('commits of one turn share a transaction; one that fails rolls back alone', async () => {
    const store = await openSqliteStore(freshFile());
    for (const id of ['g1', 'g2']) await store.createTable(testTable(id));
    const commits = Array.from({ length: 50 }, (_, i) =>
      store.commit({ tableId: i % 2 === 0 ? 'g1' : 'g2', requestId: `r${i}`, actorId: null, events: [testEvent('rolled', { i })] }),
    );
    const failing = store.commit({ tableId: 'missing', actorId: null, events: [testEvent('rolled')] });
    const duplicate = store.commit({ tableId: 'g1', requestId: 'r0', actorId: null, events: [testEvent('rolled', { again: true })] });
    const results = await Promise.all(commits);
    await expect(failing).rejects.toMatchObject({ code: 'store/no-such-table' });
    expect((await duplicate).isDuplicate).toBe(true);
    expect((await duplicate).events[0]!.body).toEqual({ i: 0 });
    expect(results.every((r) => !r.isDuplicate)).toBe(true);
    for (const id of ['g1', 'g2']) {
      const events = await store.readEvents(id, 0, 1000);
      expect(events.map((e) => e.seq)).toEqual(Array.from({ length: 26 }, (_, k) => k + 1));
    }
    expect((await store.checkIntegrity()).ok).toBe(true);
    await store.close();
  });

  it('a commit pending when the store closes is written before it closes', async () => {
    const file = freshFile();
    const store = await openSqliteStore(file);
    await store.createTable(testTable('c1'));
    const pending = store.commit({ tableId: 'c1', actorId: null, events: [testEvent('rolled')] });
    await store.close();
    expect((await pending).events[0]!.seq).toBe(2);
    const again = await openSqliteStore(file);
    expect((await again.getTable('c1'))!.lastSeq).toBe(2);
    await again.close();
  });
});
