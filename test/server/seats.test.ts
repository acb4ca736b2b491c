// Seats at the real server: renewed (the old token opens nothing, on any device), removed, renamed, one
// name per member at joins, the join page's token-less summary, presence, whispers over the wire, chat's
// rate; and a renewal or a removal reaching a second process on PostgreSQL + Redis.
import pg from 'pg';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRedisBus } from '../../src/server/bus/redis-bus.js';
import { openPostgresStore } from '../../src/server/storage/postgres-store.js';
import { createTable, join, live, request, startTestServer, type TestServer, type TestTable } from './harness.js';
import type { TestClient } from './ws-client.js';
import { Api, ApiError } from '../../web/src/lib/api.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

let counter = 0;
const rid = (): string => `s${++counter}`;

/** Sends a command and waits for its ack or error. */
async function answer(client: TestClient, message: { readonly [key: string]: unknown }): Promise<{ readonly [key: string]: unknown }> {
  const requestId = rid();
  const mark = client.frames.length;
  client.send({ ...message, requestId });
  return client.waitFor((f) => (f['kind'] === 'ack' || f['kind'] === 'error') && f['requestId'] === requestId, 5000, mark);
}

/** A table with the Smith, Ada and Bob (players) and Olive (observer). */
async function seatedTable(): Promise<{ table: TestTable; ada: { id: string; token: string }; bob: { id: string; token: string }; olive: { id: string; token: string } }> {
  const table = await createTable(server, 'The Ash Crypt');
  const ada = await join(server, table, 'Ada');
  const bob = await join(server, table, 'Bob');
  const olive = await join(server, table, 'Olive', 'observer');
  return { table, ada, bob, olive };
}

