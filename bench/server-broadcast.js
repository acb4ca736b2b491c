// WebSocket broadcast to a 50-client table against a raw `ws` broadcast. Servers run in child
// processes (bench/server-child.js); the 50 clients run in this process. One message at a time: the
// roller (one of the 50 clients) sends, and the next message goes once all 50 clients got this one.
// Figures: server CPU per broadcast message (process.cpuUsage of the server child over the round,
// divided by the messages) and the last client's latency (roller's send to the 50th client's receipt).
// Goals (shared/design/quality-goals.md): CPU per message <= 1.5x raw ws; last client p99 <= 5 ms.
import os from 'node:os';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { median, printTable } from './harness.js';
import { makeTable } from './server-http.js';
import { spawnServer } from './server-child.js';

const CLIENTS = 50;
const TIMEOUT_MS = 5000;

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function open(url) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/**
 * 50 connected clients of one server. `kind` 'hammercrawl' (hello with a member token each, the
 * roller sends roll commands and also waits for its ack) or 'raw' (the roller sends a frame that the
 * server relays). Returns { send(n) -> Promise<last-client latency ms or null on timeout>, close() }.
 */
async function connectTable(kind, server, { frameBytes = 0 } = {}) {
  let current = null; // { requestId, t0, got, needAck, resolve, timer }
  let lastFrameBytes = 0;
  const clients = [];
  let tokens = [];
  let wsUrl;
  if (kind === 'hammercrawl') {
    const table = await makeTable(server.url, CLIENTS - 1);
    tokens = table.tokens;
    wsUrl = `${server.url.replace(/^http/, 'ws')}/api/tables/${table.id}/live`;
  } else wsUrl = server.url.replace(/^http/, 'ws');
  const settle = () => {
    if (current === null || current.got < CLIENTS || current.needAck) return;
    const c = current;
    current = null;
    clearTimeout(c.timer);
    c.resolve(c.last - c.t0);
  };
  for (let i = 0; i < CLIENTS; i++) {
    const ws = await open(wsUrl);
    ws.on('error', () => undefined);
    if (kind === 'hammercrawl') {
      await new Promise((resolve, reject) => {
        ws.once('message', (raw) => {
          const f = JSON.parse(raw.toString());
          if (f.kind === 'welcome') resolve();
          else reject(new Error(`no welcome: ${raw}`));
        });
        ws.send(JSON.stringify({ kind: 'hello', token: tokens[i], since: 0 }));
      });
    }
    ws.on('message', (raw) => {
      const at = performance.now();
      const f = JSON.parse(raw.toString());
      if (current === null || f.requestId !== current.requestId) return;
      if (f.kind === 'ack') current.needAck = false;
      else if (f.kind === 'rolled' || f.kind === 'relay') {
        current.got += 1;
        current.last = at;
        lastFrameBytes = raw.length;
      } else if (f.kind === 'error') console.error(`server refused a roll: ${raw}`); // it times out
      settle();
    });
    clients.push(ws);
  }
  const pad = (requestId) => {
    const base = { kind: 'relay', requestId, pad: '' };
    base.pad = 'x'.repeat(Math.max(0, frameBytes - Buffer.byteLength(JSON.stringify(base))));
    return JSON.stringify(base);
  };
  let n = 0;
  return {
    get frameBytes() {
      return lastFrameBytes;
    },
    send() {
      const requestId = `w${++n}`;
      const text = kind === 'hammercrawl' ? JSON.stringify({ kind: 'roll', requestId, notation: '2d20kh1+3', visibility: 'public' }) : pad(requestId);
      return new Promise((resolve) => {
        current = { requestId, t0: 0, got: 0, last: 0, needAck: kind === 'hammercrawl', resolve, timer: null };
        current.timer = setTimeout(() => {
          current = null;
          resolve(null);
        }, TIMEOUT_MS);
        current.t0 = performance.now();
        clients[0].send(text);
      });
    },
    get events() {
      return n;
    },
    close() {
      for (const ws of clients) ws.terminate();
    },
  };
}

