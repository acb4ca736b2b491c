/**
 * The commands of `--ruleset <id>` for every ruleset but HAMMERCRAWL! (whose mechanics keep their own
 * commands), and `hammercrawl rules [id]`. Everything here is driven by the ruleset contract alone
 * (`src/rules/rule-system.ts`): each check becomes `roll <check>` and `odds <check>` with one flag per
 * parameter, the usage die becomes `roll resource` and `odds resource`, and the creation options
 * become the flags of `char new`. JSON shapes are a contract (README, "CLI").
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import { seededRandom } from '../dice/random.js';
import type {
  CheckKindDef,
  CheckOdds,
  CheckRoll,
  ParamDef,
  ParamRecord,
  ParamValue,
  RuleResult,
  RuleSystem,
  RulesetCharacter,
  UsageRoll,
} from '../rules/rule-system.js';
import { CATALOGUE, RULESET_IDS, isRulesetId, loadRuleSystem, type RulesetId } from '../rules/catalogue.js';
import { UsageError } from './mechanic.js';
import {
  DEFAULT_RULESET,
  MAX_CHARACTER_COUNT,
  RULESET_OPTION_HELP,
  parseCharacterCount,
  parseRuleset,
  parseSeed,
  toJson,
  type CliIo,
} from './options.js';

/** Name of the usage-die command under roll and odds, the same as HAMMERCRAWL!'s resource die. */
export const USAGE_COMMAND = 'resource';

/** Most uses `--uses` takes (the rulesets refuse more). */
export const MAX_USAGE_USES = 10_000;

/** Values of a check's result shown in the text table before the rarest are folded away. */
export const VALUE_ROWS = 60;

const BAR_WIDTH = 30;

/** Options of the CLI's own on the check and creation commands; a ruleset parameter may not use them. */
const RESERVED_OPTIONS = new Set(['seed', 'json', 'all', 'ruleset', 'help', 'count', 'version']);

function pct(p: number): string {
  if (p > 0 && p < 0.00005) return '<0.01%';
  return `${(p * 100).toFixed(2)}%`;
}

function bar(p: number, peak: number): string {
  return '#'.repeat(Math.max(p > 0 ? 1 : 0, Math.round((p / (peak || 1)) * BAR_WIDTH)));
}

/** The value of a rule result, or its problem as one line of bad input (exit 2). */
function valueOf<T>(result: RuleResult<T>): T {
  if (!result.ok) throw new UsageError(`${result.error.message} (${result.error.code})`);
  return result.value;
}

/** True when the ruleset has usage dice (So Long as Men Die has none). */
function hasUsageDie(system: RuleSystem): boolean {
  return system.usageDie.sides.length > 0 && !system.checks.some((c) => c.id === USAGE_COMMAND);
}

/** The commands `roll` and `odds` offer under `--ruleset`: every check, then `resource` when it has usage dice. */
export function rulesetCommandNames(system: RuleSystem): string[] {
  return [...system.checks.map((c) => c.id), ...(hasUsageDie(system) ? [USAGE_COMMAND] : [])];
}

// ---------------------------------------------------------------------------------------------------
// Parameters as flags
// ---------------------------------------------------------------------------------------------------

function dieName(sides: number): string {
  return sides === 0 ? '0 (none)' : `d${sides}`;
}

/** What values a parameter takes, in words: "1 to 18", "d4 d6 d8", "light|martial|heavy". */
export function paramRange(def: ParamDef): string {
  switch (def.kind) {
    case 'integer':
      return `${def.min} to ${def.max}`;
    case 'die':
      return def.sides.map(dieName).join(' ');
    case 'choice':
      return def.choices.map((c) => c.id).join('|');
    case 'boolean':
      return 'yes/no';
    case 'text':
      return `text, at most ${def.maxLength} characters`;
  }
}

