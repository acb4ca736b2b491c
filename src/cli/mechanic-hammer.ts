/**
 * The hammer dice in the CLI: `hammercrawl roll hammer ...` and `hammercrawl odds hammer ...`.
 * Rules: HAMMERCRAWL! v4, NEW IDEA: THE HAMMER DIE! and THE SMITH'S RULES: THE HAMMER DICE.
 * Contract (extended, never broken): `odds hammer --pool <colours> --json` prints at least
 * `{ "netHammers": [{ "value": v, "p": p }], "symbols": { "<symbol>": mean } }`, where net hammers are
 * hammers (a yellow hammer+ counts as one) minus crossblades; `roll hammer --json` prints the seed
 * and the resolved roll (each die's face and symbols, tallies, XP, effect choices).
 */
import type { RandomSource } from '../dice/random.js';
import { HAMMER_SYMBOLS, HAMMER_SYMBOL_INFO, type HammerSymbol } from '../rules/hammercrawl/hammer-dice.js';
import {
  checkPool,
  hammerPool,
  hammerPoolOdds,
  isHammerPoolError,
  nodePool,
  parseHammerColours,
  rollHammerPool,
  type EffectChooser,
  type HammerPool,
  type HammerPoolOdds,
  type HammerPoolRoll,
  type HammerSettings,
  type Stance,
  type SymbolTally,
} from '../rules/hammercrawl/hammer-pools.js';
import { isCheckError } from '../rules/hammercrawl/check-modifiers.js';
import { checkOdds, rollCheck, type CheckKind, type CheckSpec } from '../rules/hammercrawl/checks.js';
import { UsageError, type MechanicCommand, type MechanicFlag, type MechanicFlags, type MechanicOutput } from './mechanic.js';

const CHECK_FLAGS = ['level', 'feat', 'adv', 'dis', 'stance'] as const;
const NODE_FLAGS = ['difficulty', 'comets', 'chaos-stars', 'skulls'] as const;
const WHICH_POOL =
  'say which dice: --pool <colours>, a check (--feat --level <n>, --adv <n>, --dis <n>, --stance cautious|reckless) or a node pool (--difficulty <n>)';

const FLAGS: readonly MechanicFlag[] = [
  { name: 'pool', kind: 'list', placeholder: 'colours', description: 'a free pool, by colour: e.g. white,black,green (black blue green purple red white yellow)' },
  { name: 'feat', kind: 'boolean', description: 'a check that is one of your Feats: a white die, blue from level 5, yellow from level 9' },
  { name: 'level', kind: 'integer', placeholder: 'n', description: "the character's level, 1-10 (for --feat)" },
  { name: 'adv', kind: 'integer', placeholder: 'n', description: 'a check with n advantages: 1 white, 2 blue, 3 or more yellow' },
  { name: 'dis', kind: 'integer', placeholder: 'n', description: 'a check with n disadvantages: 1 black, 2 or more purple (they do not cancel advantages)' },
  { name: 'stance', kind: 'text', choices: ['none', 'cautious', 'reckless'], placeholder: 'stance', description: 'a check taken with great caution (green die) or recklessly (red die)' },
  { name: 'difficulty', kind: 'integer', placeholder: 'n', description: "the Smith's node pool: n purple difficulty dice and the blue reward die" },
  { name: 'comets', kind: 'integer', placeholder: 'n', description: 'node pool: a blue die for each comet used earlier in this dungeon' },
  { name: 'chaos-stars', kind: 'integer', placeholder: 'n', description: 'node pool: a purple die for each chaos star used earlier in this dungeon' },
  { name: 'skulls', kind: 'integer', placeholder: 'n', description: 'node pool: a black die for each skull used on the last exploration roll' },
  { name: 'hammer-plus', kind: 'text', choices: ['hammer', 'set-aside'], placeholder: 'choice', description: 'a yellow hammer+: use it as a hammer (default) or set it aside for a later Check' },
  {
    name: 'stance-symbols',
    kind: 'text',
    choices: ['face-list', 'symbol-sections'],
    placeholder: 'setting',
    description: 'hourglasses on green and teardrops on red as the DICE list prints them (face-list, default), or the other way round (symbol-sections)',
  },
  { name: 'check', kind: 'text', choices: ['test', 'challenge', 'open'], placeholder: 'kind', description: 'roll the d20 Check die with the pool as one check: a Test, a Challenge or an Open roll (ruling H-22)' },
  { name: 'target', kind: 'integer', placeholder: 't', description: 'with --check test|challenge: the target' },
  { name: 'check-mod', kind: 'integer', placeholder: 'm', description: "with --check: the check's static mod (--check-mod -1 or --check-mod=-1)" },
  { name: 'xp-when-both', kind: 'text', choices: ['one', 'two'], placeholder: 'setting', description: 'XP when hammers and crossblades both show: one (default) or two' },
];

