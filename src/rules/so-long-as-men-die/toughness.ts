/**
 * Toughness Dice: rolled to soak what gets past Defense, exhausted on 5-6 (traits change the faces),
 * recovered by a full meal and six hours' sleep. Rules: So Long as Men Die, Toughness; Traits
 * (Artful Dodger, Sickly, Healthy, the meal substitutes); Mutilation (Agony). Rulings SL-3, SL-11.
 */
import type { RandomSource } from '../../dice/random.js';
import { ok, problem, type RuleResult } from '../rule-system.js';
import { addChance } from './dense.js';
import { MEAL_QUALITY_IDS, traitEffects, type MealQualityId, type MealSubstituteId } from './data/traits.js';

/** A Toughness Die is a d6: the text's 5-6 exhaustion names faces of a d6 (ruling SL-3). */
export const TOUGHNESS_DIE_SIDES = 6;

/** Toughness Dice every character starts with, before class and traits (Toughness: "at least one"). */
export const BASE_TOUGHNESS_DICE = 1;

/** Most Toughness Dice a character may have or roll at once (an input limit, ruling SL-3). */
export const MAX_TOUGHNESS_DICE = 12;

/** Faces that exhaust a Toughness Die without traits (Toughness). */
export const STANDARD_EXHAUST_FACES = [5, 6] as const;

/** Meal qualities needed for a full meal (Toughness: at least two). */
export const FULL_MEAL_QUALITIES = 2;

/** Hours of sleep needed with the meal (Toughness: at least six). */
export const MIN_SLEEP_HOURS = 6;

/** Longest sleep accepted as input (a day). */
export const MAX_SLEEP_HOURS = 24;

/** A character's Toughness Dice: how many, and how many are exhausted. */
export interface ToughnessPool {
  readonly dice: number;
  readonly exhausted: number;
}

/** How the defender rolls Toughness after Defense: one die at a time until soaked, or all chosen dice at once (ruling SL-11). */
export type SoakPolicy = 'one-at-a-time' | 'all-at-once';

/** The soak policies, the default first. */
export const SOAK_POLICIES = ['one-at-a-time', 'all-at-once'] as const satisfies readonly SoakPolicy[];

/**
 * The faces that exhaust a Toughness Die for these traits: 5-6, Sickly adds 4, Artful Dodger without
 * armour drops 5 (Traits; ruling SL-11).
 * @example exhaustFaces(['sickly'], true) // [4, 5, 6]
 */
export function exhaustFaces(traitIds: readonly string[], isWearingArmour: boolean): number[] {
  const faces = new Set<number>(STANDARD_EXHAUST_FACES);
  for (const e of traitEffects(traitIds)) {
    if (e.kind !== 'exhaust-face' || (e.onlyUnarmoured && isWearingArmour)) continue;
    if (e.change === 'add') faces.add(e.face);
    else faces.delete(e.face);
  }
  return [...faces].sort((a, b) => a - b);
}

/** Toughness Dice a character has: one, plus the class's extra, plus Healthy (Toughness; Traits). */
export function toughnessDiceFor(classExtra: number, traitIds: readonly string[]): number {
  let n = BASE_TOUGHNESS_DICE + classExtra;
  for (const e of traitEffects(traitIds)) if (e.kind === 'toughness-dice') n += e.amount;
  return n;
}

/** Toughness Dice rolled: the faces, their sum and how many exhausted. */
export interface ToughnessRoll {
  readonly faces: readonly number[];
  readonly sum: number;
  readonly exhausted: number;
}

function checkFaces(faces: readonly number[]): void {
  for (const f of faces) if (!Number.isInteger(f) || f < 1 || f > TOUGHNESS_DIE_SIDES) throw new RangeError(`an exhaust face is 1 to 6, got ${f}`);
}

function checkCount(n: number, what: string): void {
  if (!Number.isInteger(n) || n < 0 || n > MAX_TOUGHNESS_DICE) throw new RangeError(`${what} must be 0 to ${MAX_TOUGHNESS_DICE}, got ${n}`);
}

/**
 * Rolls `count` Toughness Dice (Toughness: any roll, for any reason, can exhaust them).
 * @example rollToughnessDice(scriptedRandom([2, 5]), 2, [5, 6]) // { faces: [2, 5], sum: 7, exhausted: 1 }
 */
export function rollToughnessDice(rng: RandomSource, count: number, exhaustOn: readonly number[]): ToughnessRoll {
  checkCount(count, 'Toughness Dice rolled');
  checkFaces(exhaustOn);
  const faces: number[] = [];
  for (let i = 0; i < count; i++) faces.push(rng.rollDie(TOUGHNESS_DIE_SIDES));
  return { faces, sum: faces.reduce((s, f) => s + f, 0), exhausted: faces.filter((f) => exhaustOn.includes(f)).length };
}

