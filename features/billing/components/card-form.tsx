import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { usePaymentsConfig } from '../hooks/use-payments-config';
import { LocalCardForm, type CardFormProps } from './local-card-form';
import { StripeCardForm } from './stripe-card-form';

/**
 * Stripe Elements with Stripe, the local card form with the local simulator. Card numbers are
 * typed into our own form only when the server is the simulator: while the provider is not
 * known (still loading, or the config failed) no form is shown.
 */
export function CardForm(props: CardFormProps) {
  const config = usePaymentsConfig();
  if (config.isPending) return <Skeleton className="h-40 w-full" />;
  if (config.isError)
    return (
      <FormAlert>
        <span>{config.error.message} </span>
        <Button size="sm" variant="secondary" onClick={() => void config.refetch()}>
          Try again
        </Button>
      </FormAlert>
    );
  const { provider, publishable_key: key } = config.data;
  if (provider === 'local') return <LocalCardForm {...props} />;
  if (key) return <StripeCardForm publishableKey={key} {...props} />;
  return <FormAlert>Card payments are not configured yet. Contact support.</FormAlert>;
}
