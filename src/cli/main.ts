/**
 * The `hammercrawl` command line: argv -> dice engine -> text or JSON.
 * Output of `roll --json` and `odds --json` is a documented contract (README, "CLI").
 *
 * Start-up is kept short: only the dice engine and commander load up front. The mechanics, `char`,
 * `serve`, `rules` and any ruleset (`--ruleset`) are imported only when the command line names them
 * (`loadModules`); help and unknown commands load every command so that help lists them all.
 */
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { BARE_BONES_CHAIN, HAMMERCRAWL_CHAIN, explainStep, stepDie, type BelowBottomPolicy, type DiceChain } from '../dice/dice-chain.js';
import { isDiceError } from '../dice/errors.js';
import { MAX_SEED, seededRandom } from '../dice/random.js';
import { compileRoll, termSubtotal } from '../dice/roll.js';
import type { DiceOptions } from '../dice/resolve.js';
import type { RuleSystem } from '../rules/rule-system.js';
import { CATALOGUE, DEFAULT_RULESET, RULESET_IDS, isRulesetId, loadRuleSystem, type RulesetId } from '../rules/catalogue.js';
import { MECHANIC_NAMES, UsageError, parseDieFlag, type MechanicCommand, type MechanicFlag, type MechanicFlags } from './mechanic.js';

/** Words of notation that start with a minus (`-d4+3`, `-2`), which commander would take for options. */
const NEGATIVE_NOTATION = /^-(\d|d\d|d%)/i;
/** Options of `roll` and `odds` that take a value (the word after them is that value, not notation). */
const VALUE_OPTIONS = new Set(['--seed', '--chain', '--below-d3', '--target', '--ruleset']);

/** The ruleset `--ruleset` selects when it is not given. */
export { DEFAULT_RULESET };

/** What each ruleset is, for help (static: help must not load the rulesets). */
export const RULESET_SUMMARIES: Readonly<Record<RulesetId, string>> = Object.fromEntries(CATALOGUE.map((e) => [e.id, e.summary])) as Record<RulesetId, string>;

/** Help of the `--ruleset <id>` option. */
export const RULESET_OPTION_HELP = `the ruleset: ${RULESET_IDS.join(', ')} (default ${DEFAULT_RULESET}; 'hammercrawl rules' says what each is)`;

/** Most characters one `char new` makes. */
export const MAX_CHARACTER_COUNT = 1000;

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

/**
 * In `roll <notation...>` and `odds <notation...>`, marks words such as `-2` or `-d4` as notation (a
 * leading space, which the parser skips) so that `roll 1d20 -2` works; mechanics' flag values
 * (`roll test --mod -2`) are left alone. `commandNames` are the mechanics or checks under roll and odds.
 */
