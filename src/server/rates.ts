/**
 * The rate limits of table commands: token buckets per member and per table, kept in this process
 * (`localRates`) or, when server processes share a Redis bus, in Redis (`redisRates`), so that two
 * processes give a member the budget of one. The limits are the named constants of ./limits.ts.
 */
import { Redis as RedisClient, type Redis } from 'ioredis';
import {
  COMMAND_BURST,
  COMMANDS_PER_SECOND,
  MEMBER_LOG_BYTES_PER_MINUTE,
  ROLL_BURST,
  ROLLS_PER_SECOND,
  TABLE_COMMAND_BURST,
  TABLE_COMMANDS_PER_SECOND,
  TABLE_LOG_BYTES_PER_MINUTE,
} from './limits.js';

/** A bucket's refill and size. */
export interface RateLimit {
  readonly perSecond: number;
  readonly burst: number;
}

/**
 * What is done to a bucket: `take` spends `cost` tokens when it holds them; `check` asks whether it
 * holds any (a budget that may run into debt); `spend` takes `cost` unconditionally (the bytes a
 * command wrote, known only after it ran). Each answers 0, or the ms until the bucket will allow it.
 */
export type RateOp = 'take' | 'check' | 'spend';

/** Token buckets, by name and key. */
export interface RateStore {
  apply(bucket: string, key: string, limit: RateLimit, op: RateOp, cost: number): Promise<number>;
  close(): Promise<void>;
}

/** The bucket after `elapsedMs`, and the answer to `op` (the one rule both stores follow). */
export function bucketStep(tokens: number, elapsedMs: number, limit: RateLimit, op: RateOp, cost: number): { readonly tokens: number; readonly waitMs: number } {
  const perMs = limit.perSecond / 1000;
  const t = Math.min(limit.burst, tokens + Math.max(0, elapsedMs) * perMs);
  if (op === 'spend') return { tokens: t - cost, waitMs: 0 };
  if (op === 'check') return { tokens: t, waitMs: t > 0 ? 0 : Math.max(1, Math.ceil(-t / perMs)) };
  return t >= cost ? { tokens: t - cost, waitMs: 0 } : { tokens: t, waitMs: Math.ceil((cost - t) / perMs) };
}

/** Buckets in this process. */
export function localRates(now: () => number): RateStore {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    async apply(bucket, key, limit, op, cost) {
      const id = `${bucket} ${key}`;
      const t = now();
      const b = buckets.get(id) ?? { tokens: limit.burst, at: t };
      const step = bucketStep(b.tokens, t - b.at, limit, op, cost);
      // A full bucket is forgotten: the map holds only members who used some of their budget.
      if (step.tokens >= limit.burst) buckets.delete(id);
      else buckets.set(id, { tokens: step.tokens, at: Math.max(t, b.at) });
      return step.waitMs;
    },
    async close() {},
  };
}

/** The bucket step in Redis, atomic: `bucketStep` in Lua (keys expire once the bucket would be full again). */
const BUCKET_SCRIPT = `
local b = redis.call('HMGET', KEYS[1], 't', 'at')
local rate = tonumber(ARGV[1]) / 1000
local burst = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local cost = tonumber(ARGV[5])
local op = ARGV[4]
local tokens = tonumber(b[1]) or burst
local at = tonumber(b[2]) or now
if now > at then tokens = math.min(burst, tokens + (now - at) * rate) else tokens = math.min(burst, tokens) end
local wait = 0
if op == 'spend' then
  tokens = tokens - cost
elseif op == 'check' then
  if tokens <= 0 then wait = math.max(1, math.ceil(-tokens / rate)) end
elseif tokens >= cost then
  tokens = tokens - cost
else
  wait = math.ceil((cost - tokens) / rate)
end
redis.call('HSET', KEYS[1], 't', string.format('%.17g', tokens), 'at', string.format('%.17g', math.max(now, at)))
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) / rate) + 1000)
return wait
`;

/**
 * Buckets shared by every process on one Redis: `prefix` names the deployment (the bus's channel
 * prefix). While Redis does not answer, each process counts in its own buckets (`fallback`): a lost
 * Redis must not stop the tables, and the bus's own resync covers the events.
 */
