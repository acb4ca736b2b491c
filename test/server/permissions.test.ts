// The permission matrix, in full: every route and command x every kind of caller, against the real server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/dice/random.js';
import { ruleSystem } from '../../src/rules/hammercrawl/rule-system.js';
import { commandMessage } from '../../src/server/wire.js';
import { createTable, join, live, request, startTestServer, testRules, type TestServer, type TestTable } from './harness.js';
import { connect } from './ws-client.js';

type Subject = 'anonymous' | 'observer' | 'player' | 'owner' | 'smith' | 'other-smith';
const SUBJECTS: readonly Subject[] = ['anonymous', 'observer', 'player', 'owner', 'smith', 'other-smith'];
type Verdict = 'allowed' | 'denied';
const A: Verdict = 'allowed';
const D: Verdict = 'denied';

// Order of columns: anonymous, observer, player, owner, smith, other-smith.
const MATRIX: Record<string, readonly Verdict[]> = {
  'GET /api/tables/:id': [D, A, A, A, A, D],
  'GET /api/tables/:id/log': [D, A, A, A, A, D],
  'POST /api/tables/:id/rolls': [D, D, A, A, A, D],
  'POST /api/tables/:id/invite': [D, D, D, D, A, D],
  'ws hello': [D, A, A, A, A, D],
  'ws roll': [D, D, A, A, A, D],
  'ws check': [D, D, A, A, A, D],
  'ws usage': [D, D, A, A, A, D],
  'ws character-save (create)': [D, D, A, A, A, D],
  'ws character-save (edit the owner’s)': [D, D, D, A, A, D],
  'ws character-remove (the owner’s)': [D, D, D, A, A, D],
  'ws character-change (a note on the owner’s)': [D, D, D, A, A, D],
  'ws character-undo (the owner’s, after an edit)': [D, D, D, D, A, D],
  'ws combat': [D, D, D, D, A, D],
  'ws combat attack (with the owner’s character)': [D, D, D, A, A, D],
  'ws settings': [D, D, D, D, A, D],
  'ws venture': [D, D, D, D, A, D],
  'ws magick (the owner’s character)': [D, D, D, A, A, D],
  'ws hammer (a Check pool)': [D, D, A, A, A, D],
  'ws hammer (the node pool)': [D, D, D, D, A, D],
  'ws hammer-effects (a pick on the owner’s roll)': [D, D, D, A, A, D],
  'ws hammer-scene-end': [D, D, D, D, A, D],
  'ws chat': [D, A, A, A, A, D],
  'ws chat (a whisper to the Smith)': [D, A, A, A, D, D],
  'ws chat (a whisper to a player)': [D, D, D, D, A, D],
  'ws member-rename (oneself)': [D, A, A, A, A, D],
  'ws member-rename (another member)': [D, D, D, D, A, D],
  'ws member-remove': [D, D, D, D, A, D],
  'ws character-owner (the owner’s, to a player)': [D, D, D, D, A, D],
  'GET /api/tables/:id/summary': [A, A, A, A, A, A],
  'POST /api/tables/:id/seat (one’s own)': [D, A, A, A, A, D],
  'POST /api/tables/:id/seat (another member’s)': [D, D, D, D, A, D],
};

let server: TestServer;
let table: TestTable;
const tokens = new Map<Subject, string | undefined>();
/** Member ids at the table by token. */
const ids = new Map<string, string>();
/** A player no subject is: whispered to, renamed and given a seat by the others. */
let wren: { id: string; token: string };
const character = (() => {
  const r = ruleSystem.rollCharacter(seededRandom(5), {});
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
})();

beforeAll(async () => {
  server = await startTestServer();
  table = await createTable(server);
  const other = await createTable(server, 'Another table');
  tokens.set('anonymous', undefined);
  for (const [subject, name, role] of [['observer', 'Olive', 'observer'], ['player', 'Pim', 'player'], ['owner', 'Oona', 'player']] as const) {
    const joined = await join(server, table, name, role);
    tokens.set(subject, joined.token);
    ids.set(joined.token, joined.id);
  }
  tokens.set('smith', table.smithToken);
  ids.set(table.smithToken, table.smithId);
  tokens.set('other-smith', other.smithToken);
  ids.set(other.smithToken, other.smithId);
  wren = await join(server, table, 'Wren');
});
afterAll(async () => {
  await server.close();
});

let counter = 0;
const rid = (): string => `p${++counter}`;

