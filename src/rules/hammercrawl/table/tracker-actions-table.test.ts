/**
 * The tracker's HAMMERCRAWL! actions at a table: who may send each, and what reaches the character's
 * document (TC-1), through the table's own command path and its fold.
 */
import { describe, expect, it } from 'vitest';
import { scriptedRandom, seededRandom, type RandomSource } from '../../../dice/random.js';
import type { RuleSystem } from '../../rule-system.js';
import { rollCommand, type Actor, type TableCommand } from '../../../table/commands.js';
import { COMBAT_ACTION_TYPES } from '../../../table/combat.js';
import { EVENT_SCHEMA_VERSION, type NewTableEvent, type TableEvent } from '../../../table/events.js';
import { applyEvent, type TableState } from '../../../table/state.js';
import { ruleSystem as hammercrawl } from '../rule-system.js';

const rules = hammercrawl as unknown as RuleSystem;
const smith: Actor = { id: 'S', role: 'smith' };
const ada: Actor = { id: 'A', role: 'player' };
const bob: Actor = { id: 'B', role: 'player' };
const T0 = 1_750_000_000_000;

function table() {
  let state: TableState | null = null;
  let n = 0;
  let seq = 0;
  const append = (made: readonly NewTableEvent[], actor: Actor | null) => {
    for (const e of made) state = applyEvent(state, { ...e, seq: ++seq, at: T0, actorId: actor?.id ?? null, requestId: null, schemaVersion: EVENT_SCHEMA_VERSION } as TableEvent, rules.table);
  };
  append([{ kind: 'table-created', body: { name: 'T', ruleset: 'hammercrawl', settings: {} } }], smith);
  for (const m of [smith, ada, bob]) append([{ kind: 'member-joined', body: { member: { id: m.id, name: m.id, role: m.role } } }], m);
  return {
    get state(): TableState {
      return state!;
    },
    run(actor: Actor, command: Record<string, unknown>, rng: RandomSource = seededRandom(n)) {
      const requestId = `r${++n}`;
      const type = (command as { action?: { type?: string } }).action?.type;
      const isOwn = command['kind'] === 'combat' && type !== undefined && !(COMBAT_ACTION_TYPES as readonly string[]).includes(type);
      const full = (isOwn ? { kind: 'ruleset', requestId, command: { ...command, requestId } } : { ...command, requestId }) as TableCommand;
      const r = rollCommand(state!, actor, full, { rng, rules, now: T0 });
      if (r.ok) append(r.value, actor);
      return r;
    },
  };
}

function fightTable() {
  const t = table();
  const made = hammercrawl.rollCharacter(seededRandom(3), {});
  if (!made.ok) throw new Error(made.error.message);
  const saved = t.run(ada, { kind: 'character-save', character: made.value });
  if (!saved.ok) throw new Error(saved.error.message);
  t.run(smith, { kind: 'combat', action: { type: 'add', name: 'Ada', side: 'party', characterId: 'ch1' } });
  t.run(smith, { kind: 'combat', action: { type: 'add', name: 'Goblin', side: 'foes', monster: 'hd=1,attack=+2,defense=11,damage=3' } });
  return t;
}

describe('the tracker’s HAMMERCRAWL! actions at a table', () => {
  it('a player acts for their own character only; damage that is not an attack is the Smith’s', () => {
    const t = fightTable();
    expect(t.run(ada, { kind: 'combat', action: { type: 'total-defense', combatantId: 'c1' } }).ok).toBe(true);
    expect(t.state.combat.combatants[0]!.conditions).toEqual(['Total Defense']);
    expect(t.run(bob, { kind: 'combat', action: { type: 'total-defense', combatantId: 'c1' } })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    expect(t.run(ada, { kind: 'combat', action: { type: 'total-defense', combatantId: 'c2' } })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    // Allowing a Lay on Hands past its once a Turn is the Smith's (CB-45).
    expect(t.run(ada, { kind: 'combat', action: { type: 'lay-on-hands', healerId: 'c1', targetId: 'c2', override: true } })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    expect(t.run(ada, { kind: 'combat', action: { type: 'lay-on-hands', healerId: 'c1', targetId: 'c2' } })).not.toMatchObject({ error: { code: 'auth/forbidden' } });
    expect(t.run(ada, { kind: 'combat', action: { type: 'damage', targetId: 'c1', source: 'Trap', dv: 3 } })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    expect(t.run(smith, { kind: 'combat', action: { type: 'crit-step', combatantId: 'c2', to: 'health' } }).ok).toBe(true);
  });

  it('the effects of Ada’s Tactical Attack are Ada’s to choose (or the Smith’s)', () => {
    const t = fightTable();
    t.run(smith, { kind: 'combat', action: { type: 'update', combatantId: 'c2', conditions: ['Tactical: choose 1 (from c1)'] } });
    expect(t.run(bob, { kind: 'combat', action: { type: 'tactical-effect', targetId: 'c2', effects: [{ kind: 'hampered' }] } })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    expect(t.run(ada, { kind: 'combat', action: { type: 'tactical-effect', targetId: 'c2', effects: [{ kind: 'hampered' }] } }).ok).toBe(true);
    expect(t.state.combat.combatants[1]!.conditions).toEqual(['Hampered']);
  });

  it('the Smith’s trap damage steps the character’s document and the tracker with it, its DV and soak in the change', () => {
    const t = fightTable();
    const before = (t.state.characters[0]!.document as { healthDie: string }).healthDie;
    // DV 1 (a d1... a fixed DV) and a soak roll of 1: always fails, one step.
    const r = t.run(smith, { kind: 'combat', action: { type: 'damage', targetId: 'c1', source: 'Trap', dv: 1, isPenetrating: true } }, scriptedRandom([1]));
    expect(r.ok).toBe(true);
    const after = (t.state.characters[0]!.document as { healthDie: string }).healthDie;
    expect(after).not.toBe(before);
    expect(t.state.combat.combatants[0]!.health).toBe(after);
    const history = (t.state.characters[0]!.document as { history: { summary: string }[] }).history;
    expect(history.at(-1)!.summary).toMatch(/^Trap on Ada: Health d\d+ -> d\d+$/);
  });
});
