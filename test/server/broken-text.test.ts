// Broken text in a request body is refused with a message, not read as U+FFFD: a lone surrogate sent
// as raw bytes (ED A0 80, not UTF-8) and one sent as a JSON escape (\ud800) are both refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTable, join, live, request, startTestServer, type TestServer } from './harness.js';

describe('broken text in a body', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const post = async (body: Buffer | string) => {
    const r = await fetch(`${server.http}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    return { status: r.status, body: (await r.json()) as unknown };
  };

  it('a body that is not UTF-8 is 400 http/bad-text', async () => {
    const start = Buffer.from('{"name":"Keep","ruleset":"hammercrawl","smithName":"Sm', 'utf8');
    const end = Buffer.from('th"}', 'utf8');
    const r = await post(Buffer.concat([start, Buffer.from([0xed, 0xa0, 0x80]), end]));
    expect(r).toEqual({ status: 400, body: { error: { code: 'http/bad-text', message: 'The request body is not well-formed UTF-8 (broken text, such as half of a surrogate pair); nothing was changed.' } } });
  });

  it('a lone surrogate written as a JSON escape is refused by the name rule', async () => {
    const r = await post('{"name":"Keep","ruleset":"hammercrawl","smithName":"Sm\\ud800th"}');
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('member/bad-name');
  });

  it('well-formed text beyond the BMP is accepted', async () => {
    const r = await post(JSON.stringify({ name: 'Keep 🐉', ruleset: 'hammercrawl', smithName: 'Smith' }));
    expect(r.status).toBe(201);
  });
});

describe('a member name with half of a surrogate pair is refused on every path', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('joining: as a JSON escape member/bad-name, as raw bytes http/bad-text', async () => {
    const table = await createTable(server);
    const escaped = await request(server, 'POST', `/api/tables/${table.id}/players`, `{"inviteCode":"${table.inviteCode}","name":"Ada\\udc00"}`);
    expect(escaped).toMatchObject({ status: 400, body: { error: { code: 'member/bad-name', message: expect.stringContaining('broken text') } } });
    const raw = await fetch(`${server.http}/api/tables/${table.id}/players`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.concat([Buffer.from(`{"inviteCode":"${table.inviteCode}","name":"Ada`), Buffer.from([0xed, 0xb0, 0x80]), Buffer.from('"}')]),
    });
    expect(raw.status).toBe(400);
    expect(((await raw.json()) as { error: { code: string } }).error.code).toBe('http/bad-text');
    expect((await request(server, 'GET', `/api/tables/${table.id}`, undefined, table.smithToken)).body['members']).toHaveLength(1);
  });

  it('renaming on the socket: as a JSON escape member/bad-name, as raw bytes protocol/bad-text (the socket stays open)', async () => {
    const table = await createTable(server);
    const ada = await join(server, table, 'Ada');
    const c = await live(server, table.id, ada.token);
    let mark = c.frames.length;
    c.send(`{"kind":"member-rename","requestId":"r1","memberId":"${ada.id}","name":"Ad\\ud800a"}`);
    expect(await c.waitFor((f) => f['kind'] === 'error', 5000, mark)).toMatchObject({ code: 'member/bad-name', requestId: 'r1' });
    mark = c.frames.length;
    c.socket.send(Buffer.concat([Buffer.from(`{"kind":"member-rename","requestId":"r2","memberId":"${ada.id}","name":"Ad`), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('a"}')]), { binary: false });
    expect(await c.waitFor((f) => f['kind'] === 'error', 5000, mark)).toMatchObject({ code: 'protocol/bad-text', message: expect.stringContaining('UTF-8') });
    mark = c.frames.length;
    c.send({ kind: 'ping' });
    await c.waitFor((f) => f['kind'] === 'pong', 5000, mark);
    const members = (await request(server, 'GET', `/api/tables/${table.id}`, undefined, table.smithToken)).body['members'] as { name: string }[];
    expect(members.map((m) => m.name)).toEqual(['Smith', 'Ada']);
    c.close();
  });
});
