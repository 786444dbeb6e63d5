import { analyticsCaller } from '../../../analytics/scheduler';
import type { SegmentsRepository } from '../segments.repository';
import { SegmentNotEvaluable } from './evaluate';
import type { SegmentEngine } from './members';

/**
 * Member counts of saved segments, computed after a save (docs/segments.md, "Member count"):
 * a small in-process queue keyed by product. One count runs at a time per product; a segment
 * asked for again while queued is counted once; past the caps a request is dropped (the segment
 * keeps its previous count until it is saved again or its members are listed). The save never
 * waits for its count.
 */

/** Segments waiting to be counted per product. */
export const SEGMENT_COUNTS_PENDING_PER_PRODUCT = 20;
/** Products counting at once (each one segment at a time). */
export const SEGMENT_COUNTS_PRODUCTS = 8;

interface ProductQueue {
  /** Segment id → the owner it was saved by (the count reads as that account). */
  pending: Map<number, string>;
  running: Promise<void>;
}

export function createSegmentCounts(deps: {
  segments: SegmentsRepository;
  engine: SegmentEngine;
  /** A count that failed for another reason than an unevaluable definition. */
  onError?: (err: unknown) => void;
  pendingPerProduct?: number;
  products?: number;
}) {
  const { segments, engine } = deps;
  const perProduct = deps.pendingPerProduct ?? SEGMENT_COUNTS_PENDING_PER_PRODUCT;
  const maxProducts = deps.products ?? SEGMENT_COUNTS_PRODUCTS;
  const queues = new Map<number, ProductQueue>();

  async function countOne(ownerId: string, id: number) {
    const row = await segments.find(ownerId, id);
    if (!row) return;
    const byId = new Map((await segments.ofBrand(row.brandId)).map((s) => [s.id, s.definition]));
    const { count, computedAt } = await engine.count(row.brandId, row.definition, (ref) =>
      byId.get(ref),
    );
    await segments.storeCount(row.id, {
      brandId: row.brandId,
      definition: row.definition,
      count,
      computedAt,
    });
  }

  async function drain(brandId: number, q: ProductQueue) {
    for (let next = q.pending.entries().next(); !next.done; next = q.pending.entries().next()) {
      const [id, ownerId] = next.value;
      q.pending.delete(id);
      try {
        // The account's reads are scheduled as its reports are, with no request to end them.
        await analyticsCaller.run({ account: ownerId }, () => countOne(ownerId, id));
      } catch (err) {
        if (!(err instanceof SegmentNotEvaluable)) deps.onError?.(err);
      }
    }
    queues.delete(brandId);
  }

  return {
    /** Queues a count of the segment; false when dropped past a cap. Never waits for it. */
    request(ownerId: string, brandId: number, id: number): boolean {
      const q = queues.get(brandId);
      if (q) {
        if (q.pending.has(id)) return true;
        if (q.pending.size >= perProduct) return false;
        q.pending.set(id, ownerId);
        return true;
      }
      if (queues.size >= maxProducts) return false;
      const fresh: ProductQueue = { pending: new Map([[id, ownerId]]), running: Promise.resolve() };
      queues.set(brandId, fresh);
      // Outside the saving request's context: its end must not cancel the count.
      fresh.running = analyticsCaller.exit(() => drain(brandId, fresh));
      return true;
    },
    /** Resolves once nothing is queued or running (tests, shutdown). */
    async idle() {
      while (queues.size > 0) await Promise.all([...queues.values()].map((q) => q.running));
    },
  };
}
export type SegmentCounts = ReturnType<typeof createSegmentCounts>;
