import type Stripe from 'stripe';
import { AppError } from '../../errors';
import type { PaymentProvider, ProviderEvent } from '../types';
import { idOf, STRIPE_MESSAGES } from './client';
import type { SubscriptionMapping } from './mapping';

const badSignature = () => new AppError(400, 'bad_signature', STRIPE_MESSAGES.badSignature);

/** Invoices our charges create (first payment, change paid today); others are Stripe's own. */
const ourInvoice = (invoice: Stripe.Invoice) =>
  invoice.billing_reason === 'subscription_create' ||
  invoice.billing_reason === 'subscription_update';

const subscriptionIdOfInvoice = (invoice: Stripe.Invoice) =>
  idOf(invoice.parent?.subscription_details?.subscription);

/** Verified Stripe webhooks turned into our provider events (`parseWebhook`). */
export function createWebhookParser(deps: {
  stripe: Stripe;
  webhookSecret: string;
  mapping: SubscriptionMapping;
}): NonNullable<PaymentProvider['parseWebhook']> {
  const { stripe, webhookSecret } = deps;
  const { toProviderSubscription } = deps.mapping;

  /** Re-reads the subscription: a webhook's copy may be older than Stripe's current state. */
  async function reread(id: string) {
    const sub = await stripe.subscriptions.retrieve(id, { expand: ['schedule'] });
    return { stripeStatus: sub.status, subscription: await toProviderSubscription(sub) };
  }

  /**
   * The subscription's state as an event, or null while its first payment was never made
   * (incomplete, then expired): such a subscription never carried the account's plan.
   */
  async function stateEvent(
    base: { id: string; created: Date },
    customerId: string,
    subscriptionId: string,
  ): Promise<ProviderEvent | null> {
    const { stripeStatus, subscription } = await reread(subscriptionId);
    if (stripeStatus === 'incomplete' || stripeStatus === 'incomplete_expired') return null;
    return { ...base, type: 'subscription.updated', customerId, subscription };
  }

  async function failureMessageOf(invoice: Stripe.Invoice): Promise<string> {
    const full = await stripe.invoices.retrieve(invoice.id, {
      expand: ['payments.data.payment.payment_intent'],
    });
    for (const p of full.payments?.data ?? []) {
      const intent = p.payment.payment_intent;
      if (intent && typeof intent !== 'string' && intent.last_payment_error?.message)
        return intent.last_payment_error.message;
    }
    return STRIPE_MESSAGES.paymentFailed;
  }

  return async function parseWebhook(rawBody, signature) {
    if (!signature) throw badSignature();
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
    } catch {
      throw badSignature();
    }
    const base = { id: event.id, created: new Date(event.created * 1000) };
    switch (event.type) {
      case 'invoice.paid':
      case 'invoice.payment_succeeded':
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        const subId = subscriptionIdOfInvoice(invoice);
        if (!subId) return null;
        const customerId = idOf(invoice.customer) ?? '';
        // Renewals and schedule switches have no payment of ours: they change the state only.
        if (!ourInvoice(invoice)) return stateEvent(base, customerId, subId);
        if (event.type === 'invoice.payment_failed')
          return {
            ...base,
            type: 'payment.failed',
            customerId,
            paymentRef: invoice.id,
            message: await failureMessageOf(invoice),
          };
        return {
          ...base,
          type: 'payment.succeeded',
          customerId,
          paymentRef: invoice.id,
          subscription: (await reread(subId)).subscription,
        };
      }
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const sub = event.data.object;
        return stateEvent(base, idOf(sub.customer) ?? '', sub.id);
      }
      default:
        return null;
    }
  };
}
