import { useEffect, useState } from 'react';
import { usePayment } from '../hooks/use-payment';
import { useStripeConfirmation } from '../hooks/use-stripe-confirmation';
import { AuthenticationDialog } from './authentication-dialog';
import { FailureScreen, ProcessingScreen, ScheduledScreen, SuccessScreen } from './checkout-status';

export type CheckoutPaying =
  | { kind: 'charge'; paymentId: number; clientSecret: string | null }
  | { kind: 'scheduled'; paymentId: number; at: string };

/**
 * The payment after Pay: its status is pushed over the socket into the payment's query (and
 * polled slowly as a fallback), shown live until it is paid or failed.
 */
export function CheckoutPayment({
  paying,
  publishableKey,
  localProvider,
  onSettled,
  onRetry,
}: {
  paying: CheckoutPaying;
  publishableKey: string | null;
  /** The local simulator asks for authentication in our own dialog; Stripe.js shows the bank's. */
  localProvider: boolean;
  onSettled: (paid: boolean) => void;
  onRetry: () => void;
}) {
  const payment = usePayment(paying.paymentId);
  const [stripeError, setStripeError] = useState<string | null>(null);
  const status = payment.data?.status;
  const waiting = status === 'requires_action';
  useStripeConfirmation({
    publishableKey,
    clientSecret: paying.kind === 'charge' ? paying.clientSecret : null,
    waiting,
    onError: setStripeError,
  });
  const settled = status === 'paid' || status === 'failed';
  useEffect(() => {
    if (settled) onSettled(status === 'paid');
  }, [settled, status, onSettled]);

  if (paying.kind === 'scheduled' && payment.data)
    return <ScheduledScreen payment={payment.data} at={paying.at} />;
  if (status === 'paid' && payment.data) return <SuccessScreen payment={payment.data} />;
  if (status === 'failed' || stripeError)
    return (
      <FailureScreen
        message={stripeError ?? payment.data?.failure_message ?? 'The payment failed.'}
        onRetry={onRetry}
      />
    );
  return (
    <>
      <ProcessingScreen payment={payment.data} />
      {/* The local provider's stand-in for 3-D Secure; Stripe.js shows its own. */}
      {waiting && localProvider && payment.data ? (
        <AuthenticationDialog paymentId={paying.paymentId} amount={payment.data.amount} open />
      ) : null}
    </>
  );
}
