/**
 * Morale tests and reaction rolls, which the text names without dice (Stats, Charisma: "Modifier added
 * to reaction rolls", "Your Score determines your followers' Morale"; Initiative, phase 1: "Check
 * Morale"; Weapons, Terror). A Morale test is a d20 at or under the leader's CHA Score, as every save
 * (SL-5); a reaction roll is 2d6 plus the CHA Modifier read on three bands. Ruling SL-35.
 */
import type { RandomSource } from '../../dice/random.js';
import { statModifier } from './attributes.js';
import { rollSave, saveChance, type SaveRoll } from './injury.js';

/** The dice of a reaction roll: 2d6 (ruling SL-35). */
export const REACTION_DICE = { count: 2, sides: 6 } as const;

/** The bands of a reaction roll, lowest first: at most `upTo` (ruling SL-35). */
export const REACTION_BANDS = [
  { outcome: 'hostile', label: 'Hostile: attacks or drives them off', upTo: 5 },
  { outcome: 'uncertain', label: 'Uncertain: wary, waits, can be talked round', upTo: 8 },
  { outcome: 'friendly', label: 'Friendly: willing to talk or deal', upTo: Number.POSITIVE_INFINITY },
] as const;

/** A reaction roll's band. */
export type ReactionOutcome = (typeof REACTION_BANDS)[number]['outcome'];

/** The band a reaction total falls in. */
export function reactionBand(total: number): (typeof REACTION_BANDS)[number] {
  return REACTION_BANDS.find((b) => total <= b.upTo)!;
}

/**
 * Exact chances of each band of a reaction roll with a CHA Score and a situational modifier.
 * @example reactionOdds(10, 0)[0] // { outcome: 'hostile', p: 10/36 }
 */
export function reactionOdds(chaScore: number, modifier = 0): { outcome: ReactionOutcome; label: string; p: number }[] {
  const mod = statModifier(chaScore) + modifier;
  const by = new Map<ReactionOutcome, number>();
  for (let a = 1; a <= REACTION_DICE.sides; a++) {
    for (let b = 1; b <= REACTION_DICE.sides; b++) {
      const band = reactionBand(a + b + mod).outcome;
      by.set(band, (by.get(band) ?? 0) + 1 / (REACTION_DICE.sides * REACTION_DICE.sides));
    }
  }
  return REACTION_BANDS.map((b) => ({ outcome: b.outcome, label: b.label, p: by.get(b.outcome) ?? 0 }));
}

/** A reaction roll rolled. */
export interface ReactionRoll {
  readonly faces: readonly number[];
  readonly modifier: number;
  readonly total: number;
  readonly outcome: ReactionOutcome;
}

/** Rolls a reaction: 2d6 plus the CHA Modifier and the situational modifier (ruling SL-35). */
export function rollReaction(rng: RandomSource, chaScore: number, modifier = 0): ReactionRoll {
  const faces = Array.from({ length: REACTION_DICE.count }, () => rng.rollDie(REACTION_DICE.sides));
  const mod = statModifier(chaScore) + modifier;
  const total = faces.reduce((s, f) => s + f, 0) + mod;
  return { faces, modifier: mod, total, outcome: reactionBand(total).outcome };
}

/** Chance a side holds its Morale: a d20 at or under the leader's CHA Score plus the modifier (ruling SL-35). */
export function moraleChance(leaderCha: number, modifier = 0): number {
  return saveChance(leaderCha, modifier);
}

/** Rolls a Morale test for a side (ruling SL-35). */
export function rollMorale(rng: RandomSource, leaderCha: number, modifier = 0): SaveRoll {
  return rollSave(rng, leaderCha, modifier);
}
