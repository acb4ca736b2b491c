/**
 * Initiative as written, in the combat tracker (above the order): whose decision it is, and only the
 * moves the rules allow now, each sent as the tracker's `initiative` action; the odds of the Initiative
 * Contest and of an interrupt show before the click. The state is the fold of the table's
 * `initiative-changed` events. Rules: HAMMERCRAWL! v4, COMBAT (Order of Actions; Passing the
 * Initiative; New Rounds) and COMBAT FLOW (2024-09 proposal); rulings IN-1 to IN-15.
 */
import { useMemo, useState } from 'preact/hooks';
import {
  initiativeCandidates,
  initiativeContestOdds,
  interruptOdds,
  type InitiativeState,
} from '../../../../src/rules/hammercrawl/initiative/index.js';
import { foldInitiativeChanged } from '../../../../src/rules/hammercrawl/table/initiative.js';
import type { RulesetEvent } from '../../lib/protocol.js';
import type { CombatPanelProps } from '../types.js';

/** The fight's initiative from the table's events (null before any, or when the log cannot be read). */
export function initiativeOf(events: readonly RulesetEvent[]): InitiativeState | null {
  let s: InitiativeState | null = null;
  try {
    for (const e of events) {
      // The Smith's page has the whole truth in `forSmith`; a player's the view without hidden foes' numbers (TB-17).
      if (e.kind === 'initiative-changed') s = foldInitiativeChanged(s, e as unknown as { readonly [key: string]: unknown });
    }
  } catch {
    return null;
  }
  return s;
}

const pct = (p: number) => `${(p * 100).toFixed(1)}%`;

