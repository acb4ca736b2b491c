/**
 * The four races: Hit Die, favoured attributes (bonus advancement dice), and their abilities; the
 * great houses humans swear to. Rules: The Bare Bones, Nobody Likes Adventurers (Dwarves, the elf and
 * halfling blocks, Humans); rulings BB-5 (headings lost), BB-26 (bonus dice).
 */
import type { AttributeId } from '../attributes.js';
import { refClass } from '../refs.js';

/** A race id. */
export type RaceId = 'dwarf' | 'elf' | 'halfling' | 'human';

/** The race ids, in the text's order. */
export const RACE_IDS = ['dwarf', 'elf', 'halfling', 'human'] as const satisfies readonly RaceId[];

/** A race ability, in the project's words. */
export interface RaceAbility {
  readonly id: string;
  readonly label: string;
  readonly description: string;
}

/** A race. */
export interface Race {
  readonly id: RaceId;
  readonly label: string;
  /** Sides of the Hit Die: Blood at level 1, Sweat per level, healing rolls. */
  readonly hitDie: number;
  /** The two attributes with a bonus advancement die; empty for humans (any one test). */
  readonly favoredAttributes: readonly AttributeId[];
  /** `fixed-two`: +1d4 on the two favoured attributes' tests; `any-one`: +1d4 on one test of the player's choice. */
  readonly advancementBonus: 'fixed-two' | 'any-one';
  /** Added to CON when working out carrying capacity (dwarves +5). */
  readonly carryConBonus: number;
  /** Highest natural d20 face that is a critical success (halflings 2). */
  readonly critMax: number;
  /** Added to Armor Class (halflings +3). */
  readonly armourClassBonus: number;
  /** Largest weapon weight usable, and the weight that takes two hands (halflings: medium in two hands, no heavy). */
  readonly heaviestWeapon: 'medium' | 'heavy';
  readonly twoHandedWeight: 'medium' | null;
  readonly abilities: readonly RaceAbility[];
  readonly ref: string;
}

/**
 * The races. Elves (d8) and halflings (d6) lost their headings in the text (ruling BB-5).
 * @example RACES.find((r) => r.id === 'halfling')?.critMax // 2
 */
export const RACES = [
  {
    id: 'dwarf', label: 'Dwarf', hitDie: 12, favoredAttributes: ['str', 'con'], advancementBonus: 'fixed-two', carryConBonus: 5, critMax: 1,
    armourClassBonus: 0, heaviestWeapon: 'heavy', twoHandedWeight: null, ref: refClass('Dwarves'),
    abilities: [
      { id: 'goldnose', label: 'Goldnose', description: 'Sniffs out which way the most gold lies, and whether a room holds golden treasure at all.' },
      { id: 'handy-if-not-handsome', label: 'Handy if Not Handsome', description: 'Works through the night in place of sleep; at camp mends every notch on one item, though destroyed gear stays lost.' },
      { id: 'sturdy', label: 'Sturdy', description: 'Counts CON as 5 higher for carrying.' },
    ],
  },
  {
    id: 'elf', label: 'Elf', hitDie: 8, favoredAttributes: ['dex', 'int'], advancementBonus: 'fixed-two', carryConBonus: 0, critMax: 1,
    armourClassBonus: 0, heaviestWeapon: 'heavy', twoHandedWeight: null, ref: refClass('elves (heading lost)'),
    abilities: [
      { id: 'ancient-lore', label: 'Ancient Lore', description: 'Night-time trance instead of sleep; one question to the GM about the elves\' shared memory.' },
      { id: 'star-eyes', label: 'Star Eyes', description: 'Sees by starlight as by day, so long as the sky is visible.' },
      { id: 'tongue-of-beasts-and-birds', label: 'Tongue of Beasts and Birds', description: 'An INT check on meeting a new natural animal tells whether its speech was learnt.' },
    ],
  },
  {
    id: 'halfling', label: 'Halfling', hitDie: 6, favoredAttributes: ['wis', 'cha'], advancementBonus: 'fixed-two', carryConBonus: 0, critMax: 2,
    armourClassBonus: 3, heaviestWeapon: 'medium', twoHandedWeight: 'medium', ref: refClass('halflings (heading lost)'),
    abilities: [
      { id: 'lightfoot', label: 'Lightfoot', description: 'Moving with care is silent, no DEX test needed.' },
      { id: 'lucky-in-a-pinch', label: 'Lucky in a Pinch', description: 'Natural 1 or 2 is a critical success; once a day, reroll one d20 of yours or a friend\'s.' },
      { id: 'second-breakfast', label: 'Second Breakfast', description: 'Any number of rations at a short rest, each healing a Hit Die roll.' },
      { id: 'sharp-eared', label: 'Sharp Eared', description: 'Advantage on surprise tests.' },
      { id: 'small-fellows', label: 'Small Fellows', description: 'No heavy weapons, medium ones need both hands; +3 Armor Class.' },
    ],
  },
  {
    id: 'human', label: 'Human', hitDie: 10, favoredAttributes: [], advancementBonus: 'any-one', carryConBonus: 0, critMax: 1,
    armourClassBonus: 0, heaviestWeapon: 'heavy', twoHandedWeight: null, ref: refClass('Humans'),
    abilities: [
      { id: 'favored-attribute-any', label: 'Favored Attribute: Any', description: 'One advancement test per level up gains a bonus d4, on any attribute.' },
      { id: 'scions-of-an-ancient-house', label: 'Scions of an Ancient House', description: 'Advantage when the house motto fits the deed at hand.' },
    ],
  },
] as const satisfies readonly Race[];

/** A great house id. */
export type HouseId = 'ironpax' | 'crowell' | 'svenicus' | 'heartsbane' | 'virginia';

/** A great house and its words. */
export interface House {
  readonly id: HouseId;
  readonly label: string;
  readonly motto: string;
  readonly ref: string;
}

/**
 * The sample great houses humans swear fealty to.
 * @example HOUSES[0].motto // 'Peace Through Strength'
 */
export const HOUSES = [
  { id: 'ironpax', label: 'House Ironpax', motto: 'Peace Through Strength', ref: refClass('Humans') },
  { id: 'crowell', label: 'House Crowell', motto: 'I Shall Do as I Wilt', ref: refClass('Humans') },
  { id: 'svenicus', label: 'House Svenicus', motto: 'Always Loyal', ref: refClass('Humans') },
  { id: 'heartsbane', label: 'House Heartsbane', motto: 'Eat the Weak', ref: refClass('Humans') },
  { id: 'virginia', label: 'House Virginia', motto: 'Thus Always to Tyrants', ref: refClass('Humans') },
] as const satisfies readonly House[];

/** The race row by id. */
export function race(id: RaceId): Race {
  return RACES.find((r) => r.id === id)!;
}

/** True when `id` is a race id. */
export function isRaceId(id: string): id is RaceId {
  return (RACE_IDS as readonly string[]).includes(id);
}
