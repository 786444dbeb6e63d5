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
    /** MAU add-on units owned (each adds MAU_ADD_ON_BLOCK). */
    addOnQuantity: integer('add_on_quantity').notNull().default(0),
    /** The paid period; null on the free plan. */
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true, mode: 'date' }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true, mode: 'date' }),
    /** A move to a lower plan (or to free when cancelling) that takes effect at period end. */
    scheduledPlanId: integer('scheduled_plan_id').references(() => plans.id),
    /** The provider's subscription id (Stripe `sub_…`, local `sub_local_…`). */
    providerSubscriptionId: text('provider_subscription_id'),
    /** Time of the newest provider event applied; older events are ignored. */
    providerStateAt: timestamp('provider_state_at', { withTimezone: true, mode: 'date' }),
    /** When the MAU count first reached the limit this month; grace runs from here. */
    overLimitSince: timestamp('over_limit_since', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('subscriptions_user_uq').on(t.userId)],
);