describe('renewing a seat', () => {
  it("one's own seat: a new token, the old one refused at once by HTTP and sockets; every open socket of the seat closed with 4401", async () => {
    const { table, ada } = await seatedTable();
    const phone = await live(server, table.id, ada.token);
    const laptop = await live(server, table.id, ada.token);
    const smith = await live(server, table.id, table.smithToken);
    const renewed = await request(server, 'POST', `/api/tables/${table.id}/seat`, {}, ada.token);
    expect(renewed.status).toBe(200);
    expect(Object.keys(renewed.body).sort()).toEqual(['memberId', 'token']);
    expect(renewed.body['memberId']).toBe(ada.id);
    const token = renewed.body['token'] as string;
    expect(Buffer.from(token, 'base64url').length).toBe(32);
    expect(token).not.toBe(ada.token);
    for (const device of [phone, laptop]) {
      const event = await device.waitFor((f) => f['kind'] === 'seat-renewed');
      expect(event).toMatchObject({ memberId: ada.id, by: ada.id });
      const error = await device.waitFor((f) => f['kind'] === 'error');
      expect(error).toMatchObject({ code: 'auth/seat-renewed', message: expect.stringContaining('new seat link') });
      expect(device.frames.findIndex((f) => f.data['kind'] === 'error')).toBeGreaterThan(device.frames.findIndex((f) => f.data['kind'] === 'seat-renewed'));
      expect((await device.closed).code).toBe(4401);
    }
    // The Smith's socket stays open and sees the renewal.
    await smith.waitFor((f) => f['kind'] === 'seat-renewed' && f['memberId'] === ada.id);
    expect(smith.socket.readyState).toBe(smith.socket.OPEN);
    const old = await request(server, 'GET', `/api/tables/${table.id}`, undefined, ada.token);
    expect(old.status).toBe(401);
    expect(old.body['error']).toMatchObject({ code: 'auth/bad-token' });
    const again = await live(server, table.id, ada.token);
    expect(again.frames.at(-1)!.data).toMatchObject({ kind: 'error', code: 'auth/bad-token' });
    expect((await again.closed).code).toBe(4401);
    const fresh = await request(server, 'GET', `/api/tables/${table.id}`, undefined, token);
    expect(fresh.status).toBe(200);
    expect(fresh.body['you']).toEqual({ id: ada.id, name: 'Ada', role: 'player' });
    const back = await live(server, table.id, token);
    expect(back.frames[0]!.data).toMatchObject({ kind: 'welcome', you: { id: ada.id } });
    back.close();
    smith.close();
  });

  it("the Smith gives a player's seat a new link; the player's old token stops; the Smith's own renews too", async () => {
    const { table, ada, bob } = await seatedTable();
    const adaSocket = await live(server, table.id, ada.token);
    const bobSocket = await live(server, table.id, bob.token);
    const renewed = await request(server, 'POST', `/api/tables/${table.id}/seat`, { memberId: ada.id }, table.smithToken);
    expect(renewed.status).toBe(200);
    expect(renewed.body['memberId']).toBe(ada.id);
    expect((await adaSocket.closed).code).toBe(4401);
    await bobSocket.waitFor((f) => f['kind'] === 'seat-renewed');
    expect(bobSocket.socket.readyState).toBe(bobSocket.socket.OPEN);
    expect((await request(server, 'GET', `/api/tables/${table.id}`, undefined, ada.token)).status).toBe(401);
    expect((await request(server, 'GET', `/api/tables/${table.id}`, undefined, renewed.body['token'] as string)).body['you']).toMatchObject({ id: ada.id });
    // The Smith's own seat, with the Smith's id named.
    const own = await request(server, 'POST', `/api/tables/${table.id}/seat`, { memberId: table.smithId }, table.smithToken);
    expect(own.status).toBe(200);
    expect((await request(server, 'GET', `/api/tables/${table.id}`, undefined, table.smithToken)).status).toBe(401);
    const smith = await request(server, 'GET', `/api/tables/${table.id}`, undefined, own.body['token'] as string);
    expect(smith.body).toMatchObject({ you: { id: table.smithId, role: 'smith' }, inviteCode: table.inviteCode });
    bobSocket.close();
  });

  it("refused: a player renewing another's seat (403), no member or a removed one (404), no token (401), a bad body (400)", async () => {
    const { table, ada, bob, olive } = await seatedTable();
    const path = `/api/tables/${table.id}/seat`;
    const forbidden = await request(server, 'POST', path, { memberId: bob.id }, ada.token);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body['error']).toMatchObject({ code: 'auth/forbidden' });
    expect((await request(server, 'POST', path, { memberId: ada.id }, olive.token)).status).toBe(403);
    expect((await request(server, 'POST', path, { memberId: 'nobody' }, table.smithToken)).body['error']).toMatchObject({ code: 'member/no-such-member' });
    const smith = await live(server, table.id, table.smithToken);
    expect(await answer(smith, { kind: 'member-remove', memberId: bob.id })).toMatchObject({ kind: 'ack' });
    const removed = await request(server, 'POST', path, { memberId: bob.id }, table.smithToken);
    expect(removed.status).toBe(404);
    expect((await request(server, 'POST', path, {})).status).toBe(401);
    expect((await request(server, 'POST', path, { memberId: 7 }, ada.token)).status).toBe(400);
    // Bob's own token still does not renew a seat: he is no longer at the table.
    expect((await request(server, 'POST', path, {}, bob.token)).body['error']).toMatchObject({ code: 'auth/removed' });
    // Nothing of this renewed anything: Ada's token still works.
    expect((await request(server, 'GET', `/api/tables/${table.id}`, undefined, ada.token)).status).toBe(200);
    smith.close();
  });
});

