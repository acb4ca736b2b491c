/**
 * The `hammercrawl` command line: argv -> dice engine -> text or JSON.
 * Output of `roll --json` and `odds --json` is a documented contract (README, "CLI").
 */
import { randomInt } from 'node:crypto';
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { BARE_BONES_CHAIN, HAMMERCRAWL_CHAIN, explainStep, stepDie, type BelowBottomPolicy, type DiceChain } from '../dice/dice-chain.js';
import { isDiceError } from '../dice/errors.js';
import { MAX_SEED, seededRandom } from '../dice/random.js';
import { compileRoll } from '../dice/roll.js';
import { distributionOf } from '../dice/distribution.js';
import type { DiceOptions } from '../dice/resolve.js';
import { formatRollText } from './format-roll.js';
import { formatOddsText } from './format-odds.js';
import { UsageError, parseDieFlag, type MechanicCommand, type MechanicFlag, type MechanicFlags } from './mechanic.js';
import { MECHANICS } from './mechanics.js';
import { addCharCommand } from './char.js';
import { addServeCommand } from './serve.js';

/** Words of notation that start with a minus (`-d4+3`, `-2`), which commander would take for options. */
const NEGATIVE_NOTATION = /^-(\d|d\d|d%)/i;
/** Options of `roll` and `odds` that take a value (the word after them is that value, not notation). */
const VALUE_OPTIONS = new Set(['--seed', '--chain', '--below-d3', '--target']);

/**
 * In `roll <notation...>` and `odds <notation...>`, marks words such as `-2` or `-d4` as notation (a
 * leading space, which the parser skips) so that `roll 1d20 -2` works; mechanics' flag values
 * (`roll test --mod -2`) are left alone.
 */
function notationArgs(args: readonly string[]): string[] {
  const isNotationMode =
    (args[0] === 'roll' || args[0] === 'odds') && args[1] !== undefined && !MECHANICS.some((m) => m.name === args[1]);
  if (!isNotationMode) return [...args];
  const out: string[] = [];
  let afterDashes = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') afterDashes = true;
    const isValue = i > 0 && VALUE_OPTIONS.has(args[i - 1]!);
    out.push(i > 0 && !afterDashes && !isValue && NEGATIVE_NOTATION.test(a) ? ` ${a}` : a);
  }
  return out;
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

/** Exit code for bad input (a typo in notation, an unknown flag). */
export const EXIT_BAD_INPUT = 2;
/** Exit code for a failure that is not the user's input. */
export const EXIT_INTERNAL = 1;

/** Where the CLI writes. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Runs a long task (the server) after the command line is read; its result is the exit code. */
  launch?(task: () => Promise<number>): void;
}

const CHAINS: Record<string, DiceChain> = { hammercrawl: HAMMERCRAWL_CHAIN, 'bare-bones': BARE_BONES_CHAIN };


function parseSeed(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > MAX_SEED) {
    throw new InvalidArgumentError(`the seed must be a whole number from 0 to ${MAX_SEED}`);
  }
  return Number(value);
}

function parseInteger(value: string): number {
  if (!/^[+-]?\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new InvalidArgumentError('expected a whole number');
  }
  return Number(value);
}

function parseChain(value: string): DiceChain {
  const chain = CHAINS[value];
  if (!chain) throw new InvalidArgumentError(`expected one of ${Object.keys(CHAINS).join(', ')}`);
  return chain;
}

function parsePolicy(value: string): BelowBottomPolicy {
  if (value !== 'negate' && value !== 'clamp') throw new InvalidArgumentError('expected negate or clamp');
  return value;
}

interface DiceFlags {
  chain?: DiceChain;
  belowD3?: BelowBottomPolicy;
}

function diceOptions(flags: DiceFlags): DiceOptions {
  return {
    ...(flags.chain ? { chain: flags.chain } : {}),
    ...(flags.belowD3 ? { belowBottom: flags.belowD3 } : {}),
  };
}

function addDiceFlags(cmd: Command): Command {
  return cmd
    .option('--chain <id>', 'dice chain for step modifiers: hammercrawl or bare-bones', parseChain)
    .option('--below-d3 <policy>', 'a die stepped below the bottom of the chain: clamp (stays) or negate (gone)', parsePolicy);
}

