// Replay and export stream a long log from the store page by page: a socket replaying is paced by
// its own reading (a fast reader of a log far bigger than the socket backlog loads it whole), the
// event loop gets a turn between pages, a reader that reads nothing is told so and resumes with
// `since`, and an export's first bytes leave before the whole log is read.
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { EVENT_SCHEMA_VERSION } from '../../src/table/events.js';
import { MAX_SOCKET_BACKLOG_BYTES } from '../../src/server/limits.js';
import { SLOW_READER_CLOSE_CODE } from '../../src/server/log-pages.js';
import { openSqliteStore } from '../../src/server/storage/sqlite-store.js';
import type { TableStore } from '../../src/server/storage/types.js';
import { createTable, live, request, startTestServer, type TestServer, type TestTable } from './harness.js';
import { connect } from './ws-client.js';

let server: TestServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

/** A store that counts its `readEvents` calls. */
function countingStore(store: TableStore): { store: TableStore; reads: () => number } {
  let reads = 0;
  const counted = Object.create(store) as TableStore;
  Object.defineProperty(counted, 'readEvents', {
    value: (tableId: string, after: number, limit: number) => {
      reads += 1;
      return store.readEvents(tableId, after, limit);
    },
  });
  for (const name of ['migrate', 'createTable', 'getTable', 'findMember', 'listMembers', 'commit', 'commitBatch', 'checkIntegrity', 'close'] as const) {
    Object.defineProperty(counted, name, { value: (store[name] as (...args: unknown[]) => unknown).bind(store) });
  }
  Object.defineProperty(counted, 'kind', { value: store.kind });
  return { store: counted, reads: () => reads };
}

/** Appends `count` public chat lines of `size` characters to a table the server has not opened yet. */
async function fillLog(store: TableStore, table: TestTable, count: number, size: number): Promise<number> {
  let lastSeq = 0;
  for (let done = 0; done < count; ) {
    const n = Math.min(500, count - done);
    const events = Array.from({ length: n }, (_, i) => ({
      kind: 'chatted',
      schemaVersion: EVENT_SCHEMA_VERSION,
      at: 1_700_000_000_000,
      actorId: table.smithId,
      body: { requestId: `fill-${done + i}`, text: `${done + i} `.padEnd(size, 'x'), visibility: 'public' },
    }));
    const result = await store.commit({ tableId: table.id, actorId: table.smithId, events });
    lastSeq = result.events[result.events.length - 1]!.seq;
    done += n;
  }
  return lastSeq;
}

/** The seqs of event frames a client got, in order. */
function seqsOf(frames: readonly { readonly data: { readonly [key: string]: unknown } }[]): number[] {
  return frames.map((f) => f.data['seq']).filter((s): s is number => typeof s === 'number');
}

