/**
 * Every limit of src/table/limits.ts, at the limit (accepted) and one past it (refused with its own
 * code), where it is enforced: the table core (`rollCommand`, `rollCombatAction`) for the pure ones,
 * the real server (HTTP and WebSocket, real SQLite) for those the server reads from its requests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../dice/random.js';
import { DEFAULT_RULESET, loadRuleSystem } from '../rules/catalogue.js';
import type { RuleSystem } from '../rules/rule-system.js';
import { EMPTY_COMBAT, MAX_MONSTER_LINE_LENGTH, rollCombatAction, type CombatAction, type CombatState } from './combat.js';
import { rollCommand, type Actor, type TableCommand } from './commands.js';
import { EVENT_SCHEMA_VERSION, type NewTableEvent, type TableEvent } from './events.js';
import {
  MAX_CHARACTER_JSON_LENGTH,
  MAX_CHARACTERS,
  MAX_COMBATANTS,
  MAX_CONDITION_LENGTH,
  MAX_CONDITIONS,
  MAX_LABEL_LENGTH,
  MAX_MEMBER_NAME_LENGTH,
  MAX_MEMBERS,
  MAX_REQUEST_ID_LENGTH,
  MAX_SETTINGS_JSON_LENGTH,
  MAX_TABLE_NAME_LENGTH,
} from './limits.js';
import type { TableResult } from './result.js';
import { applyEvent, type TableState } from './state.js';
import { openSqliteStore } from '../server/storage/sqlite-store.js';
import type { TableStore } from '../server/storage/types.js';
import { createTable, join, live, request, startTestServer, type TestServer } from '../../test/server/harness.js';

/** A real ruleset, the catalogue's default (it has a table extension, whose labels are limited too). */
const rules: RuleSystem = await loadRuleSystem(DEFAULT_RULESET);
/** The ruleset without its reading of tracker fields: what is left to check of any text is its length. */
const { readTrackerValue: _readTrackerValue, ...freeTextRules } = rules;
void _readTrackerValue;
const smith: Actor = { id: 'S', role: 'smith' };
const ada: Actor = { id: 'A', role: 'player' };

/** Longest value of one setting the wire reads (src/server/wire.ts). */
const SETTING_VALUE_LENGTH = 200;
/** Keys of the free-text settings of `roomyRules`. */
const NOTE_KEYS = Array.from({ length: 50 }, (_, i) => `note-${String(i + 1).padStart(2, '0')}`);

/**
 * The HAMMERCRAWL! ruleset with free-text settings that can add up to more than the settings limit:
 * no real ruleset has settings that long, and the table's own limit is what is tested.
 */
const roomyRules: RuleSystem = {
  ...rules,
  settings: [...rules.settings, ...NOTE_KEYS.map((name) => ({ name, kind: 'text' as const, label: name, help: 'Free text.', maxLength: SETTING_VALUE_LENGTH }))],
};

/** Settings of `roomyRules` whose JSON text is `length` characters: `{"note-01":"xxx...",...}`. */
function settingsOfLength(length: number): Record<string, string> {
  // k entries of `"note-nn":"..."` take 2 + (k - 1) + 12k characters besides their values.
  const k = Math.ceil((length - 1) / (13 + SETTING_VALUE_LENGTH));
  let left = length - 1 - 13 * k;
  const settings: Record<string, string> = {};
  for (const key of NOTE_KEYS.slice(0, k)) {
    const n = Math.min(SETTING_VALUE_LENGTH, left);
    settings[key] = 'x'.repeat(n);
    left -= n;
  }
  expect(JSON.stringify(settings)).toHaveLength(length);
  return settings;
}

/** A HAMMERCRAWL! table with its Smith and one player, as the fold of its events. */
function freshState(): TableState {
  const made: NewTableEvent[] = [
    { kind: 'table-created', body: { name: 'T', ruleset: DEFAULT_RULESET, settings: {} } },
    ...[smith, ada].map((m): NewTableEvent => ({ kind: 'member-joined', body: { member: { id: m.id, name: m.id, role: m.role } } })),
  ];
  return fold(null, made, smith);
}

function fold(state: TableState | null, made: readonly NewTableEvent[], actor: Actor): TableState {
  let s = state;
  for (const e of made) {
    const seq = (s?.lastSeq ?? 0) + 1;
    s = applyEvent(s, { ...e, seq, at: seq, actorId: actor.id, requestId: null, schemaVersion: EVENT_SCHEMA_VERSION } as TableEvent);
  }
  return s!;
}

