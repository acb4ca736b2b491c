/**
 * The combat states a HAMMERCRAWL! tracker keeps in a combatant's conditions, as words everyone at the
 * table reads (and the Smith can edit): "Total Defense", "Covering" (a Tank's Covering Defense),
 * "Exposed", "Hampered" and "Loses action" (Tactical Attack effects; twice is doubled up), "Smith: ..."
 * (an effect the Smith rules on), "Crits to Health" (the defender's choice for a Crit's free step;
 * without it the Armour Die takes it), and "Tactical: choose N (from cX)" (a Tactical Attack whose
 * effects the attacker still has to choose). Any other condition is the Smith's free text.
 * Rules: HAMMERCRAWL! v4, STANDARD COMBAT ACTIONS (Tactical ATTACK!, Total Defense, Covering Defense),
 * EXTENDED COMBAT OPTIONS (Combat Crits). Rulings CB-9, CB-12, CB-13, CB-37 to CB-41.
 */
import type { CombatState } from '../../rule-system.js';
import type { Condition, Fighter } from '../combat/fighter.js';

/** The words of each state, as written in the tracker. */
export const CONDITION_WORDS = {
  totalDefense: 'Total Defense',
  covering: 'Covering',
  exposed: 'Exposed',
  hampered: 'Hampered',
  losesAction: 'Loses action',
  critsToHealth: 'Crits to Health',
} as const;

/** The prefix of an effect the Smith rules on ("Smith: pinned to the wall"). */
export const SMITH_EFFECT_PREFIX = 'Smith: ';

/** Longest text of an effect the Smith rules on. */
export const MAX_SMITH_EFFECT_LENGTH = 60;

const PENDING = /^tactical: choose ([12]) \(from ([A-Za-z0-9_-]{1,64})\)$/i;

/** The condition that holds a Tactical Attack's effects still to choose. */
export function pendingTacticalText(count: 1 | 2, attackerId: string): string {
  return `Tactical: choose ${count} (from ${attackerId})`;
}

/** What a combatant's conditions say, read case-insensitively. */
export interface TrackerStates {
  readonly totalDefense: boolean;
  readonly covering: boolean;
  readonly exposed: number;
  readonly hampered: number;
  readonly losesAction: boolean;
  readonly critsToHealth: boolean;
  /** Tactical effects the attacker still has to choose for this combatant. */
  readonly pending: { readonly count: 1 | 2; readonly attackerId: string } | null;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.toLowerCase();

/** Reads a combatant's conditions. */
export function statesOf(conditions: readonly string[]): TrackerStates {
  let pending: TrackerStates['pending'] = null;
  for (const c of conditions) {
    const m = PENDING.exec(c.trim());
    if (m !== null) pending = { count: m[1] === '2' ? 2 : 1, attackerId: m[2]! };
  }
  return {
    totalDefense: conditions.some((c) => same(c, CONDITION_WORDS.totalDefense)),
    covering: conditions.some((c) => same(c, CONDITION_WORDS.covering)),
    exposed: conditions.filter((c) => same(c, CONDITION_WORDS.exposed)).length,
    hampered: conditions.filter((c) => same(c, CONDITION_WORDS.hampered)).length,
    losesAction: conditions.some((c) => same(c, CONDITION_WORDS.losesAction)),
    critsToHealth: conditions.some((c) => same(c, CONDITION_WORDS.critsToHealth)),
    pending,
  };
}

/** The conditions without every one written as `word`. */
export function without(conditions: readonly string[], ...words: readonly string[]): string[] {
  return conditions.filter((c) => !words.some((w) => same(c, w)));
}

/** The conditions without the pending Tactical choice. */
export function withoutPending(conditions: readonly string[]): string[] {
  return conditions.filter((c) => !PENDING.test(c.trim()));
}

/** A fighter read from the tracker with the states its conditions hold (Total Defense, Covering, Tactical effects). */
export function withStates(fighter: Fighter, conditions: readonly string[]): Fighter {
  const s = statesOf(conditions);
  const list: Condition[] = [...fighter.conditions];
  for (let i = 0; i < s.exposed; i++) list.push({ kind: 'exposed', source: 'tracker' });
  for (let i = 0; i < s.hampered; i++) list.push({ kind: 'hampered', source: 'tracker' });
  if (s.losesAction) list.push({ kind: 'loses-action', source: 'tracker' });
  return { ...fighter, conditions: list, isInTotalDefense: s.totalDefense, isCovering: s.totalDefense && s.covering };
}

/** The tracker words of a consumed condition kind. */
export function wordOf(kind: 'exposed' | 'hampered'): string {
  return kind === 'exposed' ? CONDITION_WORDS.exposed : CONDITION_WORDS.hampered;
}

/**
 * The tracker as a combatant's turn begins: its Total Defense (and a Tank's Covering) ends, the stance
 * lasting only until the holder's next turn (Total Defense; ruling CB-37), with the line that says so.
 * @example turnBegins(combat, 'c1').note // "Goblin's Total Defense ends: their turn."
 */
export function turnBegins(combat: CombatState, combatantId: string): { readonly combat: CombatState; readonly note: string | null } {
  const c = combat.combatants.find((x) => x.id === combatantId);
  if (c === undefined) return { combat, note: null };
  const s = statesOf(c.conditions);
  if (!s.totalDefense && !s.covering) return { combat, note: null };
  const conditions = without(c.conditions, CONDITION_WORDS.totalDefense, CONDITION_WORDS.covering);
  return {
    combat: { ...combat, combatants: combat.combatants.map((x) => (x.id === c.id ? { ...x, conditions } : x)) },
    note: `${c.name}'s ${s.totalDefense ? 'Total Defense' : 'Covering'} ends: their turn.`,
  };
}

/**
 * The tracker after a change that moved the turn (the table's initiative): when someone else acts, or
 * a new round gives the turn back, their turn begins (`turnBegins`). A change that keeps the turn keeps all.
 */
export function afterTurnMoved(before: CombatState, after: CombatState): { readonly combat: CombatState; readonly note: string | null } {
  const acting = (c: CombatState) => (c.isActive && c.turn !== null ? c.order[c.turn] : undefined);
  const now = acting(after);
  if (now === undefined || (now === acting(before) && after.round === before.round)) return { combat: after, note: null };
  return turnBegins(after, now);
}
