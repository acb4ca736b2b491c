/**
 * The six attributes a Bare Bones character rolls under, and the limits on their scores.
 * Rules: The Bare Bones (opening: checks); scores by 3d6 in order (ruling BB-4).
 */
import type { AttributeDef } from '../rule-system.js';
import { REF_CHECKS } from './refs.js';

/** An attribute id, as the character document keys `stats`. */
export type AttributeId = 'str' | 'dex' | 'con' | 'int' | 'wis' | 'cha';

/** The attribute ids in sheet order. */
export const ATTRIBUTE_IDS = ['str', 'dex', 'con', 'int', 'wis', 'cha'] as const satisfies readonly AttributeId[];

/**
 * The six attributes (the text names Strength, Dexterity, Constitution, Intelligence, Wisdom, Charisma).
 * @example BARE_BONES_ATTRIBUTES[4] // { id: 'wis', label: 'Wisdom', ref: ... }
 */
export const BARE_BONES_ATTRIBUTES = [
  { id: 'str', label: 'Strength', ref: REF_CHECKS },
  { id: 'dex', label: 'Dexterity', ref: REF_CHECKS },
  { id: 'con', label: 'Constitution', ref: REF_CHECKS },
  { id: 'int', label: 'Intelligence', ref: REF_CHECKS },
  { id: 'wis', label: 'Wisdom', ref: REF_CHECKS },
  { id: 'cha', label: 'Charisma', ref: REF_CHECKS },
] as const satisfies readonly (AttributeDef & { readonly id: AttributeId })[];

/** Lowest attribute score a document may hold (3d6 cannot roll lower; ruling BB-4). */
export const MIN_ATTRIBUTE_SCORE = 3;

/**
 * Highest attribute score a document may hold: advancement raises a score only when 6d4 (at most 24)
 * beats it, so no score can climb past 24 (Attribute Advancement; ruling BB-27).
 */
export const MAX_ATTRIBUTE_SCORE = 24;

/** True when `id` is an attribute id. */
export function isAttributeId(id: string): id is AttributeId {
  return (ATTRIBUTE_IDS as readonly string[]).includes(id);
}

/** The label of an attribute ("Wisdom"). */
export function attributeLabel(id: AttributeId): string {
  return BARE_BONES_ATTRIBUTES.find((a) => a.id === id)!.label;
}