function notationArgs(args: readonly string[], commandNames: readonly string[]): string[] {
  const operand = firstOperand(args);
  const isNotationMode =
    (args[0] === 'roll' || args[0] === 'odds') && args[1] !== undefined && !(operand !== undefined && commandNames.includes(operand));
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

function parseChain(value: string): DiceChain {
  const chain = CHAINS[value];
  if (!chain) throw new InvalidArgumentError(`expected one of ${Object.keys(CHAINS).join(', ')}`);
  return chain;
}

function parsePolicy(value: string): BelowBottomPolicy {
  if (value !== 'negate' && value !== 'clamp') throw new InvalidArgumentError('expected negate or clamp');
  return value;
}

/** Reads `--ruleset` (the command line was already read for it by `rulesetOf`; this checks again). */
export function parseRuleset(value: string): RulesetId {
  if (!isRulesetId(value)) throw new InvalidArgumentError(`expected one of ${RULESET_IDS.join(', ')}`);
  return value;
}

interface DiceFlags {
  chain?: DiceChain;
  belowD3?: BelowBottomPolicy;
}

function diceOptions(flags: DiceFlags, ruleSystem: RuleSystem | null): DiceOptions {
  // `--chain` wins over the chain of `--ruleset`.
  const chain = flags.chain ?? ruleSystem?.chain;
  return {
    ...(chain ? { chain } : {}),
    ...(flags.belowD3 ? { belowBottom: flags.belowD3 } : {}),
  };
}

function addDiceFlags(cmd: Command): Command {
  return cmd
    .option('--chain <id>', 'dice chain for step modifiers: hammercrawl or bare-bones', parseChain)
    .option('--below-d3 <policy>', 'a die stepped below the bottom of the chain: clamp (stays) or negate (gone)', parsePolicy)
    .option('--ruleset <id>', `${RULESET_OPTION_HELP}; steps (^+N) use its dice chain unless --chain`, parseRuleset);
}

/** The modules a command line needs, loaded by `loadModules`; `null` when not needed. */
export interface LoadedModules {
  /** The ruleset `--ruleset` names (default hammercrawl). */
  readonly ruleset: RulesetId;
  /** Its rule system, loaded when the command uses it (any ruleset but hammercrawl). */
  readonly ruleSystem: RuleSystem | null;
  /** HAMMERCRAWL!'s mechanics under roll and odds. */
  readonly mechanics: readonly MechanicCommand[] | null;
  readonly char: typeof import('./char.js') | null;
  readonly serve: typeof import('./serve.js') | null;
  /** `rules` and the commands of `--ruleset` (generic, driven by the ruleset contract). */
  readonly rulesets: typeof import('./ruleset-commands.js') | null;
  /** The encounter simulator. */
  readonly simulate: typeof import('./simulate.js') | null;
}

/**
 * The commands whose modules load on demand; any other first word (help, --help, a typo) loads all.
 */
const ON_DEMAND_COMMANDS = new Set(['roll', 'odds', 'step', 'char', 'serve', 'rules', 'simulate']);

/** Imports what `args` needs (see `LoadedModules`): the mechanics only for a mechanic, a ruleset only when named. */
export async function loadModules(args: readonly string[]): Promise<LoadedModules> {
  const ruleset = rulesetOf(args);
  const command = args[0];
  const isEverything = command === undefined || !ON_DEMAND_COMMANDS.has(command);
  const isHelp = args.some((a) => a === '--help' || a === '-h');
  const isGeneric = ruleset !== DEFAULT_RULESET;
  const operand = firstOperand(args);
  const isDice = command === 'roll' || command === 'odds';
  const needsMechanics =
    isEverything ||
    (!isGeneric && isDice && (operand === undefined || isHelp || (MECHANIC_NAMES as readonly string[]).includes(operand)));
  const needsRuleSystem = isGeneric && (isEverything || isDice || command === 'step' || command === 'char');
  const needsRulesets = isEverything || command === 'rules' || (isGeneric && (isDice || command === 'char'));
  const [mechanics, ruleSystem, char, serve, rulesets, simulate] = await Promise.all([
    needsMechanics ? import('./mechanics.js').then((m) => m.MECHANICS) : null,
    needsRuleSystem ? loadRuleSystem(ruleset) : null,
    isEverything || command === 'char' ? import('./char.js') : null,
    isEverything || command === 'serve' ? import('./serve.js') : null,
    needsRulesets ? import('./ruleset-commands.js') : null,
    isEverything || command === 'simulate' ? import('./simulate.js') : null,
  ]);
  return { ruleset, ruleSystem, mechanics, char, serve, rulesets, simulate };
}

/** Builds the command tree from the loaded modules; actions write through `io`. */
export function buildProgram(io: CliIo, freshSeed: () => number, loaded: LoadedModules): Command {
  const { ruleSystem, mechanics } = loaded;
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
           ${MECHANIC_NAMES.join(' ')}
Rulesets (--ruleset <id> on roll, odds, step and char new; their checks: 'hammercrawl rules <id>'):
${RULESET_IDS.map((id) => `  ${id.padEnd(19)} ${RULESET_SUMMARIES[id]}`).join('\n')}
Examples:
  hammercrawl roll 4d6kh3 --seed 42
  hammercrawl odds 1d20+3 --target 15
  hammercrawl odds test --target 12 --steps 1
  hammercrawl roll soak --health d4 --con 1 --dv 7
  hammercrawl step d30 +15
  hammercrawl odds check --ruleset exalted-hack --attribute 12 --advantage
  hammercrawl char new --ruleset bare-bones --count 3 --seed 7
Options of a command: 'hammercrawl help roll', 'hammercrawl odds test --help'.`,
    );

  const rollCommand = addDiceFlags(
    program
      .command('roll')
      .description('roll dice notation and show every die')
      .argument('<notation...>', 'dice notation, e.g. 4d6kh3+2 (spaces allowed)')
      .option('--seed <n>', 'seed for a reproducible roll (printed when not given)', parseSeed)
      .option('--json', 'print one JSON object: seed, notation, total, dice, terms'),
  ).action(async (parts: string[], flags: DiceFlags & { seed?: number; json?: boolean }) => {
    const { formatRollText } = await import('./format-roll.js');
    const notation = parts.join(' ');
    const compiled = compileRoll(notation, diceOptions(flags, ruleSystem));
    const seed = flags.seed ?? freshSeed();
    const record = compiled.roll(seededRandom(seed));
    // Each term carries its subtotal (the README's contract), so a reader need not redo keep/drop.
    if (flags.json) io.stdout(`${toJson({ seed, ...record, terms: record.terms.map((t, i) => ({ ...t, subtotal: t.kind === 'constant' ? t.value : termSubtotal(record, i) })) })}\n`);
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
  ).action(async (parts: string[], flags: DiceFlags & { target?: number; all?: boolean; json?: boolean }) => {
    const [{ distributionOf }, { formatOddsText }] = await Promise.all([import('../dice/distribution.js'), import('./format-odds.js')]);
    const notation = parts.join(' ');
    const options = diceOptions(flags, ruleSystem);
    const dist = distributionOf(notation, options);
    if (flags.json) {
      const json: Record<string, unknown> = { notation: compileRoll(notation, options).notation, ...dist.toJSON() };
      if (flags.target !== undefined) {
        json['target'] = flags.target;
        json['atMost'] = dist.atMost(flags.target);
        json['above'] = dist.above(flags.target);
      }
      io.stdout(`${toJson(json)}\n`);
    } else {
      const canonical = compileRoll(notation, options).notation;
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
    const chain = flags.chain ?? ruleSystem?.chain ?? HAMMERCRAWL_CHAIN;
    const sides = Number(match[1]);
    const result = stepDie(chain, sides, steps, flags.belowD3 ?? chain.defaultBelowBottom);
    const explanation = explainStep(chain, sides, result);
    if (flags.json) io.stdout(`${toJson({ from: `d${sides}`, steps, dice: result.dice, explanation, ...(result.belowBottom ? { belowBottom: result.belowBottom } : {}) })}\n`);
    else io.stdout(`${explanation}\n`);
  });

  rollCommand.enablePositionalOptions();
  oddsCommand.enablePositionalOptions();
  for (const cmd of ruleSystem === null ? [rollCommand, oddsCommand] : []) {
    cmd.addHelpText(
      'after',
      `\nWith --ruleset <id> the commands are that ruleset's checks (and its usage die as resource):\n  hammercrawl ${cmd.name()} --ruleset exalted-hack --help    or    hammercrawl rules exalted-hack`,
    );
  }
  if (ruleSystem !== null && loaded.rulesets !== null) {
    loaded.rulesets.addRulesetChecks(rollCommand, oddsCommand, ruleSystem, io, freshSeed);
  } else {
    for (const mechanic of mechanics ?? []) {
      addMechanic(rollCommand, mechanic, 'roll', io, freshSeed);
      addMechanic(oddsCommand, mechanic, 'odds', io, freshSeed);
    }
  }
  if (loaded.char !== null) {
    const rulesets = loaded.rulesets;
    const genericNew =
      ruleSystem !== null && rulesets !== null ? (char: Command) => rulesets.addRulesetCharNew(char, ruleSystem, io, freshSeed) : undefined;
    loaded.char.addCharCommand(program, io, freshSeed, genericNew);
  }
  if (loaded.serve !== null) loaded.serve.addServeCommand(program, io);
  if (loaded.simulate !== null) program.addCommand(loaded.simulate.buildSimulateCommand(io, freshSeed));
  if (loaded.rulesets !== null) loaded.rulesets.addRulesCommand(program, io);
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
  cmd.option('--ruleset <id>', RULESET_OPTION_HELP, parseRuleset);
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

