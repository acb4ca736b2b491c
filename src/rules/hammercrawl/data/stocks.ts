/**
 * The stocks (races) of both settings as data: the HAMMERCRAWL! stocks rolled on 3d6, the Palladium
 * Fantasy stocks rolled on 3d12, each with its prime stat, nightvision and abilities; and the conversion
 * of Palladium 1e attributes to HAMMERCRAWL! stats.
 * Rules: HAMMERCRAWL! v4, STOCKS (RACES); STATS (Converting Stats from Palladium); CHARACTER CREATION.
 * Rulings: docs/rulings.md.
 */
import type { StatId } from '../check-modifiers.js';

/**
 * An inclusive range of die results (or scores) on a table: `4 – 5` is `{ min: 4, max: 5 }`.
 * @example { min: 9, max: 12 }
 */
export interface RollRange {
  readonly min: number;
  readonly max: number;
}

/**
 * Dice rolled and added together for a table, as a value: 3d6 is `{ count: 3, sides: 6 }`.
 * @example { count: 3, sides: 12 }
 */
export interface TableDice {
  readonly count: number;
  readonly sides: number;
}

/** The two settings with a stock list (STOCKS (RACES): "HAMMERCRAWL! Setting", "Palladium Fantasy Setting"). */
export type StockSettingId = 'hammercrawl' | 'palladium';

/** One setting's stock table: the dice rolled to pick a stock at random. */
export interface StockSetting {
  readonly id: StockSettingId;
  readonly label: string;
  readonly dice: TableDice;
  readonly ref: string;
}

/**
 * The six stats a free prime-stat choice ("Any", "Choose One") picks from: the core six, never SOC
 * (STATS: "The core six, and also societal standing (SOC)"; ruling ST-3).
 */
export const CORE_STAT_IDS = ['STR', 'DEX', 'CON', 'INT', 'WIL', 'CHA'] as const satisfies readonly StatId[];

/**
 * A stock's prime stat (CHARACTER CREATION: "note the primary stat"): one fixed stat, or one stat the
 * player chooses (or rolls, under Option A) from a list.
 * @example { kind: 'fixed', stat: 'WIL' }
 */
export type PrimeStatRule =
  | { readonly kind: 'fixed'; readonly stat: StatId }
  | { readonly kind: 'choose-one'; readonly from: readonly StatId[] };

/**
 * Seeing without light, in feet as the Palladium stock entries give it (STOCKS (RACES), Palladium).
 * A stock without it (`null`) starts with a torch (CHARACTER CREATION, Starting Equipment).
 * @example { rangeFeet: 90 }
 */
export interface Nightvision {
  readonly rangeFeet: number;
}

/** The kinds of check a stock's step bonus can apply to (DICE CHECKS; a Save is a Challenge). */
export type StockCheckKind = 'test' | 'challenge' | 'competition';

/** Which value of a stat an effect reads: the score, the half-stat or the stat mod (STATS). */
export type StatPart = 'score' | 'half' | 'mod';

/** A number read from a character's stat (STATS). */
export interface StatValue {
  readonly stat: StatId;
  readonly part: StatPart;
}

/** Natural weapons a stock can be proficient in without spending a WP (WEAPON PROFICIENCIES, Special Note). */
export const NATURAL_WEAPON_IDS = ['claws-and-teeth'] as const;

/** The id of a natural weapon. */
export type NaturalWeaponId = (typeof NATURAL_WEAPON_IDS)[number];

/** The id of the Nethern quirks table (`NETHERN_QUIRKS` in nethern-quirks.ts). */
export type NethernQuirkTableId = 'nethern-quirks';

/**
 * What a stock ability does, when the text states it mechanically. Step amounts favour the character
 * when positive (DICE & STEPS); `harm-step` moves the base Harm Die along the chain.
 * @example { kind: 'harm-step', amount: 1 }
 * @example { kind: 'check-step', amount: 1, stat: 'CON', checks: ['test', 'challenge', 'competition'], condition: null, stacks: false }
 */
