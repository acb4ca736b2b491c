/**
 * The table server: HTTP routes and the live WebSocket (docs/protocol.md) over a `TableStore` and an
 * `EventBus`. Thin: requests are read through the wire schemas, then the table core decides.
 */
import { isUtf8 } from 'node:buffer';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { timingSafeEqual } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import rateLimit from '@fastify/rate-limit';
import helmet from 'helmet';
import fastifyStatic from '@fastify/static';
import type { WebSocket } from 'ws';
import type { RandomSource } from '../dice/random.js';
import { settingsProblem, type RuleSystem } from '../rules/rule-system.js';
import type { Actor } from '../table/commands.js';
import { memberNameProblem } from '../table/commands.js';
import { EVENT_SCHEMA_VERSION, type MemberView, type Role } from '../table/events.js';
import { MAX_MEMBERS, MAX_SETTINGS_JSON_LENGTH } from '../table/limits.js';
import { can } from '../table/permissions.js';
import { charactersFor, projectEvent, type Viewer } from '../table/project.js';
import { TableFoldError } from '../table/state.js';
import {
  HELLO_TIMEOUT_MS,
  JOINS_PER_MINUTE,
  LOG_PAGE_SIZE,
  isDeeperThan,
  MAX_BODY_BYTES,
  MAX_FRAME_BYTES,
  MAX_JSON_DEPTH,
  MAX_SOCKET_BACKLOG_BYTES,
  MAX_SOCKETS_PER_TABLE,
  REQUESTS_PER_MINUTE,
  ROLL_BURST,
  ROLLS_PER_SECOND,
  TABLES_PER_MINUTE,
} from './limits.js';
import { LiveTable, type CommandOutcome, type SeatLoss } from './live-table.js';
import { REPLAY_DRAIN_POLL_MS, REPLAY_LOW_WATER_BYTES, SLOW_READER_CLOSE_CODE, SLOW_READER_MS } from './log-pages.js';
import { hostnameOf, isAllowedHost, originHosts } from './hosts.js';
import { seatRenewal } from './seats.js';
import { cryptoRandom, hashToken, newId, newInviteCode, newToken } from './secrets.js';
import { StoreError, type EventBus, type JsonObject, type MemberRecord, type TableStore } from './storage/types.js';
import { sendTextFrames } from './ws-frames.js';
import { createTableBody, describeIssues, helloMessage, inviteBody, joinBody, logQuery, readCommandMessage, rollBody, seatBody, summaryQuery, toTableCommand } from './wire.js';
import { COMMAND_LIMITS, CommandRates, localRates, logBytesOf, type CommandLimits, type RateStore } from './rates.js';
import { drawEpochKeys } from './epoch-keys.js';
import { nonceProblem } from '../table/epochs.js';

/** What the server is built from. */
export interface ServerOptions {
  readonly store: TableStore;
  readonly bus: EventBus;
  readonly rules: ReadonlyMap<string, RuleSystem>;
  /** Dice; the operating system's cryptographic source unless a test injects one. */
  readonly rng?: RandomSource;
  /**
   * Verifiable rolls (src/table/epochs.ts, docs/protocol.md): every roll derived from a committed
   * epoch key. The served table has them (`startServer`); off unless asked for here.
   */
  readonly verifiableRolls?: boolean;
  readonly now?: () => number;
  /** Folder of the built web app (index.html); null serves a short page saying how to build it. */
  readonly webRoot?: string | null;
  /** Origins allowed to open a WebSocket besides the server's own (their hosts are allowed hosts too). */
  readonly allowedOrigins?: readonly string[];
  /**
   * Host names the server answers to besides IP addresses and localhost (`--allow-host`, read by
   * `readAllowedHosts`; `*` turns the check off). Every other Host is refused (src/server/hosts.ts).
   */
  readonly allowedHosts?: readonly string[];
  /** Log level, or false for no logs. */
  readonly logLevel?: string | false;
  /** Log every request (default off: warnings and errors only reach the log). */
  readonly logRequests?: boolean;
  /** Where logs go (default stderr). */
  readonly logStream?: NodeJS.WritableStream;
  /** Behind a reverse proxy: trust its X-Forwarded-For for rate limits. */
  readonly trustProxy?: boolean;
  /** True when no other process writes the store (SQLite, local bus): commands skip reading back. */
  readonly isSoleWriter?: boolean;
  /** Other HTTP requests per address per minute (default REQUESTS_PER_MINUTE). */
  readonly requestsPerMinute?: number;
  /** Per-client roll rate (tests of the limit lower it). */
  readonly rollsPerSecond?: number;
  readonly rollBurst?: number;
  /** The other command limits (default COMMAND_LIMITS: the constants of limits.ts); tests lower or raise them. */
  readonly commandLimits?: Partial<CommandLimits>;
  /** Where the rate buckets live: this process (default), or Redis shared by every process on the bus. */
  readonly rates?: RateStore;
  /** The clock the rate buckets refill by (default Date.now; tests of the limits move it by hand). */
  readonly rateClock?: () => number;
  /** Tables created per address per minute (default TABLES_PER_MINUTE). */
  readonly tablesPerMinute?: number;
  /** Joins per address per minute (default JOINS_PER_MINUTE). */
  readonly joinsPerMinute?: number;
  /** How long a replaying socket may read nothing before it is closed as too slow (default SLOW_READER_MS). */
  readonly slowReaderMs?: number;
}