/** A bad-input message for a check name the ruleset does not have, or null when `args` names none. */
function unknownCheck(args: readonly string[], loaded: LoadedModules): string | null {
  const system = loaded.ruleSystem;
  if (system === null || (args[0] !== 'roll' && args[0] !== 'odds')) return null;
  const operand = firstOperand(args);
  // A word of letters and hyphens is never notation (notation has digits or %): it names a check.
  if (operand === undefined || !/^[a-z][a-z-]*$/i.test(operand)) return null;
  const names = loaded.rulesets?.rulesetCommandNames(system) ?? [];
  if (names.includes(operand)) return null;
  const why = operand === 'resource' ? `has no usage dice (${system.usageDie.ref})` : `has no check '${operand}'`;
  return `${system.label} ${why}; its checks are ${names.join(', ')} ('hammercrawl rules ${system.id}' lists their options)`;
}

/** Writes the one line of a failure and returns its exit code. */
/** Edit distance of two short words (insertions, deletions, substitutions, swaps of neighbours). */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * `odds tset`: a word that is no notation but is close to a mechanic's name gets "did you mean",
 * instead of the notation parser's complaint about its first letter.
 */
function misspeltMechanic(args: readonly string[], names: readonly string[]): string | null {
  if (args[0] !== 'roll' && args[0] !== 'odds') return null;
  const word = firstOperand(args);
  if (word === undefined || !/^[a-z][a-z-]*$/i.test(word) || names.includes(word)) return null;
  const close = names.filter((n) => editDistance(word.toLowerCase(), n) <= 2);
  if (close.length === 0) return null;
  return `'${word}' is neither dice notation nor a mechanic (did you mean ${close.join(' or ')}?); see 'hammercrawl ${args[0]} --help'`;
}

