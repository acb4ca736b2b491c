/**
 * Exploding Attack dice: a die showing its maximum is rolled again and added, again and again up to
 * MAX_EXPLOSIONS times, each die on its own (Attacking and Defending; ruling SL-9). Rolling and the
 * exact odds share the cap, so the odds are exact for the roll as made, with no truncated mass.
 */
import type { RandomSource } from '../../dice/random.js';
import type { CheckDie } from '../rule-system.js';
import { addDense, pointMass, type Dense } from './dense.js';

/** Explosions followed per die; the roll after the last one stands as it fell (ruling SL-9). */
export const MAX_EXPLOSIONS = 20;

/** Die sizes an Attack Roll may use (the weapon list uses d4 to d10; d12 and d20 for the Smith's own). */
export const ATTACK_DIE_SIDES = [4, 6, 8, 10, 12, 20] as const;

/** Most Attack dice in one roll (the weapon list uses 2; Explosive's 4d10 is the most the text names). */
export const MAX_ATTACK_DICE = 4;

/** One exploding die rolled: every face thrown and the sum. */
export interface ExplodedDie {
  readonly sides: number;
  readonly faces: readonly number[];
  readonly total: number;
}

function checkSides(sides: number): void {
  if (!Number.isInteger(sides) || sides < 2) throw new RangeError(`an exploding die needs 2 or more sides, got ${sides}`);
}

/**
 * Rolls one exploding die (Attacking and Defending).
 * @example rollExplodingDie(scriptedRandom([6, 6, 2]), 6).total // 14
 */
export function rollExplodingDie(rng: RandomSource, sides: number): ExplodedDie {
  checkSides(sides);
  const faces: number[] = [];
  let total = 0;
  for (let explosions = 0; ; explosions++) {
    const face = rng.rollDie(sides);
    faces.push(face);
    total += face;
    if (face !== sides || explosions >= MAX_EXPLOSIONS) break;
  }
  return { sides, faces, total };
}

/** The exploding die's faces as `CheckDie`s, the first with `role`, the rest as explosions. */
export function explodedCheckDice(die: ExplodedDie, role: string): CheckDie[] {
  return die.faces.map((face, i) => ({ sides: die.sides, face, isKept: true, role: i === 0 ? role : `${role}, explosion` }));
}

const cache = new Map<number, Dense>();

/**
 * Exact distribution of one exploding die, cap included.
 * @example explodingDieDistribution(4).p[4] // P(total 5) = 1/16
 */
export function explodingDieDistribution(sides: number): Dense {
  checkSides(sides);
  const hit = cache.get(sides);
  if (hit !== undefined) return hit;
  const span = sides * (MAX_EXPLOSIONS + 1);
  const p = new Array<number>(span).fill(0);
  // After k explosions (k * sides already banked), a non-maximum face ends the die.
  for (let k = 0; k <= MAX_EXPLOSIONS; k++) {
    const reach = Math.pow(1 / sides, k + 1);
    const last = k === MAX_EXPLOSIONS ? sides : sides - 1;
    for (let f = 1; f <= last; f++) p[k * sides + f - 1]! += reach;
  }
  const d: Dense = { min: 1, p };
  cache.set(sides, d);
  return d;
}

/** Exact distribution of `count` exploding dice summed. */
export function explodingSumDistribution(count: number, sides: number): Dense {
  let acc = pointMass(0);
  for (let i = 0; i < count; i++) acc = addDense(acc, explodingDieDistribution(sides));
  return acc;
}

/** Chance that at least one of `count` dice explodes. */
export function chanceOfExplosion(count: number, sides: number): number {
  return 1 - Math.pow(1 - 1 / sides, count);
}
