// The character document: rolled characters, reproducible by seed, round-trip through readCharacter;
// malformed documents never throw and name the JSON path of the problem; the limits.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scriptedRandom, seededRandom } from '../../dice/random.js';
import { ATTRIBUTE_IDS, MAX_ATTRIBUTE_SCORE, MIN_ATTRIBUTE_SCORE } from './attributes.js';
import {
  MAX_ARROWS,
  MAX_COINS,
  MAX_DIE_FACE,
  MAX_INVENTORY_ITEMS,
  MAX_ITEM_SLOTS,
  MAX_LOG_ENTRIES,
  MAX_LOG_FACES,
  MAX_LOG_TEXT_LENGTH,
  MAX_NAME_LENGTH,
  MAX_SKILLS,
  MAX_SPELLS,
  armourClassOf,
  readCharacter,
  statusOf,
  type BareBonesCharacter,
} from './character.js';
import { MAX_XP } from './data/xp.js';
import { MAX_NOTCHES } from './damage.js';
import { MAX_NOTES_LENGTH } from '../character-play.js';
import { CREATION_OPTIONS, rollCharacter } from './create-character.js';
import { ruleSystem } from './index.js';
import { assertOk, assertRefused } from '../../../test/narrow.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function rolled(seed: number, options: Record<string, string> = {}): BareBonesCharacter {
  const r = rollCharacter(seededRandom(seed), options);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

const asJson = (c: BareBonesCharacter): Json => JSON.parse(JSON.stringify(c)) as Json;

function expectProblem(doc: unknown, code: string, path: string): void {
  const r = readCharacter(doc);
  assertRefused(r);
  expect([r.error.code, r.error.path]).toEqual([code, path]);
}

function edit(c: BareBonesCharacter, change: (d: { [key: string]: Json }) => void): Json {
  const d = asJson(c) as { [key: string]: Json };
  change(d);
  return d;
}

