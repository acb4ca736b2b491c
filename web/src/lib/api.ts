/** The table server's HTTP routes (docs/protocol.md, HTTP). `fetch` is injected for the tests. */
import type { RulesetId } from '../../../src/rules/catalogue.js';
import type { Role, Settings, TableEvent, TableInfo } from './protocol.js';

/** A refused or failed request, with the server's code and its fix-it message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The part of `fetch` used here. */
export type Fetch = (url: string, init?: { method?: string; headers?: Record<string, string>; body?: string }) => Promise<{
  readonly ok: boolean;
  readonly status: number;
  json(): Promise<unknown>;
}>;

/** Created table. */
export interface CreatedTable {
  readonly id: string;
  readonly smithToken: string;
  readonly inviteCode: string;
  readonly memberId: string;
}

/** Joined table. */
export interface JoinedTable {
  readonly playerId: string;
  readonly token: string;
  readonly role: Role;
}

/**
 * What anyone with a table's address may know of it (`GET /api/tables/:id/summary`): enough for the
 * join page to say which table and whose, and whether the invite it was opened with still works.
 */
export interface TableSummary {
  readonly id: string;
  readonly name: string;
  readonly ruleset: RulesetId;
  /** The Smith's name. */
  readonly smith: string;
  /** The invite code asked about: the current one, not (revoked or rotated), or none given. */
  readonly invite: 'valid' | 'revoked' | 'none';
}

/** A seat given a new token (`POST /api/tables/:id/seat`): the member's id and their new token. */
export interface RenewedSeat {
  readonly memberId: string;
  readonly token: string;
}

/** A client for one server (same origin: `base` is '' in the page). */
export class Api {
  constructor(
    private readonly fetchFn: Fetch,
    private readonly base = '',
  ) {}

  private async call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token !== undefined) headers['authorization'] = `Bearer ${token}`;
    let res: Awaited<ReturnType<Fetch>>;
    try {
      res = await this.fetchFn(this.base + path, body === undefined ? { method, headers } : { method, headers, body: JSON.stringify(body) });
    } catch {
      throw new ApiError(0, 'network/unreachable', 'The table server cannot be reached; check the connection and try again.');
    }
    let json: unknown = null;
    try {
      json = await res.json();
    } catch {
      json = null;
    }
    if (!res.ok) {
      const err = (json as { error?: { code?: unknown; message?: unknown } } | null)?.error;
      const code = typeof err?.code === 'string' ? err.code : `http/${res.status}`;
      const message = typeof err?.message === 'string' ? err.message : describeStatus(res.status);
      throw new ApiError(res.status, code, message);
    }
    return json as T;
  }

  createTable(name: string, ruleset: RulesetId, settings: Settings, smithName?: string): Promise<CreatedTable> {
    return this.call('POST', '/api/tables', { name, ruleset, settings, ...(smithName !== undefined ? { smithName } : {}) });
  }

  join(tableId: string, inviteCode: string, name: string, role: 'player' | 'observer' = 'player'): Promise<JoinedTable> {
    return this.call('POST', `/api/tables/${encodeURIComponent(tableId)}/players`, { inviteCode, name, role });
  }

  table(tableId: string, token: string): Promise<TableInfo> {
    return this.call('GET', `/api/tables/${encodeURIComponent(tableId)}`, undefined, token);
  }

  /** The table's name, ruleset and Smith, and whether `invite` is its current invite code; 404 for no table. No token. */
  summary(tableId: string, invite?: string | null): Promise<TableSummary> {
    const query = invite === undefined || invite === null || invite === '' ? '' : `?invite=${encodeURIComponent(invite)}`;
    return this.call('GET', `/api/tables/${encodeURIComponent(tableId)}/summary${query}`);
  }

  /** Whether a table with this id exists, asked of its summary (a request that needs no token, so none is refused). */
  async tableExists(tableId: string): Promise<boolean> {
    try {
      await this.summary(tableId);
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) return false;
      throw e;
    }
  }

  /**
   * Gives a seat a new token: one's own (no `memberId`, or one's own id), or, for the Smith, any
   * member's. The old token stops working at once, on every device.
   */
  renewSeat(tableId: string, token: string, memberId?: string): Promise<RenewedSeat> {
    return this.call('POST', `/api/tables/${encodeURIComponent(tableId)}/seat`, memberId === undefined ? {} : { memberId }, token);
  }

  log(tableId: string, token: string, since: number, limit = 500): Promise<{ events: TableEvent[]; lastSeq: number }> {
    return this.call('GET', `/api/tables/${encodeURIComponent(tableId)}/log?since=${since}&limit=${limit}`, undefined, token);
  }

  /** The Smith ends the epoch of verifiable rolls (its keys revealed, a new one committed). */
  revealEpoch(tableId: string, token: string): Promise<{ seq: number; lastSeq: number }> {
    return this.call('POST', `/api/tables/${encodeURIComponent(tableId)}/epoch/reveal`, {}, token);
  }

  /** The Smith closes the evening's game: the log marks it, and the open epoch's dice are revealed. */
  endEvening(tableId: string, token: string): Promise<{ seq: number; lastSeq: number; evening: number; revealed: boolean }> {
    return this.call('POST', `/api/tables/${encodeURIComponent(tableId)}/evening/end`, {}, token);
  }

  invite(tableId: string, token: string, action: 'rotate' | 'revoke'): Promise<{ inviteCode: string | null }> {
    return this.call('POST', `/api/tables/${encodeURIComponent(tableId)}/invite`, { action }, token);
  }
}

function describeStatus(status: number): string {
  switch (status) {
    case 401:
      return 'This device is not a member of the table (the token is unknown). Join again from an invite link.';
    case 409:
      return 'That is taken at this table; choose another.';
    case 403:
      return 'Not allowed: the invite code is wrong or was revoked, or your role may not do this.';
    case 404:
      return 'There is no such table.';
    case 429:
      return 'Too many requests; wait a moment and try again.';
    default:
      return `The server answered ${status}.`;
  }
}
