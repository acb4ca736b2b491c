/**
 * Initiative as written, at a HAMMERCRAWL! table: the tracker action `{ type: 'initiative', command }`
 * runs the initiative library (../initiative) on the tracker's combatants. The flow (`passing` or
 * `exchanges`) and how interrupt ties are settled are table settings (`initiative-flow`,
 * `interrupt-ties`; rulings IN-2, IN-4). Each decided command is stored as an `initiative-changed` event
 * with the library's events, faces inside, so the table replays it without rolling; the generic
 * tracker's `order`, `turn` and `round` follow it in the same decision (a `combat-changed`). The Smith's
 * `set-order` and `next-turn` still work: they override the tracker, and the next initiative command
 * starts from the initiative state, not from them.
 * Rules: HAMMERCRAWL! v4, COMBAT (Order of Actions; Passing the Initiative; New Rounds) and COMBAT FLOW
 * (2024-09 proposal).
 */
import type { RandomSource } from '../../../dice/random.js';
import { optional, readArray, readObject, readString, readTagged, type Reader } from '../../json-reader.js';
import { forbidden, MAX_TABLE_ID_LENGTH, ok, statScoresOf, type CombatState, type ExtensionContext, type ExtensionEvent, type RuleResult, type TableCharacter, type TableSettings } from '../../rule-system.js';
import {
  combatantFromEntrant,
  evolveInitiative,
  MAX_COMBATANTS,
  rollInitiativeCommand,
  type Combatant as InitiativeCombatant,
  type InitiativeCommand,
  type InitiativeEvent,
  type InitiativeSettings,
  type InitiativeState,
} from '../initiative/index.js';

/** An initiative command as the table takes it: `start` takes its combatants from the tracker. */
export type TableInitiativeCommand =
  | { readonly kind: 'start'; readonly initiator?: string; readonly surprised?: readonly string[] }
  | Exclude<InitiativeCommand, { readonly kind: 'start' }>;

/** The tracker action. */
export interface TrackerInitiativeAction {
  readonly type: 'initiative';
  readonly command: TableInitiativeCommand;
}

/**
 * The body of an `initiative-changed` event. When the Smith's hidden foes take part, `events` is the
 * players' view (their scores, mods and totals left out, TB-17) and `forSmith` holds the whole truth,
 * which reaches the Smith alone (src/table/project.ts, SMITH_ONLY_FIELD).
 */
export type InitiativeChangedBody = {
  readonly requestId: string;
  readonly events: readonly InitiativeEvent[];
  readonly forSmith?: { readonly events: readonly InitiativeEvent[] };
  /** What ended as the turns it gave began ("Hero's Total Defense ends: their turn."; CB-37, CB-44), for the log card. */
  readonly ended?: readonly string[];
};

const id = readString({ min: 1, max: MAX_TABLE_ID_LENGTH });
const ids = readArray(id, { max: MAX_COMBATANTS });
const none = readObject({});

/** Reads a table initiative command (every kind of the library's, `start` without its combatants). */
export const readTableInitiativeCommand: Reader<TableInitiativeCommand> = readTagged('kind', {
  start: readObject({ initiator: optional(id), surprised: optional(ids) }),
  'roll-surprise': readObject({ ids }),
  'roll-contest': none,
  'declare-first': readObject({ by: id, first: id }),
  ready: readObject({ by: id, waitFor: id, next: id }),
  interrupt: readObject({ by: id, target: optional(id) }),
  'end-turn': readObject({ by: id, next: optional(id) }),
  'start-round': readObject({ by: id, first: id }),
  'end-action': readObject({ affected: ids, next: optional(ids), chooser: optional(id) }),
  'new-exchange': readObject({ first: ids }),
  remove: readObject({ id }),
  'end-combat': none,
});

/**
 * The initiative settings of a table (IN-2: `passing` by default). IN-4: in the passing flow an interrupt's
 * Initiative Challenge tie is re-rolled by default (setting `interrupt-ties`); in the Exchanges the text
 * gives ties "to the character already in the process of acting", so there they go to the target.
 */
export function initiativeSettingsOf(settings: TableSettings): InitiativeSettings {
  const flow = settings['initiative-flow'] === 'exchanges' ? 'exchanges' : 'passing';
  return { flow, interruptTies: flow === 'exchanges' || settings['interrupt-ties'] === 'target' ? 'target' : 'reroll' };
}

/** The score a combatant without one rolls with: its mod is +0 (IN-14). */
export const MIDDLING_SCORE = 10;

function upper(stats: Readonly<Record<string, number>>): Record<string, number> {
  return Object.fromEntries(Object.entries(stats).map(([k, v]) => [k.toUpperCase(), v]));
}

