import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { scriptedRandom, seededRandom, type RandomSource } from '../../dice/index.js';
import { chiSquareCritical } from '../../../test/chi-square.js';
import { STAT_IDS, STAT_TABLE, type StatId } from './check-modifiers.js';
import { MAX_NAME_LENGTH, readCharacters, type Character, type CreationMethod } from './character.js';
import {
  BYNAMES,
  GIVEN_NAMES,
  MAX_SKILL_REROLLS,
  SELECTABLE_WP_IDS,
  assignStats,
  assignStatsSocApart,
  isFightingWeapon,
  checkCreationChoices,
  rollCharacter,
  rollCharacters,
  stockOf,
  type CreationChoices,
  type CreationOptions,
} from './create-character.js';
import { CLASSES, RANDOM_CLASS_TABLE } from './data/classes.js';
import { WEAPONS } from './data/weapons.js';
import { HAMMERCRAWL_STOCKS, PALLADIUM_STOCKS, type Stock } from './data/stocks.js';
import { baseHitDice, classById, startingCoins, wpCount } from './derived.js';

/** Faces of one 3d6 that add up to `total` (3-18). */
function threeD6(total: number): number[] {
  const a = Math.min(6, total - 2);
  const b = Math.min(6, total - a - 1);
  return [a, b, total - a - b];
}

/** The 21 faces of seven stat rolls. */
function statFaces(rolls: readonly number[]): number[] {
  return rolls.flatMap(threeD6);
}

/** Rolls a character on a script that must be used to its end. */
function scripted(faces: readonly number[], options: CreationOptions): Character {
  const rng = scriptedRandom(faces);
  // The scripts hold the listed kit's dice; the weapon in its place (CR-17) has tests of its own.
  const res = rollCharacter(rng, { startingKit: 'as-listed', ...options });
  if (!res.ok) throw new Error(`${res.error.code}: ${res.error.message}`);
  expect(rng.remaining, 'the whole script is used').toBe(0);
  return res.character;
}

function ok(rng: RandomSource, options: CreationOptions): Character {
  const res = rollCharacter(rng, options);
  if (!res.ok) throw new Error(`${res.error.code}: ${res.error.message}`);
  return res.character;
}

function scores(c: Character): Record<StatId, number> {
  return Object.fromEntries(STAT_IDS.map((s) => [s, c.stats[s].score])) as Record<StatId, number>;
}

const ROLLS = [9, 14, 7, 16, 10, 11, 12];

describe('SOC keeps its own plain 3d6 (CR-3: "SOC (3d6)", the default)', () => {
  it('the seventh roll is SOC\'s; the primes take the highest of the first six', () => {
    expect(assignStatsSocApart([9, 14, 7, 16, 10, 11, 18], ['INT', 'CHA'])).toEqual({ INT: 14, CHA: 16, STR: 9, DEX: 7, CON: 10, WIL: 11, SOC: 18 });
    expect(assignStatsSocApart([9, 14, 7, 16, 10, 11, 18], ['STR'])).toEqual({ STR: 16, DEX: 9, CON: 14, INT: 7, WIL: 10, CHA: 11, SOC: 18 });
  });

  it('SOC 16 or more in about 4.6% of random characters, as a plain 3d6 gives (the prime assignment gave 0.5%)', () => {
    const N = 4000;
    const count = (socRoll?: 'own-roll' | 'with-primes') => {
      const pile = rollCharacters(seededRandom(99), { method: 'random', ...(socRoll ? { socRoll } : {}) }, N);
      if (!pile.ok) throw new Error('creation failed');
      return pile.characters.filter((c) => c.stats.SOC.score >= 16).length / N;
    };
    // 3d6 >= 16: 10/216 = 4.63%; 4 sigma over 4000 characters is about 1.3 points.
    expect(Math.abs(count() - 10 / 216)).toBeLessThan(0.013);
    expect(count('with-primes')).toBeLessThan(0.02);
  });
});

