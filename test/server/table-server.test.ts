// The table server as clients use it: real HTTP, real WebSockets, real SQLite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTable, join, live, request, startTestServer, type TestServer } from './harness.js';
import { connect } from './ws-client.js';
import { seededRandom } from '../../src/dice/random.js';
import { ruleSystem } from '../../src/rules/hammercrawl/rule-system.js';
import { MAX_BODY_BYTES, MAX_FRAME_BYTES } from '../../src/server/limits.js';
import { MAX_TABLE_NAME_LENGTH } from '../../src/table/limits.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('tables and joining', () => {
  it('creates a table: 201 with an id, a Smith token of 256 bits and an invite code of 128 bits', async () => {
    const res = await request(server, 'POST', '/api/tables', { name: 'Crypt of the Ash King', ruleset: 'hammercrawl' });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['id', 'inviteCode', 'memberId', 'smithToken']);
    expect(Buffer.from(res.body['smithToken'] as string, 'base64url').length).toBe(32);
    expect(Buffer.from(res.body['inviteCode'] as string, 'base64url').length).toBe(16);
  });

  it('refuses a bad table with a specific error', async () => {
    const unknown = await request(server, 'POST', '/api/tables', { name: 'x', ruleset: 'chess' });
    expect(unknown.status).toBe(400);
    expect(unknown.body['error']).toMatchObject({ code: 'table/invalid' });
    const atLimit = await request(server, 'POST', '/api/tables', { name: 'n'.repeat(MAX_TABLE_NAME_LENGTH), ruleset: 'hammercrawl' });
    expect(atLimit.status).toBe(201);
    const past = await request(server, 'POST', '/api/tables', { name: 'n'.repeat(MAX_TABLE_NAME_LENGTH + 1), ruleset: 'hammercrawl' });
    expect(past.status).toBe(400);
    const badSetting = await request(server, 'POST', '/api/tables', { name: 'x', ruleset: 'hammercrawl', settings: { 'below-d3': 'sideways' } });
    expect(badSetting.status).toBe(400);
    expect(badSetting.body['error']).toMatchObject({ code: 'param/unknown-choice' });
    const goodSetting = await request(server, 'POST', '/api/tables', { name: 'x', ruleset: 'hammercrawl', settings: { 'below-d3': 'negate', 'con-on-armour': true } });
    expect(goodSetting.status).toBe(201);
    const notJson = await request(server, 'POST', '/api/tables', '{"name":');
    expect(notJson.status).toBe(400);
  });

  it('a body over the limit is refused with 413', async () => {
    const big = JSON.stringify({ name: 'x', ruleset: 'hammercrawl', pad: 'p'.repeat(MAX_BODY_BYTES) });
    const res = await request(server, 'POST', '/api/tables', big);
    expect(res.status).toBe(413);
    expect(res.body['error']).toMatchObject({ code: 'http/too-large' });
  });

  it('joins with the invite code; a wrong code is 403; a revoked code stops working; a rotated one works', async () => {
    const table = await createTable(server);
    const ok = await request(server, 'POST', `/api/tables/${table.id}/players`, { inviteCode: table.inviteCode, name: 'Ada' });
    expect(ok.status).toBe(201);
    expect(Object.keys(ok.body).sort()).toEqual(['playerId', 'role', 'token']);
    const wrong = await request(server, 'POST', `/api/tables/${table.id}/players`, { inviteCode: 'nope', name: 'Eve' });
    expect(wrong.status).toBe(403);
    expect(wrong.body['error']).toMatchObject({ code: 'auth/bad-invite' });
    const revoked = await request(server, 'POST', `/api/tables/${table.id}/invite`, { action: 'revoke' }, table.smithToken);
    expect(revoked.body).toEqual({ inviteCode: null });
    expect((await request(server, 'POST', `/api/tables/${table.id}/players`, { inviteCode: table.inviteCode, name: 'Bob' })).status).toBe(403);
    const rotated = await request(server, 'POST', `/api/tables/${table.id}/invite`, { action: 'rotate' }, table.smithToken);
    const code = rotated.body['inviteCode'] as string;
    expect((await request(server, 'POST', `/api/tables/${table.id}/players`, { inviteCode: code, name: 'Bob' })).status).toBe(201);
    const info = await request(server, 'GET', `/api/tables/${table.id}`, undefined, table.smithToken);
    expect(info.body['inviteCode']).toBe(code);
    const playerInfo = await request(server, 'GET', `/api/tables/${table.id}`, undefined, ok.body['token'] as string);
    expect(playerInfo.body).not.toHaveProperty('inviteCode');
    expect((playerInfo.body['members'] as unknown[]).length).toBe(3);
  });

  it('an unknown table is 404 and a missing token 401', async () => {
    expect((await request(server, 'POST', '/api/tables/nope/players', { inviteCode: 'x', name: 'A' })).status).toBe(404);
    const table = await createTable(server);
    expect((await request(server, 'GET', `/api/tables/${table.id}/log`)).status).toBe(401);
    expect((await request(server, 'GET', `/api/tables/${table.id}/log`, undefined, 'forged')).status).toBe(401);
  });
});

