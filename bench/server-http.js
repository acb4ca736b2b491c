// HTTP roll endpoint (`POST /api/tables/:id/rolls`) requests per second against a fastify
// hello-world, both in child processes (bench/server-child.js), driven by the same keep-alive load
// generator in this process. Goal (shared/design/quality-goals.md): >= 0.5x the hello-world.
// Also: what SQLite's `synchronous = FULL` costs (one fsync per commit group):
// the same server with its database on tmpfs (where fsync is free), and bare SQLite commits/s.
import net from 'node:net';
import os from 'node:os';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { fmtOps, median, printTable } from './harness.js';
import { spawnServer } from './server-child.js';

const CONNECTIONS = 16;

/**
 * A small HTTP/1.1 keep-alive load generator: `connections` sockets, one request in flight on each
 * (no pipelining), for `ms` milliseconds. `makeRequest(connIndex)` returns the request bytes.
 * Answers must carry a Content-Length (fastify's do). Returns { rps, count, statuses }.
 */
export function load(port, { connections = CONNECTIONS, ms = 2000, makeRequest }) {
  return new Promise((resolve, reject) => {
    const statuses = {};
    let count = 0;
    let open = connections;
    let last = 0;
    const start = performance.now();
    const deadline = start + ms;
    const finish = () => {
      if (--open === 0) resolve({ rps: count / ((last - start) / 1000), count, statuses });
    };
    for (let c = 0; c < connections; c++) {
      const socket = net.connect({ port, host: '127.0.0.1', noDelay: true });
      let buf = Buffer.alloc(0);
      const send = () => socket.write(makeRequest(c));
      socket.on('connect', send);
      socket.on('error', reject);
      socket.on('data', (chunk) => {
        buf = buf.length === 0 ? chunk : Buffer.concat([buf, chunk]);
        for (;;) {
          const end = buf.indexOf('\r\n\r\n');
          if (end < 0) return;
          const head = buf.toString('latin1', 0, end);
          const m = /\r\ncontent-length:\s*(\d+)/i.exec(head);
          if (m === null) return reject(new Error(`answer without content-length: ${head}`));
          const total = end + 4 + Number(m[1]);
          if (buf.length < total) return;
          const status = head.slice(9, 12);
          statuses[status] = (statuses[status] ?? 0) + 1;
          count += 1;
          buf = buf.subarray(total);
          last = performance.now();
          if (last < deadline) send();
          else {
            socket.end();
            finish();
            return;
          }
        }
      });
    }
  });
}

async function post(base, path, body, token) {
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': '10.255.0.1' };
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** A table with a Smith and `players` players; returns { id, tokens }. */
export async function makeTable(base, players) {
  const t = await post(base, '/api/tables', { name: 'Bench table', ruleset: 'hammercrawl' });
  const tokens = [t.smithToken];
  for (let i = 1; i <= players; i++) tokens.push((await post(base, `/api/tables/${t.id}/players`, { inviteCode: t.inviteCode, name: `P${i}` })).token);
  return { id: t.id, tokens };
}

let counter = 0;
/** The X-Forwarded-For address of the n-th request: a fresh address every 1000 requests (limit 1200/min). */
function forwardedFor(n) {
  const k = Math.floor(n / 1000);
  return `10.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}`;
}

function rollRequest(port, tableId, token) {
  const n = ++counter;
  const body = `{"requestId":"b${n}","notation":"2d20kh1+3","visibility":"public"}`;
  return (
    `POST /api/tables/${tableId}/rolls HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\n` +
    `Content-Type: application/json\r\nX-Forwarded-For: ${forwardedFor(n)}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}

function helloGet(port) {
  const n = ++counter;
  return `GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Forwarded-For: ${forwardedFor(n)}\r\n\r\n`;
}

/** Bare SQLite commits/s of one small row per transaction in `dir`, WAL, with `synchronous`. */
function sqliteCommits(dir, synchronous, ms = 1000) {
  const file = join(dir, `commits-${synchronous}.sqlite`);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${synchronous}`);
  db.exec('CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, body TEXT)');
  const insert = db.prepare('INSERT INTO t (body) VALUES (?)');
  const tx = db.transaction((b) => insert.run(b));
  const body = 'x'.repeat(300);
  for (let i = 0; i < 20; i++) tx.immediate(body);
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < ms) {
    tx.immediate(body);
    n++;
  }
  const rate = n / ((performance.now() - t0) / 1000);
  db.close();
  return rate;
}

function ratio(x) {
  return `${x >= 0.1 ? x.toFixed(2) : x.toFixed(3)}x`;
}

function fsType(dir) {
  try {
    return execFileSync('df', ['-T', dir], { encoding: 'utf8' }).trim().split('\n')[1].split(/\s+/)[1];
  } catch {
    return '?';
  }
}

