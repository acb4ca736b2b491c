import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../storage/sqlite-store.js';
import { testEvent, testTable } from '../storage/store-contract.js';
import type { EventBus, StoredEvent, TableStore } from '../storage/types.js';
import { createLocalBus } from './local-bus.js';
import { createFeed, type TableFeed } from './table-feed.js';

/** A bus that loses and reorders messages as told, and resyncs on demand. */
class FlakyBus implements EventBus {
  readonly #listeners = new Map<string, Set<(events: readonly StoredEvent[]) => void>>();
  readonly #resync = new Set<() => void>();
  #held: StoredEvent[] = [];
  constructor(
    private readonly isDropped: (event: StoredEvent) => boolean,
    private readonly isHeld: (event: StoredEvent) => boolean = () => false,
  ) {}
  async publish(events: readonly StoredEvent[]): Promise<void> {
    for (const event of events) {
      if (this.isDropped(event)) continue;
      if (this.isHeld(event)) {
        this.#held.push(event);
        continue;
      }
      this.#send([event]);
      // Held messages arrive after a later one: reordering.
      const held = this.#held;
      this.#held = [];
      for (const late of held) this.#send([late]);
    }
  }
  sendRaw(tableId: string, events: readonly StoredEvent[]): void {
    for (const listener of this.#listeners.get(tableId) ?? []) listener(events);
  }
  #send(events: readonly StoredEvent[]): void {
    const [first] = events;
    if (first !== undefined) this.sendRaw(first.tableId, events);
  }
  subscribe(tableId: string, onEvents: (events: readonly StoredEvent[]) => void): () => void {
    const set = this.#listeners.get(tableId) ?? new Set();
    this.#listeners.set(tableId, set);
    set.add(onEvents);
    return () => set.delete(onEvents);
  }
  onResync(listener: () => void): () => void {
    this.#resync.add(listener);
    return () => this.#resync.delete(listener);
  }
  resync(): void {
    for (const listener of this.#resync) listener();
  }
  get subscriberCount(): number {
    return [...this.#listeners.values()].reduce((sum, set) => sum + set.size, 0);
  }
  async close(): Promise<void> {}
}

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

let store: TableStore;
const feeds: TableFeed[] = [];
afterEach(async () => {
  for (const feed of feeds.splice(0)) feed.stop();
  await store.close();
});

async function setup(events = 1): Promise<void> {
  store = await openSqliteStore(':memory:');
  await store.createTable(testTable('t', { events: Array.from({ length: events }, (_, n) => testEvent('initial', { n })) }));
}

async function commitAndPublish(bus: EventBus, count: number): Promise<void> {
  for (let n = 0; n < count; n += 1) {
    const { events } = await store.commit({ tableId: 't', actorId: null, events: [testEvent('e', { n })] });
    await bus.publish(events);
  }
}

function collect(): { seqs: number[]; deliver: (events: readonly StoredEvent[]) => void } {
  const seqs: number[] = [];
  return { seqs, deliver: (events) => seqs.push(...events.map((event) => event.seq)) };
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, n) => from + n);
}

