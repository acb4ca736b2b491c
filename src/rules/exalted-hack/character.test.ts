// The character document: rolling, reading (every problem with a JSON path), round trips, limits.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scriptedRandom, seededRandom } from '../../dice/random.js';
import type { ParamRecord } from '../rule-system.js';
import { ATTRIBUTE_IDS, extraLanguagePoints, speedForDex } from './attributes.js';
import {
  MAX_INVENTORY_ITEMS,
  MAX_ITEM_SPACES,
  MAX_LABEL_LENGTH,
  MAX_LANGUAGES,
  MAX_NAME_LENGTH,
  MAX_REPORTED_PROBLEMS,
  MAX_SILVER,
  characterProblems, readCharacter,
  spacesUsed,
  type ExaltedHackCharacter,
} from './character.js';
import { currentSpeed, rollCharacter, rollLanguages, summarize } from './create-character.js';

const make = (seed: number, options: ParamRecord = {}): ExaltedHackCharacter => {
  const r = rollCharacter(seededRandom(seed), options);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

describe('rolling a character (ruling EH-8)', () => {
  it('the same seed gives byte-identical JSON; another seed another character', () => {
    expect(JSON.stringify(make(99, { method: '4d6-keep-3', level: 3 }))).toBe(JSON.stringify(make(99, { method: '4d6-keep-3', level: 3 })));
    expect(JSON.stringify(make(1))).not.toBe(JSON.stringify(make(2)));
  });

  it('a scripted character: 3d6 in order, HP from CON + Hit Die + level, languages from INT', () => {
    // STR 3+4+5, DEX 6+6+6, CON 2+3+4, INT 6+6+5 (17: 4 extra points), WIS 1+1+1, CHA 4+4+4; then four language picks
    const rng = scriptedRandom([3, 4, 5, 6, 6, 6, 2, 3, 4, 6, 6, 5, 1, 1, 1, 4, 4, 4, 1, 1, 1]);
    const r = rollCharacter(rng, { name: 'Ilse', 'hit-die': 10, level: 2, training: 'martial' });
    if (!r.ok) throw new Error(r.error.message);
    const c = r.value;
    expect(ATTRIBUTE_IDS.map((id) => c.stats[id].score)).toEqual([12, 18, 9, 17, 3, 12]);
    expect(c.hp).toEqual({ current: 21, max: 21 });
    expect(c.languages.map((l) => [l.id, l.points])).toEqual([['common', 2], ['dwarvish', 2], ['elvish', 2], ['giantish', 2]]);
    expect(c.weaponTraining).toEqual(['martial']);
    expect(rng.remaining).toBe(0);
    expect(summarize(c).trackers.map((t) => t.value)).toEqual(['21/21', '0', '9/9', '40 ft', '0/12']);
  });

  it('languages: Common and one more fluent, then INT points two at a time, an odd point halting (EH-10)', () => {
    expect(rollLanguages(scriptedRandom([2]), 9).map((l) => [l.id, l.points])).toEqual([['common', 2], ['elvish', 2]]);
    expect(rollLanguages(scriptedRandom([1, 1]), 12).map((l) => [l.id, l.points])).toEqual([['common', 2], ['dwarvish', 2], ['elvish', 1]]);
    expect([11, 12, 13, 14, 15, 16, 17, 18].map(extraLanguagePoints)).toEqual([0, 1, 1, 2, 2, 3, 4, 4]);
  });

  it('speed by DEX, 20 feet below the printed table (EH-9), 5 less when overloaded', () => {
    expect([1, 7, 8, 9, 10, 13, 14, 16, 17, 18].map(speedForDex)).toEqual([20, 20, 25, 25, 30, 30, 35, 35, 40, 40]);
    expect(() => speedForDex(0)).toThrow(RangeError);
    expect(() => speedForDex(19)).toThrow(RangeError);
    const c = make(5);
    const str = c.stats.str.score;
    const loaded = { ...c, inventory: [{ id: 'rocks', label: 'Rocks', spaces: str, usageDie: null }] };
    expect(currentSpeed(loaded)).toBe(speedForDex(c.stats.dex.score));
    const over = { ...loaded, silver: 1 };
    expect(spacesUsed(over)).toBe(str + 1);
    expect(currentSpeed(over)).toBe(speedForDex(c.stats.dex.score) - 5);
  });

  it('options: name length at the limit and one past, blank name, level 20 and 21, unknown option', () => {
    const code = (o: ParamRecord) => {
      const r = rollCharacter(seededRandom(1), o);
      return r.ok ? 'ok' : r.error.code;
    };
    expect(code({ name: 'x'.repeat(MAX_NAME_LENGTH) })).toBe('ok');
    expect(code({ name: 'x'.repeat(MAX_NAME_LENGTH + 1) })).toBe('param/too-long');
    expect(code({ name: '   ' })).toBe('exalted-hack/blank-name');
    expect(code({ level: 20 })).toBe('ok');
    expect(code({ level: 21 })).toBe('param/out-of-range');
    expect(code({ class: 'wizard' })).toBe('param/unknown');
    expect(make(3, { 'no-languages': true }).languages).toEqual([{ id: 'common', label: 'Common', points: 2 }]);
  });
});

describe('reading a character document', () => {
  it('read(roll(seed)) round-trips for 1,000 seeds', () => {
    for (let seed = 0; seed < 1000; seed++) {
      const c = make(seed, { method: seed % 2 === 0 ? '3d6' : '4d6-keep-3', level: 1 + (seed % 20), 'hit-die': [4, 6, 8, 10, 12][seed % 5]! });
      const text = JSON.stringify(c);
      const r = readCharacter(JSON.parse(text));
      if (!r.ok) throw new Error(`seed ${seed}: ${r.error.path} ${r.error.message}`);
      expect(JSON.stringify(r.value)).toBe(text);
    }
  });

  it('names the path of each problem', () => {
    const c = make(7) as unknown as Record<string, Json>;
    const paths = (doc: unknown) => characterProblems(doc).map((p) => p.path);
    expect(paths({ ...c, hp: { current: 1, max: 999 } })).toContain('$.hp.max');
    expect(paths({ ...c, stats: { ...(c.stats as Record<string, Json>), dex: { score: 19, current: 12 } } })).toEqual(['$.stats.dex.score']);
    expect(paths({ ...c, stats: { ...(c.stats as Record<string, Json>), dex: { score: 12, current: 12, mod: 1 } } })).toEqual(['$.stats.dex.mod']);
    expect(paths({ ...c, colour: 'red' })).toEqual(['$.colour']);
    expect(paths({ ...c, ruleset: 'hammercrawl' })).toEqual(['$.ruleset']);
    expect(paths({ ...c, languages: [] })).toEqual(['$.languages']);
    expect(paths({ ...c, inventory: [{ id: 'rope', label: 'Rope', spaces: 1, usageDie: 20 }] })).toEqual(['$.inventory[0].usageDie']);
    expect(paths({ ...c, inventory: [{ id: 'rope', label: 'Rope', spaces: 1, usageDie: 6 }, { id: 'rope', label: 'Rope', spaces: 1, usageDie: null }] })).toEqual(['$.inventory[1].id']);
    expect(paths({ ...c, weaponTraining: ['light'] })).toEqual(['$.weaponTraining[0]']);
    const { silver: _silver, ...noSilver } = c;
    expect(paths(noSilver)).toEqual(['$.silver']);
    expect(paths(null)).toEqual(['$']);
    const r = readCharacter({ ...c, level: 0, silver: -1 });
    expect(r.ok ? null : r.error).toMatchObject({ code: 'exalted-hack/out-of-range', path: '$.level' });
    expect(r.ok ? '' : r.error.message).toMatch(/1 more problem: \$\.silver/);
  });

  it('property: malformed documents never throw and every problem has a JSON path', () => {
    const base = make(11) as unknown as Json;
    const mutate = (doc: Json, steps: number[], action: string, value: Json): Json => {
      if (steps.length === 0 || doc === null || typeof doc !== 'object') return action === 'delete' ? null : value;
      const [s, ...rest] = steps as [number, ...number[]];
      if (Array.isArray(doc)) {
        if (doc.length === 0) return action === 'add' ? [value] : doc;
        const i = s % doc.length;
        const copy = [...doc];
        if (rest.length === 0 && action === 'delete') copy.splice(i, 1);
        else copy[i] = mutate(doc[i]!, rest, action, value);
        return copy;
      }
      const keys = Object.keys(doc);
      if (keys.length === 0) return action === 'add' ? { extra: value } : doc;
      const k = keys[s % keys.length]!;
      const copy = { ...doc };
      if (rest.length === 0 && action === 'delete') delete copy[k];
      else if (rest.length === 0 && action === 'add') copy[`${k}-extra`] = value;
      else copy[k] = mutate(doc[k]!, rest, action, value);
      return copy;
    };
    let refused = 0;
    fc.assert(fc.property(
      fc.array(fc.nat({ max: 40 }), { minLength: 1, maxLength: 4 }), fc.constantFrom('replace', 'delete', 'add'), fc.jsonValue(),
      (steps, action, value) => {
        const doc = mutate(base, steps, action, value as Json);
        const problems = characterProblems(doc);
        const r = readCharacter(doc);
        for (const p of problems) expect(p.path).toMatch(/^\$/);
        if (!r.ok) {
          refused += 1;
          expect(r.error.path).toMatch(/^\$/);
        }
        return r.ok === (problems.length === 0);
      },
    ), { numRuns: 1000 });
    // The mutations were refused often enough for the path check to mean something.
    expect(refused).toBeGreaterThan(200);
    fc.assert(fc.property(fc.jsonValue(), (value) => {
      const r = readCharacter(value);
      return !r.ok && typeof r.error.path === 'string';
    }), { numRuns: 300 });
  });
});

describe('document limits, at and one past', () => {
  const c = make(21) as unknown as Record<string, Json>;
  const paths = (doc: unknown) => characterProblems(doc).map((p) => p.path);
  const item = (i: number, spaces = 0): Json => ({ id: `item-${i}`, label: `Item ${i}`, spaces, usageDie: null });
  const lang = (i: number): Json => ({ id: `tongue-${i}`, label: `Tongue ${i}`, points: 1 });
  const common: Json = { id: 'common', label: 'Common', points: 2 };

  it('name length', () => {
    expect(paths({ ...c, name: 'x'.repeat(MAX_NAME_LENGTH) })).toEqual([]);
    expect(paths({ ...c, name: 'x'.repeat(MAX_NAME_LENGTH + 1) })).toEqual(['$.name']);
    expect(paths({ ...c, name: '  ' })).toEqual(['$.name']);
  });

  it('inventory entries, spaces per entry, labels', () => {
    expect(paths({ ...c, inventory: Array.from({ length: MAX_INVENTORY_ITEMS }, (_, i) => item(i)) })).toEqual([]);
    expect(paths({ ...c, inventory: Array.from({ length: MAX_INVENTORY_ITEMS + 1 }, (_, i) => item(i)) })).toEqual(['$.inventory']);
    expect(paths({ ...c, inventory: [item(0, MAX_ITEM_SPACES)] })).toEqual([]);
    expect(paths({ ...c, inventory: [item(0, MAX_ITEM_SPACES + 1)] })).toEqual(['$.inventory[0].spaces']);
    expect(paths({ ...c, inventory: [{ id: 'a', label: 'x'.repeat(MAX_LABEL_LENGTH), spaces: 1, usageDie: 4 }] })).toEqual([]);
    expect(paths({ ...c, inventory: [{ id: 'a', label: 'x'.repeat(MAX_LABEL_LENGTH + 1), spaces: 1, usageDie: 4 }] })).toEqual(['$.inventory[0].label']);
    expect(paths({ ...c, inventory: [{ id: 'Not Kebab', label: 'x', spaces: 1, usageDie: 4 }] })).toEqual(['$.inventory[0].id']);
  });

  it('languages and silver', () => {
    expect(paths({ ...c, languages: [common, ...Array.from({ length: MAX_LANGUAGES - 1 }, (_, i) => lang(i))] })).toEqual([]);
    expect(paths({ ...c, languages: [common, ...Array.from({ length: MAX_LANGUAGES }, (_, i) => lang(i))] })).toEqual(['$.languages']);
    expect(paths({ ...c, silver: MAX_SILVER })).toEqual([]);
    expect(paths({ ...c, silver: MAX_SILVER + 1 })).toEqual(['$.silver']);
  });

  it('attribute damage up to the score; reported problems capped with a count of the rest', () => {
    const score = (c.stats as Record<string, { score: number }>).wis!.score;
    const wisAt = (current: number): Json => ({ ...(c.stats as Record<string, Json>), wis: { score, current } });
    expect(paths({ ...c, stats: wisAt(0), attributeDamage: { ...(c.attributeDamage as Record<string, Json>), wis: score } })).toEqual([]);
    expect(paths({ ...c, stats: wisAt(0), attributeDamage: { ...(c.attributeDamage as Record<string, Json>), wis: score + 1 } })).toEqual(['$.attributeDamage.wis']);
    expect(paths({ ...c, stats: wisAt(1), attributeDamage: { ...(c.attributeDamage as Record<string, Json>), wis: score } })).toEqual(['$.stats.wis.current']);
    const noisy = (n: number) => Object.fromEntries([...Object.entries(c), ...Array.from({ length: n }, (_, i) => [`junk${i}`, 1] as const)]);
    expect(characterProblems(noisy(MAX_REPORTED_PROBLEMS))).toHaveLength(MAX_REPORTED_PROBLEMS);
    const over = characterProblems(noisy(MAX_REPORTED_PROBLEMS + 1));
    expect(over).toHaveLength(MAX_REPORTED_PROBLEMS + 1);
    expect(over[MAX_REPORTED_PROBLEMS]).toMatchObject({ code: 'exalted-hack/more-problems', message: '1 more problem not listed; fix these first.' });
  });
});
