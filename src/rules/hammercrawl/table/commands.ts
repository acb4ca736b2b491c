/**
 * HAMMERCRAWL! at the shared table: the party's Ventures (nodes, node pools, light timers, limits,
 * camps, XP), each character's magick, and hammer dice pools. Each command is decided by the rules
 * module (`rollVentureCommand`, `rollMagickCommand`, `rollHammerPool`) with the injected dice and the
 * server's clock, and its events (every face inside) go into one table event, so a replay folds them
 * and never rolls. Rulings TB-n in docs/rulings.md.
 */
import type { RandomSource } from '../../../dice/random.js';
import { ok, problem, type ParamRecord, type RuleResult, type TableCharacter, type TableSettings } from '../../rule-system.js';
import type { Character } from '../character.js';
import { hammerDice, type HammerColour } from '../hammer-dice.js';
import {
  checkPool,
  hammerPool,
  isHammerPoolError,
  nodePool,
  resolveHammerFaces,
  rollHammerPool,
  type HammerPlusChoice,
  type HammerPool,
  type HammerPoolRoll,
  type HammerSettings,
  type PoolContext,
  type Stance,
  type VantageCount,
} from '../hammer-pools.js';
import type { Caster } from '../magick/caster.js';
import { casterFromCharacter } from '../magick/character-caster.js';
import type { ScrollReader } from '../magick/scrolls.js';
import { DEFAULT_MAGICK_SETTINGS, rollMagickCommand, type MagickCommand, type MagickSettings } from '../magick/commands.js';
import type { MagickEvent, MagickState } from '../magick/magick-state.js';
import { rollVentureCommand, type VentureCommand, type VentureEvent, type VentureState } from '../venture/venture.js';
import { burntConOf, xpOf } from './character-writes.js';
import { NO_RULE_GIVEN, ruleGivenCount, ruleGivenVantageOf } from '../rule-given.js';

/** `Omit` over each member of a union. */
export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * A venture command as a client sends it: the time (`at`) is the server's, never the client's (TB-2); a
 * member joins with the XP their character's document holds unless the Smith gives it (TC-3).
 */
export type TableVentureCommand =
  | DistributiveOmit<Exclude<VentureCommand, { readonly kind: 'join' }>, 'at'>
  | { readonly kind: 'join'; readonly member: { readonly id: string; readonly xp?: number } };

/** The venture commands that carry the time: the server's clock goes into them. */
export const TIMED_VENTURE_KINDS = [
  'start-venture',
  'enter-dungeon',
  'enter-node',
  'roll-node',
  'clear-node',
  'camp',
  'light',
  'douse',
  'relight',
  'refill',
  'tick',
  'return-to-town',
] as const satisfies readonly Extract<VentureCommand, { readonly at: number }>['kind'][];

// Every timed command kind is in the list (a new one in the module fails to compile here).
const _allTimed: readonly (typeof TIMED_VENTURE_KINDS)[number][] = [] as Extract<VentureCommand, { readonly at: number }>['kind'][];
void _allTimed;

/** A magick command as a client sends it: `set-caster` may leave the caster out to read it from the character (TB-5). */
export type TableMagickCommand =
  | Exclude<MagickCommand, { readonly kind: 'set-caster' | 'read-scroll' }>
  | { readonly kind: 'set-caster'; readonly caster?: Caster }
  /** A scroll: the reader (Dedicated, Dabbler or non-caster), INT and level are read from the character (MG-10). */
  | { readonly kind: 'read-scroll'; readonly spell: string; readonly canReadLanguage?: boolean; readonly feat?: boolean };

/**
 * The hammer pool to roll: a Check's pool from its inputs (H-5 to H-7), the Smith's node pool (H-12,
 * H-13), or listed dice.
 * @example { kind: 'check', level: 5, isFeat: true, advantages: 1 }
 */
