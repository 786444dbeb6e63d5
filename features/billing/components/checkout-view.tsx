import { useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { formatMoney } from '@/lib/billing';
import { paths } from '@/lib/paths';
import { Button, buttonClasses } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { LogoMark } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { notify } from '@/components/ui/toast';
import { userKeys } from '@/hooks/query-keys';
import { useSubscription } from '@/hooks/use-subscription';
import { cartOf, useCartStore } from '@/stores/cart';
import { useCheckout } from '../hooks/use-checkout';
import { usePaymentMethods } from '../hooks/use-payment-methods';
import { usePaymentsConfig } from '../hooks/use-payments-config';
import { usePricePreview } from '../hooks/use-price-preview';
import { checkoutBodyOf, checkoutKindOf, previewBodyOf } from '../lib/checkout';
import { isDowngrade } from '../lib/order-summary';
import { CardChoice, NEW_CARD, type CardChoiceValue } from './card-choice';
import { CheckoutPayment, type CheckoutPaying } from './checkout-payment';
import { CheckoutSummary } from './checkout-summary';

function CheckoutFrame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="flex items-center justify-between border-b border-slate-200 bg-white px-6 py-4">
        <Link
          href={paths.brands()}
          className="flex items-center gap-2 font-semibold text-slate-900"
        >
          <LogoMark className="h-7 w-7" />
          Signpost
        </Link>
        <Link href={paths.plans()} className="text-sm text-slate-600 hover:text-slate-900">
          Back to plans
        </Link>
      </header>
      <main className="mx-auto max-w-5xl px-6 py-8">{children}</main>
    </div>
  );
}

/** /checkout: the cart's summary priced by the server, the card to pay with, and the outcome. */
export function CheckoutView() {
  const cart = useCartStore(useShallow(cartOf));
  const queryClient = useQueryClient();
  const subscription = useSubscription();
  const methods = usePaymentMethods();
  const config = usePaymentsConfig();
  const [picked, setPicked] = useState<CardChoiceValue | null>(null);
  const [paying, setPaying] = useState<CheckoutPaying | null>(null);
  const body = useMemo(() => previewBodyOf(cart), [cart]);
  const preview = usePricePreview(paying ? null : body);
  const checkout = useCheckout({
    onSuccess: (result) => {
      setPaying(
        result.scheduled_at
          ? { kind: 'scheduled', paymentId: result.payment.id, at: result.scheduled_at }
          : { kind: 'charge', paymentId: result.payment.id, clientSecret: result.client_secret },
      );
    },
    onError: (error) => notify.error(error.message),
  });

  // After checkout succeeds, subscription, payment history and methods are refreshed
  // (docs/product/entities.md#after-checkout).
  const refreshed = useRef(false);
  const onSettled = (paid: boolean) => {
    if (refreshed.current) return;
    refreshed.current = true;
    void queryClient.invalidateQueries({ queryKey: userKeys.me });
    if (paid) useCartStore.getState().reset();
  };

  const cards = methods.data ?? [];
  // Only the default is preselected: a card whose payment failed is no longer the default, and
  // is not offered first again (docs/billing.md#default-card).
  const defaultCard = cards.find((c) => c.is_default);
  const choice: CardChoiceValue = picked ?? defaultCard?.id ?? NEW_CARD;

  if (paying)
    return (
      <CheckoutFrame>
        <CheckoutPayment
          paying={paying}
          publishableKey={config.data?.publishable_key ?? null}
          localProvider={config.data?.provider === 'local'}
          onSettled={onSettled}
          onRetry={() => {
            refreshed.current = false;
            // The card that just failed is not chosen again by itself: back to the default.
            setPicked(null);
            setPaying(null);
          }}
        />
      </CheckoutFrame>
    );

  if (!cart.plan)
    return (
      <CheckoutFrame>
        <section className="mx-auto max-w-md py-16 text-center">
          <h1 className="text-xl font-semibold text-slate-900">Your cart is empty</h1>
          <p className="mt-2 text-sm text-slate-600">Choose a plan or add-ons to check out.</p>
          <Link href={paths.plans()} className={buttonClasses('primary', 'md', 'mt-6')}>
            Choose a plan
          </Link>
        </section>
      </CheckoutFrame>
    );

  const total = preview.data?.total ?? null;
  const cardId = choice === NEW_CARD ? null : choice;
  const needsCard = total === null || total > 0;
  const ready =
    subscription.isSuccess &&
    preview.isSuccess &&
    !preview.isFetching &&
    (!needsCard || cardId !== null);
  const pay = () => {
    const request = checkoutBodyOf(cart, cardId);
    if (!request || !subscription.data) return;
    checkout.mutate({ kind: checkoutKindOf(cart, subscription.data.current_plan), body: request });
  };

  return (
    <CheckoutFrame>
      <h1 className="mb-6 text-2xl font-semibold text-slate-900">Checkout</h1>
      <div className="grid gap-6 md:grid-cols-5">
        <div className="flex flex-col gap-4 md:col-span-3">
          {methods.isPending ? (
            <Skeleton className="h-32 w-full" />
          ) : methods.isError ? (
            <FormAlert>{methods.error.message}</FormAlert>
          ) : (
            <CardChoice
              cards={cards}
              value={choice}
              onChange={setPicked}
              disabled={checkout.isPending}
            />
          )}
        </div>
        <div className="flex flex-col gap-4 md:col-span-2">
          <CheckoutSummary
            cart={{ ...cart, plan: cart.plan }}
            preview={preview.data}
            loading={preview.isPending || preview.isFetching}
            error={preview.error?.message ?? null}
            downgrade={
              subscription.isSuccess &&
              cart.planOrder !== null &&
              isDowngrade({ order_number: cart.planOrder }, subscription.data.current_plan)
            }
          />
          {checkout.error ? <FormAlert>{checkout.error.message}</FormAlert> : null}
          <Button onClick={pay} disabled={!ready} loading={checkout.isPending}>
            {total === null
              ? 'Loading'
              : total > 0
                ? `Pay ${formatMoney(total)}`
                : 'Confirm change'}
          </Button>
          {needsCard && cardId === null ? (
            <p className="text-xs text-slate-500">Save a card to pay with it.</p>
          ) : null}
        </div>
      </div>
    </CheckoutFrame>
  );
}
