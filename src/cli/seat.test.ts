// `hammercrawl seat`: a new seat link made on the table's database, for a Smith who lost every device;
// a server running on the same database refuses the old token and closes its sockets.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hashToken } from '../server/secrets.js';
import { openSqliteStore } from '../server/storage/sqlite-store.js';
import { EXIT_BAD_INPUT } from './options.js';
import { cli } from '../../test/cli.js';
import { createTable, join, live, request, startTestServer } from '../../test/server/harness.js';

const dir = mkdtempSync(joinPath(tmpdir(), 'hc-seat-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
/** A server on a fresh SQLite file, with a table of a Smith and a player Ada. */
async function hosted() {
  const file = joinPath(dir, `table-${++files}.sqlite`);
  const server = await startTestServer({ store: await openSqliteStore(file) });
  const table = await createTable(server, 'Ash Crypt');
  const ada = await join(server, table, 'Ada');
  return { file, server, table, ada };
}

/** The token of a printed seat link. */
function tokenOf(link: string, base: string, tableId: string): string {
  const m = new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}/t/${tableId}#seat=([A-Za-z0-9_-]+)\\n$`).exec(link);
  if (m === null) throw new Error(`not a seat link: ${link}`);
  return m[1]!;
}

describe('hammercrawl seat', () => {
  it("prints a new seat link for the Smith; the server on that database refuses the old token and closes the Smith's sockets", async () => {
    const { file, server, table } = await hosted();
    const smith = await live(server, table.id, table.smithToken);
    expect(smith.frames[0]!.data).toMatchObject({ kind: 'welcome' });
    const r = await cli(['seat', table.id, '--db', file]);
    expect(r.code, r.err).toBe(0);
    const token = tokenOf(r.out, 'http://127.0.0.1:8080', table.id);
    expect(r.err).toContain('a new seat link for Smith (smith)');
    // The server notices at its next read of the table: at once for a request, within its poll for a socket.
    expect((await request(server, 'GET', `/api/tables/${table.id}`, undefined, table.smithToken)).status).toBe(401);
    expect(await smith.waitFor((f) => f['kind'] === 'error', 10_000)).toMatchObject({ code: 'auth/seat-renewed' });
    expect((await smith.closed).code).toBe(4401);
    const info = await request(server, 'GET', `/api/tables/${table.id}`, undefined, token);
    expect(info.status).toBe(200);
    expect(info.body['you']).toMatchObject({ id: table.smithId, role: 'smith' });
    // The event is the host's own: no member made it.
    const log = await request(server, 'GET', `/api/tables/${table.id}/log?since=0`, undefined, token);
    expect((log.body['events'] as { kind: string; by: string | null; memberId?: string }[]).at(-1)).toMatchObject({ kind: 'seat-renewed', by: null, memberId: table.smithId });
    await server.close();
  }, 20_000);

  it('--member by name (as the table compares names) or by id, --url for the address players use', async () => {
    const { file, server, table, ada } = await hosted();
    await server.close();
    const byName = await cli(['seat', table.id, '--db', file, '--member', ' ADA ', '--url', 'https://table.example/crawl/']);
    expect(byName.code, byName.err).toBe(0);
    const first = tokenOf(byName.out, 'https://table.example/crawl', table.id);
    const byId = await cli(['seat', table.id, '--db', file, '--member', ada.id, '--url', 'http://192.168.1.20:3000']);
    expect(byId.code, byId.err).toBe(0);
    const second = tokenOf(byId.out, 'http://192.168.1.20:3000', table.id);
    const store = await openSqliteStore(file);
    try {
      expect(await store.findMember(table.id, hashToken(ada.token))).toBeNull();
      expect(await store.findMember(table.id, hashToken(first))).toBeNull();
      expect(await store.findMember(table.id, hashToken(second))).toMatchObject({ id: ada.id, role: 'player' });
      expect(await store.findMember(table.id, hashToken(table.smithToken))).toMatchObject({ role: 'smith' });
      expect((await store.checkIntegrity()).ok).toBe(true);
    } finally {
      await store.close();
    }
  });

  it('bad input: one line on stderr, exit 2, nothing renewed', async () => {
    const { file, server, table } = await hosted();
    const smith = await live(server, table.id, table.smithToken);
    const bob = await join(server, table, 'Bob');
    smith.send({ kind: 'member-remove', requestId: 'rm1', memberId: bob.id });
    await smith.waitFor((f) => f['kind'] === 'ack');
    smith.close();
    await server.close();
    for (const [args, message] of [
      [['seat', 'nosuchtable', '--db', file], 'No table nosuchtable'],
      [['seat', table.id, '--db', file, '--member', 'Zed'], 'No member Zed at this table; its members are Smith (smith'],
      [['seat', table.id, '--db', file, '--member', 'bob'], 'Bob was removed from the table'],
      [['seat', table.id, '--db', file, '--url', 'ftp://x'], '--url must be an http:// or https:// address'],
      [['seat', table.id, '--db', file, '--url', 'not a url'], 'is not an address'],
      [['seat', table.id, '--db', 'mysql://db/x'], '--db: unsupported store scheme'],
      [['seat'], "missing required argument 'tableId'"],
    ] as const) {
      const r = await cli([...args]);
      expect(r.code, args.join(' ')).toBe(EXIT_BAD_INPUT);
      expect(r.out).toBe('');
      expect(r.err.split('\n').filter((l) => l !== ''), args.join(' ')).toHaveLength(1);
      expect(r.err, args.join(' ')).toContain(message);
    }
    const store = await openSqliteStore(file);
    try {
      expect(await store.findMember(table.id, hashToken(table.smithToken))).toMatchObject({ role: 'smith' });
      expect((await store.readEvents(table.id, 0, 100)).filter((e) => e.kind === 'seat-renewed')).toEqual([]);
    } finally {
      await store.close();
    }
  });

  it('is listed in help', async () => {
    const r = await cli(['seat', '--help']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Usage: hammercrawl seat [options] <tableId>');
    expect(r.out).toContain('--member <name or id>');
  });
});
