import { MAU_ADD_ON_BLOCK, MAU_ADD_ON_PRICE_CENTS, formatMoney } from '@/lib/billing';
import type { CardBrand } from '@/lib/contracts/payments';
import type { Plan } from '@/lib/contracts/plans';
import { formatCount } from '@/lib/format';

/**
 * Each plan's fixed colour (docs/product/constants.md#plan-features-and-colours): accent bar, badge
 * and button of its card.
 */
export const PLAN_COLOURS: Record<string, { accent: string; badge: string; text: string }> = {
  free: { accent: 'bg-slate-400', badge: 'bg-slate-100 text-slate-700', text: 'text-slate-700' },
  starter: { accent: 'bg-sky-500', badge: 'bg-sky-100 text-sky-800', text: 'text-sky-700' },
  growth: {
    accent: 'bg-emerald-500',
    badge: 'bg-emerald-100 text-emerald-800',
    text: 'text-emerald-700',
  },
  scale: {
    accent: 'bg-violet-500',
    badge: 'bg-violet-100 text-violet-800',
    text: 'text-violet-700',
  },
  enterprise: {
    accent: 'bg-amber-500',
    badge: 'bg-amber-100 text-amber-800',
    text: 'text-amber-700',
  },
};

export const planColour = (code: string) => PLAN_COLOURS[code] ?? PLAN_COLOURS.free!;

export const BRAND_LABELS: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
};

/** A card as people read it: "Visa •••• 4242" (a payment keeps whatever brand was reported). */
export function cardLabel(card: { brand: string; last4: string }): string {
  const labels: Record<string, string> = BRAND_LABELS;
  return `${labels[card.brand] ?? card.brand} •••• ${card.last4}`;
}

/** A card's expiry as MM/YYYY. */
export const cardExpiry = (card: { exp_month: number; exp_year: number }) =>
  `${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`;

/** "1,000" style limit or "Unlimited" (0 means unlimited, docs/product/entities.md#plans). */
const limitText = (n: number, unit: string) =>
  n === 0 ? `Unlimited ${unit}` : `${formatCount(n)} ${unit}`;

/**
 * The feature list of a plan card (docs/product/constants.md#plan-features-and-colours): product
 * tracking limit, max MAUs, product tours and tooltips, dashboard analytics, email support, custom
 * styling, additional MAUs; Enterprise has its own list on top of everything in Scale.
 */
export function planFeatures(plan: Plan): string[] {
  if (plan.kind === 'ENTERPRISE')
    return [
      'Everything in Scale',
      'Unlimited product tracking',
      'Unlimited MAUs',
      'Dedicated account manager',
      'Customer development',
      'SLA guarantees',
      'On-premise deployment',
    ];
  const { product_limit, mau_limit } = plan.plan_quota;
  const features = [
    limitText(product_limit, product_limit === 1 ? 'tracked product' : 'tracked products'),
    mau_limit === 0 ? 'Unlimited MAUs' : `Up to ${limitText(mau_limit, 'MAUs')}`,
    'Product tours and tooltips',
    'Dashboard analytics',
    'Email support',
  ];
  if (plan.kind !== 'FREE')
    features.push(
      'Custom styling',
      `Additional MAUs: +${formatCount(MAU_ADD_ON_BLOCK)} for ${formatMoney(MAU_ADD_ON_PRICE_CENTS)}/month`,
    );
  return features;
}

/** "$149.00" per month, or null for a contact-sales plan without a price. */
export function monthlyPrice(plan: Pick<Plan, 'plan_prices'>): number | null {
  return plan.plan_prices[0]?.unit_amount ?? null;
}
