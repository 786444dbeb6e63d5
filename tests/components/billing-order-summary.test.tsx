import { screen, waitFor, within } from '@testing-library/react';
import { addMonths } from 'date-fns';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import PlansPage from '@/pages/profile/plans';
import {
  ADD_ONS_OWNED_MESSAGE,
  billingPeriod,
  formatBillingDate,
  MAX_ADD_ONS_MESSAGE,
} from '@/lib/billing';
import type { PreviewCheckoutBody } from '@/lib/contracts/payments';
import { MESSAGES } from '@/lib/messages';
import { EMPTY_CART, useCartStore } from '@/stores/cart';
import { ADD_ON_PLAN, billingOf, planByCode } from '../mocks/db';
import { server } from '../mocks/node';
import { mockRouter, setRoute } from '../setup/router';
import { renderWithProviders, signInAs } from './test-utils';

/** Bodies of every preview request, in order. */
const previews: PreviewCheckoutBody[] = [];
const record = ({ request }: { request: Request }) => {
  if (new URL(request.url).pathname === '/v1/payments/preview-checkout')
    void request
      .clone()
      .json()
      .then((b: PreviewCheckoutBody) => previews.push(b));
};

const DEBOUNCED = { timeout: 3000 };
const GROWTH = planByCode('growth')!;
const SCALE = planByCode('scale')!;

async function openOrderFor(planName: string, action: string) {
  const rendered = renderWithProviders(<PlansPage />);
  const card = await screen.findByRole('article', { name: planName });
  await rendered.user.click(within(card).getByRole('button', { name: action }));
  const dialog = await screen.findByRole('dialog', { name: 'Order summary' });
  return { ...rendered, dialog };
}
const panel = () => screen.getByRole('region', { name: 'Plan Summary' });
const proceed = () => within(panel()).findByRole('button', { name: 'Proceed to checkout' });
const rowOf = (label: string) => within(panel()).getByText(label).closest('div') as HTMLElement;