describe('rolling a character (Nobody Likes Adventurers; rulings BB-4, BB-6, BB-7)', () => {
  it('scenario: scripted dice make a human fighter of House Svenicus', () => {
    // 18 attribute dice, race d4 = 4 (human), class d4 = 2 (fighter), house d5 = 3, two skills, name.
    const faces = [3, 4, 5, 6, 6, 6, 1, 1, 1, 2, 3, 4, 5, 5, 5, 2, 2, 2, 4, 2, 3, 1, 1, 16];
    const rng = scriptedRandom(faces);
    const r = rollCharacter(rng, {});
    expect(rng.remaining).toBe(0);
    if (!r.ok) throw new Error(r.error.message);
    const c = r.value;
    expect(ATTRIBUTE_IDS.map((id) => c.stats[id].score)).toEqual([12, 18, 3, 9, 15, 6]);
    expect([c.race, c.class, c.house, c.hitDie, c.blood.max, c.sweat.max, c.points.pool, c.points.current]).toEqual(['human', 'fighter', 'svenicus', 10, 10, 0, 'tactic', 1]);
    expect(c.skills.map((s) => [s.id, s.bonus])).toEqual([['athletics', 2], ['climbing', 2]]);
    expect(c.name).toBe('Tobin');
    expect(armourClassOf(c)).toBe(8);
  });

  it('Blood equals the Hit Die\'s sides (a halfling has 6, a dwarf 12); specialists get four skills', () => {
    expect(rolled(1, { race: 'halfling' }).blood).toEqual({ current: 6, max: 6 });
    expect(rolled(1, { race: 'dwarf' }).blood).toEqual({ current: 12, max: 12 });
    expect(rolled(2, { class: 'specialist' }).skills).toHaveLength(4);
    const s = rolled(3, { class: 'sorcerer', tradition: 'school' });
    expect(s.sorcerer).toEqual({ tradition: 'school', school: null, forbiddenSchool: null, spells: [], spellsToRoll: 3 });
    expect(armourClassOf(rolled(4, { race: 'halfling' }))).toBe(11);
  });

  it('the same seed gives byte-identical JSON; options are honoured', () => {
    expect(JSON.stringify(rolled(42))).toBe(JSON.stringify(rolled(42)));
    const c = rolled(7, { name: 'Wat', race: 'elf', class: 'cleric' });
    expect([c.name, c.race, c.class, c.house, c.sorcerer]).toEqual(['Wat', 'elf', 'cleric', null, null]);
  });

  it('creation mistakes are problems: a house for a dwarf, a tradition for a fighter, a blank name, unknown options', () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ race: 'dwarf', house: 'ironpax' }, 'bare-bones/house-not-human', '$.house'],
      [{ class: 'fighter', tradition: 'school' }, 'bare-bones/not-a-sorcerer', '$.tradition'],
      [{ name: '   ' }, 'bare-bones/empty-name', '$.name'],
      [{ race: 'orc' }, 'param/unknown-choice', '$.race'],
      [{ colour: 'red' }, 'param/unknown', '$.colour'],
      [{ name: 'x'.repeat(MAX_NAME_LENGTH + 1) }, 'param/too-long', '$.name'],
    ];
    for (const [options, code, path] of cases) {
      const r = rollCharacter(seededRandom(1), options);
      assertRefused(r);
      expect([r.error.code, r.error.path]).toEqual([code, path]);
    }
    expect(rollCharacter(seededRandom(1), { name: 'x'.repeat(MAX_NAME_LENGTH) }).ok).toBe(true);
    expect(CREATION_OPTIONS.map((o) => o.name)).toEqual(['name', 'race', 'class', 'house', 'tradition']);
  });

  it('property: readCharacter(rollCharacter(seed)) round-trips byte for byte for 1,000 seeds', () => {
    for (let seed = 0; seed < 1000; seed++) {
      const c = rolled(seed);
      const text = JSON.stringify(c);
      const read = readCharacter(JSON.parse(text));
      if (!read.ok) throw new Error(`seed ${seed}: ${read.error.path} ${read.error.message}`);
      expect(JSON.stringify(read.value)).toBe(text);
    }
  });

  it('the contract wires the same functions', () => {
    expect(ruleSystem.rollCharacter(seededRandom(5), {})).toEqual(rollCharacter(seededRandom(5), {}));
    const c = rolled(5);
    expect(ruleSystem.summarize(c).headline).toMatch(/^Level 1 (Dwarf|Elf|Halfling|Human) (Cleric|Fighter|Specialist|Sorcerer)$/);
    expect(ruleSystem.summarize(c).trackers.map((t) => t.id)).toEqual(['blood', 'armour-class', c.points.pool, 'load']);
    const dying = readCharacter({ ...asJson(c) as object, blood: { current: 0, max: c.blood.max }, roundsLeft: 2 });
    assertOk(dying);
    expect(ruleSystem.summarize(dying.value).trackers.at(-1)).toEqual({ id: 'status', label: 'Status', value: 'unstable, 2 rounds left' });
  });
});

