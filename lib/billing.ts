import { formatSlashDate } from './format';
import { MESSAGES } from './messages';
import { MAU_ADD_ON_BLOCK, MAU_ADD_ON_PRICE_CENTS } from './plans';

/**
 * Billing rules of docs/product/entities.md#4-states-and-transitions and docs/product/constants.md,
 * shared by the dashboard, the server and the tests.
 */

export const MAX_ADD_ONS = 10;
export const MAX_ADD_ONS_MESSAGE = 'Maximum 10 add-ons';
export const ADD_ONS_OWNED_MESSAGE = 'You already have add-ons from your current plan.';
/** Price preview debounce (docs/product/constants.md#timing-paging-and-caches). */
export const PREVIEW_DEBOUNCE_MS = 1000;
export const PAYMENT_HISTORY_PAGE_SIZE = 5;
/** Add-on plan fetch limit (docs/product/constants.md#timing-paging-and-caches). */
export const ADD_ON_FETCH_LIMIT = 20;
/**
 * Caches (docs/product/constants.md#timing-paging-and-caches): plan list 5 minutes, subscription 1
 * second, payment history 5 minutes.
 */
export const PLANS_STALE_TIME_MS = 5 * 60 * 1000;
export const SUBSCRIPTION_STALE_TIME_MS = 1000;
export const PAYMENT_HISTORY_STALE_TIME_MS = 5 * 60 * 1000;
/** Usage at or above this percentage shows the warning colour (docs/product/constants.md#usage). */
export const USAGE_WARNING_PERCENT = 70;
/** Days tracking keeps working past the MAU limit before ingestion answers 402. */
export const GRACE_DAYS = 7;
export const GRACE_MS = GRACE_DAYS * 24 * 60 * 60 * 1000;
export { MAU_ADD_ON_BLOCK, MAU_ADD_ON_PRICE_CENTS };

/**
 * The add-on stepper's value clamped between the owned quantity (at least 1) and 10; `error` is
 * the spec's message when the asked quantity is above 10.
 */
export function clampAddOnQuantity(
  wanted: number,
  owned = 0,
): { quantity: number; error: string | null } {
  const min = Math.max(1, owned);
  const n = Number.isFinite(wanted) ? Math.trunc(wanted) : min;
  if (n > MAX_ADD_ONS) return { quantity: MAX_ADD_ONS, error: MAX_ADD_ONS_MESSAGE };
  return { quantity: Math.max(min, n), error: null };
}

/**
 * Cart total in cents (docs/product/constants.md#add-ons-and-prices): the plan's first unit_amount
 * plus quantity × $20.
 */
export function cartTotal(planPrices: readonly { unit_amount: number }[], addOnsQuantity: number) {
  return (planPrices[0]?.unit_amount ?? 0) + Math.max(0, addOnsQuantity) * MAU_ADD_ON_PRICE_CENTS;
}

/**
 * The proration of a price preview: its first negative line
 * (docs/product/entities.md#order-summary), or null.
 */
export function prorationOf(
  lines: readonly { amount: number; period: { start: number; end: number } }[],
) {
  const line = lines.find((l) => l.amount < 0);
  return line ? { amount: line.amount, start: line.period.start, end: line.period.end } : null;
}

export type CheckoutKind = 'upgrade' | 'checkout';

/**
 * An upgrade when add-ons are bought, or when the current plan is not free and the chosen plan's
 * order_number is higher than the current one's; otherwise a new checkout
 * (docs/product/entities.md#checkout-kind).
 */
export function checkoutKind(opts: {
  isBuyAddOns: boolean;
  currentPlanCode: string;
  currentOrder: number;
  chosenOrder: number;
}): CheckoutKind {
  if (opts.isBuyAddOns) return 'upgrade';
  if (opts.currentPlanCode !== 'free' && opts.chosenOrder > opts.currentOrder) return 'upgrade';
  return 'checkout';
}

