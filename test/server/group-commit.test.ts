// Group commit on the real server: a table's concurrent commands are decided one after another on
// the state not yet durable and written in batches; every command is acknowledged once its batch is
// durable, seqs gap-free, in the order decided. A storage fault in the middle of a batch (after some
// of its events were written in the transaction) fails every command of the batch with the
// retryable error; the state goes back to the stored one: nothing acknowledged is lost, nothing
// refused is stored or sent to a socket, and the next command follows the stored log.
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openPostgresStore } from '../../src/server/storage/postgres-store.js';
import { openSqliteStore } from '../../src/server/storage/sqlite-store.js';
import { StoreError, type CommitBatch, type TableStore } from '../../src/server/storage/types.js';
import { createTable, join, live, request, startTestServer, type TestServer, type TestTable } from './harness.js';
import type { TestClient } from './ws-client.js';

/**
 * A store whose batches are recorded, and which fails a batch holding a commit of request id
 * `poisoned`: the batch is written with one more commit at its end that the store refuses inside
 * the transaction (a seat renewal of no member), after the batch's events were inserted, and the
 * refusal is reported as a lost connection. Every batch takes 15 ms more (a slow disk).
 */
function faultyStore(store: TableStore): { store: TableStore; batches: CommitBatch[]; poison: (requestId: string | null) => void } {
  const batches: CommitBatch[] = [];
  let poisoned: string | null = null;
  const wrapped = Object.create(store) as TableStore;
  for (const name of ['migrate', 'createTable', 'getTable', 'findMember', 'listMembers', 'commit', 'readEvents', 'checkIntegrity', 'close'] as const) {
    Object.defineProperty(wrapped, name, { value: (store[name] as (...args: unknown[]) => unknown).bind(store) });
  }
  Object.defineProperty(wrapped, 'kind', { value: store.kind });
  Object.defineProperty(wrapped, 'commitBatch', {
    value: async (batch: CommitBatch) => {
      batches.push(batch);
      // A slow disk: commands keep arriving while a batch is written.
      await new Promise((resolve) => setTimeout(resolve, 15));
      if (poisoned === null || !batch.commits.some((c) => c.requestId === poisoned)) return store.commitBatch(batch);
      const poison = { tableId: batch.tableId, actorId: null, events: [], renewSeats: [{ memberId: 'no-such-member', tokenHash: 'x'.repeat(64) }] };
      try {
        await store.commitBatch({ ...batch, commits: [...batch.commits, poison] });
      } catch (error) {
        throw new StoreError('store/unavailable', `test fault: ${error instanceof Error ? error.message : String(error)}`, { retryAfterMs: 500 });
      }
      throw new Error('the poisoned batch was written');
    },
  });
  return { store: wrapped, batches, poison: (id) => (poisoned = id) };
}

interface Seat {
  readonly id: string;
  readonly token: string;
}

async function rollHttp(server: TestServer, table: TestTable, seat: Seat, requestId: string): Promise<{ status: number; body: { [key: string]: unknown } }> {
  return request(server, 'POST', `/api/tables/${table.id}/rolls`, { requestId, notation: '1d20', visibility: 'public' }, seat.token);
}

/** The stored events of a table, read from the store itself. */
async function storedEvents(store: TableStore, tableId: string): Promise<{ seq: number; kind: string; requestId: string | null; actorId: string | null }[]> {
  const out: { seq: number; kind: string; requestId: string | null; actorId: string | null }[] = [];
  for (;;) {
    const page = await store.readEvents(tableId, out.length === 0 ? 0 : out[out.length - 1]!.seq, 500);
    if (page.length === 0) return out;
    out.push(...page.map((e) => ({ seq: e.seq, kind: e.kind, requestId: e.requestId, actorId: e.actorId })));
  }
}

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

const schemas: string[] = [];
afterAll(async () => {
  if (schemas.length === 0) return;
  const c = new pg.Client({ connectionString: postgresUrl });
  await c.connect();
  for (const s of schemas) await c.query(`DROP SCHEMA IF EXISTS "${s}" CASCADE`);
  await c.end();
});

const stores: { name: string; skip: string | null; open: () => Promise<TableStore>; isSoleWriter: boolean }[] = [
  { name: 'SQLite', skip: null, open: () => openSqliteStore(':memory:'), isSoleWriter: true },
  {
    name: 'PostgreSQL',
    skip: postgresDown,
    open: () => {
      const schema = `hc_group_${Math.random().toString(36).slice(2, 12)}`;
      schemas.push(schema);
      return openPostgresStore(postgresUrl, { schema });
    },
    isSoleWriter: false,
  },
];

