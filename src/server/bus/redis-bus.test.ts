import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { scriptedRandom } from '../../dice/random.js';
import { LiveTable } from '../live-table.js';
import { openSqliteStore } from '../storage/sqlite-store.js';
import { testEvent, testTable } from '../storage/store-contract.js';
import type { EventBus, StoredEvent, TableStore } from '../storage/types.js';
import { BusError } from './bus-error.js';
import { encodeMessages, openRedisBus, type RedisBusOptions } from './redis-bus.js';

const url = process.env['HAMMERCRAWL_TEST_REDIS'] ?? 'redis://127.0.0.1:6379';

async function probe(): Promise<string | null> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 2_000, retryStrategy: () => null, maxRetriesPerRequest: 0 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    client.disconnect();
  }
}

const unreachable = await probe();
const title = unreachable === null ? 'redis bus' : `redis bus (SKIPPED: cannot reach Redis: ${unreachable}; set HAMMERCRAWL_TEST_REDIS)`;

function event(tableId: string, seq: number, body: StoredEvent['body'] = {}): StoredEvent {
  return { tableId, seq, kind: 'e', schemaVersion: 1, at: 1, actorId: null, requestId: null, body };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('encodeMessages', () => {
  it('packs events into messages of bounded size and notes events too large to send', () => {
    const small = Array.from({ length: 10 }, (_, n) => event('t', n + 1, { text: 'x'.repeat(100) }));
    const one = encodeMessages(small, 1_000_000);
    expect(one).toHaveLength(1);
    expect((JSON.parse(one[0] ?? '') as { events: StoredEvent[] }).events).toEqual(small);
    const split = encodeMessages(small, 700);
    expect(split.length).toBeGreaterThan(1);
    for (const message of split) expect(Buffer.byteLength(message)).toBeLessThanOrEqual(700);
    expect(split.flatMap((message) => (JSON.parse(message) as { events: StoredEvent[] }).events)).toEqual(small);
    const big = [event('t', 1), event('t', 2, { text: 'é'.repeat(1000) }), event('t', 3)];
    const withNote = encodeMessages(big, 600).map((message) => JSON.parse(message) as unknown);
    expect(withNote).toEqual([{ v: 1, events: [big[0]] }, { v: 1, resync: true }, { v: 1, events: [big[2]] }]);
  });
});

describe.skipIf(unreachable !== null)(title, () => {
  const prefix = `hc-test-${Math.random().toString(36).slice(2, 10)}:`;
  const opened: EventBus[] = [];
  async function open(options: RedisBusOptions = {}): Promise<EventBus> {
    const bus = await openRedisBus(url, { channelPrefix: prefix, ...options });
    opened.push(bus);
    return bus;
  }
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((bus) => bus.close()));
  });

  /** Subscribes and waits until Redis confirms (the empty batch). */
  async function subscribeLive(bus: EventBus, tableId: string, into: StoredEvent[]): Promise<() => void> {
    let isLive = false;
    const off = bus.subscribe(tableId, (events) => {
      if (events.length === 0) isLive = true;
      into.push(...events);
    });
    await waitFor(() => isLive);
    return off;
  }

  it('carries events between two buses, per table', async () => {
    const a = await open();
    const b = await open();
    const seenA: StoredEvent[] = [];
    const seenB: StoredEvent[] = [];
    const seenOther: StoredEvent[] = [];
    await subscribeLive(a, 't', seenA);
    const offB = await subscribeLive(b, 't', seenB);
    await subscribeLive(b, 'other', seenOther);
    const first = [event('t', 1, { text: 'héllo 🎲', nested: { n: [1, 2.5] } }), event('t', 2)];
    await a.publish(first);
    await waitFor(() => seenA.length === 2 && seenB.length === 2);
    expect(seenB).toEqual(first);
    expect(seenA).toEqual(first);
    await b.publish([event('t', 3), event('other', 1)]);
    await waitFor(() => seenA.length === 3 && seenOther.length === 1);
    offB();
    await a.publish([event('t', 4)]);
    await waitFor(() => seenA.length === 4);
    await sleep(50);
    expect(seenB.map((e) => e.seq)).toEqual([1, 2, 3]);
  });

  it('sends a resync note for an event larger than a message', async () => {
    const a = await open({ maxMessageBytes: 4_096 });
    const b = await open({ maxMessageBytes: 4_096 });
    const seen: StoredEvent[] = [];
    let resyncs = 0;
    b.onResync(() => {
      resyncs += 1;
    });
    await subscribeLive(b, 't', seen);
    await a.publish([event('t', 1), event('t', 2, { text: 'x'.repeat(10_000) }), event('t', 3)]);
    await waitFor(() => resyncs === 1 && seen.length === 2);
    expect(seen.map((e) => e.seq)).toEqual([1, 3]);
  });

  it('resubscribes and resyncs after the subscriber connection is killed', async () => {
    const clientName = `hc-test-${Math.random().toString(36).slice(2, 10)}`;
    const a = await open();
    const b = await open({ clientName, reconnectDelayMs: { min: 100, max: 200 } });
    const seen: StoredEvent[] = [];
    let resyncs = 0;
    b.onResync(() => {
      resyncs += 1;
    });
    await subscribeLive(b, 't', seen);
    await killClient(`${clientName}-sub`);
    await waitFor(() => resyncs >= 1);
    await a.publish([event('t', 1)]);
    await waitFor(() => seen.length === 1);
  });

  /** A live table `t` of `store` following `bus`, refilled on resync as the server does (app.ts). */
  async function follow(store: TableStore, bus: EventBus): Promise<LiveTable> {
    const table = await LiveTable.open('t', {
      store,
      bus,
      rules: () => {
        throw new Error('no commands in these tests');
      },
      rng: scriptedRandom([]),
      now: () => 0,
    });
    if (table === null) throw new Error('the table was not stored');
    bus.onResync(() => void table.refill());
    return table;
  }

  it('loses no event across a subscriber outage: a live table refills on resync', async () => {
    const store = await openSqliteStore(':memory:');
    await store.createTable(testTable('t'));
    const clientName = `hc-test-${Math.random().toString(36).slice(2, 10)}`;
    const a = await open();
    // A slow reconnect: a window of more than a second in which publications are lost.
    const b = await open({ clientName, reconnectDelayMs: { min: 1_500, max: 3_000 } });
    let resyncs = 0;
    b.onResync(() => {
      resyncs += 1;
    });
    const table = await follow(store, b);
    const seqs: number[] = [];
    await table.watch({ viewer: { id: 'smith', role: 'smith' }, deliver: (frames) => seqs.push(...frames.map((f) => (JSON.parse(f.toString()) as { seq: number }).seq)) }, 0);
    const lastSeq = (): number => table.current.lastSeq;
    const commit = async (count: number): Promise<void> => {
      for (let n = 0; n < count; n += 1) {
        const { events } = await store.commit({ tableId: 't', actorId: null, events: [testEvent('invite-changed', { hasInvite: true })] });
        await a.publish(events);
      }
    };
    await commit(5);
    await waitFor(() => lastSeq() === 6);
    await killClient(`${clientName}-sub`);
    await commit(10); // published while b is disconnected: lost by pub/sub
    await sleep(200);
    expect(lastSeq()).toBe(6);
    await waitFor(() => resyncs >= 1);
    await waitFor(() => lastSeq() === 16);
    await commit(3);
    await waitFor(() => lastSeq() === 19);
    expect(seqs).toEqual(Array.from({ length: 19 }, (_, n) => n + 1));
    table.close();
    await store.close();
  });

  it('lets a live table refill a seq the bus never carried', async () => {
    const store = await openSqliteStore(':memory:');
    await store.createTable(testTable('t'));
    const a = await open();
    const b = await open();
    const table = await follow(store, b);
    expect(table.current.lastSeq).toBe(1);
    await store.commit({ tableId: 't', actorId: null, events: [testEvent('invite-changed', { hasInvite: false })] });
    const { events } = await store.commit({ tableId: 't', actorId: null, events: [testEvent('invite-changed', { hasInvite: true })] });
    await a.publish(events);
    await waitFor(() => table.current.lastSeq === 3);
    table.close();
    await store.close();
  });

  it('rejects a publication fast while the publisher reconnects, then publishes again', async () => {
    const clientName = `hc-test-${Math.random().toString(36).slice(2, 10)}`;
    const a = await open({ clientName, reconnectDelayMs: { min: 2_000, max: 3_000 } });
    const b = await open();
    const seen: StoredEvent[] = [];
    await subscribeLive(b, 't', seen);
    await killClient(`${clientName}-pub`);
    // Until the client notices the kill, a publication may still go out (and be lost): try until one fails.
    let error: unknown;
    let elapsed = 0;
    for (let attempt = 0; attempt < 100 && error === undefined; attempt += 1) {
      const started = Date.now();
      error = await a.publish([event('t', 1)]).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      elapsed = Date.now() - started;
      if (error === undefined) await sleep(10);
    }
    expect(error).toBeInstanceOf(BusError);
    expect((error as BusError).code).toBe('bus/unavailable');
    expect(elapsed).toBeLessThan(1_000);
    await waitFor(() => {
      void a.publish([event('t', 2)]).catch(() => undefined);
      return seen.some((e) => e.seq === 2);
    });
  });

  it('fails to open with bus/unavailable, without showing the password', async () => {
    const error: unknown = await openRedisBus('redis://:hunter2secret@127.0.0.1:1', { connectTimeoutMs: 1_000 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BusError);
    expect((error as BusError).code).toBe('bus/unavailable');
    expect((error as BusError).message).not.toContain('hunter2secret');
  });

  it('refuses to publish once closed', async () => {
    const bus = await openRedisBus(url, { channelPrefix: prefix });
    await bus.close();
    await bus.close();
    const error: unknown = await bus.publish([event('t', 1)]).catch((caught: unknown) => caught);
    expect((error as BusError).code).toBe('bus/closed');
  });
});

/** Kills the Redis connection named `name` (only ours: other tests share this Redis). */
async function killClient(name: string): Promise<void> {
  const admin = new Redis(url);
  try {
    const list = String(await admin.client('LIST'));
    const line = list.split('\n').find((entry) => entry.includes(` name=${name} `));
    const id = /(?:^|\s)id=(\d+)/.exec(line ?? '')?.[1];
    if (id === undefined) throw new Error(`no Redis client named ${name}`);
    await admin.client('KILL', 'ID', id);
  } finally {
    admin.disconnect();
  }
}