/** A soak: the damage before and after Toughness, the dice thrown and how many exhausted. */
export interface Soak extends ToughnessRoll {
  readonly damage: number;
  readonly remaining: number;
}

/**
 * Soaks `damage` with up to `available` fresh Toughness Dice by the policy; nothing is rolled when
 * there is no damage (Toughness; ruling SL-11).
 * @example rollSoak(scriptedRandom([3, 4]), 6, 2, 'one-at-a-time', [5, 6]).remaining // 0
 */
export function rollSoak(rng: RandomSource, damage: number, available: number, policy: SoakPolicy, exhaustOn: readonly number[]): Soak {
  checkCount(available, 'Toughness Dice available');
  checkFaces(exhaustOn);
  if (!Number.isInteger(damage) || damage < 0) throw new RangeError(`damage is a whole number from 0, got ${damage}`);
  const faces: number[] = [];
  if (damage > 0) {
    if (policy === 'all-at-once') {
      for (let i = 0; i < available; i++) faces.push(rng.rollDie(TOUGHNESS_DIE_SIDES));
    } else {
      let left = damage;
      while (left > 0 && faces.length < available) {
        const f = rng.rollDie(TOUGHNESS_DIE_SIDES);
        faces.push(f);
        left -= f;
      }
    }
  }
  const sum = faces.reduce((s, f) => s + f, 0);
  return { damage, faces, sum, exhausted: faces.filter((f) => exhaustOn.includes(f)).length, remaining: Math.max(0, damage - sum) };
}

/** One end of a soak and its exact chance. */
export interface SoakOutcome {
  readonly remaining: number;
  readonly exhausted: number;
  readonly p: number;
}

const key = (remaining: number, exhausted: number): string => `${remaining}/${exhausted}`;

/**
 * Exact chances of every (damage left, dice exhausted) after a soak, the same procedure as `rollSoak`.
 * @example soakOutcomes(0, 3, 'one-at-a-time', [5, 6]) // [{ remaining: 0, exhausted: 0, p: 1 }]
 */
export function soakOutcomes(damage: number, available: number, policy: SoakPolicy, exhaustOn: readonly number[]): SoakOutcome[] {
  checkCount(available, 'Toughness Dice available');
  checkFaces(exhaustOn);
  if (!Number.isInteger(damage) || damage < 0) throw new RangeError(`damage is a whole number from 0, got ${damage}`);
  // State: (damage left, dice exhausted) after some dice; `left` may go below 0 only as 0.
  let states = new Map<string, { left: number; ex: number; p: number }>([[key(damage, 0), { left: damage, ex: 0, p: 1 }]]);
  const finished = new Map<string, { left: number; ex: number; p: number }>();
  if (damage > 0) {
    for (let i = 0; i < available; i++) {
      const next = new Map<string, { left: number; ex: number; p: number }>();
      for (const s of states.values()) {
        if (policy === 'one-at-a-time' && s.left === 0) {
          const k = key(0, s.ex);
          const prev = finished.get(k);
          finished.set(k, { left: 0, ex: s.ex, p: (prev?.p ?? 0) + s.p });
          continue;
        }
        for (let f = 1; f <= TOUGHNESS_DIE_SIDES; f++) {
          const left = Math.max(0, s.left - f);
          const ex = s.ex + (exhaustOn.includes(f) ? 1 : 0);
          const k = key(left, ex);
          const prev = next.get(k);
          next.set(k, { left, ex, p: (prev?.p ?? 0) + s.p / TOUGHNESS_DIE_SIDES });
        }
      }
      states = next;
    }
  }
  const all = new Map<string, SoakOutcome>();
  for (const s of [...finished.values(), ...states.values()]) {
    const k = key(s.left, s.ex);
    all.set(k, { remaining: s.left, exhausted: s.ex, p: (all.get(k)?.p ?? 0) + s.p });
  }
  return [...all.values()].sort((a, b) => a.remaining - b.remaining || a.exhausted - b.exhausted);
}

/**
 * Exact chances of the sum and of the dice exhausted when `count` Toughness Dice are rolled.
 * @example toughnessRollOdds(1, [5, 6]).exhausted // [{ value: 0, p: 2/3 }, { value: 1, p: 1/3 }]
 */
export function toughnessRollOdds(count: number, exhaustOn: readonly number[]): { sum: { value: number; p: number }[]; exhausted: { value: number; p: number }[] } {
  checkCount(count, 'Toughness Dice rolled');
  checkFaces(exhaustOn);
  let joint = new Map<string, { sum: number; ex: number; p: number }>([['0/0', { sum: 0, ex: 0, p: 1 }]]);
  for (let i = 0; i < count; i++) {
    const next = new Map<string, { sum: number; ex: number; p: number }>();
    for (const s of joint.values()) {
      for (let f = 1; f <= TOUGHNESS_DIE_SIDES; f++) {
        const sum = s.sum + f;
        const ex = s.ex + (exhaustOn.includes(f) ? 1 : 0);
        const k = `${sum}/${ex}`;
        next.set(k, { sum, ex, p: (next.get(k)?.p ?? 0) + s.p / TOUGHNESS_DIE_SIDES });
      }
    }
    joint = next;
  }
  const sum = new Map<number, number>();
  const ex = new Map<number, number>();
  for (const s of joint.values()) {
    addChance(sum, s.sum, s.p);
    addChance(ex, s.ex, s.p);
  }
  const list = (m: Map<number, number>) => [...m].map(([value, p]) => ({ value, p })).sort((a, b) => a.value - b.value);
  return { sum: list(sum), exhausted: list(ex) };
}

