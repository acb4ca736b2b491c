/**
 * The TableStore contract as a vitest suite, run against every store implementation
 * (sqlite-store.test.ts, postgres-store.test.ts). A test helper: never imported by server code.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Commit, JsonObject, MemberRecord, NewEvent, NewTable, Role, StoredEvent, TableStore } from './types.js';
import { StoreError } from './types.js';

/** A member record for tests. */
export function testMember(tableId: string, id: string, role: Role = 'player', tokenHash = `hash-${tableId}-${id}`): MemberRecord {
  return { id, tableId, role, name: `Name of ${id}`, tokenHash, createdAt: 1_700_000_000_000 + id.length };
}

/** A new event for tests. */
export function testEvent(kind: string, body: JsonObject = {}, actorId: string | null = null): NewEvent {
  return { kind, schemaVersion: 1, at: 1_700_000_000_500, actorId, body };
}

/** A new table with a Smith `smith` and one `table-created` event. */
export function testTable(id: string, overrides: Partial<NewTable> = {}): NewTable {
  return {
    table: {
      id,
      name: `Table ${id}`,
      ruleset: 'hammercrawl',
      settings: { critOnMax: true, houseRules: ['a', 'b'] },
      createdAt: 1_700_000_000_000,
      inviteCode: `invite-${id}`,
    },
    smith: testMember(id, 'smith', 'smith'),
    events: [testEvent('table-created', { name: `Table ${id}` }, 'smith')],
    ...overrides,
  };
}

async function expectStoreError(promise: Promise<unknown>, code: StoreError['code']): Promise<void> {
  const error: unknown = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(StoreError);
  expect((error as StoreError).code).toBe(code);
}

function seqs(events: readonly StoredEvent[]): number[] {
  return events.map((event) => event.seq);
}