function defaultText(def: ParamDef): string | null {
  if (def.default === undefined || def.kind === 'boolean') return def.kind === 'boolean' && def.default === true ? 'on' : null;
  return def.kind === 'die' ? (def.default === 0 ? 'none' : `d${def.default}`) : String(def.default);
}

/** One line of help for a parameter: its help, range, default and whether it is required. */
export function paramHelp(def: ParamDef): string {
  const dflt = defaultText(def);
  return [
    def.help,
    def.kind === 'boolean' ? '' : ` [${paramRange(def)}]`,
    def.isRequired === true ? ' (required)' : '',
    dflt !== null ? ` (default ${dflt})` : '',
  ].join('');
}

function placeholder(def: ParamDef): string {
  switch (def.kind) {
    case 'integer':
      return 'n';
    case 'die':
      return 'dX';
    case 'choice':
      return 'id';
    case 'text':
      return 'text';
    case 'boolean':
      return '';
  }
}

/** The flag of a parameter: `--name <n>`, or `--name` for a yes/no parameter. */
export function paramFlag(def: ParamDef): string {
  return def.kind === 'boolean' ? `--${def.name}` : `--${def.name} <${placeholder(def)}>`;
}

/** Reads a flag's text as the parameter's value, or says in one line what it should be. */
export function parseParam(def: ParamDef, text: string): ParamValue {
  const v = text.trim();
  switch (def.kind) {
    case 'integer': {
      if (!/^[+-]?\d+$/.test(v)) throw new InvalidArgumentError(`expected a whole number from ${def.min} to ${def.max}`);
      const n = Number(v);
      if (n < def.min || n > def.max) throw new InvalidArgumentError(`expected a whole number from ${def.min} to ${def.max}`);
      return n;
    }
    case 'die': {
      const m = /^d?(\d{1,4})$/i.exec(v);
      const sides = m ? Number(m[1]) : /^none$/i.test(v) ? 0 : Number.NaN;
      if (!def.sides.includes(sides)) throw new InvalidArgumentError(`expected one of ${def.sides.map((s) => (s === 0 ? '0' : `d${s}`)).join(', ')}`);
      return sides;
    }
    case 'choice': {
      const choice = def.choices.find((c) => c.id.toLowerCase() === v.toLowerCase());
      if (choice === undefined) throw new InvalidArgumentError(`expected one of ${def.choices.map((c) => c.id).join(', ')}`);
      return choice.id;
    }
    case 'text':
      if (text.length > def.maxLength) throw new InvalidArgumentError(`expected at most ${def.maxLength} characters`);
      return text;
    case 'boolean':
      return true;
  }
}

/** Adds one flag per parameter to `cmd` (a yes/no parameter on by default also gets `--no-<name>`). */
function addParamOptions(cmd: Command, defs: readonly ParamDef[], where: string): void {
  for (const def of defs) {
    if (RESERVED_OPTIONS.has(def.name)) throw new Error(`${where}: the parameter '${def.name}' has the name of a CLI option`);
    const option = new Option(paramFlag(def), paramHelp(def));
    if (def.kind !== 'boolean') option.argParser((text: string) => parseParam(def, text));
    cmd.addOption(option);
    if (def.kind === 'boolean' && def.default === true) cmd.addOption(new Option(`--no-${def.name}`, `turn off --${def.name}`));
  }
}

/** The parameters commander read, by parameter name; absent flags are absent. */
function paramsOf(defs: readonly ParamDef[], raw: Record<string, unknown>): ParamRecord {
  const params: Record<string, ParamValue> = {};
  for (const def of defs) {
    const value = raw[new Option(paramFlag(def)).attributeName()];
    // Commander reads a flag spelt --no-<x> as the negation of <x>: true when left out, false when given.
    if (def.kind === 'boolean' && def.name.startsWith('no-')) {
      if (value === false) params[def.name] = true;
      continue;
    }
    if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') params[def.name] = value;
  }
  return params;
}

// ---------------------------------------------------------------------------------------------------
// Checks: text
// ---------------------------------------------------------------------------------------------------

