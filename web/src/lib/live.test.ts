import { describe, expect, it } from 'vitest';
import { LiveConnection, backoffMs, liveUrl, CommandError, type SocketLike, type LiveStatus } from './live.js';
import type { TableEvent, Welcome } from './protocol.js';
import { DEFAULT_RULESET } from '../../../src/rules/catalogue.js';

class FakeSocket implements SocketLike {
  sent: unknown[] = [];
  closed = false;
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.closed = true;
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

const WELCOME: Welcome = {
  kind: 'welcome',
  tableId: 't1',
  you: { id: 'm1', name: 'Ann', role: 'player' },
  table: { name: 'Keep', ruleset: DEFAULT_RULESET, settings: {} },
  members: [],
  lastSeq: 3,
};

function setup() {
  const sockets: FakeSocket[] = [];
  const timers: (() => void)[] = [];
  const events: TableEvent[] = [];
  const statuses: LiveStatus[] = [];
  let lastSeq = 0;
  let n = 0;
  const conn = new LiveConnection({
    url: 'ws://x/api/tables/t1/live',
    token: 'tok',
    makeSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    lastSeq: () => lastSeq,
    onWelcome: () => {},
    onEvent: (e) => {
      events.push(e);
      lastSeq = e.seq;
    },
    onStatus: (s) => statuses.push(s),
    setTimer: (f) => timers.push(f),
    clearTimer: () => {},
    newId: () => `req${++n}`,
  });
  return { conn, sockets, timers, events, statuses };
}

describe('live connection', () => {
  it('says hello with the last seq, then takes events', () => {
    const { conn, sockets, events, statuses } = setup();
    conn.start();
    sockets[0]!.onopen?.({});
    expect(sockets[0]!.sent[0]).toEqual({ kind: 'hello', token: 'tok', since: 0 });
    sockets[0]!.receive(WELCOME);
    sockets[0]!.receive({ kind: 'rolled', seq: 4, at: 1, by: 'm1', notation: '1d20', total: 5, visibility: 'public' });
    expect(events.map((e) => e.seq)).toEqual([4]);
    expect(statuses).toContain('live');
  });

  it('resolves a command on its ack and rejects it on its error', async () => {
    const { conn, sockets } = setup();
    conn.start();
    sockets[0]!.onopen?.({});
    sockets[0]!.receive(WELCOME);
    const p = conn.send({ kind: 'roll', notation: '1d20', visibility: 'public' });
    expect(sockets[0]!.sent[1]).toEqual({ kind: 'roll', notation: '1d20', visibility: 'public', requestId: 'req1' });
    sockets[0]!.receive({ kind: 'ack', requestId: 'req1', seq: 9 });
    await expect(p).resolves.toEqual({ kind: 'ack', requestId: 'req1', seq: 9 });
    const q = conn.send({ kind: 'roll', notation: 'x', visibility: 'public' });
    sockets[0]!.receive({ kind: 'error', requestId: 'req2', code: 'dice/notation', message: 'bad' });
    await expect(q).rejects.toBeInstanceOf(CommandError);
    const saved = conn.send({ kind: 'character-save', character: { name: 'Brak' } });
    sockets[0]!.receive({ kind: 'ack', requestId: 'req3', seq: 10, characterId: 'ch2' });
    await expect(saved).resolves.toEqual({ kind: 'ack', requestId: 'req3', seq: 10, characterId: 'ch2' });
    expect(conn.pendingCount).toBe(0);
  });

  it('reconnects with backoff, resumes from the last seq and resends unacknowledged commands with the same id', async () => {
    const { conn, sockets, timers } = setup();
    conn.start();
    sockets[0]!.onopen?.({});
    sockets[0]!.receive(WELCOME);
    sockets[0]!.receive({ kind: 'rolled', seq: 7, at: 1, by: null, visibility: 'public' });
    const p = conn.send({ kind: 'roll', notation: '1d6', visibility: 'smith' });
    sockets[0]!.onclose?.({ code: 1006 });
    expect(conn.status).toBe('reconnecting');
    expect(timers).toHaveLength(1);
    timers[0]!();
    sockets[1]!.onopen?.({});
    expect(sockets[1]!.sent[0]).toEqual({ kind: 'hello', token: 'tok', since: 7 });
    sockets[1]!.receive(WELCOME);
    expect(sockets[1]!.sent[1]).toEqual({ kind: 'roll', notation: '1d6', visibility: 'smith', requestId: 'req1' });
    sockets[1]!.receive({ kind: 'ack', requestId: 'req1', seq: 8 });
    await expect(p).resolves.toMatchObject({ seq: 8 });
  });

  it('queues commands sent before the welcome', () => {
    const { conn, sockets } = setup();
    conn.start();
    void conn.send({ kind: 'roll', notation: '1d4', visibility: 'public' });
    sockets[0]!.onopen?.({});
    expect(sockets[0]!.sent).toHaveLength(1);
    sockets[0]!.receive(WELCOME);
    expect(sockets[0]!.sent).toHaveLength(2);
  });

  it('stops on a bad token', () => {
    const { conn, sockets, timers } = setup();
    conn.start();
    sockets[0]!.onopen?.({});
    sockets[0]!.receive({ kind: 'error', code: 'auth/bad-token' });
    sockets[0]!.onclose?.({ code: 4401 });
    expect(conn.status).toBe('unauthorized');
    expect(timers).toHaveLength(0);
  });

  it('ignores frames that are not JSON objects', () => {
    const { conn, sockets, events } = setup();
    conn.start();
    sockets[0]!.onmessage?.({ data: 'nope' });
    sockets[0]!.onmessage?.({ data: '[1]' });
    expect(events).toHaveLength(0);
  });

  it('backs off from 0.5 s to 10 s and builds the socket address', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(backoffMs)).toEqual([500, 1000, 2000, 4000, 8000, 10000, 10000]);
    expect(liveUrl({ protocol: 'http:', host: '127.0.0.1:8080' }, 'a b')).toBe('ws://127.0.0.1:8080/api/tables/a%20b/live');
    expect(liveUrl({ protocol: 'https:', host: 'x.org' }, 't')).toBe('wss://x.org/api/tables/t/live');
  });
});