/** Runs the benchmark and prints its tables. Rounds interleave the servers; figures are medians. */
export async function benchServerHttp({ rounds = Number(process.env.HAMMERCRAWL_BENCH_ROUNDS ?? 3), ms = Number(process.env.HAMMERCRAWL_BENCH_MS ?? 2000) } = {}) {
  const diskDir = mkdtempSync(join(os.tmpdir(), 'hc-bench-http-'));
  const shmDir = existsSync('/dev/shm') ? mkdtempSync('/dev/shm/hc-bench-http-') : null;
  const execArgv = process.env.HAMMERCRAWL_BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.HAMMERCRAWL_BENCH_PROF] : [];
  const servers = [];
  try {
    const hello = await spawnServer('hello');
    servers.push(hello);
    const disk = await spawnServer('hammercrawl', [join(diskDir, 'bench.sqlite')], { execArgv });
    servers.push(disk);
    const shm = shmDir === null ? null : await spawnServer('hammercrawl', [join(shmDir, 'bench.sqlite')], { execArgv });
    if (shm !== null) servers.push(shm);
    // A fresh table per round and server, so every round starts from a small table (the event log
    // grows by every roll; see the note printed below).
    const tables = new Map();
    const freshTables = async () => {
      for (const s of [disk, shm]) if (s !== null) tables.set(s, await makeTable(s.url, 7));
    };
    const roll = (s) => (c) => {
      const t = tables.get(s);
      return rollRequest(s.port, t.id, t.tokens[c % t.tokens.length]);
    };
    const targets = {
      hello: { port: hello.port, makeRequest: () => helloGet(hello.port) },
      ours: { port: disk.port, makeRequest: roll(disk) },
      ...(shm !== null ? { oursTmpfs: { port: shm.port, makeRequest: roll(shm) } } : {}),
    };
    const names = Object.keys(targets);
    const samples = Object.fromEntries(names.map((k) => [k, []]));
    const statuses = Object.fromEntries(names.map((k) => [k, {}]));
    await freshTables();
    for (const k of names) await load(targets[k].port, { ms: 300, makeRequest: targets[k].makeRequest }); // warm-up
    let largest = 0;
    for (let r = 0; r < rounds; r++) {
      await freshTables();
      for (const k of names) {
        const res = await load(targets[k].port, { ms, makeRequest: targets[k].makeRequest });
        samples[k].push(res.rps);
        if (k !== 'hello') largest = Math.max(largest, res.count);
        for (const [st, n] of Object.entries(res.statuses)) statuses[k][st] = (statuses[k][st] ?? 0) + n;
      }
    }
    const rps = Object.fromEntries(names.map((k) => [k, median(samples[k])]));
    const fullDisk = sqliteCommits(diskDir, 'FULL');
    const normalDisk = sqliteCommits(diskDir, 'NORMAL');
    const fullShm = shmDir === null ? NaN : sqliteCommits(shmDir, 'FULL');
    const st = (k) => Object.entries(statuses[k]).map(([s, n]) => `${n} x ${s}`).join(', ');

    console.log(`\n## HTTP roll endpoint vs fastify hello-world (median of ${rounds} interleaved rounds of ${ms} ms, ${CONNECTIONS} keep-alive connections)\n`);
    console.log(
      'Servers in child processes, load generator in this process. The table server is `buildServer` over the default SQLite store (WAL, synchronous=FULL), ' +
        'with the per-client roll limit raised (rollsPerSecond = rollBurst = 1e9) and trustProxy on: each request carries an X-Forwarded-For address used for ' +
        'at most 1000 requests, so the per-address limit (1200/min) never answers 429 (the rate-limit plugin still runs). No request logs (logLevel false). ' +
        `Rolls: \`2d20kh1+3\`, public, 8 members round-robin, a unique requestId each, on a fresh table each round (at most ${largest} rolls per table). Hello-world: \`GET /\` -> {hello:'world'}.\n`,
    );
    printTable(
      ['server', 'requests/s', 'ratio to hello-world (goal >= 0.5x)', 'answers'],
      [
        ['fastify hello-world', fmtOps(rps.hello), '1.00x', st('hello')],
        [`roll endpoint, SQLite on ${fsType(diskDir)} (${os.tmpdir()}) — default store`, fmtOps(rps.ours), ratio(rps.ours / rps.hello), st('ours')],
        ...(shm !== null
          ? [[`roll endpoint, SQLite on tmpfs (/dev/shm: fsync free)`, fmtOps(rps.oursTmpfs), ratio(rps.oursTmpfs / rps.hello), st('oursTmpfs')]]
          : []),
      ],
    );
    console.log(`\nWhat \`synchronous = FULL\` costs: a table's rolls are committed in groups (those decided while the last group was written share the next \`BEGIN IMMEDIATE\` transaction and its fsync), so rolls/s may pass one fsync'd commit per roll. Bare better-sqlite3, one 300-byte row per transaction, WAL, 1 s each:\n`);
    printTable(
      ['SQLite commits (WAL)', 'commits/s', 'per commit'],
      [
        [`synchronous=FULL, ${fsType(diskDir)} ${os.tmpdir()}`, fmtOps(fullDisk), `${(1000 / fullDisk).toFixed(3)} ms`],
        [`synchronous=NORMAL, ${fsType(diskDir)} ${os.tmpdir()} (no fsync per commit)`, fmtOps(normalDisk), `${(1000 / normalDisk).toFixed(3)} ms`],
        ...(shmDir !== null ? [['synchronous=FULL, tmpfs /dev/shm', fmtOps(fullShm), `${(1000 / fullShm).toFixed(3)} ms`]] : []),
      ],
    );
    return { rps, fullDisk, normalDisk, fullShm };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(diskDir, { recursive: true, force: true });
    if (shmDir !== null) rmSync(shmDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === new URL(import.meta.url).pathname) await benchServerHttp();
