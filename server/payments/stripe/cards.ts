import type Stripe from 'stripe';
import { AppError } from '../../errors';
import type { CardDetails, CardInput, PaymentProvider } from '../types';
import { idOf, STRIPE_MESSAGES, stripeStatus } from './client';
import { isAcceptedBrand } from './mapping';

type CardOperations = Pick<
  PaymentProvider,
  'ensureCustomer' | 'createSetupIntent' | 'attachCard' | 'detachCard' | 'setDefaultCard'
>;

/** Customers, setup intents and cards (payment methods) at Stripe. */
export function createCardOperations(deps: { stripe: Stripe }): CardOperations {
  const { stripe } = deps;
  return {
    async ensureCustomer(user, existing) {
      if (existing) return existing;
      const customer = await stripe.customers.create(
        { email: user.email, name: user.name, metadata: { user_id: user.id } },
        { idempotencyKey: `customer-${user.id}` },
      );
      return customer.id;
    },

    async createSetupIntent(customerId) {
      const intent = await stripe.setupIntents.create({
        customer: customerId,
        usage: 'off_session',
        allowed_payment_method_types: ['card'],
      });
      if (!intent.client_secret) throw new Error('Stripe returned a setup intent without secret.');
      return { clientSecret: intent.client_secret };
    },

    async attachCard(customerId, input: CardInput): Promise<CardDetails> {
      if (!('payment_method_id' in input))
        throw new AppError(400, 'card_form_required', STRIPE_MESSAGES.cardFormRequired);
      const id = input.payment_method_id;
      let pm: Stripe.PaymentMethod;
      try {
        pm = await stripe.paymentMethods.retrieve(id);
      } catch (err) {
        if (stripeStatus(err) === 404)
          throw new AppError(400, 'card_not_found', STRIPE_MESSAGES.cardNotFound);
        throw err;
      }
      const owner = idOf(pm.customer);
      if (owner && owner !== customerId)
        throw new AppError(400, 'card_not_found', STRIPE_MESSAGES.cardOfAnotherAccount);
      // Elements confirms a setup intent, which attaches the card already.
      if (!owner)
        pm = await stripe.paymentMethods.attach(
          id,
          { customer: customerId },
          { idempotencyKey: `attach-${id}-${customerId}` },
        );
      const card = pm.card;
      if (pm.type !== 'card' || !card || !isAcceptedBrand(card.brand)) {
        await stripe.paymentMethods.detach(id, {}, { idempotencyKey: `detach-${id}` });
        throw new AppError(400, 'card_brand_refused', STRIPE_MESSAGES.brandRefused);
      }
      return {
        providerRef: pm.id,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.exp_month,
        expYear: card.exp_year,
      };
    },

    async detachCard(providerRef) {
      try {
        await stripe.paymentMethods.detach(
          providerRef,
          {},
          { idempotencyKey: `detach-${providerRef}` },
        );
      } catch (err) {
        // Already gone at Stripe (deleted in the dashboard): our copy can go too.
        if (stripeStatus(err) !== 404) throw err;
      }
    },

    async setDefaultCard(customerId, providerRef) {
      await stripe.customers.update(customerId, {
        invoice_settings: { default_payment_method: providerRef },
      });
    },
  };
}
