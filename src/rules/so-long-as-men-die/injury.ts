/**
 * Saves, injury and mutilation: the CON save when injured, the second save of the abandoned, and the
 * mutilation the damage dealt calls for. Rules: So Long as Men Die, Stats (Constitution); Injury;
 * Mutilation. Rulings SL-5 (saves roll under the Score), SL-10 (damage to row).
 */
import type { RandomSource } from '../../dice/random.js';
import { MUTILATIONS, mutilationForDamage, type LocationRow, type Mutilation } from './data/mutilations.js';

/** The save die: a d20 rolled equal to or under the Score (ruling SL-5). */
export const SAVE_DIE = 20;

/** Largest situational modifier on a save (an input limit). */
export const MAX_SAVE_MODIFIER = 10;

/** Dice for the hours until an abandoned, unconscious character wakes: 2d12 (Injury). */
export const WAKE_HOURS_DICE = { count: 2, sides: 12 } as const;

/** The number a save must roll equal to or under: Score plus modifier. */
export function saveTarget(score: number, modifier: number): number {
  return score + modifier;
}

/**
 * Chance of a save: a d20 at or under Score + modifier (ruling SL-5).
 * @example saveChance(12, 0) // 0.6
 */
export function saveChance(score: number, modifier = 0): number {
  const target = saveTarget(score, modifier);
  return Math.min(Math.max(target, 0), SAVE_DIE) / SAVE_DIE;
}

/** A save rolled. */
export interface SaveRoll {
  readonly face: number;
  readonly target: number;
  readonly isSuccess: boolean;
}

/**
 * Rolls a save against a Score (ruling SL-5).
 * @example rollSave(scriptedRandom([12]), 12, 0) // { face: 12, target: 12, isSuccess: true }
 */
export function rollSave(rng: RandomSource, score: number, modifier = 0): SaveRoll {
  const target = saveTarget(score, modifier);
  const face = rng.rollDie(SAVE_DIE);
  return { face, target, isSuccess: face <= target };
}

/**
 * What an injury leaves, by the CON save (Injury): made, the character picks one of unconscious with
 * a Flesh Wound or mutilated and standing; failed, both. A nonlethal blow only knocks out (SL-12).
 */
export type InjuryOutcome = 'save-made' | 'save-failed' | 'knocked-out';

/** A mutilation rolled: the row and its follow-up roll, if any. */
export interface MutilationResult {
  readonly mutilation: Mutilation;
  readonly damage: number;
  /** The location rolled for Maimed and Severed. */
  readonly location: LocationRow | null;
  /** Rounds or days left for Bleeding Out, Gut Wound, Doomed. */
  readonly countdown: { readonly value: number; readonly unit: 'rounds' | 'days' } | null;
  /** The face of the follow-up roll, or null. */
  readonly face: number | null;
  /** One line for the log. */
  readonly explanation: string;
}

/**
 * Rolls the mutilation for the damage that dropped the character; the left or right side of a limb
 * is not rolled (the text gives no die: the Smith says; ruling SL-10).
 * @example rollMutilation(scriptedRandom([4]), 3).location?.id // 'arm'
 */
export function rollMutilation(rng: RandomSource, damage: number): MutilationResult {
  const mutilation = mutilationForDamage(damage);
  const follow = mutilation.roll;
  if (follow === null) {
    return { mutilation, damage, location: null, countdown: null, face: null, explanation: `${damage} damage: ${mutilation.label}.` };
  }
  const face = rng.rollDie(follow.sides);
  if (follow.kind === 'location') {
    const location = follow.table.find((r) => face >= r.roll.min && face <= r.roll.max);
    if (location === undefined) throw new RangeError(`no location for ${face}`);
    return { mutilation, damage, location, countdown: null, face, explanation: `${damage} damage: ${mutilation.label}, d6 ${face}: ${location.label}. ${location.effect}` };
  }
  return {
    mutilation, damage, location: null, face, countdown: { value: face, unit: follow.unit },
    explanation: `${damage} damage: ${mutilation.label}, d${follow.sides} ${face}: ${face} ${follow.unit} left.`,
  };
}

/**
 * Chances of each mutilation row for a distribution of damage dealt (1 or more), by row id, in table order.
 * @example mutilationOdds([{ value: 1, p: 0.5 }, { value: 12, p: 0.5 }]) // flesh-wound 0.5, awful 0.5
 */
export function mutilationOdds(damage: readonly { readonly value: number; readonly p: number }[]): { id: string; label: string; p: number }[] {
  const by = new Map<string, number>();
  for (const d of damage) {
    const id = mutilationForDamage(d.value).id;
    by.set(id, (by.get(id) ?? 0) + d.p);
  }
  return MUTILATIONS.filter((m) => by.has(m.id)).map((m) => ({ id: m.id, label: m.label, p: by.get(m.id)! }));
}

/** The second CON save of an unconscious character left alone after a battle (Injury). */
export interface LeftForDeadRoll {
  readonly save: SaveRoll;
  readonly outcome: 'wakes' | 'dies';
  /** Hours until waking (2d12), when the save is made. */
  readonly hoursUnconscious: number | null;
  readonly hourFaces: readonly number[];
}

/**
 * Rolls the save of the unconscious left to fend for themselves: dead on a failure, awake after 2d12
 * hours on a success (Injury).
 * @example rollLeftForDead(scriptedRandom([3, 5, 7]), 10).hoursUnconscious // 12
 */
export function rollLeftForDead(rng: RandomSource, conScore: number, modifier = 0): LeftForDeadRoll {
  const save = rollSave(rng, conScore, modifier);
  if (!save.isSuccess) return { save, outcome: 'dies', hoursUnconscious: null, hourFaces: [] };
  const hourFaces: number[] = [];
  for (let i = 0; i < WAKE_HOURS_DICE.count; i++) hourFaces.push(rng.rollDie(WAKE_HOURS_DICE.sides));
  return { save, outcome: 'wakes', hoursUnconscious: hourFaces.reduce((s, f) => s + f, 0), hourFaces };
}
