// A live table keeps up with the store through a bus that loses and reorders messages: every watcher
// gets every seq once, in order, refilled from the store (a gap, an empty batch, a refill, the poll).
import { afterEach, describe, expect, it } from 'vitest';
import { scriptedRandom } from '../dice/random.js';
import { createLocalBus } from './bus/local-bus.js';
import { LiveTable, type LiveTableDeps } from './live-table.js';
import { openSqliteStore } from './storage/sqlite-store.js';
import { testEvent, testTable } from './storage/store-contract.js';
import type { EventBus, StoredEvent, TableStore } from './storage/types.js';

/** A bus that loses and reorders messages as told. */
class FlakyBus implements EventBus {
  readonly #listeners = new Map<string, Set<(events: readonly StoredEvent[]) => void>>();
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
      this.sendRaw(event.tableId, [event]);
      // Held messages arrive after a later one: reordering.
      const held = this.#held;
      this.#held = [];
      for (const late of held) this.sendRaw(late.tableId, [late]);
    }
  }
  sendRaw(tableId: string, events: readonly StoredEvent[]): void {
    for (const listener of this.#listeners.get(tableId) ?? []) listener(events);
  }
  subscribe(tableId: string, onEvents: (events: readonly StoredEvent[]) => void): () => void {
    const set = this.#listeners.get(tableId) ?? new Set();
    this.#listeners.set(tableId, set);
    set.add(onEvents);
    return () => set.delete(onEvents);
  }
  onResync(): () => void {
    return () => undefined;
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

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, n) => from + n);
}

let store: TableStore;
const opened: LiveTable[] = [];
afterEach(async () => {
  for (const table of opened.splice(0)) table.close();
  await store.close();
});

/** A stored table `t` (seq 1) and a live table on `bus`, polling only when told; commands are not run here. */
async function open(bus: EventBus, options: Partial<LiveTableDeps> = {}): Promise<LiveTable> {
  store = await openSqliteStore(':memory:');
  await store.createTable(testTable('t'));
  const table = await LiveTable.open('t', {
    store,
    bus,
    rules: () => {
      throw new Error('no commands in these tests');
    },
    rng: scriptedRandom([]),
    now: () => 0,
    pollMs: 3_600_000,
    ...options,
  });
  if (table === null) throw new Error('the table was not stored');
  opened.push(table);
  return table;
}

/** Seqs a watcher receives, in the order of its frames. */
async function watchSeqs(table: LiveTable, since = 0): Promise<number[]> {
  const seqs: number[] = [];
  await table.watch(
    { viewer: { id: 'smith', role: 'smith' }, deliver: (frames) => seqs.push(...frames.map((f) => (JSON.parse(f.toString()) as { seq: number }).seq)) },
    since,
  );
  return seqs;
}

/** Commits `count` events as another process would (past this live table) and announces them. */
async function commitAndPublish(bus: EventBus, count: number): Promise<void> {
  for (let n = 0; n < count; n += 1) {
    const { events } = await store.commit({ tableId: 't', actorId: null, events: [testEvent('invite-changed', { hasInvite: n % 2 === 0 })] });
    await bus.publish(events);
  }
}

describe('LiveTable', () => {
  it('follows the bus when it loses nothing', async () => {
    const bus = createLocalBus();
    const table = await open(bus);
    const seqs = await watchSeqs(table);
    await commitAndPublish(bus, 5);
    expect(seqs).toEqual(range(1, 6));
    expect(table.current.lastSeq).toBe(6);
  });

  it('delivers every seq once, in order, through a bus that drops and reorders', async () => {
    const total = 300;
    // Drops every 7th, holds back every 5th (it arrives after the next one); the last one arrives.
    const bus = new FlakyBus(
      (event) => event.seq % 7 === 0 && event.seq < total + 1,
      (event) => event.seq % 5 === 0 && event.seq < total + 1,
    );
    const table = await open(bus);
    const seqs = await watchSeqs(table);
    await commitAndPublish(bus, total);
    await waitFor(() => seqs.length === total + 1);
    expect(seqs).toEqual(range(1, total + 1));
  });

  it('refills by polling while watched when the bus loses everything', async () => {
    const bus = new FlakyBus(() => true);
    const table = await open(bus, { pollMs: 20 });
    const seqs = await watchSeqs(table);
    await commitAndPublish(bus, 20);
    await waitFor(() => seqs.length === 21);
    expect(seqs).toEqual(range(1, 21));
  });

  it('refills on an empty batch (the subscription became live) and when asked (a resync)', async () => {
    const bus = new FlakyBus(() => true);
    const table = await open(bus);
    const seqs = await watchSeqs(table);
    await commitAndPublish(bus, 5);
    expect(table.current.lastSeq).toBe(1);
    bus.sendRaw('t', []);
    await waitFor(() => table.current.lastSeq === 6);
    await commitAndPublish(bus, 5);
    await table.refill();
    expect(table.current.lastSeq).toBe(11);
    expect(seqs).toEqual(range(1, 11));
  });

  it('stops following the bus when closed', async () => {
    const bus = createLocalBus();
    const table = await open(bus);
    table.close();
    await commitAndPublish(bus, 3);
    expect(table.current.lastSeq).toBe(1);
  });
});
