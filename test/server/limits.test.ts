/**
 * The limits of the table server (src/server/limits.ts) and of the messages it reads
 * (the MAX_* of src/server/wire.ts), each at the limit (accepted) and one past it (refused with its
 * code), against the real server: real HTTP, real WebSockets, real SQLite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/dice/random.js';
import { ruleSystem as hammercrawl } from '../../src/rules/hammercrawl/rule-system.js';
import {
  HELLO_TIMEOUT_MS,
  JOINS_PER_MINUTE,
  LOG_PAGE_SIZE,
  MAX_BODY_BYTES,
  MAX_FRAME_BYTES,
  MAX_SOCKET_BACKLOG_BYTES,
  MAX_SOCKETS_PER_TABLE,
  REQUESTS_PER_MINUTE,
  COMMAND_BURST,
  COMMANDS_PER_SECOND,
  MEMBER_LOG_BYTES_PER_MINUTE,
  ROLL_BURST,
  ROLLS_PER_SECOND,
  TABLE_COMMAND_BURST,
  TABLE_COMMANDS_PER_SECOND,
  TABLE_LOG_BYTES_PER_MINUTE,
  TABLES_PER_MINUTE,
} from '../../src/server/limits.js';
import { COMMAND_LIMITS, logBytesOf } from '../../src/server/rates.js';
import { MAX_CON_POINTS, MAX_MAGICK_STEPS, MAX_MARK_USES, MAX_MEMBER_XP, MAX_RELEASE_EFFECTS } from '../../src/rules/hammercrawl/table/read-command.js';
import { MAX_SPELL_NAME_LENGTH } from '../../src/rules/hammercrawl/magick/limits.js';
import { MAX_JSON_DEPTH } from '../../src/server/limits.js';
import { SLOW_READER_CLOSE_CODE } from '../../src/server/log-pages.js';
import { MAX_CHECK_PARAMS, MAX_PHYSICAL_FACES, MAX_SETTINGS } from '../../src/server/wire.js';
import { MAX_CHARACTER_JSON_LENGTH } from '../../src/table/limits.js';
import { createTable, join, live, request, startTestServer, type TestServer } from './harness.js';
import { connect, type TestClient } from './ws-client.js';

/** A JSON text of exactly `bytes` bytes: `fields` and a `pad` string the schemas ignore. */
function paddedJson(fields: Record<string, unknown>, bytes: number): string {
  const bare = JSON.stringify({ ...fields, pad: '' });
  const text = JSON.stringify({ ...fields, pad: 'p'.repeat(bytes - Buffer.byteLength(bare)) });
  expect(Buffer.byteLength(text)).toBe(bytes);
  return text;
}

/** The next `ack` or `error` a client receives after the frames it has now. */
async function answerTo(client: TestClient, message: unknown): Promise<{ readonly [key: string]: unknown }> {
  const mark = client.frames.length;
  client.send(message);
  return client.waitFor((f) => f['kind'] === 'ack' || f['kind'] === 'error', 5000, mark);
}

