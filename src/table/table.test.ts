import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { scriptedRandom, seededRandom, type RandomSource } from '../dice/random.js';
import { DEFAULT_RULESET, loadRuleSystem } from '../rules/catalogue.js';
import type { RuleSystem } from '../rules/rule-system.js';
import { EMPTY_COMBAT, rollCombatAction, type CombatState } from './combat.js';
import { rollCommand, type Actor, type TableCommand } from './commands.js';
import { EVENT_SCHEMA_VERSION, VISIBILITIES, type NewTableEvent, type Role, type TableEvent } from './events.js';
import { MAX_COMBATANTS, MAX_CONDITIONS, MAX_LABEL_LENGTH } from './limits.js';
import { PERMISSIONS, TABLE_ACTIONS, can, canAt } from './permissions.js';
import { isEntitled, projectEvent } from './project.js';
import { applyEvent, foldEvents, TableFoldError, type TableState } from './state.js';
import { assertKind, assertRefused } from '../../test/narrow.js';
import { ENTITLED, entitlementOf } from '../../test/secret-rolls.js';

/** A real ruleset, the catalogue's default (HAMMERCRAWL!, with a table extension of its own). */
const rules: RuleSystem = await loadRuleSystem(DEFAULT_RULESET);
const smith: Actor = { id: 'S', role: 'smith' };
const ada: Actor = { id: 'A', role: 'player' };
const bob: Actor = { id: 'B', role: 'player' };
const olive: Actor = { id: 'O', role: 'observer' };

/** A little table store in memory: commands decided, events stamped and folded. */
function table() {
  const events: TableEvent[] = [];
  let state: TableState | null = null;
  const append = (made: readonly NewTableEvent[], actor: Actor | null, requestId: string | null): void => {
    for (const e of made) {
      const stored = { ...e, seq: events.length + 1, at: 1000 + events.length, actorId: actor?.id ?? null, requestId, schemaVersion: EVENT_SCHEMA_VERSION } as TableEvent;
      events.push(stored);
      state = applyEvent(state, stored);
    }
  };
  append([{ kind: 'table-created', body: { name: 'T', ruleset: rules.id, settings: {} } }], smith, null);
  for (const m of [smith, ada, bob, olive]) append([{ kind: 'member-joined', body: { member: { id: m.id, name: m.id, role: m.role } } }], m, null);
  return {
    events,
    get state(): TableState {
      return state!;
    },
    run(actor: Actor, command: TableCommand, rng: RandomSource = seededRandom(1), now = 1_000_000) {
      const r = rollCommand(state!, actor, command, { rng, rules, now });
      if (r.ok) append(r.value, actor, command.requestId);
      return r;
    },
  };
}

const character = (() => {
  const r = rules.rollCharacter(seededRandom(3), {});
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
})();

