// A table log stored before the rulesets became plug-ins replays to the same state (test/fixtures/README.md).
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/dice/random.js';
import { ruleSystem } from '../../src/rules/hammercrawl/rule-system.js';
import type { RuleSystem } from '../../src/rules/rule-system.js';
import { asTableEvent } from '../../src/server/live-table.js';
import { openSqliteStore } from '../../src/server/storage/sqlite-store.js';
import { rollCommand } from '../../src/table/commands.js';
import { projectEvent } from '../../src/table/project.js';
import { foldEvents } from '../../src/table/state.js';
import { live, startTestServer } from './harness.js';

const rules = ruleSystem as unknown as RuleSystem;
const FIXTURES = new URL('../fixtures/', import.meta.url);
const dir = mkdtempSync(join(tmpdir(), 'hc-replay-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function storedEvents() {
  const file = join(dir, 'table.sqlite');
  copyFileSync(new URL('table-log-v1.sqlite', FIXTURES), file);
  const store = await openSqliteStore(file);
  await store.migrate();
  const expected = JSON.parse(readFileSync(new URL('table-log-v1.state.json', FIXTURES), 'utf8')) as { tableId: string; events: number; state: Record<string, unknown> };
  const events = (await store.readEvents(expected.tableId, 0, 10_000)).map(asTableEvent);
  await store.close();
  return { events, expected };
}

describe('a log stored before the rulesets became plug-ins', () => {
  it('folds to the state it folded to then, HAMMERCRAWL!’s Ventures and magick in its slice', async () => {
    const { events, expected } = await storedEvents();
    expect(events).toHaveLength(expected.events);
    const { venture, magick, ...generic } = expected.state;
    const state = foldEvents(events, rules.table)!;
    // What the Smith's undo would restore (kept since play changes characters): the document before the
    // last save of every character saved more than once.
    const { previous, formerMembers, epochs, ...rest } = state;
    expect(rest).toEqual({ ...generic, extension: { venture, magick } });
    // A log from before verifiable rolls has no epoch: its rolls are from before verification.
    expect(epochs).toEqual({ current: null, count: 0 });
    // No one was removed from the table then.
    expect(formerMembers).toEqual([]);
    const saves = events.filter((e) => e.kind === 'character-saved').map((e) => (e.body as { character: { id: string } }).character.id);
    expect(Object.keys(previous).sort()).toEqual([...new Set(saves.filter((id, i) => saves.indexOf(id) !== i))].sort());
  });

  it('projects every event as before: secrets redacted for a player, whole for the Smith', async () => {
    const { events } = await storedEvents();
    const secret = events.filter((e) => (e.body as { visibility?: string }).visibility === 'blind');
    expect(secret.map((e) => e.kind).sort()).toEqual(['hammer-rolled', 'rolled']);
    for (const e of secret) {
      expect(projectEvent(e, { id: 'nobody', role: 'player' })).toMatchObject({ kind: e.kind, redacted: true });
      expect(projectEvent(e, { id: 'nobody', role: 'smith' })).not.toHaveProperty('redacted');
    }
  });

  it('takes new commands after the replay: the Venture clock and the tracker go on', async () => {
    const { events } = await storedEvents();
    const state = foldEvents(events, rules.table)!;
    const smithId = state.members.find((m) => m.role === 'smith')!.id;
    const tick = rollCommand(state, { id: smithId, role: 'smith' }, { kind: 'ruleset', requestId: 'after-1', command: { kind: 'venture', requestId: 'after-1', command: { kind: 'tick' } } }, { rng: seededRandom(1), rules, now: 1_750_000_000_000 + 3_600_000 });
    expect(tick).toMatchObject({ ok: true, value: [{ kind: 'venture-changed' }] });
    const turn = rollCommand(state, { id: smithId, role: 'smith' }, { kind: 'combat', requestId: 'after-2', action: { type: 'next-turn' } }, { rng: seededRandom(1), rules, now: 0 });
    expect(turn).toMatchObject({ ok: true, value: [{ kind: 'combat-changed' }] });
  });

  it('a server whose ruleset no longer declares a stored kind says the log is unreadable, not that the table is missing', async () => {
    const file = join(dir, 'unreadable.sqlite');
    copyFileSync(new URL('table-log-v1.sqlite', FIXTURES), file);
    const store = await openSqliteStore(file);
    const { table: _dropped, ...withoutExtension } = rules;
    void _dropped;
    const server = await startTestServer({ store, rules: new Map([[rules.id, withoutExtension as RuleSystem]]) });
    try {
      const { tableId } = JSON.parse(readFileSync(new URL('table-log-v1.state.json', FIXTURES), 'utf8')) as { tableId: string };
      const client = await live(server, tableId, 'any-token');
      expect(client.frames.map((f) => f.data)).toContainEqual(expect.objectContaining({ kind: 'error', code: 'table/unreadable' }));
    } finally {
      await server.close();
    }
  });
});
