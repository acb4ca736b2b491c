// Runs the real `hammercrawl serve` as a child process (the compiled CLI in dist/, built by `npm test`).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/hammercrawl.js', import.meta.url));
const DIST = fileURLToPath(new URL('../../dist/server/main.js', import.meta.url));

/** A server process. */
export interface ServerProcess {
  readonly child: ChildProcess;
  readonly http: string;
  readonly ws: string;
  /** Everything it wrote on stderr (its logs). */
  readonly logs: () => string;
  kill(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `hammercrawl serve --port 0 --db <db>` and waits for its URL line. */
export async function spawnServer(db: string, extra: readonly string[] = []): Promise<ServerProcess> {
  if (!existsSync(DIST)) throw new Error('dist/ is not built: run `npm run build` (npm test does it first)');
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--db', db, '--quiet', ...extra], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => reject(new Error(`server did not start in 20 s: ${stderr}`)), 20_000);
    child.stdout!.on('data', (d: Buffer) => {
      stdout += d.toString();
      const m = /(http:\/\/\S+)/.exec(stdout);
      if (m !== null) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${stderr}`));
    });
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    http: url,
    ws: url.replace(/^http/, 'ws'),
    logs: () => stderr,
    kill: async (signal: NodeJS.Signals = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
