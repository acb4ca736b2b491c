// Play changes the character at the table: a ruleset's change kinds (`RuleSystem.play`) through the
// `character-change` command, the Smith's undo, the history every change appends, and the tracker that
// shows and writes a character's Health and Armour on its document. A small ruleset made for the test
// keeps the cases plain; the four real rulesets are held to the same contract in
// test/ruleset-contract.test.ts.
import { fc, test as propTest } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../dice/random.js';
import { DEFAULT_RULESET, loadRuleSystem } from '../rules/catalogue.js';
import { readPlayFields } from '../rules/character-play.js';
import { ok, problem, type CharacterPlay, type CharacterValue, type ExtensionEvent, type RuleSystem, type RulesetCharacter, type TableExtension } from '../rules/rule-system.js';
import { rollCommand, type Actor, type TableCommand } from './commands.js';
import { EVENT_SCHEMA_VERSION, type NewTableEvent, type TableEvent } from './events.js';
import { applyEvent, foldEvents, type TableState } from './state.js';

const base: RuleSystem = await loadRuleSystem(DEFAULT_RULESET);
const smith: Actor = { id: 'S', role: 'smith' };
const ada: Actor = { id: 'A', role: 'player' };
const bob: Actor = { id: 'B', role: 'player' };

/** The test ruleset's character: hit points with a maximum, an armour die, XP. */
interface Tiny extends RulesetCharacter {
  readonly hp: { readonly current: number; readonly max: number };
  readonly armour: string | null;
  readonly xp: number;
}

function readTiny(json: unknown) {
  const d = json as Record<string, unknown>;
  const hp = d['hp'] as { current?: unknown; max?: unknown } | undefined;
  if (typeof d['name'] !== 'string' || d['name'].trim() === '') return problem('tiny/name', 'A name is required.', '$.name');
  if (hp === undefined || typeof hp.current !== 'number' || typeof hp.max !== 'number') return problem('tiny/hp', 'hp needs current and max.', '$.hp');
  if (hp.current > hp.max) return problem('tiny/hp-above-max', 'hp.current is at most hp.max.', '$.hp.current');
  if (d['armour'] !== null && (typeof d['armour'] !== 'string' || !/^d(4|6|8)$/.test(d['armour']))) return problem('tiny/armour', 'armour is d4, d6, d8 or null.', '$.armour');
  const play = readPlayFields(d);
  if (!play.ok) return play;
  return ok({ ruleset: 'tiny', schemaVersion: 1, name: d['name'], stats: {}, hp: { current: hp.current, max: hp.max }, armour: d['armour'] as string | null, xp: Number(d['xp'] ?? 0), ...play.value } as Tiny);
}

const play: CharacterPlay<Tiny> = {
  changes: [
    { id: 'damage', label: 'Damage', help: 'd6 damage less armour', ref: 'test', by: 'owner', rollsDice: true, params: [{ name: 'source', kind: 'text', maxLength: 40, label: 'Source', help: 'what hurt', default: 'a hit' }] },
    {
      id: 'heal',
      label: 'Heal',
      help: 'regain hit points',
      ref: 'test',
      by: 'owner',
      rollsDice: false,
      params: [
        { name: 'amount', kind: 'integer', min: 1, max: 20, label: 'Amount', help: 'hit points', isRequired: true },
        { name: 'past-max', kind: 'boolean', default: false, isSmithOnly: true, label: 'Past the maximum', help: "the Smith's say-so" },
        { name: 'kind-healing', role: 'setting', kind: 'boolean', default: false, label: 'Kind healing', help: 'the table setting: +1 to every heal' },
      ],
    },
    { id: 'xp', label: 'Award XP', help: "the Smith's award", ref: 'test', by: 'smith', rollsDice: false, params: [{ name: 'amount', kind: 'integer', min: 1, max: 100, label: 'XP', help: 'XP', isRequired: true }] },
  ],
  prefill: () => ({}),
  changeOdds: () => ok({ check: 'damage', description: 'd6', outcomes: [1, 2, 3, 4, 5, 6].map((n) => ({ outcome: `${n}`, label: `${n}`, p: 1 / 6 })), explanation: [] }),
  rollChange(rng, c, request) {
    switch (request.change) {
      case 'damage': {
        const face = rng.rollDie(6);
        const current = Math.max(0, c.hp.current - face);
        return ok({ character: { ...c, hp: { ...c.hp, current } }, summary: `${String(request.params['source'] ?? 'a hit')}: ${face} damage`, explanation: [`d6 = ${face}`], dice: [{ sides: 6, face, isKept: true }], outcome: `${face}` });
      }
      case 'heal': {
        const amount = (request.params['amount'] as number) + (request.params['kind-healing'] === true ? 1 : 0);
        if (c.hp.current === c.hp.max) return problem('tiny/unhurt', `${c.name} is not hurt.`, '$.amount');
        const current = Math.min(c.hp.max, c.hp.current + amount);
        return ok({ character: { ...c, hp: { ...c.hp, current } }, summary: `healed ${current - c.hp.current}`, explanation: [], dice: [] });
      }
      default: {
        const amount = request.params['amount'] as number;
        return ok({ character: { ...c, xp: c.xp + amount }, summary: `${amount} XP`, explanation: [], dice: [] });
      }
    }
  },
  examples: [],
};