/** Runs the benchmark and prints its tables. Rounds interleave the servers; CPU figures are medians. */
export async function benchServerBroadcast({
  rounds = Number(process.env.HAMMERCRAWL_BENCH_ROUNDS ?? 5),
  messages = Number(process.env.HAMMERCRAWL_BENCH_MESSAGES ?? 150),
} = {}) {
  const diskDir = mkdtempSync(join(os.tmpdir(), 'hc-bench-ws-'));
  const shmDir = existsSync('/dev/shm') ? mkdtempSync('/dev/shm/hc-bench-ws-') : null;
  const execArgv = process.env.HAMMERCRAWL_BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.HAMMERCRAWL_BENCH_PROF] : [];
  const servers = [];
  const tables = [];
  try {
    const raw = await spawnServer('raw-ws', [], { execArgv });
    servers.push(raw);
    const disk = await spawnServer('hammercrawl', [join(diskDir, 'bench.sqlite')], { execArgv });
    servers.push(disk);
    const shm = shmDir === null ? null : await spawnServer('hammercrawl', [join(shmDir, 'bench.sqlite')], { execArgv });
    if (shm !== null) servers.push(shm);

    const targets = { ours: { server: disk, table: await connectTable('hammercrawl', disk) } };
    tables.push(targets.ours.table);
    if (shm !== null) {
      targets.oursTmpfs = { server: shm, table: await connectTable('hammercrawl', shm) };
      tables.push(targets.oursTmpfs.table);
    }
    // Warm up ours first: the raw frames are padded to the size of our `rolled` frame.
    for (const k of Object.keys(targets)) for (let i = 0; i < 30; i++) await targets[k].table.send();
    const frameBytes = targets.ours.table.frameBytes;
    const rawTable = await connectTable('raw', raw, { frameBytes });
    tables.push(rawTable);
    for (let i = 0; i < 30; i++) await rawTable.send();
    const all = { raw: { server: raw, table: rawTable }, ...targets };
    const names = Object.keys(all);
    const cpu = Object.fromEntries(names.map((k) => [k, []]));
    const sys = Object.fromEntries(names.map((k) => [k, []]));
    const lat = Object.fromEntries(names.map((k) => [k, []]));
    const timeouts = Object.fromEntries(names.map((k) => [k, 0]));
    for (let r = 0; r < rounds; r++) {
      for (const k of names) {
        const { server, table } = all[k];
        const before = await server.cpu();
        for (let i = 0; i < messages; i++) {
          const ms = await table.send();
          if (ms === null) timeouts[k] += 1;
          else lat[k].push(ms);
        }
        const after = await server.cpu();
        cpu[k].push((after.user - before.user + after.system - before.system) / messages);
        sys[k].push((after.system - before.system) / messages);
      }
    }
    const cpuMed = Object.fromEntries(names.map((k) => [k, median(cpu[k])]));
    const sysMed = Object.fromEntries(names.map((k) => [k, median(sys[k])]));
    const sorted = Object.fromEntries(names.map((k) => [k, [...lat[k]].sort((a, b) => a - b)]));
    const label = {
      raw: 'raw `ws` relay',
      ours: `table server, SQLite on ${os.tmpdir()} (default store)`,
      oursTmpfs: 'table server, SQLite on tmpfs /dev/shm (fsync free)',
    };
    console.log(`\n## WebSocket broadcast to a ${CLIENTS}-client table vs raw \`ws\` (${rounds} interleaved rounds of ${messages} messages, one at a time)\n`);
    console.log(
      `Servers in child processes; the ${CLIENTS} clients (the roller is one of them) in this process, so the last-client time includes this process reading ${CLIENTS} frames. ` +
        `Ours: a \`roll\` command (\`2d20kh1+3\`, public) committed to SQLite (synchronous=FULL) then broadcast as a ${frameBytes}-byte \`rolled\` frame to all ${CLIENTS} members; ` +
        `the roller also waits for its ack before the next roll. Raw: the roller's ${frameBytes}-byte text frame relayed to all ${CLIENTS} clients. ` +
        `Per-client roll limit raised (1e9/s). Each table server's table holds 51 setup events plus up to ${all.ours.table.events} rolls by the end. CPU: user+system of the server process per message, median of rounds.\n`,
    );
    printTable(
      ['server', 'server CPU per message', 'of which system', 'ratio to raw (goal <= 1.5x)', 'last client p50', 'last client p99 (goal <= 5 ms)', 'max', 'timeouts'],
      names.map((k) => [
        label[k],
        `${cpuMed[k].toFixed(0)} us`,
        `${sysMed[k].toFixed(0)} us`,
        `${(cpuMed[k] / cpuMed.raw).toFixed(2)}x`,
        `${percentile(sorted[k], 50).toFixed(2)} ms`,
        `${percentile(sorted[k], 99).toFixed(2)} ms`,
        `${sorted[k][sorted[k].length - 1].toFixed(2)} ms`,
        String(timeouts[k]),
      ]),
    );
    return { cpu: cpuMed, p50: Object.fromEntries(names.map((k) => [k, percentile(sorted[k], 50)])), p99: Object.fromEntries(names.map((k) => [k, percentile(sorted[k], 99)])) };
  } finally {
    for (const t of tables) t.close();
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(diskDir, { recursive: true, force: true });
    if (shmDir !== null) rmSync(shmDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === new URL(import.meta.url).pathname) await benchServerBroadcast();
