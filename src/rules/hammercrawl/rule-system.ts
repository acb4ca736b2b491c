/**
 * The HAMMERCRAWL! v4 ruleset behind the shared contract (`RuleSystem`): a thin adapter over the
 * ruleset's own modules (checks, Saves, resource dice, creation, the character document, the Initiative
 * Contest, the data tables). Nothing here decides a rule; it reads parameters and translates results.
 * Rules: HAMMERCRAWL! v4 (the whole text). Rulings: docs/rulings.md, docs/rulings.md (IN-n).
 */
import { HAMMERCRAWL_SETTINGS } from './settings.js';
import { HAMMERCRAWL_CHAIN } from '../../dice/dice-chain.js';
import { isDiceError } from '../../dice/errors.js';
import { MAX_STEP_AMOUNT } from '../../dice/limits.js';
import type { RandomSource } from '../../dice/random.js';
import type { RollRecord } from '../../dice/roll.js';
import {
  ok,
  problem,
  type AttributeDef,
  type CharacterSummary,
  type CheckDie,
  type CheckKindDef,
  type CheckOdds,
  type CheckRequest,
  type CheckRoll,
  type InitiativeEntrant,
  type InitiativeOrder,
  type OutcomeOdds,
  type ParamRecord,
  type ParamValue,
  type CheckParamDef,
  type ParamRole,
  type RuleResult,
  type RuleSystem,
  type RuleTable,
  type UsageOdds,
  type UsageRoll,
  tableLabel,
} from '../rule-system.js';
import { hammercrawlTable } from './table/extension.js';
import { readHammercrawlTrackerValue } from './table/tracker-values.js';
import { hammercrawlPlay } from './play/index.js';
import { readParams, type Read } from './play/params.js';
import { characterValuesOf } from './character-values.js';
import { STAT_IDS, STAT_TABLE, halfStat, isCheckError, type StatId, type StaticModifier, type VantageSource } from './check-modifiers.js';
import type { Character } from './character.js';
import { readCharacters } from './character.js';
import { CHOICE_PARAM, CREATION_OPTIONS, creationOptionsOf } from './creation-options.js';
import {
  checkOdds as hcCheckOdds,
  competitionOdds,
  prepareCheck,
  prepareCompetition,
  critFaceOdds,
  MAX_CRIT_RANGE,
  USUAL_CRIT_RANGE,
  rollCheck as hcRollCheck,
  rollCompetition,
  type CheckKind,
  type CheckSpec,
  type CompetitorSpec,
  type PreparedCheck,
  type TieRule,
} from './checks.js';
import { labelOf, rollCharacter as hcRollCharacter, stockOf } from './create-character.js';
import { ARMOUR } from './data/armour.js';
import { CLASSES } from './data/classes.js';
import { GEAR } from './data/gear.js';
import { NETHERN_QUIRKS } from './data/nethern-quirks.js';
import { SKILLS } from './data/skills.js';
import { SOCIAL_STATUS_TABLE } from './data/social-status.js';
import { HAMMERCRAWL_STOCKS, PALLADIUM_STOCKS } from './data/stocks.js';
import { CHECK_STOCKS, NO_STOCK_EFFECTS, stockBonusesById, type StockCheckEffects } from './derived.js';
import { TREASURE_TIERS } from './data/treasures.js';
import { WEAPON_PROFICIENCIES } from './data/weapon-proficiencies.js';
import { WEAPONS } from './data/weapons.js';
import { CRAWL_XP_TABLE, XP_AWARDS, XP_MODES } from './data/xp.js';
import { FEAT_DIE_TABLE, MAX_CHARACTER_LEVEL, MIN_CHARACTER_LEVEL, featDieBonus } from './feat-die.js';
import { isHammerPoolError } from './hammer-pools.js';
import { RESOURCE_DICE, RESOURCE_STEP_DOWN_MAX_FACE, ResourceError, resourceOdds, rollResourceUse } from './resource-die.js';
import { prepareSave, rollSave, saveOdds, type SaveSpec } from './saves.js';
import { rollInitiativeContest } from './initiative/contest.js';
import { turnBegins } from './table/tracker-conditions.js';
import { ruleGivenCount, ruleGivenVantageOf, ruleGivenWords } from './rule-given.js';

/** Largest target or static mod a check parameter accepts (either sign); far past any stat or mod. */
export const MAX_CHECK_NUMBER = 1000;

/** Largest source level or HD a Save parameter accepts. */
export const MAX_SOURCE_LEVEL = 100;

const REF = 'HAMMERCRAWL! v4 Core Rules';
const CHECK_DIE_SIDES: readonly number[] = [...HAMMERCRAWL_CHAIN.sides, 100];

// ---- parameters (names mirror the CLI flags of src/cli/mechanic-checks.ts) --------------------------