export type HammerPoolRequest =
  | {
      readonly kind: 'check';
      readonly level?: number;
      readonly isFeat?: boolean;
      readonly advantages?: VantageCount;
      readonly disadvantages?: VantageCount;
      readonly stance?: Stance;
    }
  | { readonly kind: 'node'; readonly difficulty: number; readonly comets?: number; readonly chaosStars?: number; readonly skulls?: number }
  | { readonly kind: 'dice'; readonly colours: readonly HammerColour[]; readonly context?: PoolContext };

/** The context a pool request rolls in (`node` pools are the Smith's). */
export function poolContextOf(pool: HammerPoolRequest): PoolContext {
  if (pool.kind === 'node') return 'node';
  if (pool.kind === 'dice') return pool.context ?? 'check';
  return 'check';
}

// ---- settings ---------------------------------------------------------------------------------------

function choiceSetting<T extends string>(settings: TableSettings, key: string, allowed: readonly T[], fallback: T): RuleResult<T> {
  const value = settings[key];
  if (value === undefined) return ok(fallback);
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return ok(value as T);
  return problem('table/bad-setting', `The table setting ${key} is one of ${allowed.join(', ')}, got ${String(value)}; the Smith can change it.`);
}

/** The hammer dice settings of a table (`stance-symbols`, `xp-when-both`; rulings H-2, H-9). */
export function hammerSettingsOf(settings: TableSettings): RuleResult<HammerSettings> {
  const stanceSymbols = choiceSetting(settings, 'stance-symbols', ['face-list', 'symbol-sections'] as const, 'face-list');
  if (!stanceSymbols.ok) return stanceSymbols;
  const xpWhenBoth = choiceSetting(settings, 'xp-when-both', ['one', 'two'] as const, 'one');
  if (!xpWhenBoth.ok) return xpWhenBoth;
  return ok({ stanceSymbols: stanceSymbols.value, xpWhenBoth: xpWhenBoth.value });
}

/** The magick settings of a table (`concentration-penalty`, `town-rest-restores-con`, `max-overcast-points`; MG-8, MG-9). */
export function magickSettingsOf(settings: TableSettings): RuleResult<MagickSettings> {
  const penalty = choiceSetting(settings, 'concentration-penalty', ['target', 'steps'] as const, DEFAULT_MAGICK_SETTINGS.concentrationPenalty);
  if (!penalty.ok) return penalty;
  const restores = settings['town-rest-restores-con'] ?? DEFAULT_MAGICK_SETTINGS.townRestRestoresCon;
  if (typeof restores !== 'boolean') return problem('table/bad-setting', `The table setting town-rest-restores-con is true or false, got ${String(restores)}.`);
  const max = settings['max-overcast-points'];
  if (max !== undefined && (typeof max !== 'number' || !Number.isInteger(max) || max < 0 || max > 20)) {
    return problem('table/bad-setting', `The table setting max-overcast-points is a whole number from 0 to 20 (leave it out for no limit), got ${String(max)}.`);
  }
  return ok({ concentrationPenalty: penalty.value, townRestRestoresCon: restores, maxOvercastPoints: max === undefined ? null : max });
}

// ---- ventures ---------------------------------------------------------------------------------------

/** A join as decided: the XP given, else the XP the member's character document holds (TC-3). */
function joinOf(command: Extract<TableVentureCommand, { readonly kind: 'join' }>, characters: readonly TableCharacter[]): RuleResult<VentureCommand> {
  if (command.member.xp !== undefined) return ok({ kind: 'join', member: { id: command.member.id, xp: command.member.xp } });
  const character = characters.find((c) => c.id === command.member.id);
  if (character === undefined) {
    return problem('venture/member-xp', `${command.member.id} is not a character at this table, so its XP cannot be read: give member.xp, or join a table character by its id.`, '$.command.member.xp');
  }
  return ok({ kind: 'join', member: { id: command.member.id, xp: xpOf(character.document) } });
}

/**
 * Decides a venture command at `now` (the server's clock, never earlier than the venture's clock:
 * TB-2): the module's events, faces inside, and the command as decided (with `at`; a join with the XP
 * read from the member's document when not given, TC-3).
 */
