/**
 * Hammer dice pools (HAMMERCRAWL!): a Check's pool (level, Feat, advantages, disadvantages, stance) or
 * listed dice by colour; the exact odds of each symbol and of net hammers computed here, before the
 * roll; rolled by the server with the `hammer` command (the Smith's node pool from the Smith's screen).
 */
import { useMemo, useState } from 'preact/hooks';
import { HAMMER_COLOURS, type HammerColour } from '../../../../src/rules/hammercrawl/hammer-dice.js';
import { checkPool, effectsFor, hammerPool, hammerPoolOdds, type HammerPlusChoice, type PoolContext, type Stance } from '../../../../src/rules/hammercrawl/hammer-pools.js';
import { ruleSystem as hammercrawl } from '../../../../src/rules/hammercrawl/rule-system.js';
import { STAT_IDS } from '../../../../src/rules/hammercrawl/check-modifiers.js';
import { NO_RULE_GIVEN, ruleGivenVantageOf, ruleGivenWords } from '../../../../src/rules/hammercrawl/rule-given.js';
import type { ParamRecord } from '../../../../src/rules/rule-system.js';
import { shownPicks } from './hammer-picks.js';
import { foldHammerEvents, PAY_IT_FORWARD, type EffectPick, type OpenHammerRoll } from '../../../../src/rules/hammercrawl/table/hammer-apply.js';
import { CommandError } from '../../lib/live.js';
import type { Visibility } from '../../lib/protocol.js';
import { formatChance } from '../../lib/tray.js';
import type { RulesetSession } from '../types.js';
import { sendCommand, type HammerPoolRequest } from './wire.js';
import { oneClick } from '../../ui/use-action.js';

type Mode = 'check' | 'dice';

/** The d20 checks the Check die may be (H-22): a Save too, as every d20 check takes THE HAMMER DIE (H-25). */
type CheckKind = 'test' | 'challenge' | 'open' | 'save';