describe('the live socket', () => {
  it('welcomes, replays since a seq, rolls with an ack after storing, broadcasts to the table', async () => {
    const table = await createTable(server);
    const ada = await join(server, table, 'Ada');
    const smith = await live(server, table.id, table.smithToken);
    const welcome = smith.frames[0]!.data;
    expect(welcome).toMatchObject({ kind: 'welcome', tableId: table.id, you: { role: 'smith' }, table: { ruleset: 'hammercrawl' } });
    await smith.waitFor((f) => f['kind'] === 'member-joined' && (f['member'] as { name: string }).name === 'Ada');

    const player = await live(server, table.id, ada.token);
    player.send({ kind: 'roll', requestId: 'r1', notation: '4d6kh3', visibility: 'public' });
    const ack = await player.waitFor((f) => f['kind'] === 'ack');
    const rolled = await smith.waitFor((f) => f['kind'] === 'rolled');
    expect(ack).toEqual({ kind: 'ack', requestId: 'r1', seq: rolled['seq'] });
    expect(rolled).toMatchObject({ requestId: 'r1', by: ada.id, notation: '4d6kh3', visibility: 'public' });
    expect((rolled['dice'] as unknown[]).length).toBe(4);
    expect(rolled['total']).toBeGreaterThanOrEqual(3);

    // The stored event replays the same faces: replay never rolls.
    const again = await live(server, table.id, ada.token, (rolled['seq'] as number) - 1);
    const replayed = await again.waitFor((f) => f['kind'] === 'rolled');
    expect(replayed).toEqual(rolled);
    // Seqs are contiguous from 1 for everything a Smith sees.
    const seqs = smith.frames.map((f) => f.data['seq']).filter((s) => s !== undefined);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    for (const c of [smith, player, again]) c.close();
  });

  it('a retry with the same requestId never rolls twice: the first ack again', async () => {
    const table = await createTable(server);
    const smith = await live(server, table.id, table.smithToken);
    smith.send({ kind: 'roll', requestId: 'same', notation: 'd20', visibility: 'public' });
    const first = await smith.waitFor((f) => f['kind'] === 'ack');
    const mark = smith.frames.length;
    smith.send({ kind: 'roll', requestId: 'same', notation: 'd20', visibility: 'public' });
    const second = await smith.waitFor((f) => f['kind'] === 'ack', 5000, mark);
    expect(second).toEqual(first);
    smith.send({ kind: 'ping' });
    await smith.waitFor((f) => f['kind'] === 'pong', 5000, mark);
    expect(smith.frames.filter((f) => f.data['kind'] === 'rolled')).toHaveLength(1);
    // A reconnecting client retries on a new socket: still one roll.
    const other = await live(server, table.id, table.smithToken);
    other.send({ kind: 'roll', requestId: 'same', notation: 'd20', visibility: 'public' });
    expect(await other.waitFor((f) => f['kind'] === 'ack')).toEqual(first);
    const log = await request(server, 'GET', `/api/tables/${table.id}/log?since=0`, undefined, table.smithToken);
    expect((log.body['events'] as { kind: string }[]).filter((e) => e.kind === 'rolled')).toHaveLength(1);
    smith.close();
    other.close();
  });

  it('the ack of character-save carries the id of the character saved: new, edited, retried', async () => {
    const made = ruleSystem.rollCharacter(seededRandom(5), {});
    if (!made.ok) throw new Error(made.error.message);
    const character = made.value as unknown as Record<string, unknown>;
    const table = await createTable(server);
    const ada = await join(server, table, 'Ada');
    const player = await live(server, table.id, ada.token);
    const saveAck = async (requestId: string, extra: Record<string, unknown> = {}): Promise<Record<string, unknown>> => {
      player.send({ kind: 'character-save', requestId, character, ...extra });
      return player.waitFor((f) => (f['kind'] === 'ack' || f['kind'] === 'error') && f['requestId'] === requestId);
    };
    const savedAt = async (seq: unknown): Promise<string> =>
      ((await player.waitFor((f) => f['kind'] === 'character-saved' && f['seq'] === seq))['character'] as { id: string }).id;

    const first = await saveAck('new1');
    const firstId = await savedAt(first['seq']);
    expect(first).toEqual({ kind: 'ack', requestId: 'new1', seq: first['seq'], characterId: firstId });
    const second = await saveAck('new2');
    expect(second['characterId']).toBe(await savedAt(second['seq']));
    expect(second['characterId']).not.toBe(firstId);

    const edited = await saveAck('edit1', { characterId: firstId, character: { ...character, name: 'Brak the Second' } });
    expect(edited).toEqual({ kind: 'ack', requestId: 'edit1', seq: edited['seq'], characterId: firstId });
    expect(await savedAt(edited['seq'])).toBe(firstId);

    // A retry (here on a new socket, as after a reconnect) gets the first ack again, id included.
    const again = await live(server, table.id, ada.token);
    again.send({ kind: 'character-save', requestId: 'new1', character });
    expect(await again.waitFor((f) => f['kind'] === 'ack')).toEqual(first);
    // A request id first used by a roll keeps that roll's ack, with no character.
    player.send({ kind: 'roll', requestId: 'was-a-roll', notation: 'd6', visibility: 'public' });
    const rollAck = await player.waitFor((f) => f['kind'] === 'ack' && f['requestId'] === 'was-a-roll');
    const mark = player.frames.length;
    player.send({ kind: 'character-save', requestId: 'was-a-roll', character });
    expect(await player.waitFor((f) => f['kind'] === 'ack' && f['requestId'] === 'was-a-roll', 5000, mark)).toEqual(rollAck);
    const state = await request(server, 'GET', `/api/tables/${table.id}`, undefined, ada.token);
    expect(state.body['lastSeq']).toBe((edited['seq'] as number) + 1);
    player.close();
    again.close();
  });

  it('malformed, unknown and refused messages get typed errors and the connection survives', async () => {
    const table = await createTable(server);
    const smith = await live(server, table.id, table.smithToken);
    const cases: [unknown, string][] = [
      ['not json', 'protocol/malformed'],
      [{ kind: 'dance', requestId: 'a' }, 'protocol/unknown-kind'],
      [{ kind: 'roll', requestId: 'a' }, 'protocol/malformed'],
      [{ kind: 'roll', requestId: 'bad id!', notation: 'd6', visibility: 'public' }, 'protocol/malformed'],
      [{ kind: 'roll', requestId: 'b', notation: '3d', visibility: 'public' }, 'notation/expected-number'],
      [{ kind: 'roll', requestId: 'c', notation: 'd6', visibility: 'everyone' }, 'protocol/malformed'],
      [{ kind: 'roll', requestId: 'd', notation: 'd6', visibility: 'public', faces: [7] }, 'dice/face-out-of-range'],
      [{ kind: 'roll', requestId: 'e', notation: '2d6', visibility: 'public', faces: [3] }, 'dice/too-few-faces'],
      [{ kind: 'roll', requestId: 'f', notation: 'd6', visibility: 'public', faces: [3, 4] }, 'dice/too-many-faces'],
      [{ kind: 'check', requestId: 'g', check: 'no-such-check', params: {}, visibility: 'public' }, 'check/unknown-kind'],
      [{ kind: 'combat', requestId: 'h', action: { type: 'next-turn' } }, 'combat/not-started'],
    ];
    for (const [message, code] of cases) {
      const mark = smith.frames.length;
      smith.send(message);
      const error = await smith.waitFor((f) => f['kind'] === 'error', 5000, mark);
      expect(error['code'], JSON.stringify(message)).toBe(code);
      expect(typeof error['message']).toBe('string');
    }
    // Still open: a good roll works, and physical dice are accepted when they fit.
    smith.send({ kind: 'roll', requestId: 'ok', notation: '2d6', visibility: 'public', faces: [6, 5] });
    const rolled = await smith.waitFor((f) => f['kind'] === 'rolled');
    expect(rolled).toMatchObject({ total: 11, isPhysical: true });
    smith.close();
  });

  it('a frame over the size limit closes the socket with 1009', async () => {
    const table = await createTable(server);
    const smith = await live(server, table.id, table.smithToken);
    smith.send({ kind: 'ping', pad: 'x'.repeat(MAX_FRAME_BYTES) });
    expect((await smith.closed).code).toBe(1009);
  });

  it('the first message must be hello; a bad token is refused and closed', async () => {
    const table = await createTable(server);
    const a = await connect(`${server.ws}/api/tables/${table.id}/live`);
    a.send({ kind: 'roll', requestId: 'x', notation: 'd6', visibility: 'public' });
    expect(await a.waitFor((f) => f['kind'] === 'error')).toMatchObject({ code: 'protocol/hello-first' });
    expect((await a.closed).code).toBe(4400);
    const b = await connect(`${server.ws}/api/tables/${table.id}/live`);
    b.send({ kind: 'hello', token: 'forged', since: 0 });
    expect(await b.waitFor((f) => f['kind'] === 'error')).toMatchObject({ code: 'auth/bad-token' });
    expect((await b.closed).code).toBe(4401);
  });

  it('refuses a WebSocket upgrade from another origin; allows its own', async () => {
    const table = await createTable(server);
    await expect(connect(`${server.ws}/api/tables/${table.id}/live`, 'https://evil.example')).rejects.toThrow(/403/);
    const own = await connect(`${server.ws}/api/tables/${table.id}/live`, server.http);
    own.close();
  });
});

