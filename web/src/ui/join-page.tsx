/**
 * The pages of a table this device cannot open yet: the join form of an invite link (naming the
 * table, its ruleset and its Smith from the token-less summary, and saying so when the invite was
 * revoked), "not a member here", "no such table", and "this device's seat is no longer valid" with
 * the reason and the next step.
 */
import { useEffect, useState } from 'preact/hooks';
import { MAX_MEMBER_NAME_LENGTH } from '../../../src/table/limits.js';
import { ApiError, type TableSummary } from '../lib/api.js';
import type { UnauthorizedReason } from '../lib/live.js';
import { parseRoute, tablePath } from '../lib/routes.js';
import { rulesetLabel } from '../lib/rulesets.js';
import { memberWithRole } from '../lib/table-state.js';
import type { SavedSeat } from '../lib/tokens.js';
import { api } from '../session.js';
import { navigate, seats } from '../store.js';
import { HelpButton, ThemeToggle } from './chrome.js';

/** The frame of a page without an open table: the brand, a title, the theme and help. */
export function PageShell(props: { title: string; children: preact.ComponentChildren }) {
  return (
    <>
      <header class="topbar">
        <a class="brand" href="/" onClick={(e) => (e.preventDefault(), navigate('/'))}>
          HAMMERCRAWL!
        </a>
        <h1 class="title">{props.title}</h1>
        <div class="tools">
          <ThemeToggle />
          <HelpButton />
        </div>
      </header>
      <main id="main" class="start">
        {props.children}
      </main>
    </>
  );
}

function BackHome() {
  return (
    <p>
      <a href="/" onClick={(e) => (e.preventDefault(), navigate('/'))}>
        Back to your tables
      </a>
    </p>
  );
}

type Summary = TableSummary;

/** The table's rule for member names, loaded when a name is first checked (it lives with the table's commands, which the first page does not need). */
export function nameRule(): Promise<typeof import('../../../src/table/commands.js')> {
  return import('../../../src/table/commands.js');
}

/** The summary while asking, once known, for a table that does not exist, or when it could not be read. */
type SummaryState = { readonly kind: 'loading' } | { readonly kind: 'known'; readonly summary: Summary } | { readonly kind: 'missing' } | { readonly kind: 'failed'; readonly message: string };

/** The table's name, ruleset and Smith, as a short line under a heading. */
function TableFacts(props: { summary: Summary }) {
  const s = props.summary;
  return (
    <dl class="table-facts">
      <div>
        <dt>Table</dt>
        <dd>{s.name}</dd>
      </div>
      <div>
        <dt>Ruleset</dt>
        <dd>{rulesetLabel(s.ruleset)}</dd>
      </div>
      <div>
        <dt>Smith</dt>
        <dd>{s.smith}</dd>
      </div>
    </dl>
  );
}

/** The page at `/t/<id>` for a device without a seat there: join with the invite, or say why not. */
export function JoinPage(props: { tableId: string; inviteCode: string | null; onJoined: () => void }) {
  const [known, setKnown] = useState<SummaryState>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    setKnown({ kind: 'loading' });
    api.summary(props.tableId, props.inviteCode ?? undefined).then(
      (summary) => live && setKnown({ kind: 'known', summary }),
      (e: unknown) => {
        if (!live) return;
        if (e instanceof ApiError && e.status === 404) setKnown({ kind: 'missing' });
        else setKnown({ kind: 'failed', message: e instanceof Error ? e.message : String(e) });
      },
    );
    return () => {
      live = false;
    };
  }, [props.tableId, props.inviteCode]);
  if (known.kind === 'missing') {
    return (
      <PageShell title="No such table">
        <NoSuchTable />
      </PageShell>
    );
  }
  const summary = known.kind === 'known' ? known.summary : null;
  if (!props.inviteCode) {
    return (
      <PageShell title="Not a member here yet">
        <NotAMember summary={summary} />
      </PageShell>
    );
  }
  if (summary?.invite === 'revoked') {
    return (
      <PageShell title="Invite no longer valid">
        <InviteRevoked summary={summary} />
      </PageShell>
    );
  }
  return (
    <PageShell title={summary ? `Join ${summary.name}` : 'Join a table'}>
      {known.kind === 'loading' ? (
        <section class="panel" aria-busy="true">
          <h2>You are invited to a table</h2>
          <p class="muted">Looking up the table…</p>
        </section>
      ) : (
        <JoinForm
          tableId={props.tableId}
          inviteCode={props.inviteCode}
          summary={summary}
          lookupProblem={known.kind === 'failed' ? known.message : null}
          onJoined={props.onJoined}
          onMissing={() => setKnown({ kind: 'missing' })}
          onRevoked={() => summary && setKnown({ kind: 'known', summary: { ...summary, invite: 'revoked' } })}
        />
      )}
    </PageShell>
  );
}

