import { and, desc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ownedById } from '../../db/owned';
import {
  customerErasures,
  customerProfiles,
  flowSessions,
  suppressedCustomers,
  type ErasureReceipt,
} from '../../db/schema';

export type ErasureRow = typeof customerErasures.$inferSelect;
export type NewErasure = Omit<
  typeof customerErasures.$inferInsert,
  'id' | 'status' | 'receipt' | 'requestedAt' | 'completedAt'
>;

/** The database side of erasure (docs/data-rights.md, "Erasure"). */
export function createErasureRepository(db: Db) {
  return {
    /**
     * Removes the owner's profile `id` and records the erasure, in `tx`: the profile goes at once
     * (its segment memberships with it); null when the owner has no such profile.
     */
    async takeProfile(tx: Db, ownerId: string, id: number) {
      const [profile] = await tx
        .delete(customerProfiles)
        .where(ownedById(tx, customerProfiles, ownerId, id))
        .returning({
          brandId: customerProfiles.brandId,
          customerKey: customerProfiles.customerKey,
          anonymousIds: customerProfiles.anonymousIds,
        });
      return profile ?? null;
    },

    async insert(tx: Db, row: NewErasure): Promise<ErasureRow> {
      const [made] = await tx.insert(customerErasures).values(row).returning();
      return made!;
    },

    async suppress(tx: Db, brandId: number, customerHash: string) {
      await tx.insert(suppressedCustomers).values({ brandId, customerHash }).onConflictDoNothing();
    },

    /** Which of `hashes` are suppressed in the product. */
    async suppressedAmong(brandId: number, hashes: string[]): Promise<Set<string>> {
      const rows = await db
        .select({ hash: suppressedCustomers.customerHash })
        .from(suppressedCustomers)
        .where(
          and(
            eq(suppressedCustomers.brandId, brandId),
            inArray(suppressedCustomers.customerHash, hashes),
          ),
        );
      return new Set(rows.map((r) => r.hash));
    },

    async find(id: number): Promise<ErasureRow | null> {
      const [row] = await db.select().from(customerErasures).where(eq(customerErasures.id, id));
      return row ?? null;
    },

    async findOwned(ownerId: string, id: number): Promise<ErasureRow | null> {
      const [row] = await db
        .select()
        .from(customerErasures)
        .where(and(eq(customerErasures.id, id), eq(customerErasures.ownerId, ownerId)));
      return row ?? null;
    },

    /** A product's erasures, newest first, after erasure id `before`. */
    async list(brandId: number, limit: number, before?: number) {
      return db
        .select()
        .from(customerErasures)
        .where(
          and(
            eq(customerErasures.brandId, brandId),
            before === undefined ? undefined : lt(customerErasures.id, before),
          ),
        )
        .orderBy(desc(customerErasures.id))
        .limit(limit);
    },

    /** The tour sessions of a customer (by user id, or anonymous ones of their anonymous ids). */
    async deleteTourSessions(brandId: number, userId: string, anonymousIds: string[]) {
      const anonymous = anonymousIds.length
        ? and(isNull(flowSessions.userId), inArray(flowSessions.anonymousId, anonymousIds))
        : undefined;
      const removed = await db
        .delete(flowSessions)
        .where(
          and(
            eq(flowSessions.brandId, brandId),
            or(eq(flowSessions.userId, userId), eq(flowSessions.visitorKey, userId), anonymous),
          ),
        )
        .returning({ id: flowSessions.id });
      return removed.length;
    },

    /** The erasure is done: its receipt, and the customer's keys forgotten. */
    async complete(id: number, receipt: ErasureReceipt, at: Date) {
      await db
        .update(customerErasures)
        .set({ status: 'done', receipt, keys: null, completedAt: at })
        .where(eq(customerErasures.id, id));
    },

    async fail(id: number) {
      await db
        .update(customerErasures)
        .set({ status: 'failed' })
        .where(eq(customerErasures.id, id));
    },
  };
}
export type ErasureRepository = ReturnType<typeof createErasureRepository>;