/** An extension whose one command makes the events it carries, to try shared character changes. */
const poking: TableExtension<number, { kind: 'poke'; requestId: string; make: readonly ExtensionEvent[] }> = {
  commands: [{ kind: 'poke', rollsDice: false }],
  combatActions: [],
  eventKinds: ['poked'],
  permissions: {},
  examples: [],
  initialState: () => 0,
  readCommand: (json) => ok(json as { kind: 'poke'; requestId: string; make: readonly ExtensionEvent[] }),
  requestIdOf: (c) => c.requestId,
  decide: (_rng, _state, command) => ok(command.make),
  fold: (state) => state,
};

const { readTrackerValue: _hammercrawlTracker, ...baseParts } = base;
void _hammercrawlTracker;
/** The tracker texts of the test ruleset are read by `writeTrackerValues` alone (no `readTrackerValue`). */
const rules: RuleSystem = {
  ...baseParts,
  id: 'tiny',
  label: 'Tiny',
  readCharacter: readTiny as RuleSystem['readCharacter'],
  characterValues: (c) => {
    const t = c as unknown as Tiny;
    const values: CharacterValue[] = [
      { id: 'hp', label: 'HP', role: 'health', kind: 'number', pointer: '/hp/current', value: t.hp.current, max: { value: t.hp.max, pointer: '/hp/max' } },
      { id: 'armour', label: 'Armour', role: 'armour', kind: 'die', pointer: '/armour', value: t.armour === null ? null : Number(t.armour.slice(1)) },
    ];
    return values;
  },
  play: play as unknown as CharacterPlay,
  table: poking as unknown as TableExtension,
};

const sheet = { ruleset: 'tiny', schemaVersion: 1, name: 'Ysolde', stats: {}, hp: { current: 10, max: 12 }, armour: 'd6', xp: 0 };

interface Table {
  state: TableState;
  readonly events: TableEvent[];
  /** Sends a command; its events are stored and folded, or the refusal is returned. */
  send(by: Actor, command: TableCommand, seed?: number): ReturnType<typeof rollCommand>;
}

/** A table with the Smith, Ada and Bob (names SmithName, Ada, Bob), and Bob's character `ch1`. */
function table(): Table {
  const events: TableEvent[] = [];
  let now = 1_000;
  const store = (made: readonly NewTableEvent[], by: Actor) => {
    for (const e of made) {
      const stored = { ...e, seq: events.length + 1, at: now, actorId: by.id, requestId: null, schemaVersion: EVENT_SCHEMA_VERSION } as TableEvent;
      events.push(stored);
      t.state = applyEvent(events.length === 1 ? null : t.state, stored, rules.table);
    }
  };
  const t: Table = {
    state: null as unknown as TableState,
    events,
    send(by, command, seed = 1) {
      now += 1_000;
      const r = rollCommand(t.state, by, command, { rng: seededRandom(seed), rules, now });
      if (r.ok) store(r.value, by);
      return r;
    },
  };
  store([{ kind: 'table-created', body: { name: 'T', ruleset: rules.id, settings: {} } }], smith);
  for (const [m, name] of [[smith, 'SmithName'], [ada, 'Ada'], [bob, 'Bob']] as const) store([{ kind: 'member-joined', body: { member: { id: m.id, name, role: m.role } } }], m);
  const saved = t.send(bob, { kind: 'character-save', requestId: 'mk', character: sheet });
  if (!saved.ok) throw new Error(saved.error.message);
  return t;
}

