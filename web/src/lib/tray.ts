/**
 * The dice tray as data: what the buttons set, the notation it makes, and the exact odds shown before
 * the roll (computed in the browser from the same engine the server rolls with: `distributionOf`).
 */
import { describeDice, distributionOf, isDiceError, parseNotation, stepDie, type BelowBottomPolicy, type DiceChain, type Distribution } from '../../../src/dice/index.js';
import { MAX_DICE_PER_TERM } from '../../../src/dice/limits.js';
import type { CheckKindDef } from '../../../src/rules/rule-system.js';

/** What the tray rolls: plain dice, a Test (roll under) or a Challenge (beat the target). */
export type TrayMode = 'roll' | 'test' | 'challenge';

/** Advantage, disadvantage or neither. */
export type TrayVantage = 'none' | 'adv' | 'dis';

/** What a tray mode adds to its die: steps, advantage, a modifier. Each mode keeps its own. */
export interface ModeModifiers {
  /** Roll mode: chain steps (+ is a bigger die). Test/Challenge: steps in the roller's favour. */
  readonly steps: number;
  readonly vantage: TrayVantage;
  /** Roll mode: added to the total. Test/Challenge: in the roller's favour. */
  readonly mod: number;
}

/** Everything the tray's buttons set. */
export interface TrayState extends ModeModifiers {
  readonly mode: TrayMode;
  /** The die before steps (a die of the chain). */
  readonly die: number;
  readonly count: number;
  readonly target: number;
  /** A Feat declared: the Feat Die of `featLevel` is rolled alongside. */
  readonly isFeat: boolean;
  readonly featLevel: number;
  /** Free notation typed by hand; when not empty it is what the tray rolls (roll mode). */
  readonly notation: string;
  /**
   * The modifiers of the modes not shown: a step in a Test's favour is a smaller die, in Roll mode a
   * bigger one, so switching modes never carries them over (each mode comes back as it was left).
   */
  readonly otherModes: Readonly<Partial<Record<TrayMode, ModeModifiers>>>;
}

/**
 * The dice the tray offers before the table's ruleset is loaded (or when this build lacks it): the
 * common polyhedral set, clamped at both ends. The ruleset's own chain replaces it once loaded.
 */
export const PLAIN_DICE: DiceChain = {
  id: 'plain',
  label: 'Plain dice',
  sides: [4, 6, 8, 10, 12, 20],
  defaultBelowBottom: 'clamp',
  belowBottomIsChoice: false,
  aboveTop: 'clamp',
  ref: 'the common polyhedral dice',
};

/** A mode's modifiers before they are touched. */
export const NO_MODIFIERS: ModeModifiers = { steps: 0, vantage: 'none', mod: 0 };

/** The tray as it opens. */
export const INITIAL_TRAY: TrayState = {
  mode: 'roll',
  die: 20,
  count: 1,
  ...NO_MODIFIERS,
  target: 10,
  isFeat: false,
  featLevel: 1,
  notation: '',
  otherModes: {},
};

/** A range of a number field. */
export interface NumberRange {
  readonly min: number;
  readonly max: number;
}

/**
 * Bounds of the tray's number fields when it rolls plain dice (Roll mode, or a Test without a ruleset
 * check): dice per roll as the dice engine allows in a term, steps and modifier as the buttons make
 * them (a bigger modifier is typed in the notation: "d20+150").
 */
export const TRAY_LIMITS = { count: { min: 1, max: MAX_DICE_PER_TERM }, steps: { min: -20, max: 20 }, mod: { min: -99, max: 99 }, target: { min: -999, max: 999 } } as const satisfies Readonly<Record<string, NumberRange>>;

/** The tray's bounds for its fields. */
export interface TrayLimits {
  readonly count: NumberRange;
  readonly steps: NumberRange;
  readonly mod: NumberRange;
  readonly target: NumberRange;
}

/**
 * The bounds of the tray's fields for a ruleset check: each field's parameter's own `min` and `max`
 * (by its role: `steps`, `modifier`, `target` or `stat-score`), else the plain tray's.
 */
export function trayLimits(check: Pick<CheckKindDef, 'params'> | null): TrayLimits {
  const of = (roles: readonly string[], fallback: NumberRange): NumberRange => {
    const p = check?.params.find((x) => x.kind === 'integer' && roles.includes(x.role));
    return p !== undefined && p.kind === 'integer' ? { min: p.min, max: p.max } : fallback;
  };
  return {
    count: TRAY_LIMITS.count,
    steps: of(['steps'], TRAY_LIMITS.steps),
    mod: of(['modifier'], TRAY_LIMITS.mod),
    target: of(['target', 'stat-score'], TRAY_LIMITS.target),
  };
}

