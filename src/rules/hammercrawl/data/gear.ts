/**
 * Gear sizes and how items are carried, bags, the gear the rules name, and what every character starts
 * with for free (class extras are in classes.ts, starting coins in social-status.ts). Rules: HAMMERCRAWL! v4, EQUIPMENT (ENCUMBRANCE, BAG ITEMS), CHARACTER CREATION
 * (Starting Equipment), ADVENTURING (LIGHT SOURCES).
 */
import type { TableDice } from './stocks.js';
import type { Price } from './treasures.js';

/** A gear size (ENCUMBRANCE, "Gear Sizes"), smallest first. */
export type GearSize = 'tiny' | 'small' | 'medium' | 'large' | 'huge';

/** How a size is stowed, stacked and held. */
export interface GearSizeRow {
  readonly id: GearSize;
  readonly label: string;
  /** The letter the tables use for the size (`S`, `M`, `L`, `H`); the text never abbreviates Tiny. */
  readonly letter: 'S' | 'M' | 'L' | 'H' | null;
  /** Whether the size can be Packed at all (Huge cannot). */
  readonly isStowable: boolean;
  /** Stow slots one stack takes; `null` when not stowable. */
  readonly slotsPerStack: number | null;
  /** Identical items that share one stack; `null` when not stowable. */
  readonly stackLimit: number | null;
  /** Holding the item takes both hands. */
  readonly needsBothHands: boolean;
  readonly ref: string;
}

const SIZES_REF = 'HAMMERCRAWL! v4, EQUIPMENT > ENCUMBRANCE (Gear Sizes)';

/**
 * The five gear sizes, smallest first, with their slot costs (ENCUMBRANCE, Gear Sizes).
 * @example GEAR_SIZES[0] // { id: 'tiny', slotsPerStack: 1, stackLimit: 100, ... }
 */
export const GEAR_SIZES = [
  { id: 'tiny', label: 'Tiny', letter: null, isStowable: true, slotsPerStack: 1, stackLimit: 100, needsBothHands: false, ref: SIZES_REF },
  { id: 'small', label: 'Small', letter: 'S', isStowable: true, slotsPerStack: 1, stackLimit: 5, needsBothHands: false, ref: SIZES_REF },
  { id: 'medium', label: 'Medium', letter: 'M', isStowable: true, slotsPerStack: 1, stackLimit: 1, needsBothHands: false, ref: SIZES_REF },
  { id: 'large', label: 'Large', letter: 'L', isStowable: true, slotsPerStack: 2, stackLimit: 1, needsBothHands: false, ref: SIZES_REF },
  { id: 'huge', label: 'Huge', letter: 'H', isStowable: false, slotsPerStack: null, stackLimit: null, needsBothHands: true, ref: SIZES_REF },
] as const satisfies readonly GearSizeRow[];

/** Where a carried item is (ENCUMBRANCE: "Items are either Held, Worn, or Packed"). */
export type CarryModeId = 'held' | 'worn' | 'packed';

/** A way of carrying an item: whether it is Readied and whether it takes Stow slots. */
export interface CarryMode {
  readonly id: CarryModeId;
  readonly label: string;
  readonly isReadied: boolean;
  readonly usesStowSlots: boolean;
  readonly description: string;
  readonly ref: string;
}

const ENCUMBRANCE_REF = 'HAMMERCRAWL! v4, EQUIPMENT > ENCUMBRANCE';

/**
 * Held, Worn and Packed (ENCUMBRANCE).
 * @example CARRY_MODES[2] // { id: 'packed', isReadied: false, usesStowSlots: true, ... }
 */
export const CARRY_MODES = [
  { id: 'held', label: 'Held', isReadied: true, usesStowSlots: false, description: 'In the hands; one Held slot per hand.', ref: ENCUMBRANCE_REF },
  {
    id: 'worn', label: 'Worn', isReadied: true, usesStowSlots: false,
    description: 'On the body (armour, helmet, cloak, boots, a wearable bag); one of each kind of wearable at a time.', ref: ENCUMBRANCE_REF,
  },
  {
    id: 'packed', label: 'Packed', isReadied: false, usesStowSlots: true,
    description: 'Stowed away in Stow slots; not readied unless a bag says otherwise.', ref: ENCUMBRANCE_REF,
  },
] as const satisfies readonly CarryMode[];

/** The two ways of tracking encumbrance, chosen by the Smith (ENCUMBRANCE, Tracking Encumbrance). */
export type EncumbranceMethodId = 'easy' | 'fun';

/** One way of tracking encumbrance. */
export interface EncumbranceMethod {
  readonly id: EncumbranceMethodId;
  readonly label: string;
  /** The text's recommendation ("generally you should go with the Easy Way"). */
  readonly isDefault: boolean;
  /** One pool of slots (bags' size limits ignored) rather than each bag tracked on its own. */
  readonly isPooled: boolean;
  readonly description: string;
  readonly ref: string;
}

