import { isWellFormedKey } from '../../../lib/contracts/ingest';
import { MESSAGES } from '../../../lib/messages';
import { tooManyRequests } from '../../errors';
import { createLru } from '../../lib/lru';
import { hashToken } from '../../lib/tokens';
import {
  addressKey,
  DEFAULT_RATE_LIMITS,
  type CounterStore,
  type LimitRule,
} from '../../plugins/rate-limit';
import type { BrandsRepository } from '../brands/brands.repository';
import type { IpCaptureMode } from '../../../lib/contracts/brand-settings';
import { createFilterCache, type CompiledFilters } from './event-filters';

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
  /** What is kept of the sender's address with each event (docs/settings.md, "IP capture"); off when absent. */
  ipCapture?: IpCaptureMode;
  /** The product's filters, compiled once per change (docs/settings.md, "Filters"); none when absent. */
  filters?: CompiledFilters;
  /** Some customers of the product were erased with `suppress` (docs/data-rights.md). */
  hasSuppressions?: boolean;
}

/** Secret server keys start with this; write keys with `wk_`. */
export const SERVER_KEY_PREFIX = 'sk_';

const TTL_MS = 5_000;
/** Products whose keys are remembered: one entry is ~0.5 KB, so ~5 MB at most. */
const MAX_KNOWN = 10_000;
/** Well-formed keys that matched nothing, remembered briefly so a misconfigured site asks once. */
const MAX_UNKNOWN = 1_000;
const UNKNOWN_TTL_MS = 1_000;
/**
 * Keys that matched a product in the last 10 minutes: they pass the unknown-key limit of an
 * address, so a stranger (or a stale snippet) behind the same NAT never stops a real site's events.
 */
const MAX_VALID = 10_000;
const VALID_TTL_MS = 10 * 60_000;

/**
 * Key → product lookups with a short cache: ingestion and the flow runtime check a key on every
 * request (docs/security.md, "Tenant isolation"). A key of the wrong shape is unknown without a
 * query; the caches are keyed by the key's SHA-256 and bounded, and unknown keys live in their
 * own small cache, so a stranger's made-up keys never push a product's key out. This node
 * forgets everything when a key or a source setting changes or a brand is deleted; other nodes
 * within 5 s.
 */
export function createWriteKeys(
  brands: Pick<BrandsRepository, 'findForIngestion'>,
  limit?: { counters: CounterStore; rule?: LimitRule },
) {
  const known = createLru<KeyOwner>({ maxEntries: MAX_KNOWN, ttlMs: TTL_MS });
  const unknown = createLru<true>({ maxEntries: MAX_UNKNOWN, ttlMs: UNKNOWN_TTL_MS });
  const valid = createLru<true>({ maxEntries: MAX_VALID, ttlMs: VALID_TTL_MS });
  const filters = createFilterCache();
  return {
    /**
     * The product of `key`, or null (a 401 for the caller). With `address`, requests from an
     * address that sent too many unknown keys get a 429 before any lookup.
     */
    async resolve(key: string, address?: string): Promise<KeyOwner | null> {
      const counted = limit && address !== undefined ? `unknown-key:${addressKey(address)}` : null;
      const rule = limit?.rule ?? DEFAULT_RATE_LIMITS.unknownKey;
      const refuse = async () => {
        if (counted) await limit!.counters.hit(counted, rule.windowMs);
        return null;
      };
      if (!isWellFormedKey(key)) return refuse();
      const hash = hashToken(key);
      const hit = known.get(hash);
      if (hit) return hit;
      if (counted && !valid.get(hash)) {
        const { count, resetInMs } = await limit!.counters.peek(counted);
        if (count >= rule.max)
          throw tooManyRequests(MESSAGES.ingest.tooManyUnknownKeys, resetInMs / 1000);
      }
      if (unknown.get(hash)) return refuse();
      const trusted = key.startsWith(SERVER_KEY_PREFIX);
      const row = await brands.findForIngestion(
        trusted ? { serverKeyHash: hash } : { writeKey: key },
      );
      if (!row) {
        unknown.set(hash, true);
        return refuse();
      }
      const owner: KeyOwner = {
        brandId: row.id,
        ownerId: row.ownerId,
        trusted,
        domain: row.domain,
        allowedOrigins: row.allowedOrigins,
        requireSignedIdentity: row.requireSignedIdentity,
        identitySecret: row.identitySecret,
        ipCapture: row.ipCapture,
        filters: filters.get(row.id, row.updatedAt.getTime(), row.eventFilters),
        hasSuppressions: Boolean(row.hasSuppressions),
      };
      known.set(hash, owner);
      valid.set(hash, true);
      return owner;
    },
    clear: () => {
      known.clear();
      unknown.clear();
      valid.clear();
      filters.clear();
    },
  };
}
export type WriteKeys = ReturnType<typeof createWriteKeys>;
