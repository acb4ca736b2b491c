// Two server processes on the machine's PostgreSQL and Redis serve one table: a client on each sees,
// in order and without gaps, the rolls of both; subscribers cut off from Redis for 5 s lose nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { Redis } from 'ioredis';
import { ROLL_BURST, ROLLS_PER_SECOND } from '../../src/server/limits.js';
import { request } from './harness.js';
import { spawnServer, type ServerProcess } from './server-process.js';
import { connect, type TestClient } from './ws-client.js';

const PG_ADMIN = process.env['HAMMERCRAWL_TEST_POSTGRES'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS = process.env['HAMMERCRAWL_TEST_REDIS'] ?? 'redis://127.0.0.1:6379';
const database = `hc_scale_${process.pid}_${Date.now() % 100_000}`;

async function reachable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: PG_ADMIN, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
  } catch (e) {
    return `PostgreSQL at ${PG_ADMIN} is not reachable (${(e as Error).message})`;
  }
  const redis = new Redis(REDIS, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
  } catch (e) {
    return `Redis at ${REDIS} is not reachable (${(e as Error).message})`;
  } finally {
    redis.disconnect();
  }
  return null;
}

const unavailable = await reachable();
if (unavailable !== null) console.warn(`scale-out tests skipped: ${unavailable}`);