/**
 * The Easy Way and the "Fun" Way (ENCUMBRANCE, Tracking Encumbrance): a table setting, Easy by default.
 * @example ENCUMBRANCE_METHODS[0] // { id: 'easy', isDefault: true, isPooled: true, ... }
 */
export const ENCUMBRANCE_METHODS = [
  {
    id: 'easy', label: 'The Easy Way', isDefault: true, isPooled: true,
    description: 'Base Stow slots plus every bag\'s slots make one pool; bag size limits are ignored, item sizes still count.',
    ref: `${ENCUMBRANCE_REF} (The Easy Way)`,
  },
  {
    id: 'fun', label: 'The "Fun" Way', isDefault: false, isPooled: false,
    description: 'Each bag is tracked with its own contents and its own size limits.',
    ref: `${ENCUMBRANCE_REF} (The "Fun" Way)`,
  },
] as const satisfies readonly EncumbranceMethod[];

/** An item quality (BAG ITEMS, Bag Tags). */
export type GearTagId = 'bag' | 'durable' | 'fragile' | 'wearable';

/** An item quality and what it does to the item's Saves. */
export interface GearTag {
  readonly id: GearTagId;
  readonly label: string;
  /** Die steps on all the item's Saves (+1 a bonus, -1 a penalty). */
  readonly saveSteps: number;
  readonly description: string;
  readonly ref: string;
}

const BAGS_REF = 'HAMMERCRAWL! v4, EQUIPMENT > BAG ITEMS';

/**
 * The item qualities of BAG ITEMS (Bag Tags).
 * @example GEAR_TAGS[2] // { id: 'fragile', saveSteps: -1, ... }
 */
export const GEAR_TAGS = [
  { id: 'bag', label: 'Bag', saveSteps: 0, description: 'Adds encumbrance slots.', ref: `${BAGS_REF} (Bag Tags)` },
  { id: 'durable', label: 'Durable', saveSteps: 1, description: 'One step better on all its Saves.', ref: `${BAGS_REF} (Bag Tags)` },
  { id: 'fragile', label: 'Fragile', saveSteps: -1, description: 'One step worse on all its Saves.', ref: `${BAGS_REF} (Bag Tags)` },
  {
    id: 'wearable', label: 'Wearable', saveSteps: 0,
    description: 'Can be Worn, taking no slots; only one of each wearable item at a time.', ref: `${BAGS_REF} (Bag Tags)`,
  },
] as const satisfies readonly GearTag[];

/**
 * How long a light source lasts (LIGHT SOURCES): real minutes at the table, or one Venture per fill.
 * @example { kind: 'real-time', minutes: 60 }
 */
export type LightDuration = { readonly kind: 'real-time'; readonly minutes: number } | { readonly kind: 'venture'; readonly ventures: number };

/** An item of gear the rules name (not a weapon, armour or bag). */
export interface GearItem {
  readonly id: string;
  readonly label: string;
  /** Its size; `null` where the text gives none. */
  readonly size: GearSize | null;
  readonly tags: readonly GearTagId[];
  readonly light: LightDuration | null;
  /** Always `null`: the text prices nothing (see rulings). */
  readonly price: Price | null;
  readonly description: string;
  readonly ref: string;
}

const START_REF = 'HAMMERCRAWL! v4, CHARACTER CREATION (Starting Equipment)';
const LIGHT_REF = 'HAMMERCRAWL! v4, ADVENTURING > LIGHT SOURCES';

/**
 * The gear the rules name, with the sizes they give (Starting Equipment; Gear Sizes; BAG ITEMS; LIGHT
 * SOURCES). There is no general gear list in the text.
 * @example GEAR[2] // { id: 'torch', size: 'small', light: { kind: 'real-time', minutes: 60 }, ... }
 */