describe('reading a document (readCharacter)', () => {
  const base = rolled(11, { race: 'human', class: 'fighter' });

  it('names the JSON path of each problem', () => {
    expectProblem(null, 'bare-bones/not-an-object', '$');
    expectProblem(edit(base, (d) => { d['ruleset'] = 'hammercrawl'; }), 'bare-bones/wrong-ruleset', '$.ruleset');
    expectProblem(edit(base, (d) => { d['schemaVersion'] = 3; }), 'bare-bones/schema-version', '$.schemaVersion');
    expectProblem(edit(base, (d) => { (d['stats'] as { [k: string]: Json })['str'] = { score: 12, mod: 0 }; }), 'bare-bones/no-modifiers', '$.stats.str.mod');
    expectProblem(edit(base, (d) => { (d['stats'] as { [k: string]: Json })['wis'] = { score: MAX_ATTRIBUTE_SCORE + 1 }; }), 'bare-bones/out-of-range', '$.stats.wis.score');
    expectProblem(edit(base, (d) => { delete d['xp']; }), 'bare-bones/missing-field', '$.xp');
    expectProblem(edit(base, (d) => { d['extra'] = 1; }), 'bare-bones/unknown-field', '$.extra');
    expectProblem(edit(base, (d) => { d['level'] = 3; }), 'bare-bones/level-above-xp', '$.level');
    expectProblem(edit(base, (d) => { d['hitDie'] = 8; }), 'bare-bones/hit-die', '$.hitDie');
    expectProblem(edit(base, (d) => { d['blood'] = { current: 11, max: 10 }; }), 'bare-bones/out-of-range', '$.blood.current');
    expectProblem(edit(base, (d) => { d['blood'] = { current: 8, max: 8 }; }), 'bare-bones/track-max', '$.blood.max');
    expectProblem(edit(base, (d) => { d['blood'] = { current: 0, max: 10 }; d['level'] = 2; d['xp'] = 3; d['sweat'] = { current: 2, max: 5 }; }), 'bare-bones/sweat-at-zero-blood', '$.sweat.current');
    expectProblem(edit(base, (d) => { d['points'] = { pool: 'mana', current: 1 }; }), 'bare-bones/wrong-pool', '$.points.pool');
    expectProblem(edit(base, (d) => { d['house'] = null; }), 'bare-bones/unknown-choice', '$.house');
    expectProblem(edit(base, (d) => { d['favoredFoes'] = ['Troll']; }), 'bare-bones/too-many-favored-foes', '$.favoredFoes');
    expectProblem(edit(base, (d) => { d['sorcerer'] = { tradition: 'generalist' }; }), 'bare-bones/not-a-sorcerer', '$.sorcerer');
    expectProblem(edit(base, (d) => { d['armourNotches'] = 1; }), 'bare-bones/out-of-range', '$.armourNotches');
    expectProblem(edit(base, (d) => { d['inventory'] = [{ id: 'Torch', label: 'Torch', slots: 1, usageDie: 10, notches: 0 }]; }), 'bare-bones/bad-id', '$.inventory[0].id');
    expectProblem(edit(base, (d) => { d['inventory'] = [{ id: 'torch', label: 'Torch', slots: 1, usageDie: 9, notches: 0 }]; }), 'bare-bones/not-a-usage-die', '$.inventory[0].usageDie');
    expectProblem(edit(base, (d) => { (d['skills'] as Json[])[0] = { id: 'athletics', label: 'Athletics', bonus: 3 }; }), 'bare-bones/out-of-range', '$.skills[0].bonus');
  });

  it('limits: skills, inventory and name length at the limit and one past', () => {
    const skills = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `skill-${i}`, label: `Skill ${i}`, bonus: 2 }));
    expect(readCharacter(edit(base, (d) => { d['skills'] = skills(MAX_SKILLS); })).ok).toBe(true);
    expectProblem(edit(base, (d) => { d['skills'] = skills(MAX_SKILLS + 1); }), 'bare-bones/too-many', '$.skills');
    const items = (n: number) => Array.from({ length: n }, () => ({ id: 'torch', label: 'Torch', slots: 1, usageDie: 10, notches: 0 }));
    expect(readCharacter(edit(base, (d) => { d['inventory'] = items(MAX_INVENTORY_ITEMS); })).ok).toBe(true);
    expectProblem(edit(base, (d) => { d['inventory'] = items(MAX_INVENTORY_ITEMS + 1); }), 'bare-bones/too-many', '$.inventory');
    expect(readCharacter(edit(base, (d) => { d['name'] = 'n'.repeat(MAX_NAME_LENGTH); })).ok).toBe(true);
    expectProblem(edit(base, (d) => { d['name'] = 'n'.repeat(MAX_NAME_LENGTH + 1); }), 'bare-bones/too-long', '$.name');
  });

  it('limits of the document: each at the limit and one past', () => {
    type Edit = (d: { [key: string]: Json }, n: number) => void;
    const limits: [string, number, Edit, string][] = [
      ['score', MAX_ATTRIBUTE_SCORE, (d, n) => { (d['stats'] as { [k: string]: Json })['cha'] = { score: n }; }, '$.stats.cha.score'],
      ['coins', MAX_COINS, (d, n) => { d['coins'] = n; }, '$.coins'],
      ['arrows', MAX_ARROWS, (d, n) => { d['arrows'] = n; }, '$.arrows'],
      ['xp', MAX_XP, (d, n) => { d['xp'] = n; }, '$.xp'],
      ['item slots', MAX_ITEM_SLOTS, (d, n) => { d['inventory'] = [{ id: 'plate', label: 'Plate', slots: n, usageDie: null, notches: 0 }]; }, '$.inventory[0].slots'],
      ['log entries', MAX_LOG_ENTRIES, (d, n) => { (d['creation'] as { [k: string]: Json })['log'] = Array.from({ length: n }, () => ({ step: 'note', text: 'x', faces: [] })); }, '$.creation.log'],
      ['log text', MAX_LOG_TEXT_LENGTH, (d, n) => { (d['creation'] as { [k: string]: Json })['log'] = [{ step: 'note', text: 't'.repeat(n), faces: [] }]; }, '$.creation.log[0].text'],
      ['log faces', MAX_LOG_FACES, (d, n) => { (d['creation'] as { [k: string]: Json })['log'] = [{ step: 'note', text: 'x', faces: Array.from({ length: n }, () => 1) }]; }, '$.creation.log[0].faces'],
      ['die face', MAX_DIE_FACE, (d, n) => { (d['creation'] as { [k: string]: Json })['log'] = [{ step: 'note', text: 'x', faces: [n] }]; }, '$.creation.log[0].faces[0]'],
    ];
    for (const [what, limit, change, path] of limits) {
      expect(readCharacter(edit(base, (d) => change(d, limit))).ok, `${what} at the limit`).toBe(true);
      const past = readCharacter(edit(base, (d) => change(d, limit + 1)));
      assertRefused(past, `${what} past the limit`);
      expect(past.error.path, what).toBe(path);
    }
    expect(readCharacter(edit(base, (d) => { (d['stats'] as { [k: string]: Json })['str'] = { score: MIN_ATTRIBUTE_SCORE }; })).ok).toBe(true);
    expectProblem(edit(base, (d) => { (d['stats'] as { [k: string]: Json })['str'] = { score: MIN_ATTRIBUTE_SCORE - 1 }; }), 'bare-bones/out-of-range', '$.stats.str.score');
    const sorc = rolled(12, { class: 'sorcerer', tradition: 'generalist' });
    const spells = (n: number) => edit(sorc, (d) => { (d['sorcerer'] as { [k: string]: Json })['spells'] = Array.from({ length: n }, (_, i) => `Spell ${i}`); });
    expect(readCharacter(spells(MAX_SPELLS)).ok).toBe(true);
    expectProblem(spells(MAX_SPELLS + 1), 'bare-bones/too-many', '$.sorcerer.spells');
    expectProblem(edit(sorc, (d) => { (d['sorcerer'] as { [k: string]: Json })['school'] = 'Necromancy'; }), 'bare-bones/generalist-school', '$.sorcerer.school');
  });

  it('property: malformed documents never throw, and every problem has a path under $', () => {
    const docs = [0, 1, 2, 3, 4, 5].map((s) => asJson(rolled(s)));
    const mutation = fc.record({
      index: fc.nat({ max: docs.length - 1 }),
      steps: fc.array(fc.nat({ max: 30 }), { minLength: 1, maxLength: 4 }),
      action: fc.constantFrom('replace', 'delete', 'add'),
      value: fc.jsonValue() as fc.Arbitrary<Json>,
    });
    let refused = 0;
    fc.assert(
      fc.property(mutation, ({ index, steps, action, value }) => {
        const doc = structuredClone(docs[index]!);
        let parent: Json = doc;
        for (let i = 0; i < steps.length - 1; i++) {
          if (parent === null || typeof parent !== 'object') break;
          const keys: string[] = Object.keys(parent);
          if (keys.length === 0) break;
          const next: Json | undefined = (parent as { [k: string]: Json })[keys[steps[i]! % keys.length]!];
          if (next === null || next === undefined || typeof next !== 'object') break;
          parent = next;
        }
        if (parent !== null && typeof parent === 'object') {
          const keys = Object.keys(parent);
          const key = keys.length === 0 ? 'x' : keys[steps[steps.length - 1]! % keys.length]!;
          const p = parent as { [k: string]: Json };
          if (action === 'delete') delete p[key];
          else if (action === 'add') p[`stray${key}`] = value;
          else p[key] = value;
        }
        const r = readCharacter(doc);
        if (!r.ok) {
          refused += 1;
          expect(r.error.path).toMatch(/^\$/);
          // The play fields (notes, conditions, history) are read by the shared readPlayFields: json/ codes.
          expect(r.error.code).toMatch(/^(bare-bones|json)\//);
          expect(r.error.message.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 2000 },
    );
    // The mutations were refused often enough for the checks above to mean something.
    expect(refused).toBeGreaterThan(500);
    fc.assert(fc.property(fc.jsonValue(), (v) => { expect(readCharacter(v).ok).toBe(false); }), { numRuns: 300 });
    const anything = fc.anything({ withBigInt: true, withMap: true, withSet: true, withNullPrototype: true, withBoxedValues: true, withObjectString: true });
    fc.assert(fc.property(anything, (v) => { expect(readCharacter(v).ok).toBe(false); }), { numRuns: 300 });
    const doc = asJson(rolled(1)) as { [key: string]: Json };
    let replacedRefused = 0;
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(doc)), anything, (key, v) => {
        const r = readCharacter({ ...doc, [key]: v });
        if (!r.ok) {
          replacedRefused += 1;
          expect(r.error.path).toMatch(/^\$/);
        }
      }),
      { numRuns: 500 },
    );
    expect(replacedRefused).toBeGreaterThan(100);
  });
});

