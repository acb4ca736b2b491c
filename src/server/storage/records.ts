/**
 * Rows as both SQL stores read and write them, and the checks on what callers hand in.
 * JSON columns are TEXT: a body is stored exactly as `JSON.stringify` writes it.
 */
import type { Commit, CommitBatch, Json, JsonObject, MemberRecord, NewEvent, NewTable, Role, StoredEvent, TableRecord } from './types.js';
import { StoreError } from './types.js';

/** A `tables` row; integers may come back as strings (Postgres BIGINT) or numbers. */
export interface TableRow {
  readonly id: string;
  readonly name: string;
  readonly ruleset: string;
  readonly settings: string;
  readonly created_at: number | string;
  readonly invite_code: string | null;
  readonly last_seq: number | string;
}

/** A `members` row. */
export interface MemberRow {
  readonly table_id: string;
  readonly id: string;
  readonly role: string;
  readonly name: string;
  readonly token_hash: string;
  readonly created_at: number | string;
}

/** An `events` row. */
export interface EventRow {
  readonly table_id: string;
  readonly seq: number | string;
  readonly kind: string;
  readonly schema_version: number | string;
  readonly at: number | string;
  readonly actor_id: string | null;
  readonly request_id: string | null;
  readonly request_part: number | string | null;
  readonly body: string;
}

/** The most events one commit or new table may carry (a named limit, see conventions). */
export const MAX_EVENTS_PER_COMMIT = 10_000;

/** The most events one `readEvents` call returns. */
export const MAX_READ_LIMIT = 10_000;

const ROLES: readonly Role[] = ['smith', 'player', 'observer'];

/** A stored integer as a number; `store/corrupt` when it is not a safe integer. */
export function toInteger(value: number | string | bigint, what: string): number {
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(number)) throw new StoreError('store/corrupt', `stored ${what} is not a safe integer: ${String(value)}`);
  return number;
}

/** Parses a stored JSON object column; `store/corrupt` when it is not one. */
export function parseJsonObject(text: string, what: string): JsonObject {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new StoreError('store/corrupt', `stored ${what} is not JSON`, { cause: error });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new StoreError('store/corrupt', `stored ${what} is not a JSON object`);
  }
  return value as JsonObject;
}

/** A `tables` row as a record. */
export function tableFromRow(row: TableRow): TableRecord {
  return {
    id: row.id,
    name: row.name,
    ruleset: row.ruleset,
    settings: parseJsonObject(row.settings, `settings of table ${row.id}`),
    createdAt: toInteger(row.created_at, 'created_at'),
    inviteCode: row.invite_code,
    lastSeq: toInteger(row.last_seq, 'last_seq'),
  };
}

/** A `members` row as a record. */
export function memberFromRow(row: MemberRow): MemberRecord {
  const role = ROLES.find((candidate) => candidate === row.role);
  if (role === undefined) throw new StoreError('store/corrupt', `stored member ${row.id} has an unknown role`);
  return {
    id: row.id,
    tableId: row.table_id,
    role,
    name: row.name,
    tokenHash: row.token_hash,
    createdAt: toInteger(row.created_at, 'created_at'),
  };
}

/** An `events` row as a stored event. */
export function eventFromRow(row: EventRow): StoredEvent {
  const seq = toInteger(row.seq, 'seq');
  return {
    tableId: row.table_id,
    seq,
    kind: row.kind,
    schemaVersion: toInteger(row.schema_version, 'schema_version'),
    at: toInteger(row.at, 'at'),
    actorId: row.actor_id,
    requestId: row.request_id,
    body: parseJsonObject(row.body, `body of event ${row.table_id}#${seq}`),
  };
}

/** The row of the event that gets `seq`. */
export function eventRow(tableId: string, seq: number, event: NewEvent, requestId: string | null, part: number): EventRow {
  return {
    table_id: tableId,
    seq,
    kind: event.kind,
    schema_version: event.schemaVersion,
    at: event.at,
    actor_id: event.actorId,
    request_id: requestId,
    request_part: requestId === null ? null : part,
    body: encodeJsonObject(event.body, `events[${part}].body`),
  };
}

