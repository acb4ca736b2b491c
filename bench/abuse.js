// `npm run bench abuse`: the attacks of issue 17 (replay, export, a held SQLite lock) against the
// real table server (bench/server-child.js, SQLite, in a child process), with what the rest of the
// server sees meanwhile: `/api/health` latency (p99, max) and the roll acks of other tables (p99,
// max), measured by a worker thread of its own (bench/abuse-probe.js), the server's own event loop
// delay (monitorEventLoopDelay in the server process: its stalls, apart from the client's) and its RSS
// (peak, sampled every 50 ms). Goals (shared/design/quality-goals.md): health p99 <= 50 ms, no other
// table's ack > 250 ms, RSS < 300 MB. Figures are printed, not asserted.
// HAMMERCRAWL_ABUSE_BIG_MB sets the size of the big table's log (default 300).
import os from 'node:os';
import http from 'node:http';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import WebSocket from 'ws';
import { printTable } from './harness.js';
import { spawnServer } from './server-child.js';

const OTHER_TABLES = 8;
const SMALL_EVENTS = 50_000;
const SMALL_TEXT = 500;
const BIG_EVENT_TEXT = 186_000;
const BIG_MB = Number(process.env.HAMMERCRAWL_ABUSE_BIG_MB ?? 300);

function percentile(xs, p) {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}
const ms = (x) => (Number.isFinite(x) ? `${x.toFixed(1)} ms` : 'n/a');
const mb = (x) => `${(x / 1024 / 1024).toFixed(0)} MB`;

async function post(base, path, body) {
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.254.0.1' }, body: JSON.stringify(body) });
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** A table with its Smith and one player: { id, smithId, smithToken, playerToken }. */
async function makeTable(base, name) {
  const t = await post(base, '/api/tables', { name, ruleset: 'hammercrawl' });
  const p = await post(base, `/api/tables/${t.id}/players`, { inviteCode: t.inviteCode, name: 'Probe' });
  return { id: t.id, smithId: t.memberId, smithToken: t.smithToken, playerToken: p.token };
}

/** Appends `count` public chat lines of `size` characters, straight into the store (the server is stopped). */
async function fill(store, table, count, size) {
  const per = Math.max(1, Math.min(500, Math.floor(20_000_000 / size)));
  for (let done = 0; done < count; ) {
    const n = Math.min(per, count - done);
    const events = Array.from({ length: n }, (_, i) => ({
      kind: 'chatted',
      schemaVersion: 1,
      at: Date.now(),
      actorId: table.smithId,
      body: { requestId: `fill-${done + i}`, text: `${done + i} `.padEnd(size, 'x'), visibility: 'public' },
    }));
    await store.commit({ tableId: table.id, actorId: table.smithId, events });
    done += n;
  }
}

function openSocket(url) {
  const ws = new WebSocket(url, { perMessageDeflate: false, maxPayload: 1024 * 1024 * 1024 });
  ws.on('error', () => undefined);
  return ws;
}

/** Runs `attack` while the probe measures and the server's RSS is sampled; returns one row of figures. */
async function phase(name, server, probe, attack) {
  let peak = await server.rss();
  await server.lag();
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await server.rss());
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  probe.postMessage({ phase: name });
  const t0 = performance.now();
  const note = await attack();
  const seconds = (performance.now() - t0) / 1000;
  const result = await new Promise((resolve) => {
    probe.once('message', resolve);
    probe.postMessage({ stop: true });
  });
  sampling = false;
  await sampler;
  const lag = await server.lag();
  const errors = Object.entries(result.errors).map(([k, v]) => `${k} x${v}`).join(', ');
  return [
    name,
    `${seconds.toFixed(1)} s`,
    ms(percentile(result.health, 99)),
    ms(Math.max(...result.health)),
    ms(percentile(result.acks, 99)),
    ms(Math.max(...result.acks)),
    `${result.acks.length}${errors === '' ? '' : ` (${errors})`}`,
    `${ms(lag.p99)} / ${ms(lag.max)}`,
    mb(peak),
    note,
  ];
}

