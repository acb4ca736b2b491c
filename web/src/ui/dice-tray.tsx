/**
 * The dice tray: the chain as buttons, steps, vantage, mods, Feat, Test or Challenge, free notation,
 * the exact odds before the roll, visibility, and physical dice entry.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Distribution } from '../../../src/dice/index.js';
import type { CheckKindDef, CheckOdds, ParamRecord, RuleResult } from '../../../src/rules/rule-system.js';
import { MAX_LABEL_LENGTH } from '../../../src/table/limits.js';
import { trayCheck, trayFromCheck, trayParams } from '../lib/check-map.js';
import { VISIBILITIES, type Command, type Visibility } from '../lib/protocol.js';
import { belowBottomOf } from '../lib/settings.js';
import { VISIBILITY_LABEL } from '../lib/describe.js';
import {
  INITIAL_TRAY,
  PLAIN_DICE,
  TRAY_LIMITS,
  buttonNotation,
  formatChance,
  isPresetKept,
  oddsBars,
  oddsRows,
  presetMark,
  presetTray,
  readTrayNumber,
  rollOdds,
  thresholdChances,
  steppedDie,
  targetChance,
  trayLimits,
  trayNotation,
  updateTray,
  type NumberRange,
  type PresetMark,
  type RollOdds,
  type TrayMode,
  type TrayState,
} from '../lib/tray.js';
import type { TableSession } from '../session.js';
import { PhysicalEntry } from './physical-entry.js';
import { CheckForms } from './check-forms.js';
import { plainDescription, plainText } from '../lib/params.js';
import { ActionError, oneClick, useAction } from './use-action.js';
import { ResultAt, useLastResult } from './log-result.js';
import type { TrayPanel } from '../rulesets/index.js';

const MODES: readonly [TrayMode, string][] = [
  ['roll', 'Roll'],
  ['test', 'Test'],
  ['challenge', 'Challenge'],
];

/** What a sheet's stat set the tray up for, while the tray still rolls it. */
interface ActivePreset {
  readonly mark: PresetMark;
  /** The stat's character, named with the roll; null once the player writes a label of their own. */
  readonly characterId: string | null;
  readonly visibility: Visibility | null;
  /** The character whose stat it is and what its button sent: the ruleset adds what the character brings (`RuleSystem.characterCheck`). */
  readonly own: { readonly characterId: string; readonly params: ParamRecord } | null;
}

/** The steps range of a tray that offers none: no Steps control. */
const NO_STEPS = { min: 0, max: 0 } as const;