/** Runs core code, turning a `HammerPoolError` into the CLI's `UsageError` (one line, exit 2). */
function asUsage<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (isHammerPoolError(e)) throw new UsageError(e.describe());
    throw e;
  }
}

function given(flags: MechanicFlags, names: readonly string[]): string[] {
  return names.filter((n) => flags[n] !== undefined);
}

function count(flags: MechanicFlags, name: string): number | undefined {
  const v = flags[name];
  return typeof v === 'number' ? v : undefined;
}

/** The pool the flags describe: exactly one of a free pool, a check or a node pool. */
export function poolFromFlags(flags: MechanicFlags): HammerPool {
  const check = given(flags, CHECK_FLAGS);
  const node = given(flags, NODE_FLAGS);
  const kinds = [flags['pool'] !== undefined ? '--pool' : null, check.length > 0 ? 'a check' : null, node.length > 0 ? 'a node pool' : null].filter((k) => k !== null);
  if (kinds.length === 0) throw new UsageError(WHICH_POOL);
  if (kinds.length > 1) {
    const flagged = [...(flags['pool'] !== undefined ? ['pool'] : []), ...check, ...node].map((f) => `--${f}`).join(', ');
    throw new UsageError(`one pool at a time: ${flagged} mix ${kinds.join(' and ')}; ${WHICH_POOL}`);
  }
  if (flags['pool'] !== undefined) {
    const parsed = parseHammerColours(flags['pool'] as readonly string[]);
    if (!parsed.ok) throw new UsageError(parsed.message);
    if (parsed.colours.length === 0) throw new UsageError('--pool lists no dice; write colours like white,black,green');
    return asUsage(() => hammerPool(parsed.colours));
  }
  if (check.length > 0) {
    const level = count(flags, 'level');
    const adv = count(flags, 'adv');
    const dis = count(flags, 'dis');
    if (flags['feat'] === true && level === undefined) throw new UsageError("--feat needs --level <n>: a Feat's hammer die depends on the level (1-10)");
    return asUsage(() =>
      checkPool({
        ...(level !== undefined ? { level } : {}),
        isFeat: flags['feat'] === true,
        ...(adv !== undefined ? { advantages: adv } : {}),
        ...(dis !== undefined ? { disadvantages: dis } : {}),
        stance: (flags['stance'] as Stance | undefined) ?? 'none',
      }),
    );
  }
  const difficulty = count(flags, 'difficulty');
  if (difficulty === undefined) throw new UsageError(`--${node.join(', --')} add dice to a node pool: give --difficulty <n> too`);
  const comets = count(flags, 'comets');
  const chaosStars = count(flags, 'chaos-stars');
  const skulls = count(flags, 'skulls');
  return asUsage(() =>
    nodePool({
      difficulty,
      ...(comets !== undefined ? { comets } : {}),
      ...(chaosStars !== undefined ? { chaosStars } : {}),
      ...(skulls !== undefined ? { skulls } : {}),
    }),
  );
}

function settingsFromFlags(flags: MechanicFlags): Partial<HammerSettings> {
  const out: { stanceSymbols?: HammerSettings['stanceSymbols']; xpWhenBoth?: HammerSettings['xpWhenBoth'] } = {};
  if (flags['stance-symbols'] !== undefined) out.stanceSymbols = flags['stance-symbols'] as HammerSettings['stanceSymbols'];
  if (flags['xp-when-both'] !== undefined) out.xpWhenBoth = flags['xp-when-both'] as HammerSettings['xpWhenBoth'];
  return out;
}

function hammerPlusFromFlags(flags: MechanicFlags): 'hammer' | 'set-aside' {
  return flags['hammer-plus'] === 'set-aside' ? 'set-aside' : 'hammer';
}

// ---- text -------------------------------------------------------------------------------

function pct(p: number): string {
  if (p > 0 && p < 0.00005) return '<0.01%';
  return `${(p * 100).toFixed(2)}%`;
}

function symbolCount(s: HammerSymbol, n: number): string {
  const info = HAMMER_SYMBOL_INFO[s];
  return `${n} ${n === 1 ? info.label : info.plural}`;
}

function tallyText(tally: SymbolTally): string {
  const parts = HAMMER_SYMBOLS.filter((s) => tally[s] > 0).map((s) => symbolCount(s, tally[s]));
  return parts.length > 0 ? parts.join(', ') : 'nothing';
}

