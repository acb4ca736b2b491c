import { describe, expect, it } from 'vitest';
import { STAT_TABLE, type StatId } from './check-modifiers.js';
import type { CharacterStats, ClassPick } from './character.js';
import { HAMMERCRAWL_STOCKS, PALLADIUM_STOCKS, type Stock } from './data/stocks.js';
import { SOCIAL_STATUS_TABLE } from './data/social-status.js';
import {
  stockCheckEffects,
  baseArmourDie,
  baseHitDice,
  followBase,
  bonusLanguages,
  classById,
  deriveStats,
  levelAmount,
  maxHirelings,
  passiveDefense,
  psionicGrade,
  skillCount,
  socialStatusOf,
  spellcastingAtCreation,
  startingCoins,
  statBlock,
  stowSlots,
  unarmouredArmourDie,
  wpCount,
} from './derived.js';
import type { InventoryItem } from './inventory-item.js';

const hc = (id: string): Stock => HAMMERCRAWL_STOCKS.find((s) => s.id === id)!;
const pal = (id: string): Stock => PALLADIUM_STOCKS.find((s) => s.id === id)!;

function stats(over: Partial<Record<StatId, number>> = {}): CharacterStats {
  return deriveStats({ STR: 10, DEX: 10, CON: 10, INT: 10, WIL: 10, CHA: 10, SOC: 10, ...over });
}

describe('stat blocks', () => {
  it('every score of the stat table: half-stat rounded up, mod as printed', () => {
    for (const row of STAT_TABLE) {
      expect(statBlock(row.score)).toEqual({ score: row.score, half: Math.ceil(row.score / 2), mod: row.mod });
      expect(row.halfStat).toBe(Math.ceil(row.score / 2));
    }
  });

  it("the rules' example spread (STATS)", () => {
    const s = deriveStats({ STR: 8, DEX: 15, CON: 10, INT: 9, WIL: 17, CHA: 5, SOC: 14 });
    expect(s.STR).toEqual({ score: 8, half: 4, mod: -1 });
    expect(s.DEX).toEqual({ score: 15, half: 8, mod: 1 });
    expect(s.WIL).toEqual({ score: 17, half: 9, mod: 2 });
    expect(s.CHA).toEqual({ score: 5, half: 3, mod: -2 });
    expect(s.SOC).toEqual({ score: 14, half: 7, mod: 1 });
  });
});

describe('Health, Harm and Armour Dice', () => {
  it('the class HD sets both; the Ogren steps the Harm Die only', () => {
    expect(baseHitDice(classById('combatant'), [], hc('human'))).toMatchObject({ healthDie: 8, harmDie: 8 });
    expect(baseHitDice(classById('combatant'), [], hc('ogren'))).toMatchObject({ healthDie: 8, harmDie: 10 });
    expect(baseHitDice(classById('true-mage'), [], hc('ogren'))).toMatchObject({ healthDie: 4, harmDie: 5 });
    // Palladium ogres and trolls step only their Claws and Teeth, not the base Harm Die.
    expect(baseHitDice(classById('devout'), [], pal('troll'))).toMatchObject({ healthDie: 6, harmDie: 6 });
  });

  it('War Mage d6; Combat Hardened advanced two steps (CL-10), also through a Holy Mage', () => {
    expect(baseHitDice(classById('true-mage'), [{ kind: 'focus', id: 'war-mage' }], hc('human'))).toMatchObject({ healthDie: 6 });
    const holy: ClassPick[] = [{ kind: 'focus', id: 'holy-mage' }, { kind: 'holy-mage-power', id: 'combat-hardened' }];
    expect(baseHitDice(classById('true-mage'), holy, hc('ogren'))).toMatchObject({ healthDie: 6, harmDie: 7 });
    const devout: ClassPick[] = [{ kind: 'devout-power', id: 'combat-hardened', version: 'advanced' }];
    expect(baseHitDice(classById('devout'), devout, hc('human'))).toMatchObject({ healthDie: 8, harmDie: 8 });
    const basic: ClassPick[] = [{ kind: 'devout-power', id: 'combat-hardened', version: 'basic' }];
    expect(baseHitDice(classById('devout'), basic, hc('human'))).toMatchObject({ healthDie: 6 });
  });

  it('the Charlatan has no HD to derive from', () => {
    expect(() => baseHitDice(classById('charlatan'), [], hc('human'))).toThrow(/no HD/);
  });

  it('Armour of Righteousness without armour: d3, advanced d4', () => {
    expect(unarmouredArmourDie(classById('devout'), [])).toBeNull();
    expect(unarmouredArmourDie(classById('devout'), [{ kind: 'devout-power', id: 'armour-of-righteousness', version: 'basic' }])).toBe(3);
    expect(unarmouredArmourDie(classById('devout'), [{ kind: 'devout-power', id: 'armour-of-righteousness', version: 'advanced' }])).toBe(4);
  });
});

