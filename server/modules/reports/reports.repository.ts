import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brands, reports } from '../../db/schema';
import { containing } from '../../db/like';
import { ownedById } from '../../db/owned';

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
  const withBrand = { report: reports, brandName: brands.name };
  return {
    /** The owner's reports, newest change first, with their product's name. */
    async list(
      ownerId: string,
      q: { brandId?: number; pinned?: boolean; search?: string; offset: number; limit: number },
    ) {
      const parts: SQL[] = [eq(brands.ownerId, ownerId)];
      if (q.brandId !== undefined) parts.push(eq(reports.brandId, q.brandId));
      if (q.pinned !== undefined) parts.push(eq(reports.pinned, q.pinned));
      if (q.search) parts.push(ilike(reports.name, containing(q.search)));
      const where = and(...parts);
      const rows = await db
        .select(withBrand)
        .from(reports)
        .innerJoin(brands, eq(brands.id, reports.brandId))
        .where(where)
        .orderBy(desc(reports.updatedAt), desc(reports.id))
        .offset(q.offset)
        .limit(q.limit);
      const [{ n }] = await db
        .select({ n: count() })
        .from(reports)
        .innerJoin(brands, eq(brands.id, reports.brandId))
        .where(where);
      return { rows, total: n };
    },
    async find(ownerId: string, id: number) {
      const [row] = await db
        .select(withBrand)
        .from(reports)
        .innerJoin(brands, eq(brands.id, reports.brandId))
        .where(and(eq(reports.id, id), eq(brands.ownerId, ownerId)));
      return row;
    },
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
