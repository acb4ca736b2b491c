import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scriptedRandom, seededRandom, type RandomSource } from '../../dice/random.js';
import { enumeratePaths, enumeratedChances } from '../../../test/enumerate.js';
import { assertOk, assertRefused } from '../../../test/narrow.js';
import { MAX_CHARACTER_CONDITIONS, MAX_CHARACTER_CONDITION_LENGTH, MAX_HISTORY_SUMMARY_LENGTH, MAX_NOTES_LENGTH, withHistory } from '../character-play.js';
import type { CharacterChangeRequest, ParamDef, ParamRecord } from '../rule-system.js';
import { MAX_HACKSILVER, MAX_XP, readCharacter, type SlamdCharacter } from './character.js';
import { ruleSystem } from './index.js';
import { CHANGES, EXAMPLES, MAX_CONDITIONS_TEXT_LENGTH, PLAY, changeOdds, prefill, rollChange } from './play.js';

const fresh = (seed = 1, options: ParamRecord = {}): SlamdCharacter => {
  const r = ruleSystem.rollCharacter(seededRandom(seed), options);
  assertOk(r);
  return r.value;
};
const apply = (c: SlamdCharacter, change: string, params: ParamRecord = {}, rng: RandomSource = seededRandom(7)): SlamdCharacter => {
  const r = rollChange(rng, c, { change, params });
  assertOk(r, `${change} ${JSON.stringify(params)}`);
  return r.value.character;
};
const refusal = (c: SlamdCharacter, change: string, params: ParamRecord = {}) => {
  const r = rollChange(seededRandom(7), c, { change, params });
  assertRefused(r);
  return r.error;
};
/** A character after every example up to (not including) `change` at index `upTo`. */
const evening = (upTo: number, rng: RandomSource = seededRandom(3)): SlamdCharacter => EXAMPLES.slice(0, upTo).reduce((c, ex) => apply(c, ex.change, ex.params, rng), fresh());
const deepFreeze = <T>(o: T): T => {
  if (typeof o === 'object' && o !== null) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
};

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