describe('passive Defense', () => {
  const held = (id: string): InventoryItem => ({ id, size: 'medium', quantity: 1, carried: 'held' });
  const packed = (id: string): InventoryItem => ({ id, size: 'medium', quantity: 1, carried: 'packed' });
  const s = stats({ DEX: 15 });

  it('half-DEX, plus +2 for one held Defensive item, +3 for two or more', () => {
    expect(passiveDefense(s, [], classById('devout'), [], 1).value).toBe(8);
    expect(passiveDefense(s, [held('shield-normal')], classById('devout'), [], 1).value).toBe(10);
    expect(passiveDefense(s, [packed('shield-normal')], classById('devout'), [], 1).value).toBe(8);
    expect(passiveDefense(s, [held('shield-buckler'), held('dagger-dueling')], classById('devout'), [], 1).value).toBe(11);
    expect(passiveDefense(s, [held('sword-long')], classById('devout'), [], 1).value).toBe(8);
  });

  it('Tank: half the Feat Die maximum, rounded up; Defensive Specialist: the level', () => {
    const tank = passiveDefense(s, [], classById('combatant'), [{ kind: 'shtick', id: 'tank' }], 1);
    expect(tank.value).toBe(8 + 2);
    expect(tank.parts.map((p) => p.label)).toEqual(['half-DEX', 'Tank']);
    expect(passiveDefense(s, [], classById('combatant'), [{ kind: 'shtick', id: 'tank' }], 5).value).toBe(8 + 3);
    const spec = passiveDefense(s, [], classById('specialist'), [{ kind: 'specialist-choice', id: 'defensive-specialist' }], 3);
    expect(spec.value).toBe(8 + 3);
    expect(spec.parts[1]!.label).toMatch(/while aware/);
  });

  it('levelAmount reads every kind', () => {
    const st = stats({ CHA: 16 });
    expect(levelAmount({ kind: 'fixed', value: 4 }, 3, st)).toBe(4);
    expect(levelAmount({ kind: 'level', factor: 2 }, 3, st)).toBe(6);
    expect(levelAmount({ kind: 'level-plus-stat-mod', stat: 'CHA' }, 3, st)).toBe(5);
    expect(levelAmount({ kind: 'level-plus-half-stat', stat: 'CHA' }, 3, st)).toBe(11);
    expect(levelAmount({ kind: 'half-feat-die-max' }, 10, st)).toBe(5);
  });
});

describe('Stow Slots (CR-18)', () => {
  it('half-STR plus INT mod', () => {
    expect(stowSlots(stats({ STR: 15, INT: 13 })).value).toBe(9);
    expect(stowSlots(stats({ STR: 8, INT: 5 })).value).toBe(2);
  });

  it('a negative total counts as 0, and says so', () => {
    const s = stowSlots(stats({ STR: 3, INT: 3 }));
    expect(s).toMatchObject({ value: 0, raw: -1 });
    expect(s.note).toMatch(/CR-18/);
    expect(stowSlots(stats({ STR: 4, INT: 4 }))).toMatchObject({ value: 0, raw: 0, note: null });
  });
});

