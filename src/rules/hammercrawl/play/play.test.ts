import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { oddsOffenders, ownValueOffenders, ruleProblemOffenders } from '../../../../test/ruleset-contract.js';
import { seededRandom } from '../../../dice/random.js';
import { MAX_HISTORY_SUMMARY_LENGTH, withHistory } from '../../character-play.js';
import type { CharacterChangeRequest, ParamDef, ParamValue } from '../../rule-system.js';
import { readCharacters, type Character } from '../character.js';
import { fighterFromCharacter } from '../combat/fighter.js';
import { ruleSystem } from '../rule-system.js';
import { rungOf, sidesOf } from './dice.js';
import { CHANGE_KINDS, changeOddsOf, hammercrawlPlay, rollChangeOf } from './index.js';
import { MAX_SOURCE_LENGTH } from './kind.js';
import { MAX_LIST_LENGTH } from './level-up.js';
import { characterOf, tamsin } from '../../../../test/hammercrawl-play.js';

/** Applies the examples in order to `start`, each with the next seed: the documents after each. */
function evening(start: Character, seed: number): Character[] {
  const out: Character[] = [];
  let c = start;
  hammercrawlPlay.examples.forEach((request, i) => {
    const r = rollChangeOf(seededRandom(seed + i), c, request);
    if (!r.ok) throw new Error(`example ${i} (${request.change}) refused: ${r.error.code} ${r.error.message}`);
    c = withHistory(r.value.character as unknown as Readonly<Record<string, unknown>>, { at: 1_000 * (i + 1), by: 'cli', change: request.change, summary: r.value.summary }) as unknown as Character;
    out.push(c);
  });
  return out;
}

