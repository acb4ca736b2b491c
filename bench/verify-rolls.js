// Verifiable rolls: the roll endpoint (`POST /api/tables/:id/rolls`) with every roll derived from an
// epoch key, against the same server rolling with the operating system's cryptographic source, in
// the same run (rounds interleaved, medians). Goal (issue 18): within 1.2x end to end. Also the dice
// alone: one derived roll's source (an HMAC and a SHA-256 block) against node:crypto's randomInt.
import os from 'node:os';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fmtOps, median, printTable } from './harness.js';
import { spawnServer } from './server-child.js';
import { load, makeTable } from './server-http.js';

let counter = 0;
function rollRequest(port, tableId, token) {
  const n = ++counter;
  const body = `{"requestId":"v${n}","notation":"2d20kh1+3","visibility":"public","nonce":"bench-nonce-${n}"}`;
  const k = Math.floor(n / 1000);
  return (
    `POST /api/tables/${tableId}/rolls HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\n` +
    `Content-Type: application/json\r\nX-Forwarded-For: 10.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}

async function diceAlone(ms = 500) {
  const [{ derivedRandom }, { cryptoRandom }] = await Promise.all([import('../dist/dice/derived-random.js'), import('../dist/server/secrets.js')]);
  const key = new Uint8Array(32).fill(7);
  const time = (f) => {
    let n = 0;
    const t0 = performance.now();
    while (performance.now() - t0 < ms) {
      f(n++);
    }
    return n / ((performance.now() - t0) / 1000);
  };
  const c = cryptoRandom();
  const crypto = time(() => (c.rollDie(20), c.rollDie(20)));
  const derived = time((n) => {
    const r = derivedRandom({ key, tableId: 'bench', seq: n + 1, nonce: 'bench-nonce' });
    r.rollDie(20);
    r.rollDie(20);
  });
  return { crypto, derived };
}

/** Runs the benchmark and prints its table. */
export async function benchVerifiableRolls({ rounds = Number(process.env.HAMMERCRAWL_BENCH_ROUNDS ?? 3), ms = Number(process.env.HAMMERCRAWL_BENCH_MS ?? 2000) } = {}) {
  const dir = existsSync('/dev/shm') ? mkdtempSync('/dev/shm/hc-bench-verify-') : mkdtempSync(join(os.tmpdir(), 'hc-bench-verify-'));
  const servers = [];
  try {
    const plain = await spawnServer('hammercrawl', [join(dir, 'plain.sqlite')]);
    servers.push(plain);
    const verifiable = await spawnServer('hammercrawl-verifiable', [join(dir, 'verifiable.sqlite')]);
    servers.push(verifiable);
    const rps = { plain: [], verifiable: [] };
    // Server CPU time per roll: less at the mercy of other work on a shared machine than rolls/s.
    const cpuPerRoll = { plain: [], verifiable: [] };
    for (let r = 0; r < rounds; r++) {
      // Each round swaps which server goes first, so neither always runs on a machine warmed by the other.
      const order = [['plain', plain], ['verifiable', verifiable]];
      for (const [name, s] of r % 2 === 0 ? order : order.reverse()) {
        const t = await makeTable(s.url, 7);
        const before = await s.cpu();
        const out = await load(s.port, { ms, makeRequest: (c) => rollRequest(s.port, t.id, t.tokens[c % t.tokens.length]) });
        const after = await s.cpu();
        cpuPerRoll[name].push((after.user + after.system - before.user - before.system) / out.count);
        const bad = Object.entries(out.statuses).filter(([k]) => k !== '201');
        if (bad.length > 0) throw new Error(`${name}: answers ${JSON.stringify(out.statuses)}`);
        rps[name].push(out.rps);
      }
    }
    const p = median(rps.plain);
    const v = median(rps.verifiable);
    const dice = await diceAlone();
    const cp = median(cpuPerRoll.plain);
    const cv = median(cpuPerRoll.verifiable);
    console.log(`\nverifiable rolls: roll endpoint, 16 connections, database in ${dir.startsWith('/dev/shm') ? '/dev/shm (no fsync cost)' : os.tmpdir()}, ${rounds} rounds of ${ms} ms (medians)`);
    printTable(['what', 'rolls/s', 'vs cryptographic source'], [
      ['cryptographic source (today)', fmtOps(p), '1.00x'],
      ['derived from an epoch key', fmtOps(v), `${(p / v).toFixed(2)}x the time (goal <= 1.2x)`],
      ['server CPU per roll, cryptographic source', `${cp.toFixed(0)} µs`, '1.00x'],
      ['server CPU per roll, derived', `${cv.toFixed(0)} µs`, `${(cv / cp).toFixed(2)}x`],
      ['dice alone, 2d20: randomInt', fmtOps(dice.crypto), ''],
      ['dice alone, 2d20: derived (HMAC + SHA-256)', fmtOps(dice.derived), `${(dice.crypto / dice.derived).toFixed(2)}x the time`],
    ]);
  } finally {
    for (const s of servers) await s.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