describe('counts: skills, WPs, spells', () => {
  it('skills: the class number plus the positive class prime mod; Option P the INT score', () => {
    const s = stats({ DEX: 18, INT: 13, STR: 5 });
    expect(skillCount('random', classById('specialist'), s, 'DEX').value).toBe(8 + 3);
    expect(skillCount('semi', classById('combatant'), s, 'STR').value).toBe(4);
    expect(skillCount('palladium', classById('combatant'), s, 'STR').value).toBe(13);
  });

  it('WPs: the class number; War Mage 3', () => {
    expect(wpCount(classById('combatant'), [])).toBe(6);
    expect(wpCount(classById('true-mage'), [])).toBe(2);
    expect(wpCount(classById('true-mage'), [{ kind: 'focus', id: 'war-mage' }])).toBe(3);
    expect(wpCount(classById('devout'), [])).toBe(3);
    expect(wpCount(classById('specialist'), [])).toBe(2);
  });

  it('spell knowledge at level 1 (CL-6)', () => {
    const s = stats({ INT: 17, CHA: 13, CON: 16, WIL: 5 });
    expect(spellcastingAtCreation(classById('true-mage'), [], s, 'INT', 1)).toEqual({
      profileId: 'true-mage-spellcasting', spellDie: 'd3', spellStat: 'INT', spellsKnown: 5, sustains: 1,
    });
    expect(spellcastingAtCreation(classById('true-mage'), [{ kind: 'focus', id: 'traditional-mage' }], s, 'CHA', 1)).toMatchObject({
      profileId: 'traditional-mage-spellcasting', spellStat: 'CHA', spellsKnown: 9,
    });
    expect(spellcastingAtCreation(classById('devout'), [{ kind: 'devout-power', id: 'spellcasting', version: 'advanced' }], s, 'WIL', 1)).toMatchObject({
      profileId: 'devout-advanced-spellcasting', spellsKnown: 3,
    });
    const blade: ClassPick[] = [{ kind: 'shtick', id: 'spellblade' }, { kind: 'spellblade-style', id: 'muscle-wizard', casterType: 'believer' }];
    expect(spellcastingAtCreation(classById('combatant'), blade, s, 'STR', 1)).toMatchObject({ profileId: 'spellblade-spellcasting', spellStat: 'CON', spellsKnown: 4 });
    // The Eldritch Dabbler casts with INT but adds the class prime stat's mod (CL-6).
    expect(spellcastingAtCreation(classById('specialist'), [{ kind: 'specialist-choice', id: 'eldritch-dabbler' }], s, 'CHA', 1)).toMatchObject({
      spellStat: 'INT', spellsKnown: 3,
    });
    expect(spellcastingAtCreation(classById('combatant'), [{ kind: 'shtick', id: 'tank' }], s, 'STR', 1)).toBeNull();
  });

  it('languages and hirelings', () => {
    expect(bonusLanguages(stats({ INT: 16 }))).toBe(2);
    expect(bonusLanguages(stats({ INT: 6 }))).toBe(0);
    expect(maxHirelings(stats({ CHA: 13 }))).toBe(7);
  });
});

describe('psionic grade (CR-16)', () => {
  it('the thresholds at WIL 14: half 7, score 14, twice 28', () => {
    const grades = [1, 7, 8, 14, 15, 28, 29, 100].map((r) => psionicGrade(r, 14));
    expect(grades).toEqual(['master', 'master', 'major', 'major', 'minor', 'minor', 'none', 'none']);
  });

  it('an odd WIL: half rounded up', () => {
    expect(psionicGrade(8, 15)).toBe('master');
    expect(psionicGrade(9, 15)).toBe('major');
  });
});

describe('starting coins (ST-17, ST-18, ST-19)', () => {
  it('SOC x the status multiplier; Royalty a flat 1000; Scum 0 and three magick items', () => {
    expect(startingCoins(3)).toMatchObject({ status: 'scum', coins: 0, magickItems: 3 });
    expect(startingCoins(4)).toMatchObject({ status: 'peasantry', coins: 40 });
    expect(startingCoins(8)).toMatchObject({ status: 'poor', coins: 120 });
    expect(startingCoins(12)).toMatchObject({ status: 'middle-class', coins: 240 });
    expect(startingCoins(15)).toMatchObject({ status: 'lesser-nobility', coins: 375 });
    expect(startingCoins(17)).toMatchObject({ status: 'greater-nobility', coins: 510 });
    expect(startingCoins(18)).toMatchObject({ status: 'royalty', coins: 1000, magickItems: 0 });
  });

  it('every score 3-18 has one row; off the table reads the nearest row', () => {
    for (let soc = 3; soc <= 18; soc++) expect(SOCIAL_STATUS_TABLE).toContain(socialStatusOf(soc));
    expect(socialStatusOf(1).id).toBe('scum');
    expect(socialStatusOf(19).id).toBe('royalty');
  });
});

