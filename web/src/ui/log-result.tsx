/**
 * The result of a command shown at the control that sent it (the log may be a tab away on a phone, or
 * far from the panel): the card of the command's events, found by the ack the send resolved with.
 *
 * Use in a panel:
 *   const result = useLastResult();
 *   ...
 *   result.show(await session.send(command));   // the ack: its requestId and seq
 *   ...
 *   <ResultAt session={session} at={result.at} />   // right under the control
 *
 * A roll the viewer may not see (their own blind roll) shows as a line saying so.
 */
import { useCallback, useState } from 'preact/hooks';
import { logCard } from '../lib/describe.js';
import type { AckFrame } from '../lib/protocol.js';
import { firstSeqOf, lastSeqOf, type LogEntry } from '../lib/table-state.js';
import type { TableSession } from '../session.js';
import { cachedOdds, cardContext, LogCardView } from './log-card.js';

/** Where a command's events are: its request id and the seq of its last event (its ack's). */
export type ResultRef = Pick<AckFrame, 'requestId' | 'seq'>;

/** A panel's last result: `show` it with each ack; `at` goes to `ResultAt`. */
export interface LastResult {
  readonly at: ResultRef | null;
  show(ack: ResultRef): void;
  clear(): void;
}

/** The last result of the commands a panel sent. */
export function useLastResult(): LastResult {
  const [at, setAt] = useState<ResultRef | null>(null);
  const show = useCallback((ack: ResultRef) => setAt({ requestId: ack.requestId, seq: ack.seq }), []);
  const clear = useCallback(() => setAt(null), []);
  return { at, show, clear };
}

/** The log entries a command made: those carrying its request id, and the one holding its last event. */
export function entriesOf(log: readonly LogEntry[], at: ResultRef): LogEntry[] {
  const out: LogEntry[] = [];
  for (let i = log.length - 1; i >= 0; i--) {
    const entry = log[i]!;
    if (lastSeqOf(entry) < at.seq - 50) break;
    const rid = (entry.event as { requestId?: unknown }).requestId;
    if (rid === at.requestId || (firstSeqOf(entry) <= at.seq && lastSeqOf(entry) >= at.seq)) out.unshift(entry);
  }
  return out;
}

/** The card(s) of the command `at` names, once its events arrived; nothing before. */
export function ResultAt(props: { session: TableSession; at: ResultRef | null; class?: string }) {
  const state = props.session.state.value;
  const at = props.at;
  if (at === null) return null;
  const entries = entriesOf(state.log, at);
  if (entries.length === 0) return null;
  const ctx = cardContext(props.session);
  const rs = props.session.ruleSystem.value;
  return (
    <div class={`result-at${props.class ? ` ${props.class}` : ''}`} data-request={at.requestId}>
      {entries.map((entry) => {
        const card = logCard(entry, ctx);
        if (card === null) return null;
        if (card.isSecret) {
          return (
            <p key={entry.event.seq} class="result-secret">
              {card.visibility === 'blind' ? 'Blind roll made: only the Smith sees the result.' : 'Secret roll made: only the Smith and you see the result.'}
            </p>
          );
        }
        return <LogCardView key={entry.event.seq} card={card} odds={cachedOdds(entry, rs, state.settings)} as="div" />;
      })}
    </div>
  );
}
