// The quiet side of `npm run bench abuse`, in a worker thread of its own so that the attack's
// clients (in the main thread) never delay what it measures: `GET /api/health` every 10 ms, and on
// each of the "other" tables one player rolling every 200 ms on its socket (ack latency). The main
// thread posts { phase } to start a phase and { stop: true } to end it; the worker answers with the
// phase's latencies { health: [ms...], acks: [ms...], errors: { code: n } }.
import { parentPort, workerData } from 'node:worker_threads';
import http from 'node:http';
import WebSocket from 'ws';

const { url, tables } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
let samples = null;

let sent = 0;
/** One `GET /api/health`: its latency in ms, or its status when not 200. */
function health() {
  return new Promise((resolve) => {
    const t0 = performance.now();
    // The server trusts X-Forwarded-For (bench/server-child.js): each probe comes from its own
    // address, so the per-address request limit never answers in its place.
    sent += 1;
    const headers = { 'x-forwarded-for': `10.253.${(sent >> 8) & 255}.${sent & 255}` };
    const req = http.get(`${url}/api/health`, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200 ? performance.now() - t0 : `health ${res.statusCode}`));
    });
    req.on('error', () => resolve('health error'));
  });
}

async function healthLoop() {
  for (;;) {
    const ms = await health();
    if (samples !== null && typeof ms === 'number') samples.health.push(ms);
    else if (samples !== null) samples.errors[ms] = (samples.errors[ms] ?? 0) + 1;
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function roller({ id, token }, index) {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/tables/${id}/live`, { perMessageDeflate: false });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const sent = new Map();
  let welcomed;
  const ready = new Promise((r) => (welcomed = r));
  ws.on('message', (raw) => {
    const f = JSON.parse(raw.toString());
    if (f.kind === 'presence') welcomed();
    if ((f.kind === 'ack' || f.kind === 'error') && sent.has(f.requestId)) {
      const ms = performance.now() - sent.get(f.requestId);
      sent.delete(f.requestId);
      if (samples === null) return;
      if (f.kind === 'ack') samples.acks.push(ms);
      else samples.errors[f.code] = (samples.errors[f.code] ?? 0) + 1;
    }
  });
  ws.send(JSON.stringify({ kind: 'hello', token, since: 1_000_000 }));
  await ready;
  let n = 0;
  // Staggered so the tables' rolls do not all fall in the same millisecond.
  await new Promise((r) => setTimeout(r, index * 23));
  for (;;) {
    const requestId = `probe-${index}-${n++}`;
    sent.set(requestId, performance.now());
    ws.send(JSON.stringify({ kind: 'roll', requestId, notation: '1d20', visibility: 'public' }));
    await new Promise((r) => setTimeout(r, 200));
  }
}

parentPort.on('message', (m) => {
  if (m.phase !== undefined) samples = { health: [], acks: [], errors: {} };
  else if (m.stop) {
    parentPort.postMessage(samples);
    samples = null;
  }
});
void healthLoop();
tables.forEach((t, i) => void roller(t, i));
parentPort.postMessage({ ready: true });
