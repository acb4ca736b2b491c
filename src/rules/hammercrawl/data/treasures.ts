/**
 * The 11 tiers of treasure, and the coin metals they begin with. Rules: HAMMERCRAWL! v4, TREASURES.
 */

/** What kind of wealth a treasure tier holds: coin (tiers 1-4), valuables (5-6), magick (7-11). */
export type TreasureCategory = 'coin' | 'valuable' | 'magick';

/** One tier of treasure, numbered as printed (1 Copper ... 11 Artifacts). */
export interface TreasureTier {
  readonly id: string;
  readonly label: string;
  readonly tier: number;
  readonly category: TreasureCategory;
  /** Tier 11 is marked "SPECIAL" in the list. */
  readonly isSpecial: boolean;
  /** Another name the text gives the tier ("aka Magick Expendables"), or `null`. */
  readonly alsoKnownAs: string | null;
  /** Examples named by the text, as names. */
  readonly examples: readonly string[];
  readonly description: string;
  readonly ref: string;
}

const TREASURE_REF = 'HAMMERCRAWL! v4, TREASURES (The 11 Tiers of Treasure)';

/** Lowest treasure tier. */
export const MIN_TREASURE_TIER = 1;
/** Highest treasure tier ("The 11 Tiers of Treasure"). */
export const MAX_TREASURE_TIER = 11;

/**
 * The 11 tiers of treasure, lowest first (TREASURES).
 * @example TREASURE_TIERS[7] // { id: 'magickal-charms', tier: 8, category: 'magick', ... }
 */
export const TREASURE_TIERS = [
  { id: 'copper', label: 'Copper', tier: 1, category: 'coin', isSpecial: false, alsoKnownAs: null, examples: [], description: 'Copper coin.', ref: TREASURE_REF },
  { id: 'silver', label: 'Silver', tier: 2, category: 'coin', isSpecial: false, alsoKnownAs: null, examples: [], description: 'Silver coin.', ref: TREASURE_REF },
  { id: 'gold', label: 'Gold', tier: 3, category: 'coin', isSpecial: false, alsoKnownAs: null, examples: [], description: 'Gold coin.', ref: TREASURE_REF },
  { id: 'platinum', label: 'Platinum', tier: 4, category: 'coin', isSpecial: false, alsoKnownAs: null, examples: [], description: 'Platinum coin.', ref: TREASURE_REF },
  { id: 'gems', label: 'Gems', tier: 5, category: 'valuable', isSpecial: false, alsoKnownAs: null, examples: [], description: 'Precious stones.', ref: TREASURE_REF },
  { id: 'art', label: 'Art', tier: 6, category: 'valuable', isSpecial: false, alsoKnownAs: null, examples: [], description: 'Works of art.', ref: TREASURE_REF },
  {
    id: 'potions-and-scrolls', label: 'Potions & Scrolls', tier: 7, category: 'magick', isSpecial: false,
    alsoKnownAs: 'Magick Expendables', examples: [],
    description: 'Magick that is used up when used.', ref: TREASURE_REF,
  },
  {
    id: 'magickal-charms', label: 'Magickal Charms', tier: 8, category: 'magick', isSpecial: false, alsoKnownAs: null,
    examples: ['standard wizard weapons'],
    description: 'Small magicks that are not used up; the ordinary wizard weapons belong here.', ref: TREASURE_REF,
  },
  {
    id: 'magickal-icons', label: 'Magickal Icons', tier: 9, category: 'magick', isSpecial: false, alsoKnownAs: null,
    examples: ['flaming swords', 'flying carpets'],
    description: 'The broad middle band of magick items.', ref: TREASURE_REF,
  },
  {
    id: 'magickal-relics', label: 'Magickal Relics', tier: 10, category: 'magick', isSpecial: false, alsoKnownAs: null,
    examples: ['staffs of power', 'wands of wonder'],
    description: 'Named lesser artifacts and items with several powers.', ref: TREASURE_REF,
  },
  {
    id: 'artifacts', label: 'Artifacts', tier: 11, category: 'magick', isSpecial: true, alsoKnownAs: null,
    examples: ['greater rune weapons', 'Rods of Multiple Parts', 'Body Parts of Evil Bob'],
    description: 'The greatest magicks, set apart from the other tiers.', ref: TREASURE_REF,
  },
] as const satisfies readonly TreasureTier[];

/** A treasure tier's id. */
export type TreasureTierId = (typeof TREASURE_TIERS)[number]['id'];

/** The coin metals, the first four tiers of treasure. */
export type CurrencyId = 'copper' | 'silver' | 'gold' | 'platinum';

/** A coin metal and the treasure tier it is. Exchange rates are not in the text (see rulings). */
export interface Currency {
  readonly id: CurrencyId;
  readonly label: string;
  readonly treasureTierId: TreasureTierId;
  readonly ref: string;
}

/**
 * The coin metals, in tier order (TREASURES, tiers 1-4).
 * @example CURRENCIES[1] // { id: 'silver', label: 'Silver', treasureTierId: 'silver', ... }
 */
export const CURRENCIES = [
  { id: 'copper', label: 'Copper', treasureTierId: 'copper', ref: TREASURE_REF },
  { id: 'silver', label: 'Silver', treasureTierId: 'silver', ref: TREASURE_REF },
  { id: 'gold', label: 'Gold', treasureTierId: 'gold', ref: TREASURE_REF },
  { id: 'platinum', label: 'Platinum', treasureTierId: 'platinum', ref: TREASURE_REF },
] as const satisfies readonly Currency[];

/**
 * A price: a whole amount of one coin metal. No item in the text has a price, so every table's `price`
 * is `null` for now (see rulings); the shape is fixed so a Smith's price list can fill it in.
 * @example { amount: 55, currency: 'silver' }
 */
export interface Price {
  readonly amount: number;
  readonly currency: CurrencyId;
}