/** A number field read: its value (null when left empty), or what is wrong with it. */
export type TrayNumber = { readonly ok: true; readonly value: number | null } | { readonly ok: false; readonly message: string };

/**
 * Reads what was typed in a number field against its range; never moves it into the range (a
 * modifier of 99999999999 is refused "at most 99", not made 99).
 * @example readTrayNumber('150', 'Modifier', { min: -99, max: 99 }) // { ok: false, message: 'Modifier is at most 99 (got 150).' }
 */
export function readTrayNumber(text: string, label: string, range: NumberRange): TrayNumber {
  const t = text.trim();
  if (t === '') return { ok: true, value: null };
  const n = Number(t);
  const shown = t.length > 16 ? `${t.slice(0, 16)}…` : t;
  if (!Number.isFinite(n) || !Number.isInteger(n)) return { ok: false, message: `${label} is a whole number, got ${shown}.` };
  if (n > range.max) return { ok: false, message: `${label} is at most ${range.max} (got ${shown}).` };
  if (n < range.min) return { ok: false, message: `${label} is at least ${range.min} (got ${shown}).` };
  return { ok: true, value: n };
}

/**
 * The tray with fields changed. Nothing is moved into a range here (the fields say what is out of one);
 * a change of mode puts the shown mode's steps, advantage and modifier aside and brings back the new
 * mode's as it was left (none at first).
 */
export function updateTray(state: TrayState, patch: Partial<TrayState>): TrayState {
  const next = { ...state, ...patch };
  if (patch.mode === undefined || patch.mode === state.mode) return next;
  const shown: ModeModifiers = { steps: next.steps, vantage: next.vantage, mod: next.mod };
  const back = state.otherModes[patch.mode] ?? NO_MODIFIERS;
  const { [patch.mode]: _back, ...others } = state.otherModes;
  void _back;
  return { ...next, ...back, otherModes: { ...others, [state.mode]: shown } };
}

/**
 * The tray set up for a check a sheet's stat asked for: its mode, die and target, the check's own
 * modifiers fresh (a new Test starts with no steps, advantage or modifier); Roll mode's are kept aside.
 */
export function presetTray(state: TrayState, mode: TrayMode, from: Partial<Pick<TrayState, 'die' | 'target'>>): TrayState {
  const switched = updateTray(state, { mode });
  return { ...switched, ...NO_MODIFIERS, ...(from.die !== undefined ? { die: from.die } : {}), ...(from.target !== undefined ? { target: from.target } : {}) };
}

/** What a sheet's stat set the tray to: a preset's label applies while the tray still rolls this. */
export interface PresetMark {
  readonly mode: TrayMode;
  readonly die: number;
  readonly target: number;
}

/** The mark of a tray a preset set up. */
export function presetMark(state: TrayState): PresetMark {
  return { mode: state.mode, die: state.die, target: state.target };
}

/**
 * True while the tray still rolls the check a preset set up: same mode, die and target, nothing typed
 * in the notation. Steps, advantage and a modifier do not change what is rolled against.
 */
export function isPresetKept(mark: PresetMark, state: TrayState): boolean {
  return state.mode === mark.mode && state.die === mark.die && state.target === mark.target && state.notation.trim() === '';
}

function signed(n: number): string {
  return n < 0 ? `-${-n}` : `+${n}`;
}

/**
 * The notation the buttons make (roll mode), the Feat Die given as its sides.
 * @example buttonNotation({ ...INITIAL_TRAY, steps: 1, vantage: 'adv', mod: 2 }, null) // '1d20^+1adv+2'
 */
export function buttonNotation(state: TrayState, featSides: number | null): string {
  let text = `${state.count}d${state.die}`;
  if (state.steps !== 0) text += `^${signed(state.steps)}`;
  if (state.vantage !== 'none') text += state.vantage;
  if (featSides !== null) text += `+1d${featSides}`;
  if (state.mod !== 0) text += signed(state.mod);
  return text;
}

/** The notation the tray rolls in roll mode: the typed one, else the buttons'. */
export function trayNotation(state: TrayState, featSides: number | null): string {
  const typed = state.notation.trim();
  return typed.length > 0 ? typed : buttonNotation(state, featSides);
}

/** The die after the tray's steps along the chain ("d24", "d30+d4"); in a Test favour moves it down. */
export function steppedDie(chain: DiceChain, state: Pick<TrayState, 'die' | 'steps' | 'mode'>): string {
  if (!chain.sides.includes(state.die)) return `d${state.die}`;
  const chainSteps = state.mode === 'test' ? -state.steps : state.steps;
  try {
    return describeDice(stepDie(chain, state.die, chainSteps).dice);
  } catch {
    return `d${state.die}`;
  }
}