describe('sizes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it(`MAX_BODY_BYTES = ${MAX_BODY_BYTES}: a body of that many bytes is read, one byte more is 413 http/too-large`, async () => {
    const fields = { name: 'Big', ruleset: 'hammercrawl' };
    const at = await request(server, 'POST', '/api/tables', paddedJson(fields, MAX_BODY_BYTES));
    expect(at.status).toBe(201);
    const past = await request(server, 'POST', '/api/tables', paddedJson(fields, MAX_BODY_BYTES + 1));
    expect(past.status).toBe(413);
    expect(past.body['error']).toMatchObject({ code: 'http/too-large', message: expect.stringContaining(String(MAX_BODY_BYTES)) });
  });

  it(`MAX_FRAME_BYTES = ${MAX_FRAME_BYTES}: a message of that many bytes is read, one byte more closes the socket (1009)`, async () => {
    const table = await createTable(server);
    const smith = await live(server, table.id, table.smithToken);
    smith.send(paddedJson({ kind: 'ping' }, MAX_FRAME_BYTES));
    await smith.waitFor((f) => f['kind'] === 'pong');
    smith.send(paddedJson({ kind: 'ping' }, MAX_FRAME_BYTES + 1));
    expect((await smith.closed).code).toBe(1009);
    expect(smith.frames.filter((f) => f.data['kind'] === 'pong')).toHaveLength(1);
  });

  it(`MAX_JSON_DEPTH = ${MAX_JSON_DEPTH}: a message or body nested that deep is read, one level more is refused by name (not internal)`, async () => {
    /** `depth` arrays, one inside the other. */
    const nested = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;
    const table = await createTable(server);
    const smith = await live(server, table.id, table.smithToken);
    const save = (depth: number, requestId: string) => `{"kind":"character-save","requestId":"${requestId}","character":{"name":"Deep","document":${nested(depth - 2)}}}`;
    expect(await answerTo(smith, save(MAX_JSON_DEPTH, 'd1'))).toMatchObject({ kind: 'error', code: 'character/invalid' });
    expect(await answerTo(smith, save(MAX_JSON_DEPTH + 1, 'd2'))).toMatchObject({ kind: 'error', code: 'protocol/too-deep', message: `A message nests objects and arrays at most ${MAX_JSON_DEPTH} deep.` });
    expect(await answerTo(smith, save(100_000, 'd3'))).toMatchObject({ kind: 'error', code: 'protocol/too-deep' });
    const body = (depth: number) => `{"name":"Deep","ruleset":"hammercrawl","settings":{"x":${nested(depth - 2)}}}`;
    expect((await request(server, 'POST', '/api/tables', body(MAX_JSON_DEPTH))).body['error']).not.toMatchObject({ code: 'http/too-deep' });
    const past = await request(server, 'POST', '/api/tables', body(MAX_JSON_DEPTH + 1));
    expect(past).toEqual({ status: 400, body: { error: { code: 'http/too-deep', message: `A request body nests objects and arrays at most ${MAX_JSON_DEPTH} deep.` } } });
  });
});

