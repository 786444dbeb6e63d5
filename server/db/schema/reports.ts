import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ReportChart, ReportQuery } from '../../../lib/contracts/reports';
import { brands } from './brands';

/** Saved reports of a product: the query as the API takes it, and how to draw it. */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The query's `type`, kept apart for lists. */
    type: text('type').notNull(),
    query: jsonb('query').$type<ReportQuery>().notNull(),
    chart: jsonb('chart').$type<ReportChart>().notNull(),
    /** Shown on the product's dashboard. */
    pinned: boolean('pinned').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('reports_brand_idx').on(t.brandId, t.updatedAt)],
);
