/**
 * Characters (loaded on first use): the table's characters, the creation wizard (any ruleset, from
 * `creationOptions` + `rollCharacter`), JSON import with JSON paths in the errors, and the sheet.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { RuleSystem, RulesetCharacter, SheetTracker } from '../../../src/rules/rule-system.js';
import { cryptoRandom } from '../lib/browser-random.js';
import { CommandError } from '../lib/live.js';
import { initialValues, plainText, readForm, type FormValues } from '../lib/params.js';
import type { TableCharacter } from '../lib/protocol.js';
import { importProblems, type ImportProblem } from '../lib/import-character.js';
import { normalKey, readSheet, sheetDetails, sheetLabels } from '../lib/sheet-data.js';
import { RULESET_LABELS } from '../lib/rulesets.js';
import type { TableSession } from '../session.js';
import { ParamFields } from './param-form.js';
import { Sheet } from './sheet.js';
import { oneClick } from './use-action.js';

type View = { kind: 'list' } | { kind: 'wizard' } | { kind: 'import' } | { kind: 'sheet'; id: string };

/** The Characters tab. */
export function CharactersPanel(props: { session: TableSession }) {
  const { session } = props;
  const rs = session.ruleSystem.value;
  const state = session.state.value;
  const [view, setView] = useState<View>({ kind: 'list' });
  if (!rs) return <p>{session.ruleSystemMissing.value ? 'This build has no rules for this ruleset, so characters cannot be read.' : 'Loading the rules…'}</p>;
  const you = state.you;
  const canEdit = you?.role === 'smith' || you?.role === 'player';
  if (view.kind === 'wizard') return <Wizard session={session} rs={rs} onDone={(id) => setView(id ? { kind: 'sheet', id } : { kind: 'list' })} />;
  if (view.kind === 'import') return <Import session={session} rs={rs} onDone={(id) => setView(id ? { kind: 'sheet', id } : { kind: 'list' })} />;
  if (view.kind === 'sheet') {
    const c = state.characters.find((x) => x.id === view.id);
    if (c) return <Sheet session={session} rs={rs} character={c} onBack={() => setView({ kind: 'list' })} />;
  }
  return (
    <div class="characters">
      <h2>Characters</h2>
      {state.characters.length === 0 ? <p class="muted">No characters at this table yet.</p> : null}
      <ul class="character-list">
        {state.characters.map((c) => (
          <CharacterRow key={c.id} rs={rs} c={c} owner={state.members.find((m) => m.id === c.ownerId)?.name ?? ''} onOpen={() => setView({ kind: 'sheet', id: c.id })} />
        ))}
      </ul>
      {canEdit ? (
        <div class="row">
          <button type="button" class="primary" onClick={() => setView({ kind: 'wizard' })}>
            New character
          </button>
          <button type="button" onClick={() => setView({ kind: 'import' })}>
            Import JSON
          </button>
        </div>
      ) : null}
    </div>
  );
}

function CharacterRow(props: { rs: RuleSystem; c: TableCharacter; owner: string; onOpen: () => void }) {
  const r = readSheet(props.rs, props.c.document);
  const name = r.ok ? r.summary.name : String(props.c.document['name'] ?? 'Unreadable character');
  return (
    <li>
      <button type="button" class="link" onClick={props.onOpen}>
        {name}
      </button>{' '}
      <span class="muted">
        {r.ok ? r.summary.headline : 'cannot be read'}
        {props.owner ? ` · ${props.owner}` : ''}
      </span>
    </li>
  );
}

/** Saves a new character; resolves to its id, which the ack carries (docs/protocol.md, Commands). */
async function saveNewCharacter(session: TableSession, character: unknown): Promise<string> {
  const ack = await session.send({ kind: 'character-save', character });
  if (ack.characterId === undefined) throw new Error('The server saved the character but did not say its id; reload the table to see it.');
  return ack.characterId;
}

