import { integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SegmentDefinition } from '../../../lib/contracts/segments';
import { brands } from './brands';

/**
 * Segments of a product (docs/segments.md). A name is unique within its product; the list reads
 * them by name, so the unique index also serves its keyset paging. `member_count` and
 * `computed_at` stay null until the engine has counted the members.
 */
export const segments = pgTable(
  'segments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    definition: jsonb('definition').$type<SegmentDefinition>().notNull(),
    memberCount: integer('member_count'),
    computedAt: timestamp('computed_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('segments_brand_name_uq').on(t.brandId, t.name)],
);
