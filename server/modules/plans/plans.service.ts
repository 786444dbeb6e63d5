import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { PlanCode } from '../../../lib/constants';

/** The subscription shape of spec 3; accounts without a row are shown on the free plan. */
export async function subscriptionDto(
  ctx: Pick<AppContext, 'plans' | 'brandsService'>,
  userId: string,
) {
  const row = await ctx.plans.subscriptionOf(userId);
  const plan = row?.plan ?? (await ctx.plans.byCode('free'));
  if (!plan) throw new AppError(500, 'catalogue_missing', 'The plan catalogue is missing.');
  const prices = await ctx.plans.pricesOf(plan.id);
  const productCount = await ctx.brandsService.count(userId);
  return {
    current_plan: {
      id: plan.id,
      code: plan.code as PlanCode,
      name: plan.name,
      plan_prices: prices.map((p) => ({
        id: p.id,
        unit_amount: p.unitAmount,
        currency: p.currency,
        interval: p.interval,
        pricing_model: p.pricingModel,
        billing_item: p.billingItem,
      })),
    },
    user_subscription: {
      status: row?.subscription.status ?? 'active',
      snapshot_quota: { mau_limit: plan.mauLimit, product_limit: plan.productLimit },
      add_ons: [] as { quantity: number }[],
    },
    user_quota: { mau_count: 0, product_count: productCount },
  };
}