describe('rates', () => {
  it(`ROLL_BURST = ${ROLL_BURST} and ROLLS_PER_SECOND = ${ROLLS_PER_SECOND}: a burst that size rolls, one more waits for the next token`, async () => {
    let clock = 1_000_000;
    const server = await startTestServer({ rateClock: () => clock });
    try {
      const table = await createTable(server);
      const smith = await live(server, table.id, table.smithToken);
      const roll = (id: string) => answerTo(smith, { kind: 'roll', requestId: id, notation: 'd6', visibility: 'public' });
      for (let i = 0; i < ROLL_BURST; i++) expect(await roll(`b${i}`)).toMatchObject({ kind: 'ack' });
      const interval = 1000 / ROLLS_PER_SECOND;
      expect(await roll('past-burst')).toMatchObject({ kind: 'error', code: 'rate/limited', retryAfterMs: interval });
      // One token comes back every 1000 / ROLLS_PER_SECOND ms: not a moment before.
      clock += interval - 1;
      expect(await roll('too-soon')).toMatchObject({ kind: 'error', code: 'rate/limited', retryAfterMs: expect.any(Number) });
      clock += 1;
      expect(await roll('one-token')).toMatchObject({ kind: 'ack' });
      expect(await roll('none-left')).toMatchObject({ kind: 'error', code: 'rate/limited' });
      // A long wait refills the bucket to the burst, no further.
      clock += 60_000;
      for (let i = 0; i < ROLL_BURST; i++) expect(await roll(`r${i}`)).toMatchObject({ kind: 'ack' });
      expect(await roll('past-refill')).toMatchObject({ kind: 'error', code: 'rate/limited' });
      // The HTTP roll endpoint draws on the same bucket: 429 with Retry-After.
      const http = await request(server, 'POST', `/api/tables/${table.id}/rolls`, { requestId: 'h', notation: 'd6', visibility: 'public' }, table.smithToken);
      expect(http.status).toBe(429);
      expect(http.body['error']).toMatchObject({ code: 'rate/limited' });
      smith.close();
    } finally {
      await server.close();
    }
  });

  const plenty = { perSecond: 1e9, burst: 1e9 };

  it(`COMMAND_BURST = ${COMMAND_BURST} and COMMANDS_PER_SECOND = ${COMMANDS_PER_SECOND}: commands that roll nothing have a bucket of their own per member`, async () => {
    let clock = 1_000_000;
    const server = await startTestServer({ rateClock: () => clock, commandLimits: { commands: COMMAND_LIMITS.commands, table: plenty, memberBytes: plenty, tableBytes: plenty } });
    try {
      const table = await createTable(server);
      const player = await join(server, table, 'Ada');
      const smith = await live(server, table.id, table.smithToken);
      const ada = await live(server, table.id, player.token);
      const settle = (id: string) => answerTo(smith, { kind: 'settings', requestId: id, settings: {} });
      for (let i = 0; i < COMMAND_BURST; i++) expect(await settle(`s${i}`)).toMatchObject({ kind: 'ack' });
      const interval = 1000 / COMMANDS_PER_SECOND;
      expect(await settle('past-burst')).toMatchObject({ kind: 'error', code: 'rate/limited', message: `Too many commands; wait ${interval} ms.`, retryAfterMs: interval });
      // The Smith's HTTP commands draw on the same bucket: 429 with Retry-After, nothing written.
      const lastSeq = (await request(server, 'GET', `/api/tables/${table.id}/log?since=0`, undefined, table.smithToken)).body['lastSeq'];
      expect(lastSeq).toEqual(expect.any(Number));
      for (const [path, body] of [['invite', { action: 'rotate' }], ['evening/end', {}], ['epoch/reveal', {}]] as const) {
        const refused = await request(server, 'POST', `/api/tables/${table.id}/${path}`, body, table.smithToken);
        expect(refused.status, path).toBe(429);
        expect(refused.body['error'], path).toMatchObject({ code: 'rate/limited' });
      }
      expect((await request(server, 'GET', `/api/tables/${table.id}/log?since=0`, undefined, table.smithToken)).body['lastSeq']).toBe(lastSeq);
      // The roll bucket and another member's are their own.
      expect(await answerTo(smith, { kind: 'roll', requestId: 'roll', notation: 'd6', visibility: 'public' })).toMatchObject({ kind: 'ack' });
      expect(await answerTo(ada, { kind: 'member-rename', requestId: 'n1', memberId: player.id, name: 'Ada B' })).toMatchObject({ kind: 'ack' });
      clock += interval - 1;
      expect(await settle('too-soon')).toMatchObject({ kind: 'error', code: 'rate/limited' });
      clock += 1;
      expect(await settle('one-token')).toMatchObject({ kind: 'ack' });
      smith.close();
      ada.close();
    } finally {
      await server.close();
    }
  });

  it(`TABLE_COMMAND_BURST = ${TABLE_COMMAND_BURST} and TABLE_COMMANDS_PER_SECOND = ${TABLE_COMMANDS_PER_SECOND}: a table takes that many from all its members, then rate/table-busy`, async () => {
    let clock = 1_000_000;
    const server = await startTestServer({ rateClock: () => clock, rollBurst: 1e9, commandLimits: { commands: plenty, table: COMMAND_LIMITS.table, memberBytes: plenty, tableBytes: plenty } });
    try {
      const table = await createTable(server);
      const other = await createTable(server, 'Other');
      const player = await join(server, table, 'Ada');
      const smith = await live(server, table.id, table.smithToken);
      const ada = await live(server, table.id, player.token);
      for (let i = 0; i < TABLE_COMMAND_BURST; i++) {
        const answer = await answerTo(i % 2 === 0 ? smith : ada, { kind: 'roll', requestId: `t${i}`, notation: 'd6', visibility: 'public' });
        expect(answer).toMatchObject({ kind: 'ack' });
      }
      const interval = 1000 / TABLE_COMMANDS_PER_SECOND;
      expect(await answerTo(ada, { kind: 'chat', requestId: 'past', text: 'hi' })).toMatchObject({ kind: 'error', code: 'rate/table-busy', retryAfterMs: interval, message: expect.stringContaining(`${TABLE_COMMANDS_PER_SECOND} commands a second`) });
      // Another table's budget is its own.
      const elsewhere = await live(server, other.id, other.smithToken);
      expect(await answerTo(elsewhere, { kind: 'roll', requestId: 'e', notation: 'd6', visibility: 'public' })).toMatchObject({ kind: 'ack' });
      clock += interval;
      expect(await answerTo(smith, { kind: 'roll', requestId: 'after', notation: 'd6', visibility: 'public' })).toMatchObject({ kind: 'ack' });
      for (const c of [smith, ada, elsewhere]) c.close();
    } finally {
      await server.close();
    }
  });

  /** Saves 190 kB documents until refused: the bytes each accepted one wrote (read back from the store), and the refusal. */
  async function saveUntilRefused(server: TestServer, tableId: string, clients: readonly TestClient[]) {
    const document = characterOfLength(190_000);
    const written: number[] = [];
    for (let i = 0; i < 200; i++) {
      const client = clients[i % clients.length]!;
      const answer = await answerTo(client, { kind: 'character-save', requestId: `big${i}`, character: document });
      if (answer['kind'] === 'error') return { written, refusal: answer };
      const seq = answer['seq'] as number;
      written.push(logBytesOf(await server.store.readEvents(tableId, seq - 1, 1)));
    }
    throw new Error('never refused');
  }

  it(`MEMBER_LOG_BYTES_PER_MINUTE = ${MEMBER_LOG_BYTES_PER_MINUTE}: a member's commands run while they have written less, the one that crosses it is the last (rate/log-budget)`, async () => {
    let clock = 1_000_000;
    const server = await startTestServer({ rateClock: () => clock, commandLimits: { commands: plenty, table: plenty, memberBytes: COMMAND_LIMITS.memberBytes, tableBytes: plenty } });
    try {
      const table = await createTable(server);
      const player = await join(server, table, 'Ada');
      const ada = await live(server, table.id, player.token);
      const { written, refusal } = await saveUntilRefused(server, table.id, [ada]);
      const total = written.reduce((a, b) => a + b, 0);
      expect(total - written.at(-1)!).toBeLessThan(MEMBER_LOG_BYTES_PER_MINUTE);
      expect(total).toBeGreaterThanOrEqual(MEMBER_LOG_BYTES_PER_MINUTE);
      const perMs = MEMBER_LOG_BYTES_PER_MINUTE / 60_000;
      expect(refusal).toMatchObject({ code: 'rate/log-budget', retryAfterMs: Math.max(1, Math.ceil((total - MEMBER_LOG_BYTES_PER_MINUTE) / perMs)) });
      expect(refusal['message']).toContain(`${MEMBER_LOG_BYTES_PER_MINUTE / 1024} KiB`);
      // The Smith's budget is the Smith's own; Ada's comes back with time.
      const smith = await live(server, table.id, table.smithToken);
      expect(await answerTo(smith, { kind: 'character-save', requestId: 'smiths', character: characterOfLength(190_000) })).toMatchObject({ kind: 'ack' });
      clock += refusal['retryAfterMs'] as number;
      expect(await answerTo(ada, { kind: 'character-save', requestId: 'later', character: characterOfLength(190_000) })).toMatchObject({ kind: 'ack' });
      // At most the budget and one document a minute: nothing like 15 MB a second.
      expect(total).toBeLessThan(MEMBER_LOG_BYTES_PER_MINUTE + 200_000);
      ada.close();
      smith.close();
    } finally {
      await server.close();
    }
  }, 60_000);

  it(`TABLE_LOG_BYTES_PER_MINUTE = ${TABLE_LOG_BYTES_PER_MINUTE}: all members together write at most that, then rate/log-budget; the Smith sees the log's size`, async () => {
    const server = await startTestServer({ rateClock: () => 1_000_000, commandLimits: { commands: plenty, table: plenty, memberBytes: plenty, tableBytes: COMMAND_LIMITS.tableBytes } });
    try {
      const table = await createTable(server);
      const clients = [await live(server, table.id, table.smithToken)];
      for (const name of ['Ada', 'Bob', 'Cy']) clients.push(await live(server, table.id, (await join(server, table, name)).token));
      const before = (await request(server, 'GET', `/api/tables/${table.id}`, undefined, table.smithToken)).body['logBytes'] as number;
      expect(before).toBeGreaterThan(0);
      const { written, refusal } = await saveUntilRefused(server, table.id, clients);
      const total = written.reduce((a, b) => a + b, 0);
      expect(total - written.at(-1)!).toBeLessThan(TABLE_LOG_BYTES_PER_MINUTE);
      expect(total).toBeGreaterThanOrEqual(TABLE_LOG_BYTES_PER_MINUTE);
      expect(refusal).toMatchObject({ code: 'rate/log-budget', message: expect.stringContaining("The table's log") });
      const after = await request(server, 'GET', `/api/tables/${table.id}`, undefined, table.smithToken);
      expect(after.body['logBytes']).toBe(before + total);
      const asPlayer = await request(server, 'GET', `/api/tables/${table.id}`, undefined, (await join(server, table, 'Dee')).token);
      expect(asPlayer.body['logBytes']).toBeUndefined();
      for (const c of clients) c.close();
    } finally {
      await server.close();
    }
  }, 60_000);

  it(`TABLES_PER_MINUTE = ${TABLES_PER_MINUTE} per address: that many created, one more 429 rate/limited`, async () => {
    const server = await startTestServer({}, { rates: 'server' });
    try {
      for (let i = 0; i < TABLES_PER_MINUTE; i++) expect((await request(server, 'POST', '/api/tables', { name: `t${i}`, ruleset: 'hammercrawl' })).status).toBe(201);
      const past = await request(server, 'POST', '/api/tables', { name: 'one more', ruleset: 'hammercrawl' });
      expect(past.status).toBe(429);
      expect(past.body['error']).toMatchObject({ code: 'rate/limited' });
    } finally {
      await server.close();
    }
  });

  it(`JOINS_PER_MINUTE = ${JOINS_PER_MINUTE} per address: that many joins, one more 429 rate/limited`, async () => {
    const server = await startTestServer({}, { rates: 'server' });
    try {
      const table = await createTable(server);
      for (let i = 0; i < JOINS_PER_MINUTE; i++) await join(server, table, `P${i}`);
      const past = await request(server, 'POST', `/api/tables/${table.id}/players`, { inviteCode: table.inviteCode, name: 'One more' });
      expect(past.status).toBe(429);
      expect(past.body['error']).toMatchObject({ code: 'rate/limited' });
    } finally {
      await server.close();
    }
  });

  it(`REQUESTS_PER_MINUTE = ${REQUESTS_PER_MINUTE} per address: that many answered, one more 429 rate/limited`, async () => {
    const server = await startTestServer({}, { rates: 'server' });
    try {
      const statuses: number[] = [];
      for (let sent = 0; sent < REQUESTS_PER_MINUTE; sent += 50) {
        const batch = await Promise.all(Array.from({ length: Math.min(50, REQUESTS_PER_MINUTE - sent) }, () => request(server, 'GET', '/api/health')));
        statuses.push(...batch.map((r) => r.status));
      }
      expect(statuses).toHaveLength(REQUESTS_PER_MINUTE);
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
      const past = await request(server, 'GET', '/api/health');
      expect(past.status).toBe(429);
      expect(past.body['error']).toMatchObject({ code: 'rate/limited' });
    } finally {
      await server.close();
    }
  });
});