const doc = (t: Table, id = 'ch1') => t.state.characters.find((c) => c.id === id)!.document as unknown as Tiny;
const change = (name: string, params: Record<string, string | number | boolean> = {}, characterId = 'ch1'): TableCommand => ({ kind: 'character-change', requestId: `r-${name}`, characterId, change: name, params });

describe('character-change', () => {
  it('applies the ruleset’s change and keeps what was asked, rolled and explained on the event, with a history line', () => {
    const t = table();
    const r = t.send(bob, change('damage', { source: 'Pit trap' }), 7);
    expect(r.ok).toBe(true);
    const event = t.events[t.events.length - 1]!;
    expect(event.kind).toBe('character-saved');
    const body = event.body as { change: { id: string; params: unknown; dice: { face: number }[]; outcome: string; summary: string } };
    const face = body.change.dice[0]!.face;
    expect(doc(t).hp.current).toBe(Math.max(0, 10 - face));
    expect(body.change).toMatchObject({ id: 'damage', params: { source: 'Pit trap' }, outcome: `${face}`, summary: `Pit trap: ${face} damage` });
    expect(doc(t).history!.at(-1)).toEqual({ at: t.events.at(-1)!.at, by: 'Bob', change: 'damage', summary: `Pit trap: ${face} damage` });
  });

  it('lets the owner and the Smith make an owner’s change, refuses other players', () => {
    const t = table();
    expect(t.send(smith, change('damage')).ok).toBe(true);
    const other = t.send(ada, change('damage'));
    expect(other.ok ? null : other.error.code).toBe('auth/forbidden');
  });

  it('keeps a change the rules leave to the Smith for the Smith', () => {
    const t = table();
    const own = t.send(bob, change('xp', { amount: 5 }));
    expect(own.ok ? null : own.error).toMatchObject({ code: 'auth/forbidden', message: 'Your role may not award xp (that is the Smith’s).'.replace('’', "'") });
    expect(t.send(smith, change('xp', { amount: 5 })).ok).toBe(true);
    expect(doc(t).xp).toBe(5);
  });

  it('names what is wrong with a refused change by its path, and a refused change changes nothing', () => {
    const t = table();
    const before = t.events.length;
    const cases: [TableCommand, string, string][] = [
      [change('fly'), 'character/unknown-change', '$.change'],
      [change('heal'), 'param/missing', '$.params.amount'],
      [change('heal', { amount: 21 }), 'param/out-of-range', '$.params.amount'],
      [change('heal', { amount: 'lots' }), 'param/not-integer', '$.params.amount'],
      [change('heal', { amount: 1, extra: true }), 'param/unknown', '$.params.extra'],
      [change('damage', {}, 'ch9'), 'table/no-such-character', ''],
    ];
    for (const [command, code, path] of cases) {
      const r = t.send(bob, command);
      expect(r.ok, code).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe(code);
        if (path !== '') expect(r.error.path).toBe(path);
      }
    }
    expect(t.events).toHaveLength(before);
  });

  it('passes the ruleset’s refusal on with its path under params', () => {
    const t = table();
    t.send(bob, change('heal', { amount: 5 }));
    const r = t.send(bob, change('heal', { amount: 5 }));
    expect(r.ok ? null : r.error).toEqual({ code: 'tiny/unhurt', message: 'Ysolde is not hurt.', path: '$.params.amount' });
  });
});

describe('parameters the table fills or keeps', () => {
  it('gives a setting parameter the table’s ruling unless the sender gives one', () => {
    const t = table();
    t.state = { ...t.state, settings: { 'kind-healing': true } };
    t.send(smith, { kind: 'combat', requestId: 'x', action: { type: 'add', name: 'Y', side: 'party', characterId: 'ch1' } });
    t.send(smith, { kind: 'combat', requestId: 'h', action: { type: 'update', combatantId: 'c1', health: '5' } });
    t.send(bob, change('heal', { amount: 2 }));
    expect(doc(t).hp.current).toBe(8);
    expect((t.events.at(-1)!.body as { change: { params: unknown } }).change.params).toEqual({ 'kind-healing': true, amount: 2 });
    t.send(bob, change('heal', { amount: 2, 'kind-healing': false }));
    expect(doc(t).hp.current).toBe(10);
  });

  it('keeps a Smith-only parameter for the Smith', () => {
    const t = table();
    t.send(bob, change('damage'), 2);
    const r = t.send(bob, change('heal', { amount: 1, 'past-max': true }));
    expect(r.ok ? null : r.error).toMatchObject({ code: 'auth/forbidden' });
    expect(t.send(bob, change('heal', { amount: 1, 'past-max': false })).ok).toBe(true);
    expect(t.send(smith, change('heal', { amount: 1, 'past-max': true })).ok).toBe(true);
  });
});

