/**
 * Physical dice: a group rolls real dice and enters the faces. The engine asks for the dice one by one
 * (an exploding or re-rolled die asks for another), so the faces are entered in the order it asks and
 * each is checked against the die's faces before it is taken.
 */
import { compileRoll, type DiceChain, type RandomSource, type RollRecord } from '../../../src/dice/index.js';

/** Raised inside a roll when the faces entered so far run out; carries the die asked for. */
class NeedDie extends Error {
  constructor(readonly sides: number) {
    super(`a d${sides} is needed`);
  }
}

/** Where the entry stands: the next die to throw, or the finished roll. */
export type PhysicalStep =
  | { readonly kind: 'need'; readonly sides: number; readonly index: number }
  | { readonly kind: 'done'; readonly record: RollRecord }
  | { readonly kind: 'invalid'; readonly index: number; readonly message: string };

/** Replays the entered faces through the roll; asks for the next die when they run out. */
export function physicalStep(notation: string, faces: readonly number[], chain: DiceChain): PhysicalStep {
  const compiled = compileRoll(notation, { chain });
  let i = 0;
  const rng: RandomSource = {
    rollDie(sides: number): number {
      const face = faces[i];
      if (face === undefined) throw new NeedDie(sides);
      const problem = faceProblem(face, sides);
      if (problem !== null) throw new InvalidFace(i, problem);
      i += 1;
      return face;
    },
  };
  try {
    const record = compiled.roll(rng);
    if (i < faces.length) return { kind: 'invalid', index: i, message: `Only ${i} dice were needed; remove the extra faces.` };
    return { kind: 'done', record };
  } catch (e) {
    if (e instanceof NeedDie) return { kind: 'need', sides: e.sides, index: i };
    if (e instanceof InvalidFace) return { kind: 'invalid', index: e.index, message: e.message };
    throw e;
  }
}

class InvalidFace extends Error {
  constructor(
    readonly index: number,
    message: string,
  ) {
    super(message);
  }
}

/** Why a face cannot come up on a die, or null when it can. */
export function faceProblem(face: number, sides: number): string | null {
  if (!Number.isInteger(face)) return `A die shows a whole number; got ${String(face)}.`;
  if (face < 1 || face > sides) return `A d${sides} shows 1 to ${sides}; got ${face}.`;
  return null;
}

/** Reads a typed face: a whole number within the die, or the problem. */
export function readFace(text: string, sides: number): { ok: true; face: number } | { ok: false; message: string } {
  const t = text.trim();
  if (!/^\d{1,4}$/.test(t)) return { ok: false, message: `Type the number the d${sides} shows (1 to ${sides}).` };
  const face = Number(t);
  const problem = faceProblem(face, sides);
  return problem === null ? { ok: true, face } : { ok: false, message: problem };
}
