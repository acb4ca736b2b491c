/** The help dialog (`?`): the keyboard shortcuts and what the page does. */
import { useEffect, useRef } from 'preact/hooks';
import { isHelpOpen } from '../store.js';

/** Shortcuts listed in help and in docs/web.md. */
export const SHORTCUTS: readonly (readonly [string, string])[] = [
  ['/', 'Focus the dice tray notation'],
  ['Enter', 'Roll (in the dice tray)'],
  ['?', 'Open this help'],
  ['Esc', 'Close this help'],
];

/** A modal dialog; focus moves in when it opens and back when it closes. */
export function HelpDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  const open = isHelpOpen.value;
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={ref} class="help" aria-labelledby="help-title" onClose={() => (isHelpOpen.value = false)}>
      <h2 id="help-title">Help</h2>
      <table class="shortcuts">
        <caption>Keyboard shortcuts</caption>
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
      <p>
        The odds in the dice tray are exact and computed on this device before you roll. The server rolls the dice; a Smith-only roll
        reaches only the Smith and you, a blind roll only the Smith.
      </p>
      <form method="dialog">
        <button type="submit" class="primary">
          Close
        </button>
      </form>
    </dialog>
  );
}