/** A member record as its row. */
export function memberRow(member: MemberRecord): MemberRow {
  return {
    table_id: member.tableId,
    id: member.id,
    role: member.role,
    name: member.name,
    token_hash: member.tokenHash,
    created_at: member.createdAt,
  };
}

/** The stored event `row` becomes, without reading it back. */
export function storedFromRow(row: EventRow, event: NewEvent): StoredEvent {
  return {
    tableId: row.table_id,
    seq: Number(row.seq),
    kind: event.kind,
    schemaVersion: event.schemaVersion,
    at: event.at,
    actorId: event.actorId,
    requestId: row.request_id,
    // Round-tripped so the caller gets what a reader gets (e.g. no shared mutable references).
    body: JSON.parse(row.body) as JsonObject,
  };
}

/**
 * `JSON.stringify` of an object after checking it is JSON: finite numbers, plain objects and arrays,
 * no undefined (which JSON would silently drop or turn into null). TypeError names the path.
 */
export function encodeJsonObject(value: JsonObject, path: string): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new TypeError(`${path} must be a JSON object`);
  checkJson(value, path, 0);
  return JSON.stringify(value);
}

const MAX_JSON_DEPTH = 256;

function checkJson(value: Json, path: string, depth: number): void {
  if (depth > MAX_JSON_DEPTH) throw new TypeError(`${path} nests deeper than ${MAX_JSON_DEPTH}`);
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`${path} is ${value}, which JSON cannot hold`);
    return;
  }
  if (Array.isArray(value)) {
    (value as readonly Json[]).forEach((item, index) => checkJson(item, `${path}[${index}]`, depth + 1));
    return;
  }
  if (typeof value === 'object') {
    const prototype: unknown = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) throw new TypeError(`${path} is not a plain object`);
    for (const [key, item] of Object.entries(value)) checkJson(item as Json, `${path}.${key}`, depth + 1);
    return;
  }
  throw new TypeError(`${path} is a ${typeof value}, which JSON cannot hold`);
}

function checkInteger(value: number, path: string): void {
  if (!Number.isSafeInteger(value)) throw new TypeError(`${path} must be a safe integer, got ${value}`);
}

function checkEvents(events: readonly NewEvent[]): void {
  if (events.length > MAX_EVENTS_PER_COMMIT) throw new RangeError(`at most ${MAX_EVENTS_PER_COMMIT} events per commit, got ${events.length}`);
  events.forEach((event, index) => {
    if (typeof event.kind !== 'string' || event.kind === '') throw new TypeError(`events[${index}].kind must be a non-empty string`);
    checkInteger(event.schemaVersion, `events[${index}].schemaVersion`);
    checkInteger(event.at, `events[${index}].at`);
  });
}

function checkMember(member: MemberRecord, tableId: string, path: string): void {
  if (member.tableId !== tableId) throw new TypeError(`${path}.tableId is ${member.tableId}, not the table ${tableId}`);
  if (!ROLES.includes(member.role)) throw new TypeError(`${path}.role must be one of ${ROLES.join(', ')}`);
  checkInteger(member.createdAt, `${path}.createdAt`);
}

/** Checks a commit before any write (programmer errors throw TypeError or RangeError). */
export function checkCommit(commit: Commit): void {
  if (commit.requestId !== undefined && (typeof commit.requestId !== 'string' || commit.requestId === '')) {
    throw new TypeError('requestId must be a non-empty string when given');
  }
  checkEvents(commit.events);
  if (commit.requestId !== undefined) {
    commit.events.forEach((event, index) => {
      if (event.actorId !== commit.actorId) {
        throw new TypeError(`events[${index}].actorId must equal the commit's actorId when a requestId is given (the idempotency key)`);
      }
    });
  }
  (commit.addMembers ?? []).forEach((member, index) => checkMember(member, commit.tableId, `addMembers[${index}]`));
  (commit.renewSeats ?? []).forEach((renewal, index) => {
    if (typeof renewal.memberId !== 'string' || renewal.memberId === '') throw new TypeError(`renewSeats[${index}].memberId must be a non-empty string`);
    if (typeof renewal.tokenHash !== 'string' || renewal.tokenHash === '') throw new TypeError(`renewSeats[${index}].tokenHash must be a non-empty string`);
  });
  if (commit.settings !== undefined) encodeJsonObject(commit.settings, 'settings');
}

