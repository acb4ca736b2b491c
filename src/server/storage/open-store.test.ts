import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore, parseStoreSpec, StoreSpecError } from './open-store.js';

describe('parseStoreSpec', () => {
  it('tells Postgres URLs from SQLite paths', () => {
    expect(parseStoreSpec('postgres://u@h:5432/db')).toEqual({ kind: 'postgres', url: 'postgres://u@h:5432/db' });
    expect(parseStoreSpec('postgresql://u:p@h/db')).toEqual({ kind: 'postgres', url: 'postgresql://u:p@h/db' });
    expect(parseStoreSpec('POSTGRES://h/db').kind).toBe('postgres');
    expect(parseStoreSpec('./data/hc.db')).toEqual({ kind: 'sqlite', file: './data/hc.db' });
    expect(parseStoreSpec('/var/lib/hc.db')).toEqual({ kind: 'sqlite', file: '/var/lib/hc.db' });
    expect(parseStoreSpec(':memory:')).toEqual({ kind: 'sqlite', file: ':memory:' });
    expect(parseStoreSpec('C:\\data\\hc.db').kind).toBe('sqlite');
  });

  it('refuses what names no store, clearly and without echoing a password', () => {
    for (const bad of ['', '  ', ' ./x.db', 'mysql://h/db', 'redis://h', 'postgres:/h/db', 'file:hc.db', 'postgres://', 'postgres://:pw@/db']) {
      expect(() => parseStoreSpec(bad), bad).toThrow(StoreSpecError);
    }
    expect(() => parseStoreSpec('mysql://h/db')).toThrow(/unsupported store scheme "mysql:\/\/"/);
    try {
      parseStoreSpec('postgres://u:secretpw@[bad/db');
    } catch (error) {
      expect(String(error)).not.toContain('secretpw');
    }
  });
});

describe('openStore', () => {
  it('opens a SQLite file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hc-open-'));
    const store = await openStore(join(dir, 'a', 'hc.db'));
    expect(store.kind).toBe('sqlite');
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('rejects a bad spec', async () => {
    await expect(openStore('mysql://h/db')).rejects.toBeInstanceOf(StoreSpecError);
  });
});
