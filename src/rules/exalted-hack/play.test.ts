// Play through the contract: the examples, odds against rolls, refusals that touch nothing, and
// properties over any sequence of changes (rulings EH-28 .. EH-34).
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { scriptedRandom, seededRandom } from '../../dice/random.js';
import { MAX_HISTORY_SUMMARY_LENGTH } from '../character-play.js';
import type { CharacterChangeRequest, ParamRecord } from '../rule-system.js';
import { ATTRIBUTE_IDS } from './attributes.js';
import { characterValuesOf } from './character-values.js';
import { readCharacter, withAttributeDamage, type ExaltedHackCharacter } from './character.js';
import { rollCharacter } from './create-character.js';
import { CHANGE_KINDS, PLAY_EXAMPLES, changeOdds, prefill, rollChange } from './play.js';

const roll = (seed: number, options: ParamRecord = {}): ExaltedHackCharacter => {
  const r = rollCharacter(seededRandom(seed), options);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

/** Deep-frozen, so that a change that wrote into its input would throw. */
function frozen<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const v of Object.values(value)) frozen(v);
    Object.freeze(value);
  }
  return value;
}

describe('the change kinds', () => {
  it('kebab-case ids, the common ids, every parameter labelled and helped', () => {
    for (const k of CHANGE_KINDS) {
      expect(k.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      for (const p of k.params) expect(p.label.length > 0 && p.help.length > 0, `${k.id} --${p.name}`).toBe(true);
    }
    expect(CHANGE_KINDS.map((k) => k.id)).toEqual(expect.arrayContaining(['damage', 'heal', 'rest', 'level-up', 'edit', 'coins', 'item-add', 'item-remove']));
    expect(CHANGE_KINDS.filter((k) => k.rollsDice).map((k) => k.id)).toEqual(['rest', 'dying', 'item-use', 'elaboration']);
    expect(CHANGE_KINDS.filter((k) => k.by === 'smith').map((k) => k.id)).toEqual(['level-up', 'upgrade', 'restore', 'training', 'language', 'project-start']);
  });

  it('an unknown change, an unknown parameter, odds of a change that throws nothing', () => {
    const c = roll(1);
    expect(rollChange(seededRandom(1), c, { change: 'xp', params: {} })).toMatchObject({ ok: false, error: { code: 'exalted-hack/unknown-change', path: '$.change' } });
    expect(rollChange(seededRandom(1), c, { change: 'heal', params: { amount: 1, magic: true } })).toMatchObject({ ok: false, error: { code: 'param/unknown', path: '$.magic' } });
    expect(changeOdds(c, { change: 'heal', params: { amount: 1 } })).toMatchObject({ ok: false, error: { code: 'exalted-hack/change-does-not-roll', path: '$.change' } });
    expect(prefill(c, 'nothing')).toEqual({});
  });
});

describe('the examples: a short evening', () => {
  it('every change kind at least once', () => {
    expect(new Set(PLAY_EXAMPLES.map((e) => e.change))).toEqual(new Set(CHANGE_KINDS.map((k) => k.id)));
  });

  it('apply in order to the seed-1 character, whatever the dice, each result a valid document', () => {
    for (let seed = 0; seed < 200; seed++) {
      const rng = seededRandom(seed);
      let c = roll(1);
      for (const [i, request] of PLAY_EXAMPLES.entries()) {
        const r = rollChange(rng, c, request);
        if (!r.ok) throw new Error(`seed ${seed}, example ${i} (${request.change}): ${r.error.message}`);
        const read = readCharacter(JSON.parse(JSON.stringify(r.value.character)));
        if (!read.ok) throw new Error(`seed ${seed}, example ${i}: ${read.error.path} ${read.error.message}`);
        c = read.value;
      }
      expect(c.level).toBe(2);
    }
  });
});

/** Requests a random evening may make, many of them refused. */
const anyRequest: fc.Arbitrary<CharacterChangeRequest> = fc.oneof(
  fc.record({ change: fc.constant('damage'), params: fc.record({ amount: fc.integer({ min: 0, max: 30 }), to: fc.constantFrom('hp', 'hp', 'hp', ...ATTRIBUTE_IDS) }) }),
  fc.record({ change: fc.constant('heal'), params: fc.record({ amount: fc.integer({ min: 0, max: 20 }) }) }),
  fc.record({ change: fc.constant('rest'), params: fc.record({ hours: fc.integer({ min: 1, max: 24 }), care: fc.boolean() }) }),
  fc.record({ change: fc.constant('dying'), params: fc.record({ rule: fc.constantFrom('one-per-turn', 'd4-per-turn') }) }),
  fc.record({ change: fc.constant('level-up'), params: fc.constant({}) }),
  fc.record({ change: fc.constantFrom('upgrade', 'restore'), params: fc.record({ attribute: fc.constantFrom(...ATTRIBUTE_IDS), points: fc.integer({ min: 1, max: 6 }) }) }),
  fc.record({ change: fc.constant('training'), params: fc.record({ weapon: fc.constantFrom('martial', 'heavy'), forget: fc.boolean() }) }),
  fc.record({ change: fc.constant('language'), params: fc.record({ language: fc.constantFrom('Common', 'Elvish', 'Orcish', 'Cant'), points: fc.integer({ min: 0, max: 2 }) }) }),
  fc.record({ change: fc.constant('coins'), params: fc.record({ amount: fc.integer({ min: -300, max: 300 }) }) }),
  fc.record({ change: fc.constant('item-add'), params: fc.record({ label: fc.constantFrom('Torch', 'Rope', 'Rations'), spaces: fc.integer({ min: 0, max: 4 }), 'usage-die': fc.constantFrom(4, 6, 8) }) }),
  fc.record({ change: fc.constantFrom('item-remove', 'item-spend', 'item-use'), params: fc.record({ item: fc.constantFrom('torch', 'rope', 'rations', 'torch-2') }) }),
  fc.record({ change: fc.constant('project-start'), params: fc.record({ label: fc.constantFrom('Map', 'Boat'), goal: fc.integer({ min: 1, max: 5 }) }) }),
  fc.record({ change: fc.constant('elaboration'), params: fc.record({ project: fc.constantFrom('map', 'boat'), attribute: fc.constantFrom(...ATTRIBUTE_IDS) }) }),
  fc.record({ change: fc.constant('project-end'), params: fc.record({ project: fc.constantFrom('map', 'boat') }) }),
  fc.record({ change: fc.constant('edit'), params: fc.record({ conditions: fc.constantFrom('', 'prone', 'poisoned, prone'), armour: fc.integer({ min: 0, max: 4 }) }) }),
);

describe('properties over any evening', () => {
  test.prop([fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 0xffffffff }), fc.array(anyRequest, { maxLength: 40 })], { numRuns: 300 })(
    'every change validates or is refused (a namespaced code, a path from $), the input untouched; current never above base',
    (charSeed, rollSeed, requests) => {
      const rng = seededRandom(rollSeed);
      let c = frozen(roll(charSeed));
      for (const request of requests) {
        const before = JSON.stringify(c);
        const r = rollChange(rng, c, request);
        expect(JSON.stringify(c)).toBe(before);
        if (!r.ok) {
          expect(r.error.code).toMatch(/^[a-z-]+\/[a-z-]+$/);
          if (r.error.path !== undefined) expect(r.error.path).toMatch(/^\$/);
          continue;
        }
        const read = readCharacter(JSON.parse(JSON.stringify(r.value.character)));
        if (!read.ok) throw new Error(`${request.change} ${JSON.stringify(request.params)}: ${read.error.path} ${read.error.message}`);
        expect(r.value.summary.length).toBeLessThanOrEqual(MAX_HISTORY_SUMMARY_LENGTH);
        const next = read.value;
        expect(next.hp.current).toBeLessThanOrEqual(next.hp.max);
        for (const id of ATTRIBUTE_IDS) {
          expect(next.stats[id].current).toBeLessThanOrEqual(next.stats[id].score);
          // Only an upgrade raises a score, and only the Smith's restore or a rest raises a current value.
          if (request.change !== 'upgrade') expect(next.stats[id].score).toBe(c.stats[id].score);
          if (!['upgrade', 'restore', 'rest'].includes(request.change)) expect(next.stats[id].current).toBeLessThanOrEqual(c.stats[id].current);
        }
        if (request.change !== 'heal' && request.change !== 'rest' && request.change !== 'level-up' && !(request.change === 'upgrade' && request.params['attribute'] === 'con')) {
          expect(next.hp.current).toBeLessThanOrEqual(c.hp.current);
        }
        c = frozen(next);
      }
    },
  );
});

