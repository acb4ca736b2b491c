import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../dice/index.js';
import {
  CHARACTER_MIGRATIONS,
  CHARACTER_SCHEMA_VERSION,
  MAX_CHARACTERS_PER_DOCUMENT,
  MAX_DOCUMENT_NUMBER,
  MAX_REPORTED_PROBLEMS,
  dieSides,
  dieText,
  migrateCharacter,
  readCharacters,
  type Character,
} from './character.js';
import { rollCharacters } from './create-character.js';
import { baseArmourDie, classById } from './derived.js';

const pile = rollCharacters(seededRandom(17), { method: 'random', seed: 17 }, 3);
if (!pile.ok) throw new Error('creation failed');
const [first, second] = pile.characters as [Character, Character, Character];
const pal = rollCharacters(seededRandom(18), { method: 'palladium' }, 1);
if (!pal.ok) throw new Error('creation failed');
const palladium = pal.characters[0]!;

/** A deep copy to break on purpose. */
function copy(c: Character): Record<string, any> {
  return JSON.parse(JSON.stringify(c)) as Record<string, any>;
}

function problems(json: unknown): string[] {
  const r = readCharacters(json);
  if (r.ok) return [];
  return r.problems.map((p) => `${p.path}: ${p.message}`);
}

describe('dice as text', () => {
  it('round-trips d3 to d30 and refuses what is not a die', () => {
    for (const s of [3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24, 30]) expect(dieSides(dieText(s))).toBe(s);
    for (const bad of ['d0', '8', 'D8', 'd8+1', 'd', 'd08', ' d8']) expect(dieSides(bad)).toBeNull();
  });
});

