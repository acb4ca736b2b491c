/**
 * The Health and Armour Dice of a document in play: reading them as side counts, restoring steps up to
 * the base, and naming them for history lines. A die gone (`null`) is one step below d3: the Health Die
 * "down, unconscious and dying", the Armour Die destroyed (rulings PL-2, PL-3, PL-5).
 * Rules: HAMMERCRAWL! v4, RESOURCES; DAMAGE (Damage Step; Soaking Damage with Health Dice).
 */
import { dieSides, dieText, type DieText } from '../character.js';
import { RESOURCE_DICE } from '../resource-die.js';

/** Steps from gone to the largest die of the chain: no restore or heal needs more (gone, d3 ... d30). */
export const MAX_RESTORE_STEPS = RESOURCE_DICE.length;

/** A document die as its side count; `null` stays `null`. */
export function sidesOf(die: DieText | null): number | null {
  return die === null ? null : dieSides(die);
}

/** A side count as document text; `null` stays `null`. */
export function textOf(sides: number | null): DieText | null {
  return sides === null ? null : dieText(sides);
}

/** Where a die sits on the chain: 0 for gone, 1 for d3 ... 13 for d30. */
export function rungOf(sides: number | null): number {
  return sides === null ? 0 : RESOURCE_DICE.indexOf(sides) + 1;
}

/** The die at a rung of the chain (0 is gone). */
function dieAtRung(rung: number): number | null {
  return rung <= 0 ? null : RESOURCE_DICE[rung - 1]!;
}

/** What a restore did: the die after, the steps it came back, and the steps that found nothing to restore. */
export interface Restored {
  readonly after: number | null;
  readonly restored: number;
  readonly unused: number;
}

/**
 * A die `steps` steps up the chain toward `base`, never past it; from gone the first step is d3 (PL-5).
 * @example restoreSteps(4, 8, 2) // { after: 6, restored: 2, unused: 0 }
 * @example restoreSteps(null, 8, 1) // { after: 3, restored: 1, unused: 0 }
 */
export function restoreSteps(current: number | null, base: number, steps: number): Restored {
  const from = rungOf(current);
  const to = Math.min(rungOf(base), from + steps);
  return { after: dieAtRung(to), restored: to - from, unused: steps - (to - from) };
}

/** Steps a die lost from `before` to `after` (gone counts as one step below d3). */
export function stepsLost(before: number | null, after: number | null): number {
  return rungOf(before) - rungOf(after);
}

/** The Health Die for people: `d8`, or `down`. */
export function healthText(sides: number | null): string {
  return sides === null ? 'down' : `d${sides}`;
}

/** The Armour Die for people: `d6`, `destroyed` (a base but no die), or `none`. */
export function armourText(sides: number | null, base: number | null): string {
  if (sides !== null) return `d${sides}`;
  return base === null ? 'none' : 'destroyed';
}

/**
 * The exact distribution of the sum of `count` dice of `sides` (convolved face by face); `[{0, 1}]` for
 * no dice.
 * @example diceSumPoints(2, 6)[5] // { value: 7, p: 6/36 }
 */
export function diceSumPoints(count: number, sides: number): { value: number; p: number }[] {
  let ways = [1];
  for (let i = 0; i < count; i++) {
    const next = new Array<number>(ways.length + sides).fill(0);
    ways.forEach((w, total) => {
      for (let f = 1; f <= sides; f++) next[total + f]! += w / sides;
    });
    ways = next;
  }
  return ways.flatMap((p, value) => (p > 0 ? [{ value, p }] : []));
}
