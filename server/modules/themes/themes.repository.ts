import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brands, plans, subscriptions } from '../../db/schema';

/** A product's saved theme and the plan of its owner; every owner-side read filters by owner. */
export function createThemesRepository(db: Db) {
  const mine = (ownerId: string, id: number) => and(eq(brands.ownerId, ownerId), eq(brands.id, id));
  const withPlan = () =>
    db
      .select({ id: brands.id, theme: brands.theme, plan: plans.code, planName: plans.name })
      .from(brands)
      .leftJoin(subscriptions, eq(subscriptions.userId, brands.ownerId))
      .leftJoin(plans, eq(plans.id, subscriptions.planId));
  return {
    /** The owner's product with its stored theme and the owner's plan; undefined if not theirs. */
    async find(ownerId: string, brandId: number) {
      const [row] = await withPlan().where(mine(ownerId, brandId)).limit(1);
      return row;
    },
    /** The same for the tour runtime, which knows the product from its write key. */
    async forRuntime(brandId: number) {
      const [row] = await withPlan().where(eq(brands.id, brandId)).limit(1);
      return row;
    },
    async save(ownerId: string, brandId: number, theme: Record<string, unknown>) {
      const [row] = await db
        .update(brands)
        .set({ theme, updatedAt: new Date() })
        .where(mine(ownerId, brandId))
        .returning({ id: brands.id });
      return row;
    },
  };
}
export type ThemesRepository = ReturnType<typeof createThemesRepository>;
