/** The rules' special dice as written in notation. Rules: HAMMERCRAWL! v4, DICE & STEPS, Additional Dice Notes. */
import type { DieSpec } from './ast.js';
import { MAX_DIE_SIDES } from '../limits.js';

/** Tens-digit dice the rules describe (d40, d50, d60 ... read as a smaller die and a d10). */
export const TENS_DICE: readonly number[] = [40, 50, 60, 70, 80];
/** Digit-pair dice (d44, d66, d88 ... two matching dice side by side). */
export const DIGIT_DICE: readonly number[] = [22, 33, 44, 55, 66, 77, 88];

/** Die specs are immutable, so each side count gets one shared spec (parsing allocates less). */
const specs: DieSpec[] = [];

/** The die spec a written side count stands for. */
export function dieSpecForSides(sides: number): DieSpec {
  const known = specs[sides];
  if (known) return known;
  let spec: DieSpec;
  if (sides === 100) spec = { kind: 'percentile' };
  else if (TENS_DICE.includes(sides)) spec = { kind: 'tens', tensSides: sides / 10 };
  else if (DIGIT_DICE.includes(sides)) spec = { kind: 'digits', digitSides: sides / 11 };
  else spec = { kind: 'plain', sides };
  if (Number.isInteger(sides) && sides >= 0 && sides <= MAX_DIE_SIDES) specs[sides] = Object.freeze(spec);
  return spec;
}