describe('secret rolls', () => {
  it('a canary in Smith-only and blind rolls never reaches another player by socket, replay or log', async () => {
    const table = await createTable(server);
    const ada = await join(server, table, 'Ada');
    const bob = await join(server, table, 'Bob');
    const watcher = await join(server, table, 'Watcher', 'observer');
    const adaLive = await live(server, table.id, ada.token);
    const bobLive = await live(server, table.id, bob.token);
    const obsLive = await live(server, table.id, watcher.token);
    const smith = await live(server, table.id, table.smithToken);
    const canary = 987_654;
    const label = 'canary-label-7d1f';
    // Ada's Smith-only roll: Ada and the Smith see it; Bob and the observer do not.
    adaLive.send({ kind: 'roll', requestId: 's1', notation: `1d1+${canary}`, visibility: 'smith', label });
    // The Smith's blind roll: only the Smith.
    smith.send({ kind: 'roll', requestId: 's2', notation: `1d1+${canary + 1}`, visibility: 'blind', label });
    // Ada's blind roll: not even Ada.
    adaLive.send({ kind: 'roll', requestId: 's3', notation: `1d1+${canary + 2}`, visibility: 'blind', label });
    for (const c of [adaLive, bobLive, obsLive, smith]) await c.waitFor((f) => f['kind'] === 'rolled' && f['requestId'] === 's3');
    const s1 = await adaLive.waitFor((f) => f['requestId'] === 's1' && f['kind'] === 'rolled');
    expect(s1['total']).toBe(canary + 1);
    expect((await smith.waitFor((f) => f['requestId'] === 's3' && f['kind'] === 'rolled'))['total']).toBe(canary + 3);
    const adaBlind = await adaLive.waitFor((f) => f['requestId'] === 's3' && f['kind'] === 'rolled');
    expect(adaBlind).toMatchObject({ redacted: true, visibility: 'blind' });
    expect(adaBlind).not.toHaveProperty('total');

    const text = (frames: { raw: string }[]): string => frames.map((f) => f.raw).join('\n');
    for (const c of [bobLive, obsLive]) {
      expect(text(c.frames)).not.toContain(String(canary).slice(0, 5));
      expect(text(c.frames)).not.toContain(label);
    }
    expect(text(adaLive.frames)).not.toContain(String(canary + 2).slice(0, 6));
    // Replay and REST log, as Bob.
    const replay = await live(server, table.id, bob.token);
    await replay.waitFor((f) => f['requestId'] === 's3');
    const log = await request(server, 'GET', `/api/tables/${table.id}/log?since=0`, undefined, bob.token);
    for (const out of [text(replay.frames), JSON.stringify(log.body)]) {
      expect(out).not.toContain(String(canary).slice(0, 5));
      expect(out).not.toContain(label);
      expect(out).toContain('"redacted":true');
    }
    for (const c of [adaLive, bobLive, obsLive, smith, replay]) c.close();
  });
});

