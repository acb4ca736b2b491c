// The table soak (shared/design/quality-goals.md): 50 tables x 8 clients rolling every 2 s against a
// real `hammercrawl serve` process for 10 minutes (HAMMERCRAWL_SOAK_SECONDS, default 600), through
// bench/table-soak.js. Goal: 0 lost, 0 duplicated, 0 out-of-order events per client; ack p99 printed.
// Not part of the default `npm run bench`: run `npm run bench soak` (or `node bench/server-soak.js`).
import { spawn } from 'node:child_process';
import os from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printTable } from './harness.js';
import { runSoak } from './table-soak.js';

const BIN = fileURLToPath(new URL('../bin/hammercrawl.js', import.meta.url));

/** Starts `hammercrawl serve` on a free port; resolves with { url, stop() } once it printed its URL. */
function startServe(db) {
  const child = spawn(
    process.execPath,
    [BIN, 'serve', '--port', '0', '--db', db, '--tables-per-minute', '1000', '--joins-per-minute', '10000', '--quiet'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (d) => {
      out += d;
      const nl = out.indexOf('\n');
      if (nl < 0) return;
      child.stdout.off('data', onData);
      child.stdout.resume();
      const m = /(https?:\/\/\S+)/.exec(out.slice(0, nl));
      if (m === null) return reject(new Error(`serve printed no URL: ${out.slice(0, nl)}`));
      resolve({
        url: m[1],
        pid: child.pid,
        stderr: () => stderr,
        stop: async () => {
          const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
          child.kill('SIGTERM');
          const result = await exited;
          clearTimeout(timer);
          return result;
        },
      });
    };
    child.stdout.on('data', onData);
    exited.then(({ code, signal }) => reject(new Error(`serve exited (${code ?? signal}) before printing its URL: ${stderr}`)));
  });
}

/** Runs the soak and prints its figures. */
export async function benchSoak({ seconds = Number(process.env.HAMMERCRAWL_SOAK_SECONDS ?? 600), tables = 50, clients = 8, intervalMs = 2000 } = {}) {
  const dir = mkdtempSync(join(os.tmpdir(), 'hc-bench-soak-'));
  const db = join(dir, 'soak.sqlite');
  console.log(
    `\n## Table soak: ${tables} tables x ${clients} clients, a roll every ${intervalMs / 1000} s per client, for ${seconds} s\n\n` +
      `Server: \`node bin/hammercrawl.js serve --port 0 --db ${db} --tables-per-minute 1000 --joins-per-minute 10000 --quiet\` ` +
      `(default store: SQLite, WAL, synchronous=FULL; default per-client roll limit). Clients in this process (bench/table-soak.js). ` +
      `Goal: 0 lost, 0 duplicated, 0 out-of-order events per client.\n`,
  );
  const server = await startServe(db);
  let figures;
  const started = performance.now();
  try {
    figures = await runSoak({ base: server.url, tables, clients, seconds, intervalMs });
  } finally {
    const exit = await server.stop();
    if (exit.code !== 0) console.log(`(the server exited with ${exit.code ?? exit.signal}; its stderr: ${server.stderr().trim() || 'empty'})`);
    rmSync(dir, { recursive: true, force: true });
  }
  const errors = Object.entries(figures.errors).map(([code, n]) => `${n} x ${code}`).join(', ') || 'none';
  printTable(
    ['tables', 'clients', 'seconds', 'events', 'acks', 'unanswered', 'lost', 'duplicated', 'out of order', 'errors', 'disconnected', 'ack p50', 'ack p99'],
    [
      [
        figures.tables,
        figures.clients,
        figures.seconds,
        figures.events,
        figures.acks,
        figures.unanswered,
        figures.lost,
        figures.duplicated,
        figures.outOfOrder,
        errors,
        figures.disconnected,
        `${figures.ackP50Ms.toFixed(2)} ms`,
        `${figures.ackP99Ms.toFixed(2)} ms`,
      ].map(String),
    ],
  );
  console.log(`\n(wall time ${((performance.now() - started) / 1000).toFixed(0)} s including setup and drain)`);
  return figures;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchSoak();