describe('createFeed', () => {
  it('catches up from the store after afterSeq, then follows the bus', async () => {
    await setup(10);
    const bus = createLocalBus();
    const { seqs, deliver } = collect();
    const feed = createFeed(store, bus, 't', 3, deliver, { pollIntervalMs: 0 });
    feeds.push(feed);
    await feed.ready;
    expect(seqs).toEqual(range(4, 10));
    await commitAndPublish(bus, 5);
    expect(seqs).toEqual(range(4, 15));
    expect(feed.lastSeq).toBe(15);
  });

  it('delivers every seq once, in order, through a bus that drops and reorders', async () => {
    await setup();
    const total = 300;
    // Drops every 7th, holds back every 5th (it arrives after the next one); the last one arrives.
    const bus = new FlakyBus(
      (event) => event.seq % 7 === 0 && event.seq < total + 1,
      (event) => event.seq % 5 === 0 && event.seq < total + 1,
    );
    const { seqs, deliver } = collect();
    const feed = createFeed(store, bus, 't', 0, deliver, { pollIntervalMs: 0, pageSize: 16 });
    feeds.push(feed);
    await feed.ready;
    await commitAndPublish(bus, total);
    await waitFor(() => feed.lastSeq === total + 1);
    expect(seqs).toEqual(range(1, total + 1));
  });

  it('refills by polling when the bus loses everything', async () => {
    await setup();
    const bus = new FlakyBus(() => true);
    const { seqs, deliver } = collect();
    const feed = createFeed(store, bus, 't', 0, deliver, { pollIntervalMs: 20 });
    feeds.push(feed);
    await commitAndPublish(bus, 20);
    await waitFor(() => feed.lastSeq === 21);
    expect(seqs).toEqual(range(1, 21));
  });

  it('refills on resync and on an empty batch', async () => {
    await setup();
    const bus = new FlakyBus(() => true);
    const { seqs, deliver } = collect();
    const feed = createFeed(store, bus, 't', 0, deliver, { pollIntervalMs: 0 });
    feeds.push(feed);
    await feed.ready;
    await commitAndPublish(bus, 5);
    expect(feed.lastSeq).toBe(1);
    bus.resync();
    await waitFor(() => feed.lastSeq === 6);
    await commitAndPublish(bus, 5);
    bus.sendRaw('t', []);
    await waitFor(() => feed.lastSeq === 11);
    expect(seqs).toEqual(range(1, 11));
  });

  it('delivers no duplicates when the bus and a slow refill race', async () => {
    await setup();
    const bus = createLocalBus();
    const slowStore: Pick<TableStore, 'readEvents'> = {
      readEvents: async (tableId, afterSeq, limit) => {
        const events = await store.readEvents(tableId, afterSeq, limit);
        await new Promise((resolve) => setTimeout(resolve, 10));
        return events;
      },
    };
    const { seqs, deliver } = collect();
    const feed = createFeed(slowStore, bus, 't', 0, deliver, { pollIntervalMs: 3 });
    feeds.push(feed);
    await commitAndPublish(bus, 50);
    await feed.refill();
    expect(seqs).toEqual(range(1, 51));
  });

  it('reports store errors and recovers on the next refill', async () => {
    await setup(3);
    const errors: unknown[] = [];
    let failures = 2;
    const flakyStore: Pick<TableStore, 'readEvents'> = {
      readEvents: async (tableId, afterSeq, limit) => {
        if (failures > 0) {
          failures -= 1;
          throw new Error('database down');
        }
        return store.readEvents(tableId, afterSeq, limit);
      },
    };
    const { seqs, deliver } = collect();
    const feed = createFeed(flakyStore, new FlakyBus(() => true), 't', 0, deliver, { pollIntervalMs: 10, onError: (error) => errors.push(error) });
    feeds.push(feed);
    await waitFor(() => feed.lastSeq === 3);
    expect(seqs).toEqual([1, 2, 3]);
    expect(errors).toHaveLength(2);
  });

  it('keeps going when deliver throws', async () => {
    await setup();
    const bus = createLocalBus();
    const errors: unknown[] = [];
    const seqs: number[] = [];
    const feed = createFeed(
      store,
      bus,
      't',
      0,
      (events) => {
        seqs.push(...events.map((event) => event.seq));
        throw new Error('socket closed');
      },
      { pollIntervalMs: 0, onError: (error) => errors.push(error) },
    );
    feeds.push(feed);
    await feed.ready;
    await commitAndPublish(bus, 2);
    expect(seqs).toEqual([1, 2, 3]);
    expect(errors).toHaveLength(3);
  });

  it('stops: unsubscribes, no deliveries, no timers', async () => {
    await setup();
    const bus = new FlakyBus(() => false);
    const { seqs, deliver } = collect();
    const feed = createFeed(store, bus, 't', 0, deliver, { pollIntervalMs: 5 });
    await feed.ready;
    expect(bus.subscriberCount).toBe(1);
    feed.stop();
    feed.stop();
    expect(bus.subscriberCount).toBe(0);
    await commitAndPublish(bus, 3);
    bus.resync();
    await new Promise((resolve) => setTimeout(resolve, 30));
    await feed.refill();
    expect(seqs).toEqual([1]);
  });

  it('refuses bad arguments', () => {
    const bus = createLocalBus();
    const reader: Pick<TableStore, 'readEvents'> = { readEvents: async () => [] };
    expect(() => createFeed(reader, bus, 't', -1, () => undefined)).toThrow(RangeError);
    expect(() => createFeed(reader, bus, 't', 0, () => undefined, { pollIntervalMs: -5 })).toThrow(RangeError);
    expect(() => createFeed(reader, bus, 't', 0, () => undefined, { pageSize: 0 })).toThrow(RangeError);
  });
});