describe('removing a member', () => {
  it('the removed member gets the event, then auth/removed and 4401; their token opens nothing after; they may join again', async () => {
    const { table, bob } = await seatedTable();
    const bobSocket = await live(server, table.id, bob.token);
    const smith = await live(server, table.id, table.smithToken);
    await bobSocket.waitFor((f) => f['kind'] === 'presence' && (f['online'] as string[]).includes(table.smithId));
    expect(await answer(smith, { kind: 'member-remove', memberId: bob.id })).toMatchObject({ kind: 'ack' });
    await bobSocket.waitFor((f) => f['kind'] === 'member-removed' && f['memberId'] === bob.id);
    expect(await bobSocket.waitFor((f) => f['kind'] === 'error')).toMatchObject({ code: 'auth/removed', message: expect.stringContaining('removed you') });
    expect((await bobSocket.closed).code).toBe(4401);
    // The Smith's presence no longer lists him.
    await smith.waitFor((f) => f['kind'] === 'presence' && !(f['online'] as string[]).includes(bob.id));
    for (const [method, path, body] of [
      ['GET', `/api/tables/${table.id}`, undefined],
      ['GET', `/api/tables/${table.id}/log?since=0`, undefined],
      ['GET', `/api/tables/${table.id}/export`, undefined],
      ['POST', `/api/tables/${table.id}/rolls`, { requestId: rid(), notation: 'd6', visibility: 'public' }],
      ['POST', `/api/tables/${table.id}/seat`, {}],
    ] as const) {
      const res = await request(server, method, path, body, bob.token);
      expect(res.status, path).toBe(401);
      expect(res.body['error'], path).toMatchObject({ code: 'auth/removed' });
    }
    const hello = await live(server, table.id, bob.token);
    expect(hello.frames[0]!.data).toMatchObject({ kind: 'error', code: 'auth/removed' });
    expect((await hello.closed).code).toBe(4401);
    const info = await request(server, 'GET', `/api/tables/${table.id}`, undefined, table.smithToken);
    expect((info.body['members'] as { id: string }[]).map((m) => m.id)).not.toContain(bob.id);
    // His name is free: he joins again as a new member.
    const back = await join(server, table, 'Bob');
    expect(back.id).not.toBe(bob.id);
    smith.close();
  });

  it("a removed member's command waiting in the table's queue is refused", async () => {
    const { table, ada } = await seatedTable();
    const smith = await live(server, table.id, table.smithToken);
    const adaSocket = await live(server, table.id, ada.token);
    // Both sent at once: the removal first, Ada's roll right behind it.
    const requestId = rid();
    smith.send({ kind: 'member-remove', requestId: rid(), memberId: ada.id });
    adaSocket.send({ kind: 'roll', requestId, notation: 'd6', visibility: 'public' });
    const closed = await adaSocket.closed;
    expect(closed.code).toBe(4401);
    const log = await request(server, 'GET', `/api/tables/${table.id}/log?since=0`, undefined, table.smithToken);
    const events = log.body['events'] as { kind: string; by: string | null; seq: number }[];
    const removedAt = events.find((e) => e.kind === 'member-removed')!.seq;
    expect(events.filter((e) => e.by === ada.id && e.seq > removedAt)).toEqual([]);
    smith.close();
  });
});