/** Decides `command` on `state`; a refusal of a command that builds up the state is a failed test. */
function decide(state: TableState, actor: Actor, command: TableCommand, r: RuleSystem = rules): TableResult<NewTableEvent[]> {
  return rollCommand(state, actor, command, { rng: seededRandom(1), rules: r, now: 1_000_000 });
}

function run(state: TableState, actor: Actor, command: TableCommand, r: RuleSystem = rules): TableState {
  const d = decide(state, actor, command, r);
  if (!d.ok) throw new Error(`setting up: ${d.error.code}: ${d.error.message}`);
  return fold(state, d.value, actor);
}

const character = (() => {
  const r = rules.rollCharacter(seededRandom(3), {});
  if (!r.ok) throw new Error(r.error.message);
  // The default ruleset's document: its skills carry a free-text specialization, used to pad it.
  return r.value as unknown as { readonly skills: readonly { readonly specialization: string | null }[] } & { readonly [key: string]: unknown };
})();

/** The character with its first skill's specialization padded so that its JSON text is `length` characters. */
/** A character whose JSON, its history aside (the table appends that, bounded on its own), is `length` characters. */
function characterOfLength(length: number): unknown {
  const withSpec = (text: string) => ({ ...character, skills: character.skills.map((s, i) => (i === 0 ? { ...s, specialization: text } : s)) });
  const measured = (doc: object) => JSON.stringify({ ...doc, history: undefined }).length;
  const doc = withSpec('x'.repeat(length - measured(withSpec(''))));
  expect(measured(doc)).toBe(length);
  return doc;
}

/** A tracker holding `n` combatants. */
function trackerOf(n: number): CombatState {
  let c = EMPTY_COMBAT;
  for (let i = 0; i < n; i++) c = combat(c, { type: 'add', name: `G${i}`, side: 'foes' });
  return c;
}

function combat(state: CombatState, action: CombatAction): CombatState {
  const r = rollCombatAction(seededRandom(9), rules, state, action);
  if (!r.ok) throw new Error(`setting up: ${r.error.code}: ${r.error.message}`);
  return r.value.combat;
}

/** A tracker with one combatant, c1, for updates. */
const oneCombatant = combat(EMPTY_COMBAT, { type: 'add', name: 'Goblin', side: 'foes' });

interface PureLimitCase {
  readonly limit: string;
  readonly value: number;
  readonly where: string;
  /** Decides the command that puts `n` (the limit, then one past it) against the limit. */
  readonly attempt: (n: number) => TableResult<unknown>;
  readonly code: string;
}

const x = (n: number) => 'x'.repeat(n);