const BAD_TOKEN_MESSAGE = 'This token does not belong to this table.';
const REMOVED_MESSAGE = 'The Smith removed you from this table; ask the Smith for a new invite link to join again.';
const RENEWED_MESSAGE = 'This seat was given a new seat link: this device\'s token no longer opens the table. Open the new link here to take the seat again.';

/** An error answer: `{ error: { code, message } }` with its status. */
class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header === undefined) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m === null ? null : m[1]!;
}

function memberView(m: MemberRecord): MemberView {
  return { id: m.id, name: m.name, role: m.role };
}

/** An acknowledgement of a command (docs/protocol.md, Commands). */
interface Ack {
  readonly kind: 'ack';
  readonly requestId: string;
  /** The seq of the command's last event. */
  readonly seq: number;
  /** `character-save`: the id of the character saved (new or edited). */
  readonly characterId?: string;
}

/**
 * The ack of an applied command. A retry gets the first ack again, so the fields of a duplicate come
 * from the events stored the first time (read back by seq, as `POST .../rolls` does).
 */
async function ackOf(table: LiveTable, actor: Actor, kind: string, requestId: string, outcome: Extract<CommandOutcome, { ok: true }>): Promise<Ack> {
  const ack: Ack = { kind: 'ack', requestId, seq: outcome.seq };
  if (kind !== 'character-save') return ack;
  const last = outcome.isDuplicate ? (await table.log(actor, outcome.seq - 1, 1)).events[0] : projectEvent(outcome.events[outcome.events.length - 1]!, actor);
  // The first command under this request id may have been another kind: its ack has no character.
  const character = last?.kind === 'character-saved' ? (last['character'] as { readonly id?: unknown } | undefined) : undefined;
  return typeof character?.id === 'string' ? { ...ack, characterId: character.id } : ack;
}

/** A refused member name as an HTTP answer: a taken name is a conflict, anything else a bad request. */
function nameProblem(problem: { readonly code: string; readonly message: string }): HttpProblem {
  return new HttpProblem(problem.code === 'member/name-taken' ? 409 : 400, problem.code, problem.message);
}

/**
 * A retryable storage failure as the client is told it: the database is locked by another program
 * (`storage/busy`) or the connection to it was lost (`storage/unavailable`). Nothing was written.
 */
function storageProblem(error: unknown): { readonly code: string; readonly message: string; readonly retryAfterMs: number } | null {
  if (!(error instanceof StoreError) || (error.code !== 'store/busy' && error.code !== 'store/unavailable')) return null;
  const retryAfterMs = error.retryAfterMs ?? STORAGE_RETRY_AFTER_MS;
  const again = `Try again in ${Math.ceil(retryAfterMs / 1000)} s with the same requestId`;
  return error.code === 'store/busy'
    ? { code: 'storage/busy', message: `The table's database is busy (another program holds its write lock); nothing was applied. ${again}.`, retryAfterMs }
    : { code: 'storage/unavailable', message: `The server lost its connection to the table's database, so it cannot tell whether this was stored. ${again}: it is never applied twice.`, retryAfterMs };
}

/** The retry-after of a storage failure that names none, ms. */
export const STORAGE_RETRY_AFTER_MS = 1_000;

/** Status of a refused command, for HTTP. */
function statusOf(code: string): number {
  if (code === 'auth/forbidden') return 403;
  if (code === 'auth/removed') return 401;
  if (code.startsWith('store/')) return 500;
  return 400;
}

