/**
 * Initiative as state, commands and events, both flows as a table setting: `passing` (the leaders'
 * Initiative Contest, passing the initiative, readying and interrupting by an Initiative Challenge, new
 * rounds) and `exchanges` (the 2024-09 proposal: who acts next follows from who was affected,
 * simultaneous action, interrupting by a DEX Competition, surprise by INT Tests).
 *
 * A command is checked against the state and becomes events; the state is a fold of the events
 * (`foldInitiative`), so a server stores the events and replays them without rolling: every face thrown
 * is in the event that needed it. A player's mistake is a result with an `initiative/...` code.
 * Rules: HAMMERCRAWL! v4, COMBAT (Order of Actions; Passing the Initiative; New Rounds) and COMBAT FLOW
 * (2024-09 proposal). Rulings IN-1 to IN-12 in docs/rulings.md.
 */
import type { RandomSource } from '../../../dice/random.js';
import { ok, problem, type InitiativeEntrant, type RuleResult } from '../../rule-system.js';
import {
  rollInitiativeContest,
  rollInterrupt,
  rollSurpriseTest,
  statModOf,
  type ContestRound,
  type InterruptRound,
  type InterruptTies,
  type SurpriseTest,
} from './contest.js';

/** The version of initiative events and state this code writes. */
export const INITIATIVE_SCHEMA_VERSION = 1;

/** Most combatants one initiative state may hold. */
export const MAX_COMBATANTS = 100;

/** Longest combatant id. */
export const MAX_COMBATANT_ID_LENGTH = 60;

/** Which initiative flow a table plays (ruling IN-2): the original passing flow (default) or the 2024-09 Exchanges. */
export type InitiativeFlow = 'passing' | 'exchanges';

/** A table's initiative settings. */
export interface InitiativeSettings {
  readonly flow: InitiativeFlow;
  /** How a tie on an interrupt roll is settled (ruling IN-4). */
  readonly interruptTies: InterruptTies;
}

/** The default settings: the original passing flow; interrupt ties go to the target. */
export const DEFAULT_INITIATIVE_SETTINGS: InitiativeSettings = { flow: 'passing', interruptTies: 'target' };

/**
 * A combatant: id, side, the INT and DEX scores initiative reads, and whether they lead their side.
 * @example { id: 'brakka', side: 'party', int: 13, dex: 11, isLeader: true }
 */
export interface Combatant {
  readonly id: string;
  readonly side: string;
  readonly int: number;
  readonly dex: number;
  readonly isLeader?: boolean;
  /**
   * Set only in a player's view: one of the Smith's hidden foes, whose `int` and `dex` are left at the
   * middling 10 there (the real scores are the Smith's; TB-17).
   */
  readonly isHidden?: true;
}

/** One readied combatant (passing flow): waiting until `waitFor` has taken a turn. */
export interface Readied {
  readonly id: string;
  readonly waitFor: string;
}

/** Where the fight stands. */
export type InitiativeStatus =
  | 'awaiting-contest'
  | 'awaiting-first'
  | 'in-turn'
  | 'round-over'
  | 'exchange-over'
  | 'ended';

/** The state of initiative: a fold of its events. */
export interface InitiativeState {
  readonly schemaVersion: typeof INITIATIVE_SCHEMA_VERSION;
  readonly settings: InitiativeSettings;
  readonly combatants: readonly Combatant[];
  /** Combatants out of the fight (defeated, fled). */
  readonly out: readonly string[];
  readonly status: InitiativeStatus;
  /** The round (passing) or Exchange (exchanges), from 1. */
  readonly round: number;
  /** Who has taken a turn this round or Exchange. */
  readonly acted: readonly string[];
  /** Who is acting now: one combatant, or a group acting simultaneously (Exchanges). */
  readonly acting: readonly string[];
  /** Who must act next, in order, before the initiative moves freely (a readied combatant, an interrupt's loser). */
  readonly queue: readonly (readonly string[])[];
  /** True when the turn now was owed (from the queue or an interrupt): it must be taken, not readied. */
  readonly isOwedTurn: boolean;
  /** Passing flow: the side that won the Initiative Contest. */
  readonly contestWinnerSide: string | null;
  /** Who names the next to act when nobody is acting (the last to act at a round's end). */
  readonly declarer: string | null;
  readonly readied: readonly Readied[];
  /** Combatants still surprised: they sit out the first round or Exchange. */
  readonly surprised: readonly string[];
  /** Surprised combatants who have already rolled their INT Test. */
  readonly surpriseTested: readonly string[];
}