describe('reading a document', () => {
  it('one character or an array; JSON in, the same characters out (round trip exact)', () => {
    const one = readCharacters(JSON.parse(JSON.stringify(first)));
    expect(one).toEqual({ ok: true, characters: [first] });
    const many = readCharacters(JSON.parse(JSON.stringify(pile.characters)));
    expect(many.ok && many.characters).toEqual(pile.characters);
    expect(readCharacters(JSON.parse(JSON.stringify(palladium)))).toEqual({ ok: true, characters: [palladium] });
  });

  it('names every problem by its JSON path', () => {
    const bad = copy(second);
    bad['stats'].DEX.half = bad['stats'].DEX.half + 1;
    bad['stats'].STR.score = 25;
    bad['stock'] = 'elf';
    bad['inventory'][0].carried = 'thrown';
    bad['skills'][0].id = 'flying';
    bad['featDie'] = 3;
    delete bad['coins'];
    bad['colour'] = 'blue';
    const found = problems([first, bad]);
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\$\[1\]\.stats\.DEX\.half: expected \d+ \(half of \d+, rounded up\), got \d+$/),
        expect.stringMatching(/^\$\[1\]\.stats\.STR\.score: expected a whole number from 1 to 20, got 25$/),
        expect.stringMatching(/^\$\[1\]\.stock: expected a hammercrawl stock: canid, halfern/),
        expect.stringMatching(/^\$\[1\]\.inventory\[0\]\.carried: expected how it is carried: held, worn, packed; got "thrown"$/),
        expect.stringMatching(/^\$\[1\]\.skills\[0\]\.id: expected a skill id/),
        expect.stringMatching(/^\$\[1\]\.featDie: expected a die written like "d8", got 3$/),
        expect.stringMatching(/^\$\[1\]\.coins: expected a whole number/),
        '$[1].colour: unknown field',
      ]),
    );
    expect(found.every((p) => p.startsWith('$[1]'))).toBe(true);
  });

  it("refuses a Feat Die that is not the level's (THE FEAT DIE table): level 3 is a d4, not a d8", () => {
    const bad = copy(first);
    bad['level'] = 3;
    bad['featDie'] = 'd8';
    expect(problems(bad)).toContain("$.featDie: a level-3 character's Feat Die is d4, not d8 (THE FEAT DIE table)");
    bad['featDie'] = 'd4';
    expect(problems(bad).filter((p) => p.startsWith('$.featDie'))).toEqual([]);
  });

  it('a single document uses $ as its root', () => {
    const bad = copy(first);
    bad['stats'].CHA.mod = 9;
    expect(problems(bad)).toEqual([expect.stringMatching(/^\$\.stats\.CHA\.mod: expected -?\d+ \(the stat table's mod for \d+\), got 9$/)]);
  });

  it('checks what ties fields together: psionics by setting, WPs adding up, bags in the inventory', () => {
    const hcPsi = copy(first);
    hcPsi['psionics'] = 'major';
    expect(problems(hcPsi)).toEqual(['$.psionics: only Palladium characters (Option P) have psionics; expected null']);
    const palNone = copy(palladium);
    palNone['psionics'] = null;
    expect(problems(palNone)).toEqual(['$.psionics: a Palladium character has a psionic grade']);
    const wp = copy(first);
    wp['wpSelections'].banked = 1;
    expect(problems(wp)[0]).toMatch(/^\$\.wpSelections: spent \(\d+\) and banked \(1\) must add up to total/);
    const bag = copy(first);
    bag['inventory'][1].in = 'backpack';
    expect(problems(bag)).toEqual(["$.inventory[1].in: no bag 'backpack' in this inventory"]);
    const primes = copy(first);
    primes['primeStats'] = ['STR', 'STR'];
    expect(problems(primes)).toEqual(['$.primeStats: the same prime stat twice']);
  });

  it('refuses what is not a character at all', () => {
    expect(problems(42)).toEqual(['$: expected a character object, got 42']);
    expect(problems([])).toEqual(['$: expected at least one character, got an empty array']);
    expect(problems([first, 'x'])).toEqual(['$[1]: expected a character object, got "x"']);
    expect(problems({ ...copy(first), ruleset: 'bare-bones' })).toEqual(['$.ruleset: expected "hammercrawl", got "bare-bones"']);
  });

  it(`lists at most ${MAX_REPORTED_PROBLEMS} problems, then counts the rest`, () => {
    const bad = Array.from({ length: 30 }, () => {
      const c = copy(first);
      c['level'] = 0;
      c['xp'] = -1;
      return c;
    });
    const r = readCharacters(bad);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems).toHaveLength(MAX_REPORTED_PROBLEMS + 1);
    expect(r.problems.at(-1)).toEqual({ path: '$', message: 'and 10 more problems' });
  });

  it(`counts (coins, XP, quantities) up to ${MAX_DOCUMENT_NUMBER}`, () => {
    const rich = copy(first);
    rich['coins'] = MAX_DOCUMENT_NUMBER;
    rich['inventory'][0].quantity = MAX_DOCUMENT_NUMBER;
    expect(problems(rich)).toEqual([]);
    rich['coins'] = MAX_DOCUMENT_NUMBER + 1;
    expect(problems(rich)).toEqual([`$.coins: expected a whole number from 0 to ${MAX_DOCUMENT_NUMBER}, got ${MAX_DOCUMENT_NUMBER + 1}`]);
  });

  it(`at most ${MAX_CHARACTERS_PER_DOCUMENT} characters in one document`, () => {
    const atLimit = Array.from({ length: MAX_CHARACTERS_PER_DOCUMENT }, () => first);
    expect(readCharacters(atLimit).ok).toBe(true);
    const past = [...atLimit, first];
    expect(problems(past)[0]).toBe(`$: at most ${MAX_CHARACTERS_PER_DOCUMENT} characters in one document, got ${MAX_CHARACTERS_PER_DOCUMENT + 1}`);
  });
});

describe('migrations', () => {
  /** A version-1 document as the code wrote it before play: no base dice, no notes, conditions or history. */
  function v1Of(c: Character): Record<string, any> {
    const doc = copy(c);
    for (const key of ['baseHealthDie', 'baseArmourDie', 'notes', 'conditions', 'history']) delete doc[key];
    return { ...doc, schemaVersion: 1 };
  }

  it('the current version passes unchanged', () => {
    expect(CHARACTER_SCHEMA_VERSION).toBe(2);
    const m = migrateCharacter(copy(first));
    expect(m).toEqual({ ok: true, document: copy(first), applied: [] });
  });

  it('version 1 -> 2 (PL-1): base dice = current dice, empty notes, conditions and history, fields in the written order', () => {
    expect(CHARACTER_MIGRATIONS.map((m) => m.from)).toEqual([1]);
    const m = migrateCharacter(v1Of(first));
    expect(m).toEqual({ ok: true, document: copy(first), applied: [1] });
    if (!m.ok) return;
    expect(Object.keys(m.document)).toEqual(Object.keys(copy(first)));
    const read = readCharacters(v1Of(palladium));
    expect(read.ok && read.characters[0]).toEqual(palladium);
  });

  it('version 1 -> 2: worn armour sets the Armour Die (a v1 armourDie was the die without armour, PL-3)', () => {
    const chain = { id: 'chain', size: 'large', quantity: 1, carried: 'worn' };
    const v1 = { ...v1Of(first), inventory: [...first.inventory, chain], armourDie: null };
    const read = readCharacters(v1);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const chainDie = `d${baseArmourDie(classById(first.class), first.classPicks, [chain as never]).sides}`;
    expect(read.characters[0]!).toMatchObject({ armourDie: chainDie, baseArmourDie: chainDie, notes: '', conditions: [], history: [] });
    // A v1 document that does not read is still reported after migrating, at its own path.
    expect(problems({ ...v1Of(first), healthDie: 'd9' })[0]).toMatch(/^\$\.healthDie: expected a die of the chain/);
  });

  it('a document without a version, or from a newer program, is refused at $.schemaVersion', () => {
    const none = copy(first);
    delete none['schemaVersion'];
    expect(problems(none)).toEqual(['$.schemaVersion: expected a schema version from 1 to 2, got nothing']);
    expect(problems({ ...copy(first), schemaVersion: 3 })).toEqual([
      '$.schemaVersion: version 3 was written by a newer hammercrawl (this one reads up to 2); update it',
    ]);
    expect(problems([first, { ...copy(first), schemaVersion: 0 }])).toEqual(['$[1].schemaVersion: expected a schema version from 1 to 2, got 0']);
  });
});

describe('the dice of play (PL-2, PL-3)', () => {
  it('a current die is on the chain and never above its base; null Health is down', () => {
    expect(problems({ ...copy(first), healthDie: null })).toEqual([]);
    expect(problems({ ...copy(first), healthDie: 'd30', baseHealthDie: 'd8' })).toEqual(['$.healthDie: d30 is above the base Health Die d8; healing restores up to the base only']);
    expect(problems({ ...copy(first), baseHealthDie: 'd9' })[0]).toMatch(/^\$\.baseHealthDie: expected a die of the chain/);
    expect(problems({ ...copy(first), armourDie: 'd6', baseArmourDie: null })).toEqual(['$.armourDie: an Armour Die d6 without a base Armour Die; give baseArmourDie (the die whole)']);
    expect(problems({ ...copy(first), armourDie: 'd8', baseArmourDie: 'd6' })).toEqual(['$.armourDie: d8 is above the base Armour Die d6; repair restores up to the base only']);
    expect(problems({ ...copy(first), armourDie: null, baseArmourDie: 'd6' })).toEqual([]);
  });

  it('notes, conditions and history are read with their paths; absent ones read as empty', () => {
    expect(problems({ ...copy(first), conditions: ['prone', 'Prone'] })).toEqual(['$.conditions[1]: conditions[1]: Prone is listed twice']);
    expect(problems({ ...copy(first), notes: 4 })[0]).toMatch(/^\$\.notes: /);
    expect(problems({ ...copy(first), history: [{ at: 1, by: 'S', change: 'xp', summary: '+1 XP' }] })).toEqual([]);
    const doc = copy(first);
    delete doc['notes'];
    const read = readCharacters(doc);
    expect(read.ok && read.characters[0]!.notes).toBe('');
  });
});

describe('a second bag of a kind (satchel-2) is a bag the document knows', () => {
  it('an item packed in satchel-2 is valid when satchel-2 is in the inventory', async () => {
    const { readCharacters } = await import('./character.js');
    const { rollCharacter } = await import('./create-character.js');
    const { seededRandom } = await import('../../dice/random.js');
    const made = rollCharacter(seededRandom(7), { method: 'random' });
    if (!made.ok) throw new Error('creation failed');
    const character = made.character;
    const inventory = [
      ...character.inventory,
      { id: 'satchel-2', size: 'medium', quantity: 1, carried: 'worn' },
      { id: 'torch', size: 'small', quantity: 1, carried: 'packed', in: 'satchel-2' },
    ];
    const read = readCharacters(JSON.parse(JSON.stringify({ ...character, inventory })));
    expect(read.ok ? [] : read.problems.filter((p: { path: string }) => p.path.includes('.in'))).toEqual([]);
  });
});
