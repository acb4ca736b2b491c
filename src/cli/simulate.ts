/**
 * `hammercrawl simulate`: run whole HAMMERCRAWL! fights many times, a party (a saved `char new --json`
 * file, or freshly rolled level-1 characters) against the Smith's monsters (`--monster` specs or a JSON
 * file), and print the win rate, rounds, each PC's chance to drop and the resources they used. The same
 * `--seed` gives the same report. Rules: HAMMERCRAWL! v4, COMBAT; docs/rulings.md.
 */
import { CATALOGUE } from '../rules/catalogue.js';
import { readFileSync } from 'node:fs';
import { Command, InvalidArgumentError } from 'commander';
import { MAX_SEED, seededRandom } from '../dice/random.js';
import { readCharacters, type Character } from '../rules/hammercrawl/character.js';
import { rollCharacters } from '../rules/hammercrawl/create-character.js';
import { DEFAULT_COMBAT_SETTINGS, type CombatSettings } from '../rules/hammercrawl/combat/build-attack.js';
import type { MonsterSpec } from '../rules/hammercrawl/combat/fighter.js';
import { monsterSpecsFromJson, parseMonsterSpec } from '../rules/hammercrawl/combat/monster-spec.js';
import { MAX_FIGHTS } from '../rules/hammercrawl/combat/problems.js';
import { DEFAULT_TURN_ORDER, simulateEncounter, type SimulationReport, type TurnOrderRule } from '../rules/hammercrawl/combat/simulate.js';
import { UsageError } from './mechanic.js';
import { MAX_CHARACTER_COUNT, type CliIo } from './options.js';

/** Fights run when `--runs` is not given. */
export const DEFAULT_SIMULATED_FIGHTS = 1000;

/** From this many runs on, `sim` writes a progress line on stderr. */
export const PROGRESS_MIN_RUNS = 5000;

/** How many progress reports a long run writes (every tenth of the runs). */
export const PROGRESS_STEPS = 10;

/** Largest JSON file `--party` or `--monsters` reads (bytes). */
export const MAX_SIMULATE_FILE_BYTES = 10_000_000;

interface SimulateFlags {
  party?: string;
  generate?: number;
  monster?: string[];
  monsters?: string;
  fights?: number;
  runs?: number;
  seed?: number;
  json?: boolean;
  first?: TurnOrderRule;
  minionChallenge?: 'beat' | 'meet';
  exact?: boolean;
}

function parseWhole(min: number, max: number) {
  return (value: string): number => {
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}`);
    return Number(value);
  };
}

function parseChoice<T extends string>(choices: readonly T[]) {
  return (value: string): T => {
    if (!(choices as readonly string[]).includes(value)) throw new InvalidArgumentError(`expected ${choices.join(' or ')}`);
    return value as T;
  };
}

function readJson(file: string, flag: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as { code?: string }).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : (e as Error).message;
    throw new UsageError(`${flag}: cannot read '${file}': ${why}`);
  }
  if (text.length > MAX_SIMULATE_FILE_BYTES) throw new UsageError(`${flag}: '${file}' is larger than ${MAX_SIMULATE_FILE_BYTES} bytes`);
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${flag}: '${file}' is not valid JSON: ${(e as Error).message.split('\n')[0]}`);
  }
}

function partyOf(flags: SimulateFlags, seed: number): Character[] {
  if (flags.party !== undefined && flags.generate !== undefined) throw new UsageError('give either --party <file.json> or --generate <n>, not both');
  if (flags.party !== undefined) {
    const json = readJson(flags.party, '--party');
    const other = (Array.isArray(json) ? json : [json]).map((c) => (typeof c === 'object' && c !== null ? (c as Record<string, unknown>)['ruleset'] : undefined)).find((r) => typeof r === 'string' && r !== 'hammercrawl');
    if (other !== undefined) {
      const label = CATALOGUE.find((e) => e.id === other)?.label ?? `a ruleset called ${JSON.stringify(other)}`;
      throw new UsageError(`--party: '${flags.party}' holds a character of ${label}; sim runs HAMMERCRAWL! fights, with HAMMERCRAWL! characters only`);
    }
    const read = readCharacters(json);
    if (!read.ok) {
      const [first] = read.problems;
      throw new UsageError(`--party: '${flags.party}' is not a valid character document: ${first!.path}: ${first!.message}`);
    }
    return [...read.characters];
  }
  if (flags.generate === undefined) throw new UsageError('give the party: --party <file.json> (from char new --json) or --generate <n>');
  const made = rollCharacters(seededRandom(seed), { method: 'random', seed }, flags.generate);
  if (!made.ok) throw new UsageError(`--generate: ${made.error.message} (${made.error.code})`);
  return made.characters;
}