/** The tray section of a table. */
export function DiceTray(props: { session: TableSession }) {
  const { session } = props;
  const rs = session.ruleSystem.value;
  const table = session.state.value;
  const chain = rs?.chain ?? PLAIN_DICE;
  const tools = session.rulesetWeb.value.tray;
  const feat = tools?.feat;
  const [tray, setTrayState] = useState<TrayState>(INITIAL_TRAY);
  // The number fields as typed: a text out of range stays on screen with its message, never moved into the range.
  const [modText, setModText] = useState(String(INITIAL_TRAY.mod));
  const [targetText, setTargetText] = useState(String(INITIAL_TRAY.target));
  const [label, setLabel] = useState('');
  const [visibility, setVisibility] = useState<Visibility>('public');
  const [isPhysical, setIsPhysical] = useState(false);
  const [entry, setEntry] = useState<string | null>(null);
  // A stat clicked on a sheet: the tray is set up for it (its character named with the roll, its sheet's visibility).
  const [preset, setPreset] = useState<ActivePreset | null>(null);
  const rollButton = useRef<HTMLButtonElement>(null);
  const result = useLastResult();
  const action = useAction(async (command: Command) => result.show(await session.send(command)));
  const asked = session.trayPreset.value;
  /** The tray after a change; a preset that no longer describes the roll goes, its label with it. */
  function apply(next: TrayState, from: { mod?: boolean; target?: boolean } = {}) {
    setTrayState(next);
    if (!from.mod && next.mod !== tray.mod) setModText(String(next.mod));
    if (!from.target && next.target !== tray.target) setTargetText(String(next.target));
    if (preset !== null && !isPresetKept(preset.mark, next)) {
      setPreset(null);
      setLabel('');
    }
  }
  const set = (patch: Partial<TrayState>, from: { mod?: boolean; target?: boolean } = {}) => apply(updateTray(tray, patch), from);
  useEffect(() => {
    if (!asked || (asked.check !== 'test' && asked.check !== 'challenge')) return;
    const def = trayCheck(rs, asked.check);
    const from = def ? trayFromCheck(def, asked.params, chain.sides) : {};
    const next = presetTray(tray, asked.check, from);
    setTrayState(next);
    setModText(String(next.mod));
    setTargetText(String(next.target));
    setLabel(asked.label);
    setPreset({ mark: presetMark(next), characterId: asked.characterId, visibility: asked.visibility ?? null, own: { characterId: asked.characterId, params: asked.params } });
    action.clear();
    // Taken: the tray shown again later (another tab, a phone's drawer) does not set it up again.
    session.trayPreset.value = null;
    document.getElementById('tray-title')?.scrollIntoView({ block: 'start' });
    rollButton.current?.focus({ preventScroll: true });
  }, [asked?.n]);
  const featSides = feat && tray.isFeat ? feat.dieOf(tray.featLevel) : null;
  const check = trayCheck(rs, tray.mode);
  const limits = trayLimits(check);
  const trayOwn = check ? trayParams(check, tray, table.settings) : null;
  // A stat's check as its character makes it (a stock's bonus on the stat): the odds and the roll both use it.
  const ownDocument = preset?.own ? table.characters.find((c) => c.id === preset.own!.characterId)?.document : undefined;
  const params =
    check && trayOwn && rs?.characterCheck && preset?.own && ownDocument !== undefined ? rs.characterCheck(ownDocument, { check: check.id, params: { ...preset.own.params, ...trayOwn } }).params : trayOwn;
  const belowBottom = belowBottomOf(table.settings);
  // A ruleset whose plain rolls take no chain steps (`TrayExtras.plainSteps`): a roll that is no check of
  // the ruleset's (Roll mode, and Test or Challenge where it has no such check) shows no Steps and rolls none.
  const hasSteps = check !== null || tools?.plainSteps !== false;
  const notation = trayNotation(hasSteps ? tray : { ...tray, steps: 0 }, featSides);
  const shownVisibility = preset?.visibility ?? visibility;
  // The number fields, read against the check's own ranges (or the plain tray's).
  const modRead = readTrayNumber(modText, 'Modifier', limits.mod);
  const targetRead = readTrayNumber(targetText, 'Target', limits.target);
  const modProblem = modRead.ok ? null : modRead.message;
  const targetProblem =
    tray.mode === 'roll' ? null : !targetRead.ok ? targetRead.message : targetRead.value === null ? `Give the ${tray.mode === 'test' ? 'Test' : 'Challenge'} a target to roll against.` : null;
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
  // With a ruleset check the check decides the dice: typed notation is Roll mode's only.
  const usesNotation = check === null;
  const typed = usesNotation && tray.notation.trim().length > 0;
  const notationProblem = usesNotation && odds.kind === 'roll' && !odds.r.ok && (typed || tray.mode === 'roll') ? odds.r.problem : null;
  const fieldProblem = modProblem ?? targetProblem;
  const oddsProblem = odds.kind === 'check' && !odds.r.ok ? plainText(odds.r.error.message, check?.params ?? []) : null;
  const blocked = fieldProblem !== null || notationProblem !== null || (odds.kind === 'roll' && !odds.r.ok) || oddsProblem !== null;

  async function send(command: Command) {
    const sent = label;
    if (await action.run(command)) {
      // A label is for one roll; the sheet's stat is rolled. A label typed for the next roll while this
      // one was on its way stays.
      setLabel((now) => (now === sent ? '' : now));
      setPreset(null);
    }
  }

  function roll(e: Event) {
    e.preventDefault();
    if (!canRoll || action.isBusy) return;
    if (fieldProblem !== null) {
      document.getElementById(modProblem !== null ? 'tray-mod' : 'tray-target')?.focus();
      return;
    }
    if (blocked) return;
    const lab = label.trim();
    if (check && params) {
      void send({ kind: 'check', check: check.id, params, visibility: shownVisibility, ...(lab ? { label: lab } : {}), ...(preset?.characterId != null ? { characterId: preset.characterId } : {}) });
      return;
    }
    const modeLabel = tray.mode === 'test' ? `Test ≤ ${tray.target}` : tray.mode === 'challenge' ? `Challenge > ${tray.target}` : '';
    const fullLabel = [lab, modeLabel].filter((s) => s.length > 0).join(' · ');
    if (isPhysical) {
      setEntry(notation);
      return;
    }
    void send({ kind: 'roll', notation, visibility: shownVisibility, ...(fullLabel ? { label: fullLabel } : {}) });
  }

  // Test and Challenge are the tray's when the ruleset has those checks (a table without rules: plain odds).
  const modes = MODES.filter(([m]) => m === 'roll' || rs === null || trayCheck(rs, m) !== null);
  // The tray starts on a d20: a ruleset whose chain stops short of it (usage dice d4-d12) still gets its button.
  const dieButtons = chain.sides.includes(INITIAL_TRAY.die) ? chain.sides : [...chain.sides, INITIAL_TRAY.die].sort((a, b) => a - b);
  const stepsRange = !hasSteps ? NO_STEPS : tray.mode === 'roll' ? TRAY_LIMITS.steps : limits.steps;
  return (
    <section class="tray panel" aria-labelledby="tray-title">
      <h2 id="tray-title">Dice tray</h2>
      {!canRoll && table.you ? <p class="notice">Observers watch the table; they do not roll.</p> : null}
      <form onSubmit={roll} noValidate>
        {modes.length > 1 ? (
        <div class="segmented" role="group" aria-label="What to roll">
          {modes.map(([m, text]) => (
            <button key={m} type="button" aria-pressed={tray.mode === m} onClick={() => set({ mode: m })}>
              {text}
            </button>
          ))}
        </div>
        ) : null}
        <div class="chain" role="group" aria-label="Die">
          {dieButtons.map((s) => (
            <button key={s} type="button" class="die" aria-pressed={tray.die === s && !typed} onClick={() => set({ die: s, notation: '' })}>
              d{s}
            </button>
          ))}
        </div>
        <div class="row">
          {tray.mode === 'roll' ? <Stepper id="tray-count" label="Dice" value={tray.count} range={TRAY_LIMITS.count} onChange={(count) => set({ count })} /> : null}
          {/* A check whose steps range is 0 to 0 takes no steps (its die never moves): no Steps control for it. */}
          {stepsRange.max > stepsRange.min ? (
            <>
              <Stepper
                id="tray-steps"
                label={tray.mode === 'roll' ? 'Steps (+ bigger die)' : 'Steps (+ helps you)'}
                value={tray.steps}
                range={stepsRange}
                signed
                onChange={(steps) => set({ steps })}
              />
              <output class="stepped" for="tray-steps" aria-live="off">
                {steppedDie(chain, tray)}
              </output>
            </>
          ) : null}
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
        <div class="row tray-numbers">
          <div class="field small">
            <label for="tray-mod">{tray.mode === 'roll' ? 'Modifier' : 'Modifier (+ helps)'}</label>
            <input
              id="tray-mod"
              type="number"
              inputMode="numeric"
              step={1}
              value={modText}
              aria-invalid={modProblem ? 'true' : undefined}
              aria-describedby={modProblem ? 'tray-mod-error' : undefined}
              onInput={(e) => {
                const text = e.currentTarget.value;
                setModText(text);
                const r = readTrayNumber(text, 'Modifier', limits.mod);
                if (r.ok) set({ mod: r.value ?? 0 }, { mod: true });
              }}
            />
            {modProblem ? (
              <small id="tray-mod-error" class="error">
                {modProblem}
              </small>
            ) : null}
          </div>
          {tray.mode !== 'roll' ? (
            <div class="field small">
              <label for="tray-target">Target</label>
              <input
                id="tray-target"
                type="number"
                inputMode="numeric"
                step={1}
                value={targetText}
                aria-invalid={targetProblem ? 'true' : undefined}
                aria-describedby={targetProblem ? 'tray-target-error' : undefined}
                onInput={(e) => {
                  const text = e.currentTarget.value;
                  setTargetText(text);
                  const r = readTrayNumber(text, 'Target', limits.target);
                  if (r.ok && r.value !== null) set({ target: r.value }, { target: true });
                }}
              />
              {targetProblem ? (
                <small id="tray-target-error" class="error">
                  {targetProblem}
                </small>
              ) : null}
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
        {usesNotation ? (
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
        ) : (
          <p class="muted tray-check-note" id="tray-notation-help">
            A {check.label} rolls the die above with its steps, advantage and modifier; type your own notation in Roll mode.
          </p>
        )}
        <div class="row">
          <div class="field grow">
            <label for="tray-label">Label (this roll only)</label>
            <input
              id="tray-label"
              value={label}
              maxLength={MAX_LABEL_LENGTH}
              onInput={(e) => {
                setLabel(e.currentTarget.value);
                if (preset !== null) setPreset({ ...preset, characterId: null });
              }}
            />
          </div>
          <div class="field small">
            <label for="tray-visibility">Who sees it</label>
            <select
              id="tray-visibility"
              value={shownVisibility}
              onChange={(e) => {
                setVisibility(e.currentTarget.value as Visibility);
                if (preset !== null) setPreset({ ...preset, visibility: null });
              }}
            >
              {VISIBILITIES.map((v) => (
                <option key={v} value={v}>
                  {VISIBILITY_LABEL[v]}
                </option>
              ))}
            </select>
          </div>
        </div>
        {fieldProblem === null ? <OddsView odds={odds} mode={tray.mode} target={tray.target} check={check} /> : null}
        <div class="row actions">
          {!check ? (
            <div class="check">
              <input id="tray-physical" type="checkbox" checked={isPhysical} onChange={(e) => setIsPhysical(e.currentTarget.checked)} />
              <label for="tray-physical">Real dice (enter faces)</label>
            </div>
          ) : null}
          <button
            ref={rollButton}
            type="submit"
            class="primary roll"
            disabled={!canRoll || action.isBusy || blocked}
            aria-busy={action.isBusy ? 'true' : undefined}
            aria-describedby={fieldProblem ? 'tray-roll-problem' : undefined}
            aria-keyshortcuts="Enter"
            onClick={oneClick()}
          >
            {action.isBusy ? 'Rolling…' : check ? `Roll ${check.label}` : 'Roll'}
          </button>
        </div>
        {fieldProblem ? (
          <p class="error" id="tray-roll-problem">
            {modProblem !== null ? 'Correct the Modifier above to roll.' : targetRead.ok && targetRead.value === null ? 'Give a Target above to roll.' : 'Correct the Target above to roll.'}
          </p>
        ) : null}
        <ActionError action={action} />
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
            void send({ kind: 'roll', notation: entry, visibility: shownVisibility, faces, ...(lab ? { label: lab } : {}) });
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

/** A number moved one at a time, within its range (the buttons stop at its ends). */
function Stepper(props: { id: string; label: string; value: number; range: NumberRange; signed?: boolean; onChange: (n: number) => void }) {
  const text = props.signed && props.value > 0 ? `+${props.value}` : String(props.value);
  const { min, max } = props.range;
  return (
    <div class="stepper" role="group" aria-labelledby={`${props.id}-label`}>
      <span id={`${props.id}-label`} class="stepper-label">
        {props.label}
      </span>
      <button type="button" aria-label={`${props.label}: one less`} disabled={props.value <= min} title={props.value <= min ? `At least ${min}` : undefined} onClick={() => props.onChange(props.value - 1)}>
        −
      </button>
      <output id={props.id} aria-live="polite">
        {text}
      </output>
      <button type="button" aria-label={`${props.label}: one more`} disabled={props.value >= max} title={props.value >= max ? `At most ${max}` : undefined} onClick={() => props.onChange(props.value + 1)}>
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
          <strong>Odds</strong> <span>{plainDescription(o.description, check?.params ?? [])}</span>
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
              <li key={i}>{plainText(line, check?.params ?? [])}</li>
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
