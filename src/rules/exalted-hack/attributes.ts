/**
 * The six attributes of The Exalted Hack and the numbers read from them: the roll-under target and its
 * limits, speed from DEX, carrying spaces from STR, language points from INT.
 * Rules: The Exalted Hack, "Resolving Actions and Attributes", "Attribute Limit", "+ or -".
 * Rulings: docs/rulings.md (EH-n).
 */
import type { AttributeDef } from '../rule-system.js';

/** The attribute ids, in the text's order (Resolving Actions and Attributes). */
export type AttributeId = 'str' | 'dex' | 'con' | 'int' | 'wis' | 'cha';

/** Every attribute id, STR first (Resolving Actions and Attributes). */
export const ATTRIBUTE_IDS = ['str', 'dex', 'con', 'int', 'wis', 'cha'] as const satisfies readonly AttributeId[];

const ATTR_REF = 'The Exalted Hack, Resolving Actions and Attributes';

/**
 * The six attributes with their labels (Resolving Actions and Attributes).
 * @example ATTRIBUTES[4] // { id: 'wis', label: 'Wisdom', short: 'WIS', ... }
 */
export const ATTRIBUTES = [
  { id: 'str', label: 'Strength', short: 'STR', ref: ATTR_REF },
  { id: 'dex', label: 'Dexterity', short: 'DEX', ref: ATTR_REF },
  { id: 'con', label: 'Constitution', short: 'CON', ref: ATTR_REF },
  { id: 'int', label: 'Intelligence', short: 'INT', ref: ATTR_REF },
  { id: 'wis', label: 'Wisdom', short: 'WIS', ref: ATTR_REF },
  { id: 'cha', label: 'Charisma', short: 'CHA', ref: ATTR_REF },
] as const satisfies readonly (AttributeDef & { readonly id: AttributeId; readonly short: string })[];

/** Highest attribute score ("All attributes may go up to 18 when upgraded", Attribute Limit). */
export const MAX_ATTRIBUTE_SCORE = 18;

/** Lowest score a living character keeps; 0 in any attribute loses the character (Damage and Dying; EH-12). */
export const MIN_LIVING_ATTRIBUTE_SCORE = 1;

/** Lowest target a roll is ever made against ("no attribute ... is rolled below 4", Attribute Limit; EH-2). */
export const MIN_ROLL_TARGET = 4;

/** Highest target: 18 and 19 always fail, so a face must be under 18 at best (Attribute Limit; EH-2). */
export const MAX_ROLL_TARGET = 18;

/** Largest + or - a check accepts (+ or -; a project limit: past 17 every target is already held at 4 or 18). */
export const MAX_TARGET_MODIFIER = 20;

/** Highest level; level 20 characters are epic (Powerful NPCs). */
export const MAX_LEVEL = 20;

/** The level at which a character is epic and is not halved against powerful NPCs (Powerful NPCs). */
export const EPIC_LEVEL = 20;

/** The label of an attribute id (Resolving Actions and Attributes). */
export function attributeLabel(id: AttributeId): string {
  return ATTRIBUTES.find((a) => a.id === id)!.label;
}

/** The short (upper-case) name of an attribute id, `STR` (Resolving Actions and Attributes). */
export function attributeShort(id: AttributeId): string {
  return ATTRIBUTES.find((a) => a.id === id)!.short;
}

/** True when `id` is one of the six attribute ids (Resolving Actions and Attributes). */
export function isAttributeId(id: string): id is AttributeId {
  return (ATTRIBUTE_IDS as readonly string[]).includes(id);
}

/** One row of the speed table: DEX range and speed in feet (Resolving Actions and Attributes, Dexterity). */
export interface SpeedBand {
  readonly id: string;
  readonly label: string;
  readonly dex: { readonly min: number; readonly max: number };
  readonly feet: number;
  readonly ref: string;
}

const SPEED_REF = 'The Exalted Hack, Resolving Actions and Attributes (Dexterity)';