/** A character owned by the owner, made fresh for one attempt. */
async function ownersCharacter(): Promise<string> {
  const owner = await live(server, table.id, tokens.get('owner')!);
  const requestId = rid();
  owner.send({ kind: 'character-save', requestId, character });
  const ack = await owner.waitFor((f) => (f['kind'] === 'ack' || f['kind'] === 'error') && f['requestId'] === requestId);
  if (ack['kind'] !== 'ack') throw new Error(JSON.stringify(ack));
  const saved = await owner.waitFor((f) => f['kind'] === 'character-saved' && f['seq'] === ack['seq']);
  owner.close();
  return (saved['character'] as { id: string }).id;
}

/** A public hammer roll by the owner that shows one falcon (a white die's 6), waiting for its pick: its request id. */
async function ownersFalcon(): Promise<string> {
  const owner = await live(server, table.id, tokens.get('owner')!);
  const requestId = rid();
  owner.send({ kind: 'hammer', requestId, pool: { kind: 'dice', colours: ['white'] }, visibility: 'public', faces: [6] });
  const ack = await owner.waitFor((f) => (f['kind'] === 'ack' || f['kind'] === 'error') && f['requestId'] === requestId);
  if (ack['kind'] !== 'ack') throw new Error(JSON.stringify(ack));
  owner.close();
  return requestId;
}

/** A character owned by the owner and saved once more by the owner: it has a change to undo. */
async function ownersEditedCharacter(): Promise<string> {
  const id = await ownersCharacter();
  const owner = await live(server, table.id, tokens.get('owner')!);
  const requestId = rid();
  owner.send({ kind: 'character-save', requestId, characterId: id, character: { ...character, name: 'Renamed' } });
  const ack = await owner.waitFor((f) => (f['kind'] === 'ack' || f['kind'] === 'error') && f['requestId'] === requestId);
  owner.close();
  if (ack['kind'] !== 'ack') throw new Error(JSON.stringify(ack));
  return id;
}

/** A fresh fight in the tracker: the owner's character against a goblin; the attack's two ids. */
async function ownersFight(): Promise<{ attackerId: string; targetId: string }> {
  const characterId = await ownersCharacter();
  const smith = await live(server, table.id, tokens.get('smith')!);
  const ids: string[] = [];
  for (const action of [
    { type: 'clear' },
    { type: 'add', name: 'Hero', side: 'party', characterId, health: 'd8' },
    { type: 'add', name: 'Goblin', side: 'foes', health: 'd30', monster: 'hd=1,attack=+2,defense=11,damage=d6' },
  ]) {
    const requestId = rid();
    smith.send({ kind: 'combat', requestId, action });
    const ack = await smith.waitFor((f) => (f['kind'] === 'ack' || f['kind'] === 'error') && f['requestId'] === requestId);
    if (ack['kind'] !== 'ack') throw new Error(JSON.stringify(ack));
    const changed = await smith.waitFor((f) => f['kind'] === 'combat-changed' && f['seq'] === ack['seq']);
    ids.push(...(changed['combat'] as { combatants: { id: string }[] }).combatants.map((c) => c.id));
  }
  smith.close();
  const last = [...new Set(ids)];
  return { attackerId: last[last.length - 2]!, targetId: last[last.length - 1]! };
}

/** A player who joins for one attempt (removed, or given a new seat). */
async function newcomer(): Promise<string> {
  // Another row may have rotated the invite: join with the current one.
  const info = await request(server, 'GET', `/api/tables/${table.id}`, undefined, tokens.get('smith'));
  return (await join(server, { ...table, inviteCode: info.body['inviteCode'] as string }, `Newcomer ${rid()}`)).id;
}

/** Renews the caller's own seat; the subject keeps the new token for the next rows. */
async function renewOwnSeat(token: string | undefined): Promise<Verdict> {
  const res = await request(server, 'POST', `/api/tables/${table.id}/seat`, {}, token);
  if (res.status === 401 || res.status === 403) return D;
  if (res.status !== 200) throw new Error(`seat: unexpected ${res.status} ${JSON.stringify(res.body)}`);
  for (const [subject, t] of tokens) if (t === token) tokens.set(subject, res.body['token'] as string);
  ids.set(res.body['token'] as string, res.body['memberId'] as string);
  return A;
}