describe('the Armour Die that soaks, and dice that follow their base (PL-3, PL-9)', () => {
  const chain: InventoryItem = { id: 'chain', size: 'large', quantity: 1, carried: 'worn' };
  const aor = (version: 'basic' | 'advanced'): ClassPick[] => [{ kind: 'devout-power', id: 'armour-of-righteousness', version }];

  it('the worn armour\'s Soak Die, moved by Armour of Righteousness; without armour its d3; else none', () => {
    expect(baseArmourDie(classById('combatant'), [], [chain])).toMatchObject({ sides: 8, source: 'chain' });
    expect(baseArmourDie(classById('devout'), aor('basic'), [chain])).toMatchObject({ sides: 12, source: 'chain' });
    expect(baseArmourDie(classById('devout'), aor('basic'), [{ ...chain, carried: 'packed' }])).toMatchObject({ sides: 3, source: 'unarmoured' });
    expect(baseArmourDie(classById('combatant'), [], [])).toEqual({ sides: null, source: null, text: 'no armour worn' });
  });

  it('a current die keeps the steps it lost when its base moves; a die gone stays gone', () => {
    expect(followBase(6, 8, 12)).toBe(8);
    expect(followBase(8, 8, 12)).toBe(12);
    expect(followBase(null, 8, 12)).toBeNull();
    expect(followBase(null, null, 3)).toBe(3);
    expect(followBase(3, 6, 4)).toBeNull();
    expect(followBase(4, 6, null)).toBeNull();
  });
});

describe('stockCheckEffects: the stock abilities on a check (STOCKS)', () => {
  const stock = (setting: 'hammercrawl' | 'palladium', id: string) => {
    const s = (setting === 'hammercrawl' ? HAMMERCRAWL_STOCKS : PALLADIUM_STOCKS).find((x) => x.id === id);
    if (!s) throw new Error(id);
    return s;
  };
  const labels = (xs: readonly { origin: { kind: string } }[]) => xs.map((x) => ('label' in x.origin ? x.origin.label : x.origin.kind));

  it('Troll Monstrous Strength and Ogre Monstrous Endurance: one step on every Test, Challenge, Competition and Save of the stat', () => {
    for (const kind of ['test', 'challenge', 'competition'] as const) {
      expect(stockCheckEffects(stock('palladium', 'troll'), 'STR', 1, { kind, isSave: false }).steps).toEqual([{ amount: 1, origin: { kind: 'rule', id: 'monstrous-strength', label: 'Monstrous Strength' } }]);
      expect(labels(stockCheckEffects(stock('palladium', 'ogre'), 'CON', 1, { kind, isSave: kind === 'challenge' }).steps)).toEqual(['Monstrous Endurance']);
    }
    expect(stockCheckEffects(stock('palladium', 'troll'), 'CON', 1, { kind: 'test', isSave: false }).steps).toEqual([]);
    expect(stockCheckEffects(stock('palladium', 'ogre'), 'STR', 1, { kind: 'test', isSave: false }).steps).toEqual([]);
  });

  it('Droffen Strength of the Earth: the level on STR and CON Saves, only on stone or earth', () => {
    const droffen = stock('hammercrawl', 'droffen');
    expect(stockCheckEffects(droffen, 'CON', 4, { kind: 'challenge', isSave: true, isOnEarth: true }).mods).toEqual([{ amount: 4, origin: { kind: 'rule', id: 'strength-of-the-earth', label: 'Strength of the Earth' } }]);
    expect(stockCheckEffects(droffen, 'CON', 4, { kind: 'challenge', isSave: true }).mods).toEqual([]);
    expect(stockCheckEffects(droffen, 'DEX', 4, { kind: 'challenge', isSave: true, isOnEarth: true }).mods).toEqual([]);
    expect(stockCheckEffects(droffen, 'STR', 4, { kind: 'test', isSave: false, isOnEarth: true }).mods).toEqual([]);
  });

  it('Elfin Blessed Intellect: advantage on INT Saves while the Health Die is at full', () => {
    const elfin = stock('hammercrawl', 'elfin');
    expect(stockCheckEffects(elfin, 'INT', 1, { kind: 'challenge', isSave: true, isHealthFull: true }).vantage).toEqual([{ mark: 'adv', origin: { kind: 'rule', id: 'blessed-intellect', label: 'Blessed Intellect' } }]);
    expect(stockCheckEffects(elfin, 'INT', 1, { kind: 'challenge', isSave: true, isHealthFull: false }).vantage).toEqual([]);
    expect(stockCheckEffects(elfin, 'WIL', 1, { kind: 'challenge', isSave: true, isHealthFull: true }).vantage).toEqual([]);
  });
});