describe('replay from the store', () => {
  it('a fast reader loads a table whose replay pages are far bigger than the socket backlog', async () => {
    server = await startTestServer();
    const table = await createTable(server);
    // 48 events of 400 kB: one 500-event page is 19 MB, more than twice the backlog limit.
    const lastSeq = await fillLog(server.store, table, 48, 400_000);
    expect(48 * 400_000).toBeGreaterThan(2 * MAX_SOCKET_BACKLOG_BYTES);
    const client = await live(server, table.id, table.smithToken, 0);
    await client.waitFor((f) => f['kind'] === 'presence', 60_000);
    expect(seqsOf(client.frames)).toEqual(Array.from({ length: lastSeq }, (_, i) => i + 1));
    client.close();
  }, 120_000);

  it('gives the event loop a turn between pages: no stall near the length of the replay', async () => {
    server = await startTestServer();
    const table = await createTable(server);
    const lastSeq = await fillLog(server.store, table, 20_000, 300);
    // A bare socket that counts frames (the test client's matching would cost more than the replay).
    const socket = new WebSocket(`${server.ws}/api/tables/${table.id}/live`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    let events = 0;
    const replayed = new Promise<void>((resolve) =>
      socket.on('message', (data) => {
        const kind = (JSON.parse(data.toString()) as { kind: string }).kind;
        if (kind === 'presence') resolve();
        else if (kind === 'chatted') events += 1;
      }),
    );
    // The longest time between two turns of the event loop while the replay runs.
    let longest = 0;
    let last = performance.now();
    let running = true;
    const tick = (): void => {
      const t = performance.now();
      longest = Math.max(longest, t - last);
      last = t;
      if (running) setImmediate(tick);
    };
    const start = performance.now();
    setImmediate(tick);
    socket.send(JSON.stringify({ kind: 'hello', token: table.smithToken, since: 0 }));
    await replayed;
    running = false;
    const total = performance.now() - start;
    expect(events).toBe(lastSeq - 2);
    // Read in one go, the replay is one stall of most of its length; paged, each stall is one page.
    expect(longest).toBeLessThan(total / 4);
    socket.close();
  }, 120_000);

  it('stops reading the log for a socket that hangs up during its replay', async () => {
    const counting = countingStore(await openSqliteStore(':memory:'));
    server = await startTestServer({ store: counting.store });
    const table = await createTable(server);
    await fillLog(server.store, table, 20_000, 300);
    // One reader loads the table (its folding is read once), then five sockets say hello and hang up.
    const first = await live(server, table.id, table.smithToken, 0);
    await first.waitFor((f) => f['kind'] === 'presence', 120_000);
    const oneReplay = counting.reads();
    first.close();
    const before = counting.reads();
    for (let i = 0; i < 5; i++) {
      const c = await connect(`${server.ws}/api/tables/${table.id}/live`);
      c.send({ kind: 'hello', token: table.smithToken, since: 0 });
      await c.waitFor((f) => f['kind'] === 'welcome');
      c.socket.terminate();
      await c.closed;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Five whole replays would read about five times what one reader's did.
    expect(counting.reads() - before).toBeLessThan(oneReplay);
  }, 120_000);

  it('closes a reader that reads nothing with a documented code and message; it resumes with since', async () => {
    server = await startTestServer({ slowReaderMs: 300 });
    const table = await createTable(server);
    const lastSeq = await fillLog(server.store, table, 80, 400_000);
    const client = await live(server, table.id, table.smithToken, 0);
    // The client stops reading: the kernel's buffers fill, then the server's backlog stays put for
    // longer than slowReaderMs (the pause leaves a busy machine time to fill them).
    client.socket.pause();
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    client.socket.resume();
    const closed = await client.closed;
    expect(closed.code).toBe(SLOW_READER_CLOSE_CODE);
    expect(closed.reason).toMatch(/since/);
    const error = client.frames.find((f) => f.data['kind'] === 'error')?.data;
    expect(error).toMatchObject({ kind: 'error', code: 'socket/too-slow' });
    const got = seqsOf(client.frames);
    expect(got.length).toBeLessThan(lastSeq);
    const again = await live(server, table.id, table.smithToken, got[got.length - 1]!);
    await again.waitFor((f) => f['kind'] === 'presence', 60_000);
    expect([...got, ...seqsOf(again.frames)]).toEqual(Array.from({ length: lastSeq }, (_, i) => i + 1));
    again.close();
  }, 120_000);
});

describe('export', () => {
  it('streams: the first bytes arrive before the whole log is read, and the whole is the same JSON', async () => {
    const counting = countingStore(await openSqliteStore(':memory:'));
    server = await startTestServer({ store: counting.store });
    const table = await createTable(server);
    const lastSeq = await fillLog(server.store, table, 4_000, 5_000);
    // Open the table (fold its log) before counting.
    expect((await request(server, 'GET', `/api/tables/${table.id}`, undefined, table.smithToken)).status).toBe(200);
    const before = counting.reads();
    const res = await fetch(`${server.http}/api/tables/${table.id}/export`, { headers: { authorization: `Bearer ${table.smithToken}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const reader = res.body!.getReader();
    const chunks: Uint8Array[] = [];
    const first = await reader.read();
    const readsAtFirstBytes = counting.reads() - before;
    chunks.push(first.value!);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    const readsInAll = counting.reads() - before;
    expect(readsAtFirstBytes).toBeLessThan(readsInAll / 2);
    const exported = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { [key: string]: unknown; events: { seq: number; kind: string }[] };
    expect(Object.keys(exported)).toEqual(['format', 'schemaVersion', 'table', 'exportedBy', 'members', 'characters', 'events']);
    expect(exported['format']).toBe('hammercrawl-table-export');
    expect(exported.events.map((e) => e.seq)).toEqual(Array.from({ length: lastSeq }, (_, i) => i + 1));
  }, 120_000);

  it('an export of a table with no more than its first events is valid JSON', async () => {
    server = await startTestServer();
    const table = await createTable(server);
    const res = await request(server, 'GET', `/api/tables/${table.id}/export`, undefined, table.smithToken);
    expect(res.status).toBe(200);
    expect((res.body['events'] as { kind: string }[]).map((e) => e.kind)).toEqual(['table-created', 'member-joined']);
  });
});