function reportError(e: unknown, io: CliIo, helpCommand = 'hammercrawl --help'): number {
  if (e instanceof CommanderError) {
    if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help') return 0;
    // Commander's "(Did you mean roll?)" is on a second line: keep it, on the one line we print.
    const [first, ...rest] = e.message.replace(/^error: /, '').split('\n');
    const hint = rest.find((line) => line.startsWith('(Did you mean'));
    io.stderr(`hammercrawl: ${first}${hint !== undefined ? ` ${hint.replace('(Did you mean', '(did you mean')}` : ''}; see '${helpCommand}'\n`);
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

/** A fresh seed from the system's secure random source (node:crypto, loaded only when a seed is needed). */
export function cryptoSeed(): number {
  return process.getBuiltinModule('node:crypto').randomInt(0, MAX_SEED);
}

/** Runs the CLI on `args` (without node and script) and resolves to the exit code. */
export async function runCli(args: readonly string[], io: CliIo, freshSeed: () => number = cryptoSeed): Promise<number> {
  try {
    const loaded = await loadModules(args);
    const program = buildProgram(io, freshSeed, loaded);
    // A notation that starts with a minus ('-d4+3', '-2') is notation, not an unknown option.
    const commandNames =
      loaded.ruleSystem !== null && loaded.rulesets !== null ? loaded.rulesets.rulesetCommandNames(loaded.ruleSystem) : MECHANIC_NAMES;
    const argv = notationArgs(args, commandNames);
    if (args.length === 0) {
      io.stdout(program.helpInformation());
      return 0;
    }
    if (args[0] === 'help' && args[1] !== undefined && !program.commands.some((c) => c.name() === args[1])) {
      io.stderr(`hammercrawl: unknown command '${args[1]}'; the commands are ${program.commands.map((c) => c.name()).join(', ')}\n`);
      return EXIT_BAD_INPUT;
    }
    const misspelt = misspeltMechanic(args, commandNames);
    if (misspelt !== null) {
      io.stderr(`hammercrawl: ${misspelt}\n`);
      return EXIT_BAD_INPUT;
    }
    const unknown = unknownCheck(args, loaded);
    if (unknown !== null) {
      io.stderr(`hammercrawl: ${unknown}\n`);
      return EXIT_BAD_INPUT;
    }
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (e) {
    return reportError(e, io, ON_DEMAND_COMMANDS.has(args[0] ?? '') ? `hammercrawl ${args[0]} --help` : 'hammercrawl --help');
  }
}