export type StockEffect =
  /** The base Harm Die, from the class HD, moves `amount` steps (Ogren: +1). */
  | { readonly kind: 'harm-step'; readonly amount: number }
  /** Steps on checks of the given kinds, for one stat (`null`: any stat), when the condition holds. */
  | {
      readonly kind: 'check-step';
      readonly amount: number;
      readonly stat: StatId | null;
      readonly checks: readonly StockCheckKind[];
      readonly condition: string | null;
      /** False when several sources of this bonus still give one step ("a (single) one-step die bonus"). */
      readonly stacks: boolean;
    }
  /** A static bonus to Saves of the given stats, equal to the character's level, when the condition holds. */
  | {
      readonly kind: 'save-bonus';
      readonly stats: readonly StatId[];
      readonly amount: 'character-level';
      readonly condition: string;
    }
  /** Advantage (or disadvantage) on Saves of the given stats, when the condition holds. */
  | {
      readonly kind: 'save-vantage';
      readonly stats: readonly StatId[];
      readonly mark: 'adv' | 'dis';
      readonly condition: string;
    }
  /** Armour Die re-rolls: as many as the stat value (none when it is 0 or less), gained and restored as said. */
  | {
      readonly kind: 'armour-die-rerolls';
      readonly count: StatValue;
      readonly gained: 'entering-dungeon';
      readonly restored: 'returning-to-town';
    }
  /** Free spells known, `perLevel` at each level from `fromLevel`, of a spell level up to the character level. */
  | {
      readonly kind: 'innate-spells';
      readonly perLevel: number;
      readonly fromLevel: number;
      readonly maxSpellLevel: 'character-level';
      /** How a character without a spellcasting class casts them: a Test target, or a casting die. */
      readonly nonCaster: { readonly testTarget: StatValue; readonly castingDie: number };
    }
  /** On death, an heir takes over (Human: Breed like Rabbits). */
  | {
      readonly kind: 'heir';
      readonly requires: 'a-party-member-survives-the-encounter';
      readonly arrives: 'next-scene';
      readonly levelsLost: number;
      readonly xpAfter: 'minimum-for-level';
      readonly minimumLevel: number;
      /** Who re-rolls one stat each, in order, keeping the new result. */
      readonly statRerolls: readonly ('player' | 'smith')[];
      readonly equipment: 'starting-equipment';
      /** Items kept from the fallen character: as many as their level at death, coin and valuables excluded. */
      readonly keepItems: { readonly count: 'level-at-death'; readonly excludes: readonly ('coin' | 'gems' | 'valuables')[] };
      readonly optionalRerolls: readonly ('skills' | 'traits')[];
    }
  /** Rolls on a quirks table; what a quirk allows is up to the Smith. */
  | { readonly kind: 'quirks'; readonly table: NethernQuirkTableId; readonly rolls: number }
  /** A rage: the Harm Die moves while raging, and moves again after it until the character recovers. */
  | {
      readonly kind: 'blood-rage';
      readonly harmStepWhileRaging: number;
      /** Steps from the stock's usual Harm Die after the rage, until recovered. */
      readonly harmStepAfterRage: number;
    }
  /** Proficient in a natural weapon for free, its Harm Die moved `harmStep` steps; specialising costs 2 WPs first. */
  | { readonly kind: 'natural-proficiency'; readonly weapon: NaturalWeaponId; readonly harmStep: number }
  /** Cannot wear clothing or armour made for normal-sized folk. */
  | { readonly kind: 'oversized' }
  /** At creation, re-roll one stat in full and keep the higher of the two results. */
  | { readonly kind: 'stat-reroll'; readonly count: number; readonly keep: 'higher'; readonly when: 'creation' }
  /** At creation, assign the rolled stats in any order (instead of the prime-stat order). */
  | { readonly kind: 'free-stat-order'; readonly when: 'creation' };

/** The `kind` of a stock effect. */
export type StockEffectKind = StockEffect['kind'];

/**
 * A stock ability: a name, a short description (in our words) and its mechanical effects, if any.
 * `isDraft` marks an ability the text itself flags for rework.
 */
export interface StockAbility {
  readonly id: string;
  readonly label: string;
  readonly description: string;
  readonly effects: readonly StockEffect[];
  readonly isDraft?: true;
  readonly ref: string;
}

/** What every stock has (STOCKS (RACES), TEMPLATE): its roll on the setting's table, prime stat, nightvision, abilities. */
interface StockBase {
  readonly id: string;
  readonly label: string;
  /** The results of the setting's dice that give this stock. */
  readonly roll: RollRange;
  readonly primeStat: PrimeStatRule;
  readonly nightvision: Nightvision | null;
  readonly abilities: readonly StockAbility[];
  readonly ref: string;
}

