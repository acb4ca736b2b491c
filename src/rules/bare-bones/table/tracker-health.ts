/**
 * Blood and Sweat as the combat tracker writes them in a combatant's Health: "7/10 (Sweat 2/4)", Blood
 * first (0 Blood is down), Sweat after it (lost first). Rules: The Bare Bones, Die by the Sword;
 * rulings BB-36, BB-38.
 */
import { ok, problem, type RuleResult } from '../../rule-system.js';
import type { Vitals } from '../blood-and-sweat.js';

/** Blood and Sweat read from a Health text. */
export interface HealthNumbers {
  readonly blood: number;
  readonly bloodMax: number;
  readonly sweat: number;
  readonly sweatMax: number;
}

/** The Sweat note after Blood, as the tracker's Health accepts it. */
export const SWEAT_NOTE = /^\(Sweat (\d{1,4})(?:\/(\d{1,4}))?\)$/;

/**
 * Reads a Health text: "7", "7/10", "7/10 (Sweat 2/4)"; null when empty.
 * @example readHealthText('7/10 (Sweat 2/4)') // ok({ blood: 7, bloodMax: 10, sweat: 2, sweatMax: 4 })
 */
export function readHealthText(text: string): RuleResult<HealthNumbers | null> {
  const t = text.trim().replace(/\s+/g, ' ');
  if (t === '') return ok(null);
  const m = /^(\d{1,4})(?:\/(\d{1,4}))?(?: (\(.*\)))?$/.exec(t);
  if (m === null) return problem('combat/bad-health', 'Health is Blood, such as 8/8, with its Sweat as 8/8 (Sweat 3/3).');
  const blood = Number(m[1]);
  const bloodMax = m[2] === undefined ? blood : Number(m[2]);
  let sweat = 0;
  let sweatMax = 0;
  if (m[3] !== undefined) {
    const s = SWEAT_NOTE.exec(m[3]);
    if (s === null) return problem('combat/bad-health', 'Sweat follows Blood as (Sweat 3/3).');
    sweat = Number(s[1]);
    sweatMax = s[2] === undefined ? sweat : Number(s[2]);
  }
  if (blood > bloodMax || sweat > sweatMax) return problem('combat/bad-health', 'What is left of Blood or Sweat cannot be more than its maximum.');
  return ok({ blood, bloodMax, sweat, sweatMax });
}

/**
 * The Health text of Blood and Sweat: "7/10", with "(Sweat 2/4)" when there is any Sweat to have.
 * @example healthText({ blood: 7, bloodMax: 10, sweat: 2, sweatMax: 4 }) // '7/10 (Sweat 2/4)'
 */
export function healthText(v: Pick<Vitals, 'blood' | 'bloodMax' | 'sweat' | 'sweatMax'>): string {
  return `${v.blood}/${v.bloodMax}${v.sweatMax > 0 ? ` (Sweat ${v.sweat}/${v.sweatMax})` : ''}`;
}