/** A command: what a player or the Smith asks for. Rolling commands go through `rollInitiativeCommand`. */
export type InitiativeCommand =
  | {
      readonly kind: 'start';
      readonly combatants: readonly Combatant[];
      readonly settings?: Partial<InitiativeSettings>;
      /** Exchanges: the combatant whose action starts the fight (they go first). */
      readonly initiator?: string;
      /** Combatants caught by surprise. */
      readonly surprised?: readonly string[];
    }
  | { readonly kind: 'roll-surprise'; readonly ids: readonly string[] }
  | { readonly kind: 'roll-contest' }
  | { readonly kind: 'declare-first'; readonly by: string; readonly first: string }
  | { readonly kind: 'ready'; readonly by: string; readonly waitFor: string; readonly next: string }
  | { readonly kind: 'interrupt'; readonly by: string; readonly target?: string }
  | { readonly kind: 'end-turn'; readonly by: string; readonly next?: string }
  | { readonly kind: 'start-round'; readonly by: string; readonly first: string }
  | {
      readonly kind: 'end-action';
      /** Everyone the action targeted or affected (the actors may be named; they are ignored). */
      readonly affected: readonly string[];
      /** Who acts next: one combatant, or every affected combatant who has not acted, simultaneously. */
      readonly next?: readonly string[];
      /** The affected combatant who would go next but has already acted, and so names the next. */
      readonly chooser?: string;
    }
  | { readonly kind: 'new-exchange'; readonly first: readonly string[] }
  | { readonly kind: 'remove'; readonly id: string }
  | { readonly kind: 'end-combat' };

/** Fields every event carries. */
interface EventBase {
  readonly schemaVersion: typeof INITIATIVE_SCHEMA_VERSION;
}

/** What happened: the stored record. Every roll's faces are in its event. */
export type InitiativeEvent = EventBase &
  (
    | { readonly kind: 'combat-started'; readonly settings: InitiativeSettings; readonly combatants: readonly Combatant[]; readonly surprised: readonly string[] }
    | { readonly kind: 'surprise-rolled'; readonly tests: readonly SurpriseTest[] }
    | { readonly kind: 'contest-rolled'; readonly rounds: readonly ContestRound[]; readonly winner: { readonly id: string; readonly side: string } | null }
    | { readonly kind: 'turn-given'; readonly to: readonly string[]; readonly by: readonly string[] }
    | { readonly kind: 'readied'; readonly id: string; readonly waitFor: string }
    | {
        readonly kind: 'interrupt-rolled';
        readonly stat: 'INT' | 'DEX';
        readonly interrupter: string;
        /** The combatant (or simultaneous group) interrupted. */
        readonly target: readonly string[];
        readonly targetRoller: string;
        readonly rounds: readonly InterruptRound[];
        readonly winner: string | null;
        /** Who acts now, and who must act right after. */
        readonly first: readonly string[];
        readonly then: readonly string[];
      }
    | { readonly kind: 'turn-ended'; readonly actors: readonly string[]; readonly affected: readonly string[]; readonly chooser: string | null; readonly queue: readonly (readonly string[])[] }
    | { readonly kind: 'round-ended'; readonly round: number; readonly declarer: string | null }
    | { readonly kind: 'round-started'; readonly round: number }
    | { readonly kind: 'combatant-removed'; readonly id: string }
    | { readonly kind: 'combat-ended' }
  );

/** The events a command produced, and the state after them. */
export interface InitiativeStep {
  readonly events: readonly InitiativeEvent[];
  readonly state: InitiativeState;
}

/** Thrown when a fold meets an event that cannot follow the state (a corrupted log, never a player's mistake). */
export class InitiativeReplayError extends Error {
  override readonly name = 'InitiativeReplayError';
}

/** Thrown when a rolling command is given to `applyInitiative`, which has no dice. */
export class InitiativeNeedsDiceError extends Error {
  override readonly name = 'InitiativeNeedsDiceError';
}

type Body = InitiativeEvent extends infer E ? (E extends EventBase ? Omit<E, 'schemaVersion'> : never) : never;

