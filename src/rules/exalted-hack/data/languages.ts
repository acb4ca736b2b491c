/**
 * Languages and how well they are known: 1 point halting, 2 points fluent. The text names only Common;
 * the other rows are a neutral default list the DM may replace (ruling EH-10).
 * Rules: The Exalted Hack, Resolving Actions and Attributes (Intelligence).
 */

/** A language of the default list (Intelligence; EH-10). */
export interface Language {
  readonly id: string;
  readonly label: string;
  readonly ref: string;
}

const LANG_REF = 'The Exalted Hack, Intelligence';
const LIST_REF = `${LANG_REF}; default list, ruling EH-10`;

/**
 * The default languages: Common first (every character speaks it), then a setting-neutral list.
 * @example LANGUAGES[0].id // 'common'
 */
export const LANGUAGES = [
  { id: 'common', label: 'Common', ref: LANG_REF },
  { id: 'dwarvish', label: 'Dwarvish', ref: LIST_REF },
  { id: 'elvish', label: 'Elvish', ref: LIST_REF },
  { id: 'giantish', label: 'Giantish', ref: LIST_REF },
  { id: 'gnomish', label: 'Gnomish', ref: LIST_REF },
  { id: 'goblin', label: 'Goblin', ref: LIST_REF },
  { id: 'halfling', label: 'Halfling', ref: LIST_REF },
  { id: 'orcish', label: 'Orcish', ref: LIST_REF },
  { id: 'draconic', label: 'Draconic', ref: LIST_REF },
  { id: 'celestial', label: 'Celestial', ref: LIST_REF },
  { id: 'infernal', label: 'Infernal', ref: LIST_REF },
  { id: 'sylvan', label: 'Sylvan', ref: LIST_REF },
] as const satisfies readonly Language[];

/** How well a language is known, by its points (Intelligence). */
export interface LanguageFluency {
  readonly id: 'halting' | 'fluent';
  readonly label: string;
  readonly points: number;
  readonly ref: string;
}

/**
 * The two levels: 1 point reads and speaks with effort, 2 points fluently.
 * @example LANGUAGE_FLUENCY[1].points // 2
 */
export const LANGUAGE_FLUENCY = [
  { id: 'halting', label: 'Speaks and reads with effort', points: 1, ref: LANG_REF },
  { id: 'fluent', label: 'Speaks and reads fluently', points: 2, ref: LANG_REF },
] as const satisfies readonly LanguageFluency[];

/** Points that make a language fluent (Intelligence). */
export const FLUENT_POINTS = 2;