describe('undo', () => {
  it('restores the document from before the last change, once, for the Smith only', () => {
    const t = table();
    t.send(bob, change('damage'), 3);
    const hurt = doc(t).hp.current;
    expect(hurt).toBeLessThan(10);
    const refused = t.send(bob, { kind: 'character-undo', requestId: 'u0', characterId: 'ch1' });
    expect(refused.ok ? null : refused.error.code).toBe('auth/forbidden');
    expect(t.send(smith, { kind: 'character-undo', requestId: 'u1', characterId: 'ch1' }).ok).toBe(true);
    expect(doc(t).hp.current).toBe(10);
    const last = doc(t).history!.at(-1)!;
    expect(last).toMatchObject({ by: 'SmithName', change: 'undo', isOverride: true });
    expect(last.summary).toMatch(/^Undid: a hit: \d damage$/);
    const again = t.send(smith, { kind: 'character-undo', requestId: 'u2', characterId: 'ch1' });
    expect(again.ok ? null : again.error.code).toBe('table/nothing-to-undo');
  });

  it('has nothing to undo on a character just brought to the table', () => {
    const t = table();
    const r = t.send(smith, { kind: 'character-undo', requestId: 'u', characterId: 'ch1' });
    expect(r.ok ? null : r.error.code).toBe('table/nothing-to-undo');
  });
});

describe('whole-sheet saves in the history', () => {
  it('names the fields an owner’s save changed, and marks the Smith’s save of another’s sheet an override', () => {
    const t = table();
    expect(t.send(bob, { kind: 'character-save', requestId: 's1', characterId: 'ch1', character: { ...doc(t), xp: 3, notes: 'owes Mora 5 coins' } }).ok).toBe(true);
    expect(doc(t).history!.at(-1)).toMatchObject({ by: 'Bob', change: 'edit', summary: 'Replaced the sheet: xp, notes.' });
    expect(t.send(smith, { kind: 'character-save', requestId: 's2', characterId: 'ch1', character: { ...doc(t), hp: { current: 12, max: 12 } } }).ok).toBe(true);
    expect(doc(t).history!.at(-1)).toMatchObject({ by: 'SmithName', change: 'override', isOverride: true, summary: 'The Smith replaced the sheet: hp.' });
  });

  it('starts a new character’s history with its coming to the table', () => {
    const t = table();
    expect(doc(t).history).toEqual([{ at: t.events.at(-1)!.at, by: 'Bob', change: 'created', summary: 'Came to the table.' }]);
  });
});