/** 20 sockets at a time say hello since 0 and hang up at their first event, for `seconds`. */
async function replayAndHangUp(wsUrl, token, seconds) {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  const one = () =>
    new Promise((resolve) => {
      const ws = openSocket(wsUrl);
      ws.once('open', () => ws.send(JSON.stringify({ kind: 'hello', token, since: 0 })));
      ws.on('message', (raw) => {
        if (raw.length > 0 && raw.toString('latin1', 0, 40).includes('"seq"')) ws.terminate();
      });
      ws.once('close', () => {
        done += 1;
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (performance.now() < until) await one();
    }),
  );
  return `${done} sockets`;
}

/** One socket reads the whole log from 0 as fast as it can. */
function fastReader(wsUrl, token, lastSeq) {
  return new Promise((resolve) => {
    const ws = openSocket(wsUrl);
    let events = 0;
    let bytes = 0;
    const t0 = performance.now();
    ws.once('open', () => ws.send(JSON.stringify({ kind: 'hello', token, since: 0 })));
    ws.on('message', (raw) => {
      bytes += raw.length;
      const head = raw.toString('latin1', 0, 40);
      if (head.includes('"seq"')) events += 1;
      else if (head.includes('"presence"')) {
        ws.close();
        resolve(`read ${events} of ${lastSeq} events, ${mb(bytes)} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      }
    });
    ws.once('close', (code) => resolve(`closed ${code} after ${events} of ${lastSeq} events`));
  });
}

/** `n` exports at once, each read to the end (and counted, not kept). */
async function exports(base, table, n) {
  const sizes = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise((resolve, reject) => {
          http
            .get(`${base}/api/tables/${table.id}/export`, { headers: { authorization: `Bearer ${table.smithToken}`, 'x-forwarded-for': '10.252.0.1' } }, (res) => {
              if (res.statusCode !== 200) reject(new Error(`export: ${res.statusCode}`));
              let bytes = 0;
              res.on('data', (d) => (bytes += d.length));
              res.on('end', () => resolve(bytes));
            })
            .on('error', reject);
        }),
    ),
  );
  return `${n} exports of ${sizes.map(mb).join(', ')}`;
}

/** Another program holds the write lock for `seconds`. */
async function holdLock(file, seconds) {
  const holder = new Database(file);
  holder.exec('BEGIN IMMEDIATE');
  await new Promise((r) => setTimeout(r, seconds * 1000));
  holder.exec('ROLLBACK');
  holder.close();
  return `write lock held ${seconds} s by another connection`;
}

export async function benchAbuse() {
  const dir = mkdtempSync(join(os.tmpdir(), 'hammercrawl-abuse-'));
  const file = join(dir, 'abuse.db');
  try {
    // Tables are made through the server, then their logs written straight into the stopped store.
    let server = await spawnServer('hammercrawl', [file]);
    const small = await makeTable(server.url, 'Long log');
    const big = await makeTable(server.url, 'Huge log');
    const others = [];
    for (let i = 0; i < OTHER_TABLES; i++) others.push(await makeTable(server.url, `Other ${i}`));
    await server.stop();
    const { openSqliteStore } = await import('../dist/server/storage/sqlite-store.js');
    const store = await openSqliteStore(file);
    await fill(store, small, SMALL_EVENTS, SMALL_TEXT);
    const bigEvents = Math.round((BIG_MB * 1024 * 1024) / BIG_EVENT_TEXT);
    await fill(store, big, bigEvents, BIG_EVENT_TEXT);
    await store.close();
    const dbBytes = statSync(file).size;

    server = await spawnServer('hammercrawl', [file]);
    const rssStart = await server.rss();
    // Both long tables are opened (their logs folded) before anything is measured.
    for (const t of [small, big]) await fetch(`${server.url}/api/tables/${t.id}`, { headers: { authorization: `Bearer ${t.smithToken}`, 'x-forwarded-for': '10.254.0.2' } });
    const rssOpen = await server.rss();
    const probe = new Worker(new URL('./abuse-probe.js', import.meta.url), { workerData: { url: server.url, tables: others.map((t) => ({ id: t.id, token: t.playerToken })) } });
    await new Promise((resolve) => probe.once('message', resolve));
    await new Promise((r) => setTimeout(r, 1000));
    const ws = (t) => `${server.url.replace(/^http/, 'ws')}/api/tables/${t.id}/live`;
    const rows = [];
    rows.push(await phase('quiet', server, probe, async () => (await new Promise((r) => setTimeout(r, 3000)), 'nothing else')));
    rows.push(await phase(`replay, 20 sockets hello since 0 and hang up (${SMALL_EVENTS} events)`, server, probe, () => replayAndHangUp(ws(small), small.smithToken, 8)));
    rows.push(await phase(`a fast reader of the ${BIG_MB} MB log`, server, probe, () => fastReader(ws(big), big.smithToken, bigEvents + 3)));
    rows.push(await phase(`3 concurrent exports of the ${BIG_MB} MB table`, server, probe, () => exports(server.url, big, 3)));
    rows.push(await phase('SQLite write lock held by another program', server, probe, () => holdLock(file, 4)));
    await probe.terminate();
    await server.stop();

    console.log(`\n## Abuse: the rest of the server while one member attacks (real server, SQLite, ${OTHER_TABLES} other tables each rolling every 200 ms)\n`);
    console.log(
      `Database ${mb(dbBytes)}: a table of ${SMALL_EVENTS} events (${SMALL_TEXT}-character chat lines), one of ${bigEvents} events of ${BIG_EVENT_TEXT / 1000} kB (${BIG_MB} MB). Server RSS at start ${mb(rssStart)}, with both tables open ${mb(rssOpen)}. Health: \`GET /api/health\` every 10 ms; acks: the other tables' rolls, sent to ack. Goals: health p99 <= 50 ms, ack max <= 250 ms, RSS < 300 MB.\n`,
    );
    printTable(['attack', 'time', 'health p99', 'health max', 'other acks p99', 'other acks max', 'acks (errors, refused health)', 'server event loop delay p99 / max', 'server RSS peak', 'what the attack did'], rows);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
