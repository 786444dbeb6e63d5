import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HomeView } from '@/features/home/components/home-view';
import { FIRST_EVENT_POLL_MS } from '@/features/home/hooks/use-home';
import { MESSAGES } from '@/lib/messages';
import { useBrandStore } from '@/stores/brand';
import { billingOf } from '../mocks/db';
import { createEvent, createTrackedEvent } from '../mocks/events.handlers';
import { addFlow, mockFlowReport } from '../mocks/flows.handlers';
import { server } from '../mocks/node';
import { addReport } from '../mocks/reports.handlers';
import { setRoute } from '../setup/router';
import { addBrand, renderWithProviders, signInAs } from './test-utils';
import { aFlow } from '../fixtures/flows';

const steps = () => within(screen.getByRole('list', { name: 'Getting started steps' }));
/** The checklist row of a step, found by its title. */
const step = (title: string) =>
  screen.getByText(title, { selector: 'p' }).closest('li') as HTMLElement;
const isDone = (title: string) => within(step(title)).queryByText('Done') !== null;

describe('HomeView', () => {
  beforeEach(() => {
    setRoute('/');
  });

  it('a new account: the checklist with nothing done and a link to each step', async () => {
    signInAs();
    renderWithProviders(<HomeView />);
    expect(screen.getByRole('status', { name: 'Loading Home' })).toBeInTheDocument();

    expect(await screen.findByRole('heading', { name: 'Getting started' })).toBeInTheDocument();
    expect(screen.getByText('0 of 5 done')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Getting started progress' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    expect(steps().getAllByRole('listitem')).toHaveLength(5);
    expect(steps().getAllByText('To do')).toHaveLength(5);
    const links = steps()
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Go to Product Tracking', '/brands'],
      ['Go to Integration', '/integrations'],
      ['Create an event', '/events/create'],
      ['Create a product tour', '/flows/create'],
      ['Create a report', '/reports/create'],
    ]);
    // No data yet: no numbers, a note instead.
    expect(
      screen.getByText('Your numbers appear here once your product sends its first event.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Events today' })).not.toBeInTheDocument();
  });

  it('ticks the steps from the product: created, then snippet installed by the first event', async () => {
    const { user } = signInAs();
    const shop = addBrand(user, 'Shop');
    useBrandStore.setState({ brandId: shop.id });
    const first = renderWithProviders(<HomeView />);
    await screen.findByText('1 of 5 done');
    expect(isDone('Create a tracked product')).toBe(true);
    expect(isDone('Install the snippet')).toBe(false);
    expect(step('Install the snippet')).toHaveAttribute('data-done', 'false');
    first.unmount();

    createTrackedEvent(shop.id, { event: 'Signed Up', timestamp: new Date().toISOString() });
    renderWithProviders(<HomeView />);
    await screen.findByText('2 of 5 done');
    expect(isDone('Install the snippet')).toBe(true);
    expect(step('Install the snippet')).toHaveAttribute('data-done', 'true');
    expect(isDone('Define an event')).toBe(false);
  });

  it('while the product waits for its first event, the step ticks itself without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { user } = signInAs();
      const shop = addBrand(user, 'Shop');
      useBrandStore.setState({ brandId: shop.id });
      renderWithProviders(<HomeView />);
      await screen.findByText('1 of 5 done');

      createTrackedEvent(shop.id, { event: 'Signed Up', timestamp: new Date().toISOString() });
      await vi.advanceTimersByTimeAsync(FIRST_EVENT_POLL_MS);
      expect(await screen.findByText('2 of 5 done')).toBeInTheDocument();
      expect(isDone('Install the snippet')).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('once data flows: today, MAU against the plan with its bar, live tours with their views', async () => {
    const { user } = signInAs();
    billingOf(user).mauCount = 820;
    const shop = addBrand(user, 'Shop');
    useBrandStore.setState({ brandId: shop.id });
    const now = new Date().toISOString();
    createTrackedEvent(shop.id, { event: 'Signed Up', timestamp: now });
    createTrackedEvent(shop.id, { event: 'Order', timestamp: now });
    // Two days ago: not today, in any zone.
    createTrackedEvent(shop.id, {
      event: 'Order',
      timestamp: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    });
    createEvent(shop.id, { name: 'Signed up', code: 'Signed Up' });
    const live = addFlow(aFlow({ brand_id: shop.id, name: 'Welcome tour', publish: true }));
    addFlow(aFlow({ brand_id: shop.id, name: 'Draft tour', publish: false }));
    addReport({
      brand_id: shop.id,
      name: 'Orders',
      query: {
        brand_id: shop.id,
        type: 'trend',
        series: [{ event: 'Order', measure: 'total' }],
        granularity: 'day',
        date_preset: 'past_30_day',
      },
    });
    renderWithProviders(<HomeView />);

    await screen.findByText('5 of 5 done');
    expect(steps().getAllByText('Done')).toHaveLength(5);
    expect(screen.getByText(/Where Shop stands/)).toBeInTheDocument();

    const today = screen.getByRole('region', { name: 'Events today' });
    expect(within(today).getByTestId('events-today')).toHaveTextContent('2');

    const mau = screen.getByRole('region', { name: 'Monthly active users' });
    expect(mau).toHaveTextContent('820 of 1K MAUs this month');
    const bar = within(mau).getByRole('progressbar', { name: 'Monthly active users used' });
    expect(bar).toHaveAttribute('aria-valuenow', '82');
    expect(bar).toHaveAttribute('data-tone', 'warning');

    const tours = screen.getByRole('region', { name: 'Live tours' });
    const link = within(tours).getByRole('link', { name: 'Welcome tour' });
    expect(link).toHaveAttribute('href', `/flows/${live.id}/report`);
    const views = mockFlowReport(live, { date_preset: 'past_7_day' }).totals.views;
    expect(within(tours).getByText(`${views} views this week`)).toBeInTheDocument();
    expect(within(tours).queryByText('Draft tour')).not.toBeInTheDocument();
  });

  it('shows a failed load with Try again, which loads again', async () => {
    signInAs();
    let fail = true;
    server.use(
      http.get('*/v1/home', () =>
        fail
          ? HttpResponse.json(
              { message: 'Database is down', status: 500, code: 'internal' },
              { status: 500 },
            )
          : undefined,
      ),
    );
    const { user } = renderWithProviders(<HomeView />);
    expect(
      await screen.findByText(MESSAGES.home.failedToLoad('Database is down')),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Getting started' })).not.toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Getting started' })).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.home.failedToLoad('Database is down'))).toBeNull();
  });
});