function ev(body: Body): InitiativeEvent {
  return { schemaVersion: INITIATIVE_SCHEMA_VERSION, ...body } as InitiativeEvent;
}

// ---- the fold ---------------------------------------------------------------------------------------

const without = (list: readonly string[], ids: readonly string[]) => list.filter((x) => !ids.includes(x));

/**
 * Applies one event to the state (pure, never rolls). The first event must be `combat-started`.
 * @example evolveInitiative(null, startEvent).status // 'awaiting-contest'
 */
export function evolveInitiative(state: InitiativeState | null, event: InitiativeEvent): InitiativeState {
  if (state === null) {
    if (event.kind !== 'combat-started') throw new InitiativeReplayError(`the first initiative event must be combat-started, got ${event.kind}`);
    return {
      schemaVersion: INITIATIVE_SCHEMA_VERSION,
      settings: event.settings,
      combatants: event.combatants,
      out: [],
      status: event.settings.flow === 'passing' ? 'awaiting-contest' : 'in-turn',
      round: 1,
      acted: [],
      acting: [],
      queue: [],
      isOwedTurn: false,
      contestWinnerSide: null,
      declarer: null,
      readied: [],
      surprised: event.surprised,
      surpriseTested: [],
    };
  }
  switch (event.kind) {
    case 'combat-started':
      throw new InitiativeReplayError('combat-started may only open the log');
    case 'surprise-rolled': {
      const tested = event.tests.map((t) => t.id);
      return {
        ...state,
        surprised: without(state.surprised, event.tests.filter((t) => t.recovers).map((t) => t.id)),
        surpriseTested: [...state.surpriseTested, ...tested],
      };
    }
    case 'contest-rolled':
      return event.winner === null ? state : { ...state, status: 'awaiting-first', contestWinnerSide: event.winner.side };
    case 'turn-given': {
      const head = state.queue[0];
      const fromQueue = head !== undefined && head.length === event.to.length && head.every((x) => event.to.includes(x));
      return { ...state, status: 'in-turn', acting: event.to, declarer: null, queue: fromQueue ? state.queue.slice(1) : state.queue, isOwedTurn: fromQueue };
    }
    case 'readied':
      return { ...state, readied: [...state.readied, { id: event.id, waitFor: event.waitFor }], acting: [] };
    case 'interrupt-rolled':
      return {
        ...state,
        readied: state.readied.filter((r) => r.id !== event.interrupter),
        acting: event.first,
        queue: [event.then, ...state.queue],
        isOwedTurn: true,
      };
    case 'turn-ended':
      return {
        ...state,
        acted: [...state.acted, ...event.actors.filter((a) => !state.acted.includes(a))],
        acting: [],
        isOwedTurn: false,
        readied: state.readied.filter((r) => !event.actors.includes(r.waitFor)),
        queue: event.queue,
        declarer: event.actors[event.actors.length - 1] ?? null,
      };
    case 'round-ended':
      return { ...state, status: state.settings.flow === 'passing' ? 'round-over' : 'exchange-over', declarer: event.declarer, acting: [] };
    case 'round-started':
      return { ...state, round: event.round, acted: [], readied: [], queue: [], surprised: [], status: 'in-turn' };
    case 'combatant-removed':
      return {
        ...state,
        out: [...state.out, event.id],
        acting: without(state.acting, [event.id]),
        readied: state.readied.filter((r) => r.id !== event.id && r.waitFor !== event.id),
        queue: state.queue.map((g) => without(g, [event.id])).filter((g) => g.length > 0),
        surprised: without(state.surprised, [event.id]),
      };
    case 'combat-ended':
      return { ...state, status: 'ended', acting: [], queue: [] };
  }
}

/**
 * The state a log of events leads to: the fold a server replays. Never rolls.
 * @example foldInitiative(storedEvents).round
 */
export function foldInitiative(events: readonly InitiativeEvent[]): InitiativeState {
  let state: InitiativeState | null = null;
  for (const e of events) state = evolveInitiative(state, e);
  if (state === null) throw new InitiativeReplayError('an initiative log starts with combat-started; this one is empty');
  return state;
}

// ---- deciding commands ----------------------------------------------------------------------------

type Decision = RuleResult<readonly InitiativeEvent[]>;

const fail = (code: string, message: string): Decision => problem(`initiative/${code}`, message);

