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

function health() {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const req = http.get(`${url}/api/health`, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(performance.now() - t0));
    });
    req.on('error', () => resolve(NaN));
  });
}

async function healthLoop() {
  for (;;) {
    const ms = await health();
    if (samples !== null) samples.health.push(ms);
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
