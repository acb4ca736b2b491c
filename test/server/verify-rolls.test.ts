// Verifiable rolls end to end: a real server derives every roll from a committed epoch key, the Smith
// reveals it, and `verifyLog` / `hammercrawl verify` check the export; tampering with one face, nonce,
// commitment or key is named; a player's export holds nothing that recomputes a secret roll.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { derivedRandom } from '../../src/dice/derived-random.js';
import { fromHex } from '../../src/dice/sha256.js';
import { HAMMERCRAWL_CHAIN } from '../../src/dice/dice-chain.js';
import { verifyLog, verifySummary } from '../../src/table/verify.js';
import { hammercrawlShownDice } from '../../src/rules/hammercrawl/table/shown-dice.js';
import { cli } from '../cli.js';
import { createTable, join, live, request, startTestServer, type TestServer } from './harness.js';
import type { TestClient } from './ws-client.js';

type Json = { [key: string]: unknown };
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ verifiableRolls: true });
});
afterAll(async () => {
  await server.close();
});

let n = 0;
async function send(client: TestClient, message: Json): Promise<Json> {
  const requestId = `r${++n}`;
  const from = client.frames.length;
  client.send({ ...message, requestId });
  const answer = await client.waitFor((f) => (f['kind'] === 'ack' || f['kind'] === 'error') && f['requestId'] === requestId, 5000, from);
  if (answer['kind'] !== 'ack') throw new Error(`refused: ${JSON.stringify(answer)}`);
  return answer;
}

async function exportOf(tableId: string, token: string): Promise<Json & { events: Json[]; table: Json }> {
  const res = await request(server, 'GET', `/api/tables/${tableId}/export`, undefined, token);
  expect(res.status).toBe(200);
  return res.body as Json & { events: Json[]; table: Json };
}

const verifyExport = (e: { events: Json[]; table: Json }) => verifyLog({ tableId: String(e.table['id']), chain: HAMMERCRAWL_CHAIN, shownDice: hammercrawlShownDice, events: e.events });

/** A table with rolls of every kind the table has, a secret roll of each kind, and a physical roll. */
async function playedTable() {
  const table = await createTable(server, 'Verified');
  const ada = await join(server, table, 'Ada');
  const smith = await live(server, table.id, table.smithToken);
  const adaLive = await live(server, table.id, ada.token);
  await send(adaLive, { kind: 'roll', notation: '4d6kh3+2', visibility: 'public', nonce: 'ada-1' });
  await send(adaLive, { kind: 'roll', notation: '2d20adv', visibility: 'public' });
  await send(adaLive, { kind: 'roll', notation: '4d1000', visibility: 'smith', nonce: 'ada-secret', label: 'canary-9q' });
  await send(smith, { kind: 'roll', notation: '3d1000', visibility: 'blind', nonce: 'smith-blind' });
  await send(adaLive, { kind: 'check', check: 'test', params: { target: 12 }, visibility: 'public', nonce: 'ada-check' });
  await send(adaLive, { kind: 'usage', die: 8, label: 'Torches', visibility: 'public', nonce: 'ada-usage' });
  await send(adaLive, { kind: 'hammer', pool: { kind: 'check', level: 3, isFeat: true }, visibility: 'public', nonce: 'ada-hammer' });
  await send(smith, { kind: 'hammer', pool: { kind: 'node', difficulty: 3 }, visibility: 'smith', nonce: 'smith-hammer' });
  await send(adaLive, { kind: 'roll', notation: '2d6', visibility: 'public', faces: [3, 5] });
  return { table, ada, smith, adaLive };
}