/** MAU limit of a subscription: plan quota plus 1,000 per add-on; 0 means unlimited. */
export function mauLimitOf(planMauLimit: number | undefined | null, addOnQuantity: number) {
  if (planMauLimit === 0) return 0;
  // The default MAU limit when none is given is 1 (docs/product/entities.md#subscription).
  const base = planMauLimit == null || planMauLimit < 0 ? 1 : planMauLimit;
  return base + Math.max(0, addOnQuantity) * MAU_ADD_ON_BLOCK;
}

/** Percentage of the MAU limit used (count / limit × 100); 0 when the limit is unlimited. */
export function usagePercentage(count: number, limit: number) {
  if (!Number.isFinite(count) || !Number.isFinite(limit) || limit <= 0) return 0;
  return (count / limit) * 100;
}

/** Warning colour from 70 %, normal colour below (docs/product/constants.md#usage). */
export function usageTone(percentage: number): 'warning' | 'normal' {
  return percentage >= USAGE_WARNING_PERCENT ? 'warning' : 'normal';
}

/** True when the count has reached a (finite) limit. */
export function isOverLimit(count: number, limit: number) {
  return limit > 0 && count >= limit;
}

/** Progress values are clamped between 0 and the maximum (default 100). */
export function clampProgress(value: number, max = 100) {
  if (!Number.isFinite(value)) return 0;
  return Math.min(max, Math.max(0, value));
}

/** The MAU numbers of a meter or dialog. */
export interface Usage {
  mau_count: number;
  /** 0 means unlimited. */
  mau_limit: number;
}

/** Everything a usage display needs, derived once from the count and the limit. */
export interface UsageSummary {
  count: number;
  limit: number;
  unlimited: boolean;
  /** count / limit × 100, unclamped (0 when unlimited). */
  percentage: number;
  /** The bar's value: the percentage clamped to 0–100. */
  progress: number;
  tone: 'warning' | 'normal';
  /** The count has reached a finite limit. */
  over: boolean;
}

export function usageSummary({ mau_count, mau_limit }: Usage): UsageSummary {
  const percentage = usagePercentage(mau_count, mau_limit);
  return {
    count: mau_count,
    limit: mau_limit,
    unlimited: mau_limit === 0,
    percentage,
    progress: clampProgress(percentage),
    tone: usageTone(percentage),
    over: isOverLimit(mau_count, mau_limit),
  };
}

/** Cents as dollars with 2 decimals: 14900 → $149.00, -5000 → -$50.00. */
export function formatMoney(cents: number) {
  if (!Number.isFinite(cents)) return '$0.00';
  const abs = (Math.abs(Math.round(cents)) / 100).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return `${cents < 0 ? '-' : ''}$${abs}`;
}

/**
 * dd/MM/yyyy (docs/product/constants.md#display-formats) of a Date, an ISO text or epoch seconds
 * (billing numbers are seconds).
 */
export function formatBillingDate(value: Date | string | number) {
  return formatSlashDate(typeof value === 'number' ? value * 1000 : value);
}

/**
 * The billing period shown: from today to the period end, or one month ahead if absent
 * (docs/product/constants.md#money-and-billing-period).
 */
export function billingPeriod(periodEndSeconds: number | null | undefined, now = new Date()) {
  const end =
    periodEndSeconds && periodEndSeconds > 0
      ? new Date(periodEndSeconds * 1000)
      : addLocalMonth(now);
  return `${formatBillingDate(now)} - ${formatBillingDate(end)}`;
}

/**
 * Credit for the unused time of a period, the way Stripe prorates: amount × unused seconds /
 * period seconds, rounded to the cent, as a negative number (0 when nothing is unused).
 */
export function unusedTimeCredit(amount: number, periodStart: Date, periodEnd: Date, now: Date) {
  const total = periodEnd.getTime() - periodStart.getTime();
  const unused = periodEnd.getTime() - now.getTime();
  if (total <= 0 || unused <= 0 || amount <= 0) return 0;
  return -Math.round((amount * Math.min(unused, total)) / total);
}

/** The same day next month in local time, the last day when it has fewer (Jan 31 → Feb 28). */
function addLocalMonth(d: Date): Date {
  const next = new Date(d.getTime());
  next.setDate(1);
  next.setMonth(next.getMonth() + 1);
  const last = new Date(next.getFullYear(), next.getMonth() + 1, 0).getDate();
  next.setDate(Math.min(d.getDate(), last));
  return next;
}

