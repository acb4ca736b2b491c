// Play as the contract sees it: the change kinds and their parameters, the evening of examples, exact
// odds against every path of the dice (and seeded Monte Carlo where the paths are too many), and the
// properties every change keeps: a valid document or a typed refusal, the input never touched.
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { scriptedRandom, seededRandom, type RandomSource } from '../../dice/random.js';
import { MAX_HISTORY_SUMMARY_LENGTH } from '../character-play.js';
import type { CharacterChangeRequest, ParamDef, ParamValue } from '../rule-system.js';
import { enumeratePaths, enumeratedChances } from '../../../test/enumerate.js';
import { expectWithinFourSigma, tally } from '../../../test/monte-carlo.js';
import { assertOk, assertRefused } from '../../../test/narrow.js';
import { sheet } from '../../../test/bare-bones-play.js';
import { readCharacter, statusOf, type BareBonesCharacter } from './character.js';
import { ruleSystem } from './index.js';
import { BARE_BONES_CHANGES, BARE_BONES_EXAMPLES, BARE_BONES_PLAY, changeOdds, prefill, rollChange } from './play.js';

const first = (): BareBonesCharacter => {
  const r = ruleSystem.rollCharacter(seededRandom(1), {});
  assertOk(r);
  return r.value;
};

/** Every state of the example evening, in order, with the rng seed given. */
function evening(seed: number): BareBonesCharacter[] {
  const rng = seededRandom(seed);
  const states = [first()];
  for (const request of BARE_BONES_EXAMPLES) {
    const r = rollChange(rng, states[states.length - 1]!, request);
    assertOk(r, `${request.change} ${JSON.stringify(request.params)}`);
    states.push(r.value.character);
  }
  return states;
}

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

