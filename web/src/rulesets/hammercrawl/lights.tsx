/**
 * Light timers (HAMMERCRAWL! Ventures): torches and lanterns kept by the server as Venture events, so
 * every device of the table sees the same lights; the time left is counted down here.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { foldVenture, lightsAt } from '../../../../src/rules/hammercrawl/venture/venture.js';
import { formatRemaining, nextLightName } from './light-timers.js';
import { ActionError, oneClick, useAction } from '../../ui/use-action.js';
import type { RulesetSession } from '../types.js';
import { sendCommand, ventureEvents, type TableVentureCommand } from './wire.js';

/** The lights of the table, and (for the Smith) the buttons that change them. */
export function LightTimers(props: { session: RulesetSession }) {
  const { session } = props;
  const events = session.state.value.rulesetEvents;
  const venture = useMemo(() => foldVenture(ventureEvents(events)), [events]);
  const [now, setNow] = useState(Date.now());
  // A name the Smith typed; else the next free name of the source, from the lights the table has.
  const [typed, setTyped] = useState<string | null>(null);
  const [source, setSource] = useState<'torch' | 'lantern'>('torch');
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const isSmith = session.isSmith.value;
  // One command at a time: a double click lights, douses or refills once.
  const action = useAction((command: TableVentureCommand) => sendCommand(session, { kind: 'venture', command }));
  const suggested = nextLightName(
    venture.lights.map((l) => l.id),
    source,
  );
  const id = typed ?? suggested;
  const lights = lightsAt(venture, now);
  const isSpent = (l: (typeof lights)[number]) => venture.lights.find((x) => x.id === l.id)?.isSpent === true || l.remainingMs === 0;
  // A light of that name not spent yet is relit, not lit again (the server refuses a second one).
  const taken = lights.find((l) => l.id === id.trim() && !isSpent(l));
  return (
    <section aria-labelledby="light-title">
      <h3 id="light-title">Light</h3>
      {lights.length === 0 ? <p class="muted">No light burning.</p> : null}
      <ul class="timers">
        {lights.map((l) => {
          const spent = isSpent(l);
          return (
            <li key={l.id} class={spent ? 'out' : undefined}>
              {l.id} ({l.source}): <strong>{spent ? 'spent' : !l.isLit ? 'out' : l.remainingMs === null ? 'burning' : formatRemaining(l.remainingMs)}</strong>{' '}
              {isSmith ? (
                <>
                  {l.isLit && !spent ? (
                    <button type="button" class="ghost" disabled={action.isBusy} onClick={oneClick(() => void action.run({ kind: 'douse', id: l.id }))}>
                      Douse
                    </button>
                  ) : null}
                  {!l.isLit && !spent ? (
                    <button type="button" class="ghost" disabled={action.isBusy} onClick={oneClick(() => void action.run({ kind: 'relight', id: l.id }))}>
                      Relight
                    </button>
                  ) : null}
                  {l.source === 'lantern' ? (
                    <button type="button" class="ghost" disabled={action.isBusy} onClick={oneClick(() => void action.run({ kind: 'refill', id: l.id }))}>
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
              setNameProblem('Name the light (Torch 2, Lantern).');
              return;
            }
            if (taken !== undefined) {
              setNameProblem(`${taken.id} is not spent yet: ${taken.isLit ? 'it burns above' : 'relight it above'}, or give the new light another name.`);
              return;
            }
            setNameProblem(null);
            if (await action.run({ kind: 'light', id: name, source })) setTyped(null);
          }}
        >
          <div class="field small">
            <label for="light-id">Light</label>
            <input
              id="light-id"
              value={id}
              maxLength={80}
              aria-invalid={nameProblem ? 'true' : undefined}
              aria-describedby={nameProblem ? 'light-id-problem' : undefined}
              onInput={(e) => {
                setTyped(e.currentTarget.value);
                setNameProblem(null);
              }}
            />
            {nameProblem ? (
              <small id="light-id-problem" class="error">
                {nameProblem}
              </small>
            ) : null}
          </div>
          <div class="field small">
            <label for="light-source">Source</label>
            <select id="light-source" value={source} onChange={(e) => setSource(e.currentTarget.value === 'lantern' ? 'lantern' : 'torch')}>
              <option value="torch">Torch</option>
              <option value="lantern">Lantern</option>
            </select>
          </div>
          <button type="submit" disabled={action.isBusy} aria-busy={action.isBusy ? 'true' : undefined} onClick={oneClick()}>
            Light it
          </button>
        </form>
      ) : null}
      <ActionError action={action} />
    </section>
  );
}
