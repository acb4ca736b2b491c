/**
 * `hammercrawl seat`: for a host whose Smith lost every device (or a player theirs), a new seat link
 * made on the table's database itself. The store opens as `serve` opens it (`--db`, default
 * ./data/hammercrawl.sqlite); the server's modules load only when this command runs.
 */
import type { Command } from 'commander';
import { UsageError } from './mechanic.js';
import type { CliIo } from './options.js';

/** Where the seat link points when `--url` is not given: `serve`'s own default address. */
export const DEFAULT_SEAT_URL = 'http://127.0.0.1:8080';

/** Reads `--url`: an http(s) origin, perhaps with a path prefix. */
function parseBase(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`'${value}' is not an address; write it like http://192.168.1.20:8080`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--url must be an http:// or https:// address, got ${url.protocol}//`);
  if (url.search !== '' || url.hash !== '') throw new UsageError('--url is the address players open the table at, without ? or #');
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** Adds `seat` to the program. */
export function addSeatCommand(program: Command, io: CliIo): void {
  program
    .command('seat')
    .description("print a new seat link for the Smith (or --member) of a table: the seat's old token stops working on every device")
    .argument('<tableId>', "the table's id (its address is /t/<tableId>; an id of an older table that starts with '-' goes after '--')")
    .option('--member <name or id>', 'whose seat (default: the Smith)')
    .option('--db <file|url>', 'the database `serve` uses: an SQLite file (default ./data/hammercrawl.sqlite) or a postgres:// URL')
    .option('--url <base>', `the address players open the table at (default ${DEFAULT_SEAT_URL})`)
    .addHelpText('after', '\nExamples:\n  hammercrawl seat Xk3v9Qp2mL0a\n  hammercrawl seat Xk3v9Qp2mL0a --member Ada --url http://192.168.1.20:8080')
    .action(async (tableId: string, flags: { member?: string; db?: string; url?: string }) => {
      const base = parseBase(flags.url ?? DEFAULT_SEAT_URL);
      const [{ DEFAULT_DB }, { openStore, StoreSpecError }, { renewSeatInStore, seatLink, SeatProblem }, { isRulesetId, loadRuleSystem }] = await Promise.all([
        import('../server/main.js'),
        import('../server/storage/open-store.js'),
        import('../server/seats.js'),
        import('../rules/catalogue.js'),
      ]);
      const db = flags.db ?? DEFAULT_DB;
      let store;
      try {
        store = await openStore(db);
      } catch (e) {
        if (e instanceof StoreSpecError) throw new UsageError(`--db: ${e.message}`);
        throw new UsageError(`cannot open the database ${db.startsWith('postgres') ? '(PostgreSQL)' : db}: ${e instanceof Error ? e.message : String(e)}`);
      }
      try {
        const rules = async (id: string) => {
          if (!isRulesetId(id)) throw new UsageError(`the table plays ${id}, a ruleset this version does not have`);
          return loadRuleSystem(id);
        };
        const { member, token } = await renewSeatInStore(store, tableId, flags.member, { rules, now: Date.now() });
        io.stdout(`${seatLink(base, tableId, token)}\n`);
        io.stderr(`a new seat link for ${member.name} (${member.role}); their old token no longer opens the table. Open the link on their device.\n`);
      } catch (e) {
        if (e instanceof SeatProblem) throw new UsageError(e.message);
        throw e;
      } finally {
        await store.close();
      }
    });
}
