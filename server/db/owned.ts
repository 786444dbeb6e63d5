import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { brands } from './schema';

/**
 * The condition of a read, update or delete by id of brand-scoped data: the row has this id
 * and belongs to one of the owner's brands. Repositories use it so another account's row is
 * never touched, whatever the service checked before.
 */
export function ownedById(
  db: Db,
  columns: { id: AnyPgColumn; brandId: AnyPgColumn },
  ownerId: string,
  id: number,
): SQL {
  return and(
    eq(columns.id, id),
    inArray(
      columns.brandId,
      db.select({ id: brands.id }).from(brands).where(eq(brands.ownerId, ownerId)),
    ),
  ) as SQL;
}

/** A table of brand-scoped rows with the columns the owner's lists order by. */
type BrandScopedTable = PgTable & {
  id: AnyPgColumn;
  brandId: AnyPgColumn;
  updatedAt: AnyPgColumn;
  $inferSelect: Record<string, unknown>;
};

/** A row of `table` under `key`, with the name of its product. */
export type WithBrandName<K extends string, T extends BrandScopedTable> = {
  [P in K]: T['$inferSelect'];
} & { brandName: string };

/**
 * The owner's rows of a brand-scoped table, each with its product's name (`{[key]: row,
 * brandName}`): a page of a list, newest change first, with the total; and one row by id. Rows of
 * another account's products are never read.
 */
export function ownerRowsWithBrand<K extends string, T extends BrandScopedTable>(
  db: Db,
  table: T,
  /** The row's name in each answer; `brandName` is taken by the product's name. */
  key: K extends 'brandName' ? never : K,
) {
  const joined = <S extends SelectedFields>(fields: S) =>
    db
      .select(fields)
      .from(table as PgTable)
      .innerJoin(brands, eq(brands.id, table.brandId));
  // Drizzle cannot infer a selection under a computed key: it is exactly `{[key]: table,
  // brandName}` (brands.name is NOT NULL), which is what `Row` says; the casts below rest on it.
  const withBrand = { [key]: table, brandName: brands.name } as unknown as SelectedFields;
  type Row = WithBrandName<K, T>;
  return {
    /** `filters` narrow the owner's rows (a product, a search…). */
    async page(
      ownerId: string,
      filters: SQL[],
      page: { offset: number; limit: number },
    ): Promise<{ rows: Row[]; total: number }> {
      const where = and(eq(brands.ownerId, ownerId), ...filters);
      const rows = await joined(withBrand)
        .where(where)
        .orderBy(desc(table.updatedAt), desc(table.id))
        .offset(page.offset)
        .limit(page.limit);
      const [{ n }] = await joined({ n: count() }).where(where);
      return { rows: rows as unknown as Row[], total: n };
    },
    async find(ownerId: string, id: number): Promise<Row | undefined> {
      const [row] = await joined(withBrand).where(
        and(eq(table.id, id), eq(brands.ownerId, ownerId)),
      );
      return row as unknown as Row | undefined;
    },
  };
}
