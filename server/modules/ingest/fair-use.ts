import type { Redis } from 'ioredis';
import { MESSAGES } from '../../../lib/messages';
import { AppError } from '../../errors';
import type { Env } from '../../env';
import type { CounterStore } from '../../plugins/rate-limit';

/** Token buckets keyed by product: `take` spends `cost` tokens or says how long to wait. */
export interface TokenBuckets {
  take(key: string, cost: number, ratePerSecond: number, burst: number): Promise<TakeResult>;
}
export interface TakeResult {
  ok: boolean;
  /** Milliseconds until `cost` tokens are available (0 when ok). */
  waitMs: number;
}

const refill = (state: { tokens: number; at: number }, now: number, rate: number, burst: number) =>
  Math.min(burst, state.tokens + ((now - state.at) * rate) / 1000);

/** Buckets one node keeps at most; past it the longest idle goes (it is full again by then). */
const MAX_MEMORY_BUCKETS = 50_000;

/**
 * One node's buckets, O(1) per take: the map is kept in order of last use, so the idle buckets
 * are at its start; each take drops up to two that are full again (a full bucket is the same as
 * none), and past the bound the longest idle.
 */
export function memoryTokenBuckets(
  clock: () => number = () => Date.now(),
  maxBuckets = MAX_MEMORY_BUCKETS,
): TokenBuckets & { size(): number } {
  const buckets = new Map<string, { tokens: number; at: number; rate: number; burst: number }>();
  const sweep = (now: number) => {
    let budget = 2;
    for (const [k, s] of buckets) {
      if (buckets.size > maxBuckets || (budget-- > 0 && refill(s, now, s.rate, s.burst) >= s.burst))
        buckets.delete(k);
      else break;
    }
  };
  return {
    async take(key, cost, rate, burst) {
      const now = clock();
      const state = buckets.get(key) ?? { tokens: burst, at: now };
      const tokens = refill(state, now, rate, burst);
      buckets.delete(key);
      const ok = tokens >= cost;
      buckets.set(key, { tokens: ok ? tokens - cost : tokens, at: now, rate, burst });
      sweep(now);
      if (ok) return { ok: true, waitMs: 0 };
      return { ok: false, waitMs: Math.ceil(((cost - tokens) * 1000) / rate) };
    },
    size: () => buckets.size,
  };
}

// Atomic refill-and-take on the Redis server's clock, so every node shares one bucket.
const TAKE_SCRIPT = `
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local v = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(v[1]) or burst
local at = tonumber(v[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * rate / 1000)
local wait = 0
if tokens >= cost then tokens = tokens - cost else wait = math.ceil((cost - tokens) * 1000 / rate) end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst * 1000 / rate) + 1000)
return wait
`;

/** Buckets shared by every node through Redis (REDIS_URL). */
export function redisTokenBuckets(redis: Redis, prefix = 'signpost:tb:'): TokenBuckets {
  return {
    async take(key, cost, rate, burst) {
      const wait = Number(await redis.eval(TAKE_SCRIPT, 1, prefix + key, rate, burst, cost));
      return { ok: wait === 0, waitMs: wait };
    },
  };
}

/** Spends `cost` tokens from `key`'s bucket, or refuses with 429 and Retry-After. */
export async function spendOrRefuse(
  buckets: TokenBuckets,
  key: string,
  cost: number,
  limit: { ratePerSecond: number; burst: number; message: string },
) {
  const { ok, waitMs } = await buckets.take(key, cost, limit.ratePerSecond, limit.burst);
  if (!ok)
    throw new AppError(429, 'rate_limited', limit.message, undefined, {
      'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))),
    });
}

export interface FairUseOptions {
  /** Sustained events per second per product; 0 switches the bucket off. */
  ratePerSecond: number;
  /** Events a product may send at once after a quiet period. */
  burst: number;
  /** Daily events per monthly active user of the plan; 0 switches the allowance off. */
  eventsPerMauPerDay: number;
  /** Daily bytes stored per monthly active user of the plan; 0 switches that allowance off. */
  bytesPerMauPerDay?: number;
}

const DAY_MS = 86_400_000;
/** The daily allowance never goes below that of a 1,000-MAU plan (the free plan). */
const MIN_ALLOWANCE_MAU = 1_000;