const PURE_CASES: readonly PureLimitCase[] = [
  {
    limit: 'MAX_LABEL_LENGTH',
    value: MAX_LABEL_LENGTH,
    where: 'roll',
    attempt: (n) => decide(freshState(), ada, { kind: 'roll', requestId: 'r', notation: 'd6', visibility: 'public', label: x(n) }),
    code: 'table/label-too-long',
  },
  {
    limit: 'MAX_LABEL_LENGTH',
    value: MAX_LABEL_LENGTH,
    where: 'check',
    attempt: (n) => decide(freshState(), ada, { kind: 'check', requestId: 'r', check: 'test', params: { target: 12 }, visibility: 'public', label: x(n) }),
    code: 'table/label-too-long',
  },
  {
    limit: 'MAX_LABEL_LENGTH',
    value: MAX_LABEL_LENGTH,
    where: 'usage',
    attempt: (n) => decide(freshState(), ada, { kind: 'usage', requestId: 'r', die: 8, visibility: 'public', label: x(n) }),
    code: 'table/label-too-long',
  },
  {
    limit: 'MAX_LABEL_LENGTH',
    value: MAX_LABEL_LENGTH,
    where: 'hammer',
    attempt: (n) => decide(freshState(), ada, { kind: 'ruleset', requestId: 'r', command: { kind: 'hammer', requestId: 'r', pool: { kind: 'dice', colours: ['white'] }, visibility: 'public', label: x(n) } }),
    code: 'table/label-too-long',
  },
  {
    limit: 'MAX_LABEL_LENGTH',
    value: MAX_LABEL_LENGTH,
    where: 'roll, spaces around the label do not count',
    attempt: (n) => decide(freshState(), ada, { kind: 'roll', requestId: 'r', notation: 'd6', visibility: 'public', label: `  ${x(n)}  ` }),
    code: 'table/label-too-long',
  },
  {
    limit: 'MAX_CHARACTERS',
    value: MAX_CHARACTERS,
    where: 'character-save of a new character',
    attempt: (n) => {
      let s = freshState();
      for (let i = 1; i < n; i++) s = run(s, ada, { kind: 'character-save', requestId: `c${i}`, character });
      expect(s.characters).toHaveLength(n - 1);
      return decide(s, ada, { kind: 'character-save', requestId: 'last', character });
    },
    code: 'table/too-many-characters',
  },
  {
    limit: 'MAX_CHARACTER_JSON_LENGTH',
    value: MAX_CHARACTER_JSON_LENGTH,
    where: 'character-save',
    attempt: (n) => decide(freshState(), ada, { kind: 'character-save', requestId: 'c', character: characterOfLength(n) }),
    code: 'table/character-too-large',
  },
  {
    limit: 'MAX_CHARACTER_JSON_LENGTH',
    value: MAX_CHARACTER_JSON_LENGTH,
    where: 'character-save of an existing character',
    attempt: (n) => {
      const s = run(freshState(), ada, { kind: 'character-save', requestId: 'c', character });
      return decide(s, ada, { kind: 'character-save', requestId: 'e', characterId: 'ch1', character: characterOfLength(n) });
    },
    code: 'table/character-too-large',
  },
  {
    limit: 'MAX_SETTINGS_JSON_LENGTH',
    value: MAX_SETTINGS_JSON_LENGTH,
    where: 'settings',
    attempt: (n) => decide(freshState(), smith, { kind: 'settings', requestId: 's', settings: settingsOfLength(n) }, roomyRules),
    code: 'table/settings-too-large',
  },
  {
    limit: 'MAX_COMBATANTS',
    value: MAX_COMBATANTS,
    where: 'combat add',
    attempt: (n) => rollCombatAction(seededRandom(9), rules, trackerOf(n - 1), { type: 'add', name: 'One more', side: 'foes' }),
    code: 'combat/too-many-combatants',
  },
  {
    limit: 'MAX_COMBATANTS',
    value: MAX_COMBATANTS,
    where: 'combat add, through the table command',
    attempt: (n) => {
      const s = { ...freshState(), combat: trackerOf(n - 1) };
      return decide(s, smith, { kind: 'combat', requestId: 'k', action: { type: 'add', name: 'One more', side: 'foes' } });
    },
    code: 'combat/too-many-combatants',
  },
  {
    limit: 'MAX_CONDITIONS',
    value: MAX_CONDITIONS,
    where: 'combat update',
    attempt: (n) => rollCombatAction(seededRandom(9), rules, oneCombatant, { type: 'update', combatantId: 'c1', conditions: Array.from({ length: n }, (_, i) => `k${i}`) }),
    code: 'combat/too-many-conditions',
  },
  {
    limit: 'MAX_CONDITIONS',
    value: MAX_CONDITIONS,
    where: 'combat add',
    attempt: (n) => rollCombatAction(seededRandom(9), rules, EMPTY_COMBAT, { type: 'add', name: 'Orc', side: 'foes', conditions: Array.from({ length: n }, (_, i) => `k${i}`) }),
    code: 'combat/too-many-conditions',
  },
  {
    limit: 'MAX_CONDITION_LENGTH',
    value: MAX_CONDITION_LENGTH,
    where: 'a condition',
    attempt: (n) => rollCombatAction(seededRandom(9), rules, oneCombatant, { type: 'update', combatantId: 'c1', conditions: ['prone', x(n)] }),
    code: 'combat/text-too-long',
  },
  {
    limit: 'MAX_CONDITION_LENGTH',
    value: MAX_CONDITION_LENGTH,
    where: 'health',
    attempt: (n) => rollCombatAction(seededRandom(9), freeTextRules, oneCombatant, { type: 'update', combatantId: 'c1', health: x(n) }),
    code: 'combat/text-too-long',
  },
  {
    limit: 'MAX_CONDITION_LENGTH',
    value: MAX_CONDITION_LENGTH,
    where: 'armour',
    attempt: (n) => rollCombatAction(seededRandom(9), freeTextRules, oneCombatant, { type: 'update', combatantId: 'c1', armour: x(n) }),
    code: 'combat/text-too-long',
  },
  {
    limit: 'MAX_MEMBER_NAME_LENGTH',
    value: MAX_MEMBER_NAME_LENGTH,
    where: 'a combatant added',
    attempt: (n) => rollCombatAction(seededRandom(9), rules, EMPTY_COMBAT, { type: 'add', name: x(n), side: 'foes' }),
    code: 'combat/text-too-long',
  },
  {
    limit: 'MAX_MONSTER_LINE_LENGTH (src/table/combat.ts)',
    value: MAX_MONSTER_LINE_LENGTH,
    where: "a combatant's monster line",
    attempt: (n) => rollCombatAction(seededRandom(9), freeTextRules, oneCombatant, { type: 'update', combatantId: 'c1', monster: x(n) }),
    code: 'combat/text-too-long',
  },
  {
    limit: 'MAX_MEMBER_NAME_LENGTH',
    value: MAX_MEMBER_NAME_LENGTH,
    where: 'a combatant renamed',
    attempt: (n) => rollCombatAction(seededRandom(9), rules, oneCombatant, { type: 'update', combatantId: 'c1', name: x(n) }),
    code: 'combat/text-too-long',
  },
];

