/**
 * Opens the store a deployment names: a `postgres://` or `postgresql://` URL, or a SQLite file path.
 */
import { openPostgresStore } from './postgres-store.js';
import { openSqliteStore } from './sqlite-store.js';
import type { TableStore } from './types.js';

/** Thrown for a store spec that names no store; the message says what is accepted. */
export class StoreSpecError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreSpecError';
  }
}

/** What a store spec names, without opening anything. */
export type StoreSpec = { readonly kind: 'postgres'; readonly url: string } | { readonly kind: 'sqlite'; readonly file: string };

const ACCEPTED = 'give a SQLite file path (e.g. ./data/hammercrawl.db, or :memory:) or a postgres://user@host:port/database URL';

/** Classifies a store spec; StoreSpecError when it names none. */
export function parseStoreSpec(spec: string): StoreSpec {
  if (typeof spec !== 'string' || spec.trim() === '') throw new StoreSpecError(`empty store spec: ${ACCEPTED}`);
  if (spec !== spec.trim()) throw new StoreSpecError(`store spec has leading or trailing spaces: ${ACCEPTED}`);
  if (spec.includes('\0')) throw new StoreSpecError(`store spec contains a NUL character: ${ACCEPTED}`);
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\//.exec(spec)?.[1]?.toLowerCase();
  if (scheme === 'postgres' || scheme === 'postgresql') {
    let url: URL;
    try {
      url = new URL(spec);
    } catch {
      throw new StoreSpecError(`not a valid Postgres URL (the URL is not shown, it may hold a password): ${ACCEPTED}`);
    }
    if (url.hostname === '' && !url.searchParams.has('host')) throw new StoreSpecError(`the Postgres URL names no host: ${ACCEPTED}`);
    return { kind: 'postgres', url: spec };
  }
  if (scheme !== undefined) throw new StoreSpecError(`unsupported store scheme "${scheme}://": ${ACCEPTED}`);
  if (/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(spec) && !/^[a-zA-Z]:[\\/]/.test(spec) && spec !== ':memory:') {
    throw new StoreSpecError(`"${spec.split(':')[0] ?? ''}:" looks like a URL scheme, not a file path (write ./${spec} for a file): ${ACCEPTED}`);
  }
  return { kind: 'sqlite', file: spec };
}

/** Opens and migrates the store `spec` names. */
export async function openStore(spec: string): Promise<TableStore> {
  const parsed = parseStoreSpec(spec);
  return parsed.kind === 'postgres' ? openPostgresStore(parsed.url) : openSqliteStore(parsed.file);
}
