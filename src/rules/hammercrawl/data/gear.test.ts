import { HAS_RULES_TEXT, copiedRuns } from '../../../../test/copied-prose.js';
import { describe, expect, it } from 'vitest';
import { HAMMERCRAWL_CHAIN } from '../../../dice/index.js';
import { ARMOUR, ARMOUR_CATEGORIES } from './armour.js';
import { CLASSES } from './classes.js';
import {
  BAGS,
  CARRY_MODES,
  ENCUMBRANCE_METHODS,
  FREE_STARTING_EQUIPMENT,
  GEAR,
  GEAR_SIZES,
  GEAR_TAGS,
  type Bag,
  type GearSize,
} from './gear.js';
import { SKILL_LISTS, SKILLS } from './skills.js';
import { TREASURE_TIERS } from './treasures.js';
import { WEAPON_PROFICIENCIES, WEAPON_SPECIALIZATION_TIERS } from './weapon-proficiencies.js';
import { DAMAGE_TYPES, WEAPONS, WEAPON_RANGES, WEAPON_TAGS, WEAPON_TYPES } from './weapons.js';
import { assertKind } from '../../../../test/narrow.js';
import { duplicatesOf, missingIds, offendersOf, rulesBroken } from '../../../../test/offenders.js';

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ids = (rows: readonly { readonly id: string }[]) => rows.map((r) => r.id);
const sizeRow = (size: GearSize) => GEAR_SIZES.find((s) => s.id === size)!;
const bag = (id: string): Bag => BAGS.find((b) => b.id === id)!;

