// Storage faults on the real SQLite file: another program holding the write lock (a second
// connection in `BEGIN IMMEDIATE`) never blocks the event loop; a roll meanwhile gets the retryable
// `storage/busy` (with a retry-after), or its ack once the lock is let go in time; a retry with the
// same request id stores the roll exactly once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresStore } from '../../src/server/storage/postgres-store.js';
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

const postgresUrl = process.env['HAMMERCRAWL_TEST_POSTGRES'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const postgresDown = await (async () => {
  const c = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 3_000 });
  c.on('error', () => undefined);
  try {
    await c.connect();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await c.end().catch(() => undefined);
  }
})();

describe.skipIf(postgresDown !== null)(`PostgreSQL loses the connection of a commit${postgresDown === null ? '' : ` (SKIPPED: ${postgresDown})`}`, () => {
  const schema = `hc_test_${Math.random().toString(36).slice(2, 12)}`;
  let pgServer: TestServer;
  let pgTable: TestTable;
  let pgPlayer: { id: string; token: string };
  let pgClient: TestClient;
  let holderPg: pg.Client;
  beforeAll(async () => {
    pgServer = await startTestServer({ store: await openPostgresStore(postgresUrl, { schema }), isSoleWriter: false });
    pgTable = await createTable(pgServer);
    pgPlayer = await join(pgServer, pgTable, 'Ada');
    pgClient = await live(pgServer, pgTable.id, pgPlayer.token);
    holderPg = new pg.Client({ connectionString: postgresUrl });
    holderPg.on('error', () => undefined);
    await holderPg.connect();
  });
  afterAll(async () => {
    pgClient.close();
    await pgServer.close();
    await holderPg.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await holderPg.end();
  });

  it('a commit whose connection is killed gets storage/unavailable; the retry is stored once', async () => {
    // Another session holds the table's row, so the commit waits on it; then its connection is killed.
    await holderPg.query('BEGIN');
    await holderPg.query(`SELECT id FROM "${schema}".tables WHERE id = $1 FOR UPDATE`, [pgTable.id]);
    const holderPid = (await holderPg.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    const from = pgClient.frames.length;
    pgClient.send({ kind: 'roll', requestId: 'lost-1', notation: '1d20', visibility: 'public' });
    let killed = 0;
    for (let i = 0; i < 200 && killed === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      killed = (await holderPg.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))', [holderPid])).rowCount ?? 0;
    }
    expect(killed).toBeGreaterThan(0);
    const answer = await pgClient.waitFor((f) => f['requestId'] === 'lost-1' && (f['kind'] === 'ack' || f['kind'] === 'error'), 10_000, from);
    await holderPg.query('ROLLBACK');
    expect(answer).toMatchObject({ kind: 'error', code: 'storage/unavailable', requestId: 'lost-1' });
    expect(answer['retryAfterMs']).toBeGreaterThan(0);
    const retryFrom = pgClient.frames.length;
    pgClient.send({ kind: 'roll', requestId: 'lost-1', notation: '1d20', visibility: 'public' });
    expect(await pgClient.waitFor((f) => f['requestId'] === 'lost-1' && (f['kind'] === 'ack' || f['kind'] === 'error'), 10_000, retryFrom)).toMatchObject({ kind: 'ack', requestId: 'lost-1' });
    const log = await request(pgServer, 'GET', `/api/tables/${pgTable.id}/log?since=0&limit=500`, undefined, pgPlayer.token);
    expect((log.body['events'] as { requestId?: string; kind: string }[]).filter((e) => e.kind === 'rolled' && e.requestId === 'lost-1')).toHaveLength(1);
  }, 60_000);
});