describe('Order summary dialog', () => {
  beforeEach(() => {
    setRoute('/profile/plans');
    previews.length = 0;
    server.events.on('request:start', record);
  });
  afterEach(() => {
    server.events.removeListener('request:start', record);
  });

  it('free → Growth: priced at once, no proration or total, debounced add-ons', async () => {
    signInAs();
    const { user, dialog } = await openOrderFor('Growth', 'Choose plan');

    expect(within(dialog).getByRole('heading', { name: 'Growth' })).toBeInTheDocument();
    expect(within(dialog).getByText(GROWTH.description)).toBeInTheDocument();
    await proceed();
    expect(previews).toEqual([{ plan_id: GROWTH.id, plan_price_id: GROWTH.plan_prices[0]!.id }]);
    expect(rowOf('Monthly Subscription')).toHaveTextContent('$149.00');
    expect(within(panel()).queryByText('Unused time')).not.toBeInTheDocument();
    expect(within(panel()).queryByText('Total due today')).not.toBeInTheDocument();

    const box = within(dialog).getByRole('checkbox', { name: 'Add MAU add-ons' });
    const quantity = within(dialog).getByRole('spinbutton', { name: 'Quantity' });
    expect(box).not.toBeChecked();
    expect(quantity).toBeDisabled();
    await user.click(box);
    expect(quantity).toHaveValue(1);
    await user.click(within(dialog).getByRole('button', { name: 'Add one add-on' }));
    expect(quantity).toHaveValue(2);
    // The display follows at once; the request waits for the debounce.
    expect(within(panel()).getByRole('button', { name: 'Loading' })).toBeDisabled();
    expect(previews).toHaveLength(1);

    await within(panel()).findByRole('button', { name: 'Proceed to checkout' }, DEBOUNCED);
    expect(rowOf('MAU add-ons')).toHaveTextContent('2 × 1,000 MAUs');
    expect(rowOf('MAU add-ons')).toHaveTextContent('2 × $20.00');
    expect(previews).toHaveLength(2);
    expect(previews[1]).toEqual({
      plan_id: GROWTH.id,
      plan_price_id: GROWTH.plan_prices[0]!.id,
      add_ins: [
        { plan_id: ADD_ON_PLAN.id, plan_price_id: ADD_ON_PLAN.plan_prices[0]!.id, quantity: 2 },
      ],
    });
    expect(within(panel()).queryByText('Total due today')).not.toBeInTheDocument();

    // Turning the box off clears the quantity and the add_ins.
    await user.click(box);
    expect(quantity).toHaveValue(null);
    expect(within(panel()).queryByText('MAU add-ons')).not.toBeInTheDocument();
    await within(panel()).findByRole('button', { name: 'Proceed to checkout' }, DEBOUNCED);
    expect(previews.at(-1)).not.toHaveProperty('add_ins');
  }, 15_000);

  it('caps the quantity at 10 with the spec message, then Proceed stores the cart', async () => {
    signInAs();
    const { user, dialog } = await openOrderFor('Growth', 'Choose plan');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Add MAU add-ons' }));
    const quantity = within(dialog).getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '11');

    expect(within(dialog).getByRole('alert')).toHaveTextContent(MAX_ADD_ONS_MESSAGE);
    expect(quantity).toHaveValue(10);
    await user.click(within(dialog).getByRole('button', { name: 'Add one add-on' }));
    expect(quantity).toHaveValue(10);
    expect(within(dialog).getByText(MAX_ADD_ONS_MESSAGE)).toBeInTheDocument();

    await user.click(await within(panel()).findByRole('button', PROCEED, DEBOUNCED));
    expect(previews.at(-1)?.add_ins?.[0]?.quantity).toBe(10);
    expect(JSON.parse(localStorage.getItem('cart')!)).toEqual({
      plan: {
        id: GROWTH.id,
        code: 'growth',
        name: 'Growth',
        description: GROWTH.description,
        plan_price_id: GROWTH.plan_prices[0]!.id,
        unit_amount: 14900,
      },
      addOns: [
        { plan_id: ADD_ON_PLAN.id, plan_price_id: ADD_ON_PLAN.plan_prices[0]!.id, quantity: 10 },
      ],
      addOnsQuantity: 10,
      totalPrice: 14900 + 10 * 2000,
      proration: null,
      isBuyAddOns: false,
      planOrder: GROWTH.order_number,
    });
    expect(mockRouter.push).toHaveBeenCalledWith('/checkout');
  }, 15_000);

  it('closing (Cancel, Esc or X) resets the cart and removes local storage "cart"', async () => {
    signInAs();
    const stored = { ...EMPTY_CART, plan: { ...cartPlan }, totalPrice: 4900 };
    useCartStore.getState().setCart(stored);
    expect(localStorage.getItem('cart')).not.toBeNull();
    const { user, dialog } = await openOrderFor('Starter', 'Choose plan');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(localStorage.getItem('cart')).toBeNull();
    expect(useCartStore.getState().plan).toBeNull();

    useCartStore.getState().setCart(stored);
    await user.click(within(screen.getByRole('article', { name: 'Starter' })).getByRole('button'));
    await screen.findByRole('dialog', { name: 'Order summary' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(localStorage.getItem('cart')).toBeNull();

    useCartStore.getState().setCart(stored);
    await user.click(within(screen.getByRole('article', { name: 'Starter' })).getByRole('button'));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(localStorage.getItem('cart')).toBeNull();
    expect(mockRouter.push).not.toHaveBeenCalled();
  });

  it('Growth mid-period → Scale: the unused-time credit and the total due today', async () => {
    const { user: account } = signInAs({ plan: 'growth' });
    // Exactly half of the period is left (milliseconds, so no DST shift changes the ratio).
    const now = new Date();
    const end = new Date(now.getTime() + 15 * DAY_MS);
    Object.assign(billingOf(account), {
      periodStart: new Date(now.getTime() - 15 * DAY_MS).toISOString(),
      periodEnd: end.toISOString(),
    });
    const { user, dialog } = await openOrderFor('Scale', 'Upgrade');
    await user.click(within(dialog).getByRole('button', { name: 'Package details' }));
    expect(within(dialog).getByRole('button', { name: 'Package details' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(dialog).getByRole('list', { name: 'Package details' })).toHaveTextContent(
      'Up to 200K MAUs',
    );

    await proceed();
    // Half of Growth's $149.00 is unused: credited as the first negative line.
    const credit = rowOf('Unused time');
    expect(credit).toHaveTextContent('-$74.50');
    expect(credit).toHaveTextContent(`${formatBillingDate(now)} - ${formatBillingDate(end)}`);
    const total = rowOf('Total due today');
    expect(total).toHaveTextContent('$324.50');
    expect(total).toHaveTextContent(billingPeriod(previewsEnd()));
    expect(rowOf('Monthly Subscription')).toHaveTextContent('$399.00');

    await user.click(await proceed());
    const cart = JSON.parse(localStorage.getItem('cart')!);
    expect(cart).toMatchObject({
      plan: { id: SCALE.id, code: 'scale' },
      addOns: [],
      totalPrice: 39900,
      proration: { amount: -7450 },
      isBuyAddOns: false,
      planOrder: SCALE.order_number,
    });
  });

  it('owned add-ons: the box stays on with a toast, the stepper never goes below them', async () => {
    const { user: account } = signInAs({ plan: 'growth' });
    billingOf(account).addOnQuantity = 2;
    const { user, dialog } = await openOrderFor('Scale', 'Upgrade');
    const box = within(dialog).getByRole('checkbox', { name: 'Add MAU add-ons' });
    const quantity = within(dialog).getByRole('spinbutton', { name: 'Quantity' });
    expect(box).toBeChecked();
    expect(quantity).toHaveValue(2);

    await user.click(box);
    expect(await screen.findByText(ADD_ONS_OWNED_MESSAGE)).toBeInTheDocument();
    expect(box).toBeChecked();
    expect(quantity).toHaveValue(2);
    expect(within(dialog).getByRole('button', { name: 'Remove one add-on' })).toBeDisabled();

    await user.clear(quantity);
    await user.type(quantity, '1');
    await user.tab();
    expect(quantity).toHaveValue(2);
    await user.click(within(dialog).getByRole('button', { name: 'Add one add-on' }));
    expect(quantity).toHaveValue(3);
    await within(panel()).findByRole('button', PROCEED, DEBOUNCED);
    expect(previews.at(-1)?.add_ins?.[0]?.quantity).toBe(3);
  }, 15_000);

  it('a downgrade starts at the period end; a server refusal disables Proceed', async () => {
    const { user: account } = signInAs({ plan: 'growth' });
    const periodEnd = billingOf(account).periodEnd!;
    const { user, dialog } = await openOrderFor('Starter', 'Downgrade');
    await proceed();
    expect(within(panel()).getByText(/Nothing is charged today/)).toHaveTextContent(
      `Starter starts at the end of your current period, on ${formatBillingDate(periodEnd)}.`,
    );
    expect(rowOf('Total due today')).toHaveTextContent('$0.00');
    expect(within(panel()).queryByText('Unused time')).not.toBeInTheDocument();

    // New add-ons cannot come with a downgrade: the server says so, Proceed stays off.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Add MAU add-ons' }));
    expect(
      await within(panel()).findByText(MESSAGES.payments.addOnsWithDowngrade, {}, DEBOUNCED),
    ).toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: 'Proceed to checkout' })).toBeDisabled();
  }, 15_000);

  it('shows Loading and skeletons while the preview is in flight', async () => {
    signInAs({ plan: 'starter' });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post('*/v1/payments/preview-checkout', async () => {
        await gate;
        await delay(10);
        return undefined;
      }),
    );
    const { dialog } = await openOrderFor('Growth', 'Upgrade');
    const button = within(panel()).getByRole('button', { name: 'Loading' });
    expect(button).toBeDisabled();
    expect(within(panel()).getByRole('status', { name: 'Loading price' })).toBeInTheDocument();
    expect(within(panel()).queryByText('Total due today')).not.toBeInTheDocument();

    release();
    expect(await proceed()).toBeEnabled();
    expect(within(panel()).queryByRole('status', { name: 'Loading price' })).toBeNull();
    expect(within(dialog).getByText('Total due today')).toBeInTheDocument();
  });

  it('a preview error is shown in the panel and Proceed stays disabled', async () => {
    signInAs({ plan: 'starter' });
    server.use(
      http.post('*/v1/payments/preview-checkout', () =>
        HttpResponse.json(
          { message: MESSAGES.payments.samePlan, status: 409, code: 'same_plan' },
          { status: 409 },
        ),
      ),
    );
    await openOrderFor('Growth', 'Upgrade');
    expect(await within(panel()).findByRole('alert')).toHaveTextContent(MESSAGES.payments.samePlan);
    expect(within(panel()).getByRole('button', { name: 'Proceed to checkout' })).toBeDisabled();
  });
});

const PROCEED = { name: 'Proceed to checkout' } as const;
const cartPlan = {
  id: 2,
  code: 'starter',
  name: 'Starter',
  description: 'x',
  plan_price_id: 2,
  unit_amount: 4900,
};
const DAY_MS = 24 * 60 * 60 * 1000;
/** period_end of a change charged today: one month from now (the mock's preview math). */
const previewsEnd = () => Math.floor(addMonths(new Date(), 1).getTime() / 1000);
