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

/** Keys the memory store holds at most per kind of counter (~100 bytes each). */
export const MEMORY_COUNTER_MAX_KEYS = 100_000;
/** Kinds of counter (the key's text before its first `:`, set by code): more share one map. */
const MAX_KINDS = 64;

type Window = { count: number; resetAt: number };

/**
 * Fixed windows in one node's memory. Every call is O(1) whatever the number of keys
 * (docs/security.md, "Tenant isolation"). Each kind of counter (`short-url:ip:…`,
 * `signin-fail:…`, `ingest-day:…`: the key up to its first `:`) has a map of its own, kept in order
 * of last hit, so expired and least recently hit windows are at its start and each hit drops at most
 * a few of them. Past `maxKeys` in one kind, that kind's least recently hit window is dropped even
 * if live: a flood of one kind (per-address redirects from many addresses) never pushes out
 * another kind's (an account's failed sign-ins, its known addresses, its daily quotas).
 */
export function memoryCounterStore(
  opts: { maxKeys?: number; now?: () => number } = {},
): CounterStore & { size(): number; examined(): number } {
  const maxKeys = opts.maxKeys ?? MEMORY_COUNTER_MAX_KEYS;
  const now = opts.now ?? (() => Date.now());
  const kinds = new Map<string, Map<string, Window>>();
  /** Entries looked at by the sweeps, for the test that proves each hit stays O(1). */
  let examined = 0;
  const kindOf = (key: string) => {
    const end = key.indexOf(':');
    let name = end < 0 ? '' : key.slice(0, Math.min(end, 64));
    if (!kinds.has(name) && kinds.size >= MAX_KINDS) name = '';
    let windows = kinds.get(name);
    if (!windows) kinds.set(name, (windows = new Map()));
    return windows;
  };
  const live = (windows: Map<string, Window>, key: string) => {
    const w = windows.get(key);
    if (w && w.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  /** Drops up to two expired windows from the start, and any past the bound. */
  const sweep = (windows: Map<string, Window>) => {
    let budget = 2;
    for (const [k, w] of windows) {
      examined++;
      if (windows.size > maxKeys || (budget-- > 0 && w.resetAt <= now())) windows.delete(k);
      else break;
    }
  };
  return {
    async hit(key, windowMs, amount = 1) {
      const windows = kindOf(key);
      const w = live(windows, key) ?? { count: 0, resetAt: now() + windowMs };
      w.count += amount;
      windows.delete(key);
      windows.set(key, w);
      sweep(windows);
      return { count: w.count, resetInMs: w.resetAt - now() };
    },
    async peek(key) {
      const w = live(kindOf(key), key);
      return { count: w?.count ?? 0, resetInMs: w ? w.resetAt - now() : 0 };
    },
    async clear(key) {
      kindOf(key).delete(key);
    },
    size: () => {
      let n = 0;
      for (const windows of kinds.values()) n += windows.size;
      return n;
    },
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
