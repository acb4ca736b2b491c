/** The rules' special dice as written in notation. Rules: HAMMERCRAWL! v4, DICE & STEPS, Additional Dice Notes. */
import type { DieSpec } from './ast.js';

/** Tens-digit dice the rules describe (d40, d50, d60 ... read as a smaller die and a d10). */
export const TENS_DICE: readonly number[] = [40, 50, 60, 70, 80];
/** Digit-pair dice (d44, d66, d88 ... two matching dice side by side). */
export const DIGIT_DICE: readonly number[] = [22, 33, 44, 55, 66, 77, 88];

/** The die spec a written side count stands for. */
export function dieSpecForSides(sides: number): DieSpec {
  if (sides === 100) return { kind: 'percentile' };
  if (TENS_DICE.includes(sides)) return { kind: 'tens', tensSides: sides / 10 };
  if (DIGIT_DICE.includes(sides)) return { kind: 'digits', digitSides: sides / 11 };
  return { kind: 'plain', sides };
}

