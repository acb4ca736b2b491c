/**
 * The two readings of how fast a dying character loses Constitution (Damage and Dying against
 * Constitution; ruling EH-11): a table setting.
 */

/** One point a turn (the default), or a d4 a turn (Damage and Dying; EH-11). */
export type DyingRule = 'one-per-turn' | 'd4-per-turn';

/** The dying settings, default first (EH-11). */
export const DYING_RULES = ['one-per-turn', 'd4-per-turn'] as const satisfies readonly DyingRule[];

/** The die of the `d4-per-turn` reading (Damage and Dying). */
export const DYING_DIE_SIDES = 4;
