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

export function memoryCounterStore(): CounterStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const w = windows.get(key);
    if (w && w.resetAt <= Date.now()) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  return {
    async hit(key, windowMs, amount = 1) {
      const w = live(key) ?? { count: 0, resetAt: Date.now() + windowMs };
      w.count += amount;
      windows.set(key, w);
      if (windows.size > 50_000) {
        for (const k of windows.keys()) live(k);
      }
      return { count: w.count, resetInMs: w.resetAt - Date.now() };
    },
    async peek(key) {
      const w = live(key);
      return { count: w?.count ?? 0, resetInMs: w ? w.resetAt - Date.now() : 0 };
    },
    async clear(key) {
      windows.delete(key);
    },
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
}

const MIN = 60_000;
export const DEFAULT_RATE_LIMITS: RateLimits = {
  signUp: { max: 10, windowMs: 15 * MIN },
  signIn: { max: 30, windowMs: 5 * MIN },
  forgotPassword: { max: 5, windowMs: 15 * MIN },
  resetPassword: { max: 10, windowMs: 15 * MIN },
  resendVerification: { max: 5, windowMs: 15 * MIN },
  signInFailuresPerAccount: { max: 10, windowMs: 15 * MIN },
};

/** A preHandler that counts the request against `name` for the client address. */
export function limitByIp(store: CounterStore, name: string, rule: LimitRule) {
  return async (request: FastifyRequest) => {
    const { count, resetInMs } = await store.hit(`${name}:ip:${request.ip}`, rule.windowMs);
    if (count > rule.max) throw tooManyRequests(MESSAGES.auth.tooManyAttempts, resetInMs / 1000);
  };
}
