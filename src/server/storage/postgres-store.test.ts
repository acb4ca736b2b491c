import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, MIGRATIONS_TABLE } from './migrations.js';
import { openPostgresStore } from './postgres-store.js';
import { describeStoreContract, testEvent, testTable } from './store-contract.js';
import type { TableStore } from './types.js';
import { StoreError } from './types.js';

const url = process.env['HAMMERCRAWL_TEST_POSTGRES'] ?? 'postgres://postgres@127.0.0.1:5432/test';

async function probe(): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const unreachable = await probe();
const title = unreachable === null ? 'postgres' : `postgres (SKIPPED: cannot reach the test database: ${unreachable}; set HAMMERCRAWL_TEST_POSTGRES)`;

const schemas: string[] = [];
function freshSchema(): string {
  const schema = `hc_test_${Math.random().toString(36).slice(2, 12)}`;
  schemas.push(schema);
  return schema;
}

afterAll(async () => {
  if (unreachable !== null || schemas.length === 0) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
});

describe.skipIf(unreachable !== null)(title, () => {
  describeStoreContract('postgres', () => openPostgresStore(url, { schema: freshSchema() }));

  async function twoPools(): Promise<[TableStore, TableStore]> {
    const schema = freshSchema();
    return Promise.all([openPostgresStore(url, { schema, poolSize: 5 }), openPostgresStore(url, { schema, poolSize: 5 })]);
  }

  it('migrates once when two processes start at once', async () => {
    const [a, b] = await twoPools();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const rows = await client.query<{ version: number }>(`SELECT version FROM "${schemas.at(-1) ?? ''}".${MIGRATIONS_TABLE} ORDER BY version`);
    await client.end();
    expect(rows.rows.map((row) => row.version)).toEqual(MIGRATIONS.map((migration) => migration.version));
    await a.close();
    await b.close();
  });

  it('stores one of 20 concurrent commits with one request id from two pools', async () => {
    const [a, b] = await twoPools();
    await a.createTable(testTable('t'));
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        (n % 2 === 0 ? a : b).commit({ tableId: 't', actorId: 'ann', requestId: 'once', events: [testEvent('roll', { n }, 'ann')] }),
      ),
    );
    expect(results.filter((result) => !result.isDuplicate)).toHaveLength(1);
    expect(new Set(results.map((result) => JSON.stringify(result.events))).size).toBe(1);
    expect((await b.readEvents('t', 0, 100)).map((event) => event.seq)).toEqual([1, 2]);
    expect((await a.checkIntegrity()).ok).toBe(true);
    await a.close();
    await b.close();
  });

  it('serialises 100 commits from two pools into contiguous seqs', async () => {
    const [a, b] = await twoPools();
    await a.createTable(testTable('t'));
    await a.createTable(testTable('u'));
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, n) =>
        (n % 2 === 0 ? a : b).commit({ tableId: n % 4 < 3 ? 't' : 'u', actorId: null, events: [testEvent('e', { n }), testEvent('f', { n })] }),
      ),
    );
    const t = results.flatMap((result) => result.events).filter((event) => event.tableId === 't').map((event) => event.seq).sort((x, y) => x - y);
    expect(t).toEqual(Array.from({ length: 150 }, (_, n) => n + 2));
    expect((await b.getTable('u'))?.lastSeq).toBe(51);
    expect((await a.checkIntegrity()).ok).toBe(true);
    await a.close();
    await b.close();
  });

  it('reports a gap in seqs from the integrity check', async () => {
    const schema = freshSchema();
    const store = await openPostgresStore(url, { schema });
    await store.createTable(testTable('t'));
    await store.commit({ tableId: 't', actorId: null, events: [testEvent('a'), testEvent('b')] });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`DELETE FROM "${schema}".events WHERE table_id = 't' AND seq = 2`);
    await client.end();
    const report = await store.checkIntegrity();
    expect(report.ok).toBe(false);
    expect(report.detail).toContain('table t');
    await store.close();
  });

  it('answers store/unavailable for an unreachable server without showing the password', async () => {
    const error: unknown = await openPostgresStore('postgres://someone:hunter2secret@127.0.0.1:1/test', { connectTimeoutMs: 2_000 }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).code).toBe('store/unavailable');
    expect((error as StoreError).message).not.toContain('hunter2secret');
  });

  it('refuses a schema name it would have to quote', async () => {
    await expect(openPostgresStore(url, { schema: 'Robert"; DROP' })).rejects.toBeInstanceOf(RangeError);
  });
});