/** A table id that no table has. */
export function NoSuchTable() {
  return (
    <section class="panel">
      <h2>No such table</h2>
      <p>There is no table at this address: the link may be mistyped, or the table was deleted. Ask the Smith for the link again.</p>
      <BackHome />
    </section>
  );
}

function NotAMember(props: { summary: Summary | null }) {
  const s = props.summary;
  return (
    <section class="panel" aria-labelledby="not-member-title">
      <h2 id="not-member-title">Not a member here yet</h2>
      {s ? <TableFacts summary={s} /> : null}
      <p>This device holds no seat at {s ? <strong>{s.name}</strong> : 'this table'}.</p>
      <ul>
        <li>New here: ask {s ? s.smith : 'the Smith'} for the invite link and open it on this device.</li>
        <li>
          Already a member on another device: there, open "Your seat and name" at the table and make a seat link; open that link here to sit
          in the same seat.
        </li>
      </ul>
      <BackHome />
    </section>
  );
}

function InviteRevoked(props: { summary: Summary }) {
  const s = props.summary;
  return (
    <section class="panel" aria-labelledby="revoked-title">
      <h2 id="revoked-title">This invite link is no longer valid</h2>
      <TableFacts summary={s} />
      <p>
        {s.smith} revoked this link or made a new one, so nobody can join {s.name} with it. Ask {s.smith} for the current invite link.
      </p>
      <p class="muted">Already a member? Open your own seat link instead (make one at the table from "Your seat and name" on a device where you sit).</p>
      <BackHome />
    </section>
  );
}

