/**
 * Browser-test harness: the real table server as a child process (`hammercrawl serve --port 0` on a
 * temporary SQLite file; its URL read from stdout) and Debian's Chromium driven by playwright-core.
 * It builds nothing: the test command runs `npm run build` first (dist/ and dist/web/).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

/** Where Chromium is: `CHROMIUM_PATH`, else Debian's. */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** Why the browser tests cannot run here, or null when they can. */
export function skipReason(): string | null {
  if (!existsSync(CHROMIUM_PATH)) return `Chromium not found at ${CHROMIUM_PATH} (apt-get install -y chromium, or set CHROMIUM_PATH): browser tests skipped`;
  if (!existsSync(join(ROOT, 'dist', 'web', 'index.html'))) return 'dist/web/index.html is missing (run npm run build first): browser tests skipped';
  return null;
}

/** Where screenshots go (git-ignored). */
export const SCREENSHOTS = join(ROOT, 'test', 'browser', 'screenshots');

/** A running server. */
export interface TestServer {
  readonly url: string;
  /** Everything the server wrote, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

/** Time allowed for the server to print its address. */
const START_TIMEOUT_MS = 30_000;

/**
 * Starts `node bin/hammercrawl.js serve --port 0 --db <temp file>` (with table-creation and join limits
 * raised: the suite makes a dozen tables within a minute from one address) and resolves with its address,
 * read from the first stdout line that names one. `HAMMERCRAWL_SERVE` may name another entry script
 * (taking the same arguments) for development.
 */
export async function startServer(): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'hammercrawl-web-'));
  const db = join(dir, 'table.sqlite');
  const entry = process.env['HAMMERCRAWL_SERVE'] ?? join(ROOT, 'bin', 'hammercrawl.js');
  const child: ChildProcess = spawn(process.execPath, [entry, 'serve', '--port', '0', '--db', db, '--quiet', '--tables-per-minute', '1000', '--joins-per-minute', '1000'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'test' },
  });
  let out = '';
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server printed no address within ${START_TIMEOUT_MS} ms:\n${out}`)), START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const m = /http:\/\/(?:127\.0\.0\.1|localhost|\[::1\]):\d+/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolveUrl(m[0]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => {
      out += c.toString('utf8');
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before printing its address:\n${out}`));
    });
  });
  return {
    url,
    output: () => out,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((r) => child.once('exit', () => r()));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Launches headless Chromium with the flags these machines need. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}