function isIn(state: InitiativeState, id: string): boolean {
  return state.combatants.some((c) => c.id === id) && !state.out.includes(id);
}

function combatant(state: InitiativeState, id: string): Combatant {
  const c = state.combatants.find((x) => x.id === id);
  if (c === undefined) throw new Error(`no combatant ${id}`);
  return c;
}

/** Active combatants who may still act this round or Exchange. */
function eligible(state: InitiativeState, acted: readonly string[] = state.acted): string[] {
  const barred = state.round === 1 ? state.surprised : [];
  return state.combatants.map((c) => c.id).filter((id) => isIn(state, id) && !acted.includes(id) && !barred.includes(id));
}

function known(state: InitiativeState, id: string, role: string): Decision | null {
  if (!state.combatants.some((c) => c.id === id)) return fail('unknown-combatant', `${role} ${id} is not in this fight; the combatants are ${state.combatants.map((c) => c.id).join(', ')}.`);
  if (state.out.includes(id)) return fail('out-of-fight', `${id} is out of the fight; choose someone still in it.`);
  return null;
}

function leadersOf(state: InitiativeState): Combatant[] {
  const sides = [...new Set(state.combatants.filter((c) => isIn(state, c.id)).map((c) => c.side))];
  return sides.map((s) => {
    const members = state.combatants.filter((c) => c.side === s && isIn(state, c.id));
    return members.find((c) => c.isLeader === true) ?? members[0]!;
  });
}

function decideStart(cmd: Extract<InitiativeCommand, { kind: 'start' }>): Decision {
  const settings: InitiativeSettings = { ...DEFAULT_INITIATIVE_SETTINGS, ...cmd.settings };
  const cs = cmd.combatants;
  if (cs.length < 2) return fail('too-few-combatants', 'a fight needs at least two combatants.');
  if (cs.length > MAX_COMBATANTS) return fail('too-many-combatants', `one initiative order holds at most ${MAX_COMBATANTS} combatants, got ${cs.length}; split the fight (each Exchange can be its own).`);
  const ids = new Set<string>();
  for (const c of cs) {
    if (c.id.length === 0 || c.id.length > MAX_COMBATANT_ID_LENGTH) return fail('bad-id', `a combatant id is 1 to ${MAX_COMBATANT_ID_LENGTH} characters, got '${c.id}'.`);
    if (ids.has(c.id)) return fail('duplicate-id', `two combatants are called ${c.id}; give each its own id.`);
    ids.add(c.id);
    const i = statModOf(c.int, c.id, 'INT');
    if (!i.ok) return i;
    const d = statModOf(c.dex, c.id, 'DEX');
    if (!d.ok) return d;
  }
  const sides = new Set(cs.map((c) => c.side));
  if (sides.size < 2) return fail('one-side', 'every combatant is on one side; a fight needs two sides.');
  for (const s of sides) {
    if (cs.filter((c) => c.side === s && c.isLeader === true).length > 1) return fail('two-leaders', `side ${s} names more than one leader; one leader rolls for a side.`);
  }
  const surprised = cmd.surprised ?? [];
  for (const id of surprised) if (!ids.has(id)) return fail('unknown-combatant', `surprised combatant ${id} is not in this fight.`);
  const started = ev({ kind: 'combat-started', settings, combatants: cs, surprised });
  if (settings.flow === 'passing') {
    if (cmd.initiator !== undefined) return fail('no-initiator-in-passing', 'the passing flow starts with the Initiative Contest; leave out the initiator (or play the exchanges flow).');
    return ok([started]);
  }
  if (cmd.initiator === undefined) return fail('needs-initiator', 'in the Exchanges flow the combatant whose action starts the fight goes first; name them as initiator.');
  if (!ids.has(cmd.initiator)) return fail('unknown-combatant', `initiator ${cmd.initiator} is not in this fight.`);
  if (surprised.includes(cmd.initiator)) return fail('initiator-surprised', `${cmd.initiator} starts the fight and cannot be surprised.`);
  return ok([started, ev({ kind: 'turn-given', to: [cmd.initiator], by: [] })]);
}

