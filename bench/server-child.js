// A server for the server benchmarks, run in a child process so the load generator and the server
// do not share a thread. Started with `fork` (an IPC channel): it answers `{ cmd: 'cpu' }` with its
// own process.cpuUsage(), `{ cmd: 'rss' }` with its resident set size, `{ cmd: 'lag' }` with its event
// loop delay since the last ask (p99 and max, ms), and stops on `{ cmd: 'stop' }`. Kinds (argv[2]):
//   hammercrawl <db file>: the real table server (buildServer over the SQLite store and the local
//     bus, hammercrawl ruleset), with the per-client roll limit set high (rollsPerSecond and
//     rollBurst 1e9, and the other command limits with them) and trustProxy on, so the driver can spread requests over X-Forwarded-For
//     addresses and stay under the per-address request limit (the rate-limit plugin still runs on
//     every request). No request logging (logLevel false), no web app.
//   hammercrawl-verifiable <db file>: the same with verifiable rolls (every roll derived from an epoch key).
//   hello: a fastify hello-world, `GET /` -> { hello: 'world' } (and the same answer on
//     `POST /api/tables/:id/rolls`, so the same request bytes can be sent to both servers).
//   raw-ws: a plain `ws` server that relays each text frame it receives to every connected client.
// The parent also imports `spawnServer` from this file.
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const SELF = fileURLToPath(import.meta.url);

/**
 * Forks this file as a server of `kind`; resolves once it listens with
 * `{ url, port, pid, cpu(): Promise<{user, system}>, rss(): Promise<bytes>, lag(): Promise<{p99, max}>, stop(): Promise<void> }`
 * (cpu in microseconds, lag in ms).
 */
export function spawnServer(kind, args = [], { execArgv = [] } = {}) {
  const child = fork(SELF, [kind, ...args], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv });
  return new Promise((resolve, reject) => {
    const waiting = [];
    const rssWaiting = [];
    const lagWaiting = [];
    let exited = false;
    child.on('message', (m) => {
      if (m.ready) {
        resolve({
          url: m.url,
          port: m.port,
          pid: child.pid,
          cpu: () =>
            new Promise((res) => {
              waiting.push(res);
              child.send({ cmd: 'cpu' });
            }),
          lag: () =>
            new Promise((res) => {
              lagWaiting.push(res);
              child.send({ cmd: 'lag' });
            }),
          rss: () =>
            new Promise((res) => {
              rssWaiting.push(res);
              child.send({ cmd: 'rss' });
            }),
          stop: () =>
            new Promise((res) => {
              if (exited) return res();
              const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
              child.once('exit', () => {
                clearTimeout(timer);
                res();
              });
              child.send({ cmd: 'stop' });
            }),
        });
      } else if (m.cpu) waiting.shift()?.(m.cpu);
      else if (m.rss !== undefined) rssWaiting.shift()?.(m.rss);
      else if (m.lag !== undefined) lagWaiting.shift()?.(m.lag);
      else if (m.error) reject(new Error(`server child (${kind}): ${m.error}`));
    });
    child.on('exit', (code) => {
      exited = true;
      reject(new Error(`server child (${kind}) exited with ${code}`));
    });
  });
}

async function main(kind, args) {
  let close = async () => undefined;
  let server;
  if (kind === 'hammercrawl' || kind === 'hammercrawl-verifiable') {
    const [{ buildServer }, { openSqliteStore }, { createLocalBus }, { loadRuleSystem }] = await Promise.all([
      import('../dist/server/app.js'),
      import('../dist/server/storage/sqlite-store.js'),
      import('../dist/server/bus/local-bus.js'),
      import('../dist/rules/catalogue.js'),
    ]);
    const store = await openSqliteStore(args[0]);
    await store.migrate();
    const bus = createLocalBus();
    const rules = new Map([['hammercrawl', await loadRuleSystem('hammercrawl')]]);
    const app = await buildServer({
      store,
      bus,
      rules,
      verifiableRolls: kind === 'hammercrawl-verifiable',
      logLevel: false,
      webRoot: null,
      trustProxy: true,
      // As `hammercrawl serve` on SQLite without a bus: the only writer of its store.
      isSoleWriter: true,
      rollsPerSecond: 1e9,
      rollBurst: 1e9,
      // The other command limits too (a table's commands, the log budgets): the benchmark measures speed, not the limits.
      commandLimits: { commands: { perSecond: 1e9, burst: 1e9 }, table: { perSecond: 1e9, burst: 1e9 }, memberBytes: { perSecond: 1e12, burst: 1e12 }, tableBytes: { perSecond: 1e12, burst: 1e12 } },
      tablesPerMinute: 1e6,
      joinsPerMinute: 1e6,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    server = app.server;
    close = async () => {
      await app.close();
      await bus.close();
      await store.close();
    };
  } else if (kind === 'hello') {
    const { default: Fastify } = await import('fastify');
    const app = Fastify({ logger: false });
    app.get('/', async () => ({ hello: 'world' }));
    app.post('/api/tables/:id/rolls', async () => ({ hello: 'world' }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    server = app.server;
    close = () => app.close();
  } else if (kind === 'raw-ws') {
    const { WebSocketServer } = await import('ws');
    server = createServer((_req, res) => res.writeHead(404).end());
    const wss = new WebSocketServer({ server, maxPayload: 256 * 1024 });
    wss.on('connection', (socket) => {
      socket.on('message', (data, isBinary) => {
        for (const client of wss.clients) if (client.readyState === 1) client.send(data, { binary: isBinary });
      });
      socket.on('error', () => undefined);
    });
    await new Promise((r) => server.listen(0, '127.0.0.1', r));
    close = async () => {
      for (const c of wss.clients) c.terminate();
      await new Promise((r) => wss.close(r));
      await new Promise((r) => server.close(r));
    };
  } else {
    throw new Error(`unknown server kind ${kind}`);
  }
  const { port } = server.address();
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  process.on('message', (m) => {
    if (m.cmd === 'cpu') process.send({ cpu: process.cpuUsage() });
    else if (m.cmd === 'rss') process.send({ rss: process.memoryUsage().rss });
    else if (m.cmd === 'lag') {
      // The event loop's delay since the last ask (ms): how long the server kept everything waiting.
      process.send({ lag: { p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 } });
      delay.reset();
    }
    else if (m.cmd === 'stop') {
      const done = () => process.exit(0);
      close().then(done, done);
    }
  });
  process.on('disconnect', () => process.exit(0));
  process.send({ ready: true, url: `http://127.0.0.1:${port}`, port });
}

if (process.argv[1] === SELF && process.send !== undefined) {
  main(process.argv[2], process.argv.slice(3)).catch((e) => {
    process.send({ error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
    process.exit(1);
  });
}