describe('pages, timeouts, sockets', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ rollBurst: 100_000 });
  });
  afterAll(async () => {
    await server.close();
  });

  it(`LOG_PAGE_SIZE = ${LOG_PAGE_SIZE}: a log of that many events is one page; one more starts a second; export and replay hold every event`, async () => {
    const table = await createTable(server);
    const smith = await live(server, table.id, table.smithToken);
    // table-created and the Smith's member-joined, then rolls up to the page size.
    for (let i = 2; i < LOG_PAGE_SIZE; i++) smith.send({ kind: 'roll', requestId: `r${i}`, notation: 'd6', visibility: 'public' });
    await smith.waitFor((f) => f['kind'] === 'ack' && f['requestId'] === `r${LOG_PAGE_SIZE - 1}`, 30_000);
    const log = (since: number) => request(server, 'GET', `/api/tables/${table.id}/log?since=${since}`, undefined, table.smithToken);
    const seqsOf = (body: { [key: string]: unknown }) => (body['events'] as { seq: number }[]).map((e) => e.seq);

    const full = await log(0);
    expect(full.body['lastSeq']).toBe(LOG_PAGE_SIZE);
    expect(seqsOf(full.body)).toEqual(Array.from({ length: LOG_PAGE_SIZE }, (_, i) => i + 1));

    expect(await answerTo(smith, { kind: 'roll', requestId: 'one-more', notation: 'd6', visibility: 'public' })).toMatchObject({ kind: 'ack', seq: LOG_PAGE_SIZE + 1 });
    const first = await log(0);
    expect(seqsOf(first.body)).toEqual(Array.from({ length: LOG_PAGE_SIZE }, (_, i) => i + 1));
    expect(first.body['lastSeq']).toBe(LOG_PAGE_SIZE + 1);
    expect(seqsOf((await log(LOG_PAGE_SIZE)).body)).toEqual([LOG_PAGE_SIZE + 1]);

    const exported = await request(server, 'GET', `/api/tables/${table.id}/export`, undefined, table.smithToken);
    expect(seqsOf(exported.body)).toEqual(Array.from({ length: LOG_PAGE_SIZE + 1 }, (_, i) => i + 1));
    const replay = await live(server, table.id, table.smithToken);
    await replay.waitFor((f) => f['seq'] === LOG_PAGE_SIZE + 1, 10_000);
    expect(replay.frames.map((f) => f.data['seq']).filter((s) => s !== undefined)).toEqual(Array.from({ length: LOG_PAGE_SIZE + 1 }, (_, i) => i + 1));
    for (const c of [smith, replay]) c.close();
  });

  it(`HELLO_TIMEOUT_MS = ${HELLO_TIMEOUT_MS}: a hello inside it opens the table; none by then gets protocol/hello-first and 4408`, async () => {
    const table = await createTable(server);
    const url = `${server.ws}/api/tables/${table.id}/live`;
    const started = performance.now();
    const [late, silent] = await Promise.all([connect(url), connect(url)]);
    const silentClosed = silent.closed.then((c) => ({ ...c, after: performance.now() - started }));
    await new Promise((resolve) => setTimeout(resolve, HELLO_TIMEOUT_MS - 1000));
    late.send({ kind: 'hello', token: table.smithToken, since: 0 });
    expect(await late.waitFor((f) => f['kind'] === 'welcome' || f['kind'] === 'error')).toMatchObject({ kind: 'welcome' });
    const closed = await silentClosed;
    expect(closed.code).toBe(4408);
    // Timers never fire early; a little slack for the clock's rounding.
    expect(closed.after).toBeGreaterThanOrEqual(HELLO_TIMEOUT_MS - 50);
    expect(silent.frames.map((f) => f.data)).toEqual([{ kind: 'error', code: 'protocol/hello-first', message: expect.stringContaining(String(HELLO_TIMEOUT_MS / 1000)) }]);
    // The one that said hello in time is still open after the timeout.
    late.send({ kind: 'ping' });
    await late.waitFor((f) => f['kind'] === 'pong');
    late.close();
  }, 30_000);

  it(`MAX_SOCKETS_PER_TABLE = ${MAX_SOCKETS_PER_TABLE}: that many open, one more gets table/too-many-sockets and 1013; a freed place can be taken`, async () => {
    const table = await createTable(server);
    const open: TestClient[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_TABLE; i += 20) {
      open.push(...(await Promise.all(Array.from({ length: Math.min(20, MAX_SOCKETS_PER_TABLE - i) }, () => live(server, table.id, table.smithToken)))));
    }
    expect(open.filter((c) => c.frames[0]?.data['kind'] !== 'welcome')).toEqual([]);
    const past = await live(server, table.id, table.smithToken);
    expect(past.frames[0]?.data).toMatchObject({ kind: 'error', code: 'table/too-many-sockets', message: expect.stringContaining(String(MAX_SOCKETS_PER_TABLE)) });
    expect((await past.closed).code).toBe(1013);
    const freed = open.pop()!;
    freed.close();
    await freed.closed;
    // The server notices the close on its side a moment later.
    let again = await live(server, table.id, table.smithToken);
    for (let tries = 0; again.frames[0]?.data['kind'] !== 'welcome' && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      again = await live(server, table.id, table.smithToken);
    }
    expect(again.frames[0]?.data).toMatchObject({ kind: 'welcome' });
    for (const c of [...open, again]) c.close();
  });

  it(`MAX_SOCKET_BACKLOG_BYTES = ${MAX_SOCKET_BACKLOG_BYTES}: a socket that stops reading gets at least that much, then is closed as too slow (SLOW_READER_CLOSE_CODE, after a socket/too-slow error); the others get everything`, async () => {
    const table = await createTable(server);
    const player = await join(server, table, 'Ada');
    const smith = await live(server, table.id, table.smithToken);
    const slow = await live(server, table.id, player.token);
    await slow.waitFor((f) => f['kind'] === 'member-joined' && (f['member'] as { name: string }).name === 'Ada');
    slow.socket.pause();
    // Large character documents make large frames: each save goes to every socket at the table.
    const saves = Math.ceil((3 * MAX_SOCKET_BACKLOG_BYTES) / MAX_CHARACTER_JSON_LENGTH);
    const document = characterOfLength(MAX_CHARACTER_JSON_LENGTH);
    expect(await answerTo(smith, { kind: 'character-save', requestId: 'c0', character: document })).toMatchObject({ kind: 'ack' });
    for (let i = 1; i < saves; i++) expect(await answerTo(smith, { kind: 'character-save', requestId: `c${i}`, characterId: 'ch1', character: document })).toMatchObject({ kind: 'ack' });
    slow.socket.resume();
    const closed = await slow.closed;
    expect(closed).toEqual({ code: SLOW_READER_CLOSE_CODE, reason: 'too slow: connect again with since' });
    expect(slow.frames.at(-1)?.data).toMatchObject({ kind: 'error', code: 'socket/too-slow' });
    const delivered = slow.frames.reduce((n, f) => n + Buffer.byteLength(f.raw), 0);
    expect(delivered).toBeGreaterThanOrEqual(MAX_SOCKET_BACKLOG_BYTES);
    expect(slow.frames.filter((f) => f.data['kind'] === 'character-saved').length).toBeLessThan(saves);
    // The Smith, reading, got every save and is still open.
    await smith.waitFor((f) => f['kind'] === 'character-saved' && smith.frames.filter((g) => g.data['kind'] === 'character-saved').length === saves, 10_000);
    smith.send({ kind: 'ping' });
    await smith.waitFor((f) => f['kind'] === 'pong');
    smith.close();
  }, 60_000);
});