function monstersOf(flags: SimulateFlags): MonsterSpec[] {
  const specs: MonsterSpec[] = [];
  for (const text of flags.monster ?? []) {
    const r = parseMonsterSpec(text);
    if (!r.ok) throw new UsageError(`--monster: ${r.problem.message} (${r.problem.code})`);
    specs.push(r.spec);
  }
  if (flags.monsters !== undefined) {
    const r = monsterSpecsFromJson(readJson(flags.monsters, '--monsters'));
    if (!r.ok) throw new UsageError(`--monsters: ${r.problem.message} (${r.problem.code})`);
    specs.push(...r.specs);
  }
  if (specs.length === 0) throw new UsageError('give the monsters: --monster "name:hd=2,attack=+3,defense=12,damage=d6,count=4" (repeatable) or --monsters <file.json>');
  return specs;
}

function pct(x: number): string {
  return `${(100 * x).toFixed(1)}%`;
}

/** The text report of a simulation. */
export function formatSimulationReport(report: SimulationReport, seed: number, turnOrder: TurnOrderRule = DEFAULT_TURN_ORDER): string {
  const order = turnOrder === 'initiative' ? "turn order: the leaders' Initiative Contest, the initiative passed along (CB-18)" : `turn order: ${turnOrder} first each round, sides alternating (--first ${turnOrder})`;
  const lines = [
    `${report.fights} fights: party wins ${pct(report.winRate)} (${report.partyWins}), foes win ${report.foesWins}, draws ${report.draws}`,
    `rounds: mean ${report.rounds.mean.toFixed(2)}, min ${report.rounds.min}, max ${report.rounds.max}`,
    order,
    `monsters down per fight: ${report.meanMonstersDown.toFixed(2)}`,
    '',
    'PC                       drops   Health steps  Armour steps  HD re-rolls  Armour re-rolls  Fist uses',
  ];
  for (const p of report.pcs) {
    lines.push(
      `${p.name.slice(0, 24).padEnd(24)} ${pct(p.pDown).padStart(6)}   ${p.meanHealthStepsLost.toFixed(2).padStart(12)}  ${p.meanArmourStepsLost.toFixed(2).padStart(12)}  ${p.meanHdRerollsUsed.toFixed(2).padStart(11)}  ${p.meanArmourRerollsUsed.toFixed(2).padStart(15)}  ${p.meanFistUsesUsed.toFixed(2).padStart(9)}`,
    );
  }
  if (report.exactUnavailable) lines.push('', `--exact not used: ${report.exactUnavailable}; every die was rolled`);
  lines.push('', `seed ${seed} (the same fights again: --seed ${seed})`);
  return `${lines.join('\n')}\n`;
}

/**
 * A progress reporter for long runs: "sim: 4000 of 10000 runs (40%)" on stderr every tenth of the runs,
 * each on its own line (stderr is often a log), nothing below PROGRESS_MIN_RUNS.
 */
export function progressReporter(io: CliIo, total: number): ((done: number, total: number) => void) | undefined {
  if (total < PROGRESS_MIN_RUNS) return undefined;
  const every = Math.ceil(total / PROGRESS_STEPS);
  return (done) => {
    if (done % every === 0 || done === total) io.stderr(`sim: ${done} of ${total} runs (${Math.floor((100 * done) / total)}%)\n`);
  };
}