/** The same calendar day one month later (Jan 31 → Feb 28), in UTC as billing periods are. */
export function addBillingMonth(start: Date) {
  return addLocalMonth(start);
}

/** Luhn checksum of a card number (digits only). */
export function luhnValid(digits: string) {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Card brand from the number's prefix; null for brands we do not accept. */
export function cardBrandOf(digits: string): 'visa' | 'mastercard' | 'amex' | null {
  if (/^4\d{12}(\d{3}){0,2}$/.test(digits)) return 'visa';
  if (/^(5[1-5]\d{14}|2(2[2-9]\d|[3-6]\d\d|7[01]\d|720)\d{12})$/.test(digits)) return 'mastercard';
  if (/^3[47]\d{13}$/.test(digits)) return 'amex';
  return null;
}

/** True when month/year is the current month or later. */
export function expiryValid(month: number, year: number, now = new Date()) {
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)) return false;
  const y = year < 100 ? 2000 + year : year;
  return y * 12 + month >= now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

/** A plan as the change rules need it. */
interface ChangePlan {
  id: number;
  kind: string;
  orderNumber: number;
}

/** How a plan change happens: charged today, or scheduled for the end of the paid period. */
export type ChangeDecision =
  | {
      kind: 'checkout' | 'upgrade' | 'add_ons' | 'downgrade';
      mode: 'now' | 'period_end';
      /** Add-ons owned after the change (they only grow through a purchase). */
      quantity: number;
    }
  | { error: { status: 400 | 409; code: string; message: string } };

/**
 * The server's rules for a change (shared with the mock API): a first paid plan is a new
 * checkout; a higher plan is an upgrade and add-ons on the current plan are bought today, both
 * restarting the cycle with the unused time credited; a lower plan (or cancelling to free) is
 * scheduled for the period end and charges nothing today.
 */
export function decideChange(opts: {
  current: ChangePlan;
  /** The current plan is paid for a running period. */
  currentPaid: boolean;
  target: ChangePlan;
  owned: number;
  requested: number;
}): ChangeDecision {
  const { current, target, owned, requested } = opts;
  const toFree = target.kind === 'FREE';
  if (toFree && requested > 0)
    return {
      error: {
        status: 400,
        code: 'add_ons_need_plan',
        message: MESSAGES.payments.addOnsNeedPaidPlan,
      },
    };
  const quantity = toFree ? 0 : Math.max(owned, requested);
  if (target.id === current.id && quantity === owned)
    return { error: { status: 409, code: 'same_plan', message: MESSAGES.payments.samePlan } };
  if (!opts.currentPaid) return { kind: 'checkout', mode: 'now', quantity };
  if (target.orderNumber > current.orderNumber) return { kind: 'upgrade', mode: 'now', quantity };
  if (target.id === current.id) return { kind: 'add_ons', mode: 'now', quantity };
  if (requested > owned)
    return {
      error: {
        status: 400,
        code: 'add_ons_with_downgrade',
        message: MESSAGES.payments.addOnsWithDowngrade,
      },
    };
  return { kind: 'downgrade', mode: 'period_end', quantity };
}

/** Test card numbers of the local payment provider (Stripe's test numbers, docs/billing.md). */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  /** Declined when it is saved: nothing is stored (Stripe's `4000 0000 0000 0002`). */
  declined: '4000000000000002',
  /** Saved, then declined at every payment (Stripe's `4000 0000 0000 0341`). */
  declinedAtPayment: '4000000000000341',
  authentication: '4000002500003155',
} as const;

/**
 * How a test card behaves: `refuse` is declined when saved, `decline` saves and is declined
 * when charged, `auth` asks for authentication when charged, `ok` succeeds.
 */
export type TestCardBehaviour = 'ok' | 'refuse' | 'decline' | 'auth';

export function testCardBehaviour(digits: string): TestCardBehaviour {
  if (digits === TEST_CARDS.declined) return 'refuse';
  if (digits === TEST_CARDS.declinedAtPayment) return 'decline';
  if (digits === TEST_CARDS.authentication) return 'auth';
  return 'ok';
}
