/**
 * The four classes: their point pool, skills, maneuver die and features. Rules: The Bare Bones,
 * Nobody Likes Adventurers (Clerics, Fighters, Specialists, Sorcerers); rulings BB-6, BB-7.
 */
import { refClass } from '../refs.js';

/** A class id. */
export type ClassId = 'cleric' | 'fighter' | 'specialist' | 'sorcerer';

/** The class ids, in the text's order. */
export const CLASS_IDS = ['cleric', 'fighter', 'specialist', 'sorcerer'] as const satisfies readonly ClassId[];

/** A class feature, in the project's words. */
export interface ClassFeature {
  readonly id: string;
  readonly label: string;
  readonly description: string;
}

/** A class. */
export interface BareBonesClass {
  readonly id: ClassId;
  readonly label: string;
  /** The class's pool: faith, tactic, luck points, or mana; it holds as many points as the level. */
  readonly pool: { readonly id: 'faith' | 'tactic' | 'luck' | 'mana'; readonly label: string };
  /** What earns the GM's extra 1-2 points (none for sorcerers). */
  readonly bonusPointsFor: string | null;
  /** Skills at level 1. */
  readonly startingSkills: number;
  /** Highest bonus one skill may reach. */
  readonly maxSkillBonus: number;
  /** Training points gained per level after the first (specialists 1). */
  readonly trainingPerLevel: number;
  /** Sides of the maneuver die (fighters d6, everyone else d4). */
  readonly maneuverDie: number;
  readonly features: readonly ClassFeature[];
  readonly ref: string;
}

/**
 * The classes.
 * @example CLASSES.find((c) => c.id === 'fighter')?.maneuverDie // 6
 */
export const CLASSES = [
  {
    id: 'cleric', label: 'Cleric', pool: { id: 'faith', label: 'Faith points' }, bonusPointsFor: 'keeping faithfully to the cult\'s tenets',
    startingSkills: 2, maxSkillBonus: 2, trainingPerLevel: 0, maneuverDie: 4, ref: refClass('Clerics'),
    features: [
      { id: 'commandments', label: 'Commandments', description: 'A cult with its own commandments, a favoured foe and ten miracles.' },
      { id: 'divine-aid', label: 'Divine Aid', description: 'One faith point and a d6: 4 or more works one of the god\'s miracles; otherwise the point is lost.' },
      { id: 'lay-on-hands', label: 'Lay on Hands', description: 'One faith point: the patient rolls their Hit Die and heals that much, Blood first.' },
      { id: 'smite', label: 'Smite', description: 'One faith point with a scolding blow: +1d6 damage, +2d6 against the cult\'s favoured foe.' },
    ],
  },
  {
    id: 'fighter', label: 'Fighter', pool: { id: 'tactic', label: 'Tactic points' }, bonusPointsFor: 'beating a worthy opponent',
    startingSkills: 2, maxSkillBonus: 2, trainingPerLevel: 0, maneuverDie: 6, ref: refClass('Fighters'),
    features: [
      { id: 'tactics', label: 'Tactics', description: 'A tactic point buys a free maneuver besides the turn; maneuver dice are d6.' },
      { id: 'favored-foe', label: 'Favored Foe', description: 'From level 2, each level names a notable monster beaten; damage dice step up against its kind.' },
    ],
  },
  {
    id: 'specialist', label: 'Specialist', pool: { id: 'luck', label: 'Luck points' }, bonusPointsFor: 'winning ancient or precious treasure',
    startingSkills: 4, maxSkillBonus: 4, trainingPerLevel: 1, maneuverDie: 4, ref: refClass('Specialists'),
    features: [
      { id: 'fortunes-favor', label: 'Fortune\'s Favor', description: 'A luck point gives a saving throw advantage.' },
      { id: 'highly-skilled', label: 'Highly Skilled', description: 'Four skills to begin; each level one training point for a new skill or +1 to one, up to +4.' },
    ],
  },
  {
    id: 'sorcerer', label: 'Sorcerer', pool: { id: 'mana', label: 'Mana' }, bonusPointsFor: null,
    startingSkills: 2, maxSkillBonus: 2, trainingPerLevel: 0, maneuverDie: 4, ref: refClass('Sorcerers'),
    features: [
      { id: 'mana', label: 'Mana', description: 'Casts safely as many times a day as the level; past that, an INT check with disadvantage or catastrophe.' },
      { id: 'free-hands', label: 'Free hands', description: 'No casting while encumbered or with anything in hand.' },
      { id: 'spell-acquisition', label: 'Spell Acquisition', description: 'Three random spells to start; a new spell needs an INT check, and a failure bars it for good.' },
      { id: 'concentration', label: 'Concentration', description: 'One spell held at a time on a d8 concentration die (d10 for the school\'s spells), rolled when mana fluctuates.' },
      { id: 'counterspell', label: 'Counterspell', description: 'One mana shields as many people as the level from a spell, before its damage or saves.' },
    ],
  },
] as const satisfies readonly BareBonesClass[];

/** Extra points the GM may grant at once: 1 to 2 (each class block). */
export const GM_BONUS_POINTS = { min: 1, max: 2 } as const;

/** Divine Aid's d6 succeeds on these faces (4, 5 or 6). */
export const DIVINE_AID_SUCCESS = { min: 4, max: 6 } as const;

/** Extra d6s of Smite: one, and one more against a favoured foe of the cult. */
export const SMITE_DICE = { base: 1, favoredFoe: 1, sides: 6 } as const;

/** Concentration die of a sorcerer: d8, or d10 for a school sorcerer's spells of the school. */
export const CONCENTRATION_DIE = { generalist: 8, school: 10 } as const;

/** Spells a sorcerer starts with (rolled from the Wonder & Wickedness lists; ruling BB-7). */
export const STARTING_SPELLS = 3;

/** Level from which a fighter names favoured foes, one per level (Favored Foe). */
export const FAVORED_FOE_FROM_LEVEL = 2;

/** The sorcerer's traditions. */
export const SORCERER_TRADITIONS = [
  { id: 'generalist', label: 'Generalist', description: 'Draws on every school; concentration die d8.', ref: refClass('Sorcerers') },
  { id: 'school', label: 'School sorcerer', description: 'One specialty school (d10 concentration, always learns its spells) and one school closed forever.', ref: refClass('Sorcerers') },
] as const satisfies readonly { readonly id: string; readonly label: string; readonly description: string; readonly ref: string }[];

/** A sorcerer tradition id. */
export type SorcererTraditionId = (typeof SORCERER_TRADITIONS)[number]['id'];

/** The class row by id. */
export function bareBonesClass(id: ClassId): BareBonesClass {
  return CLASSES.find((c) => c.id === id)!;
}

/** True when `id` is a class id. */
export function isClassId(id: string): id is ClassId {
  return (CLASS_IDS as readonly string[]).includes(id);
}