function dieParams(prefix: string, who: string): CheckParamDef[] {
  const role = (r: ParamRole): ParamRole => (prefix === '' ? r : 'option');
  return [
    { name: `${prefix}die`, role: role('die'), kind: 'die', sides: CHECK_DIE_SIDES, default: 20, label: `${who}Check die`, help: `${who}check die before steps: a die of the chain or d100` },
    { name: `${prefix}steps`, role: role('steps'), kind: 'integer', min: -MAX_STEP_AMOUNT, max: MAX_STEP_AMOUNT, default: 0, label: `${who}Steps`, help: `${who}step mods, + in the roller's favour` },
    { name: `${prefix}mod`, role: role('modifier'), kind: 'integer', min: -MAX_CHECK_NUMBER, max: MAX_CHECK_NUMBER, default: 0, label: `${who}Mod`, help: `${who}static mod, + in the roller's favour` },
    { name: `${prefix}adv`, role: role('advantage'), kind: 'boolean', default: false, label: `${who}Advantage`, help: `${who}roll at an Advantage` },
    { name: `${prefix}dis`, role: role('disadvantage'), kind: 'boolean', default: false, label: `${who}Disadvantage`, help: `${who}roll at a Disadvantage (with an Advantage they cancel)` },
    { name: `${prefix}feat`, role: role('feat'), kind: 'integer', min: MIN_CHARACTER_LEVEL, max: MAX_CHARACTER_LEVEL, label: `${who}Feat (level)`, help: `${who}roll as a Feat: add the Feat Die of this character level` },
    { name: `${prefix}weak`, role: 'option', kind: 'boolean', default: false, label: `${who}Weak Feat Die`, help: `${who}use the Weak column of the Feat Die table` },
  ];
}

const TARGET: CheckParamDef = { name: 'target', role: 'target', kind: 'integer', min: -MAX_CHECK_NUMBER, max: MAX_CHECK_NUMBER, isRequired: true, label: 'Target', help: 'the target number' };
const CRIT: CheckParamDef = { name: 'crit', role: 'option', kind: 'die', sides: CHECK_DIE_SIDES, label: 'Crit (C)', help: 'the check can crit when the die rolled is at least this big (C16 is 16)' };
const CRIT_RANGE: CheckParamDef = { name: 'crit-range', role: 'option', kind: 'integer', min: USUAL_CRIT_RANGE, max: MAX_CRIT_RANGE, default: USUAL_CRIT_RANGE, label: 'Crit range', help: 'how many faces crit: 2 is "crits on 19-20" on a d20 (1-2 on a Test); needs --crit' };
const BELOW: CheckParamDef = {
  name: 'below-d3', role: 'setting',
  kind: 'choice',
  choices: [
    { id: 'clamp', label: 'Clamp (stays d3)' },
    { id: 'negate', label: 'Negate (no die)' },
  ],
  default: 'clamp',
  label: 'Below d3',
  help: 'what a die stepped below d3 does',
};

/**
 * THE HAMMER DIE's table setting on every d20 check (rulings H-23, H-25): with `replace` the table plays
 * the hammer dice in place of the Feat Die and Advantage, so a check that asks for either is refused.
 */
const HAMMER_DIE: CheckParamDef = { ...HAMMERCRAWL_SETTINGS.find((d) => d.name === 'hammer-die')!, role: 'setting' } as CheckParamDef;

/** The params that bring the Feat Die or Advantage into a check (both sides of a Competition). */
const FEAT_AND_VANTAGE = ['feat', 'adv', 'dis', 'vs-feat', 'vs-adv', 'vs-dis'] as const;

/**
 * Under `hammer-die: replace`, a check that asks for the Feat Die or an Advantage is refused by name
 * (H-25): the table rolls those as hammer dice with the Check die (a `hammer` command with its `check`).
 */
function hammerDieRefusal(p: Read): RuleResult<never> | null {
  if (p['hammer-die'] !== 'replace') return null;
  const asked = FEAT_AND_VANTAGE.find((n) => p[n] !== undefined && p[n] !== false);
  if (asked === undefined) return null;
  const what = asked.endsWith('feat') ? 'the Feat Die' : asked.endsWith('dis') ? 'a Disadvantage' : 'an Advantage';
  return problem(
    'check/hammer-die-replaces',
    `This table plays THE HAMMER DIE in place of the Feat Die and Advantage (table setting hammer-die: replace), so a check cannot take ${what}: roll it in the Hammer dice pool, where the Feat, advantages and disadvantages become hammer dice and the Check die rolls with them (a hammer command with its check), or the Smith sets hammer-die to off.`,
    `$.params.${asked}`,
  );
}

/**
 * THE HAMMER DIE under `replace` (ruling H-26): the check's rule-given advantages and disadvantages (a
 * stock's ability) are in its hammer pool, so the d20 rolls without them. The hammer command sets it for
 * the check it rolls with the pool; a plain check bringing any without it is refused.
 */
const VANTAGE_POOLED: CheckParamDef = {
  name: 'vantage-pooled', role: 'option', kind: 'boolean', default: false,
  label: 'Rule-given advantages in the hammer pool',
  help: "under hammer-die replace: the advantages and disadvantages the rules give this check (a stock's ability) are rolled as hammer dice in its pool, not in the d20 (the Hammer dice pool sets it); no effect with hammer-die off",
  ref: 'ruling H-26',
};

/**
 * Under `hammer-die: replace`, a plain check that the rules give an advantage or disadvantage (a stock's
 * ability) is refused, naming what it brings (H-26): those are hammer dice, rolled with the Check die in
 * the check's pool.
 */
function ruleGivenRefusal(def: CheckKindDef, p: Read): RuleResult<never> | null {
  if (p['hammer-die'] !== 'replace' || p['vantage-pooled'] === true) return null;
  const given = ruleGivenVantageOf(def.id, p as unknown as ParamRecord);
  if (ruleGivenCount(given) === 0) return null;
  return problem(
    'check/rule-given-hammer-dice',
    `This table plays THE HAMMER DIE in place of the Feat Die and Advantage (table setting hammer-die: replace), and this ${def.label} brings ${ruleGivenWords(given)!} to its hammer pool ("If anything gives you an advantage, count the total"): roll it in the Hammer dice pool with the ${def.label} as its Check die and the character named, where they become hammer dice; or the Smith sets hammer-die to off.`,
    '$.params',
  );
}

