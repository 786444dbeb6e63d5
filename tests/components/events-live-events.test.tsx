import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TAIL_SOCKET_EVENTS } from '@/lib/constants';
import type { TrackedEvent } from '@/lib/contracts/events';
import { SocketProvider } from '@/components/providers/socket-provider';
import { CreateEventView } from '@/features/events/components/create-event-view';
import { LiveEventsView } from '@/features/events/components/live-events-view';
import { useBrandStore } from '@/stores/brand';
import { db } from '../mocks/db';
import { createEvent, createTrackedEvent } from '../mocks/events.handlers';
import { mockRouter, setRoute } from '../setup/router';
import { fake, fire, resetFakeSocket } from './fake-tail-socket';
import { addBrand, renderWithProviders, signInAs } from './test-utils';

vi.mock('socket.io-client', async () => (await import('./fake-tail-socket')).socketModule);

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

function seed() {
  const { user } = signInAs();
  const brand = addBrand(user, 'Shop');
  useBrandStore.getState().setBrandId(brand.id);
  createEvent(brand.id, { name: 'Signed up', code: 'signed_up', attributes: [] });
  createTrackedEvent(brand.id, {
    event: 'signed_up',
    message_id: 'm-1',
    user_id: 'user-7',
    timestamp: minutesAgo(10),
    url: 'https://shop.example.com/welcome',
    properties: { plan: 'growth' },
  });
  createTrackedEvent(brand.id, {
    event: '$pageview',
    type: 'page',
    message_id: 'm-2',
    anonymous_id: 'anon-1',
    timestamp: minutesAgo(20),
    path: '/pricing',
  });
  setRoute('/events/live');
  return brand;
}

const pushed = (id: string, extra: Partial<TrackedEvent>): TrackedEvent => ({
  message_id: id,
  type: 'track',
  event: 'Clicked Buy',
  user_id: null,
  anonymous_id: `visitor-${id}`,
  customer_key: `visitor-${id}`,
  timestamp: new Date().toISOString(),
  received_at: new Date().toISOString(),
  properties: {},
  context: {},
  url: 'https://shop.example.com/cart',
  path: '/cart',
  browser: null,
  os: null,
  device: null,
  country: null,
  ...extra,
});

const rows = () =>
  within(screen.getByRole('list', { name: 'Live events' })).getAllByTestId('live-event-row');
const codes = () => rows().map((r) => r.querySelector('code')?.textContent);

describe('Live events', () => {
  beforeEach(() => {
    resetFakeSocket();
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows every code, joins the product room and adds what the socket pushes, marking undefined codes', async () => {
    const brand = seed();
    renderWithProviders(
      <SocketProvider>
        <LiveEventsView />
      </SocketProvider>,
    );
    await waitFor(() => expect(codes()).toEqual(['signed_up', '$pageview']));
    // Every code: the room of the product, without an event name.
    await waitFor(() =>
      expect(fake.state.emitted).toContainEqual([TAIL_SOCKET_EVENTS.JOIN, { brand_id: brand.id }]),
    );
    await waitFor(() => expect(screen.getByText('Live')).toBeInTheDocument());
    // A defined code and a built-in one are not marked.
    expect(screen.queryByText('Undefined')).not.toBeInTheDocument();

    fire(TAIL_SOCKET_EVENTS.EVENT, {
      brand_id: brand.id,
      event_name: null,
      events: [pushed('a', { properties: { price: 49, sku: 'S-1' } })],
    });
    await waitFor(() => expect(codes()).toEqual(['Clicked Buy', 'signed_up', '$pageview']));
    const row = rows()[0]!;
    expect(row).toHaveTextContent('visitor-a');
    expect(row).toHaveTextContent('https://shop.example.com/cart');
    await waitFor(() => expect(within(row).getByText('Undefined')).toBeInTheDocument());
    // A push of one code's room (an event page's) is not this page's.
    fire(TAIL_SOCKET_EVENTS.EVENT, {
      brand_id: brand.id,
      event_name: 'signed_up',
      events: [pushed('z', { event: 'signed_up' })],
    });
    expect(rows()).toHaveLength(3);
  });

  it('expands properties, filters by code, pauses, and links Define with the inferred types', async () => {
    const brand = seed();
    const { user } = renderWithProviders(
      <SocketProvider>
        <LiveEventsView />
      </SocketProvider>,
    );
    await waitFor(() => expect(rows()).toHaveLength(2));
    await waitFor(() => expect(screen.getByText('Live')).toBeInTheDocument());
    const push = (...events: TrackedEvent[]) =>
      fire(TAIL_SOCKET_EVENTS.EVENT, { brand_id: brand.id, event_name: null, events });
    push(
      pushed('a', { properties: { price: 49, gift: true } }),
      pushed('b', { properties: { price: 12, on: '2026-11-28T10:00:00Z', tags: ['x'] } }),
    );
    await waitFor(() => expect(rows()).toHaveLength(4));

    await user.click(screen.getByRole('button', { name: 'signed_up from user-7' }));
    expect(screen.getByText(/"plan": "growth"/)).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Event code' }), 'Clicked Buy');
    expect(codes()).toEqual(['Clicked Buy', 'Clicked Buy']);

    const define = screen.getAllByRole('link', { name: 'Define Clicked Buy' })[0]!;
    const href = new URL(define.getAttribute('href')!, 'http://x');
    expect(href.pathname).toBe('/events/create');
    expect(href.searchParams.get('code')).toBe('Clicked Buy');
    expect(href.searchParams.getAll('attr').sort()).toEqual(
      ['boolean:gift', 'date:on', 'list:tags', 'number:price'].sort(),
    );

    // Paused: pushed events wait, counted, and come in on Resume.
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    push(pushed('c', {}));
    expect(rows()).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: /Resume/ }));
    expect(rows()).toHaveLength(3);
  });

  it('opens Create Event prefilled with the code and the properties seen, each with its type', async () => {
    const { user: account } = signInAs();
    const brand = addBrand(account, 'Shop');
    useBrandStore.getState().setBrandId(brand.id);
    setRoute('/events/create', { code: 'Clicked Buy' });
    // Repeated attr parameters, as the Define link sends them.
    mockRouter.query.attr = ['number:price', 'boolean:gift', 'list:tags'];
    const { user } = renderWithProviders(<CreateEventView />);
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveValue('Clicked Buy');
    expect(screen.getByRole('textbox', { name: 'Attribute 1 code' })).toHaveValue('price');
    expect(screen.getByRole('combobox', { name: 'Attribute 1 data type' })).toHaveValue('number');
    expect(screen.getByRole('combobox', { name: 'Attribute 2 data type' })).toHaveValue('boolean');
    expect(screen.getByRole('combobox', { name: 'Attribute 3 data type' })).toHaveValue('list');
    await user.click(screen.getByRole('button', { name: 'Create event' }));
    await waitFor(() =>
      expect(db.events.at(-1)).toMatchObject({
        code: 'Clicked Buy',
        attributes: [
          { code: 'price', name: 'price', data_type: 'number' },
          { code: 'gift', name: 'gift', data_type: 'boolean' },
          { code: 'tags', name: 'tags', data_type: 'list' },
        ],
      }),
    );
  });
});
