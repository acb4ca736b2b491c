/**
 * `hammercrawl serve`: the shared table (HTTP, WebSocket and the web app). The server's modules load
 * only when this command runs, so `roll` and `odds` stay quick to start.
 */
import { InvalidArgumentError, type Command } from 'commander';
import { readAllowedHosts } from '../server/hosts.js';
import type { CliIo } from './options.js';

function parseCount(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > 1_000_000) throw new InvalidArgumentError(`'${value}' is not a count from 1 to 1000000`);
  return n;
}

function parsePort(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 65_535) throw new InvalidArgumentError(`'${value}' is not a port (0 to 65535; 0 picks a free one)`);
  return n;
}

/** Reads one `--allow-host` value (several may follow the flag, or it may be given again). */
function collectHosts(value: string, previous: string[]): string[] {
  const read = readAllowedHosts([value]);
  if (!read.ok) throw new InvalidArgumentError(read.message);
  return [...previous, ...read.hosts];
}

/** Adds `serve` to the program. */
export function addServeCommand(program: Command, io: CliIo): void {
  program
    .command('serve')
    .description('serve the shared table in the browser (http://127.0.0.1:8080 by default)')
    .option('--port <n>', 'port to listen on (default 8080, or $PORT; 0 picks a free port)', parsePort)
    .option('--host <address>', 'address to listen on; 0.0.0.0 lets phones on your network join (default 127.0.0.1)')
    .option('--db <file|url>', 'an SQLite file (default ./data/hammercrawl.sqlite) or a postgres:// URL')
    .option('--bus <url>', 'a redis:// URL, when several server processes serve the same tables')
    .option('--allow-origin <origin...>', 'other origins allowed to open the table WebSocket (e.g. https://table.example)')
    .option('--allow-host <name...>', 'host names the server answers to besides its addresses and localhost (e.g. table.example behind a proxy; * for any)', collectHosts, [])
    .option('--trust-proxy', 'behind a reverse proxy: read client addresses from X-Forwarded-For')
    .option('--tables-per-minute <n>', 'tables one address may create per minute (default 10)', parseCount)
    .option('--joins-per-minute <n>', 'joins one address may make per minute (default 30)', parseCount)
    .option('--quiet', 'log warnings and errors only')
    .addHelpText('after', '\nExamples:\n  hammercrawl serve\n  hammercrawl serve --host 0.0.0.0 --port 3000\n  hammercrawl serve --db postgres://user@db.example/hammercrawl --bus redis://cache.example:6379')
    .action((flags: { port?: number; host?: string; db?: string; bus?: string; allowOrigin?: string[]; allowHost?: string[]; trustProxy?: boolean; quiet?: boolean; tablesPerMinute?: number; joinsPerMinute?: number }) => {
      if (io.launch === undefined) throw new Error('serve needs an io that can run a long task');
      const envPort = process.env['PORT'];
      const port = flags.port ?? (envPort !== undefined && envPort !== '' ? parsePort(envPort) : undefined);
      io.launch(async () => {
        const { serve } = await import('../server/main.js');
        return serve(
          {
            ...(port !== undefined ? { port } : {}),
            ...(flags.host !== undefined ? { host: flags.host } : {}),
            ...(flags.db !== undefined ? { db: flags.db } : {}),
            ...(flags.bus !== undefined ? { bus: flags.bus } : {}),
            ...(flags.allowOrigin !== undefined ? { allowOrigin: flags.allowOrigin } : {}),
            ...(flags.allowHost !== undefined && flags.allowHost.length > 0 ? { allowHost: flags.allowHost } : {}),
            ...(flags.trustProxy === true ? { trustProxy: true } : {}),
            ...(flags.tablesPerMinute !== undefined ? { tablesPerMinute: flags.tablesPerMinute } : {}),
            ...(flags.joinsPerMinute !== undefined ? { joinsPerMinute: flags.joinsPerMinute } : {}),
            logLevel: flags.quiet === true ? 'warn' : 'info',
          },
          io,
        );
      });
    });
}
