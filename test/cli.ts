// Shared by the CLI tests: run `hammercrawl` in-process and keep what it prints.
import { runCli } from '../src/cli/main.js';

/** The fresh seed `cli` hands the CLI when a test names none. */
export const FRESH_SEED = 1234;

/** What one run printed, and its exit code. */
export interface CliRun {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

/** Runs `hammercrawl <args>` through `runCli`; `seed` is the fresh seed it gets when no `--seed` is given. */
export async function cli(args: readonly string[], seed = FRESH_SEED): Promise<CliRun> {
  let out = '';
  let err = '';
  const code = await runCli(args, { stdout: (s) => (out += s), stderr: (s) => (err += s) }, () => seed);
  return { code, out, err };
}
