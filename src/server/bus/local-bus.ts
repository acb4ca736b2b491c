/**
 * The in-process event bus: one server process, no loss, no reordering (docs/storage.md).
 */
import type { EventBus, StoredEvent } from '../storage/types.js';
import { BusError } from './bus-error.js';

/** Options of the local bus. */
export interface LocalBusOptions {
  /** Called when a subscriber throws; the other subscribers still get the events. Default: ignore. */
  readonly onListenerError?: (error: unknown) => void;
}

/** Groups events by table, keeping their order. */
export function groupByTable(events: readonly StoredEvent[]): Map<string, StoredEvent[]> {
  const groups = new Map<string, StoredEvent[]>();
  for (const event of events) {
    const group = groups.get(event.tableId);
    if (group === undefined) groups.set(event.tableId, [event]);
    else group.push(event);
  }
  return groups;
}

/** A bus for one process: `publish` calls the table's subscribers before it resolves. */
export function createLocalBus(options: LocalBusOptions = {}): EventBus {
  const subscribers = new Map<string, Set<(events: readonly StoredEvent[]) => void>>();
  let isClosed = false;

  const notify = (listener: (events: readonly StoredEvent[]) => void, events: readonly StoredEvent[]): void => {
    try {
      listener(events);
    } catch (error) {
      options.onListenerError?.(error);
    }
  };

  return {
    async publish(events) {
      if (isClosed) throw new BusError('bus/closed', 'the bus is closed');
      for (const [tableId, group] of groupByTable(events)) {
        const listeners = subscribers.get(tableId);
        if (listeners === undefined) continue;
        const batch: readonly StoredEvent[] = Object.freeze([...group]);
        for (const listener of [...listeners]) notify(listener, batch);
      }
    },
    subscribe(tableId, onEvents) {
      // A fresh function per subscription, so subscribing one callback twice gets two subscriptions.
      const listener = (events: readonly StoredEvent[]): void => onEvents(events);
      let listeners = subscribers.get(tableId);
      if (listeners === undefined) {
        listeners = new Set();
        subscribers.set(tableId, listeners);
      }
      listeners.add(listener);
      return () => {
        const current = subscribers.get(tableId);
        if (current === undefined) return;
        current.delete(listener);
        if (current.size === 0) subscribers.delete(tableId);
      };
    },
    onResync() {
      // Nothing is ever lost in process, so there is nothing to resync.
      return () => undefined;
    },
    async close() {
      isClosed = true;
      subscribers.clear();
    },
  };
}