/** The stat a Test or Challenge is on: a stat's button sends it, so that the roller's stock abilities on it apply (STOCKS). */
const CHECK_STAT: CheckParamDef = { name: 'stat', role: 'stat', kind: 'choice', choices: STAT_IDS.map((x) => ({ id: x, label: x })), label: 'Stat', help: 'the stat the check is on (with --stock, that stock\'s abilities on it apply)' };

/**
 * The roller's stock and the situation its abilities name (STOCKS; rulings ST-8, ST-9, ST-14): a sheet's
 * stat sends the character's (`characterCheck`); at the CLI they are flags.
 */
const STOCK_PARAMS: readonly CheckParamDef[] = [
  { name: 'stock', role: 'option', kind: 'choice', choices: CHECK_STOCKS.map((x) => ({ id: x.id, label: x.label })), label: 'Stock', help: "the roller's stock: its abilities on the check's stat apply (Monstrous Strength, Strength of the Earth, Blessed Intellect)", ref: 'ruling ST-14' },
  { name: 'off-earth', role: 'option', kind: 'boolean', default: false, label: 'Off stone and earth', help: 'not both feet on stone or earthen ground (a deck, a tree): Droffen Strength of the Earth lapses; a dungeon floor is stone', ref: 'ruling ST-8' },
  { name: 'full-health', role: 'option', kind: 'boolean', default: false, label: 'Health Die at full', help: 'the Health Die is at its base (Elfin Blessed Intellect)', ref: 'ruling ST-9' },
];

/** The level Strength of the Earth adds to a Save: the character's level, without the level penalty's need of a source level (ST-8). */
const STOCK_LEVEL: CheckParamDef = { name: 'stock-level', role: 'option', kind: 'integer', min: MIN_CHARACTER_LEVEL, max: MAX_CHARACTER_LEVEL, label: 'Level for the stock', help: "the character's level that Strength of the Earth adds (else --level, else --feat's, else 1)", ref: 'ruling ST-8' };

const CHECK_KINDS: readonly CheckKindDef[] = [
  {
    id: 'test',
    label: 'Test',
    help: 'roll the check die at or under the target (positive steps move down the chain)',
    ref: `${REF}, DICE CHECKS (Tests)`,
    params: [{ ...TARGET, role: 'stat-score', help: 'succeed at or under it (usually a stat)' }, { name: 'half', role: 'option', kind: 'boolean', default: false, label: 'Half-stat', help: 'the target is the half-stat of --target (rounded up)' }, ...dieParams('', ''), CRIT, CRIT_RANGE, BELOW, CHECK_STAT, ...STOCK_PARAMS, HAMMER_DIE, VANTAGE_POOLED],
  },
  {
    id: 'challenge',
    label: 'Challenge',
    help: 'roll the check die plus mods; beat the target',
    ref: `${REF}, DICE CHECKS (Challenges)`,
    params: [{ ...TARGET, help: 'the roll must beat it' }, ...dieParams('', ''), CRIT, CRIT_RANGE, BELOW, CHECK_STAT, ...STOCK_PARAMS, HAMMER_DIE, VANTAGE_POOLED],
  },
  {
    id: 'open',
    label: 'Open roll',
    help: 'roll the check die plus mods, no target',
    ref: `${REF}, OPEN ROLLS`,
    params: [...dieParams('', ''), CRIT, CRIT_RANGE, BELOW, HAMMER_DIE],
  },
  {
    id: 'save',
    label: 'Save',
    help: 'd20 + stat mod must beat the target; one step down against a greater source; success halves the effect',
    ref: `${REF}, SAVES`,
    params: [
      { name: 'mod', role: 'stat-mod', kind: 'integer', min: -MAX_CHECK_NUMBER, max: MAX_CHECK_NUMBER, isRequired: true, label: 'Stat mod', help: 'your stat mod for this Save' },
      { ...TARGET, help: 'the target set by the effect (the Save must beat it)' },
      { name: 'level', role: 'level', kind: 'integer', min: MIN_CHARACTER_LEVEL, max: MAX_CHARACTER_LEVEL, label: 'Level', help: "your character's level" },
      { name: 'source-level', role: 'option', kind: 'integer', min: 0, max: MAX_SOURCE_LEVEL, label: 'Source level', help: 'the level or HD of the source; greater than your level costs one step' },
      { name: 'stat', role: 'stat', kind: 'choice', choices: STAT_IDS.map((s) => ({ id: s, label: s })), label: 'Stat', help: 'which stat the Save uses' },
      { name: 'all-or-nothing', role: 'option', kind: 'boolean', default: false, label: 'All or nothing', help: 'success negates the effect instead of halving it' },
      { name: 'steps', role: 'option', kind: 'integer', min: -MAX_STEP_AMOUNT, max: MAX_STEP_AMOUNT, default: 0, label: 'Steps', help: "other step mods, + in the saver's favour" },
      { name: 'adv', role: 'option', kind: 'boolean', default: false, label: 'Advantage', help: 'roll at an Advantage' },
      { name: 'dis', role: 'option', kind: 'boolean', default: false, label: 'Disadvantage', help: 'roll at a Disadvantage' },
      // A Save that is one of the class's Save Feats adds the Feat Die (THE FEAT DIE; every class lists Save Feats).
      ...dieParams('', '').filter((d) => d.name === 'feat' || d.name === 'weak'),
      CRIT,
      ...STOCK_PARAMS,
      STOCK_LEVEL,
      CRIT_RANGE,
      HAMMER_DIE,
      VANTAGE_POOLED,
    ],
  },
  {
    id: 'compete',
    label: 'Competition',
    help: 'both sides roll, the highest total wins; ties go to the defender, a stalemate, or a re-roll',
    ref: `${REF}, DICE CHECKS (Competitions)`,
    params: [
      ...dieParams('', 'first side: '),
      ...dieParams('vs-', 'second side: '),
      {
        name: 'ties', role: 'option',
        kind: 'choice',
        choices: [
          { id: 'defender', label: 'The defender wins' },
          { id: 'stalemate', label: 'Stalemate' },
          { id: 'reroll', label: 'Re-roll until a victor' },
        ],
        default: 'defender',
        label: 'Ties',
        help: 'what a tie does',
      },
      {
        name: 'defender', role: 'option',
        kind: 'choice',
        choices: [
          { id: 'first', label: 'First side' },
          { id: 'second', label: 'Second side' },
        ],
        default: 'second',
        label: 'Defender',
        help: 'who wins ties under the defender rule',
      },
      BELOW,
      HAMMER_DIE,
    ],
  },
];