describe('the change kinds (contract: CharacterPlay)', () => {
  it('ids are kebab-case and unique; the common ids are used; every parameter has a label, help and a kebab-case name', () => {
    const ids = CHANGES.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(KEBAB);
    for (const common of ['damage', 'heal', 'rest', 'xp', 'edit', 'coins', 'item-add', 'item-remove', 'item-move']) expect(ids).toContain(common);
    for (const c of CHANGES) {
      expect(c.label.length, c.id).toBeGreaterThan(0);
      expect(c.help.length, c.id).toBeGreaterThan(0);
      expect(c.ref, c.id).toMatch(/^So Long as Men Die/);
      for (const p of c.params) {
        expect(p.name, `${c.id} ${p.name}`).toMatch(KEBAB);
        expect(p.label.length * p.help.length, `${c.id} ${p.name}`).toBeGreaterThan(0);
      }
      expect(new Set(c.params.map((p) => p.name)).size, c.id).toBe(c.params.length);
    }
    expect(ruleSystem.play).toBe(PLAY);
  });

  it('who may make each: the Smith grants XP, harm and Healing; the owner rests, edits, spends, carries', () => {
    const by = Object.fromEntries(CHANGES.map((c) => [c.id, c.by]));
    expect(by).toMatchObject({ damage: 'smith', xp: 'smith', heal: 'smith', 'set-condition': 'smith', 'left-for-dead': 'smith', rest: 'owner', edit: 'owner', coins: 'owner', 'item-add': 'owner', rescue: 'owner' });
  });

  it('every default and example is accepted by its own description', () => {
    for (const c of CHANGES) {
      const params = c.params as readonly ParamDef[];
      const required = Object.fromEntries(params.filter((p) => p.isRequired === true).map((p) => [p.name, p.example!]));
      for (const p of params) {
        if (p.isRequired === true) expect(p.example, `${c.id} --${p.name} needs an example`).toBeDefined();
        for (const value of [p.default, p.example]) {
          if (value === undefined) continue;
          const r = rollChange(seededRandom(1), fresh(), { change: c.id, params: { ...required, [p.name]: value } });
          if (!r.ok) expect(r.error.code, `${c.id} --${p.name} ${String(value)}`).not.toMatch(/^param\//);
        }
      }
    }
  });

  it('an unknown change, an unknown parameter and a bad value are refused with their path', () => {
    expect(refusal(fresh(), 'level-up')).toMatchObject({ code: 'so-long-as-men-die/unknown-change', path: '$.change' });
    expect(refusal(fresh(), 'rest', { nap: true })).toMatchObject({ code: 'param/unknown', path: '$.nap' });
    expect(refusal(fresh(), 'damage', { amount: -1 })).toMatchObject({ code: 'param/out-of-range', path: '$.amount' });
    expect(refusal(fresh(), 'damage', {})).toMatchObject({ code: 'param/missing', path: '$.amount' });
  });

  it('changes that roll have odds; the others refuse odds', () => {
    for (const c of CHANGES) {
      const ex = EXAMPLES.find((e) => e.change === c.id)!;
      const at = EXAMPLES.indexOf(ex);
      const odds = changeOdds(evening(at), ex);
      if (c.rollsDice) {
        assertOk(odds, c.id);
        expect(Math.abs(odds.value.outcomes.reduce((s, o) => s + o.p, 0) - 1), c.id).toBeLessThan(1e-12);
      } else {
        expect(odds, c.id).toMatchObject({ ok: false, error: { code: 'so-long-as-men-die/change-does-not-roll' } });
      }
    }
  });

  it('prefill: the edit starts from the current fields, the damage from the usable Toughness Dice', () => {
    const c = { ...fresh(), conditions: ['prone', 'poisoned'], hacksilver: 7 };
    expect(prefill(c, 'edit')).toEqual({ name: c.name, notes: '', conditions: 'prone, poisoned', hacksilver: 7 });
    expect(prefill(c, 'damage')).toEqual({ 'toughness-dice': c.toughness.dice });
    expect(prefill({ ...c, condition: 'unconscious' }, 'damage')).toEqual({ 'toughness-dice': 0 });
    expect(prefill(c, 'rest')).toEqual({});
    const edit = rollChange(seededRandom(1), c, { change: 'edit', params: prefill(c, 'edit') });
    expect(edit).toMatchObject({ ok: false, error: { code: 'so-long-as-men-die/nothing-changed' } });
  });
});

describe('examples: a short evening (contract: CharacterPlay.examples)', () => {
  it('covers every change kind', () => {
    expect(new Set(EXAMPLES.map((e) => e.change))).toEqual(new Set(CHANGES.map((c) => c.id)));
  });

  it('apply in order to rollCharacter(seededRandom(1), {}), every one accepted, whatever the dice (500 seeds)', () => {
    for (let seed = 1; seed <= 500; seed++) {
      const rng = seededRandom(seed);
      let c: SlamdCharacter = fresh();
      for (const [i, ex] of EXAMPLES.entries()) {
        const r = rollChange(rng, c, ex);
        assertOk(r, `seed ${seed}, example ${i} ${ex.change}`);
        expect(r.value.summary.length).toBeLessThanOrEqual(MAX_HISTORY_SUMMARY_LENGTH);
        c = withHistory(r.value.character as unknown as Record<string, unknown>, { at: i, by: 'cli', change: ex.change, summary: r.value.summary }) as unknown as SlamdCharacter;
      }
      expect(readCharacter(JSON.parse(JSON.stringify(c))).ok).toBe(true);
      expect(c.history).toHaveLength(EXAMPLES.length);
    }
  });
});

/** Chances of each outcome of `request` by enumerating every face path of `rollChange`. */
function enumerated(c: SlamdCharacter, request: CharacterChangeRequest): Map<string, number> {
  return enumeratedChances(enumeratePaths((rng) => {
    const r = rollChange(rng, c, request);
    if (!r.ok) throw new Error(r.error.message);
    return r.value.outcome!;
  }, { maxPaths: 1_500_000 }));
}

function expectExact(c: SlamdCharacter, request: CharacterChangeRequest): void {
  const odds = changeOdds(c, request);
  assertOk(odds);
  const exact = enumerated(c, request);
  for (const [outcome, p] of exact) {
    const listed = odds.value.outcomes.find((o) => o.outcome === outcome);
    expect(listed, `${outcome} rolled but not in the odds`).toBeDefined();
    expect(Math.abs(listed!.p - p), `${request.change} ${outcome}`).toBeLessThan(1e-12);
  }
  for (const o of odds.value.outcomes) expect(Math.abs(o.p - (exact.get(o.outcome) ?? 0)), `${request.change} ${o.outcome}`).toBeLessThan(1e-12);
}

describe('odds against every roll (exact enumeration)', () => {
  const armed = (c: SlamdCharacter): SlamdCharacter => ({ ...c, toughness: { dice: 2, exhausted: 0 } });
  it.each([
    ['a spear thrust on the Lizard (d6 natural armour, 2 Toughness Dice, one at a time)', { amount: 7 }],
    ['choosing mutilation on a made save', { amount: 9, choice: 'mutilated' }],
    ['every die at once, a shield-like bonus', { amount: 12, soak: 'all-at-once', 'defense-bonus': 2 }],
    ['a fall: no Defense, no Toughness', { amount: 6, defend: false, 'toughness-dice': 0, choice: 'mutilated' }],
    ['a nonlethal blow', { amount: 5, nonlethal: true }],
    ['a great blow: Awful and severed heads', { amount: 14, defend: false, 'toughness-dice': 1, choice: 'mutilated' }],
  ] as const)('damage: %s', (_name, params) => {
    expectExact(armed(fresh()), { change: 'damage', params });
  });

  it('damage on the last Wound: every injury kills', () => {
    const c = { ...armed(fresh()), woundsLeft: 1 };
    expectExact(c, { change: 'damage', params: { amount: 8 } });
    const odds = changeOdds(c, { change: 'damage', params: { amount: 8, defend: false, 'toughness-dice': 0 } });
    assertOk(odds);
    expect(odds.value.outcomes.find((o) => o.outcome === 'dead')!.p).toBe(1);
  });

  it('Sickly and Artful Dodger change the exhausting faces the odds read', () => {
    const c = { ...armed(fresh(5, { traits: 'pick', 'trait-1': 'sickly', 'trait-2': 'artful-dodger' })) };
    expectExact(c, { change: 'damage', params: { amount: 8 } });
    expectExact(c, { change: 'toughness-roll', params: { dice: 2 } });
  });

  it('toughness-roll and left-for-dead', () => {
    expectExact(armed(fresh()), { change: 'toughness-roll', params: { dice: 2 } });
    expectExact({ ...fresh(), condition: 'unconscious' }, { change: 'left-for-dead', params: { 'save-modifier': -3 } });
  });

  it('the damage values are the damage past Toughness, and each roll reports one of them', () => {
    const c = armed(fresh());
    const request = { change: 'damage', params: { amount: 9 } };
    const odds = changeOdds(c, request);
    assertOk(odds);
    expect(Math.abs(odds.value.values!.reduce((s, v) => s + v.p, 0) - 1)).toBeLessThan(1e-12);
    const rng = seededRandom(11);
    for (let i = 0; i < 200; i++) {
      const r = rollChange(rng, c, request);
      assertOk(r);
      expect(odds.value.outcomes.find((o) => o.outcome === r.value.outcome)!.p).toBeGreaterThan(0);
    }
  });
});

describe('odds against seeded rolls (frequencies within 4 sigma)', () => {
  it('damage with three Toughness Dice against plate and a shield', () => {
    let c = { ...fresh(9, { traits: 'pick', 'trait-1': 'healthy', 'trait-2': 'ogre', class: 'Reaver', 'class-toughness': 1 }) };
    c = apply(apply(c, 'item-add', { item: 'chain', carry: 'readied' }), 'item-add', { item: 'shield', carry: 'readied' });
    c = apply(c, 'item-move', { item: 2, hands: '1' });
    const request = { change: 'damage', params: { amount: 15 } };
    const odds = changeOdds(c, request);
    assertOk(odds);
    const n = 20_000;
    const counts = new Map<string, number>();
    const rng = seededRandom(2026);
    for (let i = 0; i < n; i++) {
      const r = rollChange(rng, c, request);
      assertOk(r);
      counts.set(r.value.outcome!, (counts.get(r.value.outcome!) ?? 0) + 1);
    }
    for (const o of odds.value.outcomes) {
      const seen = (counts.get(o.outcome) ?? 0) / n;
      const sigma = Math.sqrt((o.p * (1 - o.p)) / n);
      expect(Math.abs(seen - o.p), o.outcome).toBeLessThanOrEqual(4 * sigma + 1e-9);
    }
    for (const k of counts.keys()) expect(odds.value.outcomes.find((o) => o.outcome === k)!.p, k).toBeGreaterThan(0);
  });
});

/** Any request of a known change with parameters drawn from its own descriptions (and some out of them). */
const anyRequest: fc.Arbitrary<CharacterChangeRequest> = fc.constantFrom(...CHANGES).chain((def) => {
  const entries = (def.params as readonly ParamDef[]).map((p) => {
    let value: fc.Arbitrary<unknown>;
    switch (p.kind) {
      case 'integer': value = fc.oneof(fc.integer({ min: Math.max(p.min, -30), max: Math.min(p.max, 30) }), fc.integer({ min: p.min, max: p.max })); break;
      case 'boolean': value = fc.boolean(); break;
      case 'choice': value = fc.constantFrom(...p.choices.map((c) => c.id)); break;
      case 'die': value = fc.constantFrom(...p.sides); break;
      case 'text': value = fc.oneof(fc.constantFrom('', '0', '1', '1/3', '2', '0,1', 'none', 'Ash', 'prone, poisoned'), fc.string({ maxLength: Math.min(p.maxLength, 20) })); break;
    }
    return [p.name, fc.option(value, { nil: undefined })] as const;
  });
  return fc.record(Object.fromEntries(entries)).map((params) => ({
    change: def.id,
    params: Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) as ParamRecord,
  }));
});