/** Values rarer than this print as "<0.01%": left out of the value table unless --all. */
const SHOWN_MIN_P = 0.00005;

/** The readable odds of a check: outcomes with chances and bars, then the values when there are any. */
export function formatCheckOdds(system: RuleSystem, odds: CheckOdds, options: { all: boolean }): string {
  const lines = [`${system.label}, ${odds.check}: ${odds.description}`];
  const width = Math.max(7, ...odds.outcomes.map((o) => o.outcome.length));
  const peak = Math.max(...odds.outcomes.map((o) => o.p));
  lines.push(`${'outcome'.padEnd(width)}  ${'chance'.padStart(7)}`);
  for (const o of odds.outcomes) {
    lines.push(`${o.outcome.padEnd(width)}  ${pct(o.p).padStart(7)}  ${bar(o.p, peak).padEnd(BAR_WIDTH)}  ${o.label}`);
  }
  if (odds.values !== undefined && odds.values.length > 0) {
    const values = odds.values;
    let shown = values;
    if (!options.all) {
      // The likeliest VALUE_ROWS values, and none that would print as under 0.01%.
      const keep = new Set([...values].sort((a, b) => b.p - a.p).slice(0, VALUE_ROWS).filter((x) => x.p >= SHOWN_MIN_P).map((x) => x.value));
      shown = values.filter((x) => keep.has(x.value));
    }
    const vWidth = Math.max(5, ...shown.map((x) => String(x.value).length));
    const vPeak = Math.max(...shown.map((x) => x.p));
    lines.push('', `${'value'.padStart(vWidth)}  ${'chance'.padStart(7)}${odds.mean !== undefined ? `    (mean ${odds.mean.toFixed(3)})` : ''}`);
    for (const x of shown) lines.push(`${String(x.value).padStart(vWidth)}  ${pct(x.p).padStart(7)}  ${bar(x.p, vPeak)}`);
    if (shown.length < values.length) {
      const hidden = values.length - shown.length;
      const mass = values.filter((x) => !shown.includes(x)).reduce((s, x) => s + x.p, 0);
      lines.push(`(${hidden} rarer values, ${pct(mass)} together, not shown; --all shows them)`);
    }
  }
  if (odds.explanation.length > 0) lines.push('', ...odds.explanation.map((e) => `  ${e}`));
  return lines.join('\n');
}

