/**
 * Sample skills. The text gives skills a +2 (a specialist's up to +4) but lists none; this short list
 * of the project's own (ruling BB-6) is what rolled characters draw from. Players may write any skill.
 */
import { REF_RULINGS } from '../refs.js';

/** A sample skill. */
export interface SampleSkill {
  readonly id: string;
  readonly label: string;
  readonly ref: string;
}

/** The bonus a skill gives to a check of a relevant attribute (opening rules). */
export const SKILL_BONUS = 2;

/** Highest bonus any skill may reach (a specialist's, Highly Skilled). */
export const MAX_SKILL_BONUS = 4;

const REF = `${REF_RULINGS} (BB-6)`;

/**
 * Sample skills rolled characters draw from.
 * @example SAMPLE_SKILLS[0] // { id: 'athletics', label: 'Athletics', ref: ... }
 */
export const SAMPLE_SKILLS = [
  { id: 'athletics', label: 'Athletics', ref: REF },
  { id: 'climbing', label: 'Climbing', ref: REF },
  { id: 'stealth', label: 'Stealth', ref: REF },
  { id: 'lockpicking', label: 'Lockpicking', ref: REF },
  { id: 'tracking', label: 'Tracking', ref: REF },
  { id: 'survival', label: 'Survival', ref: REF },
  { id: 'medicine', label: 'Medicine', ref: REF },
  { id: 'history', label: 'History', ref: REF },
  { id: 'languages', label: 'Languages', ref: REF },
  { id: 'persuasion', label: 'Persuasion', ref: REF },
  { id: 'riding', label: 'Riding', ref: REF },
  { id: 'craft', label: 'Craft', ref: REF },
] as const satisfies readonly SampleSkill[];
