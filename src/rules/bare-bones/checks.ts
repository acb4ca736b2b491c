/**
 * Roll-under checks: a d20 (two with advantage or disadvantage, 5E style) against a target, with an
 * optional maneuver die added to the target. One definition (`resolveTest`) decides both rolls and
 * exact odds. Rules: The Bare Bones (opening: checks, skills, saves, advantage); Maneuvers; Lucky in a
 * Pinch; Critical Hits and Notches; rulings BB-1 (strictly under; natural 1 and 20 only where the text
 * gives them effects, or on every roll as a table setting), BB-2 (maneuver dice add to the target).
 */
import type { RandomSource } from '../../dice/random.js';
import { BareBonesError } from './errors.js';

/** The check die. */
export const CHECK_DIE = 20;

/** The natural face that notches armour or a weapon, or breaks a bowstring, in combat (ruling BB-1). */
export const FUMBLE_FACE = 20;

/**
 * How the natural 1 and 20 act on a test (ruling BB-1):
 * - `plain`: a check or save; the target alone decides (a natural 1 that succeeds is a critical success).
 * - `attack`: an attack or defence roll; the target decides, and a natural 20 is told apart (`fumble`
 *   when it fails, `natural-20-success` when the target is above 20) for the notch or the bowstring.
 * - `absolute`: the table setting `natural-rolls: every-roll`; a natural 1 always succeeds (critical) and
 *   a natural 20 always fails (`fumble`), on every roll.
 */
export type NaturalsRule = 'plain' | 'attack' | 'absolute';

/** Largest critical range (halflings crit on 1 or 2, Lucky in a Pinch). */
export const MAX_CRIT_MAX = 2;

/** Largest situational modifier a check takes, either way (a table limit, ruling BB-2). */
export const MAX_CHECK_MODIFIER = 10;

/** Maneuver dice a check may add: d4, a fighter's d6, and one step up for swords and flails (d8). */
export const MANEUVER_DICE = [4, 6, 8] as const;

/** Advantage, disadvantage, or neither (both cancel, as in 5E). */
export type Vantage = 'advantage' | 'disadvantage' | null;

/** How a roll-under test came out. */
export type TestOutcome = 'critical' | 'success' | 'failure' | 'fumble' | 'natural-20-success';

/** Every test outcome, in the order odds list them. */
export const TEST_OUTCOMES = ['critical', 'success', 'natural-20-success', 'failure', 'fumble'] as const satisfies readonly TestOutcome[];

/**
 * A roll-under test as data.
 * @example { target: 14, vantage: 'advantage', bonusDie: 4, critMax: 1 } // score 12, +2 skill, helped, Feint
 */
export interface TestSpec {
  /** The d20 must come up lower than this (attribute or AC, plus skill and modifiers). */
  readonly target: number;
  readonly vantage: Vantage;
  /** Sides of a maneuver die added to the target, or `null`. */
  readonly bonusDie: number | null;
  /** Natural faces up to this are critical successes (1, or 2 for halflings). */
  readonly critMax: number;
  /** What the natural 1 and 20 do; `plain` when left out (ruling BB-1). */
  readonly naturals?: NaturalsRule;
}

/** A test rolled: every d20 thrown, the kept one, the maneuver die, the outcome. */
export interface TestRoll {
  readonly spec: TestSpec;
  readonly d20s: readonly number[];
  readonly kept: number;
  readonly bonus: number | null;
  readonly outcome: TestOutcome;
}

/** Net vantage of the two flags: both cancel (opening rules, 5E advantage). */
export function netVantage(advantage: boolean, disadvantage: boolean): Vantage {
  if (advantage === disadvantage) return null;
  return advantage ? 'advantage' : 'disadvantage';
}

/** True for the outcomes that succeed. */
export function isSuccess(outcome: TestOutcome): boolean {
  return outcome === 'critical' || outcome === 'success' || outcome === 'natural-20-success';
}

/** The chance that a test succeeds, from its odds. */
export function successChance(odds: Readonly<Record<TestOutcome, number>>): number {
  return TEST_OUTCOMES.filter(isSuccess).reduce((a, k) => a + odds[k], 0);
}