function Wizard(props: { session: TableSession; rs: RuleSystem; onDone: (id: string | null) => void }) {
  const { rs } = props;
  const [values, setValues] = useState<FormValues>(() => initialValues(rs.creationOptions));
  const [rolled, setRolled] = useState<RulesetCharacter | null>(null);
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // A ruleset whose choices depend on each other gives its own form; the others the generic one.
  const form = props.session.rulesetWeb.value.creation;
  const defs = form ? form.fields(rs.creationOptions, values) : rs.creationOptions;
  const shown = form ? form.values(values) : values;
  // A problem goes to the field it names when that field is shown, else beside the buttons; focus follows it.
  const [problemSeq, setProblemSeq] = useState(0);
  function fail(field: string | null, message: string) {
    setError({ field: field !== null && defs.some((d) => d.name === field) ? field : null, message: plainText(message, defs) });
    setProblemSeq((n) => n + 1);
  }
  useEffect(() => {
    if (problemSeq === 0 || !error) return;
    document.getElementById(error.field === null ? 'wizard-error' : `create-${error.field}`)?.focus();
  }, [problemSeq]);
  function roll(e: Event) {
    e.preventDefault();
    const read = readForm(defs, shown);
    if (!read.ok) return fail(read.field, read.problem.message);
    const r = rs.rollCharacter(cryptoRandom(), read.params);
    if (!r.ok) {
      setRolled(null);
      return fail(r.error.path?.replace(/^\$\./, '') ?? null, r.error.message);
    }
    setError(null);
    setRolled(r.value);
  }
  async function keep() {
    if (!rolled) return;
    setBusy(true);
    try {
      props.onDone(await saveNewCharacter(props.session, rolled));
    } catch (e) {
      fail(null, e instanceof CommandError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }
  const summary = rolled ? rs.summarize(rolled) : null;
  const previewHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => previewHeading.current?.focus(), [rolled]);
  return (
    <div class="wizard">
      <h2>New {rs.label} character</h2>
      <ol class="steps" aria-label="Steps">
        <li aria-current={rolled ? undefined : 'step'}>Choose</li>
        <li aria-current={rolled ? 'step' : undefined}>Roll and keep</li>
      </ol>
      <form onSubmit={roll} noValidate>
        {defs.length > 0 ? (
          <fieldset>
            <legend>Choices</legend>
            {form?.Fields ? (
              <form.Fields defs={defs} values={values} prefix="create" errorField={error?.field ?? null} error={error?.message ?? null} onChange={(n, v) => setValues((old) => ({ ...old, [n]: v }))} />
            ) : (
              <ParamFields defs={defs} values={shown} prefix="create" errorField={error?.field ?? null} error={error?.message ?? null} onChange={(n, v) => setValues((old) => ({ ...old, [n]: v }))} />
            )}
          </fieldset>
        ) : (
          <p>This ruleset rolls everything; nothing to choose.</p>
        )}
        <div class="row">
          <button type="submit" class={rolled ? '' : 'primary'} onClick={oneClick()}>
            {rolled ? 'Roll again' : 'Roll the character'}
          </button>
          <button type="button" onClick={() => props.onDone(null)}>
            Cancel
          </button>
        </div>
      </form>
      {error && error.field === null ? (
        <p id="wizard-error" class="error" role="alert" tabIndex={-1}>
          {error.message}
        </p>
      ) : null}
      {rolled && summary ? (
        <section class="preview panel-inset" aria-labelledby="preview-title">
          <h3 id="preview-title" ref={previewHeading} tabIndex={-1}>
            {summary.name}
          </h3>
          <p>{summary.headline}</p>
          <dl class="trackers">
            {summary.trackers.map((t) => (
              <div key={t.id}>
                <dt>{t.label}</dt>
                <dd>{t.value}</dd>
              </div>
            ))}
          </dl>
          <dl class="stats">
            {rs.attributes.map((a) => {
              const key = Object.keys(rolled.stats).find((k) => k.toLowerCase() === a.id.toLowerCase());
              const s = key ? rolled.stats[key] : undefined;
              return s ? (
                <div key={a.id}>
                  <dt>{a.label}</dt>
                  <dd>
                    {s.score}
                    {s.mod !== undefined ? ` (${s.mod >= 0 ? '+' : ''}${s.mod})` : ''}
                  </dd>
                </div>
              ) : null;
            })}
          </dl>
          <PreviewDetails rs={rs} character={rolled} shown={summary.trackers} />
          <button type="button" class="primary" disabled={busy} onClick={oneClick(() => void keep())}>
            Keep this character
          </button>
        </section>
      ) : null}
    </div>
  );
}

/** The rest of a rolled character, as its sheet will show it: skills, proficiencies, gear, coins... */
function PreviewDetails(props: { rs: RuleSystem; character: RulesetCharacter; shown: readonly SheetTracker[] }) {
  const doc = props.character as unknown as Readonly<Record<string, unknown>>;
  const shown = new Set(props.shown.flatMap((t) => [normalKey(t.id), normalKey(t.label)]).concat(['level', 'xp']));
  const details = sheetDetails(doc, shown, sheetLabels(props.rs, RULESET_LABELS), props.rs.characterValues(props.character));
  if (details.length === 0) return null;
  // An empty field (no notes yet) says nothing worth a line in a preview.
  const fields = details.filter((d) => d.kind === 'field' && d.value.trim() !== '');
  const lists = details.filter((d) => d.kind === 'list');
  return (
    <div class="preview-details">
      {fields.length > 0 ? (
        <dl class="trackers">
          {fields.map((f) => (
            <div key={f.key}>
              <dt>{f.label}</dt>
              <dd>{f.kind === 'field' ? f.value : ''}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {lists.map((l) => (
        <div key={l.key} class="detail-list">
          <h4>{l.label}</h4>
          <p>{l.kind === 'list' ? l.items.join(' · ') : ''}</p>
        </div>
      ))}
    </div>
  );
}

function Import(props: { session: TableSession; rs: RuleSystem; onDone: (id: string | null) => void }) {
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<readonly ImportProblem[] | null>(null);
  const [busy, setBusy] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problems) errorRef.current?.focus();
  }, [problems]);
  async function submit(e: Event) {
    e.preventDefault();
    const read = importProblems(props.rs, text);
    if (!read.ok) {
      setProblems(read.problems);
      return;
    }
    setProblems(null);
    setBusy(true);
    try {
      props.onDone(await saveNewCharacter(props.session, read.character));
    } catch (err) {
      setProblems([{ path: null, message: err instanceof CommandError ? err.message : String(err) }]);
    } finally {
      setBusy(false);
    }
  }
  const error = problems && problems.length > 0 ? problems : null;
  return (
    <form class="import" onSubmit={submit} noValidate>
      <h2>Import a character</h2>
      <div class="field">
        <label for="import-file">From a file</label>
        <input
          id="import-file"
          type="file"
          accept="application/json,.json"
          onChange={async (e) => {
            const f = e.currentTarget.files?.[0];
            if (f) setText(await f.text());
          }}
        />
      </div>
      <div class="field">
        <label for="import-json">Or paste the JSON</label>
        <textarea id="import-json" rows={8} class="mono" value={text} aria-invalid={error ? 'true' : undefined} aria-describedby={error ? 'import-error' : undefined} onInput={(e) => setText(e.currentTarget.value)} />
      </div>
      {error ? (
        <div id="import-error" class="import-problems" role="alert" tabIndex={-1} ref={errorRef}>
          {error.length === 1 ? (
            <p class="error">
              {error[0]!.path ? <code>{error[0]!.path}</code> : null}
              {error[0]!.path ? ': ' : ''}
              {error[0]!.message}
            </p>
          ) : (
            <>
              <p class="error">{error.length} problems; fix them and import again:</p>
              <ul class="error">
                {error.map((p, i) => (
                  <li key={i}>
                    {p.path ? <code>{p.path}</code> : null}
                    {p.path ? ': ' : ''}
                    {p.message}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      ) : null}
      <div class="row">
        <button type="submit" class="primary" disabled={busy} onClick={oneClick()}>
          Import
        </button>
        <button type="button" onClick={() => props.onDone(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
