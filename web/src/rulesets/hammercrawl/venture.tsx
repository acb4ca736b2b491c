/**
 * The Venture panel of the Smith's screen (HAMMERCRAWL!, lazy chunk): the party from the table's
 * characters, start a Venture into a dungeon, enter a node, roll its pool, pick a use for each mark
 * left, clear the node (XP), camp between nodes, the party's resource dice, boss and manual XP
 * (venture-extras.tsx), return to town. `venture` commands; the state is the fold of the events.
 */
import { useMemo, useState } from 'preact/hooks';
import { NODE_EFFECTS } from '../../../../src/rules/hammercrawl/hammer-pools.js';
import { foldVenture, type MarkUse, type VentureState } from '../../../../src/rules/hammercrawl/venture/venture.js';
import { CommandError } from '../../lib/live.js';
import type { RulesetSession } from '../types.js';
import { nodeOutcomeText } from './log-card.js';
import { sendCommand, ventureEvents, type TableVentureCommand } from './wire.js';
import { oneClick } from '../../ui/use-action.js';
import { CampControls, ResourceControls, XpControls } from './venture-extras.js';

type NodeSymbol = keyof typeof NODE_EFFECTS;

/** One remaining mark of the node pool and the uses the Smith may pick for it. */
interface MarkSlot {
  readonly key: string;
  readonly symbol: Exclude<NodeSymbol, 'hammer-plus'>;
  readonly choices: readonly { readonly id: string; readonly label: string }[];
}

/** The marks the pool left, one slot each (a Hammer+ counts as a hammer in a node pool). */
function markSlots(state: VentureState): MarkSlot[] {
  const remaining = state.node?.remaining;
  if (!remaining) return [];
  const out: MarkSlot[] = [];
  for (const symbol of Object.keys(NODE_EFFECTS) as NodeSymbol[]) {
    if (symbol === 'hammer-plus') continue;
    const n = remaining[symbol] ?? 0;
    const choices = NODE_EFFECTS[symbol].choices.map((c) => ({ id: c.id, label: c.label }));
    for (let i = 0; i < n; i++) out.push({ key: `${symbol}-${i}`, symbol, choices });
  }
  return out;
}

const SYMBOL_LABEL: Readonly<Record<string, string>> = {
  hammer: 'Hammer',
  falcon: 'Falcon',
  comet: 'Comet',
  hourglass: 'Hourglass',
  teardrop: 'Teardrop',
  crossblades: 'Crossblades',
  skull: 'Skull',
  'chaos-star': 'Chaos star',
};

