/**
 * What the play tests share: characters to change, a change made or refused, and the exact check of a
 * change's odds against every face path of its roll (test/enumerate.ts).
 */
import { expect } from 'vitest';
import { enumeratePaths, enumeratedChances } from './enumerate.js';
import { seededRandom, type RandomSource } from '../src/dice/random.js';
import type { CharacterChangeRequest, ParamRecord, RuleProblem } from '../src/rules/rule-system.js';
import type { Character } from '../src/rules/hammercrawl/character.js';
import { rollCharacter } from '../src/rules/hammercrawl/create-character.js';
import { changeOddsOf, rollChangeOf } from '../src/rules/hammercrawl/play/index.js';
import type { ChangeResult } from '../src/rules/hammercrawl/play/kind.js';

/** The character of the default creation options (the examples' Tamsin Nettle: a Human Combatant, Health d8, CON +0). */
export function tamsin(): Character {
  const r = rollCharacter(seededRandom(1), { method: 'random' });
  if (!r.ok) throw new Error('creation failed');
  return r.character;
}

/** A character of a class and stock, rolled under Option B. */
export function characterOf(cls: string, seed = 1, stock?: string): Character {
  const r = rollCharacter(seededRandom(seed), { method: 'semi', choices: { class: cls, ...(stock !== undefined ? { stock } : {}) } });
  if (!r.ok) throw new Error(`creation failed: ${r.error.message}`);
  return r.character;
}

/** A change that must be accepted. */
export function applied(c: Character, change: string, params: ParamRecord, rng: RandomSource = seededRandom(3)): ChangeResult {
  const r = rollChangeOf(rng, c, { change, params });
  if (!r.ok) throw new Error(`${change} refused: ${r.error.code} ${r.error.message}`);
  return r.value;
}

/** A change that must be refused, and the document left as it was. */
export function refused(c: Character, change: string, params: ParamRecord): RuleProblem {
  const before = JSON.stringify(c);
  const r = rollChangeOf(seededRandom(3), c, { change, params });
  expect(JSON.stringify(c)).toBe(before);
  if (r.ok) throw new Error(`${change} accepted: ${r.value.summary}`);
  return r.error;
}

/**
 * Holds a change's exact odds to the brute force of its roll over every face path, to 1e-12: every
 * outcome rolled is in the odds with its chance, every outcome of the odds is rolled.
 */
export function expectOddsMatchRoll(c: Character, request: CharacterChangeRequest, maxPaths = 200_000): void {
  const odds = changeOddsOf(c, request);
  if (!odds.ok) throw new Error(`odds refused: ${odds.error.message}`);
  const sum = odds.value.outcomes.reduce((s, o) => s + o.p, 0);
  expect(Math.abs(sum - 1)).toBeLessThan(1e-12);
  const run = (rng: RandomSource): string => {
    const r = rollChangeOf(rng, c, request);
    if (!r.ok) throw new Error(`roll refused: ${r.error.message}`);
    return r.value.outcome ?? '(none)';
  };
  const exact = enumeratedChances(enumeratePaths(run, { maxPaths }));
  const ours = new Map(odds.value.outcomes.map((o) => [o.outcome, o.p]));
  for (const [k, p] of exact) expect(Math.abs((ours.get(k) ?? 0) - p), k).toBeLessThan(1e-12);
  for (const [k, p] of ours) {
    expect(exact.has(k), `outcome ${k} the roll never reaches`).toBe(true);
    expect(p).toBeGreaterThan(0);
  }
}
