/**
 * The Smith's invite panel, at the top of the table: the link (wrapped, never cut off on a phone),
 * Copy (the clipboard API where the page is a secure context, else the text selected and
 * `execCommand('copy')`), a new link, and revoking it after a confirmation; then the Smith's own
 * seat link, the only way back into the table from another device or after this browser forgets it.
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '../lib/api.js';
import { logSizeText } from '../lib/describe.js';
import { inviteLink } from '../lib/routes.js';
import type { TableSession } from '../session.js';
import { LinkField, SeatLinkPanel } from './seat-link.js';

/** The invite panel. */
export function InvitePanel(props: { session: TableSession; onClose: () => void }) {
  const { session } = props;
  const code = session.inviteCode.value;
  const [error, setError] = useState<string | null>(null);
  // The log's size as it is now, each time the panel opens.
  useEffect(() => void session.refreshInvite(), [session]);
  const link = code ? inviteLink(location.origin, session.seat.tableId, code) : null;
  async function act(action: 'rotate' | 'revoke') {
    if (action === 'revoke' && !confirm('Revoke the invite link? Nobody new can join until you make a new link. Players already at the table stay.')) return;
    setError(null);
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
        <LinkField key={link} id="invite-link" label="Send this link to your players: opening it lets them join with a name." link={link} />
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
      {session.logBytes.value !== null ? <p class="muted log-size">{logSizeText(session.logBytes.value)}</p> : null}
      <SeatLinkPanel
        session={session}
        title="Your Smith seat link"
        intro={
          <p>
            <strong>Your Smith seat lives only in this browser.</strong> Make your Smith seat link and keep it somewhere safe (a password manager, a
            note to yourself): it is the only way back into this table from another device, or if this browser forgets its data.
          </p>
        }
      />
    </section>
  );
}