function num(p: Read, name: string): number | undefined {
  const v = p[name];
  return typeof v === 'number' ? v : undefined;
}

function side(p: Read, prefix: string): CompetitorSpec {
  const smith = (label: string) => ({ kind: 'smith' as const, label });
  const steps = num(p, `${prefix}steps`) ?? 0;
  const mod = num(p, `${prefix}mod`) ?? 0;
  const level = num(p, `${prefix}feat`);
  const vantage: VantageSource[] = [];
  if (p[`${prefix}adv`] === true) vantage.push({ mark: 'adv', origin: smith(`--${prefix}adv`) });
  if (p[`${prefix}dis`] === true) vantage.push({ mark: 'dis', origin: smith(`--${prefix}dis`) });
  const mods: StaticModifier[] = mod !== 0 ? [{ amount: mod, origin: smith(`--${prefix}mod`) }] : [];
  return {
    die: num(p, `${prefix}die`) ?? 20,
    steps: steps !== 0 ? [{ amount: steps, origin: smith(`--${prefix}steps`) }] : [],
    mods,
    vantage,
    ...(level !== undefined ? { feat: featDieBonus(level, p[`${prefix}weak`] === true ? 'weak' : 'normal') } : {}),
  };
}

/** The roller's stock bonuses on the check (`stock`, `stat` and the situation; STOCKS), none without both. */
function stockBonuses(p: Read, kind: 'test' | 'challenge', isSave: boolean, level: number): StockCheckEffects {
  return stockBonusesById(p['stock'], p['stat'], level, { kind, isSave, isOnEarth: p['off-earth'] !== true, isHealthFull: p['full-health'] === true });
}

/** The rule-given advantages are in the check's hammer pool (H-26): only under `replace`. */
function isVantagePooled(p: Read): boolean {
  return p['hammer-die'] === 'replace' && p['vantage-pooled'] === true;
}

function checkSpec(kind: CheckKind, p: Read): CheckSpec {
  let target = num(p, 'target');
  if (target !== undefined && p['half'] === true) target = halfStat(target);
  const crit = num(p, 'crit');
  const critRange = num(p, 'crit-range');
  const own = side(p, '');
  const stock = kind === 'open' ? NO_STOCK_EFFECTS : stockBonuses(p, kind, false, MIN_CHARACTER_LEVEL);
  return {
    kind,
    ...own,
    steps: [...(own.steps ?? []), ...stock.steps],
    mods: [...(own.mods ?? []), ...stock.mods],
    vantage: [...(own.vantage ?? []), ...(isVantagePooled(p) ? [] : stock.vantage)],
    ...(target !== undefined ? { target } : {}),
    ...(crit !== undefined ? { critMin: crit } : {}),
    ...(critRange !== undefined && critRange !== USUAL_CRIT_RANGE ? { critRange } : {}),
    belowBottom: p['below-d3'] === 'negate' ? 'negate' : 'clamp',
  };
}

function saveSpec(p: Read): SaveSpec {
  const s = side(p, '');
  const level = num(p, 'level');
  const sourceLevel = num(p, 'source-level');
  const crit = num(p, 'crit');
  const critRange = num(p, 'crit-range');
  const stat = p['stat'];
  // Saves are Challenges (SAVES); Strength of the Earth adds the level, the Feat's when no other is given.
  const stock = stockBonuses(p, 'challenge', true, num(p, 'stock-level') ?? level ?? num(p, 'feat') ?? MIN_CHARACTER_LEVEL);
  const steps = [...(s.steps ?? []), ...stock.steps];
  const vantage = [...(s.vantage ?? []), ...(isVantagePooled(p) ? [] : stock.vantage)];
  return {
    statMod: num(p, 'mod')!,
    target: num(p, 'target')!,
    ...(typeof stat === 'string' ? { stat: stat as StatId } : {}),
    ...(level !== undefined ? { level } : {}),
    ...(sourceLevel !== undefined ? { sourceLevel } : {}),
    ...(p['all-or-nothing'] === true ? { allOrNothing: true } : {}),
    ...(steps.length > 0 ? { steps } : {}),
    ...(vantage.length > 0 ? { vantage } : {}),
    ...(stock.mods.length > 0 ? { mods: stock.mods } : {}),
    ...(crit !== undefined ? { critMin: crit } : {}),
    ...(critRange !== undefined && critRange !== USUAL_CRIT_RANGE ? { critRange } : {}),
    ...(s.feat ? { feat: s.feat } : {}),
  };
}

