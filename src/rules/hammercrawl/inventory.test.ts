/**
 * Inventory and encumbrance: the text's own examples (ENCUMBRANCE, BAG ITEMS, ARMOUR and WEAPONS STR),
 * limits at and past each capacity, item lookup, operations and their typed errors, and properties
 * (fast-check): add then remove is the identity, slots are never negative, moves keep every total,
 * the Easy Way holds whatever the Fun Way holds, split then merge is the identity, and the suggested
 * discards fix an over-capacity.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ARMOUR } from './data/armour.js';
import { GEAR, GEAR_SIZES, type CarryModeId, type GearSize } from './data/gear.js';
import { WEAPONS } from './data/weapons.js';
import {
  DEFAULT_ENCUMBRANCE_METHOD,
  DEFAULT_HANDS,
  InventorySettingsError,
  MAX_INVENTORY_LINES,
  MAX_ITEM_QUANTITY,
  addItem,
  encumbrance,
  lookupItem,
  makeItem,
  mergeStacks,
  moveItem,
  placementAt,
  removeItem,
  splitStack,
  structuralProblems,
  type EncumbranceReport,
  type EncumbranceSettings,
  type Inventory,
  type InventoryProblem,
  type Placement,
} from './inventory.js';
import type { InventoryItem } from './inventory-item.js';

// ---- helpers ----------------------------------------------------------------------------------

/** A line for a table item with the table's size (or `size` for one the text leaves unsized). */
function line(id: string, carried: CarryModeId, quantity = 1, extra: { in?: string; size?: GearSize; label?: string } = {}): InventoryItem {
  const size = extra.size ?? lookupItem(id)?.size;
  if (!size) throw new Error(`test helper: ${id} needs a size`);
  const item: { -readonly [K in keyof InventoryItem]: InventoryItem[K] } = { id, size, quantity, carried };
  if (extra.in !== undefined) item.in = extra.in;
  if (extra.label !== undefined) item.label = extra.label;
  return item;
}
const packedIn = (id: string, bag: string, quantity = 1, size?: GearSize): InventoryItem =>
  line(id, 'packed', quantity, size ? { in: bag, size } : { in: bag });
const free = (id: string, size: GearSize, carried: CarryModeId, quantity = 1): InventoryItem => ({ id, size, quantity, carried });

