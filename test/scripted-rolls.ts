// Shared by the dice tests: a roll of notation on a script of faces that must be used to its end.
import { expect } from 'vitest';
import { scriptedRandom } from '../src/dice/random.js';
import type { DiceOptions } from '../src/dice/resolve.js';
import { rollNotation, type RollRecord } from '../src/dice/roll.js';

/** Rolls `notation` with the given faces and checks that the whole script was used. */
export function rollScripted(notation: string, faces: number[], options: DiceOptions = {}): RollRecord {
  const rng = scriptedRandom(faces);
  const record = rollNotation(rng, notation, options);
  expect(rng.remaining, 'the whole script is used').toBe(0);
  return record;
}
