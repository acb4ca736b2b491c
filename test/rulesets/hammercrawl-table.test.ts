import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { scriptedRandom, seededRandom, type RandomSource } from '../../src/dice/random.js';
import { ruleSystem as hammercrawl } from '../../src/rules/hammercrawl/rule-system.js';
import { ruleSystem as bareBones } from '../../src/rules/bare-bones/index.js';
import { MAX_HAMMER_POOL_DICE } from '../../src/rules/hammercrawl/hammer-pools.js';
import { TORCH_BURN_MS } from '../../src/rules/hammercrawl/venture/light.js';
import { MAX_PARTY_SIZE } from '../../src/rules/hammercrawl/venture/venture.js';
import { MAX_SPELL_NAME_LENGTH } from '../../src/rules/hammercrawl/magick/commands.js';
import type { Caster } from '../../src/rules/hammercrawl/magick/caster.js';
import { hammerSettingsOf } from '../../src/rules/hammercrawl/table/commands.js';
import { rollTrackerAttack, trackerAttack, type TrackerAttackResult } from '../../src/rules/hammercrawl/table/tracker-attack.js';
import { halfStat, statRow as statRowOf } from '../../src/rules/hammercrawl/check-modifiers.js';
import type { HammercrawlTableState } from '../../src/rules/hammercrawl/table/extension.js';
import type { HammercrawlTableCommand } from '../../src/rules/hammercrawl/table/read-command.js';
import type { RuleSystem } from '../../src/rules/rule-system.js';
import { rollCommand, type Actor, type TableCommand } from '../../src/table/commands.js';
import { EVENT_SCHEMA_VERSION, VISIBILITIES, type NewTableEvent, type Role, type TableEvent } from '../../src/table/events.js';
import { MAX_LABEL_LENGTH } from '../../src/table/limits.js';
import { canAt } from '../../src/table/permissions.js';
import { projectEvent } from '../../src/table/project.js';
import { applyEvent, foldEvents as foldAll, type TableState } from '../../src/table/state.js';
import { entitlementOf } from '../secret-rolls.js';

const rules = hammercrawl as unknown as RuleSystem;
const extension = rules.table!;
const can = (role: Role, action: string): boolean => canAt(extension, role, action);
/** The table's state with HAMMERCRAWL!'s slice typed. */
type HcState = TableState & HammercrawlTableState;
/** A ruleset event's body, read as the test knows it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyBody = Record<string, any>;
const foldEvents = (events: readonly TableEvent[]): HcState | null => withSlice(foldAll(events, extension));
function withSlice(state: TableState | null): HcState | null {
  return state === null ? null : { ...state, ...(state.extension as HammercrawlTableState) };
}
/** A command as the test writes it: a table command, or one of HAMMERCRAWL!'s (sent to the extension as read). */
type TestCommand = DistributiveOmitRequest<TableCommand> | DistributiveOmitRequest<HammercrawlTableCommand>;
const GENERIC_KINDS = ['roll', 'check', 'usage', 'character-save', 'character-remove', 'combat', 'settings'];
const smith: Actor = { id: 'S', role: 'smith' };
const ada: Actor = { id: 'A', role: 'player' };
const bob: Actor = { id: 'B', role: 'player' };
const olive: Actor = { id: 'O', role: 'observer' };
const T0 = 1_750_000_000_000;

/** A table in memory: commands decided at `now`, events stamped with it and folded. A fold never gets an rng. */
function table(ruleset: string = 'hammercrawl') {
  const tableRules = ruleset === 'hammercrawl' ? rules : (bareBones as unknown as RuleSystem);
  const events: TableEvent[] = [];
  let state: TableState | null = null;
  let n = 0;
  const append = (made: readonly NewTableEvent[], actor: Actor | null, requestId: string | null, at: number): void => {
    for (const e of made) {
      const stored = { ...e, seq: events.length + 1, at, actorId: actor?.id ?? null, requestId, schemaVersion: EVENT_SCHEMA_VERSION } as TableEvent;
      events.push(stored);
      state = applyEvent(state, stored, tableRules.table);
    }
  };
  append([{ kind: 'table-created', body: { name: 'T', ruleset, settings: {} } }], smith, null, T0);
  for (const m of [smith, ada, bob, olive]) append([{ kind: 'member-joined', body: { member: { id: m.id, name: m.id, role: m.role } } }], m, null, T0);
  return {
    events,
    get state(): HcState {
      return withSlice(state)!;
    },
    run(actor: Actor, command: TestCommand, options: { rng?: RandomSource; now?: number } = {}) {
      const requestId = `r${++n}`;
      const isOwn = !GENERIC_KINDS.includes(command.kind) || (command.kind === 'combat' && (command as { action: { type: string } }).action.type === 'attack');
      const full = (isOwn ? { kind: 'ruleset', requestId, command: { ...command, requestId } } : { ...command, requestId }) as TableCommand;
      const now = options.now ?? T0;
      const r = rollCommand(state!, actor, full, { rng: options.rng ?? seededRandom(n), rules: tableRules, now });
      if (r.ok) append(r.value, actor, requestId, now);
      return r;
    },
  };
}
type DistributiveOmitRequest<T> = T extends unknown ? Omit<T, 'requestId'> : never;

const mage = (() => {
  const r = hammercrawl.rollCharacter(seededRandom(7), { method: 'semi', class: 'true-mage' });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
})();
/** A character with no spellcasting. */
const fighterLike = (() => {
  for (let seed = 1; seed < 500; seed++) {
    const r = hammercrawl.rollCharacter(seededRandom(seed), {});
    if (r.ok && r.value.spellcasting === null) return r.value;
  }
  throw new Error('no character without spellcasting in 500 seeds');
})();
const caster: Caster = {
  level: 3,
  grade: 'dedicated',
  spellStat: 'INT',
  spellStatScore: 14,
  sustainDivisor: 1,
  conScore: 12,
  hasManaBurn: true,
  canOvercast: true,
  profileId: 'true-mage-spellcasting',
};
const dungeon = { id: 'goblin-warren', level: 1, difficulty: 2, nodes: 3 };

describe('HAMMERCRAWL! commands only at HAMMERCRAWL! tables', () => {
  it('venture, magick and hammer are table/not-in-ruleset elsewhere', () => {
    const t = table('bare-bones');
    expect(t.run(smith, { kind: 'venture', command: { kind: 'join', member: { id: 'ana', xp: 0 } } })).toMatchObject({ ok: false, error: { code: 'table/not-in-ruleset' } });
    expect(t.run(smith, { kind: 'magick', characterId: 'ch1', command: { kind: 'town-rest' } })).toMatchObject({ ok: false, error: { code: 'table/not-in-ruleset' } });
    expect(t.run(smith, { kind: 'hammer', pool: { kind: 'dice', colours: ['white'] }, visibility: 'public' })).toMatchObject({ ok: false, error: { code: 'table/not-in-ruleset' } });
  });
});

