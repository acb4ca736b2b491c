/**
 * The check mechanics of the CLI: `test`, `challenge`, `open`, `save` and `compete`, each offered as
 * `hammercrawl roll <name> ...` and `hammercrawl odds <name> ...`.
 * Contract (README, "Output contract"; extended, never broken): `odds <m> --json` prints at least
 * `{ "dice": ["d16"], "success": p }` (and `"crit": p` when `--crit` is given); `roll <m> --json` prints the
 * roll record with its outcome. Negative values work as `--steps -1` and as `--steps=-1`.
 */
import type { RandomSource } from '../dice/random.js';
import type { StepModifier } from '../dice/dice-chain.js';
import { formatOddsText } from './format-odds.js';
import { UsageError, type MechanicCommand, type MechanicFlag, type MechanicFlags, type MechanicOutput } from './mechanic.js';
import {
  STAT_IDS,
  halfStat,
  isCheckError,
  type StatId,
  type StaticModifier,
  type VantageSource,
} from '../rules/hammercrawl/check-modifiers.js';
import {
  MAX_CRIT_RANGE,
  USUAL_CRIT_RANGE,
  checkOdds,
  competitionOdds,
  prepareCheck,
  prepareCompetition,
  rollCheck,
  rollCompetition,
  type CheckKind,
  type CheckOdds,
  type CheckResult,
  type CheckSpec,
  type CompetitorSpec,
  type TieRule,
} from '../rules/hammercrawl/checks.js';
import { featDieBonus } from '../rules/hammercrawl/feat-die.js';
import { CHECK_STOCKS, NO_STOCK_EFFECTS, stockBonusesById, type StockCheckEffects } from '../rules/hammercrawl/derived.js';
import { prepareSave, rollSave, saveOdds, type SaveSpec } from '../rules/hammercrawl/saves.js';

function pct(p: number): string {
  if (p > 0 && p < 0.00005) return '<0.01%';
  return `${(p * 100).toFixed(2)}%`;
}

/** Runs core code, turning a `CheckError` (a check asked for wrongly) into the CLI's `UsageError`. */
function asUsage<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (isCheckError(e)) throw new UsageError(e.describe());
    throw e;
  }
}

const DIE_FLAGS = (prefix: string, who: string): MechanicFlag[] => [
  { name: `${prefix}die`, kind: 'die', placeholder: 'die', description: `${who}check die before steps: a die of the chain or d100 (default d20)` },
  { name: `${prefix}steps`, kind: 'integer', placeholder: 'n', description: `${who}step mods, + in ${who ? "that side's" : "the roller's"} favour (--${prefix}steps -1 or --${prefix}steps=-1)` },
  { name: `${prefix}mod`, kind: 'integer', placeholder: 'm', description: `${who}static mod, + in ${who ? "that side's" : "the roller's"} favour (--${prefix}mod -2 or --${prefix}mod=-2)` },
  { name: `${prefix}adv`, kind: 'boolean', description: `${who}roll at an Advantage` },
  { name: `${prefix}dis`, kind: 'boolean', description: `${who}roll at a Disadvantage (with --${prefix}adv: they cancel)` },
  { name: `${prefix}feat`, kind: 'integer', placeholder: 'level', description: `${who}roll as a Feat: add the Feat Die of this character level (1-10)` },
  { name: `${prefix}weak`, kind: 'boolean', description: `${who}use the Weak column of the Feat Die table` },
];

/** The roller's stock and the situation its abilities name (STOCKS; rulings ST-8, ST-9, ST-14), as on the table's checks. */
const STOCK_FLAGS: readonly MechanicFlag[] = [
  { name: 'stock', kind: 'text', choices: CHECK_STOCKS.map((x) => x.id), placeholder: 'id', description: "the roller's stock: its abilities on the check's stat apply (troll: Monstrous Strength on STR; needs --stat)" },
  { name: 'off-earth', kind: 'boolean', description: 'not both feet on stone or earth: Droffen Strength of the Earth lapses' },
  { name: 'full-health', kind: 'boolean', description: 'the Health Die is at its base (Elfin Blessed Intellect)' },
];

/** The stock's bonuses the flags ask for (`stockBonusesById`, the table's definition). */
function stockFlags(flags: MechanicFlags, kind: 'test' | 'challenge', isSave: boolean, level: number): StockCheckEffects {
  const stock = flags['stock'];
  if (stock !== undefined && !CHECK_STOCKS.some((x) => x.id === stock)) {
    throw new UsageError(`--stock: '${String(stock).slice(0, 40)}' is no stock; the stocks are ${CHECK_STOCKS.map((x) => x.id).join(', ')}`);
  }
  return stockBonusesById(flags['stock'], flags['stat'], level, { kind, isSave, isOnEarth: flags['off-earth'] !== true, isHealthFull: flags['full-health'] === true });
}

