/** A one-page character sheet: every stat a roll button, usage dice clickable, trackers, the ruleset's own sections, export, print. */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { CharacterValue, RuleSystem } from '../../../src/rules/rule-system.js';
import { statCheck } from '../lib/check-map.js';
import { CommandError } from '../lib/live.js';
import type { TableCharacter, Visibility } from '../lib/protocol.js';
import { VISIBILITIES } from '../lib/protocol.js';
import { VISIBILITY_LABEL } from '../lib/describe.js';
import { RULESET_LABELS } from '../lib/rulesets.js';
import { normalKey, readSheet, sheetDetails, sheetLabels, type LabelSource, type SheetUsageDie } from '../lib/sheet-data.js';
import type { TableSession } from '../session.js';
import { HistoryPanel, OverridePanel, PlayPanel } from './sheet-play.js';
import { ActionError, oneClick, useAction } from './use-action.js';

/** The sheet of one character. */
export function Sheet(props: { session: TableSession; rs: RuleSystem; character: TableCharacter; onBack: () => void }) {
  const { session, rs, character } = props;
  const [visibility, setVisibility] = useState<Visibility>('public');
  const [message, setMessage] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const usage = useAction((u: SheetUsageDie) => useDie(u));
  // Opening a sheet moves focus to its name, so keyboard and screen-reader users land on it.
  useEffect(() => heading.current?.focus(), [character.id]);
  const r = readSheet(rs, character.document);
  const you = session.state.value.you;
  const isOwner = you?.role === 'smith' || you?.id === character.ownerId;
  if (!r.ok) {
    return (
      <div>
        <p class="error">
          This character cannot be read: {r.path ?? '$'}: {r.message}
        </p>
        <button type="button" onClick={props.onBack}>
          Back
        </button>
      </div>
    );
  }
  const { summary } = r;
  async function run(f: () => Promise<unknown>) {
    setMessage(null);
    try {
      await f();
    } catch (e) {
      setMessage(e instanceof CommandError ? e.message : String(e));
    }
  }
  function exportJson() {
    const blob = new Blob([JSON.stringify(character.document, null, 2)], { type: 'application/json' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `${summary.name.replace(/[^\w-]+/g, '-').toLowerCase() || 'character'}.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }
  function useDie(u: SheetUsageDie) {
    // The server rolls the die and, with the path, writes the stepped-down die into the character.
    return session.send({
      kind: 'usage',
      die: u.die,
      label: `${summary.name}: ${u.label}`,
      visibility,
      characterId: character.id,
      ...(isOwner ? { path: u.pointer } : {}),
    });
  }
  return (
    <article class="sheet" aria-labelledby="sheet-name">
      <div class="row no-print">
        <button type="button" onClick={props.onBack}>
          ← All characters
        </button>
        <div class="field small inline">
          <label for="sheet-visibility">Rolls seen by</label>
          <select id="sheet-visibility" value={visibility} onChange={(e) => setVisibility(e.currentTarget.value as Visibility)}>
            {VISIBILITIES.map((v) => (
              <option key={v} value={v}>
                {VISIBILITY_LABEL[v]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <header class="sheet-head">
        <h2 id="sheet-name" ref={heading} tabIndex={-1}>
          {summary.name}
        </h2>
        <p>{summary.headline}</p>
      </header>
      {summary.trackers.length > 0 ? (
        <dl class="trackers">
          {summary.trackers.map((t) => (
            <div key={t.id}>
              <dt>{t.label}</dt>
              <dd>{t.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <h3>Stats</h3>
      <p class="muted no-print" id="stat-hint">
        A stat opens the dice tray set up for a Test against it, with the odds: add steps, a modifier or an Advantage, then roll.
      </p>
      <ul class="stat-buttons">
        {r.stats.map((s) => {
          const check = statCheck(rs, s);
          return (
            <li key={s.id}>
              <button
                type="button"
                class="stat"
                disabled={!check || !session.canRoll.value}
                aria-label={`Test ${s.label} (${s.score}) in the dice tray`}
                aria-describedby="stat-hint"
                onClick={() => {
                  if (!check) return;
                  const n = (session.trayPreset.peek()?.n ?? 0) + 1;
                  // The sheet's "Rolls seen by" goes with the stat: a Smith-only sheet rolls Smith-only.
                  session.trayPreset.value = { check: check.check, params: check.params, label: `${summary.name}: ${s.label}`, characterId: character.id, visibility, n };
                }}
              >
                <span class="stat-label">{s.label}</span>
                <span class="stat-score">{s.score}</span>
                {s.mod !== null ? <span class="stat-mod">{s.mod >= 0 ? `+${s.mod}` : s.mod}</span> : null}
                <span class="stat-cue" aria-hidden="true">
                  Test ▸
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {r.usage.length > 0 ? (
        <>
          <h3>{rs.usageDie.label[0]!.toUpperCase() + rs.usageDie.label.slice(1)}s</h3>
          <ul class="usage-buttons">
            {r.usage.map((u) => (
              <li key={u.pointer}>
                <button type="button" disabled={!session.canRoll.value || usage.isBusy} aria-busy={usage.isBusy ? 'true' : undefined} onClick={oneClick(() => void usage.run(u))}>
                  {u.label} <span class="mono">d{u.die}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <ActionError action={usage} />
      {message ? (
        <p class="error" role="alert">
          {message}
        </p>
      ) : null}
      <PlayPanel session={session} rs={rs} character={character} document={r.character} isOwner={isOwner} />
      {(session.rulesetWeb.value.sheetPanels ?? []).map(({ isShown, Panel }, i) => {
        const panel = { session, character, canAct: isOwner };
        return isShown(panel) ? <Panel key={`${session.rulesetWeb.value.id}-${i}`} {...panel} /> : null;
      })}
      <Details doc={character.document} values={r.values} labels={sheetLabels(rs, RULESET_LABELS)} shown={new Set(summary.trackers.flatMap((t) => [normalKey(t.id), normalKey(t.label)]).concat(['level', 'xp']))} />
      <HistoryPanel session={session} character={character} />
      <OverridePanel session={session} character={character} />
      <div class="row no-print">
        <button type="button" onClick={exportJson}>
          Export JSON
        </button>
        <button type="button" onClick={() => print()}>
          Print
        </button>
        {isOwner ? (
          <button
            type="button"
            class="danger"
            onClick={() => {
              if (confirm(`Remove ${summary.name} from the table?`)) void run(async () => (await session.send({ kind: 'character-remove', characterId: character.id }), props.onBack()));
            }}
          >
            Remove
          </button>
        ) : null}
      </div>
    </article>
  );
}

function Details(props: { doc: Readonly<Record<string, unknown>>; shown: ReadonlySet<string>; labels: LabelSource; values: readonly CharacterValue[] }) {
  const details = sheetDetails(props.doc, props.shown, props.labels, props.values);
  if (details.length === 0) return null;
  const fields = details.filter((d) => d.kind === 'field');
  const lists = details.filter((d) => d.kind === 'list');
  return (
    <>
      <h3>Details</h3>
      {fields.length > 0 ? (
        <dl class="trackers">
          {fields.map((f) => (
            <div key={f.key}>
              <dt>{f.label}</dt>
              <dd>{f.kind === 'field' ? f.value : ''}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {lists.map((l) => (
        <div key={l.key} class="detail-list">
          <h4>{l.label}</h4>
          <p>{l.kind === 'list' ? l.items.join(' · ') : ''}</p>
        </div>
      ))}
    </>
  );
}