describe.skipIf(unavailable !== null)('two processes on PostgreSQL + Redis', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  const url = new URL(PG_ADMIN);
  url.pathname = `/${database}`;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: PG_ADMIN });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    a = await spawnServer(url.toString(), ['--bus', REDIS]);
    b = await spawnServer(url.toString(), ['--bus', REDIS]);
  }, 60_000);

  afterAll(async () => {
    await a?.kill();
    await b?.kill();
    const admin = new pg.Client({ connectionString: PG_ADMIN });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  });

  async function open(server: ServerProcess, tableId: string, token: string): Promise<TestClient> {
    const client = await connect(`${server.ws}/api/tables/${tableId}/live`);
    client.send({ kind: 'hello', token, since: 0 });
    await client.waitFor((f) => f['kind'] === 'welcome');
    return client;
  }

  const seqs = (c: TestClient): number[] => c.frames.filter((f) => f.data['kind'] !== 'ack').map((f) => f.data['seq']).filter((s): s is number => typeof s === 'number');

  async function rollBoth(x: TestClient, y: TestClient, prefix: string, n: number, pause = 0): Promise<void> {
    for (let i = 0; i < n; i++) {
      x.send({ kind: 'roll', requestId: `${prefix}x${i}`, notation: 'd20', visibility: 'public' });
      y.send({ kind: 'roll', requestId: `${prefix}y${i}`, notation: 'd20', visibility: 'public' });
      if (pause > 0) await new Promise((r) => setTimeout(r, pause));
      else if (i % 10 === 9) {
        await x.waitFor((f) => f['kind'] === 'ack' && f['requestId'] === `${prefix}x${i}`, 10_000);
      }
    }
    await x.waitFor((f) => f['kind'] === 'ack' && f['requestId'] === `${prefix}x${n - 1}`, 15_000);
    await y.waitFor((f) => f['kind'] === 'ack' && f['requestId'] === `${prefix}y${n - 1}`, 15_000);
  }

  /** How many epochs of verifiable rolls the table's log commits (one per process that rolled, at most two here). */
  async function epochsCommitted(host: ServerProcess, tableId: string, token: string): Promise<number> {
    const log = await request(host, 'GET', `/api/tables/${tableId}/log?since=0&limit=500`, undefined, token);
    const n = (log.body['events'] as { kind: string }[]).filter((e) => e.kind === 'epoch-committed').length;
    expect(n).toBeGreaterThanOrEqual(1);
    expect(n).toBeLessThanOrEqual(2);
    return n;
  }

  it('a client on each process sees every roll of both, in order, without gaps', async () => {
    const created = await request(a, 'POST', '/api/tables', { name: 'Two hosts', ruleset: 'hammercrawl' });
    const tableId = created.body['id'] as string;
    const smithToken = created.body['smithToken'] as string;
    const joined = await request(b, 'POST', `/api/tables/${tableId}/players`, { inviteCode: created.body['inviteCode'], name: 'Ada' });
    expect(joined.status).toBe(201);
    const onA = await open(a, tableId, smithToken);
    const onB = await open(b, tableId, joined.body['token'] as string);
    await rollBoth(onA, onB, 'p', 60, 50);
    const last = (await request(a, 'GET', `/api/tables/${tableId}/log?since=0&limit=1`, undefined, smithToken)).body['lastSeq'] as number;
    // Each process commits its own epoch of verifiable rolls before its first roll (docs/protocol.md).
    expect(last).toBe(3 + 120 + (await epochsCommitted(a, tableId, smithToken)));
    for (const c of [onA, onB]) {
      await c.waitFor((f) => f['seq'] === last, 10_000);
      expect(seqs(c)).toEqual(Array.from({ length: last }, (_, i) => i + 1));
    }
    onA.close();
    onB.close();
  }, 60_000);

  it('subscribers cut off from Redis for 5 s lose no event: refilled from the database by seq', async () => {
    const created = await request(a, 'POST', '/api/tables', { name: 'Flaky bus', ruleset: 'hammercrawl' });
    const tableId = created.body['id'] as string;
    const smithToken = created.body['smithToken'] as string;
    // Two members: one member's rolls share one budget on both processes (the test below).
    const joined = await request(b, 'POST', `/api/tables/${tableId}/players`, { inviteCode: created.body['inviteCode'], name: 'Ada' });
    const onA = await open(a, tableId, smithToken);
    const onB = await open(b, tableId, joined.body['token'] as string);
    const admin = new Redis(REDIS);
    const started = Date.now();
    // Keep killing every pub/sub connection for 5 s while both sides roll.
    const cutter = (async () => {
      while (Date.now() - started < 5000) {
        await admin.call('CLIENT', 'KILL', 'TYPE', 'pubsub');
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    await rollBoth(onA, onB, 'f', 50, 100);
    await cutter;
    admin.disconnect();
    const last = (await request(b, 'GET', `/api/tables/${tableId}/log?since=0&limit=1`, undefined, smithToken)).body['lastSeq'] as number;
    expect(last).toBe(3 + 100 + (await epochsCommitted(b, tableId, smithToken)));
    for (const c of [onA, onB]) {
      await c.waitFor((f) => f['seq'] === last, 15_000);
      expect(seqs(c)).toEqual(Array.from({ length: last }, (_, i) => i + 1));
    }
    onA.close();
    onB.close();
  }, 60_000);

  it(`one member bursting on both processes gets about one burst (ROLL_BURST = ${ROLL_BURST}), not one per process: the buckets are in Redis`, async () => {
    const created = await request(a, 'POST', '/api/tables', { name: 'Greedy', ruleset: 'hammercrawl' });
    const tableId = created.body['id'] as string;
    const smithToken = created.body['smithToken'] as string;
    const onA = await open(a, tableId, smithToken);
    const onB = await open(b, tableId, smithToken);
    const started = Date.now();
    const n = 2 * ROLL_BURST;
    for (let i = 0; i < n; i++) {
      onA.send({ kind: 'roll', requestId: `ga${i}`, notation: 'd20', visibility: 'public' });
      onB.send({ kind: 'roll', requestId: `gb${i}`, notation: 'd20', visibility: 'public' });
    }
    const answered = (c: TestClient, prefix: string) => c.frames.filter((f) => (f.data['kind'] === 'ack' || f.data['kind'] === 'error') && String(f.data['requestId']).startsWith(prefix));
    await onA.waitFor(() => answered(onA, 'ga').length === n, 20_000);
    await onB.waitFor(() => answered(onB, 'gb').length === n, 20_000);
    const seconds = (Date.now() - started) / 1000;
    const answers = [...answered(onA, 'ga'), ...answered(onB, 'gb')].map((f) => f.data);
    const acks = answers.filter((f) => f['kind'] === 'ack').length;
    const refused = answers.filter((f) => f['kind'] === 'error');
    expect(refused.every((f) => f['code'] === 'rate/limited' && typeof f['retryAfterMs'] === 'number')).toBe(true);
    // One burst, and what refills while the burst is answered; one bucket per process would give twice the burst.
    expect(acks).toBeGreaterThanOrEqual(ROLL_BURST);
    expect(acks).toBeLessThanOrEqual(ROLL_BURST + Math.ceil(seconds * ROLLS_PER_SECOND) + 1);
    expect(acks).toBeLessThan(2 * ROLL_BURST);
    onA.close();
    onB.close();
  }, 60_000);
});
