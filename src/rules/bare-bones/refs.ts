/**
 * Section references of The Bare Bones text (`shared/rules/003_653991b710fb210d.txt`), one constant per
 * section heading, so that every table row and doc comment names the same place.
 */

/** The text this module implements. */
export const BARE_BONES_TEXT = 'The Bare Bones';

/** The opening rules: roll-under checks, skills, saves, let it ride, advantage, the step chain. */
export const REF_CHECKS = 'The Bare Bones (opening: checks, skills, saves, advantage, step chain)';
/** The watch and its dice (The Meat Grinder). */
export const REF_WATCH = 'The Bare Bones, The Meat Grinder';
/** Races and classes (Nobody Likes Adventurers). */
export const REF_CHARACTERS = 'The Bare Bones, Nobody Likes Adventurers';
/** A class block of Nobody Likes Adventurers. */
export const refClass = (name: string): string => `${REF_CHARACTERS} > ${name}`;
/** Combat (Live by the Sword) and one of its parts. */
export const refCombat = (part: string): string => `The Bare Bones, Live by the Sword > ${part}`;
/** Blood and Sweat (Die by the Sword). */
export const REF_BLOOD = 'The Bare Bones, Die by the Sword';
/** Shields splintered. */
export const REF_SHIELDS = 'The Bare Bones, Shields Shall Be Splintered';
/** Dying at 0 Blood. */
export const REF_DYING = 'The Bare Bones, Dying, Dying, Dead';
/** Rests and healing. */
export const REF_RESTS = 'The Bare Bones, Good for What Ails You';
/** Inventory and encumbrance. */
export const REF_ENCUMBRANCE = 'The Bare Bones, Dead Weight';
/** Usage dice. */
export const REF_USAGE = 'The Bare Bones, Dead Weight > Usage Dice';
/** Quests and XP (From Peasant to King). */
export const REF_XP = 'The Bare Bones, From Peasant to King';
/** Levelling up. */
export const REF_LEVEL_UP = 'The Bare Bones, From Peasant to King > Leveling Up';
/** Attribute advancement. */
export const REF_ADVANCEMENT = 'The Bare Bones, From Peasant to King > Attribute Advancement';
/** This project's rulings for the text. */
export const REF_RULINGS = 'docs/rulings.md';
