// The real server refuses a Host it does not answer to (a DNS-rebinding page), on HTTP and on the
// table WebSocket, and answers addresses, localhost and the names its host allowed.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTable, startTestServer, type TestServer } from './harness.js';

/** GET `path` with the given Host header: status and parsed body. */
function getWithHost(server: TestServer, path: string, host: string, extra: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
  const url = new URL(path, server.http);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname: url.hostname, port: url.port, path: url.pathname, headers: { ...extra, host } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text === '' ? null : JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Opens the table socket with a Host header: 'open', or the HTTP status of the refused upgrade. */
function socketWithHost(server: TestServer, tableId: string, host: string): Promise<'open' | number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`${server.ws}/api/tables/${tableId}/live`, { headers: { host } });
    socket.on('open', () => {
      socket.on('close', () => resolve('open'));
      socket.terminate();
    });
    socket.on('unexpected-response', (req, res) => {
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    socket.on('error', () => undefined);
  });
}

describe('the Host header', () => {
  let server: TestServer;
  let tableId: string;
  beforeAll(async () => {
    server = await startTestServer({ allowedHosts: ['table.example'], allowedOrigins: ['https://play.example'] });
    tableId = (await createTable(server, 'Host check')).id;
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers an address, localhost, an allowed name and an allowed origin\'s host', async () => {
    for (const host of [new URL(server.http).host, 'localhost:8080', 'table.example', 'play.example:443']) {
      expect(await getWithHost(server, '/api/health', host)).toEqual({ status: 200, body: { ok: true } });
    }
  });

  it('refuses any other name with 403 http/bad-host, saying how to allow it', async () => {
    const r = await getWithHost(server, '/api/health', 'rebind.evil.example:8080');
    expect(r).toEqual({
      status: 403,
      body: { error: { code: 'http/bad-host', message: 'This server does not answer to the host name "rebind.evil.example:8080"; its host may allow it with: hammercrawl serve --allow-host rebind.evil.example' } },
    });
  });

  it('an Upgrade header on another route does not skip the check', async () => {
    expect((await getWithHost(server, '/api/health', 'rebind.evil.example', { upgrade: 'websocket', connection: 'Upgrade' })).status).toBe(403);
  });

  it('refuses the table socket from another name before any token is read', async () => {
    expect(await socketWithHost(server, tableId, 'rebind.evil.example')).toBe(403);
    expect(await socketWithHost(server, tableId, new URL(server.http).host)).toBe('open');
  });
});
