/**
 * The event bus between server processes over Redis pub/sub (ioredis): one publisher and one
 * subscriber connection, one channel per table, JSON messages of bounded size (docs/storage.md).
 *
 * Pub/sub is at most once: a message published while a subscriber is reconnecting is lost. So
 * after every reconnect the bus resubscribes, waits for Redis to confirm, and only then calls the
 * `onResync` listeners, which refill from the store (`LiveTable.refill`).
 */
import { Redis } from 'ioredis';
import type { EventBus, StoredEvent } from '../storage/types.js';
import { BusError } from './bus-error.js';
import { groupByTable } from './local-bus.js';

/** Options of the Redis bus. */
export interface RedisBusOptions {
  /** Prefix of every channel name (one deployment, or one test, per prefix). Default `hammercrawl:`. */
  readonly channelPrefix?: string;
  /** The largest message published, bytes (UTF-8). Default 1 MiB. */
  readonly maxMessageBytes?: number;
  /** Reconnect backoff: the first delay and the cap, ms, doubled per attempt with jitter. Default 50..2000. */
  readonly reconnectDelayMs?: { readonly min: number; readonly max: number };
  /** How long connecting may take before failing, ms. Default 10 000. */
  readonly connectTimeoutMs?: number;
  /** Called when a subscriber throws or a message cannot be read. Default: ignore. */
  readonly onListenerError?: (error: unknown) => void;
  /** Redis client name of the two connections (`CLIENT LIST`); `-pub` and `-sub` are appended. */
  readonly clientName?: string;
}

/** The default largest message, bytes. */
export const DEFAULT_MAX_MESSAGE_BYTES = 1024 * 1024;

/** A publication not confirmed by Redis within this time rejects, ms. */
const PUBLISH_TIMEOUT_MS = 5_000;

/** The version of the message format; messages of another version are ignored. */
const MESSAGE_VERSION = 1;

/** A message on a table's channel: events, or a note that some were too large to send. */
type BusMessage = { readonly v: 1; readonly events: readonly StoredEvent[] } | { readonly v: 1; readonly resync: true };

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function isStoredEvent(value: unknown, tableId: string): value is StoredEvent {
  if (typeof value !== 'object' || value === null) return false;
  const event = value as Record<string, unknown>;
  const isNullableString = (field: unknown): boolean => field === null || typeof field === 'string';
  return (
    event['tableId'] === tableId &&
    Number.isSafeInteger(event['seq']) &&
    (event['seq'] as number) >= 1 &&
    typeof event['kind'] === 'string' &&
    Number.isSafeInteger(event['schemaVersion']) &&
    Number.isSafeInteger(event['at']) &&
    isNullableString(event['actorId']) &&
    isNullableString(event['requestId']) &&
    typeof event['body'] === 'object' &&
    event['body'] !== null &&
    !Array.isArray(event['body'])
  );
}

/** Parses a channel message; null when it is not one this version reads. */
function parseMessage(text: string, tableId: string): BusMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const message = value as Record<string, unknown>;
  if (message['v'] !== MESSAGE_VERSION) return null;
  if (message['resync'] === true) return { v: 1, resync: true };
  const events = message['events'];
  if (!Array.isArray(events) || !events.every((event) => isStoredEvent(event, tableId))) return null;
  return { v: 1, events };
}

/**
 * Splits one table's events into messages of at most `maxBytes`; an event too large on its own
 * becomes a resync note (subscribers then read it from the store).
 */
export function encodeMessages(events: readonly StoredEvent[], maxBytes: number): string[] {
  const head = `{"v":${MESSAGE_VERSION},"events":[`;
  const tail = ']}';
  const overhead = Buffer.byteLength(head) + Buffer.byteLength(tail);
  const messages: string[] = [];
  let parts: string[] = [];
  let size = overhead;
  const flush = (): void => {
    if (parts.length > 0) messages.push(`${head}${parts.join(',')}${tail}`);
    parts = [];
    size = overhead;
  };
  for (const event of events) {
    const part = JSON.stringify(event);
    const partSize = Buffer.byteLength(part);
    if (overhead + partSize > maxBytes) {
      flush();
      messages.push(JSON.stringify({ v: MESSAGE_VERSION, resync: true }));
      continue;
    }
    if (size + partSize + (parts.length > 0 ? 1 : 0) > maxBytes) flush();
    size += partSize + (parts.length > 0 ? 1 : 0);
    parts.push(part);
  }
  flush();
  return messages;
}

