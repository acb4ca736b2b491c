/** The roll log: newest first, live; new rolls are announced to screen readers. */
import { useEffect, useState } from 'preact/hooks';
import { announce, rollCard, VISIBILITY_LABEL, type RollCard } from '../lib/describe.js';
import { memberName } from '../lib/table-state.js';
import { MembersBar } from './members.js';
import type { TableSession } from '../session.js';

/** Cards rendered at once (older ones stay in memory, up to MAX_LOG_CARDS). */
const SHOWN = 100;

/** The log section of a table. */
export function RollLog(props: { session: TableSession }) {
  const state = props.session.state.value;
  const after = props.session.announceAfter.value;
  const nameOf = (id: string | null) => memberName(state, id);
  const rs = props.session.ruleSystem.value;
  const checkLabel = (id: string) => rs?.checks.find((c) => c.id === id)?.label ?? null;
  const readRuleset = props.session.rulesetWeb.value.rollCard;
  const cards = state.rolls.slice(-SHOWN).reverse().map((e) => rollCard(e, nameOf, checkLabel, readRuleset));
  const [spoken, setSpoken] = useState('');
  const newest = cards[0];
  useEffect(() => {
    if (newest && newest.seq > after) setSpoken(announce(newest));
  }, [newest?.seq, after]);
  return (
    <section class="log panel" aria-labelledby="log-title">
      <h2 id="log-title">Roll log</h2>
      <MembersBar session={props.session} />
      <div class="sr-only" aria-live="polite" aria-atomic="true" id="log-announcer">
        {spoken}
      </div>
      {cards.length === 0 ? <p class="muted">No rolls yet. Rolls at this table appear here as they happen.</p> : null}
      <ol class="cards" aria-label="Rolls, newest first">
        {cards.map((c) => (
          <Card key={c.seq} card={c} isNew={c.seq > after} />
        ))}
      </ol>
    </section>
  );
}

function time(at: number): string {
  const d = new Date(at);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

function Card(props: { card: RollCard; isNew: boolean }) {
  const c = props.card;
  return (
    <li class={`card${c.isSecret ? ' secret' : ''}${props.isNew ? ' new' : ''}`} data-seq={c.seq}>
      <div class="card-head">
        <span class="who">{c.who}</span>
        <span class={`badge vis-${c.visibility}`}>{VISIBILITY_LABEL[c.visibility]}</span>
        {c.isPhysical ? <span class="badge">Real dice</span> : null}
        <time class="muted" dateTime={new Date(c.at).toISOString()}>
          {time(c.at)}
        </time>
      </div>
      <p class="card-title">{c.title}</p>
      {c.detail ? <p class="mono muted detail">{c.detail}</p> : null}
      {c.dice.length > 0 ? (
        <ul class="dice" aria-label="Dice">
          {c.dice.map((d, i) => (
            <li key={i} class={d.isKept ? 'kept' : 'dropped'}>
              <span class="die-name">{d.die}</span> <span class="face">{d.value}</span>
              {d.isKept ? null : <span class="sr-only"> (dropped)</span>}
              {d.note ? <span class="note"> {d.note}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {c.lines.length > 0 ? (
        <ul class="explain">
          {c.lines.map((l, i) => (
            <li key={i}>{l}</li>
          ))}
        </ul>
      ) : null}
      {c.total !== null || c.outcome ? (
        <p class="result">
          {c.total !== null ? (
            <span class="total">
              {c.totalLabel} <strong>{c.total}</strong>
            </span>
          ) : null}
          {c.outcome ? <span class={`outcome outcome-${c.outcome.id}`}>{c.outcome.label}</span> : null}
        </p>
      ) : null}
    </li>
  );
}