describe('gear sizes, carrying and bags (EQUIPMENT > ENCUMBRANCE, BAG ITEMS)', () => {
  it('data integrity: unique kebab-case ids and refs in every table', () => {
    const tables = { GEAR_SIZES, CARRY_MODES, ENCUMBRANCE_METHODS, GEAR_TAGS, GEAR, BAGS, FREE_STARTING_EQUIPMENT };
    const rows = Object.entries(tables).flatMap(([table, rs]) => (rs as readonly { id: string; label: string; ref: string }[]).map((r) => ({ table, r })));
    expect([
      ...Object.entries(tables).flatMap(([table, rs]) => duplicatesOf(ids(rs)).map((d) => `${table}: id ${d}`)),
      ...rulesBroken(rows, ({ table, r }) => `${table}/${r.id}`, ({ r }) => ({
        'kebab-case id': KEBAB.test(r.id),
        'a label': r.label.length > 0,
        'ref to HAMMERCRAWL! v4': /HAMMERCRAWL! v4/.test(r.ref),
      })),
    ]).toEqual([]);
  });

  it('one item catalogue: weapon, armour, gear and bag ids never collide', () => {
    expect(duplicatesOf([...ids(WEAPONS), ...ids(ARMOUR), ...ids(GEAR), ...ids(BAGS)])).toEqual([]);
  });

  it('the five sizes as printed: stacks of 100 and 5, Large 2 slots, Huge held in both hands', () => {
    expect(GEAR_SIZES.map((s) => [s.id, s.slotsPerStack, s.stackLimit, s.isStowable, s.needsBothHands])).toEqual([
      ['tiny', 1, 100, true, false],
      ['small', 1, 5, true, false],
      ['medium', 1, 1, true, false],
      ['large', 2, 1, true, false],
      ['huge', null, null, false, true],
    ]);
    expect(GEAR_SIZES.map((s) => s.letter)).toEqual([null, 'S', 'M', 'L', 'H']);
  });

  it('Held and Worn are Readied and take no Stow slots; Packed takes slots', () => {
    expect(CARRY_MODES.map((m) => [m.id, m.isReadied, m.usesStowSlots])).toEqual([
      ['held', true, false],
      ['worn', true, false],
      ['packed', false, true],
    ]);
  });

  it('the Easy Way is the one default and pools the slots', () => {
    expect(ENCUMBRANCE_METHODS.filter((m) => m.isDefault).map((m) => m.id)).toEqual(['easy']);
    expect(ENCUMBRANCE_METHODS.find((m) => m.id === 'fun')?.isPooled).toBe(false);
  });

  it('tags: Durable one step better, Fragile one step worse on Saves', () => {
    expect(GEAR_TAGS.map((t) => [t.id, t.saveSteps])).toEqual([
      ['bag', 0],
      ['durable', 1],
      ['fragile', -1],
      ['wearable', 0],
    ]);
  });

  it('every referenced id exists: sizes, tags, bag contents, mounts', () => {
    const itemIds = [...ids(GEAR), ...ids(BAGS)];
    const items = [...GEAR, ...BAGS];
    const slotBags = BAGS.flatMap((b) => (b.capacity.kind === 'slots' ? [{ b, capacity: b.capacity }] : []));
    const options = BAGS.flatMap((b) => (b.capacity.kind === 'slots' ? [] : b.capacity.options.map((o) => ({ b, o }))));
    expect([
      ...missingIds(ids(GEAR_SIZES), items.flatMap((item) => (item.size !== null ? [[`${item.id} size`, item.size] as const] : []))),
      ...missingIds(ids(GEAR_TAGS), items.flatMap((item) => item.tags.map((t) => [`${item.id} tag`, t] as const))),
      ...offendersOf(items, (item) => item.price !== null, (item) => `${item.id}: a price (the text gives none)`),
      ...missingIds(ids(GEAR_SIZES), slotBags.flatMap(({ b, capacity }) => (capacity.maxItemSize !== null ? [[`${b.id} largest item`, capacity.maxItemSize] as const] : []))),
      ...missingIds(itemIds, slotBags.flatMap(({ b, capacity }) => (capacity.onlyItemIds ?? []).map((id) => [`${b.id} holds only`, id] as const))),
      ...offendersOf(slotBags, ({ capacity }) => capacity.slots !== null && capacity.slots <= 0, ({ b }) => `${b.id}: no slots`),
      ...offendersOf(options, ({ o }) => o.max <= 0, ({ b }) => `${b.id}: an option holding nothing`),
      ...missingIds(itemIds, options.flatMap(({ b, o }) => o.itemIds.map((id) => [`${b.id} option`, id] as const))),
      ...missingIds(ids(BAGS), BAGS.flatMap((b) => (b.mountsOnBagId !== null ? [[`${b.id} mounts on`, b.mountsOnBagId] as const] : []))),
      ...offendersOf(BAGS, (b) => b.emptyFoldedSizeSteps !== 0 && b.emptyFoldedSizeSteps !== -1, (b) => `${b.id}: folds by ${b.emptyFoldedSizeSteps} sizes`),
    ]).toEqual([]);
    // Both kinds of bag capacity are in the table, so both lists above were read.
    expect([slotBags.length, options.length].every((n) => n > 0)).toBe(true);
  });

  it('bags as the text describes them', () => {
    expect(bag('satchel')).toMatchObject({ size: 'small', capacity: { kind: 'slots', slots: 5 }, tags: ['bag', 'fragile', 'wearable'] });
    // "three Small gear slots ... up to 15 identical small items, or 300 identical tiny items"
    const bandolier = bag('bandolier');
    expect(bandolier).toMatchObject({ capacity: { kind: 'slots', slots: 3, maxItemSize: 'small' }, isContentReadied: true });
    assertKind(bandolier.capacity, 'slots');
    expect(bandolier.capacity.slots! * sizeRow('small').stackLimit!).toBe(15);
    expect(bandolier.capacity.slots! * sizeRow('tiny').stackLimit!).toBe(300);
    expect(bag('scroll-case').capacity).toEqual({
      kind: 'special',
      options: [{ itemIds: ['spell-scroll'], max: 1 }, { itemIds: ['map-or-document'], max: 5 }],
    });
    expect(bag('lantern-hook')).toMatchObject({ mountsOnBagId: 'backpack', tags: [] });
    expect(bag('backpack').tags).toContain('wearable');
    expect(bag('sack').tags).not.toContain('wearable');
    expect(bag('sack').emptyFoldedSizeSteps).toBe(-1);
    expect(bag('quiver').capacity).toMatchObject({ onlyItemIds: ['arrow', 'bolt'] });
    expect(BAGS.filter((b) => b.isContentReadied).map((b) => b.id)).toEqual(['bandolier']);
  });

  it('gear as the text gives it: coins and gems Tiny, torch and rations Small, a torch burns one real hour', () => {
    const gear = (id: string) => GEAR.find((g) => g.id === id)!;
    expect(gear('coin').size).toBe('tiny');
    expect(gear('gem').size).toBe('tiny');
    expect(gear('torch')).toMatchObject({ size: 'small', light: { kind: 'real-time', minutes: 60 } });
    expect(gear('lantern').light).toEqual({ kind: 'venture', ventures: 1 });
    expect(gear('ration').size).toBe('small');
    expect(gear('clothes').size).toBe('medium');
    expect(gear('prayer-book').size).toBeNull();
  });
});

