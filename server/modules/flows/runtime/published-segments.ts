import type { SegmentDefinition } from '../../../../lib/contracts/segments';

/** Segment definitions of one product by id (at most MAX_SEGMENTS_PER_PRODUCT). */
export type SegmentDefinitions = ReadonlyMap<number, SegmentDefinition>;

/** A backstop, as the published tours' (published-flows.ts): no list is served longer than this. */
const TTL_MS = 10_000;
const MAX_PRODUCTS = 5_000;

/**
 * The segments a product's segment triggers read, kept beside its published tours and forgotten
 * with them (published-flows.ts `changed`, on this node and, through Redis, on the others): a
 * segment save calls `changed` for its product, so the next decision reads the new definition
 * (docs/flows.md, "Segment trigger"). Read only for a product one of whose tours still in play
 * has a segment trigger.
 */
export function createPublishedSegments(deps: {
  ofBrand: (brandId: number) => Promise<{ id: number; definition: SegmentDefinition }[]>;
  ttlMs?: number;
}) {
  const ttl = deps.ttlMs ?? TTL_MS;
  const cache = new Map<number, { until: number; definitions: Promise<SegmentDefinitions> }>();
  return {
    get(brandId: number): Promise<SegmentDefinitions> {
      const now = Date.now();
      const hit = cache.get(brandId);
      if (hit && hit.until > now) return hit.definitions;
      if (cache.size >= MAX_PRODUCTS) cache.clear();
      const definitions = deps
        .ofBrand(brandId)
        .then((rows) => new Map(rows.map((r) => [r.id, r.definition])));
      const entry = { until: now + ttl, definitions };
      cache.set(brandId, entry);
      // A failed read is not remembered: the next decision tries again.
      definitions.catch(() => {
        if (cache.get(brandId) === entry) cache.delete(brandId);
      });
      return definitions;
    },
    forget(brandId: number) {
      cache.delete(brandId);
    },
  };
}
export type PublishedSegments = ReturnType<typeof createPublishedSegments>;
