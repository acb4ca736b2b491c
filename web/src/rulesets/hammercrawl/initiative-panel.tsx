/**
 * Initiative as written, in the combat tracker (above the order): whose decision it is, and only the
 * moves the rules allow now, offered to the member who may make them (a player for their own
 * character's combatant, the Smith for every one); each is sent as the tracker's `initiative` action. The
 * odds of the Initiative Contest, of an interrupt and of a surprise Test show before the click, except
 * against one of the Smith's hidden foes (TB-17). The state is the fold of the table's
 * `initiative-changed` events. Rules: HAMMERCRAWL! v4, COMBAT (Order of Actions; Passing the Initiative;
 * New Rounds) and COMBAT FLOW (2024-09 proposal); rulings IN-1 to IN-18.
 */
import { useMemo, useState } from 'preact/hooks';
import {
  initiativeCandidates,
  initiativeContestOdds,
  interruptOdds,
  surpriseRecoveryOdds,
  type Combatant as InitiativeCombatant,
  type InitiativeState,
} from '../../../../src/rules/hammercrawl/initiative/index.js';
import type { Combatant } from '../../lib/combat-view.js';
import type { CombatPanelProps } from '../types.js';
import {
  contestLeaders,
  decisionOf,
  exchangeInterrupters,
  exchangeNextChoices,
  initiativeOf,
  owedAfter,
  speakerOf,
  standing,
  surpriseTestable,
  type ExchangeNext,
} from './initiative-moves.js';

export { initiativeOf } from './initiative-moves.js';

const pct = (p: number) => `${(p * 100).toFixed(1)}%`;

/** What the odds say when a hidden foe's score would give them away. */
const SMITHS_ODDS = "the odds are the Smith's to know";

type Send = (command: Record<string, unknown>) => void;
type Names = (id: string) => string;