const CRIT_FLAG: MechanicFlag = {
  name: 'crit',
  kind: 'text',
  placeholder: 'min sides',
  description: 'the check can crit when the die rolled is at least this big: 16, d16 or C16',
};
const CRIT_RANGE_FLAG: MechanicFlag = {
  name: 'crit-range',
  kind: 'integer',
  placeholder: 'faces',
  description: `how many natural faces crit, counted from the crit face: 2 is "crits on 19-20" on a d20 (1-2 on a Test); ${USUAL_CRIT_RANGE}-${MAX_CRIT_RANGE}, default ${USUAL_CRIT_RANGE}; needs --crit`,
};
const BELOW_FLAG: MechanicFlag = {
  name: 'below-d3',
  kind: 'text',
  choices: ['clamp', 'negate'],
  placeholder: 'policy',
  description: 'a die stepped below d3: clamp (stays d3, default) or negate (no die)',
};

function integerFlag(flags: MechanicFlags, name: string): number | undefined {
  const v = flags[name];
  return typeof v === 'number' ? v : undefined;
}

function critFlag(flags: MechanicFlags): number | undefined {
  const v = flags['crit'];
  if (v === undefined) return undefined;
  const m = /^[cd]?(\d{1,4})$/i.exec(String(v).trim());
  if (!m || Number(m[1]) < 1) throw new UsageError(`--crit '${String(v)}' is not a die size; write it like 16, d16 or C16`);
  return Number(m[1]);
}

/** The parts of a check spec the die flags give (with `vs-` for the second side of a Competition). */
function sideSpec(flags: MechanicFlags, prefix: string): CompetitorSpec {
  const flag = (name: string) => `--${prefix}${name}`;
  const steps = integerFlag(flags, `${prefix}steps`);
  const mod = integerFlag(flags, `${prefix}mod`);
  const die = integerFlag(flags, `${prefix}die`);
  const featLevel = integerFlag(flags, `${prefix}feat`);
  if (flags[`${prefix}weak`] === true && featLevel === undefined) throw new UsageError(`${flag('weak')} needs ${flag('feat')} <level>`);
  const vantage: VantageSource[] = [];
  if (flags[`${prefix}adv`] === true) vantage.push({ mark: 'adv', origin: { kind: 'smith', label: flag('adv') } });
  if (flags[`${prefix}dis`] === true) vantage.push({ mark: 'dis', origin: { kind: 'smith', label: flag('dis') } });
  const stepList: StepModifier[] = steps !== undefined && steps !== 0 ? [{ amount: steps, origin: { kind: 'smith', label: flag('steps') } }] : [];
  const mods: StaticModifier[] = mod !== undefined && mod !== 0 ? [{ amount: mod, origin: { kind: 'smith', label: flag('mod') } }] : [];
  return {
    ...(die !== undefined ? { die } : {}),
    steps: stepList,
    mods,
    vantage,
    ...(featLevel !== undefined ? { feat: asUsage(() => featDieBonus(featLevel, flags[`${prefix}weak`] === true ? 'weak' : 'normal')) } : {}),
  };
}

function belowFlag(flags: MechanicFlags): Pick<CheckSpec, 'belowBottom'> {
  const v = flags['below-d3'];
  return v === 'clamp' || v === 'negate' ? { belowBottom: v } : {};
}

/** `--crit-range n` (H-17): only with `--crit`, which says whether any crit is available. */
function critRangeOf(flags: MechanicFlags, critMin: number | undefined): Pick<CheckSpec, 'critRange'> {
  const range = integerFlag(flags, 'crit-range');
  if (range === undefined) return {};
  if (critMin === undefined) throw new UsageError('--crit-range needs --crit <min sides> (C16 is --crit 16): without it the check cannot crit');
  return { critRange: range };
}

function checkSpecFrom(kind: CheckKind, flags: MechanicFlags): CheckSpec {
  const critMin = critFlag(flags);
  let target = integerFlag(flags, 'target');
  if (target !== undefined && flags['half'] === true) target = asUsage(() => halfStat(target!));
  const own = sideSpec(flags, '');
  const stock = kind === 'open' ? NO_STOCK_EFFECTS : stockFlags(flags, kind, false, 1);
  return {
    kind,
    ...own,
    steps: [...(own.steps ?? []), ...stock.steps],
    mods: [...(own.mods ?? []), ...stock.mods],
    vantage: [...(own.vantage ?? []), ...stock.vantage],
    ...(target !== undefined ? { target } : {}),
    ...(critMin !== undefined ? { critMin } : {}),
    ...critRangeOf(flags, critMin),
    ...belowFlag(flags),
  };
}

