// Shared by The Bare Bones' play tests (src/rules/bare-bones/play-*.test.ts): a valid character with
// fields replaced, a change made with scripted dice, and a refusal checked with its path.
import { expect } from 'vitest';
import { scriptedRandom, seededRandom } from '../src/dice/random.js';
import type { CharacterChangeResult, ParamRecord } from '../src/rules/rule-system.js';
import { readCharacter, type BareBonesCharacter } from '../src/rules/bare-bones/character.js';
import { rollCharacter } from '../src/rules/bare-bones/create-character.js';
import { rollChange } from '../src/rules/bare-bones/play.js';
import { assertOk, assertRefused } from './narrow.js';

/** A character rolled with `options` (seed 21) and `patch` laid over it, checked to be a valid document. */
export function sheet(options: Record<string, string>, patch: Partial<BareBonesCharacter> = {}, seed = 21): BareBonesCharacter {
  const r = rollCharacter(seededRandom(seed), options);
  assertOk(r);
  const read = readCharacter(JSON.parse(JSON.stringify({ ...r.value, ...patch })));
  assertOk(read, 'fixture');
  return read.value;
}

/** Makes a change with exactly the scripted `faces` (none for a change that rolls nothing). */
export function apply(c: BareBonesCharacter, change: string, params: ParamRecord, faces: readonly number[] = []): CharacterChangeResult<BareBonesCharacter> {
  const rng = scriptedRandom(faces);
  const r = rollChange(rng, c, { change, params });
  assertOk(r, change);
  expect(rng.remaining, 'every scripted die thrown').toBe(0);
  return r.value;
}

/** The change is refused with `code` at `path`, and the document given is left as it was. */
export function refused(c: BareBonesCharacter, change: string, params: ParamRecord, code: string, path: string): void {
  const before = JSON.stringify(c);
  const r = rollChange(seededRandom(1), c, { change, params });
  assertRefused(r);
  expect([r.error.code, r.error.path]).toEqual([code, path]);
  expect(JSON.stringify(c), 'a refused change leaves the document as it was').toBe(before);
}
