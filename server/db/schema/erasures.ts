import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { brands } from './brands';

/** What an erasure removed, per store (docs/data-rights.md, "Erasure"). */
export interface ErasureReceipt {
  profiles: number;
  /** Events deleted (mode delete) or rewritten without personal values (mode redact). */
  events: number;
  tourSessions: number;
  /** Link clicks are events of the analytics store: counted in `events` too. */
  linkClicks: number;
  /** The analytics engine that held the events. */
  analytics: 'duckdb' | 'clickhouse';
  /** Webhook messages naming the customer removed from the delivery log (absent in older receipts). */
  webhookMessages?: number;
}

/**
 * One erasure of one customer (docs/data-rights.md, "Erasure"): the audit entry of who erased whom
 * and when, and the job's receipt. The customer's keys are kept only until the job has run
 * (`keys` is emptied then); `customer_hash` (a salted hash) stays, so the entry names nobody.
 * No foreign key to the brand on purpose: the audit outlives a deleted product.
 */
export const customerErasures = pgTable(
  'customer_erasures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer('brand_id').notNull(),
    ownerId: text('owner_id').notNull(),
    /** The user who asked. */
    requestedBy: text('requested_by').notNull(),
    mode: text('mode', { enum: ['delete', 'redact'] }).notNull(),
    suppress: boolean('suppress').notNull(),
    customerHash: text('customer_hash').notNull(),
    /** The user id and anonymous ids to erase; null once erased. */
    keys: jsonb('keys').$type<{ userId: string | null; anonymousIds: string[] } | null>(),
    status: text('status', { enum: ['queued', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    receipt: jsonb('receipt').$type<ErasureReceipt>(),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('customer_erasures_brand_idx').on(t.brandId, t.id)],
);

/**
 * Customers whose later events are dropped at ingestion after an erasure with `suppress`
 * (docs/data-rights.md, "Suppression"), by the salted hash of their id.
 */
export const suppressedCustomers = pgTable(
  'suppressed_customers',
  {
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    customerHash: text('customer_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.customerHash] })],
);