function resultJson(name: string, r: CheckResult, notation: string): Record<string, unknown> {
  return {
    mechanic: name,
    kind: r.kind,
    dice: r.dice,
    featDie: r.featDie,
    notation,
    target: r.target,
    effectiveTarget: r.effectiveTarget,
    outcome: r.success === null ? null : r.success ? 'success' : 'failure',
    success: r.success,
    crit: r.crit,
    critAvailable: r.critAvailable,
    automatic: r.automatic,
    natural: r.natural,
    featRoll: r.featRoll,
    total: r.total,
    margin: r.margin,
    summary: r.summary,
    explanation: r.explanation,
    record: r.record,
  };
}

function oddsJson(name: string, o: CheckOdds, withCrit: boolean): Record<string, unknown> {
  return {
    mechanic: name,
    kind: o.kind,
    dice: o.dice,
    featDie: o.featDie,
    notation: o.notation,
    target: o.target,
    effectiveTarget: o.effectiveTarget,
    success: o.success,
    failure: o.failure,
    ...(withCrit ? { crit: o.crit } : {}),
    automatic: o.automatic,
    pAutomatic: o.pAutomatic,
    explanation: o.explanation,
    ...o.distribution.toJSON(),
  };
}

function oddsText(o: CheckOdds, withCrit: boolean): string {
  const lines = [...o.explanation, formatOddsText(`total (${o.notation})`, o.distribution, { all: false, target: null })];
  const parts: string[] = [];
  if (o.success !== null) parts.push(`P(success) = ${pct(o.success)}`);
  if (withCrit) parts.push(`P(crit) = ${pct(o.crit ?? 0)}`);
  if (o.automatic) parts.push(`automatic ${o.automatic}: not rolled`);
  if (parts.length > 0) lines.push(parts.join('   '));
  return lines.join('\n');
}

function checkMechanic(kind: CheckKind, description: string): MechanicCommand {
  const flags: MechanicFlag[] = [
    ...(kind === 'open'
      ? []
      : [{ name: 'target', kind: 'integer', required: true, placeholder: 't', description: kind === 'test' ? 'the target: succeed at or under it (usually a stat)' : 'the target: the roll must beat it' } as const]),
    ...(kind === 'test' ? [{ name: 'half', kind: 'boolean', description: 'the target is the half-stat of --target (rounded up)' } as const] : []),
    ...DIE_FLAGS('', ''),
    CRIT_FLAG,
    CRIT_RANGE_FLAG,
    BELOW_FLAG,
    ...(kind === 'open'
      ? []
      : [{ name: 'stat', kind: 'text', choices: [...STAT_IDS], placeholder: 'stat', description: "the stat the check is on (with --stock, the stock's abilities on it apply)" } as const, ...STOCK_FLAGS]),
  ];
  return {
    name: kind,
    description,
    flags,
    roll(rng: RandomSource, f: MechanicFlags): MechanicOutput {
      const check = asUsage(() => prepareCheck(checkSpecFrom(kind, f)));
      const r = rollCheck(rng, check);
      return { json: resultJson(kind, r, check.resolved.notation), text: [...r.explanation, r.summary].join('\n') };
    },
    odds(f: MechanicFlags): MechanicOutput {
      const o = asUsage(() => checkOdds(checkSpecFrom(kind, f)));
      const withCrit = f['crit'] !== undefined;
      return { json: oddsJson(kind, o, withCrit), text: oddsText(o, withCrit) };
    },
  };
}