/** Checks a batch of one table's commits before any write (`commitBatch`). */
export function checkBatch(batch: CommitBatch): void {
  if (typeof batch.tableId !== 'string' || batch.tableId === '') throw new TypeError('batch.tableId must be a non-empty string');
  checkInteger(batch.afterSeq, 'batch.afterSeq');
  if (!Array.isArray(batch.commits) || batch.commits.length === 0) throw new TypeError('batch.commits must be a non-empty array');
  batch.commits.forEach((commit, index) => {
    if (commit.tableId !== batch.tableId) throw new TypeError(`commits[${index}].tableId must equal the batch's tableId`);
    checkCommit(commit);
  });
}

/** Checks a new table before any write. */
export function checkNewTable(input: NewTable): void {
  if (typeof input.table.id !== 'string' || input.table.id === '') throw new TypeError('table.id must be a non-empty string');
  checkInteger(input.table.createdAt, 'table.createdAt');
  checkMember(input.smith, input.table.id, 'smith');
  if (input.smith.role !== 'smith') throw new TypeError(`smith.role must be 'smith', got ${input.smith.role}`);
  checkEvents(input.events);
}

/** Checks `readEvents` arguments. */
export function checkRead(afterSeq: number, limit: number): void {
  if (!Number.isSafeInteger(afterSeq) || afterSeq < 0) throw new RangeError(`afterSeq must be an integer >= 0, got ${afterSeq}`);
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_READ_LIMIT) {
    throw new RangeError(`limit must be an integer in 1..${MAX_READ_LIMIT}, got ${limit}`);
  }
}

/** A finding of the contiguity check: a table whose events are not exactly 1..lastSeq. */
export interface SeqFinding {
  readonly tableId: string;
  readonly lastSeq: number;
  readonly count: number;
  readonly minSeq: number | null;
  readonly maxSeq: number | null;
}

/** Describes contiguity findings for `checkIntegrity`. */
export function describeSeqFindings(findings: readonly SeqFinding[]): string {
  return findings
    .map((f) => `table ${f.tableId}: last_seq ${f.lastSeq}, ${f.count} events, seqs ${f.minSeq ?? '-'}..${f.maxSeq ?? '-'}`)
    .join('; ');
}

/** SQL (both dialects) listing tables whose events are not exactly 1..last_seq. */
export const SEQ_FINDINGS_SQL = `
  SELECT t.id AS table_id, t.last_seq AS last_seq, COUNT(e.seq) AS count, MIN(e.seq) AS min_seq, MAX(e.seq) AS max_seq
  FROM tables t LEFT JOIN events e ON e.table_id = t.id
  GROUP BY t.id, t.last_seq
  HAVING COUNT(e.seq) <> t.last_seq OR COALESCE(MAX(e.seq), 0) <> t.last_seq OR COALESCE(MIN(e.seq), 1) <> 1
  UNION ALL
  SELECT e.table_id, NULL, COUNT(*), MIN(e.seq), MAX(e.seq)
  FROM events e WHERE NOT EXISTS (SELECT 1 FROM tables t WHERE t.id = e.table_id)
  GROUP BY e.table_id`;

/** A row of `SEQ_FINDINGS_SQL`. */
export interface SeqFindingRow {
  readonly table_id: string;
  readonly last_seq: number | string | null;
  readonly count: number | string;
  readonly min_seq: number | string | null;
  readonly max_seq: number | string | null;
}

/** A `SEQ_FINDINGS_SQL` row as a finding. */
export function seqFindingFromRow(row: SeqFindingRow): SeqFinding {
  return {
    tableId: row.table_id,
    lastSeq: row.last_seq === null ? -1 : Number(row.last_seq),
    count: Number(row.count),
    minSeq: row.min_seq === null ? null : Number(row.min_seq),
    maxSeq: row.max_seq === null ? null : Number(row.max_seq),
  };
}
