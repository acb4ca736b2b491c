/**
 * The combat tracker (loaded on first use): combatants in initiative order, the current turn, Health
 * and Armour, conditions. The server holds the tracker; the Smith changes it with `combat` commands,
 * everyone sees it.
 */
import { useEffect, useState } from 'preact/hooks';
import { CommandError } from '../lib/live.js';
import { moveInOrder, readCombat, withCondition, withoutCondition, type CombatAction, type Combatant } from '../lib/combat-view.js';
import type { TableSession } from '../session.js';
import { partyCombatants } from '../lib/combat-view.js';

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
  async function act(action: CombatAction): Promise<boolean> {
    setError(null);
    try {
      await session.send({ kind: 'combat', action });
      return true;
    } catch (e) {
      setError(e instanceof CommandError ? e.message : String(e));
      return false;
    }
  }
  const has = combat.combatants.length > 0;
  return (
    <div class="combat">
      <h2>Combat</h2>
      <p>
        {combat.isActive ? `Round ${combat.round}` : has ? 'Not started' : 'No fight under way.'}
        {combat.currentId ? ` · ${combat.combatants.find((c) => c.id === combat.currentId)?.name ?? ''} acts` : ''}
      </p>
      <ol class="combatants" aria-label="Initiative order">
        {combat.combatants.map((c, i) => (
          <CombatRow
            key={c.id}
            c={c}
            isCurrent={c.id === combat.currentId}
            isSmith={isSmith}
            act={act}
            move={(d) => {
              const order = moveInOrder(combat.combatants.map((x) => x.id), i, d);
              if (order) void act({ type: 'set-order', order });
            }}
          />
        ))}
      </ol>
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
              const ok = await act({ type: 'add', name: n, side, ...(health.trim() ? { health: health.trim() } : {}), ...(armour.trim() ? { armour: armour.trim() } : {}) });
              if (ok) {
                setName('');
                setHealth('');
                setArmour('');
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
            <div class="field small">
              <label for="combat-health">Health</label>
              <input id="combat-health" value={health} maxLength={40} placeholder="d8" onInput={(e) => setHealth(e.currentTarget.value)} />
            </div>
            <div class="field small">
              <label for="combat-armour">Armour</label>
              <input id="combat-armour" value={armour} maxLength={40} placeholder="d4" onInput={(e) => setArmour(e.currentTarget.value)} />
            </div>
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

function CombatRow(props: { c: Combatant; isCurrent: boolean; isSmith: boolean; act: (a: CombatAction) => Promise<boolean>; move: (d: -1 | 1) => void }) {
  const { c } = props;
  const [condition, setCondition] = useState('');
  const [health, setHealth] = useState(c.health);
  const [armour, setArmour] = useState(c.armour);
  // A change made elsewhere (another device of the Smith) replaces what the fields show.
  useEffect(() => setHealth(c.health), [c.health]);
  useEffect(() => setArmour(c.armour), [c.armour]);
  return (
    <li class={`${props.isCurrent ? 'current' : ''}${c.isDown ? ' down' : ''}`} aria-current={props.isCurrent ? 'true' : undefined}>
      <span class="who">{c.name}</span> <span class="muted">({c.side === 'party' ? 'party' : 'foe'})</span>
      {props.isCurrent ? <span class="badge">Acting</span> : null}
      {c.isDown ? <span class="badge">Down</span> : null}
      {c.health ? <span> · Health {c.health}</span> : null}
      {c.armour ? <span> · Armour {c.armour}</span> : null}
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
            void props.act({ type: 'update', combatantId: c.id, health: health.trim(), armour: armour.trim() });
          }}
        >
          <label for={`health-${c.id}`} class="sr-only">
            Health of {c.name}
          </label>
          <input id={`health-${c.id}`} class="tiny" placeholder="Health" value={health} maxLength={40} onInput={(e) => setHealth(e.currentTarget.value)} />
          <label for={`armour-${c.id}`} class="sr-only">
            Armour of {c.name}
          </label>
          <input id={`armour-${c.id}`} class="tiny" placeholder="Armour" value={armour} maxLength={40} onInput={(e) => setArmour(e.currentTarget.value)} />
          <button type="submit">Save</button>
          <button type="button" aria-label={`Move ${c.name} up`} onClick={() => props.move(-1)}>
            ↑
          </button>
          <button type="button" aria-label={`Move ${c.name} down`} onClick={() => props.move(1)}>
            ↓
          </button>
          <button type="button" onClick={() => void props.act({ type: 'update', combatantId: c.id, isDown: !c.isDown })}>
            {c.isDown ? 'Up' : 'Down'}
          </button>
          <button type="button" class="ghost" onClick={() => void props.act({ type: 'remove', combatantId: c.id })}>
            Remove
          </button>
        </form>
      ) : null}
    </li>
  );
}
