import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { useState, type FormEvent } from 'react';
import { MESSAGES } from '@/lib/messages';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { notify } from '@/components/ui/toast';
import { errorMessage } from '@/api/http';
import { useAddPaymentMethod } from '../hooks/use-add-payment-method';
import { useCardSetup } from '../hooks/use-card-setup';
import { stripeFor } from '../lib/stripe-loader';
import type { CardFormProps } from './local-card-form';

/**
 * Card entry with Stripe Elements: the card never touches our servers. A setup intent for the
 * user's Stripe customer is confirmed in the browser, then its payment method id is saved.
 */
function StripeCardFields({ onAdded, onCancel, submitLabel = 'Add card' }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const setup = useCardSetup();
  const add = useAddPaymentMethod({
    onSuccess: (card) => {
      notify.success(MESSAGES.payments.cardAdded);
      onAdded?.(card);
    },
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setBusy(true);
    setError(null);
    try {
      const intent = await setup.mutateAsync();
      const result = await stripe.confirmCardSetup(intent.client_secret, {
        payment_method: { card },
      });
      if (result.error) throw new Error(result.error.message ?? MESSAGES.generic);
      const id = result.setupIntent.payment_method;
      const paymentMethodId = typeof id === 'string' ? id : id?.id;
      if (!paymentMethodId) throw new Error(MESSAGES.generic);
      await add.mutateAsync({ payment_method_id: paymentMethodId });
      card.clear();
    } catch (err) {
      setError(err instanceof Error && !('status' in err) ? err.message : errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate aria-label="Card details" onSubmit={submit} className="flex flex-col gap-4">
      {error ? <FormAlert>{error}</FormAlert> : null}
      <div className="rounded-md border border-slate-300 px-3 py-3">
        <CardElement options={{ hidePostalCode: true }} />
      </div>
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" loading={busy} disabled={!stripe}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

export function StripeCardForm({
  publishableKey,
  ...props
}: CardFormProps & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeCardFields {...props} />
    </Elements>
  );
}
