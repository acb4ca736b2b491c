/**
 * The skills list: the d100 Palladium/Non-Silly Skills List, each skill with its stat and whether it
 * needs a specialization. Rules: HAMMERCRAWL! v4, SKILLS.
 */
import type { StatId } from '../check-modifiers.js';
import type { RollRange } from './stocks.js';

/**
 * The stat a skill is tested against (SKILLS, the "(Stat)" column): one stat, either of two ("STR or
 * CHA"), or "Varies" (set by the chosen medium or kind).
 * @example { kind: 'either', stats: ['STR', 'CHA'] }
 */
export type SkillStat =
  | { readonly kind: 'stat'; readonly stat: StatId }
  | { readonly kind: 'either'; readonly stats: readonly StatId[] }
  | { readonly kind: 'varies' };

/**
 * What a skill's name asks the player to choose (SKILLS: "Choice of Medium", "Choice", "Choice of
 * Culture", "Choose Animal"); `kind` is the bare "(Choice)" of Crafting and Performance.
 */
export type SkillChoice = 'medium' | 'kind' | 'culture' | 'animal';

/** The two skill lists named by CHARACTER CREATION; only the non-silly one is printed (see rulings). */
export type SkillListId = 'non-silly' | 'silly';

/** A skill list: its name, its roll die, and whether the text prints it. */
export interface SkillList {
  readonly id: SkillListId;
  readonly label: string;
  /** Side count of the die the list is rolled on; `null` where the list is not printed. */
  readonly die: number | null;
  readonly isPrinted: boolean;
  readonly ref: string;
}

/** One row of a skills list: the roll that picks it, its stat, and the specialization flag as printed. */
export interface Skill {
  readonly id: string;
  readonly label: string;
  readonly roll: RollRange;
  readonly stat: SkillStat;
  /** The "Requires Specialization" column ("Yes" or blank), as printed. */
  readonly requiresSpecialization: boolean;
  /** A choice named in the skill's own name (Etiquette's culture, Riding's animal); `null` when none. */
  readonly choiceOf: SkillChoice | null;
  readonly list: SkillListId;
  readonly ref: string;
}

/** Die of the skills list (a d100). */
export const SKILL_TABLE_DIE = 100;

const SKILLS_REF = 'HAMMERCRAWL! v4, SKILLS (Palladium/Non-Silly Skills List)';

/**
 * The skill lists named by CHARACTER CREATION (Option B: "Choose from either the SILLY or NON-SILLY
 * list"; Option P: "Choose from the NON-SILLY list"). The silly list is not printed.
 * @example SKILL_LISTS[0] // { id: 'non-silly', die: 100, isPrinted: true, ... }
 */
export const SKILL_LISTS = [
  { id: 'non-silly', label: 'Palladium/Non-Silly Skills List', die: SKILL_TABLE_DIE, isPrinted: true, ref: SKILLS_REF },
  { id: 'silly', label: 'Silly Skills List', die: null, isPrinted: false, ref: 'HAMMERCRAWL! v4, CHARACTER CREATION (Option B)' },
] as const satisfies readonly SkillList[];

/**
 * The Palladium/Non-Silly Skills List, rolled on a d100, one skill per face (SKILLS). Labels keep the
 * text's "Family, Speciality" form; a choice in the name moves to `choiceOf`.
 * @example SKILLS[82] // { id: 'persuasion-intimidation', roll: { min: 83, max: 83 }, stat: { kind: 'either', stats: ['STR', 'CHA'] }, ... }
 */
