// The rate buckets: the Lua step in Redis answers as the TypeScript step does, operation by operation;
// and a store that loses Redis keeps counting in this process.
import { describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { bucketStep, localRates, openRateRedis, redisRates, type RateLimit, type RateOp } from './rates.js';

const REDIS = process.env['HAMMERCRAWL_TEST_REDIS'] ?? 'redis://127.0.0.1:6379';

async function reachable(): Promise<boolean> {
  const redis = new Redis(REDIS, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}
const hasRedis = await reachable();
if (!hasRedis) console.warn(`Redis rate tests skipped: no Redis at ${REDIS}`);

describe('bucketStep', () => {
  const limit: RateLimit = { perSecond: 10, burst: 4 };
  it('take needs the whole cost; check asks for any token; spend runs into debt', () => {
    expect(bucketStep(4, 0, limit, 'take', 1)).toEqual({ tokens: 3, waitMs: 0 });
    expect(bucketStep(0.5, 0, limit, 'take', 1)).toEqual({ tokens: 0.5, waitMs: 50 });
    expect(bucketStep(0, 0, limit, 'check', 0)).toEqual({ tokens: 0, waitMs: 1 });
    expect(bucketStep(-2, 0, limit, 'check', 0)).toEqual({ tokens: -2, waitMs: 200 });
    expect(bucketStep(1, 0, limit, 'spend', 5)).toEqual({ tokens: -4, waitMs: 0 });
    // Refill is continuous and stops at the burst.
    expect(bucketStep(0, 100, limit, 'check', 0)).toEqual({ tokens: 1, waitMs: 0 });
    expect(bucketStep(0, 60_000, limit, 'take', 0)).toEqual({ tokens: 4, waitMs: 0 });
  });
});

describe.skipIf(!hasRedis)('redisRates against the real Redis', () => {
  it('answers every operation of a long random sequence as localRates does', async () => {
    let clock = 5_000_000;
    const redis = openRateRedis(REDIS);
    await new Promise((resolve) => redis.once('ready', resolve));
    const shared = redisRates(redis, () => clock, { prefix: `hc-test-${process.pid}-${Date.now()}:` });
    const local = localRates(() => clock);
    const limit: RateLimit = { perSecond: 7, burst: 20 };
    let seed = 12345;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const ops: RateOp[] = ['take', 'check', 'spend'];
    for (let i = 0; i < 400; i++) {
      clock += Math.floor(next() * 300);
      const op = ops[Math.floor(next() * 3)]!;
      const cost = op === 'check' ? 0 : op === 'take' ? 1 + Math.floor(next() * 3) : Math.floor(next() * 10);
      const key = next() < 0.5 ? 'a' : 'b';
      expect(await shared.apply('x', key, limit, op, cost)).toBe(await local.apply('x', key, limit, op, cost));
    }
    await shared.close();
  });

  it('while Redis does not answer, the buckets of this process count, and each error is reported', async () => {
    const redis = openRateRedis('redis://127.0.0.1:1');
    redis.on('error', () => undefined);
    const errors: unknown[] = [];
    const store = redisRates(redis, () => 0, { onError: (e) => errors.push(e) });
    const limit: RateLimit = { perSecond: 1, burst: 2 };
    expect(await store.apply('x', 'm', limit, 'take', 1)).toBe(0);
    expect(await store.apply('x', 'm', limit, 'take', 1)).toBe(0);
    expect(await store.apply('x', 'm', limit, 'take', 1)).toBe(1000);
    expect(errors).toHaveLength(3);
    await store.close();
  });
});
