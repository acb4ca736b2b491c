/**
 * The order in which simultaneous actions resolve once every die is on the table: from the Smith, or
 * from the player to the Smith's left, going on to the left (2024-09 proposal, SIMULTANEOUS ACTION).
 * Who is next after the group is decided only after all of them resolve (`end-action`). Ruling IN-9.
 */
import { ok, problem, type RuleResult } from '../../rule-system.js';

/** Where the Smith starts the round of resolution: with their own combatants, or with the player to their left. */
export type SimultaneousStart = 'smith' | 'left';

/**
 * The table's seating: players in order going left from the Smith, and who controls each combatant
 * (a combatant nobody is named for is the Smith's).
 * @example { players: ['pam', 'lee'], controller: { ana: 'pam', bo: 'lee' } }
 */
export interface Seating {
  readonly players: readonly string[];
  readonly controller: Readonly<Record<string, string>>;
}

/**
 * The resolution order of a simultaneous group: the Smith's combatants first or last, the players'
 * in seat order going left; a player's own combatants in the order given.
 * @example simultaneousOrder(['orc', 'bo', 'ana'], { players: ['pam', 'lee'], controller: { ana: 'pam', bo: 'lee' } }, 'left').value // ['ana', 'bo', 'orc']
 */
export function simultaneousOrder(actors: readonly string[], seating: Seating, start: SimultaneousStart): RuleResult<readonly string[]> {
  const seatOf = (id: string): number => {
    const player = seating.controller[id];
    return player === undefined ? -1 : seating.players.indexOf(player);
  };
  for (const id of actors) {
    const player = seating.controller[id];
    if (player !== undefined && !seating.players.includes(player)) {
      return problem('initiative/unknown-player', `${id} is controlled by ${player}, who has no seat; seat the player or leave ${id} to the Smith.`);
    }
  }
  const smith = actors.filter((id) => seatOf(id) < 0);
  const players = actors.filter((id) => seatOf(id) >= 0).map((id, i) => ({ id, seat: seatOf(id), i }));
  players.sort((a, b) => a.seat - b.seat || a.i - b.i);
  const seated = players.map((p) => p.id);
  return ok(start === 'smith' ? [...smith, ...seated] : [...seated, ...smith]);
}