describe('verifiable rolls on a real server', () => {
  it('every roll is committed before, derived, and after the Smith reveals verifies completely', async () => {
    const { table, ada, smith, adaLive } = await playedTable();
    const before = verifyExport(await exportOf(table.id, table.smithToken));
    expect(before).toMatchObject({ verified: 0, mismatches: 0, notRevealed: 8, physical: 1, epochs: 1, revealed: 0 });

    expect((await request(server, 'POST', `/api/tables/${table.id}/epoch/reveal`, {}, ada.token)).status).toBe(403);
    const revealed = await request(server, 'POST', `/api/tables/${table.id}/epoch/reveal`, {}, table.smithToken);
    expect(revealed.status).toBe(200);
    expect((await request(server, 'POST', `/api/tables/${table.id}/epoch/reveal`, {}, table.smithToken)).body['error']).toMatchObject({ code: 'epoch/nothing-to-reveal' });
    await send(adaLive, { kind: 'roll', notation: '1d20', visibility: 'public', nonce: 'next-epoch' });

    const smiths = await exportOf(table.id, table.smithToken);
    const report = verifyExport(smiths);
    expect(report.problems).toEqual([]);
    // The hammer pools' dice are read by the ruleset: no roll is held to its draws alone.
    expect(report).toMatchObject({ verified: 8, mismatches: 0, notRevealed: 1, physical: 1, beforeVerification: 0, notClientSeeded: 1, drawsOnly: 0, epochs: 2, revealed: 1 });
    expect(verifySummary(report)).toBe('8 rolls verified, 0 mismatches, 1 not yet revealed, 1 physical dice (not verifiable)');
    // The commitment came before the first roll.
    const kinds = smiths.events.map((e) => e['kind']);
    expect(kinds.indexOf('epoch-committed')).toBeLessThan(kinds.indexOf('rolled'));

    // Ada sees her own Smith-only roll but cannot verify it (its key is the Smith's); the blind roll and the Smith's secret pool are hidden.
    const adas = verifyExport(await exportOf(table.id, ada.token));
    expect(adas.problems).toEqual([]);
    expect(adas).toMatchObject({ verified: 5, mismatches: 0, notRevealed: 2, hidden: 2, physical: 1 });
    smith.close();
    adaLive.close();
  });

  it("closing the evening marks it in the log and reveals the epoch; an evening with nothing to reveal is still closed", async () => {
    const { table, ada, smith, adaLive } = await playedTable();
    expect((await request(server, 'POST', `/api/tables/${table.id}/evening/end`, {}, ada.token)).status).toBe(403);
    const first = await request(server, 'POST', `/api/tables/${table.id}/evening/end`, {}, table.smithToken);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ evening: 1, revealed: true });
    // Nothing rolled since: the second evening is closed without a reveal.
    const second = await request(server, 'POST', `/api/tables/${table.id}/evening/end`, {}, table.smithToken);
    expect(second.body).toMatchObject({ evening: 2, revealed: false });
    expect(second.body['seq']).toBe(second.body['lastSeq']);

    const smiths = await exportOf(table.id, table.smithToken);
    const ended = smiths.events.filter((e) => e['kind'] === 'evening-ended');
    expect(ended.map((e) => e['evening'])).toEqual([1, 2]);
    const reveal = smiths.events.find((e) => e['kind'] === 'epoch-revealed')!;
    expect(reveal['reason']).toBe('evening');
    expect(reveal['seq']).toBe(Number(ended[0]!['seq']) + 1);
    const report = verifyExport(smiths);
    expect(report.problems).toEqual([]);
    expect(report).toMatchObject({ verified: 8, mismatches: 0, notRevealed: 0, epochs: 2, revealed: 1 });
    // A player sees the evening closed and can verify the public rolls.
    const adas = verifyExport(await exportOf(table.id, ada.token));
    expect(adas).toMatchObject({ verified: 5, mismatches: 0 });
    smith.close();
    adaLive.close();
  });

  it('secrecy: after the reveal a player export holds no secret roll, and its key material cannot recompute one', async () => {
    const { table, smith, adaLive } = await playedTable();
    await request(server, 'POST', `/api/tables/${table.id}/epoch/reveal`, {}, table.smithToken);
    const smiths = await exportOf(table.id, table.smithToken);
    const players = await exportOf(table.id, (await join(server, table, 'Bob')).token);
    const text = JSON.stringify(players);
    const blind = smiths.events.find((e) => e['kind'] === 'rolled' && e['visibility'] === 'blind')!;
    const reveal = smiths.events.find((e) => e['kind'] === 'epoch-revealed')!;
    const secretKey = (reveal['forSmith'] as { secretKey: string }).secretKey;
    expect(secretKey).toMatch(/^[0-9a-f]{64}$/);
    expect(text).not.toContain(secretKey);
    expect(text).not.toContain('canary-9q');
    expect(text).not.toContain('"sealed"');
    expect(text).not.toContain('smith-blind');
    expect(JSON.stringify(await exportOf(table.id, table.smithToken))).not.toContain('"sealed"');
    // The public key, the seq and the nonce (which the player does not even see) do not give the blind roll's faces.
    const drawn = blind['drawn'] as { draws: [number, number][]; nonce: string; key: string };
    expect(drawn.key).toBe('secret');
    const publicKey = fromHex(String((players.events.find((e) => e['kind'] === 'epoch-revealed') as Json)['key']))!;
    const guess = derivedRandom({ key: publicKey, tableId: table.id, seq: Number(blind['seq']), nonce: drawn.nonce });
    expect(drawn.draws.map(([s]) => guess.rollDie(s))).not.toEqual(drawn.draws.map(([, f]) => f));
    const theirs = players.events.find((e) => e['seq'] === blind['seq'])!;
    expect(theirs['redacted']).toBe(true);
    smith.close();
    adaLive.close();
  });

  it('tampering with one face, nonce, commitment or key is named; hammercrawl verify prints the line and exits 1', async () => {
    const { table, smith, adaLive } = await playedTable();
    await request(server, 'POST', `/api/tables/${table.id}/epoch/reveal`, {}, table.smithToken);
    const clean = await exportOf(table.id, table.smithToken);
    const dir = mkdtempSync(joinPath(tmpdir(), 'verify-'));
    const file = joinPath(dir, 'clean.json');
    writeFileSync(file, JSON.stringify(clean));
    const ok = await cli(['verify', file]);
    expect(ok.code).toBe(0);
    expect(ok.out.split('\n')[0]).toBe('8 rolls verified, 0 mismatches, 0 not yet revealed, 1 physical dice (not verifiable)');
    const asJson = await cli(['verify', file, '--json']);
    expect(JSON.parse(asJson.out)).toMatchObject({ verified: 8, mismatches: 0, physical: 1 });

    const copy = () => JSON.parse(JSON.stringify(clean)) as typeof clean;
    const at = (e: typeof clean, pick: (x: Json) => boolean) => e.events.find(pick)!;
    const firstRoll = (x: Json) => x['kind'] === 'rolled' && x['drawn'] !== undefined;
    const cases: [string, (e: typeof clean) => number][] = [
      ['a face shown', (e) => {
        const r = at(e, firstRoll);
        const die = (r['dice'] as { faces: number[]; value: number }[])[0]!;
        die.faces[0] = (die.faces[0]! % 6) + 1;
        return Number(r['seq']);
      }],
      ['a face drawn', (e) => {
        const r = at(e, (x) => x['kind'] === 'checked');
        const d = (r['drawn'] as { draws: number[][] }).draws[0]!;
        d[1] = (d[1]! % d[0]!) + 1;
        return Number(r['seq']);
      }],
      ['a hammer die shown', (e) => {
        // The public hammer pool: its first die shown as another face than the one drawn.
        const r = at(e, (x) => x['kind'] === 'hammer-rolled' && x['visibility'] === 'public');
        const faces = r['faces'] as number[];
        faces[0] = faces[0] === 1 ? 2 : 1;
        return Number(r['seq']);
      }],
      ['a nonce', (e) => {
        // The 4d1000 roll: another nonce derives the same four faces once in 10^12.
        const r = at(e, (x) => (x['drawn'] as { nonce?: string } | undefined)?.nonce === 'ada-secret');
        (r['drawn'] as { nonce: string }).nonce = 'other';
        return Number(r['seq']);
      }],
      ['a commitment', (e) => {
        const c = at(e, (x) => x['kind'] === 'epoch-committed');
        c['publicHash'] = '0'.repeat(64);
        return Number(at(e, (x) => x['kind'] === 'epoch-revealed')['seq']);
      }],
      ['a key', (e) => {
        const r = at(e, (x) => x['kind'] === 'epoch-revealed');
        r['key'] = 'ab'.repeat(32);
        return Number(r['seq']);
      }],
    ];
    for (const [what, tamper] of cases) {
      const bad = copy();
      const seq = tamper(bad);
      const report = verifyExport(bad);
      expect(report.mismatches, what).toBeGreaterThan(0);
      expect(report.problems.map((p) => p.seq), what).toContain(seq);
      const badFile = joinPath(dir, 'bad.json');
      writeFileSync(badFile, JSON.stringify(bad));
      const run = await cli(['verify', badFile]);
      expect(run.code, what).toBe(1);
      expect(run.out, what).toContain(`event ${seq} (`);
    }
    smith.close();
    adaLive.close();
  });

  it('a nonce that is too long or not plain text is refused, and a table without verifiable rolls is from before verification', async () => {
    const table = await createTable(server, 'Nonces');
    const smith = await live(server, table.id, table.smithToken);
    const from = smith.frames.length;
    smith.send({ kind: 'roll', requestId: 'long', notation: '1d6', visibility: 'public', nonce: 'x'.repeat(65) });
    expect((await smith.waitFor((f) => f['requestId'] === 'long', 5000, from))['code']).toBe('roll/bad-nonce');
    smith.send({ kind: 'roll', requestId: 'odd', notation: '1d6', visibility: 'public', nonce: 'a b' });
    expect((await smith.waitFor((f) => f['requestId'] === 'odd', 5000, from))['code']).toBe('roll/bad-nonce');
    await send(smith, { kind: 'roll', notation: '1d6', visibility: 'public', nonce: 'x'.repeat(64) });
    const http = await request(server, 'POST', `/api/tables/${table.id}/rolls`, { requestId: 'h1', notation: '1d6', visibility: 'public', nonce: 'x'.repeat(65) }, table.smithToken);
    expect(http.body['error']).toMatchObject({ code: 'roll/bad-nonce' });
    smith.close();

    const old = await startTestServer();
    try {
      const t = await createTable(old, 'Old');
      await request(old, 'POST', `/api/tables/${t.id}/rolls`, { requestId: 'o1', notation: '1d6', visibility: 'public' }, t.smithToken);
      const e = (await request(old, 'GET', `/api/tables/${t.id}/export`, undefined, t.smithToken)).body as Json & { events: Json[]; table: Json };
      expect(verifyLog({ tableId: t.id, events: e.events })).toMatchObject({ verified: 0, mismatches: 0, beforeVerification: 1 });
    } finally {
      await old.close();
    }
  });
});