describe('the tracker and the character', () => {
  function fight(t: Table): string {
    const r = t.send(smith, { kind: 'combat', requestId: 'add', action: { type: 'add', name: 'Ysolde', side: 'party', characterId: 'ch1' } });
    if (!r.ok) throw new Error(r.error.message);
    return t.state.combat.combatants[0]!.id;
  }

  it('shows a character’s Health and Armour from its document when it joins the fight', () => {
    const t = table();
    fight(t);
    expect(t.state.combat.combatants[0]).toMatchObject({ health: '10/12', armour: 'd6', isDown: false });
  });

  it('follows a change to the character: one tracker change in the same command', () => {
    const t = table();
    fight(t);
    const before = t.events.length;
    t.send(bob, change('damage'), 5);
    const made = t.events.slice(before);
    expect(made.map((e) => e.kind)).toEqual(['combat-changed', 'character-saved']);
    expect(t.state.combat.combatants[0]!.health).toBe(`${doc(t).hp.current}/12`);
  });

  it('writes the Smith’s Health and Armour for a character’s combatant on the sheet', () => {
    const t = table();
    const id = fight(t);
    expect(t.send(smith, { kind: 'combat', requestId: 'u', action: { type: 'update', combatantId: id, health: '4', armour: 'd4' } }).ok).toBe(true);
    expect(doc(t)).toMatchObject({ hp: { current: 4, max: 12 }, armour: 'd4' });
    expect(doc(t).history!.at(-1)).toMatchObject({ change: 'tracker', summary: 'Tracker: HP 10/12 -> 4, Armour d6 -> d4' });
    expect(t.state.combat.combatants[0]).toMatchObject({ health: '4/12', armour: 'd4' });
    expect(t.send(smith, { kind: 'combat', requestId: 'n', action: { type: 'update', combatantId: id, armour: 'none' } }).ok).toBe(true);
    expect(doc(t).armour).toBeNull();
  });

  it('refuses a Health that is not one for a character’s combatant, and changes nothing', () => {
    const t = table();
    const id = fight(t);
    const before = t.events.length;
    for (const [health, code] of [
      ['banana', 'combat/bad-value'],
      ['d999999', 'combat/bad-value'],
      ['13', 'tiny/hp-above-max'],
    ] as const) {
      const r = t.send(smith, { kind: 'combat', requestId: 'b', action: { type: 'update', combatantId: id, health } });
      expect(r.ok ? null : r.error.code, health).toBe(code);
    }
    expect(t.events).toHaveLength(before);
  });
});

describe('a ruleset’s own commands changing a character', () => {
  const poke = (make: readonly ExtensionEvent[]): TableCommand => ({ kind: 'ruleset', requestId: 'p', command: { kind: 'poke', requestId: 'p', make } });
  const hurt = (t: Table): ExtensionEvent => ({ shared: 'character-saved', body: { character: { id: 'ch1', ownerId: 'B', document: { ...doc(t), hp: { current: 2, max: 12 } } }, change: { id: 'attack', summary: 'Goblin hits: 8 damage' } } });

  it('needs the owner’s rights, unless the change is the consequence of a rule the sender may make', () => {
    const t = table();
    const refused = t.send(ada, poke([hurt(t)]));
    expect(refused.ok ? null : refused.error.code).toBe('auth/forbidden');
    expect(t.send(ada, poke([{ ...hurt(t), isConsequence: true } as ExtensionEvent])).ok).toBe(true);
    expect(doc(t).hp.current).toBe(2);
    expect(doc(t).history!.at(-1)).toMatchObject({ by: 'Ada', change: 'attack', summary: 'Goblin hits: 8 damage' });
  });

  it('is still held to the ruleset’s validity', () => {
    const t = table();
    const bad: ExtensionEvent = { shared: 'character-saved', body: { character: { id: 'ch1', ownerId: 'B', document: { ...doc(t), hp: { current: 20, max: 12 } } } }, isConsequence: true };
    const r = t.send(smith, poke([bad]));
    expect(r.ok ? null : r.error.code).toBe('tiny/hp-above-max');
  });
});

describe('replay', () => {
  propTest.prop([fc.array(fc.tuple(fc.constantFrom('damage', 'heal', 'xp', 'undo', 'tracker'), fc.integer({ min: 1, max: 12 }), fc.nat(1000)), { maxLength: 25 })], { numRuns: 40 })(
    'rebuilds exactly the same characters from the stored events, and current HP never exceeds its maximum',
    (steps) => {
      const t = table();
      t.send(smith, { kind: 'combat', requestId: 'add', action: { type: 'add', name: 'Ysolde', side: 'party', characterId: 'ch1' } });
      for (const [kind, n, seed] of steps) {
        if (kind === 'undo') t.send(smith, { kind: 'character-undo', requestId: 'u', characterId: 'ch1' });
        else if (kind === 'tracker') t.send(smith, { kind: 'combat', requestId: 't', action: { type: 'update', combatantId: 'c1', health: `${n}` } });
        else t.send(kind === 'xp' ? smith : bob, change(kind, kind === 'damage' ? {} : { amount: n }), seed);
        const c = doc(t);
        expect(c.hp.current).toBeLessThanOrEqual(c.hp.max);
      }
      const replayed = foldEvents(t.events, rules.table)!;
      expect(replayed.characters).toEqual(t.state.characters);
      expect(replayed.combat).toEqual(t.state.combat);
      expect(replayed.previous).toEqual(t.state.previous);
    },
  );
});