/**
 * A check as the character of `document` makes it (the contract's `characterCheck`): a Test, Challenge
 * or Save gains the character's stock, whether its Health Die is at its base, and for a Save its level,
 * so that the stock's abilities on the check's stat apply (STOCKS; rulings ST-8, ST-9, ST-14). The
 * parameters the request already has win; a document without a known stock leaves it as it is.
 * @example characterCheckOf(troll, { check: 'test', params: { target: 14, stat: 'STR' } }).params // { target: 14, stat: 'STR', stock: 'troll', 'full-health': true }
 */
export function characterCheckOf(document: unknown, request: CheckRequest): CheckRequest {
  if (request.check !== 'test' && request.check !== 'challenge' && request.check !== 'save') return request;
  if (document === null || typeof document !== 'object') return request;
  const doc = document as { readonly stock?: unknown; readonly level?: unknown; readonly healthDie?: unknown; readonly baseHealthDie?: unknown };
  if (!CHECK_STOCKS.some((x) => x.id === doc.stock)) return request;
  const level = typeof doc.level === 'number' && Number.isInteger(doc.level) && doc.level >= MIN_CHARACTER_LEVEL && doc.level <= MAX_CHARACTER_LEVEL ? doc.level : undefined;
  const added: Record<string, ParamValue> = {
    stock: doc.stock as string,
    'full-health': doc.healthDie !== null && doc.healthDie === doc.baseHealthDie,
    ...(request.check === 'save' && level !== undefined ? { 'stock-level': level } : {}),
  };
  return { check: request.check, params: { ...added, ...request.params } };
}

/** Runs core code, turning a ruleset error (a check asked for wrongly) into a problem result. */
function guarded<T>(f: () => RuleResult<T>): RuleResult<T> {
  try {
    return f();
  } catch (e) {
    if (isCheckError(e) || isDiceError(e) || e instanceof ResourceError || isHammerPoolError(e)) {
      return problem((e as { code: string }).code, (e as Error).message);
    }
    throw e;
  }
}

function withRequest<T>(request: CheckRequest, f: (def: CheckKindDef, p: Read) => RuleResult<T>): RuleResult<T> {
  const def = CHECK_KINDS.find((k) => k.id === request.check);
  if (def === undefined) {
    return problem('check/unknown-kind', `Unknown check ${request.check}; expected one of ${CHECK_KINDS.map((k) => k.id).join(', ')}.`, '$.check');
  }
  const p = readParams(def.params, request.params);
  if (!p.ok) return p;
  const refused = hammerDieRefusal(p.value) ?? ruleGivenRefusal(def, p.value);
  if (refused !== null) return refused;
  return guarded(() => f(def, p.value));
}

// ---- odds and rolls -------------------------------------------------------------------------------

/** P(success and crit): the kept check die shows its crit face, and the Feat Die and mods decide success. */
function successGivenCrit(c: PreparedCheck): number {
  if (c.critFace === null || c.effectiveTarget === null) return 0;
  const feat = c.spec.feat?.sides ?? 0;
  const faces = feat === 0 ? [0] : Array.from({ length: feat }, (_, i) => i + 1);
  // A widened range (H-17): each crit face weighted by how often the kept check die shows it.
  let pCrit = 0;
  let wins = 0;
  for (const { face, p: pFace } of critFaceOdds(c)) {
    pCrit += pFace;
    for (const f of faces) {
      const total = c.kind === 'test' ? face - f : face + f + c.staticMod;
      if (c.kind === 'test' ? total <= c.effectiveTarget : total > c.effectiveTarget) wins += pFace / faces.length;
    }
  }
  return pCrit === 0 ? 0 : wins / pCrit;
}

function checkOutcomes(c: PreparedCheck, withCrit: boolean): OutcomeOdds[] {
  const o = hcCheckOdds(c);
  const crit = withCrit ? (o.crit ?? 0) : 0;
  if (o.success === null) {
    return withCrit
      ? [
          { outcome: 'critical', label: 'Crit', p: crit },
          { outcome: 'rolled', label: 'Rolled', p: 1 - crit },
        ]
      : [{ outcome: 'rolled', label: 'Rolled', p: 1 }];
  }
  if (!withCrit) {
    return [
      { outcome: 'success', label: 'Success', p: o.success },
      { outcome: 'failure', label: 'Failure', p: o.failure! },
    ];
  }
  const critSuccess = crit * successGivenCrit(c);
  return [
    { outcome: 'critical', label: 'Crit', p: crit },
    { outcome: 'success', label: 'Success', p: Math.max(0, o.success - critSuccess) },
    { outcome: 'failure', label: 'Failure', p: Math.max(0, o.failure! - (crit - critSuccess)) },
  ];
}

function values(c: PreparedCheck): Pick<CheckOdds, 'values' | 'mean'> {
  const d = hcCheckOdds(c).distribution;
  return { values: d.points().map((x) => ({ value: x.value, p: x.p })), mean: d.mean };
}

