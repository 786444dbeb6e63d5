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
/** A plan or add-on (spec 3). product_limit/mau_limit 0 means unlimited. */
export type Plan = z.infer<typeof planSchema>;

export const subscriptionSchema = z.object({
  current_plan: z.object({
    id: z.number().int(),
    code: z.enum(PLAN_CODES),
    name: z.string(),
    plan_prices: z.array(planPriceSchema),
  }),
  user_subscription: z.object({
    status: z.enum(['incomplete', 'trialing', 'active', 'past_due', 'canceled']),
    snapshot_quota: z.object({ mau_limit: z.number().int(), product_limit: z.number().int() }),
    add_ons: z.array(z.object({ quantity: z.number().int() })),
  }),
  user_quota: z.object({ mau_count: z.number().int(), product_count: z.number().int() }),
});
/** The signed-in user's subscription (spec 3). */
export type Subscription = z.infer<typeof subscriptionSchema>;

export const listPlansQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  type: z.enum(PLAN_KINDS).optional(),
});