function decideSurprise(rng: RandomSource, state: InitiativeState, ids: readonly string[]): Decision {
  if (state.round !== 1 || state.acted.length > 0) return fail('surprise-over', 'surprise Tests are rolled before anyone has acted in the first round or Exchange.');
  if (ids.length === 0) return fail('nobody-to-test', 'name the surprised combatants the Smith lets roll an INT Test.');
  for (const id of ids) {
    const k = known(state, id, 'combatant');
    if (k) return k;
    if (!state.surprised.includes(id)) return fail('not-surprised', `${id} is not surprised; only surprised combatants roll to recover.`);
    if (state.surpriseTested.includes(id)) return fail('already-tested', `${id} has already rolled to recover from surprise.`);
  }
  const tests: SurpriseTest[] = [];
  for (const id of ids) {
    const t = rollSurpriseTest(rng, id, combatant(state, id).int);
    if (!t.ok) return t;
    tests.push(t.value);
  }
  return ok([ev({ kind: 'surprise-rolled', tests })]);
}

function decideContest(rng: RandomSource, state: InitiativeState): Decision {
  if (state.settings.flow !== 'passing') return fail('wrong-flow', 'the Initiative Contest belongs to the passing flow; in Exchanges the initiator goes first.');
  if (state.status !== 'awaiting-contest') return fail('contest-done', 'the Initiative Contest is rolled once, at the start of the fight.');
  const leaders = leadersOf(state);
  const r = rollInitiativeContest(
    rng,
    leaders.map((c) => ({ id: c.id, side: c.side, intScore: c.int })),
  );
  if (!r.ok) return r;
  return ok([ev({ kind: 'contest-rolled', rounds: r.value.rounds, winner: r.value.winner })]);
}

/** Checks that `next` may be passed the initiative (passing flow). */
function passable(state: InitiativeState, next: string, acted: readonly string[], excluding: readonly string[]): Decision | null {
  const k = known(state, next, 'next');
  if (k) return k;
  if (excluding.includes(next)) return fail('pass-to-self', `${next} cannot pass the initiative to themself; name someone else.`);
  if (acted.includes(next)) return fail('already-acted', `${next} has already taken a turn this round; pass to ${eligible(state, acted).join(', ') || 'nobody'}.`);
  if (state.round === 1 && state.surprised.includes(next)) return fail('surprised', `${next} is surprised and sits out this round.`);
  if (state.readied.some((r) => r.id === next)) return fail('readied', `${next} has readied and is waiting; pass to someone else.`);
  return null;
}

function decidePassingEndTurn(state: InitiativeState, by: string, next: string | undefined): Decision {
  const acted = [...state.acted, by];
  const waiting = state.readied.filter((r) => r.waitFor === by).map((r) => [r.id]);
  const queue = [...waiting, ...state.queue];
  const ended = (q: readonly (readonly string[])[]) => ev({ kind: 'turn-ended', actors: [by], affected: [], chooser: null, queue: q });
  const head = queue[0];
  if (head !== undefined) {
    if (next !== undefined && !(head.length === 1 && head[0] === next)) {
      return fail('must-go-next', `${head.join(', ')} must act next (readied or an interrupt's loser); leave next out or name them.`);
    }
    return ok([ended(queue), ev({ kind: 'turn-given', to: head, by: [by] })]);
  }
  const remaining = eligible(state, acted);
  if (remaining.length === 0) {
    if (next !== undefined) return fail('round-over', `everyone has acted; the round ends and ${by} starts the next one with start-round.`);
    return ok([ended([]), ev({ kind: 'round-ended', round: state.round, declarer: by })]);
  }
  if (next === undefined) return fail('name-next', `pass the initiative: name one of ${remaining.filter((id) => !state.readied.some((r) => r.id === id)).join(', ')}.`);
  const bad = passable(state, next, acted, [by]);
  if (bad) return bad;
  return ok([ended([]), ev({ kind: 'turn-given', to: [next], by: [by] })]);
}

