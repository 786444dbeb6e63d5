/**
 * A map bounded in entries, each kept for at most `ttlMs`: reading an entry makes it the newest,
 * and adding one past `maxEntries` drops the least recently used. Every operation is O(1): a
 * `Map` keeps insertion order, so the least recently used entry is always the first.
 *
 * Use it for any cache whose keys come from outside (docs/security.md, "Tenant isolation"): its
 * memory is `maxEntries` × the size of one entry, whatever a caller sends.
 */
export function createLru<V>(opts: { maxEntries: number; ttlMs: number; now?: () => number }) {
  const now = opts.now ?? (() => Date.now());
  const entries = new Map<string, { value: V; until: number }>();
  return {
    get(key: string): V | undefined {
      const hit = entries.get(key);
      if (!hit) return undefined;
      entries.delete(key);
      if (hit.until <= now()) return undefined;
      entries.set(key, hit);
      return hit.value;
    },
    set(key: string, value: V, ttlMs = opts.ttlMs) {
      entries.delete(key);
      entries.set(key, { value, until: now() + ttlMs });
      // Expired entries at the old end go first; past the bound, the least recently used too.
      for (const [k, e] of entries) {
        if (entries.size <= opts.maxEntries && e.until > now()) break;
        entries.delete(k);
      }
    },
    delete: (key: string) => entries.delete(key),
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}