/** A stock of the HAMMERCRAWL! setting (Options A and B). */
export interface HammercrawlStock extends StockBase {
  readonly setting: 'hammercrawl';
}

/** A stock of the Palladium Fantasy setting (Option P), with its "Possible Psionics" line. */
export interface PalladiumStock extends StockBase {
  readonly setting: 'palladium';
  /** `possible`: check for psionics at creation (CHARACTER CREATION, Palladium Psionics); `never`: no check. */
  readonly psionics: 'possible' | 'never';
}

/** A stock of either setting. Ids are unique within a setting; `human` exists in both. */
export type Stock = HammercrawlStock | PalladiumStock;

const STOCKS_REF = 'HAMMERCRAWL! v4, STOCKS (RACES)';
const HC_REF = `${STOCKS_REF}, HAMMERCRAWL! Setting`;
const PAL_REF = `${STOCKS_REF}, Palladium Fantasy Setting`;

/**
 * The two stock tables and their dice (STOCKS (RACES): "roll 3D6", "roll 3D12").
 * @example STOCK_SETTINGS[1].dice // { count: 3, sides: 12 }
 */
export const STOCK_SETTINGS = [
  { id: 'hammercrawl', label: 'HAMMERCRAWL! setting', dice: { count: 3, sides: 6 }, ref: HC_REF },
  { id: 'palladium', label: 'Palladium Fantasy setting', dice: { count: 3, sides: 12 }, ref: PAL_REF },
] as const satisfies readonly StockSetting[];

/** The Nethern quirks table id, as stock effects reference it (STOCKS (RACES), Nethern). */
export const NETHERN_QUIRK_TABLE_ID: NethernQuirkTableId = 'nethern-quirks';

const ANY_CORE_STAT = { kind: 'choose-one', from: CORE_STAT_IDS } as const satisfies PrimeStatRule;

/**
 * The HAMMERCRAWL! setting's stocks, in the order of the 3d6 table (STOCKS (RACES), HAMMERCRAWL! Setting).
 * None has nightvision in the text (ruling ST-5).
 * @example HAMMERCRAWL_STOCKS[3] // { id: 'human', roll: { min: 9, max: 12 }, primeStat: { kind: 'choose-one', ... }, ... }
 */
