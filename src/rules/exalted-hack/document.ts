/**
 * The shape of an Exalted Hack character document (version 2), apart from its reading and migration
 * (character.ts, migrations.ts), which both take the types from here.
 */
import type { CharacterHistoryEntry, RulesetCharacter } from '../rule-system.js';
import type { AttributeId } from './attributes.js';
import type { ArmourKindId } from './data/armour.js';

/** Weapon categories a character may be trained in; light weapons need none (Weapons). */
export type WeaponTraining = 'martial' | 'heavy';

/**
 * One attribute: its score, and its value now after attribute damage (`score - attributeDamage`, kept
 * so that a sheet rolls against it; ruling EH-28). The text gives attributes no modifiers (Resolving
 * Actions and Attributes).
 */
export interface AttributeScore {
  readonly score: number;
  readonly current: number;
}

/** The armour worn: its value and whether it is magical (Armor; ruling EH-28). */
export interface WornArmour {
  readonly value: number;
  readonly kind: ArmourKindId;
}

/** A personal project: its points goal and the points gathered (Elaboration Roll; ruling EH-33). */
export interface Project {
  readonly id: string;
  readonly label: string;
  readonly goal: number;
  readonly progress: number;
}

/** A language known: 1 point halting, 2 fluent (Intelligence). */
export interface KnownLanguage {
  readonly id: string;
  readonly label: string;
  readonly points: 1 | 2;
}

/** One thing carried: the spaces it takes and its usage die, or `null` when it has none (Inventory and Usage). */
export interface InventoryEntry {
  readonly id: string;
  readonly label: string;
  readonly spaces: number;
  readonly usageDie: number | null;
}

/**
 * A character of The Exalted Hack (ruling EH-8 for creation, EH-25 and EH-28 for the fields).
 * @example { ruleset: 'exalted-hack', schemaVersion: 2, name: 'Ilse', level: 1, stats: { str: { score: 11, current: 11 }, ... }, hitDie: 8, hp: { current: 21, max: 21 }, ... }
 */
export interface ExaltedHackCharacter extends RulesetCharacter {
  readonly ruleset: 'exalted-hack';
  readonly schemaVersion: number;
  readonly name: string;
  readonly level: number;
  readonly stats: { readonly [K in AttributeId]: AttributeScore };
  /** The Hit Die's sides; its maximum counts into HP (Constitution). */
  readonly hitDie: number;
  readonly hp: { readonly current: number; readonly max: number };
  /** Points lost from each attribute (lethal damage, deep wounds), recovered by rest (Recovery). */
  readonly attributeDamage: { readonly [K in AttributeId]: number };
  /** Took lethal damage and loses CON each turn until healed (Damage and Dying; ruling EH-28). */
  readonly isDying: boolean;
  readonly armour: WornArmour;
  readonly weaponTraining: readonly WeaponTraining[];
  readonly languages: readonly KnownLanguage[];
  readonly inventory: readonly InventoryEntry[];
  readonly silver: number;
  readonly projects: readonly Project[];
  readonly notes: string;
  readonly conditions: readonly string[];
  readonly history: readonly CharacterHistoryEntry[];
}