describe('properties (fast-check)', () => {
  it('every change, in any order, either gives a document that reads back or is refused with a typed problem; the input is never touched', () => {
    fc.assert(fc.property(fc.nat({ max: 1000 }), fc.array(anyRequest, { maxLength: 25 }), fc.nat({ max: 0xffff }), (seed, requests, rngSeed) => {
      let c = fresh(seed);
      const rng = seededRandom(rngSeed);
      for (const request of requests) {
        const before = JSON.stringify(c);
        deepFreeze(c);
        const r = rollChange(rng, c, request);
        expect(JSON.stringify(c)).toBe(before);
        if (!r.ok) {
          expect(r.error.code).toMatch(/^[a-z-]+\/[a-z-]+$/);
          expect(r.error.message.length).toBeGreaterThan(0);
          if (r.error.path !== undefined) expect(r.error.path).toMatch(/^\$/);
          continue;
        }
        const read = readCharacter(JSON.parse(JSON.stringify(r.value.character)));
        assertOk(read);
        expect(read.value).toEqual(r.value.character);
        c = r.value.character;
        // Nothing is ever above its base: Wounds by CON, exhausted by the dice.
        expect(c.woundsLeft).toBeLessThanOrEqual(c.stats.con.score);
        expect(c.toughness.exhausted).toBeLessThanOrEqual(c.toughness.dice);
        if (c.woundsLeft === 0 && request.change === 'damage') expect(c.condition).toBe('dead');
      }
    }), { numRuns: 300 });
  });

  it('a refused change leaves the document as it was (the same object is returned to no one)', () => {
    const c = deepFreeze(fresh());
    const before = JSON.stringify(c);
    for (const [change, params] of [['coins', { amount: -1 }], ['heal', {}], ['left-for-dead', {}], ['item-remove', { item: 1 }], ['edit', { name: ' ' }]] as const) {
      assertRefused(rollChange(seededRandom(1), c, { change, params }));
      expect(JSON.stringify(c)).toBe(before);
    }
  });

  it('the same dice give the same change', () => {
    fc.assert(fc.property(anyRequest, fc.nat({ max: 0xffff }), (request, s) => {
      const c = fresh(4);
      expect(JSON.stringify(rollChange(seededRandom(s), c, request))).toBe(JSON.stringify(rollChange(seededRandom(s), c, request)));
    }), { numRuns: 200 });
  });
});