describe('limits the table core enforces: at the limit accepted, one past it refused with its code', () => {
  it.each(PURE_CASES)('$limit = $value ($where)', ({ value, attempt, code }) => {
    const at = attempt(value);
    expect(at.ok ? 'accepted' : at.error).toBe('accepted');
    const past = attempt(value + 1);
    expect(past).toMatchObject({ ok: false, error: { code } });
    // The message names the limit, so the person refused knows how far to go.
    expect(past.ok ? '' : past.error.message).toContain(String(value));
  });
});

// ---- the limits the server enforces (src/server/wire.ts, src/server/app.ts) -----------------------

interface ServerLimitCase {
  readonly limit: string;
  readonly value: number;
  readonly where: string;
  /** Sends the request that puts `n` against the limit; the status and body of the answer. */
  readonly attempt: (server: TestServer, n: number) => Promise<{ status: number; body: { [key: string]: unknown } }>;
  readonly acceptedStatus: number;
  readonly refusedStatus: number;
  readonly code: string;
  /** What the refusal's message says (the field, and the limit). */
  readonly message: RegExp;
}

/** A request id of `n` characters. */
const rid = (n: number) => 'r'.repeat(n);

const SERVER_CASES: readonly ServerLimitCase[] = [
  {
    limit: 'MAX_TABLE_NAME_LENGTH',
    value: MAX_TABLE_NAME_LENGTH,
    where: 'POST /api/tables name',
    attempt: (server, n) => request(server, 'POST', '/api/tables', { name: 'n'.repeat(n), ruleset: DEFAULT_RULESET }),
    acceptedStatus: 201,
    refusedStatus: 400,
    code: 'table/invalid',
    message: new RegExp(`^name: .*<=${MAX_TABLE_NAME_LENGTH} characters`),
  },
  {
    limit: 'MAX_MEMBER_NAME_LENGTH',
    value: MAX_MEMBER_NAME_LENGTH,
    where: 'POST /api/tables smithName',
    attempt: (server, n) => request(server, 'POST', '/api/tables', { name: 'T', smithName: 's'.repeat(n), ruleset: DEFAULT_RULESET }),
    acceptedStatus: 201,
    refusedStatus: 400,
    code: 'table/invalid',
    message: new RegExp(`^smithName: .*<=${MAX_MEMBER_NAME_LENGTH} characters`),
  },
  {
    limit: 'MAX_MEMBER_NAME_LENGTH',
    value: MAX_MEMBER_NAME_LENGTH,
    where: 'POST /api/tables/:id/players name',
    attempt: async (server, n) => {
      const table = await createTable(server);
      return request(server, 'POST', `/api/tables/${table.id}/players`, { inviteCode: table.inviteCode, name: 'p'.repeat(n) });
    },
    acceptedStatus: 201,
    refusedStatus: 400,
    code: 'join/invalid',
    message: new RegExp(`^name: .*<=${MAX_MEMBER_NAME_LENGTH} characters`),
  },
  {
    limit: 'MAX_REQUEST_ID_LENGTH',
    value: MAX_REQUEST_ID_LENGTH,
    where: 'POST /api/tables/:id/rolls requestId',
    attempt: async (server, n) => {
      const table = await createTable(server);
      return request(server, 'POST', `/api/tables/${table.id}/rolls`, { requestId: rid(n), notation: 'd6', visibility: 'public' }, table.smithToken);
    },
    acceptedStatus: 201,
    refusedStatus: 400,
    code: 'roll/invalid',
    message: new RegExp(`^requestId: .*<=${MAX_REQUEST_ID_LENGTH} characters`),
  },
  {
    limit: 'MAX_SETTINGS_JSON_LENGTH',
    value: MAX_SETTINGS_JSON_LENGTH,
    where: 'POST /api/tables settings',
    attempt: (server, n) => request(server, 'POST', '/api/tables', { name: 'T', ruleset: DEFAULT_RULESET, settings: settingsOfLength(n) }),
    acceptedStatus: 201,
    refusedStatus: 400,
    code: 'table/settings-too-large',
    message: new RegExp(`at most ${MAX_SETTINGS_JSON_LENGTH} characters`),
  },
];

