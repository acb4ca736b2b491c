/**
 * The table's chat box, above the log: a message to everyone, or a whisper (a player's or an
 * observer's to the Smith; the Smith's to any one member). Enter sends, Shift+Enter starts a new line.
 * The length is counted as the server counts it (MAX_CHAT_LENGTH); a refusal shows here with the
 * server's words. One message in flight at a time.
 */
import { useState } from 'preact/hooks';
import { MAX_CHAT_LENGTH } from '../../../src/table/limits.js';
import { CommandError } from '../lib/live.js';
import type { TableSession } from '../session.js';

/** The counter shows once a message is this close to the limit. */
export const CHAT_COUNTER_FROM = MAX_CHAT_LENGTH - 100;

/** Why a message cannot be sent as typed, or null. */
export function chatProblem(text: string): string | null {
  const t = text.trim();
  if (t.length === 0) return 'Type something to say.';
  if (t.length > MAX_CHAT_LENGTH) return `A message is at most ${MAX_CHAT_LENGTH} characters; this one has ${t.length} (${t.length - MAX_CHAT_LENGTH} too many).`;
  return null;
}

/** The chat box. */
export function Chat(props: { session: TableSession }) {
  const { session } = props;
  const state = session.state.value;
  const me = state.you;
  const [text, setText] = useState('');
  const [to, setTo] = useState('');
  const [error, setError] = useState<{ message: string; field: 'text' | 'to' | null } | null>(null);
  const [busy, setBusy] = useState(false);
  if (me === null) return null;
  const isSmith = me.role === 'smith';
  const smith = state.members.find((m) => m.role === 'smith');
  // Who a whisper may go to: the Smith, for everyone else; any other member, for the Smith.
  const targets = isSmith ? state.members.filter((m) => m.id !== me.id) : smith && smith.id !== me.id ? [smith] : [];
  const target = targets.some((m) => m.id === to) ? to : '';
  const length = text.trim().length;
  const isOver = length > MAX_CHAT_LENGTH;

  async function send() {
    if (busy) return;
    const problem = chatProblem(text);
    if (problem !== null) {
      setError({ message: problem, field: 'text' });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await session.send({ kind: 'chat', text: text.trim(), ...(target !== '' ? { to: target } : {}) });
      setText('');
    } catch (e) {
      if (e instanceof CommandError) setError({ message: e.message, field: e.path === '$.to' ? 'to' : e.path === '$.text' ? 'text' : null });
      else setError({ message: String(e), field: null });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      class="chat"
      aria-label="Chat"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <label for="chat-text" class="sr-only">
        Message
      </label>
      <textarea
        id="chat-text"
        rows={2}
        value={text}
        placeholder={target === '' ? 'Say something to the table…' : `Whisper to ${state.members.find((m) => m.id === target)?.name ?? ''}…`}
        aria-invalid={error?.field === 'text' || isOver ? 'true' : undefined}
        aria-describedby={['chat-help', length >= CHAT_COUNTER_FROM ? 'chat-count' : '', error ? 'chat-error' : ''].filter((x) => x !== '').join(' ')}
        aria-keyshortcuts="Enter"
        onInput={(e) => {
          setText(e.currentTarget.value);
          if (error?.field === 'text') setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
            e.preventDefault();
            void send();
          }
        }}
      />
      <div class="chat-row">
        <label for="chat-to">To</label>
        <select id="chat-to" value={target} aria-invalid={error?.field === 'to' ? 'true' : undefined} onChange={(e) => setTo(e.currentTarget.value)}>
          <option value="">Everyone</option>
          {targets.map((m) => (
            <option key={m.id} value={m.id}>
              {m.role === 'smith' ? 'Whisper to the Smith' : `Whisper to ${m.name}`}
            </option>
          ))}
        </select>
        {length >= CHAT_COUNTER_FROM ? (
          <span id="chat-count" class={`chat-count${isOver ? ' over' : ''}`}>
            {isOver ? `${length - MAX_CHAT_LENGTH} over the limit of ${MAX_CHAT_LENGTH}` : `${MAX_CHAT_LENGTH - length} left`}
          </span>
        ) : null}
        <button type="submit" class="primary" disabled={busy || isOver}>
          {busy ? 'Sending…' : target === '' ? 'Send' : 'Whisper'}
        </button>
      </div>
      <small id="chat-help" class="sr-only">
        Enter sends; Shift+Enter starts a new line.
      </small>
      {error ? (
        <p id="chat-error" class="error" role="alert">
          {error.message}
        </p>
      ) : null}
    </form>
  );
}