describe('the HTTP roll endpoint', () => {
  it('rolls once per request id and answers with the roller’s projection', async () => {
    const table = await createTable(server);
    const body = { requestId: 'h1', notation: '2d20kh1+5', visibility: 'smith' };
    const first = await request(server, 'POST', `/api/tables/${table.id}/rolls`, body, table.smithToken);
    expect(first.status).toBe(201);
    expect(first.body['event']).toMatchObject({ kind: 'rolled', notation: '2d20kh1+5', visibility: 'smith' });
    const retry = await request(server, 'POST', `/api/tables/${table.id}/rolls`, body, table.smithToken);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
  });
});

describe('rate limits', () => {
  it('tables per address per minute: at the limit created, one past 429 rate/limited', async () => {
    const limited = await startTestServer({ tablesPerMinute: 3, joinsPerMinute: 2 });
    try {
      for (let i = 0; i < 3; i++) expect((await request(limited, 'POST', '/api/tables', { name: `t${i}`, ruleset: 'hammercrawl' })).status).toBe(201);
      const past = await request(limited, 'POST', '/api/tables', { name: 'one more', ruleset: 'hammercrawl' });
      expect(past.status).toBe(429);
      expect(past.body['error']).toMatchObject({ code: 'rate/limited' });
    } finally {
      await limited.close();
    }
  });

  it('rolls past the burst get rate/limited with a wait; the socket stays open', async () => {
    const limited = await startTestServer({ rollsPerSecond: 1, rollBurst: 3 });
    try {
      const table = await createTable(limited);
      const smith = await live(limited, table.id, table.smithToken);
      for (let i = 0; i < 4; i++) smith.send({ kind: 'roll', requestId: `q${i}`, notation: 'd6', visibility: 'public' });
      const error = await smith.waitFor((f) => f['kind'] === 'error');
      expect(error).toMatchObject({ code: 'rate/limited', requestId: 'q3' });
      expect(error['retryAfterMs']).toBeGreaterThan(0);
      for (let i = 0; i < 3; i++) await smith.waitFor((f) => f['kind'] === 'ack' && f['requestId'] === `q${i}`);
      expect(smith.frames.filter((f) => f.data['kind'] === 'ack')).toHaveLength(3);
      smith.send({ kind: 'ping' });
      await smith.waitFor((f) => f['kind'] === 'pong');
      smith.close();
    } finally {
      await limited.close();
    }
  });
});
