/**
 * `hammercrawl verify <table-export.json>`: every revealed roll of a table's export recomputed from
 * its epoch's key and compared with the log, every revealed key checked against its commitment
 * (src/table/verify.ts). Prints one line, "N rolls verified, 0 mismatches, M not yet revealed,
 * K physical dice (not verifiable)", then each problem; exit 1 on any mismatch.
 */
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { isRulesetId, loadRuleSystem } from '../rules/catalogue.js';
import { verifyLog, verifySummary, type VerifyReport } from '../table/verify.js';
import { UsageError } from './mechanic.js';
import { CommandExit, toJson, type CliIo } from './options.js';

/** Largest export read (bytes): a long campaign's log, far below the memory of any machine running it. */
export const MAX_EXPORT_BYTES = 512 * 1024 * 1024;

/** The export's table id, ruleset and events, or a usage error saying what is wrong with the file. */
function readExport(text: string, file: string): { readonly tableId: string; readonly ruleset: string; readonly events: readonly { readonly [key: string]: unknown }[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${file} is not JSON (${e instanceof Error ? e.message : String(e)}); give the file GET /api/tables/<id>/export saved`);
  }
  const o = json as { format?: unknown; table?: { id?: unknown; ruleset?: unknown }; events?: unknown } | null;
  if (o === null || typeof o !== 'object' || o.format !== 'hammercrawl-table-export') throw new UsageError(`${file} is not a table export (its "format" is not "hammercrawl-table-export")`);
  if (typeof o.table?.id !== 'string') throw new UsageError(`${file}: $.table.id is missing; an export from before verifiable rolls has no table id to derive dice from`);
  if (typeof o.table.ruleset !== 'string') throw new UsageError(`${file}: $.table.ruleset is missing`);
  if (!Array.isArray(o.events) || !o.events.every((e) => typeof e === 'object' && e !== null && !Array.isArray(e))) throw new UsageError(`${file}: $.events must be a list of events`);
  return { tableId: o.table.id, ruleset: o.table.ruleset, events: o.events as { readonly [key: string]: unknown }[] };
}

/** Verifies the export at `file`. */
export async function verifyExportFile(file: string): Promise<VerifyReport> {
  let text: string;
  try {
    const buf = await readFile(file);
    if (buf.length > MAX_EXPORT_BYTES) throw new UsageError(`${file} is ${buf.length} bytes; an export is at most ${MAX_EXPORT_BYTES}`);
    text = buf.toString('utf8');
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`cannot read ${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const exported = readExport(text, file);
  if (!isRulesetId(exported.ruleset)) throw new UsageError(`the table plays ${exported.ruleset}, a ruleset this version does not have`);
  const rules = await loadRuleSystem(exported.ruleset);
  const shownDice = rules.table?.shownDice;
  return verifyLog({ tableId: exported.tableId, chain: rules.chain, events: exported.events, ...(shownDice !== undefined ? { shownDice: (kind, event) => shownDice(kind, event) } : {}) });
}

/** Adds `verify` to the program. */
export function addVerifyCommand(program: Command, io: CliIo): void {
  program
    .command('verify')
    .description("check a table's dice: recompute every revealed roll of its export from the revealed keys")
    .argument('<table-export.json>', 'a table export (GET /api/tables/<id>/export)')
    .option('--json', 'print one JSON object: the counts and every problem')
    .addHelpText('after', '\nExamples:\n  hammercrawl verify Crypt-of-Mora-log.json\n  hammercrawl verify Crypt-of-Mora-log.json --json')
    .action(async (file: string, flags: { json?: boolean }) => {
      const report = await verifyExportFile(file);
      if (flags.json === true) io.stdout(`${toJson(report)}\n`);
      else {
        const extra = [
          report.beforeVerification > 0 ? `${report.beforeVerification} from before verification` : null,
          report.hidden > 0 ? `${report.hidden} secret rolls not yours to see` : null,
          report.withheld > 0 ? `${report.withheld} rolls about what only the Smith sees, verified from the Smith's export` : null,
          report.notClientSeeded > 0 ? `${report.notClientSeeded} of the verified not client-seeded` : null,
          report.drawsOnly > 0 ? `${report.drawsOnly} of the verified (tracker attacks, initiative) checked die by die, their results not read again from the rules` : null,
        ].filter((x) => x !== null);
        io.stdout(`${verifySummary(report)}\n${extra.length > 0 ? `(${extra.join('; ')})\n` : ''}${report.problems.map((p) => `  ${p.message}\n`).join('')}`);
      }
      if (report.mismatches > 0) throw new CommandExit(1);
    });
}