function decideExchangeEnd(state: InitiativeState, cmd: Extract<InitiativeCommand, { kind: 'end-action' }>): Decision {
  const actors = state.acting;
  for (const id of cmd.affected) {
    if (!state.combatants.some((c) => c.id === id)) return fail('unknown-combatant', `affected combatant ${id} is not in this fight.`);
  }
  const acted = [...state.acted, ...actors.filter((a) => !state.acted.includes(a))];
  const others = [...new Set(cmd.affected.filter((id) => !actors.includes(id) && isIn(state, id)))];
  const remaining = eligible(state, acted);
  const next = cmd.next ?? [];
  const chooser = cmd.chooser ?? null;
  const ended = (queue: readonly (readonly string[])[]) => ev({ kind: 'turn-ended', actors, affected: cmd.affected, chooser, queue });
  const head = state.queue[0];
  if (head !== undefined) {
    if (next.length > 0 && !(next.length === head.length && next.every((x) => head.includes(x)))) {
      return fail('must-go-next', `${head.join(', ')} must act next (the other side of an interrupt); leave next out or name them.`);
    }
    return ok([ended(state.queue), ev({ kind: 'turn-given', to: head, by: actors })]);
  }
  if (remaining.length === 0) {
    if (next.length > 0) return fail('exchange-over', 'everyone has acted in this Exchange; it ends here (new-exchange or end-combat).');
    return ok([ended([]), ev({ kind: 'round-ended', round: state.round, declarer: actors[actors.length - 1] ?? null })]);
  }
  if (next.length === 0) return fail('name-next', `name who acts next, among ${remaining.join(', ')}.`);
  for (const id of next) {
    const k = known(state, id, 'next');
    if (k) return k;
    if (!remaining.includes(id)) return fail('already-acted', `${id} cannot act now (already acted this Exchange, acting, or surprised); choose among ${remaining.join(', ')}.`);
  }
  const givenBy = (to: readonly string[]) => ok([ended([]), ev({ kind: 'turn-given', to, by: actors })]);
  const fresh = others.filter((id) => remaining.includes(id));
  if (others.length === 0) {
    if (next.length !== 1) return fail('one-next', 'an action that affected only its actor passes to one other combatant who has not acted.');
    if (chooser !== null) return fail('no-chooser', 'a chooser names the next only when an affected combatant has already acted.');
    return givenBy(next);
  }
  if (chooser !== null) {
    if (!others.includes(chooser)) return fail('bad-chooser', `${chooser} was not affected by the action; only an affected combatant who has acted names the next.`);
    if (!acted.includes(chooser)) return fail('bad-chooser', `${chooser} has not acted yet, so they act next themself (name them as next).`);
    if (next.length !== 1) return fail('one-next', `${chooser} names one combatant to act next.`);
    return givenBy(next);
  }
  if (next.length === 1 && fresh.includes(next[0]!)) return givenBy(next);
  if (next.length > 1 && next.length === fresh.length && fresh.every((x) => next.includes(x))) return givenBy(next);
  if (fresh.length === 0) return fail('needs-chooser', `everyone the action affected has already acted; one of them (${others.join(', ')}) names the next as chooser.`);
  return fail(
    'not-affected',
    `the next to act is one of those affected (${fresh.join(', ')}), or all of them at once; or an affected combatant who has acted chooses.`,
  );
}

function decideInterrupt(rng: RandomSource, state: InitiativeState, by: string, target: string | undefined): Decision {
  if (state.status !== 'in-turn' || state.acting.length === 0) return fail('nobody-acting', 'an interrupt is declared when another combatant is about to act.');
  const k = known(state, by, 'interrupter');
  if (k) return k;
  if (state.acting.includes(by)) return fail('interrupt-self', `${by} is already acting.`);
  const passing = state.settings.flow === 'passing';
  const t = target ?? (state.acting.length === 1 ? state.acting[0]! : undefined);
  if (t === undefined) return fail('name-target', `several act at once (${state.acting.join(', ')}); name the one whose roll you contest as target.`);
  if (!state.acting.includes(t)) return fail('target-not-acting', `${t} is not about to act; ${state.acting.join(', ')} is.`);
  if (passing) {
    if (!state.readied.some((r) => r.id === by && r.waitFor === t)) return fail('not-readied', `${by} may interrupt only a combatant they readied against; ${by} is not waiting for ${t}.`);
  } else {
    if (state.acted.includes(by)) return fail('already-acted', `${by} has already acted this Exchange and cannot interrupt.`);
    if (state.round === 1 && state.surprised.includes(by)) return fail('surprised', `${by} is surprised and cannot act in the first Exchange.`);
    if (state.queue.some((g) => g.includes(by))) return fail('already-next', `${by} already acts right after; no interrupt needed.`);
  }
  const stat = passing ? 'INT' : 'DEX';
  const score = (id: string) => (passing ? combatant(state, id).int : combatant(state, id).dex);
  const r = rollInterrupt(rng, { stat, interrupter: { id: by, score: score(by) }, target: { id: t, score: score(t) }, ties: state.settings.interruptTies });
  if (!r.ok) return r;
  const won = r.value.winner === by;
  const group = state.acting;
  return ok([
    ev({
      kind: 'interrupt-rolled',
      stat,
      interrupter: by,
      target: group,
      targetRoller: t,
      rounds: r.value.rounds,
      winner: r.value.winner,
      first: won ? [by] : group,
      then: won ? group : [by],
    }),
  ]);
}

