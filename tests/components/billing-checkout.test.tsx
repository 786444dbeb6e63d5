import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatBillingDate } from '@/lib/billing';
import { STORAGE_KEYS } from '@/lib/constants';
import type { Subscription } from '@/lib/contracts/plans';
import { MESSAGES } from '@/lib/messages';
import { userKeys } from '@/hooks/query-keys';
import { CheckoutView } from '@/features/billing/components/checkout-view';
import { EMPTY_CART, useCartStore, type CartData } from '@/stores/cart';
import {
  ADD_ON_PLAN,
  billingOf,
  db,
  planByCode,
  type MockCardBehaviour,
  type MockUser,
} from '../mocks/db';
import { setRoute } from '../setup/router';
import { renderWithProviders, signInAs } from './test-utils';

// A mock payment settles 300 ms after it starts; /checkout polls every 2 s when no push comes.
const SETTLED = { timeout: 5000 };

function saveCard(user: MockUser, behaviour: MockCardBehaviour, last4 = '4242', isDefault = true) {
  db.paymentMethods.push({
    id: ++db.seq.paymentMethod,
    owner_id: user.id,
    brand: 'visa',
    last4,
    exp_month: 12,
    exp_year: new Date().getFullYear() + 2,
    is_default: isDefault,
    created_at: new Date().toISOString(),
    behaviour,
  });
}

/** The cart the Order summary stores for a plan with `addOns` add-ons. */
function cartFor(code: string, addOns = 0): CartData {
  const plan = planByCode(code)!;
  const price = plan.plan_prices[0]!;
  const addOnPrice = ADD_ON_PLAN.plan_prices[0]!;
  return {
    ...EMPTY_CART,
    plan: {
      id: plan.id,
      code: plan.code,
      name: plan.name,
      description: plan.description,
      plan_price_id: price.id,
      unit_amount: price.unit_amount,
    },
    addOns: addOns
      ? [{ plan_id: ADD_ON_PLAN.id, plan_price_id: addOnPrice.id, quantity: addOns }]
      : [],
    addOnsQuantity: addOns,
    totalPrice: price.unit_amount + addOns * 2000,
    planOrder: plan.order_number,
  };
}

/** A paid period of 30 days that started `daysAgo` days ago. */
function inPeriod(account: MockUser, daysAgo: number) {
  const start = Date.now() - daysAgo * 86_400_000;
  Object.assign(billingOf(account), {
    periodStart: new Date(start).toISOString(),
    periodEnd: new Date(start + 30 * 86_400_000).toISOString(),
  });
  return new Date(start + 30 * 86_400_000);
}