/** A notation problem to show under the field: message and the 0-based column. */
export interface NotationProblem {
  readonly code: string;
  readonly message: string;
  readonly position: number | null;
}

/** Odds of a plain roll, or the problem that prevents them. */
export type RollOdds =
  | { readonly ok: true; readonly notation: string; readonly distribution: Distribution; readonly min: number; readonly max: number; readonly mean: number }
  | { readonly ok: false; readonly problem: NotationProblem };

/** Turns a thrown error of the dice engine into a problem to show; rethrows programmer errors. */
export function notationProblem(e: unknown): NotationProblem {
  if (isDiceError(e)) return { code: e.code, message: e.message, position: e.position ?? null };
  if (e instanceof Error && typeof (e as { code?: unknown }).code === 'string') {
    return { code: (e as unknown as { code: string }).code, message: e.message, position: null };
  }
  throw e;
}

/** The exact distribution of a notation on a chain. */
export function rollOdds(notation: string, chain: DiceChain, belowBottom?: BelowBottomPolicy): RollOdds {
  try {
    parseNotation(notation);
    const distribution = distributionOf(notation, belowBottom === undefined ? { chain } : { chain, belowBottom });
    // The bounds of the totals that can really come up (a long exploding tail may underflow to 0).
    const pts = distribution.points();
    const min = pts[0]?.value ?? distribution.min;
    const max = pts[pts.length - 1]?.value ?? distribution.max;
    return { ok: true, notation, distribution, min, max, mean: distribution.mean };
  } catch (e) {
    return { ok: false, problem: notationProblem(e) };
  }
}

/** One bar of the odds chart. */
export interface OddsBar {
  readonly value: number;
  readonly p: number;
  /** Share of the tallest bar, 0..1. */
  readonly height: number;
}

/** Bars for a chart of at most `maxBars` totals (wider ranges are grouped into buckets by their low end). */
export function oddsBars(d: Distribution, maxBars = 40): OddsBar[] {
  const pts = d.points();
  if (pts.length === 0) return [];
  let bars: { value: number; p: number }[];
  if (pts.length <= maxBars) bars = pts.map((p) => ({ value: p.value, p: p.p }));
  else {
    const lo = pts[0]!.value;
    const hi = pts[pts.length - 1]!.value;
    const width = Math.ceil((hi - lo + 1) / maxBars);
    bars = [];
    for (const pt of pts) {
      const b = Math.floor((pt.value - lo) / width);
      const bar = (bars[b] ??= { value: lo + b * width, p: 0 });
      bar.p += pt.p;
    }
    bars = bars.filter((b) => b !== undefined);
  }
  const top = Math.max(...bars.map((b) => b.p));
  return bars.map((b) => ({ ...b, height: top > 0 ? b.p / top : 0 }));
}

/**
 * A chance as people read it: "45.0%", "<0.1%", ">99.9%", "0%", "100%".
 * @example formatChance(0.45) // '45.0%'
 */
export function formatChance(p: number): string {
  if (p <= 0) return '0%';
  if (p >= 1) return '100%';
  if (p < 0.001) return '<0.1%';
  if (p > 0.999) return '>99.9%';
  return `${(p * 100).toFixed(1)}%`;
}

/** Plain-roll odds against a target when no ruleset check is at hand: Test = at most, Challenge = above. */
export function targetChance(d: Distribution, mode: TrayMode, target: number): number | null {
  if (mode === 'test') return d.atMost(target);
  if (mode === 'challenge') return d.above(target);
  return null;
}

/** Distributions with at most this many totals list every total with its chance. */
export const ALL_VALUES_UP_TO = 24;

/** The chances as text: every total (small distributions) or the likeliest few, in order of total. */
export function oddsRows(d: Distribution, maxAll = ALL_VALUES_UP_TO, likeliest = 5): { readonly isAll: boolean; readonly rows: readonly { readonly value: number; readonly p: number }[] } {
  const pts = d.points().filter((x) => x.p > 0);
  if (pts.length <= maxAll) return { isAll: true, rows: pts.map((x) => ({ value: x.value, p: x.p })) };
  const top = pts
    .slice()
    .sort((a, b) => b.p - a.p || a.value - b.value)
    .slice(0, likeliest)
    .sort((a, b) => a.value - b.value);
  return { isAll: false, rows: top.map((x) => ({ value: x.value, p: x.p })) };
}

/** The chance of a total of at least and at most `x`. */
export function thresholdChances(d: Distribution, x: number): { readonly atLeast: number; readonly atMost: number } {
  return { atLeast: d.atLeast(x), atMost: d.atMost(x) };
}