function poolTitle(pool: HammerPool): string {
  const kind = pool.context === 'node' ? "the Smith's node pool" : 'check pool';
  return `hammer dice, ${kind} (${pool.dice.length} ${pool.dice.length === 1 ? 'die' : 'dice'})`;
}

const CHOOSER: Record<EffectChooser, string> = { player: 'the player picks', smith: 'the Smith picks', automatic: 'it applies' };

function rollText(pool: HammerPool, roll: HammerPoolRoll): string {
  const lines = [`${poolTitle(pool)}:`];
  const colourWidth = Math.max(...roll.dice.map((d) => d.colour.length));
  const reasonWidth = Math.max(...roll.dice.map((d) => d.reason.length));
  for (const d of roll.dice) {
    const aside = d.isSetAside ? '  (set aside)' : '';
    lines.push(`  ${d.colour.padEnd(colourWidth)}  ${d.reason.padEnd(reasonWidth)}  ${d.faceLabel}${aside}`);
  }
  lines.push(`shown: ${tallyText(roll.shown)}`);
  if (roll.cancelledPairs > 0) {
    lines.push(`cancelled: ${symbolCount('hammer', roll.cancelledPairs)} against ${symbolCount('crossblades', roll.cancelledPairs)}`);
  }
  lines.push(`remaining: ${tallyText(roll.remaining)}`);
  if (roll.context === 'check') {
    lines.push(
      roll.xp > 0
        ? `XP: +${roll.xp} (${roll.xp === 2 ? 'hammers and crossblades both showed' : 'a hammer or crossblades showed'}, counted before cancelling)`
        : 'XP: none (no hammer or crossblades showed)',
    );
  } else {
    lines.push('XP: none (a node pool gives none)');
  }
  for (const b of roll.banked) lines.push(`set aside: the yellow die (die ${b.die + 1}), one three-advantage effect for a later Check in this scene`);
  if (roll.effects.length > 0) lines.push('to choose:');
  for (const e of roll.effects) {
    const now = roll.banked.length > 0 ? `${roll.banked.length} set aside` : 'used as hammers';
    const head =
      e.symbol !== 'hammer-plus'
        ? `  ${symbolCount(e.symbol, e.count)}: ${CHOOSER[e.chooser]} ${e.chooser === 'automatic' ? 'for' : 'one for'} ${e.per}`
        : roll.context === 'check'
          ? `  ${symbolCount(e.symbol, e.count)}: ${CHOOSER[e.chooser]} for each (now: ${now}; --hammer-plus set-aside)`
          : `  ${symbolCount(e.symbol, e.count)}: counted as hammers (a node pool has no later Check)`;
    lines.push(head);
    for (const c of e.choices) lines.push(`    ${c.id.padEnd(26)} ${c.label}: ${c.description}`);
  }
  return lines.join('\n');
}

function oddsText(pool: HammerPool, odds: HammerPoolOdds): string {
  const lines = [`${poolTitle(pool)}: ${odds.colours.join(', ') || 'no dice'}`];
  const points = odds.netHammers.points();
  const peak = Math.max(...points.map((x) => x.p));
  lines.push(`net hammers   chance  at least`);
  for (const { value, p } of points) {
    const bar = '#'.repeat(Math.max(1, Math.round((p / peak) * 40)));
    lines.push(`${String(value).padStart(11)}  ${pct(p).padStart(7)}  ${pct(odds.netHammers.atLeast(value)).padStart(8)}  ${bar}`);
  }
  const plus = odds.hammerPlus === 'hammer' ? 'a hammer+ counts as a hammer' : 'every hammer+ set aside';
  lines.push(`(net hammers = hammers minus crossblades; ${plus}; mean ${odds.netHammers.mean.toFixed(3)})`);
  lines.push(`P(net hammers >= 1) = ${pct(odds.pNetHammer)}   P(net crossblades >= 1) = ${pct(odds.pNetCrossblades)}`);
  lines.push(`P(any hammer) = ${pct(odds.pAnyHammer)}   P(any crossblades) = ${pct(odds.pAnyCrossblades)}   (before cancelling)`);
  if (odds.context === 'check') {
    lines.push(`P(XP) = ${pct(odds.pXp)}${odds.meanXp !== odds.pXp ? `   mean XP ${odds.meanXp.toFixed(3)}` : ''}`);
  }
  const showing = HAMMER_SYMBOLS.filter((s) => odds.symbols[s] > 0);
  if (showing.length > 0) lines.push('symbol        mean shown  P(any)');
  for (const s of showing) {
    lines.push(`${HAMMER_SYMBOL_INFO[s].label.padEnd(12)}  ${odds.symbols[s].toFixed(3).padStart(10)}  ${pct(odds.pAny[s]).padStart(7)}`);
  }
  lines.push(`after cancelling: mean ${odds.remaining.hammer.toFixed(3)} hammers, ${odds.remaining.crossblades.toFixed(3)} crossblades`);
  return lines.join('\n');
}

