/**
 * Limited uses: a use-counter keyed by holder and ability id, with the scope that restores it (a camp
 * break, a night's camp, the dungeon, the Venture). Class powers count "each Venture"; the Droffen's and
 * Combatant's re-rolls last until the return to town; comets and chaos stars last "until they leave the
 * dungeon"; spells come back after a full night's camp.
 * Rules: HAMMERCRAWL! v4, BASIC CONCEPTS ("The Venture"); VENTURES AND SESSION STRUCTURE; MAGICK (Preparing
 * Spells); THE HAMMER DICE. Rulings VE-2 and VE-3 in docs/rulings.md.
 */

/** What restores a limit: every scope is also restored in town. */
export type LimitScope = 'camp-break' | 'night' | 'dungeon' | 'venture';

/** Every scope, the most often restored first. */
export const LIMIT_SCOPES = ['camp-break', 'night', 'dungeon', 'venture'] as const satisfies readonly LimitScope[];

/** Most uses one limit may allow. */
export const MAX_LIMIT_USES = 1000;

/** Most limits one venture state may track. */
export const MAX_LIMITS = 500;

/** Longest holder or ability id. */
export const MAX_LIMIT_ID_LENGTH = 80;

/**
 * One counted ability: who holds it, which ability, how many uses the scope allows and how many are used.
 * @example { holder: 'brakka', ability: 'hd-rerolls', scope: 'venture', max: 3, used: 1 }
 */
export interface LimitCounter {
  readonly holder: string;
  readonly ability: string;
  readonly scope: LimitScope;
  readonly max: number;
  readonly used: number;
}

/** The moments that restore limits. */
export type RestoreMoment = 'camp-break' | 'night' | 'new-dungeon' | 'town';

/**
 * The scopes a moment restores: a camp break restores camp-break limits; a night's camp also night
 * limits; entering another dungeon restores dungeon limits; the return to town restores all (VE-2).
 * @example scopesRestoredBy('night') // ['camp-break', 'night']
 */
export function scopesRestoredBy(moment: RestoreMoment): readonly LimitScope[] {
  switch (moment) {
    case 'camp-break':
      return ['camp-break'];
    case 'night':
      return ['camp-break', 'night'];
    case 'new-dungeon':
      return ['dungeon'];
    case 'town':
      return LIMIT_SCOPES;
  }
}

/** Uses left of a limit. */
export function usesLeft(limit: LimitCounter): number {
  return Math.max(0, limit.max - limit.used);
}

/** The key of a limit in a state: holder and ability. */
export function limitKey(holder: string, ability: string): string {
  return `${holder}/${ability}`;
}
