// Shared by the dice tests: run something that should fail with a DiceError and return the error.
import { isDiceError, type DiceError } from '../src/dice/errors.js';

/** Runs `f`, which must throw a DiceError, and returns it (any other throw fails the test). */
export function catchDiceError(f: () => unknown): DiceError {
  try {
    f();
  } catch (e) {
    if (isDiceError(e)) return e;
    throw e;
  }
  throw new Error('expected a DiceError, nothing was thrown');
}