export const SKILLS = [
  { id: 'animal-handling', label: 'Animal Handling', roll: { min: 1, max: 1 }, stat: { kind: 'stat', stat: 'INT' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'animal-training', label: 'Animal Training', roll: { min: 2, max: 2 }, stat: { kind: 'stat', stat: 'INT' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'art', label: 'Art', roll: { min: 3, max: 3 }, stat: { kind: 'varies' }, requiresSpecialization: true, choiceOf: 'medium', list: 'non-silly', ref: SKILLS_REF },
  { id: 'athletics-climbing', label: 'Athletics, Climbing', roll: { min: 4, max: 4 }, stat: { kind: 'stat', stat: 'STR' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'athletics-forced-marching', label: 'Athletics, Forced Marching', roll: { min: 5, max: 5 }, stat: { kind: 'stat', stat: 'CON' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'athletics-jumping', label: 'Athletics, Jumping', roll: { min: 6, max: 6 }, stat: { kind: 'stat', stat: 'STR' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'athletics-swimming', label: 'Athletics, Swimming', roll: { min: 7, max: 7 }, stat: { kind: 'stat', stat: 'STR' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'athletics-tumbling', label: 'Athletics, Tumbling', roll: { min: 8, max: 8 }, stat: { kind: 'stat', stat: 'DEX' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'athletics-running', label: 'Athletics, Running', roll: { min: 9, max: 9 }, stat: { kind: 'stat', stat: 'CON' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'crafting', label: 'Crafting', roll: { min: 10, max: 10 }, stat: { kind: 'varies' }, requiresSpecialization: true, choiceOf: 'kind', list: 'non-silly', ref: SKILLS_REF },
  { id: 'crafting-armourer', label: 'Crafting, Armourer', roll: { min: 11, max: 11 }, stat: { kind: 'stat', stat: 'STR' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'crafting-blacksmith', label: 'Crafting, Blacksmith', roll: { min: 12, max: 12 }, stat: { kind: 'stat', stat: 'STR' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'crafting-boats', label: 'Crafting, Boats', roll: { min: 13, max: 13 }, stat: { kind: 'stat', stat: 'INT' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'crafting-bowyer', label: 'Crafting, Bowyer', roll: { min: 14, max: 14 }, stat: { kind: 'stat', stat: 'DEX' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'crafting-brewer', label: 'Crafting, Brewer', roll: { min: 15, max: 15 }, stat: { kind: 'stat', stat: 'INT' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'crafting-carpenter', label: 'Crafting, Carpenter', roll: { min: 16, max: 16 }, stat: { kind: 'stat', stat: 'STR' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'crafting-cobbler', label: 'Crafting, Cobbler', roll: { min: 17, max: 17 }, stat: { kind: 'stat', stat: 'DEX' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'crafting-cooking', label: 'Crafting, Cooking', roll: { min: 18, max: 18 }, stat: { kind: 'stat', stat: 'WIL' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'crafting-gem-cutting', label: 'Crafting, Gem-Cutting', roll: { min: 19, max: 19 }, stat: { kind: 'stat', stat: 'DEX' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'crafting-leatherworker', label: 'Crafting, Leatherworker', roll: { min: 20, max: 20 }, stat: { kind: 'stat', stat: 'DEX' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'crafting-poisoner', label: 'Crafting, Poisoner', roll: { min: 21, max: 21 }, stat: { kind: 'stat', stat: 'INT' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'crafting-potter', label: 'Crafting, Potter', roll: { min: 22, max: 22 }, stat: { kind: 'stat', stat: 'DEX' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'crafting-shipwright', label: 'Crafting, Shipwright', roll: { min: 23, max: 23 }, stat: { kind: 'stat', stat: 'INT' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'crafting-stonemason', label: 'Crafting, Stonemason', roll: { min: 24, max: 24 }, stat: { kind: 'stat', stat: 'STR' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'crafting-tailor', label: 'Crafting, Tailor', roll: { min: 25, max: 25 }, stat: { kind: 'stat', stat: 'DEX' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'crafting-tanner', label: 'Crafting, Tanner', roll: { min: 26, max: 26 }, stat: { kind: 'stat', stat: 'CON' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'crafting-weapons', label: 'Crafting, Weapons', roll: { min: 27, max: 27 }, stat: { kind: 'stat', stat: 'STR' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'crafting-weaver', label: 'Crafting, Weaver', roll: { min: 28, max: 28 }, stat: { kind: 'stat', stat: 'DEX' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'cryptography', label: 'Cryptography', roll: { min: 29, max: 29 }, stat: { kind: 'stat', stat: 'INT' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'engineering-magickal', label: 'Engineering, Magickal', roll: { min: 30, max: 30 }, stat: { kind: 'stat', stat: 'INT' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'engineering-mechanical', label: 'Engineering, Mechanical', roll: { min: 31, max: 31 }, stat: { kind: 'stat', stat: 'INT' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'escape-artist', label: 'Escape Artist', roll: { min: 32, max: 32 }, stat: { kind: 'stat', stat: 'DEX' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'etiquette', label: 'Etiquette', roll: { min: 33, max: 33 }, stat: { kind: 'stat', stat: 'CHA' }, requiresSpecialization: false, choiceOf: 'culture', list: 'non-silly', ref: SKILLS_REF },
  { id: 'falconry', label: 'Falconry', roll: { min: 34, max: 34 }, stat: { kind: 'stat', stat: 'WIL' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'fire-building', label: 'Fire-building', roll: { min: 35, max: 35 }, stat: { kind: 'stat', stat: 'DEX' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'fishing', label: 'Fishing', roll: { min: 36, max: 36 }, stat: { kind: 'stat', stat: 'WIL' }, requiresSpecialization: true, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'food-tasting', label: 'Food Tasting', roll: { min: 37, max: 37 }, stat: { kind: 'stat', stat: 'CON' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'forgery', label: 'Forgery', roll: { min: 38, max: 38 }, stat: { kind: 'stat', stat: 'DEX' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'gambling', label: 'Gambling', roll: { min: 39, max: 39 }, stat: { kind: 'stat', stat: 'CHA' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'gaming', label: 'Gaming', roll: { min: 40, max: 40 }, stat: { kind: 'stat', stat: 'INT' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'healing', label: 'Healing', roll: { min: 41, max: 41 }, stat: { kind: 'stat', stat: 'INT' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'hunting', label: 'Hunting', roll: { min: 42, max: 42 }, stat: { kind: 'stat', stat: 'WIL' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'language-lip-reading', label: 'Language, Lip Reading', roll: { min: 43, max: 43 }, stat: { kind: 'stat', stat: 'WIL' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'language-literacy', label: 'Language, Literacy', roll: { min: 44, max: 44 }, stat: { kind: 'stat', stat: 'INT' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'language-sign', label: 'Language, Sign', roll: { min: 45, max: 45 }, stat: { kind: 'stat', stat: 'DEX' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'language-spoken', label: 'Language, Spoken', roll: { min: 46, max: 46 }, stat: { kind: 'stat', stat: 'INT' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'lore-agricultural', label: 'Lore, Agricultural', roll: { min: 47, max: 47 }, stat: { kind: 'stat', stat: 'INT' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'lore-animal', label: 'Lore, Animal', roll: { min: 48, max: 48 }, stat: { kind: 'stat', stat: 'INT' }, requiresSpecialization: true, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'lore-artistic', label: 'Lore, Artistic', roll: { min: 49, max: 49 }, stat: { kind: 'stat', stat: 'INT' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'lore-astrology', label: 'Lore, Astrology', roll: { min: 50, max: 50 }, stat: { kind: 'stat', stat: 'INT' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'lore-astronomical', label: 'Lore, Astronomical', roll: { min: 51, max: 51 }, stat: { kind: 'stat', stat: 'INT' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'lore-criminal', label: 'Lore, Criminal', roll: { min: 52, max: 52 }, stat: { kind: 'stat', stat: 'INT' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'lore-demonic', label: 'Lore, Demonic', roll: { min: 53, max: 53 }, stat: { kind: 'stat', stat: 'INT' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'lore-dungeoneering', label: 'Lore, Dungeoneering', roll: { min: 54, max: 54 }, stat: { kind: 'stat', stat: 'INT' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'lore-faerie', label: 'Lore, Faerie', roll: { min: 55, max: 55 }, stat: { kind: 'stat', stat: 'INT' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'lore-geographical', label: 'Lore, Geographical', roll: { min: 56, max: 56 }, stat: { kind: 'stat', stat: 'INT' }, requiresSpecialization: true, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'lore-heraldry', label: 'Lore, Heraldry', roll: { min: 57, max: 57 }, stat: { kind: 'stat', stat: 'INT' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'lore-legal', label: 'Lore, Legal', roll: { min: 58, max: 58 }, stat: { kind: 'stat', stat: 'INT' }, requiresSpecialization: true, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'lore-magickal', label: 'Lore, Magickal', roll: { min: 59, max: 59 }, stat: { kind: 'stat', stat: 'INT' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'lore-mineral', label: 'Lore, Mineral', roll: { min: 60, max: 60 }, stat: { kind: 'stat', stat: 'INT' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'lore-monster', label: 'Lore, Monster', roll: { min: 61, max: 61 }, stat: { kind: 'stat', stat: 'INT' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'lore-nautical', label: 'Lore, Nautical', roll: { min: 62, max: 62 }, stat: { kind: 'stat', stat: 'INT' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'lore-plant', label: 'Lore, Plant', roll: { min: 63, max: 63 }, stat: { kind: 'stat', stat: 'INT' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'lore-professional', label: 'Lore, Professional', roll: { min: 64, max: 64 }, stat: { kind: 'stat', stat: 'INT' }, requiresSpecialization: true, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'lore-racial', label: 'Lore, Racial', roll: { min: 65, max: 65 }, stat: { kind: 'stat', stat: 'INT' }, requiresSpecialization: true, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'lore-regional', label: 'Lore, Regional', roll: { min: 66, max: 66 }, stat: { kind: 'stat', stat: 'INT' }, requiresSpecialization: true, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'lore-religious', label: 'Lore, Religious', roll: { min: 67, max: 67 }, stat: { kind: 'stat', stat: 'INT' }, requiresSpecialization: true, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'lore-scientific', label: 'Lore, Scientific', roll: { min: 68, max: 68 }, stat: { kind: 'stat', stat: 'INT' }, requiresSpecialization: true, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'mathematics-advanced', label: 'Mathematics, Advanced', roll: { min: 69, max: 69 }, stat: { kind: 'stat', stat: 'INT' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'mathematics-appraising', label: 'Mathematics, Appraising', roll: { min: 70, max: 70 }, stat: { kind: 'stat', stat: 'INT' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'mining', label: 'Mining', roll: { min: 71, max: 71 }, stat: { kind: 'stat', stat: 'INT' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'mountaineering', label: 'Mountaineering', roll: { min: 72, max: 72 }, stat: { kind: 'stat', stat: 'WIL' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'navigation-land', label: 'Navigation, Land', roll: { min: 73, max: 73 }, stat: { kind: 'stat', stat: 'WIL' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'navigation-sea', label: 'Navigation, Sea', roll: { min: 74, max: 74 }, stat: { kind: 'stat', stat: 'WIL' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'performance', label: 'Performance', roll: { min: 75, max: 75 }, stat: { kind: 'varies' }, requiresSpecialization: true, choiceOf: 'kind', list: 'non-silly', ref: SKILLS_REF },
  { id: 'performance-juggling', label: 'Performance, Juggling', roll: { min: 76, max: 76 }, stat: { kind: 'stat', stat: 'DEX' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'performance-oratory', label: 'Performance, Oratory', roll: { min: 77, max: 77 }, stat: { kind: 'stat', stat: 'CHA' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'persuasion-acting-impersonation', label: 'Persuasion, Acting/Impersonation', roll: { min: 78, max: 78 }, stat: { kind: 'stat', stat: 'CHA' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'persuasion-bartering', label: 'Persuasion, Bartering', roll: { min: 79, max: 79 }, stat: { kind: 'stat', stat: 'CHA' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'persuasion-bluffing', label: 'Persuasion, Bluffing', roll: { min: 80, max: 80 }, stat: { kind: 'stat', stat: 'CHA' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'persuasion-diplomacy', label: 'Persuasion, Diplomacy', roll: { min: 81, max: 81 }, stat: { kind: 'stat', stat: 'CHA' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'persuasion-disguise', label: 'Persuasion, Disguise', roll: { min: 82, max: 82 }, stat: { kind: 'stat', stat: 'WIL' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'persuasion-intimidation', label: 'Persuasion, Intimidation', roll: { min: 83, max: 83 }, stat: { kind: 'either', stats: ['STR', 'CHA'] }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'persuasion-sense-motive', label: 'Persuasion, Sense Motive', roll: { min: 84, max: 84 }, stat: { kind: 'stat', stat: 'WIL' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'pick-locks', label: 'Pick Locks', roll: { min: 85, max: 85 }, stat: { kind: 'stat', stat: 'DEX' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'pick-pockets', label: 'Pick Pockets', roll: { min: 86, max: 86 }, stat: { kind: 'stat', stat: 'DEX' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'poison-using', label: 'Poison-Using', roll: { min: 87, max: 87 }, stat: { kind: 'stat', stat: 'DEX' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'preserve-food', label: 'Preserve Food', roll: { min: 88, max: 88 }, stat: { kind: 'stat', stat: 'INT' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'riding', label: 'Riding', roll: { min: 89, max: 89 }, stat: { kind: 'stat', stat: 'DEX' }, requiresSpecialization: false, choiceOf: 'animal', list: 'non-silly', ref: SKILLS_REF },
  { id: 'rope-use', label: 'Rope Use', roll: { min: 90, max: 90 }, stat: { kind: 'stat', stat: 'DEX' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'seamanship', label: 'Seamanship', roll: { min: 91, max: 91 }, stat: { kind: 'stat', stat: 'WIL' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'sleight-of-hand', label: 'Sleight of Hand', roll: { min: 92, max: 92 }, stat: { kind: 'stat', stat: 'DEX' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'sporting', label: 'Sporting', roll: { min: 93, max: 93 }, stat: { kind: 'varies' }, requiresSpecialization: true, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'stealth', label: 'Stealth', roll: { min: 94, max: 94 }, stat: { kind: 'stat', stat: 'DEX' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'survival', label: 'Survival', roll: { min: 95, max: 95 }, stat: { kind: 'stat', stat: 'WIL' }, requiresSpecialization: true, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'tracking', label: 'Tracking', roll: { min: 96, max: 96 }, stat: { kind: 'stat', stat: 'WIL' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'trap-animals', label: 'Trap Animals', roll: { min: 97, max: 97 }, stat: { kind: 'stat', stat: 'DEX' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'trap-people', label: 'Trap People', roll: { min: 98, max: 98 }, stat: { kind: 'stat', stat: 'INT' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'ventriloquism', label: 'Ventriloquism', roll: { min: 99, max: 99 }, stat: { kind: 'stat', stat: 'CHA' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
  { id: 'weather-sense', label: 'Weather Sense', roll: { min: 100, max: 100 }, stat: { kind: 'stat', stat: 'WIL' }, requiresSpecialization: false, choiceOf: null, list: 'non-silly', ref: SKILLS_REF },
] as const satisfies readonly Skill[];

/** A skill's id. */
export type SkillId = (typeof SKILLS)[number]['id'];

/**
 * The skill a d100 roll picks on the non-silly list, or `undefined` for a face off the die.
 * @example skillForRoll(83)?.id // 'persuasion-intimidation'
 */
export function skillForRoll(face: number): Skill | undefined {
  return SKILLS.find((s) => face >= s.roll.min && face <= s.roll.max);
}
