import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_LIST_PAGE_SIZE } from '@/lib/constants';
import { MESSAGES } from '@/lib/messages';
import { EventsView } from '@/features/events/components/events-view';
import { createEvent, createTrackedEvent } from '../mocks/events.handlers';
import { server } from '../mocks/node';
import { setRoute } from '../setup/router';
import { renderWithProviders, signedInWithBrand, signInAs } from './test-utils';

/** Query strings of the list calls. */
const listCalls: Record<string, string>[] = [];
const record = ({ request }: { request: Request }) => {
  const url = new URL(request.url);
  if (url.pathname === '/v1/events') listCalls.push(Object.fromEntries(url.searchParams));
};

const table = () => screen.getByRole('table', { name: 'Defined events' });
const rowOf = (name: string) =>
  within(table())
    .getAllByRole('row')
    .find((r) => within(r).queryByRole('link', { name }) !== null) as HTMLElement;
const eventNames = () =>
  within(table())
    .getAllByRole('link')
    .map((l) => l.textContent);

describe('EventsView', () => {
  beforeEach(() => {
    setRoute('/events');
    listCalls.length = 0;
    server.events.on('request:start', record);
  });
  afterEach(() => {
    server.events.removeListener('request:start', record);
    vi.restoreAllMocks();
  });

  it('lists the events with attributes, 30-day volume in K and last seen', async () => {
    const brand = signedInWithBrand();
    const signup = createEvent(brand.id, {
      name: 'Signed up',
      code: 'signed_up',
      attributes: [
        { code: 'plan', name: 'Plan', data_type: 'string' },
        { code: 'seats', name: 'Seats', data_type: 'number' },
      ],
    });
    createEvent(brand.id, { name: 'Logged in', code: 'logged_in' });
    const recent = new Date(Date.now() - 5 * 60 * 1000).toISOString();
    for (let i = 0; i < 1200; i += 1)
      createTrackedEvent(brand.id, { event: 'signed_up', timestamp: recent });
    createTrackedEvent(brand.id, { event: 'logged_in', timestamp: '2001-01-01T00:00:00Z' });

    renderWithProviders(<EventsView />);
    expect(screen.getByRole('status', { name: 'Loading events' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Defined events' });

    const row = rowOf('Signed up');
    expect(within(row).getByRole('link', { name: 'Signed up' })).toHaveAttribute(
      'href',
      `/events/${signup.id}`,
    );
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['signed_up', '2', '1.2K', '5 minutes ago']);
    // Older than 30 days does not count and is not "last seen".
    expect(
      within(rowOf('Logged in'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['logged_in', '0', '0', 'N/A']);
    expect(screen.getByRole('link', { name: 'Create event' })).toHaveAttribute(
      'href',
      '/events/create',
    );
  });

  it('pages with Load more, then searches from the first page again', async () => {
    const brand = signedInWithBrand();
    for (let i = 1; i <= EVENT_LIST_PAGE_SIZE + 5; i += 1)
      createEvent(brand.id, { name: `Event ${i}`, code: `event_${i}` });
    createEvent(brand.id, { name: 'Checkout done', code: 'checkout' });
    const { user } = renderWithProviders(<EventsView />);

    await screen.findByRole('table', { name: 'Defined events' });
    expect(eventNames()).toHaveLength(EVENT_LIST_PAGE_SIZE);
    expect(screen.getByText(`Showing ${EVENT_LIST_PAGE_SIZE} of 26`)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(eventNames()).toHaveLength(26));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(listCalls.map((c) => c.cursor)).toEqual(['1', '2']);

    await user.type(screen.getByRole('searchbox', { name: 'Search events' }), 'check');
    await waitFor(() => expect(eventNames()).toEqual(['Checkout done']));
    expect(listCalls.at(-1)).toMatchObject({ search: 'check', cursor: '1' });
    // Debounced: one request for the whole word, not one per key.
    expect(listCalls.filter((c) => c.search)).toHaveLength(1);

    await user.clear(screen.getByRole('searchbox', { name: 'Search events' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search events' }), 'nothing-like-it');
    expect(await screen.findByText(MESSAGES.events.noMatches)).toBeInTheDocument();
  });

  it('offers to define the codes that arrived but are not defined', async () => {
    const brand = signedInWithBrand();
    createEvent(brand.id, { name: 'Signed up', code: 'signed_up' });
    createTrackedEvent(brand.id, { event: 'signed_up' });
    createTrackedEvent(brand.id, { event: 'video_played' });
    createTrackedEvent(brand.id, { event: 'video_played' });
    renderWithProviders(<EventsView />);

    const section = await screen.findByRole('list', { name: 'Undefined events' });
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('video_played');
    expect(items[0]).toHaveTextContent('2 in 30 days');
    expect(within(items[0]).getByRole('link', { name: 'Define video_played' })).toHaveAttribute(
      'href',
      '/events/create?code=video_played',
    );
  });

  it('shows the empty state when the product has no events', async () => {
    signedInWithBrand();
    renderWithProviders(<EventsView />);
    expect(await screen.findByText(MESSAGES.events.empty)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Undefined events' })).not.toBeInTheDocument();
  });

  it('without a product, links to Product Tracking and asks nothing', async () => {
    signInAs();
    renderWithProviders(<EventsView />);
    expect(screen.getByText(MESSAGES.events.brandRequired)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Product Tracking' })).toHaveAttribute(
      'href',
      '/brands',
    );
    expect(screen.queryByRole('link', { name: 'Create event' })).not.toBeInTheDocument();
    await act(() => new Promise((r) => setTimeout(r, 30)));
    expect(listCalls).toEqual([]);
  });

  it('toasts a failed list', async () => {
    signedInWithBrand();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get('*/v1/events', () =>
        HttpResponse.json({ message: 'DB down', status: 500, code: 'internal' }, { status: 500 }),
      ),
    );
    renderWithProviders(<EventsView />);
    const message = MESSAGES.events.failedToGet('DB down');
    await waitFor(() => expect(screen.getAllByText(message).length).toBeGreaterThanOrEqual(1));
    expect(document.querySelector('.Toastify')).toHaveTextContent(message);
  });
});
