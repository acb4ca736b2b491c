/** The start page: create a table, or go back to one of the tables this device has joined. */
import { useState } from 'preact/hooks';
import { DEFAULT_RULESET, type RulesetId } from '../../../src/rules/catalogue.js';
import { ApiError } from '../lib/api.js';
import { initialValues, readForm, type FormValues } from '../lib/params.js';
import { tablePath } from '../lib/routes.js';
import { RULESET_IDS, RULESET_LABELS } from '../lib/rulesets.js';
import { TABLE_SETTINGS } from '../lib/settings.js';
import { MAX_MEMBER_NAME_LENGTH, MAX_TABLE_NAME_LENGTH } from '../../../src/table/limits.js';
import { api } from '../session.js';
import { justCreated, navigate, seats } from '../store.js';
import { memberWithRole } from '../lib/table-state.js';
import { HelpButton, ThemeToggle } from './chrome.js';
import { ParamFields } from './param-form.js';

/** The page at `/`. */
export function StartPage() {
  const saved = seats.list();
  return (
    <>
      <header class="topbar">
        <h1 class="brand">HAMMERCRAWL! table</h1>
        <div class="tools">
          <ThemeToggle />
          <HelpButton />
        </div>
      </header>
      <main id="main" class="start">
        {saved.length === 0 ? <CreateTable /> : null}
        <section aria-labelledby="your-tables" class="panel">
          <h2 id="your-tables">Your tables</h2>
          {saved.length === 0 ? (
            <p>Tables you create or join on this device appear here. To join someone's table, open the invite link they share.</p>
          ) : (
            <ul class="table-list">
              {saved.map((s) => (
                <li key={s.tableId}>
                  <a
                    href={tablePath(s.tableId)}
                    onClick={(e) => {
                      e.preventDefault();
                      navigate(tablePath(s.tableId));
                    }}
                  >
                    {s.tableName}
                  </a>{' '}
                  <span class="muted">
                    as {memberWithRole(s.name, s.role)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        {saved.length > 0 ? <CreateTable /> : null}
      </main>
    </>
  );
}

function CreateTable() {
  const [name, setName] = useState('');
  const [smithName, setSmithName] = useState('');
  const [ruleset, setRuleset] = useState<RulesetId>(DEFAULT_RULESET);
  const [values, setValues] = useState<FormValues>(() => initialValues(TABLE_SETTINGS[DEFAULT_RULESET]));
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const defs = TABLE_SETTINGS[ruleset];

  async function submit(e: Event) {
    e.preventDefault();
    const trimmed = name.trim();
    if (trimmed.length === 0) {
      setError({ field: 'name', message: 'Give the table a name (1 to 60 characters).' });
      return;
    }
    const read = readForm(defs, values);
    if (!read.ok) {
      setError({ field: read.field, message: read.problem.message });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const you = smithName.trim();
      const t = await api.createTable(trimmed, ruleset, read.params, you === '' ? undefined : you);
      seats.save({ tableId: t.id, token: t.smithToken, memberId: t.memberId, name: you === '' ? 'Smith' : you, role: 'smith', tableName: trimmed, openedAt: Date.now() });
      justCreated.value = t.id;
      navigate(tablePath(t.id));
    } catch (err) {
      setError({ field: null, message: err instanceof ApiError ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="create-title" class="panel">
      <h2 id="create-title">Create a table</h2>
      <form onSubmit={submit} noValidate>
        <div class="field">
          <label for="table-name">Table name</label>
          <input
            id="table-name"
            value={name}
            maxLength={MAX_TABLE_NAME_LENGTH}
            required
            autoComplete="off"
            aria-invalid={error?.field === 'name' ? 'true' : undefined}
            aria-describedby={error?.field === 'name' ? 'table-name-error' : undefined}
            onInput={(e) => setName(e.currentTarget.value)}
          />
          {error?.field === 'name' ? (
            <small id="table-name-error" class="error">
              {error.message}
            </small>
          ) : null}
        </div>
        <div class="field">
          <label for="smith-name">
            Your name <span class="muted">(optional; players see it, "Smith" if left empty)</span>
          </label>
          <input
            id="smith-name"
            value={smithName}
            maxLength={MAX_MEMBER_NAME_LENGTH}
            autoComplete="nickname"
            placeholder="Smith"
            onInput={(e) => setSmithName(e.currentTarget.value)}
          />
        </div>
        <div class="field">
          <label for="table-ruleset">Ruleset</label>
          <select
            id="table-ruleset"
            value={ruleset}
            onChange={(e) => {
              const id = e.currentTarget.value as RulesetId;
              setRuleset(id);
              setValues(initialValues(TABLE_SETTINGS[id]));
            }}
          >
            {RULESET_IDS.map((id) => (
              <option key={id} value={id}>
                {RULESET_LABELS[id]}
              </option>
            ))}
          </select>
        </div>
        {defs.length > 0 ? (
          <fieldset>
            <legend>Rulings (options the rules leave to the table)</legend>
            <ParamFields
              defs={defs}
              values={values}
              prefix="setting"
              errorField={error?.field ?? null}
              error={error?.message ?? null}
              onChange={(n, v) => setValues({ ...values, [n]: v })}
            />
          </fieldset>
        ) : null}
        {error && error.field === null ? (
          <p class="error" role="alert">
            {error.message}
          </p>
        ) : null}
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Creating…' : 'Create table'}
        </button>
      </form>
    </section>
  );
}
