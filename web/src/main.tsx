/** Entry of the web table: styles, theme, keyboard shortcuts, the app. */
import { render } from 'preact';
import './styles.css';
import { App } from './ui/app.js';
import { applyTheme, theme } from './store.js';
import { installShortcuts } from './ui/shortcuts.js';

applyTheme(theme.peek());
installShortcuts();
render(<App />, document.getElementById('app')!);