describe('names', () => {
  it('a rename shows in the welcome and in GET /api/tables/:id', async () => {
    const { table, ada } = await seatedTable();
    const adaSocket = await live(server, table.id, ada.token);
    expect(await answer(adaSocket, { kind: 'member-rename', memberId: ada.id, name: 'Ada the Bold' })).toMatchObject({ kind: 'ack' });
    adaSocket.close();
    const again = await live(server, table.id, ada.token);
    expect(again.frames[0]!.data).toMatchObject({ kind: 'welcome', you: { id: ada.id, name: 'Ada the Bold', role: 'player' } });
    expect((again.frames[0]!.data['members'] as { id: string; name: string }[]).find((m) => m.id === ada.id)?.name).toBe('Ada the Bold');
    again.close();
    const smith = await live(server, table.id, table.smithToken);
    expect(await answer(smith, { kind: 'member-rename', memberId: ada.id, name: 'Adelheid' })).toMatchObject({ kind: 'ack' });
    const info = await request(server, 'GET', `/api/tables/${table.id}`, undefined, ada.token);
    expect(info.body['you']).toEqual({ id: ada.id, name: 'Adelheid', role: 'player' });
    expect((info.body['members'] as { id: string; name: string }[]).find((m) => m.id === ada.id)?.name).toBe('Adelheid');
    const exported = await request(server, 'GET', `/api/tables/${table.id}/export`, undefined, ada.token);
    expect(exported.body['exportedBy']).toEqual({ id: ada.id, name: 'Adelheid', role: 'player' });
    smith.close();
  });

  it('a join with a name taken at the table is 409 member/name-taken, whatever its case, spaces or composition', async () => {
    const { table } = await seatedTable();
    const path = `/api/tables/${table.id}/players`;
    for (const name of ['Ada', 'ada', ' ADA ', 'Smith', 'smith']) {
      const res = await request(server, 'POST', path, { inviteCode: table.inviteCode, name });
      expect(res.status, name).toBe(409);
      expect(res.body['error'], name).toMatchObject({ code: 'member/name-taken', message: expect.stringContaining('choose another name') });
    }
    expect((await request(server, 'POST', path, { inviteCode: table.inviteCode, name: 'Jos\u00e9' })).status).toBe(201);
    expect((await request(server, 'POST', path, { inviteCode: table.inviteCode, name: 'Jose\u0301', role: 'observer' })).status).toBe(409);
    const broken = await request(server, 'POST', path, { inviteCode: table.inviteCode, name: 'Eve \uD83C' });
    expect(broken.status).toBe(400);
    expect(broken.body['error']).toMatchObject({ code: 'member/bad-name' });
    // The invite is checked first: a wrong code is 403 whatever the name.
    expect((await request(server, 'POST', path, { inviteCode: 'wrong', name: 'Ada' })).status).toBe(403);
  });

  it('two joins at once with one name: one seat, one 409', async () => {
    const { table } = await seatedTable();
    const path = `/api/tables/${table.id}/players`;
    for (const [a, b] of [
      ['Cleo', 'Cleo'],
      ['Dora', ' dora '],
    ]) {
      const results = await Promise.all([a, b].map((name) => request(server, 'POST', path, { inviteCode: table.inviteCode, name })));
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    }
    const info = await request(server, 'GET', `/api/tables/${table.id}`, undefined, table.smithToken);
    const names = (info.body['members'] as { name: string }[]).map((m) => m.name.trim().toLowerCase());
    expect(names.filter((n) => n === 'cleo')).toHaveLength(1);
    expect(names.filter((n) => n === 'dora')).toHaveLength(1);
  });

  it("the Smith's name at a new table is read the same way", async () => {
    const bad = await request(server, 'POST', '/api/tables', { name: 'T', ruleset: 'hammercrawl', smithName: 'Mora\uD83C' });
    expect(bad.status).toBe(400);
    expect(bad.body['error']).toMatchObject({ code: 'member/bad-name' });
    const control = await request(server, 'POST', '/api/tables', { name: 'T', ruleset: 'hammercrawl', smithName: 'Mora\u0007' });
    expect(control.body['error']).toMatchObject({ code: 'member/bad-name' });
    const ok = await request(server, 'POST', '/api/tables', { name: 'T', ruleset: 'hammercrawl', smithName: '  Mora\u0301  ' });
    expect(ok.status).toBe(201);
    const info = await request(server, 'GET', `/api/tables/${ok.body['id'] as string}`, undefined, ok.body['smithToken'] as string);
    expect(info.body['you']).toMatchObject({ name: 'Mor\u00e1', role: 'smith' });
  });
});

