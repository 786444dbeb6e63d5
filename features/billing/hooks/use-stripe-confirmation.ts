import { useEffect, useRef } from 'react';
import { MESSAGES } from '@/lib/messages';
import { stripeFor } from '../lib/stripe-loader';

/**
 * Stripe: a payment waiting for the card holder (first payment of a subscription, 3-D Secure)
 * is confirmed in the browser with its client secret, once. The outcome still arrives through
 * the webhook; `onError` reports a confirmation Stripe.js refused.
 */
export function useStripeConfirmation(opts: {
  publishableKey: string | null;
  clientSecret: string | null;
  waiting: boolean;
  onError: (message: string) => void;
}) {
  const { publishableKey, clientSecret, waiting, onError } = opts;
  const started = useRef<string | null>(null);
  const report = useRef(onError);
  useEffect(() => {
    report.current = onError;
  });
  useEffect(() => {
    if (!publishableKey || !clientSecret || !waiting || started.current === clientSecret) return;
    started.current = clientSecret;
    void (async () => {
      const stripe = await stripeFor(publishableKey);
      if (!stripe) return report.current(MESSAGES.generic);
      const result = await stripe.confirmCardPayment(clientSecret);
      if (result.error) report.current(result.error.message ?? MESSAGES.payments.cardDeclined);
    })();
  }, [publishableKey, clientSecret, waiting]);
}
