import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brands, suppressedCustomers } from '../../db/schema';

export type BrandRow = typeof brands.$inferSelect;

/** Every query is filtered by the owner taken from the session. */
export function createBrandsRepository(db: Db) {
  const mine = (ownerId: string, id: number) => and(eq(brands.ownerId, ownerId), eq(brands.id, id));
  return {
    async list(ownerId: string, page: { offset: number; limit: number }) {
      const rows = await db
        .select()
        .from(brands)
        .where(eq(brands.ownerId, ownerId))
        .orderBy(asc(brands.id))
        .offset(page.offset)
        .limit(page.limit);
      return { rows, total: await this.count(ownerId) };
    },
    async count(ownerId: string, tx: Db = db) {
      const [{ n }] = await tx
        .select({ n: count() })
        .from(brands)
        .where(eq(brands.ownerId, ownerId));
      return n;
    },
    /**
     * The brand a public write key, or the hash of a secret server key, belongs to (ingestion
     * authentication), with what ingestion checks about its sources.
     */
    async findForIngestion(by: { writeKey: string } | { serverKeyHash: string }) {
      const [row] = await db
        .select({
          id: brands.id,
          ownerId: brands.ownerId,
          domain: brands.domain,
          allowedOrigins: brands.allowedOrigins,
          requireSignedIdentity: brands.requireSignedIdentity,
          identitySecret: brands.identitySecret,
          ipCapture: brands.ipCapture,
          eventFilters: brands.eventFilters,
          updatedAt: brands.updatedAt,
          // Customers erased with `suppress` (docs/data-rights.md, "Suppression").
          hasSuppressions: sql<boolean>`exists (select 1 from ${suppressedCustomers} where ${suppressedCustomers.brandId} = ${brands.id})`,
        })
        .from(brands)
        .where(
          'writeKey' in by
            ? eq(brands.writeKey, by.writeKey)
            : eq(brands.serverKeyHash, by.serverKeyHash),
        )
        .limit(1);
      return row;
    },
    async find(ownerId: string, id: number) {
      const [row] = await db.select().from(brands).where(mine(ownerId, id)).limit(1);
      return row;
    },
    async insert(
      values: {
        ownerId: string;
        name: string;
        domain: string;
        writeKey: string;
        timeZone?: string;
      },
      tx: Db = db,
    ) {
      const [row] = await tx.insert(brands).values(values).returning();
      return row;
    },
    async update(
      ownerId: string,
      id: number,
      values: Partial<
        Pick<
          BrandRow,
          | 'name'
          | 'domain'
          | 'writeKey'
          | 'allowedOrigins'
          | 'requireSignedIdentity'
          | 'identitySecret'
          | 'serverKeyHash'
          | 'serverKeyHint'
          | 'timeZone'
          | 'ipCapture'
          | 'eventFilters'
        >
      >,
    ) {
      const [row] = await db
        .update(brands)
        .set({ ...values, updatedAt: new Date() })
        .where(mine(ownerId, id))
        .returning();
      return row;
    },
    /** Sets the identity secret unless one exists (two first reads at once keep the same one). */
    async ensureIdentitySecret(ownerId: string, id: number, secret: string) {
      const [row] = await db
        .update(brands)
        .set({ identitySecret: sql`COALESCE(${brands.identitySecret}, ${secret})` })
        .where(mine(ownerId, id))
        .returning();
      return row;
    },
    async remove(ownerId: string, id: number) {
      const [row] = await db.delete(brands).where(mine(ownerId, id)).returning({ id: brands.id });
      return row;
    },
  };
}
export type BrandsRepository = ReturnType<typeof createBrandsRepository>;

export function toBrandDto(b: BrandRow) {
  return {
    id: b.id,
    name: b.name,
    domain: b.domain,
    write_key: b.writeKey,
    time_zone: b.timeZone,
    created_at: b.createdAt.toISOString(),
    updated_at: b.updatedAt.toISOString(),
  };
}
