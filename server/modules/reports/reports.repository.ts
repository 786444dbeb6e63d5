import { eq, ilike, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reports } from '../../db/schema';
import { containing } from '../../db/like';
import { ownedById, ownerRowsWithBrand } from '../../db/owned';

export type ReportRow = typeof reports.$inferSelect;
export type ReportValues = Pick<
  ReportRow,
  'brandId' | 'name' | 'type' | 'query' | 'chart' | 'pinned'
>;

/**
 * Saved reports. Every read and write filters by the owner of the report's product, so another
 * account's report is never touched, whatever the caller checked before.
 */
export function createReportsRepository(db: Db) {
  const ownedBy = (ownerId: string, id: number) => ownedById(db, reports, ownerId, id);
  const owned = ownerRowsWithBrand(db, reports, 'report');
  return {
    /** The owner's reports, newest change first, with their product's name. */
    list(
      ownerId: string,
      q: { brandId?: number; pinned?: boolean; search?: string; offset: number; limit: number },
    ) {
      const filters: SQL[] = [];
      if (q.brandId !== undefined) filters.push(eq(reports.brandId, q.brandId));
      if (q.pinned !== undefined) filters.push(eq(reports.pinned, q.pinned));
      if (q.search) filters.push(ilike(reports.name, containing(q.search)));
      return owned.page(ownerId, filters, q);
    },
    find: owned.find,
    async insert(values: ReportValues) {
      const [row] = await db.insert(reports).values(values).returning();
      return row;
    },
    async update(ownerId: string, id: number, values: ReportValues) {
      const [row] = await db
        .update(reports)
        .set({ ...values, updatedAt: new Date() })
        .where(ownedBy(ownerId, id))
        .returning();
      return row;
    },
    async remove(ownerId: string, id: number) {
      const [row] = await db
        .delete(reports)
        .where(ownedBy(ownerId, id))
        .returning({ id: reports.id });
      return row;
    },
  };
}
export type ReportsRepository = ReturnType<typeof createReportsRepository>;
