/**
 * A table of one ruleset driven through `rollCommand` as the server drives it. `trackerTable`: a Smith
 * alone, combatants added to the tracker, initiative rolled on scripted faces, the order read back by
 * name (the rulesets' initiative-at-the-table tests). `commandTable`: a Smith and players, any of them
 * sending any command, a ruleset's own tracker action read by its extension as the server reads it
 * (the rulesets' tracker-attack-at-the-table tests).
 */
import { scriptedRandom, seededRandom, type RandomSource } from '../src/dice/random.js';
import type { RuleSystem, TableSettings } from '../src/rules/rule-system.js';
import { COMBAT_ACTION_TYPES } from '../src/table/combat.js';
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

/** Players of a `commandTable`, beside its Smith. */
export const ada: Actor = { id: 'A', role: 'player' };
export const bob: Actor = { id: 'B', role: 'player' };

/**
 * A table of `rules` with the Smith and `players` seated, where `run(actor, command)` sends one
 * command as that member (a `requestId` added): a `combat` action the table does not know is the
 * ruleset's own, read by its extension's `readCommand` as src/server/wire.ts reads it. Unless given,
 * a command's dice are `seededRandom(<commands run before it>)`. Every stored event is kept (`log`),
 * and those of the last command that went through (`last`).
 * @example const t = commandTable(rules); t.run(smith, { kind: 'combat', action: { type: 'attack', attackerId: 'c1', targetId: 'c2' } })
 */
export function commandTable(rules: RuleSystem, players: readonly Actor[] = [ada, bob], settings: TableSettings = {}) {
  let state: TableState | null = null;
  let runs = 0;
  let last: NewTableEvent[] = [];
  const log: TableEvent[] = [];
  const append = (made: readonly NewTableEvent[], actor: Actor | null): void => {
    last = [...made];
    for (const e of made) {
      const stored = { ...e, seq: log.length + 1, at: 0, actorId: actor?.id ?? null, requestId: null, schemaVersion: EVENT_SCHEMA_VERSION } as TableEvent;
      log.push(stored);
      state = applyEvent(state, stored, rules.table);
    }
  };
  append([{ kind: 'table-created', body: { name: 'T', ruleset: rules.id, settings } }], smith);
  for (const m of [smith, ...players]) append([{ kind: 'member-joined', body: { member: { id: m.id, name: m.id, role: m.role } } }], m);
  return {
    get state(): TableState {
      return state!;
    },
    log,
    /** The events the last command that went through made. */
    get last(): NewTableEvent[] {
      return last;
    },
    run(actor: Actor, command: Record<string, unknown>, rng: RandomSource = seededRandom(runs)) {
      const requestId = `r${++runs}`;
      const type = (command as { action?: { type?: unknown } }).action?.type;
      const isOwn = command['kind'] === 'combat' && typeof type === 'string' && !(COMBAT_ACTION_TYPES as readonly string[]).includes(type);
      const read = isOwn ? rules.table!.readCommand({ ...command, requestId }) : null;
      if (read !== null && !read.ok) return read;
      const full = (read !== null ? { kind: 'ruleset', requestId, command: read.value } : { ...command, requestId }) as TableCommand;
      const r = rollCommand(state!, actor, full, { rng, rules, now: 0 });
      if (r.ok) append(r.value, actor);
      return r;
    },
  };
}
