/**
 * Hammer dice pools (HAMMERCRAWL!): a Check's pool (level, Feat, advantages, disadvantages, stance) or
 * listed dice by colour; the exact odds of each symbol and of net hammers computed here, before the
 * roll; rolled by the server with the `hammer` command (the Smith's node pool from the Smith's screen).
 */
import { useMemo, useState } from 'preact/hooks';
import { HAMMER_COLOURS, type HammerColour } from '../../../../src/rules/hammercrawl/hammer-dice.js';
import { checkPool, hammerPool, hammerPoolOdds, type PoolContext, type Stance } from '../../../../src/rules/hammercrawl/hammer-pools.js';
import { CommandError } from '../../lib/live.js';
import type { Visibility } from '../../lib/protocol.js';
import { formatChance } from '../../lib/tray.js';
import type { RulesetSession } from '../types.js';
import { sendCommand, type HammerPoolRequest } from './wire.js';
import { oneClick } from '../../ui/use-action.js';

type Mode = 'check' | 'dice';

function clampCount(v: string, max: number): number {
  return Math.max(0, Math.min(max, Math.trunc(Number(v)) || 0));
}

/** The pool builder. `context` is `node` on the Smith's screen (listed dice only). */
export function HammerTray(props: { session: RulesetSession; visibility: Visibility; context?: PoolContext }) {
  const context = props.context ?? 'check';
  const prefix = `hammer-${context}`;
  const [mode, setMode] = useState<Mode>(context === 'node' ? 'dice' : 'check');
  const [counts, setCounts] = useState<Record<HammerColour, number>>(() => Object.fromEntries(HAMMER_COLOURS.map((c) => [c, 0])) as Record<HammerColour, number>);
  const [level, setLevel] = useState(1);
  const [isFeat, setIsFeat] = useState(false);
  const [advantages, setAdvantages] = useState(0);
  const [disadvantages, setDisadvantages] = useState(0);
  const [stance, setStance] = useState<Stance>('none');
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const colours = HAMMER_COLOURS.flatMap((c) => Array.from({ length: counts[c] }, () => c));
  const settings = props.session.state.value.settings;
  const spec: HammerPoolRequest =
    mode === 'check'
      ? { kind: 'check', level, isFeat, advantages, disadvantages, stance }
      : { kind: 'dice', colours, ...(context === 'node' ? { context: 'node' as const } : {}) };
  const odds = useMemo(() => {
    try {
      const pool = mode === 'check' ? checkPool({ level, isFeat, advantages, disadvantages, stance }) : hammerPool(colours, context);
      if (pool.dice.length === 0) return { pool, odds: null };
      return {
        pool,
        odds: hammerPoolOdds(pool, {
          settings: {
            stanceSymbols: settings['stance-symbols'] === 'symbol-sections' ? 'symbol-sections' : 'face-list',
            xpWhenBoth: settings['xp-when-both'] === 'two' ? 'two' : 'one',
          },
        }),
      };
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
  }, [JSON.stringify(spec), settings['stance-symbols'], settings['xp-when-both']]);
  async function roll(e: Event) {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const lab = label.trim();
      await sendCommand(props.session, { kind: 'hammer', pool: spec, visibility: props.visibility, ...(lab ? { label: lab } : {}) });
    } catch (err) {
      setError(err instanceof CommandError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }
  const poolDice = typeof odds === 'string' ? [] : odds.pool.dice;
  return (
    <form class="hammer" onSubmit={roll} noValidate>
      {context === 'check' ? (
        <div class="segmented" role="group" aria-label="Pool">
          <button type="button" aria-pressed={mode === 'check'} onClick={() => setMode('check')}>
            Check pool
          </button>
          <button type="button" aria-pressed={mode === 'dice'} onClick={() => setMode('dice')}>
            Pick dice
          </button>
        </div>
      ) : null}
      {mode === 'check' ? (
        <div class="row">
          <div class="field small">
            <label for={`${prefix}-level`}>Level</label>
            <input id={`${prefix}-level`} type="number" inputMode="numeric" min={1} max={10} value={level} onInput={(e) => setLevel(Math.max(1, clampCount(e.currentTarget.value, 10)))} />
          </div>
          <div class="field small">
            <label for={`${prefix}-adv`}>Advantages</label>
            <input id={`${prefix}-adv`} type="number" inputMode="numeric" min={0} max={99} value={advantages} onInput={(e) => setAdvantages(clampCount(e.currentTarget.value, 99))} />
          </div>
          <div class="field small">
            <label for={`${prefix}-dis`}>Disadvantages</label>
            <input id={`${prefix}-dis`} type="number" inputMode="numeric" min={0} max={99} value={disadvantages} onInput={(e) => setDisadvantages(clampCount(e.currentTarget.value, 99))} />
          </div>
          <div class="field small">
            <label for={`${prefix}-stance`}>Stance</label>
            <select id={`${prefix}-stance`} value={stance} onChange={(e) => setStance(e.currentTarget.value as Stance)}>
              <option value="none">None</option>
              <option value="cautious">Cautious</option>
              <option value="reckless">Reckless</option>
            </select>
          </div>
          <div class="check">
            <input id={`${prefix}-feat`} type="checkbox" checked={isFeat} onChange={(e) => setIsFeat(e.currentTarget.checked)} />
            <label for={`${prefix}-feat`}>Feat</label>
          </div>
        </div>
      ) : (
        <div class="colours" role="group" aria-label="Hammer dice by colour">
          {HAMMER_COLOURS.map((c) => (
            <div class={`colour colour-${c}`} key={c}>
              <label for={`${prefix}-${c}`}>{c}</label>
              <input id={`${prefix}-${c}`} type="number" inputMode="numeric" min={0} max={20} value={counts[c]} onInput={(e) => setCounts({ ...counts, [c]: clampCount(e.currentTarget.value, 20) })} />
            </div>
          ))}
        </div>
      )}
      {poolDice.length > 0 ? (
        <p class="muted">
          Pool: {poolDice.map((d) => d.colour).join(', ')}
        </p>
      ) : null}
      {typeof odds === 'string' ? (
        <p class="error">{odds}</p>
      ) : odds.odds === null ? (
        <p class="muted">Add dice to see the odds.</p>
      ) : (
        <div class="odds">
          <p>
            <strong>Odds</strong>: net hammer {formatChance(odds.odds.pNetHammer)}, net crossblades {formatChance(odds.odds.pNetCrossblades)}
            {context === 'check' ? <>, XP {formatChance(odds.odds.pXp)}</> : null}
          </p>
          <table class="symbols">
            <caption class="sr-only">Chance of at least one of each symbol</caption>
            <thead>
              <tr>
                <th scope="col">Symbol</th>
                <th scope="col">At least one</th>
                <th scope="col">Average</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(odds.odds.pAny)
                .filter(([, p]) => p > 0)
                .map(([s, p]) => (
                  <tr key={s}>
                    <th scope="row">{s}</th>
                    <td>{formatChance(p)}</td>
                    <td>{((odds.odds!.symbols as Record<string, number>)[s] ?? 0).toFixed(2)}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </div>
      )}
      <div class="row">
        <div class="field grow">
          <label for={`${prefix}-label`}>Label (optional)</label>
          <input id={`${prefix}-label`} value={label} maxLength={80} onInput={(e) => setLabel(e.currentTarget.value)} />
        </div>
        <button type="submit" class="primary" disabled={busy || poolDice.length === 0 || !props.session.canRoll.value} onClick={oneClick()}>
          {context === 'node' ? 'Roll the node pool' : 'Roll hammer dice'}
        </button>
      </div>
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/** The Smith's node pool: listed dice rolled as a node's pool, seen by the Smith. */
export function NodePool(props: { session: RulesetSession }) {
  return (
    <section aria-labelledby="node-title">
      <h3 id="node-title">Hammer dice: node pool</h3>
      <HammerTray session={props.session} visibility="smith" context="node" />
    </section>
  );
}