function diceOf(record: RollRecord | null, roleOf: (term: number) => string): CheckDie[] {
  if (record === null) return [];
  const out: CheckDie[] = [];
  for (const d of record.dice) {
    const sides = d.die.split('+').map((t) => Number(t.replace(/^d/, '')));
    if (sides.length > 1 && d.parts) {
      const parts = d.parts[0] ?? [];
      sides.forEach((s, i) => out.push({ sides: s, face: parts[i] ?? 0, isKept: d.kept, role: roleOf(d.term) }));
    } else out.push({ sides: sides[0] ?? 0, face: d.value, isKept: d.kept, role: roleOf(d.term) });
  }
  return out;
}

const checkRole = (term: number) => (term === 0 ? 'check die' : 'Feat Die');

function outcomeOfCheck(success: boolean | null, crit: boolean): { outcome: string; label: string } {
  if (crit) return { outcome: 'critical', label: 'Crit' };
  if (success === null) return { outcome: 'rolled', label: 'Rolled' };
  return success ? { outcome: 'success', label: 'Success' } : { outcome: 'failure', label: 'Failure' };
}

function describe(c: PreparedCheck): string {
  const dice = c.dice.length > 0 ? c.dice.join('+') : 'no die';
  const feat = c.featDie ? ` + Feat ${c.featDie}` : '';
  const vs = c.target === null ? '' : c.kind === 'test' ? `, at or under ${c.effectiveTarget}` : `, beat ${c.effectiveTarget}`;
  const v = c.vantage ? `, ${c.vantage}` : '';
  return `${c.kind === 'test' ? 'Test' : c.kind === 'challenge' ? 'Challenge' : 'Open roll'}: ${dice}${feat}${c.kind !== 'test' && c.staticMod !== 0 ? ` ${c.staticMod > 0 ? '+' : ''}${c.staticMod}` : ''}${vs}${v} (${c.resolved.notation})`;
}

function checkOddsOf(request: CheckRequest): RuleResult<CheckOdds> {
  return withRequest(request, (def, p) => {
    const withCrit = p['crit'] !== undefined;
    if (def.id === 'save') {
      const spec = saveSpec(p);
      const c = prepareSave(spec);
      const s = saveOdds(spec);
      return ok({
        check: 'save',
        description: `Save: ${describe(c).replace(/^Challenge: /, '')}`,
        outcomes: checkOutcomes(c, withCrit),
        ...values(c),
        explanation: [...c.explanation, `effect: full ${s.effect.full}, half ${s.effect.half}, none ${s.effect.none}`],
      });
    }
    if (def.id === 'compete') {
      const c = prepareCompetition({
        first: side(p, ''),
        second: side(p, 'vs-'),
        ties: p['ties'] as TieRule,
        defender: p['defender'] === 'first' ? 'first' : 'second',
        belowBottom: p['below-d3'] === 'negate' ? 'negate' : 'clamp',
      });
      const o = competitionOdds(c);
      const outcomes: OutcomeOdds[] = [
        { outcome: 'first', label: 'First side wins', p: o.first },
        { outcome: 'second', label: 'Second side wins', p: o.second },
      ];
      if (o.ties === 'stalemate') outcomes.push({ outcome: 'stalemate', label: 'Stalemate', p: o.stalemate });
      return ok({ check: 'compete', description: `Competition: ${o.firstDice.join('+')} vs ${o.secondDice.join('+')}, ties: ${o.ties}`, outcomes, explanation: o.explanation });
    }
    const c = prepareCheck(checkSpec(def.id as CheckKind, p));
    return ok({ check: def.id, description: describe(c), outcomes: checkOutcomes(c, withCrit), ...values(c), explanation: c.explanation });
  });
}

function rollCheckOf(rng: RandomSource, request: CheckRequest): RuleResult<CheckRoll> {
  return withRequest(request, (def, p) => {
    if (def.id === 'save') {
      const spec = saveSpec(p);
      const c = prepareSave(spec);
      const r = rollSave(rng, spec);
      const o = outcomeOfCheck(r.saved, r.check.crit);
      return ok({
        check: 'save',
        description: `Save: ${describe(c).replace(/^Challenge: /, '')}`,
        dice: diceOf(r.check.record, checkRole),
        total: r.check.total ?? 0,
        ...o,
        explanation: [...r.check.explanation, r.summary],
      });
    }
    if (def.id === 'compete') {
      const c = prepareCompetition({
        first: side(p, ''),
        second: side(p, 'vs-'),
        ties: p['ties'] as TieRule,
        defender: p['defender'] === 'first' ? 'first' : 'second',
        belowBottom: p['below-d3'] === 'negate' ? 'negate' : 'clamp',
      });
      const r = rollCompetition(rng, c);
      const dice: CheckDie[] = [];
      r.rounds.forEach((round, i) => {
        const tag = r.rounds.length > 1 ? ` (round ${i + 1})` : '';
        dice.push(...diceOf(round.first.record, (t) => `first side ${checkRole(t)}${tag}`));
        dice.push(...diceOf(round.second.record, (t) => `second side ${checkRole(t)}${tag}`));
      });
      const last = r.rounds[r.rounds.length - 1];
      const outcome = r.winner ?? (r.decidedBy === 'stalemate' ? 'stalemate' : 'undecided');
      const label = outcome === 'first' ? 'First side wins' : outcome === 'second' ? 'Second side wins' : outcome === 'stalemate' ? 'Stalemate' : 'Undecided (re-roll cap)';
      return ok({
        check: 'compete',
        description: `Competition: ${c.first.dice.join('+')} vs ${c.second.dice.join('+')}, ties: ${c.ties}`,
        dice,
        total: last ? (last.first.total ?? 0) - (last.second.total ?? 0) : 0,
        outcome,
        label,
        explanation: [...r.explanation, r.summary],
      });
    }
    const c = prepareCheck(checkSpec(def.id as CheckKind, p));
    const r = hcRollCheck(rng, c);
    return ok({
      check: def.id,
      description: describe(c),
      dice: diceOf(r.record, checkRole),
      total: r.total ?? 0,
      ...outcomeOfCheck(r.success, r.crit),
      explanation: [...r.explanation, r.summary],
    });
  });
}