describe('assignStats: "the highest two to your primary stats in the order they were rolled" (CR-3)', () => {
  it('two primes: the earlier of the two highest rolls goes to the stock, the later to the class', () => {
    // Highest rolls: 16 (roll 4) and 14 (roll 2); in rolled order 14 then 16.
    expect(assignStats(ROLLS, ['INT', 'CHA'])).toEqual({ INT: 14, CHA: 16, STR: 9, DEX: 7, CON: 10, WIL: 11, SOC: 12 });
    expect(assignStats(ROLLS, ['CHA', 'INT'])).toEqual({ CHA: 14, INT: 16, STR: 9, DEX: 7, CON: 10, WIL: 11, SOC: 12 });
  });

  it('one prime stat takes the highest roll; the other six take the rest in rolled order', () => {
    expect(assignStats(ROLLS, ['STR'])).toEqual({ STR: 16, DEX: 9, CON: 14, INT: 7, WIL: 10, CHA: 11, SOC: 12 });
    expect(assignStats(ROLLS, ['SOC'])).toEqual({ SOC: 16, STR: 9, DEX: 14, CON: 7, INT: 10, WIL: 11, CHA: 12 });
  });

  it('of equal rolls the earlier counts as higher', () => {
    expect(assignStats([12, 15, 8, 15, 15, 3, 4], ['DEX', 'WIL'])).toEqual({ DEX: 15, WIL: 15, STR: 12, CON: 8, INT: 15, CHA: 3, SOC: 4 });
    // The two 15s taken are rolls 2 and 4; roll 5 (also 15) falls to INT in rolled order.
    expect(assignStats([10, 10, 10, 10, 10, 10, 10], ['CHA'])).toEqual({ CHA: 10, STR: 10, DEX: 10, CON: 10, INT: 10, WIL: 10, SOC: 10 });
  });

  it('a stat priority (Adaptability, CR-5) sends the best rolls to those stats, best first', () => {
    expect(assignStats(ROLLS, ['INT'], ['CON', 'DEX'])).toEqual({ CON: 16, DEX: 14, STR: 9, INT: 7, WIL: 10, CHA: 11, SOC: 12 });
    expect(assignStats(ROLLS, ['INT'], ['SOC', 'CHA', 'WIL', 'INT', 'CON', 'DEX', 'STR'])).toEqual({
      SOC: 16, CHA: 14, WIL: 12, INT: 11, CON: 10, DEX: 9, STR: 7,
    });
  });

  it('is a permutation of the rolls, and the primes hold the highest ones (property)', () => {
    const roll = fc.integer({ min: 3, max: 18 });
    const stats = fc.constantFrom(...STAT_IDS);
    fc.assert(
      fc.property(fc.array(roll, { minLength: 7, maxLength: 7 }), fc.uniqueArray(stats, { minLength: 1, maxLength: 2 }), (rolls, primes) => {
        const out = assignStats(rolls, primes);
        expect(Object.values(out).sort((a, b) => a - b)).toEqual([...rolls].sort((a, b) => a - b));
        const others = STAT_IDS.filter((s) => !primes.includes(s)).map((s) => out[s]);
        for (const p of primes) expect(out[p]).toBeGreaterThanOrEqual(Math.max(...others));
        // The non-primes keep the rolled order of what is left.
        const used = [...rolls.map((v, i) => ({ v, i }))].sort((a, b) => b.v - a.v || a.i - b.i).slice(0, primes.length).map((x) => x.i);
        const rest = rolls.filter((_, i) => !used.includes(i));
        expect(STAT_IDS.filter((s) => !primes.includes(s)).map((s) => out[s])).toEqual(rest);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('Option A (random), scripted', () => {
  // Ogren (3d6 = 16), Combatant (d4 = 1) with STR (d2 = 1): one prime stat, STR.
  const faces = [
    ...[6, 5, 5], // stock: 16 -> Ogren
    1, // class: d4 = 1 -> Combatant
    1, // Combatant prime stat: d2 = 1 -> STR
    ...statFaces(ROLLS),
    5, // shtick: d6 over the six written shticks -> Tank
    2, // Save Feat: d2 -> DEX
    ...[1, 1, 2, 3, 4, 5, 6], // skills: 4 + STR mod 2 = 6, the second 1 rolled again
    ...[21, 15, 1, 1, 1, 1], // WPs: Sword, Long; Shield, Normal; Axe, great; Axe, hatchet; Axe, Throwing; Bow, Longbow
    2, // rations: 1d4 = 2
    ...[5, 5, 1], // weapons of choice among the WPs, one at a time (CR-13: the first not a shield): Sword, Long (d5); Shield, Normal (d5); Axe, great (d4)
    ...[1, 1], // name: Abbo Ashby
  ];
  const c = scripted(faces, { method: 'random' });

  it('rolls stock and class, and gives the one prime stat the highest roll, the rest in rolled order', () => {
    expect(c.stock).toBe('ogren');
    expect(c.class).toBe('combatant');
    expect(c.primeStats).toEqual(['STR']);
    expect(scores(c)).toEqual({ STR: 16, DEX: 9, CON: 14, INT: 7, WIL: 10, CHA: 11, SOC: 12 });
    expect(c.stats.STR).toEqual({ score: 16, half: 8, mod: 2 });
    expect(c.name).toBe('Abbo Ashby');
  });

  it("the Ogren's Harm Die is one step above the class HD; the Health Die is not", () => {
    expect(c.healthDie).toBe('d8');
    expect(c.harmDie).toBe('d10');
    expect(c.featDie).toBe('d3');
    expect([c.level, c.xp]).toEqual([1, 0]);
  });

  it('class options, skills (a duplicate rolled again), WPs and weapons of choice', () => {
    expect(c.classPicks).toEqual([
      { kind: 'shtick', id: 'tank' },
      { kind: 'save-feat', featId: 'str-or-dex-saves', stat: 'DEX' },
    ]);
    expect(c.skills.map((s) => s.id)).toEqual([
      'animal-handling', 'animal-training', 'art', 'athletics-climbing', 'athletics-forced-marching', 'athletics-jumping',
    ]);
    expect(c.skills[2]).toEqual({ id: 'art', specialization: null, isSpecialty: false, isCursed: false });
    expect(c.creation.log.some((e) => e.text.includes('already known: rolled again'))).toBe(true);
    expect(c.weaponProficiencies.map((w) => w.id)).toEqual(['sword-long', 'shield-normal', 'axe-great', 'axe-hatchet', 'axe-throwing', 'bow-longbow']);
    expect(c.wpSelections).toEqual({ total: 6, spent: 6, banked: 0 });
  });

  it('starts with the satchel, 1d4 rations, a torch (no nightvision), clothes; a weapon and a shield in hand', () => {
    expect(c.inventory).toEqual([
      { id: 'satchel', size: 'small', quantity: 1, carried: 'worn' },
      { id: 'ration', size: 'small', quantity: 2, carried: 'packed', in: 'satchel' },
      { id: 'torch', size: 'small', quantity: 1, carried: 'packed', in: 'satchel' },
      { id: 'clothes', size: 'medium', quantity: 1, carried: 'worn' },
      { id: 'sword-long', size: 'medium', quantity: 1, carried: 'held' },
      { id: 'shield-normal', size: 'medium', quantity: 1, carried: 'held' },
      { id: 'axe-great', size: 'large', quantity: 1, carried: 'packed', in: 'satchel' },
    ]);
  });

  it('derives Defense (half-DEX + shield + Tank), Stow Slots and coins', () => {
    expect(c.defense).toBe(5 + 2 + 2);
    expect(c.stowSlots).toBe(8 - 1);
    expect(c.socialStatus).toBe('middle-class');
    expect([c.startingCoins, c.coins]).toEqual([240, 240]);
    expect(c.psionics).toBeNull();
    expect(c.creation.log.some((e) => e.step === 'coins' && e.text.includes('no prices'))).toBe(true);
  });
});

describe('Option B (semi-random): chosen parts, the rest rolled', () => {
  const choices: CreationChoices = {
    stock: 'human',
    stockPrime: 'INT',
    class: 'true-mage',
    classPrime: 'CHA',
    focus: 'war-mage',
    skills: [{ id: 'art', specialization: 'oils' }, { id: 'healing' }],
    weaponProficiencies: ['dagger-common'],
  };
  const faces = [
    ...statFaces(ROLLS),
    ...[1, 2, 3, 4, 5, 6, 7], // 6 + CHA mod 2 = 8 skills: 2 chosen, 6 rolled; Art (3) is known: rolled again
    ...[1, 1], // War Mage: 3 WPs, 1 chosen: Axe, great; Axe, hatchet
    3, // rations
  ];
  const c = scripted(faces, { method: 'semi', choices, name: '  Mirel  ' });

  it('two prime stats: the two highest rolls, in rolled order, to the stock then the class', () => {
    expect(c.primeStats).toEqual(['INT', 'CHA']);
    expect(scores(c)).toEqual({ INT: 14, CHA: 16, STR: 9, DEX: 7, CON: 10, WIL: 11, SOC: 12 });
    expect(c.name).toBe('Mirel');
  });

  it('the War Mage focus sets HD d6 and 3 WPs; spells are 3 + the CHA mod', () => {
    expect(c.classPicks).toEqual([{ kind: 'focus', id: 'war-mage' }]);
    expect([c.healthDie, c.harmDie]).toEqual(['d6', 'd6']);
    expect(c.weaponProficiencies.map((w) => w.id)).toEqual(['dagger-common', 'axe-great', 'axe-hatchet']);
    expect(c.spellcasting).toEqual({ profileId: 'true-mage-spellcasting', spellDie: 'd3', spellStat: 'CHA', spellsKnown: 5, sustains: 1 });
  });

  it('chosen skills keep their specialization; the rolled ones skip what is known', () => {
    expect(c.skills.map((s) => s.id)).toEqual([
      'art', 'healing', 'animal-handling', 'animal-training', 'athletics-climbing', 'athletics-forced-marching', 'athletics-jumping', 'athletics-swimming',
    ]);
    expect(c.skills[0]!.specialization).toBe('oils');
  });

  it('the True Mage gets a spellbook and a random wizard weapon recorded for the Smith', () => {
    const ids = c.inventory.map((i) => i.id);
    expect(ids).toEqual(['satchel', 'ration', 'torch', 'clothes', 'spellbook', 'random-wizard-weapon']);
    const wand = c.inventory.find((i) => i.id === 'random-wizard-weapon')!;
    expect(wand.label).toMatch(/Smith/);
    expect(wand).toMatchObject({ size: 'small', carried: 'packed', in: 'satchel' });
    expect(c.defense).toBe(4);
    expect(c.stowSlots).toBe(5 + 1);
  });
});

describe('Option P (Palladium)', () => {
  it('scripted: the Human re-rolls its lowest roll and keeps the better; skills = INT score; psionics', () => {
    const faces = [
      ...[5, 7, 8], // 3d12 = 20 -> Human
      4, // prime stat "Choose One": d6 = 4 -> INT
      2, // class: d4 = 2 -> True Mage
      1, // prime stat INT or CHA: d2 = 1 -> INT (shared with the stock)
      ...statFaces(ROLLS),
      ...[5, 5, 5], // Adaptability: roll 3 (7) rolled again: 15, kept
      2, // focus: d3 = 2 -> Traditional Mage
      ...Array.from({ length: 16 }, (_, i) => i + 1), // 16 skills (INT 16)
      ...[1, 1], // 2 WPs
      4, // rations
      5, // psionics: d100 = 5 against 2 x WIL 10 = 20: at or under the half-stat 5 -> master
    ];
    const c = scripted(faces, { method: 'palladium', name: 'Odo' });
    expect([c.setting, c.stock, c.class, c.method]).toEqual(['palladium', 'human', 'true-mage', 'palladium']);
    expect(c.primeStats).toEqual(['INT']);
    expect(scores(c)).toEqual({ INT: 16, STR: 9, DEX: 14, CON: 15, WIL: 10, CHA: 11, SOC: 12 });
    expect(c.skills).toHaveLength(16);
    expect(c.spellcasting).toMatchObject({ profileId: 'traditional-mage-spellcasting', spellsKnown: 8 });
    expect(c.psionics).toBe('master');
    expect(c.psionicsCheck).toEqual({ roll: 5, target: 20, half: 5, score: 10 });
    expect(c.inventory.some((i) => i.id === 'torch')).toBe(true);
  });

  it('scripted: a stat priority replaces the prime-stat order for the Human', () => {
    const choices: CreationChoices = {
      stock: 'human',
      stockPrime: 'DEX',
      class: 'combatant',
      classPrime: 'DEX',
      statPriority: ['CON', 'DEX'],
      shtick: 'two-handed',
      saveFeat: 'STR',
      skills: ['healing', 'stealth', 'tracking', 'hunting', 'fishing', 'gambling', 'forgery'].map((id) => ({ id })),
      weaponProficiencies: ['sword-great', 'spear-long', 'dagger-common', 'sling', 'club', 'mace'],
      weapons: ['sword-great', 'dagger-common', 'sling'],
    };
    const faces = [...statFaces(ROLLS), ...[1, 1, 1], 1, 15];
    const c = scripted(faces, { method: 'palladium', choices, name: 'Wat' });
    // The lowest roll (7) was rolled again for 3 and kept; CON and DEX take 16 and 14.
    expect(scores(c)).toEqual({ CON: 16, DEX: 14, STR: 9, INT: 7, WIL: 10, CHA: 11, SOC: 12 });
    expect(c.skills).toHaveLength(7);
    expect(c.psionics).toBe('minor');
    expect(c.inventory.filter((i) => i.carried === 'held').map((i) => i.id)).toEqual(['sword-great']);
  });

  it('a stock with nightvision gets no torch; natural Claws and Teeth come free', () => {
    for (let seed = 0; seed < 20; seed++) {
      const c = ok(seededRandom(seed), { method: 'palladium', choices: { stock: 'kobold' } });
      expect(c.inventory.some((i) => i.id === 'torch')).toBe(false);
      expect(c.weaponProficiencies[0]).toEqual({ id: 'claws-and-teeth', source: 'natural', specializationTier: 0 });
      expect(c.weaponProficiencies.filter((w) => w.source === 'selection')).toHaveLength(wpCount(classById(c.class), c.classPicks));
      expect(c.creation.log.some((e) => e.text.startsWith('No torch'))).toBe(true);
    }
  });

  it('a stock that cannot be psionic makes no check', () => {
    const c = ok(seededRandom(3), { method: 'palladium', choices: { stock: 'troll' } });
    expect(c.psionics).toBe('none');
    expect(c.psionicsCheck).toBeNull();
  });
});

describe('Scum, the Specialist, the Devout', () => {
  it('Scum starts with no coins and three random magick items for the Smith', () => {
    const skills = ['healing', 'stealth', 'tracking', 'hunting', 'fishing', 'gambling', 'forgery', 'gaming', 'escape-artist'];
    const choices: CreationChoices = {
      stock: 'canid',
      class: 'devout',
      classPrime: 'WIL',
      devoutPowers: [{ id: 'lay-on-hands', version: 'basic' }, { id: 'revenant', version: 'basic' }, { id: 'spellcasting', version: 'basic' }],
      skills: skills.map((id) => ({ id })),
      weaponProficiencies: ['club', 'mace', 'sling'],
    };
    // WIL (the one prime) takes 18; SOC is the last roll left: 3.
    const c = scripted([...statFaces([10, 10, 10, 10, 10, 18, 3]), 1], { method: 'semi', choices, name: 'Nim' });
    expect(c.stats.SOC.score).toBe(3);
    expect(c.socialStatus).toBe('scum');
    expect([c.startingCoins, c.coins]).toEqual([0, 0]);
    const magick = c.inventory.filter((i) => i.id.startsWith('random-magick-item-'));
    expect(magick.map((i) => i.id)).toEqual(['random-magick-item-1', 'random-magick-item-2', 'random-magick-item-3']);
    for (const m of magick) expect(m.label).toMatch(/Scum.*not lootable/);
    // The satchel holds rations, torch, holy symbol, prayer book and the first item; the rest go to Stow Slots.
    expect(magick.map((m) => m.in ?? null)).toEqual(['satchel', null, null]);
    expect(c.spellcasting).toMatchObject({ profileId: 'devout-basic-spellcasting', spellDie: 'd3', spellsKnown: 3 + 3 });
  });

  it('a Specialist: the prime stat bonus skills are the specialties, one of them cursed', () => {
    for (let seed = 0; seed < 200; seed++) {
      const c = ok(seededRandom(seed), { method: 'semi', choices: { class: 'specialist' } });
      const prime = c.primeStats[c.primeStats.length - 1]!;
      const bonus = Math.max(0, c.stats[prime].mod);
      const specialties = c.skills.filter((s) => s.isSpecialty);
      expect(specialties).toHaveLength(Math.max(1, bonus));
      expect(c.skills.slice(c.skills.length - bonus).every((s) => s.isSpecialty)).toBe(true);
      expect(c.skills.filter((s) => s.isCursed)).toHaveLength(1);
      expect(c.skills.find((s) => s.isCursed)!.isSpecialty).toBe(true);
    }
  });

  it('choosing the Commander makes the Specialist prime stat CHA', () => {
    const c = ok(seededRandom(1), { method: 'semi', choices: { class: 'specialist', specialistChoices: ['commander'] } });
    expect(c.primeStats.at(-1)).toBe('CHA');
    expect(c.classPicks.filter((p) => p.kind === 'specialist-choice')).toHaveLength(2);
  });

  it('Combat Hardened advanced raises the Devout HD two steps (d6 -> d8)', () => {
    const c = ok(seededRandom(2), {
      method: 'semi',
      choices: { class: 'devout', devoutPowers: [{ id: 'combat-hardened', version: 'advanced' }, { id: 'revenant', version: 'basic' }] },
    });
    expect([c.healthDie, c.harmDie].every((d) => d === 'd8' || d === 'd10')).toBe(true);
    expect(c.healthDie).toBe('d8');
    expect(c.spellcasting).toBeNull();
  });

  it('Armour of Righteousness gives an unarmoured Armour Die (d3, advanced d4)', () => {
    const basic = ok(seededRandom(4), {
      method: 'semi',
      choices: { class: 'devout', devoutPowers: [{ id: 'armour-of-righteousness', version: 'basic' }, { id: 'revenant', version: 'basic' }, { id: 'lay-on-hands', version: 'basic' }] },
    });
    const advanced = ok(seededRandom(4), {
      method: 'semi',
      choices: { class: 'devout', devoutPowers: [{ id: 'armour-of-righteousness', version: 'advanced' }, { id: 'revenant', version: 'basic' }] },
    });
    expect([basic.armourDie, advanced.armourDie]).toEqual(['d3', 'd4']);
  });
});

describe('choices are checked and refused with a typed error', () => {
  const refuse = (method: CreationMethod, choices: CreationChoices, name?: string) => {
    const res = rollCharacter(seededRandom(1), { method, choices, ...(name !== undefined ? { name } : {}) });
    if (res.ok) throw new Error('expected a refusal');
    return res.error;
  };

  it('Option A takes no choices', () => {
    expect(refuse('random', { stock: 'canid' })).toMatchObject({ code: 'creation/choices-need-semi', choice: 'stock' });
  });

  it('an unknown stock names the stocks of the setting', () => {
    const e = refuse('semi', { stock: 'elf' });
    expect(e).toMatchObject({ code: 'creation/unknown-id', choice: 'stock' });
    expect(e.message).toContain(HAMMERCRAWL_STOCKS.map((s) => s.id).join(', '));
    expect(refuse('palladium', { stock: 'ogren' }).message).toContain(PALLADIUM_STOCKS.map((s) => s.id).join(', '));
  });

  it('the Charlatan is refused (CL-31), unknown classes too', () => {
    expect(refuse('semi', { class: 'charlatan' })).toMatchObject({ code: 'creation/not-offered', choice: 'class' });
    expect(refuse('semi', { class: 'bard' }).message).toContain('combatant, true-mage, devout, specialist');
  });

  it('prime stats must fit the stock or class', () => {
    expect(refuse('semi', { stock: 'ogren', stockPrime: 'DEX' })).toMatchObject({ code: 'creation/prime-stat' });
    expect(refuse('semi', { stockPrime: 'DEX' })).toMatchObject({ code: 'creation/needs-choice' });
    expect(refuse('semi', { stock: 'human', stockPrime: 'SOC' })).toMatchObject({ code: 'creation/prime-stat' });
    expect(refuse('semi', { class: 'combatant', classPrime: 'INT' }).message).toContain('STR, DEX');
  });

  it('class choices need their class', () => {
    expect(refuse('semi', { shtick: 'tank' })).toMatchObject({ code: 'creation/needs-choice', choice: 'shtick' });
    expect(refuse('semi', { class: 'devout', shtick: 'tank' })).toMatchObject({ code: 'creation/wrong-class' });
    expect(refuse('semi', { class: 'combatant', shtick: 'berserk' }).message).toContain('two-fisted');
    expect(refuse('semi', { class: 'combatant', shtick: 'tank', spellbladeStyle: 'muscle-wizard' })).toMatchObject({ code: 'creation/needs-choice' });
    expect(refuse('semi', { class: 'true-mage', focus: 'holy-mage', holyMagePower: 'spellcasting' })).toMatchObject({ code: 'creation/unknown-id' });
  });

  it('Devout powers: 3 basic, or 1 basic and 1 advanced; no advanced without one', () => {
    expect(refuse('semi', { class: 'devout', devoutPowers: [{ id: 'revenant', version: 'basic' }] })).toMatchObject({ code: 'creation/devout-powers' });
    expect(refuse('semi', { class: 'devout', devoutPowers: [{ id: 'metamorphosis', version: 'advanced' }, { id: 'revenant', version: 'basic' }] }).message).toMatch(/no advanced/);
    expect(
      refuse('semi', { class: 'devout', devoutPowers: [{ id: 'revenant', version: 'basic' }, { id: 'revenant', version: 'basic' }, { id: 'lay-on-hands', version: 'basic' }] }),
    ).toMatchObject({ code: 'creation/duplicate' });
  });

  it('the Commander needs CHA', () => {
    expect(refuse('semi', { class: 'specialist', classPrime: 'DEX', specialistChoices: ['commander'] })).toMatchObject({ code: 'creation/requirement' });
  });

  it('counts: skills beyond the count (after the roll), too many weapons, WPs', () => {
    const many = ['healing', 'stealth', 'tracking', 'hunting', 'fishing', 'gambling', 'forgery', 'gaming', 'escape-artist', 'falconry', 'rope-use', 'art', 'crafting', 'cryptography'];
    const e = refuse('semi', { class: 'combatant', skills: many.map((id) => ({ id })) });
    expect(e).toMatchObject({ code: 'creation/too-many', choice: 'skills' });
    expect(e.message).toMatch(/this character has \d+ \(4 for the Combatant at level 1/);
    expect(refuse('semi', { class: 'specialist', weapons: ['club', 'mace'] })).toMatchObject({ code: 'creation/too-many', choice: 'weapons' });
    expect(refuse('semi', { class: 'devout', weaponProficiencies: ['club', 'mace', 'sling', 'javelin'] })).toMatchObject({ code: 'creation/too-many' });
    expect(refuse('semi', { weaponProficiencies: ['claws-and-teeth'] })).toMatchObject({ code: 'creation/not-offered' });
    expect(refuse('semi', { skills: [{ id: 'healing' }, { id: 'healing' }] })).toMatchObject({ code: 'creation/duplicate' });
  });

  it('a stat priority only for a stock that may order its stats', () => {
    expect(refuse('palladium', { stock: 'dwarf', statPriority: ['STR'] })).toMatchObject({ code: 'creation/stat-priority' });
    expect(refuse('semi', { stock: 'human', statPriority: ['STR'] })).toMatchObject({ code: 'creation/stat-priority' });
    expect(refuse('palladium', { stock: 'human', statPriority: ['STR', 'STR'] })).toMatchObject({ code: 'creation/duplicate' });
  });

  it(`duplicate skill rolls stop after ${MAX_SKILL_REROLLS} re-rolls with a typed error`, () => {
    /** Every die shows 1, except that the d100 shows 1 for `ones` rolls after the first, then 2, 3, 4 ... */
    const source = (ones: number): RandomSource => {
      let d100 = 0;
      return {
        rollDie(sides: number): number {
          if (sides !== 100) return 1;
          d100 += 1;
          return d100 <= ones + 1 ? 1 : d100 - ones;
        },
      };
    };
    // A Canid Combatant with STR 3: 4 skills, the first d100 roll and then `ones` duplicates.
    expect(rollCharacter(source(MAX_SKILL_REROLLS), { method: 'random' }).ok).toBe(true);
    const res = rollCharacter(source(MAX_SKILL_REROLLS + 1), { method: 'random' });
    expect(res.ok ? null : res.error.code).toBe('creation/reroll-cap');
  });

  it(`a name has 1 to ${MAX_NAME_LENGTH} characters`, () => {
    expect(checkCreationChoices('random', {}, 'x'.repeat(MAX_NAME_LENGTH))).toBeNull();
    expect(refuse('random', {}, 'x'.repeat(MAX_NAME_LENGTH + 1))).toMatchObject({ code: 'creation/name' });
    expect(refuse('random', {}, '   ')).toMatchObject({ code: 'creation/name' });
  });
});

describe('invariants over thousands of seeded characters (property)', () => {
  const methods = ['random', 'semi', 'palladium'] as const;

  function checkInvariants(c: Character): void {
    const stock = stockOf(c.setting, c.stock) as Stock;
    const cls = classById(c.class);
    expect(stock).toBeDefined();
    expect(c.setting).toBe(c.method === 'palladium' ? 'palladium' : 'hammercrawl');
    expect(cls.canRollAtRandom).toBe(true);
    expect(c.class).not.toBe('charlatan');
    for (const s of STAT_IDS) {
      const b = c.stats[s];
      expect(b.score).toBeGreaterThanOrEqual(3);
      expect(b.score).toBeLessThanOrEqual(18);
      expect(b.half).toBe(Math.ceil(b.score / 2));
      expect(b.mod).toBe(STAT_TABLE[b.score - 1]!.mod);
    }
    // The primes hold the highest core scores (no free order without a priority); SOC keeps its own roll (CR-3).
    const others = STAT_IDS.filter((s) => !c.primeStats.includes(s) && s !== 'SOC').map((s) => c.stats[s].score);
    for (const p of c.primeStats) expect(c.stats[p].score).toBeGreaterThanOrEqual(Math.max(...others));
    expect(c.featDie).toBe('d3');
    expect([c.level, c.xp]).toEqual([1, 0]);
    expect(c.stowSlots).toBe(Math.max(0, c.stats.STR.half + c.stats.INT.mod));
    const classPrime = c.primeStats[c.primeStats.length - 1]!;
    const skillCount = c.method === 'palladium' ? c.stats.INT.score : cls.skills!.atLevelOne + Math.max(0, c.stats[classPrime].mod);
    expect(c.skills).toHaveLength(skillCount);
    expect(new Set(c.skills.map((s) => s.id)).size).toBe(skillCount);
    const selected = c.weaponProficiencies.filter((w) => w.source === 'selection');
    expect(selected).toHaveLength(wpCount(cls, c.classPicks));
    expect(new Set(c.weaponProficiencies.map((w) => w.id)).size).toBe(c.weaponProficiencies.length);
    for (const w of selected) expect(SELECTABLE_WP_IDS).toContain(w.id);
    const hit = baseHitDice(cls, c.classPicks, stock);
    expect([c.healthDie, c.harmDie]).toEqual([`d${hit.healthDie}`, `d${hit.harmDie}`]);
    if (c.stock === 'ogren' && c.setting === 'hammercrawl') expect(c.harmDie).not.toBe(c.healthDie);
    else expect(c.harmDie).toBe(c.healthDie);
    expect(c.defense).toBeGreaterThanOrEqual(c.stats.DEX.half);
    expect(c.inventory.some((i) => i.id === 'torch')).toBe(stock.nightvision === null);
    const rations = c.inventory.find((i) => i.id === 'ration')!;
    expect(rations.quantity).toBeGreaterThanOrEqual(1);
    expect(rations.quantity).toBeLessThanOrEqual(4);
    expect(c.inventory.filter((i) => i.carried === 'held').length).toBeLessThanOrEqual(2);
    const coins = startingCoins(c.stats.SOC.score);
    expect([c.startingCoins, c.coins, c.socialStatus]).toEqual([coins.coins, coins.coins, coins.status]);
    expect(c.inventory.filter((i) => i.id.startsWith('random-magick-item')).length).toBe(c.socialStatus === 'scum' ? 3 : 0);
    expect(c.psionics === null).toBe(c.setting === 'hammercrawl');
    expect(c.quirks.length).toBe(c.stock === 'nethern' ? 1 : 0);
    expect(c.spellcasting === null).toBe(
      !(c.class === 'true-mage' || c.classPicks.some((p) => (p.kind === 'devout-power' && p.id === 'spellcasting') || (p.kind === 'shtick' && p.id === 'spellblade') || (p.kind === 'specialist-choice' && p.id === 'eldritch-dabbler'))),
    );
    // Plain JSON that reads back exactly.
    const json = JSON.parse(JSON.stringify(c)) as unknown;
    expect(json).toEqual(c);
    const read = readCharacters(json);
    if (!read.ok) throw new Error(JSON.stringify(read.problems));
    expect(read.characters[0]).toEqual(c);
  }

  it('every invariant holds, for every method', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffff_ffff }), fc.constantFrom(...methods), (seed, method) => {
        checkInvariants(ok(seededRandom(seed), { method }));
      }),
      { numRuns: 3000 },
    );
  });

  // What a pile of 50 costs is in bench/rules-cost.js (`npm run bench rules`).
  it('the same seed makes the same pile of 50 characters', () => {
    const a = rollCharacters(seededRandom(99), { method: 'random', seed: 99 }, 50);
    const b = rollCharacters(seededRandom(99), { method: 'random', seed: 99 }, 50);
    expect(a.ok && a.characters).toHaveLength(50);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    const palladium = rollCharacters(seededRandom(7), { method: 'palladium' }, 50);
    expect(palladium.ok && palladium.characters.map((c) => c.setting)).toEqual(Array(50).fill('palladium'));
  });
});

describe('stock and class frequencies (chi-square)', () => {
  const ALPHA = 1e-3;

  /** P(sum = s) of n dice of `sides`, by convolution. */
  function sumDistribution(n: number, sides: number): Map<number, number> {
    let dist = new Map<number, number>([[0, 1]]);
    for (let i = 0; i < n; i++) {
      const next = new Map<number, number>();
      for (const [s, p] of dist) for (let f = 1; f <= sides; f++) next.set(s + f, (next.get(s + f) ?? 0) + p / sides);
      dist = next;
    }
    return dist;
  }

  function chiSquare(observed: readonly number[], expected: readonly number[]): number {
    let x = 0;
    observed.forEach((o, i) => {
      const e = expected[i]!;
      x += ((o - e) * (o - e)) / e;
    });
    return x;
  }

  it.each([
    ['random', HAMMERCRAWL_STOCKS, 3, 6, 2024],
    ['palladium', PALLADIUM_STOCKS, 3, 12, 2025],
  ] as const)('%s: stocks follow their dice table; classes are an even d4 without the Charlatan', (method, stocks, n, sides, seed) => {
    const N = 20_000;
    const rng = seededRandom(seed);
    const stockCounts = new Map<string, number>();
    const classCounts = new Map<string, number>();
    for (let i = 0; i < N; i++) {
      const c = ok(rng, { method });
      stockCounts.set(c.stock, (stockCounts.get(c.stock) ?? 0) + 1);
      classCounts.set(c.class, (classCounts.get(c.class) ?? 0) + 1);
    }
    const dist = sumDistribution(n, sides);
    const expected = stocks.map((s) => {
      let p = 0;
      for (let v = s.roll.min; v <= s.roll.max; v++) p += dist.get(v) ?? 0;
      return p * N;
    });
    expect(expected.reduce((a, b) => a + b, 0)).toBeCloseTo(N, 6);
    const stat = chiSquare(stocks.map((s) => stockCounts.get(s.id) ?? 0), expected);
    expect(stat).toBeLessThan(chiSquareCritical(ALPHA, stocks.length - 1));
    expect(classCounts.has('charlatan')).toBe(false);
    const classes = RANDOM_CLASS_TABLE.map((r) => classCounts.get(r.classId) ?? 0);
    expect(chiSquare(classes, classes.map(() => N / 4))).toBeLessThan(chiSquareCritical(ALPHA, 3));
    expect(CLASSES.filter((c) => c.canRollAtRandom).length).toBe(4);
  });

  it('a biased stock roll would be caught: the test has power', () => {
    // Half of all characters forced to Human: the statistic must explode.
    const N = 20_000;
    const dist = sumDistribution(3, 6);
    const expected = HAMMERCRAWL_STOCKS.map((s) => {
      let p = 0;
      for (let v = s.roll.min; v <= s.roll.max; v++) p += dist.get(v) ?? 0;
      return p * N;
    });
    const observed = expected.map((e, i) => (HAMMERCRAWL_STOCKS[i]!.id === 'human' ? e + 0.05 * N : e - (0.05 * N * expected[i]!) / (N - expected[3]!)));
    expect(chiSquare(observed, expected)).toBeGreaterThan(chiSquareCritical(ALPHA, HAMMERCRAWL_STOCKS.length - 1));
  });

  it('names come from the built-in lists', () => {
    const c = ok(seededRandom(11), { method: 'random' });
    const [given, by] = c.name.split(' ');
    expect(GIVEN_NAMES).toContain(given);
    expect(BYNAMES).toContain(by);
  });
});

describe('a random character starts able to fight (CR-13, CR-17)', () => {
  const N = 600;
  const pile = rollCharacters(seededRandom(2024), { method: 'random' }, N);
  if (!pile.ok) throw new Error('creation failed');
  const weaponOf = (id: string) => WEAPONS.find((w) => w.id === id);

  it('holds a weapon that fights: never a shield or a crossbow (no damage dice in the text) alone', () => {
    for (const c of pile.characters) {
      const held = c.inventory.filter((i) => i.carried === 'held').map((i) => weaponOf(i.id)).filter((w) => w !== undefined);
      expect(held.some((w) => isFightingWeapon(w)), `${c.name} (${c.class}) holds ${held.map((w) => w.id).join(', ') || 'nothing'}`).toBe(true);
      for (const item of c.inventory) expect(item.id.startsWith('crossbow-'), `${c.name} starts with ${item.id}`).toBe(false);
    }
  });

  it('the first weapon of choice is never a shield (a Tower Shield is no "weapon of choice" alone)', () => {
    for (const c of pile.characters) {
      const first = c.creation.log.find((e) => /Weapon of choice|Weapon in place/.test(e.text));
      if (first) expect(first.text).not.toMatch(/-> Shield/);
    }
  });

  it('as-listed leaves a Devout with what the text lists: no weapon', () => {
    const listed = rollCharacters(seededRandom(2024), { method: 'semi', choices: { class: 'devout' }, startingKit: 'as-listed' }, 20);
    const armed = rollCharacters(seededRandom(2024), { method: 'semi', choices: { class: 'devout' } }, 20);
    if (!listed.ok || !armed.ok) throw new Error('creation failed');
    for (const c of listed.characters) expect(c.inventory.some((i) => weaponOf(i.id) !== undefined)).toBe(false);
    for (const c of armed.characters) expect(c.inventory.some((i) => i.carried === 'held' && isFightingWeapon(weaponOf(i.id) ?? WEAPONS[0]!) && weaponOf(i.id) !== undefined)).toBe(true);
  });
});