/** P(success) of the Check die as the ruleset's own check gives it (a Save's mod is its stat mod), or null. */
function checkSuccess(kind: CheckKind, params: ParamRecord): number | null {
  const odds = hammercrawl.checkOdds({ check: kind, params });
  if (!odds.ok) return null;
  const success = odds.value.outcomes.find((o) => o.outcome === 'success');
  return success === undefined ? null : success.p;
}

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
  const [characterId, setCharacterId] = useState('');
  const [hammerPlus, setHammerPlus] = useState<HammerPlusChoice>('hammer');
  const [useBanked, setUseBanked] = useState(0);
  // THE HAMMER DIE in place of the Feat Die and Advantage (H-25): the Check die is rolled here, with its pool.
  const isReplace = props.session.state.value.settings['hammer-die'] === 'replace';
  // The Check die rolled with the pool as one check (H-22): none, or a Test, Challenge, Open roll or Save.
  const [checkKind, setCheckKind] = useState<'none' | CheckKind>(isReplace && context === 'check' ? 'test' : 'none');
  const [checkTarget, setCheckTarget] = useState(12);
  const [checkMod, setCheckMod] = useState(0);
  // The stat the check is on: with a character named, its stock's abilities on it apply (and under replace, their advantages join the pool: H-26).
  const [checkStat, setCheckStat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const colours = HAMMER_COLOURS.flatMap((c) => Array.from({ length: counts[c] }, () => c));
  const table = props.session.state.value;
  const settings = table.settings;
  const youId = table.you?.id ?? null;
  const isSmith = props.session.isSmith.value;
  const characters = table.characters.filter((c) => isSmith || c.ownerId === youId);
  const hammerState = useMemo(() => foldHammerEvents(table.rulesetEvents as unknown as readonly { kind: string }[]), [table.rulesetEvents]);
  const bank = characterId !== '' && Object.hasOwn(hammerState.banked, characterId) ? hammerState.banked[characterId]! : [];
  const spend = Math.min(useBanked, bank.length);
  const hasStat = checkKind === 'test' || checkKind === 'challenge' || checkKind === 'save';
  const check =
    context === 'check' && mode === 'check' && checkKind !== 'none'
      ? {
          check: checkKind,
          params: {
            ...(checkKind === 'save' ? { target: checkTarget, mod: checkMod } : { ...(checkKind !== 'open' ? { target: checkTarget } : {}), ...(checkMod !== 0 ? { mod: checkMod } : {}) }),
            ...(hasStat && checkStat !== '' ? { stat: checkStat } : {}),
          },
        }
      : null;
  // The check as the server rolls it: the named character's stock filled in (characterCheck), the table's setting.
  const rollerDoc = characterId === '' ? undefined : table.characters.find((c) => c.id === characterId)?.document;
  const rolledCheck = check === null ? null : rollerDoc !== undefined && hammercrawl.characterCheck ? hammercrawl.characterCheck(rollerDoc, check) : check;
  const given = rolledCheck !== null && isReplace ? ruleGivenVantageOf(rolledCheck.check, rolledCheck.params) : NO_RULE_GIVEN;
  const givenWords = ruleGivenWords(given);
  const checkParamsKey = JSON.stringify(rolledCheck);
  const checkChances = useMemo(
    () => (rolledCheck === null ? null : checkSuccess(rolledCheck.check as CheckKind, { ...rolledCheck.params, ...(isReplace ? { 'hammer-die': 'replace' } : {}), ...(givenWords !== null ? { 'vantage-pooled': true } : {}) })),
    [checkParamsKey, isReplace],
  );
  const spec: HammerPoolRequest =
    mode === 'check'
      ? { kind: 'check', level, isFeat, advantages, disadvantages, stance }
      : { kind: 'dice', colours, ...(context === 'node' ? { context: 'node' as const } : {}) };
  const odds = useMemo(() => {
    try {
      const banked = bank.slice(0, spend).reduce((n, d) => n + d.advantages, 0);
      const pool = mode === 'check' ? checkPool({ level, isFeat, advantages: advantages + banked + given.advantages.length, disadvantages: disadvantages + given.disadvantages.length, stance }) : hammerPool(colours, context);
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
  }, [JSON.stringify(spec), spend, JSON.stringify(given), settings['stance-symbols'], settings['xp-when-both']]);
  async function roll(e: Event) {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const lab = label.trim();
      await sendCommand(props.session, {
        kind: 'hammer',
        pool: spec,
        visibility: props.visibility,
        ...(lab ? { label: lab } : {}),
        ...(characterId !== '' ? { characterId } : {}),
        ...(hammerPlus !== 'hammer' ? { hammerPlus } : {}),
        ...(spend > 0 ? { useBanked: spend } : {}),
        ...(check !== null ? { check } : {}),
      });
    } catch (err) {
      setError(err instanceof CommandError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }
  const poolDice = typeof odds === 'string' ? [] : odds.pool.dice;
  return (
    <form class="hammer" onSubmit={roll} noValidate>
      {isReplace && context === 'check' ? (
        <p class="note" id={`${prefix}-replaces`}>
          This table plays THE HAMMER DIE in place of the Feat Die and Advantage: give the Feat, advantages and disadvantages here, and roll the Check die with its pool.
        </p>
      ) : null}
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
      {context === 'check' ? (
        <div class="row">
          <div class="field">
            <label for={`${prefix}-character`}>Character</label>
            <select id={`${prefix}-character`} value={characterId} onChange={(e) => setCharacterId(e.currentTarget.value)}>
              <option value="">None</option>
              {characters.map((c) => (
                <option value={c.id} key={c.id}>
                  {String(c.document['name'] ?? c.id)}
                </option>
              ))}
            </select>
          </div>
          <div class="field">
            <label for={`${prefix}-hammer-plus`}>A hammer+</label>
            <select id={`${prefix}-hammer-plus`} value={String(hammerPlus)} onChange={(e) => setHammerPlus(e.currentTarget.value === 'set-aside' ? 'set-aside' : 'hammer')}>
              <option value="hammer">Counts as a hammer</option>
              <option value="set-aside">Set aside for a later Check</option>
            </select>
          </div>
          {mode === 'check' && bank.length > 0 ? (
            <div class="field small">
              <label for={`${prefix}-banked`}>Spend set-aside dice (of {bank.length})</label>
              <input id={`${prefix}-banked`} type="number" inputMode="numeric" min={0} max={bank.length} value={spend} onInput={(e) => setUseBanked(clampCount(e.currentTarget.value, bank.length))} />
            </div>
          ) : null}
        </div>
      ) : null}
      {characterId !== '' && bank.length > 0 ? (
        <p class="muted" id={`${prefix}-bank`}>
          Set aside: {bank.map((d) => `${d.advantages === 3 ? 'three advantages' : 'one advantage'} (${d.why})`).join('; ')}
        </p>
      ) : null}
      {characterId !== '' && props.visibility !== 'public' ? <p class="muted">A secret roll is not written on the character; the Smith writes what it does.</p> : null}
      {context === 'check' && mode === 'check' ? (
        <div class="row">
          <div class="field small">
            <label for={`${prefix}-check-kind`}>Check die</label>
            <select id={`${prefix}-check-kind`} value={checkKind} onChange={(e) => setCheckKind(e.currentTarget.value as 'none' | CheckKind)}>
              <option value="none">None</option>
              <option value="test">Test</option>
              <option value="challenge">Challenge</option>
              <option value="open">Open roll</option>
              <option value="save">Save</option>
            </select>
          </div>
          {checkKind === 'test' || checkKind === 'challenge' || checkKind === 'save' ? (
            <div class="field small">
              <label for={`${prefix}-check-target`}>Target</label>
              <input id={`${prefix}-check-target`} type="number" inputMode="numeric" value={checkTarget} onInput={(e) => setCheckTarget(Math.trunc(Number(e.currentTarget.value)) || 0)} />
            </div>
          ) : null}
          {checkKind !== 'none' ? (
            <div class="field small">
              <label for={`${prefix}-check-mod`}>{checkKind === 'save' ? 'Stat mod' : 'Mod'}</label>
              <input id={`${prefix}-check-mod`} type="number" inputMode="numeric" value={checkMod} onInput={(e) => setCheckMod(Math.trunc(Number(e.currentTarget.value)) || 0)} />
            </div>
          ) : null}
          {hasStat ? (
            <div class="field small">
              <label for={`${prefix}-check-stat`}>Stat</label>
              <select id={`${prefix}-check-stat`} value={checkStat} onChange={(e) => setCheckStat(e.currentTarget.value)}>
                <option value="">(not given)</option>
                {STAT_IDS.map((x) => (
                  <option value={x} key={x}>
                    {x}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {givenWords !== null ? (
            <p class="note" id={`${prefix}-rule-given`}>
              This check brings {givenWords} to its hammer dice (the rules give it: counted in the pool, not in the d20).
            </p>
          ) : null}
          {checkChances !== null ? (
            <p class="muted" id={`${prefix}-check-odds`}>
              d20 check: success {formatChance(checkChances)}
            </p>
          ) : null}
        </div>
      ) : null}
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
          {context === 'node' ? 'Roll the node pool' : check !== null ? 'Roll the check and hammer dice' : 'Roll hammer dice'}
        </button>
      </div>
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      {Object.entries(hammerState.open)
        .filter(([, r]) => r.context === context && (isSmith || r.rollerId === youId))
        .slice(-3)
        .map(([rollId, r]) => (
          <EffectPicks key={rollId} session={props.session} rollId={rollId} roll={r} isSmith={isSmith} />
        ))}
    </form>
  );
}

/** The picks a roll's remaining symbols wait for (H-21): the roller's for the player's symbols, the Smith's for all. */
function EffectPicks(props: { session: RulesetSession; rollId: string; roll: OpenHammerRoll; isSmith: boolean }) {
  const table = effectsFor(props.roll.context);
  const mine = props.roll.prompts.filter((p) => props.isSmith || p.chooser === 'player');
  const [picks, setPicks] = useState<Record<string, string>>({});
  // Whom each die paid forward goes to ("by self or any allied character", H-20): the roll's own character unless chosen.
  const [allies, setAllies] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const characters = props.session.state.value.characters;
  if (mine.length === 0) return null;
  const slots = mine.flatMap((p) => Array.from({ length: p.count }, (_, i) => ({ symbol: p.symbol, key: `${p.symbol}-${i}` })));
  // What each slot shows until picked: the first effect the roll may still take (one picked once per roll is not offered twice).
  const shown = shownPicks(slots, picks, table);
  async function record() {
    setError(null);
    const list: EffectPick[] = slots.map((s) => {
      const effect = shown[s.key]!;
      const ally = allies[s.key];
      return { symbol: s.symbol, effect, ...(effect === PAY_IT_FORWARD && ally !== undefined && ally !== '' && ally !== props.roll.characterId ? { forCharacterId: ally } : {}) };
    });
    try {
      await sendCommand(props.session, { kind: 'hammer-effects', rollId: props.rollId, picks: list });
    } catch (err) {
      setError(err instanceof CommandError ? err.message : String(err));
    }
  }
  const id = `picks-${props.rollId}`;
  return (
    <fieldset class="hammer-picks" id={id}>
      <legend>Choose effects{props.roll.label ? `: ${props.roll.label}` : ''}</legend>
      {slots.map((s, i) => (
        <div class="field" key={s.key}>
          <label for={`${id}-${i}`}>
            {s.symbol} ({table[s.symbol].chooser === 'smith' ? "the Smith's pick" : 'your pick'})
          </label>
          <select id={`${id}-${i}`} value={shown[s.key]} onChange={(e) => setPicks({ ...picks, [s.key]: e.currentTarget.value })}>
            {table[s.symbol].choices.map((c) => (
              <option value={c.id} key={c.id} title={c.description}>
                {c.label}
              </option>
            ))}
          </select>
          {shown[s.key] === PAY_IT_FORWARD && props.roll.visibility === 'public' && characters.length > (props.roll.characterId === undefined ? 0 : 1) ? (
            <>
              <label for={`${id}-${i}-for`}>The white die goes to</label>
              <select id={`${id}-${i}-for`} value={allies[s.key] ?? props.roll.characterId ?? ''} onChange={(e) => setAllies({ ...allies, [s.key]: e.currentTarget.value })}>
                {props.roll.characterId === undefined ? <option value="">(no one: pick a character)</option> : null}
                {characters.map((c) => (
                  <option key={c.id} value={c.id}>
                    {typeof c.document['name'] === 'string' ? c.document['name'] : c.id}
                    {c.id === props.roll.characterId ? ' (the roller)' : ''}
                  </option>
                ))}
              </select>
            </>
          ) : null}
        </div>
      ))}
      <button type="button" onClick={record}>
        Record the effects
      </button>
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
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
