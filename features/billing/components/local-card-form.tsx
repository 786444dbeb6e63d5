import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { cardBrandOf, TEST_CARDS } from '@/lib/billing';
import type { PaymentMethod } from '@/lib/contracts/payments';
import { MESSAGES } from '@/lib/messages';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { notify } from '@/components/ui/toast';
import { useAddPaymentMethod } from '../hooks/use-add-payment-method';
import {
  cardBody,
  cardFormSchema,
  formatCardNumber,
  formatExpiry,
  type CardFormValues,
} from '../lib/card-form';
import { BRAND_LABELS } from '../lib/plan-display';

const EMPTY: CardFormValues = { number: '', expiry: '', cvc: '' };

export interface CardFormProps {
  /** Called with the saved card (already toasted "Card added successfully!"). */
  onAdded?: (card: PaymentMethod) => void;
  onCancel?: () => void;
  submitLabel?: string;
}

/** Card entry when no Stripe key is configured: the local payment provider's test cards. */
export function LocalCardForm({ onAdded, onCancel, submitLabel = 'Add card' }: CardFormProps) {
  const schema = useMemo(() => cardFormSchema(), []);
  const {
    register,
    handleSubmit,
    control,
    reset,
    formState: { errors },
  } = useForm<CardFormValues>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const add = useAddPaymentMethod({
    onSuccess: (card) => {
      reset(EMPTY);
      notify.success(MESSAGES.payments.cardAdded);
      onAdded?.(card);
    },
  });
  const brand = cardBrandOf(useWatch({ control, name: 'number' }).replace(/\D/g, ''));
  const number = register('number');
  const expiry = register('expiry');

  return (
    <form
      noValidate
      aria-label="Card details"
      onSubmit={handleSubmit((values) => add.mutate(cardBody(values)))}
      className="flex flex-col gap-4"
    >
      {add.error ? <FormAlert>{add.error.message}</FormAlert> : null}
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        maxLength={23}
        error={errors.number?.message}
        hint={brand ? BRAND_LABELS[brand] : 'Visa, Mastercard or American Express'}
        {...number}
        onChange={(e) => {
          e.target.value = formatCardNumber(e.target.value);
          void number.onChange(e);
        }}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label="Expiry date"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={7}
          error={errors.expiry?.message}
          {...expiry}
          onChange={(e) => {
            e.target.value = formatExpiry(e.target.value);
            void expiry.onChange(e);
          }}
        />
        <TextField
          label="Security code"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="CVC"
          maxLength={4}
          error={errors.cvc?.message}
          {...register('cvc')}
        />
      </div>
      <p className="text-xs text-slate-500">
        Test mode: {formatCardNumber(TEST_CARDS.succeeds)} succeeds,{' '}
        {formatCardNumber(TEST_CARDS.declined)} is declined when saved,{' '}
        {formatCardNumber(TEST_CARDS.declinedAtPayment)} is declined when paying,{' '}
        {formatCardNumber(TEST_CARDS.authentication)} asks for authentication. Only the brand, the
        last four digits and the expiry date are stored.
      </p>
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={add.isPending}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" loading={add.isPending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
