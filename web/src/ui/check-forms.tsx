/** Every check of the table's ruleset as a generic form (from its `ParamDef`s), with live exact odds. */
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { CheckParamDef, RuleSystem } from '../../../src/rules/rule-system.js';
import { settingValue } from '../lib/check-map.js';
import { initialValues, plainDescription, plainText, readForm, type FormValues } from '../lib/params.js';
import { VISIBILITY_LABEL } from '../lib/describe.js';
import { ActionError, oneClick, useAction } from './use-action.js';
import type { Command, Settings, Visibility } from '../lib/protocol.js';
import type { TableSession } from '../session.js';
import { ResultAt, useLastResult } from './log-result.js';
import { OddsOutcomes } from './odds-outcomes.js';
import { ParamFields } from './param-form.js';

/** A check's form as it opens: its defaults, with the table's rulings for its `setting` parameters (below-d3). */
function startValues(defs: readonly CheckParamDef[], settings: Settings): FormValues {
  const v: Record<string, string | boolean> = { ...initialValues(defs) };
  for (const d of defs) {
    if (d.role !== 'setting') continue;
    const s = settingValue(d, settings);
    if (s !== undefined) v[d.name] = typeof s === 'boolean' ? s : String(s);
  }
  return v;
}

/** The ruleset's checks, one chosen at a time. */
export function CheckForms(props: { session: TableSession; rs: RuleSystem; visibility: Visibility }) {
  const { rs } = props;
  const [checkId, setCheckId] = useState(rs.checks[0]?.id ?? '');
  const def = rs.checks.find((c) => c.id === checkId) ?? rs.checks[0];
  const [values, setValues] = useState<Record<string, FormValues>>({});
  const result = useLastResult();
  const action = useAction(async (command: Command) => result.show(await props.session.send(command)));
  // A problem shows once its field was touched or a roll was tried, not on a fresh form.
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [isOpen, setOpen] = useState(false);
  // The sheet's stat this form was filled from: its character and the roll's label.
  const [fromStat, setFromStat] = useState<{ characterId: string; label: string; visibility: Visibility | null } | null>(null);
  const settings = props.session.state.value.settings;
  // Who rolls: a character the viewer may roll for, whose own parts (a stock's abilities) the ruleset adds (`characterCheck`).
  const [rollerId, setRollerId] = useState('');
  const table = props.session.state.value;
  const youId = table.you?.id ?? null;
  const rollers = rs.characterCheck ? table.characters.filter((c) => props.session.isSmith.value || c.ownerId === youId) : [];
  const roller = rollers.find((c) => c.id === rollerId);
  /** The form's values with what the roller brings to this check filled in (the fields it leaves alone stay). */
  function withRoller(checkId: string, current: FormValues, document: unknown): FormValues {
    if (!rs.characterCheck) return current;
    const added = rs.characterCheck(document, { check: checkId, params: {} }).params;
    const out: Record<string, string | boolean> = { ...current };
    for (const [k, x] of Object.entries(added)) out[k] = typeof x === 'boolean' ? x : String(x);
    return out;
  }
  // A sheet's stat whose check the tray's buttons cannot hold (not a Test or Challenge) opens here, filled in.
  const preset = props.session.trayPreset.value;
  useEffect(() => {
    if (!preset || preset.check === 'test' || preset.check === 'challenge') return;
    const target = rs.checks.find((c) => c.id === preset.check);
    if (!target) return;
    const filled: Record<string, string | boolean> = { ...startValues(target.params, settings) };
    for (const [k, x] of Object.entries(preset.params)) filled[k] = typeof x === 'boolean' ? x : String(x);
    const owner = props.session.state.value.characters.find((c) => c.id === preset.characterId);
    setCheckId(target.id);
    setValues({ ...values, [target.id]: owner ? withRoller(target.id, filled, owner.document) : filled });
    setFromStat({ characterId: preset.characterId, label: preset.label, visibility: preset.visibility ?? null });
    setOpen(true);
    action.clear();
    // Taken: shown again later, the form is not filled in again.
    props.session.trayPreset.value = null;
    requestAnimationFrame(() => {
      const el = document.getElementById('check-forms');
      el?.scrollIntoView({ block: 'start' });
      (el?.querySelector('button[type=submit]') as HTMLButtonElement | null)?.focus({ preventScroll: true });
    });
  }, [preset?.n]);
  if (!def) return null;
  const v = values[def.id] ?? startValues(def.params, settings);
  const read = readForm(def.params, v);
  const odds = useMemo(() => {
    if (!read.ok) return null;
    try {
      return rs.checkOdds({ check: def.id, params: read.params });
    } catch (e) {
      return { ok: false as const, error: { code: 'internal', message: e instanceof Error ? e.message : String(e) } };
    }
  }, [def.id, JSON.stringify(read.ok ? read.params : null)]);
  const visibility = fromStat?.visibility ?? props.visibility;
  async function submit(e: Event) {
    e.preventDefault();
    if (!read.ok) setTouched(new Set([...touched, read.field]));
    if (!read.ok || !odds?.ok || !def || action.isBusy) return;
    const sent = await action.run({ kind: 'check', check: def.id, params: read.params, visibility, ...(fromStat !== null && fromStat.label !== '' ? { label: fromStat.label } : {}), ...(fromStat !== null ? { characterId: fromStat.characterId } : roller ? { characterId: roller.id } : {}) });
    // The sheet's stat is rolled: the next roll of this form is the player's own.
    if (sent) setFromStat(null);
  }
  const missing = !read.ok ? (def.params.find((p) => p.name === read.field)?.label ?? read.field) : null;
  return (
    <details class="sub" id="check-forms" open={isOpen} onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>{rs.label} checks</summary>
      <form onSubmit={submit} noValidate>
        {fromStat ? (
          <p class="from-stat">
            Set up from the sheet: {fromStat.label}
            {fromStat.visibility !== null && fromStat.visibility !== 'public' ? ` (${VISIBILITY_LABEL[fromStat.visibility]})` : ''}
          </p>
        ) : null}
        <div class="field">
          <label for="check-kind">Check</label>
          <select
            id="check-kind"
            value={def.id}
            onChange={(e) => {
              const next = e.currentTarget.value;
              setCheckId(next);
              setFromStat(null);
              const nextDef = rs.checks.find((c) => c.id === next);
              if (roller && nextDef) setValues({ ...values, [next]: withRoller(next, values[next] ?? startValues(nextDef.params, settings), roller.document) });
            }}
            aria-describedby="check-kind-help"
          >
            {rs.checks.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
          <small id="check-kind-help">{plainText(def.help, def.params)}</small>
        </div>
        {rollers.length > 0 && fromStat === null ? (
          <div class="field">
            <label for="check-roller">Rolled by</label>
            <select
              id="check-roller"
              value={rollerId}
              aria-describedby="check-roller-help"
              onChange={(e) => {
                const id = e.currentTarget.value;
                setRollerId(id);
                const c = rollers.find((x) => x.id === id);
                if (c) setValues({ ...values, [def.id]: withRoller(def.id, v, c.document) });
              }}
            >
              <option value="">No character</option>
              {rollers.map((c) => (
                <option key={c.id} value={c.id}>
                  {String(c.document['name'] ?? c.id)}
                </option>
              ))}
            </select>
            <small id="check-roller-help">the character's own parts (a stock's abilities) are filled in, and the roll is theirs</small>
          </div>
        ) : null}
        <ParamFields
          defs={def.params}
          values={v}
          prefix={`check-${def.id}`}
          errorField={read.ok || !touched.has(read.field) ? null : read.field}
          error={read.ok ? null : plainText(read.problem.message, def.params)}
          onChange={(n, x) => {
            setTouched(new Set([...touched, n]));
            setValues({ ...values, [def.id]: { ...v, [n]: x } });
          }}
        />
        {odds ? (
          odds.ok ? (
            <OddsOutcomes odds={{ ...odds.value, description: plainDescription(odds.value.description, def.params) }} label="Odds of the check" showMean />
          ) : touched.size === 0 ? (
            <p class="muted">Fill in the fields above to see the odds.</p>
          ) : (
            <p class="error">{plainText(odds.error.message, def.params)}</p>
          )
        ) : null}
        {!read.ok && !touched.has(read.field) ? <p class="muted">Fill in {missing} to see the odds.</p> : null}
        <button
          type="submit"
          class="primary"
          disabled={action.isBusy || !props.session.canRoll.value || !read.ok || !odds?.ok}
          aria-busy={action.isBusy ? 'true' : undefined}
          aria-describedby={!read.ok ? 'check-form-missing' : undefined}
          onClick={oneClick()}
        >
          {action.isBusy ? 'Rolling…' : `Roll ${def.label}`}
        </button>
        {!read.ok ? (
          <p class="muted" id="check-form-missing">
            {touched.has(read.field) ? plainText(read.problem.message, def.params) : `${missing} first.`}
          </p>
        ) : null}
        <ActionError action={action} text={(m) => plainText(m, def.params)} />
        <ResultAt session={props.session} at={result.at} />
      </form>
    </details>
  );
}
