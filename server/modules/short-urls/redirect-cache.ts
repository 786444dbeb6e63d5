import type { RedirectTarget } from './short-urls.repository';

/** How long a node trusts a looked-up slug (a change elsewhere shows within this time). */
export const REDIRECT_CACHE_MS = 30_000;
const REDIRECT_CACHE_MAX = 20_000;
/** How long past REDIRECT_CACHE_MS an entry is still answered while it is read again. */
const REDIRECT_STALE_MS = 300_000;
/** Expired entries asked for meanwhile are read again together, once per this interval. */
const REFRESH_EVERY_MS = 1_000;
/** Most slugs one refresh reads (the rest wait for the next one). */
const REFRESH_MAX = 500;

interface Entry {
  target: RedirectTarget | null;
  until: number;
}

/**
 * The public redirect's memory of slugs, per node (docs/short-urls.md, "Lookup cache"). A miss
 * reads its slug at once (concurrent misses share the read). An expired entry is still answered
 * while it waits for a background refresh; the refresh reads every slug that expired meanwhile in
 * one statement about once a second, so a thousand busy links cost one read a second, not one
 * per link every half minute.
 */
export function createRedirectCache(deps: {
  read: (slug: string) => Promise<RedirectTarget | undefined>;
  /** The links of these lower-cased slugs; a slug missing from the answer no longer exists. */
  readMany: (keys: string[]) => Promise<RedirectTarget[]>;
  onError?: (err: unknown) => void;
}) {
  const cache = new Map<string, Entry>();
  const reading = new Map<string, Promise<RedirectTarget | null>>();
  /** Expired keys waiting for the next refresh. */
  const due = new Set<string>();
  let timer: NodeJS.Timeout | undefined;

  const remember = (key: string, target: RedirectTarget | null) => {
    if (cache.size >= REDIRECT_CACHE_MAX) cache.clear();
    // Jittered, so slugs read together are not all due again at the same moment.
    const ttl = REDIRECT_CACHE_MS * (0.75 + Math.random() / 2);
    cache.set(key, { target, until: Date.now() + ttl });
  };

  const read = (key: string, slug: string) => {
    const p = deps
      .read(slug)
      .then((target) => {
        remember(key, target ?? null);
        return target ?? null;
      })
      .finally(() => reading.delete(key));
    reading.set(key, p);
    return p;
  };

  const refresh = async () => {
    timer = undefined;
    const keys: string[] = [];
    for (const key of due) {
      if (keys.length >= REFRESH_MAX) break;
      keys.push(key);
    }
    for (const key of keys) due.delete(key);
    if (due.size > 0) schedule();
    try {
      const found = new Map((await deps.readMany(keys)).map((t) => [t.slug.toLowerCase(), t]));
      // A key forgotten meanwhile (changed on this node) is left to its next read.
      for (const key of keys) if (cache.has(key)) remember(key, found.get(key) ?? null);
    } catch (err) {
      // The stale entries keep answering; the next request for them queues them again.
      deps.onError?.(err);
    }
  };

  const schedule = () => {
    timer ??= setTimeout(() => void refresh(), REFRESH_EVERY_MS);
    timer.unref();
  };

  return {
    /** The link behind a public slug, or null. */
    resolve(slug: string): Promise<RedirectTarget | null> {
      const key = slug.toLowerCase();
      const t = Date.now();
      const hit = cache.get(key);
      if (hit && hit.until > t) return Promise.resolve(hit.target);
      if (hit && hit.until + REDIRECT_STALE_MS > t) {
        if (!due.has(key)) {
          due.add(key);
          schedule();
        }
        return Promise.resolve(hit.target);
      }
      return reading.get(key) ?? read(key, slug);
    },
    /** A change on this node: the next request reads the slug again. */
    forget(slug: string) {
      const key = slug.toLowerCase();
      cache.delete(key);
      due.delete(key);
    },
  };
}