export function rollVentureTableCommand(
  rng: RandomSource,
  venture: VentureState,
  command: TableVentureCommand,
  now: number,
  characters: readonly TableCharacter[] = [],
): RuleResult<{ readonly command: VentureCommand; readonly events: readonly VentureEvent[] }> {
  const at = Math.max(Math.floor(now), venture.clock ?? 0);
  let decided: VentureCommand;
  if (command.kind === 'join') {
    const join = joinOf(command, characters);
    if (!join.ok) return join;
    decided = join.value;
  } else decided = ((TIMED_VENTURE_KINDS as readonly string[]).includes(command.kind) ? { ...command, at } : command) as VentureCommand;
  const r = rollVentureCommand(rng, venture, decided);
  if (!r.ok) return problem(r.error.code, r.error.message);
  if (r.value.events.length === 0) return problem('venture/nothing-happened', 'Nothing changed: no light burned out and the clock did not move.');
  return ok({ command: decided, events: r.value.events });
}

// ---- magick ---------------------------------------------------------------------------------------

/**
 * The caster a character document describes (TB-5), or a refusal. The document's CON is what over-casting
 * left (TC-5): the caster's CON before any burn adds back the CON the document shows burnt.
 */
function casterOf(readCharacter: (json: unknown) => RuleResult<unknown>, document: TableCharacter['document']): RuleResult<Caster> {
  const read = readCharacter(document);
  if (!read.ok) return problem(read.error.code, `The character cannot be read: ${read.error.message}`);
  try {
    const caster = casterFromCharacter(read.value as unknown as Character);
    if (caster === null) return problem('magick/no-caster', 'This character has no spellcasting; give the caster explicitly, or pick a spellcasting class.');
    return ok({ ...caster, conScore: caster.conScore + burntConOf(document) });
  } catch (e) {
    if (e instanceof RangeError) return problem('magick/bad-caster', e.message);
    throw e;
  }
}

/** Who reads a scroll, from the character document: its spellcasting grade (or none), INT score and level (MG-10). */
function scrollReaderOf(readCharacter: (json: unknown) => RuleResult<unknown>, document: TableCharacter['document']): RuleResult<{ readonly reader: ScrollReader; readonly intScore: number; readonly level: number }> {
  const read = readCharacter(document);
  if (!read.ok) return problem(read.error.code, `The character cannot be read: ${read.error.message}`);
  const c = read.value as unknown as Character;
  let grade: ScrollReader = 'non-caster';
  try {
    grade = casterFromCharacter(c)?.grade ?? 'non-caster';
  } catch {
    grade = 'non-caster';
  }
  return ok({ reader: grade, intScore: c.stats.INT.score, level: c.level });
}

/**
 * Decides a magick command for one character (its magick so far `before`): the module's events, faces
 * inside, and the magick they fold to. `readCharacter` reads the document when the caster comes from it
 * (TB-5).
 */
export function rollMagickTableCommand(
  rng: RandomSource,
  before: MagickState,
  character: TableCharacter,
  tableSettings: TableSettings,
  command: TableMagickCommand,
  readCharacter: (json: unknown) => RuleResult<unknown>,
): RuleResult<{ readonly command: MagickCommand; readonly events: readonly MagickEvent[]; readonly state: MagickState }> {
  const settings = magickSettingsOf(tableSettings);
  if (!settings.ok) return settings;
  let decided: MagickCommand;
  if (command.kind === 'set-caster') {
    if (command.caster !== undefined) decided = { kind: 'set-caster', caster: command.caster };
    else {
      const caster = casterOf(readCharacter, character.document);
      if (!caster.ok) return caster;
      decided = { kind: 'set-caster', caster: caster.value };
    }
  } else if (command.kind === 'read-scroll') {
    const reader = scrollReaderOf(readCharacter, character.document);
    if (!reader.ok) return reader;
    decided = { ...command, ...reader.value };
  } else decided = command;
  const r = rollMagickCommand(rng, before, decided, settings.value);
  if (!r.ok) return problem(r.problem.code, r.problem.message);
  return ok({ command: decided, events: r.events, state: r.state });
}