/** Builds the command tree; actions write through `io`. */
export function buildProgram(io: CliIo, freshSeed: () => number): Command {
  const program = new Command('hammercrawl')
    .description('Dice, exact odds and tables for the HAMMERCRAWL! role-playing game')
    .version('0.1.0', '-V, --version')
    .showSuggestionAfterError(true)
    // Options after a mechanic's name (`roll test --seed 3`) belong to the mechanic, not to `roll`.
    .enablePositionalOptions()
    .configureOutput({
      writeOut: (s) => io.stdout(s),
      writeErr: (s) => io.stderr(s),
      outputError: () => {},
    })
    .exitOverride()
    .addHelpText(
      'after',
      `
Notation:  1d20  4d6kh3+2  d8^+3 (3 steps up the chain: d14)  10d6!  3d6r<3  d%  d66
           2d20adv (advantage on 2d20: roll 3, keep the best 2)
Mechanics, under both roll and odds:
           ${MECHANICS.map((m) => m.name).join(' ')}
Examples:
  hammercrawl roll 4d6kh3 --seed 42
  hammercrawl odds 1d20+3 --target 15
  hammercrawl odds test --target 12 --steps 1
  hammercrawl roll soak --health d4 --con 1 --dv 7
  hammercrawl step d30 +15
Options of a command: 'hammercrawl help roll', 'hammercrawl odds test --help'.`,
    );

  const rollCommand = addDiceFlags(
    program
      .command('roll')
      .description('roll dice notation and show every die')
      .argument('<notation...>', 'dice notation, e.g. 4d6kh3+2 (spaces allowed)')
      .option('--seed <n>', 'seed for a reproducible roll (printed when not given)', parseSeed)
      .option('--json', 'print one JSON object: seed, notation, total, dice, terms'),
  ).action((parts: string[], flags: DiceFlags & { seed?: number; json?: boolean }) => {
    const notation = parts.join(' ');
    const compiled = compileRoll(notation, diceOptions(flags));
    const seed = flags.seed ?? freshSeed();
    const record = compiled.roll(seededRandom(seed));
    if (flags.json) io.stdout(`${toJson({ seed, ...record })}\n`);
    else io.stdout(`${formatRollText(record, seed)}\n`);
  });

  const oddsCommand = addDiceFlags(
    program
      .command('odds')
      .description('exact odds of every total of a dice notation')
      .argument('<notation...>', 'dice notation, e.g. 2d20kh1+5')
      .option('--target <t>', 'also show P(total <= t) (a Test) and P(total > t) (a Challenge)', parseInteger)
      .option('--all', 'show every total, not only the likeliest 60')
      .option('--json', 'print one JSON object: distribution [{value, p}], mean, truncatedMass'),
  ).action((parts: string[], flags: DiceFlags & { target?: number; all?: boolean; json?: boolean }) => {
    const notation = parts.join(' ');
    const dist = distributionOf(notation, diceOptions(flags));
    if (flags.json) {
      const json: Record<string, unknown> = { notation: compileRoll(notation, diceOptions(flags)).notation, ...dist.toJSON() };
      if (flags.target !== undefined) {
        json['target'] = flags.target;
        json['atMost'] = dist.atMost(flags.target);
        json['above'] = dist.above(flags.target);
      }
      io.stdout(`${toJson(json)}\n`);
    } else {
      const canonical = compileRoll(notation, diceOptions(flags)).notation;
      io.stdout(`${formatOddsText(canonical, dist, { all: flags.all ?? false, target: flags.target ?? null })}\n`);
    }
  });

  addDiceFlags(
    program
      .command('step')
      .description('move a die along the dice chain: step d20 +1 -> d24, step d30 +15 -> d30+d30+d4')
      .argument('<die>', 'a die of the chain, e.g. d20')
      .argument('<steps>', 'steps up (+N) or down (-N)', parseInteger)
      .option('--json', 'print one JSON object: from, steps, dice, explanation'),
  ).action((die: string, steps: number, flags: DiceFlags & { json?: boolean }) => {
    const match = /^d(\d+)$/i.exec(die.trim());
    if (!match) throw new UsageError(`'${die}' is not a die; write it like d20`);
    const chain = flags.chain ?? HAMMERCRAWL_CHAIN;
    const sides = Number(match[1]);
    const result = stepDie(chain, sides, steps, flags.belowD3 ?? chain.defaultBelowBottom);
    const explanation = explainStep(chain, sides, result);
    if (flags.json) io.stdout(`${toJson({ from: `d${sides}`, steps, dice: result.dice, explanation, ...(result.belowBottom ? { belowBottom: result.belowBottom } : {}) })}\n`);
    else io.stdout(`${explanation}\n`);
  });

  rollCommand.enablePositionalOptions();
  oddsCommand.enablePositionalOptions();
  for (const mechanic of MECHANICS) {
    addMechanic(rollCommand, mechanic, 'roll', io, freshSeed);
    addMechanic(oddsCommand, mechanic, 'odds', io, freshSeed);
  }
  addCharCommand(program, io, freshSeed);
  addServeCommand(program, io);
  return program;
}