// ---- usage dice -----------------------------------------------------------------------------------

function usageOddsOf(die: number, uses: number): RuleResult<UsageOdds> {
  return guarded(() => {
    const o = resourceOdds(die, uses);
    return ok({ die: o.die, uses: o.uses, depleted: o.depleted, expectedUses: o.expectedUses, distribution: o.distribution.map((x) => ({ die: x.die, p: x.p })) });
  });
}

function rollUsageOf(rng: RandomSource, die: number): RuleResult<UsageRoll> {
  return guarded(() => {
    const u = rollResourceUse(rng, die);
    return ok({ die: u.die, face: u.face, isSteppedDown: u.isSteppedDown, after: u.after, explanation: u.explanation });
  });
}

// ---- characters ---------------------------------------------------------------------------------

function rollCharacterOf(rng: RandomSource, options: ParamRecord): RuleResult<Character> {
  const p = readParams(CREATION_OPTIONS, options);
  if (!p.ok) return p;
  const read = creationOptionsOf(p.value);
  if (!read.ok) return read;
  const r = hcRollCharacter(rng, read.value);
  if (!r.ok) return problem(r.error.code, r.error.message, `$.${CHOICE_PARAM[r.error.choice]}`);
  return ok(r.character);
}

function readCharacterOf(json: unknown): RuleResult<Character> {
  if (Array.isArray(json)) return problem('character/expected-one', 'expected one character object, got an array; read each character on its own.', '$');
  const r = readCharacters(json);
  if (!r.ok) {
    const first = r.problems[0]!;
    const more = r.problems.length > 1 ? ` (and ${r.problems.length - 1} more problem${r.problems.length > 2 ? "s" : ""})` : '';
    if (r.problems.length === 1) return problem('character/invalid', first.message, first.path);
    const problems = r.problems.map((p) => ({ code: 'character/invalid', message: p.message, path: p.path }));
    return { ok: false, error: { code: 'character/invalid', message: `${first.message}${more}`, path: first.path, problems } };
  }
  return ok(r.characters[0]!);
}

function summarizeOf(c: Character): CharacterSummary {
  const stock = stockOf(c.setting, c.stock)?.label ?? c.stock;
  const cls = CLASSES.find((k) => k.id === c.class)?.label ?? c.class;
  return {
    name: c.name,
    headline: `Level ${c.level} ${stock} ${cls}`,
    trackers: [
      { id: 'health-die', label: 'Health Die', value: c.healthDie ?? 'down', role: 'health' },
      { id: 'harm-die', label: 'Harm Die', value: c.harmDie },
      { id: 'armour-die', label: 'Armour Die', value: c.armourDie ?? 'none', ...(c.armourDie !== null ? { role: 'armour' as const } : {}) },
      { id: 'feat-die', label: 'Feat Die', value: c.featDie },
      { id: 'defense', label: 'Defense', value: String(c.defense) },
      { id: 'xp', label: 'XP', value: String(c.xp) },
    ],
  };
}

// ---- initiative ---------------------------------------------------------------------------------

/** The INT score used for a leader whose INT is not given: mod +0 on the stat table (ruling IN-14). */
export const NO_INT_SCORE = 10;

/** The INT score of an entrant: the attribute id `INT` (the document's key), or `int` as the contract writes keys. */
function intScoreOf(e: InitiativeEntrant): number | undefined {
  return e.stats['INT'] ?? e.stats['int'];
}

function rollInitiativeOf(rng: RandomSource, entrants: readonly InitiativeEntrant[]): RuleResult<InitiativeOrder> {
  const ids = new Set<string>();
  for (const e of entrants) {
    if (ids.has(e.id)) return problem('initiative/duplicate-id', `two entrants are called ${e.id}; give each combatant its own id.`);
    ids.add(e.id);
  }
  const sides = [...new Set(entrants.map((e) => e.side))];
  const leaders: InitiativeEntrant[] = [];
  for (const s of sides) {
    const members = entrants.filter((e) => e.side === s);
    const named = members.filter((e) => e.isLeader === true);
    if (named.length > 1) return problem('initiative/two-leaders', `side ${s} names ${named.length} leaders; one leader rolls for a side.`);
    leaders.push(named[0] ?? members[0]!);
  }
  // A leader with no INT given (a monster from a line of static values) rolls with no mod: a score of
  // 10 has INT mod 0 (ruling IN-14). The explanation says so.
  const unknownInt = leaders.filter((l) => intScoreOf(l) === undefined).map((l) => l.id);
  const r = rollInitiativeContest(
    rng,
    leaders.map((l) => ({ id: l.id, side: l.side, intScore: intScoreOf(l) ?? NO_INT_SCORE })),
  );
  if (!r.ok) return r;
  const dice: CheckDie[] = r.value.rounds.flatMap((round, i) => round.rolls.map((x) => ({ sides: 20, face: x.natural, isKept: true, role: `${x.id} (round ${i + 1})` })));
  const winner = r.value.winner;
  const order = entrants.map((e) => ({
    id: e.id,
    rank: winner === null ? 1 : e.id === winner.id ? 0 : e.side === winner.side ? 1 : 2,
    note:
      winner === null
        ? 'undecided: the Smith decides'
        : e.id === winner.id
          ? 'won the Initiative: declares who goes first'
          : e.side === winner.side
            ? "winning side: may be declared first"
            : 'acts when passed the initiative',
  }));
  order.sort((a, b) => a.rank - b.rank);
  return ok({
    order,
    dice,
    explanation: [
      ...unknownInt.map((id) => `${id}: no INT given, so no INT mod (+0)`),
      ...r.value.explanation,
      'then each combatant passes the initiative to one who has not acted this round (Passing the Initiative)',
    ],
  });
}

