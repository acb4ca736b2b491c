/**
 * The `hammercrawl` command line: argv -> dice engine -> text or JSON.
 * Output of `roll --json` and `odds --json` is a documented contract (README, "CLI").
 *
 * Start-up is kept short: only the dice engine and commander load up front, and the command modules
 * load when the command line names them (`load-modules.ts`). What the commands share is in
 * `options.ts`; no command module imports this one.
 */
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { BARE_BONES_CHAIN, HAMMERCRAWL_CHAIN, describeDice, explainStep, stepFromPosition, type BelowBottomPolicy, type DiceChain } from '../dice/dice-chain.js';
import { isDiceError } from '../dice/errors.js';
import { MAX_SEED, seededRandom } from '../dice/random.js';
import { compileRoll, termSubtotal } from '../dice/roll.js';
import type { DiceOptions } from '../dice/resolve.js';
import { CATALOGUE } from '../rules/catalogue.js';
import type { RuleSystem } from '../rules/rule-system.js';
import { readSteppedDice } from './step-dice.js';
import { ON_DEMAND_COMMANDS, loadModules, type LoadedModules } from './load-modules.js';
import { MECHANIC_NAMES, UsageError, parseDieFlag, type MechanicCommand, type MechanicFlag, type MechanicFlags } from './mechanic.js';
import {
  CommandExit,
  EXIT_BAD_INPUT,
  EXIT_INTERNAL,
  RULESET_OPTION_HELP,
  VALUE_OPTIONS,
  firstOperand,
  parseInteger,
  parseRuleset,
  parseSeed,
  toJson,
  type CliIo,
} from './options.js';

/** Words of notation that start with a minus (`-d4+3`, `-2`), which commander would take for options. */
const NEGATIVE_NOTATION = /^-(\d|d\d|d%)/i;


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

const CHAINS: Record<string, DiceChain> = { hammercrawl: HAMMERCRAWL_CHAIN, 'bare-bones': BARE_BONES_CHAIN };

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
${CATALOGUE.map((e) => `  ${e.id.padEnd(19)} ${e.summary}`).join('\n')}
Examples:
  hammercrawl roll 4d6kh3 --seed 42
  hammercrawl odds 1d20+3 --target 15
  hammercrawl odds test --target 12 --steps 1
  hammercrawl roll soak --health d4 --con 1 --dv 7
  hammercrawl step d30 +15
  hammercrawl odds attack --target 12 --mod 1 --harm d8 --health d8 --armour d6 --json
  hammercrawl odds cast --spell-die d6 --level 2 --mana-burn --json
  hammercrawl sim --generate 4 --monster "goblin:hd=1,attack=+2,defense=12,damage=d6,count=6" --runs 1000 --seed 7 --json
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
      .argument('<die>', 'a die of the chain, e.g. d20, or past its top, e.g. d30+d3')
      .argument('<steps>', 'steps up (+N) or down (-N)', parseInteger)
      .option('--json', 'print one JSON object: from, steps, dice, explanation'),
  ).action((die: string, steps: number, flags: DiceFlags & { json?: boolean }) => {
    const chain = flags.chain ?? ruleSystem?.chain ?? HAMMERCRAWL_CHAIN;
    // `d30+d3` (what `step d30 +1` prints) steps from its place past the top of the chain.
    const from = readSteppedDice(chain, die);
    const result = stepFromPosition(chain, from.position, steps, flags.belowD3 ?? chain.defaultBelowBottom);
    const fromText = describeDice(from.dice);
    const explanation = `${fromText}${explainStep(chain, from.dice[0]!, result).slice(`d${from.dice[0]}`.length)}`;
    if (flags.json) io.stdout(`${toJson({ from: fromText, steps, dice: result.dice, explanation, ...(result.belowBottom ? { belowBottom: result.belowBottom } : {}) })}\n`);
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
  if (loaded.seat !== null) loaded.seat.addSeatCommand(program, io);
  if (loaded.verify !== null) loaded.verify.addVerifyCommand(program, io);
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
  // The usage die's reference already names the ruleset and why ("So Long as Men Die (no usage dice; ruling SL-19)"): keep the ruling.
  const ruling = /\(([^()]*)\)\s*$/.exec(system.usageDie.ref)?.[1]?.replace(/^no usage dice;?\s*/i, '');
  const why = operand === 'resource' ? `has no usage dice${ruling ? ` (${ruling})` : ''}` : `has no check '${operand}'`;
  return `${system.label} ${why}; its checks are ${names.join(', ')} ('hammercrawl rules ${system.id}' lists their options)`;
}

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

/** Writes the one line of a failure and returns its exit code. */
function reportError(e: unknown, io: CliIo, helpCommand = 'hammercrawl --help'): number {
  if (e instanceof CommandExit) return e.exitCode;
  if (e instanceof CommanderError) {
    if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help') return 0;
    // Commander's "(Did you mean roll?)" is on a second line: keep it, on the one line we print.
    // "argument 'abc' is invalid. the seed must be..." reads as one sentence: "is invalid: the seed must be...".
    const [first, ...rest] = e.message.replace(/^error: /, '').replace(/ is invalid\. (?=[a-z])/, ' is invalid: ').split('\n');
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
    return reportError(e, io, helpCommandOf(args));
  }
}

/**
 * The help page that answers a failed command line: the command and the sub-command it named
 * (`odds test`, `char new`), with the ruleset it asked for, whose checks have their own flags.
 */
export function helpCommandOf(args: readonly string[]): string {
  const command = args[0] ?? '';
  if (!ON_DEMAND_COMMANDS.has(command)) return 'hammercrawl --help';
  const sub = args[1];
  // A sub-command is a plain word: notation (d20, 2d6+1, d%) never is.
  const words = [command, ...(sub !== undefined && /^[a-z][a-z-]*$/.test(sub) ? [sub] : [])];
  const at = args.indexOf('--ruleset');
  const ruleset = at >= 0 ? args[at + 1] : args.find((a) => a.startsWith('--ruleset='))?.slice('--ruleset='.length);
  return `hammercrawl ${words.join(' ')}${ruleset !== undefined && /^[a-z][a-z-]*$/.test(ruleset) ? ` --ruleset ${ruleset}` : ''} --help`;
}
