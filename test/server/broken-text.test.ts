// Broken text in a request body is refused with a message, not read as U+FFFD: a lone surrogate sent
// as raw bytes (ED A0 80, not UTF-8) and one sent as a JSON escape (\ud800) are both refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';

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
