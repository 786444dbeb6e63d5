import type { BrandsRepository } from '../brands/brands.repository';

export interface KeyOwner {
  brandId: number;
  ownerId: string;
}

const TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

/**
 * Write key → brand lookups with a short cache: ingestion checks a key on every request. This
 * node forgets everything when a key is rotated or a brand deleted; other nodes within 5 s.
 */
export function createWriteKeys(brands: BrandsRepository) {
  const cache = new Map<string, { owner: KeyOwner | null; until: number }>();
  return {
    async resolve(key: string): Promise<KeyOwner | null> {
      const now = Date.now();
      const hit = cache.get(key);
      if (hit && hit.until > now) return hit.owner;
      const row = await brands.findByWriteKey(key);
      const owner = row ? { brandId: row.id, ownerId: row.ownerId } : null;
      if (cache.size >= MAX_ENTRIES) cache.clear();
      cache.set(key, { owner, until: now + TTL_MS });
      return owner;
    },
    clear: () => cache.clear(),
  };
}
export type WriteKeys = ReturnType<typeof createWriteKeys>;
