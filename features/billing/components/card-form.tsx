import { Skeleton } from '@/components/ui/skeleton';
import { usePaymentsConfig } from '../hooks/use-payments-config';
import { LocalCardForm, type CardFormProps } from './local-card-form';
import { StripeCardForm } from './stripe-card-form';

/** Stripe Elements when a publishable key is configured, else the local card form. */
export function CardForm(props: CardFormProps) {
  const config = usePaymentsConfig();
  if (config.isPending) return <Skeleton className="h-40 w-full" />;
  const key = config.data?.provider === 'stripe' ? config.data.publishable_key : null;
  return key ? <StripeCardForm publishableKey={key} {...props} /> : <LocalCardForm {...props} />;
}