// ---- hammer dice ------------------------------------------------------------------------------------

function buildPool(request: HammerPoolRequest): HammerPool {
  switch (request.kind) {
    case 'check':
      return checkPool({
        ...(request.level !== undefined ? { level: request.level } : {}),
        ...(request.isFeat !== undefined ? { isFeat: request.isFeat } : {}),
        ...(request.advantages !== undefined ? { advantages: request.advantages } : {}),
        ...(request.disadvantages !== undefined ? { disadvantages: request.disadvantages } : {}),
        ...(request.stance !== undefined ? { stance: request.stance } : {}),
      });
    case 'node':
      return nodePool({
        difficulty: request.difficulty,
        ...(request.comets !== undefined ? { comets: request.comets } : {}),
        ...(request.chaosStars !== undefined ? { chaosStars: request.chaosStars } : {}),
        ...(request.skulls !== undefined ? { skulls: request.skulls } : {}),
      });
    case 'dice':
      return hammerPool(request.colours, request.context ?? 'check');
  }
}

/**
 * Builds and rolls a hammer pool (or reads the faces of physical dice, in pool order), resolved with
 * the table's hammer settings and the player's Hammer+ choice.
 */
export function rollHammerTableCommand(
  rng: RandomSource,
  tableSettings: TableSettings,
  request: HammerPoolRequest,
  options: { readonly hammerPlus?: HammerPlusChoice; readonly faces?: readonly number[] },
): RuleResult<{ readonly pool: HammerPool; readonly faces: readonly number[]; readonly result: HammerPoolRoll }> {
  const settings = hammerSettingsOf(tableSettings);
  if (!settings.ok) return settings;
  const resolve = { settings: settings.value, ...(options.hammerPlus !== undefined ? { hammerPlus: options.hammerPlus } : {}) };
  try {
    const pool = buildPool(request);
    if (pool.dice.length === 0) return problem('hammer/empty-pool', 'This pool has no hammer die (H-15): add a Feat, an advantage, a disadvantage or a stance.');
    let result: HammerPoolRoll;
    if (options.faces === undefined) result = rollHammerPool(rng, pool, resolve);
    else {
      // Validate the count here so the message speaks of physical dice.
      if (options.faces.length !== pool.dice.length) {
        return problem(options.faces.length < pool.dice.length ? 'dice/too-few-faces' : 'dice/too-many-faces', `This pool has ${pool.dice.length} dice; enter one face for each (${options.faces.length} entered), in pool order.`);
      }
      const dice = hammerDice(settings.value);
      const bad = pool.dice.findIndex((d, i) => { const f = options.faces![i]!; return !Number.isInteger(f) || f < 1 || f > dice[d.colour].sides; });
      if (bad >= 0) return problem('dice/face-out-of-range', `Face ${options.faces[bad]} cannot come up on die ${bad + 1}, a ${pool.dice[bad]!.colour} d${dice[pool.dice[bad]!.colour].sides}.`);
      result = resolveHammerFaces(pool, options.faces, resolve);
    }
    return ok({ pool, faces: result.dice.map((d) => d.face), result });
  } catch (e) {
    if (isHammerPoolError(e)) return problem(e.code, e.message);
    throw e;
  }
}


/**
 * THE HAMMER DIE as the table's alternative to the Feat Die and Advantage (H-23): `off` (the default) keeps
 * both in the d20 check beside the pool; `replace` moves a check's Feat, advantage and disadvantage into
 * its hammer pool (the Feat's die by level, one advantage, one disadvantage) and rolls the d20 without them.
 */
export type HammerDieSetting = 'off' | 'replace';

/** The table's `hammer-die` setting (H-23). */
export function hammerDieSettingOf(settings: TableSettings): RuleResult<HammerDieSetting> {
  return choiceSetting(settings, 'hammer-die', ['off', 'replace'] as const, 'off');
}

