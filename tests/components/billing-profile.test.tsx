import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatBillingDate } from '@/lib/billing';
import { MESSAGES } from '@/lib/messages';
import { PaymentHistorySection } from '@/features/billing/components/payment-history-section';
import { PaymentMethodsSection } from '@/features/billing/components/payment-methods-section';
import ProfilePage from '@/pages/profile';
import {
  billingOf,
  db,
  type MockPayment,
  type MockPaymentMethod,
  type MockUser,
} from '../mocks/db';
import { server } from '../mocks/node';
import { setRoute } from '../setup/router';
import { renderWithProviders, signInAs } from './test-utils';

const nextYear = new Date().getFullYear() + 2;

function addCard(
  owner: MockUser,
  card: Pick<MockPaymentMethod, 'brand' | 'last4' | 'is_default'>,
): MockPaymentMethod {
  const saved: MockPaymentMethod = {
    id: ++db.seq.paymentMethod,
    owner_id: owner.id,
    exp_month: 3,
    exp_year: nextYear,
    created_at: new Date().toISOString(),
    behaviour: 'ok',
    ...card,
  };
  db.paymentMethods.push(saved);
  return saved;
}

function addPayment(owner: MockUser, input: Partial<MockPayment> & { created_at: string }) {
  const payment: MockPayment = {
    id: ++db.seq.payment,
    owner_id: owner.id,
    kind: 'checkout',
    status: 'paid',
    amount: 4900,
    currency: 'usd',
    description: 'Starter plan',
    plan_code: 'starter',
    plan_name: 'Starter',
    add_on_quantity: 0,
    failure_message: null,
    card: { brand: 'visa', last4: '4242' },
    settle_at: 0,
    outcome: null,
    target: { plan: 'starter', addOnQuantity: 0 },
    period_end: input.created_at,
    ...input,
  };
  db.payments.push(payment);
  return payment;
}

/** Methods and paths of the requests the mock API received. */
const requests: string[] = [];
const record = ({ request }: { request: Request }) =>
  void requests.push(`${request.method} ${new URL(request.url).pathname}`);
const cardRow = (name: string) => screen.getByRole('listitem', { name });