export const HAMMERCRAWL_STOCKS = [
  {
    id: 'canid',
    label: 'Canid',
    setting: 'hammercrawl',
    roll: { min: 3, max: 3 },
    primeStat: { kind: 'fixed', stat: 'WIL' },
    nightvision: null,
    abilities: [
      {
        id: 'wolves-hunt-in-packs',
        label: 'Wolves Hunt in Packs',
        description:
          "One step in the Canid's favour on Challenges and Competitions against a target that another Canid's latest action in this scene was aimed at. Only one such step, however many Canids.",
        effects: [
          {
            kind: 'check-step',
            amount: 1,
            stat: null,
            checks: ['challenge', 'competition'],
            condition: "the target was the target of another Canid's most recent action in the same scene",
            stacks: false,
          },
        ],
        ref: `${HC_REF}: Canid`,
      },
    ],
    ref: `${HC_REF}: Canid`,
  },
  {
    id: 'halfern',
    label: 'Halfer’n',
    setting: 'hammercrawl',
    roll: { min: 4, max: 5 },
    primeStat: { kind: 'fixed', stat: 'DEX' },
    nightvision: null,
    abilities: [],
    ref: `${HC_REF}: Halfer’n`,
  },
  {
    id: 'elfin',
    label: 'Elfin',
    setting: 'hammercrawl',
    roll: { min: 6, max: 8 },
    primeStat: { kind: 'fixed', stat: 'INT' },
    nightvision: null,
    abilities: [
      {
        id: 'blessed-intellect',
        label: 'Blessed Intellect',
        description: 'Saves on INT are rolled with advantage as long as the Health Die is at full.',
        effects: [{ kind: 'save-vantage', stats: ['INT'], mark: 'adv', condition: 'the Health Die is at full' }],
        ref: `${HC_REF}: Elfin`,
      },
      {
        id: 'weak-natural-magick',
        label: 'Weak Natural Magick',
        description:
          'One free spell at every level, level 1 included, of a spell level no higher than the level reached. A spellcaster simply adds it to the class spells; anyone else casts by a Test against the INT half-stat, or with a d14 casting die in a Challenge or Competition.',
        effects: [
          {
            kind: 'innate-spells',
            perLevel: 1,
            fromLevel: 1,
            maxSpellLevel: 'character-level',
            nonCaster: { testTarget: { stat: 'INT', part: 'half' }, castingDie: 14 },
          },
        ],
        ref: `${HC_REF}: Elfin`,
      },
    ],
    ref: `${HC_REF}: Elfin`,
  },
  {
    id: 'human',
    label: 'Human',
    setting: 'hammercrawl',
    roll: { min: 9, max: 12 },
    primeStat: ANY_CORE_STAT,
    nightvision: null,
    abilities: [
      {
        id: 'breed-like-rabbits',
        label: 'Breed like Rabbits',
        description:
          "On death, if at least one party member survives the encounter, a relative takes over in the next scene: one XP level lower (at that level's minimum XP, never below level 1 with 0 XP), one stat re-rolled by the player and then one by the Smith (new results kept), starting equipment again plus as many items from the fallen character's gear (no coin, gems or valuables) as their level at death; skills and traits may be re-rolled at will.",
        effects: [
          {
            kind: 'heir',
            requires: 'a-party-member-survives-the-encounter',
            arrives: 'next-scene',
            levelsLost: 1,
            xpAfter: 'minimum-for-level',
            minimumLevel: 1,
            statRerolls: ['player', 'smith'],
            equipment: 'starting-equipment',
            keepItems: { count: 'level-at-death', excludes: ['coin', 'gems', 'valuables'] },
            optionalRerolls: ['skills', 'traits'],
          },
        ],
        ref: `${HC_REF}: Human`,
      },
    ],
    ref: `${HC_REF}: Human`,
  },
  {
    id: 'droffen',
    label: 'Droffen',
    setting: 'hammercrawl',
    roll: { min: 13, max: 15 },
    primeStat: { kind: 'fixed', stat: 'CON' },
    nightvision: null,
    abilities: [
      {
        id: 'armour-die-rerolls',
        label: 'Armour Die Re-rolls',
        description:
          'On entering the dungeon, gain as many Armour Die re-rolls as the CON mod (none if it is 0 or less); each re-rolls one Armour Die roll. Spent re-rolls return only back in town.',
        effects: [
          {
            kind: 'armour-die-rerolls',
            count: { stat: 'CON', part: 'mod' },
            gained: 'entering-dungeon',
            restored: 'returning-to-town',
          },
        ],
        ref: `${HC_REF}: Droffen`,
      },
      {
        id: 'strength-of-the-earth',
        label: 'Strength of the Earth',
        description: 'STR and CON Saves add the XP level while both feet stand on stone or earth, shod or bare.',
        effects: [
          {
            kind: 'save-bonus',
            stats: ['STR', 'CON'],
            amount: 'character-level',
            condition: 'both feet planted on stone or earthen ground',
          },
        ],
        ref: `${HC_REF}: Droffen`,
      },
    ],
    ref: `${HC_REF}: Droffen`,
  },
  {
    id: 'ogren',
    label: 'Ogren',
    setting: 'hammercrawl',
    roll: { min: 16, max: 17 },
    primeStat: { kind: 'fixed', stat: 'STR' },
    nightvision: null,
    abilities: [
      {
        id: 'harm-die-increase',
        label: 'Harm Die +1 step',
        description: 'The base Harm Die set by the class HD is one step larger.',
        effects: [{ kind: 'harm-step', amount: 1 }],
        ref: `${HC_REF}: Ogren`,
      },
      {
        id: 'blood-rage',
        label: 'Blood Rage',
        description:
          'While raging, the Ogren picks targets by a fixed order of priority (not given) and rolls the Harm Die one more step up; afterwards that step is lost and the Harm Die is two steps down until recovered. The text marks this for rework.',
        effects: [{ kind: 'blood-rage', harmStepWhileRaging: 1, harmStepAfterRage: -2 }],
        isDraft: true,
        ref: `${HC_REF}: Ogren`,
      },
    ],
    ref: `${HC_REF}: Ogren`,
  },
  {
    id: 'nethern',
    label: 'Nethern',
    setting: 'hammercrawl',
    roll: { min: 18, max: 18 },
    primeStat: { kind: 'fixed', stat: 'CHA' },
    nightvision: null,
    abilities: [
      {
        id: 'other-worldly-quirks',
        label: 'Random Other-Worldly Quirks',
        description:
          'Roll on the Nethern quirks table. A quirk can do whatever the player convinces the Smith it can do.',
        effects: [{ kind: 'quirks', table: 'nethern-quirks', rolls: 1 }],
        ref: `${HC_REF}: Nethern`,
      },
    ],
    ref: `${HC_REF}: Nethern`,
  },
] as const satisfies readonly HammercrawlStock[];

