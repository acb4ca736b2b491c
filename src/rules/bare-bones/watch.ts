/**
 * The watch: when a watch is triggered the GM rolls the d6 watch die; its ranges can be modified (a
 * noisy party meets wandering monsters on 1-3). Rules: The Bare Bones, The Meat Grinder; ruling BB-10.
 */
import type { RandomSource } from '../../dice/random.js';
import { rollUsageStep } from '../../dice/usage-die.js';
import { BareBonesError } from './errors.js';
import { USAGE_CHAIN } from './usage-dice.js';
import { WATCH_DIE, WATCH_TABLE, type WatchRow } from './data/watch.js';

/** The usual top face of the wandering-monster range. */
export const USUAL_WANDERING_MAX = 1;

/**
 * Highest top face of the wandering-monster range: it may swallow "nothing much" (2-4) but never the
 * torches (5) or mana (6) faces (ruling BB-10).
 */
export const MAX_WANDERING_MAX = 4;

/**
 * The watch table with the wandering-monster range widened to 1..`wanderingMax`; "nothing much" keeps
 * what is left of 2-4 and disappears when nothing is left.
 * @example watchTable(3)[1].range // { min: 4, max: 4 }
 */
export function watchTable(wanderingMax: number = USUAL_WANDERING_MAX): readonly WatchRow[] {
  if (!Number.isInteger(wanderingMax) || wanderingMax < USUAL_WANDERING_MAX || wanderingMax > MAX_WANDERING_MAX) {
    throw new BareBonesError('bare-bones/bad-spec', `wanderingMax must be ${USUAL_WANDERING_MAX}..${MAX_WANDERING_MAX}, got ${wanderingMax}`);
  }
  const rows: WatchRow[] = [];
  for (const row of WATCH_TABLE) {
    if (row.id === 'wandering-monster') rows.push({ ...row, range: { min: 1, max: wanderingMax } });
    else if (row.id === 'nothing-much') {
      if (wanderingMax < row.range.max) rows.push({ ...row, range: { min: wanderingMax + 1, max: row.range.max } });
    } else rows.push(row);
  }
  return rows;
}

/** The row a face of the watch die lands on. */
export function watchRowFor(table: readonly WatchRow[], face: number): WatchRow {
  const row = table.find((r) => face >= r.range.min && face <= r.range.max);
  if (row === undefined) throw new BareBonesError('bare-bones/bad-spec', `no watch row covers ${face}`);
  return row;
}

/** A watch roll. */
export interface WatchRoll {
  readonly face: number;
  readonly row: WatchRow;
}

/**
 * Rolls the watch die.
 * @example rollWatch(scriptedRandom([5])).row.id // 'torches-gutter'
 */
export function rollWatch(rng: RandomSource, wanderingMax: number = USUAL_WANDERING_MAX): WatchRoll {
  const table = watchTable(wanderingMax);
  const face = rng.rollDie(WATCH_DIE);
  return { face, row: watchRowFor(table, face) };
}

/** A light or concentration die in play during a watch: who holds it and its size. */
export interface WatchDie {
  readonly id: string;
  readonly die: number;
}

/** What one watch did: the watch die, and the light or concentration dice it made roll. */
export interface WatchTurn {
  readonly watch: WatchRoll;
  /** Each die rolled because of the watch, with its face and the die after (`null`: gone). */
  readonly rolled: readonly { readonly id: string; readonly die: number; readonly face: number; readonly after: number | null }[];
}

/**
 * Rolls a watch and what follows it: on "torches gutter" every light die rolls, on "mana fluctuation"
 * every concentration die; each steps down on 1-3 (The Meat Grinder; Sorcerers, Concentration). Dice
 * are rolled in the order given. A die off the usage chain throws (the caller checks the sheet).
 * @example rollWatchTurn(scriptedRandom([5, 2]), { lights: [{ id: 'torch', die: 10 }], concentration: [] }).rolled[0].after // 8
 */
export function rollWatchTurn(
  rng: RandomSource,
  dice: { readonly lights: readonly WatchDie[]; readonly concentration: readonly WatchDie[] },
  wanderingMax: number = USUAL_WANDERING_MAX,
): WatchTurn {
  const watch = rollWatch(rng, wanderingMax);
  const which = watch.row.id === 'torches-gutter' ? dice.lights : watch.row.id === 'mana-fluctuation' ? dice.concentration : [];
  const rolled = which.map((d) => {
    const step = rollUsageStep(rng, USAGE_CHAIN, d.die);
    return { id: d.id, die: d.die, face: step.face, after: step.after };
  });
  return { watch, rolled };
}