async function httpVerdict(method: string, path: string, body: unknown, token: string | undefined): Promise<Verdict> {
  const res = await request(server, method, path.replace(':id', table.id), body, token);
  if (res.status < 300) return A;
  if (res.status === 401 || res.status === 403) return D;
  throw new Error(`${method} ${path}: unexpected ${res.status} ${JSON.stringify(res.body)}`);
}

async function wsVerdict(token: string | undefined, command: (() => Promise<object>) | null, refusals: readonly string[] = []): Promise<Verdict> {
  const client = await connect(`${server.ws}/api/tables/${table.id}/live`);
  try {
    client.send({ kind: 'hello', token: token ?? '', since: 0 });
    const first = await client.waitFor((f) => f['kind'] === 'welcome' || f['kind'] === 'error');
    if (first['kind'] === 'error') {
      expect(['auth/bad-token', 'protocol/hello-first']).toContain(first['code']);
      return D;
    }
    if (command === null) return A;
    const message = { requestId: rid(), ...(await command()) };
    const mark = client.frames.length;
    client.send(message);
    const answer = await client.waitFor((f) => (f['kind'] === 'ack' || f['kind'] === 'error') && f['requestId'] === (message as { requestId: string }).requestId, 5000, mark);
    if (answer['kind'] === 'ack') return A;
    expect(['auth/forbidden', ...refusals], JSON.stringify(answer)).toContain(answer['code']);
    return D;
  } finally {
    client.close();
  }
}

const OPERATIONS: Record<string, (token: string | undefined) => Promise<Verdict>> = {
  'GET /api/tables/:id': (t) => httpVerdict('GET', '/api/tables/:id', undefined, t),
  'GET /api/tables/:id/log': (t) => httpVerdict('GET', '/api/tables/:id/log?since=0', undefined, t),
  'POST /api/tables/:id/rolls': (t) => httpVerdict('POST', '/api/tables/:id/rolls', { requestId: rid(), notation: 'd6', visibility: 'public' }, t),
  'POST /api/tables/:id/invite': (t) => httpVerdict('POST', '/api/tables/:id/invite', { action: 'rotate' }, t),
  'ws hello': (t) => wsVerdict(t, null),
  'ws roll': (t) => wsVerdict(t, async () => ({ kind: 'roll', notation: 'd6', visibility: 'public' })),
  'ws check': (t) => wsVerdict(t, async () => ({ kind: 'check', check: 'test', params: { target: 12 }, visibility: 'public' })),
  'ws usage': (t) => wsVerdict(t, async () => ({ kind: 'usage', die: 8, label: 'Torches', visibility: 'public' })),
  'ws character-save (create)': (t) => wsVerdict(t, async () => ({ kind: 'character-save', character })),
  'ws character-save (edit the owner’s)': (t) => wsVerdict(t, async () => ({ kind: 'character-save', characterId: await ownersCharacter(), character })),
  'ws character-remove (the owner’s)': (t) => wsVerdict(t, async () => ({ kind: 'character-remove', characterId: await ownersCharacter() })),
  'ws character-change (a note on the owner’s)': (t) => wsVerdict(t, async () => ({ kind: 'character-change', characterId: await ownersCharacter(), change: 'edit', params: { notes: 'Owes the Smith a drink.' } })),
  'ws character-undo (the owner’s, after an edit)': (t) => wsVerdict(t, async () => ({ kind: 'character-undo', characterId: await ownersEditedCharacter() })),
  'ws combat': (t) => wsVerdict(t, async () => ({ kind: 'combat', action: { type: 'add', name: 'Goblin', side: 'foes', health: 'd6' } })),
  'ws combat attack (with the owner’s character)': (t) => wsVerdict(t, async () => ({ kind: 'combat', action: { type: 'attack', ...(await ownersFight()) } })),
  'ws settings': (t) => wsVerdict(t, async () => ({ kind: 'settings', settings: { 'below-d3': 'negate' } })),
  'ws venture': (t) => wsVerdict(t, async () => ({ kind: 'venture', command: { kind: 'join', member: { id: rid(), xp: 0 } } })),
  'ws magick (the owner’s character)': (t) =>
    wsVerdict(t, async () => ({
      kind: 'magick',
      characterId: await ownersCharacter(),
      command: {
        kind: 'set-caster',
        caster: { level: 1, grade: 'dedicated', spellStat: 'INT', spellStatScore: 12, sustainDivisor: 1, conScore: 10, hasManaBurn: false, canOvercast: false, profileId: null },
      },
    })),
  'ws hammer (a Check pool)': (t) => wsVerdict(t, async () => ({ kind: 'hammer', pool: { kind: 'check', level: 1, isFeat: true }, visibility: 'public' })),
  'ws hammer (the node pool)': (t) => wsVerdict(t, async () => ({ kind: 'hammer', pool: { kind: 'node', difficulty: 2 }, visibility: 'public' })),
  'ws hammer-effects (a pick on the owner’s roll)': (t) =>
    wsVerdict(t, async () => ({ kind: 'hammer-effects', rollId: await ownersFalcon(), picks: [{ symbol: 'falcon', effect: 'pay-it-forward' }] })),
  'ws hammer-scene-end': (t) => wsVerdict(t, async () => ({ kind: 'hammer-scene-end' })),
  'ws chat': (t) => wsVerdict(t, async () => ({ kind: 'chat', text: 'Hello, table.' })),
  // The Smith whispering to the Smith is refused as a whisper to oneself (chat/whisper-self), not a right.
  'ws chat (a whisper to the Smith)': (t) => wsVerdict(t, async () => ({ kind: 'chat', text: 'A word, Smith.', to: table.smithId }), ['chat/whisper-self']),
  'ws chat (a whisper to a player)': (t) => wsVerdict(t, async () => ({ kind: 'chat', text: 'You hear a voice.', to: wren.id })),
  'ws member-rename (oneself)': (t) => wsVerdict(t, async () => ({ kind: 'member-rename', memberId: ids.get(t ?? '') ?? 'nobody', name: `Renamed ${rid()}` })),
  'ws member-rename (another member)': (t) => wsVerdict(t, async () => ({ kind: 'member-rename', memberId: wren.id, name: `Wren ${rid()}` })),
  'ws member-remove': (t) => wsVerdict(t, async () => ({ kind: 'member-remove', memberId: await newcomer() })),
  'ws character-owner (the owner’s, to a player)': (t) => wsVerdict(t, async () => ({ kind: 'character-owner', characterId: await ownersCharacter(), ownerId: wren.id })),
  'GET /api/tables/:id/summary': (t) => httpVerdict('GET', `/api/tables/:id/summary?invite=${table.inviteCode}`, undefined, t),
  'POST /api/tables/:id/seat (one’s own)': (t) => renewOwnSeat(t),
  'POST /api/tables/:id/seat (another member’s)': async (t) => httpVerdict('POST', '/api/tables/:id/seat', { memberId: await newcomer() }, t),
};