function checkSpec(spec: TestSpec): void {
  if (!Number.isInteger(spec.target)) throw new BareBonesError('bare-bones/bad-spec', `a test target must be a whole number, got ${spec.target}`);
  if (!Number.isInteger(spec.critMax) || spec.critMax < 1 || spec.critMax > MAX_CRIT_MAX) {
    throw new BareBonesError('bare-bones/bad-spec', `critMax must be 1..${MAX_CRIT_MAX}, got ${spec.critMax}`);
  }
  if (spec.naturals !== undefined && !['plain', 'attack', 'absolute'].includes(spec.naturals)) {
    throw new BareBonesError('bare-bones/bad-spec', `naturals must be plain, attack or absolute, got ${String(spec.naturals)}`);
  }
  if (spec.bonusDie !== null && !(MANEUVER_DICE as readonly number[]).includes(spec.bonusDie)) {
    throw new BareBonesError('bare-bones/bad-spec', `a maneuver die must be d4, d6 or d8, got d${spec.bonusDie}`);
  }
}

/**
 * The one rule of a test (ruling BB-1): success when the face is lower than the target plus the
 * maneuver die; a success on a natural face up to `critMax` is critical. On an attack or defence roll a
 * natural 20 is told apart for its notch; only the `absolute` setting makes 1 and 20 win or lose alone.
 * @example resolveTest({ target: 12, vantage: null, bonusDie: null, critMax: 1 }, 11, null) // 'success'
 * @example resolveTest({ target: 22, vantage: null, bonusDie: null, critMax: 1 }, 20, null) // 'success'
 */
export function resolveTest(spec: TestSpec, kept: number, bonus: number | null): TestOutcome {
  const naturals = spec.naturals ?? 'plain';
  if (naturals === 'absolute') {
    if (kept <= spec.critMax) return 'critical';
    if (kept === FUMBLE_FACE) return 'fumble';
  }
  const isUnder = kept < spec.target + (bonus ?? 0);
  if (naturals === 'attack' && kept === FUMBLE_FACE) return isUnder ? 'natural-20-success' : 'fumble';
  if (!isUnder) return 'failure';
  return kept <= spec.critMax ? 'critical' : 'success';
}

/**
 * Chance of each kept d20 face, index 0 for face 1: flat, the lower of two (advantage: lower is
 * better under a roll-under target) or the higher of two (disadvantage).
 * @example keptFaceChances('advantage')[0] // 39/400
 */
export function keptFaceChances(vantage: Vantage): number[] {
  const n = CHECK_DIE;
  const out: number[] = [];
  for (let k = 1; k <= n; k++) {
    if (vantage === null) out.push(1 / n);
    else if (vantage === 'advantage') out.push(((n - k + 1) ** 2 - (n - k) ** 2) / (n * n));
    else out.push((k ** 2 - (k - 1) ** 2) / (n * n));
  }
  return out;
}

/**
 * Exact chance of each outcome of a test, from `resolveTest` over every kept face and maneuver face.
 * On an attack or defence roll the chance of a natural 20 (the notch) is `fumble` + `natural-20-success`.
 */
export function testOdds(spec: TestSpec): Record<TestOutcome, number> {
  checkSpec(spec);
  const odds: Record<TestOutcome, number> = { critical: 0, success: 0, 'natural-20-success': 0, failure: 0, fumble: 0 };
  const kept = keptFaceChances(spec.vantage);
  const bonusFaces = spec.bonusDie === null ? [null] : Array.from({ length: spec.bonusDie }, (_, i) => i + 1);
  const bonusP = 1 / bonusFaces.length;
  for (let k = 1; k <= CHECK_DIE; k++) {
    for (const b of bonusFaces) odds[resolveTest(spec, k, b)] += kept[k - 1]! * bonusP;
  }
  return odds;
}

/**
 * Rolls a test: one d20 (two with vantage, keeping the lower for advantage), then the maneuver die.
 * @example rollTest(scriptedRandom([7]), { target: 12, vantage: null, bonusDie: null, critMax: 1 }).outcome // 'success'
 */
export function rollTest(rng: RandomSource, spec: TestSpec): TestRoll {
  checkSpec(spec);
  const d20s = [rng.rollDie(CHECK_DIE)];
  if (spec.vantage !== null) d20s.push(rng.rollDie(CHECK_DIE));
  const kept = spec.vantage === 'advantage' ? Math.min(...d20s) : Math.max(...d20s);
  const bonus = spec.bonusDie === null ? null : rng.rollDie(spec.bonusDie);
  return { spec, d20s, kept, bonus, outcome: resolveTest(spec, kept, bonus) };
}
