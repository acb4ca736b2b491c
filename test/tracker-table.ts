/**
 * A table of one ruleset with a Smith, driven through `rollCommand` as the server drives it: combatants
 * added to the tracker, initiative rolled on scripted faces, the order read back by name. Shared by the
 * rulesets' initiative-at-the-table tests.
 */
import { scriptedRandom, type RandomSource } from '../src/dice/random.js';
import type { RuleSystem, TableSettings } from '../src/rules/rule-system.js';
import { rollCommand, type Actor, type TableCommand } from '../src/table/commands.js';
import { EVENT_SCHEMA_VERSION, type NewTableEvent, type TableEvent } from '../src/table/events.js';
import { applyEvent, type TableState } from '../src/table/state.js';

export const smith: Actor = { id: 'S', role: 'smith' };

/** A table of `rules` with a Smith. */
export function trackerTable(rules: RuleSystem, settings: TableSettings = {}) {
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
