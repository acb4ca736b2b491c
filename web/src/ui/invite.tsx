/**
 * The Smith's invite panel, at the top of the table: the link (wrapped, never cut off on a phone),
 * Copy (the clipboard API where the page is a secure context, else the text selected and
 * `execCommand('copy')`), a new link, and revoking it after a confirmation.
 */
import { useRef, useState } from 'preact/hooks';
import { ApiError } from '../lib/api.js';
import { inviteLink } from '../lib/routes.js';
import type { TableSession } from '../session.js';

/** Copies `text`: the clipboard API when the page may use it, else the selected field and execCommand. */
async function copyText(text: string, field: HTMLTextAreaElement | null): Promise<boolean> {
  try {
    if (window.isSecureContext && navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // refused (permissions): fall back to the selection
  }
  if (!field) return false;
  field.focus();
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

/** The invite panel. */
export function InvitePanel(props: { session: TableSession; onClose: () => void }) {
  const { session } = props;
  const code = session.inviteCode.value;
  const field = useRef<HTMLTextAreaElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState<string>('');
  const link = code ? inviteLink(location.origin, session.seat.tableId, code) : null;
  async function act(action: 'rotate' | 'revoke') {
    if (action === 'revoke' && !confirm('Revoke the invite link? Nobody new can join until you make a new link. Players already at the table stay.')) return;
    setError(null);
    setCopied('');
    try {
      await session.invite(action);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  }
  return (
    <section class="invite panel" aria-labelledby="invite-title">
      <div class="invite-head">
        <h2 id="invite-title">Invite players</h2>
        <button type="button" class="ghost" onClick={props.onClose}>
          Close
        </button>
      </div>
      {link ? (
        <>
          <label for="invite-link">Send this link to your players: opening it lets them join with a name.</label>
          <div class="invite-row">
            <textarea ref={field} id="invite-link" class="mono" readOnly rows={2} value={link} spellcheck={false} onFocus={(e) => e.currentTarget.select()} />
            <button
              type="button"
              class="primary"
              onClick={async () => setCopied((await copyText(link, field.current)) ? 'Copied' : 'Select and copy: the link is selected above')}
            >
              Copy
            </button>
          </div>
          <p class="muted" role="status">
            {copied}
          </p>
        </>
      ) : (
        <p>{code === null ? 'The invite is revoked: nobody new can join. Make a new link to invite again.' : 'Loading…'}</p>
      )}
      <div class="row">
        <button type="button" onClick={() => void act('rotate')}>
          {link ? 'New link (the old one stops working)' : 'Make a new link'}
        </button>
        {link ? (
          <button type="button" class="danger" onClick={() => void act('revoke')}>
            Revoke the link
          </button>
        ) : null}
      </div>
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
