import { describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { UserRow } from '../users/users.repository';
import { createSessionCache, type CachedSession } from './session-cache';

const entry = (userId: string, id = 1): CachedSession => ({
  user: { id: userId } as UserRow,
  session: { id, createdAt: new Date(0), expiresAt: new Date(1e13), lastUsedAt: new Date(0) },
});

describe('session cache', () => {
  it('forgets an entry after its lifetime', async () => {
    let clock = 1_000;
    const cache = createSessionCache({ ttlMs: 100, maxEntries: 10, now: () => clock });
    cache.set('a', entry('u1'), await cache.epoch('a'));
    clock += 100;
    expect((await cache.get('a'))?.user.id).toBe('u1');
    clock += 1;
    expect(await cache.get('a')).toBeUndefined();
  });

  it("forgets every session of one user and only that user's", async () => {
    const cache = createSessionCache({ ttlMs: 1000, maxEntries: 10 });
    cache.set('a', entry('u1', 1), await cache.epoch('a'));
    cache.set('b', entry('u1', 2), await cache.epoch('b'));
    cache.set('c', entry('u2', 3), await cache.epoch('c'));
    await cache.forgetUser('u1');
    expect(await cache.get('a')).toBeUndefined();
    expect(await cache.get('b')).toBeUndefined();
    expect((await cache.get('c'))?.session.id).toBe(3);
  });

  it('does not remember a session read before a revocation that finished during the read', async () => {
    const cache = createSessionCache({ ttlMs: 1000, maxEntries: 10 });
    const before = await cache.epoch('a');
    // The lookup was in flight while the session was revoked and forgotten.
    await cache.forgetUser('u1');
    cache.set('a', entry('u1'), before);
    expect(await cache.get('a')).toBeUndefined();
    cache.set('a', entry('u1'), await cache.epoch('a'));
    expect(await cache.get('a')).toBeDefined();
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const cache = createSessionCache({ ttlMs: 1000, maxEntries: 2 });
    cache.set('a', entry('u1'), await cache.epoch('a'));
    cache.set('b', entry('u2'), await cache.epoch('b'));
    cache.set('c', entry('u3'), await cache.epoch('c'));
    expect(await cache.get('a')).toBeUndefined();
    expect(await cache.get('b')).toBeDefined();
    expect(await cache.get('c')).toBeDefined();
  });

  const REDIS = process.env.TEST_REDIS_URL;
  it.skipIf(!REDIS)(
    'a forget on one node is seen by the next lookup on another (Redis)',
    async () => {
      const a = new Redis(REDIS as string);
      const b = new Redis(REDIS as string);
      const one = createSessionCache({ ttlMs: 10_000, maxEntries: 10, redis: a });
      const two = createSessionCache({ ttlMs: 10_000, maxEntries: 10, redis: b });
      try {
        // A node's first lookup of a token is not remembered: it learns whose the token is.
        two.set('t', entry('shared-user'), await two.epoch('t'));
        expect(await two.get('t')).toBeUndefined();
        two.set('t', entry('shared-user'), await two.epoch('t'));
        expect(await two.get('t')).toBeDefined();
        two.set('other', entry('other-user'), null);
        two.set('other', entry('other-user'), await two.epoch('other'));
        two.set('late', entry('shared-user'), null);
        const before = await two.epoch('late');
        await one.forgetUser('shared-user');
        expect(await two.get('t')).toBeUndefined();
        // A lookup that started before the forget is not remembered either.
        two.set('late', entry('shared-user'), before);
        expect(await two.get('late')).toBeUndefined();
        // Another user's remembered session is not dropped by that forget.
        expect((await two.get('other'))?.user.id).toBe('other-user');
      } finally {
        await one.close();
        await two.close();
        a.disconnect();
        b.disconnect();
      }
    },
  );
});
