import Stripe from 'stripe';
import { MESSAGES } from '../../../lib/messages';
import { AppError } from '../../errors';

export const STRIPE_MESSAGES = {
  brandRefused: MESSAGES.payments.cardBrand,
  cardFormRequired: 'Card details go to Stripe directly: add the card with the card form.',
  cardNotFound: 'This card could not be found. Add it again with the card form.',
  cardOfAnotherAccount: 'This card belongs to another account. Add it again with the card form.',
  badSignature: 'The webhook signature is not valid.',
  paymentFailed: MESSAGES.payments.cardDeclined,
} as const;

/** Stripe's timestamps are Unix seconds. */
export const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The id of a Stripe reference, expanded or not. */
export const idOf = (v: string | { id: string } | null | undefined) =>
  v == null ? null : typeof v === 'string' ? v : v.id;

/** A Stripe client; `apiUrl` (scheme, host, port) points it somewhere other than api.stripe.com. */
export function createStripeClient(secretKey: string, apiUrl?: string): Stripe {
  const config: Stripe.StripeConfig = { maxNetworkRetries: 2, telemetry: false };
  if (apiUrl) {
    const url = new URL(apiUrl);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    config.host = url.hostname;
    config.port = url.port || (protocol === 'http' ? 80 : 443);
    config.protocol = protocol;
  }
  return new Stripe(secretKey, config);
}

/** A Stripe error of one HTTP status (the SDK's error classes all carry statusCode). */
export const stripeStatus = (err: unknown) =>
  err instanceof Stripe.errors.StripeError ? (err.statusCode ?? null) : null;

/** A card error of a write becomes a message the card holder can act on. */
export async function chargeStep<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeCardError)
      throw new AppError(402, 'card_declined', err.message || STRIPE_MESSAGES.paymentFailed);
    throw err;
  }
}
