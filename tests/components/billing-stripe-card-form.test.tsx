import { screen } from '@testing-library/react';
import { http } from 'msw';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import { CardForm } from '@/features/billing/components/card-form';
import { db } from '../mocks/db';
import { server } from '../mocks/node';
import { apiError, ok } from '../mocks/utils';
import { renderWithProviders, signInAs } from './test-utils';

// Stripe.js and Elements are an edge we do not own (they load from js.stripe.com): a stand-in
// records what our form asks of them.
const stripe = vi.hoisted(() => ({
  confirmCardSetup: vi.fn(),
  loadStripe: vi.fn(),
  card: { clear: vi.fn() },
}));
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => <>{children}</>,
  CardElement: () => <div data-testid="stripe-card-element" />,
  useStripe: () => ({ confirmCardSetup: stripe.confirmCardSetup }),
  useElements: () => ({ getElement: () => stripe.card }),
}));

describe('CardForm with a Stripe publishable key', () => {
  beforeEach(() => {
    stripe.confirmCardSetup.mockReset();
    stripe.loadStripe.mockReset().mockResolvedValue({});
    server.use(
      http.get('*/v1/payments/config', () =>
        ok({ provider: 'stripe', publishable_key: 'pk_test_123' }),
      ),
    );
  });

  it('confirms a setup intent for the customer in the browser, then saves its payment method', async () => {
    const { user: account } = signInAs();
    stripe.confirmCardSetup.mockResolvedValue({ setupIntent: { payment_method: 'pm_card_visa' } });
    const onAdded = vi.fn();
    const { user } = renderWithProviders(<CardForm onAdded={onAdded} />);

    expect(await screen.findByTestId('stripe-card-element')).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_123');
    await user.click(screen.getByRole('button', { name: 'Add card' }));

    expect(await screen.findByText(MESSAGES.payments.cardAdded)).toBeInTheDocument();
    expect(stripe.confirmCardSetup).toHaveBeenCalledWith(
      expect.stringMatching(/^seti_mock_\d+_secret$/),
      { payment_method: { card: stripe.card } },
    );
    expect(onAdded).toHaveBeenCalledWith(expect.objectContaining({ brand: 'visa', last4: '4242' }));
    expect(db.paymentMethods.filter((m) => m.owner_id === account.id)).toHaveLength(1);
  });

  it("shows Stripe's refusal and saves nothing", async () => {
    const { user: account } = signInAs();
    stripe.confirmCardSetup.mockResolvedValue({
      error: { message: 'Your card was declined.' },
    });
    const { user } = renderWithProviders(<CardForm />);
    await user.click(await screen.findByRole('button', { name: 'Add card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(db.paymentMethods.filter((m) => m.owner_id === account.id)).toHaveLength(0);
  });

  it('never offers our own card fields unless the server is the local simulator', async () => {
    signInAs();
    server.use(
      http.get('*/v1/payments/config', () => apiError(503, 'unavailable', 'Try again later.')),
    );
    const { user } = renderWithProviders(<CardForm />);
    expect(await screen.findByText('Try again later.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();

    server.use(
      http.get('*/v1/payments/config', () => ok({ provider: 'local', publishable_key: null })),
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
  });
});
