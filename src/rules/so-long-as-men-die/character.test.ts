import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scriptedRandom, seededRandom } from '../../dice/random.js';
import { MAX_SCORE, MIN_SCORE, statModifier } from './attributes.js';
import {
  CHARACTER_SCHEMA_VERSION,
  MAX_CLASS_LABEL_LENGTH,
  MAX_COUNTDOWN,
  MAX_HACKSILVER,
  MAX_XP,
  migrateCharacterV1,
  MAX_CLASS_TOUGHNESS_DICE,
  MAX_ITEM_COUNT,
  MAX_LIST_ENTRIES,
  MAX_NAME_LENGTH,
  MAX_NOTE_LENGTH,
  MAX_SLOT_DENOMINATOR,
  readCharacter,
  type SlamdCharacter,
} from './character.js';
import { MAX_TOUGHNESS_DICE } from './toughness.js';
import { CREATION_OPTIONS, ROLLED_NAMES, rollCharacter, rollTraits, swapStats } from './create-character.js';
import { TRAITS, TRAITS_ROLLED, TRAIT_DIE } from './data/traits.js';
import { assertOk, assertRefused } from '../../../test/narrow.js';

const STATS_18 = [1, 2, 3, 4, 5, 6, 6, 6, 6, 1, 1, 1, 3, 3, 3, 2, 2, 2];
const rolled = (faces: readonly number[], options: Record<string, string | number | boolean> = {}): SlamdCharacter => {
  // Named, so that the scripted dice are the stats' and traits' only (a name left out rolls one more).
  const r = rollCharacter(scriptedRandom(faces), { name: 'Wat', ...options });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const mustFail = (json: unknown): { code: string; path?: string } => {
  const r = readCharacter(json);
  if (r.ok) throw new Error('expected a problem');
  return r.error;
};

describe('stats: 3d6 down the line, one swap, Modifier half minus five (Character Creation; SL-1)', () => {
  it('modifier = floor(score / 2) - 5', () => {
    expect([3, 4, 5, 9, 10, 11, 12, 17, 18, 20].map(statModifier)).toEqual([-4, -3, -3, -1, 0, 0, 1, 3, 4, 5]);
    expect(statModifier(0)).toBe(-5);
  });

  it('rolls STR first, three dice each, then the traits, then a name when none is given (SL-36)', () => {
    const made = rollCharacter(scriptedRandom([...STATS_18, 1, 1, 1, 5]), { traits: 'roll' });
    assertOk(made);
    const c = made.value;
    expect(c.stats).toEqual({
      str: { score: 6, mod: -2 }, dex: { score: 15, mod: 2 }, con: { score: 18, mod: 4 },
      int: { score: 3, mod: -4 }, wis: { score: 9, mod: -1 }, cha: { score: 6, mod: -2 },
    });
    expect(c.traits).toEqual(['artful-dodger', 'brick-shithouse', 'psychopath']);
    expect(c.creation.traitRolls).toEqual([1, 1, 1]);
    expect(c.name).toBe(ROLLED_NAMES[4]);
    // A name given rolls no die for it: the same dice give the same character.
    const named = rolled([...STATS_18, 1, 1, 1], { traits: 'roll', name: 'Wat' });
    expect(named.name).toBe('Wat');
    expect(named.stats).toEqual(c.stats);
  });

  it('the swap trades two Scores (STR and CON here)', () => {
    const c = rolled(STATS_18, { 'swap-a': 'str', 'swap-b': 'con', traits: 'pick', 'trait-1': 'orc', 'trait-2': 'lucky' });
    expect(c.stats.str.score).toBe(18);
    expect(c.stats.con.score).toBe(6);
    expect(c.creation.swap).toEqual(['str', 'con']);
  });

  it('swapStats makes the one swap after the roll, and only once (SL-16)', () => {
    const c = rolled(STATS_18, { traits: 'pick', 'trait-1': 'orc', 'trait-2': 'lucky' });
    const s = swapStats(c, 'int', 'con');
    expect(s.ok && s.value.stats.int).toEqual({ score: 18, mod: 4 });
    expect(s.ok && swapStats(s.value, 'str', 'dex').ok).toBe(false);
  });

  it('Jack raises every Score by 2; Healthy adds a Toughness Die; a class adds its own', () => {
    const c = rolled(STATS_18, { traits: 'pick', 'trait-1': 'jack', 'trait-2': 'healthy', class: 'Sellsword', 'class-toughness': 1 });
    expect(c.stats.con).toEqual({ score: 20, mod: 5 });
    expect(c.toughness).toEqual({ dice: 3, exhausted: 0 });
    expect(c.class).toEqual({ id: 'sellsword', label: 'Sellsword', extraToughnessDice: 1, notes: '' });
  });
});

describe('traits: pick 2 or roll 3 (Traits; SL-4)', () => {
  it('rolls without repeats: d45, then d44 and d43 over what is left', () => {
    const r = rollTraits(scriptedRandom([45, 44, 1]), TRAITS_ROLLED);
    expect(r.ids).toEqual(['firebreather', 'wheelchair-bound', 'artful-dodger']);
    expect(TRAIT_DIE).toBe(TRAITS.length);
  });

  it('every seed gives three different known traits', () => {
    fc.assert(fc.property(fc.nat({ max: 0xffff_ffff }), (seed) => {
      const ids = rollTraits(seededRandom(seed), TRAITS_ROLLED).ids;
      expect(new Set(ids).size).toBe(3);
    }), { numRuns: 300 });
  });

  it('problems: missing, repeated, or named while rolling', () => {
    const codes = (o: Record<string, string>) => {
      const r = rollCharacter(seededRandom(1), o);
      return r.ok ? null : [r.error.code, r.error.path];
    };
    expect(codes({ traits: 'pick', 'trait-1': 'orc' })).toEqual(['so-long-as-men-die/trait-missing', '$.trait-2']);
    expect(codes({ traits: 'pick', 'trait-1': 'orc', 'trait-2': 'orc' })).toEqual(['so-long-as-men-die/trait-twice', '$.trait-2']);
    expect(codes({ 'trait-1': 'orc' })).toEqual(['so-long-as-men-die/trait-with-roll', '$.trait-1']);
    expect(codes({ 'trait-1': 'elfish' })?.[0]).toBe('param/unknown-choice');
  });
});

describe('creation options', () => {
  const fails = (o: Record<string, string | number>) => {
    const r = rollCharacter(seededRandom(1), o);
    return r.ok ? null : r.error.code;
  };
  it('a swap needs two different stats', () => {
    expect(fails({ 'swap-a': 'str' })).toBe('so-long-as-men-die/swap-needs-pair');
    expect(fails({ 'swap-a': 'str', 'swap-b': 'str' })).toBe('so-long-as-men-die/swap-same-stat');
  });
  it(`names up to ${MAX_NAME_LENGTH} characters, not blank; unknown options refused`, () => {
    expect(fails({ name: 'x'.repeat(MAX_NAME_LENGTH) })).toBeNull();
    expect(fails({ name: 'x'.repeat(MAX_NAME_LENGTH + 1) })).toBe('param/too-long');
    expect(fails({ name: '   ' })).toBe('so-long-as-men-die/blank-name');
    expect(fails({ level: 3 })).toBe('param/unknown');
  });
  it('class Toughness needs a class, and stays within its limit', () => {
    expect(fails({ 'class-toughness': 1 })).toBe('so-long-as-men-die/class-toughness-without-class');
    const max = CREATION_OPTIONS.find((o) => o.name === 'class-toughness')!;
    expect(max.kind === 'integer' && fails({ class: 'Reaver', 'class-toughness': max.max })).toBeNull();
    expect(max.kind === 'integer' && fails({ class: 'Reaver', 'class-toughness': max.max + 1 })).toBe('param/out-of-range');
  });
});

describe('documents: same seed, same JSON; read(roll(seed)) round-trips', () => {
  it('byte-identical JSON for the same seed and options', () => {
    const opts = { name: 'Wat', 'swap-a': 'dex', 'swap-b': 'wis' };
    expect(JSON.stringify(rollCharacter(seededRandom(99), opts))).toBe(JSON.stringify(rollCharacter(seededRandom(99), opts)));
  });

  it('1,000 seeds round-trip through JSON and readCharacter', () => {
    fc.assert(fc.property(fc.nat({ max: 0xffff_ffff }), fc.boolean(), (seed, pick) => {
      const r = rollCharacter(seededRandom(seed), pick ? { traits: 'pick', 'trait-1': 'ogre', 'trait-2': 'crop' } : {});
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      const read = readCharacter(JSON.parse(JSON.stringify(r.value)));
      expect(read).toEqual({ ok: true, value: r.value });
    }), { numRuns: 1000 });
  });
});

describe('readCharacter names the JSON path of every problem', () => {
  const good = rolled([...STATS_18, 1, 1, 1]);
  const edit = (f: (d: Record<string, any>) => void): unknown => {
    const d = JSON.parse(JSON.stringify(good));
    f(d);
    return d;
  };

  it.each([
    ['wrong ruleset', (d: Record<string, any>) => { d.ruleset = 'hammercrawl'; }, '$.ruleset', 'so-long-as-men-die/wrong-ruleset'],
    ['newer schema', (d: Record<string, any>) => { d.schemaVersion = 3; }, '$.schemaVersion', 'so-long-as-men-die/unsupported-version'],
    ['mod that does not match', (d: Record<string, any>) => { d.stats.str.mod = 3; }, '$.stats.str.mod', 'so-long-as-men-die/mod-mismatch'],
    ['score too high', (d: Record<string, any>) => { d.stats.dex.score = MAX_SCORE + 1; }, '$.stats.dex.score', 'so-long-as-men-die/out-of-range'],
    ['missing stat', (d: Record<string, any>) => { delete d.stats.cha; }, '$.stats.cha', 'so-long-as-men-die/missing-field'],
    ['extra field', (d: Record<string, any>) => { d.hp = 3; }, '$.hp', 'so-long-as-men-die/unknown-field'],
    ['unknown trait', (d: Record<string, any>) => { d.traits[1] = 'wizard'; }, '$.traits[1]', 'so-long-as-men-die/unknown-choice'],
    ['exhausted > dice', (d: Record<string, any>) => { d.toughness.exhausted = 2; }, '$.toughness.exhausted', 'so-long-as-men-die/out-of-range'],
    ['blank name', (d: Record<string, any>) => { d.name = ' '; }, '$.name', 'so-long-as-men-die/blank'],
    ['bad stat die', (d: Record<string, any>) => { d.creation.statDice.wis[2] = 7; }, '$.creation.statDice.wis[2]', 'so-long-as-men-die/out-of-range'],
    ['bad inventory carry', (d: Record<string, any>) => {
      d.inventory = [{ kind: 'weapon', itemId: 'dagger', label: 'Dagger', slots: { numerator: 1, denominator: 3 }, count: 1, carry: 'worn', hands: [] }];
    }, '$.inventory[0].carry', 'so-long-as-men-die/unknown-choice'],
  ])('%s', (_name, f, path, code) => {
    expect(mustFail(edit(f))).toMatchObject({ path, code });
  });

  it('malformed documents never throw and always give a path (fast-check)', () => {
    const base = JSON.parse(JSON.stringify(good)) as Record<string, unknown>;
    const paths: string[][] = [];
    const walk = (v: unknown, at: string[]) => {
      paths.push(at);
      if (typeof v === 'object' && v !== null) for (const [k, x] of Object.entries(v)) walk(x, [...at, k]);
    };
    walk(base, []);
    let refused = 0;
    fc.assert(fc.property(fc.nat({ max: paths.length - 1 }), fc.jsonValue(), (i, value) => {
      const doc = JSON.parse(JSON.stringify(base));
      const at = paths[i]!;
      if (at.length === 0) {
        const r = readCharacter(value);
        assertRefused(r);
        expect(r.error.path).toMatch(/^\$/);
        return;
      }
      let o = doc;
      for (const k of at.slice(0, -1)) o = o[k];
      o[at[at.length - 1]!] = value;
      const r = readCharacter(doc);
      if (!r.ok) {
        refused += 1;
        expect(r.error.path).toMatch(/^\$/);
      }
    }), { numRuns: 2000 });
    // The replacements were refused often enough for the check above to mean something.
    expect(refused).toBeGreaterThan(500);
    fc.assert(fc.property(fc.anything(), (value) => {
      const r = readCharacter(value);
      assertRefused(r);
      expect(typeof r.error.path).toBe('string');
    }), { numRuns: 500 });
  });
});

describe('document limits, at and one past', () => {
  const good = rolled([...STATS_18, 1, 1, 1], { class: 'Reaver' });
  const entry = { kind: 'gear', itemId: 'rope', label: 'Rope', slots: { numerator: 1, denominator: 1 }, count: 1, carry: 'stowed', hands: [] };
  const withDoc = (f: (d: Record<string, any>) => void) => {
    const d = JSON.parse(JSON.stringify(good));
    f(d);
    return readCharacter(d);
  };
  const pair = (f: (d: Record<string, any>, v: number) => void, at: number) => [withDoc((d) => f(d, at)).ok, withDoc((d) => f(d, at + 1)).ok];

  it.each([
    ['MAX_SCORE', (d: Record<string, any>, v: number) => { d.stats.wis = { score: v, mod: Math.floor(v / 2) - 5 }; }, MAX_SCORE],
    ['MAX_NAME_LENGTH', (d: Record<string, any>, v: number) => { d.name = 'n'.repeat(v); }, MAX_NAME_LENGTH],
    ['MAX_CLASS_LABEL_LENGTH', (d: Record<string, any>, v: number) => { d.class.label = 'c'.repeat(v); }, MAX_CLASS_LABEL_LENGTH],
    ['MAX_CLASS_TOUGHNESS_DICE', (d: Record<string, any>, v: number) => { d.class.extraToughnessDice = v; }, MAX_CLASS_TOUGHNESS_DICE],
    ['MAX_NOTE_LENGTH', (d: Record<string, any>, v: number) => { d.class.notes = 'x'.repeat(v); }, MAX_NOTE_LENGTH],
    ['MAX_LIST_ENTRIES', (d: Record<string, any>, v: number) => { d.inventory = Array.from({ length: v }, () => entry); }, MAX_LIST_ENTRIES],
    ['MAX_ITEM_COUNT', (d: Record<string, any>, v: number) => { d.inventory = [{ ...entry, count: v }]; }, MAX_ITEM_COUNT],
    ['MAX_SLOT_DENOMINATOR', (d: Record<string, any>, v: number) => { d.inventory = [{ ...entry, slots: { numerator: 1, denominator: v } }]; }, MAX_SLOT_DENOMINATOR],
    ['MAX_TOUGHNESS_DICE', (d: Record<string, any>, v: number) => { d.toughness = { dice: v, exhausted: 0 }; }, MAX_TOUGHNESS_DICE],
  ] as const)('%s', (_name, f, at) => {
    expect(pair(f, at)).toEqual([true, false]);
  });

  it('MIN_SCORE: 0 reads, -1 does not', () => {
    expect(withDoc((d) => { d.stats.cha = { score: MIN_SCORE, mod: -5 }; }).ok).toBe(true);
    expect(withDoc((d) => { d.stats.cha = { score: MIN_SCORE - 1, mod: -6 }; }).ok).toBe(false);
  });
});

describe('schema 2, and schema 1 migrated to it (Stats, Constitution; SL-24, SL-29, SL-30)', () => {
  const v1 = JSON.parse(readFileSync(new URL('./fixtures/character-v1.json', import.meta.url), 'utf8')) as Record<string, any>;
  const v2 = (): Record<string, any> => JSON.parse(JSON.stringify(rolled([...STATS_18, 1, 1, 1])));

  it('a version 1 document reads as version 2: every Wound the CON Score allows, no hacksilver or XP, nothing noted', () => {
    const r = readCharacter(v1);
    assertOk(r);
    expect(r.value.schemaVersion).toBe(CHARACTER_SCHEMA_VERSION);
    expect(r.value).toMatchObject({ woundsLeft: 9, hacksilver: 0, xp: 0, notes: '', conditions: [], history: [], condition: 'unconscious' });
    expect(r.value.injuries).toEqual(v1.injuries);
    expect(readCharacter(JSON.parse(JSON.stringify(r.value)))).toEqual(r);
  });

  it('migrateCharacterV1 is pure: the old document is untouched', () => {
    const before = JSON.stringify(v1);
    const r = readCharacter(v1);
    assertOk(r);
    const { woundsLeft, hacksilver, xp, notes, conditions, history, ...rest } = r.value;
    expect(migrateCharacterV1({ ...rest, schemaVersion: 1 })).toEqual(r.value);
    expect([woundsLeft, hacksilver, xp, notes, conditions, history]).toEqual([9, 0, 0, '', [], []]);
    expect(JSON.stringify(v1)).toBe(before);
  });

  it('version 1 keeps its own shape: schema 2 fields in it are unknown', () => {
    expect(mustFail({ ...v1, woundsLeft: 3 })).toMatchObject({ code: 'so-long-as-men-die/unknown-field', path: '$.woundsLeft' });
    expect(mustFail({ ...v1, injuries: [{ mutilationId: 'maimed', note: '', location: 'arm' }] })).toMatchObject({ path: '$.injuries[0].location' });
  });

  it.each([
    ['Wounds left missing', (d: Record<string, any>) => { delete d.woundsLeft; }, '$.woundsLeft', 'so-long-as-men-die/missing-field'],
    ['more Wounds left than CON', (d: Record<string, any>) => { d.woundsLeft = d.stats.con.score + 1; }, '$.woundsLeft', 'so-long-as-men-die/wounds-over-con'],
    ['negative hacksilver', (d: Record<string, any>) => { d.hacksilver = -1; }, '$.hacksilver', 'so-long-as-men-die/out-of-range'],
    ['notes not text', (d: Record<string, any>) => { d.notes = 3; }, '$.notes', 'json/invalid'],
    ['a condition twice', (d: Record<string, any>) => { d.conditions = ['prone', 'Prone']; }, '$.conditions[1]', 'json/invalid'],
    ['history out of order', (d: Record<string, any>) => { d.history = [{ at: 5, by: 'S', change: 'xp', summary: '' }, { at: 4, by: 'S', change: 'xp', summary: '' }]; }, '$.history[1]', 'json/invalid'],
    ['an unknown location', (d: Record<string, any>) => { d.injuries = [{ mutilationId: 'maimed', note: '', location: 'tail' }]; }, '$.injuries[0].location', 'so-long-as-men-die/unknown-choice'],
    ['a countdown in weeks', (d: Record<string, any>) => { d.injuries = [{ mutilationId: 'gut-wound', note: '', countdown: { value: 2, unit: 'weeks' } }]; }, '$.injuries[0].countdown.unit', 'so-long-as-men-die/unknown-choice'],
  ])('%s', (_name, f, path, code) => {
    const d = v2();
    f(d);
    expect(mustFail(d)).toMatchObject({ path, code });
  });

  it('notes, conditions and history may be left out (empty); woundsLeft, hacksilver and xp may not', () => {
    const d = v2();
    delete d.notes;
    delete d.conditions;
    delete d.history;
    const r = readCharacter(d);
    assertOk(r);
    expect([r.value.notes, r.value.conditions, r.value.history]).toEqual(['', [], []]);
  });

  it.each([
    ['MAX_HACKSILVER', (d: Record<string, any>, v: number) => { d.hacksilver = v; }, MAX_HACKSILVER],
    ['MAX_XP', (d: Record<string, any>, v: number) => { d.xp = v; }, MAX_XP],
    ['MAX_COUNTDOWN', (d: Record<string, any>, v: number) => { d.injuries = [{ mutilationId: 'gut-wound', note: '', countdown: { value: v, unit: 'days' } }]; }, MAX_COUNTDOWN],
    ['woundsLeft up to the CON Score', (d: Record<string, any>, v: number) => { d.woundsLeft = v; }, 18],
  ] as const)('%s: at and one past', (_name, f, at) => {
    const at0 = v2();
    f(at0, at);
    const past = v2();
    f(past, at + 1);
    expect([readCharacter(at0).ok, readCharacter(past).ok]).toEqual([true, false]);
  });

  it('a new character is written at version 2 with every Wound', () => {
    const c = rolled([...STATS_18, 1, 1, 1]);
    expect([c.schemaVersion, c.woundsLeft, c.hacksilver, c.xp, c.notes, c.conditions, c.history]).toEqual([2, c.stats.con.score, 0, 0, '', [], []]);
  });
});