describe('the summary for the join page', () => {
  it('names the table, its ruleset and its Smith, and says whether the invite is valid, revoked or none; nothing else', async () => {
    const table = await createTable(server, 'The Ash Crypt');
    const ada = await join(server, table, 'Ada');
    const smith = await live(server, table.id, table.smithToken);
    expect(await answer(smith, { kind: 'member-rename', memberId: table.smithId, name: 'Mora' })).toMatchObject({ kind: 'ack' });
    const path = `/api/tables/${table.id}/summary`;
    const valid = await request(server, 'GET', `${path}?invite=${encodeURIComponent(table.inviteCode)}`);
    expect(valid.status).toBe(200);
    expect(valid.body).toEqual({ id: table.id, name: 'The Ash Crypt', ruleset: 'hammercrawl', smith: 'Mora', invite: 'valid' });
    expect((await request(server, 'GET', path)).body).toEqual({ id: table.id, name: 'The Ash Crypt', ruleset: 'hammercrawl', smith: 'Mora', invite: 'none' });
    expect((await request(server, 'GET', `${path}?invite=`)).body['invite']).toBe('none');
    expect((await request(server, 'GET', `${path}?invite=not-the-code`)).body['invite']).toBe('revoked');
    const rotated = await request(server, 'POST', `/api/tables/${table.id}/invite`, { action: 'rotate' }, table.smithToken);
    const code = rotated.body['inviteCode'] as string;
    expect((await request(server, 'GET', `${path}?invite=${encodeURIComponent(table.inviteCode)}`)).body['invite']).toBe('revoked');
    expect((await request(server, 'GET', `${path}?invite=${encodeURIComponent(code)}`)).body['invite']).toBe('valid');
    await request(server, 'POST', `/api/tables/${table.id}/invite`, { action: 'revoke' }, table.smithToken);
    const revoked = await request(server, 'GET', `${path}?invite=${encodeURIComponent(code)}`);
    expect(revoked.body['invite']).toBe('revoked');
    // No token is asked for, and none is looked at: a member's gets the same answer.
    expect((await request(server, 'GET', path, undefined, ada.token)).body).toEqual({ id: table.id, name: 'The Ash Crypt', ruleset: 'hammercrawl', smith: 'Mora', invite: 'none' });
    for (const answerText of [JSON.stringify(valid.body), JSON.stringify(revoked.body)]) {
      for (const secret of [table.inviteCode, code, table.smithToken, ada.token, ada.id, table.smithId, 'Ada']) expect(answerText.includes(secret), secret).toBe(false);
    }
    expect((await request(server, 'GET', '/api/tables/nope/summary')).status).toBe(404);
    expect((await request(server, 'GET', `${path}?invite=${'x'.repeat(101)}`)).status).toBe(400);
    smith.close();
  });
});

describe('presence', () => {
  it('a presence frame after the welcome, then on every change, to every socket of the table', async () => {
    const { table, ada } = await seatedTable();
    const smith = await live(server, table.id, table.smithToken);
    const first = await smith.waitFor((f) => f['kind'] === 'presence');
    expect(first).toEqual({ kind: 'presence', online: [table.smithId] });
    expect(smith.frames.findIndex((f) => f.data['kind'] === 'presence')).toBeGreaterThan(smith.frames.findIndex((f) => f.data['kind'] === 'welcome'));
    const both = [table.smithId, ada.id].sort();
    const mark = smith.frames.length;
    const adaSocket = await live(server, table.id, ada.token);
    expect(await adaSocket.waitFor((f) => f['kind'] === 'presence')).toEqual({ kind: 'presence', online: both });
    expect(await smith.waitFor((f) => f['kind'] === 'presence', 5000, mark)).toEqual({ kind: 'presence', online: both });
    // A second device of the same member changes nothing for the others; it is told who is online.
    const mark2 = smith.frames.length;
    const adaPhone = await live(server, table.id, ada.token);
    expect(await adaPhone.waitFor((f) => f['kind'] === 'presence')).toEqual({ kind: 'presence', online: both });
    adaSocket.close();
    await adaSocket.closed;
    adaPhone.close();
    await smith.waitFor((f) => f['kind'] === 'presence' && (f['online'] as string[]).length === 1, 5000, mark2);
    expect(smith.frames.slice(mark2).filter((f) => f.data['kind'] === 'presence').map((f) => f.data['online'])).toEqual([[table.smithId]]);
    smith.close();
  });
});

