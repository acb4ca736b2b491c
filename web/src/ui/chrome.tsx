/** The page header's tools: theme toggle and help. */
import { applyTheme, effectiveTheme, isHelpOpen, theme } from '../store.js';

/** Toggles light and dark (the first press leaves "follow the system" for the other theme). */
export function ThemeToggle() {
  void theme.value;
  const now = effectiveTheme();
  const next = now === 'dark' ? 'light' : 'dark';
  return (
    <button type="button" class="ghost" aria-label={`Switch to ${next} theme`} title={`Switch to ${next} theme`} onClick={() => applyTheme(next)}>
      {now === 'dark' ? '☀' : '☾'}
      <span class="sr-only"> {next} theme</span>
    </button>
  );
}

/** Opens help. */
export function HelpButton() {
  return (
    <button type="button" class="ghost" aria-keyshortcuts="?" onClick={() => (isHelpOpen.value = true)}>
      Help <kbd aria-hidden="true">?</kbd>
    </button>
  );
}