for (const kind of stores) {
  describe.skipIf(kind.skip !== null)(`group commit over ${kind.name}${kind.skip === null ? '' : ` (SKIPPED: ${kind.skip})`}`, () => {
    let server: TestServer | null = null;
    let client: TestClient | null = null;
    afterEach(async () => {
      client?.close();
      client = null;
      await server?.close();
      server = null;
    });

    async function start(): Promise<{ server: TestServer; table: TestTable; seats: Seat[]; faults: ReturnType<typeof faultyStore> }> {
      const faults = faultyStore(await kind.open());
      server = await startTestServer({ store: faults.store, isSoleWriter: kind.isSoleWriter });
      const table = await createTable(server);
      const seats: Seat[] = [{ id: table.smithId, token: table.smithToken }];
      for (let i = 1; i <= 7; i++) seats.push(await join(server, table, `P${i}`));
      return { server, table, seats, faults };
    }

    it('concurrent rolls on one table are all acknowledged, with gap-free seqs, written in batches of several', async () => {
      const { server: s, table, seats, faults } = await start();
      client = await live(s, table.id, seats[1]!.token);
      const before = (await storedEvents(s.store, table.id)).length;
      const batchesBefore = faults.batches.length;
      const n = 120;
      const answers = await Promise.all(Array.from({ length: n }, (_, i) => rollHttp(s, table, seats[i % seats.length]!, `c-${i}`)));
      expect(answers.map((a) => a.status)).toEqual(Array(n).fill(201));
      const seqs = answers.map((a) => a.body['seq'] as number).sort((a, b) => a - b);
      expect(seqs).toEqual(Array.from({ length: n }, (_, i) => before + 1 + i));
      // Each answer's event is the roll it asked for, at the seq it was given.
      for (const [i, a] of answers.entries()) expect(a.body['event']).toMatchObject({ seq: a.body['seq'], requestId: `c-${i}`, kind: 'rolled' });
      const stored = await storedEvents(s.store, table.id);
      expect(stored.map((e) => e.seq)).toEqual(Array.from({ length: before + n }, (_, i) => i + 1));
      for (const [i, a] of answers.entries()) expect(stored[(a.body['seq'] as number) - 1]).toMatchObject({ requestId: `c-${i}`, actorId: seats[i % seats.length]!.id });
      // Fewer batches than rolls: commands decided while a batch was written shared the next one.
      const batches = faults.batches.slice(batchesBefore);
      expect(batches.reduce((k, b) => k + b.commits.length, 0)).toBe(n);
      expect(Math.max(...batches.map((b) => b.commits.length))).toBeGreaterThan(1);
      // The socket got every event once, in seq order.
      await client.waitFor((f) => f['seq'] === before + n, 10_000);
      const seen = client.frames.map((f) => f.data['seq']).filter((q): q is number => typeof q === 'number' && q > before);
      expect(seen).toEqual(Array.from({ length: n }, (_, i) => before + 1 + i));
    }, 60_000);

    it("one socket's rolls sent back to back are acknowledged in the order sent, with rising seqs", async () => {
      const { server: s, table, seats } = await start();
      client = await live(s, table.id, seats[2]!.token);
      const from = client.frames.length;
      const n = 40;
      for (let i = 0; i < n; i++) client.send({ kind: 'roll', requestId: `w-${i}`, notation: '2d6', visibility: 'public' });
      await client.waitFor((f) => f['kind'] === 'ack' && f['requestId'] === `w-${n - 1}`, 10_000, from);
      const acks = client.frames.slice(from).map((f) => f.data).filter((f) => f['kind'] === 'ack');
      expect(acks.map((a) => a['requestId'])).toEqual(Array.from({ length: n }, (_, i) => `w-${i}`));
      const seqs = acks.map((a) => a['seq'] as number);
      expect(seqs).toEqual(Array.from({ length: n }, (_, i) => seqs[0]! + i));
      // Each ack comes after its event was sent to the socket (the event is durable by then).
      for (const a of acks) {
        const eventAt = client.frames.findIndex((f) => f.data['seq'] === a['seq'] && f.data['kind'] === 'rolled');
        expect(eventAt).toBeGreaterThanOrEqual(0);
        expect(eventAt).toBeLessThan(client.frames.findIndex((f) => f.data === a));
      }
    }, 60_000);

    it('a storage fault in the middle of a batch fails every command in it with storage/unavailable; the state is the stored one after', async () => {
      const { server: s, table, seats, faults } = await start();
      client = await live(s, table.id, seats[3]!.token);
      const before = (await storedEvents(s.store, table.id)).length;
      faults.poison('f-10');
      const n = 60;
      const answers = await Promise.all(Array.from({ length: n }, (_, i) => rollHttp(s, table, seats[i % seats.length]!, `f-${i}`)));
      faults.poison(null);
      const refused = answers.flatMap((a, i) => (a.status === 201 ? [] : [i]));
      expect(refused).toContain(10);
      for (const i of refused) expect(answers[i]).toMatchObject({ status: 503, body: { error: { code: 'storage/unavailable' } } });
      // The poisoned batch held more than one command: all of them failed.
      const poisonedBatch = faults.batches.find((b) => b.commits.some((c) => c.requestId === 'f-10'))!;
      const inBatch = poisonedBatch.commits.map((c) => c.requestId);
      expect(inBatch.length).toBeGreaterThan(1);
      for (const id of inBatch) expect(refused).toContain(Number(id!.slice(2)));
      // Nothing refused is stored; everything acknowledged is, once, at its seq, gap-free.
      const stored = await storedEvents(s.store, table.id);
      expect(stored.map((e) => e.seq)).toEqual(Array.from({ length: stored.length }, (_, i) => i + 1));
      const storedIds = stored.map((e) => e.requestId);
      for (const i of refused) expect(storedIds).not.toContain(`f-${i}`);
      for (const [i, a] of answers.entries()) if (a.status === 201) expect(stored[(a.body['seq'] as number) - 1]!.requestId).toBe(`f-${i}`);
      expect(stored.length).toBe(before + n - refused.length);
      // The server's state is the stored one: its lastSeq, and the next roll's seq follows the log.
      const seen = await request(s, 'GET', `/api/tables/${table.id}`, undefined, seats[0]!.token);
      expect(seen.body['lastSeq']).toBe(stored.length);
      const next = await rollHttp(s, table, seats[0]!, 'after-fault');
      expect(next).toMatchObject({ status: 201, body: { seq: stored.length + 1 } });
      // A refused roll tried again is stored once.
      const retried = await rollHttp(s, table, seats[10 % seats.length]!, 'f-10');
      expect(retried.status).toBe(201);
      expect(await rollHttp(s, table, seats[10 % seats.length]!, 'f-10')).toMatchObject({ status: 200, body: { seq: retried.body['seq'] } });
      const after = await storedEvents(s.store, table.id);
      expect(after.filter((e) => e.requestId === 'f-10')).toHaveLength(1);
      // The socket saw exactly the stored events: nothing refused reached it.
      await client.waitFor((f) => f['seq'] === after.length, 10_000);
      const sent = client.frames.map((f) => f.data).filter((f) => typeof f['seq'] === 'number' && (f['seq'] as number) > before);
      expect(sent.map((f) => [f['seq'], f['requestId']])).toEqual(after.slice(before).map((e) => [e.seq, e.requestId]));
    }, 60_000);
  });
}

