// Data integrity for The Bare Bones tables: unique kebab-case ids, roll tables covering their die
// exactly once, referenced ids existing, the printed numbers, and descriptions in the project's words.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { copiedRuns, rulesTextPath } from '../../../../test/copied-prose.js';
import { ATTRIBUTE_IDS } from '../attributes.js';
import { BARE_BONES_CHECKS, BARE_BONES_TABLES, CREATION_OPTIONS } from '../index.js';
import { ARMOURS, MIN_NOTCHED_ARMOUR_CLASS, SHIELD } from './armour.js';
import { CLASSES, SORCERER_TRADITIONS } from './classes.js';
import { MANEUVERS } from './maneuvers.js';
import { HOUSES, RACES } from './races.js';
import { SAMPLE_SKILLS } from './skills.js';
import { WATCH_DIE, WATCH_TABLE } from './watch.js';
import { WEAPON_KINDS, WEAPON_WEIGHTS } from './weapons.js';
import { MAX_LEVEL, QUEST_XP, XP_TABLE, levelForXp, xpForLevel } from './xp.js';
import { BARE_BONES_CHAIN } from '../../../dice/dice-chain.js';
import { coverageOffenders, duplicatesOf, missingIds, offendersOf } from '../../../../test/offenders.js';

const RULES_FILE = rulesTextPath('003_653991b710fb210d.txt');
const HAS_BARE_BONES_TEXT = existsSync(RULES_FILE);
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

