import { z } from 'zod';
import { PLAN_CODES, PLAN_KINDS } from '../constants';

export const planPriceSchema = z.object({
  id: z.number().int(),
  unit_amount: z.number().int(),
  currency: z.string(),
  interval: z.enum(['MONTH', 'YEAR']),
  pricing_model: z.enum(['LICENSED', 'METERED']),
  billing_item: z.enum(['PLAN', 'ADD_IN']),
});

export const planSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  kind: z.enum(PLAN_KINDS),
  order_number: z.number().int(),
  contact_sales: z.boolean(),
  plan_quota: z.object({ product_limit: z.number().int(), mau_limit: z.number().int() }),
  plan_prices: z.array(planPriceSchema),
});
/** A plan or add-on (docs/product/entities.md#plans). product_limit/mau_limit 0 means unlimited. */
export type Plan = z.infer<typeof planSchema>;

export const subscriptionSchema = z.object({
  current_plan: z.object({
    id: z.number().int(),
    code: z.enum(PLAN_CODES),
    name: z.string(),
    order_number: z.number().int(),
    plan_prices: z.array(planPriceSchema),
  }),
  user_subscription: z.object({
    status: z.enum(['incomplete', 'trialing', 'active', 'past_due', 'canceled']),
    /** The plan's own quota (0 = unlimited); add-ons come on top. */
    snapshot_quota: z.object({ mau_limit: z.number().int(), product_limit: z.number().int() }),
    add_ons: z.array(z.object({ plan_id: z.number().int(), quantity: z.number().int() })),
    /** ISO times of the paid period; null on the free plan. */
    current_period_start: z.string().nullable(),
    current_period_end: z.string().nullable(),
    /** A lower plan (or free) taking effect at current_period_end. */
    scheduled_plan: z.object({ code: z.enum(PLAN_CODES), name: z.string() }).nullable(),
  }),
  user_quota: z.object({
    /** Monthly active customers of the current UTC month, over all the account's products. */
    mau_count: z.number().int(),
    /** Plan quota plus 1,000 per add-on; 0 = unlimited. */
    mau_limit: z.number().int(),
    /** When the count reached the limit (ISO); tracking stops 7 days later. */
    over_limit_since: z.string().nullable(),
    /** True once the grace period is over: ingestion answers 402. */
    tracking_paused: z.boolean(),
    product_count: z.number().int(),
  }),
});
/** The signed-in user's subscription (docs/product/entities.md#subscription). */
export type Subscription = z.infer<typeof subscriptionSchema>;

export const listPlansQuery = z.object({
  offset: z.coerce.number<number>().int().min(0).default(0),
  limit: z.coerce.number<number>().int().min(1).max(100).default(20),
  type: z.enum(PLAN_KINDS).optional(),
});