describe('/checkout', () => {
  beforeEach(() => {
    setRoute('/checkout');
  });

  it('asks to choose a plan when the cart is empty', async () => {
    signInAs();
    renderWithProviders(<CheckoutView />);
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose a plan' })).toHaveAttribute(
      'href',
      '/profile/plans',
    );
  });

  it('free → Growth with two add-ons: server total, default card, paid, cart cleared, plan changed', async () => {
    const { user: account } = signInAs({ plan: 'free' });
    saveCard(account, 'ok');
    useCartStore.getState().setCart(cartFor('growth', 2));
    const { user, queryClient } = renderWithProviders(<CheckoutView />);

    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('2 × 1,000 MAUs add-on')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('total-due')).toHaveTextContent('$189.00'));
    expect(screen.getByRole('radio', { name: /Visa •••• 4242/ })).toBeChecked();
    const planInCache = () =>
      queryClient.getQueryData<Subscription>(userKeys.subscription)?.current_plan.code;
    expect(planInCache()).toBe('free');

    await user.click(screen.getByRole('button', { name: 'Pay $189.00' }));
    expect(await screen.findByTestId('checkout-processing')).toBeInTheDocument();
    const success = await screen.findByTestId('checkout-success', {}, SETTLED);
    expect(success).toHaveTextContent('$189.00 paid with Visa •••• 4242');
    expect(success).toHaveTextContent('Growth');
    expect(account.plan).toBe('growth');
    expect(billingOf(account).addOnQuantity).toBe(2);
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.cart)).toBeNull());
    expect(useCartStore.getState().plan).toBeNull();
    // After checkout succeeds the subscription is refreshed
    // (docs/product/entities.md#after-checkout).
    await waitFor(() => expect(planInCache()).toBe('growth'));
  });

  it('a declined card shows the failure screen, keeps the plan and lets the user try again', async () => {
    const { user: account } = signInAs({ plan: 'free' });
    saveCard(account, 'decline', '0341');
    useCartStore.getState().setCart(cartFor('growth'));
    const { user } = renderWithProviders(<CheckoutView />);

    await user.click(await screen.findByRole('button', { name: 'Pay $149.00' }));
    const failure = await screen.findByTestId('checkout-failure', {}, SETTLED);
    expect(within(failure).getByRole('alert')).toHaveTextContent(MESSAGES.payments.cardDeclined);
    expect(account.plan).toBe('free');
    // The cart is kept for another try.
    expect(useCartStore.getState().plan?.code).toBe('growth');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Pay $149.00' })).toBeInTheDocument();
    // The card that failed is no longer the default, nor offered first: a new card is asked for.
    expect(await screen.findByRole('radio', { name: 'Use a new card' })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Visa •••• 0341/ })).not.toBeChecked();
    expect(db.paymentMethods.find((m) => m.last4 === '0341')?.is_default).toBe(false);
  });

  it('refuses 4000 0000 0000 0002 when it is saved, with the card error, and stores nothing', async () => {
    signInAs({ plan: 'free' });
    useCartStore.getState().setCart(cartFor('growth'));
    const { user } = renderWithProviders(<CheckoutView />);
    expect(await screen.findByRole('radio', { name: 'Use a new card' })).toBeChecked();
    await user.type(screen.getByLabelText('Card number'), '4000000000000002');
    await user.type(screen.getByLabelText('Expiry date'), '1239');
    await user.type(screen.getByLabelText('Security code'), '123');
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText(MESSAGES.payments.cardDeclined)).toBeInTheDocument();
    expect(db.paymentMethods.some((m) => m.last4 === '0002')).toBe(false);
    expect(screen.getByRole('radio', { name: 'Use a new card' })).toBeChecked();
  });

  it('asks the card holder to authenticate: refused fails, approved pays', async () => {
    const { user: account } = signInAs({ plan: 'free' });
    saveCard(account, 'auth', '3155');
    useCartStore.getState().setCart(cartFor('growth'));
    const { user } = renderWithProviders(<CheckoutView />);

    await user.click(await screen.findByRole('button', { name: 'Pay $149.00' }));
    let dialog = await screen.findByRole('dialog', { name: 'Confirm your payment' });
    expect(dialog).toHaveTextContent('$149.00');
    await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    expect(await screen.findByTestId('checkout-failure', {}, SETTLED)).toHaveTextContent(
      MESSAGES.payments.authenticationRefused,
    );
    expect(account.plan).toBe('free');

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    // Refused, the card is no longer the default: it is chosen again by hand.
    await user.click(await screen.findByRole('radio', { name: /Visa •••• 3155/ }));
    await user.click(await screen.findByRole('button', { name: 'Pay $149.00' }));
    dialog = await screen.findByRole('dialog', { name: 'Confirm your payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByTestId('checkout-success', {}, SETTLED)).toBeInTheDocument();
    expect(account.plan).toBe('growth');
  });

  it('pays with a card added on the page, checked before it is sent', async () => {
    signInAs({ plan: 'free' });
    useCartStore.getState().setCart(cartFor('growth'));
    const { user } = renderWithProviders(<CheckoutView />);

    // No saved card: the new-card form is open and Pay waits for a card.
    expect(await screen.findByRole('radio', { name: 'Use a new card' })).toBeChecked();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay $149.00' })).toBeDisabled());
    await user.type(screen.getByLabelText('Card number'), '4242424242424241');
    await user.type(screen.getByLabelText('Expiry date'), '1239');
    await user.type(screen.getByLabelText('Security code'), '123');
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText(MESSAGES.payments.cardInvalid)).toBeInTheDocument();
    expect(db.paymentMethods).toHaveLength(1); // the seeded demo card only

    await user.clear(screen.getByLabelText('Card number'));
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText(MESSAGES.payments.cardAdded)).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: /Visa •••• 4242/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Pay $149.00' }));
    expect(await screen.findByTestId('checkout-success', {}, SETTLED)).toBeInTheDocument();
  });

  it('upgrades Growth → Scale mid-period with the credit for unused time', async () => {
    const { user: account } = signInAs({ plan: 'growth' });
    saveCard(account, 'ok');
    inPeriod(account, 15);
    useCartStore.getState().setCart(cartFor('scale'));
    renderWithProviders(<CheckoutView />);
    const credit = await screen.findByText('Credit for unused time');
    // Half of $149.00 is unused: about -$74.50 (to the second, so allow the last cent).
    expect(credit.closest('div')?.parentElement).toHaveTextContent(/-\$74\.[45]\d/);
    await waitFor(() => expect(screen.getByTestId('total-due')).toHaveTextContent(/\$324\.[45]\d/));
  });

  it('schedules a move to a lower plan for the period end and charges nothing', async () => {
    const { user: account } = signInAs({ plan: 'growth' });
    saveCard(account, 'ok');
    const end = inPeriod(account, 20);
    useCartStore.getState().setCart(cartFor('starter'));
    const { user } = renderWithProviders(<CheckoutView />);
    await waitFor(() => expect(screen.getByTestId('total-due')).toHaveTextContent('$0.00'));
    // Billed from the end of the current period, not from today.
    expect(screen.getByText(new RegExp(`^${formatBillingDate(end)} - `))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm change' }));
    const done = await screen.findByTestId('checkout-scheduled');
    expect(done).toHaveTextContent(`on ${formatBillingDate(end)}`);
    expect(done).toHaveTextContent('Nothing was charged today.');
    expect(account.plan).toBe('growth');
    expect(billingOf(account).scheduledPlan).toBe('starter');
  });
});
