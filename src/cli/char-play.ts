/**
 * `hammercrawl char show | level-up | apply | changes`: saved characters of any ruleset, and the rules
 * that change them in play (`RuleSystem.play`), the way the table makes them. A change's parameters are
 * flags read against the change's own description, so each ruleset's changes take the flags they
 * describe (`hammercrawl char changes <ruleset>` lists them). JSON shapes are a contract (README, "CLI").
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { Command, InvalidArgumentError } from 'commander';
import { seededRandom } from '../dice/random.js';
import { CATALOGUE, isRulesetId, loadRuleSystem, RULESET_IDS } from '../rules/catalogue.js';
import { withHistory } from '../rules/character-play.js';
import type { CharacterChangeDef, CharacterChangeResult, CharacterHistoryEntry, ParamDef, ParamRecord, ParamValue, RuleSystem, RulesetCharacter } from '../rules/rule-system.js';
import { readParam, unknownParam } from '../rules/rule-system.js';
import { UsageError } from './mechanic.js';
import { DEFAULT_RULESET, parseInteger, parseSeed, toJson, type CliIo } from './options.js';
import { formatCheckOdds, formatRulesetCharacter, paramFlag, paramHelp, parseParam } from './ruleset-commands.js';

/** Who a history entry made from the command line names when `--by` is not given. */
export const CLI_AUTHOR = 'cli';

/** History lines `char show` prints of each character. */
export const SHOWN_HISTORY_LINES = 5;

/** What the commands need from the CLI. */
export interface CharPlayDeps {
  readonly io: CliIo;
  readonly freshSeed: () => number;
  /** The clock for history entries (ms since the epoch). */
  readonly now: () => number;
  /** A ruleset's own text sheet of a character, when it has one richer than the generic lines. */
  readonly formatSheet?: (system: RuleSystem, character: RulesetCharacter) => string | null;
}

/** One character of a file, read by its ruleset. */
interface FileCharacter {
  readonly system: RuleSystem;
  readonly character: RulesetCharacter;
}

/** A character file as read: its characters, and whether it held a list. */
interface CharacterFile {
  readonly characters: readonly FileCharacter[];
  readonly isList: boolean;
}

function readJsonFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as { code?: string }).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : (e as Error).message;
    throw new UsageError(`cannot read '${file}': ${why}`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UsageError(`'${file}' is not valid JSON: ${(e as Error).message.split('\n')[0]}`);
  }
}

/** Reads a file of one character or a list of them; each by the ruleset its `ruleset` names (HAMMERCRAWL! when none). */
export async function readCharacterFile(file: string): Promise<CharacterFile> {
  const json = readJsonFile(file);
  const isList = Array.isArray(json);
  const items: readonly unknown[] = isList ? json : [json];
  if (items.length === 0) throw new UsageError(`'${file}' holds an empty list; it needs at least one character`);
  const characters: FileCharacter[] = [];
  for (const [i, item] of items.entries()) {
    const where = isList ? `$[${i}]` : '$';
    const id = item !== null && typeof item === 'object' ? (item as { ruleset?: unknown }).ruleset ?? DEFAULT_RULESET : undefined;
    if (!isRulesetId(id)) throw new UsageError(`'${file}' is not a valid character: ${where}.ruleset: expected one of ${RULESET_IDS.join(', ')}`);
    const system = await loadRuleSystem(id);
    const read = system.readCharacter(item);
    if (!read.ok) throw new UsageError(`'${file}' is not a valid character: ${where}${(read.error.path ?? '$').slice(1)}: ${read.error.message}`);
    characters.push({ system, character: read.value });
  }
  return { characters, isList };
}

/** Writes `value` as JSON to `file`, whole or not at all (a temporary file renamed over it). */
function writeJsonFile(file: string, value: unknown): void {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, `${JSON.stringify(value, null, 2)}\n`);
    renameSync(tmp, file);
  } catch (e) {
    throw new UsageError(`cannot write '${file}': ${(e as Error).message}`);
  }
}

