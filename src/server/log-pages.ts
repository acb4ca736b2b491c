/**
 * Reading a table's log out in pages whose size is bounded in bytes as well as in events, for replay
 * on a socket and for export: a page of 500 small rolls is a few hundred kilobytes, a page of 500
 * character documents could be a hundred megabytes, so the number of events per read follows the
 * size of the events read so far. Between pages the reader gives the event loop a turn, so one long
 * log never holds up another request (docs/protocol.md, Replay and export).
 */
import { LOG_PAGE_SIZE } from './limits.js';
import type { StoredEvent, TableStore } from './storage/types.js';

/** Bytes of projected event frames a replay or export page aims at. */
export const STREAM_PAGE_BYTES = 64 * 1024;
/** Events read by the first page of a replay or export, before the size of the log's events is known. */
export const STREAM_FIRST_PAGE_EVENTS = 16;
/**
 * Bytes a socket may have waiting to be sent while it replays: replay sends more only once the
 * backlog is at most this much, so a fast reader is paced by its own reading, never closed as slow.
 */
export const REPLAY_LOW_WATER_BYTES = 512 * 1024;
/** How often a replay that waits for a socket to drain looks at its backlog, ms. */
export const REPLAY_DRAIN_POLL_MS = 5;
/**
 * How long a socket may read nothing of its backlog before it is closed as too slow (close code
 * SLOW_READER_CLOSE_CODE), ms: during replay and live alike.
 */
export const SLOW_READER_MS = 30_000;
/** Close code of a socket that read too slowly; the client connects again with `since`. */
export const SLOW_READER_CLOSE_CODE = 4013;

/** Readers waiting for their turn to read a page (`yieldTurn`), first come first served. */
const waitingForTurn: (() => void)[] = [];
let isTurning = false;

function nextTurn(): void {
  waitingForTurn.shift()?.();
  if (waitingForTurn.length > 0) setImmediate(nextTurn);
  else isTurning = false;
}

/**
 * Waits for this reader's turn to read its next page. Every reader of a long log in the process
 * (replays, exports, tables being opened) takes turns, one page per turn of the event loop, so that
 * between any two pages the server answers whatever else came in (other tables' commands, health),
 * however many long reads run at once.
 */
export function yieldTurn(): Promise<void> {
  return new Promise((resolve) => {
    waitingForTurn.push(resolve);
    if (!isTurning) {
      isTurning = true;
      setImmediate(nextTurn);
    }
  });
}

/**
 * Successive pages of one table's log after `after`, each bounded by STREAM_PAGE_BYTES (at least one
 * event) and LOG_PAGE_SIZE events. The caller reports each page's bytes (`sized`) so the next read
 * takes as many events as fit.
 */
export class LogPages {
  #limit = STREAM_FIRST_PAGE_EVENTS;
  #after: number;
  #pagesRead = 0;
  #isAtEnd = false;

  constructor(
    private readonly store: TableStore,
    private readonly tableId: string,
    after: number,
    /** The last seq to read (inclusive); undefined reads to the end of the log. */
    private readonly until?: number,
  ) {
    this.#after = after;
  }

  /** The seq of the last event read so far. */
  get after(): number {
    return this.#after;
  }

  /** True once a read came back short: the log had no more events then. */
  get isAtEnd(): boolean {
    return this.#isAtEnd;
  }

  /** The next page: empty once the log (or `until`) is reached. Gives the event loop a turn between pages. */
  async next(): Promise<readonly StoredEvent[]> {
    if (this.until !== undefined && this.#after >= this.until) return [];
    if (this.#pagesRead++ > 0) await yieldTurn();
    const limit = this.until === undefined ? this.#limit : Math.min(this.#limit, this.until - this.#after);
    const page = await this.store.readEvents(this.tableId, this.#after, limit);
    this.#isAtEnd = page.length < limit;
    const last = page[page.length - 1];
    if (last !== undefined) this.#after = last.seq;
    return page;
  }

  /** Tells the pages how many bytes the last page's `events` came to: the next read is sized to fit. */
  sized(events: number, bytes: number): void {
    if (events === 0) return;
    const perEvent = Math.max(1, bytes / events);
    this.#limit = Math.max(1, Math.min(LOG_PAGE_SIZE, Math.floor(STREAM_PAGE_BYTES / perEvent)));
  }
}