function JoinForm(props: {
  tableId: string;
  inviteCode: string;
  summary: Summary | null;
  lookupProblem: string | null;
  onJoined: () => void;
  onMissing: () => void;
  onRevoked: () => void;
}) {
  const [name, setName] = useState('');
  const [role, setRole] = useState<'player' | 'observer'>('player');
  // A problem with the name is shown at the field; any other under the button.
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const s = props.summary;
  async function submit(e: Event) {
    e.preventDefault();
    setError(null);
    if (name.trim().length === 0) {
      setNameError('Type the name the table will know you by.');
      return;
    }
    // The table's own rule for names; whether the name is taken only the server knows.
    const { memberNameProblem } = await nameRule();
    const checked = memberNameProblem({ members: [] }, name, role);
    if (!checked.ok) {
      setNameError(checked.error.message);
      return;
    }
    const n = checked.value;
    setBusy(true);
    setNameError(null);
    try {
      const j = await api.join(props.tableId, props.inviteCode, n, role);
      seats.save({ tableId: props.tableId, token: j.token, memberId: j.playerId, name: n, role: j.role, tableName: s?.name ?? props.tableId, openedAt: Date.now() });
      history.replaceState(null, '', tablePath(props.tableId));
      props.onJoined();
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) {
        props.onMissing();
        return;
      }
      if (err instanceof ApiError && err.code.startsWith('member/')) {
        setNameError(err.message);
        return;
      }
      if (err instanceof ApiError && err.status === 403 && s) {
        props.onRevoked();
        return;
      }
      setError(err instanceof ApiError ? (err.status === 403 ? 'This invite link is no longer valid (a new link was made, or it was revoked): ask the Smith for a new one.' : err.message) : String(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section class="panel join" aria-labelledby="join-title">
      <h2 id="join-title">{s ? <>You are invited to {s.name}</> : 'You are invited to a table'}</h2>
      {s ? <TableFacts summary={s} /> : null}
      {props.lookupProblem ? <p class="notice">The table's name could not be looked up ({props.lookupProblem}); you can still join.</p> : null}
      <form onSubmit={submit} noValidate>
        <div class="field">
          <label for="join-name">Your name</label>
          <input
            id="join-name"
            value={name}
            maxLength={MAX_MEMBER_NAME_LENGTH}
            autoComplete="nickname"
            aria-invalid={nameError ? 'true' : undefined}
            aria-describedby={nameError ? 'join-name-error' : 'join-name-help'}
            onInput={(e) => setName(e.currentTarget.value)}
          />
          {nameError ? (
            <small id="join-name-error" class="error" role="alert">
              {nameError}
            </small>
          ) : (
            <small id="join-name-help">One name per member at this table; you can change it later.</small>
          )}
        </div>
        <fieldset>
          <legend>Join as</legend>
          <div class="choices">
            <label>
              <input type="radio" name="join-role" checked={role === 'player'} onChange={() => setRole('player')} /> Player
            </label>
            <label>
              <input type="radio" name="join-role" checked={role === 'observer'} onChange={() => setRole('observer')} /> Observer (watch only)
            </label>
          </div>
        </fieldset>
        {error ? (
          <p id="join-error" class="error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Joining…' : 'Join the table'}
        </button>
      </form>
    </section>
  );
}

/** "This device's seat is no longer valid": why, and what to do next. */
export function SeatNoLongerValid(props: { seat: SavedSeat; reason: UnauthorizedReason; onForget: () => void; onSeatLink: (token: string) => void }) {
  const { seat } = props;
  const who = memberWithRole(seat.name, seat.role);
  return (
    <section class="panel seat-lost" aria-labelledby="seat-lost-title">
      <h2 id="seat-lost-title">This device's seat is no longer valid</h2>
      {props.reason === 'removed' ? (
        <>
          <p>
            <strong>The Smith removed {seat.name} from {seat.tableName}.</strong> This device's seat no longer opens the table.
          </p>
          <p>Characters {seat.name} played stay at the table; the Smith can hand them on. If this was a mistake, ask the Smith for the invite link and join again.</p>
        </>
      ) : props.reason === 'renewed' ? (
        <>
          <p>
            <strong>A new seat link was made for {who}</strong>, on another device or by the Smith, so the link this device held stopped working.
          </p>
          <p>If you made it, open the new link on this device too (paste it below). If not, ask the Smith for a new seat link: that signs out whoever has the other one.</p>
        </>
      ) : (
        <p>The table does not know this device's token any more. Open a fresh invite link from the Smith to join again, or a seat link to sit in your seat.</p>
      )}
      {props.reason === 'removed' ? null : <PasteSeatLink tableId={seat.tableId} onSeatLink={props.onSeatLink} />}
      <div class="row">
        <button
          type="button"
          onClick={() => {
            seats.forget(seat.tableId);
            props.onForget();
          }}
        >
          Forget this table on this device
        </button>
      </div>
      <BackHome />
    </section>
  );
}

/** A field to paste a seat link into, for a phone whose address bar is awkward. */
function PasteSeatLink(props: { tableId: string; onSeatLink: (token: string) => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  function submit(e: Event) {
    e.preventDefault();
    let url: URL;
    try {
      url = new URL(text.trim(), location.origin);
    } catch {
      setError('That is not a link; paste the whole seat link (it ends with #seat=…).');
      return;
    }
    const r = parseRoute(url.pathname, url.hash);
    if (r.page !== 'table' || r.seatToken === null) {
      setError('That is not a seat link: a seat link ends with #seat= and a code.');
      return;
    }
    if (r.tableId !== props.tableId) {
      setError('That seat link is for another table; open it in the address bar instead.');
      return;
    }
    setError(null);
    props.onSeatLink(r.seatToken);
  }
  return (
    <form class="row paste-seat" onSubmit={submit} noValidate>
      <div class="field grow">
        <label for="paste-seat-link">New seat link</label>
        <input
          id="paste-seat-link"
          class="mono"
          value={text}
          autoComplete="off"
          spellcheck={false}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? 'paste-seat-error' : undefined}
          onInput={(e) => setText(e.currentTarget.value)}
        />
        {error ? (
          <small id="paste-seat-error" class="error" role="alert">
            {error}
          </small>
        ) : null}
      </div>
      <button type="submit">Use this seat link</button>
    </form>
  );
}
