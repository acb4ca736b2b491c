/**
 * Counted uses on a HAMMERCRAWL! character sheet (lazy chunk): each ability the Venture counts for this
 * character, the uses left and what brings them back (a camp break, a night's camp, another dungeon,
 * the return to town). The owner spends a use; past the limit the server refuses it, and the Smith may
 * allow it anyway (recorded in the log), count what the sheet gives (HD Re-rolls...) or any other ability. `venture` commands (`use-limit`,
 * `set-limit`); the state is the fold of the Venture's events. Rulings VE-2, VE-3, VE-18.
 */
import { useMemo, useState } from 'preact/hooks';
import { LIMIT_SCOPES, MAX_LIMIT_ID_LENGTH, MAX_LIMIT_USES, usesLeft, type LimitScope } from '../../../../src/rules/hammercrawl/venture/limits.js';
import type { Character } from '../../../../src/rules/hammercrawl/character.js';
import { sheetLimits } from '../../../../src/rules/hammercrawl/venture/character-limits.js';
import { foldVenture } from '../../../../src/rules/hammercrawl/venture/venture.js';
import { ActionError, oneClick, useAction } from '../../ui/use-action.js';
import type { SheetPanelProps } from '../types.js';
import { sendCommand, ventureEvents, type TableVentureCommand } from './wire.js';

/** What brings a scope's uses back, for people. */
export const SCOPE_LABELS: Readonly<Record<LimitScope, string>> = {
  'camp-break': 'per camp (any camp brings them back)',
  night: "per night (a night's camp)",
  dungeon: 'per dungeon (another dungeon)',
  venture: 'per Venture (the return to town)',
};

/** The sheet's counted uses. */
export function LimitsPanel(props: SheetPanelProps) {
  const { session, character, canAct } = props;
  const events = session.state.value.rulesetEvents;
  const limits = useMemo(() => {
    try {
      return foldVenture(ventureEvents(events)).limits.filter((l) => l.holder === character.id);
    } catch {
      return [];
    }
  }, [events, character.id]);
  const isSmith = session.isSmith.value;
  // What the sheet itself gives (HD Re-rolls, Armour Die re-rolls, Fist of an Angry God), not counted yet or counted at another allowance.
  const fromSheet = useMemo(
    () => sheetLimits(character.document as unknown as Character).filter((l) => !limits.some((x) => x.ability === l.ability && x.max === l.max && x.scope === l.scope)),
    [character.document, limits],
  );
  const action = useAction((command: TableVentureCommand) => sendCommand(session, { kind: 'venture', command }));
  const [ability, setAbility] = useState('');
  const [scope, setScope] = useState<LimitScope>('venture');
  const [max, setMax] = useState('1');
  const rawName = character.document['name'];
  const name = typeof rawName === 'string' && rawName !== '' ? rawName : character.id;
  const id = ability.trim().toLowerCase().replace(/\s+/g, '-');
  return (
    <section class="limits" aria-labelledby={`limits-${character.id}`}>
      <h3 id={`limits-${character.id}`}>Counted uses</h3>
      {limits.length === 0 ? <p class="muted">No ability counted yet.</p> : null}
      <ul class="limit-list">
        {limits.map((l) => {
          const left = usesLeft(l);
          return (
            <li key={l.ability} class={left === 0 ? 'spent' : undefined}>
              <span class="who">{l.ability}</span>{' '}
              <strong class="uses-left">
                {left} of {l.max} left
              </strong>{' '}
              <span class="muted">{SCOPE_LABELS[l.scope]}</span>
              {l.used > l.max ? <span class="muted"> · {l.used - l.max} over, allowed by the Smith</span> : null}{' '}
              {canAct ? (
                <button type="button" class="ghost" disabled={action.isBusy} aria-label={`Use ${l.ability}`} onClick={oneClick(() => void action.run({ kind: 'use-limit', holder: character.id, ability: l.ability }))}>
                  Use
                </button>
              ) : null}
              {isSmith && left === 0 ? (
                <button
                  type="button"
                  class="ghost"
                  disabled={action.isBusy}
                  aria-label={`Allow ${l.ability} anyway`}
                  onClick={oneClick(() => void action.run({ kind: 'use-limit', holder: character.id, ability: l.ability, override: true }))}
                >
                  Allow anyway
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {isSmith && fromSheet.length > 0 ? (
        <div class="row">
          {fromSheet.map((l) => (
            <button
              key={l.ability}
              type="button"
              disabled={action.isBusy}
              onClick={oneClick(() => void action.run({ kind: 'set-limit', holder: character.id, ability: l.ability, scope: l.scope, max: l.max }))}
            >
              Count {l.label}: {l.max} {SCOPE_LABELS[l.scope].split(' (')[0]}
            </button>
          ))}
        </div>
      ) : null}
      {isSmith ? (
        <form
          class="row"
          onSubmit={(e) => {
            e.preventDefault();
            void action.run({ kind: 'set-limit', holder: character.id, ability: id, scope, max: Number(max) }).then((ok) => ok && setAbility(''));
          }}
        >
          <div class="field">
            <label for={`limit-ability-${character.id}`}>Ability</label>
            <input id={`limit-ability-${character.id}`} value={ability} maxLength={MAX_LIMIT_ID_LENGTH} autoComplete="off" placeholder="hd-rerolls" onInput={(e) => setAbility(e.currentTarget.value)} />
          </div>
          <div class="field small">
            <label for={`limit-max-${character.id}`}>Uses</label>
            <input id={`limit-max-${character.id}`} type="number" min={0} max={MAX_LIMIT_USES} value={max} onInput={(e) => setMax(e.currentTarget.value)} />
          </div>
          <div class="field">
            <label for={`limit-scope-${character.id}`}>Back</label>
            <select id={`limit-scope-${character.id}`} value={scope} onChange={(e) => setScope(e.currentTarget.value as LimitScope)}>
              {LIMIT_SCOPES.map((s) => (
                <option key={s} value={s}>
                  {SCOPE_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" disabled={action.isBusy || id === ''} onClick={oneClick()}>
            Count this ability
          </button>
        </form>
      ) : null}
      {/* The server names the holder by id; the sheet by the character's name. */}
      <ActionError action={action} text={(m) => (m.startsWith(`${character.id} `) ? `${name}${m.slice(character.id.length)}` : m)} />
    </section>
  );
}
