import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
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
