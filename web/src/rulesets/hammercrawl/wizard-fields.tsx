/**
 * HAMMERCRAWL!'s creation fields (lazy chunk): the options of wizard.ts grouped as the procedure runs
 * (who, stock, class, skills and gear), one-id choices as lists with "Roll it" first, and the lists
 * (skills with their medium or specialization, WPs, weapons of choice, Devout powers, Specialist choices,
 * specialties, a Palladium Human's stat order) as rows to add and remove, up to what the rules allow.
 */
import { useEffect, useState } from 'preact/hooks';
import type { ParamDef } from '../../../../src/rules/rule-system.js';
import { ParamFields } from '../../ui/param-form.js';
import type { CreationFieldsProps } from '../types.js';
import {
  ADVANCED_DEVOUT_CHOICES,
  DEVOUT_PATTERN_FIELD,
  LIST_FIELDS,
  devoutPatternOf,
  hammercrawlListSpec,
  listEntries,
  listValue,
  type DevoutPattern,
  type ListEntry,
  type ListSpec,
} from './wizard.js';

/** What the empty choice of a one-id list says: the rules roll what is not chosen. */
const ROLL_IT = 'Roll it';

/** The procedure's groups, in order, and the options of each. */
const GROUPS: readonly { readonly title: string | null; readonly names: readonly string[] }[] = [
  { title: null, names: ['method', 'name'] },
  { title: 'Who they are', names: ['stock', 'stock-prime', 'stat-priority'] },
  { title: 'What they do', names: ['class', 'class-prime', 'shtick', 'spellblade-style', 'caster-type', 'focus', 'holy-mage-power', 'devout-powers', 'specialist-choices', 'save-feat'] },
  { title: 'What they know and carry', names: ['skills', 'specialties', 'wps', 'weapons'] },
  // Two readings of the rules the table may choose between (CR-3, CR-17), each with its help.
  { title: 'Rolls and kit', names: ['soc-roll', 'starting-kit'] },
];

/** The fields of the wizard. */
export function HammercrawlCreationFields(props: CreationFieldsProps) {
  const known = new Set(GROUPS.flatMap((g) => g.names));
  const others = props.defs.filter((d) => !known.has(d.name));
  return (
    <>
      {GROUPS.map((g) => {
        const defs = g.names.map((n) => props.defs.find((d) => d.name === n)).filter((d): d is ParamDef => d !== undefined);
        if (defs.length === 0) return null;
        const fields = defs.map((d) => <Field key={d.name} def={d} {...props} />);
        return g.title === null ? (
          fields
        ) : (
          <fieldset key={g.title} class="wizard-group">
            <legend>{g.title}</legend>
            {fields}
          </fieldset>
        );
      })}
      {others.map((d) => (
        <Field key={d.name} def={d} {...props} />
      ))}
    </>
  );
}

function Field(props: CreationFieldsProps & { def: ParamDef }) {
  const { def } = props;
  const error = props.errorField === def.name ? props.error : null;
  if (def.name === 'devout-powers') return <DevoutPowers {...props} error={error} />;
  const spec = LIST_FIELDS.has(def.name) ? hammercrawlListSpec(def.name, props.values) : null;
  if (spec) return <PickList spec={spec} value={props.values[def.name]} prefix={props.prefix} error={error} onChange={(v) => props.onChange(def.name, v)} />;
  return <ParamFields defs={[def]} values={props.values} prefix={props.prefix} errorField={props.errorField} error={props.error} emptyLabel={ROLL_IT} onChange={props.onChange} />;
}

/** Moves focus to the row `index` once it is drawn (after Add). */
function useFocusRow(prefix: string): [(index: number) => void] {
  const [row, setRow] = useState<number | null>(null);
  useEffect(() => {
    if (row === null) return;
    document.getElementById(`${prefix}-${row}`)?.focus();
    setRow(null);
  }, [row, prefix]);
  return [setRow];
}

function ErrorLine(props: { id: string; error: string | null }) {
  return props.error ? (
    <small id={props.id} class="error">
      {props.error}
    </small>
  ) : null;
}

