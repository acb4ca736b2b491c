/**
 * Distance bands, in feet, from adjacent to beyond. Rules: The Exalted Hack, Movement and Distance.
 */

/** A distance band id (Movement and Distance). */
export type DistanceId = 'adjacent' | 'close' | 'half-move' | 'move' | 'distant' | 'faraway' | 'beyond';

/** A distance band: the feet it covers, `max: null` open-ended (Movement and Distance). */
export interface DistanceBand {
  readonly id: DistanceId;
  readonly label: string;
  readonly feet: { readonly min: number; readonly max: number | null };
  readonly ref: string;
}

const DIST_REF = 'The Exalted Hack, Movement and Distance';

/**
 * The seven bands; each starts one foot past the one before, and beyond starts past 90 feet (ruling EH-17).
 * @example DISTANCES[4] // { id: 'distant', feet: { min: 31, max: 60 }, ... }
 */
export const DISTANCES = [
  { id: 'adjacent', label: 'Adjacent (melee)', feet: { min: 0, max: 5 }, ref: DIST_REF },
  { id: 'close', label: 'Close (reach)', feet: { min: 6, max: 10 }, ref: DIST_REF },
  { id: 'half-move', label: 'Half a move', feet: { min: 11, max: 15 }, ref: DIST_REF },
  { id: 'move', label: 'A move', feet: { min: 16, max: 30 }, ref: DIST_REF },
  { id: 'distant', label: 'Distant', feet: { min: 31, max: 60 }, ref: DIST_REF },
  { id: 'faraway', label: 'Faraway', feet: { min: 61, max: 90 }, ref: DIST_REF },
  { id: 'beyond', label: 'Beyond', feet: { min: 91, max: null }, ref: `${DIST_REF}; ruling EH-17` },
] as const satisfies readonly DistanceBand[];

/** Feet per square when moving naturally; climbing, swimming or crawling without a speed for it costs double (Movement and Distance). */
export const FEET_PER_SQUARE = 5;

/** The band a distance in feet falls in (Movement and Distance); a negative or fractional distance throws. */
export function distanceBand(feet: number): DistanceBand {
  if (!Number.isInteger(feet) || feet < 0) throw new RangeError(`a distance is a whole number of feet, got ${feet}`);
  return DISTANCES.find((d) => feet >= d.feet.min && (d.feet.max === null || feet <= d.feet.max))!;
}

/** True when `target` is no farther than `reach` on the band order (Attacking, Defending and Damage). */
export function isWithin(target: DistanceId, reach: DistanceId): boolean {
  return DISTANCES.findIndex((d) => d.id === target) <= DISTANCES.findIndex((d) => d.id === reach);
}

/** Feet a square costs when climbing, swimming or crawling without a natural speed for it (Movement and Distance). */
export const HINDERED_FEET_PER_SQUARE = 10;

/**
 * Feet one square (step) costs: 5 moving naturally, 10 climbing, swimming or crawling without a speed for it (Movement and Distance).
 * @example feetPerSquare(false) // 10
 */
export function feetPerSquare(isNatural: boolean): number {
  return isNatural ? FEET_PER_SQUARE : HINDERED_FEET_PER_SQUARE;
}

/**
 * Feet covered in a turn: the speed, twice over when the action is spent to dash (Movement and Distance).
 * @example feetPerTurn(30, true) // 60
 */
export function feetPerTurn(speed: number, isDashing: boolean): number {
  return isDashing ? speed * 2 : speed;
}