function decide(state: InitiativeState | null, cmd: InitiativeCommand, rng: RandomSource | null): Decision {
  const needDice = (): RandomSource => {
    if (rng === null) throw new InitiativeNeedsDiceError(`${cmd.kind} rolls dice; call rollInitiativeCommand(rng, state, command)`);
    return rng;
  };
  if (cmd.kind === 'start') {
    if (state !== null && state.status !== 'ended') return fail('already-started', 'this fight has started; end it before starting another.');
    return decideStart(cmd);
  }
  if (state === null) return fail('not-started', 'start the fight first (start, with its combatants).');
  if (state.status === 'ended') return fail('ended', 'this fight has ended.');
  const passing = state.settings.flow === 'passing';
  const wrongFlow = (which: InitiativeFlow) => fail('wrong-flow', `${cmd.kind} belongs to the ${which} flow; this table plays ${state.settings.flow}.`);
  switch (cmd.kind) {
    case 'roll-surprise':
      return decideSurprise(needDice(), state, cmd.ids);
    case 'roll-contest':
      return decideContest(needDice(), state);
    case 'declare-first': {
      if (!passing) return wrongFlow('passing');
      if (state.status !== 'awaiting-first') return fail('not-now', state.status === 'awaiting-contest' ? 'roll the Initiative Contest first.' : 'the first to act has been declared.');
      const k = known(state, cmd.by, 'declarer') ?? known(state, cmd.first, 'first');
      if (k) return k;
      const winnersLeft = state.combatants.some((c) => c.side === state.contestWinnerSide && isIn(state, c.id));
      if (winnersLeft && combatant(state, cmd.by).side !== state.contestWinnerSide) return fail('not-winner', `side ${state.contestWinnerSide} won the Initiative; one of them declares who goes first.`);
      if (state.surprised.includes(cmd.first)) return fail('surprised', `${cmd.first} is surprised and sits out the first round.`);
      return ok([ev({ kind: 'turn-given', to: [cmd.first], by: [cmd.by] })]);
    }
    case 'ready': {
      if (!passing) return wrongFlow('passing');
      if (state.status !== 'in-turn' || state.acting[0] !== cmd.by) return fail('not-your-turn', `only the combatant passed the initiative may ready; that is ${state.acting.join(', ') || 'nobody'}.`);
      if (state.isOwedTurn) return fail('must-act', `${cmd.by} acts now: the turn comes from a readied wait or an interrupt and cannot be readied again.`);
      const k = known(state, cmd.waitFor, 'the combatant waited for');
      if (k) return k;
      if (cmd.waitFor === cmd.by) return fail('wait-for-self', 'ready against another combatant, not yourself.');
      if (state.acted.includes(cmd.waitFor)) return fail('already-acted', `${cmd.waitFor} has already acted this round; ready against someone who has not.`);
      const bad = passable({ ...state, readied: [...state.readied, { id: cmd.by, waitFor: cmd.waitFor }] }, cmd.next, state.acted, [cmd.by]);
      if (bad) return bad;
      return ok([ev({ kind: 'readied', id: cmd.by, waitFor: cmd.waitFor }), ev({ kind: 'turn-given', to: [cmd.next], by: [cmd.by] })]);
    }
    case 'interrupt':
      return decideInterrupt(needDice(), state, cmd.by, cmd.target);
    case 'end-turn': {
      if (!passing) return wrongFlow('passing');
      if (state.status !== 'in-turn' || state.acting[0] !== cmd.by) return fail('not-your-turn', `it is ${state.acting.join(', ') || 'nobody'}'s turn, not ${cmd.by}'s.`);
      return decidePassingEndTurn(state, cmd.by, cmd.next);
    }
    case 'start-round': {
      if (!passing) return wrongFlow('passing');
      if (state.status !== 'round-over') return fail('round-not-over', 'a new round starts once everyone has acted.');
      const k = known(state, cmd.by, 'declarer') ?? known(state, cmd.first, 'first');
      if (k) return k;
      if (state.declarer !== null && isIn(state, state.declarer) && cmd.by !== state.declarer) {
        return fail('not-declarer', `${state.declarer} acted last and declares who starts the next round.`);
      }
      return ok([ev({ kind: 'round-started', round: state.round + 1 }), ev({ kind: 'turn-given', to: [cmd.first], by: [cmd.by] })]);
    }
    case 'end-action':
      if (passing) return wrongFlow('exchanges');
      if (state.status !== 'in-turn') return fail('nobody-acting', 'nobody is acting; start a new Exchange.');
      return decideExchangeEnd(state, cmd);
    case 'new-exchange': {
      if (passing) return wrongFlow('exchanges');
      if (state.status !== 'exchange-over') return fail('exchange-not-over', 'a new Exchange begins once everyone has taken a turn in this one.');
      if (cmd.first.length === 0) return fail('name-next', 'name who acts first in the new Exchange.');
      for (const id of cmd.first) {
        const k = known(state, id, 'first');
        if (k) return k;
      }
      return ok([ev({ kind: 'round-started', round: state.round + 1 }), ev({ kind: 'turn-given', to: cmd.first, by: [] })]);
    }
    case 'remove': {
      const k = known(state, cmd.id, 'combatant');
      if (k) return k;
      if (state.acting.includes(cmd.id) && state.acting.length === 1) return fail('end-turn-first', `${cmd.id} is acting; end their turn (naming the next) and then remove them.`);
      return ok([ev({ kind: 'combatant-removed', id: cmd.id })]);
    }
    case 'end-combat':
      return ok([ev({ kind: 'combat-ended' })]);
  }
}

