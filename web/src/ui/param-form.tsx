/** Form fields for a ruleset's `ParamDef`s: the generic check, creation and settings forms. */
import type { ParamDef } from '../../../src/rules/rule-system.js';
import { plainText, type FormValues } from '../lib/params.js';

/** One field per parameter; `prefix` keeps ids unique on the page. */
export function ParamFields(props: {
  defs: readonly ParamDef[];
  values: FormValues;
  onChange: (name: string, value: string | boolean) => void;
  prefix: string;
  errorField?: string | null;
  error?: string | null;
  /** The empty choice of a list without a default ("(not set)" unless given). */
  emptyLabel?: string;
}) {
  return (
    <>
      {props.defs.map((d) => {
        const id = `${props.prefix}-${d.name}`;
        const v = props.values[d.name];
        const hasError = props.errorField === d.name && props.error;
        const help = (
          <small id={`${id}-help`}>
            {plainText(d.help, props.defs)}
            {d.ref ? <span class="ref"> ({d.ref})</span> : null}
          </small>
        );
        const described = hasError ? `${id}-help ${id}-error` : `${id}-help`;
        const err = hasError ? (
          <small id={`${id}-error`} class="error">
            {plainText(props.error ?? '', props.defs)}
          </small>
        ) : null;
        if (d.kind === 'boolean') {
          return (
            <div class="field check" key={d.name}>
              <input id={id} type="checkbox" checked={v === true} aria-describedby={described} onChange={(e) => props.onChange(d.name, e.currentTarget.checked)} />
              <label for={id}>{d.label}</label>
              {help}
              {err}
            </div>
          );
        }
        if (d.kind === 'choice' || d.kind === 'die') {
          const options = d.kind === 'choice' ? d.choices.map((c) => [c.id, c.label] as const) : d.sides.map((s) => [String(s), `d${s}`] as const);
          return (
            <div class="field" key={d.name}>
              <label for={id}>{d.label}</label>
              <select id={id} value={typeof v === 'string' ? v : ''} aria-describedby={described} aria-invalid={hasError ? 'true' : undefined} onChange={(e) => props.onChange(d.name, e.currentTarget.value)}>
                {d.default === undefined ? <option value="">{props.emptyLabel ?? '(not set)'}</option> : null}
                {options.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
              {help}
              {err}
            </div>
          );
        }
        return (
          <div class="field" key={d.name}>
            <label for={id}>
              {d.label}
              {d.isRequired ? ' (required)' : ''}
            </label>
            <input
              id={id}
              type={d.kind === 'integer' ? 'number' : 'text'}
              inputMode={d.kind === 'integer' ? 'numeric' : undefined}
              min={d.kind === 'integer' ? d.min : undefined}
              max={d.kind === 'integer' ? d.max : undefined}
              maxLength={d.kind === 'text' ? d.maxLength : undefined}
              value={typeof v === 'string' ? v : ''}
              aria-describedby={described}
              aria-invalid={hasError ? 'true' : undefined}
              onInput={(e) => props.onChange(d.name, e.currentTarget.value)}
            />
            {help}
            {err}
          </div>
        );
      })}
    </>
  );
}
