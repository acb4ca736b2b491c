import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../storage/types.js';
import { BusError } from './bus-error.js';
import { createLocalBus } from './local-bus.js';

function event(tableId: string, seq: number): StoredEvent {
  return { tableId, seq, kind: 'e', schemaVersion: 1, at: 1, actorId: null, requestId: null, body: { seq } };
}

describe('createLocalBus', () => {
  it('delivers each table its own events, in order, to every subscriber', async () => {
    const bus = createLocalBus();
    const seen: string[] = [];
    const offA = bus.subscribe('a', (events) => seen.push(`a1:${events.map((e) => e.seq).join(',')}`));
    bus.subscribe('a', (events) => seen.push(`a2:${events.map((e) => e.seq).join(',')}`));
    bus.subscribe('b', (events) => seen.push(`b:${events.map((e) => e.seq).join(',')}`));
    await bus.publish([event('a', 1), event('b', 1), event('a', 2)]);
    expect(seen).toEqual(['a1:1,2', 'a2:1,2', 'b:1']);
    offA();
    offA();
    seen.length = 0;
    await bus.publish([event('a', 3), event('c', 1)]);
    expect(seen).toEqual(['a2:3']);
    await bus.close();
  });

  it('keeps delivering when a subscriber throws', async () => {
    const errors: unknown[] = [];
    const bus = createLocalBus({ onListenerError: (error) => errors.push(error) });
    const seen: number[] = [];
    bus.subscribe('a', () => {
      throw new Error('boom');
    });
    bus.subscribe('a', (events) => seen.push(...events.map((e) => e.seq)));
    await bus.publish([event('a', 1)]);
    expect(seen).toEqual([1]);
    expect(errors).toHaveLength(1);
  });

  it('lets a subscriber unsubscribe while being called', async () => {
    const bus = createLocalBus();
    const seen: number[] = [];
    const off = bus.subscribe('a', (events) => {
      seen.push(...events.map((e) => e.seq));
      off();
    });
    await bus.publish([event('a', 1)]);
    await bus.publish([event('a', 2)]);
    expect(seen).toEqual([1]);
  });

  it('never resyncs and refuses to publish once closed', async () => {
    const bus = createLocalBus();
    const off = bus.onResync(() => {
      throw new Error('never');
    });
    off();
    await bus.close();
    const error: unknown = await bus.publish([event('a', 1)]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BusError);
    expect((error as BusError).code).toBe('bus/closed');
  });
});