const character = (() => {
  const r = hammercrawl.rollCharacter(seededRandom(3), {});
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
})();

/** The character with its first skill's specialization padded so that its JSON text is `length` characters. */
function characterOfLength(length: number): unknown {
  const withSpec = (text: string) => ({ ...character, skills: character.skills.map((s, i) => (i === 0 ? { ...s, specialization: text } : s)) });
  const doc = withSpec('x'.repeat(length - JSON.stringify(withSpec('')).length));
  expect(JSON.stringify(doc)).toHaveLength(length);
  return doc;
}

// ---- the MAX_* of src/server/wire.ts ------------------------------------------------------------

interface WireLimitCase {
  readonly limit: string;
  readonly value: number;
  /** The message that puts `n` against the limit. */
  readonly message: (n: number) => Record<string, unknown>;
  /** What the table answers at the limit: the wire let the message through (an ack, or the table's own refusal). */
  readonly atLimit: { readonly kind: 'ack' } | { readonly kind: 'error'; readonly code: string };
  /** The field the wire names one past the limit. */
  readonly field: string;
}

const keys = (n: number, prefix: string) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, 1]));
const smithStep = { amount: 1, origin: { kind: 'smith', label: 'Smith' } };

const WIRE_CASES: readonly WireLimitCase[] = [
  {
    limit: 'MAX_PHYSICAL_FACES',
    value: MAX_PHYSICAL_FACES,
    // 100d6+1d6 for 101 faces: the notation's own limit is 100 dice per term.
    message: (n) => ({ kind: 'roll', notation: n <= 100 ? `${n}d6` : `100d6+${n - 100}d6`, visibility: 'public', faces: Array<number>(n).fill(3) }),
    atLimit: { kind: 'ack' },
    field: 'faces',
  },
  {
    limit: 'MAX_CHECK_PARAMS',
    value: MAX_CHECK_PARAMS,
    message: (n) => ({ kind: 'check', check: 'test', params: keys(n, 'p'), visibility: 'public' }),
    atLimit: { kind: 'error', code: 'param/unknown' },
    field: 'params',
  },
  {
    limit: 'MAX_SETTINGS',
    value: MAX_SETTINGS,
    message: (n) => ({ kind: 'settings', settings: keys(n, 's') }),
    atLimit: { kind: 'error', code: 'settings/unknown' },
    field: 'settings',
  },
  {
    limit: 'MAX_MEMBER_XP',
    value: MAX_MEMBER_XP,
    message: (n) => ({ kind: 'venture', command: { kind: 'join', member: { id: `m${n}`, xp: n } } }),
    atLimit: { kind: 'ack' },
    field: 'command.member.xp',
  },
  {
    limit: 'MAX_MARK_USES',
    value: MAX_MARK_USES,
    message: (n) => ({ kind: 'venture', command: { kind: 'resolve-node', uses: Array.from({ length: n }, () => ({ symbol: 'hammer', use: 'progress' })) } }),
    atLimit: { kind: 'error', code: 'venture/not-rolled' },
    field: 'command.uses',
  },
  {
    limit: 'MAX_MAGICK_STEPS',
    value: MAX_MAGICK_STEPS,
    message: (n) => ({ kind: 'magick', characterId: 'ch1', command: { kind: 'cast', spellId: 'spark', spellDieSteps: Array(n).fill(smithStep) } }),
    atLimit: { kind: 'error', code: 'magick/no-caster' },
    field: 'command.spellDieSteps',
  },
  {
    limit: 'MAX_RELEASE_EFFECTS',
    value: MAX_RELEASE_EFFECTS,
    message: (n) => ({ kind: 'magick', characterId: 'ch1', command: { kind: 'release', effectIds: Array.from({ length: n }, (_, i) => i) } }),
    atLimit: { kind: 'error', code: 'magick/no-caster' },
    field: 'command.effectIds',
  },
  {
    limit: 'MAX_SPELL_NAME_LENGTH',
    value: MAX_SPELL_NAME_LENGTH,
    message: (n) => ({ kind: 'magick', characterId: 'ch1', command: { kind: 'read-scroll', spell: 's'.repeat(n) } }),
    atLimit: { kind: 'ack' },
    field: 'command.spell',
  },
  {
    limit: 'MAX_CON_POINTS',
    value: MAX_CON_POINTS,
    message: (n) => ({ kind: 'magick', characterId: 'ch1', command: { kind: 'restore-con', points: n } }),
    atLimit: { kind: 'error', code: 'magick/no-caster' },
    field: 'command.points',
  },
  {
    limit: 'MAX_CON_POINTS',
    value: MAX_CON_POINTS,
    message: (n) => ({ kind: 'magick', characterId: 'ch1', command: { kind: 'cast', spellId: 'spark', overcast: n } }),
    atLimit: { kind: 'error', code: 'magick/no-caster' },
    field: 'command.overcast',
  },
];