export function redisRates(redis: Redis, now: () => number, { prefix = 'hammercrawl:', fallback = localRates(now), onError = (): void => undefined }: { readonly prefix?: string; readonly fallback?: RateStore; readonly onError?: (e: unknown) => void } = {}): RateStore {
  return {
    async apply(bucket, key, limit, op, cost) {
      try {
        const wait = await redis.eval(BUCKET_SCRIPT, 1, `${prefix}rate:${bucket}:${key}`, String(limit.perSecond), String(limit.burst), String(now()), op, String(cost));
        return Number(wait);
      } catch (e) {
        onError(e);
        return fallback.apply(bucket, key, limit, op, cost);
      }
    },
    async close() {
      redis.disconnect();
      await fallback.close();
    },
  };
}

/** A Redis connection for the rate buckets: a command fails at once while Redis is away (the buckets fall back), never queues. */
export function openRateRedis(url: string): Redis {
  return new RedisClient(url, { maxRetriesPerRequest: 0, enableOfflineQueue: false, commandTimeout: 1000, connectionName: 'hammercrawl-rates' });
}

/** The limits a server applies (tests lower or raise them). */
export interface CommandLimits {
  readonly rolls: RateLimit;
  readonly commands: RateLimit;
  readonly table: RateLimit;
  readonly memberBytes: RateLimit;
  readonly tableBytes: RateLimit;
}

/** The server's limits: the constants of ./limits.ts. */
export const COMMAND_LIMITS: CommandLimits = {
  rolls: { perSecond: ROLLS_PER_SECOND, burst: ROLL_BURST },
  commands: { perSecond: COMMANDS_PER_SECOND, burst: COMMAND_BURST },
  table: { perSecond: TABLE_COMMANDS_PER_SECOND, burst: TABLE_COMMAND_BURST },
  memberBytes: { perSecond: MEMBER_LOG_BYTES_PER_MINUTE / 60, burst: MEMBER_LOG_BYTES_PER_MINUTE },
  tableBytes: { perSecond: TABLE_LOG_BYTES_PER_MINUTE / 60, burst: TABLE_LOG_BYTES_PER_MINUTE },
};

/** A refused command: its `rate/...` code, what to do, and when to try again. */
export interface RateRefusal {
  readonly code: 'rate/limited' | 'rate/table-busy' | 'rate/log-budget';
  readonly message: string;
  readonly retryAfterMs: number;
}

/** The rate limits of one server: asked before a command runs, told its log bytes after. */
export class CommandRates {
  constructor(
    private readonly store: RateStore,
    private readonly limits: CommandLimits,
  ) {}

  /** Null when `memberId` may send a command (of dice when `rollsDice`) to `tableId` now, else why not. */
  async admit(tableId: string, memberId: string, rollsDice: boolean): Promise<RateRefusal | null> {
    const { store, limits } = this;
    const own = rollsDice ? await store.apply('roll', memberId, limits.rolls, 'take', 1) : await store.apply('command', memberId, limits.commands, 'take', 1);
    if (own > 0) return { code: 'rate/limited', message: `Too many ${rollsDice ? 'rolls' : 'commands'}; wait ${own} ms.`, retryAfterMs: own };
    const table = await store.apply('table', tableId, limits.table, 'take', 1);
    if (table > 0) return { code: 'rate/table-busy', message: `This table takes at most ${limits.table.perSecond} commands a second from all its members; wait ${table} ms.`, retryAfterMs: table };
    const bytes = await store.apply('bytes', memberId, limits.memberBytes, 'check', 0);
    if (bytes > 0) return { code: 'rate/log-budget', message: `You wrote ${Math.round((limits.memberBytes.perSecond * 60) / 1024)} KiB to the table's log this minute, your share; wait ${bytes} ms.`, retryAfterMs: bytes };
    const tableBytes = await store.apply('table-bytes', tableId, limits.tableBytes, 'check', 0);
    if (tableBytes > 0) return { code: 'rate/log-budget', message: `The table's log grew by ${Math.round((limits.tableBytes.perSecond * 60) / 1024)} KiB this minute, its share; wait ${tableBytes} ms.`, retryAfterMs: tableBytes };
    return null;
  }

  /** Counts the bytes a command added to the log against its member's and its table's budgets. */
  async wrote(tableId: string, memberId: string, bytes: number): Promise<void> {
    await this.store.apply('bytes', memberId, this.limits.memberBytes, 'spend', bytes);
    await this.store.apply('table-bytes', tableId, this.limits.tableBytes, 'spend', bytes);
  }
}

/** Bytes of the log a command's events take: their bodies as JSON, UTF-8. */
export function logBytesOf(events: readonly { readonly body: unknown }[]): number {
  let n = 0;
  for (const e of events) n += Buffer.byteLength(JSON.stringify(e.body));
  return n;
}
