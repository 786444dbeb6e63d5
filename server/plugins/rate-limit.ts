import type { Redis } from 'ioredis';
import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '../../lib/messages';
import { tooManyRequests } from '../errors';

/** Fixed-window counters; memory for one node, Redis when nodes share REDIS_URL. */
export interface CounterStore {
  /** Adds `amount` hits (one by default); returns the count in the window and ms until it resets. */
  hit(
    key: string,
    windowMs: number,
    amount?: number,
  ): Promise<{ count: number; resetInMs: number }>;
  peek(key: string): Promise<{ count: number; resetInMs: number }>;
  clear(key: string): Promise<void>;
}

/** Keys the memory store holds at most (~100 bytes each); past it the least recently hit goes. */
export const MEMORY_COUNTER_MAX_KEYS = 100_000;

/**
 * Fixed windows in one node's memory. Every call is O(1) whatever the number of keys
 * (docs/security.md, "Tenant isolation"): the map is kept in order of last hit, so expired and
 * least recently hit windows are always at its start, and each hit drops at most a few of them.
 * Past `maxKeys` the least recently hit window is dropped even if live.
 */
export function memoryCounterStore(
  opts: { maxKeys?: number; now?: () => number } = {},
): CounterStore & { size(): number; examined(): number } {
  const maxKeys = opts.maxKeys ?? MEMORY_COUNTER_MAX_KEYS;
  const now = opts.now ?? (() => Date.now());
  const windows = new Map<string, { count: number; resetAt: number }>();
  /** Entries looked at by the sweeps, for the test that proves each hit stays O(1). */
  let examined = 0;
  const live = (key: string) => {
    const w = windows.get(key);
    if (w && w.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  /** Drops up to two expired windows from the start, and any past the bound. */
  const sweep = () => {
    let budget = 2;
    for (const [k, w] of windows) {
      examined++;
      if (windows.size > maxKeys || (budget-- > 0 && w.resetAt <= now())) windows.delete(k);
      else break;
    }
  };
  return {
    async hit(key, windowMs, amount = 1) {
      const w = live(key) ?? { count: 0, resetAt: now() + windowMs };
      w.count += amount;
      windows.delete(key);
      windows.set(key, w);
      sweep();
      return { count: w.count, resetInMs: w.resetAt - now() };
    },
    async peek(key) {
      const w = live(key);
      return { count: w?.count ?? 0, resetInMs: w ? w.resetAt - now() : 0 };
    },
    async clear(key) {
      windows.delete(key);
    },
    size: () => windows.size,
    examined: () => examined,
  };
}

export function redisCounterStore(redis: Redis, prefix = 'signpost:rl:'): CounterStore {
  return {
    async hit(key, windowMs, amount = 1) {
      const k = prefix + key;
      const res = await redis.multi().incrby(k, amount).pexpire(k, windowMs, 'NX').pttl(k).exec();
      const count = Number(res?.[0]?.[1] ?? 1);
      const ttl = Number(res?.[2]?.[1] ?? windowMs);
      return { count, resetInMs: ttl > 0 ? ttl : windowMs };
    },
    async peek(key) {
      const k = prefix + key;
      const [count, ttl] = await Promise.all([redis.get(k), redis.pttl(k)]);
      return { count: Number(count ?? 0), resetInMs: ttl > 0 ? ttl : 0 };
    },
    async clear(key) {
      await redis.del(prefix + key);
    },
  };
}

export interface LimitRule {
  max: number;
  windowMs: number;
}

/** Limits per client address on the auth endpoints; tests may raise them. */
export interface RateLimits {
  signUp: LimitRule;
  signIn: LimitRule;
  forgotPassword: LimitRule;
  resetPassword: LimitRule;
  resendVerification: LimitRule;
  /** Failed sign-ins per account (spec: at most 10 per 15 minutes). */
  signInFailuresPerAccount: LimitRule;
  /** Ingestion and flow-runtime requests with a key that is not a product's (write-keys.ts). */
  unknownKey: LimitRule;
}

const MIN = 60_000;
export const DEFAULT_RATE_LIMITS: RateLimits = {
  signUp: { max: 10, windowMs: 15 * MIN },
  signIn: { max: 30, windowMs: 5 * MIN },
  forgotPassword: { max: 5, windowMs: 15 * MIN },
  resetPassword: { max: 10, windowMs: 15 * MIN },
  resendVerification: { max: 5, windowMs: 15 * MIN },
  signInFailuresPerAccount: { max: 10, windowMs: 15 * MIN },
  unknownKey: { max: 60, windowMs: MIN },
};

/**
 * The part of a client address a limit counts: the whole IPv4 address, or the /64 network of an
 * IPv6 address (one subscriber usually holds a whole /64, so counting single addresses would let
 * one client use 2^64 budgets).
 */
export function addressKey(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (v4) return v4[1]!;
  if (!ip.includes(':')) return ip.slice(0, 64);
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (g.replace(/^0+/, '') || '0').slice(0, 4))
    .join(':')}::/64`;
}

/** A preHandler that counts the request against `name` for the client address. */
export function limitByIp(store: CounterStore, name: string, rule: LimitRule) {
  return async (request: FastifyRequest) => {
    const { count, resetInMs } = await store.hit(
      `${name}:ip:${addressKey(request.ip)}`,
      rule.windowMs,
    );
    if (count > rule.max) throw tooManyRequests(MESSAGES.auth.tooManyAttempts, resetInMs / 1000);
  };
}