function step(state: InitiativeState | null, d: Decision): RuleResult<InitiativeStep> {
  if (!d.ok) return d;
  let s = state;
  for (const e of d.value) s = evolveInitiative(s, e);
  return ok({ events: d.value, state: s! });
}

/**
 * Decides a command that throws no dice and applies its events. A rolling command (`roll-contest`,
 * `roll-surprise`, `interrupt`) throws `InitiativeNeedsDiceError`: use `rollInitiativeCommand`.
 * @example applyInitiative(null, { kind: 'start', combatants }).value.state.status // 'awaiting-contest'
 */
export function applyInitiative(state: InitiativeState | null, command: InitiativeCommand): RuleResult<InitiativeStep> {
  return step(state, decide(state, command, null));
}

/**
 * Decides any command, rolling with `rng` where it must (the server's source), and applies its events;
 * the faces are stored in the events, so `foldInitiative` replays them without rolling.
 * @example rollInitiativeCommand(rng, state, { kind: 'roll-contest' }).value.events[0].kind // 'contest-rolled'
 */
export function rollInitiativeCommand(rng: RandomSource, state: InitiativeState | null, command: InitiativeCommand): RuleResult<InitiativeStep> {
  return step(state, decide(state, command, rng));
}

/** Who may be named next now (passing: not acted, not readied; Exchanges: not acted), for a form. */
export function initiativeCandidates(state: InitiativeState): readonly string[] {
  const acted = [...state.acted, ...state.acting];
  return eligible(state, acted).filter((id) => !state.readied.some((r) => r.id === id));
}

/**
 * A contract entrant (`InitiativeEntrant`) as a combatant: its INT and DEX scores read from `stats` by the
 * attribute ids (`INT`, `DEX`; lower-case accepted), for a table that only knows the contract.
 * @example combatantFromEntrant({ id: 'ana', side: 'party', stats: { INT: 13, DEX: 12 } }).value.int // 13
 */
export function combatantFromEntrant(entrant: InitiativeEntrant): RuleResult<Combatant> {
  const read = (id: 'INT' | 'DEX') => entrant.stats[id] ?? entrant.stats[id.toLowerCase()];
  const int = read('INT');
  const dex = read('DEX');
  if (int === undefined || dex === undefined) {
    return problem('initiative/missing-stat', `${entrant.id} needs INT and DEX scores for initiative (the Contest and interrupts read them).`, `$.${entrant.id}.stats`);
  }
  return ok({ id: entrant.id, side: entrant.side, int, dex, ...(entrant.isLeader === true ? { isLeader: true } : {}) });
}