describe('message limits of the wire: at the limit the table gets the message, one past it protocol/malformed naming the field', () => {
  let server: TestServer;
  let smith: TestClient;
  beforeAll(async () => {
    server = await startTestServer({ rollBurst: 100_000 });
    const table = await createTable(server);
    smith = await live(server, table.id, table.smithToken);
    // A character for the magick commands.
    expect(await answerTo(smith, { kind: 'character-save', requestId: 'ch', character })).toMatchObject({ kind: 'ack' });
  });
  afterAll(async () => {
    smith.close();
    await server.close();
  });

  let n = 0;
  it.each(WIRE_CASES)('$limit = $value ($field)', async ({ value, message, atLimit, field }) => {
    n += 1;
    const at = await answerTo(smith, { ...message(value), requestId: `at${n}` });
    expect(at['kind'] === 'ack' ? { kind: 'ack' } : { kind: 'error', code: at['code'] }, JSON.stringify(at)).toEqual(atLimit);
    const past = await answerTo(smith, { ...message(value + 1), requestId: `past${n}` });
    expect(past).toMatchObject({ kind: 'error', code: 'protocol/malformed', requestId: `past${n}`, message: expect.stringMatching(new RegExp(`^${field.replace(/\./g, '\\.')}: .*${value}`)) });
  });
});

describe('MAX_SETTINGS on table creation', () => {
  it(`${MAX_SETTINGS} settings are read against the ruleset; one more is table/invalid`, async () => {
    const server = await startTestServer();
    try {
      const at = await request(server, 'POST', '/api/tables', { name: 'T', ruleset: 'hammercrawl', settings: keys(MAX_SETTINGS, 's') });
      expect(at.body['error']).toMatchObject({ code: 'settings/unknown' });
      const past = await request(server, 'POST', '/api/tables', { name: 'T', ruleset: 'hammercrawl', settings: keys(MAX_SETTINGS + 1, 's') });
      expect(past.status).toBe(400);
      expect(past.body['error']).toMatchObject({ code: 'table/invalid', message: `settings: at most ${MAX_SETTINGS} settings` });
    } finally {
      await server.close();
    }
  });
});
