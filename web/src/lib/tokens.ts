/**
 * The member token of each table, kept in localStorage under the table id (docs/protocol.md, Roles
 * and tokens), so a player comes back to the same table later. Storage is injected for the tests.
 */
import type { Role } from './protocol.js';

/** What the page keeps for a table it has joined. */
export interface SavedSeat {
  readonly tableId: string;
  readonly token: string;
  readonly memberId: string;
  readonly name: string;
  readonly role: Role;
  /** The table's name, for the list of tables on the start page. */
  readonly tableName: string;
  /** When last opened (ms), for ordering. */
  readonly openedAt: number;
}

/** The part of `Storage` used here. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  readonly length: number;
  key(index: number): string | null;
}

function isSeat(v: unknown): v is SavedSeat {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as Record<string, unknown>;
  return (
    typeof s['tableId'] === 'string' &&
    typeof s['token'] === 'string' &&
    typeof s['memberId'] === 'string' &&
    typeof s['name'] === 'string' &&
    (s['role'] === 'smith' || s['role'] === 'player' || s['role'] === 'observer')
  );
}

/** Reads and writes seats, each under `prefix` + its table id; a corrupt entry reads as absent. */
export class SeatStore {
  constructor(
    private readonly store: KeyValueStore,
    private readonly prefix: string,
  ) {}

  get(tableId: string): SavedSeat | null {
    let raw: string | null;
    try {
      raw = this.store.getItem(this.prefix + tableId);
    } catch {
      return null;
    }
    if (raw === null) return null;
    try {
      const v: unknown = JSON.parse(raw);
      if (!isSeat(v)) return null;
      return { ...v, tableName: typeof v.tableName === 'string' ? v.tableName : v.tableId, openedAt: typeof v.openedAt === 'number' ? v.openedAt : 0 };
    } catch {
      return null;
    }
  }

  save(seat: SavedSeat): void {
    try {
      this.store.setItem(this.prefix + seat.tableId, JSON.stringify(seat));
    } catch {
      // Private mode or a full store: the seat lasts this visit only.
    }
  }

  forget(tableId: string): void {
    try {
      this.store.removeItem(this.prefix + tableId);
    } catch {
      // nothing kept, nothing to forget
    }
  }

  /** Every saved seat, most recently opened first. */
  list(): SavedSeat[] {
    const out: SavedSeat[] = [];
    for (let i = 0; i < this.store.length; i++) {
      const key = this.store.key(i);
      if (key === null || !key.startsWith(this.prefix)) continue;
      const seat = this.get(key.slice(this.prefix.length));
      if (seat) out.push(seat);
    }
    return out.sort((a, b) => b.openedAt - a.openedAt);
  }
}

/** An in-memory store, for tests and when localStorage is refused. */
export function memoryStore(): KeyValueStore {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
  };
}