describe('edit: name, notes, conditions, hacksilver', () => {
  it('changes what is given and keeps the rest; conditions come as comma-separated text', () => {
    const c = apply(fresh(), 'edit', { notes: 'Owes the ferryman.', conditions: ' prone,  poisoned ,, ' });
    expect([c.name, c.notes, c.conditions, c.hacksilver]).toEqual([fresh().name, 'Owes the ferryman.', ['prone', 'poisoned'], 0]);
    expect(apply(c, 'edit', { conditions: '' }).conditions).toEqual([]);
    expect(apply(c, 'edit', { hacksilver: 12, name: 'Wat' })).toMatchObject({ hacksilver: 12, name: 'Wat' });
  });

  it('refuses a blank name, a condition twice, too many or too long, with the path', () => {
    expect(refusal(fresh(), 'edit', { name: '  ' })).toMatchObject({ code: 'so-long-as-men-die/blank-name', path: '$.name' });
    expect(refusal(fresh(), 'edit', { conditions: 'prone, Prone' })).toMatchObject({ code: 'so-long-as-men-die/bad-conditions', path: '$.conditions' });
    const many = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`).join(', ');
    expect(apply(fresh(), 'edit', { conditions: many(MAX_CHARACTER_CONDITIONS) }).conditions).toHaveLength(MAX_CHARACTER_CONDITIONS);
    expect(refusal(fresh(), 'edit', { conditions: many(MAX_CHARACTER_CONDITIONS + 1) }).path).toBe('$.conditions');
    expect(apply(fresh(), 'edit', { conditions: 'x'.repeat(MAX_CHARACTER_CONDITION_LENGTH) }).conditions).toHaveLength(1);
    expect(refusal(fresh(), 'edit', { conditions: 'x'.repeat(MAX_CHARACTER_CONDITION_LENGTH + 1) }).path).toBe('$.conditions');
  });

  it(`limits: notes ${MAX_NOTES_LENGTH}, conditions text ${MAX_CONDITIONS_TEXT_LENGTH}, hacksilver ${MAX_HACKSILVER}, at and one past`, () => {
    expect(apply(fresh(), 'edit', { notes: 'n'.repeat(MAX_NOTES_LENGTH) }).notes).toHaveLength(MAX_NOTES_LENGTH);
    expect(refusal(fresh(), 'edit', { notes: 'n'.repeat(MAX_NOTES_LENGTH + 1) })).toMatchObject({ code: 'param/too-long', path: '$.notes' });
    const longest = Array.from({ length: MAX_CHARACTER_CONDITIONS }, (_, i) => `${String(i).padStart(2, '0')}${'c'.repeat(MAX_CHARACTER_CONDITION_LENGTH - 2)}`).join(', ');
    expect(longest.length).toBeLessThanOrEqual(MAX_CONDITIONS_TEXT_LENGTH);
    expect(apply(fresh(), 'edit', { conditions: longest }).conditions).toHaveLength(MAX_CHARACTER_CONDITIONS);
    expect(refusal(fresh(), 'edit', { conditions: 'c'.repeat(MAX_CONDITIONS_TEXT_LENGTH + 1) })).toMatchObject({ code: 'param/too-long' });
    expect(apply(fresh(), 'edit', { hacksilver: MAX_HACKSILVER }).hacksilver).toBe(MAX_HACKSILVER);
    expect(refusal(fresh(), 'edit', { hacksilver: MAX_HACKSILVER + 1 })).toMatchObject({ code: 'param/out-of-range', path: '$.hacksilver' });
  });
});

describe('xp: the Smith\'s tally (no advancement in the text, SL-29)', () => {
  it('adds and takes back, never below 0 nor above the limit', () => {
    const c = apply(fresh(), 'xp', { amount: 120, reason: 'The crypt' });
    expect(c.xp).toBe(120);
    expect(apply(c, 'xp', { amount: -120 }).xp).toBe(0);
    expect(refusal(c, 'xp', { amount: -121 })).toMatchObject({ code: 'so-long-as-men-die/xp-below-zero', path: '$.amount' });
    expect(refusal(c, 'xp', { amount: 0 })).toMatchObject({ code: 'so-long-as-men-die/no-amount', path: '$.amount' });
    expect(apply(fresh(), 'xp', { amount: MAX_XP }).xp).toBe(MAX_XP);
    expect(refusal(apply(fresh(), 'xp', { amount: MAX_XP }), 'xp', { amount: 1 })).toMatchObject({ code: 'so-long-as-men-die/too-much-xp' });
  });
});

describe('swap-stats: the one swap of creation (Character Creation; SL-16, SL-32)', () => {
  it('swaps once; moving CON moves the Wounds left with it', () => {
    const c = fresh();
    const s = apply(c, 'swap-stats', { 'swap-a': 'con', 'swap-b': 'cha' });
    expect([s.stats.con.score, s.woundsLeft, s.creation.swap]).toEqual([c.stats.cha.score, c.stats.cha.score, ['con', 'cha']]);
    expect(refusal(s, 'swap-stats', { 'swap-a': 'str', 'swap-b': 'dex' })).toMatchObject({ code: 'so-long-as-men-die/already-swapped' });
  });

  it('refuses moving CON once a Wound is taken, and a stat with itself', () => {
    const hurt = { ...fresh(), woundsLeft: fresh().stats.con.score - 1 };
    expect(refusal(hurt, 'swap-stats', { 'swap-a': 'con', 'swap-b': 'str' })).toMatchObject({ code: 'so-long-as-men-die/swap-after-wounds', path: '$.swap-a' });
    expect(apply(hurt, 'swap-stats', { 'swap-a': 'dex', 'swap-b': 'str' }).woundsLeft).toBe(hurt.woundsLeft);
    expect(refusal(fresh(), 'swap-stats', { 'swap-a': 'dex', 'swap-b': 'dex' })).toMatchObject({ code: 'so-long-as-men-die/swap-same-stat', path: '$.swap-b' });
  });

  it('a scripted character: the dice decide nothing here', () => {
    const r = ruleSystem.rollCharacter(scriptedRandom([...Array<number>(18).fill(3), 1, 1, 1]), { name: 'Wat' });
    assertOk(r);
    expect(apply(r.value, 'swap-stats', { 'swap-a': 'str', 'swap-b': 'wis' }).stats.str.score).toBe(9);
  });
});
