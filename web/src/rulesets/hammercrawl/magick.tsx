/**
 * Magick on a HAMMERCRAWL! sheet (lazy chunk): become a caster (the server reads the caster from the
 * document), learn spells, prepare, cast with the odds of keeping the spell shown before casting,
 * release sustained spells, night and town rest. `magick` commands; state folded from the events.
 */
import { useMemo, useState } from 'preact/hooks';
import { CommandError } from '../../lib/live.js';
import { defaultPreparation, harmNotes, hitWhileSustaining, holdOdds, keepOdds, magickSettings, magickTiming, magickView, type ForgetChoice, type SpellEffectKind } from './magick-view.js';
import type { TableCharacter } from '../../lib/protocol.js';
import type { RulesetSession } from '../types.js';
import { magickEvents, sendCommand, type TableMagickCommand } from './wire.js';
import { oneClick } from '../../ui/use-action.js';
import { ScrollForm } from './magick-scroll.js';

const pct = (p: number) => `${(p * 100).toFixed(1)}%`;

export interface MagickPanelProps {
  readonly session: RulesetSession;
  readonly character: TableCharacter;
  readonly canAct: boolean;
}

/** The magick section of a HAMMERCRAWL! sheet. */
export function MagickPanel(props: MagickPanelProps) {
  const { session, character, canAct } = props;
  const table = session.state.value;
  const view = useMemo(() => magickView(character.document, magickEvents(table.rulesetEvents, character.id)), [character.document, table.rulesetEvents, character.id]);
  const [error, setError] = useState<string | null>(null);
  const [spellName, setSpellName] = useState('');
  const [spellLevel, setSpellLevel] = useState('1');
  const [effect, setEffect] = useState<SpellEffectKind>('instant');
  const [onForget, setOnForget] = useState<ForgetChoice>('forget');
  const [busy, setBusy] = useState(false);
  const [picked, setPicked] = useState<string[] | null>(null);
  const [overcast, setOvercast] = useState(0);
  const [damaged, setDamaged] = useState(true);
  const [affliction, setAffliction] = useState('');
  const base = `magick-${character.id}`;

  async function send(command: TableMagickCommand): Promise<boolean> {
    setError(null);
    setBusy(true);
    try {
      await sendCommand(session, { kind: 'magick', characterId: character.id, command });
      return true;
    } catch (e) {
      setError(e instanceof CommandError ? e.message : String(e));
      return false;
    } finally {
      setBusy(false);
    }
  }

  if (!view.ok) {
    return (
      <section class="magick" aria-labelledby={`${base}-title`}>
        <h3 id={`${base}-title`}>Magick</h3>
        <p class="error">The magick of this character cannot be read: {view.message}</p>
      </section>
    );
  }
  const { state } = view;
  const caster = state.caster;
  const scroll = canAct ? <ScrollForm document={character.document} base={base} busy={busy} send={send} onError={setError} /> : null;
  if (caster === null && !view.canBeCaster) {
    // Anyone who reads its language may cast from a scroll (MG-10).
    if (scroll === null) return null;
    return (
      <section class="magick" aria-labelledby={`${base}-title`}>
        <h3 id={`${base}-title`}>Magick</h3>
        {scroll}
        {view.recent.length > 0 ? <p class="muted">{view.recent[0]}</p> : null}
        {error ? (
          <p class="error" role="alert">
            {error}
          </p>
        ) : null}
      </section>
    );
  }
  const settings = magickSettings(table.settings);
  const sustainedIds = new Set(state.sustained.map((s) => s.spellId));
  const isSmith = session.isSmith.value;
  // MG-19: prepare, remember and the rests only when the rules allow (the Smith always may).
  const timing = (kind: string) => magickTiming(kind, table.combat, table.rulesetEvents, isSmith);
  const prepareTiming = timing('prepare');
  const rememberTiming = timing('remember');
  const nightTiming = timing('night-rest');
  const townTiming = timing('town-rest');
  const chosen = picked ?? (state.spellbook.length > 0 && view.prepareLimit !== null ? defaultPreparation(state, view.prepareLimit) : []);
  const tooMany = view.prepareLimit !== null && chosen.length > view.prepareLimit;
  const nameOf = (id: string) => state.spellbook.find((k) => k.id === id)?.name ?? id;
  return (
    <section class="magick" aria-labelledby={`${base}-title`}>
      <h3 id={`${base}-title`}>Magick</h3>
      {caster === null ? (
        <div class="row">
          <p>This character can cast spells; set them up as a caster to track the Spell Die and spells.</p>
          {canAct ? (
            <button type="button" disabled={busy} onClick={oneClick(() => void send({ kind: 'set-caster' }))}>
              Set up as caster
            </button>
          ) : null}
        </div>
      ) : (
        <>
          <p>
            Spell Die <strong>{view.spellDie === null ? '—' : `d${view.spellDie}`}</strong>
            {state.burnSteps > 0 ? ` · Mana-burn ${state.burnSteps} step${state.burnSteps === 1 ? '' : 's'}` : ''}
            {state.burnedOut ? ' · burned out' : ''} · prepares up to {view.prepareLimit} · sustains up to {view.sustainLimit}
            {state.burntCon > 0 ? ` · CON burnt ${state.burntCon}` : ''}
          </p>
          {state.spellbook.length === 0 ? (
            <p class="muted">No spells known yet.</p>
          ) : (
            <>
              {canAct ? (
                <div class="row">
                  <div class="field small">
                    <label for={`${base}-effect`}>Effect</label>
                    <select id={`${base}-effect`} value={effect} onChange={(e) => setEffect(e.currentTarget.value as SpellEffectKind)}>
                      <option value="instant">Instant</option>
                      <option value="lasting">Lasting</option>
                      <option value="sustained">Sustained</option>
                    </select>
                  </div>
                  {caster.hasManaBurn ? (
                    <div class="field small">
                      <label for={`${base}-forget`}>If it slips</label>
                      <select id={`${base}-forget`} value={onForget} onChange={(e) => setOnForget(e.currentTarget.value === 'mana-burn' ? 'mana-burn' : 'forget')}>
                        <option value="forget">Forget it</option>
                        <option value="mana-burn">Mana-burn</option>
                      </select>
                    </div>
                  ) : null}
                  {caster.canOvercast ? (
                    <div class="field small">
                      <label for={`${base}-overcast`}>Over-cast (CON)</label>
                      <input
                        id={`${base}-overcast`}
                        type="number"
                        min={0}
                        max={20}
                        value={String(overcast)}
                        onInput={(e) => {
                          const n = Number(e.currentTarget.value);
                          setOvercast(Number.isInteger(n) && n >= 0 && n <= 20 ? n : 0);
                        }}
                      />
                    </div>
                  ) : null}
                </div>
              ) : null}
              <ul class="spells" aria-label="Spells known">
                {state.spellbook.map((sp) => {
                  const prepared = state.prepared.find((p) => p.spellId === sp.id);
                  const odds = prepared?.remembered ? keepOdds(state, sp.id, effect, onForget, settings, overcast) : null;
                  return (
                    <li key={sp.id}>
                      <span class="who">{sp.name}</span> <span class="muted">(level {sp.level})</span>{' '}
                      <span class="badge">{prepared === undefined ? 'not prepared' : prepared.remembered ? 'ready' : 'forgotten'}</span>
                      {sustainedIds.has(sp.id) ? <span class="badge">sustained</span> : null}
                      {odds === null ? null : odds.ok ? (
                        <span class="cast-odds">
                          {' '}
                          Keep it: <strong>{pct(odds.kept)}</strong> <span class="muted">(d{odds.die}{odds.extra > 0 ? `; others lost ${pct(odds.extra)}` : ''}{odds.burnedOut > 0 ? `; burn-out ${pct(odds.burnedOut)}` : ''})</span>
                        </span>
                      ) : (
                        <span class="muted"> {odds.message}</span>
                      )}
                      {canAct && odds !== null && odds.ok ? (
                        <button type="button" disabled={busy} aria-label={`Cast ${sp.name}`} onClick={oneClick(() => void send({ kind: 'cast', spellId: sp.id, effect, onForget, ...(overcast > 0 ? { overcast } : {}) }))}>
                          Cast
                        </button>
                      ) : null}
                      {canAct && prepared !== undefined && !prepared.remembered ? (
                        <button type="button" disabled={busy || rememberTiming !== null} title={rememberTiming?.message ?? 'Remember it at this camp'} aria-label={`Remember ${sp.name}`} onClick={oneClick(() => void send({ kind: 'remember', spellIds: [sp.id] }))}>
                          Remember
                        </button>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            </>
          )}
          {state.sustained.length > 0 ? (
            <p>
              Sustaining: {state.sustained.map((s) => state.spellbook.find((k) => k.id === s.spellId)?.name ?? s.spellId).join(', ')}{' '}
              {canAct ? (
                <button type="button" disabled={busy} onClick={oneClick(() => void send({ kind: 'release', onForget }))}>
                  Release all
                </button>
              ) : null}
            </p>
          ) : null}
          {(() => {
            // An attack, or damage that was not one (a trap, a fall), since the last magick command (MG-8).
            const hit = hitWhileSustaining(state, character.id, table.combat, [...table.attacks, ...harmNotes(table.log)], table.rulesetEvents);
            return hit === null ? null : (
              <p class="concentration-due" role="status">
                Hit while sustaining ({hit}): roll a concentration Test against the half-stat.
              </p>
            );
          })()}
          {state.sustained.length > 0 && canAct ? (
            <div class="row concentration">
              <label>
                <input type="checkbox" checked={damaged} onChange={(e) => setDamaged(e.currentTarget.checked)} /> took damage (half-stat)
              </label>
              {(() => {
                const hold = holdOdds(state, damaged, settings);
                return hold.ok ? (
                  <span class="cast-odds">
                    Hold concentration: <strong>{pct(hold.success)}</strong>
                  </span>
                ) : (
                  <span class="muted">{hold.message}</span>
                );
              })()}
              <button type="button" disabled={busy} onClick={oneClick(() => void send({ kind: 'concentration', damaged, onForget }))}>
                Concentration Test
              </button>
            </div>
          ) : null}
          {state.effects.length > 0 ? (
            <ul class="effects" aria-label="Spells at work">
              {state.effects.map((fx) => (
                <li key={fx.effectId}>
                  {nameOf(fx.spellId)} <span class="muted">{fx.lingering ? '(lingering)' : '(lasting)'}</span>{' '}
                  {canAct && fx.cancellable ? (
                    <button type="button" disabled={busy} aria-label={`Cancel ${nameOf(fx.spellId)}`} onClick={oneClick(() => void send({ kind: 'cancel', effectId: fx.effectId }))}>
                      Cancel
                    </button>
                  ) : null}
                  {canAct ? (
                    <button type="button" disabled={busy} aria-label={`End ${nameOf(fx.spellId)}`} onClick={oneClick(() => void send({ kind: 'end-effect', effectId: fx.effectId }))}>
                      Ended
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
          {state.afflictions.length > 0 || state.afflictionsDue > 0 ? (
            <div>
              {state.afflictions.length > 0 ? <p>Afflictions: {state.afflictions.join('; ')}</p> : null}
              {state.afflictionsDue > 0 && canAct ? (
                <form
                  class="row"
                  onSubmit={async (e) => {
                    e.preventDefault();
                    const text = affliction.trim();
                    if (!text) return setError('Describe the affliction.');
                    if (await send({ kind: 'record-affliction', text })) setAffliction('');
                  }}
                >
                  <div class="field">
                    <label for={`${base}-affliction`}>Burn-out affliction ({state.afflictionsDue} to record)</label>
                    <input id={`${base}-affliction`} value={affliction} maxLength={500} autoComplete="off" onInput={(e) => setAffliction(e.currentTarget.value)} />
                  </div>
                  <button type="submit" disabled={busy} onClick={oneClick()}>
                    Record
                  </button>
                </form>
              ) : null}
            </div>
          ) : null}
          {canAct ? (
            <>
              <form
                class="row"
                onSubmit={async (e) => {
                  e.preventDefault();
                  const name = spellName.trim();
                  const level = Number(spellLevel);
                  if (!name) return setError('Give the spell a name.');
                  if (!Number.isInteger(level) || level < 1 || level > 20) return setError('A spell level is a whole number from 1 to 20.');
                  if (await send({ kind: 'learn', name, level })) setSpellName('');
                }}
              >
                <div class="field">
                  <label for={`${base}-spell`}>New spell</label>
                  <input id={`${base}-spell`} value={spellName} maxLength={60} autoComplete="off" onInput={(e) => setSpellName(e.currentTarget.value)} />
                </div>
                <div class="field small">
                  <label for={`${base}-level`}>Level</label>
                  <input id={`${base}-level`} type="number" min={1} max={20} value={spellLevel} onInput={(e) => setSpellLevel(e.currentTarget.value)} />
                </div>
                <button type="submit" disabled={busy} onClick={oneClick()}>
                  Learn
                </button>
              </form>
              {state.spellbook.length > 0 ? (
                <fieldset class="prepare-choice">
                  <legend>
                    Prepare {chosen.length} of up to {view.prepareLimit}
                  </legend>
                  {state.spellbook.map((sp) => (
                    <label key={sp.id}>
                      <input
                        type="checkbox"
                        aria-label={`Prepare ${sp.name}`}
                        checked={chosen.includes(sp.id)}
                        onChange={(e) => {
                          const on = e.currentTarget.checked;
                          setPicked(on ? [...chosen.filter((id) => id !== sp.id), sp.id] : chosen.filter((id) => id !== sp.id));
                        }}
                      />{' '}
                      {sp.name}
                    </label>
                  ))}
                  {tooMany ? <p class="error">Tick at most {view.prepareLimit} (the {caster.spellStat} score); leave {chosen.length - view.prepareLimit!} out.</p> : null}
                </fieldset>
              ) : null}
              <div class="row">
                <button
                  type="button"
                  disabled={busy || state.spellbook.length === 0 || chosen.length === 0 || tooMany || prepareTiming !== null}
                  title={prepareTiming?.message ?? 'Prepare the ticked spells for the day'}
                  onClick={oneClick(async () => {
                    if (await send({ kind: 'prepare', spellIds: chosen })) setPicked(null);
                  })}
                >
                  Prepare spells
                </button>
                <button
                  type="button"
                  disabled={busy || (state.burnSteps === 0 && !state.burnedOut) || nightTiming !== null}
                  title={nightTiming?.message ?? "A night's rest rolls the Spell Die to recover Mana-burn"}
                  onClick={oneClick(() => void send({ kind: 'night-rest' }))}
                >
                  Night rest{state.burnSteps > 0 || state.burnedOut ? ' (recover Mana-burn)' : ''}
                </button>
                <button type="button" disabled={busy || townTiming !== null} title={townTiming?.message ?? 'A rest in town restores the Spell Die'} onClick={oneClick(() => void send({ kind: 'town-rest' }))}>
                  Town rest
                </button>
              </div>
              {prepareTiming !== null || townTiming !== null ? <p class="muted magick-timing">{(prepareTiming ?? townTiming)!.message}</p> : null}
            </>
          ) : null}
          {scroll}
          {view.recent.length > 0 ? (
            <details>
              <summary>Recent magick</summary>
              <ul class="explain">
                {view.recent.map((r, i) => (
                  <li key={i}>{r}</li>
                ))}
              </ul>
            </details>
          ) : null}
        </>
      )}
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
