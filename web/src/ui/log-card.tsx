/**
 * One card of the log, as the log and the panels (`ResultAt`) show it: who made it with their role, what
 * happened, every die, the explanation, the outcome with the odds it had before the roll; a chat message
 * with its whisper mark; a one-line card for the small things (a turn passes, a member joins).
 */
import type { RuleSystem } from '../../../src/rules/rule-system.js';
import { oddsBefore, VISIBILITY_LABEL, type CardContext, type LogCard, type OddsBefore } from '../lib/describe.js';
import { formatChance } from '../lib/tray.js';
import type { Settings } from '../lib/protocol.js';
import { memberName, memberRole, type LogEntry, type TableState } from '../lib/table-state.js';
import type { TableSession } from '../session.js';

/** What the cards of a table are built against: its names and roles, its ruleset's labels and readers. */
export function cardContext(session: TableSession): CardContext {
  const state = session.state.value;
  const rs = session.ruleSystem.value;
  const web = session.rulesetWeb.value;
  return {
    nameOf: (id) => memberName(state, id),
    roleOf: (id) => memberRole(state, id),
    viewerId: state.you?.id ?? null,
    checkLabel: (id) => rs?.checks.find((c) => c.id === id)?.label ?? null,
    settingLabel: (name) => rs?.settings.find((d) => d.name === name)?.label ?? null,
    characterName: (id) => characterName(state, id),
    readRoll: web.rollCard,
    readEvent: web.logCard,
  };
}

function characterName(state: TableState, id: string): string | null {
  const name = state.characters.find((c) => c.id === id)?.document['name'];
  return typeof name === 'string' ? name : null;
}

// The odds are a pure function of an entry (an immutable object of the state) and the ruleset, and
// the costly part of a card: computed once per entry and kept while the entry lives.
const oddsCache = new WeakMap<LogEntry, OddsBefore | null>();

/** The odds an entry's roll had before it was made (computed once per entry). */
export function cachedOdds(entry: LogEntry, rs: RuleSystem | null, settings: Settings): OddsBefore | null {
  if (rs === null && entry.event.kind !== 'rolled') return null;
  if (oddsCache.has(entry)) return oddsCache.get(entry)!;
  const odds = oddsBefore(entry, rs, settings);
  // Without the ruleset yet, a plain roll's odds are computed again once it is loaded.
  if (rs !== null) oddsCache.set(entry, odds);
  return odds;
}

function time(at: number): string {
  const d = new Date(at);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/** Who made a card, with their role: "Mora · Smith" (the role a badge). A Smith called "Smith" is the badge alone. */
function Who(props: { card: LogCard }) {
  const c = props.card;
  const isRoleName = c.role !== null && c.who.trim().toLowerCase() === c.role.toLowerCase();
  return (
    <>
      <span class={`who${c.role === 'Smith' ? ' who-smith' : ''}`}>{c.who}</span>
      {c.role !== null && !isRoleName ? (
        <span class={`badge role role-${c.role.toLowerCase()}`}>
          <span class="sr-only">, </span>
          {c.role}
        </span>
      ) : null}
    </>
  );
}

/** A card of the log. `odds` is what its roll had before (`cachedOdds`). */
export function LogCardView(props: { card: LogCard; odds: OddsBefore | null; isNew?: boolean; as?: 'li' | 'div' }) {
  const c = props.card;
  const Tag = props.as ?? 'li';
  const odds = props.odds;
  const cls = ['card', `card-${c.category}`, c.isSecret ? 'secret' : '', c.isCompact ? 'compact' : '', c.whisper !== null ? 'whisper' : '', props.isNew ? 'new' : ''].filter((x) => x !== '').join(' ');
  const showVisibility = c.category === 'roll' || (c.category !== 'chat' && c.visibility !== 'public');
  const stamp = (
    <time class="muted" dateTime={new Date(c.at).toISOString()}>
      {time(c.at)}
    </time>
  );
  if (c.isCompact) {
    return (
      <Tag class={cls} data-seq={c.seq} data-kind={c.kind}>
        <p class="card-line">
          <Who card={c} /> <span class="card-title">{c.title}</span>
          {c.detail ? <span class="muted detail"> · {c.detail}</span> : null}
          {stamp}
        </p>
      </Tag>
    );
  }
  const outcomeLabel = odds !== null && c.outcome !== null ? odds.label : c.outcome?.label;
  return (
    <Tag class={cls} data-seq={c.seq} data-kind={c.kind}>
      <div class="card-head">
        <Who card={c} />
        {c.whisper !== null ? <span class="badge whisper-mark">{c.whisper}</span> : null}
        {showVisibility ? <span class={`badge vis-${c.visibility}`}>{VISIBILITY_LABEL[c.visibility]}</span> : null}
        {c.isPhysical ? <span class="badge">Real dice</span> : null}
        {stamp}
      </div>
      {c.text !== null ? <p class="chat-text">{c.text}</p> : <p class="card-title">{c.title}</p>}
      {c.detail ? <p class={`${c.category === 'roll' ? 'mono ' : ''}muted detail`}>{c.detail}</p> : null}
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
      {c.total !== null || c.outcome || odds !== null ? (
        <p class="result">
          {c.total !== null ? (
            <span class="total">
              {c.totalLabel} <strong>{c.total}</strong>
            </span>
          ) : null}
          {c.outcome ? (
            <span>
              <span class={`outcome outcome-${c.outcome.id}`}>{outcomeLabel}</span>
              {odds !== null ? <span class="odds-before">, {formatChance(odds.p)} before</span> : null}
            </span>
          ) : odds !== null ? (
            <span class="odds-before">{odds.text}</span>
          ) : null}
        </p>
      ) : null}
    </Tag>
  );
}