/** The tracker's combatants still standing, as initiative combatants (INT and DEX from the document or the tracker). */
export function initiativeCombatantsOf(combat: CombatState, characters: readonly TableCharacter[]): RuleResult<readonly InitiativeCombatant[]> {
  const out: InitiativeCombatant[] = [];
  for (const c of combat.combatants) {
    if (c.isDown) continue;
    const character = c.characterId === undefined ? undefined : characters.find((x) => x.id === c.characterId);
    // A score not given reads as 10, the stat table's +0 (IN-14): a monster line has no stats.
    const stats = { INT: MIDDLING_SCORE, DEX: MIDDLING_SCORE, ...upper(statScoresOf(character)), ...upper(c.stats) };
    const read = combatantFromEntrant({ id: c.id, side: c.side, stats, isLeader: c.isLeader });
    if (!read.ok) return read;
    out.push(read.value);
  }
  return ok(out);
}

/** The tracker's order and turn following the initiative: who has acted, who acts, who must act next, then the rest. */
export function trackerFollowing(combat: CombatState, state: InitiativeState): CombatState {
  const known = new Set(combat.combatants.map((c) => c.id));
  const first = [...state.acted, ...state.acting, ...state.queue.flat()].filter((x) => known.has(x));
  const order = [...new Set([...first, ...combat.combatants.map((c) => c.id)])];
  const acting = state.acting.find((x) => known.has(x));
  return {
    ...combat,
    isActive: state.status !== 'ended',
    round: state.round,
    order,
    turn: acting === undefined ? null : order.indexOf(acting),
  };
}

/** The combatants a member may speak for: the Smith all, a player their own characters'. */
function mayActFor(context: ExtensionContext, combatantId: string): boolean {
  if (context.can('combat')) return true;
  const c = context.combat.combatants.find((x) => x.id === combatantId);
  const owner = c?.characterId === undefined ? undefined : context.characters.find((x) => x.id === c.characterId)?.ownerId;
  return context.can('roll') && owner === context.actor.id;
}

/** Who must be allowed to speak for a command: the combatant deciding it, else the Smith alone. */
function deciderOf(command: TableInitiativeCommand): string | null {
  switch (command.kind) {
    case 'declare-first':
    case 'ready':
    case 'interrupt':
    case 'end-turn':
    case 'start-round':
      return command.by;
    case 'end-action':
      return command.chooser ?? null;
    default:
      return null;
  }
}

/**
 * Decides a tracker initiative action: the events of the library, and the tracker following them.
 * `before` is the table's initiative state (null before the first `start`).
 */
export function decideInitiativeAction(
  rng: RandomSource,
  before: InitiativeState | null,
  requestId: string,
  action: TrackerInitiativeAction,
  context: ExtensionContext,
): RuleResult<readonly ExtensionEvent[]> {
  const asked = action.command;
  const decider = deciderOf(asked);
  // The Initiative Contest is rolled by a leader's player or the Smith; everything else without a decider is the Smith's.
  const leaderRolls = asked.kind === 'roll-contest' && context.combat.combatants.some((c) => c.isLeader && mayActFor(context, c.id));
  // An Exchange action is ended by whoever speaks for one of its actors: they say whom it affected (IN-16).
  const actorEnds = asked.kind === 'end-action' && asked.chooser === undefined && (before?.acting ?? []).some((a) => mayActFor(context, a));
  if (!context.can('combat') && !leaderRolls && !actorEnds && (decider === null || !mayActFor(context, decider))) return forbidden('decide the initiative for another combatant');
  let command: InitiativeCommand;
  if (asked.kind === 'start') {
    const combatants = initiativeCombatantsOf(context.combat, context.characters);
    if (!combatants.ok) return combatants;
    command = { ...asked, kind: 'start', combatants: combatants.value, settings: initiativeSettingsOf(context.settings) };
  } else {
    command = asked;
  }
  // A `start` begins a new fight's initiative; anything else continues the table's.
  const state = asked.kind === 'start' ? null : before;
  const stepped = rollInitiativeCommand(rng, state, command);
  if (!stepped.ok) return stepped;
  const combat = trackerFollowing(context.combat, stepped.value.state);
  const events = stepped.value.events;
  const hidden = hiddenFoesOf(context.combat, stepped.value.state);
  const shown = hidden.size === 0 ? events : events.map((e) => initiativeEventForPlayers(e, hidden));
  const isScrubbed = shown.some((e, i) => e !== events[i]);
  const body: InitiativeChangedBody = isScrubbed ? { requestId, events: shown, forSmith: { events } } : { requestId, events };
  return ok([
    { own: 'initiative-changed', body },
    { shared: 'combat-changed', body: { combat, summary: initiativeSummary(stepped.value.events, context.combat) } },
  ]);
}

/**
 * The ids of the Smith's hidden foes in a fight: combatants that are no character at the table and
 * that the Smith has not revealed (TB-17), in the tracker or still in the initiative (one removed
 * from the tracker keeps its secret).
 */