describe('limits the server enforces: at the limit accepted, one past it refused with its code', () => {
  let server: TestServer;
  beforeAll(async () => {
    // `roomyRules` only adds a setting long enough to reach the settings limit.
    server = await startTestServer({ rules: new Map([[DEFAULT_RULESET, roomyRules]]) });
  });
  afterAll(async () => {
    await server.close();
  });

  it.each(SERVER_CASES)('$limit = $value ($where)', async ({ value, attempt, acceptedStatus, refusedStatus, code, message }) => {
    const at = await attempt(server, value);
    expect(at.status, JSON.stringify(at.body)).toBe(acceptedStatus);
    const past = await attempt(server, value + 1);
    expect(past.status).toBe(refusedStatus);
    expect(past.body['error']).toMatchObject({ code, message: expect.stringMatching(message) });
  });

  it(`MAX_REQUEST_ID_LENGTH = ${MAX_REQUEST_ID_LENGTH} (a WebSocket command's requestId)`, async () => {
    const table = await createTable(server);
    const smithLive = await live(server, table.id, table.smithToken);
    smithLive.send({ kind: 'roll', requestId: rid(MAX_REQUEST_ID_LENGTH), notation: 'd6', visibility: 'public' });
    expect(await smithLive.waitFor((f) => f['kind'] === 'ack' || f['kind'] === 'error')).toMatchObject({ kind: 'ack', requestId: rid(MAX_REQUEST_ID_LENGTH) });
    const mark = smithLive.frames.length;
    smithLive.send({ kind: 'roll', requestId: rid(MAX_REQUEST_ID_LENGTH + 1), notation: 'd6', visibility: 'public' });
    const error = await smithLive.waitFor((f) => f['kind'] === 'ack' || f['kind'] === 'error', 5000, mark);
    expect(error).toMatchObject({ kind: 'error', code: 'protocol/malformed', message: expect.stringMatching(new RegExp(`^requestId: .*<=${MAX_REQUEST_ID_LENGTH} characters`)) });
    smithLive.close();
  });

  it(`MAX_MEMBERS = ${MAX_MEMBERS}, the Smith included: joins up to it accepted, one past 409 table/full`, async () => {
    const table = await createTable(server);
    for (let i = 1; i < MAX_MEMBERS; i++) await join(server, table, `P${i}`, i % 2 === 0 ? 'observer' : 'player');
    const info = await request(server, 'GET', `/api/tables/${table.id}`, undefined, table.smithToken);
    expect(info.body['members']).toHaveLength(MAX_MEMBERS);
    const past = await request(server, 'POST', `/api/tables/${table.id}/players`, { inviteCode: table.inviteCode, name: 'One more' });
    expect(past.status).toBe(409);
    expect(past.body['error']).toMatchObject({ code: 'table/full', message: expect.stringContaining(String(MAX_MEMBERS)) });
    expect((await request(server, 'GET', `/api/tables/${table.id}`, undefined, table.smithToken)).body['members']).toHaveLength(MAX_MEMBERS);
  });

  it(`MAX_MEMBERS = ${MAX_MEMBERS} holds when joins arrive at the same time, over a store that answers later (as PostgreSQL does)`, async () => {
    const slow = await startTestServer({ store: answeringLater(await openSqliteStore(':memory:')) });
    try {
      const table = await createTable(slow);
      for (let i = 1; i < MAX_MEMBERS - 2; i++) await join(slow, table, `P${i}`);
      // Two places left, six asking at once: two get in, four are refused.
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => request(slow, 'POST', `/api/tables/${table.id}/players`, { inviteCode: table.inviteCode, name: `Q${i}` })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 409, 409, 409, 409]);
      expect((await request(slow, 'GET', `/api/tables/${table.id}`, undefined, table.smithToken)).body['members']).toHaveLength(MAX_MEMBERS);
    } finally {
      await slow.close();
    }
  });
});

/** `store` with every answer given on a later turn of the event loop, as a networked database gives it. */
function answeringLater(store: TableStore): TableStore {
  return new Proxy(store, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        await new Promise((resolve) => setImmediate(resolve));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
