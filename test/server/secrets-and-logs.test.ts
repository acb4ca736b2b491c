// Secret values and tokens: a canary in a Smith-only roll never reaches another player through the
// export, and no token, invite code or secret value is ever written to the server's logs.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/dice/random.js';
import { ruleSystem as hammercrawl } from '../../src/rules/hammercrawl/rule-system.js';
import { createTable, join, live, request, startTestServer, type TestServer } from './harness.js';

let logs = '';
let server: TestServer;
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs += chunk.toString();
      done();
    },
  });
  server = await startTestServer({ logLevel: 'trace', logStream, logRequests: true });
});
afterAll(async () => {
  await server.close();
});

describe('secrets', () => {
  it('the export carries what the viewer may see: a Smith-only canary reaches only the Smith and its roller', async () => {
    const table = await createTable(server, 'Canary');
    const ada = await join(server, table, 'Ada');
    const bob = await join(server, table, 'Bob');
    const adaLive = await live(server, table.id, ada.token);
    adaLive.send({ kind: 'roll', requestId: 'c1', notation: '1d1+424242', visibility: 'smith', label: 'canary-label-x9' });
    await adaLive.waitFor((f) => f['kind'] === 'ack');
    adaLive.close();
    const asBob = await request(server, 'GET', `/api/tables/${table.id}/export`, undefined, bob.token);
    expect(asBob.status).toBe(200);
    expect(asBob.body['format']).toBe('hammercrawl-table-export');
    expect(JSON.stringify(asBob.body)).not.toContain('42424');
    expect(JSON.stringify(asBob.body)).not.toContain('canary-label-x9');
    for (const token of [ada.token, table.smithToken]) {
      const whole = await request(server, 'GET', `/api/tables/${table.id}/export`, undefined, token);
      expect(JSON.stringify(whole.body)).toContain('424243');
    }
    expect((await request(server, 'GET', `/api/tables/${table.id}/export`)).status).toBe(401);
  });

  it('logs (at trace level) hold no token, invite code, or secret roll value', async () => {
    const table = await createTable(server, 'Quiet');
    const ada = await join(server, table, 'Ada');
    const adaLive = await live(server, table.id, ada.token);
    adaLive.send({ kind: 'roll', requestId: 'c2', notation: '1d1+737373', visibility: 'blind' });
    await adaLive.waitFor((f) => f['kind'] === 'ack');
    await request(server, 'GET', `/api/tables/${table.id}/log?since=0`, undefined, ada.token);
    await request(server, 'POST', `/api/tables/${table.id}/rolls`, { requestId: 'h', notation: '1d1+737373', visibility: 'smith' }, ada.token);
    adaLive.close();
    expect(logs.length).toBeGreaterThan(0);
    for (const secret of [table.smithToken, ada.token, table.inviteCode, '737374']) expect(logs).not.toContain(secret);
  });
});

describe("a secret usage roll's step-down (TB-21)", () => {
  it('reaches another player on no path: live, replay, log and export carry neither the canary nor the new die', async () => {
    // Every die rolls a 1: the usage die always steps down.
    const stepping = await startTestServer({ rng: { rollDie: () => 1 } });
    try {
      const table = await createTable(stepping, 'Torchlight');
      const ada = await join(stepping, table, 'Ada');
      const bob = await join(stepping, table, 'Bob');
      const bobLive = await live(stepping, table.id, bob.token);
      const adaLive = await live(stepping, table.id, ada.token);
      const made = hammercrawl.rollCharacter(seededRandom(3), {});
      if (!made.ok) throw new Error(made.error.message);
      const before = (made.value as { healthDie: string }).healthDie;
      adaLive.send({ kind: 'character-save', requestId: 's1', character: made.value });
      await adaLive.waitFor((f) => f['kind'] === 'ack' && f['requestId'] === 's1');
      adaLive.send({ kind: 'usage', requestId: 'u1', characterId: 'ch1', path: '/healthDie', label: 'canary-torch-q7', visibility: 'smith' });
      const ack = await adaLive.waitFor((f) => f['kind'] === 'ack' && f['requestId'] === 'u1');
      const seq = ack['seq'] as number;
      await bobLive.waitFor((f) => JSON.stringify(f).includes(`"seq":${seq}`));
      const seenLive = JSON.stringify(bobLive.frames.map((f) => f.data));
      const replay = await live(stepping, table.id, bob.token);
      await replay.waitFor((f) => JSON.stringify(f).includes(`"seq":${seq}`));
      const seenReplay = JSON.stringify(replay.frames.map((f) => f.data));
      const log = await request(stepping, 'GET', `/api/tables/${table.id}/log?since=0`, undefined, bob.token);
      const exported = await request(stepping, 'GET', `/api/tables/${table.id}/export`, undefined, bob.token);
      const adas = await request(stepping, 'GET', `/api/tables/${table.id}/export`, undefined, ada.token);
      const after = (adas.body['characters'] as { document: { healthDie: string } }[])[0]!.document.healthDie;
      expect(after).not.toBe(before);
      expect(JSON.stringify(adas.body)).toContain('canary-torch-q7');
      expect(JSON.stringify(adas.body)).toContain(`"healthDie":"${after}"`);
      for (const seen of [seenLive, seenReplay, JSON.stringify(log.body), JSON.stringify(exported.body)]) {
        expect(seen).toContain(`"seq":${seq}`);
        expect(seen).not.toContain('canary-torch-q7');
        expect(seen).not.toContain(`"healthDie":"${after}"`);
      }
      const bobsCharacter = (exported.body['characters'] as { document: { healthDie: string } }[])[0]!;
      expect(bobsCharacter.document.healthDie).toBe(before);
      for (const c of [bobLive, adaLive, replay]) c.close();
    } finally {
      await stepping.close();
    }
  });
});

describe('security headers', () => {
  it('every response carries a same-origin CSP and the other helmet headers, and no HSTS on plain HTTP', async () => {
    for (const path of ['/', '/api/health', '/api/tables/none/log']) {
      const res = await fetch(`${server.http}${path}`);
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });
});
