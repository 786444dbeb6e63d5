import type Stripe from 'stripe';
import { CARD_BRANDS, type CardBrand, type PricePreview } from '../../../lib/contracts/payments';
import type { ChargeResult, ProviderSubscription, SubscriptionStatus } from '../types';
import { idOf, seconds } from './client';
import type { SubscriptionItems } from './items';
import { ADD_ON_CODE, FREE_CODE, type StripePrices } from './prices';

/** Stripe has more subscription states than our state machine
 * (docs/product/entities.md#subscription); these are the mappings. */
export function statusOf(status: Stripe.Subscription.Status): SubscriptionStatus {
  switch (status) {
    case 'active':
      return 'active';
    case 'trialing':
      return 'trialing';
    case 'incomplete':
      return 'incomplete';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    default:
      // unpaid and paused: the subscription exists but is not being paid.
      return 'past_due';
  }
}

export const isAcceptedBrand = (brand: string | undefined): brand is CardBrand =>
  (CARD_BRANDS as readonly string[]).includes(brand ?? '');

export function toPreview(invoice: Stripe.Invoice, fallbackEnd: number): PricePreview {
  const lines = invoice.lines.data;
  const prorated = (l: Stripe.InvoiceLineItem) =>
    Boolean(
      l.parent?.subscription_item_details?.proration || l.parent?.invoice_item_details?.proration,
    );
  // The new period ends where the full-price lines end (a credit line ends at the old period).
  const ends = lines.filter((l) => !prorated(l) && l.amount >= 0).map((l) => l.period.end);
  return {
    subtotal: invoice.subtotal,
    // What the card is charged today: a credit larger than the price goes to the balance.
    total: invoice.amount_due,
    period_end: ends.length ? Math.max(...ends) : fallbackEnd || invoice.period_end,
    summary: { has_proration: lines.some(prorated) },
    lines: lines.map((l) => ({
      description: l.description ?? '',
      amount: l.amount,
      quantity: l.quantity ?? 1,
      period: { start: l.period.start, end: l.period.end },
    })),
  };
}

export const zeroPreview = (periodEnd: Date | null): PricePreview => ({
  subtotal: 0,
  total: 0,
  period_end: periodEnd ? seconds(periodEnd) : 0,
  summary: { has_proration: false },
  lines: [],
});

/** Stripe subscriptions read as ours: the subscription the service keeps, a charge's next step. */
export function createSubscriptionMapping(deps: {
  stripe: Stripe;
  prices: StripePrices;
  items: SubscriptionItems;
}) {
  const { stripe } = deps;
  const { codeOfPrice } = deps.prices;
  const { itemsOf } = deps.items;

  async function scheduledPlanOf(sub: Stripe.Subscription): Promise<string | null> {
    if (sub.cancel_at_period_end || sub.cancel_at) return FREE_CODE;
    const schedule = sub.schedule;
    if (!schedule || typeof schedule === 'string') return null;
    if (schedule.status !== 'active' && schedule.status !== 'not_started') return null;
    const currentStart = schedule.current_phase?.start_date ?? 0;
    const next = schedule.phases.find((p) => p.start_date > currentStart);
    if (!next) return null;
    for (const item of next.items) {
      const code = await codeOfPrice(item.price);
      if (code !== ADD_ON_CODE) return code;
    }
    return null;
  }

  /** Maps a Stripe subscription (items carry the current period in recent API versions). */
  async function toProviderSubscription(sub: Stripe.Subscription): Promise<ProviderSubscription> {
    const { plan, addOn } = await itemsOf(sub);
    const status = statusOf(sub.status);
    const periodItem = plan ?? addOn;
    const periodStart = periodItem?.current_period_start ?? sub.billing_cycle_anchor;
    const periodEnd = periodItem?.current_period_end ?? sub.billing_cycle_anchor;
    const ended = status === 'canceled';
    return {
      providerSubscriptionId: sub.id,
      status,
      planCode: ended || !plan ? FREE_CODE : await codeOfPrice(plan.price),
      addOnQuantity: ended ? 0 : (addOn?.quantity ?? 0),
      periodStart: new Date(periodStart * 1000),
      periodEnd: new Date(periodEnd * 1000),
      scheduledPlanCode: ended ? null : await scheduledPlanOf(sub),
    };
  }

  /** What the checkout page does next, read from the subscription's latest invoice. */
  async function resultOf(sub: Stripe.Subscription): Promise<ChargeResult> {
    const invoice = sub.latest_invoice;
    if (!invoice || typeof invoice === 'string')
      return {
        paymentRef: idOf(invoice) ?? sub.id,
        providerSubscriptionId: sub.id,
        status: 'pending',
        clientSecret: null,
      };
    const clientSecret = invoice.confirmation_secret?.client_secret ?? null;
    const payment =
      invoice.payments?.data.find((p) => p.is_default) ?? invoice.payments?.data[0] ?? null;
    const intentRef = payment?.payment.payment_intent ?? null;
    const intent =
      typeof intentRef === 'string' ? await stripe.paymentIntents.retrieve(intentRef) : intentRef;
    // default_incomplete leaves the first payment for Stripe.js to confirm; a 3-D Secure
    // challenge waits for the card holder too. A declined attempt settles by webhook.
    const waits =
      invoice.status === 'open' &&
      clientSecret !== null &&
      (intent
        ? intent.status === 'requires_action' ||
          intent.status === 'requires_confirmation' ||
          (intent.status === 'requires_payment_method' && !intent.last_payment_error)
        : sub.status === 'incomplete');
    return {
      paymentRef: invoice.id,
      providerSubscriptionId: sub.id,
      status: waits ? 'requires_action' : 'pending',
      clientSecret: waits ? clientSecret : null,
    };
  }

  return { toProviderSubscription, resultOf };
}

export type SubscriptionMapping = ReturnType<typeof createSubscriptionMapping>;
