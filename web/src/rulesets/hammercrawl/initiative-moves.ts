/**
 * What the initiative panel offers, worked out from the initiative state alone (no Preact): the fold of
 * the table's `initiative-changed` events (the Smith's whole truth where the client has it), whose
 * decision it is now, and the legal choices of who acts after an Exchange action. Rules: HAMMERCRAWL! v4,
 * COMBAT (Order of Actions; Passing the Initiative; New Rounds) and COMBAT FLOW (2024-09 proposal:
 * SURPRISE, SIMULTANEOUS ACTION, INTERRUPTING ACTION); rulings IN-3, IN-5 to IN-12, IN-16 to IN-18.
 */
import { initiativeCandidates, type Combatant, type InitiativeState } from '../../../../src/rules/hammercrawl/initiative/index.js';
import { foldInitiativeChanged } from '../../../../src/rules/hammercrawl/table/initiative.js';
import type { RulesetEvent } from '../../lib/protocol.js';

/** The fight's initiative from the table's events (null before any, or when the log cannot be read). */
export function initiativeOf(events: readonly RulesetEvent[]): InitiativeState | null {
  let s: InitiativeState | null = null;
  try {
    for (const e of events) {
      if (e.kind !== 'initiative-changed') continue;
      s = foldInitiativeChanged(s, e as unknown as { readonly [key: string]: unknown });
    }
  } catch {
    return null;
  }
  return s;
}

const isIn = (s: InitiativeState, id: string) => s.combatants.some((c) => c.id === id) && !s.out.includes(id);

/** The combatants still in the fight. */
export function standing(s: InitiativeState): readonly Combatant[] {
  return s.combatants.filter((c) => isIn(s, c.id));
}

/** Each side's leader in the Initiative Contest: the one marked, else the side's first still in the fight (IN-3). */
export function contestLeaders(s: InitiativeState): readonly Combatant[] {
  const sides = [...new Set(standing(s).map((c) => c.side))];
  return sides.map((side) => {
    const members = standing(s).filter((c) => c.side === side);
    return members.find((c) => c.isLeader === true) ?? members[0]!;
  });
}

/** Surprised combatants the Smith may still let roll their INT Test: before anyone has acted in the first round (IN-8). */
export function surpriseTestable(s: InitiativeState): readonly string[] {
  if (s.status === 'ended' || s.round !== 1 || s.acted.length > 0) return [];
  return s.surprised.filter((id) => isIn(s, id) && !s.surpriseTested.includes(id));
}

/**
 * Whose decision it is now: `deciders`, the combatants any of whose controllers may make it (the Smith
 * always may), or `null` when it is the Smith's alone; `what`, the decision in words.
 */
export interface InitiativeDecision {
  readonly deciders: readonly string[] | null;
  readonly what: string;
}

/** Whose decision it is now, and what it is. */
export function decisionOf(s: InitiativeState): InitiativeDecision {
  switch (s.status) {
    case 'awaiting-contest':
      // A leader's player may roll the Contest only for a leader the Smith marked (the table checks the mark).
      return { deciders: contestLeaders(s).filter((c) => c.isLeader === true).map((c) => c.id), what: 'roll the Initiative Contest' };
    case 'awaiting-first': {
      const winners = standing(s).filter((c) => c.side === s.contestWinnerSide);
      return { deciders: (winners.length > 0 ? winners : standing(s)).map((c) => c.id), what: 'declare who acts first' };
    }
    case 'round-over':
      return { deciders: s.declarer !== null && isIn(s, s.declarer) ? [s.declarer] : standing(s).map((c) => c.id), what: 'name who starts the next round' };
    case 'in-turn':
      return s.settings.flow === 'passing'
        ? { deciders: s.acting.slice(0, 1), what: 'take the turn, then pass the initiative (or ready)' }
        : { deciders: s.acting, what: s.acting.length > 1 ? 'act at once, then say whom the actions affected' : 'act, then say whom the action affected' };
    case 'exchange-over':
      return { deciders: null, what: 'begin a new Exchange or end the fight' };
    case 'ended':
      return { deciders: null, what: 'start a new fight' };
  }
}

/** The one of `deciders` the viewer speaks as: the first they may act for, or (the Smith) the first. */
export function speakerOf(deciders: readonly string[], isSmith: boolean, mayActFor: (id: string) => boolean): string | null {
  return deciders.find(mayActFor) ?? (isSmith ? (deciders[0] ?? null) : null);
}

/** A choice of who acts after an Exchange action (IN-10). */
export type ExchangeNext =
  | { readonly kind: 'one'; readonly id: string }
  /** Every affected combatant who may still act, at once (SIMULTANEOUS ACTION). */
  | { readonly kind: 'all'; readonly ids: readonly string[] }
  /** An affected combatant who has acted already names the next. */
  | { readonly kind: 'chooser'; readonly id: string };

/** What may follow the action of those acting now, given whom it affected. */
export type ExchangeNextChoices =
  /** The other side of an interrupt acts next, whatever the action affected. */
  | { readonly kind: 'forced'; readonly next: readonly string[] }
  /** Nobody may still act: the Exchange ends. */
  | { readonly kind: 'ends' }
  | { readonly kind: 'choose'; readonly options: readonly ExchangeNext[]; readonly remaining: readonly string[] };

/** The legal choices after the action now (IN-10): among the affected who may still act, all of them at once, or a chooser. */
export function exchangeNextChoices(s: InitiativeState, affected: readonly string[]): ExchangeNextChoices {
  const head = s.queue[0];
  if (head !== undefined) return { kind: 'forced', next: head };
  const remaining = initiativeCandidates(s);
  if (remaining.length === 0) return { kind: 'ends' };
  const others = [...new Set(affected.filter((id) => !s.acting.includes(id) && isIn(s, id)))];
  if (others.length === 0) return { kind: 'choose', options: remaining.map((id) => ({ kind: 'one', id })), remaining };
  const fresh = others.filter((id) => remaining.includes(id));
  const options: ExchangeNext[] = fresh.map((id) => ({ kind: 'one', id }));
  if (fresh.length > 1) options.push({ kind: 'all', ids: fresh });
  for (const id of others) if (s.acted.includes(id)) options.push({ kind: 'chooser', id });
  return { kind: 'choose', options, remaining };
}

/** Who may interrupt those acting now in an Exchange (IN-11): not acted, not surprised out, not already owed the next turn. */
export function exchangeInterrupters(s: InitiativeState): readonly string[] {
  if (s.settings.flow !== 'exchanges' || s.status !== 'in-turn' || s.acting.length === 0) return [];
  return initiativeCandidates(s).filter((id) => !s.queue.some((g) => g.includes(id)));
}

/** Passing flow: who must take the initiative after the one acting now, by readying or an interrupt (IN-5, IN-6); empty when it moves freely. */
export function owedAfter(s: InitiativeState): readonly string[] {
  const acting = s.acting[0];
  const waiting = s.readied.filter((r) => r.waitFor === acting).map((r) => r.id);
  return waiting.length > 0 ? waiting : (s.queue[0] ?? []);
}
