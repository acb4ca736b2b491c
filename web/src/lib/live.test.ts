import { describe, expect, it } from 'vitest';
import { LiveConnection, backoffMs, liveUrl, readPresence, CommandError, type SocketLike, type LiveStatus, type UnauthorizedReason } from './live.js';
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
  const presence: (readonly string[])[] = [];
  const reasons: UnauthorizedReason[] = [];
  const errors: string[] = [];
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
    onPresence: (online) => presence.push(online),
    onUnauthorized: (reason) => reasons.push(reason),
    onError: (e) => errors.push(e.code),
    setTimer: (f) => timers.push(f),
    clearTimer: () => {},
    newId: () => `req${++n}`,
  });
  return { conn, sockets, timers, events, statuses, presence, reasons, errors };
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

  it('hands on who is online from each presence frame; a presence frame is no event', () => {
    const { conn, sockets, events, presence } = setup();
    conn.start();
    sockets[0]!.onopen?.({});
    sockets[0]!.receive(WELCOME);
    sockets[0]!.receive({ kind: 'presence', online: ['m1', 's1'] });
    sockets[0]!.receive({ kind: 'presence', online: ['m1'] });
    // A malformed one is dropped.
    sockets[0]!.receive({ kind: 'presence', online: 'm1' });
    sockets[0]!.receive({ kind: 'presence', online: [1] });
    expect(presence).toEqual([['m1', 's1'], ['m1']]);
    expect(events).toEqual([]);
    expect(readPresence({ kind: 'presence', online: [] } as never)).toEqual([]);
    expect(readPresence({ kind: 'rolled' })).toBeNull();
  });

  it.each([
    ['auth/removed', 'removed'],
    ['auth/seat-renewed', 'renewed'],
    ['auth/bad-token', 'unknown'],
  ] as const)('%s: unauthorized for the reason %s, once, and no reconnect after the close', (code, reason) => {
    const { conn, sockets, timers, statuses, reasons, errors } = setup();
    conn.start();
    sockets[0]!.onopen?.({});
    sockets[0]!.receive(WELCOME);
    sockets[0]!.receive({ kind: 'member-removed', seq: 4, at: 1, by: 's1', memberId: 'm1' });
    sockets[0]!.receive({ kind: 'error', code, message: 'gone' });
    sockets[0]!.onclose?.({ code: 4401 });
    expect(conn.status).toBe('unauthorized');
    expect(conn.unauthorizedReason).toBe(reason);
    expect(reasons).toEqual([reason]);
    expect(statuses.filter((s) => s === 'unauthorized')).toHaveLength(1);
    expect(errors).toEqual([]);
    expect(timers).toHaveLength(0);
  });

  it('a 4401 close without an error frame is an unknown token', () => {
    const { conn, sockets, reasons } = setup();
    conn.start();
    sockets[0]!.onopen?.({});
    sockets[0]!.onclose?.({ code: 4401 });
    expect(conn.status).toBe('unauthorized');
    expect(reasons).toEqual(['unknown']);
  });

  it("a command refused because its sender was removed is rejected with the server's code", async () => {
    const { conn, sockets } = setup();
    conn.start();
    sockets[0]!.onopen?.({});
    sockets[0]!.receive(WELCOME);
    const p = conn.send({ kind: 'chat', text: 'hello?' });
    sockets[0]!.receive({ kind: 'error', requestId: 'req1', code: 'auth/removed', message: 'removed' });
    await expect(p).rejects.toMatchObject({ code: 'auth/removed' });
  });

  it('reconnects with a new token: the old socket is dropped, unacknowledged commands go again after the welcome', async () => {
    const { conn, sockets, statuses } = setup();
    conn.start();
    sockets[0]!.onopen?.({});
    sockets[0]!.receive(WELCOME);
    const p = conn.send({ kind: 'chat', text: 'still here' });
    // The server closes the old token's socket (the seat was renewed from this device).
    sockets[0]!.receive({ kind: 'error', code: 'auth/seat-renewed', message: 'renewed' });
    expect(conn.status).toBe('unauthorized');
    conn.reconnect('tok2');
    expect(conn.status).toBe('connecting');
    expect(conn.unauthorizedReason).toBeNull();
    expect(sockets[0]!.closed).toBe(true);
    // Late frames and the close of the old socket change nothing.
    sockets[0]!.receive({ kind: 'error', code: 'auth/bad-token' });
    sockets[0]!.onclose?.({ code: 4401 });
    expect(conn.status).toBe('connecting');
    sockets[1]!.onopen?.({});
    expect(sockets[1]!.sent[0]).toEqual({ kind: 'hello', token: 'tok2', since: 0 });
    sockets[1]!.receive(WELCOME);
    expect(sockets[1]!.sent[1]).toEqual({ kind: 'chat', text: 'still here', requestId: 'req1' });
    sockets[1]!.receive({ kind: 'ack', requestId: 'req1', seq: 5 });
    await expect(p).resolves.toMatchObject({ seq: 5 });
    expect(statuses.at(-1)).toBe('live');
  });

  it('reconnects with a new token while live: the old socket closes without a reconnect of its own', () => {
    const { conn, sockets, timers } = setup();
    conn.start();
    sockets[0]!.onopen?.({});
    sockets[0]!.receive(WELCOME);
    conn.reconnect('tok2');
    expect(sockets).toHaveLength(2);
    expect(timers).toHaveLength(0);
    sockets[1]!.onopen?.({});
    expect(sockets[1]!.sent[0]).toMatchObject({ kind: 'hello', token: 'tok2' });
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