describe('commands become events; state is their fold', () => {
  it('a roll stores its faces; folding the events again gives the same state and never rolls', () => {
    const t = table();
    const r = t.run(ada, { kind: 'roll', requestId: 'r', notation: '3d6', visibility: 'public' }, scriptedRandom([1, 2, 6]));
    expect(r.ok).toBe(true);
    const rolled = t.events.at(-1)!;
    assertKind(rolled, 'rolled');
    expect(rolled.body.record.total).toBe(9);
    t.run(ada, { kind: 'character-save', requestId: 'c', character });
    t.run(smith, { kind: 'combat', requestId: 'k', action: { type: 'add', name: 'Goblin', side: 'foes', health: 'd6' } });
    // Replay with no randomness at all: a fold cannot roll.
    expect(foldEvents(t.events)).toEqual(t.state);
    expect(t.state.characters.map((c) => [c.id, c.ownerId])).toEqual([['ch1', 'A']]);
  });

  it('rolls use the table’s chain and its below-d3 setting', () => {
    const t = table();
    t.run(ada, { kind: 'roll', requestId: 'a', notation: 'd3^-1', visibility: 'public' }, scriptedRandom([2]));
    const clamped = t.events.at(-1)!;
    assertKind(clamped, 'rolled');
    expect(clamped.body.record.dice[0]!.die).toBe('d3');
    t.run(smith, { kind: 'settings', requestId: 's', settings: { 'below-d3': 'negate' } });
    t.run(ada, { kind: 'roll', requestId: 'b', notation: 'd3^-1', visibility: 'public' });
    const negated = t.events.at(-1)!;
    assertKind(negated, 'rolled');
    expect(negated.body.record.dice).toEqual([]);
    expect(negated.body.record.total).toBe(0);
  });

  it('settings are read against the ruleset’s: unknown keys and bad values refused, good ones kept', () => {
    const t = table();
    expect(t.run(smith, { kind: 'settings', requestId: 'a', settings: { 'below-d3': 'negate', 'max-overcast-points': 20 } }).ok).toBe(true);
    expect(t.state.settings).toEqual({ 'below-d3': 'negate', 'max-overcast-points': 20 });
    expect(t.run(smith, { kind: 'settings', requestId: 'b', settings: { 'max-overcast-points': 21 } })).toMatchObject({ ok: false, error: { code: 'param/out-of-range' } });
    expect(t.run(smith, { kind: 'settings', requestId: 'c', settings: { 'below-d3': 'sideways' } })).toMatchObject({ ok: false, error: { code: 'param/unknown-choice' } });
    expect(t.run(smith, { kind: 'settings', requestId: 'd', settings: { 'light-minutes': 30 } })).toMatchObject({ ok: false, error: { code: 'settings/unknown' } });
    expect(t.state.settings).toEqual({ 'below-d3': 'negate', 'max-overcast-points': 20 });
  });

  it('a fold refuses a gap or a table that does not start with table-created', () => {
    const t = table();
    const gap = [...t.events.slice(0, 2), ...t.events.slice(3)];
    expect(() => foldEvents(gap)).toThrow(TableFoldError);
    expect(() => foldEvents(t.events.slice(1).map((e, i) => ({ ...e, seq: i + 1 })))).toThrow(TableFoldError);
  });

  it('labels: at the limit kept, one past refused', () => {
    const t = table();
    expect(t.run(ada, { kind: 'roll', requestId: 'a', notation: 'd6', visibility: 'public', label: 'x'.repeat(MAX_LABEL_LENGTH) }).ok).toBe(true);
    const past = t.run(ada, { kind: 'roll', requestId: 'b', notation: 'd6', visibility: 'public', label: 'x'.repeat(MAX_LABEL_LENGTH + 1) });
    expect(past).toMatchObject({ ok: false, error: { code: 'table/label-too-long' } });
  });

  it('checks and usage dice go through the table’s ruleset and refuse what it refuses', () => {
    const t = table();
    expect(t.run(ada, { kind: 'check', requestId: 'a', check: 'test', params: { target: 12 }, visibility: 'public' }, scriptedRandom([12])).ok).toBe(true);
    const checked = t.events.at(-1)!;
    assertKind(checked, 'checked');
    expect(checked.body.result.outcome).toBe('success');
    expect(t.run(ada, { kind: 'check', requestId: 'b', check: 'test', params: {}, visibility: 'public' }).ok).toBe(false);
    expect(t.run(ada, { kind: 'usage', requestId: 'c', die: 4, label: 'Torches', visibility: 'public' }, scriptedRandom([2])).ok).toBe(true);
    const used = t.events.at(-1)!;
    assertKind(used, 'usage-rolled');
    expect(used.body.after).toBe(3);
    expect(t.run(ada, { kind: 'usage', requestId: 'd', die: 9, label: 'x', visibility: 'public' }).ok).toBe(false);
  });

  it('a usage die on a character: read at its path, rolled, and the die after it written back in the same commit', () => {
    const t = table();
    t.run(ada, { kind: 'character-save', requestId: 'a', character: { ...character, healthDie: 'd6' } });
    const before = t.events.length;
    const r = t.run(ada, { kind: 'usage', requestId: 'u', characterId: 'ch1', path: '/healthDie', label: 'Health', visibility: 'public' }, scriptedRandom([1]));
    expect(r.ok).toBe(true);
    expect(t.events.slice(before).map((e) => e.kind)).toEqual(['usage-rolled', 'character-saved']);
    expect(t.state.characters[0]!.document['healthDie']).toBe('d5');
    // A face above 2 keeps the die: one event, the document untouched.
    t.run(ada, { kind: 'usage', requestId: 'v', characterId: 'ch1', path: '/healthDie', label: 'Health', visibility: 'public' }, scriptedRandom([4]));
    expect(t.events.at(-1)!.kind).toBe('usage-rolled');
    expect(t.state.characters[0]!.document['healthDie']).toBe('d5');
    expect(t.run(bob, { kind: 'usage', requestId: 'w', characterId: 'ch1', path: '/healthDie', label: 'x', visibility: 'public' })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    expect(t.run(ada, { kind: 'usage', requestId: 'x', characterId: 'ch1', path: '/nothing', label: 'x', visibility: 'public' })).toMatchObject({ ok: false, error: { code: 'table/bad-path' } });
    expect(t.run(ada, { kind: 'usage', requestId: 'y', characterId: 'ch1', path: '/name', label: 'x', visibility: 'public' })).toMatchObject({ ok: false, error: { code: 'table/not-a-die' } });
    expect(t.run(ada, { kind: 'usage', requestId: 'z', characterId: 'ch1', path: '/healthDie', die: 8, label: 'x', visibility: 'public' })).toMatchObject({ ok: false, error: { code: 'table/die-mismatch' } });
  });

  it('characters: a player edits only their own; the Smith any; an invalid document names its path', () => {
    const t = table();
    t.run(ada, { kind: 'character-save', requestId: 'a', character });
    expect(t.run(bob, { kind: 'character-save', requestId: 'b', characterId: 'ch1', character })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    expect(t.run(bob, { kind: 'character-remove', requestId: 'c', characterId: 'ch1' })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    expect(t.run(smith, { kind: 'character-save', requestId: 'd', characterId: 'ch1', character }).ok).toBe(true);
    expect(t.state.characters[0]!.ownerId).toBe('A');
    const bad = t.run(ada, { kind: 'character-save', requestId: 'e', character: { ...character, stats: 'strong' } });
    assertRefused(bad);
    expect(bad.error.message).toContain('$.stats');
    expect(t.run(olive, { kind: 'character-save', requestId: 'f', character })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    expect(t.run(ada, { kind: 'character-remove', requestId: 'g', characterId: 'ch1' }).ok).toBe(true);
    expect(t.state.characters).toEqual([]);
  });
});

describe('projection per viewer', () => {
  const viewers = [
    { id: 'S', role: 'smith' as Role },
    { id: 'A', role: 'player' as Role },
    { id: 'B', role: 'player' as Role },
    { id: 'O', role: 'observer' as Role },
  ];

  it('the table of who sees what has one row for every role, visibility and roller that can occur', () => {
    const possible = (['smith', 'player', 'observer'] as const).flatMap((role) =>
      VISIBILITIES.flatMap((visibility) => (role === 'observer' ? ['not roller'] : ['roller', 'not roller']).map((who) => `${role} ${visibility} ${who}`)),
    );
    expect(ENTITLED.map(([role, visibility, who]) => `${role} ${visibility} ${who}`).sort()).toEqual(possible.sort());
  });

  it.each(ENTITLED)('isEntitled: %s, %s roll, %s: %s', (role, visibility, who, entitled) => {
    const viewer = { id: 'V', role };
    expect(isEntitled(viewer, visibility, who === 'roller' ? 'V' : 'R')).toBe(entitled);
  });

  it('property: a viewer not entitled to a secret roll never receives its value, label or notation', () => {
    fc.assert(
      fc.property(fc.constantFrom(...VISIBILITIES), fc.constantFrom('S', 'A', 'B'), fc.integer({ min: 100_000, max: 999_999 }), (visibility, roller, canary) => {
        const t = table();
        const actor = [smith, ada, bob].find((a) => a.id === roller)!;
        t.run(actor, { kind: 'roll', requestId: 'x', notation: `1d1+${canary}`, visibility, label: `L${canary}` });
        const event = t.events.at(-1)!;
        expect(event).toMatchObject({ kind: 'rolled', actorId: roller });
        for (const v of viewers) {
          const seen = JSON.stringify(projectEvent(event, v));
          const entitled = entitlementOf(v.role, visibility, v.id === roller);
          expect(isEntitled(v, visibility, roller)).toBe(entitled);
          expect(seen.includes(String(canary))).toBe(entitled);
          const envelope = { seq: event.seq, kind: 'rolled', at: event.at, by: roller, requestId: 'x', visibility };
          const whole = { ...envelope, notation: `1d1+${canary}`, label: `L${canary}`, total: canary + 1, dice: expect.any(Array), terms: expect.any(Array) };
          expect(JSON.parse(seen)).toEqual(entitled ? whole : { ...envelope, redacted: true });
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('permissions', () => {
  it('the matrix gives every action to the Smith and nothing but seeing, chat and their own name to observers', () => {
    for (const action of TABLE_ACTIONS) expect(can('smith', action)).toBe(true);
    expect(TABLE_ACTIONS.filter((a) => can('observer', a))).toEqual(['see-events', 'chat', 'member-rename-self']);
    expect(TABLE_ACTIONS.filter((a) => can('player', a)).sort()).toEqual(['character-remove-own', 'character-save-own', 'chat', 'check', 'member-rename-self', 'roll', 'see-events', 'usage']);
    expect(Object.keys(PERMISSIONS).length).toBe(TABLE_ACTIONS.length);
  });
  it("a ruleset's extension adds its own rows; an action no one names is refused", () => {
    const extension = rules.table!;
    const actions = [...TABLE_ACTIONS, ...Object.keys(extension.permissions)];
    expect(actions.filter((a) => canAt(extension, 'player', a)).sort()).toEqual(['character-remove-own', 'character-save-own', 'chat', 'check', 'hammer-check', 'magick-own', 'member-rename-self', 'roll', 'see-events', 'usage', 'venture-own-limit']);
    expect(actions.filter((a) => canAt(extension, 'observer', a))).toEqual(['see-events', 'chat', 'member-rename-self']);
    for (const a of actions) expect(canAt(extension, 'smith', a)).toBe(true);
    expect(canAt(extension, 'smith', 'no-such-action')).toBe(false);
    expect(canAt(undefined, 'smith', 'venture')).toBe(false);
  });
});

describe('the combat tracker', () => {
  const rng = seededRandom(9);
  const apply = (state: CombatState, action: Parameters<typeof rollCombatAction>[3]) => {
    const r = rollCombatAction(rng, rules, state, action);
    if (!r.ok) throw new Error(r.error.message);
    return r.value.combat;
  };

  it('adds, orders by initiative, turns and rounds, removes the acting combatant safely', () => {
    let c = EMPTY_COMBAT;
    c = apply(c, { type: 'add', name: 'Ada', side: 'party', health: 'd8', stats: { int: 12, dex: 10 }, isLeader: true });
    c = apply(c, { type: 'add', name: 'Goblin', side: 'foes', health: 'd4', stats: { int: 8, dex: 12 }, isLeader: true });
    c = apply(c, { type: 'add', name: 'Bob', side: 'party', health: 'd6', stats: { int: 9, dex: 14 } });
    c = apply(c, { type: 'roll-initiative' });
    expect([...c.order].sort()).toEqual(['c1', 'c2', 'c3']);
    expect(c.initiative).not.toBeNull();
    c = apply(c, { type: 'start' });
    expect([c.round, c.turn]).toEqual([1, 0]);
    c = apply(c, { type: 'next-turn' });
    c = apply(c, { type: 'next-turn' });
    c = apply(c, { type: 'next-turn' });
    expect([c.round, c.turn]).toEqual([2, 0]);
    c = apply(c, { type: 'next-turn' });
    const acting = c.order[1]!;
    c = apply(c, { type: 'remove', combatantId: acting });
    expect(c.order).not.toContain(acting);
    expect(c.turn).toBe(1);
    c = apply(c, { type: 'update', combatantId: c.order[0]!, health: 'd3', conditions: ['prone'] });
    expect(c.combatants.find((x) => x.id === c.order[0])).toMatchObject({ health: 'd3', conditions: ['prone'] });
  });

  it('limits: combatants and conditions at the limit accepted, one past refused', () => {
    let c = EMPTY_COMBAT;
    for (let i = 0; i < MAX_COMBATANTS; i++) c = apply(c, { type: 'add', name: `G${i}`, side: 'foes' });
    expect(rollCombatAction(rng, rules, c, { type: 'add', name: 'One more', side: 'foes' })).toMatchObject({ ok: false, error: { code: 'combat/too-many-combatants' } });
    const ok = rollCombatAction(rng, rules, c, { type: 'update', combatantId: 'c1', conditions: Array.from({ length: MAX_CONDITIONS }, (_, i) => `k${i}`) });
    expect(ok.ok).toBe(true);
    const past = rollCombatAction(rng, rules, c, { type: 'update', combatantId: 'c1', conditions: Array.from({ length: MAX_CONDITIONS + 1 }, (_, i) => `k${i}`) });
    expect(past).toMatchObject({ ok: false, error: { code: 'combat/too-many-conditions' } });
    expect(rollCombatAction(rng, rules, c, { type: 'set-order', order: ['c1'] })).toMatchObject({ ok: false, error: { code: 'combat/bad-order' } });
  });
});
