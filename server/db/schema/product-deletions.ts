import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { brands } from './brands';

/**
 * A product whose deletion was asked for (docs/data-rights.md, "Deleting a product"): it is
 * deleted, with its events in the analytics store, when `due_at` comes, unless the row is removed
 * (cancelled) before. Deleting the product removes the row with it.
 */
export const productDeletions = pgTable('product_deletions', {
  brandId: integer('brand_id')
    .primaryKey()
    .references(() => brands.id, { onDelete: 'cascade' }),
  requestedBy: text('requested_by').notNull(),
  requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow(),
  dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
});