/**
 * Connects a bus to the Redis at `url` (`redis://[:password@]host:port[/db]`). Rejects with
 * `bus/unavailable` when Redis cannot be reached; error messages never contain the URL.
 */
export async function openRedisBus(url: string, options: RedisBusOptions = {}): Promise<EventBus> {
  const prefix = options.channelPrefix ?? 'hammercrawl:';
  const maxMessageBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  if (!Number.isSafeInteger(maxMessageBytes) || maxMessageBytes < 256) throw new RangeError(`maxMessageBytes must be an integer >= 256, got ${maxMessageBytes}`);
  const { min, max } = options.reconnectDelayMs ?? { min: 50, max: 2_000 };
  if (!(min > 0 && max >= min)) throw new RangeError(`reconnectDelayMs needs 0 < min <= max, got ${min}..${max}`);
  const onListenerError = options.onListenerError ?? ((): void => undefined);

  const connectionOptions = (role: 'pub' | 'sub') => ({
    lazyConnect: true,
    connectTimeout: options.connectTimeoutMs ?? 10_000,
    // TCP keep-alive notices a peer that vanished without closing the connection.
    keepAlive: 10_000,
    // Exponential backoff with jitter, forever: a bus outlives a Redis restart.
    retryStrategy: (attempt: number) => Math.round(Math.min(max, min * 2 ** Math.max(0, attempt - 1)) * (0.75 + Math.random() * 0.25)),
    // Fail fast while disconnected: publishing is best effort, subscriptions are redone on ready.
    // maxRetriesPerRequest 0 rejects the commands in flight when a connection drops (otherwise,
    // with autoResendUnfulfilledCommands off, ioredis would drop them unsettled).
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResubscribe: false,
    autoResendUnfulfilledCommands: false,
    ...(role === 'pub' ? { commandTimeout: PUBLISH_TIMEOUT_MS } : {}),
    ...(options.clientName === undefined ? {} : { connectionName: `${options.clientName}-${role}` }),
  });
  const publisher = new Redis(url, connectionOptions('pub'));
  const subscriber = new Redis(url, connectionOptions('sub'));
  // Errors also arrive as rejected commands and reconnects; without listeners Node would crash.
  publisher.on('error', () => undefined);
  subscriber.on('error', () => undefined);

  const listeners = new Map<string, Set<(events: readonly StoredEvent[]) => void>>();
  const resyncListeners = new Set<() => void>();
  let isClosed = false;
  let isConnected = false;

  const channelOf = (tableId: string): string => `${prefix}table:${tableId}`;
  const tableOf = (channel: string): string | null => (channel.startsWith(`${prefix}table:`) ? channel.slice(prefix.length + 'table:'.length) : null);

  const call = (listener: () => void): void => {
    try {
      listener();
    } catch (error) {
      onListenerError(error);
    }
  };
  const fireResync = (): void => {
    for (const listener of [...resyncListeners]) call(listener);
  };
  const notify = (tableId: string, events: readonly StoredEvent[]): void => {
    for (const listener of [...(listeners.get(tableId) ?? [])]) call(() => listener(events));
  };

  subscriber.on('message', (channel: string, text: string) => {
    const tableId = tableOf(channel);
    if (tableId === null || !listeners.has(tableId)) return;
    if (Buffer.byteLength(text) > maxMessageBytes) {
      onListenerError(new BusError('bus/unavailable', `ignored a message of more than ${maxMessageBytes} bytes on table ${tableId}`));
      fireResync();
      return;
    }
    const message = parseMessage(text, tableId);
    if (message === null) {
      onListenerError(new BusError('bus/unavailable', `ignored an unreadable message on table ${tableId}`));
      return;
    }
    if ('resync' in message) fireResync();
    else notify(tableId, Object.freeze(message.events));
  });

  /** Subscribes to `tableIds`; with `isAnnounced`, tells their subscribers once Redis confirms (an empty batch). */
  const subscribeChannels = (tableIds: readonly string[], isAnnounced: boolean): Promise<void> => {
    if (tableIds.length === 0) return Promise.resolve();
    return subscriber.subscribe(...tableIds.map(channelOf)).then(() => {
      if (isAnnounced) for (const tableId of tableIds) notify(tableId, []);
    });
  };

  /**
   * Subscribes to a table's channel, retrying with backoff while the connection is up (when it is
   * down, the reconnect's resubscription covers it).
   */
  const subscribeNew = (tableId: string, attempt: number): void => {
    subscribeChannels([tableId], true).catch(() => {
      if (isClosed || !listeners.has(tableId) || subscriber.status !== 'ready') return;
      setTimeout(() => {
        if (!isClosed && listeners.has(tableId)) subscribeNew(tableId, attempt + 1);
      }, Math.min(max, min * 2 ** attempt)).unref();
    });
  };

  /**
   * After a reconnect the new connection has no subscriptions: redo them, then resync (which
   * refills every table, so no empty batches on top). Retries while the connection stays up; when
   * it drops again, the next 'ready' starts over.
   */
  const resubscribeAll = (attempt: number): void => {
    subscribeChannels([...listeners.keys()], false).then(
      () => fireResync(),
      () => {
        if (isClosed || subscriber.status !== 'ready') return;
        setTimeout(() => {
          if (!isClosed && subscriber.status === 'ready') resubscribeAll(attempt + 1);
        }, Math.min(max, min * 2 ** attempt)).unref();
      },
    );
  };

  subscriber.on('ready', () => {
    if (!isConnected) {
      isConnected = true;
      return;
    }
    resubscribeAll(0);
  });

  const disconnect = (): void => {
    publisher.disconnect();
    subscriber.disconnect();
  };
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
  } catch (error) {
    disconnect();
    throw new BusError('bus/unavailable', `cannot connect to Redis: ${describe(error)}`, { cause: error });
  }
  isConnected = true;

  return {
    async publish(events) {
      if (isClosed) throw new BusError('bus/closed', 'the bus is closed');
      const sends: Promise<number>[] = [];
      for (const [tableId, group] of groupByTable(events)) {
        for (const message of encodeMessages(group, maxMessageBytes)) sends.push(publisher.publish(channelOf(tableId), message));
      }
      try {
        await Promise.all(sends);
      } catch (error) {
        throw new BusError('bus/unavailable', `cannot publish to Redis: ${describe(error)}`, { cause: error });
      }
    },
    subscribe(tableId, onEvents) {
      if (isClosed) throw new BusError('bus/closed', 'the bus is closed');
      const listener = (events: readonly StoredEvent[]): void => onEvents(events);
      let set = listeners.get(tableId);
      if (set === undefined) {
        set = new Set();
        listeners.set(tableId, set);
        subscribeNew(tableId, 0);
      } else {
        // Already live: tell the new subscriber so it can refill now.
        queueMicrotask(() => {
          if (listeners.get(tableId)?.has(listener) === true) call(() => listener([]));
        });
      }
      set.add(listener);
      return () => {
        const current = listeners.get(tableId);
        if (current === undefined || !current.delete(listener) || current.size > 0) return;
        listeners.delete(tableId);
        if (!isClosed) subscriber.unsubscribe(channelOf(tableId)).catch(() => undefined);
      };
    },
    onResync(listener) {
      const own = (): void => listener();
      resyncListeners.add(own);
      return () => {
        resyncListeners.delete(own);
      };
    },
    async close() {
      if (isClosed) return;
      isClosed = true;
      listeners.clear();
      resyncListeners.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
      disconnect();
    },
  };
}