/** The text sheet of a character: the ruleset's own, else the generic lines, then its play (values, conditions, notes, history). */
function sheetOf(deps: CharPlayDeps, { system, character }: FileCharacter): string {
  const own = deps.formatSheet?.(system, character) ?? null;
  const lines = [own ?? formatRulesetCharacter(system, character)];
  const conditions = (character as { conditions?: readonly string[] }).conditions ?? [];
  if (own === null) {
    // The summary's line above already gives some of them (Blood 8/8): the rest only.
    const above = new Set(system.summarize(character).trackers.map((t) => t.label));
    const values = system.characterValues(character).filter((v) => v.role !== 'usage' && v.role !== 'other' && !above.has(v.label));
    if (values.length > 0) lines.push(`  ${values.map((v) => `${v.label} ${v.kind === 'die' ? (v.value === null ? '-' : `d${v.value}`) : String(v.value)}${v.max !== undefined ? `/${v.kind === 'die' ? `d${v.max.value}` : v.max.value}` : ''}`).join(' | ')}`);
  }
  if (conditions.length > 0) lines.push(`  Conditions: ${conditions.join(', ')}`);
  if ((character.notes ?? '') !== '') lines.push(`  Notes: ${character.notes!.replace(/\s+/g, ' ')}`);
  const history = character.history ?? [];
  if (history.length > 0) {
    lines.push(`  History (last ${Math.min(SHOWN_HISTORY_LINES, history.length)} of ${history.length}):`);
    for (const h of history.slice(-SHOWN_HISTORY_LINES)) lines.push(`    ${new Date(h.at).toISOString().slice(0, 16).replace('T', ' ')} ${h.by}: ${h.summary}${h.isOverride === true ? ' (override)' : ''}`);
  }
  return lines.join('\n');
}

/** The change `id` of a ruleset, or a usage error listing its changes. */
function changeOf(system: RuleSystem, id: string): CharacterChangeDef {
  const play = system.play;
  if (play === undefined) throw new UsageError(`${system.label} has no rules that change a character`);
  const def = play.changes.find((c) => c.id === id);
  if (def === undefined && id === 'level-up') throw new UsageError(`${system.label} has no levels: its characters do not level up (its changes are ${play.changes.map((c) => c.id).join(', ')}; 'hammercrawl char changes ${system.id}')`);
  if (def === undefined) throw new UsageError(`${system.label} has no change '${id}'; its changes are ${play.changes.map((c) => c.id).join(', ')} ('hammercrawl char changes ${system.id}')`);
  return def;
}

/**
 * Reads a change's flags from the words commander left (`--amount 3`, `--harm=d6`, `--bank`,
 * `--no-bank`) against the change's parameters: an unknown flag or a bad value is a usage error.
 */
export function readChangeFlags(def: CharacterChangeDef, words: readonly string[], system: RuleSystem): ParamRecord {
  const params: Record<string, ParamValue> = {};
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const m = /^--(no-)?([a-z0-9][a-z0-9-]*)(?:=(.*))?$/s.exec(word);
    if (m === null) throw new UsageError(`unexpected '${word}': the flags of ${def.id} are ${def.params.map((p) => `--${p.name}`).join(' ') || '(none)'}`);
    const [, no, name, inline] = m;
    const p = def.params.find((d) => d.name === name);
    if (p === undefined) throw new UsageError(`${system.label} ${def.id} has no flag --${name}; its flags are ${def.params.map((d) => `--${d.name}`).join(' ') || '(none)'}`);
    if (p.kind === 'boolean') {
      if (inline !== undefined && !/^(true|false)$/.test(inline)) throw new UsageError(`--${name} is a yes/no flag: --${name}, --no-${name} or --${name}=false`);
      params[p.name] = no === undefined && inline !== 'false';
      continue;
    }
    if (no !== undefined) throw new UsageError(`--no-${name}: only yes/no flags take --no-`);
    const text = inline ?? words[++i];
    if (text === undefined) throw new UsageError(`--${name} needs a value: ${paramFlag(p)}`);
    try {
      params[p.name] = parseParam(p, text);
    } catch (e) {
      if (e instanceof InvalidArgumentError) throw new UsageError(`--${name} '${text}': ${e.message}`);
      throw e;
    }
  }
  const unknown = unknownParam(def.params, params);
  if (unknown !== null) throw new UsageError(unknown.message);
  for (const p of def.params) {
    const r = readParam(def.params, params, p.name);
    if (!r.ok) throw new UsageError(`--${p.name}: ${r.error.message}`);
  }
  return params;
}

/** Makes a change to a character: the result with its history line (who, when), or a usage error. */
function makeChange(deps: CharPlayDeps, fc: FileCharacter, def: CharacterChangeDef, params: ParamRecord, seed: number, by: string): CharacterChangeResult {
  const r = fc.system.play!.rollChange(seededRandom(seed), fc.character, { change: def.id, params });
  if (!r.ok) {
    // A problem at one of the change's own flags names it; a path inside the character (its XP) is no flag to give.
    const at = r.error.path === undefined ? undefined : /^\$\.([a-z0-9-]+)/.exec(r.error.path)?.[1];
    const flag = at !== undefined && def.params.some((p) => p.name === at) ? `--${at}: ` : '';
    const hint = /not-enough-xp$/.test(r.error.code) && def.params.some((p) => p.name === 'force') && !r.error.message.includes('--force') ? '; --force levels anyway' : '';
    throw new UsageError(`${fc.character.name}: ${flag}${r.error.message} (${r.error.code}${hint})`);
  }
  const entry: CharacterHistoryEntry = { at: deps.now(), by, change: def.id, summary: r.value.summary };
  const character = withHistory(r.value.character as unknown as Record<string, unknown>, entry) as unknown as RulesetCharacter;
  const valid = fc.system.readCharacter(character);
  if (!valid.ok) throw new UsageError(`${fc.character.name}: the character would no longer be valid: ${valid.error.message}`);
  return { ...r.value, character: valid.value };
}

