import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brands, plans, subscriptions } from '../../db/schema';

/** A product's retention as saved, with its account's plan (docs/retention.md). */
export interface RetentionRow {
  brandId: number;
  ownerId: string;
  retentionMonths: number | null;
  /** The account's plan code; null without a subscription (counted as Free). */
  planCode: string | null;
}

/** Reads and writes brands.retention_months (migration 0028) and the plan that bounds it. */
export function createRetentionRepository(db: Db) {
  const select = () =>
    db
      .select({
        brandId: brands.id,
        ownerId: brands.ownerId,
        retentionMonths: brands.retentionMonths,
        planCode: plans.code,
      })
      .from(brands)
      .leftJoin(subscriptions, eq(subscriptions.userId, brands.ownerId))
      .leftJoin(plans, eq(plans.id, subscriptions.planId));
  return {
    /** Any product's (the store's cutoffs); undefined when there is none. */
    async of(brandId: number): Promise<RetentionRow | undefined> {
      const [row] = await select().where(eq(brands.id, brandId)).limit(1);
      return row;
    },
    /** The owner's product only (the settings routes). */
    async owned(ownerId: string, brandId: number): Promise<RetentionRow | undefined> {
      const [row] = await select()
        .where(and(eq(brands.id, brandId), eq(brands.ownerId, ownerId)))
        .limit(1);
      return row;
    },
    async save(ownerId: string, brandId: number, months: number | null): Promise<boolean> {
      const rows = await db
        .update(brands)
        .set({ retentionMonths: months, updatedAt: new Date() })
        .where(and(eq(brands.id, brandId), eq(brands.ownerId, ownerId)))
        .returning({ id: brands.id });
      return rows.length > 0;
    },
    /** Products in id order after `after` (the nightly purge walks them in pages). */
    async productsAfter(after: number, limit: number) {
      return db
        .select({ brandId: brands.id, ownerId: brands.ownerId })
        .from(brands)
        .where(gt(brands.id, after))
        .orderBy(asc(brands.id))
        .limit(limit);
    },
  };
}
export type RetentionRepository = ReturnType<typeof createRetentionRepository>;
