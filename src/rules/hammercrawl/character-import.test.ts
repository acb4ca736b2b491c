// The character document on import (quality goals: 10,000 generated characters round-trip; malformed
// files give 0 crashes and errors naming the JSON path).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../dice/random.js';
import { readCharacters } from './character.js';
import { rollCharacters } from './create-character.js';
import { assertRefused } from '../../../test/narrow.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function pile(seed: number, method: 'random' | 'semi' | 'palladium', count: number): Json[] {
  const made = rollCharacters(seededRandom(seed), { method }, count);
  if (!made.ok) throw new Error(made.error.message);
  return JSON.parse(JSON.stringify(made.characters)) as Json[];
}

describe('importing character documents', () => {
  it('10,000 generated characters (all three methods) round-trip exactly', () => {
    const docs = [...pile(1, 'random', 4000), ...pile(2, 'semi', 3000), ...pile(3, 'palladium', 3000)];
    expect(docs).toHaveLength(10_000);
    const read = readCharacters(docs);
    if (!read.ok) throw new Error(`${read.problems[0]?.path}: ${read.problems[0]?.message}`);
    expect(JSON.parse(JSON.stringify(read.characters))).toEqual(docs);
  });

  it('malformed documents never crash and every problem names a JSON path', () => {
    const base = pile(4, 'random', 20);
    const anyJson: fc.Arbitrary<Json> = fc.jsonValue() as fc.Arbitrary<Json>;
    // A mutation: pick a path into one character and replace its value, delete it, or add a stray key.
    const mutation = fc.record({
      index: fc.nat({ max: base.length - 1 }),
      steps: fc.array(fc.nat({ max: 40 }), { minLength: 1, maxLength: 4 }),
      action: fc.constantFrom('replace', 'delete', 'add'),
      value: anyJson,
    });
    let invalid = 0;
    fc.assert(
      fc.property(mutation, ({ index, steps, action, value }) => {
        const doc = structuredClone(base[index]!) as Json;
        let parent: Json = doc;
        let key: string | number | null = null;
        let node: Json = doc;
        for (const step of steps) {
          if (node === null || typeof node !== 'object') break;
          const keys: (string | number)[] = Array.isArray(node) ? node.map((_, i) => i) : Object.keys(node);
          if (keys.length === 0) break;
          parent = node;
          key = keys[step % keys.length]!;
          node = (node as Record<string | number, Json>)[key]!;
        }
        if (key !== null && parent !== null && typeof parent === 'object') {
          const target = parent as Record<string | number, Json>;
          if (action === 'replace') target[key] = value;
          else if (action === 'delete') delete target[key];
          else target[`stray-${String(key)}`] = value;
        }
        const read = readCharacters(doc);
        if (!read.ok) {
          invalid += 1;
          for (const problem of read.problems) {
            expect(problem.path).toMatch(/^\$/);
            expect(problem.message.length).toBeGreaterThan(0);
          }
        }
      }),
      { numRuns: 2000, seed: 424242 },
    );
    // The mutations must actually break documents, or this test checks nothing.
    expect(invalid).toBeGreaterThan(500);
  });

  it('JSON that is not a character at all is refused at $, without a crash', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const read = readCharacters(value as Json);
        assertRefused(read);
        expect(read.problems[0]!.path).toMatch(/^\$/);
      }),
      { numRuns: 500, seed: 7 },
    );
  });
});