describe('permission matrix', () => {
  it('covers every route and every command kind', () => {
    expect(Object.keys(OPERATIONS).sort()).toEqual(Object.keys(MATRIX).sort());
    // Every command kind the wire accepts (ping is no command) has a row.
    const commandKinds = [
      ...commandMessage.options.map((o) => o.shape.kind.value).filter((k) => k !== 'ping'),
      ...[...testRules().values()].flatMap((rs) => rs.table?.commands.map((c) => c.kind) ?? []),
    ];
    expect(commandKinds).toEqual(expect.arrayContaining(['roll', 'check', 'usage', 'character-save', 'character-remove', 'combat', 'settings', 'venture', 'magick', 'hammer']));
    for (const kind of commandKinds) expect(Object.keys(MATRIX).some((k) => k.startsWith(`ws ${kind}`)), kind).toBe(true);
    for (const [method, url] of [
      ['GET', '/api/tables/:id'],
      ['GET', '/api/tables/:id/log'],
      ['POST', '/api/tables/:id/rolls'],
      ['POST', '/api/tables/:id/invite'],
      ['GET', '/api/tables/:id/summary'],
      ['POST', '/api/tables/:id/seat'],
    ] as const) {
      expect(server.app.hasRoute({ method, url }), url).toBe(true);
      expect(Object.keys(MATRIX).some((k) => k === `${method} ${url}` || k.startsWith(`${method} ${url} (`)), url).toBe(true);
    }
  });

  for (const [operation, row] of Object.entries(MATRIX)) {
    it(operation, async () => {
      const got: Record<string, Verdict> = {};
      const want: Record<string, Verdict> = {};
      for (const [i, subject] of SUBJECTS.entries()) {
        got[subject] = await OPERATIONS[operation]!(tokens.get(subject));
        want[subject] = row[i]!;
      }
      expect(got).toEqual(want);
    });
  }
});