/** The params the Feat Die and Advantage take in a check (rule-system.ts's check kinds). */
const FEAT_AND_VANTAGE_PARAMS = ['feat', 'weak', 'adv', 'dis'] as const;

function addVantage(count: VantageCount | undefined, n: number, source: string): VantageCount {
  if (Array.isArray(count)) return [...(count as readonly string[]), ...Array.from({ length: n }, () => source)];
  return ((count as number | undefined) ?? 0) + n;
}

/** Named sources added to a count, so that the die's reason names them (a bare count's own read "asked"). */
function addNamed(count: VantageCount | undefined, sources: readonly string[]): VantageCount {
  if (Array.isArray(count)) return [...(count as readonly string[]), ...sources];
  return [...Array.from({ length: (count as number | undefined) ?? 0 }, () => 'asked'), ...sources];
}

/**
 * A Check's pool and its d20 check as rolled together (H-22, H-23): with `replace`, the check's Feat (a
 * level), advantage and disadvantage leave its params and join the pool, and so do the advantages and
 * disadvantages the rules give the check (a stock's ability, `ruleGivenVantageOf`; H-26), the check then
 * rolled with `vantage-pooled`; `banked` set-aside dice add their advantages (H-20). A pool that is not a
 * Check's cannot take them.
 */
export function hammerCheckRequest(
  pool: HammerPoolRequest,
  check: { readonly check: string; readonly params: ParamRecord } | undefined,
  setting: HammerDieSetting,
  banked: readonly { readonly advantages: number; readonly why: string }[],
): RuleResult<{ readonly pool: HammerPoolRequest; readonly check?: { readonly check: string; readonly params: ParamRecord } }> {
  const given = setting === 'replace' && check !== undefined ? ruleGivenVantageOf(check.check, check.params) : NO_RULE_GIVEN;
  const moves = setting === 'replace' && check !== undefined && (FEAT_AND_VANTAGE_PARAMS.some((k) => check.params[k] !== undefined && check.params[k] !== false) || ruleGivenCount(given) > 0);
  if (pool.kind !== 'check' && (banked.length > 0 || moves)) {
    return problem('hammer/not-a-check-pool', "Set-aside dice and the check's Feat and advantages join a Check's pool: send pool.kind check.", '$.command.pool.kind');
  }
  if (pool.kind !== 'check') return ok({ pool, ...(check !== undefined ? { check } : {}) });
  let next: Extract<HammerPoolRequest, { kind: 'check' }> = pool;
  let params = check?.params;
  if (moves && check !== undefined) {
    const p = check.params;
    const level = typeof p['feat'] === 'number' ? p['feat'] : undefined;
    if (level !== undefined) {
      if (next.level !== undefined && next.level !== level) return problem('hammer/level-mismatch', `The check's Feat is at level ${level} but the pool's level is ${next.level}; give one level.`, '$.command.pool.level');
      next = { ...next, isFeat: true, level };
    }
    if (p['adv'] === true) next = { ...next, advantages: addVantage(next.advantages, 1, 'the check\'s advantage') };
    if (p['dis'] === true) next = { ...next, disadvantages: addVantage(next.disadvantages, 1, 'the check\'s disadvantage') };
    if (given.advantages.length > 0) next = { ...next, advantages: addNamed(next.advantages, given.advantages) };
    if (given.disadvantages.length > 0) next = { ...next, disadvantages: addNamed(next.disadvantages, given.disadvantages) };
    const rest: Record<string, ParamRecord[string]> = {};
    for (const [k, v] of Object.entries(p)) if (!(FEAT_AND_VANTAGE_PARAMS as readonly string[]).includes(k)) rest[k] = v;
    params = ruleGivenCount(given) > 0 ? { ...rest, 'vantage-pooled': true } : rest;
  }
  for (const d of banked) next = { ...next, advantages: addVantage(next.advantages, d.advantages, d.why) };
  return ok({ pool: next, ...(check !== undefined ? { check: { check: check.check, params: params! } } : {}) });
}
