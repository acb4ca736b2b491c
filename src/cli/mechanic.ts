/**
 * A game mechanic as the CLI offers it: `hammercrawl roll <name> [flags]` rolls it, and
 * `hammercrawl odds <name> [flags]` gives its exact odds. Each mechanic lives in its own module
 * (`mechanic-*.ts`) and is listed in `mechanics.ts`; `main.ts` builds the commands from this data.
 */
import type { RandomSource } from '../dice/random.js';

/**
 * The names of the mechanics `mechanics.ts` lists, in help order, known without importing them: the
 * CLI reads the command line against this list to decide whether it needs the mechanics at all.
 */
export const MECHANIC_NAMES = ['test', 'challenge', 'open', 'save', 'compete', 'resource', 'soak', 'attack', 'cast', 'hammer'] as const;

/** How a flag's text is read before the mechanic sees it. */
export type FlagKind = 'integer' | 'die' | 'text' | 'boolean' | 'list';

/** One flag of a mechanic. */
export interface MechanicFlag {
  /** The flag's name without dashes: `target` for `--target <t>`. */
  readonly name: string;
  readonly kind: FlagKind;
  readonly description: string;
  readonly required?: boolean;
  /** For `text` flags: the accepted values. */
  readonly choices?: readonly string[];
  /** Placeholder in help: `--target <t>`. */
  readonly placeholder?: string;
}

/**
 * Parsed flags: integers as numbers, dice as side counts (`d12` -> 12), booleans as true when given,
 * lists as arrays of trimmed strings (comma-separated), texts as strings. Absent flags are absent.
 */
export type MechanicFlags = Readonly<Record<string, number | string | boolean | readonly string[] | undefined>>;

/** What a mechanic prints: the JSON object (the documented contract) and the readable text. */
export interface MechanicOutput {
  readonly json: Readonly<Record<string, unknown>>;
  readonly text: string;
}

/** A mechanic of the CLI. Errors of the user's making are thrown as `UsageError` or `DiceError`. */
export interface MechanicCommand {
  readonly name: string;
  readonly description: string;
  readonly flags: readonly MechanicFlag[];
  /** Rolls it once. */
  roll(rng: RandomSource, flags: MechanicFlags): MechanicOutput;
  /** Its exact odds. */
  odds(flags: MechanicFlags): MechanicOutput;
}

/** A bad command line (a flag out of range, a die that is not a die): one line, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Reads a die written `d12` (or `12`) as its side count. */
export function parseDieFlag(value: string): number {
  if (/^d%$/i.test(value.trim())) return 100;
  const m = /^d?(\d{1,4})$/i.exec(value.trim());
  if (!m) throw new UsageError(`'${value}' is not a die; write it like d12`);
  return Number(m[1]);
}
