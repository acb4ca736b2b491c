// HAMMERCRAWL! at the shared table through real sockets: Ventures on the server clock, magick, hammer dice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/dice/random.js';
import { TORCH_BURN_MS } from '../../src/rules/hammercrawl/venture/light.js';
import { foldVenture, type VentureEvent } from '../../src/rules/hammercrawl/venture/venture.js';
import { createTable, join, live, request, startTestServer, type TestServer } from './harness.js';
import type { TestClient } from './ws-client.js';

const T0 = 1_750_000_000_000;
// A malformed venture/magick/hammer message is protocol/malformed (its kind is known: MESSAGE_KINDS).
const MALFORMED = ['protocol/malformed'];
let clock = T0;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ now: () => clock, rng: seededRandom(42) });
});
afterAll(async () => {
  await server.close();
});

let counter = 0;
/** Sends a command and waits for its ack (or throws with the error). */
async function send(client: TestClient, command: object): Promise<{ seq: number; requestId: string }> {
  const requestId = `h${++counter}`;
  const mark = client.frames.length;
  client.send({ ...command, requestId });
  const answer = await client.waitFor((f) => (f['kind'] === 'ack' || f['kind'] === 'error') && f['requestId'] === requestId, 5000, mark);
  if (answer['kind'] !== 'ack') throw new Error(JSON.stringify(answer));
  return { seq: answer['seq'] as number, requestId };
}

async function sendError(client: TestClient, command: object): Promise<{ [key: string]: unknown }> {
  const requestId = `h${++counter}`;
  const mark = client.frames.length;
  client.send({ ...command, requestId });
  const answer = await client.waitFor((f) => (f['kind'] === 'ack' || f['kind'] === 'error') && f['requestId'] === requestId, 5000, mark);
  expect(answer['kind']).toBe('error');
  return answer;
}

describe('a Venture through the socket', () => {
  it('start a venture, light a torch, roll a node pool; the torch burns out on the server clock; everyone sees it', async () => {
    clock = T0;
    const table = await createTable(server);
    const ada = await join(server, table, 'Ada');
    const smith = await live(server, table.id, table.smithToken);
    const player = await live(server, table.id, ada.token);
    await send(smith, { kind: 'venture', command: { kind: 'join', member: { id: 'ada', xp: 0 } } });
    await send(smith, { kind: 'venture', command: { kind: 'set-resource', id: 'food', die: 8 } });
    clock = T0 + 1000;
    await send(smith, { kind: 'venture', command: { kind: 'start-venture', dungeon: { id: 'crypt', level: 2, difficulty: 1, nodes: 4 } } });
    clock = T0 + 2000;
    // A time the client sends is not the server's: it is dropped.
    const lit = await send(smith, { kind: 'venture', command: { kind: 'light', id: 'torch-1', source: 'torch', at: 5 } });
    const litEvent = await player.waitFor((f) => f['seq'] === lit.seq);
    expect(litEvent).toMatchObject({ kind: 'venture-changed', by: table.smithId, at: T0 + 2000, command: { kind: 'light', id: 'torch-1', at: T0 + 2000 } });
    clock = T0 + 3000;
    await send(smith, { kind: 'venture', command: { kind: 'enter-node' } });
    const rolled = await send(smith, { kind: 'venture', command: { kind: 'roll-node' } });
    const nodeEvent = await player.waitFor((f) => f['seq'] === rolled.seq);
    const nodeRolled = (nodeEvent['events'] as VentureEvent[]).find((e) => e.kind === 'node-rolled');
    // Two faces: one purple, the blue reward.
    expect(nodeRolled).toMatchObject({ kind: 'node-rolled', pool: { context: 'node' }, faces: [expect.any(Number), expect.any(Number)] });

    // An hour later by the server's clock the torch has burned out at the hour's end.
    clock = T0 + 2000 + TORCH_BURN_MS + 30_000;
    const tick = await send(smith, { kind: 'venture', command: { kind: 'tick' } });
    const tickEvent = await player.waitFor((f) => f['seq'] === tick.seq);
    expect(tickEvent['events']).toEqual([
      { schemaVersion: 1, kind: 'light-burned-out', id: 'torch-1', at: T0 + 2000 + TORCH_BURN_MS },
      { schemaVersion: 1, kind: 'clock', at: clock },
    ]);

    // A player folds the public events to the Smith's venture state; the log gives the same.
    const folded = foldVenture(player.frames.filter((f) => f.data['kind'] === 'venture-changed').flatMap((f) => f.data['events'] as VentureEvent[]));
    expect(folded.lights[0]).toMatchObject({ id: 'torch-1', isSpent: true });
    expect(folded.node).toMatchObject({ number: 1, faces: nodeRolled?.kind === 'node-rolled' ? nodeRolled.faces : null });
    const log = await request(server, 'GET', `/api/tables/${table.id}/log?since=0`, undefined, ada.token);
    expect((log.body['events'] as { kind: string }[]).filter((e) => e.kind === 'venture-changed')).toHaveLength(7);

    // The player may not run the venture; a malformed command is refused before the table.
    expect((await sendError(player, { kind: 'venture', command: { kind: 'tick' } }))['code']).toBe('auth/forbidden');
    expect(MALFORMED).toContain((await sendError(smith, { kind: 'venture', command: { kind: 'light', id: 't2', source: 'candle' } }))['code']);
    expect((await sendError(smith, { kind: 'venture', command: { kind: 'roll-node' } }))['code']).toBe('venture/already-rolled');
    smith.close();
    player.close();
  });
});