// ---- tables ----------------------------------------------------------------------------------------

function table(id: string, label: string, ref: string, rows: readonly { readonly id: string; readonly label: string }[]): RuleTable {
  return { id, label, ref, rows };
}

const TABLES: readonly RuleTable[] = [
  table('stat-table', 'Stat table', `${REF}, STATS`, STAT_TABLE),
  table('feat-die', 'Feat Die', `${REF}, THE FEAT DIE`, FEAT_DIE_TABLE),
  table('stocks-hammercrawl', 'Stocks (HAMMERCRAWL! setting)', `${REF}, HAMMERCRAWL! Setting`, HAMMERCRAWL_STOCKS),
  table('stocks-palladium', 'Stocks (Palladium setting)', `${REF}, Palladium stocks`, PALLADIUM_STOCKS),
  table('nethern-quirks', 'Nethern quirks', `${REF}, Nethern`, NETHERN_QUIRKS),
  table('social-status', 'SOC status and coins', `${REF}, SOC`, SOCIAL_STATUS_TABLE),
  table('classes', 'Classes', `${REF}, CLASSES`, CLASSES),
  table('skills', 'Skills', `${REF}, SKILLS`, SKILLS),
  table('weapon-proficiencies', 'Weapon Proficiencies', `${REF}, WEAPONS`, WEAPON_PROFICIENCIES),
  table('weapons', 'Weapons', `${REF}, WEAPONS`, WEAPONS),
  table('armour', 'Armour', `${REF}, ARMOUR`, ARMOUR),
  table('gear', 'Gear', `${REF}, EQUIPMENT`, GEAR),
  table('treasure-tiers', 'Treasure tiers', `${REF}, TREASURES`, TREASURE_TIERS),
  table('xp-modes', 'XP modes', `${REF}, XP and LEVELING`, XP_MODES),
  table('crawl-xp', 'Crawl mode XP', `${REF}, XP and LEVELING, CRAWL MODE`, CRAWL_XP_TABLE),
  table('xp-awards', 'XP awards', `${REF}, XP and LEVELING`, XP_AWARDS),
];

const STAT_LABELS: Readonly<Record<StatId, string>> = {
  STR: 'Strength',
  DEX: 'Dexterity',
  CON: 'Constitution',
  INT: 'Intelligence',
  WIL: 'Will',
  CHA: 'Charisma',
  SOC: 'Societal standing',
};

/** The core six and SOC ("The core six, and also societal standing", STATS), keyed as the document keys them. */
const ATTRIBUTES: readonly AttributeDef[] = STAT_IDS.map((id) => ({ id, label: STAT_LABELS[id], ref: `${REF}, STATS` }));

/**
 * HAMMERCRAWL! v4 as one `RuleSystem` (conventions: Layout): attributes keyed as the character document
 * keys its stats (`STR` ... `SOC`), the checks of the CLI, resource dice, creation, reading, the
 * Initiative Contest, the data tables, and play (the rules that change a character, play/index.ts).
 * @example ruleSystem.checkOdds({ check: 'test', params: { target: 12 } }) // success 0.6
 */
export const ruleSystem: RuleSystem<Character> = {
  id: 'hammercrawl',
  label: 'HAMMERCRAWL!',
  version: 'v4',
  ref: REF,
  attributes: ATTRIBUTES,
  chain: HAMMERCRAWL_CHAIN,
  checks: CHECK_KINDS,
  checkOdds: checkOddsOf,
  rollCheck: rollCheckOf,
  usageDie: { sides: RESOURCE_DICE, stepDownMaxFace: RESOURCE_STEP_DOWN_MAX_FACE, ref: `${REF}, RESOURCES`, label: 'resource die' },
  usageOdds: usageOddsOf,
  rollUsage: rollUsageOf,
  creationOptions: CREATION_OPTIONS,
  rollCharacter: rollCharacterOf,
  readCharacter: readCharacterOf,
  summarize: summarizeOf,
  characterValues: characterValuesOf,
  labelOf: (id) => {
    const label = tableLabel(TABLES, id) ?? labelOf(id);
    return label === id ? undefined : label;
  },
  initiativeHelp:
    'The leaders of each side roll an Initiative Contest (d20 + INT mod, ties re-rolled); the winning side declares who goes first, and each combatant passes the initiative to one who has not acted this round.',
  rollInitiative: rollInitiativeOf,
  // Leaders roll the Initiative Contest on INT; interrupts and Exchanges read DEX (rules: INITIATIVE).
  initiativeReads: { stats: ['INT', 'DEX'], hasLeaders: true },
  tables: TABLES,
  settings: HAMMERCRAWL_SETTINGS,
  play: hammercrawlPlay,
  table: hammercrawlTable,
  characterCheck: characterCheckOf,
  readTrackerValue: readHammercrawlTrackerValue,
  // Total Defense lasts until its holder's next turn (ruling CB-37).
  turnBegins,
};