/** The flags of a change, one line each, for help and `char changes`. */
function changeLines(def: CharacterChangeDef, indent: string): string[] {
  const who = def.by === 'smith' ? " (the Smith's)" : '';
  return [
    `${indent}${def.id}${who}: ${def.help}${def.rollsDice ? ' [rolls dice; --odds shows the odds]' : ''}`,
    ...def.params.map((p: ParamDef) => `${indent}    ${paramFlag(p)}  ${paramHelp(p)}`),
  ];
}

function parseIndex(value: string): number {
  const n = parseInteger(value);
  if (n < 0) throw new InvalidArgumentError('expected 0 or more');
  return n;
}

/** Adds `show`, `level-up`, `apply` and `changes` to `char`. */
export function addCharPlayCommands(char: Command, deps: CharPlayDeps): void {
  const { io } = deps;
  char
    .command('show')
    .description('print the text sheet of a saved character of any ruleset (a JSON file from char new --json: one character or an array)')
    .argument('<file>', 'a character document (.json)')
    .option('--json', 'print the characters back as a JSON array (after validation and migration)')
    .action(async (file: string, flags: { json?: boolean }) => {
      const read = await readCharacterFile(file);
      if (flags.json) io.stdout(`${JSON.stringify(read.characters.map((c) => c.character))}\n`);
      else io.stdout(`${read.characters.map((c) => sheetOf(deps, c)).join('\n\n')}\n`);
    });

  char
    .command('level-up')
    .description("raise each character of a saved document one level with the ruleset's choices as flags (hammercrawl char changes <ruleset>); prints the new sheets, or --json")
    .argument('<file>', 'a character document (.json)')
    .argument('[choices...]', "the ruleset's level-up flags ('hammercrawl char changes <ruleset>' lists them; HAMMERCRAWL!'s include --force and --bank)")
    .option('--seed <n>', 'seed for reproducible rolls (printed when not given)', parseSeed)
    .option('--json', 'print the levelled characters as one JSON array')
    .option('--write', 'also write the levelled characters back to <file>')
    .option('--by <name>', `who the history names (default ${CLI_AUTHOR})`)
    .allowUnknownOption()
    .action(async (file: string, words: string[], flags: { seed?: number; json?: boolean; write?: boolean; by?: string }) => {
      const read = await readCharacterFile(file);
      const seed = flags.seed ?? deps.freshSeed();
      const done = read.characters.map((fc, i) => {
        try {
          const def = changeOf(fc.system, 'level-up');
          return { fc, r: makeChange(deps, fc, def, readChangeFlags(def, words, fc.system), seed + i, flags.by ?? CLI_AUTHOR) };
        } catch (e) {
          // In a list of several, which one; a list of one (as 'char new --json' writes) needs no number.
          if (e instanceof UsageError && read.characters.length > 1) throw new UsageError(`character ${i + 1} of ${read.characters.length}: ${e.message}`);
          throw e;
        }
      });
      if (flags.write) writeJsonFile(file, read.isList ? done.map((d) => d.r.character) : done[0]!.r.character);
      if (flags.json) {
        // A forced level says so on stderr, so that the JSON on stdout stays the characters alone.
        for (const d of done) for (const line of d.r.explanation.filter((l) => l.startsWith('Forced'))) io.stderr(`note: ${d.r.character.name}: ${line}\n`);
        io.stdout(`${JSON.stringify(done.map((d) => d.r.character))}\n`);
        return;
      }
      const sheets = done.map(({ fc, r }) => [sheetOf(deps, { system: fc.system, character: r.character }), '', 'Level-up log:', ...r.explanation.map((l) => `  ${l}`)].join('\n'));
      io.stdout(`${sheets.join('\n\n')}\n\nseed ${seed} (the same level-up again: --seed ${seed})${flags.write ? `\nwritten to ${file}` : ''}\n`);
    });

  char
    .command('apply')
    .description("make one of the ruleset's changes to a saved character and write it back, as the table does: damage, heal, rest, xp, level-up, edit... (hammercrawl char changes <ruleset>)")
    .argument('<file>', 'a character document (.json): one character, or a list with --index')
    .argument('<change>', "the change's id (hammercrawl char changes <ruleset>)")
    .argument('[params...]', "the change's flags")
    .option('--seed <n>', 'seed for reproducible rolls (printed when not given)', parseSeed)
    .option('--json', 'print { character, change } as JSON')
    .option('--odds', 'print the exact odds of the change instead of making it (nothing is written)')
    .option('--dry-run', 'make the change and print it, but do not write the file')
    .option('--out <file>', 'write the changed document to <file> instead of back to <file>')
    .option('--index <n>', 'which character of a list (0 is the first)', parseIndex)
    .option('--by <name>', `who the history names (default ${CLI_AUTHOR})`)
    .allowUnknownOption()
    .addHelpText('after', `\nExamples:\n  hammercrawl char new --seed 4 --json > jory.json\n  hammercrawl char apply jory.json damage --dv 6 --odds\n  hammercrawl char changes hammercrawl`)
    .action(async (file: string, change: string, words: string[], flags: { seed?: number; json?: boolean; odds?: boolean; dryRun?: boolean; out?: string; index?: number; by?: string }) => {
      const read = await readCharacterFile(file);
      if (read.characters.length > 1 && flags.index === undefined) throw new UsageError(`'${file}' holds ${read.characters.length} characters; say which with --index (0 to ${read.characters.length - 1})`);
      const index = flags.index ?? 0;
      const fc = read.characters[index];
      if (fc === undefined) throw new UsageError(`--index ${index}: '${file}' holds ${read.characters.length} character${read.characters.length === 1 ? '' : 's'}`);
      const def = changeOf(fc.system, change);
      const params = readChangeFlags(def, words, fc.system);
      if (flags.odds) {
        if (!def.rollsDice) throw new UsageError(`${def.id} rolls no dice: it has no odds; it does what its flags say`);
        const odds = fc.system.play!.changeOdds(fc.character, { change: def.id, params });
        if (!odds.ok) throw new UsageError(`${odds.error.message} (${odds.error.code})`);
        io.stdout(flags.json ? `${toJson(odds.value)}\n` : `${fc.character.name}: ${def.label}\n${formatCheckOdds(fc.system, odds.value, { all: false })}\n`);
        return;
      }
      const seed = flags.seed ?? deps.freshSeed();
      const r = makeChange(deps, fc, def, params, seed, flags.by ?? CLI_AUTHOR);
      const target = flags.out ?? file;
      if (!flags.dryRun) {
        const list = read.characters.map((c, i) => (i === index ? r.character : c.character));
        writeJsonFile(target, read.isList ? list : r.character);
      }
      if (flags.json) {
        io.stdout(`${toJson({ character: r.character, change: { id: def.id, params, summary: r.summary, explanation: r.explanation, dice: r.dice, ...(r.outcome !== undefined ? { outcome: r.outcome } : {}) } })}\n`);
        return;
      }
      const lines = [`${fc.character.name}: ${r.summary}`, ...r.explanation.map((l) => `  ${l}`)];
      if (def.rollsDice) lines.push(`seed ${seed} (the same roll again: --seed ${seed})`);
      lines.push(flags.dryRun ? 'not written (--dry-run)' : `written to ${target}`);
      io.stdout(`${lines.join('\n')}\n`);
    });

  char
    .command('changes')
    .description("list each ruleset's changes to a character and their flags (for char apply and char level-up)")
    .argument('[ruleset]', `one ruleset: ${RULESET_IDS.join(', ')}`)
    .option('--json', 'print the changes as JSON, by ruleset')
    .action(async (ruleset: string | undefined, flags: { json?: boolean }) => {
      if (ruleset !== undefined && !isRulesetId(ruleset)) throw new UsageError(`unknown ruleset '${ruleset}'; expected one of ${RULESET_IDS.join(', ')}`);
      const ids = ruleset === undefined ? CATALOGUE.map((e) => e.id) : [ruleset];
      const systems = await Promise.all(ids.map((id) => loadRuleSystem(id)));
      if (flags.json) {
        io.stdout(`${toJson(Object.fromEntries(systems.map((s) => [s.id, s.play?.changes ?? []])))}\n`);
        return;
      }
      const lines: string[] = [];
      for (const s of systems) {
        lines.push(`${s.label} (${s.id}):`);
        if (s.play === undefined) lines.push('  (no changes yet)');
        else for (const def of s.play.changes) lines.push(...changeLines(def, '  '));
        lines.push('');
      }
      lines.push('Make one: hammercrawl char apply <file> <change> [flags]; its odds first: add --odds.');
      io.stdout(`${lines.join('\n')}\n`);
    });
}