describe('Bare Bones data tables', () => {
  it('every table has unique kebab-case ids, a label and a ref', () => {
    expect(duplicatesOf(BARE_BONES_TABLES.map((t) => t.id))).toEqual([]);
    const rows = BARE_BONES_TABLES.flatMap((t) => t.rows.map((r) => ({ t, r, at: `${t.id}/${r.id}` })));
    expect([
      ...offendersOf(BARE_BONES_TABLES, (t) => !KEBAB.test(t.id), (t) => `table ${t.id}: id not kebab-case`),
      ...offendersOf(BARE_BONES_TABLES, (t) => !/Bare Bones|docs\/rulings\.md \(BB-\d+\)/.test(t.ref), (t) => `table ${t.id}: ref ${t.ref}`),
      ...BARE_BONES_TABLES.flatMap((t) => duplicatesOf(t.rows.map((r) => r.id)).map((d) => `table ${t.id}: row id ${d}`)),
      ...offendersOf(rows, ({ r }) => !KEBAB.test(r.id), ({ at }) => `${at}: id not kebab-case`),
      ...offendersOf(rows, ({ r }) => r.label.length === 0, ({ at }) => `${at}: no label`),
    ]).toEqual([]);
  });

  it('the watch table covers 1..d6 exactly once and holds the printed ranges', () => {
    expect(WATCH_DIE).toBe(6);
    expect(coverageOffenders(WATCH_DIE, WATCH_TABLE.map((r) => r.range))).toEqual([]);
    expect(WATCH_TABLE.map((r) => [r.id, r.range.min, r.range.max])).toEqual([
      ['wandering-monster', 1, 1], ['nothing-much', 2, 4], ['torches-gutter', 5, 5], ['mana-fluctuation', 6, 6],
    ]);
  });

  it('races hold the printed Hit Dice, favoured attributes and numbers', () => {
    expect(RACES.map((r) => [r.id, r.hitDie])).toEqual([['dwarf', 12], ['elf', 8], ['halfling', 6], ['human', 10]]);
    expect(RACES.map((r) => r.favoredAttributes)).toEqual([['str', 'con'], ['dex', 'int'], ['wis', 'cha'], []]);
    expect(missingIds(ATTRIBUTE_IDS, RACES.flatMap((r) => r.favoredAttributes.map((a) => [`${r.id} favours`, a] as const)))).toEqual([]);
    const halfling = RACES.find((r) => r.id === 'halfling')!;
    expect([halfling.critMax, halfling.armourClassBonus, halfling.heaviestWeapon]).toEqual([2, 3, 'medium']);
    expect(RACES.find((r) => r.id === 'dwarf')!.carryConBonus).toBe(5);
    expect(missingIds(BARE_BONES_CHAIN.sides, RACES.map((r) => [`${r.id} Hit Die`, r.hitDie] as const))).toEqual([]);
    expect(HOUSES.map((h) => h.id)).toEqual(['ironpax', 'crowell', 'svenicus', 'heartsbane', 'virginia']);
  });

  it('classes hold their pools, skills and maneuver dice', () => {
    expect(CLASSES.map((c) => [c.id, c.pool.id, c.startingSkills, c.maxSkillBonus, c.maneuverDie])).toEqual([
      ['cleric', 'faith', 2, 2, 4], ['fighter', 'tactic', 2, 2, 6], ['specialist', 'luck', 4, 4, 4], ['sorcerer', 'mana', 2, 2, 4],
    ]);
    expect(SORCERER_TRADITIONS.map((t) => t.id)).toEqual(['generalist', 'school']);
  });

  it('weapons: d6, d8 (2d4 two-handed), d10; bows 2d4 exploding; crossbows d10 to Blood; maneuver ids exist', () => {
    expect(WEAPON_WEIGHTS.map((w) => [w.id, w.damage.sides, w.twoHandedDamage?.count ?? null])).toEqual([['light', 6, null], ['medium', 8, 2], ['heavy', 10, null]]);
    const bow = WEAPON_KINDS.find((k) => k.id === 'bow')!;
    expect(bow.damage).toEqual({ count: 2, sides: 4, explodes: true });
    const crossbow = WEAPON_KINDS.find((k) => k.id === 'crossbow')!;
    expect([crossbow.damage?.sides, crossbow.isToBlood, crossbow.isIllegal]).toEqual([10, true, true]);
    expect(missingIds(MANEUVERS.map((m) => m.id), WEAPON_KINDS.flatMap((k) => k.largerManeuverDice.map((m) => [`${k.id} larger maneuver die`, m] as const)))).toEqual([]);
  });

  it('armour: AC 8/10/11/13, slots 0/2/3/5, shield +2 AC and 2 slots, notches stop at 8', () => {
    expect(ARMOURS.map((a) => [a.id, a.armourClass, a.slots, a.missilePenalty])).toEqual([
      ['none', 8, 0, 0], ['light', 10, 2, 0], ['medium', 11, 3, -2], ['heavy', 13, 5, -2],
    ]);
    expect([SHIELD.armourClassBonus, SHIELD.slots, SHIELD.missilePenalty, MIN_NOTCHED_ARMOUR_CLASS]).toEqual([2, 2, -2, 8]);
  });

  it('the XP table climbs from level 1 to 10 as printed; quests give 3 and 1', () => {
    expect(XP_TABLE.map((r) => r.xp)).toEqual([0, 3, 7, 12, 18, 25, 33, 41, 51, 62]);
    expect(XP_TABLE.map((r) => r.level)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(QUEST_XP.map((q) => q.xp)).toEqual([3, 1]);
    expect([levelForXp(0), levelForXp(2), levelForXp(3), levelForXp(61), levelForXp(62), levelForXp(1000)]).toEqual([1, 1, 2, 9, 10, MAX_LEVEL]);
    expect(() => xpForLevel(11)).toThrow(RangeError);
    expect(xpForLevel(10)).toBe(62);
  });

  it('maneuvers: the text\'s eight plus Aim; bonuses where a die is given', () => {
    expect(MANEUVERS.filter((m) => m.bonusTo !== null).map((m) => [m.id, m.bonusTo])).toEqual([
      ['aim', 'attack'], ['clobber', 'damage'], ['evade', 'armour-class'], ['feint', 'attack'],
    ]);
    expect(SAMPLE_SKILLS.length).toBeGreaterThanOrEqual(4);
  });
});

describe.skipIf(!HAS_BARE_BONES_TEXT)('descriptions are the project\'s own words', () => {
  it('no run of eight words is copied from the rules text', () => {
    const texts: string[] = [
      ...WATCH_TABLE.map((r) => r.description),
      ...RACES.flatMap((r) => r.abilities.map((a) => a.description)),
      ...CLASSES.flatMap((c) => c.features.map((f) => f.description)),
      ...SORCERER_TRADITIONS.map((t) => t.description),
      ...WEAPON_KINDS.map((k) => k.description),
      ...MANEUVERS.map((m) => m.description),
      ...BARE_BONES_CHECKS.flatMap((c) => [c.help, ...c.params.map((p) => p.help)]),
      ...CREATION_OPTIONS.map((o) => o.help),
    ];
    expect(copiedRuns(texts, RULES_FILE)).toEqual([]);
  });
});
