/**
 * `hammercrawl serve` and `npm start`: opens the store and the bus, loads the rulesets, serves the
 * table and the web app, and shuts down cleanly on SIGINT/SIGTERM.
 */
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { loadAllRuleSystems } from '../rules/catalogue.js';
import { buildServer } from './app.js';
import { createLocalBus } from './bus/local-bus.js';
import { openRedisBus } from './bus/redis-bus.js';
import { openRateRedis, redisRates, type RateStore } from './rates.js';
import { openStore } from './storage/open-store.js';
import type { EventBus, TableStore } from './storage/types.js';

/** Default port (`--port`, or the PORT environment variable). */
export const DEFAULT_PORT = 8080;
/** Default address: this machine only; `--host 0.0.0.0` lets phones on the network join. */
export const DEFAULT_HOST = '127.0.0.1';
/** Default database: an SQLite file under ./data, created on first start. */
export const DEFAULT_DB = './data/hammercrawl.sqlite';

/** Options of `serve`. */
export interface ServeOptions {
  readonly port?: number;
  readonly host?: string;
  /** An SQLite file or a postgres:// URL. */
  readonly db?: string;
  /** A redis:// URL for several server processes; none for one process. */
  readonly bus?: string;
  readonly allowOrigin?: readonly string[];
  /** Host names to answer to besides addresses and localhost (`--allow-host`; `*` for any). */
  readonly allowHost?: readonly string[];
  readonly logLevel?: string | false;
  readonly trustProxy?: boolean;
  readonly tablesPerMinute?: number;
  readonly joinsPerMinute?: number;
  /** The built web app; default: dist/web beside the compiled server. */
  readonly webRoot?: string | null;
}

/** A running server. */
export interface RunningServer {
  readonly url: string;
  readonly app: FastifyInstance;
  close(): Promise<void>;
}

/** Where the built web app is, relative to this compiled file (dist/server -> dist/web). */
export function defaultWebRoot(): string {
  return fileURLToPath(new URL('../web/', import.meta.url));
}

/** Starts a server; resolves once it listens. */
export async function startServer(options: ServeOptions = {}): Promise<RunningServer> {
  const rules = await loadAllRuleSystems();
  const store: TableStore = await openStore(options.db ?? DEFAULT_DB);
  let bus: EventBus | null = null;
  let rates: RateStore | undefined;
  try {
    await store.migrate();
    const openBus = options.bus === undefined ? createLocalBus() : await openRedisBus(options.bus);
    bus = openBus;
    // With a Redis bus, the rate limits are shared there: every process gives a member one budget.
    rates = options.bus === undefined ? undefined : redisRates(openRateRedis(options.bus), Date.now);
    const app = await buildServer({
      ...(rates !== undefined ? { rates } : {}),
      store,
      bus: openBus,
      // One process on its own SQLite file: every event is this process's own.
      isSoleWriter: options.bus === undefined && store.kind === 'sqlite',
      rules,
      verifiableRolls: true,
      webRoot: options.webRoot === undefined ? defaultWebRoot() : options.webRoot,
      allowedOrigins: options.allowOrigin ?? [],
      allowedHosts: options.allowHost ?? [],
      ...(options.logLevel !== undefined ? { logLevel: options.logLevel } : {}),
      ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
      ...(options.tablesPerMinute !== undefined ? { tablesPerMinute: options.tablesPerMinute } : {}),
      ...(options.joinsPerMinute !== undefined ? { joinsPerMinute: options.joinsPerMinute } : {}),
    });
    const host = options.host ?? DEFAULT_HOST;
    await app.listen({ port: options.port ?? DEFAULT_PORT, host });
    const address = app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : (options.port ?? DEFAULT_PORT);
    const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
    return {
      url: `http://${shownHost}:${port}`,
      app,
      close: async () => {
        await app.close();
        await rates?.close();
        await openBus.close();
        await store.close();
      },
    };
  } catch (e) {
    await rates?.close().catch(() => undefined);
    await bus?.close().catch(() => undefined);
    await store.close().catch(() => undefined);
    throw e;
  }
}

/** Runs `serve` until a signal: prints the URL on the first line of stdout. */
export async function serve(options: ServeOptions, io: { stdout(s: string): void; stderr(s: string): void }): Promise<number> {
  let server: RunningServer;
  try {
    server = await startServer(options);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    io.stderr(`hammercrawl: cannot start the server: ${message}\n`);
    return 1;
  }
  io.stdout(`hammercrawl table at ${server.url}\n`);
  const where = options.db ?? DEFAULT_DB;
  io.stderr(`database: ${where.startsWith('postgres') ? 'PostgreSQL' : where}; stop with Ctrl+C\n`);
  if ((options.host ?? DEFAULT_HOST) === DEFAULT_HOST) io.stderr('only this machine can connect; to let players on your network join, add --host 0.0.0.0\n');
  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (): void => {
      if (stopping) return;
      stopping = true;
      io.stderr('stopping: closing connections and the database\n');
      server.close().then(
        () => {
          io.stderr('stopped\n');
          resolve(0);
        },
        () => resolve(1),
      );
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
