/**
 * Light timers (HAMMERCRAWL! Ventures): torches and lanterns kept by the server as Venture events, so
 * every device of the table sees the same lights; the time left is counted down here.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { foldVenture, lightsAt } from '../../../../src/rules/hammercrawl/venture/venture.js';
import { CommandError } from '../../lib/live.js';
import { formatRemaining, nextName } from './light-timers.js';
import type { RulesetSession } from '../types.js';
import { sendCommand, ventureEvents, type TableVentureCommand } from './wire.js';

/** The lights of the table, and (for the Smith) the buttons that change them. */
export function LightTimers(props: { session: RulesetSession }) {
  const { session } = props;
  const events = session.state.value.rulesetEvents;
  const venture = useMemo(() => foldVenture(ventureEvents(events)), [events]);
  const [now, setNow] = useState(Date.now());
  const [id, setId] = useState('Torch 1');
  const [source, setSource] = useState<'torch' | 'lantern'>('torch');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const isSmith = session.isSmith.value;
  async function venture_(command: TableVentureCommand) {
    setError(null);
    try {
      await sendCommand(session, { kind: 'venture', command });
      return true;
    } catch (e) {
      setError(e instanceof CommandError ? e.message : String(e));
      return false;
    }
  }
  const lights = lightsAt(venture, now);
  return (
    <section aria-labelledby="light-title">
      <h3 id="light-title">Light</h3>
      {lights.length === 0 ? <p class="muted">No light burning.</p> : null}
      <ul class="timers">
        {lights.map((l) => {
          const spent = venture.lights.find((x) => x.id === l.id)?.isSpent === true || l.remainingMs === 0;
          return (
            <li key={l.id} class={spent ? 'out' : undefined}>
              {l.id} ({l.source}): <strong>{spent ? 'spent' : !l.isLit ? 'out' : l.remainingMs === null ? 'burning' : formatRemaining(l.remainingMs)}</strong>{' '}
              {isSmith ? (
                <>
                  {l.isLit && !spent ? (
                    <button type="button" class="ghost" onClick={() => void venture_({ kind: 'douse', id: l.id })}>
                      Douse
                    </button>
                  ) : null}
                  {!l.isLit && !spent ? (
                    <button type="button" class="ghost" onClick={() => void venture_({ kind: 'relight', id: l.id })}>
                      Relight
                    </button>
                  ) : null}
                  {l.source === 'lantern' ? (
                    <button type="button" class="ghost" onClick={() => void venture_({ kind: 'refill', id: l.id })}>
                      Refill
                    </button>
                  ) : null}
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
      {isSmith ? (
        <form
          class="row"
          noValidate
          onSubmit={async (e) => {
            e.preventDefault();
            const name = id.trim();
            if (!name) {
              setError('Name the light (Torch 2, Lantern).');
              return;
            }
            if (await venture_({ kind: 'light', id: name, source })) setId(nextName(name));
          }}
        >
          <div class="field small">
            <label for="light-id">Light</label>
            <input id="light-id" value={id} maxLength={80} onInput={(e) => setId(e.currentTarget.value)} />
          </div>
          <div class="field small">
            <label for="light-source">Source</label>
            <select id="light-source" value={source} onChange={(e) => setSource(e.currentTarget.value === 'lantern' ? 'lantern' : 'torch')}>
              <option value="torch">Torch</option>
              <option value="lantern">Lantern</option>
            </select>
          </div>
          <button type="submit">Light it</button>
        </form>
      ) : null}
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
