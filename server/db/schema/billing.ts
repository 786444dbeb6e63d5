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
import type { InvoiceLine } from '../../../lib/contracts/payments';
import { plans } from './plans';
import { users } from './users';

const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** Saved cards: only brand, last four and expiry; the provider keeps the rest. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The provider's payment method id (Stripe `pm_…`, local `pm_local_…`). */
    providerRef: text('provider_ref').notNull(),
    brand: text('brand', { enum: ['visa', 'mastercard', 'amex'] }).notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_methods_user_idx').on(t.userId),
    uniqueIndex('payment_methods_provider_ref_uq').on(t.providerRef),
  ],
);

/** Every charge or scheduled change of an account; amounts in cents. */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['checkout', 'upgrade', 'downgrade', 'add_ons', 'renewal'],
    }).notNull(),
    status: text('status', { enum: ['pending', 'requires_action', 'paid', 'failed'] }).notNull(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    addOnQuantity: integer('add_on_quantity').notNull().default(0),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('usd'),
    description: text('description').notNull().default(''),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull().default([]),
    periodStart: timestamp('period_start', { withTimezone: true, mode: 'date' }),
    periodEnd: timestamp('period_end', { withTimezone: true, mode: 'date' }),
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id, {
      onDelete: 'set null',
    }),
    /** Card shown in the history even after the card is deleted. */
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** Provider reference: Stripe invoice/payment intent id, local charge id. */
    providerRef: text('provider_ref'),
    failureMessage: text('failure_message'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_user_created_idx').on(t.userId, t.createdAt),
    index('payments_provider_ref_idx').on(t.providerRef),
  ],
);

/** Provider events already handled (webhook deliveries are at-least-once). */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
