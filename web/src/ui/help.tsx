/**
 * The help dialog (`?`): how rolling works in the tray, where the tools are, who sees a secret roll,
 * chat and whispers, seats on several devices, the Smith's screen, then the open table's ruleset's own
 * help (its web parts' `help`) and the keyboard shortcuts. The text here names no ruleset.
 */
import { useEffect, useRef } from 'preact/hooks';
import type { HelpSection } from '../rulesets/types.js';
import { isHelpOpen, rulesetHelp } from '../store.js';
import { GENERAL_HELP } from '../lib/help-text.js';
import { rulesetLabel } from '../lib/rulesets.js';

/** Shortcuts listed in help and in docs/web.md. */
export const SHORTCUTS: readonly (readonly [string, string])[] = [
  ['/', 'Focus the dice tray notation'],
  ['Enter', 'Roll (in the dice tray)'],
  ['?', 'Open this help'],
  ['Esc', 'Close this help'],
];

function Section(props: { section: HelpSection; prefix: string; isNested?: boolean }) {
  const { section } = props;
  const id = `help-${props.prefix}-${section.id}`;
  const Heading = props.isNested ? 'h4' : 'h3';
  return (
    <section aria-labelledby={id}>
      <Heading id={id}>{section.title}</Heading>
      {section.paragraphs.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
      {section.terms && section.terms.length > 0 ? (
        <dl class="help-terms">
          {section.terms.map(([term, meaning]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{meaning}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
}

/** A modal dialog; focus moves in when it opens and back when it closes. */
export function HelpDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  const open = isHelpOpen.value;
  const own = rulesetHelp.value;
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={ref} class="help" aria-labelledby="help-title" onClose={() => (isHelpOpen.value = false)}>
      <div class="help-head">
        <h2 id="help-title">Help</h2>
        <form method="dialog">
          <button type="submit" class="ghost">
            Close
          </button>
        </form>
      </div>
      {GENERAL_HELP.map((s) => (
        <Section key={s.id} section={s} prefix="table" />
      ))}
      {own && own.sections.length > 0 ? (
        <section class="help-ruleset" aria-labelledby="help-ruleset-title">
          <h3 id="help-ruleset-title" class="help-ruleset-title">
            {rulesetLabel(own.ruleset)} at this table
          </h3>
          {own.sections.map((s) => (
            <Section key={s.id} section={s} prefix={own.ruleset} isNested />
          ))}
        </section>
      ) : null}
      <section aria-labelledby="help-keys-title">
        <h3 id="help-keys-title">Keyboard shortcuts</h3>
        <table class="shortcuts">
          <thead>
            <tr>
              <th scope="col">Key</th>
              <th scope="col">Does</th>
            </tr>
          </thead>
          <tbody>
            {SHORTCUTS.map(([k, what]) => (
              <tr key={k}>
                <td>
                  <kbd>{k}</kbd>
                </td>
                <td>{what}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <form method="dialog">
        <button type="submit" class="primary">
          Close
        </button>
      </form>
    </dialog>
  );
}