/** The initiative panel of the tracker. */
export function InitiativePanel(props: CombatPanelProps) {
  const { combatants, isSmith, act } = props;
  const state = useMemo(() => initiativeOf(props.events), [props.events]);
  const [pick, setPick] = useState('');
  const [waitFor, setWaitFor] = useState('');
  const name = (id: string) => combatants.find((c) => c.id === id)?.name ?? id;
  const send = (command: Record<string, unknown>) => void act({ type: 'initiative', command });
  if (state === null || state.status === 'ended') {
    // The Exchanges begin with whoever's action starts the fight (COMBAT FLOW 2024-09).
    const isExchanges = props.settings['initiative-flow'] === 'exchanges';
    const standing = combatants.filter((c) => !c.isDown).map((c) => c.id);
    const initiator = standing.includes(pick) ? pick : (standing[0] ?? '');
    return isSmith && combatants.length > 1 ? (
      <section class="initiative-panel" aria-label="Initiative">
        {isExchanges ? (
          <label>
            Who starts the fight{' '}
            <select value={initiator} onChange={(e) => setPick((e.target as HTMLSelectElement).value)}>
              {standing.map((id) => (
                <option key={id} value={id}>
                  {name(id)}
                </option>
              ))}
            </select>{' '}
          </label>
        ) : null}
        <button type="button" onClick={() => send(isExchanges ? { kind: 'start', initiator } : { kind: 'start' })}>
          Start initiative
        </button>{' '}
        <span class="hint">{isExchanges ? 'Exchanges: whoever an action affects acts next.' : "Mark each side's leader first; the leaders roll the Contest."}</span>
      </section>
    ) : null;
  }
  const candidates = initiativeCandidates(state);
  const chosen = candidates.includes(pick) ? pick : (candidates[0] ?? '');
  const pickList = (value: string, set: (v: string) => void, ids: readonly string[], label: string) => (
    <label>
      {label}{' '}
      <select value={value} onChange={(e) => set((e.target as HTMLSelectElement).value)}>
        {ids.map((id) => (
          <option key={id} value={id}>
            {name(id)}
          </option>
        ))}
      </select>
    </label>
  );
  const acting = state.acting[0];
  let body;
  switch (state.status) {
    case 'awaiting-contest': {
      const leaders = [...new Set(state.combatants.map((c) => c.side))].map((side) => {
        const side_ = state.combatants.filter((c) => c.side === side && !state.out.includes(c.id));
        return side_.find((c) => c.isLeader === true) ?? side_[0]!;
      });
      // A hidden foe's INT is the Smith's (TB-17): players are told so rather than shown odds on a guess.
      const hiddenLeader = leaders.find((c) => c.isHidden === true);
      const odds = initiativeContestOdds(leaders.map((c) => ({ id: c.id, side: c.side, intScore: c.int })));
      body = (
        <>
          <p>
            Waiting for: the leaders ({leaders.map((c) => name(c.id)).join(', ')}) to roll the Initiative Contest.
          </p>
          {hiddenLeader !== undefined ? (
            <p class="odds">The odds are the Smith's to know: {name(hiddenLeader.id)}'s INT is behind the screen.</p>
          ) : odds.ok ? (
            <p class="odds">{odds.value.wins.map((w) => `${name(w.id)} ${pct(w.p)}`).join(' · ')}</p>
          ) : null}
          <button type="button" onClick={() => send({ kind: 'roll-contest' })}>
            Roll the Initiative Contest
          </button>
        </>
      );
      break;
    }
    case 'awaiting-first':
    case 'round-over': {
      const by = state.status === 'round-over' ? state.declarer : state.combatants.find((c) => c.side === state.contestWinnerSide && !state.out.includes(c.id))?.id;
      body = (
        <>
          <p>Waiting for: {by ? name(by) : 'anyone'} to name who acts first{state.status === 'round-over' ? ' in the next round' : ''}.</p>
          {pickList(chosen, setPick, state.status === 'round-over' ? state.combatants.filter((c) => !state.out.includes(c.id)).map((c) => c.id) : candidates, 'First:')}{' '}
          <button type="button" disabled={!by} onClick={() => send({ kind: state.status === 'round-over' ? 'start-round' : 'declare-first', by, first: pick || chosen })}>
            {state.status === 'round-over' ? 'Start the round' : 'Declare'}
          </button>
        </>
      );
      break;
    }
    case 'in-turn': {
      const interrupters = state.settings.flow === 'passing' ? state.readied.filter((r) => acting !== undefined && r.waitFor === acting).map((r) => r.id) : [];
      const score = (id: string) => state.combatants.find((c) => c.id === id);
      body = (
        <>
          <p>
            <strong>{state.acting.map(name).join(' and ')}</strong> {state.acting.length > 1 ? 'act' : 'acts'}; then {state.acting.length > 1 ? 'they pass' : 'passes'} the initiative.
          </p>
          {state.settings.flow === 'passing' ? (
            <>
              {candidates.length > 0 ? pickList(chosen, setPick, candidates, 'Pass to:') : null}{' '}
              <button type="button" onClick={() => send({ kind: 'end-turn', by: acting, ...(candidates.length > 0 && state.queue.length === 0 ? { next: chosen } : {}) })}>
                End turn
              </button>
              {!state.isOwedTurn && candidates.length > 1 ? (
                <span>
                  {' '}
                  {pickList(waitFor || candidates[0]!, setWaitFor, candidates, 'Ready against:')}{' '}
                  <button type="button" onClick={() => send({ kind: 'ready', by: acting, waitFor: waitFor || candidates[0], next: chosen })}>
                    Ready and pass
                  </button>
                </span>
              ) : null}
              {interrupters.map((id) => {
                const a = score(id);
                const b = acting === undefined ? undefined : score(acting);
                const isHidden = a?.isHidden === true || b?.isHidden === true;
                const odds = a && b && !isHidden ? interruptOdds({ stat: 'INT', interrupter: { id, score: a.int }, target: { id: b.id, score: b.int }, ties: state.settings.interruptTies }) : null;
                return (
                  <p key={id}>
                    <button type="button" onClick={() => send({ kind: 'interrupt', by: id, target: acting })}>
                      {name(id)} interrupts
                    </button>
                    {isHidden ? <span class="odds"> (the odds are the Smith's to know)</span> : odds?.ok ? <span class="odds"> {name(id)} first {pct(odds.value.interrupterFirst)}</span> : null}
                  </p>
                );
              })}
            </>
          ) : (
            <>
              {candidates.length > 0 ? pickList(chosen, setPick, candidates, 'Affected, acts next:') : null}{' '}
              <button type="button" onClick={() => send({ kind: 'end-action', affected: candidates.length > 0 ? [chosen] : [], ...(candidates.length > 0 ? { next: [chosen] } : {}) })}>
                End action
              </button>
            </>
          )}
        </>
      );
      break;
    }
    case 'exchange-over':
      body = (
        <>
          <p>Exchange {state.round} is over: who acts first in the next?</p>
          {pickList(chosen || state.combatants[0]!.id, setPick, state.combatants.filter((c) => !state.out.includes(c.id)).map((c) => c.id), 'First:')}{' '}
          <button type="button" onClick={() => send({ kind: 'new-exchange', first: [pick || state.combatants.find((c) => !state.out.includes(c.id))!.id] })}>
            New Exchange
          </button>
        </>
      );
      break;
    default:
      body = null;
  }
  return (
    <section class="initiative-panel" aria-label="Initiative">
      <h3>
        Initiative ({state.settings.flow === 'passing' ? 'passing' : 'Exchanges'}) · {state.settings.flow === 'passing' ? 'Round' : 'Exchange'} {state.round}
      </h3>
      {body}
      {isSmith ? (
        <p>
          <button type="button" onClick={() => send({ kind: 'end-combat' })}>
            End initiative
          </button>
        </p>
      ) : null}
    </section>
  );
}
