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
    const last = t.events.at(-1)!;
    if (last.kind !== 'magick-changed') throw new Error('expected magick-changed');
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
    const last = t.events.at(-1)!;
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
