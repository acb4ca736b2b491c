/**
 * The combat tracker (loaded on first use): combatants in initiative order, the current turn, Health
 * and Armour, conditions, the attacks the server resolved; the ruleset's own extras (`combat`: monster
 * lines, attack controls). The server holds the tracker; the Smith changes it with `combat` commands,
 * everyone sees it.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { CommandError } from '../lib/live.js';
import { dieHint, mayAttackWith, moveInOrder, partyCombatants, readCombat, withCondition, withoutCondition, type AttackNote, type CombatAction, type Combatant } from '../lib/combat-view.js';
import type { RulesetCombatAction } from '../lib/protocol.js';
import type { TableSession } from '../session.js';

/** The Combat tab. */
export function CombatPanel(props: { session: TableSession }) {
  const { session } = props;
  const combat = readCombat(session.state.value.combat);
  const isSmith = session.isSmith.value;
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [side, setSide] = useState<'party' | 'foes'>('foes');
  const [health, setHealth] = useState('');
  const [armour, setArmour] = useState('');
  const [monster, setMonster] = useState('');
  const state = session.state.value;
  const extras = session.rulesetWeb.value.combat;
  const monsterLine = extras?.monsterLine;
  const attack = extras?.attack;
  // Health and Armour are dice of the table's own chain: suggested, and a die it lacks is flagged.
  const sides = session.ruleSystem.value?.chain.sides ?? [];
  const healthExample = extras?.healthExample ?? (sides.length > 0 ? `d${sides[Math.min(sides.length - 1, 3)]}` : '');
  const armourExample = extras?.armourExample ?? (sides.length > 0 ? `d${sides[Math.min(sides.length - 1, 1)]}` : '');
  const healthHint = dieHint(health, sides);
  const armourHint = dieHint(armour, sides);
  async function run(send: () => Promise<unknown>): Promise<boolean> {
    setError(null);
    try {
      await send();
      return true;
    } catch (e) {
      setError(e instanceof CommandError ? e.message : String(e));
      return false;
    }
  }
  const act = (action: CombatAction) => run(() => session.send({ kind: 'combat', action }));
  // The ruleset's own tracker actions (its attack control builds them) go as its commands.
  const actRuleset = (action: RulesetCombatAction) => run(() => session.sendRuleset({ kind: 'combat', action }));
  const has = combat.combatants.length > 0;
  return (
    <div class="combat">
      <h2>Combat</h2>
      <p>
        {combat.isActive ? `Round ${combat.round}` : has ? 'Not started' : 'No fight under way.'}
        {combat.currentId ? ` · ${combat.combatants.find((c) => c.id === combat.currentId)?.name ?? ''} acts` : ''}
      </p>
      {sides.length > 0 ? (
        <datalist id="combat-dice">
          {sides.map((s) => (
            <option key={s} value={`d${s}`} />
          ))}
        </datalist>
      ) : null}
      <ol class="combatants" aria-label="Initiative order">
        {combat.combatants.map((c, i) => (
          <CombatRow
            key={c.id}
            c={c}
            isCurrent={c.id === combat.currentId}
            isSmith={isSmith}
            act={act}
            hasMonsterLine={monsterLine !== undefined}
            sides={sides}
            attack={
              attack && attack.canAttack(c) && mayAttackWith(c, state.you, state.characters) ? (
                <attack.Control attacker={c} combatants={combat.combatants} combat={state.combat} characters={state.characters} settings={state.settings} act={actRuleset} />
              ) : null
            }
            move={(d) => {
              const order = moveInOrder(combat.combatants.map((x) => x.id), i, d);
              if (order) void act({ type: 'set-order', order });
            }}
          />
        ))}
      </ol>
      <AttackLog notes={state.attacks} live={session.announceAfter.value} />
      {combat.initiative.length > 0 ? (
        <details>
          <summary>How the order was rolled</summary>
          <ul class="explain">
            {combat.initiative.map((l, i) => (
              <li key={i}>{l}</li>
            ))}
          </ul>
        </details>
      ) : null}
      {isSmith ? (
        <>
          <div class="row">
            <button type="button" onClick={() => void act({ type: 'roll-initiative' })} disabled={!has}>
              Roll initiative
            </button>
            {combat.isActive ? (
              <button type="button" class="primary" onClick={() => void act({ type: 'next-turn' })}>
                Next turn
              </button>
            ) : (
              <button type="button" class="primary" onClick={() => void act({ type: 'start' })} disabled={!has}>
                Start the fight
              </button>
            )}
            <button type="button" onClick={() => void act({ type: 'end' })} disabled={!combat.isActive}>
              End the fight
            </button>
            {session.ruleSystem.value && session.state.value.characters.length > 0 ? (
              <button
                type="button"
                onClick={async () => {
                  const rs = session.ruleSystem.peek();
                  if (!rs) return;
                  for (const a of partyCombatants(rs, session.state.peek().characters, combat)) if (!(await act(a))) break;
                }}
              >
                Add the party
              </button>
            ) : null}
            <button type="button" class="danger" onClick={() => void act({ type: 'clear' })} disabled={!has}>
              Clear the tracker
            </button>
          </div>
          <form
            class="row add-combatant"
            onSubmit={async (e) => {
              e.preventDefault();
              const n = name.trim();
              if (!n) {
                setError('Give the combatant a name.');
                return;
              }
              const ok = await act({
                type: 'add',
                name: n,
                side,
                ...(health.trim() ? { health: health.trim() } : {}),
                ...(armour.trim() ? { armour: armour.trim() } : {}),
                ...(monsterLine && monster.trim() ? { monster: monster.trim() } : {}),
              });
              if (ok) {
                setName('');
                setHealth('');
                setArmour('');
                setMonster('');
              }
            }}
          >
            <div class="field small">
              <label for="combat-name">Combatant</label>
              <input id="combat-name" value={name} maxLength={40} onInput={(e) => setName(e.currentTarget.value)} />
            </div>
            <div class="field small">
              <label for="combat-side">Side</label>
              <select id="combat-side" value={side} onChange={(e) => setSide(e.currentTarget.value === 'party' ? 'party' : 'foes')}>
                <option value="foes">Foes</option>
                <option value="party">Party</option>
              </select>
            </div>
            <DieField id="combat-health" label="Health" value={health} example={healthExample} hint={healthHint} hasList={sides.length > 0} onInput={setHealth} />
            <DieField id="combat-armour" label="Armour" value={armour} example={armourExample} hint={armourHint} hasList={sides.length > 0} onInput={setArmour} />
            {monsterLine ? (
              <div class="field monster-line">
                <label for="combat-monster">{monsterLine.label}</label>
                <input
                  id="combat-monster"
                  value={monster}
                  maxLength={200}
                  autoComplete="off"
                  spellcheck={false}
                  placeholder={monsterLine.placeholder}
                  aria-describedby="combat-monster-hint"
                  onInput={(e) => setMonster(e.currentTarget.value)}
                />
                <small id="combat-monster-hint" class="muted">
                  <monsterLine.Hint />
                </small>
              </div>
            ) : null}
            <button type="submit">Add</button>
          </form>
        </>
      ) : null}
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A Health or Armour field of the add form: dice of the table's chain offered, a hint for a die off it. */
function DieField(props: {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly example: string;
  readonly hint: string | null | undefined;
  readonly hasList: boolean;
  readonly onInput: (value: string) => void;
}) {
  const hintId = `${props.id}-hint`;
  return (
    <div class="field small">
      <label for={props.id}>{props.label}</label>
      <input
        id={props.id}
        value={props.value}
        maxLength={40}
        placeholder={props.example}
        list={props.hasList ? 'combat-dice' : undefined}
        aria-describedby={props.hint ? hintId : undefined}
        onInput={(e) => props.onInput(e.currentTarget.value)}
      />
      {props.hint ? (
        <small id={hintId} class="warn">
          {props.hint}
        </small>
      ) : null}
    </div>
  );
}

function CombatRow(props: {
  c: Combatant;
  isCurrent: boolean;
  isSmith: boolean;
  act: (a: CombatAction) => Promise<boolean>;
  move: (d: -1 | 1) => void;
  attack: ComponentChildren;
  hasMonsterLine: boolean;
  sides: readonly number[];
}) {
  const { c } = props;
  const [condition, setCondition] = useState('');
  const [health, setHealth] = useState(c.health);
  const [armour, setArmour] = useState(c.armour);
  const [monster, setMonster] = useState(c.monster ?? '');
  // A change made elsewhere (another device of the Smith) replaces what the fields show.
  useEffect(() => setHealth(c.health), [c.health]);
  useEffect(() => setArmour(c.armour), [c.armour]);
  useEffect(() => setMonster(c.monster ?? ''), [c.monster]);
  const hint = dieHint(health, props.sides) ?? dieHint(armour, props.sides);
  return (
    <li class={`${props.isCurrent ? 'current' : ''}${c.isDown ? ' down' : ''}`} aria-current={props.isCurrent ? 'true' : undefined}>
      <span class="who">{c.name}</span> <span class="muted">({c.side === 'party' ? 'party' : 'foe'})</span>
      {props.isCurrent ? <span class="badge">Acting</span> : null}
      {c.isDown ? <span class="badge">Down</span> : null}
      {c.health ? <span class="health"> · Health {c.health}</span> : null}
      {c.armour ? <span class="armour"> · Armour {c.armour}</span> : null}
      {c.monster ? <span class="muted monster"> · {c.monster}</span> : null}
      {c.conditions.length > 0 ? (
        <ul class="conditions" aria-label={`Conditions of ${c.name}`}>
          {c.conditions.map((x) => (
            <li key={x}>
              {x}
              {props.isSmith ? (
                <button type="button" class="ghost" aria-label={`Remove ${x} from ${c.name}`} onClick={() => void props.act(withoutCondition(c, x))}>
                  ×
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {props.attack}
      {props.isSmith ? (
        <form
          class="inline-form"
          onSubmit={async (e) => {
            e.preventDefault();
            if (condition.trim() && (await props.act(withCondition(c, condition)))) setCondition('');
          }}
        >
          <label for={`cond-${c.id}`} class="sr-only">
            Condition for {c.name}
          </label>
          <input id={`cond-${c.id}`} placeholder="condition" value={condition} maxLength={40} onInput={(e) => setCondition(e.currentTarget.value)} />
          <button type="submit">Add condition</button>
        </form>
      ) : null}
      {props.isSmith ? (
        <form
          class="inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            void props.act({
              type: 'update',
              combatantId: c.id,
              health: health.trim(),
              armour: armour.trim(),
              ...(props.hasMonsterLine && c.characterId === null && monster.trim() !== (c.monster ?? '') ? { monster: monster.trim() } : {}),
            });
          }}
        >
          <label for={`health-${c.id}`} class="sr-only">
            Health of {c.name}
          </label>
          <input
            id={`health-${c.id}`}
            class="tiny"
            placeholder="Health"
            value={health}
            maxLength={40}
            list={props.sides.length > 0 ? 'combat-dice' : undefined}
            aria-describedby={hint ? `dice-hint-${c.id}` : undefined}
            onInput={(e) => setHealth(e.currentTarget.value)}
          />
          <label for={`armour-${c.id}`} class="sr-only">
            Armour of {c.name}
          </label>
          <input
            id={`armour-${c.id}`}
            class="tiny"
            placeholder="Armour"
            value={armour}
            maxLength={40}
            list={props.sides.length > 0 ? 'combat-dice' : undefined}
            aria-describedby={hint ? `dice-hint-${c.id}` : undefined}
            onInput={(e) => setArmour(e.currentTarget.value)}
          />
          {props.hasMonsterLine && c.characterId === null ? (
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
                maxLength={200}
                onInput={(e) => setMonster(e.currentTarget.value)}
              />
            </>
          ) : null}
          <button type="submit">Save</button>
          <button type="button" aria-label={`Move ${c.name} up in the order`} title="Move up in the order" onClick={() => props.move(-1)}>
            ↑
          </button>
          <button type="button" aria-label={`Move ${c.name} down in the order`} title="Move down in the order" onClick={() => props.move(1)}>
            ↓
          </button>
          <button type="button" aria-label={c.isDown ? `Mark up: ${c.name} is back in the fight` : `Mark down: ${c.name} is out of the fight`} onClick={() => void props.act({ type: 'update', combatantId: c.id, isDown: !c.isDown })}>
            {c.isDown ? 'Mark up' : 'Mark down'}
          </button>
          <button type="button" class="ghost" onClick={() => void props.act({ type: 'remove', combatantId: c.id })}>
            Remove
          </button>
          {hint ? (
            <small id={`dice-hint-${c.id}`} class="warn">
              {hint}
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