describe('Profile billing (/profile)', () => {
  beforeEach(() => {
    setRoute('/profile');
    requests.length = 0;
    server.events.on('request:start', record);
  });
  afterEach(() => {
    server.events.removeListener('request:start', record);
  });

  it('shows the plan, its renewal, add-ons, products and MAUs with the warning tone at 70 %', async () => {
    const { user: account } = signInAs({ plan: 'growth' });
    Object.assign(billingOf(account), { mauCount: 36_400, addOnQuantity: 2 });
    const renewal = formatBillingDate(billingOf(account).periodEnd!);
    renderWithProviders(<ProfilePage />);

    expect(await screen.findByTestId('current-plan')).toHaveTextContent('Growth');
    expect(screen.getByText('$149.00/month')).toBeInTheDocument();
    expect(screen.getByText(`Renews on ${renewal}`)).toBeInTheDocument();
    expect(screen.getByText('2 MAU add-ons (+2,000 MAUs)')).toBeInTheDocument();
    expect(screen.getByText('0 of 10 tracked products used')).toBeInTheDocument();
    const meter = screen.getByTestId('usage-meter');
    expect(meter).toHaveTextContent('36.4K of 52K MAUs this month');
    expect(meter).toHaveTextContent('70%');
    const bar = within(meter).getByRole('progressbar');
    expect(bar).toHaveAttribute('data-tone', 'warning');
    expect(bar).toHaveAttribute('aria-valuenow', '70');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(screen.getByRole('link', { name: 'View plans' })).toHaveAttribute(
      'href',
      '/profile/plans',
    );
  });

  it('uses the normal tone below 70 % and names a scheduled change, which can be called off', async () => {
    const { user: account } = signInAs({ plan: 'starter' });
    Object.assign(billingOf(account), { mauCount: 6_999, scheduledPlan: 'free' });
    const end = formatBillingDate(billingOf(account).periodEnd!);
    const { user } = renderWithProviders(<ProfilePage />);

    const meter = await screen.findByTestId('usage-meter');
    expect(meter).toHaveTextContent('7K of 10K MAUs this month');
    expect(meter).toHaveTextContent('69.99%');
    expect(within(meter).getByRole('progressbar')).toHaveAttribute('data-tone', 'normal');
    expect(screen.getByText(/Your plan switches to/)).toHaveTextContent(
      `Your plan switches to Free on ${end}.`,
    );
    expect(screen.queryByText(/Renews on/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Keep Starter plan' }));
    expect(await screen.findByText('Your Starter plan continues.')).toBeInTheDocument();
    expect(billingOf(account).scheduledPlan).toBeNull();
    expect(await screen.findByText(`Renews on ${end}`)).toBeInTheDocument();
    expect(screen.queryByText(/Your plan switches to/)).not.toBeInTheDocument();
  });

  it('over the limit, says when tracking stops; paused tracking says so', async () => {
    const { user: account } = signInAs({ plan: 'free' });
    Object.assign(billingOf(account), {
      mauCount: 1_500,
      overLimitSince: '2025-03-01T12:00:00.000Z',
    });
    const { queryClient } = renderWithProviders(<ProfilePage />);
    const meter = await screen.findByTestId('usage-meter');
    expect(within(meter).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(meter).toHaveTextContent(
      `tracking stops on ${formatBillingDate('2025-03-08T12:00:00.000Z')}`,
    );

    billingOf(account).trackingPaused = true;
    await queryClient.invalidateQueries();
    expect(await within(meter).findByText(/Tracking is paused/)).toBeInTheDocument();
  });

  it('adds a card: toast, listed as the default', async () => {
    const { user: account } = signInAs({ plan: 'starter' });
    const { user } = renderWithProviders(<PaymentMethodsSection />);
    expect(await screen.findByText('No cards yet')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add card' });
    await user.type(within(dialog).getByLabelText('Card number'), '4242 4242 4242 4242');
    await user.type(within(dialog).getByLabelText('Expiry date'), `12/${nextYear % 100}`);
    await user.type(within(dialog).getByLabelText('Security code'), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Add card' }));

    expect(await screen.findByText('Card added successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = await screen.findByRole('listitem', { name: 'Visa ending in 4242' });
    expect(row).toHaveTextContent('•••• 4242');
    expect(row).toHaveTextContent(`Expires 12/${nextYear}`);
    expect(within(row).getByText('Default')).toBeInTheDocument();
    expect(db.paymentMethods.filter((m) => m.owner_id === account.id)).toHaveLength(1);
  });

  it('refuses a card number failing the Luhn check without sending it', async () => {
    const { user: account } = signInAs({ plan: 'starter' });
    const { user } = renderWithProviders(<PaymentMethodsSection />);
    await screen.findByText('No cards yet');
    await user.click(screen.getByRole('button', { name: 'Add card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add card' });
    await user.type(within(dialog).getByLabelText('Card number'), '4242 4242 4242 4241');
    await user.type(within(dialog).getByLabelText('Expiry date'), `12/${nextYear % 100}`);
    await user.type(within(dialog).getByLabelText('Security code'), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Add card' }));

    expect(await within(dialog).findByText('Your card number is invalid.')).toBeInTheDocument();
    expect(requests).not.toContain('POST /v1/users/me/payment-methods');
    expect(db.paymentMethods.filter((m) => m.owner_id === account.id)).toHaveLength(0);
  });

  it('sets another card as the default: toast and the badge moves', async () => {
    const { user: account } = signInAs({ plan: 'starter' });
    addCard(account, { brand: 'visa', last4: '4242', is_default: true });
    const master = addCard(account, { brand: 'mastercard', last4: '4444', is_default: false });
    const { user } = renderWithProviders(<PaymentMethodsSection />);

    await screen.findByRole('listitem', { name: 'Visa ending in 4242' });
    expect(within(cardRow('Visa ending in 4242')).getByText('Default')).toBeInTheDocument();
    await user.click(
      screen.getByRole('button', { name: 'Set Mastercard ending in 4444 as default' }),
    );

    expect(await screen.findByText(MESSAGES.payments.cardSetDefault)).toBeInTheDocument();
    expect(screen.getByText('Card set as default successfully!')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(cardRow('Mastercard ending in 4444')).getByText('Default')).toBeInTheDocument(),
    );
    expect(within(cardRow('Visa ending in 4242')).queryByText('Default')).not.toBeInTheDocument();
    expect(master.is_default).toBe(true);
  });

  it('deletes a card only after confirming, then toasts', async () => {
    const { user: account } = signInAs({ plan: 'starter' });
    addCard(account, { brand: 'visa', last4: '4242', is_default: true });
    addCard(account, { brand: 'amex', last4: '0005', is_default: false });
    const { user } = renderWithProviders(<PaymentMethodsSection />);
    await screen.findByRole('listitem', { name: 'American Express ending in 0005' });

    await user.click(
      screen.getByRole('button', { name: 'Delete American Express ending in 0005' }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Delete card' });
    expect(dialog).toHaveTextContent('Delete American Express ending in 0005?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.some((r) => r.startsWith('DELETE'))).toBe(false);

    await user.click(
      screen.getByRole('button', { name: 'Delete American Express ending in 0005' }),
    );
    dialog = await screen.findByRole('dialog', { name: 'Delete card' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Payment method deleted successfully!')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByRole('listitem', { name: 'American Express ending in 0005' }),
      ).not.toBeInTheDocument(),
    );
    const mine = db.paymentMethods.filter((m) => m.owner_id === account.id);
    expect(mine.map((m) => m.last4)).toEqual(['4242']);
  });

  it('toasts the server message when an action fails, and retries a failed list', async () => {
    const { user: account } = signInAs({ plan: 'starter' });
    addCard(account, { brand: 'visa', last4: '4242', is_default: true });
    addCard(account, { brand: 'mastercard', last4: '4444', is_default: false });
    server.use(
      http.put('*/v1/users/me/payment-methods/set-default/:id', () =>
        HttpResponse.json(
          { message: 'Card provider unavailable.', status: 503, code: 'x' },
          { status: 503 },
        ),
      ),
      http.get(
        '*/v1/users/me/payment-methods',
        () =>
          HttpResponse.json({ message: 'List failed.', status: 500, code: 'x' }, { status: 500 }),
        { once: true },
      ),
    );
    const { user } = renderWithProviders(<PaymentMethodsSection />);
    expect(await screen.findByRole('alert')).toHaveTextContent('List failed.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('listitem', { name: 'Mastercard ending in 4444' });

    await user.click(
      screen.getByRole('button', { name: 'Set Mastercard ending in 4444 as default' }),
    );
    expect(await screen.findByText('Card provider unavailable.')).toBeInTheDocument();
  });

  it('pages the paid payments five at a time, newest first, with dd/MM/yyyy dates and $ amounts', async () => {
    const { user: account, token } = signInAs({ plan: 'starter' });
    const other = signInAs({ email: 'other@example.com' }).user;
    // Back to the first account (signInAs stores the last token).
    localStorage.setItem('token', token);
    for (let day = 1; day <= 7; day++)
      addPayment(account, {
        created_at: `2025-01-0${day}T12:00:00.000Z`,
        description: `Payment ${day}`,
        amount: day === 7 ? 123456 : 4900,
        card: day === 6 ? null : { brand: 'visa', last4: '4242' },
      });
    addPayment(account, { created_at: '2025-01-08T12:00:00.000Z', status: 'failed' });
    addPayment(other, { created_at: '2025-01-09T12:00:00.000Z', description: 'Not mine' });
    const { user } = renderWithProviders(<PaymentHistorySection />);

    const table = await screen.findByRole('table', { name: 'Payment history' });
    const rows = () => within(table).getAllByRole('row').slice(1);
    expect(rows()).toHaveLength(5);
    expect(rows()[0]).toHaveTextContent('07/01/2025');
    expect(rows()[0]).toHaveTextContent('Payment 7');
    expect(rows()[0]).toHaveTextContent('$1,234.56');
    expect(rows()[1]).toHaveTextContent('—');
    expect(rows()[2]).toHaveTextContent('Visa •••• 4242');
    expect(rows()[2]).toHaveTextContent('$49.00');
    expect(rows()[4]).toHaveTextContent('03/01/2025');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]).toHaveTextContent('02/01/2025');
    expect(rows()[1]).toHaveTextContent('01/01/2025');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(table).not.toHaveTextContent('Not mine');
    expect(requests.filter((r) => r === 'GET /v1/users/me/payment-history')).toHaveLength(2);
  });

  it('says when there are no payments yet, and shows a failed load with a retry', async () => {
    signInAs({ plan: 'starter' });
    const first = renderWithProviders(<PaymentHistorySection />);
    expect(await screen.findByText('No payments yet')).toBeInTheDocument();
    first.unmount();

    server.use(
      http.get('*/v1/users/me/payment-history', () =>
        HttpResponse.json({ message: 'History failed.', status: 500, code: 'x' }, { status: 500 }),
      ),
    );
    renderWithProviders(<PaymentHistorySection />);
    expect(await screen.findByRole('alert')).toHaveTextContent('History failed.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
