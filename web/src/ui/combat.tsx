/**
 * The combat tracker (loaded on first use): combatants in initiative order, the current turn, Health
 * and Armour, conditions, the attacks the server resolved; the ruleset's own extras (`combat`: monster
 * lines, attack controls). The server holds the tracker; the Smith changes it with `combat` commands,
 * everyone sees it.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { RuleSystem } from '../../../src/rules/rule-system.js';
import { MAX_MONSTER_LINE_LENGTH } from '../../../src/table/combat.js';
import { MAX_CONDITION_LENGTH, MAX_MEMBER_NAME_LENGTH } from '../../../src/table/limits.js';
import {
  combatantProblem,
  fieldOfPath,
  fieldSuggestions,
  mayAttackWith,
  moveInOrder,
  partyCombatants,
  readCombat,
  readScoreFields,
  scoreFields,
  turnProblem,
  withCondition,
  withoutCondition,
  type AttackNote,
  type CombatAction,
  type Combatant,
  type CombatantField,
  type FieldProblem,
  type ScoreField,
} from '../lib/combat-view.js';
import { withNames } from '../lib/describe.js';
import type { RulesetCombatAction } from '../lib/protocol.js';
import type { TableSession } from '../session.js';
import { ActionError, oneClick, useAction } from './use-action.js';

/** The Combat tab. */
export function CombatPanel(props: { session: TableSession }) {
  const { session } = props;
  const combat = readCombat(session.state.value.combat);
  const isSmith = session.isSmith.value;
  const [name, setName] = useState('');
  const [side, setSide] = useState<'party' | 'foes'>('foes');
  const [health, setHealth] = useState('');
  const [armour, setArmour] = useState('');
  const [monster, setMonster] = useState('');
  const [scores, setScores] = useState<Readonly<Record<string, string>>>({});
  const [isLeader, setLeader] = useState(false);
  // Problems show once a field was touched or an Add was tried, not on a fresh form.
  const [isAddTried, setAddTried] = useState(false);
  const state = session.state.value;
  const rules = session.ruleSystem.value;
  const extras = session.rulesetWeb.value.combat;
  const monsterLine = extras?.monsterLine;
  const attack = extras?.attack;
  // Health and Armour are what the table's ruleset reads: the dice of its chain it takes there are suggested.
  const healthSuggests = fieldSuggestions(rules, 'health');
  const armourSuggests = fieldSuggestions(rules, 'armour');
  const healthExample = extras?.healthExample ?? healthSuggests.example;
  const armourExample = extras?.armourExample ?? armourSuggests.example;
  const words = { health: extras?.healthLabel ?? 'Health', armour: extras?.armourLabel ?? 'Armour' };
  // What the ruleset's initiative reads of a monster: its scores, and whether a side has a leader.
  const askScores = scoreFields(rules);
  const hasLeaders = rules?.initiativeReads?.hasLeaders === true;
  const readScores = readScoreFields(askScores, scores);
  const send = (action: CombatAction) => session.send({ kind: 'combat', action });
  // The Smith's buttons for the whole fight: one command at a time.
  const control = useAction(async (actions: readonly CombatAction[]) => {
    for (const a of actions) await send(a);
  });
  const adding = useAction((a: CombatAction) => send(a));
  const panelAction = useAction((a: RulesetCombatAction) => session.sendRuleset({ kind: 'combat', action: a }));
  // The name is asked for on its own (an empty one is no reason to hide what is wrong with the rest).
  const addFields = {
    ...(name.trim() ? { name: name.trim() } : {}),
    ...(health.trim() ? { health: health.trim() } : {}),
    ...(armour.trim() ? { armour: armour.trim() } : {}),
    ...(monsterLine && monster.trim() ? { monster: monster.trim() } : {}),
    ...(readScores.ok && Object.keys(readScores.stats).length > 0 ? { stats: readScores.stats } : {}),
    ...(hasLeaders && isLeader ? { isLeader: true } : {}),
  };
  const checked = combatantProblem(rules, addFields);
  const addProblem: FieldProblem | null = checked ?? (name.trim() === '' && isAddTried ? { field: 'name', message: 'Give the combatant a name.' } : null);
  const serverProblem = adding.problem === null ? null : { field: fieldOfPath(adding.problem.path), message: adding.problem.message };
  const shownAdd = addProblem ?? serverProblem;
  const atField = (f: CombatantField) => (shownAdd !== null && shownAdd.field === f ? shownAdd.message : null);
  const has = combat.combatants.length > 0;
  const acting = combat.currentId ? combat.combatants.find((c) => c.id === combat.currentId) : undefined;
  return (
    <div class="combat">
      <h2>Combat</h2>
      <p class="combat-status" aria-live="polite">
        {combat.isActive
          ? `Round ${combat.round}`
          : !has
            ? 'No fight under way.'
            : combat.initiative.length > 0
              ? 'Order rolled, not started: "Start the fight" begins round 1.'
              : extras?.rollsInitiative === true
                ? 'Not started.'
                : 'Not started: roll initiative, then "Start the fight".'}
        {acting ? (
          <>
            {' · '}
            <strong class="acting-now">{acting.name}</strong> acts
          </>
        ) : null}
      </p>
      {(
        [
          ['health', healthSuggests],
          ['armour', armourSuggests],
        ] as const
      ).map(([field, suggests]) =>
        suggests.dice.length > 0 ? (
          <datalist key={field} id={`combat-dice-${field}`}>
            {suggests.dice.map((d) => (
              <option key={d} value={d} />
            ))}
          </datalist>
        ) : null,
      )}
      {extras?.Panel ? (
        <extras.Panel
          combatants={combat.combatants}
          events={state.rulesetEvents}
          settings={state.settings}
          isSmith={isSmith}
          act={(a) => panelAction.run(a)}
          mayActFor={(id) => combat.combatants.some((c) => c.id === id && mayAttackWith(c, state.you, state.characters))}
          combat={state.combat}
        />
      ) : null}
      <ActionError action={panelAction} />
      <ol class="combatants" aria-label="Initiative order">
        {combat.combatants.map((c, i) => (
          <CombatRow
            key={c.id}
            c={c}
            isCurrent={c.id === combat.currentId}
            isSmith={isSmith}
            send={send}
            rules={rules}
            hasMonsterLine={monsterLine !== undefined}
            words={words}
            scoreFields={askScores}
            hasLeaders={hasLeaders}
            lists={{ health: healthSuggests.dice.length > 0, armour: armourSuggests.dice.length > 0 }}
            attack={
              attack && attack.canAttack(c) && mayAttackWith(c, state.you, state.characters)
                ? (act) => (
                    <attack.Control
                      attacker={c}
                      combatants={combat.combatants}
                      combat={state.combat}
                      characters={state.characters}
                      settings={state.settings}
                      act={act}
                      isSmith={isSmith}
                      offTurn={turnProblem(c, combat, state.you)}
                    />
                  )
                : null
            }
            moveTo={(d) => moveInOrder(combat.combatants.map((x) => x.id), i, d)}
            sendRuleset={(a) => session.sendRuleset({ kind: 'combat', action: a })}
          />
        ))}
      </ol>
      <AttackLog notes={state.attacks} live={session.announceAfter.value} />
      {combat.initiative.length > 0 ? (
        <details>
          <summary>How the order was rolled</summary>
          <ul class="explain">
            {combat.initiative.map((l, i) => (
              <li key={i}>{withNames(state.combat, l)}</li>
            ))}
          </ul>
        </details>
      ) : null}
      {isSmith ? (
        <>
          <div class="row combat-controls" aria-busy={control.isBusy ? 'true' : undefined}>
            {extras?.Panel && extras.rollsInitiative === true ? null : (
              <button type="button" onClick={oneClick(() => void control.run([{ type: 'roll-initiative' }]))} disabled={!has || control.isBusy}>
                Roll initiative
              </button>
            )}
            {combat.isActive ? (
              <button type="button" class="primary" disabled={control.isBusy} onClick={oneClick(() => void control.run([{ type: 'next-turn' }]))}>
                Next turn
              </button>
            ) : (
              <button type="button" class="primary" onClick={oneClick(() => void control.run([{ type: 'start' }]))} disabled={!has || control.isBusy}>
                Start the fight
              </button>
            )}
            <button type="button" onClick={oneClick(() => void control.run([{ type: 'end' }]))} disabled={!combat.isActive || control.isBusy}>
              End the fight
            </button>
            {rules && state.characters.length > 0 ? (
              <button type="button" disabled={control.isBusy} onClick={oneClick(() => void control.run(partyCombatants(rules, session.state.peek().characters, combat)))}>
                Add the party
              </button>
            ) : null}
            <button type="button" class="danger" onClick={oneClick(() => void control.run([{ type: 'clear' }]))} disabled={!has || control.isBusy}>
              Clear the tracker
            </button>
          </div>
          <ActionError action={control} />
          <form
            class="row add-combatant"
            noValidate
            onSubmit={async (e) => {
              e.preventDefault();
              setAddTried(true);
              if (adding.isBusy) return;
              const problem = name.trim() === '' ? { field: 'name' as const, message: 'Give the combatant a name.' } : checked;
              if (problem !== null) {
                document.getElementById(`combat-${problem.field ?? 'name'}`)?.focus();
                return;
              }
              if (!readScores.ok) {
                document.getElementById(`combat-score-${readScores.id}`)?.focus();
                return;
              }
              if (await adding.run({ type: 'add', side, ...addFields, name: name.trim() })) {
                setName('');
                setHealth('');
                setArmour('');
                setMonster('');
                setScores({});
                setLeader(false);
                setAddTried(false);
              }
            }}
          >
            <TextField id="combat-name" label="Combatant" value={name} maxLength={MAX_MEMBER_NAME_LENGTH} problem={atField('name')} onInput={setName} />
            <div class="field small">
              <label for="combat-side">Side</label>
              <select id="combat-side" value={side} onChange={(e) => setSide(e.currentTarget.value === 'party' ? 'party' : 'foes')}>
                <option value="foes">Foes</option>
                <option value="party">Party</option>
              </select>
            </div>
            <TextField id="combat-health" label={words.health} value={health} placeholder={healthExample ? `e.g. ${healthExample}` : undefined} list={healthSuggests.dice.length > 0 ? 'combat-dice-health' : undefined} problem={atField('health')} onInput={setHealth} />
            <TextField id="combat-armour" label={words.armour} value={armour} placeholder={armourExample ? `e.g. ${armourExample}` : undefined} list={armourSuggests.dice.length > 0 ? 'combat-dice-armour' : undefined} problem={atField('armour')} onInput={setArmour} />
            {askScores.map((f) => (
              <TextField
                key={f.id}
                id={`combat-score-${f.id}`}
                label={f.label}
                value={scores[f.id] ?? ''}
                placeholder="e.g. 10"
                maxLength={6}
                inputMode="numeric"
                hint="For initiative; a character's comes from their sheet."

                problem={!readScores.ok && readScores.id === f.id && (scores[f.id] ?? '').trim() !== '' ? readScores.message : null}
                onInput={(v) => setScores({ ...scores, [f.id]: v })}
              />
            ))}
            {hasLeaders ? (
              <div class="field small check-field">
                <label>
                  <input type="checkbox" id="combat-leader" checked={isLeader} onChange={(e) => setLeader(e.currentTarget.checked)} /> Leads its side
                </label>
              </div>
            ) : null}
            {monsterLine ? (
              <div class="field monster-line">
                <label for="combat-monster">{monsterLine.label}</label>
                <input
                  id="combat-monster"
                  value={monster}
                  maxLength={MAX_MONSTER_LINE_LENGTH}
                  autoComplete="off"
                  spellcheck={false}
                  placeholder={`e.g. ${monsterLine.placeholder}`}
                  aria-invalid={atField('monster') ? 'true' : undefined}
                  aria-describedby={atField('monster') ? 'combat-monster-hint combat-monster-problem' : 'combat-monster-hint'}
                  onInput={(e) => setMonster(e.currentTarget.value)}
                />
                {atField('monster') ? (
                  <small id="combat-monster-problem" class="error">
                    {atField('monster')}
                  </small>
                ) : null}
                <small id="combat-monster-hint" class="muted">
                  <monsterLine.Hint />
                </small>
              </div>
            ) : null}
            <button type="submit" disabled={adding.isBusy} aria-busy={adding.isBusy ? 'true' : undefined} onClick={oneClick()}>
              Add
            </button>
            {shownAdd !== null && shownAdd.field === null ? (
              <p class="error" role="alert">
                {shownAdd.message}
              </p>
            ) : null}
          </form>
        </>
      ) : null}
    </div>
  );
}

