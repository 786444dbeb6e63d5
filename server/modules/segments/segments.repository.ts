import { and, asc, count, eq, gt, ilike, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Segment, SegmentDefinition } from '../../../lib/contracts/segments';
import type { Db } from '../../db/client';
import { containing } from '../../db/like';
import { ownedById } from '../../db/owned';
import { brands, segments } from '../../db/schema';

export type SegmentRow = typeof segments.$inferSelect;
export interface SegmentValues {
  brandId: number;
  name: string;
  definition: SegmentDefinition;
}
/** Where a page of the list starts: after this name and id. */
export interface SegmentKey {
  name: string;
  id: number;
}

/**
 * Segments (docs/segments.md): the only reader and writer of the table. Lists take brand ids the
 * service has checked against the session's owner; reads and writes by id filter by the owner
 * themselves, so another account's segment is never touched.
 */
/** The row still describes this audience: the same product and the same definition. */
const sameAudience = (brandId: number, definition: SegmentDefinition): SQL =>
  and(
    eq(segments.brandId, brandId),
    sql`${segments.definition} = ${JSON.stringify(definition)}::jsonb`,
  ) as SQL;

function segmentQueries(db: Db) {
  const ownedBy = (ownerId: string, id: number) => ownedById(db, segments, ownerId, id);
  const matching = (brandId: number, search?: string): SQL => {
    const base = eq(segments.brandId, brandId);
    return search ? (and(base, ilike(segments.name, containing(search))) as SQL) : base;
  };
  /** The list's order: names A→Z ignoring case, the same on every PostgreSQL (byte order). */
  const byName = sql`lower(${segments.name}) collate "C"`;
  return {
    /** A page by name A→Z (then id), `limit + 1` rows so the caller knows if more follow. */
    async list(brandId: number, q: { search?: string; after?: SegmentKey; limit: number }) {
      const where = matching(brandId, q.search);
      const after = q.after
        ? sql`(${byName}, ${segments.id}) > (lower(${q.after.name}) collate "C", ${q.after.id})`
        : undefined;
      const rows = await db
        .select()
        .from(segments)
        .where(after ? and(where, after) : where)
        .orderBy(byName, asc(segments.id))
        .limit(q.limit + 1);
      const [{ n }] = await db.select({ n: count() }).from(segments).where(where);
      return { rows, total: n };
    },
    /** The segment, if it belongs to one of the owner's products. */
    async find(ownerId: string, id: number) {
      const [row] = await db.select().from(segments).where(ownedBy(ownerId, id));
      return row;
    },
    /** Every segment of a product, without counts (at most MAX_SEGMENTS_PER_PRODUCT). */
    async ofBrand(brandId: number) {
      return db
        .select({ id: segments.id, name: segments.name, definition: segments.definition })
        .from(segments)
        .where(eq(segments.brandId, brandId));
    },
    /**
     * The products that have segments, after product id `after` in id order, with their owners:
     * at most `limit` (the membership sweep's pages).
     */
    async productsAfter(after: number, limit: number) {
      return db
        .selectDistinct({ brandId: segments.brandId, ownerId: brands.ownerId })
        .from(segments)
        .innerJoin(brands, eq(brands.id, segments.brandId))
        .where(gt(segments.brandId, after))
        .orderBy(asc(segments.brandId))
        .limit(limit);
    },
    async countOfBrand(brandId: number) {
      const [{ n }] = await db
        .select({ n: count() })
        .from(segments)
        .where(eq(segments.brandId, brandId));
      return n;
    },
    async insert(v: SegmentValues) {
      const [row] = await db.insert(segments).values(v).returning();
      return row!;
    },
    /**
     * Undefined when no segment of the owner has this id. A new definition or product clears the
     * stored count (it counted other members) until the engine counts again.
     */
    async update(ownerId: string, id: number, v: SegmentValues) {
      const same = sameAudience(v.brandId, v.definition);
      const [row] = await db
        .update(segments)
        .set({
          ...v,
          memberCount: sql`case when ${same} then ${segments.memberCount} end`,
          computedAt: sql`case when ${same} then ${segments.computedAt} end`,
          updatedAt: sql`now()`,
        })
        .where(ownedBy(ownerId, id))
        .returning();
      return row;
    },
    /**
     * Stores an exact member count and when it was computed, only while the segment still has
     * the definition that was counted and no later count is stored (a save since then asks for
     * its own count). Leaves `updated_at` alone: a count is no edit.
     */
    async storeCount(
      id: number,
      v: { brandId: number; definition: SegmentDefinition; count: number; computedAt: Date },
    ) {
      await db
        .update(segments)
        .set({ memberCount: v.count, computedAt: v.computedAt })
        .where(
          and(
            eq(segments.id, id),
            sameAudience(v.brandId, v.definition),
            or(isNull(segments.computedAt), lte(segments.computedAt, v.computedAt)),
          ),
        );
    },
    async remove(ownerId: string, id: number) {
      await db.delete(segments).where(ownedBy(ownerId, id));
    },
  };
}
export type SegmentQueries = ReturnType<typeof segmentQueries>;

export function createSegmentsRepository(db: Db) {
  /**
   * Takes the product's row lock (the lock of `locked`) in the caller's transaction `tx` and
   * answers the queries bound to it: a tour save checks the segments its triggers name under it
   * (flows.service.ts), so a segment is never deleted between that check and the write.
   */
  const lockIn = async (tx: Db, brandId: number): Promise<SegmentQueries> => {
    await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, brandId)).for('update');
    return segmentQueries(tx);
  };
  return {
    ...segmentQueries(db),
    lockIn,
    /**
     * Runs `work` in one transaction holding the product's row lock, so two writes to one
     * product's segments (the limit, references and cycles they check) happen one after the other.
     * `tx` is the transaction, for the reads of other repositories under the lock (on PGlite, one
     * connection, a read on `db` inside the transaction would wait for it forever).
     */
    locked<T>(brandId: number, work: (repo: SegmentQueries, tx: Db) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => work(await lockIn(tx, brandId), tx));
    },
  };
}
export type SegmentsRepository = ReturnType<typeof createSegmentsRepository>;

/** A stored segment as the API answers it. */
export function toSegmentDto(r: SegmentRow): Segment {
  return {
    id: r.id,
    brand_id: r.brandId,
    name: r.name,
    definition: r.definition,
    member_count: r.memberCount,
    computed_at: r.computedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}