describe('the change kinds (the contract: CharacterPlay)', () => {
  it('ruleSystem.play is wired; ids are kebab-case and unique; the common ids are there', () => {
    expect(ruleSystem.play).toBe(BARE_BONES_PLAY);
    const ids = BARE_BONES_CHANGES.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => !KEBAB.test(id))).toEqual([]);
    for (const common of ['damage', 'heal', 'rest', 'xp', 'level-up', 'edit', 'coins', 'item-add', 'item-remove']) expect(ids).toContain(common);
    const by = Object.fromEntries(BARE_BONES_CHANGES.map((c) => [c.id, c.by]));
    expect([by['xp'], by['grant-points'], by['round']]).toEqual(['smith', 'smith', 'smith']);
    expect([by['rest'], by['level-up'], by['edit'], by['coins']]).toEqual(['owner', 'owner', 'owner', 'owner']);
  });

  it('every parameter has a kebab-case name unique in its kind, a label and a help line; defaults are valid', () => {
    const offenders: string[] = [];
    for (const c of BARE_BONES_CHANGES) {
      if (c.label === '' || c.help === '' || c.ref === '') offenders.push(`${c.id}: label, help and ref`);
      const names = c.params.map((p) => p.name);
      if (new Set(names).size !== names.length) offenders.push(`${c.id}: duplicate names`);
      for (const p of c.params) {
        if (!KEBAB.test(p.name) || p.label === '' || p.help === '') offenders.push(`${c.id}.${p.name}`);
        if (p.kind === 'choice' && p.default !== undefined && !p.choices.some((x) => x.id === p.default)) offenders.push(`${c.id}.${p.name}: default`);
        if (p.kind === 'integer' && p.default !== undefined && (p.default < p.min || p.default > p.max)) offenders.push(`${c.id}.${p.name}: default`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('unknown changes and parameters, and odds of a change that rolls nothing, are refused with a path', () => {
    const c = first();
    const cases: [CharacterChangeRequest, string, string][] = [
      [{ change: 'fly', params: {} }, 'bare-bones/unknown-change', '$.change'],
      [{ change: 'damage', params: { amount: 3, colour: 'red' } }, 'param/unknown', '$.colour'],
      [{ change: 'damage', params: {} }, 'param/missing', '$.amount'],
      [{ change: 'damage', params: { amount: 'lots' } }, 'param/not-integer', '$.amount'],
    ];
    for (const [request, code, path] of cases) {
      const r = rollChange(seededRandom(1), c, request);
      assertRefused(r);
      expect([r.error.code, r.error.path]).toEqual([code, path]);
    }
    const odds = changeOdds(c, { change: 'coins', params: { amount: 3 } });
    assertRefused(odds);
    expect([odds.error.code, odds.error.path]).toEqual(['bare-bones/change-rolls-nothing', '$.change']);
  });

  it('prefill: an edit starts from the sheet\'s fields; a human\'s level up suggests the most marked attribute', () => {
    const c = sheet({ race: 'human', class: 'fighter' }, { notes: 'n', conditions: ['prone', 'grabbed'], coins: 12, advancementChecks: { str: 0, dex: 3, con: 1, int: 0, wis: 0, cha: 0 } });
    expect(prefill(c, 'edit')).toEqual({ name: c.name, notes: 'n', conditions: 'prone, grabbed', coins: 12, arrows: 0 });
    expect(prefill(c, 'level-up')).toEqual({ 'human-bonus': 'dex' });
    expect(prefill(c, 'damage')).toEqual({});
    const s = sheet({ class: 'sorcerer', tradition: 'school' });
    expect(prefill(s, 'edit')).toMatchObject({ spells: '', school: '', 'forbidden-school': '' });
    // The edit's prefill applies as it is: nothing changes.
    const same = rollChange(seededRandom(1), s, { change: 'edit', params: prefill(s, 'edit') });
    assertOk(same);
    expect(same.value.character).toEqual(s);
  });
});

describe('the evening of examples', () => {
  it('applies in order to rollCharacter(seededRandom(1), {}) whatever the dice (200 rng seeds), every kind at least once', () => {
    const kinds = new Set(BARE_BONES_EXAMPLES.map((e) => e.change));
    expect([...BARE_BONES_CHANGES.map((c) => c.id)].filter((id) => !kinds.has(id))).toEqual([]);
    const dying = new Set<string>();
    for (let seed = 0; seed < 200; seed++) {
      const states = evening(seed);
      // Before the draught the last fight has left the dwarf down or dying, as the dice fell.
      dying.add(statusOf(states.at(-3)!));
      // Then the evening ends standing with 5 Blood, so a tracker can still take some.
      expect([statusOf(states.at(-1)!), states.at(-1)!.blood.current]).toEqual(['standing', 5]);
    }
    expect([...dying].sort()).toEqual(['down', 'unstable']);
  });

  it('each result is a valid document that round-trips, keeps its history (the table appends it) and has a short summary', () => {
    const rng = seededRandom(7);
    let c = first();
    for (const request of BARE_BONES_EXAMPLES) {
      const r = rollChange(rng, c, request);
      assertOk(r);
      const def = BARE_BONES_CHANGES.find((d) => d.id === request.change)!;
      const text = JSON.stringify(r.value.character);
      const read = readCharacter(JSON.parse(text));
      assertOk(read, request.change);
      expect(JSON.stringify(read.value)).toBe(text);
      expect(r.value.character.history).toEqual(c.history);
      expect(r.value.summary.length).toBeGreaterThan(0);
      expect(r.value.summary.length).toBeLessThanOrEqual(MAX_HISTORY_SUMMARY_LENGTH);
      expect(r.value.outcome !== undefined, request.change).toBe(def.rollsDice);
      if (!def.rollsDice) expect(r.value.dice).toEqual([]);
      c = r.value.character;
    }
  });
});

// ---------- odds against the dice ----------

/** A rolling change on a character, and the number its odds' values stand for. */
interface OddsCase {
  readonly label: string;
  readonly c: BareBonesCharacter;
  readonly request: CharacterChangeRequest;
  readonly value?: (before: BareBonesCharacter, after: BareBonesCharacter) => number;
}

const hitPoints = (b: BareBonesCharacter, a: BareBonesCharacter): number => a.blood.current - b.blood.current + a.sweat.current - b.sweat.current;

const dwarf = sheet({ race: 'dwarf', class: 'fighter' }, { level: 3, xp: 7, blood: { current: 12, max: 12 }, sweat: { current: 4, max: 20 }, points: { pool: 'tactic', current: 3 } });
const hurtElf = sheet({ race: 'elf', class: 'cleric' }, { level: 2, xp: 3, blood: { current: 3, max: 8 }, sweat: { current: 1, max: 6 }, points: { pool: 'faith', current: 2 } });
const downHuman = sheet({ race: 'human', class: 'specialist' }, { blood: { current: 0, max: 10 } });
const dyingHalfling = sheet({ race: 'halfling', class: 'sorcerer' }, { blood: { current: 0, max: 6 }, roundsLeft: 4 });
const hungryHalfling = sheet({ race: 'halfling', class: 'fighter' }, { level: 3, xp: 7, blood: { current: 2, max: 6 }, sweat: { current: 0, max: 12 }, points: { pool: 'tactic', current: 3 } });
const markedElf = sheet({ race: 'elf', class: 'specialist' }, { xp: 3, advancementChecks: { str: 1, dex: 1, con: 0, int: 1, wis: 0, cha: 0 }, stats: { str: { score: 5 }, dex: { score: 6 }, con: { score: 10 }, int: { score: 6 }, wis: { score: 10 }, cha: { score: 10 } } });
const markedHuman = sheet({ race: 'human', class: 'fighter' }, { xp: 3, advancementChecks: { str: 2, dex: 0, con: 1, int: 0, wis: 0, cha: 0 }, stats: { str: { score: 6 }, dex: { score: 9 }, con: { score: 4 }, int: { score: 6 }, wis: { score: 10 }, cha: { score: 10 } } });

const sweatGained = (b: BareBonesCharacter, a: BareBonesCharacter): number => a.sweat.max - b.sweat.max;

const ODDS_CASES: readonly OddsCase[] = [
  { label: 'damage on a standing dwarf', c: dwarf, request: { change: 'damage', params: { amount: 7 } } },
  { label: 'damage to Blood', c: dwarf, request: { change: 'damage', params: { amount: 7, 'straight-to-blood': 'crossbow' } } },
  { label: 'incidental harm at 0 Blood: rounds rolled', c: downHuman, request: { change: 'damage', params: { amount: 2, source: 'incidental' } }, value: (_b, a) => a.roundsLeft ?? 0 },
  { label: 'a coup de grâce', c: dyingHalfling, request: { change: 'damage', params: { amount: 1 } } },
  { label: 'heal a Hit Die', c: hurtElf, request: { change: 'heal', params: {} }, value: hitPoints },
  { label: 'heal an amount', c: hurtElf, request: { change: 'heal', params: { amount: 4 } }, value: hitPoints },
  { label: 'heal the down human', c: downHuman, request: { change: 'heal', params: {} }, value: hitPoints },
  { label: 'short rest', c: hurtElf, request: { change: 'rest', params: { kind: 'short' } }, value: hitPoints },
  { label: 'second breakfast, 4 rations', c: hungryHalfling, request: { change: 'rest', params: { kind: 'short', rations: 4 } }, value: hitPoints },
  { label: 'long rest, Blood hurt', c: hurtElf, request: { change: 'rest', params: { kind: 'long' } }, value: hitPoints },
  { label: 'long rest, Blood full', c: dwarf, request: { change: 'rest', params: { kind: 'long' } }, value: hitPoints },
  { label: 'long rest without a ration', c: hurtElf, request: { change: 'rest', params: { kind: 'long', rations: 0 } }, value: hitPoints },
  { label: 'stabilise', c: dyingHalfling, request: { change: 'stabilize', params: { int: 13, skill: true } } },
  { label: 'stabilise with improvised tools', c: dyingHalfling, request: { change: 'stabilize', params: { int: 13, improvised: true } } },
  { label: 'taxing action', c: downHuman, request: { change: 'taxing-action', params: {} } },
  { label: 'taxing action with advantage', c: downHuman, request: { change: 'taxing-action', params: { advantage: true } } },
  { label: 'level up an elf specialist', c: markedElf, request: { change: 'level-up', params: { 'in-safe-place': true, training: 'Stealth' } }, value: sweatGained },
  { label: 'level up a human fighter', c: markedHuman, request: { change: 'level-up', params: { 'in-safe-place': true, 'favored-foe': 'Troll', 'human-bonus': 'con' } }, value: sweatGained },
];

describe('exact odds against every path of the dice', () => {
  it.each(ODDS_CASES.map((x) => [x.label, x] as const))('%s', (_label, x) => {
    const odds = changeOdds(x.c, x.request);
    assertOk(odds);
    expect(odds.value.check).toBe(x.request.change);
    expect(odds.value.outcomes.reduce((a, o) => a + o.p, 0)).toBeCloseTo(1, 12);
    const run = (rng: RandomSource) => {
      const r = rollChange(rng, x.c, x.request);
      assertOk(r);
      return `${r.value.outcome}|${x.value?.(x.c, r.value.character) ?? ''}`;
    };
    const exact = enumeratedChances(enumeratePaths(run));
    const byOutcome = new Map<string, number>();
    const byValue = new Map<number, number>();
    for (const [k, p] of exact) {
      const [outcome, value] = k.split('|');
      byOutcome.set(outcome!, (byOutcome.get(outcome!) ?? 0) + p);
      if (value !== '') byValue.set(Number(value), (byValue.get(Number(value)) ?? 0) + p);
    }
    for (const o of odds.value.outcomes) expect(o.p, o.outcome).toBeCloseTo(byOutcome.get(o.outcome) ?? 0, 12);
    for (const outcome of byOutcome.keys()) expect(odds.value.outcomes.some((o) => o.outcome === outcome && o.p > 0), outcome).toBe(true);
    if (x.value !== undefined) {
      expect(odds.value.values).toBeDefined();
      for (const v of odds.value.values!) expect(v.p, `value ${v.value}`).toBeCloseTo(byValue.get(v.value) ?? 0, 12);
      expect([...byValue.keys()].every((k) => odds.value.values!.some((v) => v.value === k))).toBe(true);
    }
  });

  it('a level up with many marks (too many paths): seeded Monte Carlo within 4 sigma', () => {
    const c = sheet({ race: 'dwarf', class: 'cleric' }, { xp: 3, advancementChecks: { str: 5, dex: 3, con: 4, int: 1, wis: 2, cha: 0 }, stats: { str: { score: 13 }, dex: { score: 7 }, con: { score: 12 }, int: { score: 3 }, wis: { score: 6 }, cha: { score: 10 } } });
    const request = { change: 'level-up', params: { 'in-safe-place': true } };
    const odds = changeOdds(c, request);
    assertOk(odds);
    const n = 20_000;
    const rng = seededRandom(99);
    const counts = tally(n, () => {
      const r = rollChange(rng, c, request);
      assertOk(r);
      return r.value.outcome!;
    });
    for (const k of counts.keys()) expect(odds.value.outcomes.some((o) => o.outcome === k && o.p > 0), k).toBe(true);
    for (const o of odds.value.outcomes) expectWithinFourSigma(counts.get(o.outcome) ?? 0, n, o.p, 0, o.outcome);
  });
});

describe('characterValues for the table (ruling BB-36)', () => {
  /** The value at a JSON pointer of a document. */
  const at = (doc: unknown, pointer: string): unknown => pointer.slice(1).split('/').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], doc);

  it('health is Blood with its max; no armour value (AC is worked out); XP, level, coins and every pointer read the document', () => {
    const c = sheet({ race: 'dwarf', class: 'fighter' }, { inventory: [{ id: 'axe', label: 'Axe', slots: 1, usageDie: null, notches: 2 }, { id: 'torch', label: 'Torch', slots: 1, usageDie: 10, notches: 0 }] });
    const values = ruleSystem.characterValues(c);
    expect(values.find((v) => v.role === 'health')).toEqual({ id: 'blood', label: 'Blood', role: 'health', kind: 'number', pointer: '/blood/current', value: 12, max: { value: 12, pointer: '/blood/max' } });
    expect(values.filter((v) => v.role === 'armour')).toEqual([]);
    expect(['xp', 'level', 'coins'].map((role) => values.find((v) => v.role === role)?.pointer)).toEqual(['/xp', '/level', '/coins']);
    for (const v of values) {
      expect(at(c, v.pointer), v.id).toBe(v.value);
      if (v.max !== undefined) expect(at(c, v.max.pointer), v.id).toBe(v.max.value);
    }
    expect(values.map((v) => v.id)).toEqual(expect.arrayContaining(['item-0-notches', 'item-1-usage', 'armour-notches', 'arrows-to-recover']));
  });

  it('a tracker writing Blood\'s current value (0 to max, Sweat spent) always leaves a valid document: down at 0, standing above', () => {
    const c = sheet({ race: 'human', class: 'cleric' });
    for (let blood = 0; blood <= c.blood.max; blood++) {
      const r = readCharacter({ ...JSON.parse(JSON.stringify(c)), blood: { current: blood, max: c.blood.max } });
      assertOk(r, `Blood ${blood}`);
      expect(statusOf(r.value)).toBe(blood === 0 ? 'down' : 'standing');
    }
  });
});

// ---------- properties ----------

const POOL: readonly BareBonesCharacter[] = [
  ...evening(3).filter((_c, i) => i % 3 === 0),
  ...evening(11).slice(-5),
  dwarf,
  hurtElf,
  downHuman,
  sheet({ race: 'dwarf', class: 'cleric' }, { blood: { current: 0, max: 12 }, hasShortRestedToday: true }),
  sheet({ race: 'elf', class: 'sorcerer' }, { blood: { current: 0, max: 8 }, coins: 150 }),
  dyingHalfling,
  hungryHalfling,
  markedElf,
  markedHuman,
  sheet({ class: 'sorcerer', tradition: 'school' }, { sorcerer: { tradition: 'school', school: 'Necromancy', forbiddenSchool: null, spells: ['Dead Hand'], spellsToRoll: 2 } }),
  sheet({ race: 'human', class: 'cleric' }, { blood: { current: 0, max: 10 }, isDead: true, coins: 990, arrows: 30, arrowsToRecover: 4 }),
  sheet({ race: 'halfling', class: 'specialist' }, { armour: 'light', hasShield: true, armourNotches: 4, inventory: [{ id: 'dagger', label: 'Dagger', slots: 1, usageDie: null, notches: 5 }, { id: 'torch', label: 'Torch', slots: 1, usageDie: 4, notches: 0 }] }),
];

const TEXTS = ['', 'torch', 'Dagger', 'broadsword', 'Rations', 'Troll', 'poisoned, prone', 'x'.repeat(70), 'Stealth', 'craft', '  ', 'Necromancy'];

/** Any value a form could send for a parameter, now and then out of range or of the wrong kind. */
function paramValue(p: ParamDef): fc.Arbitrary<ParamValue> {
  const wrong = fc.constantFrom<ParamValue>('?', -1, true, 1.5);
  const right: fc.Arbitrary<ParamValue> =
    p.kind === 'integer' ? fc.oneof(fc.integer({ min: p.min, max: Math.min(p.max, p.min + 40) }), fc.integer({ min: p.min, max: p.max }))
    : p.kind === 'boolean' ? fc.boolean()
    : p.kind === 'choice' ? fc.constantFrom(...p.choices.map((x) => x.id))
    : p.kind === 'die' ? fc.constantFrom(...p.sides)
    : fc.constantFrom(...TEXTS);
  return fc.oneof({ weight: 12, arbitrary: right }, { weight: 1, arbitrary: wrong });
}

const anyRequest: fc.Arbitrary<CharacterChangeRequest> = fc.constantFrom(...BARE_BONES_CHANGES).chain((def) =>
  fc.record(Object.fromEntries(def.params.map((p) => [p.name, paramValue(p)])), { requiredKeys: [] }).map((params) => ({ change: def.id, params: params as Record<string, ParamValue> })),
);

/** Requests the rules mostly accept: the evening's, and level ups and edits that fit some of the pool. */
const likelyRequest: fc.Arbitrary<CharacterChangeRequest> = fc.constantFrom<CharacterChangeRequest>(
  ...BARE_BONES_EXAMPLES,
  { change: 'level-up', params: { 'in-safe-place': true, training: 'Stealth' } },
  { change: 'level-up', params: { 'in-safe-place': true, 'favored-foe': 'Troll' } },
  { change: 'level-up', params: { 'in-safe-place': true, 'human-bonus': 'str', 'favored-foe': 'Wyrm' } },
  { change: 'edit', params: { name: 'Wat', conditions: 'poisoned, prone', coins: 99 } },
  { change: 'edit', params: { spells: 'Dead Hand, Night Door', school: 'Necromancy', 'forbidden-school': 'Illusion' } },
);

const requestArb: fc.Arbitrary<CharacterChangeRequest> = fc.oneof(anyRequest, likelyRequest);

function deepFreeze<T>(v: T): T {
  if (typeof v === 'object' && v !== null) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
}

/** Accepted changes of the first property, by kind: each kind must be accepted somewhere for it to mean much. */
const accepted = new Map<string, number>();

describe('properties of every change', () => {
  test.prop([fc.nat({ max: POOL.length - 1 }), requestArb, fc.nat()], { numRuns: 3000 })(
    'a valid document or a typed refusal; the input untouched; Blood and Sweat within their maxima; rolled outcomes have odds',
    (i, request, seed) => {
      const c = deepFreeze(structuredClone(POOL[i]!));
      const before = JSON.stringify(c);
      const r = rollChange(seededRandom(seed), c, request);
      expect(JSON.stringify(c)).toBe(before);
      if (!r.ok) {
        expect(r.error.code).toMatch(/^(bare-bones|param|json)\//);
        expect(r.error.path).toMatch(/^\$/);
        expect(r.error.message.length).toBeGreaterThan(0);
        return;
      }
      accepted.set(request.change, (accepted.get(request.change) ?? 0) + 1);
      const read = readCharacter(JSON.parse(JSON.stringify(r.value.character)));
      assertOk(read, `${request.change} ${JSON.stringify(request.params)}`);
      const after = read.value;
      expect(after.blood.current).toBeLessThanOrEqual(after.blood.max);
      expect(after.sweat.current).toBeLessThanOrEqual(after.sweat.max);
      expect(r.value.summary.length).toBeLessThanOrEqual(MAX_HISTORY_SUMMARY_LENGTH);
      const def = BARE_BONES_CHANGES.find((d) => d.id === request.change)!;
      if (def.rollsDice) {
        const odds = changeOdds(c, request);
        assertOk(odds);
        expect(odds.value.outcomes.find((o) => o.outcome === r.value.outcome)?.p ?? 0).toBeGreaterThan(0);
      }
    },
  );

  it('every change kind was accepted in the property above', () => {
    expect(BARE_BONES_CHANGES.filter((d) => (accepted.get(d.id) ?? 0) === 0).map((d) => d.id)).toEqual([]);
  });

  test.prop([fc.nat({ max: POOL.length - 1 }), requestArb], { numRuns: 1000 })('odds refuse exactly what the roll refuses', (i, request) => {
    const c = POOL[i]!;
    const def = BARE_BONES_CHANGES.find((d) => d.id === request.change)!;
    if (!def.rollsDice) return;
    const odds = changeOdds(c, request);
    const roll = rollChange(seededRandom(5), c, request);
    expect(odds.ok).toBe(roll.ok);
    if (!odds.ok && !roll.ok) expect(odds.error).toEqual(roll.error);
  });

  it('a change never appends history: a character with history keeps it as it was', () => {
    const c = sheet({}, { history: [{ at: 1, by: 'cli', change: 'created', summary: 'Rolled' }] });
    for (const request of BARE_BONES_EXAMPLES.slice(0, 8)) {
      const r = rollChange(scriptedRandom(Array.from({ length: 20 }, () => 1)), c, request);
      if (r.ok) expect(r.value.character.history).toEqual(c.history);
    }
  });
});