/** A list option as rows of choices, each with its own text where the entry takes one. */
function PickList(props: { spec: ListSpec; value: string | boolean | undefined; prefix: string; error: string | null; onChange: (value: string) => void }) {
  const { spec } = props;
  const id = `${props.prefix}-${spec.name}`;
  const entries = listEntries(props.value);
  const [focusRow] = useFocusRow(id);
  const set = (next: readonly ListEntry[]) => props.onChange(listValue(next));
  const isFull = entries.length >= spec.max;
  const described = props.error ? `${id}-help ${id}-error` : `${id}-help`;
  return (
    <fieldset id={id} class="pick-list" tabIndex={-1} aria-describedby={described}>
      <legend>{spec.label}</legend>
      <small id={`${id}-help`} class="muted">
        {spec.help}{' '}
        {spec.max > 0 ? (
          <span class="pick-count">
            {entries.filter((e) => e.id !== '').length} of {spec.max} chosen.
          </span>
        ) : null}
      </small>
      {entries.length > 0 ? (
        <ol class="pick-rows">
          {entries.map((e, i) => {
            const taken = new Set(entries.filter((_, j) => j !== i).map((x) => x.id));
            const textKind = e.id === '' ? null : spec.textFor(e.id);
            const rowLabel = `${spec.itemLabel} ${i + 1}`;
            return (
              <li key={i} class="pick-row">
                <span class="pick-n" aria-hidden="true">
                  {i + 1}.
                </span>
                <label for={`${id}-${i}`} class="sr-only">
                  {rowLabel}
                </label>
                <select
                  id={`${id}-${i}`}
                  value={e.id}
                  aria-invalid={props.error ? 'true' : undefined}
                  onChange={(ev) => set(entries.map((x, j) => (j === i ? { id: ev.currentTarget.value, text: '' } : x)))}
                >
                  <option value="">Choose…</option>
                  {spec.choices
                    .filter((c) => spec.mayRepeat || c.id === e.id || !taken.has(c.id))
                    .map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.label}
                      </option>
                    ))}
                </select>
                {textKind !== null ? (
                  <input
                    id={`${id}-${i}-text`}
                    class="pick-text"
                    value={e.text}
                    maxLength={40}
                    placeholder={`${textKind} (optional)`}
                    aria-label={`${rowLabel}: ${textKind}`}
                    onInput={(ev) => set(entries.map((x, j) => (j === i ? { ...x, text: ev.currentTarget.value } : x)))}
                  />
                ) : null}
                <button
                  type="button"
                  class="ghost"
                  aria-label={`Remove ${rowLabel.toLowerCase()}`}
                  onClick={() => {
                    set(entries.filter((_, j) => j !== i));
                    focusRow(Math.max(0, i - 1));
                  }}
                >
                  Remove
                </button>
              </li>
            );
          })}
        </ol>
      ) : null}
      {spec.max > 0 && spec.choices.length > 0 ? (
        <button
          type="button"
          class="pick-add"
          disabled={isFull}
          onClick={() => {
            set([...entries, { id: '', text: '' }]);
            focusRow(entries.length);
          }}
        >
          {`Add ${article(spec.itemLabel)} ${spec.itemLabel.toLowerCase()}`}
        </button>
      ) : null}
      <ErrorLine id={`${id}-error`} error={props.error} />
    </fieldset>
  );
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

const PATTERNS: readonly (readonly [DevoutPattern, string])[] = [
  ['roll', 'Roll them'],
  ['three-basic', '3 basic powers'],
  ['basic-and-advanced', '1 basic and 1 advanced power'],
];

/** The Devout's powers: the pattern, then one choice per power it takes (CR-7). */
function DevoutPowers(props: CreationFieldsProps & { error: string | null }) {
  const spec = hammercrawlListSpec('devout-powers', props.values)!;
  const id = `${props.prefix}-devout-powers`;
  const pattern = devoutPatternOf(props.values);
  const entries = listEntries(props.values['devout-powers']);
  const rows: readonly { readonly label: string; readonly isAdvanced: boolean }[] =
    pattern === 'three-basic'
      ? [1, 2, 3].map((n) => ({ label: `Basic power ${n}`, isAdvanced: false }))
      : pattern === 'basic-and-advanced'
        ? [
            { label: 'Advanced power', isAdvanced: true },
            { label: 'Basic power', isAdvanced: false },
          ]
        : [];
  const at = (i: number): ListEntry => entries[i] ?? { id: '', text: '' };
  const described = props.error ? `${id}-help ${id}-error` : `${id}-help`;
  return (
    <fieldset id={id} class="pick-list" tabIndex={-1} aria-describedby={described}>
      <legend>{spec.label}</legend>
      <small id={`${id}-help`} class="muted">
        {spec.help}
      </small>
      <div class="field">
        <label for={`${id}-pattern`}>Powers to start with</label>
        <select
          id={`${id}-pattern`}
          value={pattern}
          onChange={(e) => {
            const next = e.currentTarget.value as DevoutPattern;
            props.onChange(DEVOUT_PATTERN_FIELD, next);
            const n = next === 'three-basic' ? 3 : next === 'basic-and-advanced' ? 2 : 0;
            props.onChange('devout-powers', listValue(Array.from({ length: n }, () => ({ id: '', text: '' }))));
          }}
        >
          {PATTERNS.map(([p, label]) => (
            <option key={p} value={p}>
              {label}
            </option>
          ))}
        </select>
      </div>
      {rows.length > 0 ? (
        <ol class="pick-rows">
          {rows.map((row, i) => {
            const e = at(i);
            const taken = new Set(rows.map((_, j) => at(j).id).filter((x, j) => j !== i && x !== ''));
            const choices = (row.isAdvanced ? ADVANCED_DEVOUT_CHOICES : spec.choices).filter((c) => c.id === e.id || !taken.has(c.id));
            return (
              <li key={`${pattern}-${i}`} class="pick-row">
                <label for={`${id}-${i}`}>{row.label}</label>
                <select
                  id={`${id}-${i}`}
                  value={e.id}
                  aria-invalid={props.error ? 'true' : undefined}
                  onChange={(ev) => {
                    const next = rows.map((r, j) => (j === i ? { id: ev.currentTarget.value, text: r.isAdvanced ? 'advanced' : '' } : { id: at(j).id, text: r.isAdvanced ? 'advanced' : '' }));
                    props.onChange('devout-powers', listValue(next));
                  }}
                >
                  <option value="">Choose…</option>
                  {choices.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.label}
                    </option>
                  ))}
                </select>
              </li>
            );
          })}
        </ol>
      ) : null}
      <ErrorLine id={`${id}-error`} error={props.error} />
    </fieldset>
  );
}
