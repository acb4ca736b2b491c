/**
 * Keyboard shortcuts: `/` focuses the dice tray's notation, `?` opens help, Escape closes it.
 * Enter rolls because the tray is a form. Keys typed into a field are left alone.
 */
import { isHelpOpen } from '../store.js';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(type);
}

/** Installs the page's shortcuts once. */
export function installShortcuts(): void {
  addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'Escape' && isHelpOpen.value) {
      isHelpOpen.value = false;
      return;
    }
    if (isTyping(e.target)) return;
    if (e.key === '/') {
      const field = document.getElementById('tray-notation');
      if (field instanceof HTMLInputElement) {
        e.preventDefault();
        field.focus();
        field.select();
      }
    } else if (e.key === '?') {
      e.preventDefault();
      isHelpOpen.value = true;
    }
  });
}
