/** A table: join from an invite link, or open the seat this device holds; then the tray, the log and the panels. */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { lazyComponent } from './lazy.js';
import { parseRoute, tablePath } from '../lib/routes.js';
import { rulesetLabel } from '../lib/rulesets.js';
import { TableSession } from '../session.js';
import { justCreated, navigate, route, seats } from '../store.js';
import { memberWithRole } from '../lib/table-state.js';
import { InvitePanel } from './invite.js';
import { JoinPage, PageShell, SeatNoLongerValid } from './join-page.js';
import { OpenSeatLink } from './seat-link.js';
import { HelpButton, ThemeToggle } from './chrome.js';
import { DiceTray } from './dice-tray.js';
import { RollLog } from './roll-log.js';
import type { LiveStatus } from '../lib/live.js';

const CharactersPanel = lazyComponent(() => import('./characters.js').then((m) => m.CharactersPanel));
const CombatPanel = lazyComponent(() => import('./combat.js').then((m) => m.CombatPanel));
const SmithPanel = lazyComponent(() => import('./smith.js').then((m) => m.SmithPanel));

/** The page at `/t/<id>`: a seat link being opened, the join pages, or the open table. */
export function TablePage(props: { tableId: string; inviteCode: string | null; seatToken: string | null }) {
  const [seat, setSeat] = useState(() => seats.get(props.tableId));
  // A seat link's token, held here once read: the address bar loses it at once (it is a secret).
  const [seatToken, setSeatToken] = useState(props.seatToken);
  useEffect(() => {
    if (props.seatToken === null) return;
    setSeatToken(props.seatToken);
    history.replaceState(null, '', tablePath(props.tableId));
    // The route forgets the token too, so the same link opened again is read again.
    route.value = parseRoute(location.pathname, location.hash);
  }, [props.seatToken]);
  if (seatToken !== null) {
    return (
      <PageShell title="Opening a seat link">
        <OpenSeatLink
          tableId={props.tableId}
          token={seatToken}
          onSeated={(s) => {
            setSeatToken(null);
            setSeat(s);
          }}
          onDone={() => setSeatToken(null)}
        />
      </PageShell>
    );
  }
  if (!seat) return <JoinPage tableId={props.tableId} inviteCode={props.inviteCode} onJoined={() => setSeat(seats.get(props.tableId))} />;
  return <OpenTable key={seat.token} seatTableId={seat.tableId} inviteCode={props.inviteCode} onForget={() => setSeat(null)} onSeatLink={setSeatToken} />;
}

const STATUS_TEXT: Record<LiveStatus, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  unauthorized: 'Not a member',
  closed: 'Closed',
};

type Tab = 'characters' | 'combat' | 'smith';

function OpenTable(props: { seatTableId: string; inviteCode: string | null; onForget: () => void; onSeatLink: (token: string) => void }) {
  const seat = seats.get(props.seatTableId)!;
  // One session per seat (TablePage keys this by token); renewing one's own seat keeps the session, which switches tokens itself.
  const session = useMemo(() => new TableSession(seat), []);
  const [tab, setTab] = useState<Tab>('characters');
  // The invite panel opens up front right after the Smith created the table.
  const [isInviteOpen, setInviteOpen] = useState(() => justCreated.peek() === seat.tableId);
  useEffect(() => {
    if (props.inviteCode) history.replaceState(null, '', tablePath(seat.tableId));
    session.start();
    return () => session.stop();
  }, [session]);
  const state = session.state.value;
  const status = session.status.value;
  const isSmith = session.isSmith.value;
  const title = state.name || seat.tableName;
  useEffect(() => {
    document.title = `${title} · HAMMERCRAWL! table`;
    return () => {
      document.title = 'HAMMERCRAWL! table';
    };
  }, [title]);
  if (status === 'unauthorized') {
    return (
      <PageShell title="Not a member">
        <SeatNoLongerValid seat={seat} reason={session.unauthorizedReason.value ?? 'unknown'} onForget={props.onForget} onSeatLink={props.onSeatLink} />
      </PageShell>
    );
  }
  const tabs: [Tab, string][] = [
    ['characters', 'Characters'],
    ['combat', 'Combat'],
  ];
  if (isSmith) tabs.push(['smith', 'Smith']);
  return (
    <>
      <header class="topbar">
        <a class="brand" href="/" onClick={(e) => (e.preventDefault(), navigate('/'))}>
          HAMMERCRAWL!
        </a>
        <h1 class="title">
          {state.name || seat.tableName}
          {state.ruleset ? <span class="muted"> · {rulesetLabel(state.ruleset)}</span> : null}
        </h1>
        <p class={`status status-${status}`} role="status">
          {STATUS_TEXT[status]}
          {state.you ? (
            <span class="muted">
              {' '}
              · {memberWithRole(state.you.name, state.you.role)}
            </span>
          ) : null}
        </p>
        <div class="tools">
          {isSmith ? (
            <button type="button" class="invite-toggle" aria-expanded={isInviteOpen} aria-controls="invite-panel" onClick={() => setInviteOpen(!isInviteOpen)}>
              Invite players
            </button>
          ) : null}
          <ThemeToggle />
          <HelpButton />
        </div>
        <nav class="quicknav" aria-label="Jump to">
          <a href="#tray-title">Tray</a>
          <a href="#log-title">Log</a>
          <a href="#tools-title">Characters · Combat</a>
        </nav>
      </header>
      <main id="main" class="table-layout">
        {session.problem.value ? (
          <p class="error banner" role="alert">
            {session.problem.value}{' '}
            <button type="button" class="ghost" onClick={() => (session.problem.value = null)}>
              Dismiss
            </button>
          </p>
        ) : null}
        {session.ruleSystemMissing.value ? (
          <p class="notice banner">This build has no rules for this table's ruleset yet: free dice and the log work; checks and characters do not.</p>
        ) : null}
        {isSmith && isInviteOpen ? (
          <div id="invite-panel" class="invite-wrap">
            <InvitePanel
              session={session}
              onClose={() => {
                justCreated.value = null;
                setInviteOpen(false);
              }}
            />
          </div>
        ) : null}
        <DiceTray session={session} />
        <RollLog session={session} />
        <section class="panels" aria-labelledby="tools-title">
          <h2 id="tools-title" class="sr-only" tabIndex={-1}>
            Table tools
          </h2>
          <div role="tablist" aria-label="Table tools" class="tabs">
            {tabs.map(([id, label]) => (
              <button
                key={id}
                id={`tab-${id}`}
                type="button"
                role="tab"
                aria-selected={tab === id}
                aria-controls={`panel-${id}`}
                tabIndex={tab === id ? 0 : -1}
                onClick={() => setTab(id)}
                onKeyDown={(e) => {
                  const i = tabs.findIndex(([t]) => t === id);
                  const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
                  if (d !== 0) {
                    const next = tabs[(i + d + tabs.length) % tabs.length]![0];
                    setTab(next);
                    document.getElementById(`tab-${next}`)?.focus();
                  }
                }}
              >
                {label}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} class="tabpanel">
            {tab === 'characters' ? <CharactersPanel session={session} /> : tab === 'combat' ? <CombatPanel session={session} /> : <SmithPanel session={session} />}
          </div>
        </section>
      </main>
    </>
  );
}