/**
 * Builds the `sim` command (alias `simulate`; the lead adds it to the program). Output: a text report, or
 * with `--json` `{ seed, runs, partyWins, foesWins, draws, winRate, rounds, turnOrder, party, monsters, report }`
 * (README, "CLI": at least `runs`, `partyWins` and `rounds` are the contract); the same `--seed` gives
 * byte-identical output.
 */
export function buildSimulateCommand(io: CliIo, freshSeed: () => number): Command {
  return new Command('sim')
    .alias('simulate')
    .description('run whole fights many times: a party against monsters; win rate, rounds, drops, resources')
    .configureOutput({ writeOut: (s) => io.stdout(s), writeErr: (s) => io.stderr(s), outputError: () => {} })
    .exitOverride()
    .option('--party <file>', 'the party: a JSON file from char new --json (one character or an array)')
    .option('--generate <n>', `roll n level-1 characters (Option A) for the party, 1 to ${MAX_CHARACTER_COUNT}`, parseWhole(1, MAX_CHARACTER_COUNT))
    .option('--monster <spec>', 'a monster: "name:hd=2,attack=+3,defense=12,damage=d6,count=4" (health=d8, armour=d6, boss); repeatable', (v: string, prev: string[] = []) => [...prev, v])
    .option('--monsters <file>', 'monsters from a JSON file: [{ "name": "goblin", "hd": 1, "attack": "+3", "defense": 12, "damage": "d6", "count": 4 }]')
    .option('--runs <n>', `how many fights, 1 to ${MAX_FIGHTS} (default ${DEFAULT_SIMULATED_FIGHTS}); a progress line on stderr from ${PROGRESS_MIN_RUNS}`, parseWhole(1, MAX_FIGHTS))
    .option('--fights <n>', 'the same as --runs', parseWhole(1, MAX_FIGHTS))
    .option('--seed <n>', 'seed for reproducible fights (printed when not given)', parseWhole(0, MAX_SEED))
    .option(
      '--first <order>',
      "turn order: initiative (default: the leaders' Initiative Contest, the initiative passed along), or party or foes (that side first each round, turns alternating)",
      parseChoice(['initiative', 'party', 'foes'] as const),
    )
    .option('--minion-challenge <rule>', 'rolls against minion values: meet ("equal or exceed", the default; ruling CB-1) or beat', parseChoice(['beat', 'meet'] as const))
    .option('--exact', "draw each attack's result from its exact odds (much faster; falls back to rolling every die when a special needs it)")
    .option('--json', 'print the report as JSON')
    .action((flags: SimulateFlags) => {
      if (flags.runs !== undefined && flags.fights !== undefined && flags.runs !== flags.fights) throw new UsageError('give --runs or --fights (the same thing), not both');
      const seed = flags.seed ?? freshSeed();
      const party = partyOf(flags, seed);
      const monsters = monstersOf(flags);
      const settings: CombatSettings = { ...DEFAULT_COMBAT_SETTINGS, minionChallenge: flags.minionChallenge ?? DEFAULT_COMBAT_SETTINGS.minionChallenge };
      const runs = flags.runs ?? flags.fights ?? DEFAULT_SIMULATED_FIGHTS;
      const turnOrder = flags.first ?? DEFAULT_TURN_ORDER;
      const onProgress = progressReporter(io, runs);
      const result = simulateEncounter(seededRandom(seed), party, monsters, {
        fights: runs,
        settings,
        first: turnOrder,
        mode: flags.exact ? 'exact' : 'dice',
        ...(onProgress ? { onProgress } : {}),
      });
      if (!result.ok) throw new UsageError(`${result.problem.message} (${result.problem.code})`);
      const r = result.report;
      if (flags.json) {
        const rounds = { mean: r.rounds.mean, min: r.rounds.min, max: r.rounds.max };
        io.stdout(
          `${JSON.stringify({ seed, runs: r.fights, partyWins: r.partyWins, foesWins: r.foesWins, draws: r.draws, winRate: r.winRate, rounds, turnOrder, party: party.map((c) => c.name), monsters, report: r })}\n`,
        );
        return;
      }
      io.stdout(formatSimulationReport(r, seed, turnOrder));
    });
}
