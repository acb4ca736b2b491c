/**
 * What the CLI's commands share: where they write, exit codes, JSON output, and the readers of the
 * options several commands take (`--seed`, `--ruleset`, `--count`). The command modules import this,
 * never `main.ts`, which only builds the program from them.
 */
import { InvalidArgumentError } from 'commander';
import { MAX_SEED } from '../dice/random.js';
import { DEFAULT_RULESET, RULESET_IDS, isRulesetId, type RulesetId } from '../rules/catalogue.js';
import { UsageError } from './mechanic.js';

/** Where the CLI writes. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Runs a long task (the server) after the command line is read; its result is the exit code. */
  launch?(task: () => Promise<number>): void;
}

/** Exit code for bad input (a typo in notation, an unknown flag). */
export const EXIT_BAD_INPUT = 2;
/** Exit code for a failure that is not the user's input. */
export const EXIT_INTERNAL = 1;

/** Thrown by a command whose output is written and whose exit code is not 0 (`verify` with a mismatch). */
export class CommandExit extends Error {
  override readonly name = 'CommandExit';
  constructor(readonly exitCode: number) {
    super(`exit ${exitCode}`);
  }
}

/** Significant digits of fractions in JSON output: float noise below that is rounded away. */
export const JSON_SIGNIFICANT_DIGITS = 15;

/**
 * JSON for the CLI. Probabilities are exact up to float rounding; printing them to 15 significant
 * digits shows 0.4 rather than 0.39999999999999997, and values below 1e-300 (underflow) as 0.
 */
export function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v !== 'number' || Number.isInteger(v) || !Number.isFinite(v)) return v;
    if (Math.abs(v) < 1e-300) return 0;
    return Number(v.toPrecision(JSON_SIGNIFICANT_DIGITS));
  });
}

/** The ruleset `--ruleset` selects when it is not given. */
export { DEFAULT_RULESET };

/** Help of the `--ruleset <id>` option. */
export const RULESET_OPTION_HELP = `the ruleset: ${RULESET_IDS.join(', ')} (default ${DEFAULT_RULESET}; 'hammercrawl rules' says what each is)`;

/** Most characters one `char new` makes, for every ruleset. */
export const MAX_CHARACTER_COUNT = 1000;

/** Options of `roll` and `odds` that take a value (the word after them is that value, not notation). */
export const VALUE_OPTIONS: ReadonlySet<string> = new Set(['--seed', '--chain', '--below-d3', '--target', '--ruleset']);

/** Reads `--seed`: a whole number from 0 to MAX_SEED. */
export function parseSeed(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > MAX_SEED) {
    throw new InvalidArgumentError(`the seed must be a whole number from 0 to ${MAX_SEED}`);
  }
  return Number(value);
}

/** Reads a whole-number option (`--target -2`). */
export function parseInteger(value: string): number {
  if (!/^[+-]?\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new InvalidArgumentError('expected a whole number');
  }
  return Number(value);
}

/** Reads `--count` of `char new`: 1 to MAX_CHARACTER_COUNT. */
export function parseCharacterCount(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > MAX_CHARACTER_COUNT) {
    throw new InvalidArgumentError(`expected a whole number from 1 to ${MAX_CHARACTER_COUNT}`);
  }
  return Number(value);
}

/** Reads `--ruleset` (the command line was already read for it by `rulesetOf`; this checks again). */
export function parseRuleset(value: string): RulesetId {
  if (!isRulesetId(value)) throw new InvalidArgumentError(`expected one of ${RULESET_IDS.join(', ')}`);
  return value;
}

/**
 * The first word of a `roll`/`odds` command line after the command that is neither an option nor an
 * option's value: the mechanic or check name, or the first word of notation.
 */
export function firstOperand(args: readonly string[]): string | undefined {
  for (let i = 1; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') return args[i + 1];
    if (a.startsWith('-') && a.length > 1) {
      if (VALUE_OPTIONS.has(a)) i++;
      continue;
    }
    return a;
  }
  return undefined;
}

/**
 * The ruleset a command line names with `--ruleset <id>` or `--ruleset=<id>` (the last one wins, as in
 * commander); the default when none. An unknown id is a `UsageError`.
 */
export function rulesetOf(args: readonly string[]): RulesetId {
  let found: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') break;
    if (a === '--ruleset') found = args[i + 1];
    else if (a.startsWith('--ruleset=')) found = a.slice('--ruleset='.length);
  }
  if (found === undefined) return DEFAULT_RULESET;
  if (!isRulesetId(found)) throw new UsageError(`--ruleset: unknown ruleset '${found}'; expected one of ${RULESET_IDS.join(', ')}`);
  return found;
}