describe('odds against rolls (one preparation serves both)', () => {
  it('a long rest from 0 HP: seeded rolls land on outcomes and values with p > 0, frequencies within 4 sigma', () => {
    const c = { ...roll(1), hp: { current: 0, max: 18 } };
    const request = { change: 'rest', params: { hours: 3 } };
    const odds = changeOdds(c, request);
    if (!odds.ok) throw new Error(odds.error.message);
    expect(odds.value.outcomes.reduce((s, o) => s + o.p, 0)).toBeCloseTo(1, 12);
    expect(odds.value.values!.reduce((s, v) => s + v.p, 0)).toBeCloseTo(1, 12);
    const n = 20_000;
    const rng = seededRandom(99);
    const byValue = new Map<number, number>();
    const byOutcome = new Map<string, number>();
    for (let i = 0; i < n; i++) {
      const r = rollChange(rng, c, request);
      if (!r.ok) throw new Error(r.error.message);
      byValue.set(r.value.character.hp.current, (byValue.get(r.value.character.hp.current) ?? 0) + 1);
      byOutcome.set(r.value.outcome!, (byOutcome.get(r.value.outcome!) ?? 0) + 1);
    }
    for (const [value, count] of byValue) {
      const p = odds.value.values!.find((v) => v.value === value)?.p ?? 0;
      expect(p, `HP ${value}`).toBeGreaterThan(0);
      expect(Math.abs(count / n - p)).toBeLessThanOrEqual(4 * Math.sqrt((p * (1 - p)) / n) + 1e-9);
    }
    for (const o of odds.value.outcomes) {
      const f = (byOutcome.get(o.outcome) ?? 0) / n;
      expect(Math.abs(f - o.p), o.outcome).toBeLessThanOrEqual(4 * Math.sqrt((o.p * (1 - o.p)) / n) + 1e-9);
    }
  });

  it('every change that rolls gives odds summing to 1, and its roll names an outcome of them', () => {
    let c = roll(1);
    c = { ...withAttributeDamage(c, 'con', 2), hp: { current: 0, max: 18 }, isDying: true, inventory: [{ id: 'torch', label: 'Torch', spaces: 1, usageDie: 6 }], projects: [{ id: 'map', label: 'Map', goal: 3, progress: 1 }] };
    const requests: CharacterChangeRequest[] = [
      { change: 'dying', params: { 'dying-rule': 'd4-per-turn' } },
      { change: 'item-use', params: { item: 'torch' } },
      { change: 'elaboration', params: { project: 'map', attribute: 'wis', advantage: true } },
      { change: 'rest', params: { hours: 5 } },
    ];
    const stable = { ...c, isDying: false };
    for (const request of requests) {
      const on = request.change === 'rest' ? stable : c;
      const odds = changeOdds(on, request);
      if (!odds.ok) throw new Error(`${request.change}: ${odds.error.message}`);
      expect(odds.value.outcomes.reduce((s, o) => s + o.p, 0), request.change).toBeCloseTo(1, 12);
      for (let seed = 0; seed < 50; seed++) {
        const r = rollChange(seededRandom(seed), on, request);
        if (!r.ok) throw new Error(r.error.message);
        expect(odds.value.outcomes.find((o) => o.outcome === r.value.outcome)?.p ?? 0, `${request.change} ${r.value.outcome}`).toBeGreaterThan(0);
      }
    }
  });

  it('the roll lists every die thrown', () => {
    const c = { ...roll(1), hp: { current: 10, max: 18 } };
    const r = rollChange(scriptedRandom([1, 1, 1]), c, { change: 'rest', params: { hours: 3 } });
    expect(r.ok ? r.value.dice.map((d) => d.face) : null).toEqual([1, 1, 1]);
  });
});

describe('characterValues (EH-28)', () => {
  it('HP (health) with its maximum, armour, and each attribute now against its score', () => {
    let c = roll(1);
    const r = rollChange(scriptedRandom([]), c, { change: 'damage', params: { amount: 21 } });
    if (!r.ok) throw new Error(r.error.message);
    c = { ...r.value.character, armour: { value: 2, kind: 'regular' } };
    const values = characterValuesOf(c);
    expect(values.find((v) => v.role === 'health')).toEqual({ id: 'hp', label: 'HP', role: 'health', kind: 'number', pointer: '/hp/current', value: 0, max: { value: 18, pointer: '/hp/max' } });
    expect(values.find((v) => v.role === 'armour')).toMatchObject({ pointer: '/armour/value', value: 2 });
    expect(values.find((v) => v.id === 'con-current')).toEqual({ id: 'con-current', label: 'CON now', role: 'other', kind: 'number', pointer: '/stats/con/current', value: 6, max: { value: 9, pointer: '/stats/con/score' } });
    expect(values.find((v) => v.id === 'con-damage')).toMatchObject({ pointer: '/attributeDamage/con', value: 3 });
  });
});