describe('free starting equipment (CHARACTER CREATION, Starting Equipment)', () => {
  it('every item exists; packed items are in a bag that is also given', () => {
    const given = FREE_STARTING_EQUIPMENT.map((x) => x.itemId);
    expect([
      ...missingIds([...ids(GEAR), ...ids(BAGS)], FREE_STARTING_EQUIPMENT.map((g) => [`${g.id} item`, g.itemId] as const)),
      ...missingIds(ids(CARRY_MODES), FREE_STARTING_EQUIPMENT.map((g) => [`${g.id} carried`, g.carried] as const)),
      ...rulesBroken(FREE_STARTING_EQUIPMENT, (g) => g.id, (g) => ({
        'packed in a bag that is also given, or not in a bag': g.carried === 'packed' ? g.insideBagId !== null && given.includes(g.insideBagId) : g.insideBagId === null,
      })),
    ]).toEqual([]);
  });

  it('as printed: a satchel, 1d4 rations, a torch only without nightvision, clothes', () => {
    expect(FREE_STARTING_EQUIPMENT.map((g) => [g.itemId, g.condition])).toEqual([
      ['satchel', 'always'],
      ['ration', 'always'],
      ['torch', 'lacks-nightvision'],
      ['clothes', 'always'],
    ]);
    const rations = FREE_STARTING_EQUIPMENT[1];
    expect(rations.quantity).toEqual({ kind: 'rolled', dice: { count: 1, sides: 4 } });
    assertKind(rations.quantity, 'rolled');
    expect(HAMMERCRAWL_CHAIN.sides).toContain(rations.quantity.dice.sides);
  });

  it('the most the satchel starts with (4 rations and a torch) fits its slots', () => {
    const satchel = bag('satchel');
    let slots = 0;
    for (const g of FREE_STARTING_EQUIPMENT.filter((x) => x.insideBagId === 'satchel')) {
      const size = GEAR.find((x) => x.id === g.itemId)!.size!;
      const count = g.quantity.kind === 'fixed' ? g.quantity.count : g.quantity.dice.count * g.quantity.dice.sides;
      const row = sizeRow(size);
      slots += Math.ceil(count / row.stackLimit!) * row.slotsPerStack!;
    }
    expect(satchel.capacity.kind === 'slots' && satchel.capacity.slots).toBe(5);
    expect(slots).toBeLessThanOrEqual(5);
  });

  it('the classes\' starting items are gear that exists here, with the same sizes', () => {
    const items = CLASSES.flatMap((c) => c.startingGear.items.flatMap((item) => (item.kind === 'item' ? [{ c, item }] : [])));
    expect(items.length).toBeGreaterThan(0);
    expect(
      rulesBroken(items, ({ c, item }) => `${c.id}: ${item.itemId}`, ({ item }) => {
        const gear = GEAR.find((g) => g.id === item.itemId);
        return { 'gear that exists': gear !== undefined, 'of the same size': gear === undefined || gear.size === item.size };
      }),
    ).toEqual([]);
  });
});

// The rules' prose is not copied: no description in the equipment tables shares a run of 8 words with
// the rules text (names and numbers carry over; sentences do not).
describe.skipIf(!HAS_RULES_TEXT)('equipment descriptions are the project\'s own words', () => {
  it('no description repeats 8 consecutive words of the rules', () => {
    const texts = [
      ...[...CARRY_MODES, ...ENCUMBRANCE_METHODS, ...GEAR_TAGS, ...GEAR, ...BAGS].map((r) => r.description),
      ...[...WEAPON_TYPES, ...WEAPON_TAGS, ...WEAPON_RANGES, ...TREASURE_TIERS].map((r) => r.description),
      ...WEAPONS.map((w) => w.special?.description ?? ''),
    ];
    expect(copiedRuns(texts)).toEqual([]);
  });

  it('every equipment table row cites the v4 rules', () => {
    const rows = [
      ...SKILLS, ...SKILL_LISTS, ...TREASURE_TIERS, ...WEAPON_PROFICIENCIES, ...WEAPON_SPECIALIZATION_TIERS,
      ...WEAPONS, ...WEAPON_TYPES, ...WEAPON_TAGS, ...WEAPON_RANGES, ...DAMAGE_TYPES, ...ARMOUR, ...ARMOUR_CATEGORIES,
    ];
    expect(offendersOf(rows, (r) => !r.ref.startsWith('HAMMERCRAWL! v4, '), (r) => `${r.id}: ref ${r.ref}`)).toEqual([]);
  });
});