describe('ventures', () => {
  it('start a venture, light a torch, roll a node pool: the fold reproduces the state and never rolls', () => {
    const t = table();
    expect(t.run(smith, { kind: 'venture', command: { kind: 'join', member: { id: 'ana', xp: 0 } } }).ok).toBe(true);
    expect(t.run(smith, { kind: 'venture', command: { kind: 'set-resource', id: 'food', die: 8 } }).ok).toBe(true);
    expect(t.run(smith, { kind: 'venture', command: { kind: 'start-venture', dungeon } }, { now: T0 + 1000 }).ok).toBe(true);
    expect(t.state.venture).toMatchObject({ location: 'dungeon', venture: 1, clock: T0 + 1000, dungeon: { id: 'goblin-warren' } });
    expect(t.run(smith, { kind: 'venture', command: { kind: 'light', id: 'torch-1', source: 'torch' } }, { now: T0 + 2000 }).ok).toBe(true);
    expect(t.state.venture.lights).toEqual([{ id: 'torch-1', source: 'torch', burnedMs: 0, litAt: T0 + 2000, isSpent: false }]);
    expect(t.run(smith, { kind: 'venture', command: { kind: 'enter-node' } }, { now: T0 + 3000 }).ok).toBe(true);
    // Difficulty 2: two purple dice and the blue reward die; the faces are in the event.
    const rolled = t.run(smith, { kind: 'venture', command: { kind: 'roll-node' } }, { rng: scriptedRandom([1, 1, 1]), now: T0 + 4000 });
    expect(rolled.ok).toBe(true);
    const last = t.events.at(-1)!;
    expect(last.kind).toBe('venture-changed');
    if (last.kind === 'venture-changed') {
      expect((last.body as AnyBody).command).toEqual({ kind: 'roll-node', at: T0 + 4000 });
      expect((last.body as AnyBody).events.find((e: AnyBody) => e.kind === 'node-rolled')).toMatchObject({ faces: [1, 1, 1] });
    }
    expect(t.state.venture.node).toMatchObject({ number: 1, faces: [1, 1, 1] });
    expect(t.run(smith, { kind: 'venture', command: { kind: 'use-resource', id: 'food' } }, { rng: scriptedRandom([1]) }).ok).toBe(true);
    expect(t.state.venture.resources['food']).toBe(7); // d8 steps down the chain to d7
    // Replay: folding the stored events again gives the same state (no rng exists in a fold), also
    // after the store's JSON round trip.
    expect(foldEvents(t.events)).toEqual(t.state);
    expect(foldEvents(JSON.parse(JSON.stringify(t.events)) as TableEvent[])).toEqual(t.state);
  });

  it('a torch burns by the server clock: still lit before the hour, burned out at exactly the hour after it', () => {
    const t = table();
    t.run(smith, { kind: 'venture', command: { kind: 'join', member: { id: 'ana', xp: 0 } } });
    t.run(smith, { kind: 'venture', command: { kind: 'start-venture', dungeon } }, { now: T0 });
    t.run(smith, { kind: 'venture', command: { kind: 'light', id: 't1', source: 'torch' } }, { now: T0 + 10 });
    expect(t.run(smith, { kind: 'venture', command: { kind: 'tick' } }, { now: T0 + 10 + TORCH_BURN_MS - 1 }).ok).toBe(true);
    expect(t.state.venture.lights[0]).toMatchObject({ isSpent: false, litAt: T0 + 10 });
    expect(t.run(smith, { kind: 'venture', command: { kind: 'tick' } }, { now: T0 + 10 + TORCH_BURN_MS + 5000 }).ok).toBe(true);
    const last = t.events.at(-1)!;
    if (last.kind !== 'venture-changed') throw new Error('expected venture-changed');
    expect((last.body as AnyBody).events.map((e: AnyBody) => e.kind)).toEqual(['light-burned-out', 'clock']);
    expect((last.body as AnyBody).events[0]).toMatchObject({ id: 't1', at: T0 + 10 + TORCH_BURN_MS });
    expect(t.state.venture.lights[0]).toMatchObject({ isSpent: true, litAt: null });
    // A douse and relight pauses the torch: burned time carries over.
    t.run(smith, { kind: 'venture', command: { kind: 'light', id: 't2', source: 'torch' } }, { now: T0 + 2 * TORCH_BURN_MS });
    t.run(smith, { kind: 'venture', command: { kind: 'douse', id: 't2' } }, { now: T0 + 2 * TORCH_BURN_MS + 60_000 });
    expect(t.state.venture.lights.find((l) => l.id === 't2')).toMatchObject({ burnedMs: 60_000, litAt: null });
    expect(foldEvents(t.events)).toEqual(t.state);
  });

  it('the clock never goes back: a command decided at an earlier server time happens at the venture clock (TB-2)', () => {
    const t = table();
    t.run(smith, { kind: 'venture', command: { kind: 'join', member: { id: 'ana', xp: 0 } } });
    t.run(smith, { kind: 'venture', command: { kind: 'start-venture', dungeon } }, { now: T0 + 5000 });
    const r = t.run(smith, { kind: 'venture', command: { kind: 'light', id: 't1', source: 'torch' } }, { now: T0 + 4000 });
    expect(r.ok).toBe(true);
    expect(t.state.venture.lights[0]!.litAt).toBe(T0 + 5000);
  });

  it('only the Smith runs the venture; its mistakes come back with venture/ codes', () => {
    const t = table();
    for (const who of [ada, bob, olive]) {
      expect(t.run(who, { kind: 'venture', command: { kind: 'join', member: { id: 'x', xp: 0 } } })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    }
    expect(t.run(smith, { kind: 'venture', command: { kind: 'start-venture', dungeon } })).toMatchObject({ ok: false, error: { code: 'venture/no-party' } });
    expect(t.run(smith, { kind: 'venture', command: { kind: 'roll-node' } })).toMatchObject({ ok: false, error: { code: 'venture/not-in-node' } });
  });

  it('limits: a party at its size accepted, one past refused; a limit used up to its max, one past refused', () => {
    const t = table();
    for (let i = 0; i < MAX_PARTY_SIZE; i++) expect(t.run(smith, { kind: 'venture', command: { kind: 'join', member: { id: `m${i}`, xp: 0 } } }).ok).toBe(true);
    expect(t.run(smith, { kind: 'venture', command: { kind: 'join', member: { id: 'one-more', xp: 0 } } })).toMatchObject({ ok: false, error: { code: 'venture/party-full' } });
    t.run(smith, { kind: 'venture', command: { kind: 'set-limit', holder: 'm0', ability: 'hd-rerolls', scope: 'venture', max: 2 } });
    expect(t.run(smith, { kind: 'venture', command: { kind: 'use-limit', holder: 'm0', ability: 'hd-rerolls', uses: 2 } }).ok).toBe(true);
    expect(t.run(smith, { kind: 'venture', command: { kind: 'use-limit', holder: 'm0', ability: 'hd-rerolls' } })).toMatchObject({ ok: false, error: { code: 'venture/limit-spent' } });
    expect(t.state.venture.limits[0]).toMatchObject({ used: 2, max: 2 });
  });
});

describe('magick', () => {
  it('a caster prepares and casts: the forget check faces are in the event; replay folds them', () => {
    const t = table();
    t.run(ada, { kind: 'character-save', character: fighterLike });
    expect(t.run(ada, { kind: 'magick', characterId: 'ch1', command: { kind: 'set-caster', caster } }).ok).toBe(true);
    expect(t.run(ada, { kind: 'magick', characterId: 'ch1', command: { kind: 'learn', name: 'Sleep', level: 1 } }).ok).toBe(true);
    expect(t.run(ada, { kind: 'magick', characterId: 'ch1', command: { kind: 'prepare' } }).ok).toBe(true);
    // Level 3 Dedicated: a d5 Spell Die (the Feat Die); a 4 beats level 1, the spell is kept.
    expect(t.run(ada, { kind: 'magick', characterId: 'ch1', command: { kind: 'cast', spellId: 'sleep' } }, { rng: scriptedRandom([4]) }).ok).toBe(true);
    const last = t.events.at(-2)!;
    if (last.kind !== 'magick-changed') throw new Error('expected magick-changed');
    expect(t.events.at(-1)!.kind).toBe('character-saved');
    expect((last.body as AnyBody).characterId).toBe('ch1');
    expect((last.body as AnyBody).events.find((e: AnyBody) => e.kind === 'forget-checked')).toMatchObject({ spellId: 'sleep', face: 4, kept: true });
    expect(t.state.magick['ch1']).toMatchObject({ prepared: [{ spellId: 'sleep', remembered: true }], nextEffectId: 2 });
    // A 1 fails: the spell is forgotten.
    t.run(ada, { kind: 'magick', characterId: 'ch1', command: { kind: 'cast', spellId: 'sleep' } }, { rng: scriptedRandom([1]) });
    expect(t.state.magick['ch1']!.prepared).toEqual([{ spellId: 'sleep', remembered: false }]);
    expect(t.run(ada, { kind: 'magick', characterId: 'ch1', command: { kind: 'cast', spellId: 'sleep' } })).toMatchObject({ ok: false, error: { code: 'magick/forgotten' } });
    expect(foldEvents(t.events)).toEqual(t.state);
    expect(foldEvents(JSON.parse(JSON.stringify(t.events)) as TableEvent[])).toEqual(t.state);
  });

  it('prepare, remember and the rests only when the moment allows: not mid-fight, town rest in town, remember at a camp; the Smith may always (MG-19)', () => {
    const t = table();
    t.run(ada, { kind: 'character-save', character: fighterLike });
    const magick = (actor: Actor, command: AnyBody, rng?: RandomSource) => t.run(actor, { kind: 'magick', characterId: 'ch1', command } as TestCommand, rng === undefined ? {} : { rng });
    expect(magick(ada, { kind: 'set-caster', caster }).ok).toBe(true);
    expect(magick(ada, { kind: 'learn', name: 'Sleep', level: 1 }).ok).toBe(true);
    expect(magick(ada, { kind: 'prepare' }).ok).toBe(true);
    // A fight runs in the tracker: a player cannot prepare nor rest in town.
    t.run(smith, { kind: 'combat', action: { type: 'add', name: 'Ada', side: 'party', characterId: 'ch1', health: 'd30' } });
    t.run(smith, { kind: 'combat', action: { type: 'add', name: 'Goblin', side: 'foes', health: 'd6' } });
    expect(t.run(smith, { kind: 'combat', action: { type: 'start' } }).ok).toBe(true);
    expect(magick(ada, { kind: 'prepare' })).toMatchObject({ ok: false, error: { code: 'magick/not-in-a-fight' } });
    expect(magick(ada, { kind: 'town-rest' })).toMatchObject({ ok: false, error: { code: 'magick/not-in-a-fight' } });
    // Casting belongs to the fight; a 1 forgets the spell.
    expect(magick(ada, { kind: 'cast', spellId: 'sleep' }, scriptedRandom([1])).ok).toBe(true);
    expect(magick(ada, { kind: 'remember', spellIds: ['sleep'] })).toMatchObject({ ok: false, error: { code: 'magick/not-in-a-fight' } });
    // The Smith overrides.
    expect(magick(smith, { kind: 'town-rest' }).ok).toBe(true);
    expect(t.run(smith, { kind: 'combat', action: { type: 'end' } }).ok).toBe(true);
    expect(magick(ada, { kind: 'town-rest' }).ok).toBe(true);
    // In the dungeon: no town rest; remember only after a camp, between rooms.
    t.run(smith, { kind: 'venture', command: { kind: 'join', member: { id: 'ch1', xp: 0 } } });
    expect(t.run(smith, { kind: 'venture', command: { kind: 'start-venture', dungeon } }).ok).toBe(true);
    expect(magick(ada, { kind: 'town-rest' })).toMatchObject({ ok: false, error: { code: 'magick/not-in-town' } });
    expect(magick(ada, { kind: 'remember', spellIds: ['sleep'] })).toMatchObject({ ok: false, error: { code: 'magick/not-at-camp' } });
    expect(t.run(smith, { kind: 'venture', command: { kind: 'enter-node' } }).ok).toBe(true);
    expect(magick(ada, { kind: 'remember', spellIds: ['sleep'] })).toMatchObject({ ok: false, error: { code: 'magick/not-at-camp' } });
    expect(t.run(smith, { kind: 'venture', command: { kind: 'clear-node', survivors: ['ch1'] } }).ok).toBe(true);
    expect(t.run(smith, { kind: 'venture', command: { kind: 'camp', camp: 'break' } }).ok).toBe(true);
    expect(t.state.magick['ch1']!.prepared).toEqual([{ spellId: 'sleep', remembered: false }]);
    expect(magick(ada, { kind: 'remember', spellIds: ['sleep'] }).ok).toBe(true);
    expect(t.state.magick['ch1']!.prepared).toEqual([{ spellId: 'sleep', remembered: true }]);
    expect(foldEvents(t.events)).toEqual(t.state);
  });

  it('a scroll at the table: anyone reads it (a non-caster against the INT half-stat); a failure rolls the d100 table; the faces are in the event (MG-10)', () => {
    const t = table();
    t.run(ada, { kind: 'character-save', character: fighterLike });
    const half = halfStat(fighterLike.stats.INT.score);
    // A 20 fails any half-stat; d100 40 is a backfire.
    expect(t.run(ada, { kind: 'magick', characterId: 'ch1', command: { kind: 'read-scroll', spell: 'Fireball' } }, { rng: scriptedRandom([20, 40]) }).ok).toBe(true);
    const failed = t.events.at(-2)!;
    expect(failed.kind).toBe('magick-changed');
    expect((failed.body as AnyBody).command).toEqual({ kind: 'read-scroll', spell: 'Fireball', reader: 'non-caster', intScore: fighterLike.stats.INT.score, level: fighterLike.level });
    expect((failed.body as AnyBody).events).toEqual([
      expect.objectContaining({ kind: 'scroll-read', spell: 'Fireball', reader: 'non-caster', target: half, natural: 20, success: false, failureRoll: 40, failureId: 'scroll-backfire' }),
    ]);
    expect(t.events.at(-1)!.kind).toBe('character-saved');
    // A 1 succeeds: no d100.
    expect(t.run(ada, { kind: 'magick', characterId: 'ch1', command: { kind: 'read-scroll', spell: 'Sleep' } }, { rng: scriptedRandom([1]) }).ok).toBe(true);
    expect(((t.events.at(-2)!.body as AnyBody).events as AnyBody[])[0]).toMatchObject({ success: true, failureRoll: null, failureId: null });
    // Not in the reader's language: refused, nothing rolled.
    expect(t.run(ada, { kind: 'magick', characterId: 'ch1', command: { kind: 'read-scroll', spell: 'Sleep', canReadLanguage: false } })).toMatchObject({ ok: false, error: { code: 'magick/scroll-unreadable' } });
    expect(t.run(bob, { kind: 'magick', characterId: 'ch1', command: { kind: 'read-scroll', spell: 'Sleep' } })).toMatchObject({ ok: false });
    expect(foldEvents(t.events)).toEqual(t.state);
  });

  it('set-caster without a caster reads it from the character; a character without spellcasting is refused', () => {
    const t = table();
    t.run(ada, { kind: 'character-save', character: mage });
    t.run(bob, { kind: 'character-save', character: fighterLike });
    expect(t.run(ada, { kind: 'magick', characterId: 'ch1', command: { kind: 'set-caster' } }).ok).toBe(true);
    expect(t.state.magick['ch1']!.caster).toMatchObject({ grade: 'dedicated', level: mage.level, hasManaBurn: true });
    const none = t.run(bob, { kind: 'magick', characterId: 'ch2', command: { kind: 'set-caster' } });
    expect(none).toMatchObject({ ok: false, error: { code: 'magick/no-caster' } });
  });

  it("the owner or the Smith: another player's or an observer's magick command is forbidden", () => {
    const t = table();
    t.run(ada, { kind: 'character-save', character: fighterLike });
    expect(t.run(bob, { kind: 'magick', characterId: 'ch1', command: { kind: 'set-caster', caster } })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    expect(t.run(olive, { kind: 'magick', characterId: 'ch1', command: { kind: 'set-caster', caster } })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    expect(t.run(smith, { kind: 'magick', characterId: 'ch1', command: { kind: 'set-caster', caster } }).ok).toBe(true);
    expect(t.run(smith, { kind: 'magick', characterId: 'ch9', command: { kind: 'town-rest' } })).toMatchObject({ ok: false, error: { code: 'table/no-such-character' } });
    expect(t.run(ada, { kind: 'magick', characterId: 'ch1', command: { kind: 'cast', spellId: 'sleep' } })).toMatchObject({ ok: false, error: { code: 'magick/unknown-spell' } });
    // Removing the character drops its magick.
    t.run(ada, { kind: 'character-remove', characterId: 'ch1' });
    expect(t.state.magick).toEqual({});
  });

  it('limits: a spell name at its length accepted, one past refused; settings are read from the table', () => {
    const t = table();
    t.run(ada, { kind: 'character-save', character: fighterLike });
    t.run(ada, { kind: 'magick', characterId: 'ch1', command: { kind: 'set-caster', caster } });
    expect(t.run(ada, { kind: 'magick', characterId: 'ch1', command: { kind: 'learn', name: 'x'.repeat(MAX_SPELL_NAME_LENGTH), level: 1 } }).ok).toBe(true);
    expect(t.run(ada, { kind: 'magick', characterId: 'ch1', command: { kind: 'learn', name: 'y'.repeat(MAX_SPELL_NAME_LENGTH + 1), level: 1 } })).toMatchObject({ ok: false, error: { code: 'magick/bad-spell-name' } });
    // A bad value never gets into the settings: the settings command checks them against the ruleset's.
    expect(t.run(smith, { kind: 'settings', settings: { 'concentration-penalty': 'sideways' } })).toMatchObject({ ok: false, error: { code: 'param/unknown-choice' } });
    t.run(smith, { kind: 'settings', settings: { 'town-rest-restores-con': false } });
    t.run(ada, { kind: 'magick', characterId: 'ch1', command: { kind: 'town-rest' } });
    const last = t.events.at(-2)!;
    expect(last.kind).toBe('magick-changed');
    expect((last.body as AnyBody).events[0]).toMatchObject({ kind: 'town-rested', conRestored: false });
  });
});

describe('hammer dice', () => {
  it("a player rolls a Check's pool; the faces and the symbols are in the event", () => {
    const t = table();
    // Feat at level 5: blue; one advantage: white.
    const r = t.run(ada, { kind: 'hammer', pool: { kind: 'check', level: 5, isFeat: true, advantages: 1 }, visibility: 'public', label: 'Climb' }, { rng: scriptedRandom([1, 1]) });
    expect(r.ok).toBe(true);
    const last = t.events.at(-1)!;
    if (last.kind !== 'hammer-rolled') throw new Error('expected hammer-rolled');
    expect((last.body as AnyBody).pool.dice.map((d: AnyBody) => d.colour)).toEqual(['blue', 'white']);
    expect((last.body as AnyBody).faces).toEqual([1, 1]);
    expect((last.body as AnyBody).result.dice.map((d: AnyBody) => d.face)).toEqual([1, 1]);
    expect((last.body as AnyBody).label).toBe('Climb');
    expect(foldEvents(t.events)).toEqual(t.state);
  });

  it("the node pool is the Smith's: a player's node pool (or a listed pool in the node context) is forbidden", () => {
    const t = table();
    expect(t.run(ada, { kind: 'hammer', pool: { kind: 'node', difficulty: 2 }, visibility: 'public' })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    expect(t.run(ada, { kind: 'hammer', pool: { kind: 'dice', colours: ['purple'], context: 'node' }, visibility: 'public' })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    expect(t.run(olive, { kind: 'hammer', pool: { kind: 'dice', colours: ['white'] }, visibility: 'public' })).toMatchObject({ ok: false, error: { code: 'auth/forbidden' } });
    expect(t.run(smith, { kind: 'hammer', pool: { kind: 'node', difficulty: 2, comets: 1 }, visibility: 'smith' }).ok).toBe(true);
    expect(can('player', 'hammer-check') && !can('player', 'hammer-node') && !can('observer', 'hammer-check')).toBe(true);
  });

  it('physical dice: one face per die, each on its die; Hammer+ set aside only in a Check; an empty pool refused', () => {
    const t = table();
    expect(t.run(ada, { kind: 'hammer', pool: { kind: 'dice', colours: ['white', 'black'] }, visibility: 'public', faces: [4] })).toMatchObject({ ok: false, error: { code: 'dice/too-few-faces' } });
    expect(t.run(ada, { kind: 'hammer', pool: { kind: 'dice', colours: ['white'] }, visibility: 'public', faces: [4, 1] })).toMatchObject({ ok: false, error: { code: 'dice/too-many-faces' } });
    expect(t.run(ada, { kind: 'hammer', pool: { kind: 'dice', colours: ['black'] }, visibility: 'public', faces: [7] })).toMatchObject({ ok: false, error: { code: 'dice/face-out-of-range' } });
    expect(t.run(ada, { kind: 'hammer', pool: { kind: 'dice', colours: ['white', 'black'] }, visibility: 'public', faces: [4, 6] }).ok).toBe(true);
    const last = t.events.at(-1)!;
    expect(last.kind).toBe('hammer-rolled');
    expect((last.body as Record<string, any>)).toMatchObject({ isPhysical: true, result: { cancelledPairs: 1 } });
    expect(t.run(smith, { kind: 'hammer', pool: { kind: 'node', difficulty: 1 }, visibility: 'public', hammerPlus: 'set-aside' })).toMatchObject({ ok: false, error: { code: 'hammer/set-aside-unavailable' } });
    expect(t.run(ada, { kind: 'hammer', pool: { kind: 'check' }, visibility: 'public' })).toMatchObject({ ok: false, error: { code: 'hammer/empty-pool' } });
  });

  it('limits: a pool of the most dice accepted, one past refused; a label at its length kept, one past refused', () => {
    const t = table();
    expect(t.run(smith, { kind: 'hammer', pool: { kind: 'dice', colours: Array(MAX_HAMMER_POOL_DICE).fill('black') }, visibility: 'public' }).ok).toBe(true);
    expect(t.run(smith, { kind: 'hammer', pool: { kind: 'dice', colours: Array(MAX_HAMMER_POOL_DICE + 1).fill('black') }, visibility: 'public' })).toMatchObject({ ok: false, error: { code: 'hammer/too-many-dice' } });
    expect(t.run(ada, { kind: 'hammer', pool: { kind: 'dice', colours: ['white'] }, visibility: 'public', label: 'x'.repeat(MAX_LABEL_LENGTH) }).ok).toBe(true);
    expect(t.run(ada, { kind: 'hammer', pool: { kind: 'dice', colours: ['white'] }, visibility: 'public', label: 'x'.repeat(MAX_LABEL_LENGTH + 1) })).toMatchObject({ ok: false, error: { code: 'table/label-too-long' } });
  });

  it('the table settings resolve the pool: xp-when-both two gives 2 XP for a hammer and a crossblades', () => {
    const t = table();
    t.run(smith, { kind: 'settings', settings: { 'xp-when-both': 'two' } });
    t.run(ada, { kind: 'hammer', pool: { kind: 'dice', colours: ['white', 'black'] }, visibility: 'public', faces: [4, 6] });
    const last = t.events.at(-1)!;
    expect(last.kind).toBe('hammer-rolled');
    expect((last.body as Record<string, any>).result.xp).toBe(2);
    expect(t.run(smith, { kind: 'settings', settings: { 'xp-when-both': 3 } })).toMatchObject({ ok: false, error: { code: 'param/unknown-choice' } });
    // A value stored before settings were checked (an older table) is still refused where it is read.
    const stale = hammerSettingsOf({ 'xp-when-both': 3 });
    expect(stale).toMatchObject({ ok: false, error: { code: 'table/bad-setting' } });
  });

  it('property: a canary in a secret hammer roll never reaches a viewer not entitled to it', () => {
    const viewers = [smith, ada, bob, olive].map((a) => ({ id: a.id, role: a.role as Role }));
    fc.assert(
      fc.property(fc.constantFrom(...VISIBILITIES), fc.constantFrom('S', 'A', 'B'), fc.integer({ min: 100_000, max: 999_999 }), (visibility, roller, canary) => {
        const t = table();
        const actor = [smith, ada, bob].find((a) => a.id === roller)!;
        const r = t.run(actor, { kind: 'hammer', pool: { kind: 'dice', colours: ['yellow', 'purple'] }, visibility, label: `L${canary}` });
        if (!r.ok) throw new Error(r.error.message);
        const event = t.events.at(-1)!;
        for (const v of viewers) {
          const seen = JSON.stringify(projectEvent(event, v));
          const entitled = entitlementOf(v.role, visibility, v.id === roller);
          expect(seen.includes(String(canary))).toBe(entitled);
          const envelope = { seq: event.seq, kind: 'hammer-rolled', at: event.at, by: roller, requestId: event.requestId, visibility };
          expect(JSON.parse(seen)).toEqual(entitled ? expect.objectContaining({ ...envelope, label: `L${canary}`, faces: expect.any(Array) }) : { ...envelope, redacted: true });
        }
      }),
      { numRuns: 100 },
    );
  });
});

// ---- the table writes the character (TC-n) ------------------------------------------------------------

/** Decides a HAMMERCRAWL! command at the table as it is, without storing it: the events the extension makes. */
function decideAt(t: ReturnType<typeof table>, actor: Actor, command: DistributiveOmitRequest<HammercrawlTableCommand>, rng: RandomSource = seededRandom(1)) {
  const read = extension.readCommand({ ...command, requestId: 'd1' });
  if (!read.ok) throw new Error(read.error.message);
  const s = t.state;
  return extension.decide(rng, s.extension, read.value, { actor, can: (a) => can(actor.role, a), characters: s.characters, settings: s.settings, combat: s.combat, now: T0, rules });
}

/** The document of a table character. */
const documentOf = (t: ReturnType<typeof table>, id: string): AnyBody => t.state.characters.find((c) => c.id === id)!.document as AnyBody;

/** The first seed whose attack of `attackerId` on `targetId` gives what `wanted` says. */
function seedWhere(t: ReturnType<typeof table>, attackerId: string, targetId: string, wanted: (r: TrackerAttackResult) => boolean): number {
  for (let seed = 1; seed < 2000; seed++) {
    const r = rollTrackerAttack(seededRandom(seed), t.state.combat, t.state.characters, attackerId, targetId);
    if (r.ok && wanted(r.value)) return seed;
  }
  throw new Error('no seed in 2000 gives that attack');
}

/** A table where Ada (player A) owns `ch1`, the Smith's NPC is `ch2`; the tracker has Ada (c1), a goblin (c2) and the NPC (c3). */
function fightTable(ch1: AnyBody = fighterLike, monster = 'hd=1,attack=+2,defense=11,damage=d6') {
  const t = table();
  t.run(ada, { kind: 'character-save', character: ch1 as never });
  t.run(smith, { kind: 'character-save', character: mage as never });
  t.run(smith, { kind: 'combat', action: { type: 'add', name: 'Ada', side: 'party', characterId: 'ch1', health: 'd30' } });
  t.run(smith, { kind: 'combat', action: { type: 'add', name: 'Goblin', side: 'foes', health: 'd6', monster } });
  t.run(smith, { kind: 'combat', action: { type: 'add', name: 'Mage', side: 'foes', characterId: 'ch2', health: 'd30' } });
  return t;
}

describe('a tracker attack writes the target character’s document (TC-1, TC-2)', () => {
  it('a character fights with the dice its document holds, not the tracker’s text', () => {
    const t = fightTable({ ...fighterLike, healthDie: 'd4', armourDie: 'd5', baseArmourDie: 'd5' });
    const built = trackerAttack(t.state.combat, t.state.characters, 'c2', 'c1');
    expect(built).toMatchObject({ ok: true, value: { target: { healthDie: 4, armourDie: 5 } } });
    // A monster still fights with the tracker's dice.
    expect(trackerAttack(t.state.combat, t.state.characters, 'c1', 'c2')).toMatchObject({ ok: true, value: { target: { healthDie: 6 } } });
  });

  it("the goblin's hit on Ada: the tracker steps and Ada's document is saved as a consequence, with the attack's history line (the hidden goblin's rolls stay in the tracker's event, TB-17)", () => {
    const unarmoured = { ...fighterLike, armourDie: null };
    const t = fightTable(unarmoured);
    const seed = seedWhere(t, 'c2', 'c1', (r) => r.target !== undefined);
    const expected = rollTrackerAttack(seededRandom(seed), t.state.combat, t.state.characters, 'c2', 'c1');
    if (!expected.ok || expected.value.target === undefined) throw new Error('no hit');
    const decided = decideAt(t, smith, { kind: 'combat', action: { type: 'attack', attackerId: 'c2', targetId: 'c1' } }, seededRandom(seed));
    if (!decided.ok) throw new Error(decided.error.message);
    const after = expected.value.combat.combatants[0]!;
    expect(decided.value).toEqual([
      { shared: 'combat-changed', body: { combat: expected.value.combat, summary: expected.value.summary, attack: { attackerId: 'c2', targetId: 'c1', isHit: true, isCrit: expected.value.isCrit, lines: expected.value.lines } } },
      {
        shared: 'character-saved',
        isConsequence: true,
        body: {
          character: { id: 'ch1', ownerId: 'A', document: { ...documentOf(t, 'ch1'), healthDie: after.isDown ? null : after.health } },
          change: { id: 'attack', summary: expected.value.target.summary },
        },
      },
    ]);
    expect(expected.value.target.summary).toMatch(new RegExp(`^Goblin (hits|crits) Ada: Health ${fighterLike.healthDie} -> `));
    // Through the table: the document is saved, reads as valid, and a replay folds to the same state.
    expect(t.run(smith, { kind: 'combat', action: { type: 'attack', attackerId: 'c2', targetId: 'c1' } }, { rng: seededRandom(seed) }).ok).toBe(true);
    expect(t.events.slice(-2).map((e) => e.kind)).toEqual(['combat-changed', 'character-saved']);
    expect(documentOf(t, 'ch1')['healthDie']).toBe(after.isDown ? null : after.health);
    expect(rules.readCharacter(documentOf(t, 'ch1')).ok).toBe(true);
    expect(foldEvents(t.events)).toEqual(t.state);
  });

  it("a player's hit on the Smith's NPC character is written on the NPC's document too (a consequence: the owner's rights are not asked)", () => {
    const t = fightTable();
    const seed = seedWhere(t, 'c1', 'c3', (r) => r.target !== undefined);
    const decided = decideAt(t, ada, { kind: 'combat', action: { type: 'attack', attackerId: 'c1', targetId: 'c3' } }, seededRandom(seed));
    expect(decided).toMatchObject({ ok: true, value: [{ shared: 'combat-changed' }, { shared: 'character-saved', isConsequence: true, body: { character: { id: 'ch2', ownerId: 'S' }, change: { id: 'attack' } } }] });
    // A character's attack keeps its rolls on the change it made: nothing of it is the Smith's alone.
    const lines = decided.ok ? (decided.value[0]!.body as { attack: { lines: readonly string[] } }).attack.lines : [];
    expect(decided.ok && (decided.value[1]!.body as { change: { explanation?: readonly string[] } }).change.explanation).toEqual(lines);
  });

  it('a miss, or a hit soaked with no die stepped, writes no document', () => {
    const t = fightTable();
    for (const wanted of [(r: TrackerAttackResult) => !r.isHit, (r: TrackerAttackResult) => r.isHit && r.target === undefined]) {
      const seed = seedWhere(t, 'c2', 'c1', wanted);
      const decided = decideAt(t, smith, { kind: 'combat', action: { type: 'attack', attackerId: 'c2', targetId: 'c1' } }, seededRandom(seed));
      expect(decided).toMatchObject({ ok: true, value: [{ shared: 'combat-changed' }] });
      if (decided.ok) expect(decided.value).toHaveLength(1);
    }
  });

  it('down: the document has no Health Die, the tracker shows the character down, and a downed character cannot attack', () => {
    const t = fightTable({ ...fighterLike, healthDie: 'd3' }, 'hd=1,attack=+9,defense=11,damage=30');
    const seed = seedWhere(t, 'c2', 'c1', (r) => r.combat.combatants[0]!.isDown);
    expect(t.run(smith, { kind: 'combat', action: { type: 'attack', attackerId: 'c2', targetId: 'c1' } }, { rng: seededRandom(seed) }).ok).toBe(true);
    expect(documentOf(t, 'ch1')['healthDie']).toBeNull();
    expect(t.state.combat.combatants[0]).toMatchObject({ isDown: true, health: 'down' });
    expect(t.run(ada, { kind: 'combat', action: { type: 'attack', attackerId: 'c1', targetId: 'c2' } })).toMatchObject({ ok: false, error: { code: 'combat/fighter-down' } });
  });

  it("armour: the stepped Armour Die is written on the document; destroyed armour is none in the document and in the tracker", () => {
    const t = fightTable({ ...fighterLike, armourDie: 'd3', baseArmourDie: 'd3' }, 'hd=1,attack=+9,defense=11,damage=2');
    const seed = seedWhere(t, 'c2', 'c1', (r) => r.target !== undefined);
    expect(t.run(smith, { kind: 'combat', action: { type: 'attack', attackerId: 'c2', targetId: 'c1' } }, { rng: seededRandom(seed) }).ok).toBe(true);
    // DV 2 against a d3 Armour Die: soaked on a 3, else the armour steps below d3 and is destroyed.
    expect(documentOf(t, 'ch1')).toMatchObject({ armourDie: null, healthDie: fighterLike.healthDie });
    expect(t.state.combat.combatants[0]!.armour).toBe('none');
    expect(trackerAttack(t.state.combat, t.state.characters, 'c2', 'c1')).toMatchObject({ ok: true, value: { target: { armourDie: null } } });
    const saved = t.events.at(-1)!;
    expect((saved.body as AnyBody)['character']['document']['armourDie']).toBeNull();
  });
});

describe('the Venture reads and writes the characters’ XP (TC-3)', () => {
  function ventureTable() {
    const t = table();
    t.run(ada, { kind: 'character-save', character: { ...fighterLike, xp: 25 } as never });
    return t;
  }

  it("join without XP reads it from the member's document; nothing is written", () => {
    const t = ventureTable();
    const decided = decideAt(t, smith, { kind: 'venture', command: { kind: 'join', member: { id: 'ch1' } } });
    expect(decided).toMatchObject({ ok: true, value: [{ own: 'venture-changed', body: { command: { kind: 'join', member: { id: 'ch1', xp: 25 } }, events: [{ kind: 'member-joined', member: { id: 'ch1', xp: 25 } }] } }] });
    if (decided.ok) expect(decided.value).toHaveLength(1);
  });

  it("the Smith's XP on join is an override: written on the document when it differs; a member who is no table character gives XP or is refused", () => {
    const t = ventureTable();
    const over = decideAt(t, smith, { kind: 'venture', command: { kind: 'join', member: { id: 'ch1', xp: 30 } } });
    expect(over).toMatchObject({
      ok: true,
      value: [
        { own: 'venture-changed', body: { command: { member: { xp: 30 } } } },
        { shared: 'character-saved', body: { character: { id: 'ch1', document: { xp: 30 } }, change: { id: 'xp', summary: "Joined the party with 30 XP (the Smith's; was 25)", isOverride: true } } },
      ],
    });
    expect(decideAt(t, smith, { kind: 'venture', command: { kind: 'join', member: { id: 'ch1', xp: 25 } } })).toMatchObject({ ok: true, value: [{ own: 'venture-changed' }] });
    expect(decideAt(t, smith, { kind: 'venture', command: { kind: 'join', member: { id: 'hireling' } } })).toMatchObject({ ok: false, error: { code: 'venture/member-xp', path: '$.command.member.xp' } });
    expect(decideAt(t, smith, { kind: 'venture', command: { kind: 'join', member: { id: 'hireling', xp: 3 } } })).toMatchObject({ ok: true, value: [{ own: 'venture-changed' }] });
  });

  it('a cleared node and an award add their XP to what the document holds, for table characters only; the history says why and the level the total reaches', () => {
    const t = ventureTable();
    t.run(smith, { kind: 'venture', command: { kind: 'join', member: { id: 'ch1' } } });
    t.run(smith, { kind: 'venture', command: { kind: 'join', member: { id: 'hireling', xp: 0 } } });
    t.run(smith, { kind: 'venture', command: { kind: 'start-venture', dungeon } });
    t.run(smith, { kind: 'venture', command: { kind: 'enter-node' } });
    const cleared = decideAt(t, smith, { kind: 'venture', command: { kind: 'clear-node', survivors: ['ch1', 'hireling'] } });
    expect(cleared).toMatchObject({
      ok: true,
      value: [{ own: 'venture-changed' }, { shared: 'character-saved', body: { character: { id: 'ch1', document: { xp: 26 } }, change: { id: 'xp', summary: 'Node 1 cleared: +1 XP, XP 25 -> 26 (enough for level 2)' } } }],
    });
    if (cleared.ok) expect(cleared.value).toHaveLength(2);
    expect(t.run(smith, { kind: 'venture', command: { kind: 'clear-node', survivors: ['ch1', 'hireling'] } }).ok).toBe(true);
    expect(t.run(smith, { kind: 'venture', command: { kind: 'award-xp', ids: ['ch1'], amount: 4, reason: 'Freed the prisoners' } }).ok).toBe(true);
    expect(documentOf(t, 'ch1')['xp']).toBe(30);
    expect((t.events.at(-1)!.body as AnyBody)['character']['document']['xp']).toBe(30);
    expect(t.state.venture.party).toEqual([{ id: 'ch1', xp: 30 }, { id: 'hireling', xp: 1 }]);
    expect(foldEvents(t.events)).toEqual(t.state);
  });
});

describe('magick is written on the document, and an imported caster keeps its spells (TC-4, TC-5)', () => {
  it('every magick command writes the magick it folds to on the document; the document reads as valid', () => {
    const t = table();
    t.run(ada, { kind: 'character-save', character: fighterLike });
    for (const command of [{ kind: 'set-caster', caster }, { kind: 'learn', name: 'Sleep', level: 1 }, { kind: 'prepare' }, { kind: 'cast', spellId: 'sleep' }] as const) {
      const decided = decideAt(t, ada, { kind: 'magick', characterId: 'ch1', command });
      if (!decided.ok) throw new Error(decided.error.message);
      expect(decided.value.map((e) => ('own' in e ? e.own : e.shared))).toEqual(['magick-changed', 'character-saved']);
      expect(t.run(ada, { kind: 'magick', characterId: 'ch1', command }, { rng: scriptedRandom([4]) }).ok).toBe(true);
      expect(documentOf(t, 'ch1')['magick']).toEqual(t.state.magick['ch1']);
      expect(rules.readCharacter(documentOf(t, 'ch1')).ok).toBe(true);
    }
    const saved = t.events.at(-1)!;
    expect(saved.kind).toBe('character-saved');
    const decided = decideAt(t, ada, { kind: 'magick', characterId: 'ch1', command: { kind: 'town-rest' } });
    expect(decided).toMatchObject({ ok: true, value: [{ own: 'magick-changed' }, { shared: 'character-saved', body: { change: { id: 'magick', summary: 'Magick: town rest: Spell Die restored, burnt CON restored', explanation: ['town rest: Spell Die restored, burnt CON restored'] } } }] });
    // Level 3 Dedicated: a d4 Spell Die; its face is in the change's dice.
    const cast = decideAt(t, ada, { kind: 'magick', characterId: 'ch1', command: { kind: 'cast', spellId: 'sleep' } }, scriptedRandom([3]));
    expect(cast).toMatchObject({ ok: true, value: [{}, { body: { change: { summary: 'Magick: cast sleep (effect 2, level 1); sleep: d4 rolled 3 against level 1: kept', dice: [{ sides: 4, face: 3, isKept: true, role: 'forget check (sleep)' }] } } }] });
  });

  it('over-casting lowers the CON score on the document (half-stat and mod from the stat table); a town rest gives it back; the caster read from the document keeps its CON before the burn', () => {
    const t = table();
    t.run(ada, { kind: 'character-save', character: mage });
    const con = mage.stats.CON.score;
    t.run(ada, { kind: 'magick', characterId: 'ch1', command: { kind: 'set-caster' } });
    t.run(ada, { kind: 'magick', characterId: 'ch1', command: { kind: 'learn', name: 'Sleep', level: 1 } });
    t.run(ada, { kind: 'magick', characterId: 'ch1', command: { kind: 'prepare' } });
    expect(t.run(ada, { kind: 'magick', characterId: 'ch1', command: { kind: 'cast', spellId: 'sleep', overcast: 2, effect: 'lasting' } }).ok).toBe(true);
    const burnt = statRowOf(con - 2);
    expect(documentOf(t, 'ch1')['stats']['CON']).toEqual({ score: con - 2, half: burnt.halfStat, mod: burnt.mod });
    expect(documentOf(t, 'ch1')['magick']['burntCon']).toBe(2);
    expect(rules.readCharacter(documentOf(t, 'ch1')).ok).toBe(true);
    expect(t.run(ada, { kind: 'magick', characterId: 'ch1', command: { kind: 'set-caster' } }).ok).toBe(true);
    expect(t.state.magick['ch1']!.caster!.conScore).toBe(con);
    expect(t.run(ada, { kind: 'magick', characterId: 'ch1', command: { kind: 'town-rest' } }).ok).toBe(true);
    expect(documentOf(t, 'ch1')['stats']['CON']).toEqual(mage.stats.CON);
    expect(foldEvents(t.events)).toEqual(t.state);
  });

  it("a burn the document's CON cannot pay is refused, and nothing is written", () => {
    const t = table();
    const low = { ...fighterLike, stats: { ...fighterLike.stats, CON: { score: 3, half: 2, mod: -3 } } };
    t.run(ada, { kind: 'character-save', character: low });
    t.run(ada, { kind: 'magick', characterId: 'ch1', command: { kind: 'set-caster', caster: { ...caster, conScore: 20 } } });
    t.run(ada, { kind: 'magick', characterId: 'ch1', command: { kind: 'learn', name: 'Sleep', level: 1 } });
    t.run(ada, { kind: 'magick', characterId: 'ch1', command: { kind: 'prepare' } });
    const before = t.events.length;
    expect(t.run(ada, { kind: 'magick', characterId: 'ch1', command: { kind: 'cast', spellId: 'sleep', overcast: 3 } })).toMatchObject({ ok: false, error: { code: 'magick/not-enough-con' } });
    expect(t.events).toHaveLength(before);
    expect(t.run(ada, { kind: 'magick', characterId: 'ch1', command: { kind: 'cast', spellId: 'sleep', overcast: 2, effect: 'lasting' } }).ok).toBe(true);
    expect(documentOf(t, 'ch1')['stats']['CON']).toEqual({ score: 1, half: 1, mod: -5 });
  });

  it('an exported caster imported at another table keeps its spells: its first command starts from the document; the log replays', () => {
    const first = table();
    first.run(ada, { kind: 'character-save', character: fighterLike });
    for (const command of [{ kind: 'set-caster', caster }, { kind: 'learn', name: 'Sleep', level: 1 }, { kind: 'prepare' }] as const) first.run(ada, { kind: 'magick', characterId: 'ch1', command });
    const exported = JSON.parse(JSON.stringify(documentOf(first, 'ch1'))) as AnyBody;
    const second = table();
    expect(second.run(bob, { kind: 'character-save', character: exported as never }).ok).toBe(true);
    expect(second.state.magick['ch1']).toEqual(exported['magick']);
    expect(second.run(bob, { kind: 'magick', characterId: 'ch1', command: { kind: 'cast', spellId: 'sleep' } }, { rng: scriptedRandom([4]) }).ok).toBe(true);
    expect(second.state.magick['ch1']).toMatchObject({ spellbook: [{ id: 'sleep' }], nextEffectId: 2 });
    expect(foldEvents(second.events)).toEqual(second.state);
    // A document saved without magick keeps what the table has.
    const { magick: _dropped, ...without } = exported;
    void _dropped;
    second.run(bob, { kind: 'character-save', character: { id: 'ch1', ...without } as never });
    expect(second.state.magick['ch1']).toMatchObject({ nextEffectId: 2 });
  });

  it('a log stored before magick was written on documents (magick-changed alone) still folds to the same magick', () => {
    const t = table();
    t.run(ada, { kind: 'character-save', character: fighterLike });
    for (const command of [{ kind: 'set-caster', caster }, { kind: 'learn', name: 'Sleep', level: 1 }, { kind: 'prepare' }, { kind: 'cast', spellId: 'sleep', overcast: 1, effect: 'lasting' }] as const) {
      t.run(ada, { kind: 'magick', characterId: 'ch1', command }, { rng: seededRandom(2) });
    }
    const old = t.events.filter((e) => !(e.kind === 'character-saved' && 'magick' in ((e.body as AnyBody)['character']['document'] as AnyBody))).map((e, i) => ({ ...e, seq: i + 1 }));
    expect(old.filter((e) => e.kind === 'magick-changed')).toHaveLength(4);
    const replayed = foldEvents(old)!;
    expect(replayed.magick).toEqual(t.state.magick);
    // Its next magick command writes the magick on the document, and the CON the log burnt with it.
    const next = rollCommand(replayed, ada, { kind: 'ruleset', requestId: 'n1', command: { kind: 'magick', requestId: 'n1', characterId: 'ch1', command: { kind: 'learn', name: 'Fly', level: 2 } } }, { rng: seededRandom(1), rules, now: T0 });
    expect(next).toMatchObject({ ok: true, value: [{ kind: 'magick-changed' }, { kind: 'character-saved', body: { character: { document: { magick: { burntCon: 1 }, stats: { CON: { score: fighterLike.stats.CON.score - 1 } } } } } }] });
  });
});

describe('secrets never come with a shared change', () => {
  it('a secret hammer roll for a character makes its event alone', () => {
    const t = table();
    t.run(ada, { kind: 'character-save', character: fighterLike });
    for (const visibility of VISIBILITIES) {
      const decided = decideAt(t, ada, { kind: 'hammer', pool: { kind: 'check', level: 3, isFeat: true }, visibility, characterId: 'ch1' });
      expect(decided).toMatchObject({ ok: true, value: [{ own: 'hammer-rolled', body: { visibility } }] });
      if (decided.ok) expect(decided.value).toHaveLength(1);
    }
  });
});
