import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRedirectCache, REDIRECT_CACHE_MS } from './redirect-cache';
import type { RedirectTarget } from './short-urls.repository';

const link = (slug: string, url = `https://shop.example.com/${slug}`): RedirectTarget => ({
  id: slug.length,
  brandId: 1,
  ownerId: 'owner',
  slug,
  url,
  utm: {},
  expiresAt: null,
  expiredUrl: null,
  disabled: false,
});

/** A database of links the test changes, counting the cache's reads. */
function setup() {
  const rows = new Map<string, RedirectTarget>();
  const reads: string[] = [];
  const batches: string[][] = [];
  const errors: unknown[] = [];
  let failMany = false;
  const cache = createRedirectCache({
    read: async (slug) => {
      reads.push(slug);
      return rows.get(slug.toLowerCase());
    },
    readMany: async (keys) => {
      batches.push(keys);
      if (failMany) throw new Error('database down');
      return keys.flatMap((k) => (rows.has(k) ? [rows.get(k)!] : []));
    },
    onError: (err) => errors.push(err),
  });
  return { cache, rows, reads, batches, errors, fail: (v: boolean) => (failMany = v) };
}

/** Past every entry's jittered lifetime (at most 1.25 × REDIRECT_CACHE_MS). */
const expireAll = () => vi.advanceTimersByTime(REDIRECT_CACHE_MS * 1.3);

describe('redirect cache', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads a slug once, without case, and shares concurrent misses', async () => {
    const t = setup();
    t.rows.set('promo', link('promo'));
    const [a, b] = await Promise.all([t.cache.resolve('promo'), t.cache.resolve('PROMO')]);
    expect(a?.slug).toBe('promo');
    expect(b).toBe(a);
    expect(await t.cache.resolve('Promo')).toBe(a);
    expect(t.reads).toEqual(['promo']);
    expect(await t.cache.resolve('nope')).toBeNull();
    expect(await t.cache.resolve('nope')).toBeNull();
    expect(t.reads).toEqual(['promo', 'nope']);
  });

  it('answers expired entries at once and refreshes them together in one read', async () => {
    const t = setup();
    for (const s of ['a1', 'a2', 'a3']) t.rows.set(s, link(s));
    for (const s of ['a1', 'a2', 'a3']) await t.cache.resolve(s);
    t.rows.set('a1', link('a1', 'https://shop.example.com/changed'));
    t.rows.delete('a2');
    expireAll();
    for (const s of ['a1', 'a2', 'a3', 'a1']) expect((await t.cache.resolve(s))?.slug).toBe(s);
    expect(t.batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(t.batches).toEqual([['a1', 'a2', 'a3']]);
    expect((await t.cache.resolve('a1'))?.url).toBe('https://shop.example.com/changed');
    expect(await t.cache.resolve('a2')).toBeNull();
    expect(t.reads).toEqual(['a1', 'a2', 'a3']);
  });

  it('keeps answering stale entries when the refresh fails, and tries again on the next request', async () => {
    const t = setup();
    t.rows.set('b1', link('b1'));
    await t.cache.resolve('b1');
    expireAll();
    t.fail(true);
    await t.cache.resolve('b1');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(t.errors).toHaveLength(1);
    expect((await t.cache.resolve('b1'))?.slug).toBe('b1');
    t.fail(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(t.batches).toEqual([['b1'], ['b1']]);
  });

  it('reads a forgotten slug again on its next request', async () => {
    const t = setup();
    t.rows.set('c1', link('c1'));
    await t.cache.resolve('c1');
    t.rows.set('c1', link('c1', 'https://shop.example.com/new'));
    t.cache.forget('C1');
    expect((await t.cache.resolve('c1'))?.url).toBe('https://shop.example.com/new');
    expect(t.reads).toEqual(['c1', 'c1']);
  });

  it('treats an entry long past its lifetime as a miss', async () => {
    const t = setup();
    t.rows.set('d1', link('d1'));
    await t.cache.resolve('d1');
    vi.advanceTimersByTime(REDIRECT_CACHE_MS * 1.3 + 300_000);
    t.rows.delete('d1');
    expect(await t.cache.resolve('d1')).toBeNull();
    expect(t.reads).toEqual(['d1', 'd1']);
  });
});