describe('the change kinds (the contract play section)', () => {
  it('kebab-case unique ids, the common ids, odds exactly for the ones that roll, parameters that accept their own defaults', () => {
    const ids = CHANGE_KINDS.map((k) => k.def.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(ids).toEqual(expect.arrayContaining(['damage', 'heal', 'rest', 'xp', 'level-up', 'edit', 'coins', 'item-add', 'item-remove', 'item-move']));
    for (const k of CHANGE_KINDS) {
      expect(k.odds !== undefined, k.def.id).toBe(k.def.rollsDice);
      expect(ownValueOffenders(k.def.id, k.def.params)).toEqual([]);
      expect(new Set(k.def.params.map((p) => p.name)).size).toBe(k.def.params.length);
      for (const p of k.def.params) expect(p.label.length > 0 && p.help.length > 0, `${k.def.id} ${p.name}`).toBe(true);
    }
    expect(ruleSystem.play).toBe(hammercrawlPlay);
    expect(CHANGE_KINDS.find((k) => k.def.id === 'xp')!.def.by).toBe('smith');
  });

  it('every text parameter is refused one past its limit, at its path; a source at its limit is taken', () => {
    const c = tamsin();
    for (const k of CHANGE_KINDS) {
      for (const p of k.def.params) {
        if (p.kind !== 'text') continue;
        const required = Object.fromEntries(k.def.params.filter((d) => d.isRequired === true && d.example !== undefined).map((d) => [d.name, d.example!]));
        const r = rollChangeOf(seededRandom(1), c, { change: k.def.id, params: { ...required, [p.name]: 'a'.repeat(p.maxLength + 1) } });
        expect(r.ok ? null : r.error, `${k.def.id} ${p.name}`).toMatchObject({ code: 'param/too-long', path: `$.${p.name}` });
      }
    }
    expect(rollChangeOf(seededRandom(1), c, { change: 'damage', params: { dv: 1, source: 's'.repeat(MAX_SOURCE_LENGTH) } }).ok).toBe(true);
    expect(rollChangeOf(seededRandom(1), { ...c, xp: 10 }, { change: 'level-up', params: { skills: `${'riding, '.repeat(MAX_LIST_LENGTH)}`.slice(0, MAX_LIST_LENGTH) } })).toMatchObject({ ok: false, error: { path: '$.skills' } });
  });

  it('refuses an unknown change or parameter at its path, and odds of a change that does not roll', () => {
    const c = tamsin();
    expect(rollChangeOf(seededRandom(1), c, { change: 'fly', params: {} })).toMatchObject({ ok: false, error: { code: 'change/unknown-kind', path: '$.change' } });
    expect(rollChangeOf(seededRandom(1), c, { change: 'rest', params: { kind: 'night', wings: true } })).toMatchObject({ ok: false, error: { code: 'param/unknown', path: '$.wings' } });
    expect(changeOddsOf(c, { change: 'rest', params: { kind: 'night' } })).toMatchObject({ ok: false, error: { code: 'change/no-odds' } });
  });
});

describe('the examples: a short evening', () => {
  it('apply in order to rollCharacter(seededRandom(1), {}), whatever the dice, every change kind at least once', () => {
    const start = ruleSystem.rollCharacter(seededRandom(1), {});
    if (!start.ok) throw new Error(start.error.message);
    expect(new Set(hammercrawlPlay.examples.map((e) => e.change))).toEqual(new Set(CHANGE_KINDS.map((k) => k.def.id)));
    for (let seed = 1; seed <= 40; seed++) {
      const docs = evening(start.value, seed * 100);
      const last = docs.at(-1)!;
      expect(last.history).toHaveLength(hammercrawlPlay.examples.length);
      expect(readCharacters(JSON.parse(JSON.stringify(last))).ok).toBe(true);
    }
  });

  it('the odds of every example that rolls are sound and hold the outcome its roll reports', () => {
    const start = ruleSystem.rollCharacter(seededRandom(1), {});
    if (!start.ok) throw new Error(start.error.message);
    let c = start.value;
    hammercrawlPlay.examples.forEach((request, i) => {
      const kind = CHANGE_KINDS.find((k) => k.def.id === request.change)!;
      const r = rollChangeOf(seededRandom(i), c, request);
      if (!r.ok) throw new Error(r.error.message);
      if (kind.def.rollsDice) {
        const odds = changeOddsOf(c, request);
        if (!odds.ok) throw new Error(odds.error.message);
        expect(oddsOffenders(request.change, odds.value)).toEqual([]);
        expect(odds.value.outcomes.find((o) => o.outcome === r.value.outcome)?.p ?? 0).toBeGreaterThan(0);
      } else expect(r.value.dice).toEqual([]);
      expect(r.value.summary.length).toBeLessThanOrEqual(MAX_HISTORY_SUMMARY_LENGTH);
      c = r.value.character;
    });
  });
});

describe('characterValues reflect play (PL-2, PL-3)', () => {
  it('the Health and Armour Dice with their base dice as max, and their pointers', () => {
    const c: Character = { ...tamsin(), healthDie: 'd6', armourDie: null, baseArmourDie: 'd8' };
    const values = ruleSystem.characterValues(c);
    expect(values.find((v) => v.role === 'health')).toEqual({ id: 'health-die', label: 'Health Die', role: 'health', kind: 'die', pointer: '/healthDie', value: 6, max: { value: 8, pointer: '/baseHealthDie' } });
    expect(values.find((v) => v.role === 'armour')).toMatchObject({ pointer: '/armourDie', value: null, max: { value: 8, pointer: '/baseArmourDie' } });
    expect(ruleSystem.characterValues(tamsin()).find((v) => v.role === 'armour')).not.toHaveProperty('max');
    expect(values.map((v) => v.role)).toEqual(expect.arrayContaining(['xp', 'level', 'coins']));
    expect(ruleSystem.summarize({ ...c, healthDie: null }).trackers[0]).toMatchObject({ role: 'health', value: 'down' });
  });

  it('a fighter starts where play left the dice (the combat tracker, the attack preview)', () => {
    const f = fighterFromCharacter({ ...tamsin(), healthDie: 'd5', armourDie: 'd4', baseArmourDie: 'd6' });
    expect(f).toMatchObject({ healthDie: 5, baseHealthDie: 8, armourDie: 4, baseArmourDie: 6 });
    expect(fighterFromCharacter({ ...tamsin(), healthDie: null }).healthDie).toBeNull();
  });
});

// ---- properties ------------------------------------------------------------------------------------

/** Characters to change: fresh ones of each class, and the evening's documents (hurt, armoured, levelled). */
const POOL: readonly Character[] = (() => {
  const start = ruleSystem.rollCharacter(seededRandom(1), {});
  if (!start.ok) throw new Error(start.error.message);
  const hurt: Character = { ...characterOf('devout', 4), healthDie: null, armourDie: null };
  return [tamsin(), characterOf('true-mage', 2), characterOf('specialist', 3), hurt, ...evening(start.value, 7)];
})();

/** Text values a change might be given: ids the inventories hold, table ids, and odd ones. */
const TEXTS = ['torch', 'ration', 'satchel', 'chain', 'leather-boiled', 'sword-great', 'coin', 'goblin-crown', 'Bad Id', '', 'riding', 'sling', 'mace', 'poisoned, prone', 'a'.repeat(70)];

function valueArb(def: ParamDef): fc.Arbitrary<ParamValue> {
  switch (def.kind) {
    case 'integer':
      return fc.oneof(fc.integer({ min: Math.max(def.min, -3), max: Math.min(def.max, 12) }), fc.constantFrom(def.min, def.max, def.max + 1));
    case 'boolean':
      return fc.boolean();
    case 'choice':
      return fc.constantFrom(...def.choices.map((c) => c.id), 'no-such-choice');
    case 'die':
      return fc.constantFrom(...def.sides, 9);
    case 'text':
      return fc.constantFrom(...TEXTS);
  }
}

const requestArb: fc.Arbitrary<CharacterChangeRequest> = fc.constantFrom(...CHANGE_KINDS).chain((k) =>
  fc.record(Object.fromEntries(k.def.params.map((p) => [p.name, valueArb(p)])), { requiredKeys: k.def.params.filter((p) => p.isRequired === true).map((p) => p.name) }).map((params) => ({ change: k.def.id, params: params as Record<string, ParamValue> })),
);

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

describe('every change either reads back as a character or is refused (property)', () => {
  test.prop([fc.constantFrom(...POOL), requestArb, fc.integer({ min: 1, max: 1_000_000 })], { numRuns: 3000 })('request on a character', (character, request, seed) => {
    const before = JSON.stringify(character);
    const frozen = deepFreeze(JSON.parse(before) as Character);
    const r = rollChangeOf(seededRandom(seed), frozen, request);
    expect(JSON.stringify(frozen)).toBe(before);
    if (!r.ok) {
      expect(ruleProblemOffenders(request.change, r.error)).toEqual([]);
      return;
    }
    const read = readCharacters(JSON.parse(JSON.stringify(r.value.character)));
    expect(read.ok).toBe(true);
    const c = r.value.character;
    // Current dice never above their bases: no rule raises them past it.
    expect(rungOf(sidesOf(c.healthDie))).toBeLessThanOrEqual(rungOf(sidesOf(c.baseHealthDie)));
    expect(rungOf(sidesOf(c.armourDie))).toBeLessThanOrEqual(rungOf(sidesOf(c.baseArmourDie)));
    expect(r.value.summary.length).toBeLessThanOrEqual(MAX_HISTORY_SUMMARY_LENGTH);
    for (const d of r.value.dice) expect(d.face >= 1 && d.face <= d.sides).toBe(true);
    const kind = CHANGE_KINDS.find((k) => k.def.id === request.change)!;
    if (kind.def.rollsDice) {
      const odds = changeOddsOf(frozen, request);
      expect(odds.ok).toBe(true);
      if (odds.ok) expect(odds.value.outcomes.find((o) => o.outcome === r.value.outcome)?.p ?? 0).toBeGreaterThan(0);
    }
  });
});