/** The readable roll of a check: each die, the result and outcome, the explanation, the seed. */
export function formatCheckRoll(system: RuleSystem, roll: CheckRoll, seed: number): string {
  const dice = roll.dice.map((d) => `d${d.sides}: ${d.face}${d.isKept ? '' : ' (dropped)'}${d.role !== undefined ? ` (${d.role})` : ''}`);
  return [
    `${system.label}, ${roll.check}: ${roll.description}`,
    ...dice.map((d) => `  ${d}`),
    `result ${roll.total}: ${roll.label} (${roll.outcome})`,
    ...roll.explanation.map((e) => `  ${e}`),
    `seed ${seed} (the same roll again: --seed ${seed})`,
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------------
// Usage dice: the same JSON as HAMMERCRAWL!'s resource dice
// ---------------------------------------------------------------------------------------------------

const usageDieName = (die: number | null): string | null => (die === null ? null : `d${die}`);

function parseUses(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > MAX_USAGE_USES) throw new InvalidArgumentError(`expected a whole number from 0 to ${MAX_USAGE_USES}`);
  return Number(value);
}

function parseUsageDie(value: string): number {
  const m = /^d?(\d{1,4})$/i.exec(value.trim());
  if (!m) throw new InvalidArgumentError(`'${value}' is not a die; write it like d8`);
  return Number(m[1]);
}

function addUsageCommand(parent: Command, system: RuleSystem, mode: 'roll' | 'odds', io: CliIo, freshSeed: () => number): void {
  const u = system.usageDie;
  const faces = u.stepDownMaxFace === 1 ? '1' : `1-${u.stepDownMaxFace}`;
  const cmd = parent
    .command(USAGE_COMMAND)
    .description(`${u.label}: the die after some uses (${faces} steps it down along ${u.sides.map((s) => `d${s}`).join(' ')}; the smallest is used up)`)
    .requiredOption('--die <dX>', `the ${u.label}, ${u.sides.map((s) => `d${s}`).join(' ')}`, parseUsageDie)
    .option('--uses <n>', `how many uses, 0 to ${MAX_USAGE_USES} (default 1)`, parseUses);
  if (mode === 'roll') cmd.option('--seed <n>', 'seed for a reproducible roll (printed when not given)', parseSeed);
  cmd
    .option('--json', 'print one JSON object (the same shape as HAMMERCRAWL!\'s resource die)')
    .option('--ruleset <id>', RULESET_OPTION_HELP, parseRuleset)
    .addHelpText('after', `\nRules: ${u.ref}.`)
    .action((flags: { die: number; uses?: number; seed?: number; json?: boolean }) => {
      const uses = flags.uses ?? 1;
      if (mode === 'odds') {
        const o = valueOf(system.usageOdds(flags.die, uses));
        const json = {
          die: `d${o.die}`,
          uses: o.uses,
          depleted: o.depleted,
          expectedUses: o.expectedUses,
          distribution: o.distribution.map((x) => ({ die: usageDieName(x.die), p: x.p })),
        };
        if (flags.json) {
          io.stdout(`${toJson(json)}\n`);
          return;
        }
        const peak = Math.max(...o.distribution.map((x) => x.p));
        const lines = [`${u.label} d${o.die} after ${uses} use${uses === 1 ? '' : 's'} (${system.label})`, `${'die'.padStart(8)}  ${'chance'.padStart(7)}`];
        for (const { die, p } of o.distribution) lines.push(`${(die === null ? 'depleted' : `d${die}`).padStart(8)}  ${pct(p).padStart(7)}  ${bar(p, peak)}`);
        lines.push(`P(depleted within ${uses} use${uses === 1 ? '' : 's'}) = ${pct(o.depleted)}`);
        lines.push(`expected uses before a fresh d${o.die} is depleted: ${o.expectedUses} (the use whose roll depletes it counted)`);
        io.stdout(`${lines.join('\n')}\n`);
        return;
      }
      const seed = flags.seed ?? freshSeed();
      const rng = seededRandom(seed);
      const rolls: UsageRoll[] = [];
      let die: number | null = flags.die;
      // Check the die even when no use is made (`--uses 0`).
      valueOf(system.usageOdds(flags.die, 0));
      while (die !== null && rolls.length < uses) {
        const r: UsageRoll = valueOf(system.rollUsage(rng, die));
        rolls.push(r);
        die = r.after;
      }
      const json = {
        seed,
        die: `d${flags.die}`,
        requested: uses,
        uses: rolls.map((r, i) => ({ use: i + 1, die: `d${r.die}`, face: r.face, after: usageDieName(r.after), explanation: r.explanation })),
        after: usageDieName(die),
        depleted: die === null,
      };
      if (flags.json) {
        io.stdout(`${toJson(json)}\n`);
        return;
      }
      const lines = [`${u.label} d${flags.die}, ${uses} use${uses === 1 ? '' : 's'} (${system.label})`];
      rolls.forEach((r, i) => lines.push(`  use ${i + 1}: ${r.explanation}`));
      if (die === null) {
        const missed = uses - rolls.length;
        lines.push(`depleted after ${rolls.length} use${rolls.length === 1 ? '' : 's'}${missed > 0 ? ` (${missed} more could not be made)` : ''}`);
      } else {
        lines.push(`now d${die}`);
      }
      lines.push(`seed ${seed} (the same roll again: --seed ${seed})`);
      io.stdout(`${lines.join('\n')}\n`);
    });
}

// ---------------------------------------------------------------------------------------------------
// Checks as commands
// ---------------------------------------------------------------------------------------------------

function addCheckCommand(parent: Command, system: RuleSystem, check: CheckKindDef, mode: 'roll' | 'odds', io: CliIo, freshSeed: () => number): void {
  const cmd = parent.command(check.id).description(check.help);
  addParamOptions(cmd, check.params, `${system.id} ${check.id}`);
  if (mode === 'roll') cmd.option('--seed <n>', 'seed for a reproducible roll (printed when not given)', parseSeed);
  else cmd.option('--all', 'show every value, not only the likeliest 60');
  cmd
    .option('--json', mode === 'roll' ? 'print one JSON object: seed, ruleset, check, dice, total, outcome' : 'print one JSON object: ruleset, check, outcomes [{outcome, p}], values, mean')
    .option('--ruleset <id>', RULESET_OPTION_HELP, parseRuleset)
    .addHelpText('after', `\n${check.label} (${system.label}). Rules: ${check.ref}.`)
    .action((raw: Record<string, unknown>) => {
      const request = { check: check.id, params: paramsOf(check.params, raw) };
      if (mode === 'odds') {
        const odds = valueOf(system.checkOdds(request));
        io.stdout(raw['json'] === true ? `${toJson({ ruleset: system.id, ...odds })}\n` : `${formatCheckOdds(system, odds, { all: raw['all'] === true })}\n`);
        return;
      }
      const seed = typeof raw['seed'] === 'number' ? raw['seed'] : freshSeed();
      const roll = valueOf(system.rollCheck(seededRandom(seed), request));
      io.stdout(raw['json'] === true ? `${toJson({ seed, ruleset: system.id, ...roll })}\n` : `${formatCheckRoll(system, roll, seed)}\n`);
    });
}

/** Adds every check of `system` (and its usage die as `resource`) under `roll` and `odds`. */
export function addRulesetChecks(roll: Command, odds: Command, system: RuleSystem, io: CliIo, freshSeed: () => number): void {
  for (const [parent, mode] of [
    [roll, 'roll'],
    [odds, 'odds'],
  ] as const) {
    for (const check of system.checks) addCheckCommand(parent, system, check, mode, io, freshSeed);
    if (hasUsageDie(system)) addUsageCommand(parent, system, mode, io, freshSeed);
    parent.addHelpText('after', `\n${system.label} (--ruleset ${system.id}): ${rulesetCommandNames(system).join(', ')}. Their options: 'hammercrawl rules ${system.id}'.`);
  }
}

// ---------------------------------------------------------------------------------------------------
// Characters
// ---------------------------------------------------------------------------------------------------

function signed(n: number): string {
  return n >= 0 ? `+${n}` : `${n}`;
}

/** A short text sheet of any ruleset's character: name and headline, stats, trackers. */
export function formatRulesetCharacter(system: RuleSystem, character: RulesetCharacter): string {
  const summary = system.summarize(character);
  const ids = system.attributes.map((a) => a.id).filter((id) => character.stats[id] !== undefined);
  const statIds = ids.length > 0 ? ids : Object.keys(character.stats);
  const stats = statIds.map((id) => {
    const s = character.stats[id]!;
    return `${id.toUpperCase()} ${s.score}${s.mod !== undefined ? ` (${signed(s.mod)})` : ''}`;
  });
  return [
    `${summary.name}: ${summary.headline}`,
    `  ${stats.join('  ')}`,
    ...(summary.trackers.length > 0 ? [`  ${summary.trackers.map((t) => `${t.label} ${t.value}`).join(' | ')}`] : []),
  ].join('\n');
}

/**
 * Adds `char new` for `system`: `--count`, `--seed`, `--json` as for HAMMERCRAWL!, and one flag per
 * creation option. `--json` prints one array of character documents (`ruleset`, `schemaVersion`, `stats`...).
 */
export function addRulesetCharNew(char: Command, system: RuleSystem, io: CliIo, freshSeed: () => number): void {
  const cmd = char
    .command('new')
    .description(`make ${system.label} characters: short text sheets, or --json for an array of character documents`)
    .option('--count <n>', `how many characters, 1 to ${MAX_CHARACTER_COUNT}`, parseCharacterCount)
    .option('--seed <n>', 'seed for reproducible characters (printed when not given)', parseSeed)
    .option('--json', 'print one JSON array of character documents')
    .option('--ruleset <id>', RULESET_OPTION_HELP, parseRuleset);
  addParamOptions(cmd, system.creationOptions, `${system.id} char new`);
  cmd.addHelpText('after', `\nCharacters of ${system.label}. Rules: ${system.ref}.`).action((raw: Record<string, unknown>) => {
    const seed = typeof raw['seed'] === 'number' ? raw['seed'] : freshSeed();
    const count = typeof raw['count'] === 'number' ? raw['count'] : 1;
    const options = paramsOf(system.creationOptions, raw);
    const rng = seededRandom(seed);
    const characters: RulesetCharacter[] = [];
    for (let i = 0; i < count; i++) characters.push(valueOf(system.rollCharacter(rng, options)));
    if (raw['json'] === true) {
      io.stdout(`${JSON.stringify(characters)}\n`);
      return;
    }
    io.stdout(`${characters.map((c) => formatRulesetCharacter(system, c)).join('\n\n')}\n\nseed ${seed} (the same characters again: --seed ${seed})\n`);
  });
}

// ---------------------------------------------------------------------------------------------------
// hammercrawl rules [ruleset]
// ---------------------------------------------------------------------------------------------------

/** What each ruleset is, in a line (the program's own list, handed to `addRulesCommand`). */
export type RulesetSummaries = Readonly<Record<RulesetId, string>>;

function paramLines(defs: readonly ParamDef[], indent: string): string[] {
  const flags = defs.map(paramFlag);
  const width = Math.max(0, ...flags.map((f) => f.length));
  return defs.map((d, i) => `${indent}${flags[i]!.padEnd(width)}  ${paramHelp(d)}`);
}

/** The readable description of a ruleset: what it is (`summary`), its checks with their flags, usage die, creation. */
export function formatRules(system: RuleSystem, summary: string): string {
  const lines = [
    `${system.label} (--ruleset ${system.id}), ${system.version}`,
    `  ${summary}`,
    `  Rules: ${system.ref}`,
    `  Attributes: ${system.attributes.map((a) => `${a.id.toUpperCase()} (${a.label})`).join(', ')}`,
    `  Dice chain for ^+N steps in notation: ${system.chain.sides.map((s) => `d${s}`).join(' ')}`,
    '',
    `Checks: hammercrawl odds <check> --ruleset ${system.id} [options]; roll the same way (--seed, --json)`,
  ];
  for (const check of system.checks) {
    lines.push('', `  ${check.id}: ${check.help}`);
    lines.push(...paramLines(check.params, '      '));
  }
  if (hasUsageDie(system)) {
    const u = system.usageDie;
    lines.push(
      '',
      `  ${USAGE_COMMAND}: the ${u.label} after some uses: ${u.stepDownMaxFace === 1 ? '1' : `1-${u.stepDownMaxFace}`} steps it down along ${u.sides.map((s) => `d${s}`).join(' ')} (${u.ref})`,
      `      --die <dX>  the ${u.label} (required)`,
      `      --uses <n>  how many uses, 0 to ${MAX_USAGE_USES} (default 1)`,
    );
  } else {
    lines.push('', `  (no usage dice: ${system.usageDie.ref})`);
  }
  lines.push('', `Characters: hammercrawl char new --ruleset ${system.id} [--count n] [--seed s] [--json] [options]`);
  lines.push(...paramLines(system.creationOptions, '      '));
  lines.push('', `Example: hammercrawl odds ${exampleOf(system)}`);
  return lines.join('\n');
}

/** A command line of the first check with its required parameters, for help. */
function exampleOf(system: RuleSystem): string {
  const check = system.checks[0];
  if (check === undefined) return `--ruleset ${system.id}`;
  const params = check.params
    .filter((p) => p.isRequired === true)
    .map((p) => {
      switch (p.kind) {
        case 'integer':
          return `--${p.name} ${Math.min(p.max, Math.max(p.min, 12))}`;
        case 'die':
          return `--${p.name} d${p.sides.find((s) => s > 0) ?? 6}`;
        case 'choice':
          return `--${p.name} ${p.choices[0]?.id ?? ''}`;
        case 'text':
          return `--${p.name} ...`;
        case 'boolean':
          return `--${p.name}`;
      }
    });
  return [check.id, '--ruleset', system.id, ...params].join(' ');
}

/** The JSON of `rules <id> --json`: the ruleset's description as the contract gives it. */
function rulesJson(system: RuleSystem): Record<string, unknown> {
  return {
    id: system.id,
    label: system.label,
    version: system.version,
    ref: system.ref,
    attributes: system.attributes,
    chain: system.chain.sides,
    checks: system.checks,
    usageDie: system.usageDie,
    creationOptions: system.creationOptions,
  };
}

async function hammercrawlRules(summary: string): Promise<string> {
  const { MECHANICS } = await import('./mechanics.js');
  const lines = [
    `HAMMERCRAWL! (--ruleset ${DEFAULT_RULESET}, the default)`,
    `  ${summary}`,
    '',
    'Mechanics: hammercrawl odds <mechanic> [options]; roll the same way (--seed, --json)',
  ];
  const width = Math.max(...MECHANICS.map((m) => m.name.length));
  for (const m of MECHANICS) lines.push(`  ${m.name.padEnd(width)}  ${m.description}`);
  lines.push('', "Options of a mechanic: 'hammercrawl odds <mechanic> --help'. Characters: 'hammercrawl char new --help'.");
  return lines.join('\n');
}

/** Adds `rules [ruleset]`: the rulesets (each with its catalogue line), or one ruleset's checks with their options. */
export function addRulesCommand(program: Command, io: CliIo): void {
  const summaries = Object.fromEntries(CATALOGUE.map((e) => [e.id, e.summary])) as RulesetSummaries;
  program
    .command('rules')
    .description('the rulesets --ruleset offers, or one ruleset\'s checks with their options: rules exalted-hack')
    .argument('[ruleset]', `one of ${RULESET_IDS.join(', ')}`)
    .option('--json', 'print the ruleset\'s checks, parameters and creation options as JSON')
    .action(async (id: string | undefined, flags: { json?: boolean }) => {
      if (id === undefined) {
        if (flags.json) {
          io.stdout(`${toJson(RULESET_IDS.map((r) => ({ id: r, summary: summaries[r] })))}\n`);
          return;
        }
        const lines = ['Rulesets (--ruleset <id> on roll, odds, step and char new):'];
        for (const r of RULESET_IDS) lines.push(`  ${r.padEnd(19)} ${summaries[r]}`);
        lines.push('', "A ruleset's checks and their options: 'hammercrawl rules <id>'.");
        io.stdout(`${lines.join('\n')}\n`);
        return;
      }
      if (!isRulesetId(id)) throw new UsageError(`unknown ruleset '${id}'; expected one of ${RULESET_IDS.join(', ')}`);
      const rulesetId: RulesetId = id;
      if (rulesetId === DEFAULT_RULESET && !flags.json) {
        io.stdout(`${await hammercrawlRules(summaries[DEFAULT_RULESET])}\n`);
        return;
      }
      const system = await loadRuleSystem(rulesetId);
      io.stdout(flags.json ? `${toJson(rulesJson(system))}\n` : `${formatRules(system, summaries[rulesetId])}\n`);
    });
}
