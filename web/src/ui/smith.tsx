/**
 * The Smith's screen (loaded on first use): a blind roll, the table's rulings, the sections the
 * ruleset adds (its `smithPanels`), then the members manager and the Smith's own seat link.
 * Secret rolls are also made from the tray ("Who sees it").
 */
import { useState } from 'preact/hooks';
import { CommandError } from '../lib/live.js';
import { initialValues, readForm, type FormValues } from '../lib/params.js';
import { settingsOf } from '../lib/settings.js';
import type { TableSession } from '../session.js';
import { ResultAt, useLastResult } from './log-result.js';
import { ParamFields } from './param-form.js';
import { SeatLinkPanel } from './seat-link.js';
import { MembersManager } from './members.js';

/** The Smith's tab. */
export function SmithPanel(props: { session: TableSession }) {
  const { session } = props;
  const state = session.state.value;
  return (
    <div class="smith">
      <h2>Smith's screen</h2>
      <p class="muted">The invite link is under "Invite players" at the top of the page.</p>
      <SecretRoll session={session} />
      {state.ruleset && settingsOf(state.ruleset).length > 0 ? <Rulings session={session} /> : null}
      {(session.rulesetWeb.value.smithPanels ?? []).map((Panel, i) => (
        <Panel key={`${session.rulesetWeb.value.id}-${i}`} session={session} />
      ))}
      <EndEvening session={session} />
      <MembersManager session={session} />
      <SeatLinkPanel session={session} intro={<p>Your Smith seat on another device: opening this link there makes it the Smith's screen too.</p>} />
    </div>
  );
}

/** A quick roll only the Smith sees (blind) or the Smith and nobody else of the players. */
function SecretRoll(props: { session: TableSession }) {
  const [notation, setNotation] = useState('1d20');
  const [label, setLabel] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const result = useLastResult();
  async function roll(e: Event) {
    e.preventDefault();
    setMessage(null);
    try {
      const lab = label.trim();
      result.show(await props.session.send({ kind: 'roll', notation: notation.trim(), visibility: 'blind', ...(lab ? { label: lab } : {}) }));
    } catch (err) {
      setMessage(err instanceof CommandError ? err.message : String(err));
    }
  }
  return (
    <section aria-labelledby="secret-title">
      <h3 id="secret-title">Secret roll</h3>
      <form class="row" onSubmit={roll} noValidate>
        <div class="field small">
          <label for="secret-notation">Notation</label>
          <input id="secret-notation" class="mono" value={notation} autoComplete="off" onInput={(e) => setNotation(e.currentTarget.value)} />
        </div>
        <div class="field grow">
          <label for="secret-label">Label</label>
          <input id="secret-label" value={label} maxLength={80} onInput={(e) => setLabel(e.currentTarget.value)} />
        </div>
        <button type="submit">Roll blind</button>
      </form>
      {message ? (
        <p class="error" role="alert">
          {message}
        </p>
      ) : (
        <p class="muted">Players see only "Secret roll by" your name. From the tray, "Smith only" also shows the roller their own roll.</p>
      )}
      <ResultAt session={props.session} at={result.at} />
    </section>
  );
}

/** Closing the evening's game: the log marks it and the dice are revealed for everyone to verify. */
function EndEvening(props: { session: TableSession }) {
  const { session } = props;
  const [isAsking, setAsking] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const ended = session.state.value.eveningsEnded ?? 0;
  async function end() {
    setBusy(true);
    setProblem(null);
    try {
      const r = await session.endEvening();
      setMessage(`Evening ${r.evening} is closed. ${r.revealed ? 'Its dice are revealed: "Verify the dice" in the log checks them.' : 'No roll was waiting to be revealed.'}`);
      setAsking(false);
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="evening-title">
      <h3 id="evening-title">End of the evening</h3>
      <p class="muted">
        {ended > 0 ? `${ended} evening${ended === 1 ? '' : 's'} closed so far. ` : ''}Closing the evening writes its end in the log and reveals the dice rolled since the last reveal, so every player can verify them. The table stays open for the next evening.
      </p>
      {isAsking ? (
        <div class="row" role="group" aria-label="Close the evening?">
          <button type="button" onClick={() => void end()} disabled={isBusy}>
            {isBusy ? 'Closing…' : `Yes, close evening ${ended + 1}`}
          </button>
          <button type="button" class="ghost" onClick={() => setAsking(false)} disabled={isBusy}>
            Not yet
          </button>
        </div>
      ) : (
        <button type="button" onClick={() => (setAsking(true), setMessage(null))}>
          End the evening
        </button>
      )}
      {problem !== null ? (
        <p class="error" role="alert">
          {problem}
        </p>
      ) : message !== null ? (
        <p role="status">{message}</p>
      ) : null}
    </section>
  );
}

function Rulings(props: { session: TableSession }) {
  const { session } = props;
  const state = session.state.value;
  const defs = state.ruleset ? settingsOf(state.ruleset) : [];
  const [values, setValues] = useState<FormValues>(() => {
    const v: Record<string, string | boolean> = { ...initialValues(defs) };
    for (const d of defs) {
      const s = state.settings[d.name];
      if (s !== undefined) v[d.name] = typeof s === 'boolean' ? s : String(s);
    }
    return v;
  });
  const [message, setMessage] = useState<{ error: boolean; text: string; field: string | null } | null>(null);
  async function save(e: Event) {
    e.preventDefault();
    const r = readForm(defs, values);
    if (!r.ok) {
      setMessage({ error: true, text: r.problem.message, field: r.field });
      return;
    }
    try {
      await session.send({ kind: 'settings', settings: { ...state.settings, ...r.params } });
      setMessage({ error: false, text: 'Saved.', field: null });
    } catch (err) {
      setMessage({ error: true, text: err instanceof CommandError ? err.message : String(err), field: null });
    }
  }
  return (
    <section aria-labelledby="rulings-title">
      <h3 id="rulings-title">Rulings</h3>
      <form onSubmit={save} noValidate>
        <ParamFields defs={defs} values={values} prefix="ruling" errorField={message?.field ?? null} error={message?.error ? message.text : null} onChange={(n, v) => setValues({ ...values, [n]: v })} />
        <button type="submit">Save rulings</button>
        {message && message.field === null ? (
          <p class={message.error ? 'error' : 'muted'} role="status">
            {message.text}
          </p>
        ) : null}
      </form>
    </section>
  );
}
