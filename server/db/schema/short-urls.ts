import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Utm } from '../../../lib/contracts/short-urls';
import { brands } from './brands';

/**
 * Short links of a product (docs/short-urls.md). The slug is unique without case across every
 * product: it is the whole public address. Click counters are added after each click batch is
 * stored in the analytics store (the store holds every click; these are the list's totals).
 */
export const shortUrls = pgTable(
  'short_urls',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    url: text('url').notNull(),
    utm: jsonb('utm').$type<Utm>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    expiredUrl: text('expired_url'),
    disabled: boolean('disabled').notNull().default(false),
    clicks: integer('clicks').notNull().default(0),
    uniqueClicks: integer('unique_clicks').notNull().default(0),
    botClicks: integer('bot_clicks').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('short_urls_slug_uq').on(sql`lower(${t.slug})`),
    index('short_urls_brand_idx').on(t.brandId, t.updatedAt),
  ],
);