/**
 * Base speed by DEX. The text starts at DEX 8; the first row (DEX 1-7, 20 feet) is ruling EH-9.
 * @example SPEED_TABLE[2] // { id: 'dex-10-13', dex: { min: 10, max: 13 }, feet: 30, ... }
 */
export const SPEED_TABLE = [
  { id: 'dex-1-7', label: 'DEX 1-7 (ruling EH-9)', dex: { min: 1, max: 7 }, feet: 20, ref: `${SPEED_REF}; ruling EH-9` },
  { id: 'dex-8-9', label: 'DEX 8-9', dex: { min: 8, max: 9 }, feet: 25, ref: SPEED_REF },
  { id: 'dex-10-13', label: 'DEX 10-13', dex: { min: 10, max: 13 }, feet: 30, ref: SPEED_REF },
  { id: 'dex-14-16', label: 'DEX 14-16', dex: { min: 14, max: 16 }, feet: 35, ref: SPEED_REF },
  { id: 'dex-17-18', label: 'DEX 17+', dex: { min: 17, max: 18 }, feet: 40, ref: SPEED_REF },
] as const satisfies readonly SpeedBand[];

/** Feet lost when carrying more than the spaces allow (Inventory and Usage). */
export const OVERLOAD_SPEED_PENALTY_FEET = 5;

/**
 * Base speed in feet for a DEX score 1-18 (Dexterity; EH-9 below 8). Throws on a score off the table.
 * @example speedForDex(12) // 30
 */
export function speedForDex(dex: number): number {
  const band = SPEED_TABLE.find((b) => dex >= b.dex.min && dex <= b.dex.max);
  if (band === undefined) throw new RangeError(`DEX must be a whole number from 1 to ${MAX_ATTRIBUTE_SCORE}, got ${dex}`);
  return band.feet;
}

/** Carrying spaces: one per point of STR (Strength; Inventory and Usage). */
export function carryingSpaces(str: number): number {
  return str;
}

/** One row of extra language points by INT (Intelligence). */
export interface LanguagePointsBand {
  readonly id: string;
  readonly label: string;
  readonly int: { readonly min: number; readonly max: number };
  readonly points: number;
  readonly ref: string;
}

const LANG_REF = 'The Exalted Hack, Resolving Actions and Attributes (Intelligence)';

/**
 * Extra language points by INT; the text's "INT 16: 3, 16+: 4" is read as 16 gives 3 and 17-18 give 4 (EH-10).
 * @example LANGUAGE_POINTS_TABLE[3].points // 3 (INT 16)
 */
export const LANGUAGE_POINTS_TABLE = [
  { id: 'int-1-11', label: 'INT 11 or less', int: { min: 1, max: 11 }, points: 0, ref: LANG_REF },
  { id: 'int-12-13', label: 'INT 12-13', int: { min: 12, max: 13 }, points: 1, ref: LANG_REF },
  { id: 'int-14-15', label: 'INT 14-15', int: { min: 14, max: 15 }, points: 2, ref: LANG_REF },
  { id: 'int-16', label: 'INT 16', int: { min: 16, max: 16 }, points: 3, ref: `${LANG_REF}; ruling EH-10` },
  { id: 'int-17-18', label: 'INT 17+', int: { min: 17, max: 18 }, points: 4, ref: `${LANG_REF}; ruling EH-10` },
] as const satisfies readonly LanguagePointsBand[];

/**
 * Extra language points for an INT score 1-18, beyond Common and one more language spoken fluently (Intelligence).
 * @example extraLanguagePoints(14) // 2
 */
export function extraLanguagePoints(int: number): number {
  const band = LANGUAGE_POINTS_TABLE.find((b) => int >= b.int.min && int <= b.int.max);
  if (band === undefined) throw new RangeError(`INT must be a whole number from 1 to ${MAX_ATTRIBUTE_SCORE}, got ${int}`);
  return band.points;
}
