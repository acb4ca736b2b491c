/**
 * The table's log: every event this viewer may see as a card, newest first, in a panel that scrolls on
 * its own; the chat box above it; filters (rolls, chat, combat, characters, only mine); a window of the
 * newest cards with "show older". A card that arrives while the reader has scrolled down into the log
 * does not move what they read: a "N new" button takes them to it. New cards are announced to screen
 * readers (`LogAnnouncer`, mounted once by the page).
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { announceCard, type LogCard, type LogCategory } from '../lib/describe.js';
import type { LogEntry } from '../lib/table-state.js';
import type { TableSession } from '../session.js';
import { Chat } from './chat.js';
import { cachedOdds, cardContext, LogCardView } from './log-card.js';
import { MembersBar } from './members.js';
import { VerifyDice } from './verify.js';
import { logCard } from '../lib/describe.js';

/** Cards rendered at first; "show older" adds as many again (all stay in memory, up to MAX_LOG_CARDS). */
export const LOG_WINDOW = 100;

/** Scrolled less than this from the top, the reader is reading the newest cards. */
const TOP_SLACK_PX = 8;

/** The log's filters. */
export type LogFilter = 'all' | LogCategory;

const FILTERS: readonly [LogFilter, string][] = [
  ['all', 'All'],
  ['roll', 'Rolls'],
  ['chat', 'Chat'],
  ['combat', 'Combat'],
  ['character', 'Characters'],
];

/** A card of the log with its entry. */
export interface LoggedCard {
  readonly entry: LogEntry;
  readonly card: LogCard;
}

/**
 * The cards of the log, oldest first, with their entries. A card is built once per entry while what it
 * reads (the members, the characters, the ruleset's readers) stays the same.
 */
export function useLogCards(session: TableSession): readonly LoggedCard[] {
  const state = session.state.value;
  const deps = [state.members, state.formerMembers, state.characters, state.you, session.ruleSystem.value, session.rulesetWeb.value];
  const built = useRef<{ deps: readonly unknown[]; cards: WeakMap<LogEntry, LogCard | null> } | null>(null);
  if (built.current === null || built.current.deps.some((d, i) => d !== deps[i])) built.current = { deps, cards: new WeakMap() };
  const cache = built.current.cards;
  return useMemo(() => {
    const ctx = cardContext(session);
    const out: LoggedCard[] = [];
    for (const entry of state.log) {
      let card = cache.get(entry);
      if (card === undefined) {
        card = logCard(entry, ctx);
        cache.set(entry, card);
      }
      if (card !== null) out.push({ entry, card });
    }
    return out;
  }, [state.log, cache]);
}

/** The cards a filter keeps. */
export function filterCards<T extends { readonly card: LogCard }>(cards: readonly T[], filter: LogFilter, mineOf: string | null): T[] {
  return cards.filter((x) => (filter === 'all' || x.card.category === filter) && (mineOf === null || x.card.byId === mineOf));
}

/** The log section of a table. */
export function RollLog(props: { session: TableSession; cards: readonly LoggedCard[] }) {
  const { session } = props;
  const state = session.state.value;
  const after = session.announceAfter.value;
  const rs = session.ruleSystem.value;
  const me = state.you?.id ?? null;
  const all = props.cards;
  const [filter, setFilter] = useState<LogFilter>('all');
  const [isMine, setMine] = useState(false);
  const [shown, setShown] = useState(LOG_WINDOW);
  const kept = filterCards(all, filter, isMine ? me : null);
  const windowed = kept.slice(-shown).reverse();
  const older = kept.length - windowed.length;
  const newest = windowed[0]?.card.seq ?? 0;

  // Keeping the reader's place: the seq of the newest card when they scrolled away from the top.
  const scroller = useRef<HTMLDivElement>(null);
  const anchor = useRef<{ seq: number; top: number } | null>(null);
  const [awayFrom, setAwayFrom] = useState<number | null>(null);
  const newCount = awayFrom === null ? 0 : windowed.filter((x) => x.card.seq > awayFrom).length;

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const prev = anchor.current;
    if (prev !== null && el.scrollTop >= TOP_SLACK_PX) {
      const same = el.querySelector<HTMLElement>(`[data-seq="${prev.seq}"]`);
      if (same) el.scrollTop += same.offsetTop - prev.top;
    }
    const first = el.querySelector<HTMLElement>('.cards > [data-seq]');
    anchor.current = first ? { seq: Number(first.dataset['seq']), top: first.offsetTop } : null;
  });

  function onScroll() {
    const el = scroller.current;
    if (!el) return;
    if (el.scrollTop < TOP_SLACK_PX) {
      if (awayFrom !== null) setAwayFrom(null);
    } else if (awayFrom === null) setAwayFrom(newest);
  }

  function toNewest() {
    scroller.current?.scrollTo({ top: 0 });
    setAwayFrom(null);
  }

  function choose(f: LogFilter, mine: boolean) {
    setFilter(f);
    setMine(mine);
    setShown(LOG_WINDOW);
    anchor.current = null;
    setAwayFrom(null);
    scroller.current?.scrollTo({ top: 0 });
  }

  return (
    <section class="log panel" aria-labelledby="log-title">
      <div class="log-head">
        <h2 id="log-title" tabIndex={-1}>
          Log
        </h2>
        <MembersBar session={session} />
      </div>
      <Chat session={session} />
      <div class="log-filters">
        <div class="segmented" role="group" aria-label="Show in the log">
          {FILTERS.map(([f, label]) => (
            <button key={f} type="button" aria-pressed={filter === f} onClick={() => choose(f, isMine)}>
              {label}
            </button>
          ))}
        </div>
        <div class="check">
          <input id="log-mine" type="checkbox" checked={isMine} onChange={(e) => choose(filter, e.currentTarget.checked)} />
          <label for="log-mine">Only mine</label>
        </div>
      </div>
      <VerifyDice session={session} />
      <div class="log-body">
        {newCount > 0 ? (
          <button type="button" class="log-new" onClick={toNewest}>
            ↑ {newCount} new
          </button>
        ) : null}
        <div class="log-scroll" ref={scroller} onScroll={onScroll} tabIndex={0} role="group" aria-label="Log, newest first">
          {all.length === 0 ? <p class="muted">Nothing yet. Rolls, chat, fights and character changes at this table appear here as they happen.</p> : null}
          {all.length > 0 && kept.length === 0 ? <p class="muted">Nothing of this kind yet.</p> : null}
          <ol class="cards" aria-label="Cards, newest first">
            {windowed.map(({ entry, card }) => (
              <LogCardView key={card.seq} card={card} odds={cachedOdds(entry, rs, state.settings)} isNew={card.seq > after} />
            ))}
          </ol>
          {older > 0 ? (
            <button type="button" class="log-older" onClick={() => setShown(shown + LOG_WINDOW)}>
              Show older ({older} more)
            </button>
          ) : null}
        </div>
      </div>
    </section>
  );
}

/** The screen readers' news of the log: the newest card that arrived live, read out once. */
export function LogAnnouncer(props: { cards: readonly LoggedCard[]; after: number }) {
  const { after } = props;
  const newest = props.cards[props.cards.length - 1]?.card;
  const [spoken, setSpoken] = useState('');
  useEffect(() => {
    if (newest && newest.seq > after) setSpoken(announceCard(newest));
  }, [newest?.seq, after]);
  return (
    <div class="sr-only" aria-live="polite" aria-atomic="true" id="log-announcer">
      {spoken}
    </div>
  );
}
