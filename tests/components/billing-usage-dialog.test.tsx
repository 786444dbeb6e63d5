import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { UsageLimitWatcher } from '@/features/billing/components/usage-limit-watcher';
import { UsageMeter } from '@/features/billing/components/usage-meter';
import type { Subscription } from '@/lib/contracts/plans';
import { realtimeKeys, userKeys } from '@/hooks/query-keys';
import { billingOf, type MockUser } from '../mocks/db';
import { setRoute } from '../setup/router';
import { renderWithProviders, signInAs } from './test-utils';

const LIMIT_TITLE = "You've reached your usage limit";
const limitDialog = () => screen.findByRole('dialog', { name: LIMIT_TITLE });

function atUsage(plan: 'free' | 'starter', mauCount: number): MockUser {
  const { user } = signInAs({ plan });
  billingOf(user).mauCount = mauCount;
  return user;
}

const quota = (mau_count: number, mau_limit: number): Subscription['user_quota'] => ({
  mau_count,
  mau_limit,
  over_limit_since: null,
  tracking_paused: false,
  product_count: 0,
});

describe('Usage limit dialog', () => {
  beforeEach(() => {
    setRoute('/brands');
    sessionStorage.clear();
  });

  it('opens on load for a free plan at the limit, inviting an upgrade without add-ons', async () => {
    atUsage('free', 1_000);
    renderWithProviders(<UsageLimitWatcher />);

    const dialog = await limitDialog();
    expect(dialog).toHaveTextContent('full access');
    expect(dialog).toHaveTextContent('higher monthly limit');
    // The free plan's message warns about the 7 days too (docs/product/constants.md#usage).
    expect(dialog).toHaveTextContent('Your Tracking feature will be disabled after 7 days');
    expect(dialog).toHaveTextContent('Free');
    expect(dialog).toHaveTextContent('Maximum MAUs');
    expect(dialog).toHaveTextContent('1K of 1K MAUs this month');
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(within(dialog).queryByRole('link', { name: 'Buy Add-ons' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Explore more plans' })).toHaveAttribute(
      'href',
      '/profile/plans',
    );
    expect(within(dialog).getByRole('link', { name: 'Chat with us' })).toHaveAttribute(
      'href',
      'mailto:support@signpost.dev',
    );
  });

  it('tells a paid plan tracking stops after 7 days and offers add-ons or other plans', async () => {
    atUsage('starter', 10_250);
    renderWithProviders(<UsageLimitWatcher />);

    const dialog = await limitDialog();
    expect(dialog).toHaveTextContent('Your Tracking feature will be disabled after 7 days');
    expect(dialog).toHaveTextContent('Starter');
    expect(dialog).toHaveTextContent('10.3K of 10K MAUs this month');
    expect(within(dialog).getByRole('link', { name: 'Buy Add-ons' })).toHaveAttribute(
      'href',
      '/profile/plans?buy=add-ons',
    );
    expect(within(dialog).getByRole('link', { name: 'Explore more plans' })).toHaveAttribute(
      'href',
      '/profile/plans',
    );
  });

  it('stays closed once dismissed: on re-render, refetch and the next page load this session', async () => {
    atUsage('starter', 10_000);
    const first = renderWithProviders(<UsageLimitWatcher />);
    const dialog = await limitDialog();
    await first.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    first.rerender(<UsageLimitWatcher />);
    await act(() => first.queryClient.invalidateQueries({ queryKey: userKeys.subscription }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    first.unmount();

    // A fresh mount (full page load in the same browser session) remembers the dismissal.
    const second = renderWithProviders(<UsageLimitWatcher />);
    await waitFor(() =>
      expect(second.queryClient.getQueryData(userKeys.subscription)).toBeDefined(),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens on every USAGE_LIMIT push, even after a dismissal', async () => {
    const account = atUsage('starter', 9_000);
    const { queryClient, user } = renderWithProviders(<UsageLimitWatcher />);
    await waitFor(() => expect(queryClient.getQueryData(userKeys.subscription)).toBeDefined());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // What the socket provider writes when the server emits USAGE_LIMIT.
    billingOf(account).mauCount = 10_000;
    act(() =>
      queryClient.setQueryData(realtimeKeys.usageLimit, {
        mau_count: 10_000,
        mau_limit: 10_000,
        at: Date.now() + 1,
      }),
    );
    const dialog = await limitDialog();
    expect(dialog).toHaveTextContent('10K of 10K MAUs this month');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    act(() =>
      queryClient.setQueryData(realtimeKeys.usageLimit, {
        mau_count: 10_001,
        mau_limit: 10_000,
        at: Date.now() + 2,
      }),
    );
    expect(await limitDialog()).toBeInTheDocument();
  });

  it.each(['/checkout', '/profile/plans'])('stays quiet on %s', async (path) => {
    setRoute(path);
    atUsage('starter', 10_000);
    const { queryClient } = renderWithProviders(<UsageLimitWatcher />);
    await waitFor(() => expect(queryClient.getQueryData(userKeys.subscription)).toBeDefined());
    act(() =>
      queryClient.setQueryData(realtimeKeys.usageLimit, {
        mau_count: 10_000,
        mau_limit: 10_000,
        at: Date.now() + 1,
      }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens from the meter: the usage title under the limit, the spec title at the limit', async () => {
    const under = renderWithProviders(
      <UsageMeter planName="Starter" planCode="starter" quota={quota(4_000, 10_000)} />,
    );
    await under.user.click(screen.getByRole('button', { name: 'View usage details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your usage this month' });
    expect(dialog).toHaveTextContent('4K of 10K MAUs this month');
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('data-tone', 'normal');
    under.unmount();

    const over = renderWithProviders(
      <UsageMeter planName="Starter" planCode="starter" quota={quota(10_000, 10_000)} />,
    );
    const button = screen.getByRole('button', { name: 'View usage details' });
    button.focus();
    await over.user.keyboard('{Enter}');
    const full = await limitDialog();
    expect(full).toHaveTextContent('Your Tracking feature will be disabled after 7 days');
    expect(within(full).getByRole('progressbar')).toHaveAttribute('data-tone', 'warning');
  });

  it('says tracking is paused, not that it will be, once the grace period is over', async () => {
    const paused = { ...quota(10_500, 10_000), tracking_paused: true };
    const { user } = renderWithProviders(
      <UsageMeter planName="Starter" planCode="starter" quota={paused} />,
    );
    await user.click(screen.getByRole('button', { name: 'View usage details' }));
    const dialog = await limitDialog();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Tracking is paused');
    expect(dialog).not.toHaveTextContent('will be disabled after 7 days');
  });
});