let tableCounter = 0;
/** A table id unique within the process (Postgres schemas are shared by a file's tests). */
function freshId(prefix: string): string {
  tableCounter += 1;
  return `${prefix}-${tableCounter}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Defines the contract suite for one store; `makeStore` returns a migrated, empty or shared store. */
export function describeStoreContract(label: string, makeStore: () => Promise<TableStore>): void {
  describe(`TableStore contract: ${label}`, () => {
    const opened: TableStore[] = [];
    async function open(): Promise<TableStore> {
      const store = await makeStore();
      opened.push(store);
      return store;
    }
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((store) => store.close()));
    });

    it('creates a table with its Smith and first events, seqs from 1', async () => {
      const store = await open();
      const id = freshId('create');
      const input = testTable(id, { events: [testEvent('table-created', { a: 1 }, 'smith'), testEvent('smith-note', { b: 2 }, 'smith')] });
      const events = await store.createTable(input);
      expect(seqs(events)).toEqual([1, 2]);
      expect(events[0]).toEqual({ ...input.events[0], tableId: id, seq: 1, requestId: null });
      expect(await store.getTable(id)).toEqual({ ...input.table, lastSeq: 2 });
      expect(await store.listMembers(id)).toEqual([input.smith]);
      expect(await store.readEvents(id, 0, 10)).toEqual(events);
    });

    it('creates a table without events at lastSeq 0', async () => {
      const store = await open();
      const id = freshId('empty');
      expect(await store.createTable(testTable(id, { events: [] }))).toEqual([]);
      expect((await store.getTable(id))?.lastSeq).toBe(0);
      expect(await store.readEvents(id, 0, 10)).toEqual([]);
    });

    it('answers null for an unknown table and refuses a taken table id', async () => {
      const store = await open();
      const id = freshId('taken');
      expect(await store.getTable(id)).toBeNull();
      await store.createTable(testTable(id));
      await expectStoreError(store.createTable(testTable(id, { events: [testEvent('x'), testEvent('y')] })), 'store/conflict');
      expect((await store.getTable(id))?.lastSeq).toBe(1);
      expect(await store.readEvents(id, 0, 10)).toHaveLength(1);
    });

    it('finds members by token hash at their table only', async () => {
      const store = await open();
      const id = freshId('members');
      const other = freshId('members-other');
      await store.createTable(testTable(id));
      await store.createTable(testTable(other));
      const ann = testMember(id, 'ann', 'player', 'hash-ann');
      const obi = { ...testMember(id, 'obi', 'observer', 'hash-obi'), createdAt: ann.createdAt + 1 };
      await store.commit({ tableId: id, actorId: null, events: [testEvent('member-joined', { id: 'ann' })], addMembers: [ann] });
      await store.commit({ tableId: id, actorId: null, events: [], addMembers: [obi] });
      expect(await store.findMember(id, 'hash-ann')).toEqual(ann);
      expect(await store.findMember(id, 'hash-obi')).toEqual(obi);
      expect(await store.findMember(other, 'hash-ann')).toBeNull();
      expect(await store.findMember(id, 'hash-nobody')).toBeNull();
      expect(await store.findMember(freshId('nowhere'), 'hash-ann')).toBeNull();
      const smith = testTable(id).smith;
      expect(await store.listMembers(id)).toEqual([smith, ann, obi].sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id)));
      // The same token hash may be used at another table.
      await store.commit({ tableId: other, actorId: null, events: [], addMembers: [testMember(other, 'ann', 'player', 'hash-ann')] });
      expect((await store.findMember(other, 'hash-ann'))?.tableId).toBe(other);
    });

    it('writes nothing of a commit whose member conflicts', async () => {
      const store = await open();
      const id = freshId('atomic');
      await store.createTable(testTable(id));
      const before = await store.getTable(id);
      const sameToken = testMember(id, 'eve', 'player', testTable(id).smith.tokenHash);
      await expectStoreError(
        store.commit({ tableId: id, actorId: null, events: [testEvent('member-joined')], addMembers: [sameToken], inviteCode: 'new', settings: { x: 1 } }),
        'store/conflict',
      );
      const sameId = testMember(id, 'smith', 'player', 'hash-fresh');
      await expectStoreError(store.commit({ tableId: id, actorId: null, events: [testEvent('member-joined')], addMembers: [sameId] }), 'store/conflict');
      expect(await store.getTable(id)).toEqual(before);
      expect(await store.readEvents(id, 0, 10)).toHaveLength(1);
      expect(await store.listMembers(id)).toHaveLength(1);
    });

    it('renews a seat: the new token hash finds the member, the old finds no one, in one commit with its event', async () => {
      const store = await open();
      const id = freshId('renew');
      await store.createTable(testTable(id));
      const ann = testMember(id, 'ann', 'player', 'hash-ann-1');
      await store.commit({ tableId: id, actorId: null, events: [], addMembers: [ann] });
      const renewed = await store.commit({
        tableId: id,
        actorId: 'ann',
        requestId: 'renew-1',
        events: [testEvent('seat-renewed', { memberId: 'ann' }, 'ann')],
        renewSeats: [{ memberId: 'ann', tokenHash: 'hash-ann-2' }],
      });
      expect(renewed.isDuplicate).toBe(false);
      expect(renewed.events.map((e) => [e.seq, e.kind])).toEqual([[2, 'seat-renewed']]);
      expect(await store.findMember(id, 'hash-ann-1')).toBeNull();
      expect(await store.findMember(id, 'hash-ann-2')).toEqual({ ...ann, tokenHash: 'hash-ann-2' });
      expect(await store.listMembers(id)).toHaveLength(2);
      // A retry of the same request writes nothing again: the hash stays the first retry's.
      const again = await store.commit({
        tableId: id,
        actorId: 'ann',
        requestId: 'renew-1',
        events: [testEvent('seat-renewed', { memberId: 'ann' }, 'ann')],
        renewSeats: [{ memberId: 'ann', tokenHash: 'hash-ann-3' }],
      });
      expect(again).toEqual({ events: renewed.events, isDuplicate: true });
      expect(await store.findMember(id, 'hash-ann-2')).not.toBeNull();
      expect(await store.findMember(id, 'hash-ann-3')).toBeNull();
      // The Smith's seat renews the same way.
      await store.commit({ tableId: id, actorId: null, events: [testEvent('seat-renewed', { memberId: 'smith' })], renewSeats: [{ memberId: 'smith', tokenHash: 'hash-smith-2' }] });
      expect((await store.findMember(id, 'hash-smith-2'))?.role).toBe('smith');
      expect(await store.findMember(id, testTable(id).smith.tokenHash)).toBeNull();
      expect((await store.checkIntegrity()).ok).toBe(true);
    });

    it('writes nothing of a seat renewal for no member of the table, or to a token hash taken there', async () => {
      const store = await open();
      const id = freshId('renew-bad');
      const other = freshId('renew-other');
      await store.createTable(testTable(id));
      await store.createTable(testTable(other));
      await store.commit({ tableId: other, actorId: null, events: [], addMembers: [testMember(other, 'zed', 'player', 'hash-zed')] });
      await store.commit({ tableId: id, actorId: null, events: [], addMembers: [testMember(id, 'ann', 'player', 'hash-ann')] });
      const before = await store.getTable(id);
      for (const memberId of ['nobody', 'zed']) {
        await expectStoreError(
          store.commit({ tableId: id, actorId: null, events: [testEvent('seat-renewed', { memberId })], renewSeats: [{ memberId, tokenHash: 'hash-new' }], inviteCode: 'changed' }),
          'store/no-such-member',
        );
      }
      await expectStoreError(
        store.commit({ tableId: id, actorId: null, events: [testEvent('seat-renewed', { memberId: 'ann' })], renewSeats: [{ memberId: 'ann', tokenHash: testTable(id).smith.tokenHash }] }),
        'store/conflict',
      );
      // Two renewals, the second failing: the first is rolled back too.
      await expectStoreError(
        store.commit({ tableId: id, actorId: null, events: [], renewSeats: [{ memberId: 'ann', tokenHash: 'hash-ann-new' }, { memberId: 'nobody', tokenHash: 'hash-x' }] }),
        'store/no-such-member',
      );
      expect(await store.getTable(id)).toEqual(before);
      expect(await store.findMember(id, 'hash-ann')).not.toBeNull();
      expect(await store.findMember(id, 'hash-ann-new')).toBeNull();
      expect(await store.findMember(other, 'hash-zed')).not.toBeNull();
      expect(await store.readEvents(id, 0, 10)).toHaveLength(1);
      await expectStoreError(store.commit({ tableId: freshId('renew-none'), actorId: null, events: [], renewSeats: [{ memberId: 'ann', tokenHash: 'h' }] }), 'store/no-such-table');
      await expect(store.commit({ tableId: id, actorId: null, events: [], renewSeats: [{ memberId: 'ann', tokenHash: '' }] })).rejects.toBeInstanceOf(TypeError);
    });

    it('appends contiguous seqs and keeps every field', async () => {
      const store = await open();
      const id = freshId('append');
      await store.createTable(testTable(id));
      const first = await store.commit({ tableId: id, actorId: 'smith', events: [testEvent('a', { n: 1 }, 'smith'), testEvent('b', { n: 2 }, 'smith')] });
      expect(first.isDuplicate).toBe(false);
      expect(seqs(first.events)).toEqual([2, 3]);
      const second = await store.commit({
        tableId: id,
        actorId: 'smith',
        requestId: 'req-1',
        events: [{ kind: 'c', schemaVersion: 7, at: 1_800_000_000_123, actorId: 'smith', body: { n: 3 } }],
      });
      expect(second.events).toEqual([{ tableId: id, seq: 4, kind: 'c', schemaVersion: 7, at: 1_800_000_000_123, actorId: 'smith', requestId: 'req-1', body: { n: 3 } }]);
      expect((await store.getTable(id))?.lastSeq).toBe(4);
      const all = await store.readEvents(id, 0, 100);
      expect(seqs(all)).toEqual([1, 2, 3, 4]);
      expect(all.slice(1)).toEqual([...first.events, ...second.events]);
      const none = await store.commit({ tableId: id, actorId: null, events: [] });
      expect(none).toEqual({ events: [], isDuplicate: false });
      expect((await store.getTable(id))?.lastSeq).toBe(4);
    });

    it('stores a request once per (table, actor, request id)', async () => {
      const store = await open();
      const id = freshId('idem');
      await store.createTable(testTable(id));
      const commit: Commit = {
        tableId: id,
        actorId: 'ann',
        requestId: 'r-1',
        events: [testEvent('roll', { faces: [3] }, 'ann'), testEvent('damage', { amount: 2 }, 'ann')],
        inviteCode: 'changed-once',
      };
      const first = await store.commit(commit);
      expect(first.isDuplicate).toBe(false);
      const again = await store.commit({ ...commit, events: [testEvent('other', {}, 'ann')], inviteCode: 'changed-twice' });
      expect(again).toEqual({ events: first.events, isDuplicate: true });
      expect((await store.getTable(id))?.inviteCode).toBe('changed-once');
      expect((await store.getTable(id))?.lastSeq).toBe(3);
      // Another actor, or the server, may use the same request id.
      const bob = await store.commit({ tableId: id, actorId: 'bob', requestId: 'r-1', events: [testEvent('roll', {}, 'bob')] });
      expect(bob.isDuplicate).toBe(false);
      const server = await store.commit({ tableId: id, actorId: null, requestId: 'r-1', events: [testEvent('tick')] });
      expect(server.isDuplicate).toBe(false);
      expect(await store.commit({ tableId: id, actorId: null, requestId: 'r-1', events: [testEvent('tick')] })).toEqual({ events: server.events, isDuplicate: true });
      expect(seqs(await store.readEvents(id, 0, 100))).toEqual([1, 2, 3, 4, 5]);
    });

    it('refuses a request id whose events name another actor', async () => {
      const store = await open();
      const id = freshId('actor');
      await store.createTable(testTable(id));
      await expect(store.commit({ tableId: id, actorId: 'ann', requestId: 'r', events: [testEvent('x', {}, 'bob')] })).rejects.toBeInstanceOf(TypeError);
    });

    it('rotates and revokes the invite code and replaces settings', async () => {
      const store = await open();
      const id = freshId('invite');
      await store.createTable(testTable(id));
      await store.commit({ tableId: id, actorId: 'smith', events: [], inviteCode: 'rotated' });
      expect((await store.getTable(id))?.inviteCode).toBe('rotated');
      await store.commit({ tableId: id, actorId: 'smith', events: [testEvent('noop', {}, 'smith')] });
      expect((await store.getTable(id))?.inviteCode).toBe('rotated');
      await store.commit({ tableId: id, actorId: 'smith', events: [testEvent('invite-revoked', {}, 'smith')], inviteCode: null });
      expect((await store.getTable(id))?.inviteCode).toBeNull();
      await store.commit({ tableId: id, actorId: 'smith', events: [], settings: { fumbles: 'strict', nested: { list: [1, 2] } } });
      const table = await store.getTable(id);
      expect(table?.settings).toEqual({ fumbles: 'strict', nested: { list: [1, 2] } });
      expect(table?.inviteCode).toBeNull();
      expect(table?.lastSeq).toBe(3);
    });

    it('reads events after a seq, at most limit', async () => {
      const store = await open();
      const id = freshId('read');
      await store.createTable(testTable(id));
      for (let n = 0; n < 9; n += 1) await store.commit({ tableId: id, actorId: null, events: [testEvent('e', { n })] });
      expect(seqs(await store.readEvents(id, 0, 3))).toEqual([1, 2, 3]);
      expect(seqs(await store.readEvents(id, 3, 3))).toEqual([4, 5, 6]);
      expect(seqs(await store.readEvents(id, 8, 100))).toEqual([9, 10]);
      expect(await store.readEvents(id, 10, 100)).toEqual([]);
      expect(await store.readEvents(id, 50, 1)).toEqual([]);
      await expect(store.readEvents(id, -1, 10)).rejects.toBeInstanceOf(RangeError);
      await expect(store.readEvents(id, 0, 0)).rejects.toBeInstanceOf(RangeError);
      await expect(store.readEvents(id, 0.5, 10)).rejects.toBeInstanceOf(RangeError);
    });

    it('answers store/no-such-table for an unknown table', async () => {
      const store = await open();
      const id = freshId('missing');
      await expectStoreError(store.commit({ tableId: id, actorId: null, events: [testEvent('x')] }), 'store/no-such-table');
      await expectStoreError(store.commit({ tableId: id, actorId: 'a', requestId: 'r', events: [testEvent('x', {}, 'a')] }), 'store/no-such-table');
      await expectStoreError(store.commit({ tableId: id, actorId: null, events: [], inviteCode: null }), 'store/no-such-table');
      await expectStoreError(store.readEvents(id, 0, 10), 'store/no-such-table');
      await expectStoreError(store.listMembers(id), 'store/no-such-table');
      expect(await store.getTable(id)).toBeNull();
    });

    it('round-trips JSON bodies and settings exactly', async () => {
      const store = await open();
      const id = freshId('json');
      const body: JsonObject = {
        text: 'Smith 🔨 naïve café — «quoted» \u0000 nul, \u2028 line sep, עברית, 漢字, "quotes" \\ back',
        numbers: [0, 1, -1, 1.5, -2.25, 1e-7, 1e300, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 0.1 + 0.2],
        nested: { a: { b: { c: [[], {}, [null, true, false]] } } },
        empty: '',
        'key with spaces & ünïcode 🗝': 'v',
        nothing: null,
      };
      await store.createTable(testTable(id, { table: { ...testTable(id).table, settings: body, name: 'Tâble 🎲' } }));
      const { events } = await store.commit({ tableId: id, actorId: null, events: [testEvent('json', body)] });
      expect(events[0]?.body).toEqual(body);
      const [read] = await store.readEvents(id, 1, 1);
      expect(read?.body).toEqual(body);
      expect(JSON.stringify(read?.body)).toBe(JSON.stringify(body));
      const table = await store.getTable(id);
      expect(table?.settings).toEqual(body);
      expect(table?.name).toBe('Tâble 🎲');
      await expect(store.commit({ tableId: id, actorId: null, events: [testEvent('bad', { n: Number.NaN })] })).rejects.toBeInstanceOf(TypeError);
      await expect(store.commit({ tableId: id, actorId: null, events: [testEvent('bad', { n: Infinity })] })).rejects.toBeInstanceOf(TypeError);
      expect((await store.getTable(id))?.lastSeq).toBe(2);
    });

    it('gives 100 parallel commits to one table the seqs 2..101 without gap or duplicate', async () => {
      const store = await open();
      const id = freshId('parallel');
      await store.createTable(testTable(id));
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, n) => store.commit({ tableId: id, actorId: null, events: [testEvent('parallel', { n })] })),
      );
      const assigned = results.flatMap((result) => seqs(result.events)).sort((a, b) => a - b);
      expect(assigned).toEqual(Array.from({ length: 100 }, (_, n) => n + 2));
      const stored = await store.readEvents(id, 1, 1000);
      expect(seqs(stored)).toEqual(assigned);
      expect(new Set(stored.map((event) => event.body['n'])).size).toBe(100);
      expect((await store.getTable(id))?.lastSeq).toBe(101);
    });

    it('stores one of 20 parallel commits with the same request id', async () => {
      const store = await open();
      const id = freshId('parallel-idem');
      await store.createTable(testTable(id));
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, n) =>
          store.commit({ tableId: id, actorId: 'ann', requestId: 'same', events: [testEvent('once', { n }, 'ann'), testEvent('twice', {}, 'ann')] }),
        ),
      );
      expect(results.filter((result) => !result.isDuplicate)).toHaveLength(1);
      for (const result of results) expect(seqs(result.events)).toEqual([2, 3]);
      expect(seqs(await store.readEvents(id, 0, 100))).toEqual([1, 2, 3]);
    });

    it('writes a batch of commits in order after the seq it was decided after, one result each', async () => {
      const store = await open();
      const id = freshId('batch');
      await store.createTable(testTable(id));
      const results = await store.commitBatch({
        tableId: id,
        afterSeq: 1,
        commits: [
          { tableId: id, actorId: 'ann', requestId: 'b-1', events: [testEvent('roll', { n: 1 }, 'ann'), testEvent('damage', { n: 2 }, 'ann')] },
          { tableId: id, actorId: null, events: [testEvent('tick', { n: 3 })] },
          { tableId: id, actorId: 'bob', requestId: 'b-2', events: [testEvent('roll', { n: 4 }, 'bob')], inviteCode: 'after-batch' },
        ],
      });
      expect(results.map((r) => [seqs(r.events), r.isDuplicate])).toEqual([
        [[2, 3], false],
        [[4], false],
        [[5], false],
      ]);
      expect(results[2]!.events[0]).toEqual({ tableId: id, seq: 5, kind: 'roll', schemaVersion: 1, at: 1_700_000_000_500, actorId: 'bob', requestId: 'b-2', body: { n: 4 } });
      const stored = await store.readEvents(id, 1, 100);
      expect(stored).toEqual(results.flatMap((r) => r.events));
      expect(await store.getTable(id)).toMatchObject({ lastSeq: 5, inviteCode: 'after-batch' });
      // A stored request id is found by `commit` as for any other commit.
      expect(await store.commit({ tableId: id, actorId: 'ann', requestId: 'b-1', events: [testEvent('roll', {}, 'ann')] })).toEqual({ events: results[0]!.events, isDuplicate: true });
    });

    it('writes nothing of a batch decided after another seq, or holding a stored request id (store/stale)', async () => {
      const store = await open();
      const id = freshId('batch-stale');
      await store.createTable(testTable(id));
      await store.commit({ tableId: id, actorId: 'ann', requestId: 'r-1', events: [testEvent('roll', {}, 'ann')] });
      const fresh = { tableId: id, actorId: 'bob', requestId: 'r-2', events: [testEvent('roll', {}, 'bob')] };
      await expectStoreError(store.commitBatch({ tableId: id, afterSeq: 1, commits: [fresh] }), 'store/stale');
      await expectStoreError(store.commitBatch({ tableId: id, afterSeq: 3, commits: [fresh] }), 'store/stale');
      await expectStoreError(
        store.commitBatch({ tableId: id, afterSeq: 2, commits: [fresh, { tableId: id, actorId: 'ann', requestId: 'r-1', events: [testEvent('roll', {}, 'ann')] }] }),
        'store/stale',
      );
      expect(seqs(await store.readEvents(id, 0, 100))).toEqual([1, 2]);
      expect((await store.getTable(id))?.lastSeq).toBe(2);
      const none = freshId('batch-none');
      await expectStoreError(store.commitBatch({ tableId: none, afterSeq: 0, commits: [{ ...fresh, tableId: none }] }), 'store/no-such-table');
      await expect(store.commitBatch({ tableId: id, afterSeq: 2, commits: [] })).rejects.toBeInstanceOf(TypeError);
      await expect(store.commitBatch({ tableId: id, afterSeq: 2, commits: [{ ...fresh, tableId: 'other' }] })).rejects.toBeInstanceOf(TypeError);
    });

    it('writes nothing of a batch one of whose commits fails after others were written in it', async () => {
      const store = await open();
      const id = freshId('batch-fail');
      await store.createTable(testTable(id));
      await expectStoreError(
        store.commitBatch({
          tableId: id,
          afterSeq: 1,
          commits: [
            { tableId: id, actorId: 'ann', requestId: 'x-1', events: [testEvent('roll', {}, 'ann')], inviteCode: 'not-kept' },
            { tableId: id, actorId: null, events: [testEvent('renew')], renewSeats: [{ memberId: 'no-one', tokenHash: 'h' }] },
          ],
        }),
        'store/no-such-member',
      );
      expect(seqs(await store.readEvents(id, 0, 100))).toEqual([1]);
      expect(await store.getTable(id)).toMatchObject({ lastSeq: 1, inviteCode: `invite-${id}` });
      // The same batch without the failing commit is written whole.
      const again = await store.commitBatch({ tableId: id, afterSeq: 1, commits: [{ tableId: id, actorId: 'ann', requestId: 'x-1', events: [testEvent('roll', {}, 'ann')] }] });
      expect(seqs(again[0]!.events)).toEqual([2]);
    });

    it('writes batches of several tables given at once, each whole, with a single commit among them', async () => {
      const store = await open();
      const [a, b, c] = [freshId('batch-a'), freshId('batch-b'), freshId('batch-c')];
      for (const id of [a, b, c]) await store.createTable(testTable(id));
      const [ra, rb, single] = await Promise.all([
        store.commitBatch({ tableId: a, afterSeq: 1, commits: [{ tableId: a, actorId: null, events: [testEvent('a1')] }, { tableId: a, actorId: null, events: [testEvent('a2')] }] }),
        store.commitBatch({ tableId: b, afterSeq: 1, commits: [{ tableId: b, actorId: null, events: [testEvent('b1'), testEvent('b2')] }] }),
        store.commit({ tableId: c, actorId: null, events: [testEvent('c1')] }),
      ]);
      expect(ra.map((r) => seqs(r.events))).toEqual([[2], [3]]);
      expect(rb.map((r) => seqs(r.events))).toEqual([[2, 3]]);
      expect(seqs(single.events)).toEqual([2]);
      expect((await store.readEvents(a, 0, 100)).map((e) => e.kind)).toEqual(['table-created', 'a1', 'a2']);
      expect((await store.readEvents(b, 0, 100)).map((e) => e.kind)).toEqual(['table-created', 'b1', 'b2']);
      expect((await store.readEvents(c, 0, 100)).map((e) => e.kind)).toEqual(['table-created', 'c1']);
    });

    it('passes the integrity check and migrates idempotently', async () => {
      const store = await open();
      const id = freshId('integrity');
      await store.createTable(testTable(id));
      await store.commit({ tableId: id, actorId: null, events: [testEvent('a'), testEvent('b')] });
      await store.migrate();
      await store.migrate();
      const report = await store.checkIntegrity();
      expect(report.ok, report.detail).toBe(true);
      expect((await store.getTable(id))?.lastSeq).toBe(3);
    });

    it('refuses work once closed', async () => {
      const store = await makeStore();
      await store.close();
      await expectStoreError(store.getTable('any'), 'store/unavailable');
      await store.close();
    });
  });
}
