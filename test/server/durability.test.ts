// The server killed with SIGKILL in the middle of a burst of rolls, 20 times: no acknowledged roll is
// lost, and clients retrying with the same request ids never make a roll twice.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/server/storage/sqlite-store.js';
import { request } from './harness.js';
import { spawnServer, type ServerProcess } from './server-process.js';
import { connect } from './ws-client.js';

const ROUNDS = 20;
const BURST = 30;
const dir = mkdtempSync(join(tmpdir(), 'hammercrawl-kill-'));
const db = join(dir, 'table.sqlite');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function rollsOf(server: ServerProcess, tableId: string, token: string): Promise<Map<string, number[]>> {
  const log = await request(server, 'GET', `/api/tables/${tableId}/log?since=0&limit=10000`, undefined, token);
  const seen = new Map<string, number[]>();
  for (const e of log.body['events'] as { kind: string; requestId?: string; seq: number }[]) {
    if (e.kind !== 'rolled') continue;
    seen.set(e.requestId!, [...(seen.get(e.requestId!) ?? []), e.seq]);
  }
  return seen;
}

describe('durability under SIGKILL', () => {
  it(`${ROUNDS} kills mid-burst: 0 acknowledged rolls lost, 0 duplicates after retries, integrity ok`, async () => {
    let lost = 0;
    let duplicated = 0;
    let acknowledgedBeforeKill = 0;
    let server = await spawnServer(db);
    for (let round = 0; round < ROUNDS; round++) {
      const created = await request(server, 'POST', '/api/tables', { name: `Round ${round}`, ruleset: 'hammercrawl' });
      expect(created.status).toBe(201);
      const tableId = created.body['id'] as string;
      const token = created.body['smithToken'] as string;
      const client = await connect(`${server.ws}/api/tables/${tableId}/live`);
      client.send({ kind: 'hello', token, since: 0 });
      await client.waitFor((f) => f['kind'] === 'welcome');
      const acked = new Map<string, number>();
      const killAfter = 1 + ((round * 7) % (BURST - 5));
      const killed = new Promise<void>((resolve) => {
        client.socket.on('message', (raw) => {
          const f = JSON.parse(raw.toString()) as { kind: string; requestId: string; seq: number };
          if (f.kind === 'ack') acked.set(f.requestId, f.seq);
          if (acked.size === killAfter) resolve();
        });
      });
      for (let i = 0; i < BURST; i++) client.send({ kind: 'roll', requestId: `r${round}-${i}`, notation: 'd20', visibility: 'public' });
      await killed;
      await server.kill('SIGKILL');
      acknowledgedBeforeKill += acked.size;
      await client.closed;

      server = await spawnServer(db);
      // The client retries every request it sent, acknowledged or not, on a new connection.
      const retry = await connect(`${server.ws}/api/tables/${tableId}/live`);
      retry.send({ kind: 'hello', token, since: 0 });
      await retry.waitFor((f) => f['kind'] === 'welcome');
      for (let i = 0; i < BURST; i++) retry.send({ kind: 'roll', requestId: `r${round}-${i}`, notation: 'd20', visibility: 'public' });
      for (let i = 0; i < BURST; i++) {
        const ack = await retry.waitFor((f) => f['kind'] === 'ack' && f['requestId'] === `r${round}-${i}`, 10_000);
        const before = acked.get(`r${round}-${i}`);
        if (before !== undefined) expect(ack['seq']).toBe(before);
      }
      retry.close();
      const stored = await rollsOf(server, tableId, token);
      for (const [requestId, seq] of acked) if (!(stored.get(requestId) ?? []).includes(seq)) lost += 1;
      for (const seqs of stored.values()) if (seqs.length > 1) duplicated += seqs.length - 1;
      expect(stored.size).toBe(BURST);
    }
    await server.kill('SIGTERM');
    const store = await openSqliteStore(db);
    const integrity = await store.checkIntegrity();
    await store.close();
    console.log(`SIGKILL x${ROUNDS}: ${acknowledgedBeforeKill} rolls acknowledged before the kills, ${lost} lost, ${duplicated} duplicated; integrity: ${integrity.detail}`);
    expect(lost).toBe(0);
    expect(duplicated).toBe(0);
    expect(integrity.ok).toBe(true);
  }, 240_000);
});
