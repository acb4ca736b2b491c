/**
 * What play does to a character, on its sheet: the ruleset's changes (`RuleSystem.play`: damage, a rest,
 * XP, a level-up, an edit...) as forms from their parameter descriptions, prefilled for the character,
 * with the exact odds of a change that rolls before it is made; the character's history (who changed
 * what, when); and the Smith's undo and whole-document override.
 */
import { useMemo, useState } from 'preact/hooks';
import type { CharacterChangeDef, CharacterHistoryEntry, CheckOdds, RuleResult, RuleSystem } from '../../../src/rules/rule-system.js';
import { CommandError } from '../lib/live.js';
import { plainText, readForm, type FormValues } from '../lib/params.js';
import type { TableCharacter } from '../lib/protocol.js';
import type { TableSession } from '../session.js';
import { ResultAt, useLastResult } from './log-result.js';
import { OddsOutcomes } from './odds-outcomes.js';
import { ParamFields } from './param-form.js';
import { oneClick } from './use-action.js';

/** History lines shown before "Show all". */
export const HISTORY_LINES_SHOWN = 8;

/** The form's values for a change: its defaults, then what the ruleset prefills for this character. */
function startValues(def: CharacterChangeDef, prefilled: Readonly<Record<string, string | number | boolean>>): FormValues {
  const v: Record<string, string | boolean> = {};
  for (const d of def.params) {
    const x = Object.hasOwn(prefilled, d.name) ? prefilled[d.name] : d.default;
    v[d.name] = d.kind === 'boolean' ? x === true : x === undefined ? '' : String(x);
  }
  return v;
}

/** The field a problem's path names (`$.params.amount` or `$.amount`), when it is one of the change's. */
function fieldOf(path: string | undefined, def: CharacterChangeDef): string | null {
  const m = path === undefined ? null : /^\$(?:\.params)?\.([A-Za-z0-9-]+)/.exec(path);
  return m !== null && def.params.some((p) => p.name === m[1]) ? m[1]! : null;
}

/** The changes the viewer may make to this character: the owner's and, for the Smith, the Smith's too. */
export function changesFor(rs: RuleSystem, role: string | undefined, isOwner: boolean): readonly CharacterChangeDef[] {
  const changes = rs.play?.changes ?? [];
  if (role === 'smith') return changes;
  return isOwner ? changes.filter((c) => c.by === 'owner') : [];
}

