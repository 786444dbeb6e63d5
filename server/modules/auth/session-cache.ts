import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { createLru } from '../../lib/lru';
import type { UserRow } from '../users/users.repository';

/** What a live session resolves to, with the dates that decide whether it is still live. */
export interface CachedSession {
  user: UserRow;
  session: { id: number; createdAt: Date; expiresAt: Date; lastUsedAt: Date };
}

export interface SessionCache {
  /** A remembered session, if read less than the cache's lifetime ago and nothing was forgotten since. */
  get(tokenHash: string): Promise<CachedSession | undefined>;
  /**
   * The invalidation epoch of the token's user: read it before a database lookup and hand it to
   * `set` after. Null: the lookup is not to be remembered (Redis did not answer, or this node has
   * not seen the token yet and so does not know whose epoch to read).
   */
  epoch(tokenHash: string): Promise<string | null>;
  /** Remembers a session read at `epoch`; ignored if anything was forgotten since (a lost race). */
  set(tokenHash: string, entry: CachedSession, epoch: string | null): void;
  /**
   * Forgets every remembered session of a user. Called after sign-out, revocation, password
   * change or reset and any change of the user's details; once it resolves, no node serves a
   * copy read before it.
   */
  forgetUser(userId: string): Promise<void>;
  close(): Promise<void>;
}

/** One epoch per user: a change to one user never drops another user's remembered sessions. */
const EPOCH_PREFIX = 'signpost:sessions:epoch:';
/** Unused epochs leave Redis; a missing one is made anew and matches no remembered copy. */
const EPOCH_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * A short-lived, bounded cache of token hash → session, so an authenticated request does not
 * read the database for its session every time (docs/security.md, "Session cache"). Expiry and
 * the absolute lifetime are still checked on every hit by the caller; entries live `ttlMs` at
 * most.
 *
 * One node: forgetting drops the user's entries, and a counter bumped on every forget keeps a
 * lookup that raced a revocation from being remembered. With Redis (several nodes): each user's
 * epoch lives in Redis (a new random value on forget, `GET` on every hit), so a revocation on one
 * node is seen by the next request on any node: one Redis read instead of a database read. A node
 * learns whose a token is from its first lookup, which it does not remember. If Redis does not
 * answer, nothing is served from memory.
 */
export function createSessionCache(opts: {
  ttlMs: number;
  maxEntries: number;
  redis?: Redis;
  log?: FastifyBaseLogger;
  now?: () => number;
}): SessionCache {
  const now = opts.now ?? Date.now;
  const { redis } = opts;
  const entries = new Map<string, CachedSession & { cachedAt: number; epoch: string }>();
  let localEpoch = 0;
  /** Whose each token is (never changes), learned from lookups; only used with Redis. */
  const owners = createLru<string>({ maxEntries: opts.maxEntries * 2, ttlMs: EPOCH_TTL_MS });

  const userEpoch = async (redis: Redis, userId: string): Promise<string | null> => {
    const key = EPOCH_PREFIX + userId;
    try {
      // A random value, not a counter: after Redis loses its data the new value matches no copy.
      const current = await redis.get(key);
      if (current !== null) return current;
      await redis.set(key, randomUUID(), 'PX', EPOCH_TTL_MS, 'NX');
      return await redis.get(key);
    } catch (err) {
      opts.log?.warn(
        { err },
        'session cache: Redis did not answer; reading sessions from the database',
      );
      return null;
    }
  };

  return {
    async get(tokenHash) {
      const e = entries.get(tokenHash);
      if (!e) return undefined;
      if (now() - e.cachedAt > opts.ttlMs) {
        entries.delete(tokenHash);
        return undefined;
      }
      // On one node a forget already dropped the user's entries; across nodes ask Redis.
      if (redis && (await userEpoch(redis, e.user.id)) !== e.epoch) {
        entries.delete(tokenHash);
        return undefined;
      }
      return e;
    },
    async epoch(tokenHash) {
      if (!redis) return String(localEpoch);
      const userId = owners.get(tokenHash);
      return userId === undefined ? null : userEpoch(redis, userId);
    },
    set(tokenHash, entry, readAt) {
      if (redis) owners.set(tokenHash, entry.user.id);
      if (readAt === null || (!redis && readAt !== String(localEpoch))) return;
      entries.delete(tokenHash);
      entries.set(tokenHash, { ...entry, cachedAt: now(), epoch: readAt });
      // Oldest first: a Map iterates in insertion order.
      while (entries.size > opts.maxEntries) entries.delete(entries.keys().next().value as string);
    },
    async forgetUser(userId) {
      localEpoch++;
      for (const [hash, e] of entries) if (e.user.id === userId) entries.delete(hash);
      if (!redis) return;
      // Tried twice; if Redis still fails, other nodes drop their copies within the lifetime.
      for (let attempt = 1; attempt <= 2; attempt++) {
        try {
          await redis.set(EPOCH_PREFIX + userId, randomUUID(), 'PX', EPOCH_TTL_MS);
          return;
        } catch (err) {
          if (attempt === 2)
            opts.log?.error({ err }, 'session cache: could not tell other nodes of a revocation');
        }
      }
    },
    async close() {
      entries.clear();
    },
  };
}
