import { hashToken } from '../../lib/tokens';
import type { BrandsRepository } from '../brands/brands.repository';

/** The product a key belongs to and what ingestion checks about where events come from. */
export interface KeyOwner {
  brandId: number;
  ownerId: string;
  /** A secret server key: a trusted server-side source (no Origin, no identity signatures). */
  trusted: boolean;
  domain: string;
  allowedOrigins: string[];
  requireSignedIdentity: boolean;
  identitySecret: string | null;
}

/** Secret server keys start with this; write keys with `wk_`. */
export const SERVER_KEY_PREFIX = 'sk_';

const TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

/**
 * Key → brand lookups with a short cache: ingestion checks a key on every request. This node
 * forgets everything when a key or a source setting changes or a brand is deleted; other nodes
 * within 5 s.
 */
export function createWriteKeys(brands: BrandsRepository) {
  const cache = new Map<string, { owner: KeyOwner | null; until: number }>();
  return {
    async resolve(key: string): Promise<KeyOwner | null> {
      const now = Date.now();
      const hit = cache.get(key);
      if (hit && hit.until > now) return hit.owner;
      const trusted = key.startsWith(SERVER_KEY_PREFIX);
      const row = await brands.findForIngestion(
        trusted ? { serverKeyHash: hashToken(key) } : { writeKey: key },
      );
      const owner: KeyOwner | null = row
        ? {
            brandId: row.id,
            ownerId: row.ownerId,
            trusted,
            domain: row.domain,
            allowedOrigins: row.allowedOrigins,
            requireSignedIdentity: row.requireSignedIdentity,
            identitySecret: row.identitySecret,
          }
        : null;
      if (cache.size >= MAX_ENTRIES) cache.clear();
      cache.set(key, { owner, until: now + TTL_MS });
      return owner;
    },
    clear: () => cache.clear(),
  };
}
export type WriteKeys = ReturnType<typeof createWriteKeys>;