function saveSpecFrom(f: MechanicFlags): SaveSpec {
  const critMin = critFlag(f);
  const side = sideSpec(f, '');
  const level = integerFlag(f, 'level');
  const sourceLevel = integerFlag(f, 'source-level');
  const stat = f['stat'];
  const stock = stockFlags(f, 'challenge', true, integerFlag(f, 'stock-level') ?? level ?? 1);
  const steps = [...(side.steps ?? []), ...stock.steps];
  const vantage = [...(side.vantage ?? []), ...stock.vantage];
  return {
    statMod: integerFlag(f, 'mod') ?? 0,
    target: integerFlag(f, 'target')!,
    ...(typeof stat === 'string' ? { stat: stat as StatId } : {}),
    // With --feat, --level alone names the Feat Die's level; the level penalty needs --source-level too.
    ...(level !== undefined && (sourceLevel !== undefined || f['feat'] !== true) ? { level } : {}),
    ...(sourceLevel !== undefined ? { sourceLevel } : {}),
    ...(f['all-or-nothing'] === true ? { allOrNothing: true } : {}),
    ...(steps.length > 0 ? { steps } : {}),
    ...(vantage.length > 0 ? { vantage } : {}),
    ...(stock.mods.length > 0 ? { mods: stock.mods } : {}),
    ...(critMin !== undefined ? { critMin } : {}),
    ...critRangeOf(f, critMin),
    ...saveFeat(f, level),
  };
}

/** `--feat` on a Save: the Feat Die of `--level` (the Weak column with `--weak`). */
function saveFeat(f: MechanicFlags, level: number | undefined): Pick<SaveSpec, 'feat'> {
  if (f['feat'] !== true) {
    if (f['weak'] === true) throw new UsageError('--weak needs --feat (and --level)');
    return {};
  }
  if (level === undefined) throw new UsageError("--feat needs --level <n>: the Feat Die is the one of your character's level");
  return { feat: asUsage(() => featDieBonus(level, f['weak'] === true ? 'weak' : 'normal')) };
}

const SAVE_MECHANIC: MechanicCommand = {
  name: 'save',
  description: 'Save: d20 + stat mod must beat the target; one step down against a greater source; success halves the effect',
  flags: [
    { name: 'mod', kind: 'integer', required: true, placeholder: 'stat mod', description: 'your stat mod for this Save (--mod -1 or --mod=-1)' },
    { name: 'target', kind: 'integer', required: true, placeholder: 't', description: 'the target set by the effect (the Save must beat it)' },
    { name: 'level', kind: 'integer', placeholder: 'n', description: "your character's level" },
    { name: 'source-level', kind: 'integer', placeholder: 'n', description: 'the level or HD of the source; greater than --level costs one step' },
    { name: 'stat', kind: 'text', choices: [...STAT_IDS], placeholder: 'stat', description: 'which stat the Save uses (labels the mod)' },
    { name: 'all-or-nothing', kind: 'boolean', description: 'an "all or nothing" Save: success negates the effect instead of halving it' },
    { name: 'steps', kind: 'integer', placeholder: 'n', description: "other step mods, + in the saver's favour" },
    { name: 'adv', kind: 'boolean', description: 'roll at an Advantage' },
    { name: 'dis', kind: 'boolean', description: 'roll at a Disadvantage' },
    { name: 'feat', kind: 'boolean', description: 'a Save that is one of your Feats: add the Feat Die of --level' },
    { name: 'weak', kind: 'boolean', description: 'with --feat: the Weak column of the Feat Die table' },
    CRIT_FLAG,
    ...STOCK_FLAGS,
    { name: 'stock-level', kind: 'integer', placeholder: 'n', description: 'the level Droffen Strength of the Earth adds (else --level, else 1)' },
    CRIT_RANGE_FLAG,
  ],
  roll(rng: RandomSource, f: MechanicFlags): MechanicOutput {
    const spec = saveSpecFrom(f);
    const notation = asUsage(() => prepareSave(spec)).resolved.notation;
    const r = rollSave(rng, spec);
    const c = r.check;
    return {
      json: {
        ...resultJson('save', c, notation),
        saved: r.saved,
        effect: r.effect,
        levelPenalty: r.levelPenalty,
        allOrNothing: r.allOrNothing,
        summary: r.summary,
      },
      text: [...c.explanation, r.summary].join('\n'),
    };
  },
  odds(f: MechanicFlags): MechanicOutput {
    const o = asUsage(() => saveOdds(saveSpecFrom(f)));
    const withCrit = f['crit'] !== undefined;
    const json = { ...oddsJson('save', o.check, withCrit), saved: o.saved, effect: o.effect, expectedEffect: o.expectedEffect, levelPenalty: o.levelPenalty };
    const effect = `effect: full ${pct(o.effect.full)}, half ${pct(o.effect.half)}, none ${pct(o.effect.none)}; expected ${(o.expectedEffect * 100).toFixed(1)}% of the effect`;
    return { json, text: `${oddsText(o.check, withCrit)}\n${effect}` };
  },
};

