// Starts the real table server in this process (real SQLite, real sockets) for integration tests.
import type { FastifyInstance } from 'fastify';
import { buildServer, type ServerOptions } from '../../src/server/app.js';
import { createLocalBus } from '../../src/server/bus/local-bus.js';
import { openSqliteStore } from '../../src/server/storage/sqlite-store.js';
import type { EventBus, TableStore } from '../../src/server/storage/types.js';
import { ruleSystem as hammercrawl } from '../../src/rules/hammercrawl/rule-system.js';
import type { RuleSystem } from '../../src/rules/rule-system.js';
import { connect, type TestClient } from './ws-client.js';

/** A server listening on a free port. */
export interface TestServer {
  readonly app: FastifyInstance;
  readonly store: TableStore;
  readonly bus: EventBus;
  readonly http: string;
  readonly ws: string;
  close(): Promise<void>;
}

/** The rulesets the tests use. */
export function testRules(): ReadonlyMap<string, RuleSystem> {
  return new Map<string, RuleSystem>([['hammercrawl', hammercrawl as unknown as RuleSystem]]);
}

/**
 * Starts a server over `store` (default: a fresh in-memory SQLite). Tables and joins per minute, and
 * the command limits other than the roll rate, are raised for tests that make many, unless `rates` is `'server'`: the server's own defaults, for tests
 * of those limits.
 */
export async function startTestServer(options: Partial<ServerOptions> = {}, { rates = 'raised' }: { rates?: 'raised' | 'server' } = {}): Promise<TestServer> {
  const store = options.store ?? (await openSqliteStore(':memory:'));
  await store.migrate();
  const bus = options.bus ?? createLocalBus();
  const plenty = { perSecond: 1e9, burst: 1e9 };
  const raised = rates === 'raised' ? { tablesPerMinute: 10_000, joinsPerMinute: 10_000, commandLimits: { commands: plenty, table: plenty, memberBytes: plenty, tableBytes: plenty } } : {};
  const app = await buildServer({ store, bus, rules: testRules(), logLevel: false, webRoot: null, isSoleWriter: true, ...raised, ...options });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no address');
  const base = `127.0.0.1:${address.port}`;
  return {
    app,
    store,
    bus,
    http: `http://${base}`,
    ws: `ws://${base}`,
    close: async () => {
      await app.close();
      await bus.close();
      await store.close();
    },
  };
}

/** JSON request helper: status and parsed body. */
export async function request(
  server: { http: string },
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: { [key: string]: unknown } }> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token !== undefined) headers['authorization'] = `Bearer ${token}`;
  const res = await fetch(`${server.http}${path}`, { method, headers, ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}) });
  const text = await res.text();
  return { status: res.status, body: text === '' ? {} : (JSON.parse(text) as { [key: string]: unknown }) };
}

/** A table with its Smith and one player. */
export interface TestTable {
  readonly id: string;
  readonly smithToken: string;
  readonly smithId: string;
  readonly inviteCode: string;
}

/** Creates a table. */
export async function createTable(server: TestServer, name = 'Test table'): Promise<TestTable> {
  const res = await request(server, 'POST', '/api/tables', { name, ruleset: 'hammercrawl' });
  if (res.status !== 201) throw new Error(`create failed: ${JSON.stringify(res.body)}`);
  return { id: res.body['id'] as string, smithToken: res.body['smithToken'] as string, smithId: res.body['memberId'] as string, inviteCode: res.body['inviteCode'] as string };
}

/** Joins a table; returns the member id and token. */
export async function join(server: TestServer, table: TestTable, name: string, role: 'player' | 'observer' = 'player'): Promise<{ id: string; token: string }> {
  const res = await request(server, 'POST', `/api/tables/${table.id}/players`, { inviteCode: table.inviteCode, name, role });
  if (res.status !== 201) throw new Error(`join failed: ${JSON.stringify(res.body)}`);
  return { id: res.body['playerId'] as string, token: res.body['token'] as string };
}

/** Opens the live socket and says hello; resolves after the welcome. */
export async function live(server: TestServer, tableId: string, token: string, since = 0): Promise<TestClient> {
  const client = await connect(`${server.ws}/api/tables/${tableId}/live`);
  client.send({ kind: 'hello', token, since });
  await client.waitFor((f) => f['kind'] === 'welcome' || f['kind'] === 'error');
  return client;
}
