// Storage faults on the real SQLite file: another program holding the write lock (a second
// connection in `BEGIN IMMEDIATE`) never blocks the event loop; a roll meanwhile gets the retryable
// `storage/busy` (with a retry-after), or its ack once the lock is let go in time; a retry with the
// same request id stores the roll exactly once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore, SQLITE_BUSY_WAIT_MS } from '../../src/server/storage/sqlite-store.js';
import { createTable, join, live, request, startTestServer, type TestServer, type TestTable } from './harness.js';
import type { TestClient } from './ws-client.js';

const dir = mkdtempSync(joinPath(tmpdir(), 'hammercrawl-busy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let server: TestServer;
let table: TestTable;
let player: { id: string; token: string };
let client: TestClient;
let holder: Database.Database;
let n = 0;

beforeAll(async () => {
  const file = joinPath(dir, `table-${n++}.db`);
  server = await startTestServer({ store: await openSqliteStore(file) });
  table = await createTable(server);
  player = await join(server, table, 'Ada');
  client = await live(server, table.id, player.token);
  holder = new Database(file);
});
afterAll(async () => {
  client.close();
  holder.close();
  await server.close();
});
afterEach(() => {
  if (holder.inTransaction) holder.exec('ROLLBACK');
});

/** Sends a roll and resolves with its answer (ack or error). */
async function roll(requestId: string): Promise<{ readonly [key: string]: unknown }> {
  const from = client.frames.length;
  client.send({ kind: 'roll', requestId, notation: '1d20', visibility: 'public' });
  return client.waitFor((f) => (f['kind'] === 'ack' || f['kind'] === 'error') && f['requestId'] === requestId, SQLITE_BUSY_WAIT_MS + 10_000, from);
}

/** The stored events of one request id. */
async function storedOf(requestId: string): Promise<number> {
  const log = await request(server, 'GET', `/api/tables/${table.id}/log?since=0&limit=500`, undefined, player.token);
  return (log.body['events'] as { requestId?: string; kind: string }[]).filter((e) => e.kind === 'rolled' && e.requestId === requestId).length;
}

describe('another program holds the SQLite write lock', () => {
  it('the server goes on answering, and the roll gets storage/busy with a retry-after; the retry is stored once', async () => {
    holder.exec('BEGIN IMMEDIATE');
    let answeredAt = 0;
    const answer = roll('busy-1').then((a) => {
      answeredAt = performance.now();
      return a;
    });
    // Sent after the roll is waiting: answered long before it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const health = await request(server, 'GET', '/api/health');
    const healthAt = performance.now();
    expect(health.status).toBe(200);
    const refused = await answer;
    expect(healthAt).toBeLessThan(answeredAt);
    expect(refused).toMatchObject({ kind: 'error', code: 'storage/busy', requestId: 'busy-1' });
    expect(refused['retryAfterMs']).toBeGreaterThan(0);
    expect(String(refused['message'])).toMatch(/same requestId/);
    holder.exec('ROLLBACK');
    expect(await roll('busy-1')).toMatchObject({ kind: 'ack', requestId: 'busy-1' });
    expect(await roll('busy-1')).toMatchObject({ kind: 'ack', requestId: 'busy-1' });
    expect(await storedOf('busy-1')).toBe(1);
  }, 60_000);

  it('a roll waiting for the lock is stored and acknowledged once the lock is let go in time', async () => {
    holder.exec('BEGIN IMMEDIATE');
    const answer = roll('busy-2');
    await new Promise((resolve) => setTimeout(resolve, SQLITE_BUSY_WAIT_MS / 4));
    holder.exec('ROLLBACK');
    expect(await answer).toMatchObject({ kind: 'ack', requestId: 'busy-2' });
    expect(await storedOf('busy-2')).toBe(1);
  }, 60_000);

  it('HTTP: 503 storage/busy with Retry-After', async () => {
    holder.exec('BEGIN IMMEDIATE');
    const res = await fetch(`${server.http}/api/tables/${table.id}/rolls`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${player.token}` },
      body: JSON.stringify({ requestId: 'busy-3', notation: '1d6', visibility: 'public' }),
    });
    expect(res.status).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('storage/busy');
    holder.exec('ROLLBACK');
    expect(await storedOf('busy-3')).toBe(0);
  }, 60_000);
});