function competitionFrom(f: MechanicFlags) {
  const ties = (f['ties'] as TieRule | undefined) ?? 'defender';
  const defender = f['defender'] === 'first' ? 'first' : 'second';
  const critMin = critFlag(f);
  const crit = critMin !== undefined ? { critMin } : {};
  return asUsage(() => prepareCompetition({ first: { ...sideSpec(f, ''), ...crit }, second: { ...sideSpec(f, 'vs-'), ...crit }, ties, defender, ...belowFlag(f) }));
}

/**
 * `compete --crit`: P(each side's die shows a crit) in one round (Crits: a die of at least the (C) size
 * crits on its top face), from each side's own check odds.
 */
function competeCritOdds(f: MechanicFlags): { crit: number; vsCrit: number } | null {
  const critMin = critFlag(f);
  if (critMin === undefined) return null;
  const one = (prefix: string) => asUsage(() => checkOdds({ ...sideSpec(f, prefix), kind: 'open', critMin, ...belowFlag(f) })).crit ?? 0;
  return { crit: one(''), vsCrit: one('vs-') };
}

const COMPETE_MECHANIC: MechanicCommand = {
  name: 'compete',
  description: 'Competition: both sides roll, the highest total wins; ties go to the defender (the second side), a stalemate, or a re-roll',
  flags: [
    ...DIE_FLAGS('', 'first side: '),
    ...DIE_FLAGS('vs-', 'second side: '),
    { name: 'ties', kind: 'text', choices: ['defender', 'stalemate', 'reroll'], placeholder: 'rule', description: 'a tie: defender (the defender wins, default), stalemate, or reroll (until a victor)' },
    { name: 'defender', kind: 'text', choices: ['first', 'second'], placeholder: 'side', description: 'the defender for --ties defender (default: second, the --vs- side)' },
    CRIT_FLAG,
    BELOW_FLAG,
  ],
  roll(rng: RandomSource, f: MechanicFlags): MechanicOutput {
    const c = competitionFrom(f);
    const r = rollCompetition(rng, c);
    const withCrit = f['crit'] !== undefined;
    const side = (x: CheckResult) => ({ dice: x.dice, natural: x.natural, featRoll: x.featRoll, total: x.total, ...(withCrit ? { crit: x.crit } : {}), record: x.record });
    const last = r.rounds.at(-1);
    return {
      json: {
        mechanic: 'compete',
        dice: c.first.dice,
        vsDice: c.second.dice,
        ties: r.ties,
        defender: r.defender,
        winner: r.winner,
        success: r.winner === null ? null : r.winner === 'first',
        decidedBy: r.decidedBy,
        automatic: r.automatic,
        ...(withCrit ? { crit: last?.first.crit ?? false, vsCrit: last?.second.crit ?? false } : {}),
        ...(r.code ? { code: r.code } : {}),
        rounds: r.rounds.map((x) => ({ result: x.result, first: side(x.first), second: side(x.second) })),
        summary: r.summary,
        explanation: r.explanation,
      },
      text: [...r.explanation, r.summary].join('\n'),
    };
  },
  odds(f: MechanicFlags): MechanicOutput {
    const o = competitionOdds(competitionFrom(f));
    const crits = competeCritOdds(f);
    const json = {
      mechanic: 'compete',
      dice: o.firstDice,
      vsDice: o.secondDice,
      ties: o.ties,
      defender: o.defender,
      success: o.first,
      second: o.second,
      stalemate: o.stalemate,
      tie: o.tie,
      capResidual: o.capResidual,
      automatic: o.automatic,
      ...(crits ?? {}),
      explanation: o.explanation,
    };
    const lines = [
      ...o.explanation,
      `P(first side wins) = ${pct(o.first)}   P(second side wins) = ${pct(o.second)}${o.ties === 'stalemate' ? `   P(stalemate) = ${pct(o.stalemate)}` : ''}`,
      `P(a round is tied) = ${pct(o.tie)}${o.ties === 'reroll' ? `; left undecided at the re-roll cap: ${o.capResidual.toExponential(2)}` : ''}`,
      ...(crits ? [`P(first side crits) = ${pct(crits.crit)}   P(second side crits) = ${pct(crits.vsCrit)} (in one round)`] : []),
    ];
    return { json, text: lines.join('\n') };
  },
};

/** The check mechanics, in help order. */
export const CHECK_MECHANICS: readonly MechanicCommand[] = [
  checkMechanic('test', 'Test: roll the check die at or under the target (positive steps move down the chain)'),
  checkMechanic('challenge', 'Challenge: roll the check die plus mods; beat the target'),
  checkMechanic('open', 'Open roll: roll the check die plus mods, no target'),
  SAVE_MECHANIC,
  COMPETE_MECHANIC,
];
