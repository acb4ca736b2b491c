// Initiative through the table: the tracker's sides are party and foes, the roll is the ruleset's (rollCommand).
import { describe, expect, it } from 'vitest';
import { ruleSystem } from './index.js';
import { scriptedRandom, type RandomSource } from '../../dice/random.js';
import type { RuleSystem, TableSettings } from '../rule-system.js';
import { rollCommand, type Actor, type TableCommand } from '../../table/commands.js';
import { EVENT_SCHEMA_VERSION, type NewTableEvent, type TableEvent } from '../../table/events.js';
import { applyEvent, type TableState } from '../../table/state.js';

const smith: Actor = { id: 'S', role: 'smith' };

/** A table of `rules` with a Smith, driven through `rollCommand` as the server drives it. */
function table(rules: RuleSystem, settings: TableSettings = {}) {
  let state: TableState | null = null;
  let n = 0;
  const append = (made: readonly NewTableEvent[], actor: Actor | null): void => {
    for (const e of made) {
      n += 1;
      const stored = { ...e, seq: n, at: 0, actorId: actor?.id ?? null, requestId: null, schemaVersion: EVENT_SCHEMA_VERSION } as TableEvent;
      state = applyEvent(state, stored, rules.table);
    }
  };
  append([{ kind: 'table-created', body: { name: 'T', ruleset: rules.id, settings } }], smith);
  append([{ kind: 'member-joined', body: { member: { id: smith.id, name: 'Smith', role: 'smith' } } }], smith);
  const send = (command: TableCommand, rng: RandomSource) => {
    const r = rollCommand(state!, smith, command, { rng, rules, now: 0 });
    if (r.ok) append(r.value, smith);
    return r;
  };
  return {
    get state(): TableState {
      return state!;
    },
    add(name: string, side: 'party' | 'foes', stats: Record<string, number> = {}) {
      const r = send({ kind: 'combat', requestId: `add-${name}`, action: { type: 'add', name, side, stats } } as TableCommand, scriptedRandom([]));
      if (!r.ok) throw new Error(r.error.message);
    },
    rollInitiative(faces: number[]) {
      return send({ kind: 'combat', requestId: `init-${n}`, action: { type: 'roll-initiative' } } as TableCommand, scriptedRandom(faces));
    },
    /** The tracker's order, by name. */
    order(): string[] {
      const combat = state!.combat;
      return combat.order.map((id) => combat.combatants.find((c) => c.id === id)!.name);
    },
  };
}

describe("initiative at the table: the foes are the GM's side (BB-12)", () => {
  it("players save against WIS; the foes, with no stats, do not roll and act between the passed and the failed", () => {
    const t = table(ruleSystem as unknown as RuleSystem);
    t.add("Orc", "foes");
    t.add("Ada", "party", { WIS: 12 });
    t.add("Goblin", "foes");
    t.add("Bo", "party", { wis: 9 });
    // Ada rolls 5 under 12 (before the GM), Bo 15 against 9 (after): only the two players throw.
    const r = t.rollInitiative([5, 15]);
    if (!r.ok) throw new Error(r.error.message);
    expect(t.order()).toEqual(["Ada", "Orc", "Goblin", "Bo"]);
    expect(t.state.combat.initiative!.dice.map((d) => d.face)).toEqual([5, 15]);
  });

  it("a player with no WIS is refused, naming the combatant", () => {
    const t = table(ruleSystem as unknown as RuleSystem);
    t.add("Orc", "foes");
    t.add("Ada", "party");
    const r = t.rollInitiative([5]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect([r.error.code, r.error.message]).toEqual(["bare-bones/initiative-needs-wis", expect.stringContaining("Ada")]);
  });
});