export const GEAR = [
  { id: 'coin', label: 'Coin', size: 'tiny', tags: [], light: null, price: null, description: 'A single coin.', ref: SIZES_REF },
  { id: 'gem', label: 'Gem', size: 'tiny', tags: [], light: null, price: null, description: 'A single gem.', ref: SIZES_REF },
  {
    id: 'torch', label: 'Torch', size: 'small', tags: [], light: { kind: 'real-time', minutes: 60 }, price: null,
    description: 'Burns for one real hour of play.', ref: `${START_REF}; ${LIGHT_REF}`,
  },
  {
    id: 'lantern', label: 'Lantern', size: null, tags: [], light: { kind: 'venture', ventures: 1 }, price: null,
    description: 'One fill lasts a Venture (the Smith may call for a refill in a long session).', ref: LIGHT_REF,
  },
  { id: 'ration', label: 'Fresh ration', size: 'small', tags: [], light: null, price: null, description: 'A day\'s fresh food.', ref: START_REF },
  {
    id: 'clothes', label: 'Set of clothes', size: 'medium', tags: [], light: null, price: null,
    description: 'Clothes matching the character\'s rolled attire.', ref: START_REF,
  },
  { id: 'holy-symbol', label: 'Holy Symbol', size: 'medium', tags: [], light: null, price: null, description: 'The Devout\'s sign of faith.', ref: START_REF },
  { id: 'prayer-book', label: 'Prayer Book', size: null, tags: [], light: null, price: null, description: 'The Devout\'s book of their chosen faith.', ref: START_REF },
  {
    id: 'dungeoneering-tools', label: 'Dungeoneering Tools', size: 'medium', tags: [], light: null, price: null,
    description: 'A set of the Specialist\'s tools for the dungeon.', ref: START_REF,
  },
  { id: 'spellbook', label: 'Spellbook', size: 'medium', tags: [], light: null, price: null, description: 'A True Mage\'s written spells.', ref: START_REF },
  { id: 'arrow', label: 'Arrow', size: null, tags: [], light: null, price: null, description: 'Ammunition for bows.', ref: `${BAGS_REF} (Quiver)` },
  { id: 'bolt', label: 'Bolt', size: null, tags: [], light: null, price: null, description: 'Ammunition for crossbows.', ref: `${BAGS_REF} (Quiver)` },
  { id: 'spell-scroll', label: 'Spell scroll', size: null, tags: [], light: null, price: null, description: 'One spell on a scroll.', ref: `${BAGS_REF} (Case, Scroll)` },
  {
    id: 'map-or-document', label: 'Map or other document', size: null, tags: [], light: null, price: null,
    description: 'A rolled-up map or any paper that is not a spell.', ref: `${BAGS_REF} (Case, Scroll)`,
  },
] as const satisfies readonly GearItem[];

/** A gear item's id. */
export type GearItemId = (typeof GEAR)[number]['id'];

/**
 * What a bag holds (BAG ITEMS, "Slots"): a number of slots (`null` where not given) with an optional
 * largest size and optional allowed items; or a "Spec" list of alternatives (one lantern; one spell
 * scroll or five maps).
 * @example { kind: 'slots', slots: 3, maxItemSize: 'small', onlyItemIds: null }
 */
export type BagCapacity =
  | {
      readonly kind: 'slots';
      readonly slots: number | null;
      readonly maxItemSize: GearSize | null;
      readonly onlyItemIds: readonly string[] | null;
    }
  | { readonly kind: 'special'; readonly options: readonly { readonly itemIds: readonly string[]; readonly max: number }[] };

/** A bag: an item that holds other items (BAG ITEMS: Name, Size, Slots, Tags). */
export interface Bag {
  readonly id: string;
  readonly label: string;
  /** Its own stow size when Packed; `null` where the text gives none. */
  readonly size: GearSize | null;
  readonly capacity: BagCapacity;
  readonly tags: readonly GearTagId[];
  /** Items inside count as Readied (the bandolier), though a container's own contents do not. */
  readonly isContentReadied: boolean;
  /** Size steps when empty, folded and stowed (sacks: one size smaller). */
  readonly emptyFoldedSizeSteps: number;
  /** A bag it must be attached to, whose slots it uses (the lantern hook on a backpack), or `null`. */
  readonly mountsOnBagId: string | null;
  /** Always `null`: the text prices nothing (see rulings). */
  readonly price: Price | null;
  readonly description: string;
  readonly ref: string;
}

/**
 * The bags the text describes (BAG ITEMS, Specific Bags; the satchel's stats from Starting Equipment,
 * the backpack from ENCUMBRANCE). The text's bag table is missing: what it does not say is `null`.
 * @example BAGS[6] // { id: 'satchel', size: 'small', capacity: { kind: 'slots', slots: 5, ... }, tags: ['bag', 'fragile', 'wearable'], ... }
 */
