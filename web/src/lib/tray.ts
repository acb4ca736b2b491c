/**
 * The dice tray as data: what the buttons set, the notation it makes, and the exact odds shown before
 * the roll (computed in the browser from the same engine the server rolls with: `distributionOf`).
 */
import { describeDice, distributionOf, isDiceError, parseNotation, stepDie, type BelowBottomPolicy, type DiceChain, type Distribution } from '../../../src/dice/index.js';

/** What the tray rolls: plain dice, a Test (roll under) or a Challenge (beat the target). */
export type TrayMode = 'roll' | 'test' | 'challenge';

/** Advantage, disadvantage or neither. */
export type TrayVantage = 'none' | 'adv' | 'dis';

/** Everything the tray's buttons set. */
export interface TrayState {
  readonly mode: TrayMode;
  /** The die before steps (a die of the chain). */
  readonly die: number;
  readonly count: number;
  /** Roll mode: chain steps (+ is a bigger die). Test/Challenge: steps in the roller's favour. */
  readonly steps: number;
  readonly vantage: TrayVantage;
  /** Roll mode: added to the total. Test/Challenge: in the roller's favour. */
  readonly mod: number;
  readonly target: number;
  /** A Feat declared: the Feat Die of `featLevel` is rolled alongside. */
  readonly isFeat: boolean;
  readonly featLevel: number;
  /** Free notation typed by hand; when not empty it is what the tray rolls (roll mode). */
  readonly notation: string;
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

/** The tray as it opens. */
export const INITIAL_TRAY: TrayState = {
  mode: 'roll',
  die: 20,
  count: 1,
  steps: 0,
  vantage: 'none',
  mod: 0,
  target: 10,
  isFeat: false,
  featLevel: 1,
  notation: '',
};

/** Bounds of the tray's number fields. */
export const TRAY_LIMITS = { count: { min: 1, max: 100 }, steps: { min: -20, max: 20 }, mod: { min: -99, max: 99 }, target: { min: -99, max: 999 } } as const;

function clamp(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, n));
}

/** The tray with a field changed, numbers kept within the tray's bounds. */
export function updateTray(state: TrayState, patch: Partial<TrayState>): TrayState {
  const next = { ...state, ...patch };
  return {
    ...next,
    count: clamp(Math.trunc(next.count) || 1, TRAY_LIMITS.count.min, TRAY_LIMITS.count.max),
    steps: clamp(Math.trunc(next.steps) || 0, TRAY_LIMITS.steps.min, TRAY_LIMITS.steps.max),
    mod: clamp(Math.trunc(next.mod) || 0, TRAY_LIMITS.mod.min, TRAY_LIMITS.mod.max),
    target: clamp(Math.trunc(next.target) || 0, TRAY_LIMITS.target.min, TRAY_LIMITS.target.max),
    featLevel: clamp(Math.trunc(next.featLevel) || 1, 1, 10),
  };
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