/** A version 1 document as the version 1 code wrote it (rollCharacter(seededRandom(5), { race: 'elf' }) before play). */
function v1Document(): { [key: string]: Json } {
  const d = asJson(rolled(5, { race: 'elf' })) as { [key: string]: Json };
  for (const k of ['arrowsToRecover', 'isDead', 'roundsLeft', 'hasShortRestedToday', 'conditions', 'notes', 'history']) delete d[k];
  d['schemaVersion'] = 1;
  d['inventory'] = [{ id: 'torch', label: 'Torch', slots: 1, usageDie: 8 }];
  return d;
}

describe('schema version 2: play (rulings BB-29 .. BB-31)', () => {
  it('rollCharacter writes version 2 with no play yet', () => {
    const c = rolled(3);
    expect(c.schemaVersion).toBe(2);
    expect([statusOf(c), c.roundsLeft, c.isDead, c.hasShortRestedToday, c.arrowsToRecover, c.notes, c.conditions, c.history]).toEqual(['standing', null, false, false, 0, '', [], []]);
  });

  it('migration 1 -> 2: empty notes, conditions and history, not dying nor dead, no notches on items; read as version 2', () => {
    const r = readCharacter(v1Document());
    assertOk(r);
    expect(r.value.schemaVersion).toBe(2);
    expect([statusOf(r.value), r.value.roundsLeft, r.value.isDead, r.value.hasShortRestedToday, r.value.arrowsToRecover, r.value.notes, r.value.conditions, r.value.history]).toEqual(['standing', null, false, false, 0, '', [], []]);
    expect(r.value.inventory).toEqual([{ id: 'torch', label: 'Torch', slots: 1, usageDie: 8, notches: 0 }]);
    // Blood and Sweat kept: current and max as they were.
    expect([r.value.blood, r.value.sweat]).toEqual([{ current: 8, max: 8 }, { current: 0, max: 0 }]);
    const down = readCharacter({ ...v1Document(), blood: { current: 0, max: 8 } });
    assertOk(down);
    expect(statusOf(down.value)).toBe('down');
    // The migrated document is a version 2 document that round-trips.
    const text = JSON.stringify(r.value);
    const again = readCharacter(JSON.parse(text));
    assertOk(again);
    expect(JSON.stringify(again.value)).toBe(text);
  });

  it('a version 1 document keeps its problems\' paths, and has only version 1 fields', () => {
    expectProblem({ ...v1Document(), coins: -1 }, 'bare-bones/out-of-range', '$.coins');
    expectProblem({ ...v1Document(), notes: 'n' }, 'bare-bones/unknown-field', '$.notes');
    expectProblem({ ...v1Document(), inventory: [{ id: 'torch', label: 'Torch', slots: 1, usageDie: 8, notches: 1 }] }, 'bare-bones/unknown-field', '$.inventory[0].notches');
    const missing = v1Document();
    delete missing['arrows'];
    expectProblem(missing, 'bare-bones/missing-field', '$.arrows');
  });

  it('dying and dead only at 0 Blood; rounds up to the Hit Die; each new field at its path; the status follows', () => {
    const base = rolled(11, { race: 'human', class: 'fighter' });
    expect(statusOf(base)).toBe('standing');
    expectProblem(edit(base, (d) => { d['roundsLeft'] = 3; }), 'bare-bones/dying-with-blood', '$.roundsLeft');
    expectProblem(edit(base, (d) => { d['isDead'] = true; }), 'bare-bones/dead-with-blood', '$.isDead');
    expectProblem(edit(base, (d) => { d['isDead'] = 'no'; }), 'bare-bones/not-boolean', '$.isDead');
    const atZero = (patch: { [key: string]: Json }) => edit(base, (d) => { d['blood'] = { current: 0, max: 10 }; Object.assign(d, patch); });
    const down = readCharacter(atZero({}));
    assertOk(down);
    expect(statusOf(down.value)).toBe('down');
    const dead = readCharacter(atZero({ isDead: true }));
    assertOk(dead);
    expect(statusOf(dead.value)).toBe('dead');
    expectProblem(atZero({ isDead: true, roundsLeft: 2 }), 'bare-bones/dead-with-blood', '$.isDead');
    const dying = readCharacter(atZero({ roundsLeft: 10 }));
    assertOk(dying);
    expect(statusOf(dying.value)).toBe('unstable');
    expectProblem(atZero({ roundsLeft: 11 }), 'bare-bones/out-of-range', '$.roundsLeft');
    expectProblem(atZero({ roundsLeft: 0 }), 'bare-bones/out-of-range', '$.roundsLeft');
    expectProblem(atZero({ roundsLeft: 'two' }), 'bare-bones/not-integer', '$.roundsLeft');
    expectProblem(edit(base, (d) => { d['hasShortRestedToday'] = 'yes'; }), 'bare-bones/not-boolean', '$.hasShortRestedToday');
    expect(readCharacter(edit(base, (d) => { d['arrowsToRecover'] = MAX_ARROWS; })).ok).toBe(true);
    expectProblem(edit(base, (d) => { d['arrowsToRecover'] = MAX_ARROWS + 1; }), 'bare-bones/out-of-range', '$.arrowsToRecover');
    const notched = (n: number) => edit(base, (d) => { d['inventory'] = [{ id: 'axe', label: 'Axe', slots: 1, usageDie: null, notches: n }]; });
    expect(readCharacter(notched(MAX_NOTCHES)).ok).toBe(true);
    expectProblem(notched(MAX_NOTCHES + 1), 'bare-bones/out-of-range', '$.inventory[0].notches');
    expectProblem(edit(base, (d) => { delete d['isDead']; }), 'bare-bones/missing-field', '$.isDead');
  });

  it('notes, conditions and history are read by readPlayFields (absent: empty), with their paths', () => {
    const base = rolled(11);
    const bare = edit(base, (d) => { delete d['notes']; delete d['conditions']; delete d['history']; });
    const r = readCharacter(bare);
    assertOk(r);
    expect([r.value.notes, r.value.conditions, r.value.history]).toEqual(['', [], []]);
    const problemAt = (doc: Json) => {
      const x = readCharacter(doc);
      assertRefused(x);
      return x.error.path;
    };
    expect(problemAt(edit(base, (d) => { d['notes'] = 'n'.repeat(MAX_NOTES_LENGTH + 1); }))).toBe('$.notes');
    expect(readCharacter(edit(base, (d) => { d['notes'] = 'n'.repeat(MAX_NOTES_LENGTH); })).ok).toBe(true);
    expect(problemAt(edit(base, (d) => { d['conditions'] = ['prone', 'Prone']; }))).toBe('$.conditions[1]');
    expect(problemAt(edit(base, (d) => { d['history'] = [{ at: 5, by: 'cli', change: 'damage', summary: 'x' }, { at: 1, by: 'cli', change: 'heal', summary: 'y' }]; }))).toBe('$.history[1]');
  });
});
