/**
 * The start-up plan of the CLI: which modules a command line needs. Only the dice engine and commander
 * load up front; the mechanics, `char`, `serve`, `rules` and any ruleset (`--ruleset`) are imported
 * only when the command line names them, and help or an unknown command loads every command so that
 * help lists them all.
 */
import type { RuleSystem } from '../rules/rule-system.js';
import { loadRuleSystem, type RulesetId } from '../rules/catalogue.js';
import { MECHANIC_NAMES, type MechanicCommand } from './mechanic.js';
import { DEFAULT_RULESET, firstOperand, rulesetOf } from './options.js';

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
  /** A new seat link made on the table's database. */
  readonly seat: typeof import('./seat.js') | null;
  /** `rules` and the commands of `--ruleset` (generic, driven by the ruleset contract). */
  readonly rulesets: typeof import('./ruleset-commands.js') | null;
  /** The encounter simulator. */
  readonly simulate: typeof import('./simulate.js') | null;
  /** `verify`: a table export's rolls checked against its revealed keys. */
  readonly verify: typeof import('./verify.js') | null;
}

/**
 * The commands whose modules load on demand; any other first word (help, --help, a typo) loads all.
 */
export const ON_DEMAND_COMMANDS: ReadonlySet<string> = new Set(['roll', 'odds', 'step', 'char', 'serve', 'seat', 'rules', 'sim', 'simulate', 'verify']);

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
  const [mechanics, ruleSystem, char, serve, seat, rulesets, simulate, verify] = await Promise.all([
    needsMechanics ? import('./mechanics.js').then((m) => m.MECHANICS) : null,
    needsRuleSystem ? loadRuleSystem(ruleset) : null,
    isEverything || command === 'char' ? import('./char.js') : null,
    isEverything || command === 'serve' ? import('./serve.js') : null,
    isEverything || command === 'seat' ? import('./seat.js') : null,
    needsRulesets ? import('./ruleset-commands.js') : null,
    isEverything || command === 'sim' || command === 'simulate' ? import('./simulate.js') : null,
    isEverything || command === 'verify' ? import('./verify.js') : null,
  ]);
  return { ruleset, ruleSystem, mechanics, char, serve, seat, rulesets, simulate, verify };
}