const codes = (r: EncumbranceReport | readonly InventoryProblem[]): string[] => ('problems' in r ? r.problems : r).map((p) => p.code);
const problemsOf = (r: EncumbranceReport, code: string): InventoryProblem[] => r.problems.filter((p) => p.code === code);
const fun = (inv: Inventory, s: Omit<EncumbranceSettings, 'method'>): EncumbranceReport => encumbrance(inv, { ...s, method: 'fun' });
const easy = (inv: Inventory, s: Omit<EncumbranceSettings, 'method'>): EncumbranceReport => encumbrance(inv, { ...s, method: 'easy' });
const bagContainer = (r: EncumbranceReport, id: string) => r.containers.find((c) => c.container.kind === 'bag' && c.container.id === id);
const stowContainer = (r: EncumbranceReport) => r.containers.find((c) => c.container.kind === 'stow');
const ok = <T extends { ok: boolean }>(r: T): Extract<T, { ok: true }> => {
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r)}`);
  return r as Extract<T, { ok: true }>;
};
const err = <T extends { ok: boolean }>(r: T): InventoryProblem => {
  if (r.ok) throw new Error('expected an error');
  return (r as unknown as { error: InventoryProblem }).error;
};

/** STR 10 (half-STR 5), INT 13 (mod +1): 6 base Stow slots. */
const STR10_INT13 = { stowSlots: 5 + 1, strScore: 10 } as const;

// ---- the text's own examples ----------------------------------------------------------------

describe('the text\'s examples (EQUIPMENT > ENCUMBRANCE)', () => {
  test('Held and Worn items are Readied and take no Stow slots; Packed items take slots', () => {
    const inv = [line('sword-long', 'held'), line('chain', 'worn'), line('clothes', 'worn'), line('torch', 'packed')];
    const r = easy(inv, STR10_INT13);
    expect(r.slots.used).toBe(1);
    expect(r.readied).toEqual([0, 1, 2]);
    expect(r.problems).toEqual([]);
  });

  test('the Easy Way: base slots (Half-STR plus INT mod) plus bag slots as one lump sum', () => {
    const inv = [line('satchel', 'worn'), line('coin', 'packed', 250)];
    const r = easy(inv, STR10_INT13);
    expect(r.method).toBe('easy');
    expect(r.slots).toMatchObject({ stowSlots: 6, base: 6, capacity: 6 + 5, used: 3, free: 8 });
    expect(r.slots.bags).toEqual([{ at: 0, id: 'satchel', slots: 5, source: 'table' }]);
    expect(r.containers).toHaveLength(1);
    expect(r.containers[0]!.container).toEqual({ kind: 'pool' });
  });

  test('the Easy Way is the default ("generally you should go with the Easy Way")', () => {
    expect(DEFAULT_ENCUMBRANCE_METHOD).toBe('easy');
    expect(encumbrance([], STR10_INT13).method).toBe('easy');
  });

  test('the free starting kit: 4 rations and a torch in the worn satchel take 2 of its 5 slots (EQ-26)', () => {
    const inv = [line('satchel', 'worn'), packedIn('ration', 'satchel', 4), packedIn('torch', 'satchel'), line('clothes', 'worn')];
    const f = fun(inv, STR10_INT13);
    expect(bagContainer(f, 'satchel')).toMatchObject({ capacity: 5, used: 2, free: 3 });
    expect(stowContainer(f)).toMatchObject({ capacity: 6, used: 0 });
    expect(f.problems).toEqual([]);
    const e = easy(inv, STR10_INT13);
    expect(e.slots).toMatchObject({ capacity: 11, used: 2 });
  });

  test('Gear Sizes: Tiny 100 a slot, Small 5 a slot, Medium 1 slot each, Large 2 slots each', () => {
    const cases: [string, GearSize, number, number][] = [
      ['coin', 'tiny', 100, 1],
      ['coin', 'tiny', 101, 2],
      ['torch', 'small', 5, 1],
      ['torch', 'small', 6, 2],
      ['clothes', 'medium', 1, 1],
      ['spellbook', 'medium', 3, 3],
      ['chain', 'large', 1, 2],
      ['sword-great', 'large', 2, 4],
    ];
    for (const [id, size, quantity, slots] of cases) {
      const r = easy([line(id, 'packed', quantity)], { stowSlots: 20, strScore: 10 });
      expect(r.containers[0]!.stacks[0]).toMatchObject({ size, quantity, slots });
    }
  });

  test('Huge: cannot be stowed; Held with both hands (the Suit is Huge when Packed, fine when Worn)', () => {
    const packed = easy([line('suit', 'packed')], { stowSlots: 20, strScore: 13 });
    expect(codes(packed)).toEqual(['inventory/not-packable']);
    expect(packed.slots.used).toBe(0);
    expect(packed.containers[0]!.stacks[0]).toMatchObject({ slots: null, stacks: null });
    expect(packed.isWithinRules).toBe(false);

    const held = easy([line('suit', 'held')], { stowSlots: 20, strScore: 13 });
    expect(held.held.stacks[0]).toMatchObject({ hands: 2, handsRule: 'both-hands-huge' });
    expect(held.problems).toEqual([]);

    const heldWithDagger = easy([line('suit', 'held'), line('dagger-common', 'held')], { stowSlots: 20, strScore: 13 });
    expect(codes(heldWithDagger)).toEqual(['inventory/hands-full']);
    expect(problemsOf(heldWithDagger, 'inventory/hands-full')[0]).toMatchObject({ overBy: 1, lines: [0, 1] });

    expect(easy([line('suit', 'worn')], { stowSlots: 20, strScore: 13 }).problems).toEqual([]);
    expect(codes(easy([free('barrel', 'huge', 'worn')], { stowSlots: 20, strScore: 13 }))).toEqual(['inventory/huge-not-held']);
  });

  test('Worn: "a PC can equip a backpack and a satchel, but not two backpacks or two satchels"', () => {
    const s = { ...STR10_INT13, bagSlots: { backpack: 10 } };
    expect(easy([line('backpack', 'worn', 1, { size: 'large' }), line('satchel', 'worn')], s).problems).toEqual([]);
    const two = easy([line('satchel', 'worn'), line('satchel-2', 'worn', 1, { size: 'small' })], s);
    expect(codes(two)).toEqual(['inventory/worn-twice']);
    expect(problemsOf(two, 'inventory/worn-twice')[0]!.lines).toEqual([0, 1]);
    expect(codes(easy([line('satchel', 'worn', 2)], s))).toEqual(['inventory/worn-twice']);
  });

  test('Worn: one suit of armour at a time', () => {
    const r = easy([line('chain', 'worn'), line('padding', 'worn')], { stowSlots: 6, strScore: 18 });
    expect(codes(r)).toEqual(['inventory/worn-twice']);
  });

  test('"If ever you lose slots (like from a destroyed bag), then discard items ... starting with the largest"', () => {
    const inv: Inventory = [
      line('satchel', 'worn'),
      line('torch', 'packed', 3),
      line('spellbook', 'packed'),
      line('chain', 'packed'),
      line('coin', 'packed', 40),
    ];
    const before = easy(inv, { stowSlots: 2, strScore: 10 });
    expect(before.slots).toMatchObject({ capacity: 7, used: 5 });
    expect(before.isWithinRules).toBe(true);
    const lost = ok(removeItem(inv, 0)).inventory;
    const after = easy(lost, { stowSlots: 2, strScore: 10 });
    const over = problemsOf(after, 'inventory/over-capacity')[0]!;
    expect(over).toMatchObject({ severity: 'invalid', overBy: 3, container: { kind: 'pool' } });
    // The Large chain (2 slots) goes first, then the Medium spellbook.
    expect(over.discard).toEqual([
      { at: 1, quantity: 1 },
      { at: 2, quantity: 1 },
    ]);
    expect(over.message).toMatch(/largest first/);
  });
});

describe('the text\'s examples (EQUIPMENT > BAG ITEMS)', () => {
  test('Bandoliers: "three Small gear slots ... up to 15 identical small items, or 300 identical tiny items"', () => {
    const s = STR10_INT13;
    const at = (id: string, n: number) => fun([line('bandolier', 'worn', 1, { size: 'small' }), packedIn(id, 'bandolier', n)], s);
    expect(bagContainer(at('dagger-throwing', 15), 'bandolier')).toMatchObject({ capacity: 3, used: 3, free: 0, maxItemSize: 'small' });
    expect(at('dagger-throwing', 15).problems).toEqual([]);
    expect(problemsOf(at('dagger-throwing', 16), 'inventory/over-capacity')[0]).toMatchObject({ overBy: 1, container: { kind: 'bag', id: 'bandolier' } });
    expect(at('coin', 300).problems).toEqual([]);
    expect(problemsOf(at('coin', 301), 'inventory/over-capacity')[0]!.overBy).toBe(1);
    expect(codes(at('spellbook', 1))).toEqual(['inventory/too-big-for-bag']);
  });

  test('Bandoliers: items in its slots are Readied; the contents of a container in it are not', () => {
    const inv = [
      line('bandolier', 'worn', 1, { size: 'small' }),
      packedIn('dagger-throwing', 'bandolier', 4),
      packedIn('satchel', 'bandolier'),
      packedIn('ration', 'satchel', 2),
      line('torch', 'packed'),
    ];
    const r = fun(inv, STR10_INT13);
    expect(r.readied).toEqual([0, 1, 2]);
    expect(r.problems).toEqual([]);
    // The Easy Way: "just note which items those are".
    expect(easy(inv, STR10_INT13).readied).toEqual([0, 1, 2]);
  });

  test('Bandoliers provide slots only "when worn"', () => {
    const inv = [line('bandolier', 'packed', 1, { size: 'small' }), packedIn('dagger-throwing', 'bandolier', 2)];
    const f = fun(inv, STR10_INT13);
    // Not worn, it gives 0 slots: over capacity, and why.
    expect(codes(f)).toEqual(['inventory/over-capacity', 'inventory/bag-not-worn']);
    expect(f.readied).toEqual([]);
    const e = easy(inv, STR10_INT13);
    expect(e.slots.bags).toEqual([{ at: 0, id: 'bandolier', slots: 0, source: 'not-worn' }]);
    expect(e.problems).toEqual([]);
  });

  test('Sacks "must be either Packed or Held"; empty, folded and stowed away they count one size smaller', () => {
    const s = { ...STR10_INT13, bagSlots: { sack: 4 } };
    expect(codes(easy([line('sack', 'worn', 1, { size: 'medium' })], s))).toEqual(['inventory/not-wearable']);
    expect(easy([line('sack', 'held', 1, { size: 'medium' })], s).problems).toEqual([]);

    const empty = fun([line('sack', 'packed', 1, { size: 'medium' })], s);
    expect(stowContainer(empty)!.stacks[0]).toMatchObject({ size: 'medium', countedSize: 'small', isFolded: true, slots: 1 });
    const large = fun([line('sack', 'packed', 1, { size: 'large' })], s);
    expect(stowContainer(large)!.stacks[0]).toMatchObject({ countedSize: 'medium', slots: 1 });
    const inUse = fun([line('sack', 'packed', 1, { size: 'large' }), packedIn('torch', 'sack')], s);
    expect(stowContainer(inUse)!.stacks[0]).toMatchObject({ countedSize: 'large', isFolded: false, slots: 2 });
    expect(bagContainer(inUse, 'sack')).toMatchObject({ capacity: 4, used: 1 });
    // Tiny has no smaller size: it stays Tiny, and the report says so.
    const tiny = fun([line('sack', 'packed', 1, { size: 'tiny' })], s);
    expect(stowContainer(tiny)!.stacks[0]).toMatchObject({ size: 'tiny', countedSize: 'tiny', isFolded: true });
  });

  test('Case, Scroll: "either a single spell scroll or up to five rolled-up maps or other non-spell documents"', () => {
    const s = STR10_INT13;
    const withContents = (...c: InventoryItem[]) => [line('scroll-case', 'packed', 1, { size: 'small' }), ...c];
    for (const method of ['easy', 'fun'] as const) {
      const one = encumbrance(withContents(packedIn('spell-scroll', 'scroll-case', 1, 'tiny')), { ...s, method });
      expect(one.problems).toEqual([]);
      // The case takes its own slot; what it holds takes none.
      expect(one.slots.used).toBe(1);
      const two = encumbrance(withContents(packedIn('spell-scroll', 'scroll-case', 2, 'tiny')), { ...s, method });
      expect(problemsOf(two, 'inventory/over-capacity')[0]).toMatchObject({ overBy: 1, container: { kind: 'bag', id: 'scroll-case' } });
      expect(encumbrance(withContents(packedIn('map-or-document', 'scroll-case', 5, 'tiny')), { ...s, method }).problems).toEqual([]);
      expect(codes(encumbrance(withContents(packedIn('map-or-document', 'scroll-case', 6, 'tiny')), { ...s, method }))).toEqual(['inventory/over-capacity']);
      const mixed = encumbrance(withContents(packedIn('spell-scroll', 'scroll-case', 1, 'tiny'), packedIn('map-or-document', 'scroll-case', 1, 'tiny')), {
        ...s,
        method,
      });
      expect(codes(mixed)).toEqual(['inventory/not-for-this-bag']);
    }
  });

  test('Lantern Hook: holds one lantern without a hand, "counts against the backpacks slots"', () => {
    const s = { ...STR10_INT13, bagSlots: { backpack: 6 } };
    const inv = [
      line('backpack', 'worn', 1, { size: 'large' }),
      packedIn('lantern-hook', 'backpack', 1, 'small'),
      packedIn('lantern', 'lantern-hook', 1, 'small'),
      line('sword-long', 'held'),
      line('shield-normal', 'held'),
    ];
    const f = fun(inv, s);
    expect(f.problems).toEqual([]);
    expect(f.held.handsUsed).toBe(2);
    // The hook (small) and the lantern (small) both use the backpack's slots.
    expect(bagContainer(f, 'backpack')).toMatchObject({ capacity: 6, used: 2 });
    expect(easy(inv, s).slots).toMatchObject({ capacity: 12, used: 2 });

    const unmounted = fun([line('lantern-hook', 'packed', 1, { size: 'small' }), packedIn('lantern', 'lantern-hook', 1, 'small')], s);
    expect(codes(unmounted)).toEqual(['inventory/hook-not-mounted']);
    const twoLanterns = fun([...inv.slice(0, 3), packedIn('lantern', 'lantern-hook', 1, 'medium')], s);
    expect(codes(twoLanterns)).toEqual(['inventory/over-capacity']);
  });

  test('Quiver: only arrows or bolts, in the Fun Way; the Easy Way ignores bag limits', () => {
    const s = { ...STR10_INT13, bagSlots: { quiver: 2 } };
    const inv = [line('quiver', 'packed', 1, { size: 'medium' }), packedIn('arrow', 'quiver', 20, 'tiny'), packedIn('dagger-common', 'quiver')];
    expect(codes(fun(inv, s))).toEqual(['inventory/not-for-this-bag']);
    expect(easy(inv, s).problems).toEqual([]);
  });

  test('Wearable: a quiver is not tagged Wearable (EQ-4) unless the Smith allows it', () => {
    const s = { ...STR10_INT13, bagSlots: { quiver: 2 } };
    expect(codes(easy([line('quiver', 'worn', 1, { size: 'medium' })], s))).toEqual(['inventory/not-wearable']);
    expect(easy([line('quiver', 'worn', 1, { size: 'medium' })], { ...s, wearableIds: ['quiver'] }).problems).toEqual([]);
  });

  test('Weapons are not Worn ("Worn slots are for ... armour, helmet, cloak, boots, etc.")', () => {
    expect(codes(easy([line('sword-long', 'worn')], STR10_INT13))).toEqual(['inventory/not-wearable']);
    expect(codes(easy([line('spellbook', 'worn')], STR10_INT13))).toEqual(['inventory/not-wearable']);
    expect(easy([free('cloak', 'medium', 'worn')], STR10_INT13).problems).toEqual([]);
  });

  test('the Easy Way ignores bag size limits; the Fun Way observes them', () => {
    const inv = [line('bandolier', 'worn', 1, { size: 'small' }), packedIn('spellbook', 'bandolier')];
    expect(easy(inv, STR10_INT13).problems).toEqual([]);
    expect(codes(fun(inv, STR10_INT13))).toEqual(['inventory/too-big-for-bag']);
  });

  test('the Fun Way: base Stow slots and each bag are filled separately', () => {
    const inv = [line('satchel', 'worn'), line('clothes', 'packed'), line('spellbook', 'packed'), packedIn('torch', 'satchel', 5)];
    const f = fun(inv, { stowSlots: 1, strScore: 10 });
    expect(problemsOf(f, 'inventory/over-capacity')[0]).toMatchObject({ container: { kind: 'stow' }, overBy: 1 });
    // The same items fit the Easy Way's lump sum (1 + 5 slots, 3 used).
    expect(easy(inv, { stowSlots: 1, strScore: 10 }).isWithinRules).toBe(true);
  });
});

describe('STR minimums (ARMOUR, WEAPONS & SHIELDS)', () => {
  test('armour worn above STR: one step on ALL physical actions; held or packed: no penalty', () => {
    const worn = easy([line('plate', 'worn')], { stowSlots: 6, strScore: 12 });
    expect(problemsOf(worn, 'inventory/str-minimum')[0]).toMatchObject({
      severity: 'penalty',
      penalty: { kind: 'armour', itemId: 'plate', strMin: 13, strScore: 12, steps: -1, appliesTo: 'physical-actions' },
    });
    expect(worn.isWithinRules).toBe(true);
    expect(easy([line('plate', 'worn')], { stowSlots: 6, strScore: 13 }).problems).toEqual([]);
    expect(easy([line('plate', 'packed')], { stowSlots: 6, strScore: 3 }).problems).toEqual([]);
    expect(easy([line('plate', 'held')], { stowSlots: 6, strScore: 3 }).problems).toEqual([]);
  });

  test('weapons held above STR: one step on attacks and damage, however large the gap (EQ-21)', () => {
    for (const str of [3, 12]) {
      const r = easy([line('sword-great', 'held')], { stowSlots: 6, strScore: str });
      expect(problemsOf(r, 'inventory/str-minimum')[0]!.penalty).toEqual({ kind: 'weapon', itemId: 'sword-great', strMin: 13, strScore: str, attackSteps: -1, harmSteps: -1 });
    }
    expect(easy([line('sword-great', 'held')], { stowSlots: 6, strScore: 13 }).problems).toEqual([]);
    expect(easy([line('sword-great', 'packed')], { stowSlots: 6, strScore: 3 }).problems).toEqual([]);
    // Shields are on the weapons table: the tower shield needs STR 13.
    expect(codes(easy([line('shield-tower', 'held')], { stowSlots: 6, strScore: 9 }))).toEqual(['inventory/str-minimum']);
  });

  test('every armour and weapon row: penalty exactly below its STR minimum', () => {
    for (const a of ARMOUR) {
      const at = (str: number) => codes(easy([line(a.id, 'worn')], { stowSlots: 6, strScore: str }));
      expect(at(a.strMin)).toEqual([]);
      expect(at(a.strMin - 1)).toEqual(['inventory/str-minimum']);
    }
    for (const w of WEAPONS.filter((x) => x.stow !== null)) {
      const at = (str: number) => codes(easy([line(w.id, 'held')], { stowSlots: 6, strScore: str }));
      expect(at(w.strMin)).toEqual([]);
      expect(at(w.strMin - 1)).toEqual(['inventory/str-minimum']);
    }
  });
});

describe('hands (Held slots = your hands)', () => {
  const s = { stowSlots: 6, strScore: 18 };
  test('two hands by default; a third item is hands-full', () => {
    expect(DEFAULT_HANDS).toBe(2);
    expect(easy([line('sword-long', 'held'), line('torch', 'held')], s).problems).toEqual([]);
    const r = easy([line('sword-long', 'held'), line('torch', 'held'), line('mace', 'held')], s);
    expect(problemsOf(r, 'inventory/hands-full')[0]).toMatchObject({ overBy: 1, lines: [0, 1, 2] });
    expect(r.held.handsUsed).toBe(3);
    expect(easy([line('sword-long', 'held'), line('torch', 'held'), line('mace', 'held')], { ...s, hands: 3 }).problems).toEqual([]);
  });

  test('a hand holds one stack: 100 Tiny or 5 Small identical items; Medium and Large one each', () => {
    const hands = (item: InventoryItem) => easy([item], s).held.handsUsed;
    expect(hands(line('coin', 'held', 100))).toBe(1);
    expect(hands(line('coin', 'held', 101))).toBe(2);
    expect(hands(line('dagger-throwing', 'held', 5))).toBe(1);
    expect(hands(line('dagger-throwing', 'held', 6))).toBe(2);
    expect(hands(line('javelin', 'held', 2))).toBe(2);
    expect(hands(line('spear-long', 'held'))).toBe(1);
  });

  test('two-handed: bows and the great weapons by the table; other weapons only when the Smith says (EQ-16)', () => {
    const bow = easy([line('bow-longbow', 'held')], s);
    expect(bow.held.stacks[0]).toMatchObject({ hands: 2, handsRule: 'both-hands-two-handed' });
    expect(codes(easy([line('bow-shortbow', 'held'), line('torch', 'held')], s))).toEqual(['inventory/hands-full']);
    expect(easy([line('sword-great', 'held')], s).held.stacks[0]).toMatchObject({ hands: 2, handsRule: 'both-hands-two-handed' });
    expect(codes(easy([line('sword-great', 'held'), line('shield-tower', 'held')], s))).toEqual(['inventory/hands-full']);
    expect(easy([line('spear-long', 'held')], s).held.stacks[0]).toMatchObject({ hands: 1, handsRule: 'one-hand-per-item' });
    const smith = easy([line('spear-long', 'held')], { ...s, twoHandedWeaponIds: ['spear-long'] });
    expect(smith.held.stacks[0]).toMatchObject({ hands: 2, handsRule: 'both-hands-smith' });
    expect(codes(easy([], { ...s, twoHandedWeaponIds: ['shield-normal', 'no-such'] }))).toEqual(['inventory/bad-setting', 'inventory/bad-setting']);
  });

  test('the Buckler\'s Special: it "no longer occupies the off-hand"', () => {
    const inv = [line('shield-buckler', 'held'), line('bow-shortbow', 'held')];
    expect(codes(easy(inv, s))).toEqual(['inventory/hands-full']);
    const special = easy(inv, { ...s, unlockedSpecials: ['shield-buckler'] });
    expect(special.problems).toEqual([]);
    expect(special.held.stacks[0]).toMatchObject({ hands: 0, handsRule: 'no-hand-special' });
  });
});

// ---- limits at and past each capacity -------------------------------------------------------

describe('limits at and past each capacity', () => {
  const sizeRow = (size: GearSize) => GEAR_SIZES.find((r) => r.id === size)!;

  test.each([
    ['tiny', 'coin'],
    ['small', 'torch'],
    ['medium', 'spellbook'],
    ['large', 'chain'],
  ] as const)('%s: base Stow slots filled exactly, then one stack more (both ways)', (size, id) => {
    const row = sizeRow(size);
    const stacks = 3;
    const cap = stacks * row.slotsPerStack!;
    const full = stacks * row.stackLimit!;
    for (const method of ['easy', 'fun'] as const) {
      const at = encumbrance([line(id, 'packed', full)], { stowSlots: cap, strScore: 18, method });
      expect(at.slots).toMatchObject({ used: cap, free: 0 });
      expect(at.problems).toEqual([]);
      const past = encumbrance([line(id, 'packed', full + 1)], { stowSlots: cap, strScore: 18, method });
      expect(problemsOf(past, 'inventory/over-capacity')[0]).toMatchObject({ overBy: row.slotsPerStack });
    }
  });

  test('a bag at and past its slots (Fun Way): satchel 5, bandolier 3, a Smith\'s backpack', () => {
    const cases: [InventoryItem, number, EncumbranceSettings['bagSlots']][] = [
      [line('satchel', 'worn'), 5, {}],
      [line('bandolier', 'worn', 1, { size: 'small' }), 3, {}],
      [line('backpack', 'worn', 1, { size: 'large' }), 8, { backpack: 8 }],
    ];
    for (const [bag, slots, bagSlots] of cases) {
      const at = fun([bag, packedIn('torch', bag.id, 5 * slots)], { stowSlots: 0, strScore: 10, bagSlots: bagSlots ?? {} });
      expect(at.problems).toEqual([]);
      const past = fun([bag, packedIn('torch', bag.id, 5 * slots + 1)], { stowSlots: 0, strScore: 10, bagSlots: bagSlots ?? {} });
      expect(codes(past)).toEqual(['inventory/over-capacity']);
    }
  });

  test('Large in the last slot: fits with 2 free, over with 1', () => {
    expect(easy([line('chain', 'packed')], { stowSlots: 2, strScore: 18 }).problems).toEqual([]);
    expect(problemsOf(easy([line('chain', 'packed')], { stowSlots: 1, strScore: 18 }), 'inventory/over-capacity')[0]!.overBy).toBe(1);
  });

  test('hands at and past the limit', () => {
    for (const hands of [0, 1, 2, 4]) {
      const inv = Array.from({ length: hands }, (_, i) => free(`thing-${i}`, 'medium', 'held'));
      expect(easy(inv, { stowSlots: 0, strScore: 10, hands }).problems).toEqual([]);
      expect(codes(easy([...inv, free('one-more', 'medium', 'held')], { stowSlots: 0, strScore: 10, hands }))).toEqual(['inventory/hands-full']);
    }
  });

  test('MAX_ITEM_QUANTITY: at the limit, and one past', () => {
    expect(ok(addItem([], line('coin', 'packed', MAX_ITEM_QUANTITY))).inventory).toHaveLength(1);
    expect(err(addItem([], line('coin', 'packed', MAX_ITEM_QUANTITY + 1))).code).toBe('inventory/quantity-limit');
    const merged = err(addItem([line('coin', 'packed', MAX_ITEM_QUANTITY)], line('coin', 'packed', 1)));
    expect(merged.code).toBe('inventory/quantity-limit');
    expect(err(makeItem('coin', { carried: 'packed' }, { quantity: MAX_ITEM_QUANTITY + 1 })).code).toBe('inventory/quantity-limit');
    // A document past the limit is counted and reported, never cut.
    const r = easy([line('coin', 'packed', MAX_ITEM_QUANTITY + 1)], { stowSlots: 0, strScore: 10 });
    expect(codes(r)).toEqual(['inventory/quantity-limit', 'inventory/over-capacity']);
    expect(r.slots.used).toBe(Math.ceil((MAX_ITEM_QUANTITY + 1) / 100));
  });

  test('MAX_INVENTORY_LINES: at the limit, and one past', () => {
    const full = Array.from({ length: MAX_INVENTORY_LINES - 1 }, (_, i) => free(`thing-${i}`, 'tiny', 'packed'));
    const atLimit = ok(addItem(full, free('last', 'tiny', 'packed'))).inventory;
    expect(atLimit).toHaveLength(MAX_INVENTORY_LINES);
    expect(err(addItem(atLimit, free('one-more', 'tiny', 'packed'))).code).toBe('inventory/too-many-lines');
    expect(codes(structuralProblems(atLimit))).toEqual([]);
    expect(codes(structuralProblems([...atLimit, free('one-more', 'tiny', 'packed')]))).toEqual(['inventory/too-many-lines']);
  });

  test('quantities are positive whole numbers', () => {
    for (const q of [0, -1, 1.5, Number.NaN]) {
      expect(err(addItem([], { ...line('coin', 'packed'), quantity: q })).code).toBe('inventory/bad-quantity');
      const r = easy([{ ...line('coin', 'packed'), quantity: q }], { stowSlots: 1, strScore: 10 });
      expect(codes(r)).toEqual(['inventory/bad-quantity']);
      expect(r.slots.used).toBe(0);
    }
  });
});

// ---- settings ---------------------------------------------------------------------------------

describe('settings', () => {
  test('bags the text leaves without slots add 0 until the Smith gives a number (needs-smith, not invalid)', () => {
    const inv = [line('backpack', 'worn', 1, { size: 'large' }), line('sack', 'held', 2, { size: 'small' })];
    const r = easy(inv, STR10_INT13);
    expect(r.problems.map((p) => [p.code, p.severity])).toEqual([
      ['inventory/bag-slots-unknown', 'needs-smith'],
      ['inventory/bag-slots-unknown', 'needs-smith'],
    ]);
    expect(r.isWithinRules).toBe(true);
    expect(r.slots.capacity).toBe(6);
    const smith = easy(inv, { ...STR10_INT13, bagSlots: { backpack: 10, sack: 3 } });
    expect(smith.problems).toEqual([]);
    expect(smith.slots.bags).toEqual([
      { at: 0, id: 'backpack', slots: 10, source: 'smith' },
      { at: 1, id: 'sack', slots: 6, source: 'smith' },
    ]);
    expect(smith.slots.capacity).toBe(6 + 10 + 6);
  });

  test('a Smith\'s number for a bag the rules number, or for no bag, is reported and not applied', () => {
    const r = easy([line('satchel', 'worn')], { ...STR10_INT13, bagSlots: { satchel: 9, trunk: 4, 'scroll-case': 2, quiver: -1 } });
    expect(codes(r)).toEqual(['inventory/bad-setting', 'inventory/bad-setting', 'inventory/bad-setting', 'inventory/bad-setting']);
    expect(r.slots.capacity).toBe(11);
  });

  test('negative base Stow slots count as 0, with a note', () => {
    const r = easy([line('satchel', 'worn'), line('torch', 'packed')], { stowSlots: -1, strScore: 3 });
    expect(r.slots).toMatchObject({ stowSlots: -1, base: 0, capacity: 5, used: 1 });
    expect(r.problems.map((p) => [p.code, p.severity])).toEqual([['inventory/negative-stow-slots', 'note']]);
    expect(easy([], { stowSlots: -2, strScore: 3 }).isWithinRules).toBe(true);
  });

  test('settings that are not numbers are programmer errors', () => {
    expect(() => encumbrance([], { stowSlots: 1.5, strScore: 10 })).toThrow(InventorySettingsError);
    expect(() => encumbrance([], { stowSlots: 1, strScore: Number.NaN })).toThrow(InventorySettingsError);
    expect(() => encumbrance([], { stowSlots: 1, strScore: 10, hands: -1 })).toThrow(InventorySettingsError);
    expect(() => encumbrance([], { stowSlots: 1, strScore: 10, method: 'heavy' as 'easy' })).toThrow(InventorySettingsError);
  });
});

// ---- lookup and structure ---------------------------------------------------------------------

describe('item lookup across the tables', () => {
  test('every weapon, armour, gear and bag row, with the size from its table', () => {
    for (const w of WEAPONS) expect(lookupItem(w.id)).toMatchObject({ kind: 'weapon', size: w.stow, label: w.label });
    for (const a of ARMOUR) expect(lookupItem(a.id)).toMatchObject({ kind: 'armour', size: a.stow });
    for (const g of GEAR) expect(lookupItem(g.id)).toMatchObject({ kind: 'gear', size: g.size });
    expect(lookupItem('satchel')).toMatchObject({ kind: 'bag', size: 'small', instance: 1 });
    expect(lookupItem('lantern')?.size).toBeNull();
    expect(lookupItem('rope')).toBeUndefined();
  });

  test('a second bag of a kind: `sack-2`, `scroll-case-3` (INV-9)', () => {
    expect(lookupItem('sack-2')).toMatchObject({ kind: 'bag', id: 'sack-2', tableId: 'sack', instance: 2, label: 'Sack 2' });
    expect(lookupItem('scroll-case-3')).toMatchObject({ tableId: 'scroll-case', instance: 3 });
    expect(lookupItem('sack-12')?.instance).toBe(12);
    for (const id of ['sack-1', 'sack-0', 'sack-02', 'dagger-common-2', 'potion-2']) expect(lookupItem(id)).toBeUndefined();
  });

  test('makeItem: size from the table; unsized table items and free text need one', () => {
    expect(ok(makeItem('torch', { carried: 'packed', in: 'satchel' })).item).toEqual({ id: 'torch', size: 'small', quantity: 1, carried: 'packed', in: 'satchel' });
    expect(ok(makeItem('coin', { carried: 'packed' }, { quantity: 30 })).item).toEqual({ id: 'coin', size: 'tiny', quantity: 30, carried: 'packed' });
    expect(err(makeItem('lantern', { carried: 'held' })).code).toBe('inventory/size-unknown');
    expect(ok(makeItem('lantern', { carried: 'held' }, { size: 'small' })).item.size).toBe('small');
    expect(err(makeItem('torch', { carried: 'held' }, { size: 'medium' })).code).toBe('inventory/size-mismatch');
    expect(err(makeItem('rope', { carried: 'packed' })).code).toBe('inventory/size-unknown');
    expect(ok(makeItem('rope', { carried: 'packed' }, { size: 'medium', label: 'Rope, 50 ft' })).item).toEqual({
      id: 'rope',
      label: 'Rope, 50 ft',
      size: 'medium',
      quantity: 1,
      carried: 'packed',
    });
    expect(err(makeItem('unarmed', { carried: 'held' })).code).toBe('inventory/not-carriable');
    expect(err(makeItem('torch', { carried: 'held' }, { quantity: 0 })).code).toBe('inventory/bad-quantity');
    // `in` is only kept for packed items.
    expect(ok(makeItem('torch', { carried: 'held' })).item).not.toHaveProperty('in');
  });
});

describe('structure: bags, `in`, lines', () => {
  const s = { ...STR10_INT13, bagSlots: { sack: 4 } };
  test('unknown bag, not a bag, item in a bag but not packed', () => {
    expect(codes(easy([packedIn('torch', 'satchel')], s))).toEqual(['inventory/unknown-bag']);
    expect(codes(easy([line('sword-long', 'held'), packedIn('torch', 'sword-long')], s))).toEqual(['inventory/unknown-bag']);
    expect(codes(easy([line('satchel', 'worn'), { ...line('torch', 'held'), in: 'satchel' }], s))).toEqual(['inventory/in-not-packed']);
    // Unresolved contents count in the base Stow slots (Fun Way), so nothing vanishes.
    expect(stowContainer(fun([packedIn('torch', 'satchel')], s))!.used).toBe(1);
  });

  test('two sacks: `in: "sack"` is ambiguous; `sack-2` names the second', () => {
    const two = [line('sack', 'held', 2, { size: 'small' }), packedIn('torch', 'sack')];
    expect(codes(easy(two, s))).toEqual(['inventory/ambiguous-bag']);
    const named = [line('sack', 'held', 1, { size: 'small' }), line('sack-2', 'held', 1, { size: 'small' }), packedIn('torch', 'sack-2', 3)];
    const f = fun(named, s);
    expect(f.problems).toEqual([]);
    expect(bagContainer(f, 'sack-2')).toMatchObject({ used: 1, capacity: 4 });
    expect(f.slots.capacity).toBe(6 + 8);
  });

  test('bags inside each other: nesting is fine, a circle is not', () => {
    const nested = [line('backpack', 'worn', 1, { size: 'large' }), packedIn('sack', 'backpack', 1, 'medium'), packedIn('torch', 'sack', 4)];
    const f = fun(nested, { ...s, bagSlots: { sack: 4, backpack: 6 } });
    expect(f.problems).toEqual([]);
    expect(bagContainer(f, 'backpack')!.used).toBe(1);
    expect(bagContainer(f, 'sack')!.used).toBe(1);
    const circle = [packedIn('sack', 'sack-2', 1, 'small'), packedIn('sack-2', 'sack', 1, 'small'), packedIn('torch', 'sack')];
    const c = fun(circle, s);
    expect(codes(c)).toEqual(['inventory/bag-cycle']);
    expect(problemsOf(c, 'inventory/bag-cycle')[0]!.lines).toEqual([0, 1]);
  });

  test('size different from the table; lines that are not items; Unarmed', () => {
    expect(codes(easy([{ ...line('torch', 'packed'), size: 'large' }], s))).toEqual(['inventory/size-mismatch']);
    const bad = [{ id: '', size: 'small', quantity: 1, carried: 'packed' }, { id: 'x', size: 'enormous', quantity: 1, carried: 'packed' }] as unknown as Inventory;
    expect(codes(easy(bad, s))).toEqual(['inventory/bad-line', 'inventory/bad-line']);
    expect(codes(easy([{ id: 'unarmed', size: 'tiny', quantity: 1, carried: 'held' }], s))).toEqual(['inventory/not-carriable']);
  });

  test('every problem names a rule and says how to fix it', () => {
    const inv = [
      line('suit', 'packed'),
      line('sack', 'worn', 1, { size: 'small' }),
      packedIn('torch', 'nowhere'),
      line('bow-longbow', 'held'),
      line('mace', 'held'),
      line('plate', 'worn'),
      line('coin', 'packed', 1000),
    ];
    const r = fun(inv, { stowSlots: 2, strScore: 5 });
    expect(new Set(codes(r))).toEqual(
      new Set([
        'inventory/not-packable',
        'inventory/not-wearable',
        'inventory/bag-slots-unknown',
        'inventory/unknown-bag',
        'inventory/hands-full',
        'inventory/str-minimum',
        'inventory/over-capacity',
      ]),
    );
    for (const p of r.problems) {
      expect(p.ref).toMatch(/HAMMERCRAWL! v4/);
      expect(p.message).toMatch(/;|:/);
    }
  });
});

// ---- operations -------------------------------------------------------------------------------

describe('operations', () => {
  const kit: Inventory = [line('satchel', 'worn'), packedIn('ration', 'satchel', 3), line('torch', 'held'), line('clothes', 'worn')];

  test('addItem merges into an identical line in the same place, else appends', () => {
    const merged = ok(addItem(kit, packedIn('ration', 'satchel', 1)));
    expect(merged.at).toBe(1);
    expect(merged.inventory[1]!.quantity).toBe(4);
    const appended = ok(addItem(kit, line('ration', 'held')));
    expect(appended.at).toBe(4);
    expect(appended.inventory).toHaveLength(5);
    expect(kit[1]!.quantity).toBe(3); // the input is never changed
  });

  test('addItem refuses what can never be right: Huge packed, an unknown bag, a second worn satchel', () => {
    expect(err(addItem(kit, line('suit', 'packed'))).code).toBe('inventory/not-packable');
    expect(err(addItem(kit, packedIn('torch', 'backpack'))).code).toBe('inventory/unknown-bag');
    expect(err(addItem(kit, line('satchel-2', 'worn', 1, { size: 'small' }))).code).toBe('inventory/worn-twice');
    // A second satchel on the same line would also leave `in: 'satchel'` ambiguous.
    expect(err(addItem(kit, line('satchel', 'worn'))).code).toBe('inventory/ambiguous-bag');
    // Capacity and hands are for the report: over them is allowed ("discard items as you can").
    expect(ok(addItem(kit, line('mace', 'held'))).inventory).toHaveLength(5);
  });

  test('removeItem: some, all, not more than there is, not a bag that holds things', () => {
    expect(ok(removeItem(kit, 1, 2)).inventory[1]!.quantity).toBe(1);
    expect(ok(removeItem(kit, 1)).inventory).toHaveLength(3);
    expect(err(removeItem(kit, 1, 4)).code).toBe('inventory/not-enough');
    expect(err(removeItem(kit, 9)).code).toBe('inventory/no-such-line');
    expect(err(removeItem(kit, 0)).code).toBe('inventory/bag-not-empty');
  });

  test('moveItem: whole line in place, part of a line after it, joining an identical line', () => {
    const whole = ok(moveItem(kit, 2, { carried: 'packed', in: 'satchel' }));
    expect(whole.at).toBe(2);
    expect(whole.inventory[2]).toEqual(packedIn('torch', 'satchel'));
    const part = ok(moveItem(kit, 1, { carried: 'held' }, 1));
    expect(part.at).toBe(2);
    expect(part.inventory.map((x) => [x.id, x.carried, x.quantity])).toEqual([
      ['satchel', 'worn', 1],
      ['ration', 'packed', 2],
      ['ration', 'held', 1],
      ['torch', 'held', 1],
      ['clothes', 'worn', 1],
    ]);
    expect(part.inventory[2]).not.toHaveProperty('in');
    const back = ok(moveItem(part.inventory, 2, { carried: 'packed', in: 'satchel' }));
    expect(back.inventory).toEqual(kit);
    expect(back.at).toBe(1);
    expect(ok(moveItem(kit, 1, placementAt(kit, 1)!)).inventory).toBe(kit);
  });

  test('moveItem refuses: a Huge item packed, a bag into itself, an unknown bag, too many', () => {
    const inv = [...kit, line('suit', 'held')];
    expect(err(moveItem(inv, 4, { carried: 'packed' })).code).toBe('inventory/not-packable');
    expect(err(moveItem(kit, 0, { carried: 'packed', in: 'satchel' })).code).toBe('inventory/bag-cycle');
    expect(err(moveItem(kit, 2, { carried: 'packed', in: 'sack' })).code).toBe('inventory/unknown-bag');
    expect(err(moveItem(kit, 1, { carried: 'held' }, 4)).code).toBe('inventory/not-enough');
  });

  test('splitStack and mergeStacks', () => {
    const coins: Inventory = [line('coin', 'packed', 150), line('torch', 'packed')];
    const split = ok(splitStack(coins, 0, 50));
    expect(split.at).toBe(1);
    expect(split.inventory.map((x) => x.quantity)).toEqual([100, 50, 1]);
    expect(ok(mergeStacks(split.inventory, 0, 1)).inventory).toEqual(coins);
    expect(err(splitStack(coins, 0, 150)).code).toBe('inventory/not-enough');
    expect(err(splitStack(coins, 0, 0)).code).toBe('inventory/bad-quantity');
    const notSame = err(mergeStacks(coins, 0, 1));
    expect(notSame.code).toBe('inventory/not-identical');
    expect(notSame.message).toMatch(/id, size/);
    expect(err(mergeStacks(coins, 0, 0)).code).toBe('inventory/not-identical');
  });
});

// ---- properties -------------------------------------------------------------------------------

const SIZES: readonly GearSize[] = GEAR_SIZES.map((s) => s.id);
const TABLE_ITEM_IDS: readonly { id: string; size: GearSize | null }[] = [...WEAPONS.map((w) => ({ id: w.id, size: w.stow })), ...ARMOUR.map((a) => ({ id: a.id, size: a.stow })), ...GEAR.map((g) => ({ id: g.id, size: g.size }))];
const SIZED_ITEMS = TABLE_ITEM_IDS.filter((x): x is { id: string; size: GearSize } => x.size !== null);
const UNSIZED_ITEMS = TABLE_ITEM_IDS.filter((x) => x.size === null && x.id !== 'unarmed').map((x) => x.id);
const BAG_SPECS: readonly { id: string; size: GearSize }[] = [
  { id: 'satchel', size: 'small' },
  { id: 'backpack', size: 'large' },
  { id: 'sack', size: 'medium' },
  { id: 'sack-2', size: 'small' },
  { id: 'bandolier', size: 'small' },
  { id: 'quiver', size: 'medium' },
  { id: 'scroll-case', size: 'small' },
  { id: 'lantern-hook', size: 'small' },
];

const itemArb: fc.Arbitrary<{ id: string; size: GearSize }> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...SIZED_ITEMS) },
  { weight: 2, arbitrary: fc.record({ id: fc.constantFrom(...UNSIZED_ITEMS), size: fc.constantFrom(...SIZES) }) },
  { weight: 2, arbitrary: fc.record({ id: fc.constantFrom('rope', 'idol', 'barrel', 'candle'), size: fc.constantFrom(...SIZES) }) },
);
const carriedArb = fc.constantFrom<CarryModeId>('held', 'worn', 'packed');

/**
 * Inventories whose `in` always names a bag present (bags only inside earlier bags: no circles),
 * with any sizes, places and quantities (so Huge packed, worn twice, over capacity and such occur).
 */
function inventoryArb(options: { bagsPackable?: boolean; maxQuantity?: number } = {}): fc.Arbitrary<InventoryItem[]> {
  const { bagsPackable = true, maxQuantity = 150 } = options;
  return fc
    .record({
      bags: fc.subarray([...BAG_SPECS]),
      bagPlaces: fc.array(fc.record({ carried: bagsPackable ? carriedArb : fc.constantFrom<CarryModeId>('held', 'worn'), parent: fc.nat(), inParent: fc.boolean() }), {
        minLength: BAG_SPECS.length,
        maxLength: BAG_SPECS.length,
      }),
      items: fc.array(
        fc.record({ item: itemArb, quantity: fc.integer({ min: 1, max: maxQuantity }), carried: carriedArb, bag: fc.nat(), inBag: fc.boolean() }),
        { maxLength: 10 },
      ),
    })
    .map(({ bags, bagPlaces, items }) => {
      const inv: InventoryItem[] = bags.map((b, i) => {
        const p = bagPlaces[i]!;
        const parent = i > 0 && p.carried === 'packed' && p.inParent ? bags[p.parent % i]!.id : undefined;
        return parent ? line(b.id, 'packed', 1, { size: b.size, in: parent }) : line(b.id, p.carried, 1, { size: b.size });
      });
      for (const it of items) {
        const inBag = it.carried === 'packed' && it.inBag && bags.length > 0 ? bags[it.bag % bags.length]!.id : undefined;
        inv.push(line(it.item.id, it.carried, it.quantity, inBag ? { size: it.item.size, in: inBag } : { size: it.item.size }));
      }
      return inv;
    });
}

const settingsArb: fc.Arbitrary<Omit<EncumbranceSettings, 'method'>> = fc.record({
  stowSlots: fc.integer({ min: -3, max: 15 }),
  strScore: fc.integer({ min: 3, max: 18 }),
  hands: fc.integer({ min: 0, max: 3 }),
  bagSlots: fc.record({ backpack: fc.integer({ min: 0, max: 10 }), sack: fc.integer({ min: 0, max: 5 }), quiver: fc.integer({ min: 0, max: 3 }) }, { requiredKeys: [] }),
});

function placementArb(inv: Inventory): fc.Arbitrary<Placement> {
  const bagIds = inv.filter((x) => lookupItem(x.id)?.kind === 'bag').map((x) => x.id);
  return fc.oneof(
    fc.constant<Placement>({ carried: 'held' }),
    fc.constant<Placement>({ carried: 'worn' }),
    fc.constant<Placement>({ carried: 'packed' }),
    ...(bagIds.length > 0 ? [fc.constantFrom(...bagIds).map((id): Placement => ({ carried: 'packed', in: id }))] : []),
  );
}

/** Total quantity of each kind of item (id, label, size, resource die), wherever it is. */
function totals(inv: Inventory): Map<string, number> {
  const m = new Map<string, number>();
  for (const x of inv) {
    const key = JSON.stringify([x.id, x.label ?? null, x.size, x.resourceDie ?? null]);
    m.set(key, (m.get(key) ?? 0) + x.quantity);
  }
  return m;
}

// A property that checks only some runs (the ones an operation accepts, say) also counts them, and
// requires enough of them: a check no run reaches would check nothing.
describe('properties', () => {
  test('adding then removing an item returns the same inventory', () => {
    let added = 0;
    fc.assert(
      fc.property(
        inventoryArb().chain((inv) => fc.tuple(fc.constant(inv), itemArb, fc.integer({ min: 1, max: 200 }), placementArb(inv))),
        ([inv, it, quantity, to]) => {
          const item = line(it.id, to.carried, quantity, to.carried === 'packed' && to.in !== undefined ? { size: it.size, in: to.in } : { size: it.size });
          const r = addItem(inv, item);
          // An item that does not fit is refused; the property is about the ones added.
          if (!r.ok) return;
          added += 1;
          expect(r.inventory[r.at]!.quantity).toBeGreaterThanOrEqual(quantity);
          const removed = ok(removeItem(r.inventory, r.at, quantity));
          expect(removed.inventory).toEqual(inv);
        },
      ),
      { numRuns: 400 },
    );
    expect(added, 'items added').toBeGreaterThan(100);
  });

  test('slots used, free hands and every count are never negative; the totals add up', () => {
    let overBy = 0;
    fc.assert(
      fc.property(inventoryArb(), settingsArb, fc.constantFrom('easy' as const, 'fun' as const), (inv, s, method) => {
        const r = encumbrance(inv, { ...s, method });
        expect(r.slots.used).toBeGreaterThanOrEqual(0);
        expect(r.slots.base).toBeGreaterThanOrEqual(0);
        expect(r.held.handsUsed).toBeGreaterThanOrEqual(0);
        for (const c of r.containers) {
          expect(c.used).toBeGreaterThanOrEqual(0);
          for (const st of c.stacks) expect(st.slots === null || st.slots >= 0).toBe(true);
        }
        for (const b of r.slots.bags) expect(b.slots).toBeGreaterThanOrEqual(0);
        expect(r.slots.capacity).toBe(r.slots.base + r.slots.bags.reduce((n, b) => n + b.slots, 0));
        expect(r.slots.free).toBe(r.slots.capacity - r.slots.used);
        expect(r.slots.used).toBe(r.containers.reduce((n, c) => n + c.used, 0));
        expect(r.isWithinRules).toBe(!r.problems.some((p) => p.severity === 'invalid'));
        for (const p of r.problems) {
          expect(p.ref).toMatch(/HAMMERCRAWL! v4/);
          expect(p.message.length).toBeGreaterThan(10);
          if (p.overBy !== undefined) {
            overBy += 1;
            expect(p.overBy).toBeGreaterThan(0);
          }
        }
        // Every countable packed line is in exactly one container (or a Spec bag).
        const listed = r.containers.flatMap((c) => c.stacks.flatMap((st) => st.lines));
        expect(new Set(listed).size).toBe(listed.length);
        const packed = inv.map((x, i) => [x, i] as const).filter(([x]) => x.carried === 'packed').map(([, i]) => i);
        expect([...listed].sort((a, b) => a - b)).toEqual(packed.filter((i) => listed.includes(i)));
      }),
      { numRuns: 400 },
    );
    expect(overBy, 'problems with overBy').toBeGreaterThan(200);
  });

  test('moving an item never changes the total quantity of anything', () => {
    fc.assert(
      fc.property(
        inventoryArb()
          .filter((inv) => inv.length > 0)
          .chain((inv) => fc.nat({ max: inv.length - 1 }).map((at) => [inv, at] as const))
          .chain(([inv, at]) =>
            fc.tuple(fc.constant(inv), fc.constant(at), placementArb(inv), fc.option(fc.integer({ min: 1, max: inv[at]!.quantity }), { nil: undefined })),
          ),
        ([inv, at, to, quantity]) => {
          const r = moveItem(inv, at, to, quantity);
          if (r.ok) {
            expect(totals(r.inventory)).toEqual(totals(inv));
            expect(r.inventory[r.at]!.carried).toBe(to.carried);
          } else {
            expect(r.error.code).toMatch(/^inventory\//);
            expect(r.error.message.length).toBeGreaterThan(10);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  test('operations never add a structural problem', () => {
    let applied = 0;
    fc.assert(
      fc.property(
        inventoryArb()
          .filter((inv) => inv.length > 0)
          .chain((inv) => fc.tuple(fc.constant(inv), fc.nat({ max: inv.length - 1 }), placementArb(inv), fc.integer({ min: 1, max: 40 }), fc.nat({ max: 3 }))),
        ([inv, at, to, quantity, op]) => {
          const r =
            op === 0 ? moveItem(inv, at, to, quantity) : op === 1 ? splitStack(inv, at, quantity) : op === 2 ? removeItem(inv, at, quantity) : mergeStacks(inv, at, (at + 1) % inv.length);
          if (!r.ok) return;
          applied += 1;
          const before = codes(structuralProblems(inv));
          for (const code of new Set(codes(structuralProblems(r.inventory)))) {
            expect(codes(structuralProblems(r.inventory)).filter((c) => c === code).length).toBeLessThanOrEqual(before.filter((c) => c === code).length);
          }
        },
      ),
      { numRuns: 400 },
    );
    expect(applied, 'operations applied').toBeGreaterThan(40);
  });

  test('split then merge returns the same inventory', () => {
    let splits = 0;
    fc.assert(
      fc.property(
        inventoryArb()
          .filter((inv) => inv.some((x) => x.quantity > 1))
          .chain((inv) => {
            const splittable = inv.map((x, i) => [x, i] as const).filter(([x]) => x.quantity > 1).map(([, i]) => i);
            return fc.constantFrom(...splittable).chain((at) => fc.tuple(fc.constant(inv), fc.constant(at), fc.integer({ min: 1, max: inv[at]!.quantity - 1 })));
          }),
        ([inv, at, q]) => {
          const split = splitStack(inv, at, q);
          if (!split.ok) return;
          splits += 1;
          expect(split.inventory[at]!.quantity + split.inventory[at + 1]!.quantity).toBe(inv[at]!.quantity);
          expect(ok(mergeStacks(split.inventory, at, at + 1)).inventory).toEqual(inv);
        },
      ),
      { numRuns: 300 },
    );
    expect(splits, 'stacks split').toBeGreaterThan(60);
  });

  test('the Easy Way holds whatever the Fun Way holds: same capacity, never more slots used, no over-capacity the Fun Way lacks', () => {
    let funFits = 0;
    fc.assert(
      fc.property(inventoryArb(), settingsArb, (inv, s) => {
        const e = easy(inv, s);
        const f = fun(inv, s);
        expect(e.slots.capacity).toBe(f.slots.capacity);
        expect(e.slots.used).toBeLessThanOrEqual(f.slots.used);
        // Over-capacity of slots (not of a Spec bag's contents, which both ways check alike).
        const isSlotContainer = (r: EncumbranceReport, p: InventoryProblem): boolean => {
          const where = p.container;
          return where?.kind !== 'bag' || r.containers.some((c) => c.container.kind === 'bag' && c.container.at === where.at && c.capacity !== null);
        };
        const slotOver = (r: EncumbranceReport) => r.problems.filter((p) => p.code === 'inventory/over-capacity' && isSlotContainer(r, p));
        if (slotOver(f).length === 0) {
          funFits += 1;
          expect(slotOver(e)).toEqual([]);
        }
        // Hands, worn slots and STR do not depend on the method.
        expect(e.held).toEqual(f.held);
        expect(e.worn).toEqual(f.worn);
        expect(problemsOf(e, 'inventory/str-minimum')).toEqual(problemsOf(f, 'inventory/str-minimum'));
      }),
      { numRuns: 500 },
    );
    expect(funFits, 'inventories the Fun Way fits').toBeGreaterThan(40);
  });

  test('discarding the suggested items brings the Easy Way\'s pool within capacity', () => {
    let overPool = 0;
    fc.assert(
      fc.property(inventoryArb({ bagsPackable: false, maxQuantity: 400 }), settingsArb, (inv, s) => {
        const r = easy(inv, s);
        const over = r.problems.find((p) => p.code === 'inventory/over-capacity' && p.container?.kind === 'pool');
        if (!over) return;
        overPool += 1;
        let after: Inventory = inv;
        for (const d of [...over.discard!].sort((a, b) => b.at - a.at)) after = ok(removeItem(after, d.at, d.quantity)).inventory;
        const again = easy(after, s);
        expect(again.problems.filter((p) => p.code === 'inventory/over-capacity' && p.container?.kind === 'pool')).toEqual([]);
      }),
      { numRuns: 400 },
    );
    expect(overPool, 'Easy Way pools over capacity').toBeGreaterThan(80);
  });

  test('encumbrance never throws on any lines, even malformed ones', () => {
    const junkLine = fc.record({
      id: fc.oneof(fc.constantFrom('satchel', 'sack', 'coin', 'suit', 'unarmed', ''), fc.string({ maxLength: 6 })),
      size: fc.oneof(fc.constantFrom(...SIZES), fc.string({ maxLength: 4 })),
      quantity: fc.oneof(fc.integer({ min: -2, max: 300 }), fc.double()),
      carried: fc.oneof(carriedArb, fc.string({ maxLength: 4 })),
      in: fc.option(fc.constantFrom('satchel', 'sack', 'coin', 'nowhere'), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(junkLine, { maxLength: 8 }), settingsArb, fc.constantFrom('easy' as const, 'fun' as const), (lines, s, method) => {
        const inv = lines.map((l) => (l.in === undefined ? { id: l.id, size: l.size, quantity: l.quantity, carried: l.carried } : l)) as unknown as Inventory;
        const r = encumbrance(inv, { ...s, method });
        expect(r.slots.used).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 300 },
    );
  });
});
