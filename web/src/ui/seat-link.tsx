/**
 * Seat links: a member's own seat on another device ("Use this seat on another device"), and the
 * read-only link field with Copy that the invite panel and the members manager share.
 * A seat link carries the member's token (`/t/<id>#seat=<token>`): whoever opens it sits in that seat,
 * so it is shown only on asking, and a new one signs out every device that used the old one.
 */
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { ApiError } from '../lib/api.js';
import { CommandError } from '../lib/live.js';
import { seatLinkChoice } from '../lib/members-view.js';
import { memberWithRole } from '../lib/table-state.js';
import type { SavedSeat } from '../lib/tokens.js';
import { api, seatLink, type TableSession } from '../session.js';
import { navigate, seats } from '../store.js';

/** Copies `text`: the clipboard API when the page may use it, else the selected field and execCommand. */
export async function copyText(text: string, field: HTMLTextAreaElement | null): Promise<boolean> {
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

/** A link to hand on: its label, the link wrapped in a read-only field (never cut off on a phone), Copy, and what Copy did. */
export function LinkField(props: { id: string; label: string; link: string; copyLabel?: string }) {
  const field = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState('');
  return (
    <div class="link-field">
      <label for={props.id}>{props.label}</label>
      <div class="invite-row">
        <textarea ref={field} id={props.id} class="mono" readOnly rows={2} value={props.link} spellcheck={false} onFocus={(e) => e.currentTarget.select()} />
        <button
          type="button"
          class="primary"
          aria-describedby={props.id}
          onClick={async () => setCopied((await copyText(props.link, field.current)) ? 'Copied' : 'Select and copy: the link is selected above')}
        >
          {props.copyLabel ?? 'Copy'}
        </button>
      </div>
      <p class="muted copy-status" role="status">
        {copied}
      </p>
    </div>
  );
}

/** The message of a refused request or command, for the page. */
export function problemText(e: unknown): string {
  return e instanceof ApiError || e instanceof CommandError ? e.message : String(e);
}

/**
 * "Use this seat on another device": makes a new seat link for this member (the server gives the seat a
 * new token; this device switches to it, every other device on the seat is signed out), or shows the
 * link of the token this device holds now. `intro` replaces the opening sentence (the Smith's, right
 * after creating a table).
 */
export function SeatLinkPanel(props: { session: TableSession; title?: string; intro?: preact.ComponentChildren; headingLevel?: 2 | 3 }) {
  const { session } = props;
  const you = session.state.value.you;
  const uid = useId();
  const [link, setLink] = useState<{ text: string; isNew: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleId = `seat-link-title-${uid}`;
  const H = props.headingLevel === 2 ? 'h2' : 'h3';
  async function make() {
    setBusy(true);
    setError(null);
    try {
      const r = await session.renewSeat();
      setLink({ text: seatLink(location.origin, session.seat.tableId, r.token), isNew: true });
    } catch (e) {
      setError(problemText(e));
    } finally {
      setBusy(false);
    }
  }
  function showCurrent() {
    setError(null);
    setLink({ text: seatLink(location.origin, session.seat.tableId, session.seat.token), isNew: false });
  }
  const who = you ? memberWithRole(you.name, you.role) : 'you';
  return (
    <section class="seat-link" aria-labelledby={titleId}>
      <H id={titleId}>{props.title ?? 'Use this seat on another device'}</H>
      {props.intro ?? (
        <p>
          A seat link opens this table as <strong>{who}</strong> on another phone or computer: your characters and your rolls, one member, not
          a new one.
        </p>
      )}
      <p class="seat-secret">Keep it secret: anyone who opens it sits in your seat. Send it only to yourself.</p>
      {link ? (
        <>
          <LinkField id={`seat-link-${uid}`} label={link.isNew ? 'Your new seat link' : "This device's seat link"} link={link.text} />
          {link.isNew ? (
            <p class="muted">Devices that used your old link are signed out; this one switched to the new link by itself.</p>
          ) : (
            <p class="muted">This is the link this device already uses: the same seat, not a copy. Making a new link later signs out every device that uses this one.</p>
          )}
          <div class="row">
            <button type="button" disabled={busy} onClick={() => void make()}>
              {busy ? 'Making a new link…' : 'Make a new link (signs out other devices)'}
            </button>
          </div>
        </>
      ) : (
        <div class="row">
          <button type="button" class="primary" disabled={busy} onClick={() => void make()}>
            {busy ? 'Making a seat link…' : 'Make a seat link'}
          </button>
          <button type="button" class="ghost" onClick={showCurrent}>
            Show this device's link
          </button>
        </div>
      )}
      {link === null ? <p class="muted">A new link signs out any other device on this seat; this device stays in.</p> : null}
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

/** What opening a seat link found: checking, a seat to choose, or why it does not open. */
type Opening =
  | { readonly kind: 'checking' }
  | { readonly kind: 'ask'; readonly found: SavedSeat }
  | { readonly kind: 'refused'; readonly removed: boolean }
  | { readonly kind: 'missing' }
  | { readonly kind: 'failed'; readonly message: string };

/**
 * Opens a seat link (`/t/<id>#seat=<token>`) on this device: checks the token with the table
 * (`GET /api/tables/:id`), saves the seat under the name and role the table gives, and hands it on;
 * when this device already holds another member's seat here, asks which to keep.
 */
export function OpenSeatLink(props: { tableId: string; token: string; onSeated: (seat: SavedSeat) => void; onDone: () => void }) {
  const [opening, setOpening] = useState<Opening>({ kind: 'checking' });
  const [attempt, setAttempt] = useState(0);
  const held = seats.get(props.tableId);
  useEffect(() => {
    let live = true;
    setOpening({ kind: 'checking' });
    api.table(props.tableId, props.token).then(
      (info) => {
        if (!live) return;
        const found: SavedSeat = { tableId: props.tableId, token: props.token, memberId: info.you.id, name: info.you.name, role: info.you.role, tableName: info.name, openedAt: Date.now() };
        const choice = seatLinkChoice(held, props.token, info.you.id);
        if (choice === 'ask') {
          setOpening({ kind: 'ask', found });
          return;
        }
        seats.save(found);
        props.onSeated(found);
      },
      (e: unknown) => {
        if (!live) return;
        if (e instanceof ApiError && e.status === 404) setOpening({ kind: 'missing' });
        else if (e instanceof ApiError && (e.status === 401 || e.status === 403)) setOpening({ kind: 'refused', removed: e.code === 'auth/removed' });
        else setOpening({ kind: 'failed', message: problemText(e) });
      },
    );
    return () => {
      live = false;
    };
  }, [props.tableId, props.token, attempt]);
  const keepHeld = held ? (
    <button type="button" class="primary" onClick={props.onDone}>
      Open the table as {memberWithRole(held.name, held.role)} (this device's seat)
    </button>
  ) : null;
  switch (opening.kind) {
    case 'checking':
      return (
        <section class="panel" aria-busy="true">
          <h2>Opening a seat link</h2>
          <p class="muted">Checking the seat link with the table…</p>
        </section>
      );
    case 'missing':
      return (
        <section class="panel">
          <h2>No such table</h2>
          <p>This seat link points to a table that does not exist: the link may be mistyped, or the table was deleted.</p>
          <BackLink />
        </section>
      );
    case 'refused':
      return (
        <section class="panel seat-refused" aria-labelledby="seat-refused-title">
          <h2 id="seat-refused-title">This seat link does not work</h2>
          {opening.removed ? (
            <p>The member this link was for was removed from the table by the Smith, so it opens nothing. Ask the Smith for the invite link to join again.</p>
          ) : (
            <p>
              A newer seat link was made for this seat (each new link replaces the one before), or the link was cut short when it was copied. Ask
              the Smith for a new seat link, or make one on a device where you still sit at the table.
            </p>
          )}
          <div class="row">{keepHeld}</div>
          <BackLink />
        </section>
      );
    case 'failed':
      return (
        <section class="panel">
          <h2>Opening a seat link</h2>
          <p class="error" role="alert">
            {opening.message}
          </p>
          <div class="row">
            <button type="button" class="primary" onClick={() => setAttempt(attempt + 1)}>
              Try again
            </button>
            {keepHeld}
          </div>
        </section>
      );
    case 'ask': {
      const found = opening.found;
      return (
        <section class="panel seat-choice" aria-labelledby="seat-choice-title">
          <h2 id="seat-choice-title">Which seat should this device keep?</h2>
          <p>
            This device already sits at {found.tableName} as <strong>{held ? memberWithRole(held.name, held.role) : 'another member'}</strong>. The link
            you opened is the seat of <strong>{memberWithRole(found.name, found.role)}</strong>. A device holds one seat per table.
          </p>
          <p class="muted">The seat you do not keep stays at the table; this device only lets go of it. Keep its seat link if you will want it back here.</p>
          {held?.role === 'smith' ? (
            <p class="warn">
              This device holds the Smith's seat. Make your Smith seat link at the table first ("Invite players" or "Manage members"): without it the
              Smith's seat cannot be opened again.
            </p>
          ) : null}
          <div class="row">
            <button
              type="button"
              class="primary"
              onClick={() => {
                seats.save(found);
                props.onSeated(found);
              }}
            >
              Sit as {memberWithRole(found.name, found.role)} (from the link)
            </button>
            <button type="button" onClick={props.onDone}>
              Keep {held ? memberWithRole(held.name, held.role) : 'this device\'s seat'}
            </button>
          </div>
        </section>
      );
    }
  }
}

function BackLink() {
  return (
    <p>
      <a href="/" onClick={(e) => (e.preventDefault(), navigate('/'))}>
        Back to your tables
      </a>
    </p>
  );
}
