/**
 * The parts of a HAMMERCRAWL! character document that the derived values (derived.ts) and the document
 * (character.ts) both speak of: dice as text, stats, skills, Weapon Proficiencies, class picks and
 * spellcasting. character.ts re-exports them, so the document's types stay one import away.
 * Rules: HAMMERCRAWL! v4, CHARACTERS (ANATOMY OF A CHARACTER).
 */
import type { StatId } from './check-modifiers.js';
import type { SpellcastingProfileId } from './data/classes.js';

/**
 * A die as the document writes it: `d` and its side count. The document is the persisted and wire form
 * (its JSON is the CLI contract, `"featDie": "d3"`), so dice are kept as this text there (ruling CR-22).
 * @example 'd8'
 */
export type DieText = `d${number}`;

/** A die's side count as document text. */
export function dieText(sides: number): DieText {
  return `d${sides}`;
}

/** The side count of a document die, or `null` when the text is not `d` and a positive whole number. */
export function dieSides(text: string): number | null {
  const m = /^d([1-9]\d{0,3})$/.exec(text);
  return m ? Number(m[1]) : null;
}

/**
 * One stat: the score, its half-stat and its mod (ANATOMY OF A CHARACTER; STATS).
 * @example { score: 15, half: 8, mod: 1 }
 */
export interface StatBlock {
  readonly score: number;
  readonly half: number;
  readonly mod: number;
}

/** The seven stats, keyed by stat id. */
export type CharacterStats = { readonly [K in StatId]: StatBlock };

/** Psionic grade from the Palladium check (CHARACTER CREATION, Palladium Psionics). */
export type PsionicGrade = 'none' | 'minor' | 'major' | 'master';

/** The psionic grades, weakest first. */
export const PSIONIC_GRADES = ['none', 'minor', 'major', 'master'] as const satisfies readonly PsionicGrade[];

/**
 * The Palladium psionics check as made: the d100 roll against twice WIL, or `null` when the stock has
 * "Possible Psionics: No" and no check is made.
 * @example { roll: 12, target: 28, half: 7, score: 14 }
 */
export interface PsionicsCheck {
  readonly roll: number;
  /** Twice the WIL score: a roll above it is non-psionic. */
  readonly target: number;
  readonly half: number;
  readonly score: number;
}

/**
 * A skill known: its id in `SKILLS`, what the skill's name leaves to choose (medium, kind, culture,
 * animal, or its specialization; `null` when still to choose with the Smith, or when nothing is), and
 * the Specialist's marks (CL-28, CL-30).
 * @example { id: 'riding', specialization: null, isSpecialty: false, isCursed: false }
 */
export interface CharacterSkill {
  readonly id: string;
  readonly specialization: string | null;
  readonly isSpecialty: boolean;
  readonly isCursed: boolean;
}

/**
 * A Weapon Proficiency held: its id in `WEAPON_PROFICIENCIES`, learned with a WP selection or natural
 * to the stock, and its Weapon Specialization tier (0 none, up to 3).
 * @example { id: 'sword-long', source: 'selection', specializationTier: 0 }
 */
export interface CharacterWeaponProficiency {
  readonly id: string;
  readonly source: 'selection' | 'natural';
  readonly specializationTier: number;
}

/** WP selections: how many the class gives so far, how many were spent, and how many are banked. */
export interface WpSelections {
  readonly total: number;
  readonly spent: number;
  readonly banked: number;
}

/**
 * A choice the class made at creation (the class's `choices` and Feats with a choice): the Combatant's
 * shtick (and a Spellblade's style and caster type), the True Mage's focus (and a Holy Mage's power),
 * the Devout's powers, the Specialist's two choices, and the Save a Feat lets one pick.
 * @example { kind: 'devout-power', id: 'lay-on-hands', version: 'advanced' }
 */
export type ClassPick =
  | { readonly kind: 'shtick'; readonly id: string }
  | { readonly kind: 'spellblade-style'; readonly id: string; readonly casterType: 'scholastic' | 'believer' }
  | { readonly kind: 'focus'; readonly id: string }
  | { readonly kind: 'holy-mage-power'; readonly id: string }
  | { readonly kind: 'devout-power'; readonly id: string; readonly version: 'basic' | 'advanced' }
  | { readonly kind: 'specialist-choice'; readonly id: string }
  | { readonly kind: 'save-feat'; readonly featId: string; readonly stat: StatId };

/** The `kind` of a class pick. */
export type ClassPickKind = ClassPick['kind'];

/**
 * A caster's spellcasting at creation: the profile (classes.ts), the Spell Die (the Feat Die column of
 * the grade), the spell stat, spells known and how many can be sustained (CL-6, CL-7).
 * @example { profileId: 'true-mage-spellcasting', spellDie: 'd3', spellStat: 'INT', spellsKnown: 5, sustains: 1 }
 */
export interface CharacterSpellcasting {
  readonly profileId: SpellcastingProfileId;
  readonly spellDie: DieText;
  readonly spellStat: StatId;
  readonly spellsKnown: number;
  readonly sustains: number;
}