/** A natural-weapons ability (Palladium stocks): free proficiency in Claws and Teeth at a Harm Die step. */
function naturalWeapons(stock: string, harmStep: number): StockAbility {
  const step = harmStep === 0 ? 'at the normal Harm Die' : `at ${harmStep > 0 ? '+' : ''}${harmStep} Harm Die step`;
  return {
    id: 'natural-weapons',
    label: 'Natural Weapons',
    description: `Naturally proficient with Claws and Teeth, ${step}. Like every natural proficiency, its first rank of specialisation costs 2 WPs.`,
    effects: [{ kind: 'natural-proficiency', weapon: 'claws-and-teeth', harmStep }],
    ref: `${PAL_REF}: ${stock}`,
  };
}

/** The Oversized ability (Palladium ogre, troll, wolfen). */
function oversized(stock: string): StockAbility {
  return {
    id: 'oversized',
    label: 'Oversized',
    description: 'Too big for clothing and armour made for normal-sized humanoids.',
    effects: [{ kind: 'oversized' }],
    ref: `${PAL_REF}: ${stock}`,
  };
}

/** A one-step bonus on every check of one stat (Palladium ogre: CON; troll: STR). */
function monstrous(stock: string, id: string, label: string, stat: StatId): StockAbility {
  return {
    id,
    label,
    description: `One step in the character's favour on every ${stat} Test, Challenge (Saves included) and Competition.`,
    effects: [
      { kind: 'check-step', amount: 1, stat, checks: ['test', 'challenge', 'competition'], condition: null, stacks: false },
    ],
    ref: `${PAL_REF}: ${stock}`,
  };
}

/**
 * The Palladium Fantasy setting's stocks, in the order of the 3d12 table (STOCKS (RACES), Palladium
 * Fantasy Setting). "Special Thing: ??" lines carry nothing and are left out.
 * @example PALLADIUM_STOCKS[5] // { id: 'dwarf', roll: { min: 14, max: 17 }, nightvision: { rangeFeet: 90 }, ... }
 */
