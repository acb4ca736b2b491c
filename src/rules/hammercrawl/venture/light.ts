/**
 * Light sources in real time: a torch burns for one hour of table time, a lantern fill lasts a Venture.
 * Times are numbers the caller passes in (milliseconds on any clock that only moves forward); nothing
 * here reads a clock. Rules: HAMMERCRAWL! v4, ADVENTURING > LIGHT SOURCES; RESOURCES ("light sources ...
 * are tracked differently"). Rulings VE-5 to VE-7 in docs/rulings.md.
 */
import { GEAR } from '../data/gear.js';

/** The light sources the rules time. */
export type LightSource = 'torch' | 'lantern';

/** Milliseconds in a minute of table time. */
export const MS_PER_MINUTE = 60_000;

function torchMinutes(): number {
  const torch = GEAR.find((g) => g.id === 'torch');
  if (torch?.light?.kind !== 'real-time') throw new Error('the gear table lost the torch\'s burn time');
  return torch.light.minutes;
}

/** How long a torch burns, in milliseconds of real table time (LIGHT SOURCES: one hour; from `GEAR`). */
export const TORCH_BURN_MS = torchMinutes() * MS_PER_MINUTE;

/**
 * One light source: how long it has burned before the current lighting, when it was lit (null while
 * out), and whether it is spent (a torch burned down, a lantern fill used up).
 * @example { id: 'torch-1', source: 'torch', burnedMs: 600000, litAt: 1200000, isSpent: false }
 */
export interface LightState {
  readonly id: string;
  readonly source: LightSource;
  readonly burnedMs: number;
  readonly litAt: number | null;
  readonly isSpent: boolean;
}

/** True when the light is burning now. */
export function isLit(light: LightState): boolean {
  return light.litAt !== null && !light.isSpent;
}

/**
 * Milliseconds a torch has left at `now` (0 once spent); `null` for a lantern that is not spent, which
 * lasts until the Venture ends (LIGHT SOURCES). `now` must not be before the time it was lit.
 * @example lightRemainingMs({ id: 't', source: 'torch', burnedMs: 0, litAt: 0, isSpent: false }, 600000) // 3000000
 */
export function lightRemainingMs(light: LightState, now: number): number | null {
  if (light.isSpent) return 0;
  if (light.source === 'lantern') return null;
  const burning = light.litAt === null ? 0 : Math.max(0, now - light.litAt);
  return Math.max(0, TORCH_BURN_MS - light.burnedMs - burning);
}

/** The time at which a burning torch goes out, or null (out, spent, or a lantern). */
export function torchBurnsOutAt(light: LightState): number | null {
  if (light.source !== 'torch' || light.litAt === null || light.isSpent) return null;
  return light.litAt + (TORCH_BURN_MS - light.burnedMs);
}
