import type { PlanCode } from '../../../lib/constants';
import type { Subscription } from '../../../lib/contracts/plans';
import type { PaymentsService } from '../payments/payments.service';
import type { PlansRepository } from './plans.repository';

/**
 * The subscription shape (docs/product/entities.md#subscription), as of now: a change scheduled for an elapsed period end has
 * taken effect, and the usage is this UTC month's.
 */
async function subscriptionDto(
  ctx: { payments: PaymentsService; brands: { count(ownerId: string): Promise<number> } },
  userId: string,
): Promise<Subscription> {
  const s = await ctx.payments.settle(userId);
  const [usage, productCount] = await Promise.all([
    // The settled state is at hand: the usage check needs not settle it again.
    ctx.payments.usage.status(userId, {
      mauLimit: s.mauLimit,
      overLimitSince: s.row.overLimitSince,
    }),
    ctx.brands.count(userId),
  ]);
  const { row, plan } = s;
  return {
    current_plan: {
      id: plan.id,
      code: plan.code as PlanCode,
      name: plan.name,
      order_number: plan.orderNumber,
      plan_prices: s.prices.map((p) => ({
        id: p.id,
        unit_amount: p.unitAmount,
        currency: p.currency,
        interval: p.interval,
        pricing_model: p.pricingModel,
        billing_item: p.billingItem,
      })),
    },
    user_subscription: {
      status: row.status,
      snapshot_quota: { mau_limit: plan.mauLimit, product_limit: plan.productLimit },
      add_ons:
        row.addOnQuantity > 0 ? [{ plan_id: s.addOnPlanId, quantity: row.addOnQuantity }] : [],
      current_period_start: row.currentPeriodStart?.toISOString() ?? null,
      current_period_end: row.currentPeriodEnd?.toISOString() ?? null,
      scheduled_plan: s.scheduledPlan
        ? { code: s.scheduledPlan.code as PlanCode, name: s.scheduledPlan.name }
        : null,
    },
    user_quota: {
      mau_count: usage.mauCount,
      mau_limit: usage.mauLimit,
      over_limit_since: usage.overLimitSince?.toISOString() ?? null,
      tracking_paused: usage.trackingPaused,
      product_count: productCount,
    },
  };
}

/** The plan catalogue and the signed-in user's subscription as the dashboard reads them. */
export function createPlansService(deps: {
  plans: PlansRepository;
  payments: PaymentsService;
  brands: { count(ownerId: string): Promise<number> };
}) {
  return {
    available: () => deps.plans.available(),
    list: (q: Parameters<PlansRepository['list']>[0]) => deps.plans.list(q),
    subscription: (userId: string) => subscriptionDto(deps, userId),
  };
}
export type PlansService = ReturnType<typeof createPlansService>;
