import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { EventAttribute } from '../../../lib/contracts/events';
import type { Db } from '../../db/client';
import { ownedById } from '../../db/owned';
import { events } from '../../db/schema';
import { containing } from '../../db/like';

export type EventDefRow = typeof events.$inferSelect;

/**
 * Event definitions. Lists take brand ids already checked against the session's owner; reads
 * and writes by id filter by the owner themselves, so another account's row is never touched.
 */
export function createEventsRepository(db: Db) {
  const ownedBy = (ownerId: string, id: number) => ownedById(db, events, ownerId, id);
  const search = (brandId: number, text?: string): SQL => {
    const base = eq(events.brandId, brandId);
    if (!text) return base;
    const like = containing(text);
    return and(base, or(ilike(events.name, like), ilike(events.code, like))) as SQL;
  };
  return {
    async list(brandId: number, q: { search?: string; offset: number; limit: number }) {
      const where = search(brandId, q.search);
      const rows = await db
        .select()
        .from(events)
        .where(where)
        .orderBy(asc(events.name), asc(events.id))
        .offset(q.offset)
        .limit(q.limit);
      const [{ n }] = await db.select({ n: count() }).from(events).where(where);
      return { rows, total: n };
    },
    /** The definition, if it belongs to one of the owner's brands. */
    async find(ownerId: string, id: number) {
      const [row] = await db.select().from(events).where(ownedBy(ownerId, id));
      return row;
    },
    /** Every defined code of a brand (definitions are made by hand: a bounded set). */
    async allCodes(brandId: number) {
      const rows = await db
        .select({ code: events.code })
        .from(events)
        .where(eq(events.brandId, brandId));
      return new Set(rows.map((r) => r.code));
    },
    async insert(v: { brandId: number; name: string; code: string; attributes: EventAttribute[] }) {
      const [row] = await db.insert(events).values(v).returning();
      return row;
    },
    /** Undefined when no definition of the owner has this id. */
    async update(
      ownerId: string,
      id: number,
      v: { brandId: number; name: string; code: string; attributes: EventAttribute[] },
    ) {
      const [row] = await db
        .update(events)
        .set({ ...v, updatedAt: sql`now()` })
        .where(ownedBy(ownerId, id))
        .returning();
      return row;
    },
    async remove(ownerId: string, id: number) {
      await db.delete(events).where(ownedBy(ownerId, id));
    },
  };
}
export type EventsRepository = ReturnType<typeof createEventsRepository>;

export function toEventDto(e: EventDefRow) {
  return {
    id: e.id,
    brand_id: e.brandId,
    name: e.name,
    code: e.code,
    attributes: e.attributes,
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
}