/** The headers helmet sets, computed once: a strict CSP (same origin only), no HSTS (plain HTTP on a LAN). */
export function computeSecurityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  middleware({} as never, response as never, () => {
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously');
  return headers;
}

/** Builds the server (not listening yet). */
export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const { store, bus } = options;
  const rng = options.rng ?? cryptoRandom();
  const now = options.now ?? Date.now;
  const rates = new CommandRates(options.rates ?? localRates(options.rateClock ?? Date.now), {
    ...COMMAND_LIMITS,
    rolls: { perSecond: options.rollsPerSecond ?? ROLLS_PER_SECOND, burst: options.rollBurst ?? ROLL_BURST },
    ...options.commandLimits,
  });
  const app = Fastify({
    bodyLimit: MAX_BODY_BYTES,
    // One log line per request floods a Smith's terminal; errors are logged where they happen.
    logController: new LogController({ disableRequestLogging: options.logRequests !== true }),
    trustProxy: options.trustProxy ?? false,
    logger:
      options.logLevel === false
        ? false
        : {
            level: options.logLevel ?? 'info',
            stream: options.logStream ?? process.stderr,
            redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["sec-websocket-protocol"]'], censor: '[redacted]' },
          },
  });

  const rulesOf = (id: string): RuleSystem => {
    const r = options.rules.get(id);
    if (r === undefined) throw new HttpProblem(500, 'rules/unavailable', `The ruleset ${id} is not loaded on this server.`);
    return r;
  };
  const deps = { store, bus, rules: rulesOf, rng, now, isSoleWriter: options.isSoleWriter ?? false, ...(options.verifiableRolls === true ? { drawEpochKeys } : {}) };
  const tables = new Map<string, Promise<LiveTable | null>>();
  const unsubscribeResync = bus.onResync(() => {
    for (const t of tables.values()) void t.then((live) => live?.refill());
  });

  async function liveTable(id: string): Promise<LiveTable> {
    let pending = tables.get(id);
    if (pending === undefined) {
      pending = LiveTable.open(id, deps);
      tables.set(id, pending);
      pending.then(
        (t) => t === null && tables.delete(id),
        () => tables.delete(id),
      );
    }
    const table = await pending;
    if (table === null) throw new HttpProblem(404, 'table/not-found', `No table ${id}.`);
    return table;
  }

  /** The member a request's bearer token seats, with their name and role as the table has them now. */
  async function authenticate(request: FastifyRequest, table: LiveTable): Promise<{ readonly member: MemberRecord; readonly view: MemberView }> {
    const token = bearer(request);
    if (token === null) throw new HttpProblem(401, 'auth/no-token', 'Send your table token as "Authorization: Bearer <token>".');
    const seat = await table.seat(hashToken(token));
    if (seat.kind === 'removed') throw new HttpProblem(401, 'auth/removed', REMOVED_MESSAGE);
    if (seat.kind === 'unknown') throw new HttpProblem(401, 'auth/bad-token', BAD_TOKEN_MESSAGE);
    return seat;
  }

  // JSON bodies must be well-formed UTF-8: broken bytes (a lone surrogate's) are refused with a message,
  // not read as U+FFFD into a name or a character (the default parser would replace them silently).
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(new HttpProblem(400, 'http/bad-text', 'The request body is not well-formed UTF-8 (broken text, such as half of a surrogate pair); nothing was changed.'), undefined);
      return;
    }
    jsonParser(request, text, (error, value) => {
      if (error === null && isDeeperThan(value, MAX_JSON_DEPTH)) {
        done(new HttpProblem(400, 'http/too-deep', `A request body nests objects and arrays at most ${MAX_JSON_DEPTH} deep.`), undefined);
        return;
      }
      done(error, value);
    });
  });

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    if (error instanceof HttpProblem) return reply.status(error.status).send({ error: { code: error.code, message: error.message } });
    const storage = storageProblem(error);
    if (storage !== null) {
      request.log.warn({ err: error }, 'storage failed');
      void reply.header('retry-after', Math.ceil(storage.retryAfterMs / 1000));
      return reply.status(503).send({ error: { code: storage.code, message: storage.message } });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ error: { code: 'rate/limited', message: error.message } });
    if (status === 413) return reply.status(413).send({ error: { code: 'http/too-large', message: `Request bodies are at most ${MAX_BODY_BYTES} bytes.` } });
    if (status >= 400 && status < 500) return reply.status(status).send({ error: { code: 'http/bad-request', message: error.message } });
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: { code: 'internal', message: 'The server failed; the request was not applied.' } });
  });

  // Security headers are the same for every response: computed once by helmet, then set by a hook
  // (@fastify/helmet builds helmet's middleware again on every request).
  const securityHeaders = computeSecurityHeaders();
  const allowedHosts = [...(options.allowedHosts ?? []), ...originHosts(options.allowedOrigins ?? [])];
  /** The refusal of a request whose Host the server does not answer to, or null. */
  const hostProblem = (host: string | undefined): { readonly error: { readonly code: string; readonly message: string } } | null => {
    if (isAllowedHost(host, allowedHosts)) return null;
    const shown = (host ?? '').slice(0, 80);
    return {
      error: {
        code: 'http/bad-host',
        message:
          shown === ''
            ? 'Requests must name the host they are for (a Host header).'
            : `This server does not answer to the host name ${JSON.stringify(shown)}; its host may allow it with: hammercrawl serve --allow-host ${hostnameOf(shown) ?? shown}`,
      },
    };
  };
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(securityHeaders);
    const problem = hostProblem(request.headers.host);
    if (problem === null) {
      done();
      return;
    }
    if (request.headers.upgrade === undefined) {
      void reply.status(403).send(problem);
      return;
    }
    // An upgrade request's socket is no HTTP response: the refusal is written on it and it is closed.
    reply.hijack();
    const json = JSON.stringify(problem);
    request.raw.socket.end(`HTTP/1.1 403 Forbidden\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`);
  });
  await app.register(rateLimit, {
    global: true,
    max: options.requestsPerMinute ?? REQUESTS_PER_MINUTE,
    timeWindow: 60_000,
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      message: `Too many requests; try again in ${Math.ceil(context.ttl / 1000)} s.`,
    }),
  });
  // The server checks a message's UTF-8 itself, to answer broken text with a message (protocol/bad-text), not a closed socket.
  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES, skipUTF8Validation: true } });

  app.get('/api/health', async () => ({ ok: true }));

  app.post('/api/tables', { config: { rateLimit: { max: options.tablesPerMinute ?? TABLES_PER_MINUTE, timeWindow: 60_000 } } }, async (request, reply) => {
    const parsed = createTableBody.safeParse(request.body);
    if (!parsed.success) throw new HttpProblem(400, 'table/invalid', describeIssues(parsed.error));
    const { name, ruleset, settings = {} } = parsed.data;
    // The Smith's name is read as every member's name is (no one else is at the table yet).
    const smithName = memberNameProblem({ members: [] }, parsed.data.smithName ?? 'Smith', 'smith');
    if (!smithName.ok) throw new HttpProblem(400, smithName.error.code, smithName.error.message);
    if (JSON.stringify(settings).length > MAX_SETTINGS_JSON_LENGTH) {
      throw new HttpProblem(400, 'table/settings-too-large', `Settings are at most ${MAX_SETTINGS_JSON_LENGTH} characters of JSON.`);
    }
    const badSetting = settingsProblem(rulesOf(ruleset).settings, settings);
    if (badSetting !== null) throw new HttpProblem(400, badSetting.code, badSetting.message);
    const id = newId();
    const smithToken = newToken();
    const inviteCode = newInviteCode();
    const at = now();
    const smith: MemberRecord = { id: newId(), tableId: id, role: 'smith', name: smithName.value, tokenHash: hashToken(smithToken), createdAt: at };
    await store.createTable({
      table: { id, name, ruleset, settings, createdAt: at, inviteCode },
      smith,
      events: [
        { kind: 'table-created', schemaVersion: EVENT_SCHEMA_VERSION, at, actorId: smith.id, body: { name, ruleset, settings } },
        { kind: 'member-joined', schemaVersion: EVENT_SCHEMA_VERSION, at, actorId: smith.id, body: { member: memberView(smith) as unknown as JsonObject } },
      ],
    });
    return reply.status(201).send({ id, smithToken, inviteCode, memberId: smith.id });
  });

  app.post<{ Params: { id: string } }>('/api/tables/:id/players', { config: { rateLimit: { max: options.joinsPerMinute ?? JOINS_PER_MINUTE, timeWindow: 60_000 } } }, async (request, reply) => {
    const parsed = joinBody.safeParse(request.body);
    if (!parsed.success) throw new HttpProblem(400, 'join/invalid', describeIssues(parsed.error));
    const table = await liveTable(request.params.id);
    const record = await store.getTable(table.tableId);
    if (record === null) throw new HttpProblem(404, 'table/not-found', `No table ${request.params.id}.`);
    if (record.inviteCode === null || !sameText(record.inviteCode, parsed.data.inviteCode)) {
      throw new HttpProblem(403, 'auth/bad-invite', 'This invite code is wrong or was revoked; ask the Smith for a new link.');
    }
    const token = newToken();
    const role: Role = parsed.data.role ?? 'player';
    const name = memberNameProblem(table.current, parsed.data.name, role);
    if (!name.ok) throw nameProblem(name.error);
    const member: MemberRecord = { id: newId(), tableId: table.tableId, role, name: name.value, tokenHash: hashToken(token), createdAt: now() };
    await table.commitDirect(
      {
        actorId: member.id,
        addMembers: [member],
        events: [{ kind: 'member-joined', schemaVersion: EVENT_SCHEMA_VERSION, at: member.createdAt, actorId: member.id, body: { member: memberView(member) as unknown as JsonObject } }],
      },
      // Counted in the table's queue, after the joins ahead of this one.
      (state) => {
        if (state.members.length >= MAX_MEMBERS) throw new HttpProblem(409, 'table/full', `A table has at most ${MAX_MEMBERS} members.`);
        // Read again here: a join ahead of this one in the queue may have taken the name.
        const again = memberNameProblem(state, member.name, role);
        if (!again.ok) throw nameProblem(again.error);
      },
    );
    return reply.status(201).send({ playerId: member.id, token, role });
  });

  app.get<{ Params: { id: string } }>('/api/tables/:id', async (request) => {
    const table = await liveTable(request.params.id);
    const { member, view } = await authenticate(request, table);
    const state = table.current;
    const record = member.role === 'smith' ? await store.getTable(table.tableId) : null;
    return {
      id: table.tableId,
      name: state.name,
      ruleset: state.ruleset,
      settings: state.settings,
      you: view,
      members: state.members,
      lastSeq: state.lastSeq,
      ...(record !== null ? { inviteCode: record.inviteCode, logBytes: await table.logBytes() } : {}),
    };
  });

  app.get<{ Params: { id: string }; Querystring: unknown }>('/api/tables/:id/log', async (request) => {
    const table = await liveTable(request.params.id);
    const { member } = await authenticate(request, table);
    const q = logQuery.safeParse(request.query);
    if (!q.success) throw new HttpProblem(400, 'log/invalid', describeIssues(q.error));
    return table.log({ id: member.id, role: member.role }, q.data.since, q.data.limit ?? LOG_PAGE_SIZE);
  });

  app.get<{ Params: { id: string } }>('/api/tables/:id/export', async (request, reply) => {
    const table = await liveTable(request.params.id);
    const { member, view } = await authenticate(request, table);
    const viewer = { id: member.id, role: member.role };
    await table.catchUp();
    // The export is the table as of now: its members and characters, and its events up to this seq.
    const state = table.current;
    const until = state.lastSeq;
    const safeName = state.name.replace(/[^A-Za-z0-9 _-]+/g, '').trim().replace(/\s+/g, '-') || 'table';
    const head = {
      format: 'hammercrawl-table-export',
      schemaVersion: 1,
      table: { id: table.tableId, name: state.name, ruleset: state.ruleset, settings: state.settings },
      exportedBy: view,
      members: state.members,
      characters: charactersFor(state, viewer),
    };
    // Written page by page as the client reads it: the same JSON as one object, `events` last.
    async function* exportText(): AsyncGenerator<string> {
      const opening = JSON.stringify({ ...head, events: [] });
      yield opening.slice(0, -2);
      let isFirst = true;
      for await (const texts of table.projectedPages(viewer, 0, until)) {
        yield `${isFirst ? '' : ','}${texts.join(',')}`;
        isFirst = false;
      }
      yield ']}';
    }
    void reply.header('content-disposition', `attachment; filename="${safeName}-log.json"`);
    return reply.type('application/json; charset=utf-8').send(Readable.from(exportText(), { objectMode: false }));
  });

  /** Refuses (429, with Retry-After) a command its member's or its table's rate does not admit now. */
  async function admitCommand(tableId: string, memberId: string, reply: FastifyReply, rollsDice = false): Promise<void> {
    const refused = await rates.admit(tableId, memberId, rollsDice);
    if (refused === null) return;
    void reply.header('retry-after', Math.ceil(refused.retryAfterMs / 1000));
    throw new HttpProblem(429, refused.code, refused.message);
  }

  app.post<{ Params: { id: string } }>('/api/tables/:id/rolls', async (request, reply) => {
    const table = await liveTable(request.params.id);
    const { member } = await authenticate(request, table);
    const parsed = rollBody.safeParse(request.body);
    if (!parsed.success) throw new HttpProblem(400, 'roll/invalid', describeIssues(parsed.error));
    await admitCommand(table.tableId, member.id, reply, true);
    const viewer = { id: member.id, role: member.role };
    const { nonce, ...roll } = parsed.data;
    if (nonce !== undefined) {
      const bad = nonceProblem(nonce);
      if (!bad.ok) throw new HttpProblem(400, bad.error.code, bad.error.message);
    }
    const outcome = await table.command(viewer, toTableCommand({ kind: 'roll', ...roll }), nonce);
    if (!outcome.ok) throw new HttpProblem(statusOf(outcome.error.code), outcome.error.code, outcome.error.message);
    if (!outcome.isDuplicate) await rates.wrote(table.tableId, member.id, logBytesOf(outcome.events));
    const event = outcome.isDuplicate ? ((await table.log(viewer, outcome.seq - 1, 1)).events[0] ?? null) : projectEvent(outcome.events[outcome.events.length - 1]!, viewer);
    return reply.status(outcome.isDuplicate ? 200 : 201).send({ seq: outcome.seq, event });
  });

  // The Smith ends the epoch of verifiable rolls: its keys revealed, a new one committed (docs/protocol.md).
  app.post<{ Params: { id: string } }>('/api/tables/:id/epoch/reveal', async (request, reply) => {
    const table = await liveTable(request.params.id);
    const { member } = await authenticate(request, table);
    if (member.role !== 'smith') throw new HttpProblem(403, 'auth/forbidden', 'Only the Smith ends an epoch of the dice.');
    await admitCommand(table.tableId, member.id, reply);
    const events = await table.revealEpoch(member.id);
    if (events === null) throw new HttpProblem(409, 'epoch/nothing-to-reveal', 'No roll has been made since the last reveal: there is nothing to reveal yet.');
    await rates.wrote(table.tableId, member.id, logBytesOf(events));
    return { seq: events[0]!.seq, lastSeq: events[events.length - 1]!.seq };
  });

  // The Smith closes the evening's game: the log marks it, and the dice of the open epoch are revealed (docs/protocol.md).
  app.post<{ Params: { id: string } }>('/api/tables/:id/evening/end', async (request, reply) => {
    const table = await liveTable(request.params.id);
    const { member } = await authenticate(request, table);
    if (member.role !== 'smith') throw new HttpProblem(403, 'auth/forbidden', "Only the Smith closes the evening's game.");
    await admitCommand(table.tableId, member.id, reply);
    const { events, evening, revealed } = await table.endEvening(member.id);
    await rates.wrote(table.tableId, member.id, logBytesOf(events));
    return { seq: events[0]!.seq, lastSeq: events[events.length - 1]!.seq, evening, revealed };
  });

  app.post<{ Params: { id: string } }>('/api/tables/:id/invite', async (request, reply) => {
    const table = await liveTable(request.params.id);
    const { member } = await authenticate(request, table);
    if (!can(member.role, 'invite')) throw new HttpProblem(403, 'auth/forbidden', 'Only the Smith manages the invite link.');
    const parsed = inviteBody.safeParse(request.body);
    if (!parsed.success) throw new HttpProblem(400, 'invite/invalid', describeIssues(parsed.error));
    await admitCommand(table.tableId, member.id, reply);
    const inviteCode = parsed.data.action === 'rotate' ? newInviteCode() : null;
    await table.commitDirect({
      actorId: member.id,
      inviteCode,
      events: [{ kind: 'invite-changed', schemaVersion: EVENT_SCHEMA_VERSION, at: now(), actorId: member.id, body: { hasInvite: inviteCode !== null } }],
    });
    return { inviteCode };
  });

  app.get<{ Params: { id: string }; Querystring: unknown }>('/api/tables/:id/summary', async (request) => {
    const q = summaryQuery.safeParse(request.query);
    if (!q.success) throw new HttpProblem(400, 'summary/invalid', describeIssues(q.error));
    const table = await liveTable(request.params.id);
    await table.catchUp();
    const state = table.current;
    const record = await store.getTable(table.tableId);
    if (record === null) throw new HttpProblem(404, 'table/not-found', `No table ${request.params.id}.`);
    const code = q.data.invite ?? '';
    const invite = code === '' ? 'none' : record.inviteCode !== null && sameText(record.inviteCode, code) ? 'valid' : 'revoked';
    const smith = state.members.find((m) => m.role === 'smith');
    return { id: table.tableId, name: state.name, ruleset: state.ruleset, smith: smith?.name ?? 'Smith', invite };
  });

  app.post<{ Params: { id: string } }>('/api/tables/:id/seat', { config: { rateLimit: { max: options.joinsPerMinute ?? JOINS_PER_MINUTE, timeWindow: 60_000 } } }, async (request) => {
    const table = await liveTable(request.params.id);
    const { member } = await authenticate(request, table);
    const parsed = seatBody.safeParse(request.body ?? {});
    if (!parsed.success) throw new HttpProblem(400, 'seat/invalid', describeIssues(parsed.error));
    const memberId = parsed.data.memberId ?? member.id;
    if (memberId !== member.id && !can(member.role, 'members')) {
      throw new HttpProblem(403, 'auth/forbidden', "Only the Smith gives another member's seat a new link; renew your own seat instead.");
    }
    const token = newToken();
    await table.commitDirect(seatRenewal(memberId, hashToken(token), member.id, now()), (state) => {
      if (!state.members.some((m) => m.id === member.id)) throw new HttpProblem(401, 'auth/removed', REMOVED_MESSAGE);
      if (!state.members.some((m) => m.id === memberId)) throw new HttpProblem(404, 'member/no-such-member', `No member ${memberId.slice(0, 64)} at this table.`);
    });
    return { memberId, token };
  });

  const allowed = new Set(options.allowedOrigins ?? []);
  app.get<{ Params: { id: string } }>(
    '/api/tables/:id/live',
    {
      websocket: true,
      preValidation: async (request, reply) => {
        const origin = request.headers.origin;
        if (origin === undefined) return;
        let host: string;
        try {
          host = new URL(origin).host;
        } catch {
          host = '';
        }
        if (host !== request.headers.host && !allowed.has(origin)) {
          await reply.status(403).send({ error: { code: 'auth/bad-origin', message: `WebSocket connections from ${origin} are not allowed.` } });
        }
      },
    },
    (socket, request) => {
      serveSocket(socket, request.params.id);
    },
  );

  function serveSocket(socket: WebSocket, tableId: string): void {
    let stage: 'waiting' | 'opening' | 'open' | 'closed' = 'waiting';
    let member: MemberRecord | null = null;
    let table: LiveTable | null = null;
    let stopWatching: (() => void) | null = null;
    let isTooSlow = false;
    /** Closes a socket that does not read what it is sent: it is told so, after what it was sent. */
    const closeTooSlow = (): void => {
      if (isTooSlow) return;
      isTooSlow = true;
      const message = 'This connection did not read the table fast enough and was closed; connect again with "since" set to the last seq you have.';
      socket.send(JSON.stringify({ kind: 'error', code: 'socket/too-slow', message }), { binary: false });
      socket.close(SLOW_READER_CLOSE_CODE, 'too slow: connect again with since');
    };
    /** Sends frames in order (a table's events: their frames made once, shared by every socket, ws-frames.ts). */
    const sendFrames = (frames: readonly Buffer[]): void => {
      if (socket.readyState !== socket.OPEN || isTooSlow || frames.length === 0) return;
      if (socket.bufferedAmount > MAX_SOCKET_BACKLOG_BYTES) {
        closeTooSlow();
        return;
      }
      sendTextFrames(socket, frames);
    };
    const sendFrame = (frame: Buffer): void => sendFrames([frame]);
    const slowReaderMs = options.slowReaderMs ?? SLOW_READER_MS;
    /** Replay's pacing: true once the backlog has drained to the low-water mark, false when the socket is gone. */
    const ready = (): Promise<boolean> =>
      new Promise((resolve) => {
        let lowest = Infinity;
        let progressAt = performance.now();
        const check = (): void => {
          if (stage === 'closed' || isTooSlow || socket.readyState !== socket.OPEN) return resolve(false);
          const backlog = socket.bufferedAmount;
          if (backlog <= REPLAY_LOW_WATER_BYTES) return resolve(true);
          const t = performance.now();
          if (backlog < lowest) {
            lowest = backlog;
            progressAt = t;
          } else if (t - progressAt > slowReaderMs) {
            closeTooSlow();
            return resolve(false);
          }
          setTimeout(check, REPLAY_DRAIN_POLL_MS);
        };
        check();
      });
    const send = (frame: object): void => sendFrame(Buffer.from(JSON.stringify(frame)));
    const fail = (code: string, message: string, requestId?: string, path?: string): void =>
      send({ kind: 'error', code, message, ...(requestId !== undefined ? { requestId } : {}), ...(path !== undefined ? { path } : {}) });
    /** Ends a socket whose token opens nothing (null: unknown), or no longer does. */
    const unseat = (loss: SeatLoss | null): void => {
      // Nothing more is read from this socket: its token opens nothing now.
      stage = 'closed';
      if (loss === 'removed') fail('auth/removed', REMOVED_MESSAGE);
      else if (loss === 'renewed') fail('auth/seat-renewed', RENEWED_MESSAGE);
      else fail('auth/bad-token', BAD_TOKEN_MESSAGE);
      socket.close(4401, loss ?? 'bad token');
    };
    const helloTimer = setTimeout(() => {
      fail('protocol/hello-first', `Send hello within ${HELLO_TIMEOUT_MS / 1000} s.`);
      socket.close(4408, 'no hello');
    }, HELLO_TIMEOUT_MS);
    helloTimer.unref();

    socket.on('close', () => {
      stage = 'closed';
      clearTimeout(helloTimer);
      stopWatching?.();
    });
    socket.on('error', () => undefined);

    socket.on('message', (data, isBinary) => {
      void (async () => {
        if (isBinary) return fail('protocol/malformed', 'Messages are JSON text.');
        if (Buffer.isBuffer(data) && !isUtf8(data)) return fail('protocol/bad-text', 'A message must be well-formed UTF-8 (it holds broken text, such as half of a surrogate pair); nothing was changed.');
        let message: unknown;
        try {
          message = JSON.parse(data.toString());
        } catch {
          return fail('protocol/malformed', 'Messages are JSON objects.');
        }
        if (isDeeperThan(message, MAX_JSON_DEPTH)) return fail('protocol/too-deep', `A message nests objects and arrays at most ${MAX_JSON_DEPTH} deep.`);
        if (stage === 'waiting') {
          const hello = helloMessage.safeParse(message);
          if (!hello.success) {
            fail('protocol/hello-first', `The first message is { "kind": "hello", "token", "since" }: ${describeIssues(hello.error)}.`);
            socket.close(4400, 'hello first');
            return;
          }
          stage = 'opening';
          clearTimeout(helloTimer);
          try {
            table = await liveTable(tableId);
          } catch (e) {
            if (e instanceof TableFoldError) {
              // The table exists but its log does not fold here (a ruleset this server lacks, or a corrupt log).
              app.log.error({ err: e, tableId }, 'table log does not fold');
              fail('table/unreadable', "This server cannot replay this table's log; its host should check the server's rulesets and logs.");
              socket.close(1011, 'table unreadable');
              return;
            }
            fail('table/not-found', `No table ${tableId}.`);
            socket.close(4404, 'no such table');
            return;
          }
          const seat = await table.seat(hashToken(hello.data.token));
          if (seat.kind !== 'seated') {
            unseat(seat.kind === 'removed' ? 'removed' : null);
            return;
          }
          member = seat.member;
          if (table.watcherCount >= MAX_SOCKETS_PER_TABLE) {
            fail('table/too-many-sockets', `A table serves at most ${MAX_SOCKETS_PER_TABLE} connections per server.`);
            socket.close(1013, 'table busy');
            return;
          }
          const state = table.current;
          send({
            kind: 'welcome',
            tableId,
            you: seat.view,
            table: { name: state.name, ruleset: state.ruleset, settings: state.settings },
            members: state.members,
            lastSeq: state.lastSeq,
          });
          const viewer: Viewer = { id: member.id, role: member.role };
          const stop = await table.watch({ viewer, deliver: sendFrames, presence: sendFrame, unseat, ready }, hello.data.since, seat.asOf);
          if ((stage as string) === 'closed') stop();
          else {
            stopWatching = stop;
            stage = 'open';
          }
          return;
        }
        if (stage === 'closed' || member === null || table === null) return;
        const parsed = readCommandMessage(message, rulesOf(table.current.ruleset), options.rules.values());
        if (!parsed.ok) return fail(parsed.code, parsed.message, parsed.requestId);
        const command = parsed.command;
        if (command.kind === 'ping') return send({ kind: 'pong' });
        // Every command counts against its sender's rate (a roll against the roll rate) and its table's,
        // and runs only while the sender's and the table's log budgets last.
        const refused = await rates.admit(table.tableId, member.id, parsed.rollsDice);
        if (refused !== null) return send({ kind: 'error', requestId: command.requestId, code: refused.code, message: refused.message, retryAfterMs: refused.retryAfterMs });
        const actor: Actor = { id: member.id, role: member.role };
        const nonce = (message as { readonly nonce?: unknown }).nonce;
        if (nonce !== undefined) {
          const bad = nonceProblem(nonce);
          if (!bad.ok) return fail(bad.error.code, bad.error.message, command.requestId, bad.error.path);
        }
        let outcome: CommandOutcome;
        try {
          outcome = await table.command(actor, command, typeof nonce === 'string' ? nonce : undefined);
        } catch (e) {
          const storage = storageProblem(e);
          if (storage !== null) {
            app.log.warn({ err: e, tableId }, 'command failed on storage');
            return send({ kind: 'error', requestId: command.requestId, code: storage.code, message: storage.message, retryAfterMs: storage.retryAfterMs });
          }
          app.log.error({ err: e, tableId }, 'command failed');
          return fail('internal', 'The server failed; the command was not applied. Retry with the same requestId.', command.requestId);
        }
        if (!outcome.ok) return fail(outcome.error.code, outcome.error.message, command.requestId, outcome.error.path);
        if (!outcome.isDuplicate) await rates.wrote(table.tableId, member.id, logBytesOf(outcome.events));
        send(await ackOf(table, actor, command.kind, command.requestId, outcome));
      })().catch((e: unknown) => {
        const storage = storageProblem(e);
        if (storage !== null) {
          app.log.warn({ err: e, tableId }, 'socket message failed on storage');
          send({ kind: 'error', code: storage.code, message: storage.message, retryAfterMs: storage.retryAfterMs });
          // A hello that could not be answered: the client connects again after the retry-after.
          if (stage === 'opening') socket.close(1013, 'storage: try again later');
          return;
        }
        app.log.error({ err: e, tableId }, 'socket message failed');
        fail('internal', 'The server failed on this message.');
      });
    });
  }

  const webRoot = options.webRoot === undefined ? null : options.webRoot;
  if (webRoot !== null && existsSync(join(webRoot, 'index.html'))) {
    await app.register(fastifyStatic, { root: webRoot, wildcard: false, index: ['index.html'] });
    const indexHtml = await readFile(join(webRoot, 'index.html'), 'utf8');
    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      if (request.method === 'GET' && !request.url.startsWith('/api/')) return reply.type('text/html; charset=utf-8').send(indexHtml);
      return reply.status(404).send({ error: { code: 'http/not-found', message: `No route ${request.method} ${request.url.split('?')[0]}.` } });
    });
  } else {
    app.get('/', async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .send('<!doctype html><html lang="en"><title>hammercrawl</title><h1>hammercrawl table server</h1><p>The web app is not built. Run <code>npm run build</code>, then start the server again.</p></html>'),
    );
    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) =>
      reply.status(404).send({ error: { code: 'http/not-found', message: `No route ${request.method} ${request.url.split('?')[0]}.` } }),
    );
  }

  app.addHook('onClose', async () => {
    unsubscribeResync();
    for (const t of tables.values()) (await t.catch(() => null))?.close();
  });
  return app;
}
