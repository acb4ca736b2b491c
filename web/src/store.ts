/** Page-wide state: where we are, the theme, the saved seats. */
import { signal } from '@preact/signals';
import type { HelpSection } from './rulesets/types.js';
import { parseRoute, type Route } from './lib/routes.js';
import { SeatStore, memoryStore, type KeyValueStore } from './lib/tokens.js';

function storage(): KeyValueStore {
  try {
    const s = window.localStorage;
    s.getItem('probe');
    return s;
  } catch {
    return memoryStore();
  }
}

/**
 * Where the page keeps its own things in localStorage: under the app's name (the package's), which
 * never changes, so seats and the theme saved by earlier versions are still found.
 */
const STORAGE_PREFIX = 'hammercrawl:';

/** The member tokens, per table (`<prefix>table:<table id>`). */
export const seats = new SeatStore(storage(), `${STORAGE_PREFIX}table:`);

/** The current route. */
export const route = signal<Route>(parseRoute(location.pathname, location.hash));

/** Goes to a path inside the app without reloading. */
export function navigate(path: string): void {
  history.pushState(null, '', path);
  route.value = parseRoute(location.pathname, location.hash);
}

addEventListener('popstate', () => {
  route.value = parseRoute(location.pathname, location.hash);
});

/** `light`, `dark`, or `system` (follow prefers-color-scheme). */
export type ThemeChoice = 'light' | 'dark' | 'system';

const THEME_KEY = `${STORAGE_PREFIX}theme`;

function readTheme(): ThemeChoice {
  try {
    const t = localStorage.getItem(THEME_KEY);
    return t === 'light' || t === 'dark' ? t : 'system';
  } catch {
    return 'system';
  }
}

/** The theme chosen. */
export const theme = signal<ThemeChoice>(readTheme());

/** Applies a theme to the document (the CSS reads `data-theme`; `system` leaves it to the media query). */
export function applyTheme(t: ThemeChoice): void {
  theme.value = t;
  if (t === 'system') delete document.documentElement.dataset['theme'];
  else document.documentElement.dataset['theme'] = t;
  try {
    if (t === 'system') localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, t);
  } catch {
    // not kept
  }
}

/** The theme in effect now. */
export function effectiveTheme(): 'light' | 'dark' {
  if (theme.value !== 'system') return theme.value;
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** The table this page just created: its invite panel opens up front. */
export const justCreated = signal<string | null>(null);

/** Whether the help dialog is open. */
export const isHelpOpen = signal(false);

/** The help of the open table's ruleset (its web parts' `help`), for the help dialog; null away from a table. */
export const rulesetHelp = signal<{ readonly ruleset: string; readonly sections: readonly HelpSection[] } | null>(null);
