import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brands, productDeletions } from '../../db/schema';

export type ProductDeletionRow = typeof productDeletions.$inferSelect;

/** The database side of deleting a product (docs/data-rights.md, "Deleting a product"). */
export function createProductDeletionRepository(db: Db) {
  return {
    async find(brandId: number): Promise<ProductDeletionRow | null> {
      const [row] = await db
        .select()
        .from(productDeletions)
        .where(eq(productDeletions.brandId, brandId));
      return row ?? null;
    },

    /** Records the request in `tx`; an earlier pending request stays as it was. */
    async request(tx: Db, row: ProductDeletionRow): Promise<ProductDeletionRow> {
      await tx.insert(productDeletions).values(row).onConflictDoNothing();
      const [kept] = await tx
        .select()
        .from(productDeletions)
        .where(eq(productDeletions.brandId, row.brandId));
      return kept!;
    },

    /** Cancels; true when a request was pending. */
    async cancel(brandId: number): Promise<boolean> {
      const gone = await db
        .delete(productDeletions)
        .where(eq(productDeletions.brandId, brandId))
        .returning({ brandId: productDeletions.brandId });
      return gone.length > 0;
    },

    /** Deletes the product (everything brand-scoped in the database goes with it). */
    async deleteProduct(brandId: number): Promise<boolean> {
      const gone = await db
        .delete(brands)
        .where(eq(brands.id, brandId))
        .returning({ id: brands.id });
      return gone.length > 0;
    },
  };
}
export type ProductDeletionRepository = ReturnType<typeof createProductDeletionRepository>;