describe('magick through the socket', () => {
  it('a caster prepares and casts; the forget check is broadcast; another player may not cast for them', async () => {
    const table = await createTable(server);
    const ada = await join(server, table, 'Ada');
    const bob = await join(server, table, 'Bob');
    const adaLive = await live(server, table.id, ada.token);
    const bobLive = await live(server, table.id, bob.token);
    const { ruleSystem } = await import('../../src/rules/hammercrawl/rule-system.js');
    const made = ruleSystem.rollCharacter(seededRandom(7), { method: 'semi', class: 'true-mage' });
    if (!made.ok) throw new Error(made.error.message);
    const saved = await send(adaLive, { kind: 'character-save', character: made.value });
    const character = await adaLive.waitFor((f) => f['seq'] === saved.seq);
    const characterId = (character['character'] as { id: string }).id;

    await send(adaLive, { kind: 'magick', characterId, command: { kind: 'set-caster' } });
    await send(adaLive, { kind: 'magick', characterId, command: { kind: 'learn', name: 'Magic Missile', level: 1 } });
    await send(adaLive, { kind: 'magick', characterId, command: { kind: 'prepare' } });
    const cast = await send(adaLive, { kind: 'magick', characterId, command: { kind: 'cast', spellId: 'magic-missile' } });
    // The magick is written on the character's document too: the command's last event is its character-saved.
    const written = await bobLive.waitFor((f) => f['seq'] === cast.seq);
    expect(written).toMatchObject({ kind: 'character-saved', character: { id: characterId, document: { magick: { spellbook: [{ id: 'magic-missile' }] } } } });
    const seen = await bobLive.waitFor((f) => f['seq'] === cast.seq - 1);
    expect(seen).toMatchObject({ kind: 'magick-changed', characterId, command: { kind: 'cast', spellId: 'magic-missile' } });
    const events = seen['events'] as { kind: string; face?: number | null }[];
    expect(events.map((e) => e.kind).slice(0, 2)).toEqual(['spell-cast', 'forget-checked']);
    expect(typeof events[1]!.face === 'number' || events[1]!.face === null).toBe(true);

    expect((await sendError(bobLive, { kind: 'magick', characterId, command: { kind: 'town-rest' } }))['code']).toBe('auth/forbidden');
    expect(MALFORMED).toContain((await sendError(adaLive, { kind: 'magick', characterId, command: { kind: 'learn', name: 'x', level: 99 } }))['code']);
    adaLive.close();
    bobLive.close();
  });
});

describe('hammer dice through the socket', () => {
  it('a public pool is broadcast with faces and symbols; a secret one reaches others redacted, by socket, replay and log', async () => {
    const table = await createTable(server);
    const ada = await join(server, table, 'Ada');
    const bob = await join(server, table, 'Bob');
    const watcher = await join(server, table, 'Watcher', 'observer');
    const smith = await live(server, table.id, table.smithToken);
    const adaLive = await live(server, table.id, ada.token);
    const bobLive = await live(server, table.id, bob.token);
    const obsLive = await live(server, table.id, watcher.token);

    const open = await send(adaLive, { kind: 'hammer', pool: { kind: 'check', level: 5, isFeat: true, stance: 'reckless' }, visibility: 'public', label: 'Leap' });
    for (const c of [smith, bobLive, obsLive]) {
      const e = await c.waitFor((f) => f['seq'] === open.seq);
      expect(e).toMatchObject({ kind: 'hammer-rolled', by: ada.id, label: 'Leap', visibility: 'public', pool: { context: 'check' } });
      expect(e['faces']).toHaveLength(2);
      expect((e['result'] as { dice: { colour: string }[] }).dice.map((d) => d.colour)).toEqual(['blue', 'red']);
    }

    const canary = 'canary-hammer-5e1c';
    const secret = await send(smith, { kind: 'hammer', pool: { kind: 'node', difficulty: 3 }, visibility: 'smith', label: canary });
    const mine = await smith.waitFor((f) => f['seq'] === secret.seq);
    expect(mine).toMatchObject({ label: canary, visibility: 'smith' });
    for (const c of [adaLive, bobLive, obsLive]) {
      const e = await c.waitFor((f) => f['seq'] === secret.seq);
      expect(e).toEqual({ seq: secret.seq, kind: 'hammer-rolled', at: e['at'], by: table.smithId, requestId: secret.requestId, visibility: 'smith', redacted: true });
    }
    const text = (c: TestClient): string => c.frames.map((f) => f.raw).join('\n');
    for (const c of [adaLive, bobLive, obsLive]) expect(text(c)).not.toContain(canary);
    const replay = await live(server, table.id, bob.token);
    await replay.waitFor((f) => f['seq'] === secret.seq);
    const log = await request(server, 'GET', `/api/tables/${table.id}/log?since=0`, undefined, ada.token);
    for (const out of [text(replay), JSON.stringify(log.body)]) {
      expect(out).not.toContain(canary);
      expect(out).toContain('"redacted":true');
    }
    // Players may not roll the node pool; physical dice must fit the pool.
    expect((await sendError(adaLive, { kind: 'hammer', pool: { kind: 'node', difficulty: 1 }, visibility: 'public' }))['code']).toBe('auth/forbidden');
    expect((await sendError(adaLive, { kind: 'hammer', pool: { kind: 'dice', colours: ['white'] }, visibility: 'public', faces: [9] }))['code']).toBe('dice/face-out-of-range');
    for (const c of [smith, adaLive, bobLive, obsLive, replay]) c.close();
  });
});
