/**
 * The dice tray: the chain as buttons, steps, vantage, mods, Feat, Test or Challenge, free notation,
 * the exact odds before the roll, visibility, and physical dice entry.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Distribution } from '../../../src/dice/index.js';
import type { CheckKindDef, CheckOdds, RuleResult } from '../../../src/rules/rule-system.js';
import { MAX_LABEL_LENGTH } from '../../../src/table/limits.js';
import { trayCheck, trayFromCheck, trayParams } from '../lib/check-map.js';
import { CommandError } from '../lib/live.js';
import { VISIBILITIES, type Command, type Visibility } from '../lib/protocol.js';
import { belowBottomOf } from '../lib/settings.js';
import { VISIBILITY_LABEL } from '../lib/describe.js';
import {
  INITIAL_TRAY,
  PLAIN_DICE,
  buttonNotation,
  formatChance,
  oddsBars,
  oddsRows,
  rollOdds,
  thresholdChances,
  steppedDie,
  targetChance,
  trayNotation,
  updateTray,
  type RollOdds,
  type TrayMode,
  type TrayState,
} from '../lib/tray.js';
import type { TableSession } from '../session.js';
import { PhysicalEntry } from './physical-entry.js';
import { CheckForms } from './check-forms.js';
import { ResultAt, useLastResult } from './log-result.js';
import { plainText } from '../lib/params.js';
import type { TrayPanel } from '../rulesets/index.js';

const MODES: readonly [TrayMode, string][] = [
  ['roll', 'Roll'],
  ['test', 'Test'],
  ['challenge', 'Challenge'],
];

/** The tray section of a table. */
export function DiceTray(props: { session: TableSession }) {
  const { session } = props;
  const rs = session.ruleSystem.value;
  const table = session.state.value;
  const chain = rs?.chain ?? PLAIN_DICE;
  const tools = session.rulesetWeb.value.tray;
  const feat = tools?.feat;
  const [tray, setTrayState] = useState<TrayState>(INITIAL_TRAY);
  const [label, setLabel] = useState('');
  const [visibility, setVisibility] = useState<Visibility>('public');
  const [isPhysical, setIsPhysical] = useState(false);
  const [entry, setEntry] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A stat clicked on a sheet: the tray is set up for it (its character named with the roll).
  const [presetCharacter, setPresetCharacter] = useState<string | null>(null);
  const rollButton = useRef<HTMLButtonElement>(null);
  const result = useLastResult();
  const preset = session.trayPreset.value;
  useEffect(() => {
    if (!preset || (preset.check !== 'test' && preset.check !== 'challenge')) return;
    const def = trayCheck(rs, preset.check);
    const from = def ? trayFromCheck(def, preset.params, chain.sides) : {};
    setTrayState(updateTray(INITIAL_TRAY, { mode: preset.check, die: from.die ?? tray.die, target: from.target ?? tray.target, isFeat: tray.isFeat, featLevel: tray.featLevel }));
    setLabel(preset.label);
    setPresetCharacter(preset.characterId);
    document.getElementById('tray-title')?.scrollIntoView({ block: 'start' });
    rollButton.current?.focus({ preventScroll: true });
  }, [preset?.n]);
  const set = (patch: Partial<TrayState>) => setTrayState(updateTray(tray, patch));
  const featSides = feat && tray.isFeat ? feat.dieOf(tray.featLevel) : null;
  const check = trayCheck(rs, tray.mode);
  const params = check ? trayParams(check, tray, table.settings) : null;
  const belowBottom = belowBottomOf(table.settings);
  const notation = trayNotation(tray, featSides);
  const odds = useMemo((): { kind: 'check'; r: RuleResult<CheckOdds> } | { kind: 'roll'; r: RollOdds } => {
    if (check && rs && params) {
      try {
        return { kind: 'check', r: rs.checkOdds({ check: check.id, params }) };
      } catch (e) {
        return { kind: 'check', r: { ok: false, error: { code: 'internal', message: e instanceof Error ? e.message : String(e) } } };
      }
    }
    return { kind: 'roll', r: rollOdds(notation, chain, belowBottom) };
  }, [check, rs, JSON.stringify(params), notation, chain, belowBottom]);
  const canRoll = session.canRoll.value;
  const typed = tray.notation.trim().length > 0;
  const notationProblem = odds.kind === 'roll' && !odds.r.ok && (typed || tray.mode === 'roll') ? odds.r.problem : null;

  async function send(command: Command) {
    setBusy(true);
    setSendError(null);
    try {
      result.show(await session.send(command));
    } catch (e) {
      setSendError(e instanceof CommandError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  function roll(e: Event) {
    e.preventDefault();
    if (!canRoll || busy) return;
    const lab = label.trim();
    if (check && params) {
      if (odds.kind === 'check' && !odds.r.ok) return;
      void send({ kind: 'check', check: check.id, params, visibility, ...(lab ? { label: lab } : {}), ...(presetCharacter !== null ? { characterId: presetCharacter } : {}) });
      return;
    }
    if (odds.kind === 'roll' && !odds.r.ok) return;
    const modeLabel = tray.mode === 'test' ? `Test ≤ ${tray.target}` : tray.mode === 'challenge' ? `Challenge > ${tray.target}` : '';
    const fullLabel = [lab, modeLabel].filter((s) => s.length > 0).join(' · ');
    if (isPhysical) {
      setEntry(notation);
      return;
    }
    void send({ kind: 'roll', notation, visibility, ...(fullLabel ? { label: fullLabel } : {}) });
  }

  return (
    <section class="tray panel" aria-labelledby="tray-title">
      <h2 id="tray-title">Dice tray</h2>
      {!canRoll && table.you ? <p class="notice">Observers watch the table; they do not roll.</p> : null}
      <form onSubmit={roll} noValidate>
        <div class="segmented" role="group" aria-label="What to roll">
          {MODES.map(([m, text]) => (
            <button key={m} type="button" aria-pressed={tray.mode === m} onClick={() => set({ mode: m })}>
              {text}
            </button>
          ))}
        </div>
        <div class="chain" role="group" aria-label="Die">
          {chain.sides.map((s) => (
            <button key={s} type="button" class="die" aria-pressed={tray.die === s && !typed} onClick={() => set({ die: s, notation: '' })}>
              d{s}
            </button>
          ))}
        </div>
        <div class="row">
          {tray.mode === 'roll' ? (
            <Stepper id="tray-count" label="Dice" value={tray.count} onChange={(count) => set({ count })} />
          ) : null}
          <Stepper
            id="tray-steps"
            label={tray.mode === 'roll' ? 'Steps (+ bigger die)' : 'Steps (+ helps you)'}
            value={tray.steps}
            signed
            onChange={(steps) => set({ steps })}
          />
          <output class="stepped" for="tray-steps" aria-live="off">
            {steppedDie(chain, tray)}
          </output>
        </div>
        <div class="row">
          <div class="segmented" role="group" aria-label="Advantage">
            {(
              [
                ['none', 'Normal'],
                ['adv', 'Advantage'],
                ['dis', 'Disadvantage'],
              ] as const
            ).map(([v, text]) => (
              <button key={v} type="button" aria-pressed={tray.vantage === v} onClick={() => set({ vantage: v })}>
                {text}
              </button>
            ))}
          </div>
        </div>
        <div class="row">
          <div class="field small">
            <label for="tray-mod">{tray.mode === 'roll' ? 'Modifier' : 'Modifier (+ helps)'}</label>
            <input id="tray-mod" type="number" inputMode="numeric" value={tray.mod} onInput={(e) => set({ mod: Number(e.currentTarget.value) })} />
          </div>
          {tray.mode !== 'roll' ? (
            <div class="field small">
              <label for="tray-target">Target</label>
              <input id="tray-target" type="number" inputMode="numeric" value={tray.target} onInput={(e) => set({ target: Number(e.currentTarget.value) })} />
            </div>
          ) : null}
          {feat ? (
            <div class="field small feat">
              <div class="check">
                <input id="tray-feat" type="checkbox" checked={tray.isFeat} onChange={(e) => set({ isFeat: e.currentTarget.checked })} />
                <label for="tray-feat">Feat</label>
              </div>
              <label for="tray-feat-level" class="sr-only">
                Character level for the Feat Die
              </label>
              <select id="tray-feat-level" value={String(tray.featLevel)} disabled={!tray.isFeat} onChange={(e) => set({ featLevel: Number(e.currentTarget.value) })}>
                {feat.levels.map((l) => (
                  <option key={l} value={String(l)}>
                    Level {l} (d{feat.dieOf(l)})
                  </option>
                ))}
              </select>
            </div>
          ) : null}
        </div>
        <div class="field">
          <label for="tray-notation">
            Notation <kbd aria-hidden="true">/</kbd>
          </label>
          <input
            id="tray-notation"
            class="mono"
            value={tray.notation}
            placeholder={buttonNotation(tray, featSides)}
            autoComplete="off"
            spellcheck={false}
            aria-keyshortcuts="/"
            aria-invalid={notationProblem ? 'true' : undefined}
            aria-describedby="tray-notation-help"
            onInput={(e) => set({ notation: e.currentTarget.value })}
          />
          <small id="tray-notation-help" class={notationProblem ? 'error' : undefined}>
            {notationProblem
              ? `${notationProblem.position !== null ? `Column ${notationProblem.position + 1}: ` : ''}${notationProblem.message}`
              : 'Empty: the buttons above. Or type 4d6kh3, 2d20adv+3, d8^+1, 3d6!'}
          </small>
        </div>
        <div class="row">
          <div class="field grow">
            <label for="tray-label">Label (optional)</label>
            <input
              id="tray-label"
              value={label}
              maxLength={MAX_LABEL_LENGTH}
              onInput={(e) => {
                setLabel(e.currentTarget.value);
                setPresetCharacter(null);
              }}
            />
          </div>
          <div class="field small">
            <label for="tray-visibility">Who sees it</label>
            <select id="tray-visibility" value={visibility} onChange={(e) => setVisibility(e.currentTarget.value as Visibility)}>
              {VISIBILITIES.map((v) => (
                <option key={v} value={v}>
                  {VISIBILITY_LABEL[v]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <OddsView odds={odds} mode={tray.mode} target={tray.target} check={check} />
        <div class="row actions">
          {!check ? (
            <div class="check">
              <input id="tray-physical" type="checkbox" checked={isPhysical} onChange={(e) => setIsPhysical(e.currentTarget.checked)} />
              <label for="tray-physical">Real dice (enter faces)</label>
            </div>
          ) : null}
          <button ref={rollButton} type="submit" class="primary roll" disabled={!canRoll || busy} aria-keyshortcuts="Enter">
            {busy ? 'Rolling…' : check ? `Roll ${check.label}` : 'Roll'}
          </button>
        </div>
        {sendError ? (
          <p class="error" role="alert">
            {sendError}
          </p>
        ) : null}
        <ResultAt session={session} at={result.at} />
      </form>
      {entry !== null ? (
        <PhysicalEntry
          notation={entry}
          chain={chain}
          onCancel={() => setEntry(null)}
          onDone={(faces) => {
            setEntry(null);
            const lab = label.trim();
            void send({ kind: 'roll', notation: entry, visibility, faces, ...(lab ? { label: lab } : {}) });
          }}
        />
      ) : null}
      {rs && rs.checks.length > 0 ? <CheckForms key={rs.id} session={session} rs={rs} visibility={visibility} /> : null}
      {(tools?.panels ?? []).map((p) => (
        <TraySection key={`${rs?.id ?? ''}-${p.id}`} panel={p} session={session} visibility={visibility} />
      ))}
    </section>
  );
}

/** A ruleset's section of the tray: collapsed, its chunk loaded when first opened. */
function TraySection(props: { panel: TrayPanel; session: TableSession; visibility: Visibility }) {
  const [isOpen, setOpen] = useState(false);
  const { Panel } = props.panel;
  return (
    <details class="sub" onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>{props.panel.title}</summary>
      {isOpen ? <Panel session={props.session} visibility={props.visibility} /> : null}
    </details>
  );
}

function Stepper(props: { id: string; label: string; value: number; signed?: boolean; onChange: (n: number) => void }) {
  const text = props.signed && props.value > 0 ? `+${props.value}` : String(props.value);
  return (
    <div class="stepper" role="group" aria-labelledby={`${props.id}-label`}>
      <span id={`${props.id}-label`} class="stepper-label">
        {props.label}
      </span>
      <button type="button" aria-label={`${props.label}: one less`} onClick={() => props.onChange(props.value - 1)}>
        −
      </button>
      <output id={props.id} aria-live="polite">
        {text}
      </output>
      <button type="button" aria-label={`${props.label}: one more`} onClick={() => props.onChange(props.value + 1)}>
        +
      </button>
    </div>
  );
}

/** The exact odds, before the roll. */
function OddsView(props: { odds: { kind: 'check'; r: RuleResult<CheckOdds> } | { kind: 'roll'; r: RollOdds }; mode: TrayMode; target: number; check: CheckKindDef | null }) {
  const { check } = props;
  const { odds } = props;
  if (odds.kind === 'check') {
    if (!odds.r.ok) {
      return (
        <div class="odds" aria-label="Odds">
          <p class="error">{plainText(odds.r.error.message, check?.params ?? [])}</p>
        </div>
      );
    }
    const o = odds.r.value;
    return (
      <div class="odds" aria-label="Odds">
        <p class="odds-title">
          <strong>Odds</strong> <span class="mono">{o.description}</span>
        </p>
        <ul class="outcomes">
          {o.outcomes.map((x) => (
            <li key={x.outcome} class={`outcome-${x.outcome}`}>
              <span class="bar" style={{ inlineSize: `${Math.max(1, x.p * 100)}%` }} aria-hidden="true" />
              <span>{x.label}</span> <strong>{formatChance(x.p)}</strong>
            </li>
          ))}
        </ul>
        {o.explanation.length > 0 ? (
          <ul class="explain">
            {o.explanation.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        ) : null}
      </div>
    );
  }
  if (!odds.r.ok) return <div class="odds" aria-label="Odds" />;
  const r = odds.r;
  const chance = targetChance(r.distribution, props.mode, props.target);
  const bars = oddsBars(r.distribution);
  const text = oddsRows(r.distribution);
  return (
    <div class="odds" aria-label="Odds">
      <p class="odds-title">
        <strong>Odds</strong> <span class="mono">{r.notation}</span>: {r.min} to {r.max}, average {r.mean.toFixed(2)}
        {chance !== null ? (
          <>
            {' '}
            · {props.mode === 'test' ? `at most ${props.target}` : `above ${props.target}`}: <strong class="chance">{formatChance(chance)}</strong>
          </>
        ) : null}
      </p>
      <div
        class="chart"
        role="img"
        aria-label={`Chart of the chances of ${r.notation}${text.isAll ? ': each total is listed below' : ': the likeliest totals and the chance of at least or at most a total are below'}`}
      >
        {bars.map((b) => (
          <span
            key={b.value}
            class={chance !== null && (props.mode === 'test' ? b.value <= props.target : b.value > props.target) ? 'hit' : undefined}
            style={{ blockSize: `${Math.max(2, b.height * 100)}%` }}
            title={`${b.value}: ${formatChance(b.p)}`}
          />
        ))}
      </div>
      {text.isAll ? (
        <ul class="dist" aria-label={`Chance of each total of ${r.notation}`}>
          {text.rows.map((x) => (
            <li key={x.value} class={chance !== null && (props.mode === 'test' ? x.value <= props.target : x.value > props.target) ? 'hit' : undefined}>
              <span class="dist-value">{x.value}</span> <span class="dist-p">{formatChance(x.p)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <Threshold key={r.notation} notation={r.notation} distribution={r.distribution} rows={text.rows} mean={r.mean} />
      )}
    </div>
  );
}

/** A large distribution: the likeliest totals, and the chance of at least / at most a total the player picks. */
function Threshold(props: { notation: string; distribution: Distribution; rows: readonly { value: number; p: number }[]; mean: number }) {
  const [x, setX] = useState<number | null>(null);
  const at = x ?? Math.round(props.mean);
  const t = thresholdChances(props.distribution, at);
  return (
    <>
      <p class="likeliest">
        Likeliest:{' '}
        {props.rows.map((row, i) => (
          <span key={row.value}>
            {i > 0 ? ', ' : ''}
            <strong>{row.value}</strong> ({formatChance(row.p)})
          </span>
        ))}
      </p>
      <div class="row threshold">
        <div class="field small">
          <label for="tray-odds-at">Chance of a total</label>
          <input id="tray-odds-at" type="number" inputMode="numeric" value={at} onInput={(e) => setX(Math.trunc(Number(e.currentTarget.value)) || 0)} />
        </div>
        <p aria-live="polite">
          at least {at}: <strong>{formatChance(t.atLeast)}</strong> · at most {at}: <strong>{formatChance(t.atMost)}</strong>
        </p>
      </div>
    </>
  );
}