/** The ruleset's changes to one character. */
export function PlayPanel(props: { session: TableSession; rs: RuleSystem; character: TableCharacter; document: unknown; isOwner: boolean }) {
  const { session, rs, character } = props;
  const play = rs.play;
  const role = session.state.value.you?.role;
  const changes = changesFor(rs, role, props.isOwner);
  const [changeId, setChangeId] = useState<string>('');
  const def = changes.find((c) => c.id === changeId) ?? null;
  const [edits, setEdits] = useState<Record<string, FormValues>>({});
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ field: string | null; message: string } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const result = useLastResult();
  const prefilled = useMemo(() => (play !== undefined && def !== null ? play.prefill(props.document as never, def.id) : {}), [def?.id, JSON.stringify(props.document)]);
  // A parameter that mirrors a table setting starts from the table's ruling (as the server fills it).
  const settings = session.state.value.settings;
  const fromSettings = def === null ? {} : Object.fromEntries(def.params.filter((p) => p.role === 'setting' && Object.hasOwn(settings, p.name)).map((p) => [p.name, settings[p.name]!]));
  const values = def === null ? {} : (edits[def.id] ?? startValues(def, { ...fromSettings, ...prefilled }));
  // What only the Smith may set is not offered to players (the server refuses it from them).
  const shownParams = def === null ? [] : def.params.filter((p) => p.isSmithOnly !== true || role === 'smith');
  const read = def === null ? null : readForm(def.params, values);
  // A text the player emptied is sent empty (notes cleared), not left out (kept as it was).
  const params = read?.ok === true && def !== null ? { ...read.params, ...Object.fromEntries(def.params.filter((p) => p.kind === 'text' && values[p.name] === '' && prefilled[p.name] !== undefined && prefilled[p.name] !== '').map((p) => [p.name, ''])) } : null;
  const odds: RuleResult<CheckOdds> | null = useMemo(() => {
    if (play === undefined || def === null || !def.rollsDice || params === null) return null;
    try {
      return play.changeOdds(props.document as never, { change: def.id, params });
    } catch (e) {
      return { ok: false, error: { code: 'internal', message: e instanceof Error ? e.message : String(e) } };
    }
  }, [def?.id, JSON.stringify(params), JSON.stringify(props.document)]);
  if (play === undefined || changes.length === 0) return null;

  async function submit(e: Event) {
    e.preventDefault();
    if (def === null || read === null) return;
    if (!read.ok) {
      setProblem({ field: read.field, message: plainText(read.problem.message, def.params) });
      return;
    }
    setBusy(true);
    setProblem(null);
    setDone(null);
    try {
      result.show(await session.send({ kind: 'character-change', characterId: character.id, change: def.id, params: params ?? read.params }));
      setDone(`${def.label}: done.`);
      const { [def.id]: _dropped, ...rest } = edits;
      void _dropped;
      setEdits(rest);
    } catch (err) {
      if (err instanceof CommandError) setProblem({ field: fieldOf(err.path, def), message: plainText(err.message, def.params) });
      else setProblem({ field: null, message: String(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section class="sheet-play no-print" aria-labelledby={`play-${character.id}`}>
      <h3 id={`play-${character.id}`}>Play</h3>
      <div class="row wrap" role="group" aria-label="Changes to this character">
        {changes.map((c) => (
          <button
            key={c.id}
            type="button"
            aria-pressed={c.id === def?.id ? 'true' : 'false'}
            title={plainText(c.help, c.params)}
            onClick={() => {
              setChangeId(c.id === def?.id ? '' : c.id);
              setProblem(null);
              setDone(null);
            }}
          >
            {c.label}
            {c.by === 'smith' ? ' (Smith)' : ''}
          </button>
        ))}
      </div>
      {done !== null && def === null ? <p class="muted" role="status">{done}</p> : null}
      {def !== null ? (
        <form onSubmit={submit} noValidate class="play-form">
          <p class="muted">{plainText(def.help, def.params)}</p>
          <ParamFields
            defs={shownParams}
            values={values}
            prefix={`play-${character.id}-${def.id}`}
            errorField={problem?.field ?? null}
            error={problem?.field != null ? problem.message : null}
            onChange={(n, x) => {
              setProblem(null);
              setDone(null);
              setEdits({ ...edits, [def.id]: { ...values, [n]: x } });
            }}
          />
          {odds !== null ? (
            odds.ok ? (
              <OddsOutcomes odds={odds.value} label={`Odds of ${def.label}`} />
            ) : (
              <p class="error">{plainText(odds.error.message, def.params)}</p>
            )
          ) : null}
          <button type="submit" class="primary" disabled={busy || (def.rollsDice && !session.canRoll.value)} onClick={oneClick()}>
            {def.label}
          </button>
          {problem !== null && problem.field === null ? (
            <p class="error" role="alert">
              {problem.message}
            </p>
          ) : null}
          {done !== null ? <p role="status">{done}</p> : null}
        </form>
      ) : null}
      <ResultAt session={session} at={result.at} />
    </section>
  );
}

/** When an entry was made, as the viewer's clock reads it ("Tue 21:04"). */
function when(at: number): string {
  const d = new Date(at);
  return `${d.toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short' })} ${d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}`;
}

/** The character's history, newest first, and the Smith's undo of the last change. */
export function HistoryPanel(props: { session: TableSession; character: TableCharacter }) {
  const { session, character } = props;
  const [all, setAll] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const raw = character.document['history'];
  const history = (Array.isArray(raw) ? (raw as CharacterHistoryEntry[]) : []).slice().reverse();
  const isSmith = session.state.value.you?.role === 'smith';
  if (history.length === 0 && !isSmith) return null;
  const shown = all ? history : history.slice(0, HISTORY_LINES_SHOWN);
  async function undo() {
    setMessage(null);
    try {
      await session.send({ kind: 'character-undo', characterId: character.id });
    } catch (e) {
      setMessage(e instanceof CommandError ? e.message : String(e));
    }
  }
  return (
    <section class="sheet-history" aria-labelledby={`history-${character.id}`}>
      <h3 id={`history-${character.id}`}>History</h3>
      {history.length === 0 ? <p class="muted">No changes yet.</p> : null}
      <ol class="history" reversed>
        {shown.map((h, i) => (
          <li key={`${h.at}-${i}`} class={h.isOverride === true ? 'override' : undefined}>
            <time dateTime={new Date(h.at).toISOString()}>{when(h.at)}</time> <strong>{h.by}</strong>: {h.summary}
            {h.isOverride === true ? <span class="badge"> Smith's override</span> : null}
          </li>
        ))}
      </ol>
      {history.length > HISTORY_LINES_SHOWN ? (
        <button type="button" class="link no-print" onClick={() => setAll(!all)}>
          {all ? 'Show fewer' : `Show all ${history.length}`}
        </button>
      ) : null}
      {isSmith ? (
        <div class="row no-print">
          <button type="button" onClick={oneClick(() => void undo())} disabled={history.length === 0}>
            Undo the last change
          </button>
        </div>
      ) : null}
      {message !== null ? (
        <p class="error" role="alert">
          {message}
        </p>
      ) : null}
    </section>
  );
}

/** The Smith's override: the whole document as JSON, saved as it is (the ruleset still reads it). */
export function OverridePanel(props: { session: TableSession; character: TableCharacter }) {
  const { session, character } = props;
  const [text, setText] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  if (session.state.value.you?.role !== 'smith') return null;
  const current = JSON.stringify(character.document, null, 2);
  async function save(e: Event) {
    e.preventDefault();
    setMessage(null);
    let json: unknown;
    try {
      json = JSON.parse(text ?? current);
    } catch (err) {
      setMessage(`Not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
      return;
    }
    try {
      await session.send({ kind: 'character-save', characterId: character.id, character: json });
      setText(null);
    } catch (err) {
      setMessage(err instanceof CommandError ? err.message : String(err));
    }
  }
  return (
    <details class="sub no-print sheet-override">
      <summary>Smith: override the sheet (JSON)</summary>
      <form onSubmit={save}>
        <div class="field">
          <label for={`override-${character.id}`}>The whole character document</label>
          <textarea id={`override-${character.id}`} rows={14} spellcheck={false} class="mono" value={text ?? current} onInput={(e) => setText(e.currentTarget.value)} />
          <small>Saved as you write it, if the rules can read it; the history marks it as the Smith's override.</small>
        </div>
        <div class="row">
          <button type="submit" class="primary" disabled={text === null || text === current} onClick={oneClick()}>
            Save the override
          </button>
          <button type="button" disabled={text === null} onClick={() => setText(null)}>
            Discard
          </button>
        </div>
        {message !== null ? (
          <p class="error" role="alert">
            {message}
          </p>
        ) : null}
      </form>
    </details>
  );
}
