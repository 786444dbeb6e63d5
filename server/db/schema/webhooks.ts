import { boolean, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { brands } from './brands';

/**
 * A product's webhook endpoint (docs/webhooks.md): where, for which topics, and the secret that
 * signs. The secret is stored as it is, not hashed: signing needs the key itself (HMAC), so it
 * cannot be kept as a one-way hash like tokens are (docs/security.md). After a rotation the
 * previous secret signs too until `previous_secret_until`.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    topics: text('topics').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true, mode: 'date' }),
    /** Since when every delivery has failed; null after a success. */
    failingSince: timestamp('failing_since', { withTimezone: true, mode: 'date' }),
    /** Why the server disabled the endpoint (410, five days failing); null when a person did. */
    disabledReason: text('disabled_reason'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_brand_idx').on(t.brandId, t.id)],
);

/**
 * One message to one endpoint and its attempts (docs/webhooks.md, "Delivery log"): the body as
 * sent, so every attempt and a resend sign the same bytes under the same message id.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    topic: text('topic').notNull(),
    payload: text('payload').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** The step of the retry ladder the next attempt is (0: the first of a series). */
    step: smallint('step').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastResponse: text('last_response'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    index('webhook_deliveries_created_idx').on(t.createdAt),
  ],
);
