import { paymentProviderName, type Env } from '../env';
import { createLocalProvider } from './local.provider';
import { createStripeProvider } from './stripe';
import type { PaymentProvider, ProviderEvent } from './types';

export type { PaymentProvider } from './types';

/** Stripe when STRIPE_SECRET_KEY is set (unless PAYMENT_PROVIDER=local), else the local simulator. */
export function createPaymentProvider(opts: {
  env: Env;
  now: () => Date;
  onError?: (err: unknown, event: ProviderEvent) => void;
}): PaymentProvider {
  const { env } = opts;
  if (env.STRIPE_SECRET_KEY && paymentProviderName(env) === 'stripe')
    return createStripeProvider({
      secretKey: env.STRIPE_SECRET_KEY,
      // env.ts refuses a secret key without its webhook secret.
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
      apiUrl: env.STRIPE_API_URL,
      now: opts.now,
    });
  return createLocalProvider({ now: opts.now, onError: opts.onError });
}
