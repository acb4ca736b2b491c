/** The start page: create a table, or go back to one of the tables this device has joined. */
import { useEffect, useState } from 'preact/hooks';
import { DEFAULT_RULESET, type RulesetId } from '../../../src/rules/catalogue.js';
import { ApiError } from '../lib/api.js';
import { initialValues, readForm, type FormValues } from '../lib/params.js';
import { tablePath } from '../lib/routes.js';
import { RULESET_IDS, RULESET_LABELS, RULESET_SUMMARIES } from '../lib/rulesets.js';
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

/** Where a problem of the create form belongs: a field's id, a ruling's name, or the form as a whole. */
type CreateProblem = { readonly at: 'table-name' | 'smith-name' | 'form' } | { readonly at: 'setting'; readonly name: string };

/** The id of the element a problem belongs to (the field, or the button's error line). */
function problemTarget(p: CreateProblem): string {
  if (p.at === 'setting') return `setting-${p.name}`;
  return p.at === 'form' ? 'create-error' : p.at;
}

function CreateTable() {
  const [name, setName] = useState('');
  const [smithName, setSmithName] = useState('');
  const [ruleset, setRuleset] = useState<RulesetId>(DEFAULT_RULESET);
  const [values, setValues] = useState<FormValues>(() => initialValues(TABLE_SETTINGS[DEFAULT_RULESET]));
  const [error, setError] = useState<(CreateProblem & { readonly message: string; readonly n: number }) | null>(null);
  const [busy, setBusy] = useState(false);
  const [isAdvancedOpen, setAdvancedOpen] = useState(false);
  const defs = TABLE_SETTINGS[ruleset];
  const settingError = error?.at === 'setting' ? error : null;

  // A problem moves focus to the field at fault (opening the rulings when it is one of them), or to the
  // message beside the button; `n` makes a second submit with the same problem move it again.
  useEffect(() => {
    if (!error) return;
    const el = document.getElementById(problemTarget(error));
    el?.focus();
    el?.scrollIntoView?.({ block: 'center' });
  }, [error?.n]);

  function fail(p: CreateProblem, message: string) {
    if (p.at === 'setting') setAdvancedOpen(true);
    setError({ ...p, message, n: (error?.n ?? 0) + 1 });
  }

  async function submit(e: Event) {
    e.preventDefault();
    const trimmed = name.trim();
    if (trimmed.length === 0) return fail({ at: 'table-name' }, `Give the table a name (1 to ${MAX_TABLE_NAME_LENGTH} characters).`);
    const you = smithName.trim();
    if (you.length > MAX_MEMBER_NAME_LENGTH) return fail({ at: 'smith-name' }, `Your name is at most ${MAX_MEMBER_NAME_LENGTH} characters.`);
    const read = readForm(defs, values);
    if (!read.ok) return fail({ at: 'setting', name: read.field }, read.problem.message);
    setBusy(true);
    setError(null);
    try {
      const t = await api.createTable(trimmed, ruleset, read.params, you === '' ? undefined : you);
      seats.save({ tableId: t.id, token: t.smithToken, memberId: t.memberId, name: you === '' ? 'Smith' : you, role: 'smith', tableName: trimmed, openedAt: Date.now() });
      justCreated.value = t.id;
      navigate(tablePath(t.id));
    } catch (err) {
      fail({ at: 'form' }, err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  const fieldError = (at: 'table-name' | 'smith-name') =>
    error?.at === at ? (
      <small id={`${at}-error`} class="error">
        {error.message}
      </small>
    ) : null;

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
            aria-invalid={error?.at === 'table-name' ? 'true' : undefined}
            aria-describedby={error?.at === 'table-name' ? 'table-name-error' : undefined}
            onInput={(e) => setName(e.currentTarget.value)}
          />
          {fieldError('table-name')}
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
            aria-invalid={error?.at === 'smith-name' ? 'true' : undefined}
            aria-describedby={error?.at === 'smith-name' ? 'smith-name-error' : undefined}
            onInput={(e) => setSmithName(e.currentTarget.value)}
          />
          {fieldError('smith-name')}
        </div>
        <div class="field">
          <label for="table-ruleset">Ruleset</label>
          <select
            id="table-ruleset"
            value={ruleset}
            aria-describedby="table-ruleset-help"
            onChange={(e) => {
              const id = e.currentTarget.value as RulesetId;
              setRuleset(id);
              setValues(initialValues(TABLE_SETTINGS[id]));
              if (error?.at === 'setting') setError(null);
            }}
          >
            {RULESET_IDS.map((id) => (
              <option key={id} value={id}>
                {RULESET_LABELS[id]}
              </option>
            ))}
          </select>
          <small id="table-ruleset-help">{RULESET_SUMMARIES[ruleset]}</small>
        </div>
        {defs.length > 0 ? (
          <details class="sub advanced" open={isAdvancedOpen} onToggle={(e) => setAdvancedOpen(e.currentTarget.open)}>
            <summary>Advanced: rulings for this table</summary>
            <p class="muted">
              Where the rules leave a choice to the table. The defaults suit a first game; the Smith can change them later on the Smith's screen.
            </p>
            <ParamFields
              defs={defs}
              values={values}
              prefix="setting"
              errorField={settingError?.name ?? null}
              error={settingError?.message ?? null}
              onChange={(n, v) => setValues({ ...values, [n]: v })}
            />
          </details>
        ) : null}
        <div class="form-end">
          <button type="submit" class="primary" disabled={busy}>
            {busy ? 'Creating…' : 'Create table'}
          </button>
          {error?.at === 'form' ? (
            <p id="create-error" class="error" role="alert" tabIndex={-1}>
              {error.message}
            </p>
          ) : null}
        </div>
      </form>
    </section>
  );
}
