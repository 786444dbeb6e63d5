import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import PlansPage from '@/pages/profile/plans';
import { formatBillingDate } from '@/lib/billing';
import { MESSAGES } from '@/lib/messages';
import { billingOf, PLANS } from '../mocks/db';
import { server } from '../mocks/node';
import { ok } from '../mocks/utils';
import { mockRouter, setRoute } from '../setup/router';
import { renderWithProviders, signInAs } from './test-utils';

const card = (name: string) => screen.getByRole('article', { name });
const cardNames = () =>
  within(screen.getByRole('list', { name: 'Plans' }))
    .getAllByRole('article')
    .map((a) => within(a).getByRole('heading').textContent);

describe('PlansView (/profile/plans)', () => {
  beforeEach(() => {
    setRoute('/profile/plans');
  });

  it('shows every plan in order_number order with price, features and the current plan', async () => {
    signInAs({ plan: 'growth' });
    // The page sorts by order_number whatever order the API answers in.
    server.use(
      http.get('*/v1/plans/available-plan', () =>
        ok(PLANS.filter((p) => p.kind !== 'ADD_IN').reverse()),
      ),
    );
    renderWithProviders(<PlansPage />);

    expect(screen.getByRole('status', { name: 'Loading plans' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Plans' });
    expect(cardNames()).toEqual(['Free', 'Starter', 'Growth', 'Scale', 'Enterprise']);

    const growth = card('Growth');
    expect(within(growth).getByText('$149.00')).toBeInTheDocument();
    expect(within(growth).getByText('/month')).toBeInTheDocument();
    expect(within(growth).getByText('Current plan', { selector: 'span' })).toBeInTheDocument();
    expect(within(growth).getByRole('button', { name: 'Current plan' })).toBeDisabled();
    expect(within(growth).getByText('Up to 50K MAUs')).toBeInTheDocument();
    expect(within(growth).getByText('10 tracked products')).toBeInTheDocument();
    expect(within(card('Free')).getByText('$0.00')).toBeInTheDocument();
    expect(within(card('Free')).getByRole('button', { name: 'Downgrade' })).toBeEnabled();
    expect(within(card('Starter')).getByRole('button', { name: 'Downgrade' })).toBeEnabled();
    expect(within(card('Scale')).getByRole('button', { name: 'Upgrade' })).toBeEnabled();
    expect(within(card('Scale')).queryByText('Current plan')).not.toBeInTheDocument();
    // Each plan's fixed colour.
    expect(within(growth).getByRole('heading', { name: 'Growth' })).toHaveClass('text-emerald-700');
    expect(within(card('Scale')).getByRole('heading', { name: 'Scale' })).toHaveClass(
      'text-violet-700',
    );
  });

  it('enterprise is sold by sales: a mailto link and no checkout button', async () => {
    signInAs({ plan: 'starter' });
    renderWithProviders(<PlansPage />);
    await screen.findByRole('list', { name: 'Plans' });

    const enterprise = card('Enterprise');
    expect(within(enterprise).getByRole('link', { name: 'Contact sales' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    );
    expect(within(enterprise).queryByRole('button')).not.toBeInTheDocument();
    expect(within(enterprise).getByText('Unlimited MAUs')).toBeInTheDocument();
    expect(within(enterprise).getByText('SLA guarantees')).toBeInTheDocument();
  });

  it('from the free plan paid plans are "Choose plan" and add-ons need a paid plan', async () => {
    signInAs();
    const { user } = renderWithProviders(<PlansPage />);
    await screen.findByRole('list', { name: 'Plans' });

    expect(within(card('Free')).getByRole('button', { name: 'Current plan' })).toBeDisabled();
    expect(within(card('Starter')).getByRole('button', { name: 'Choose plan' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Buy Add-ons' })).not.toBeInTheDocument();
    expect(screen.getByText(MESSAGES.payments.addOnsNeedPaidPlan)).toBeInTheDocument();

    await user.click(within(card('Growth')).getByRole('button', { name: 'Choose plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order summary' });
    expect(within(dialog).getByRole('heading', { name: 'Growth' })).toBeInTheDocument();
  });

  it('shows a scheduled change on the plan that starts at the period end', async () => {
    const { user } = signInAs({ plan: 'growth' });
    const b = billingOf(user);
    b.scheduledPlan = 'starter';
    renderWithProviders(<PlansPage />);
    await screen.findByRole('list', { name: 'Plans' });

    const starter = card('Starter');
    expect(
      within(starter).getByText(`Starts ${formatBillingDate(b.periodEnd!)}`),
    ).toBeInTheDocument();
    expect(within(starter).getByRole('button', { name: 'Scheduled' })).toBeDisabled();
  });

  it('?buy=add-ons opens the add-on purchase on the current plan and cleans the URL', async () => {
    setRoute('/profile/plans', { buy: 'add-ons' });
    signInAs({ plan: 'growth' });
    const { user } = renderWithProviders(<PlansPage />);

    const dialog = await screen.findByRole('dialog', { name: 'Order summary' });
    expect(within(dialog).getByRole('heading', { name: 'Growth' })).toBeInTheDocument();
    const box = within(dialog).getByRole('checkbox', { name: 'Add MAU add-ons' });
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
    expect(within(dialog).getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(1);
    expect(mockRouter.replace).toHaveBeenCalledWith('/profile/plans', undefined, {
      shallow: true,
    });

    // Closed, it stays closed although the (mock) router still has the query.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mockRouter.replace).toHaveBeenCalledTimes(1);
  });

  it('the Buy Add-ons button opens the same purchase', async () => {
    signInAs({ plan: 'starter' });
    const { user } = renderWithProviders(<PlansPage />);
    await user.click(await screen.findByRole('button', { name: 'Buy Add-ons' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order summary' });
    expect(within(dialog).getByRole('heading', { name: 'Starter' })).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Add MAU add-ons' })).toBeChecked();
  });

  it('shows a load error with a retry', async () => {
    signInAs();
    let fail = true;
    server.use(
      http.get('*/v1/plans/available-plan', () =>
        fail
          ? HttpResponse.json(
              { message: 'Plans are down', status: 500, code: 'internal' },
              { status: 500 },
            )
          : undefined,
      ),
    );
    const { user } = renderWithProviders(<PlansPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Plans are down');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('list', { name: 'Plans' });
    expect(cardNames()).toHaveLength(5);
  });
});
