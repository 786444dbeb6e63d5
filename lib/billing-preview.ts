import type { InvoiceLine, PricePreview } from './contracts/payments';
import { addBillingMonth, formatMoney, unusedTimeCredit } from './billing';

/** A priced item as the preview needs it; amounts in cents per month. */
interface PricedItem {
  name: string;
  unitAmount: number;
}

/** What the account has, what it asks for, and when the change happens. */
export interface PreviewInput {
  current: {
    plan: PricedItem;
    addOnQuantity: number;
    /** The paid period; null on the free plan. */
    periodStart: Date | null;
    periodEnd: Date | null;
  };
  target: { plan: PricedItem; addOnQuantity: number };
  addOn: PricedItem;
  /** now: charged today, new period from today; period_end: scheduled, nothing due today. */
  mode: 'now' | 'period_end';
  now: Date;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * The price preview of a change, prorated the way Stripe does
 * (docs/product/entities.md#price-preview): a change charged today restarts the cycle today and
 * credits the unused time of the paid period as a negative first line; a change at period end is
 * due then, so nothing is due today. Used by the local payment provider and the mock API.
 */
export function pricePreviewOf(req: PreviewInput): PricePreview {
  const { now, target, addOn, current } = req;
  const addOnLine = (start: Date, end: Date): InvoiceLine[] =>
    target.addOnQuantity > 0
      ? [
          {
            description: `${target.addOnQuantity} × ${addOn.name} (at ${formatMoney(addOn.unitAmount)} / month)`,
            amount: target.addOnQuantity * addOn.unitAmount,
            quantity: target.addOnQuantity,
            period: { start: seconds(start), end: seconds(end) },
          },
        ]
      : [];
  const planLine = (start: Date, end: Date): InvoiceLine => ({
    description: `1 × ${target.plan.name} (at ${formatMoney(target.plan.unitAmount)} / month)`,
    amount: target.plan.unitAmount,
    quantity: 1,
    period: { start: seconds(start), end: seconds(end) },
  });

  if (req.mode === 'period_end') {
    const start = current.periodEnd ?? now;
    const end = addBillingMonth(start);
    return {
      subtotal: 0,
      total: 0,
      period_end: seconds(end),
      summary: { has_proration: false },
      lines: [planLine(start, end), ...addOnLine(start, end)],
    };
  }

  const end = addBillingMonth(now);
  const lines: InvoiceLine[] = [];
  const currentAmount =
    current.plan.unitAmount + Math.max(0, current.addOnQuantity) * addOn.unitAmount;
  if (current.periodStart && current.periodEnd && currentAmount > 0) {
    const credit = unusedTimeCredit(currentAmount, current.periodStart, current.periodEnd, now);
    if (credit < 0)
      lines.push({
        description: `Unused time on ${current.plan.name}${
          current.addOnQuantity > 0 ? ` and ${current.addOnQuantity} × ${addOn.name}` : ''
        }`,
        amount: credit,
        quantity: 1,
        period: { start: seconds(now), end: seconds(current.periodEnd) },
      });
  }
  lines.push(planLine(now, end), ...addOnLine(now, end));
  const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);
  return {
    subtotal,
    total: Math.max(0, subtotal),
    period_end: seconds(end),
    summary: { has_proration: lines.some((l) => l.amount < 0) },
    lines,
  };
}