/** Fresh (usable) Toughness Dice of a pool. */
export function freshToughness(pool: ToughnessPool): number {
  return pool.dice - pool.exhausted;
}

/**
 * Marks `count` more dice exhausted; a pool never has more exhausted dice than dice (Toughness).
 * @example exhaustToughness({ dice: 2, exhausted: 0 }, 1) // { dice: 2, exhausted: 1 }
 */
export function exhaustToughness(pool: ToughnessPool, count: number): ToughnessPool {
  if (!Number.isInteger(count) || count < 0 || count > freshToughness(pool)) {
    throw new RangeError(`cannot exhaust ${count} of ${freshToughness(pool)} fresh Toughness Dice`);
  }
  return { dice: pool.dice, exhausted: pool.exhausted + count };
}

/**
 * Rolls `count` fresh Toughness Dice from a pool (for a trait such as Wings, or a Firebreather's
 * breath) and exhausts those that show an exhaust face (Toughness; Traits).
 */
export function rollFromPool(rng: RandomSource, pool: ToughnessPool, count: number, exhaustOn: readonly number[]): RuleResult<{ pool: ToughnessPool; roll: ToughnessRoll }> {
  if (!Number.isInteger(count) || count < 1) return problem('so-long-as-men-die/toughness-count', `Roll at least one Toughness Die, got ${count}.`);
  if (count > freshToughness(pool)) {
    return problem('so-long-as-men-die/toughness-exhausted', `Only ${freshToughness(pool)} Toughness Dice are fresh; roll that many or fewer, or eat and sleep to recover them.`);
  }
  const roll = rollToughnessDice(rng, count, exhaustOn);
  return ok({ pool: exhaustToughness(pool, roll.exhausted), roll });
}

/** A rest: what the meal had (qualities and trait substitutes) and hours slept (Toughness). */
export interface Rest {
  readonly meal: readonly MealQualityId[];
  readonly substitutes: readonly MealSubstituteId[];
  readonly sleepHours: number;
}

/** The meal qualities a meal counts as, for these traits: direct ones and allowed substitutes (Toughness; Traits). */
export function mealQualities(rest: Rest, traitIds: readonly string[]): MealQualityId[] {
  const got = new Set<MealQualityId>(rest.meal);
  for (const e of traitEffects(traitIds)) {
    if (e.kind === 'meal-substitute' && rest.substitutes.includes(e.substitute)) got.add(e.counts);
  }
  return MEAL_QUALITY_IDS.filter((q) => got.has(q));
}

/**
 * Recovers every exhausted Toughness Die after a full meal (two qualities) and six hours' sleep;
 * Agony blocks it, a Robot needs no meal (Toughness; Mutilation, Agony; Traits, Robot).
 */
export function recoverToughness(pool: ToughnessPool, rest: Rest, traitIds: readonly string[], isInAgony: boolean): RuleResult<ToughnessPool> {
  if (isInAgony) return problem('so-long-as-men-die/agony', 'Agony stops Toughness from coming back: get healed first.');
  if (!Number.isFinite(rest.sleepHours) || rest.sleepHours < 0 || rest.sleepHours > MAX_SLEEP_HOURS) {
    return problem('so-long-as-men-die/sleep-hours', `Hours slept must be 0 to ${MAX_SLEEP_HOURS}, got ${rest.sleepHours}.`, '$.sleepHours');
  }
  const needsMeal = !traitEffects(traitIds).some((e) => e.kind === 'no-meal-needed');
  const qualities = mealQualities(rest, traitIds);
  if (needsMeal && qualities.length < FULL_MEAL_QUALITIES) {
    return problem('so-long-as-men-die/meal-not-full', `A full meal needs ${FULL_MEAL_QUALITIES} of hot, meat, a locked room, alcohol; this one had ${qualities.length === 0 ? 'none' : qualities.join(', ')}.`, '$.meal');
  }
  if (rest.sleepHours < MIN_SLEEP_HOURS) {
    return problem('so-long-as-men-die/too-little-sleep', `Sleep at least ${MIN_SLEEP_HOURS} hours to recover Toughness, got ${rest.sleepHours}.`, '$.sleepHours');
  }
  return ok({ dice: pool.dice, exhausted: 0 });
}
