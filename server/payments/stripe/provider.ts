import type Stripe from 'stripe';
import type { PaymentProvider, ProviderEvent } from '../types';
import { createCardOperations } from './cards';
import { createChangeOperations } from './changes';
import { createStripeClient } from './client';
import { createSubscriptionItems } from './items';
import { createSubscriptionMapping } from './mapping';
import { createStripePrices } from './prices';
import { createWebhookParser } from './webhooks';

/** Options of the Stripe provider; `stripe` replaces the client (tests), `apiUrl` its address. */
export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** e.g. http://127.0.0.1:12111 for a local stand-in of the Stripe API. */
  apiUrl?: string;
  now: () => Date;
  stripe?: Stripe;
}

/**
 * The Stripe provider (docs/architecture.md#8-billing-and-realtime): customers, setup intents, cards, subscriptions with
 * add-on items and proration, `invoices.createPreview` for the price preview, verified webhooks.
 * Writes of a charge carry idempotency keys `pay-<paymentId>-<step>`, so a retried charge (ours or
 * the SDK's network retry) never creates a second subscription or invoice.
 */
export function createStripeProvider(opts: StripeProviderOptions): PaymentProvider {
  const stripe = opts.stripe ?? createStripeClient(opts.secretKey, opts.apiUrl);
  const prices = createStripePrices(stripe);
  const items = createSubscriptionItems(prices);
  const mapping = createSubscriptionMapping({ stripe, prices, items });
  // Stripe outcomes reach the service through the webhook route; the handler is kept for parity.
  const state: { handler: ((event: ProviderEvent) => Promise<void>) | null } = { handler: null };

  return {
    name: 'stripe',
    renewsItself: true,
    ...createCardOperations({ stripe }),
    ...createChangeOperations({ stripe, items, mapping }),

    onEvent(handler) {
      state.handler = handler;
    },

    parseWebhook: createWebhookParser({ stripe, webhookSecret: opts.webhookSecret, mapping }),

    async drain() {
      // Nothing runs in the background: outcomes arrive as webhooks.
    },
  };
}