export const PALLADIUM_STOCKS = [
  {
    id: 'changeling',
    label: 'Changeling',
    setting: 'palladium',
    roll: { min: 3, max: 3 },
    primeStat: { kind: 'fixed', stat: 'WIL' },
    psionics: 'possible',
    nightvision: null,
    abilities: [],
    ref: `${PAL_REF}: Changeling`,
  },
  {
    id: 'hob-goblin',
    label: 'Hob-Goblin',
    setting: 'palladium',
    roll: { min: 4, max: 5 },
    primeStat: { kind: 'fixed', stat: 'WIL' },
    psionics: 'never',
    nightvision: { rangeFeet: 40 },
    abilities: [],
    ref: `${PAL_REF}: Hob-goblin`,
  },
  {
    id: 'goblin',
    label: 'Goblin',
    setting: 'palladium',
    roll: { min: 6, max: 7 },
    primeStat: { kind: 'fixed', stat: 'DEX' },
    psionics: 'possible',
    nightvision: { rangeFeet: 90 },
    abilities: [],
    ref: `${PAL_REF}: Goblin`,
  },
  {
    id: 'wolfen',
    label: 'Wolfen',
    setting: 'palladium',
    roll: { min: 8, max: 10 },
    primeStat: { kind: 'fixed', stat: 'DEX' },
    psionics: 'possible',
    nightvision: { rangeFeet: 40 },
    abilities: [naturalWeapons('Wolfen', 0), oversized('Wolfen')],
    ref: `${PAL_REF}: Wolfen`,
  },
  {
    id: 'elf',
    label: 'Elf',
    setting: 'palladium',
    roll: { min: 11, max: 13 },
    primeStat: { kind: 'fixed', stat: 'CHA' },
    psionics: 'possible',
    nightvision: { rangeFeet: 60 },
    abilities: [],
    ref: `${PAL_REF}: Elf`,
  },
  {
    id: 'dwarf',
    label: 'Dwarf',
    setting: 'palladium',
    roll: { min: 14, max: 17 },
    primeStat: { kind: 'fixed', stat: 'CON' },
    psionics: 'possible',
    nightvision: { rangeFeet: 90 },
    abilities: [],
    ref: `${PAL_REF}: Dwarf`,
  },
  {
    id: 'human',
    label: 'Human',
    setting: 'palladium',
    roll: { min: 18, max: 21 },
    primeStat: ANY_CORE_STAT,
    psionics: 'possible',
    nightvision: null,
    abilities: [
      {
        id: 'adaptability',
        label: 'Adaptability',
        description:
          'At creation, one rolled stat may be rolled again in full, keeping the better result; and the stats may be assigned in any order.',
        effects: [
          { kind: 'stat-reroll', count: 1, keep: 'higher', when: 'creation' },
          { kind: 'free-stat-order', when: 'creation' },
        ],
        ref: `${PAL_REF}: Human`,
      },
    ],
    ref: `${PAL_REF}: Human`,
  },
  {
    id: 'orc',
    label: 'Orc',
    setting: 'palladium',
    roll: { min: 22, max: 25 },
    primeStat: { kind: 'fixed', stat: 'STR' },
    psionics: 'never',
    nightvision: { rangeFeet: 40 },
    abilities: [naturalWeapons('Orc', -1)],
    ref: `${PAL_REF}: Orc`,
  },
  {
    id: 'ogre',
    label: 'Ogre',
    setting: 'palladium',
    roll: { min: 26, max: 28 },
    primeStat: { kind: 'fixed', stat: 'STR' },
    psionics: 'possible',
    nightvision: { rangeFeet: 40 },
    abilities: [
      naturalWeapons('Ogre', 0),
      monstrous('Ogre', 'monstrous-endurance', 'Monstrous Endurance', 'CON'),
      oversized('Ogre'),
    ],
    ref: `${PAL_REF}: Ogre`,
  },
  {
    id: 'kobold',
    label: 'Kobold',
    setting: 'palladium',
    roll: { min: 29, max: 31 },
    primeStat: { kind: 'fixed', stat: 'CON' },
    psionics: 'possible',
    nightvision: { rangeFeet: 90 },
    abilities: [naturalWeapons('Kobold', -1)],
    ref: `${PAL_REF}: Kobold`,
  },
  {
    id: 'gnome',
    label: 'Gnome',
    setting: 'palladium',
    roll: { min: 32, max: 33 },
    primeStat: { kind: 'fixed', stat: 'CHA' },
    psionics: 'never',
    nightvision: { rangeFeet: 90 },
    abilities: [],
    ref: `${PAL_REF}: Gnome`,
  },
  {
    id: 'troglodyte',
    label: 'Troglodyte',
    setting: 'palladium',
    roll: { min: 34, max: 35 },
    primeStat: { kind: 'fixed', stat: 'DEX' },
    psionics: 'never',
    nightvision: { rangeFeet: 120 },
    abilities: [naturalWeapons('Troglodyte', 0)],
    ref: `${PAL_REF}: Troglodyte`,
  },
  {
    id: 'troll',
    label: 'Troll',
    setting: 'palladium',
    roll: { min: 36, max: 36 },
    primeStat: { kind: 'fixed', stat: 'STR' },
    psionics: 'never',
    nightvision: { rangeFeet: 60 },
    abilities: [
      naturalWeapons('Troll', 1),
      monstrous('Troll', 'monstrous-strength', 'Monstrous Strength', 'STR'),
      oversized('Troll'),
    ],
    ref: `${PAL_REF}: Troll`,
  },
] as const satisfies readonly PalladiumStock[];

/** The Palladium 1e attributes (STATS, Converting Stats from Palladium). */
export type PalladiumAttribute = 'IQ' | 'ME' | 'MA' | 'PS' | 'PP' | 'PE' | 'PB' | 'SPD';

/**
 * Where a converted stat comes from: one Palladium attribute, the average of two (rounded up, BASIC
 * CONCEPTS: "Round up all fractions"), or the Smith's judgement of the character's background.
 * @example { kind: 'average', attributes: ['MA', 'PB'], rounding: 'up' }
 */