describe('chat over the wire', () => {
  const CANARY = 'canary-4b8d1c';

  it("a player's whisper to the Smith reaches the Smith and its sender whole; an observer and the other player get the envelope", async () => {
    const { table, ada, bob, olive } = await seatedTable();
    const sockets = { smith: await live(server, table.id, table.smithToken), ada: await live(server, table.id, ada.token), bob: await live(server, table.id, bob.token), olive: await live(server, table.id, olive.token) };
    expect(await answer(sockets.ada, { kind: 'chat', text: `meet me by the ${CANARY}`, to: table.smithId })).toMatchObject({ kind: 'ack' });
    for (const [who, client] of Object.entries(sockets)) {
      const frame = await client.waitFor((f) => f['kind'] === 'chatted');
      const raw = client.frames.find((f) => f.data['kind'] === 'chatted')!.raw;
      if (who === 'smith' || who === 'ada') {
        expect(frame, who).toMatchObject({ text: `meet me by the ${CANARY}`, visibility: 'smith', to: table.smithId, by: ada.id });
      } else {
        expect(frame, who).toEqual({ seq: frame['seq'], kind: 'chatted', at: frame['at'], by: ada.id, requestId: frame['requestId'], visibility: 'smith', redacted: true });
        expect(raw.includes(CANARY), who).toBe(false);
      }
    }
    // The log and the export redact it the same way for the observer.
    for (const path of ['log?since=0', 'export']) {
      const text = JSON.stringify((await request(server, 'GET', `/api/tables/${table.id}/${path}`, undefined, olive.token)).body);
      expect(text.includes(CANARY), path).toBe(false);
      expect(JSON.stringify((await request(server, 'GET', `/api/tables/${table.id}/${path}`, undefined, table.smithToken)).body).includes(CANARY), path).toBe(true);
    }
    for (const c of Object.values(sockets)) c.close();
  });

  it("the Smith's whisper to one player: that player reads it, the other player does not, whichever socket came first", async () => {
    const { table, ada, bob, olive } = await seatedTable();
    const smith = await live(server, table.id, table.smithToken);
    for (const [first, second] of [
      [ada, bob],
      [bob, ada],
    ] as const) {
      const a = await live(server, table.id, first.token);
      const b = await live(server, table.id, second.token);
      const o = await live(server, table.id, olive.token);
      const ack = await answer(smith, { kind: 'chat', text: `for you alone: ${CANARY}`, to: bob.id });
      expect(ack).toMatchObject({ kind: 'ack' });
      for (const [client, member] of [
        [a, first],
        [b, second],
        [o, olive],
      ] as const) {
        await client.waitFor((f) => f['kind'] === 'chatted' && f['seq'] === ack['seq']);
        const raw = client.frames.find((f) => f.data['seq'] === ack['seq'])!.raw;
        expect(raw.includes(CANARY), `${member === bob ? 'Bob' : member === ada ? 'Ada' : 'Olive'}`).toBe(member === bob);
      }
      for (const c of [a, b, o]) c.close();
    }
    smith.close();
  });

  it('chat counts against the roll rate: past the burst, rate/limited with the request id', async () => {
    const limited = await startTestServer({ rollBurst: 3, rollsPerSecond: 0.01 });
    try {
      const table = await createTable(limited);
      const smith = await live(limited, table.id, table.smithToken);
      for (let n = 0; n < 3; n++) expect(await answer(smith, { kind: 'chat', text: `line ${n}` })).toMatchObject({ kind: 'ack' });
      const past = await answer(smith, { kind: 'chat', text: 'one too many' });
      expect(past).toMatchObject({ kind: 'error', code: 'rate/limited', retryAfterMs: expect.any(Number) });
      // Rolls share the same bucket.
      expect(await answer(smith, { kind: 'roll', notation: 'd6', visibility: 'public' })).toMatchObject({ kind: 'error', code: 'rate/limited' });
      smith.close();
    } finally {
      await limited.close();
    }
  });
});

describe("the web's client against the server", () => {
  it('summary, renewSeat and a taken name, as the page calls them', async () => {
    const api = new Api((url, init) => fetch(url, init), server.http);
    const { table, ada } = await seatedTable();
    await expect(api.summary(table.id, table.inviteCode)).resolves.toEqual({ id: table.id, name: 'The Ash Crypt', ruleset: 'hammercrawl', smith: 'Smith', invite: 'valid' });
    await expect(api.tableExists(table.id)).resolves.toBe(true);
    await expect(api.tableExists('nope')).resolves.toBe(false);
    const renewed = await api.renewSeat(table.id, ada.token);
    expect(renewed.memberId).toBe(ada.id);
    await expect(api.table(table.id, renewed.token)).resolves.toMatchObject({ you: { id: ada.id, name: 'Ada' } });
    await expect(api.table(table.id, ada.token)).rejects.toMatchObject({ status: 401, code: 'auth/bad-token' });
    const taken = await api.join(table.id, table.inviteCode, 'ADA').catch((e: unknown) => e);
    expect(taken).toBeInstanceOf(ApiError);
    expect(taken).toMatchObject({ status: 409, code: 'member/name-taken' });
  });
});

