/**
 * Elaboration (personal projects): goals in points by the time the work should take, and what each
 * roll adds. Rules: The Exalted Hack, Other Rolls (Elaboration Roll).
 */

/** A goal size by the time the project should take (Elaboration Roll). */
export interface ElaborationGoal {
  readonly id: string;
  readonly label: string;
  /** Points needed; `null` when the text leaves it to the DM ("many more" for a year; ruling EH-7). */
  readonly points: number | null;
  readonly ref: string;
}

const ELAB_REF = 'The Exalted Hack, Other Rolls (Elaboration Roll)';

/**
 * Goals: hours 1, a day 3, a week 5, a month 20, a year the DM's call.
 * @example ELABORATION_GOALS[3].points // 20
 */
export const ELABORATION_GOALS = [
  { id: 'hours', label: 'Hours of work', points: 1, ref: ELAB_REF },
  { id: 'day', label: 'A day of work', points: 3, ref: ELAB_REF },
  { id: 'week', label: 'A week of work', points: 5, ref: ELAB_REF },
  { id: 'month', label: 'A month of work', points: 20, ref: ELAB_REF },
  { id: 'year', label: 'A year of work', points: null, ref: `${ELAB_REF}; ruling EH-7` },
] as const satisfies readonly ElaborationGoal[];

/** Progress points each outcome adds; a blunder takes one away or costs a price (Elaboration Roll; EH-7). */
export const ELABORATION_POINTS = { critical: 2, success: 1, failure: 0, blunder: -1 } as const satisfies Record<string, number>;

/** Most points a project may hold (Elaboration Roll; a project limit, far past a year's work). */
export const MAX_ELABORATION_POINTS = 1000;
