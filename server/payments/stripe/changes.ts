import type Stripe from 'stripe';
import type { ChargeRequest, ChargeResult, PaymentProvider } from '../types';
import { chargeStep, idOf, seconds } from './client';
import type { SubscriptionItems } from './items';
import { toPreview, zeroPreview, type SubscriptionMapping } from './mapping';
import { FREE_CODE } from './prices';

type ChangeOperations = Pick<PaymentProvider, 'preview' | 'keepPlan' | 'charge'>;

/** Subscription changes at Stripe: price preview, charge, calling off a scheduled change. */
export function createChangeOperations(deps: {
  stripe: Stripe;
  items: SubscriptionItems;
  mapping: SubscriptionMapping;
}): ChangeOperations {
  const { stripe } = deps;
  const { targetItems, itemsOf, changedItems } = deps.items;
  const { resultOf } = deps.mapping;

  /** The subscription to change, or null when a new one is needed (none, ended or abandoned). */
  async function liveSubscription(id: string | null) {
    if (!id) return null;
    const sub = await stripe.subscriptions.retrieve(id, { expand: ['schedule'] });
    return sub.status === 'canceled' || sub.status === 'incomplete_expired' ? null : sub;
  }

  const expandInvoice = ['latest_invoice.confirmation_secret', 'latest_invoice.payments'];

  return {
    async preview(req) {
      // Going to free cancels at period end: nothing is billed, nothing to preview at Stripe.
      if (req.target.plan.code === FREE_CODE) return zeroPreview(req.current.periodEnd);
      const sub = await liveSubscription(req.current.providerSubscriptionId);
      if (!sub) {
        const invoice = await stripe.invoices.createPreview({
          customer: req.customerId,
          subscription_details: { items: await targetItems(req) },
        });
        return toPreview(invoice, 0);
      }
      const items = await changedItems(sub, req);
      const details: Stripe.InvoiceCreatePreviewParams.SubscriptionDetails =
        req.mode === 'now'
          ? {
              items,
              proration_behavior: 'always_invoice',
              billing_cycle_anchor: { type: 'now' },
              proration_date: seconds(req.now),
            }
          : { items, proration_behavior: 'none' };
      const invoice = await stripe.invoices.createPreview({
        customer: req.customerId,
        subscription: sub.id,
        subscription_details: details,
      });
      const preview = toPreview(
        invoice,
        req.current.periodEnd ? seconds(req.current.periodEnd) : 0,
      );
      // The lines are the first invoice of the new plan at the period end; nothing is due today.
      return req.mode === 'now' ? preview : { ...preview, subtotal: 0, total: 0 };
    },

    async keepPlan(providerSubscriptionId, key) {
      const sub = await liveSubscription(providerSubscriptionId);
      if (!sub) return;
      const schedule = idOf(sub.schedule);
      if (schedule)
        await stripe.subscriptionSchedules.release(
          schedule,
          {},
          { idempotencyKey: `${key}-release` },
        );
      if (sub.cancel_at_period_end)
        await stripe.subscriptions.update(
          sub.id,
          { cancel_at_period_end: false },
          { idempotencyKey: `${key}-keep` },
        );
    },

    async charge(req: ChargeRequest): Promise<ChargeResult> {
      const key = (step: string) => ({ idempotencyKey: `pay-${req.paymentId}-${step}` });
      let sub = await liveSubscription(req.current.providerSubscriptionId);
      if (sub?.status === 'incomplete') {
        // An abandoned first payment cannot be changed: end it and start over.
        await stripe.subscriptions.cancel(sub.id, {}, key('cancel-incomplete'));
        sub = null;
      }

      if (!sub) {
        if (req.target.plan.code === FREE_CODE)
          return {
            paymentRef: `free-${req.paymentId}`,
            providerSubscriptionId: '',
            status: 'paid',
            clientSecret: null,
          };
        const created = await chargeStep(async () =>
          stripe.subscriptions.create(
            {
              customer: req.customerId,
              items: await targetItems(req),
              default_payment_method: req.paymentMethodRef,
              payment_behavior: 'default_incomplete',
              payment_settings: { save_default_payment_method: 'on_subscription' },
              expand: expandInvoice,
              metadata: { payment_id: String(req.paymentId) },
            },
            key('subscription'),
          ),
        );
        return resultOf(created);
      }

      const schedule = idOf(sub.schedule);
      if (req.mode === 'now') {
        // A scheduled downgrade or cancellation gives way to the change bought today.
        if (schedule) await stripe.subscriptionSchedules.release(schedule, {}, key('release'));
        // Pending updates accept only items and proration: the card and cancel flag go first.
        await stripe.subscriptions.update(
          sub.id,
          { default_payment_method: req.paymentMethodRef, cancel_at_period_end: false },
          key('prepare'),
        );
        const items = await changedItems(sub, req);
        const updated = await chargeStep(() =>
          stripe.subscriptions.update(
            sub.id,
            {
              items,
              proration_behavior: 'always_invoice',
              billing_cycle_anchor: { type: 'now' },
              proration_date: seconds(req.now),
              // The plan changes only once the invoice is paid; a decline leaves it as it was.
              payment_behavior: 'pending_if_incomplete',
              expand: expandInvoice,
            },
            key('update'),
          ),
        );
        return resultOf(updated);
      }

      // period_end: nothing is charged today.
      if (req.target.plan.code === FREE_CODE) {
        if (schedule) await stripe.subscriptionSchedules.release(schedule, {}, key('release'));
        await stripe.subscriptions.update(
          sub.id,
          { cancel_at_period_end: true, metadata: { payment_id: String(req.paymentId) } },
          key('cancel'),
        );
        return {
          paymentRef: sub.id,
          providerSubscriptionId: sub.id,
          status: 'paid',
          clientSecret: null,
        };
      }
      if (sub.cancel_at_period_end)
        await stripe.subscriptions.update(sub.id, { cancel_at_period_end: false }, key('keep'));
      const current = await itemsOf(sub);
      const currentItems = [current.plan, current.addOn]
        .filter((i): i is Stripe.SubscriptionItem => i !== null)
        .map((i) => ({ price: i.price.id, quantity: i.quantity ?? 1 }));
      const existing = schedule
        ? await stripe.subscriptionSchedules.retrieve(schedule)
        : await stripe.subscriptionSchedules.create({ from_subscription: sub.id }, key('schedule'));
      const phaseStart =
        existing.current_phase?.start_date ?? existing.phases[0]?.start_date ?? seconds(req.now);
      const periodEnd =
        current.plan?.current_period_end ?? seconds(req.current.periodEnd ?? req.now);
      const updated = await stripe.subscriptionSchedules.update(
        existing.id,
        {
          end_behavior: 'release',
          proration_behavior: 'none',
          phases: [
            { items: currentItems, start_date: phaseStart, end_date: periodEnd },
            { items: await targetItems(req), duration: { interval: 'month', interval_count: 1 } },
          ],
          metadata: { payment_id: String(req.paymentId) },
        },
        key('phases'),
      );
      return {
        paymentRef: updated.id,
        providerSubscriptionId: sub.id,
        status: 'paid',
        clientSecret: null,
      };
    },
  };
}
