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

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ids = (rows: readonly { readonly id: string }[]) => rows.map((r) => r.id);
const sizeRow = (size: GearSize) => GEAR_SIZES.find((s) => s.id === size)!;
const bag = (id: string): Bag => BAGS.find((b) => b.id === id)!;

describe('gear sizes, carrying and bags (EQUIPMENT > ENCUMBRANCE, BAG ITEMS)', () => {
  it('data integrity: unique kebab-case ids and refs in every table', () => {
    for (const rows of [GEAR_SIZES, CARRY_MODES, ENCUMBRANCE_METHODS, GEAR_TAGS, GEAR, BAGS, FREE_STARTING_EQUIPMENT]) {
      expect(new Set(ids(rows)).size).toBe(rows.length);
      for (const r of rows) {
        expect(r.id).toMatch(KEBAB);
        expect(r.label.length).toBeGreaterThan(0);
        expect(r.ref).toMatch(/HAMMERCRAWL! v4/);
      }
    }
  });

  it('one item catalogue: weapon, armour, gear and bag ids never collide', () => {
    const all = [...ids(WEAPONS), ...ids(ARMOUR), ...ids(GEAR), ...ids(BAGS)];
    expect(new Set(all).size).toBe(all.length);
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
    for (const item of [...GEAR, ...BAGS]) {
      if (item.size !== null) expect(ids(GEAR_SIZES)).toContain(item.size);
      for (const t of item.tags) expect(ids(GEAR_TAGS)).toContain(t);
      expect(item.price).toBeNull();
    }
    for (const b of BAGS) {
      if (b.capacity.kind === 'slots') {
        if (b.capacity.maxItemSize !== null) expect(ids(GEAR_SIZES)).toContain(b.capacity.maxItemSize);
        for (const id of b.capacity.onlyItemIds ?? []) expect(itemIds).toContain(id);
        if (b.capacity.slots !== null) expect(b.capacity.slots).toBeGreaterThan(0);
      } else {
        for (const o of b.capacity.options) {
          expect(o.max).toBeGreaterThan(0);
          for (const id of o.itemIds) expect(itemIds).toContain(id);
        }
      }
      if (b.mountsOnBagId !== null) expect(ids(BAGS)).toContain(b.mountsOnBagId);
      expect([0, -1]).toContain(b.emptyFoldedSizeSteps);
    }
  });

  it('bags as the text describes them', () => {
    expect(bag('satchel')).toMatchObject({ size: 'small', capacity: { kind: 'slots', slots: 5 }, tags: ['bag', 'fragile', 'wearable'] });
    // "three Small gear slots ... up to 15 identical small items, or 300 identical tiny items"
    const bandolier = bag('bandolier');
    expect(bandolier).toMatchObject({ capacity: { kind: 'slots', slots: 3, maxItemSize: 'small' }, isContentReadied: true });
    if (bandolier.capacity.kind === 'slots') {
      expect(bandolier.capacity.slots! * sizeRow('small').stackLimit!).toBe(15);
      expect(bandolier.capacity.slots! * sizeRow('tiny').stackLimit!).toBe(300);
    }
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
    const itemIds = [...ids(GEAR), ...ids(BAGS)];
    for (const g of FREE_STARTING_EQUIPMENT) {
      expect(itemIds).toContain(g.itemId);
      expect(ids(CARRY_MODES)).toContain(g.carried);
      if (g.carried === 'packed') {
        expect(g.insideBagId).not.toBeNull();
        expect(FREE_STARTING_EQUIPMENT.map((x) => x.itemId)).toContain(g.insideBagId);
      } else {
        expect(g.insideBagId).toBeNull();
      }
    }
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
    if (rations.quantity.kind === 'rolled') expect(HAMMERCRAWL_CHAIN.sides).toContain(rations.quantity.dice.sides);
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
    for (const c of CLASSES) {
      for (const item of c.startingGear.items) {
        if (item.kind !== 'item') continue;
        const gear = GEAR.find((g) => g.id === item.itemId);
        expect(gear, `${c.id}: ${item.itemId}`).toBeDefined();
        expect(gear?.size).toBe(item.size);
      }
    }
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
    for (const r of rows) expect(r.ref, r.id).toMatch(/^HAMMERCRAWL! v4, /);
  });
});
