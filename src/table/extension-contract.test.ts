// The table holds a ruleset's extension to the rules its own commands follow: what it may change, and
// that a secret stays secret however the ruleset writes its events.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../dice/random.js';
import { DEFAULT_RULESET, loadRuleSystem } from '../rules/catalogue.js';
import { ok, type ExtensionEvent, type RuleSystem, type TableExtension } from '../rules/rule-system.js';
import { ExtensionContractError, rollCommand, type Actor } from './commands.js';
import { EVENT_SCHEMA_VERSION, type NewTableEvent, type TableEvent } from './events.js';
import { projectEvent } from './project.js';
import { applyEvent, type TableState } from './state.js';

const base: RuleSystem = await loadRuleSystem(DEFAULT_RULESET);
const smith: Actor = { id: 'S', role: 'smith' };
const ada: Actor = { id: 'A', role: 'player' };
const bob: Actor = { id: 'B', role: 'player' };

/** A command of the test ruleset: the events its extension is to make, as given. */
interface Poke {
  readonly kind: 'poke';
  readonly requestId: string;
  readonly make: readonly ExtensionEvent[];
}

/** An extension that makes whatever its command says, to try the table's rules on it. */
const poking: TableExtension<number, Poke> = {
  commands: [{ kind: 'poke', rollsDice: false }],
  combatActions: [],
  eventKinds: ['poked'],
  permissions: {},
  examples: [],
  initialState: () => 0,
  readCommand: (json) => ok(json as Poke),
  requestIdOf: (c) => c.requestId,
  decide: (_rng, _state, command) => ok(command.make),
  fold: (state, kind) => (kind === 'poked' ? state + 1 : state),
};
const rules: RuleSystem = { ...base, table: poking as unknown as TableExtension };

const character = (() => {
  const r = base.rollCharacter(seededRandom(3), {});
  if (!r.ok) throw new Error(r.error.message);
  return r.value as unknown as { readonly [key: string]: unknown };
})();

/** A table with Bob's character `ch1`. */
function table(): { state: TableState; events: TableEvent[]; apply(made: readonly NewTableEvent[], by: Actor): void } {
  const events: TableEvent[] = [];
  const t = {
    state: null as unknown as TableState,
    events,
    apply(made: readonly NewTableEvent[], by: Actor) {
      for (const e of made) {
        const stored = { ...e, seq: events.length + 1, at: 0, actorId: by.id, requestId: null, schemaVersion: EVENT_SCHEMA_VERSION } as TableEvent;
        events.push(stored);
        t.state = applyEvent(events.length === 1 ? null : t.state, stored, rules.table);
      }
    },
  };
  t.apply([{ kind: 'table-created', body: { name: 'T', ruleset: rules.id, settings: {} } }], smith);
  for (const m of [smith, ada, bob]) t.apply([{ kind: 'member-joined', body: { member: { id: m.id, name: m.id, role: m.role } } }], m);
  t.apply([{ kind: 'character-saved', body: { character: { id: 'ch1', ownerId: 'B', document: character } } }], bob);
  return t;
}

function poke(t: ReturnType<typeof table>, actor: Actor, make: readonly ExtensionEvent[]) {
  return rollCommand(t.state, actor, { kind: 'ruleset', requestId: 'p', command: { kind: 'poke', requestId: 'p', make } }, { rng: seededRandom(1), rules, now: 0 });
}

describe("a ruleset's events at the table", () => {
  it('its own kinds are stored under their names and folded into its slice', () => {
    const t = table();
    const r = poke(t, ada, [{ own: 'poked', body: { n: 1 } }]);
    expect(r).toMatchObject({ ok: true, value: [{ kind: 'poked', body: { n: 1 } }] });
    if (r.ok) t.apply(r.value, ada);
    expect(t.state.extension).toBe(1);
  });

  it('an undeclared kind, or a visibility that is none of the three, breaks the contract', () => {
    const t = table();
    expect(() => poke(t, ada, [{ own: 'unheard-of', body: {} }])).toThrow(ExtensionContractError);
    expect(() => poke(t, ada, [{ own: 'rolled', body: {} }])).toThrow(ExtensionContractError);
    expect(() => poke(t, ada, [{ own: 'poked', body: { visibility: 'Smith' as never } }])).toThrow(ExtensionContractError);
  });

  it('a character it changes: only by whom the owner’s rights allow, kept its owner’s, valid, within the size limit', () => {
    const t = table();
    const changed = { ...character, name: 'Renamed' };
    expect(poke(t, ada, [{ shared: 'character-saved', body: { character: { id: 'ch1', ownerId: 'A', document: changed } } }])).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    const byOwner = poke(t, bob, [{ shared: 'character-saved', body: { character: { id: 'ch1', ownerId: 'A', document: changed } } }]);
    expect(byOwner).toMatchObject({ ok: true, value: [{ kind: 'character-saved', body: { character: { id: 'ch1', ownerId: 'B', document: { name: 'Renamed' } } } }] });
    expect(poke(t, smith, [{ shared: 'character-saved', body: { character: { id: 'ch1', ownerId: 'S', document: { name: 'no stats' } } } }])).toMatchObject({ ok: false });
    const huge = { ...character, name: 'x'.repeat(300_000) };
    expect(poke(t, smith, [{ shared: 'character-saved', body: { character: { id: 'ch1', ownerId: 'B', document: huge } } }])).toMatchObject({ ok: false, error: { code: 'table/character-too-large' } });
    expect(() => poke(t, smith, [{ shared: 'character-saved', body: { character: { id: 'ch9', ownerId: 'B', document: character } } }])).toThrow(ExtensionContractError);
  });

  it('a secret event may not come with a change of the tracker or a character in the same command', () => {
    const t = table();
    expect(() =>
      poke(t, bob, [
        { own: 'poked', body: { visibility: 'blind', canary: 123456 } },
        { shared: 'character-saved', body: { character: { id: 'ch1', ownerId: 'B', document: character } } },
      ]),
    ).toThrow(ExtensionContractError);
    expect(poke(t, bob, [{ own: 'poked', body: { visibility: 'public' } }, { shared: 'character-saved', body: { character: { id: 'ch1', ownerId: 'B', document: character } } }]).ok).toBe(true);
  });
});

describe('projection fails closed', () => {
  const viewer = { id: 'A', role: 'player' as const };
  const stored = (kind: string, body: object): TableEvent => ({ kind, body, seq: 9, at: 0, actorId: 'B', requestId: 'q', schemaVersion: EVENT_SCHEMA_VERSION }) as unknown as TableEvent;

  it('a body whose visibility is none of the three reaches the Smith alone', () => {
    for (const kind of ['poked', 'rolled', 'checked', 'usage-rolled']) {
      const seen = projectEvent(stored(kind, { requestId: 'q', visibility: 'Smith', canary: 424242 }), viewer);
      expect(JSON.stringify(seen), kind).not.toContain('424242');
      expect(seen).toMatchObject({ kind, redacted: true, visibility: 'blind' });
    }
  });

  it('a roll of the table stored without a visibility is the Smith’s alone; a ruleset body without one is public', () => {
    expect(JSON.stringify(projectEvent(stored('checked', { requestId: 'q', canary: 515151 }), viewer))).not.toContain('515151');
    expect(projectEvent(stored('poked', { canary: 616161 }), viewer)).toMatchObject({ canary: 616161 });
    expect(projectEvent(stored('poked', { visibility: 'smith', canary: 717171 }), { id: 'S', role: 'smith' })).toMatchObject({ canary: 717171 });
  });
});