function hiddenFoesOf(combat: CombatState, state: InitiativeState): ReadonlySet<string> {
  const out = new Set<string>();
  for (const c of combat.combatants) if (c.characterId === undefined && c.isRevealed !== true) out.add(c.id);
  for (const c of state.combatants) if (!combat.combatants.some((x) => x.id === c.id)) out.add(c.id);
  return out;
}

/**
 * An initiative event as a player sees it (TB-17): a hidden foe's INT and DEX read as the middling 10
 * with `isHidden`, its roll totals and surprise target and face as null (with the face seen, they
 * would give its mod away). The same object when nothing in it is hidden.
 */
export function initiativeEventForPlayers(event: InitiativeEvent, hidden: ReadonlySet<string>): InitiativeEvent {
  switch (event.kind) {
    case 'combat-started': {
      if (!event.combatants.some((c) => hidden.has(c.id))) return event;
      return {
        ...event,
        combatants: event.combatants.map((c) => (hidden.has(c.id) ? { ...c, int: MIDDLING_SCORE, dex: MIDDLING_SCORE, isHidden: true as const } : c)),
      };
    }
    case 'contest-rolled': {
      if (!event.rounds.some((r) => r.rolls.some((x) => hidden.has(x.id)))) return event;
      return { ...event, rounds: event.rounds.map((r) => ({ rolls: r.rolls.map((x) => (hidden.has(x.id) ? { ...x, total: null } : x)) })) };
    }
    case 'surprise-rolled': {
      if (!event.tests.some((t) => hidden.has(t.id))) return event;
      // Its face too: a Test not rolled (null) would say its INT is 20.
      return { ...event, tests: event.tests.map((t) => (hidden.has(t.id) ? { ...t, natural: null, target: null } : t)) };
    }
    case 'interrupt-rolled': {
      const a = hidden.has(event.interrupter);
      const b = hidden.has(event.targetRoller);
      if (!a && !b) return event;
      return {
        ...event,
        rounds: event.rounds.map((r) => ({
          interrupter: a ? { ...r.interrupter, total: null } : r.interrupter,
          target: b ? { ...r.target, total: null } : r.target,
        })),
      };
    }
    default:
      return event;
  }
}

/**
 * Folds an `initiative-changed` body into the table's initiative state (a new `combat-started` begins
 * afresh): the whole truth where the viewer has it (`forSmith`: the server, the Smith), else the
 * players' view.
 */
export function foldInitiativeChanged(state: InitiativeState | null, body: { readonly [key: string]: unknown }): InitiativeState | null {
  const smiths = body['forSmith'] as { readonly events?: readonly InitiativeEvent[] } | undefined;
  const events = smiths?.events ?? (body['events'] as readonly InitiativeEvent[]);
  let s = state;
  for (const e of events) s = evolveInitiative(e.kind === 'combat-started' ? null : s, e);
  return s;
}

/** One line saying what the initiative did, with names. */
export function initiativeSummary(events: readonly InitiativeEvent[], combat: CombatState): string {
  const name = (x: string) => combat.combatants.find((c) => c.id === x)?.name || x;
  const names = (xs: readonly string[]) => xs.map(name).join(' and ');
  const parts: string[] = [];
  for (const e of events) {
    switch (e.kind) {
      case 'combat-started':
        parts.push(`Initiative (${e.settings.flow}) begins${e.surprised.length > 0 ? `; surprised: ${names(e.surprised)}` : ''}`);
        break;
      case 'contest-rolled':
        parts.push(e.winner === null ? 'the Initiative Contest found no winner' : `${name(e.winner.id)} wins the Initiative Contest for ${e.winner.side}`);
        break;
      case 'turn-given':
        parts.push(`${names(e.to)} to act`);
        break;
      case 'readied':
        parts.push(`${name(e.id)} readies against ${name(e.waitFor)}`);
        break;
      case 'interrupt-rolled':
        parts.push(`${name(e.interrupter)} tries to interrupt ${names(e.target)} (${e.stat}): ${e.winner === null ? 'no winner' : `${name(e.winner)} goes first`}`);
        break;
      case 'round-ended':
        parts.push(`round ${e.round} ends${e.declarer === null ? '' : `; ${name(e.declarer)} names who starts the next`}`);
        break;
      case 'round-started':
        parts.push(`round ${e.round} begins`);
        break;
      case 'surprise-rolled':
        parts.push(`surprise Tests: ${e.tests.map((t) => `${name(t.id)} ${t.recovers ? 'recovers' : 'stays surprised'}`).join(', ')}`);
        break;
      case 'combatant-removed':
        parts.push(`${name(e.id)} leaves the fight`);
        break;
      case 'combat-ended':
        parts.push('the fight ends');
        break;
      default:
        break;
    }
  }
  return parts.length === 0 ? 'Initiative' : parts.join('; ').replace(/^./, (c) => c.toUpperCase());
}