// ---- two processes --------------------------------------------------------------------------------------

const PG = process.env['HAMMERCRAWL_TEST_POSTGRES'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS = process.env['HAMMERCRAWL_TEST_REDIS'] ?? 'redis://127.0.0.1:6379';

async function unreachable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: PG, connectionTimeoutMillis: 2000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.end();
  } catch (e) {
    return `PostgreSQL at ${PG} is not reachable (${(e as Error).message})`;
  }
  const redis = new Redis(REDIS, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (e) {
    return `Redis at ${REDIS} is not reachable (${(e as Error).message})`;
  } finally {
    redis.disconnect();
  }
  return null;
}

const missing = await unreachable();
const schema = `hc_seats_${process.pid}_${Date.now() % 100_000}`;

describe.skipIf(missing !== null)(`two processes on PostgreSQL + Redis${missing === null ? '' : ` (SKIPPED: ${missing})`}`, () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const prefix = `hc-seats-${process.pid}-${Date.now()}:`;
    const make = async (): Promise<TestServer> =>
      startTestServer({ store: await openPostgresStore(PG, { schema, poolSize: 4 }), bus: await openRedisBus(REDIS, { channelPrefix: prefix }), isSoleWriter: false });
    a = await make();
    b = await make();
  }, 30_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    const admin = new pg.Client({ connectionString: PG });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  });

  it('a seat renewed on one process: the other refuses the old token and closes its sockets', async () => {
    const table = await createTable(a, 'Two hosts');
    const ada = await join(a, table, 'Ada');
    // The other process has the member cached: it served her token before.
    expect((await request(b, 'GET', `/api/tables/${table.id}`, undefined, ada.token)).status).toBe(200);
    const onB = await live(b, table.id, ada.token);
    expect(onB.frames[0]!.data).toMatchObject({ kind: 'welcome' });
    const renewed = await request(a, 'POST', `/api/tables/${table.id}/seat`, {}, ada.token);
    expect(renewed.status).toBe(200);
    await onB.waitFor((f) => f['kind'] === 'seat-renewed');
    expect(await onB.waitFor((f) => f['kind'] === 'error')).toMatchObject({ code: 'auth/seat-renewed' });
    expect((await onB.closed).code).toBe(4401);
    expect((await request(b, 'GET', `/api/tables/${table.id}`, undefined, ada.token)).status).toBe(401);
    const hello = await live(b, table.id, ada.token);
    expect(hello.frames[0]!.data).toMatchObject({ kind: 'error', code: 'auth/bad-token' });
    expect((await request(b, 'GET', `/api/tables/${table.id}`, undefined, renewed.body['token'] as string)).body['you']).toMatchObject({ id: ada.id });
  });

  it('a member removed on one process is refused on the other, their socket there closed', async () => {
    const table = await createTable(a, 'Two hosts');
    const bob = await join(a, table, 'Bob');
    const onB = await live(b, table.id, bob.token);
    const smith = await live(a, table.id, table.smithToken);
    expect(await answer(smith, { kind: 'member-remove', memberId: bob.id })).toMatchObject({ kind: 'ack' });
    expect(await onB.waitFor((f) => f['kind'] === 'error')).toMatchObject({ code: 'auth/removed' });
    expect((await onB.closed).code).toBe(4401);
    expect((await request(b, 'GET', `/api/tables/${table.id}`, undefined, bob.token)).body['error']).toMatchObject({ code: 'auth/removed' });
    smith.close();
  });
});
