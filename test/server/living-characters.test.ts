// A short evening at a real server, for every ruleset: a player brings a character, the Smith puts it in
// the tracker and hurts it there, then the ruleset's evening of play (its `play.examples`: damage, a
// rest, XP, a level-up, an edit...) is made through `character-change`, the Smith undoes one change and
// redoes it. The character exported at the end is pinned (test/golden/evening-<ruleset>.json), it is the
// one a fresh replay of the log gives, and imported at another table it is the same character.
import { afterEach, describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/dice/random.js';
import { CATALOGUE } from '../../src/rules/catalogue.js';
import type { RuleSystem } from '../../src/rules/rule-system.js';
import { request, startTestServer, type TestServer } from './harness.js';
import { connect, type Frame, type TestClient } from './ws-client.js';

const LOADED = await Promise.all(CATALOGUE.map(async (e) => [e.id, await e.load()] as const));

/** Each ruleset's evening has a server of its own, with its own seeded dice and clock (one second a command), so one ruleset's rolls never move another's. */
let server: TestServer;
async function startEvening(): Promise<void> {
  let clock = 1_767_225_600_000;
  server = await startTestServer({ rules: new Map<string, RuleSystem>(LOADED), rng: seededRandom(2026), now: () => (clock += 1000) });
}
afterEach(async () => server?.close());

async function hello(tableId: string, token: string): Promise<TestClient> {
  const c = await connect(`${server.ws}/api/tables/${tableId}/live`);
  c.send({ kind: 'hello', token, since: 0 });
  const first = await c.waitFor((f) => f['kind'] === 'welcome' || f['kind'] === 'error');
  if (first['kind'] === 'error') throw new Error(JSON.stringify(first));
  return c;
}

let counter = 0;
/** Sends a command and waits for its answer: the ack, or the error frame. */
async function send(c: TestClient, command: Record<string, unknown>): Promise<Frame['data']> {
  const requestId = `e${++counter}`;
  const mark = c.frames.length;
  c.send({ requestId, ...command });
  return c.waitFor((f) => (f['kind'] === 'ack' || f['kind'] === 'error') && f['requestId'] === requestId, 5000, mark);
}

async function accepted(c: TestClient, command: Record<string, unknown>): Promise<Frame['data']> {
  const answer = await send(c, command);
  if (answer['kind'] !== 'ack') throw new Error(`${JSON.stringify(command).slice(0, 200)}: ${JSON.stringify(answer)}`);
  return answer;
}

async function newTable(ruleset: string, name: string): Promise<{ id: string; smith: string; player: string }> {
  const made = await request(server, 'POST', '/api/tables', { name, ruleset });
  const id = made.body['id'] as string;
  const joined = await request(server, 'POST', `/api/tables/${id}/players`, { inviteCode: made.body['inviteCode'], name: 'Ysolde’s player' });
  return { id, smith: made.body['smithToken'] as string, player: joined.body['token'] as string };
}

/** A Health one lower than the tracker shows: a die one step down the ruleset's chain, a number one less; null when there is none. */
function lowerHealth(rules: RuleSystem, health: string): string | null {
  const die = /^d(\d+)$/.exec(health);
  if (die !== null) {
    const i = rules.chain.sides.indexOf(Number(die[1]));
    return i > 0 ? `d${rules.chain.sides[i - 1]}` : null;
  }
  const n = /^(\d+)(\/\d+)?$/.exec(health);
  return n !== null && Number(n[1]) > 1 ? `${Number(n[1]) - 1}${n[2] ?? ''}` : null;
}

describe.each(LOADED)('an evening of %s at the table', (id, rules) => {
  it('plays the evening, the export pins the character, replay and import give the same one', async () => {
    await startEvening();
    const play = rules.play;
    expect(play, `${id} has play`).toBeDefined();
    const table = await newTable(id, `Evening ${id}`);
    const smith = await hello(table.id, table.smith);
    const player = await hello(table.id, table.player);
    const made = rules.rollCharacter(seededRandom(1), {});
    if (!made.ok) throw new Error(made.error.message);
    const saved = await accepted(player, { kind: 'character-save', character: made.value });
    const characterId = saved['characterId'] as string;

    const stateOf = async (): Promise<Record<string, unknown>> => {
      const exported = await request(server, 'GET', `/api/tables/${table.id}/export`, undefined, table.smith);
      return (exported.body['characters'] as { id: string; document: Record<string, unknown> }[]).find((c) => c.id === characterId)!.document;
    };
    // Every change of the ruleset's evening, by whom the change says.
    for (const example of play!.examples) {
      const def = play!.changes.find((c) => c.id === example.change)!;
      await accepted(def.by === 'smith' ? smith : player, { kind: 'character-change', characterId, change: example.change, params: example.params });
    }
    // Then a fight: the character in the tracker; the Smith writes a lower Health there, the sheet follows;
    // the Smith undoes it, and writes it again.
    const added = await accepted(smith, { kind: 'combat', action: { type: 'add', name: 'Hero', side: 'party', characterId } });
    const combatFrame = await smith.waitFor((f) => f['kind'] === 'combat-changed' && f['seq'] === added['seq']);
    const hero = (combatFrame['combat'] as { combatants: { id: string; health: string }[] }).combatants.at(-1)!;
    const lower = lowerHealth(rules, hero.health);
    expect(lower, `${hero.health} can go lower`).not.toBeNull();
    await accepted(smith, { kind: 'combat', action: { type: 'update', combatantId: hero.id, health: lower } });
    const hurt = await stateOf();
    await accepted(smith, { kind: 'character-undo', characterId });
    expect(await stateOf()).not.toEqual(hurt);
    const redone = await accepted(smith, { kind: 'combat', action: { type: 'update', combatantId: hero.id, health: lower } });
    const exported = await stateOf();
    await expect(`${JSON.stringify(exported, null, 2)}\n`).toMatchFileSnapshot(`../golden/evening-${id}.json`);
    const history = exported['history'] as { change: string; by: string }[];
    // The undone change leaves the restored document's history; the undo's line names it.
    expect(history.map((h) => h.change)).toEqual(['created', ...play!.examples.map((e) => e.change), 'undo', 'tracker']);
    expect(history.at(-2)).toMatchObject({ by: 'Smith', isOverride: true, summary: expect.stringMatching(/^Undid: Tracker: /) });
    expect(((await request(server, 'GET', `/api/tables/${table.id}/export`, undefined, table.smith)).body['events'] as { kind: string; combat?: { combatants: { id: string; health: string }[] } }[]).filter((e) => e.kind === 'combat-changed').at(-1)!.combat!.combatants.find((c) => c.id === hero.id)!.health).toBe(lower);

    // A fresh socket replays the log: its last character-saved is the exported document.
    const late = await hello(table.id, table.player);
    await late.waitFor((f) => f['seq'] === redone['seq']);
    const savedFrames = late.frames.map((f) => f.data).filter((f) => f['kind'] === 'character-saved' && (f['character'] as { id: string }).id === characterId);
    expect((savedFrames.at(-1)!['character'] as { document: unknown }).document).toEqual(exported);

    // Imported at another table it is the same character: only the history says it came there.
    const other = await newTable(id, `Next week ${id}`);
    const next = await hello(other.id, other.player);
    const imported = await accepted(next, { kind: 'character-save', character: JSON.parse(JSON.stringify(exported)) });
    const there = await request(server, 'GET', `/api/tables/${other.id}/export`, undefined, other.smith);
    const doc = (there.body['characters'] as { id: string; document: Record<string, unknown> }[]).find((c) => c.id === imported['characterId'])!.document;
    const { history: h2, ...rest2 } = doc;
    const { history: h1, ...rest1 } = exported;
    expect(rest2).toEqual(rest1);
    expect((h2 as unknown[]).slice(0, -1)).toEqual(h1);
    for (const c of [smith, player, late, next]) c.close();
  });
});