describe('two server processes writing one table (one store, as over PostgreSQL)', () => {
  const servers: TestServer[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) await s.close();
  });

  it('a batch decided on a state the other process moved past is decided again: every roll acknowledged once, seqs gap-free', async () => {
    const shared = await openSqliteStore(':memory:');
    let stale = 0;
    const counted = Object.create(shared) as TableStore;
    for (const name of ['migrate', 'createTable', 'getTable', 'findMember', 'listMembers', 'commit', 'readEvents', 'checkIntegrity', 'close'] as const) {
      Object.defineProperty(counted, name, { value: (shared[name] as (...args: unknown[]) => unknown).bind(shared) });
    }
    Object.defineProperty(counted, 'kind', { value: shared.kind });
    Object.defineProperty(counted, 'commitBatch', {
      value: (batch: CommitBatch) =>
        shared.commitBatch(batch).catch((error: unknown) => {
          if (error instanceof StoreError && error.code === 'store/stale') stale += 1;
          throw error;
        }),
    });
    // Each "process" has its own bus: neither hears of the other's events but from the store.
    const a = await startTestServer({ store: counted, isSoleWriter: false });
    servers.push(a);
    const b = await startTestServer({ store: counted, isSoleWriter: false });
    servers.push(b);
    const table = await createTable(a);
    const seats: Seat[] = [{ id: table.smithId, token: table.smithToken }];
    for (let i = 1; i <= 3; i++) seats.push(await join(a, table, `P${i}`));
    const before = (await storedEvents(shared, table.id)).length;
    const n = 80;
    const answers = await Promise.all(Array.from({ length: n }, (_, i) => rollHttp(i % 2 === 0 ? a : b, table, seats[i % seats.length]!, `s-${i}`)));
    expect(answers.map((x) => x.status)).toEqual(Array(n).fill(201));
    expect(stale).toBeGreaterThan(0);
    const stored = await storedEvents(shared, table.id);
    expect(stored.map((e) => e.seq)).toEqual(Array.from({ length: before + n }, (_, i) => i + 1));
    for (const [i, x] of answers.entries()) expect(stored[(x.body['seq'] as number) - 1]!.requestId).toBe(`s-${i}`);
    const rolls = stored.filter((e) => e.requestId !== null);
    expect(rolls).toHaveLength(n);
    expect(new Set(rolls.map((e) => e.requestId)).size).toBe(n);
  }, 60_000);
});
