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
import { LogAnnouncer, RollLog, useLogCards } from './roll-log.js';
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

/** A panel of the tools: the sheets, the tracker, the Smith's screen. */
type Tool = 'characters' | 'combat' | 'smith';

/** What a phone shows: one view at a time, chosen in the tab bar. */
type View = 'tray' | 'log' | Tool;

/** From this width on, the log is a sidebar and the tray and the tools sit beside it. */
export const WIDE_QUERY = '(min-width: 900px)';

/** Whether a media query matches, following it as the window changes. */
function useMedia(query: string): boolean {
  const [matches, setMatches] = useState(() => typeof matchMedia === 'function' && matchMedia(query).matches);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const mq = matchMedia(query);
    const update = () => setMatches(mq.matches);
    update();
    mq.addEventListener('change', update);
    return () => mq.removeEventListener('change', update);
  }, [query]);
  return matches;
}

/** Cards that arrived live (after the first welcome), not made by the viewer, after `seenSeq`. */
function unreadCount(cards: readonly { readonly card: { readonly seq: number; readonly byId: string | null } }[], after: number, seenSeq: number, me: string | null): number {
  const from = Math.max(after, seenSeq);
  let n = 0;
  for (let i = cards.length - 1; i >= 0 && cards[i]!.card.seq > from; i--) if (cards[i]!.card.byId !== me) n += 1;
  return n;
}

function OpenTable(props: { seatTableId: string; inviteCode: string | null; onForget: () => void; onSeatLink: (token: string) => void }) {
  const seat = seats.get(props.seatTableId)!;
  // One session per seat (TablePage keys this by token); renewing one's own seat keeps the session, which switches tokens itself.
  const session = useMemo(() => new TableSession(seat), []);
  const [tool, setTool] = useState<Tool>('characters');
  const [view, setView] = useState<View>('tray');
  const isWide = useMedia(WIDE_QUERY);
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
  const cards = useLogCards(session);
  const after = session.announceAfter.value;
  const me = state.you?.id ?? null;
  const isLogShown = isWide || view === 'log';
  // The newest seq the reader has had the log in front of them for.
  const [seenSeq, setSeenSeq] = useState(0);
  useEffect(() => {
    if (isLogShown) setSeenSeq(state.lastSeq);
  }, [isLogShown, state.lastSeq]);
  const unread = isLogShown ? 0 : unreadCount(cards, after, seenSeq, me);
  // A sheet's stat sets the tray up: a phone shows the tray.
  const preset = session.trayPreset.value;
  useEffect(() => {
    if (preset !== null) setView('tray');
  }, [preset?.n]);
  // `/` (the tray's notation) brings the tray into view first on a narrow screen with a keyboard.
  useEffect(() => {
    if (isWide || view === 'tray') return;
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || (t !== null && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)))) return;
      setView('tray');
      requestAnimationFrame(() => document.getElementById('tray-notation')?.focus());
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [isWide, view]);
  useEffect(() => {
    document.title = `${title} · HAMMERCRAWL! table`;
    return () => {
      document.title = 'HAMMERCRAWL! table';
    };
  }, [title]);
  // The Smith's tab is the Smith's alone.
  const shownTool: Tool = tool === 'smith' && !isSmith ? 'characters' : tool;
  if (status === 'unauthorized') {
    return (
      <PageShell title="Not a member">
        <SeatNoLongerValid seat={seat} reason={session.unauthorizedReason.value ?? 'unknown'} onForget={props.onForget} onSeatLink={props.onSeatLink} />
      </PageShell>
    );
  }
  const tools: [Tool, string][] = [
    ['characters', 'Characters'],
    ['combat', 'Combat'],
  ];
  if (isSmith) tools.push(['smith', 'Smith']);
  // The tab bar: the tools on a wide screen (the tray and the log are always in sight there); every view on a phone.
  const tabs: [View, string][] = isWide ? tools : [['tray', 'Tray'], ['log', 'Log'], ...tools];
  const current: View = isWide || (view !== 'tray' && view !== 'log') ? shownTool : view;
  const select = (v: View) => {
    if (v !== 'tray' && v !== 'log') setTool(v);
    setView(v);
  };
  const tabList = (
    <div role="tablist" aria-label={isWide ? 'Table tools' : 'Views of the table'} class={isWide ? 'tabs' : 'tabs phone-tabs'}>
      {tabs.map(([id, label]) => {
        const isSelected = id === current;
        const controls = id === 'tray' ? 'view-tray' : id === 'log' ? 'view-log' : `panel-${id}`;
        return (
          <button
            key={id}
            id={`tab-${id}`}
            type="button"
            role="tab"
            aria-selected={isSelected}
            aria-controls={controls}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => select(id)}
            onKeyDown={(e) => {
              const i = tabs.findIndex(([t]) => t === id);
              const j = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? tabs.length - 1 : null;
              if (j === null) return;
              e.preventDefault();
              const next = tabs[(j + tabs.length) % tabs.length]![0];
              select(next);
              document.getElementById(`tab-${next}`)?.focus();
            }}
          >
            {label}
            {id === 'log' && unread > 0 ? (
              <span class="unread">
                {unread > 99 ? '99+' : unread}
                <span class="sr-only"> new</span>
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
  // On a phone the tray and the log are views of the tab bar.
  const onPhone = (v: 'tray' | 'log') => (isWide ? {} : { role: 'tabpanel' as const, 'aria-labelledby': `tab-${v}`, hidden: current !== v });
  return (
    <div class={`table-shell ${isWide ? 'is-wide' : 'is-narrow'}`}>
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
        {isWide ? (
          <nav class="quicknav" aria-label="Jump to">
            <a href="#tray-title">Tray</a>
            <a href="#log-title">Log</a>
            <a href="#tools-title">Characters · Combat</a>
          </nav>
        ) : null}
      </header>
      <main id="main" class="table-layout">
        {session.problem.value || session.ruleSystemMissing.value || (isSmith && isInviteOpen) ? (
          <div class="table-notes">
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
          </div>
        ) : null}
        <div class="table-columns">
          <div class="column-main">
            <div class="column column-tray" id="view-tray" {...onPhone('tray')}>
              <DiceTray session={session} />
            </div>
            <section class="column column-tools panels" aria-labelledby="tools-title" hidden={!isWide && (view === 'tray' || view === 'log')}>
              <h2 id="tools-title" class="sr-only" tabIndex={-1}>
                Table tools
              </h2>
              {isWide ? tabList : null}
              <div role="tabpanel" id={`panel-${shownTool}`} aria-labelledby={`tab-${shownTool}`} class="tabpanel">
                {shownTool === 'characters' ? <CharactersPanel session={session} /> : shownTool === 'combat' ? <CombatPanel session={session} /> : <SmithPanel session={session} />}
              </div>
            </section>
          </div>
          <div class="column column-log" id="view-log" {...onPhone('log')}>
            <RollLog session={session} cards={cards} />
          </div>
        </div>
        {isWide ? null : tabList}
        <LogAnnouncer cards={cards} after={after} />
      </main>
    </div>
  );
}
