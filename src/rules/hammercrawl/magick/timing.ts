/**
 * When a magick command may be sent (MG-19, building on MG-1, MG-14, MG-15): preparing spells takes about an hour over the
 * spellbook, so it is never done mid-fight; a rest in town happens in town; forgotten spells come back
 * in smaller amounts at a mid-adventure camp only. Read from the table's combat tracker and the party's
 * Venture; the Smith may always override (a ruling's fix, a scene the tracker does not show).
 * Rules: HAMMERCRAWL! v4, MAGICK, Preparing Spells ("spend roughly one hour in the morning skimming over
 * their magick notes"; "after a full night's camp"); "Remembering" Spells ("re-memorized in smaller
 * amounts during special mid-adventure Camp scenes").
 * Rulings: docs/rulings.md (MG-19, building on MG-1, MG-14, MG-15).
 */

/** What the table shows of the moment: the fight and where the party is. */
export interface MagickMoment {
  /** A fight is running in the combat tracker. */
  readonly inFight: boolean;
  /** Where the party is: in town (before any Venture, or back) or in the dungeon. */
  readonly location: 'town' | 'dungeon';
  /** A dungeon node (a room) is being played. */
  readonly inNode: boolean;
  /** Camp breaks (and nights) taken this Venture. */
  readonly campBreaks: number;
}

/** The moment of a table: its tracker (`isActive`) and its Venture state (structural, so either side can read it). */
export function magickMomentOf(
  combat: { readonly isActive: boolean } | null | undefined,
  venture: { readonly location: 'town' | 'dungeon'; readonly node: unknown; readonly campBreaks: number } | null | undefined,
): MagickMoment {
  return {
    inFight: combat?.isActive === true,
    location: venture?.location ?? 'town',
    inNode: venture !== null && venture !== undefined && venture.node !== null,
    campBreaks: venture?.campBreaks ?? 0,
  };
}

/** A magick command the moment does not allow: its code and the reason, for people. */
export interface MagickTimingProblem {
  readonly code: 'magick/not-in-a-fight' | 'magick/not-in-town' | 'magick/not-at-camp';
  readonly message: string;
}

/** The kinds of magick command the moment governs. */
export const TIMED_MAGICK_KINDS = ['prepare', 'remember', 'night-rest', 'town-rest'] as const;

/**
 * Why a magick command of `kind` cannot be sent now, or `null` when it can (every other kind can at any
 * moment: casting, concentration, cancelling and the rest belong to the fight).
 */
export function magickTimingProblem(kind: string, moment: MagickMoment): MagickTimingProblem | null {
  if (!(TIMED_MAGICK_KINDS as readonly string[]).includes(kind)) return null;
  if (moment.inFight) {
    const what = kind === 'prepare' ? 'Preparing spells takes about an hour over the spellbook' : kind === 'remember' ? 'Remembering spells takes a camp' : 'A rest';
    return { code: 'magick/not-in-a-fight', message: `${what}: not while a fight is running in the tracker; end the fight first (MG-19).` };
  }
  switch (kind) {
    case 'town-rest':
      return moment.location === 'town' ? null : { code: 'magick/not-in-town', message: 'The party is in the dungeon: a rest in town waits for the return to town (MG-19).' };
    case 'remember':
      if (moment.location !== 'dungeon' || moment.inNode || moment.campBreaks === 0) {
        return { code: 'magick/not-at-camp', message: 'Forgotten spells come back at a mid-adventure camp: the party must be between rooms after a camp this Venture (in town, prepare instead) (MG-19).' };
      }
      return null;
    default:
      return null;
  }
}