export const BAGS = [
  {
    id: 'backpack', label: 'Backpack', size: null, capacity: { kind: 'slots', slots: null, maxItemSize: null, onlyItemIds: null },
    tags: ['bag', 'wearable'], isContentReadied: false, emptyFoldedSizeSteps: 0, mountsOnBagId: null, price: null,
    description: 'A worn pack; takes no Stow slot while worn.', ref: ENCUMBRANCE_REF,
  },
  {
    id: 'bandolier', label: 'Bandolier', size: null, capacity: { kind: 'slots', slots: 3, maxItemSize: 'small', onlyItemIds: null },
    tags: ['bag', 'wearable'], isContentReadied: true, emptyFoldedSizeSteps: 0, mountsOnBagId: null, price: null,
    description: 'Worn; three Small slots whose items count as Readied (the contents of a container in it do not).',
    ref: `${BAGS_REF} (Bandoliers)`,
  },
  {
    id: 'scroll-case', label: 'Case, Scroll', size: null,
    capacity: { kind: 'special', options: [{ itemIds: ['spell-scroll'], max: 1 }, { itemIds: ['map-or-document'], max: 5 }] },
    tags: ['bag'], isContentReadied: false, emptyFoldedSizeSteps: 0, mountsOnBagId: null, price: null,
    description: 'Carries paper safely: one spell scroll, or up to five maps or other documents.', ref: `${BAGS_REF} (Case, Scroll)`,
  },
  {
    id: 'lantern-hook', label: 'Lantern Hook', size: null, capacity: { kind: 'special', options: [{ itemIds: ['lantern'], max: 1 }] },
    tags: [], isContentReadied: false, emptyFoldedSizeSteps: 0, mountsOnBagId: 'backpack', price: null,
    description: 'Fixed to a backpack, it hangs one lit lantern overhead, freeing a hand; it uses the backpack\'s slots and makes the wearer much taller.',
    ref: `${BAGS_REF} (Lantern Hook)`,
  },
  {
    id: 'quiver', label: 'Quiver', size: null, capacity: { kind: 'slots', slots: null, maxItemSize: null, onlyItemIds: ['arrow', 'bolt'] },
    tags: ['bag'], isContentReadied: false, emptyFoldedSizeSteps: 0, mountsOnBagId: null, price: null,
    description: 'Holds only ammunition; each slot takes arrows or bolts.', ref: `${BAGS_REF} (Quiver)`,
  },
  {
    id: 'sack', label: 'Sack', size: null, capacity: { kind: 'slots', slots: null, maxItemSize: null, onlyItemIds: null },
    tags: ['bag'], isContentReadied: false, emptyFoldedSizeSteps: -1, mountsOnBagId: null, price: null,
    description: 'A common bag, Packed or Held (not worn); one size smaller when empty and folded away.', ref: `${BAGS_REF} (Sacks)`,
  },
  {
    id: 'satchel', label: 'Satchel', size: 'small', capacity: { kind: 'slots', slots: 5, maxItemSize: null, onlyItemIds: null },
    tags: ['bag', 'fragile', 'wearable'], isContentReadied: false, emptyFoldedSizeSteps: 0, mountsOnBagId: null, price: null,
    description: 'A cheap shoulder bag; every adventurer starts with one.', ref: `${START_REF}; ${BAGS_REF} (Satchel)`,
  },
] as const satisfies readonly Bag[];

/** A bag's id. */
export type BagId = (typeof BAGS)[number]['id'];

/**
 * How many of an item: a fixed count, or rolled.
 * @example { kind: 'rolled', dice: { count: 1, sides: 4 } }
 */
export type Quantity = { readonly kind: 'fixed'; readonly count: number } | { readonly kind: 'rolled'; readonly dice: TableDice };

/** When a starting item is given: always, or only to a character without nightvision (the torch). */
export type GrantCondition = 'always' | 'lacks-nightvision';

/** One item every character starts with (Starting Equipment): how many, where it is carried, and when. */
export interface FreeStartingItem {
  readonly id: string;
  readonly label: string;
  /** An id in `GEAR` or `BAGS`. */
  readonly itemId: string;
  readonly quantity: Quantity;
  readonly carried: CarryModeId;
  /** The bag it starts in, when Packed. */
  readonly insideBagId: string | null;
  readonly condition: GrantCondition;
  readonly ref: string;
}

const ONE = { kind: 'fixed', count: 1 } as const;

/**
 * What every character starts with for free (Starting Equipment, HAMMERCRAWL METHOD): a worn satchel
 * holding 1d4 fresh rations and, without nightvision, a torch; and worn clothes.
 * @example FREE_STARTING_EQUIPMENT[1].quantity // { kind: 'rolled', dice: { count: 1, sides: 4 } }
 */
export const FREE_STARTING_EQUIPMENT = [
  { id: 'satchel', label: 'Satchel', itemId: 'satchel', quantity: ONE, carried: 'worn', insideBagId: null, condition: 'always', ref: START_REF },
  {
    id: 'rations', label: 'Fresh rations', itemId: 'ration', quantity: { kind: 'rolled', dice: { count: 1, sides: 4 } },
    carried: 'packed', insideBagId: 'satchel', condition: 'always', ref: START_REF,
  },
  {
    id: 'torch', label: 'Torch', itemId: 'torch', quantity: ONE, carried: 'packed', insideBagId: 'satchel',
    condition: 'lacks-nightvision', ref: START_REF,
  },
  { id: 'clothes', label: 'Set of clothes', itemId: 'clothes', quantity: ONE, carried: 'worn', insideBagId: null, condition: 'always', ref: START_REF },
] as const satisfies readonly FreeStartingItem[];