/** A select of combatants. */
function Pick(props: { label: string; value: string; ids: readonly string[]; name: Names; onChange: (v: string) => void }) {
  return (
    <label>
      {props.label}{' '}
      <select value={props.value} onChange={(e) => props.onChange((e.target as HTMLSelectElement).value)}>
        {props.ids.map((id) => (
          <option key={id} value={id}>
            {props.name(id)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Checkboxes of combatants (several may be chosen). */
function Checks(props: { legend: string; ids: readonly string[]; chosen: readonly string[]; name: Names; onChange: (ids: string[]) => void; note?: (id: string) => string | null }) {
  return (
    <fieldset class="initiative-checks">
      <legend>{props.legend}</legend>
      {props.ids.map((id) => (
        <label key={id}>
          <input
            type="checkbox"
            checked={props.chosen.includes(id)}
            onChange={(e) => props.onChange((e.target as HTMLInputElement).checked ? [...props.chosen, id] : props.chosen.filter((x) => x !== id))}
          />{' '}
          {props.name(id)}
          {props.note?.(id) ? <span class="odds"> {props.note(id)}</span> : null}
        </label>
      ))}
    </fieldset>
  );
}

/** The raw tracker's leader marks (`isLeader`), which the generic view does not read. */
function leaderMarks(combat: unknown): ReadonlySet<string> {
  const list = (combat as { combatants?: unknown } | null)?.combatants;
  if (!Array.isArray(list)) return new Set();
  return new Set(list.filter((c): c is { id: string } => typeof c === 'object' && c !== null && (c as { isLeader?: unknown }).isLeader === true && typeof (c as { id?: unknown }).id === 'string').map((c) => c.id));
}

/** The Smith's form before the fight: leaders (passing), who starts (Exchanges), who is surprised. */
function StartForm(props: CombatPanelProps & { name: Names }) {
  const { combatants, name, act } = props;
  const isExchanges = props.settings['initiative-flow'] === 'exchanges';
  const up = combatants.filter((c) => !c.isDown);
  const marks = leaderMarks(props.combat);
  const [initiatorPick, setInitiator] = useState('');
  const [leaderPick, setLeader] = useState<Record<string, string>>({});
  const [surprised, setSurprised] = useState<string[]>([]);
  const ids = up.map((c) => c.id);
  const initiator = ids.includes(initiatorPick) ? initiatorPick : (ids[0] ?? '');
  const sides = [...new Set(up.map((c) => c.side))];
  const membersOf = (side: string) => up.filter((c) => c.side === side);
  const leaderOf = (side: string) => {
    const members = membersOf(side).map((c) => c.id);
    const picked = leaderPick[side];
    return picked !== undefined && members.includes(picked) ? picked : (members.find((id) => marks.has(id)) ?? members[0] ?? '');
  };
  const surprisable = ids.filter((id) => !(isExchanges && id === initiator));
  const shownSurprised = surprised.filter((id) => surprisable.includes(id));
  const start = async () => {
    if (!isExchanges) {
      // Leaders are tracker marks (`isLeader`): only the changes are sent, then the start.
      for (const side of sides) {
        const leader = leaderOf(side);
        for (const c of membersOf(side)) {
          const should = c.id === leader;
          if (should !== marks.has(c.id) && !(await act({ type: 'update', combatantId: c.id, isLeader: should }))) return;
        }
      }
    }
    const surprisedPart = shownSurprised.length > 0 ? { surprised: shownSurprised } : {};
    await act({ type: 'initiative', command: isExchanges ? { kind: 'start', initiator, ...surprisedPart } : { kind: 'start', ...surprisedPart } });
  };
  return (
    <section class="initiative-panel" aria-label="Initiative">
      <h3>Initiative: {isExchanges ? 'Exchanges' : 'passing the initiative'}</h3>
      <div class="initiative-row">
        {isExchanges ? (
          <Pick label="Who starts the fight" value={initiator} ids={ids} name={name} onChange={setInitiator} />
        ) : (
          sides.map((side) => (
            <Pick
              key={side}
              label={`Leader of the ${side === 'party' ? 'party' : 'foes'}`}
              value={leaderOf(side)}
              ids={membersOf(side).map((c) => c.id)}
              name={name}
              onChange={(v) => setLeader({ ...leaderPick, [side]: v })}
            />
          ))
        )}
      </div>
      <Checks legend="Surprised (sit out the first round unless their INT Test succeeds)" ids={surprisable} chosen={shownSurprised} name={name} onChange={setSurprised} />
      <button type="button" class="primary" onClick={() => void start()}>
        Start initiative
      </button>{' '}
      <span class="hint">{isExchanges ? 'Exchanges: whoever starts the fight acts first; then whoever an action affected.' : 'The leaders roll the Initiative Contest; the winning side names who acts first.'}</span>
    </section>
  );
}

/** The surprise part: who is surprised, and (the Smith's) the INT Tests with their odds. */
function Surprise(props: { state: InitiativeState; isSmith: boolean; name: Names; send: Send; score: (id: string) => InitiativeCombatant | undefined }) {
  const { state, name } = props;
  const testable = surpriseTestable(state);
  const [chosen, setChosen] = useState<string[] | null>(null);
  if (state.round !== 1 || state.surprised.length === 0 || state.status === 'ended') return null;
  const ids = (chosen ?? testable).filter((id) => testable.includes(id));
  const oddsOf = (id: string) => {
    const c = props.score(id);
    if (c === undefined) return null;
    if (c.isHidden === true) return `(${SMITHS_ODDS})`;
    const o = surpriseRecoveryOdds(c.int);
    return o.ok ? `recovers ${pct(o.value)} (INT ${c.int})` : null;
  };
  return (
    <div class="initiative-surprise">
      <p>
        Surprised: <strong>{state.surprised.map(name).join(', ')}</strong> (they sit out the first {state.settings.flow === 'passing' ? 'round' : 'Exchange'}).
      </p>
      {testable.length > 0 && props.isSmith ? (
        <>
          <Checks legend="Let roll an INT Test to recover (d20 at or under INT)" ids={testable} chosen={ids} name={name} onChange={setChosen} note={oddsOf} />
          <button type="button" disabled={ids.length === 0} onClick={() => props.send({ kind: 'roll-surprise', ids })}>
            Roll surprise Tests
          </button>
        </>
      ) : testable.length > 0 ? (
        <p class="hint">The Smith may let them roll an INT Test to recover before anyone acts.</p>
      ) : null}
    </div>
  );
}

/** The panel of the passing flow's turn: end the turn, ready, and the readied combatants' interrupts. */
function PassingTurn(props: { state: InitiativeState; name: Names; send: Send; may: (id: string) => boolean; score: (id: string) => InitiativeCombatant | undefined }) {
  const { state, name, send } = props;
  const acting = state.acting[0]!;
  const candidates = initiativeCandidates(state);
  const owed = owedAfter(state);
  const [next, setNext] = useState('');
  const [waitFor, setWaitFor] = useState('');
  const chosen = candidates.includes(next) ? next : (candidates[0] ?? '');
  const waitIds = standing(state)
    .map((c) => c.id)
    .filter((id) => id !== acting && !state.acted.includes(id));
  const target = waitIds.includes(waitFor) ? waitFor : (waitIds[0] ?? '');
  const interrupters = state.readied.filter((r) => r.waitFor === acting).map((r) => r.id);
  return (
    <>
      {props.may(acting) ? (
        <div class="initiative-row">
          {owed.length > 0 ? (
            <span>Then {owed.map(name).join(', ')} (owed the turn).</span>
          ) : candidates.length > 0 ? (
            <Pick label="Pass to:" value={chosen} ids={candidates} name={name} onChange={setNext} />
          ) : (
            <span>Everyone has acted: ending this turn ends the round.</span>
          )}{' '}
          <button type="button" class="primary" onClick={() => send({ kind: 'end-turn', by: acting, ...(owed.length === 0 && candidates.length > 0 ? { next: chosen } : {}) })}>
            End turn
          </button>
        </div>
      ) : null}
      {props.may(acting) && !state.isOwedTurn && waitIds.length > 0 && candidates.length > 0 ? (
        <div class="initiative-row">
          <Pick label="Ready against:" value={target} ids={waitIds} name={name} onChange={setWaitFor} />{' '}
          <button type="button" onClick={() => send({ kind: 'ready', by: acting, waitFor: target, next: chosen })}>
            Ready and pass to {name(chosen)}
          </button>
        </div>
      ) : null}
      {interrupters.filter(props.may).map((id) => {
        const a = props.score(id);
        const b = props.score(acting);
        const isHidden = a?.isHidden === true || b?.isHidden === true;
        const odds = a && b && !isHidden ? interruptOdds({ stat: 'INT', interrupter: { id, score: a.int }, target: { id: acting, score: b.int }, ties: state.settings.interruptTies }) : null;
        return (
          <p key={id} class="initiative-row">
            <button type="button" onClick={() => send({ kind: 'interrupt', by: id, target: acting })}>
              {name(id)} interrupts {name(acting)}
            </button>
            <span class="odds"> {isHidden ? `(${SMITHS_ODDS})` : odds?.ok ? `Initiative Challenge: ${name(id)} first ${pct(odds.value.interrupterFirst)}` : ''}</span>
          </p>
        );
      })}
    </>
  );
}

const nextKey = (o: ExchangeNext) => (o.kind === 'all' ? 'all' : `${o.kind}:${o.id}`);

/** The panel of an Exchange action: whom it affected, who acts next (one, all at once, or a chooser), and the DEX interrupt. */
function ExchangeTurn(props: { state: InitiativeState; name: Names; send: Send; may: (id: string) => boolean; isSmith: boolean; score: (id: string) => InitiativeCombatant | undefined }) {
  const { state, name, send } = props;
  const [affected, setAffected] = useState<string[]>([]);
  const [pick, setPick] = useState('');
  const [chosenNext, setChosenNext] = useState('');
  const [interrupter, setInterrupter] = useState('');
  const [target, setTarget] = useState('');
  const others = standing(state)
    .map((c) => c.id)
    .filter((id) => !state.acting.includes(id));
  const shownAffected = affected.filter((id) => others.includes(id));
  const choices = exchangeNextChoices(state, shownAffected);
  const mayEnd = state.acting.some(props.may);
  let nextPart;
  let command: Record<string, unknown> | null = null;
  if (choices.kind === 'forced') {
    nextPart = <span>Then {choices.next.map(name).join(' and ')} (the other side of the interrupt).</span>;
    command = { kind: 'end-action', affected: shownAffected };
  } else if (choices.kind === 'ends') {
    nextPart = <span>Everyone has acted: this ends the Exchange.</span>;
    command = { kind: 'end-action', affected: shownAffected };
  } else if (choices.options.length > 0) {
    const option = choices.options.find((o) => nextKey(o) === pick) ?? choices.options[0]!;
    const label = (o: ExchangeNext) => (o.kind === 'one' ? name(o.id) : o.kind === 'all' ? `All at once: ${o.ids.map(name).join(' and ')}` : `${name(o.id)} (has acted) chooses`);
    const chooserNext = choices.remaining.includes(chosenNext) ? chosenNext : choices.remaining[0]!;
    nextPart = (
      <>
        <label>
          Acts next:{' '}
          <select value={nextKey(option)} onChange={(e) => setPick((e.target as HTMLSelectElement).value)}>
            {choices.options.map((o) => (
              <option key={nextKey(o)} value={nextKey(o)}>
                {label(o)}
              </option>
            ))}
          </select>
        </label>
        {option.kind === 'chooser' ? (
          <>
            {' '}
            <Pick label={`${name(option.id)} names:`} value={chooserNext} ids={choices.remaining} name={name} onChange={setChosenNext} />
          </>
        ) : null}
      </>
    );
    command =
      option.kind === 'one'
        ? { kind: 'end-action', affected: shownAffected, next: [option.id] }
        : option.kind === 'all'
          ? { kind: 'end-action', affected: shownAffected, next: option.ids }
          : { kind: 'end-action', affected: shownAffected, chooser: option.id, next: [chooserNext] };
  } else {
    nextPart = <span class="hint">Nobody the action affected may act next: tick another, or clear them to name anyone who has not acted.</span>;
  }
  const interrupters = exchangeInterrupters(state).filter(props.may);
  const by = interrupters.includes(interrupter) ? interrupter : (interrupters[0] ?? '');
  const against = state.acting.includes(target) ? target : state.acting[0]!;
  const a = props.score(by);
  const b = props.score(against);
  const isHidden = a?.isHidden === true || b?.isHidden === true;
  const odds = a && b && !isHidden ? interruptOdds({ stat: 'DEX', interrupter: { id: by, score: a.dex }, target: { id: against, score: b.dex }, ties: state.settings.interruptTies }) : null;
  return (
    <>
      {mayEnd ? (
        <>
          {choices.kind !== 'forced' || others.length > 0 ? (
            <Checks legend="Whom the action affected (targeted or touched)" ids={others} chosen={shownAffected} name={name} onChange={setAffected} />
          ) : null}
          <div class="initiative-row">
            {nextPart}{' '}
            <button type="button" class="primary" disabled={command === null} onClick={() => command !== null && send(command)}>
              End action
            </button>
          </div>
        </>
      ) : null}
      {interrupters.length > 0 ? (
        <div class="initiative-row">
          {interrupters.length > 1 ? <Pick label="Interrupter:" value={by} ids={interrupters} name={name} onChange={setInterrupter} /> : null}
          {state.acting.length > 1 ? <Pick label="Contest the DEX of:" value={against} ids={state.acting} name={name} onChange={setTarget} /> : null}{' '}
          <button type="button" onClick={() => send({ kind: 'interrupt', by, target: against })}>
            {name(by)} interrupts {state.acting.length > 1 ? state.acting.map(name).join(' and ') : name(against)}
          </button>
          <span class="odds"> {isHidden ? `(${SMITHS_ODDS})` : odds?.ok ? `DEX Competition: ${name(by)} first ${pct(odds.value.interrupterFirst)} (ties to ${name(against)})` : ''}</span>
        </div>
      ) : null}
    </>
  );
}

/** The initiative panel of the tracker. */
export function InitiativePanel(props: CombatPanelProps) {
  const { combatants, isSmith, act } = props;
  const state = useMemo(() => initiativeOf(props.events), [props.events]);
  const [pick, setPick] = useState('');
  const [firsts, setFirsts] = useState<string[]>([]);
  const may = (id: string) => isSmith || (props.mayActFor?.(id) ?? false);
  const name = (id: string) => combatants.find((c: Combatant) => c.id === id)?.name ?? id;
  const send: Send = (command) => void act({ type: 'initiative', command });
  if (state === null || state.status === 'ended') {
    return isSmith && combatants.filter((c) => !c.isDown).length > 1 ? <StartForm {...props} name={name} /> : null;
  }
  const score = (id: string) => state.combatants.find((c) => c.id === id);
  const decision = decisionOf(state);
  const speaker = decision.deciders === null ? null : speakerOf(decision.deciders, isSmith, may);
  const isMine = isSmith || speaker !== null;
  const who = decision.deciders === null ? 'the Smith' : decision.deciders.length === 0 ? 'the Smith' : decision.deciders.length > 3 ? 'anyone still in the fight' : decision.deciders.map(name).join(' or ');
  const ids = standing(state).map((c) => c.id);
  const turnKey = `${state.round}:${state.acted.join(',')}:${state.acting.join(',')}`;
  let body = null;
  switch (state.status) {
    case 'awaiting-contest': {
      const leaders = contestLeaders(state);
      // A hidden foe's INT is the Smith's (TB-17): players are told so rather than shown odds on a guess.
      const hiddenLeader = leaders.find((c) => c.isHidden === true);
      const odds = initiativeContestOdds(leaders.map((c) => ({ id: c.id, side: c.side, intScore: c.int })));
      body = (
        <>
          <p>Leaders: {leaders.map((c) => name(c.id)).join(', ')}.</p>
          {hiddenLeader !== undefined ? (
            <p class="odds">The odds are the Smith's to know: {name(hiddenLeader.id)}'s INT is behind the screen.</p>
          ) : odds.ok ? (
            <p class="odds">{odds.value.wins.map((w) => `${name(w.id)} ${pct(w.p)}`).join(' · ')}</p>
          ) : null}
          {isMine ? (
            <button type="button" class="primary" onClick={() => send({ kind: 'roll-contest' })}>
              Roll the Initiative Contest
            </button>
          ) : null}
        </>
      );
      break;
    }
    case 'awaiting-first':
    case 'round-over': {
      const isRound = state.status === 'round-over';
      const firstIds = isRound ? ids : initiativeCandidates(state);
      const first = firstIds.includes(pick) ? pick : (firstIds[0] ?? '');
      body =
        isMine && speaker !== null ? (
          <div class="initiative-row">
            <Pick label={isRound ? 'Starts the next round:' : 'First:'} value={first} ids={firstIds} name={name} onChange={setPick} />{' '}
            <button type="button" class="primary" onClick={() => send({ kind: isRound ? 'start-round' : 'declare-first', by: speaker, first })}>
              {isRound ? 'Start the round' : 'Declare'}
            </button>
          </div>
        ) : null;
      break;
    }
    case 'in-turn':
      body = (
        <>
          <p>
            <strong class="initiative-acting">{state.acting.map(name).join(' and ')}</strong> {state.acting.length > 1 ? 'act at once' : 'acts'}
            {state.isOwedTurn ? ' (an owed turn)' : ''}.
          </p>
          {/* A new turn starts with a fresh form: nothing ticked or picked for the last one carries over. */}
          {state.settings.flow === 'passing' ? (
            <PassingTurn key={turnKey} state={state} name={name} send={send} may={may} score={score} />
          ) : (
            <ExchangeTurn key={turnKey} state={state} name={name} send={send} may={may} isSmith={isSmith} score={score} />
          )}
        </>
      );
      break;
    case 'exchange-over': {
      const shown = firsts.filter((id) => ids.includes(id));
      body = isSmith ? (
        <>
          <Checks legend="Acts first in the next Exchange (several act at once)" ids={ids} chosen={shown} name={name} onChange={setFirsts} />
          <button type="button" class="primary" disabled={shown.length === 0} onClick={() => send({ kind: 'new-exchange', first: shown })}>
            New Exchange
          </button>
        </>
      ) : null;
      break;
    }
    default:
      body = null;
  }
  const readied = state.settings.flow === 'passing' ? state.readied : [];
  // Down or gone from the tracker but still in the initiative: the Smith takes them out (not the one acting alone).
  const leaving = isSmith ? ids.filter((id) => !combatants.some((c) => c.id === id && !c.isDown) && !(state.acting.length === 1 && state.acting[0] === id)) : [];
  return (
    <section class="initiative-panel" aria-label="Initiative">
      <h3>Initiative: {state.settings.flow === 'passing' ? 'passing the initiative' : 'Exchanges'}</h3>
      <p class="initiative-decision">
        {state.status === 'exchange-over' ? `Exchange ${state.round} is over. ` : state.status === 'round-over' ? `Round ${state.round} is over. ` : ''}
        Decision: <strong>{who}</strong> to {decision.what}
        {isMine ? (isSmith ? '' : ' (yours)') : ' (not yours to make)'}.
      </p>
      {readied.length > 0 ? <p>Readied: {readied.map((r) => `${name(r.id)} waits for ${name(r.waitFor)}`).join('; ')}.</p> : null}
      <Surprise state={state} isSmith={isSmith} name={name} send={send} score={score} />
      {body}
      {leaving.map((id) => (
        <p key={id} class="initiative-row">
          <button type="button" onClick={() => send({ kind: 'remove', id })}>
            Take {name(id)} out of the initiative
          </button>
          <span class="hint"> (down or no longer in the tracker)</span>
        </p>
      ))}
      {isSmith ? (
        <p class="initiative-smith">
          <button type="button" class="ghost" onClick={() => send({ kind: 'end-combat' })}>
            End initiative
          </button>{' '}
          <span class="hint">The Smith may make any of these moves, and set the order by hand below.</span>
        </p>
      ) : null}
    </section>
  );
}