/** A text field of the tracker's forms, with the table's refusal of it beneath (`<id>-hint`). */
function TextField(props: {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly placeholder?: string | undefined;
  readonly maxLength?: number;
  /** The id of the datalist of suggestions. */
  readonly list?: string | undefined;
  readonly inputMode?: 'numeric';
  /** A line of help under the field. */
  readonly hint?: string;
  readonly problem: string | null;
  readonly onInput: (value: string) => void;
}) {
  const hintId = `${props.id}-hint`;
  const helpId = `${props.id}-help`;
  const describedBy = [props.problem ? hintId : null, props.hint !== undefined ? helpId : null].filter((x) => x !== null).join(' ');
  return (
    <div class="field small">
      <label for={props.id}>{props.label}</label>
      <input
        id={props.id}
        value={props.value}
        maxLength={props.maxLength ?? MAX_CONDITION_LENGTH}
        placeholder={props.placeholder}
        list={props.list}
        inputMode={props.inputMode}
        autoComplete="off"
        aria-invalid={props.problem ? 'true' : undefined}
        aria-describedby={describedBy === '' ? undefined : describedBy}
        onInput={(e) => props.onInput(e.currentTarget.value)}
      />
      {props.problem ? (
        <small id={hintId} class="error">
          {props.problem}
        </small>
      ) : props.hint !== undefined ? (
        <small id={helpId} class="muted">
          {props.hint}
        </small>
      ) : null}
    </div>
  );
}

