import { formatInteger } from '@/lib/format';
import { formatBillingDate, formatMoney, MAU_ADD_ON_BLOCK } from '@/lib/billing';
import type { Subscription } from '@/lib/contracts/plans';

/** "$149.00/month", "Free" for a zero price, "Custom pricing" for a plan sold by sales. */
export function planPriceText(plan: Pick<Subscription['current_plan'], 'plan_prices'>): string {
  const amount = plan.plan_prices[0]?.unit_amount;
  if (amount === undefined) return 'Custom pricing';
  return amount === 0 ? 'Free' : `${formatMoney(amount)}/month`;
}

/** Add-on units owned on the current plan. */
export const addOnQuantityOf = (addOns: Subscription['user_subscription']['add_ons']) =>
  addOns.reduce((sum, a) => sum + Math.max(0, a.quantity), 0);

/** "2 MAU add-ons (+2,000 MAUs)" or "None". */
export function addOnsText(quantity: number): string {
  if (quantity <= 0) return 'None';
  const unit = quantity === 1 ? 'MAU add-on' : 'MAU add-ons';
  return `${quantity} ${unit} (+${formatInteger(quantity * MAU_ADD_ON_BLOCK)} MAUs)`;
}

/**
 * What happens at the end of the period: a scheduled lower plan, else the renewal; null on a
 * plan without a paid period (free).
 */
export function periodEndText(
  subscription: Pick<Subscription['user_subscription'], 'current_period_end' | 'scheduled_plan'>,
): string | null {
  const end = subscription.current_period_end;
  if (!end) return null;
  const date = formatBillingDate(end);
  return subscription.scheduled_plan
    ? `Switches to ${subscription.scheduled_plan.name} on ${date}`
    : `Renews on ${date}`;
}

/** "2 of 3 tracked products used"; a limit of 0 is unlimited (docs/product/entities.md#plans). */
export function productsText(count: number, limit: number): string {
  return `${count} of ${limit === 0 ? 'unlimited' : limit} tracked products used`;
}