export type PalladiumStatSource =
  | { readonly kind: 'attribute'; readonly attribute: PalladiumAttribute }
  | { readonly kind: 'average'; readonly attributes: readonly [PalladiumAttribute, PalladiumAttribute]; readonly rounding: 'up' }
  | { readonly kind: 'smith-judgement'; readonly basis: 'original-rolled-background' };

/** One line of the stat conversion: a HAMMERCRAWL! stat and its Palladium source. */
export interface PalladiumStatConversion {
  readonly id: string;
  readonly label: string;
  readonly stat: StatId;
  readonly source: PalladiumStatSource;
  readonly ref: string;
}

const CONVERT_REF = 'HAMMERCRAWL! v4, STATS (Converting Stats from Palladium)';

/**
 * Each HAMMERCRAWL! stat from its Palladium 1e attribute(s), in the text's order; the result then goes
 * through `PALLADIUM_SCORE_BANDS`.
 * @example PALLADIUM_STAT_SOURCES[0] // { stat: 'CHA', source: { kind: 'average', attributes: ['MA', 'PB'], rounding: 'up' }, ... }
 */
export const PALLADIUM_STAT_SOURCES = [
  { id: 'cha', label: 'CHA from MA and PB', stat: 'CHA', source: { kind: 'average', attributes: ['MA', 'PB'], rounding: 'up' }, ref: CONVERT_REF },
  { id: 'dex', label: 'DEX from PP and SPD', stat: 'DEX', source: { kind: 'average', attributes: ['PP', 'SPD'], rounding: 'up' }, ref: CONVERT_REF },
  { id: 'str', label: 'STR from PS', stat: 'STR', source: { kind: 'attribute', attribute: 'PS' }, ref: CONVERT_REF },
  { id: 'con', label: 'CON from PE', stat: 'CON', source: { kind: 'attribute', attribute: 'PE' }, ref: CONVERT_REF },
  { id: 'int', label: 'INT from IQ', stat: 'INT', source: { kind: 'attribute', attribute: 'IQ' }, ref: CONVERT_REF },
  { id: 'wil', label: 'WIL from ME', stat: 'WIL', source: { kind: 'attribute', attribute: 'ME' }, ref: CONVERT_REF },
  { id: 'soc', label: 'SOC by the Smith', stat: 'SOC', source: { kind: 'smith-judgement', basis: 'original-rolled-background' }, ref: CONVERT_REF },
] as const satisfies readonly PalladiumStatConversion[];

/** A range of converted values; `max: null` is open-ended ("31+"). */
export interface OpenRange {
  readonly min: number;
  readonly max: number | null;
}

/** One band of the conversion guide: converted values in `from` keep their value, or become `score`. */
export interface PalladiumScoreBand {
  readonly id: string;
  readonly label: string;
  readonly from: OpenRange;
  /** The HAMMERCRAWL! score, or `null` to leave the value as it is. */
  readonly score: number | null;
  readonly ref: string;
}

/**
 * The conversion guide applied after `PALLADIUM_STAT_SOURCES`: 1-12 unchanged, then bands of two up to
 * 22, 23-30 to 18, 31 and more to 19.
 * @example PALLADIUM_SCORE_BANDS[3] // { from: { min: 17, max: 18 }, score: 15, ... }
 */
export const PALLADIUM_SCORE_BANDS = [
  { id: 'converted-1-12', label: '1-12: unchanged', from: { min: 1, max: 12 }, score: null, ref: CONVERT_REF },
  { id: 'converted-13-14', label: '13-14: 13', from: { min: 13, max: 14 }, score: 13, ref: CONVERT_REF },
  { id: 'converted-15-16', label: '15-16: 14', from: { min: 15, max: 16 }, score: 14, ref: CONVERT_REF },
  { id: 'converted-17-18', label: '17-18: 15', from: { min: 17, max: 18 }, score: 15, ref: CONVERT_REF },
  { id: 'converted-19-20', label: '19-20: 16', from: { min: 19, max: 20 }, score: 16, ref: CONVERT_REF },
  { id: 'converted-21-22', label: '21-22: 17', from: { min: 21, max: 22 }, score: 17, ref: CONVERT_REF },
  { id: 'converted-23-30', label: '23-30: 18', from: { min: 23, max: 30 }, score: 18, ref: CONVERT_REF },
  { id: 'converted-31-plus', label: '31+: 19', from: { min: 31, max: null }, score: 19, ref: CONVERT_REF },
] as const satisfies readonly PalladiumScoreBand[];