function flagParser(flag: MechanicFlag): ((value: string) => unknown) | undefined {
  switch (flag.kind) {
    case 'integer':
      return parseInteger;
    case 'die':
      return (v: string) => {
        try {
          return parseDieFlag(v);
        } catch (e) {
          throw new InvalidArgumentError((e as Error).message);
        }
      };
    case 'list':
      return (v: string) => v.split(',').map((x) => x.trim()).filter((x) => x.length > 0);
    case 'text':
      return flag.choices
        ? (v: string) => {
            // Choices match without regard to case (`--stat wil` is WIL).
            const choice = flag.choices!.find((c) => c.toLowerCase() === v.trim().toLowerCase());
            if (choice === undefined) throw new InvalidArgumentError(`expected one of ${flag.choices!.join(', ')}`);
            return choice;
          }
        : undefined;
    case 'boolean':
      return undefined;
  }
}

function addMechanic(parent: Command, mechanic: MechanicCommand, mode: 'roll' | 'odds', io: CliIo, freshSeed: () => number): void {
  const cmd = parent.command(mechanic.name).description(mechanic.description);
  for (const flag of mechanic.flags) {
    const spec = flag.kind === 'boolean' ? `--${flag.name}` : `--${flag.name} <${flag.placeholder ?? 'value'}>`;
    const parse = flagParser(flag);
    const help = flag.choices ? `${flag.description} (${flag.choices.join('|')})` : flag.description;
    if (flag.required) {
      if (parse) cmd.requiredOption(spec, help, parse);
      else cmd.requiredOption(spec, help);
    } else if (parse) cmd.option(spec, help, parse);
    else cmd.option(spec, help);
  }
  if (mode === 'roll') cmd.option('--seed <n>', 'seed for a reproducible roll (printed when not given)', parseSeed);
  cmd.option('--json', 'print one JSON object');
  cmd.action((raw: Record<string, unknown>) => {
    const { seed: seedFlag, json } = raw as { seed?: number; json?: boolean };
    // Flags reach the mechanic under their own (kebab-case) names.
    const flags: Record<string, unknown> = {};
    for (const flag of mechanic.flags) {
      const key = flag.name.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
      if (raw[key] !== undefined) flags[flag.name] = raw[key];
    }
    if (mode === 'roll') {
      const seed = seedFlag ?? freshSeed();
      const out = mechanic.roll(seededRandom(seed), flags as MechanicFlags);
      if (json) io.stdout(`${toJson({ seed, ...out.json })}\n`);
      else io.stdout(`${out.text}\nseed ${seed} (the same roll again: --seed ${seed})\n`);
    } else {
      const out = mechanic.odds(flags as MechanicFlags);
      io.stdout(json ? `${toJson(out.json)}\n` : `${out.text}\n`);
    }
  });
}

/** Runs the CLI on `args` (without node and script) and returns the exit code. */
export function runCli(args: readonly string[], io: CliIo, freshSeed: () => number = () => randomInt(0, MAX_SEED)): number {
  const program = buildProgram(io, freshSeed);
  // A notation that starts with a minus ('-d4+3', '-2') is notation, not an unknown option.
  const argv = notationArgs(args);
  if (args.length === 0) {
    io.stdout(program.helpInformation());
    return 0;
  }
  if (args[0] === 'help' && args[1] !== undefined && !program.commands.some((c) => c.name() === args[1])) {
    io.stderr(`hammercrawl: unknown command '${args[1]}'; the commands are ${program.commands.map((c) => c.name()).join(', ')}\n`);
    return EXIT_BAD_INPUT;
  }
  try {
    program.parse(argv, { from: 'user' });
    return 0;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help') return 0;
      io.stderr(`hammercrawl: ${e.message.replace(/^error: /, '').split('\n')[0]}\n`);
      return EXIT_BAD_INPUT;
    }
    if (isDiceError(e)) {
      io.stderr(`hammercrawl: ${e.describe()}\n`);
      return EXIT_BAD_INPUT;
    }
    if (e instanceof UsageError) {
      io.stderr(`hammercrawl: ${e.message}\n`);
      return EXIT_BAD_INPUT;
    }
    const message = e instanceof Error ? e.message : String(e);
    io.stderr(`hammercrawl: internal error: ${message} (please report it with the command you ran)\n`);
    if (process.env['HAMMERCRAWL_DEBUG'] && e instanceof Error) io.stderr(`${e.stack}\n`);
    return EXIT_INTERNAL;
  }
}