/** The Venture panel. */
export function VenturePanel(props: { session: RulesetSession }) {
  const { session } = props;
  const table = session.state.value;
  const events = table.rulesetEvents;
  const venture = useMemo(() => {
    try {
      return { ok: true as const, state: foldVenture(ventureEvents(events)) };
    } catch (e) {
      return { ok: false as const, message: e instanceof Error ? e.message : String(e) };
    }
  }, [events]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [joinId, setJoinId] = useState('');
  const [dungeon, setDungeon] = useState({ id: 'dungeon-1', level: '1', difficulty: '1', nodes: '5' });
  const [uses, setUses] = useState<Readonly<Record<string, string>>>({});
  const isSmith = session.isSmith.value;

  async function send(command: TableVentureCommand): Promise<boolean> {
    setError(null);
    setBusy(true);
    try {
      await sendCommand(session, { kind: 'venture', command });
      return true;
    } catch (e) {
      setError(e instanceof CommandError ? e.message : String(e));
      return false;
    } finally {
      setBusy(false);
    }
  }

  if (!venture.ok) return <p class="error">The Venture cannot be read: {venture.message}</p>;
  const v = venture.state;
  const nameOf = (id: string) => {
    const c = table.characters.find((x) => x.id === id);
    const n = c?.document['name'];
    return typeof n === 'string' && n !== '' ? n : id;
  };
  const outside = table.characters.filter((c) => !v.party.some((m) => m.id === c.id));
  const pick = outside.some((c) => c.id === joinId) ? joinId : (outside[0]?.id ?? '');
  const survivors = v.party.map((m) => m.id);
  const slots = markSlots(v);
  const dungeonSpec = () => ({
    id: dungeon.id.trim() || 'dungeon-1',
    level: Number(dungeon.level),
    difficulty: Number(dungeon.difficulty),
    ...(dungeon.nodes.trim() !== '' ? { nodes: Number(dungeon.nodes) } : {}),
  });
  const node = v.node;
  return (
    <section aria-labelledby="venture-title" class="venture">
      <h3 id="venture-title">Venture</h3>
      <p class="venture-status" aria-live="polite">
        {v.location === 'town' ? 'In town' : `In ${v.dungeon?.id ?? 'a dungeon'} (level ${v.dungeon?.level ?? '?'}, difficulty ${v.dungeon?.difficulty ?? '?'})`}
        {v.venture > 0 ? ` · Venture ${v.venture}` : ''}
        {node ? ` · node ${node.number}${v.dungeon?.nodes !== undefined ? ` of ${v.dungeon.nodes}` : ''}` : ''}
        {v.location === 'dungeon' ? ` · ${v.nodesCleared} cleared` : ''}
        {v.turnsLost > 0 ? ` · ${v.turnsLost} turn${v.turnsLost === 1 ? '' : 's'} lost` : ''}
      </p>
      <h4>Party</h4>
      {v.party.length === 0 ? <p class="muted">Nobody yet: add the table's characters.</p> : null}
      <ul class="party">
        {v.party.map((m) => (
          <li key={m.id}>
            <span class="who">{nameOf(m.id)}</span> <span class="muted">{m.xp} XP</span>{' '}
            {isSmith && v.location === 'town' ? (
              <button type="button" class="ghost" disabled={busy} aria-label={`${nameOf(m.id)} leaves the party`} onClick={oneClick(() => void send({ kind: 'leave', id: m.id }))}>
                Leave
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {isSmith && v.location === 'town' && outside.length > 0 ? (
        <form
          class="row"
          onSubmit={(e) => {
            e.preventDefault();
            // The member joins with the XP their character's document holds (TC-3).
            if (pick !== '') void send({ kind: 'join', member: { id: pick } });
          }}
        >
          <div class="field">
            <label for="venture-join">Character</label>
            <select id="venture-join" value={pick} onChange={(e) => setJoinId(e.currentTarget.value)}>
              {outside.map((c) => (
                <option key={c.id} value={c.id}>
                  {nameOf(c.id)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" disabled={busy} onClick={oneClick()}>
            Join the party
          </button>
        </form>
      ) : null}
      {isSmith ? (
        <>
          {v.location === 'town' || (node === null && v.location === 'dungeon') ? (
            <form
              class="row"
              onSubmit={(e) => {
                e.preventDefault();
                void send({ kind: v.location === 'town' ? 'start-venture' : 'enter-dungeon', dungeon: dungeonSpec() });
              }}
            >
              <div class="field small">
                <label for="venture-dungeon">Dungeon</label>
                <input id="venture-dungeon" value={dungeon.id} maxLength={80} autoComplete="off" onInput={(e) => setDungeon({ ...dungeon, id: e.currentTarget.value })} />
              </div>
              <div class="field small">
                <label for="venture-level">Level</label>
                <input id="venture-level" type="number" min={1} max={20} value={dungeon.level} onInput={(e) => setDungeon({ ...dungeon, level: e.currentTarget.value })} />
              </div>
              <div class="field small">
                <label for="venture-difficulty">Difficulty</label>
                <input id="venture-difficulty" type="number" min={0} max={20} value={dungeon.difficulty} onInput={(e) => setDungeon({ ...dungeon, difficulty: e.currentTarget.value })} />
              </div>
              <div class="field small">
                <label for="venture-nodes">Nodes</label>
                <input id="venture-nodes" type="number" min={3} max={7} value={dungeon.nodes} onInput={(e) => setDungeon({ ...dungeon, nodes: e.currentTarget.value })} />
              </div>
              <button type="submit" class={v.location === 'town' ? 'primary' : ''} disabled={busy || (v.location === 'town' && v.party.length === 0)} onClick={oneClick()}>
                {v.location === 'town' ? 'Start the Venture' : 'Enter this dungeon'}
              </button>
            </form>
          ) : null}
          {v.location === 'dungeon' ? (
            <div class="row">
              {node === null ? (
                <button type="button" class="primary" disabled={busy} onClick={oneClick(() => void send({ kind: 'enter-node' }))}>
                  Enter the next node
                </button>
              ) : null}
              {node !== null && node.pool === null ? (
                <button type="button" class="primary" disabled={busy} onClick={oneClick(() => void send({ kind: 'roll-node' }))}>
                  Roll the node pool
                </button>
              ) : null}
              {node !== null && (node.pool === null || node.outcome !== null) ? (
                <button type="button" disabled={busy} onClick={oneClick(() => void send({ kind: 'clear-node', survivors }))}>
                  Clear the node (XP)
                </button>
              ) : null}
              {node === null ? (
                <button type="button" disabled={busy} onClick={oneClick(() => void send({ kind: 'return-to-town' }))}>
                  Return to town
                </button>
              ) : null}
            </div>
          ) : null}
          {v.location === 'dungeon' && node === null ? <CampControls session={session} venture={v} nameOf={nameOf} /> : null}
          {v.party.length > 0 ? <XpControls session={session} venture={v} nameOf={nameOf} /> : null}
          <ResourceControls session={session} venture={v} nameOf={nameOf} />
          {node !== null && node.pool !== null && node.outcome === null ? (
            <form
              class="marks"
              onSubmit={(e) => {
                e.preventDefault();
                const list: MarkUse[] = slots.map((s) => ({ symbol: s.symbol, use: uses[s.key] ?? s.choices[0]!.id }));
                void send({ kind: 'resolve-node', uses: list }).then((ok) => ok && setUses({}));
              }}
            >
              <p>
                The pool ({node.pool.dice.length} dice) left {slots.length === 0 ? 'no marks' : `${slots.length} mark${slots.length === 1 ? '' : 's'}`}
                {slots.length > 0 ? ': pick a use for each.' : '.'}
              </p>
              {slots.map((s) => (
                <div class="field inline" key={s.key}>
                  <label for={`mark-${s.key}`}>{SYMBOL_LABEL[s.symbol] ?? s.symbol}</label>
                  <select id={`mark-${s.key}`} value={uses[s.key] ?? s.choices[0]!.id} onChange={(e) => setUses({ ...uses, [s.key]: e.currentTarget.value })}>
                    {s.choices.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.label}
                      </option>
                    ))}
                  </select>
                </div>
              ))}
              <button type="submit" class="primary" disabled={busy} onClick={oneClick()}>
                Resolve the node
              </button>
            </form>
          ) : null}
        </>
      ) : null}
      {node?.outcome ? <p class="node-outcome">{outcomeText(node.outcome)}</p> : null}
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

function outcomeText(o: NonNullable<NonNullable<VentureState['node']>['outcome']>): string {
  return `This node: ${nodeOutcomeText(o)}.`;
}
