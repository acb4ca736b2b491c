/**
 * The character and the two calls the play tests share: the seed-1 character, a change that must be
 * accepted (and leave a valid document), and the refusal of one. Not part of the public API of the rules.
 */
import { scriptedRandom, seededRandom, type RandomSource } from '../../dice/random.js';
import type { ParamRecord, RuleProblem } from '../rule-system.js';
import { readCharacter, type ExaltedHackCharacter } from './character.js';
import { rollCharacter } from './create-character.js';
import type { ChangeResult } from './play-common.js';
import { rollChange } from './play.js';

/** Seed 1: STR 11, DEX 13, CON 9, INT 12, WIS 11, CHA 14; d8 Hit Die, 18 HP; Common, Gnomish, Elvish (1). */
export function seedOneCharacter(): ExaltedHackCharacter {
  const r = rollCharacter(seededRandom(1), {});
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Makes a change that must be accepted, and checks that the document it gives reads back. */
export function applyChange(c: ExaltedHackCharacter, change: string, params: ParamRecord, rng: RandomSource = scriptedRandom([])): ChangeResult {
  const r = rollChange(rng, c, { change, params });
  if (!r.ok) throw new Error(`${change}: ${r.error.message}`);
  const read = readCharacter(JSON.parse(JSON.stringify(r.value.character)));
  if (!read.ok) throw new Error(`${change} made an invalid document: ${read.error.path} ${read.error.message}`);
  return r.value;
}

/** The refusal of a change that throws no dice, or null when it is accepted. */
export function changeRefusal(c: ExaltedHackCharacter, change: string, params: ParamRecord): RuleProblem | null {
  const r = rollChange(scriptedRandom([]), c, { change, params });
  return r.ok ? null : r.error;
}
