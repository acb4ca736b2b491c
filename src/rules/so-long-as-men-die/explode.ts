/**
 * Exploding Attack dice: a die showing its maximum is rolled a second time and the two added (the
 * text's reading, one extra roll: `once`), or, as a table setting, again and again up to
 * MAX_EXPLOSIONS times (`chained`); each die on its own (Attacking and Defending; ruling SL-9). Rolling
 * and the exact odds read the same limit, so the odds are exact for the roll as made.
 */
import type { RandomSource } from '../../dice/random.js';
import type { CheckDie } from '../rule-system.js';
import { addDense, pointMass, type Dense } from './dense.js';

/** Explosions followed per die when they chain; the roll after the last one stands as it fell (ruling SL-9). */
export const MAX_EXPLOSIONS = 20;

/** How attacks explode (the `explosions` table setting, ruling SL-9): once, as the text says, or chained. */
export const EXPLOSION_RULES = ['once', 'chained'] as const;

/** A choice of the `explosions` setting. */
export type ExplosionRule = (typeof EXPLOSION_RULES)[number];

/**
 * Extra rolls a die may get under a rule: one for the text's "roll a second time", MAX_EXPLOSIONS chained.
 * @example explosionsAllowed('once') // 1
 */
export function explosionsAllowed(rule: ExplosionRule): number {
  return rule === 'chained' ? MAX_EXPLOSIONS : 1;
}

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

function checkRule(rule: ExplosionRule): void {
  if (!(EXPLOSION_RULES as readonly string[]).includes(rule)) throw new RangeError(`an explosion rule is once or chained, got ${String(rule)}`);
}

/**
 * Rolls one exploding die (Attacking and Defending).
 * @example rollExplodingDie(scriptedRandom([6, 6]), 6).total // 12: once, the second roll stands
 * @example rollExplodingDie(scriptedRandom([6, 6, 2]), 6, 'chained').total // 14
 */
export function rollExplodingDie(rng: RandomSource, sides: number, rule: ExplosionRule = 'once'): ExplodedDie {
  checkSides(sides);
  checkRule(rule);
  const most = explosionsAllowed(rule);
  const faces: number[] = [];
  let total = 0;
  for (let explosions = 0; ; explosions++) {
    const face = rng.rollDie(sides);
    faces.push(face);
    total += face;
    if (face !== sides || explosions >= most) break;
  }
  return { sides, faces, total };
}

/** The exploding die's faces as `CheckDie`s, the first with `role`, the rest as explosions. */
export function explodedCheckDice(die: ExplodedDie, role: string): CheckDie[] {
  return die.faces.map((face, i) => ({ sides: die.sides, face, isKept: true, role: i === 0 ? role : `${role}, explosion` }));
}

const cache = new Map<string, Dense>();

/**
 * Exact distribution of one exploding die under a rule, its limit included.
 * @example explodingDieDistribution(4).p[4] // P(total 5) = 1/16
 * @example explodingDieDistribution(4).p[7] // P(total 8) = 1/16: once, a second 4 stands
 */
export function explodingDieDistribution(sides: number, rule: ExplosionRule = 'once'): Dense {
  checkSides(sides);
  checkRule(rule);
  const key = `${sides}:${rule}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const most = explosionsAllowed(rule);
  const p = new Array<number>(sides * (most + 1)).fill(0);
  // After k explosions (k * sides already banked), a non-maximum face ends the die; after the last, any face.
  for (let k = 0; k <= most; k++) {
    const reach = Math.pow(1 / sides, k + 1);
    const last = k === most ? sides : sides - 1;
    for (let f = 1; f <= last; f++) p[k * sides + f - 1]! += reach;
  }
  const d: Dense = { min: 1, p };
  cache.set(key, d);
  return d;
}

/** Exact distribution of `count` exploding dice summed. */
export function explodingSumDistribution(count: number, sides: number, rule: ExplosionRule = 'once'): Dense {
  let acc = pointMass(0);
  for (let i = 0; i < count; i++) acc = addDense(acc, explodingDieDistribution(sides, rule));
  return acc;
}

/** Chance that at least one of `count` dice explodes. */
export function chanceOfExplosion(count: number, sides: number): number {
  return 1 - Math.pow(1 - 1 / sides, count);
}