/** Events (or bytes) a plan may send per UTC day; null = unlimited (no MAU limit, or off). */
export function dailyAllowance(mauLimit: number, perMauPerDay: number): number | null {
  if (perMauPerDay <= 0 || mauLimit === 0) return null;
  return Math.max(mauLimit, MIN_ALLOWANCE_MAU) * perMauPerDay;
}

/**
 * Fair use of ingestion (docs/tracking.md, "Limits and fair use"): a token bucket per product
 * (its write key) and daily allowances per account, in events and in bytes, that count every
 * event, anonymous ones included. All answer 429 with Retry-After.
 */
export function createFairUse(deps: {
  buckets: TokenBuckets;
  counters: CounterStore;
  options: FairUseOptions;
  now: () => Date;
}) {
  const { ratePerSecond, burst, eventsPerMauPerDay } = deps.options;
  const bytesPerMauPerDay = deps.options.bytesPerMauPerDay ?? 0;
  const dayKey = (ownerId: string, now: Date) =>
    `ingest-day:${ownerId}:${now.toISOString().slice(0, 10)}`;
  const bytesKey = (ownerId: string, now: Date) =>
    `ingest-day-bytes:${ownerId}:${now.toISOString().slice(0, 10)}`;
  const refuseUntilMidnight = (now: Date, message: string) =>
    new AppError(429, 'daily_allowance', message, undefined, {
      'retry-after': String(Math.max(1, Math.ceil(untilMidnight(now) / 1000))),
    });
  const untilMidnight = (now: Date) => DAY_MS - (now.getTime() % DAY_MS);

  return {
    /** Spends one token per message of the request from the product's bucket. */
    async take(brandId: number, messages: number) {
      if (ratePerSecond <= 0) return;
      await spendOrRefuse(deps.buckets, `brand:${brandId}`, messages, {
        ratePerSecond,
        burst: Math.max(burst, messages),
        message: MESSAGES.ingest.rateLimited(ratePerSecond),
      });
    },
    /** Refuses the request when it would take the account past today's allowance. */
    async checkDaily(ownerId: string, mauLimit: number, messages: number) {
      const allowance = dailyAllowance(mauLimit, eventsPerMauPerDay);
      if (allowance === null) return;
      const now = deps.now();
      const { count } = await deps.counters.peek(dayKey(ownerId, now));
      if (count + messages > allowance)
        throw refuseUntilMidnight(now, MESSAGES.ingest.dailyAllowance(allowance));
    },
    /** Refuses the request when its rows would take the account past today's bytes. */
    async checkDailyBytes(ownerId: string, mauLimit: number, bytes: number) {
      const allowance = dailyAllowance(mauLimit, bytesPerMauPerDay);
      if (allowance === null) return;
      const now = deps.now();
      const { count } = await deps.counters.peek(bytesKey(ownerId, now));
      if (count + bytes > allowance)
        throw refuseUntilMidnight(now, MESSAGES.ingest.dailyBytes(allowance));
    },
    /** Counts accepted events (and their bytes) against today's allowances. */
    async record(ownerId: string, events: number, bytes = 0) {
      if (events === 0) return;
      const now = deps.now();
      const ttl = untilMidnight(now) + 60_000;
      if (eventsPerMauPerDay > 0) await deps.counters.hit(dayKey(ownerId, now), ttl, events);
      if (bytesPerMauPerDay > 0 && bytes > 0)
        await deps.counters.hit(bytesKey(ownerId, now), ttl, bytes);
    },
  };
}
export type FairUse = ReturnType<typeof createFairUse>;

/** Fair use as configured: buckets in Redis when the nodes share one, in memory otherwise. */
export const fairUseFor = (
  env: Env,
  redis: Redis | undefined,
  counters: CounterStore,
  now: () => Date,
) =>
  createFairUse({
    buckets: redis ? redisTokenBuckets(redis) : memoryTokenBuckets(),
    counters,
    now,
    options: {
      ratePerSecond: env.INGEST_RATE_PER_KEY,
      burst: env.INGEST_BURST_PER_KEY,
      eventsPerMauPerDay: env.INGEST_DAILY_EVENTS_PER_MAU,
      bytesPerMauPerDay: env.INGEST_DAILY_BYTES_PER_MAU,
    },
  });
