/**
 * A gap-free feed of one table's events: what the bus announces, refilled from the store whenever
 * the bus lost or reordered something (docs/storage.md). The bus is fast but lossy; the store is
 * the truth; the feed delivers each seq exactly once, in order.
 */
import type { EventBus, StoredEvent, TableStore } from '../storage/types.js';

/** Options of a table feed. */
export interface TableFeedOptions {
  /** How often to look in the store for events the bus never announced, ms; 0 turns polling off. Default 2000. */
  readonly pollIntervalMs?: number;
  /** Events per store read while refilling. Default 500. */
  readonly pageSize?: number;
  /** Announced events further ahead than this are not buffered but refilled later. Default 10 000. */
  readonly maxBuffered?: number;
  /** Called with store errors (the next refill retries) and errors thrown by `deliver`. Default: ignore. */
  readonly onError?: (error: unknown) => void;
}

/** A running feed. */
export interface TableFeed {
  /** The seq of the last event delivered. */
  readonly lastSeq: number;
  /** Settles when the first catch-up from the store has finished (or failed, see `onError`). */
  readonly ready: Promise<void>;
  /** Reads the store now; settles when every stored event up to now has been delivered (or a read failed). */
  refill(): Promise<void>;
  /** Stops delivering, unsubscribes and clears the poll timer. Idempotent. */
  stop(): void;
}

/** The default poll interval, ms. */
export const DEFAULT_FEED_POLL_MS = 2_000;

function positiveInteger(value: number, name: string, allowZero: boolean): number {
  if (!Number.isSafeInteger(value) || value < (allowZero ? 0 : 1)) throw new RangeError(`${name} must be an integer >= ${allowZero ? 0 : 1}, got ${value}`);
  return value;
}

/**
 * Delivers the events of `tableId` with seq > `afterSeq` to `deliver`, in seq order, each once,
 * without gaps: first what the store holds, then what the bus announces. A seq that jumps, an
 * `onResync` of the bus, an empty batch from the bus (a subscription just became active) and a
 * slow poll each trigger a refill from `store.readEvents`. Timers are unref'd.
 */
export function createFeed(
  store: Pick<TableStore, 'readEvents'>,
  bus: Pick<EventBus, 'subscribe' | 'onResync'>,
  tableId: string,
  afterSeq: number,
  deliver: (events: readonly StoredEvent[]) => void,
  options: TableFeedOptions = {},
): TableFeed {
  positiveInteger(afterSeq, 'afterSeq', true);
  const pollIntervalMs = positiveInteger(options.pollIntervalMs ?? DEFAULT_FEED_POLL_MS, 'pollIntervalMs', true);
  const pageSize = positiveInteger(options.pageSize ?? 500, 'pageSize', false);
  const maxBuffered = positiveInteger(options.maxBuffered ?? 10_000, 'maxBuffered', false);
  const onError = options.onError ?? ((): void => undefined);

  let delivered = afterSeq;
  /** Announced events beyond `delivered + 1`, waiting for the gap before them to fill. */
  const pending = new Map<number, StoredEvent>();
  let isStopped = false;
  let isRunning = false;
  /** Refill requests are numbered; a request is served by a read that started after it. */
  let requested = 0;
  let served = 0;
  const waiters: { readonly ticket: number; readonly resolve: () => void }[] = [];

  const emit = (events: readonly StoredEvent[]): void => {
    try {
      deliver(events);
    } catch (error) {
      onError(error);
    }
  };

  /** Takes in events (from the bus or the store) and delivers the contiguous run after `delivered`. */
  const accept = (events: readonly StoredEvent[]): void => {
    for (const event of events) {
      if (event.tableId !== tableId || event.seq <= delivered || event.seq > delivered + maxBuffered) continue;
      pending.set(event.seq, event);
    }
    const batch: StoredEvent[] = [];
    for (let next = pending.get(delivered + 1); next !== undefined; next = pending.get(delivered + 1)) {
      pending.delete(next.seq);
      batch.push(next);
      delivered = next.seq;
    }
    if (batch.length > 0 && !isStopped) emit(batch);
  };

  const readAll = async (): Promise<void> => {
    while (!isStopped) {
      const from = delivered;
      const events = await store.readEvents(tableId, from, pageSize);
      if (isStopped) return;
      accept(events);
      // A short page is the end; no progress means the store itself has a gap (checkIntegrity).
      if (events.length < pageSize || delivered === from) return;
    }
  };

  const settle = (upTo: number): void => {
    served = Math.max(served, upTo);
    for (let index = waiters.length - 1; index >= 0; index -= 1) {
      const waiter = waiters[index];
      if (waiter !== undefined && waiter.ticket <= served) {
        waiters.splice(index, 1);
        waiter.resolve();
      }
    }
  };

  const run = async (): Promise<void> => {
    isRunning = true;
    try {
      while (!isStopped && served < requested) {
        const target = requested;
        try {
          await readAll();
        } catch (error) {
          if (!isStopped) onError(error);
          // Serve every request made so far: hammering a store that is down helps no one; the
          // next announcement, resync or poll tries again.
          settle(requested);
          return;
        }
        settle(target);
      }
    } finally {
      isRunning = false;
      if (isStopped) settle(requested);
    }
  };

  const refill = (): Promise<void> => {
    if (isStopped) return Promise.resolve();
    requested += 1;
    const ticket = requested;
    const done = new Promise<void>((resolve) => waiters.push({ ticket, resolve }));
    if (!isRunning) void run();
    return done;
  };

  const unsubscribe = bus.subscribe(tableId, (events) => {
    if (isStopped) return;
    if (events.length === 0) {
      void refill();
      return;
    }
    accept(events);
    // Something announced is still waiting: a seq was skipped (lost or not yet arrived).
    if (pending.size > 0) void refill();
  });
  const unresync = bus.onResync(() => void refill());
  const timer = pollIntervalMs > 0 ? setInterval(() => void refill(), pollIntervalMs) : null;
  timer?.unref();
  const ready = refill();

  return {
    get lastSeq() {
      return delivered;
    },
    ready,
    refill,
    stop() {
      if (isStopped) return;
      isStopped = true;
      if (timer !== null) clearInterval(timer);
      settle(requested);
      unsubscribe();
      unresync();
      pending.clear();
    },
  };
}
