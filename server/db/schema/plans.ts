import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

export const plans = pgTable(
  'plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind', { enum: ['NORMAL', 'ENTERPRISE', 'FREE', 'ADD_IN'] }).notNull(),
    orderNumber: integer('order_number').notNull(),
    /** 0 means unlimited. */
    productLimit: integer('product_limit').notNull(),
    /** 0 means unlimited; for ADD_IN, the MAUs one unit adds. */
    mauLimit: integer('mau_limit').notNull(),
    contactSales: boolean('contact_sales').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('plans_code_uq').on(t.code)],
);

export const planPrices = pgTable(
  'plan_prices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    /** Cents. */
    unitAmount: integer('unit_amount').notNull(),
    currency: text('currency').notNull().default('usd'),
    interval: text('interval', { enum: ['MONTH', 'YEAR'] })
      .notNull()
      .default('MONTH'),
    pricingModel: text('pricing_model', { enum: ['LICENSED', 'METERED'] })
      .notNull()
      .default('LICENSED'),
    billingItem: text('billing_item', { enum: ['PLAN', 'ADD_IN'] })
      .notNull()
      .default('PLAN'),
  },
  (t) => [index('plan_prices_plan_idx').on(t.planId)],
);

/** The account's subscription; every new account starts on the free plan. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    status: text('status', { enum: ['incomplete', 'trialing', 'active', 'past_due', 'canceled'] })
      .notNull()
      .default('active'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('subscriptions_user_uq').on(t.userId)],
);