// ---- the Check die rolled with the pool (H-22) -------------------------------------------

/** The d20 check `--check` asks for, or null; `--target` and `--check-mod` need it. */
function checkFromFlags(flags: MechanicFlags, pool: HammerPool): CheckSpec | null {
  const kind = flags['check'] as CheckKind | undefined;
  const target = count(flags, 'target');
  const mod = count(flags, 'check-mod');
  if (kind === undefined) {
    if (target !== undefined || mod !== undefined) throw new UsageError('--target and --check-mod need --check test|challenge|open');
    return null;
  }
  if (pool.context === 'node') throw new UsageError("--check rolls a Check die with a Check's pool; a node pool has none");
  if (kind !== 'open' && target === undefined) throw new UsageError(`--check ${kind} needs --target <t>`);
  if (kind === 'open' && target !== undefined) throw new UsageError('--check open has no target');
  return {
    kind,
    ...(target !== undefined ? { target } : {}),
    mods: mod !== undefined && mod !== 0 ? [{ amount: mod, origin: { kind: 'smith', label: '--check-mod' } }] : [],
  };
}

function asCheckUsage<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (isCheckError(e)) throw new UsageError(e.describe());
    throw e;
  }
}

// ---- the mechanic -----------------------------------------------------------------------

function roll(rng: RandomSource, flags: MechanicFlags): MechanicOutput {
  const pool = poolFromFlags(flags);
  const spec = checkFromFlags(flags, pool);
  // The Check die first, then the pool: both in the one roll (H-22).
  const check = spec === null ? null : asCheckUsage(() => rollCheck(rng, spec));
  const result = asUsage(() => rollHammerPool(rng, pool, { settings: settingsFromFlags(flags), hammerPlus: hammerPlusFromFlags(flags) }));
  const text = pool.dice.length === 0 ? `${poolTitle(pool)}: nothing to roll (no Feat, advantage, disadvantage or stance)` : rollText(pool, result);
  if (check === null) return { json: { pool: pool.dice.map((d) => d.colour), ...result }, text };
  const checkJson = { kind: check.kind, dice: check.dice, natural: check.natural, total: check.total, success: check.success, crit: check.crit, summary: check.summary };
  return { json: { pool: pool.dice.map((d) => d.colour), ...result, check: checkJson }, text: `${[...check.explanation, check.summary].join('\n')}\n${text}` };
}

function odds(flags: MechanicFlags): MechanicOutput {
  const pool = poolFromFlags(flags);
  const result = asUsage(() => hammerPoolOdds(pool, { settings: settingsFromFlags(flags), hammerPlus: hammerPlusFromFlags(flags) }));
  const spec = checkFromFlags(flags, pool);
  const check = spec === null ? null : asCheckUsage(() => checkOdds(spec));
  const checkJson = check === null ? {} : { check: { kind: check.kind, dice: check.dice, success: check.success, failure: check.failure } };
  const checkText = check === null ? '' : `${check.explanation.join('\n')}\nP(check success) = ${pct(check.success ?? 0)}\n`;
  return {
    json: {
      netHammers: result.netHammers.points(),
      symbols: result.symbols,
      pool: result.colours,
      context: result.context,
      meanNetHammers: result.netHammers.mean,
      pNetHammer: result.pNetHammer,
      pNetCrossblades: result.pNetCrossblades,
      pAnyHammer: result.pAnyHammer,
      pAnyCrossblades: result.pAnyCrossblades,
      pXp: result.pXp,
      meanXp: result.meanXp,
      pAny: result.pAny,
      remaining: result.remaining,
      hammerPlus: result.hammerPlus,
      settings: result.settings,
      ...checkJson,
    },
    text: `${checkText}${oddsText(pool, result)}`,
  };
}

/**
 * `roll hammer` / `odds hammer`: a pool of hammer dice from colours (`--pool`), a check's flags or the
 * Smith's node pool (`--difficulty`) (HAMMERCRAWL! v4, THE HAMMER DIE).
 */
export const HAMMER_MECHANIC: MechanicCommand = {
  name: 'hammer',
  description: 'Hammer dice: a pool of symbol dice (hammers, crossblades, falcons, skulls ...)',
  flags: FLAGS,
  roll,
  odds,
};
