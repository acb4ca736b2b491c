// The table soak: many tables, several clients each, rolling for a while against a running server.
// Every client checks that it receives every event of its table once, in seq order, without gaps.
// Used by the integration test (60 s) and by `npm run bench soak` (10 min).
import WebSocket from 'ws';

async function post(base, path, body) {
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function getLog(base, tableId, token) {
  const res = await fetch(`${base}/api/tables/${tableId}/log?since=0&limit=1`, { headers: { authorization: `Bearer ${token}` } });
  return res.json();
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** One client: connects, says hello, rolls every `intervalMs`, checks seqs. */
function startClient(base, tableId, token, intervalMs, stats) {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/tables/${tableId}/live`);
  const client = { lastSeq: 0, gaps: 0, duplicates: 0, outOfOrder: 0, sent: new Map(), acks: 0, errors: 0, timer: null, ws, closed: false };
  let n = 0;
  ws.on('open', () => ws.send(JSON.stringify({ kind: 'hello', token, since: 0 })));
  ws.on('message', (raw) => {
    const f = JSON.parse(raw.toString());
    if (f.kind === 'welcome') {
      client.timer = setInterval(() => {
        const requestId = `q${++n}`;
        client.sent.set(requestId, performance.now());
        ws.send(JSON.stringify({ kind: 'roll', requestId, notation: '2d20kh1+3', visibility: 'public' }));
      }, intervalMs);
      // Spread the clients' ticks.
      return;
    }
    if (f.kind === 'ack') {
      const t = client.sent.get(f.requestId);
      if (t !== undefined) stats.ackMs.push(performance.now() - t);
      client.sent.delete(f.requestId);
      client.acks += 1;
      return;
    }
    if (f.kind === 'error') {
      client.errors += 1;
      stats.errorCodes[f.code] = (stats.errorCodes[f.code] ?? 0) + 1;
      return;
    }
    if (typeof f.seq === 'number') {
      if (f.seq === client.lastSeq + 1) client.lastSeq = f.seq;
      else if (f.seq <= client.lastSeq) client.duplicates += 1;
      else {
        client.gaps += 1;
        client.outOfOrder += 1;
        client.lastSeq = f.seq;
      }
    }
  });
  ws.on('close', () => {
    client.closed = true;
    clearInterval(client.timer);
  });
  ws.on('error', () => undefined);
  return client;
}

/**
 * Runs the soak against `base` (http://host:port): `tables` tables of one Smith and `clients - 1`
 * players, each client rolling every `intervalMs`, for `seconds`. Returns the figures.
 */
export async function runSoak({ base, tables = 50, clients = 8, seconds = 60, intervalMs = 2000 }) {
  const stats = { ackMs: [], errorCodes: {} };
  const all = [];
  const setups = [];
  for (let t = 0; t < tables; t++) {
    const table = await post(base, '/api/tables', { name: `Soak ${t}`, ruleset: 'hammercrawl' });
    const tokens = [table.smithToken];
    for (let c = 1; c < clients; c++) tokens.push((await post(base, `/api/tables/${table.id}/players`, { inviteCode: table.inviteCode, name: `P${c}` })).token);
    setups.push({ id: table.id, smithToken: table.smithToken, clients: tokens.map((token) => ({ token })) });
  }
  for (const s of setups) {
    for (const c of s.clients) {
      // Stagger starts over one interval so rolls are spread evenly.
      await new Promise((r) => setTimeout(r, intervalMs / (tables * clients)));
      c.client = startClient(base, s.id, c.token, intervalMs, stats);
      all.push(c.client);
    }
  }
  await new Promise((r) => setTimeout(r, seconds * 1000));
  for (const c of all) clearInterval(c.timer);
  // Let the last acks and broadcasts arrive.
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline && all.some((c) => c.sent.size > 0 && !c.closed)) await new Promise((r) => setTimeout(r, 100));
  await new Promise((r) => setTimeout(r, 500));
  let lost = 0;
  let events = 0;
  for (const s of setups) {
    const log = await getLog(base, s.id, s.smithToken);
    events += log.lastSeq;
    for (const c of s.clients) if (c.client.lastSeq !== log.lastSeq) lost += log.lastSeq - c.client.lastSeq;
  }
  for (const c of all) c.ws.close();
  const ack = [...stats.ackMs].sort((a, b) => a - b);
  return {
    tables,
    clients: tables * clients,
    seconds,
    events,
    acks: all.reduce((n, c) => n + c.acks, 0),
    unanswered: all.reduce((n, c) => n + c.sent.size, 0),
    lost,
    duplicated: all.reduce((n, c) => n + c.duplicates, 0),
    outOfOrder: all.reduce((n, c) => n + c.outOfOrder, 0),
    errors: stats.errorCodes,
    disconnected: all.filter((c) => c.closed).length,
    ackP50Ms: percentile(ack, 50),
    ackP99Ms: percentile(ack, 99),
  };
}