/** How a player sees a value of the Smith's combatant: not there to be read. */
function Hidden() {
  return (
    <span class="hidden-value" title="The Smith's to know">
      <span aria-hidden="true">—</span> <span class="sr-only">hidden</span>
    </span>
  );
}

function CombatRow(props: {
  c: Combatant;
  isCurrent: boolean;
  isSmith: boolean;
  send: (a: CombatAction) => Promise<unknown>;
  sendRuleset: (a: RulesetCombatAction) => Promise<unknown>;
  rules: RuleSystem | null;
  moveTo: (d: -1 | 1) => string[] | null;
  attack: ((act: (a: RulesetCombatAction) => Promise<boolean>) => ComponentChildren) | null;
  hasMonsterLine: boolean;
  /** The ruleset's words for Health and Armour. */
  words: { readonly health: string; readonly armour: string };
  /** The scores the ruleset's initiative reads, shown on the row. */
  scoreFields: readonly ScoreField[];
  hasLeaders: boolean;
  lists: { readonly health: boolean; readonly armour: boolean };
}) {
  const { c } = props;
  const [condition, setCondition] = useState('');
  const [health, setHealth] = useState(c.health);
  const [armour, setArmour] = useState(c.armour);
  const [monster, setMonster] = useState(c.monster ?? '');
  // A change made elsewhere (another device of the Smith, an attack) replaces what the fields show.
  useEffect(() => setHealth(c.health), [c.health]);
  useEffect(() => setArmour(c.armour), [c.armour]);
  useEffect(() => setMonster(c.monster ?? ''), [c.monster]);
  // One command at a time for this combatant: its buttons wait for the server's answer.
  const row = useAction((a: CombatAction) => props.send(a));
  const attackAction = useAction((a: RulesetCombatAction) => props.sendRuleset(a));
  const isMonster = props.hasMonsterLine && c.characterId === null;
  const update = { health: health.trim(), armour: armour.trim(), ...(isMonster && monster.trim() !== (c.monster ?? '') ? { monster: monster.trim() } : {}) };
  const local = props.isSmith ? combatantProblem(props.rules, update, c) : null;
  const server = row.problem === null ? null : { field: fieldOfPath(row.problem.path), message: row.problem.message };
  const shown = local ?? server;
  const at = (f: CombatantField) => (shown !== null && shown.field === f ? shown.message : null);
  const problemId = `combat-${c.id}-problem`;
  return (
    <li class={`${props.isCurrent ? 'current' : ''}${c.isDown ? ' down' : ''}${c.isHidden ? ' hidden-stats' : ''}`} aria-current={props.isCurrent ? 'true' : undefined}>
      <span class="who">{c.name}</span> <span class="muted">({c.side === 'party' ? 'party' : 'foe'})</span>
      {props.isCurrent ? <span class="badge">Acting</span> : null}
      {props.hasLeaders && c.isLeader ? <span class="badge leader">Leader</span> : null}
      {c.isDown ? <span class="badge">Down</span> : null}
      {c.isHidden ? (
        <>
          <span class="health">
            {' '}
            · {props.words.health} <Hidden />
          </span>
          <span class="armour">
            {' '}
            · {props.words.armour} <Hidden />
          </span>
        </>
      ) : (
        <>
          {c.health ? (
            <span class="health">
              {' '}
              · {props.words.health} {c.health}
            </span>
          ) : null}
          {c.armour ? (
            <span class="armour">
              {' '}
              · {props.words.armour} {c.armour}
            </span>
          ) : null}
          {props.scoreFields
            .filter((f) => c.stats[f.id] !== undefined)
            .map((f) => (
              <span key={f.id} class="muted score">
                {' '}
                · {f.label} {c.stats[f.id]}
              </span>
            ))}
        </>
      )}
      {c.monster ? <span class="muted monster"> · {c.monster}</span> : null}
      {c.conditions.length > 0 ? (
        <ul class="conditions" aria-label={`Conditions of ${c.name}`}>
          {c.conditions.map((x) => (
            <li key={x}>
              {x}
              {props.isSmith ? (
                <button type="button" class="ghost" aria-label={`Remove ${x} from ${c.name}`} disabled={row.isBusy} onClick={oneClick(() => void row.run(withoutCondition(c, x)))}>
                  ×
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {props.attack ? props.attack((a) => attackAction.run(a)) : null}
      <ActionError action={attackAction} />
      {props.isSmith ? (
        <form
          class="inline-form"
          noValidate
          onSubmit={async (e) => {
            e.preventDefault();
            if (condition.trim() && (await row.run(withCondition(c, condition)))) setCondition('');
          }}
        >
          <label for={`cond-${c.id}`} class="sr-only">
            Condition for {c.name}
          </label>
          <input id={`cond-${c.id}`} placeholder="condition" value={condition} maxLength={MAX_CONDITION_LENGTH} onInput={(e) => setCondition(e.currentTarget.value)} />
          <button type="submit" disabled={row.isBusy} onClick={oneClick()}>
            Add condition
          </button>
        </form>
      ) : null}
      {props.isSmith ? (
        <form
          class="inline-form"
          noValidate
          aria-busy={row.isBusy ? 'true' : undefined}
          onSubmit={(e) => {
            e.preventDefault();
            if (local !== null) {
              document.getElementById(`${local.field === 'monster' ? 'monster' : local.field === 'armour' ? 'armour' : 'health'}-${c.id}`)?.focus();
              return;
            }
            void row.run({ type: 'update', combatantId: c.id, ...update });
          }}
        >
          <label for={`health-${c.id}`} class="sr-only">
            {props.words.health} of {c.name}
          </label>
          <input
            id={`health-${c.id}`}
            class="tiny"
            placeholder={props.words.health}
            value={health}
            maxLength={MAX_CONDITION_LENGTH}
            list={props.lists.health ? 'combat-dice-health' : undefined}
            aria-invalid={at('health') ? 'true' : undefined}
            aria-describedby={at('health') ? problemId : undefined}
            onInput={(e) => setHealth(e.currentTarget.value)}
          />
          <label for={`armour-${c.id}`} class="sr-only">
            {props.words.armour} of {c.name}
          </label>
          <input
            id={`armour-${c.id}`}
            class="tiny"
            placeholder={props.words.armour}
            value={armour}
            maxLength={MAX_CONDITION_LENGTH}
            list={props.lists.armour ? 'combat-dice-armour' : undefined}
            aria-invalid={at('armour') ? 'true' : undefined}
            aria-describedby={at('armour') ? problemId : undefined}
            onInput={(e) => setArmour(e.currentTarget.value)}
          />
          {isMonster ? (
            <>
              <label for={`monster-${c.id}`} class="sr-only">
                Monster line of {c.name}
              </label>
              <input
                id={`monster-${c.id}`}
                class="monster-input"
                placeholder="monster line"
                spellcheck={false}
                value={monster}
                maxLength={MAX_MONSTER_LINE_LENGTH}
                aria-invalid={at('monster') ? 'true' : undefined}
                aria-describedby={at('monster') ? problemId : undefined}
                onInput={(e) => setMonster(e.currentTarget.value)}
              />
            </>
          ) : null}
          <button type="submit" disabled={row.isBusy || local !== null} onClick={oneClick()}>
            Save
          </button>
          <button
            type="button"
            aria-label={`Move ${c.name} up in the order`}
            title="Move up in the order"
            disabled={row.isBusy}
            onClick={() => {
              const order = props.moveTo(-1);
              if (order) void row.run({ type: 'set-order', order });
            }}
          >
            ↑
          </button>
          <button
            type="button"
            aria-label={`Move ${c.name} down in the order`}
            title="Move down in the order"
            disabled={row.isBusy}
            onClick={() => {
              const order = props.moveTo(1);
              if (order) void row.run({ type: 'set-order', order });
            }}
          >
            ↓
          </button>
          <button
            type="button"
            disabled={row.isBusy}
            aria-label={c.isDown ? `Mark up: ${c.name} is back in the fight` : `Mark down: ${c.name} is out of the fight`}
            onClick={oneClick(() => void row.run({ type: 'update', combatantId: c.id, isDown: !c.isDown }))}
          >
            {c.isDown ? 'Mark up' : 'Mark down'}
          </button>
          {props.hasLeaders ? (
            <button
              type="button"
              aria-pressed={c.isLeader}
              disabled={row.isBusy}
              title={c.isLeader ? `${c.name} leads their side: initiative is theirs to roll` : `Make ${c.name} their side's leader`}
              onClick={oneClick(() => void row.run({ type: 'update', combatantId: c.id, isLeader: !c.isLeader }))}
            >
              {c.isLeader ? `${c.name} leads` : 'Make leader'}
            </button>
          ) : null}
          {c.characterId === null ? (
            <button
              type="button"
              aria-pressed={c.isRevealed}
              disabled={row.isBusy}
              title={c.isRevealed ? 'The players see its Health, Armour and stat line, and their attack odds against it' : 'Only you see its Health, Armour and stat line'}
              onClick={oneClick(() => void row.run({ type: 'update', combatantId: c.id, isRevealed: !c.isRevealed }))}
            >
              {c.isRevealed ? `Players see ${c.name}'s numbers` : `Show ${c.name}'s numbers to players`}
            </button>
          ) : null}
          <button type="button" class="ghost" disabled={row.isBusy} onClick={oneClick(() => void row.run({ type: 'remove', combatantId: c.id }))}>
            Remove
          </button>
          {shown !== null ? (
            <small id={problemId} class="error" role={local === null ? 'alert' : undefined}>
              {shown.message}
            </small>
          ) : null}
        </form>
      ) : null}
    </li>
  );
}

/** Attacks shown in full; older ones are listed one line each. */
const SHOWN_ATTACKS = 4;

/** The last attacks of the tracker, newest first, each roll explained. */
function AttackLog(props: { readonly notes: readonly AttackNote[]; readonly live: number }) {
  if (props.notes.length === 0) return null;
  const notes = props.notes.slice().reverse();
  const newest = notes[0]!;
  return (
    <section class="attack-log" aria-labelledby="attack-log-title" data-count={notes.length}>
      <h3 id="attack-log-title">Attacks</h3>
      <p class="sr-only" aria-live="polite">
        {newest.seq > props.live ? newest.summary : ''}
      </p>
      <ol>
        {notes.slice(0, SHOWN_ATTACKS).map((n, i) => (
          <li key={n.seq} class={n.isCrit ? 'crit' : n.isHit ? 'hit' : 'miss'}>
            <strong>{n.summary || (n.isHit ? 'Hit' : 'Miss')}</strong>
            {n.lines.length > 0 ? (
              <details open={i === 0}>
                <summary>How it was rolled</summary>
                <ul class="explain">
                  {n.lines.map((l, j) => (
                    <li key={j}>{l}</li>
                  ))}
                </ul>
              </details>
            ) : null}
          </li>
        ))}
      </ol>
      {notes.length > SHOWN_ATTACKS ? (
        <details>
          <summary>Earlier attacks ({notes.length - SHOWN_ATTACKS})</summary>
          <ul class="explain">
            {notes.slice(SHOWN_ATTACKS).map((n) => (
              <li key={n.seq}>{n.summary}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
