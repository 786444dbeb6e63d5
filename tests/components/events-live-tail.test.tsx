import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TAIL_SOCKET_EVENTS } from '@/lib/constants';
import type { TailSocketPayload, TrackedEvent } from '@/lib/contracts/events';
import { MESSAGES } from '@/lib/messages';
import { SocketProvider } from '@/components/providers/socket-provider';
import { EventDetailsView } from '@/features/events/components/event-details-view';
import { db } from '../mocks/db';
import { createEvent, createTrackedEvent } from '../mocks/events.handlers';
import { server } from '../mocks/node';
import { setRoute } from '../setup/router';
import { fake, fire, resetFakeSocket } from './fake-tail-socket';
import { addBrand, renderWithProviders, signInAs } from './test-utils';

vi.mock('socket.io-client', async () => (await import('./fake-tail-socket')).socketModule);

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

function seed() {
  const { user } = signInAs();
  const brand = addBrand(user, 'Shop');
  const event = createEvent(brand.id, {
    name: 'Signed up',
    code: 'signed_up',
    attributes: [
      { code: 'plan', name: 'Plan', data_type: 'string' },
      { code: 'seats', name: 'Seats', data_type: 'number' },
    ],
  });
  createTrackedEvent(brand.id, {
    event: 'signed_up',
    message_id: 'm-old',
    user_id: 'user-7',
    timestamp: minutesAgo(10),
    url: 'https://shop.example.com/pricing',
    properties: { plan: 'growth', seats: 3 },
    context: { locale: 'en-GB' },
  });
  createTrackedEvent(brand.id, {
    event: 'signed_up',
    message_id: 'm-older',
    anonymous_id: 'anon-42',
    timestamp: minutesAgo(20),
    path: '/welcome',
  });
  createTrackedEvent(brand.id, { event: 'logged_in', message_id: 'm-other' });
  setRoute('/events/[id]', { id: String(event.id) });
  return { brand, event };
}

const pushed = (id: string, extra: Partial<TrackedEvent> = {}): TrackedEvent => ({
  message_id: id,
  type: 'track',
  event: 'signed_up',
  user_id: `user-${id}`,
  anonymous_id: null,
  customer_key: `user-${id}`,
  timestamp: new Date().toISOString(),
  received_at: new Date().toISOString(),
  properties: { plan: 'scale' },
  context: {},
  url: null,
  path: `/from-${id}`,
  browser: null,
  os: null,
  device: null,
  country: null,
  ...extra,
});

const rows = () =>
  within(screen.getByRole('list', { name: 'Tracked events' })).getAllByRole('listitem');
const customers = () => rows().map((r) => within(r).getByRole('button').children[1].textContent);

/** The details page inside the app's socket provider, which outlives it (leaving the page). */
function Page() {
  const [shown, setShown] = useState(true);
  return (
    <SocketProvider>
      <button type="button" onClick={() => setShown(false)}>
        Leave page
      </button>
      {shown ? <EventDetailsView /> : null}
    </SocketProvider>
  );
}

const renderDetails = () => renderWithProviders(<Page />);

describe('Live tail', () => {
  beforeEach(() => {
    resetFakeSocket();
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the latest events, joins the room and prepends what the socket pushes', async () => {
    const { brand } = seed();
    const view = renderDetails();

    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(customers()).toEqual(['user-7', 'anon-42']);
    expect(rows()[0]).toHaveTextContent('https://shop.example.com/pricing');
    expect(rows()[1]).toHaveTextContent('/welcome');

    const room = { brand_id: brand.id, event_name: 'signed_up' };
    await waitFor(() => expect(fake.state.emitted).toContainEqual([TAIL_SOCKET_EVENTS.JOIN, room]));
    await waitFor(() => expect(screen.getByText('Live')).toBeInTheDocument());

    const payload = (events: TrackedEvent[], event_name = 'signed_up'): TailSocketPayload => ({
      brand_id: brand.id,
      event_name,
      events,
    });
    fire(TAIL_SOCKET_EVENTS.EVENT, payload([pushed('a')]));
    expect(customers()).toEqual(['user-a', 'user-7', 'anon-42']);

    // The same message again, and another event's room, change nothing.
    fire(TAIL_SOCKET_EVENTS.EVENT, payload([pushed('a')]));
    fire(TAIL_SOCKET_EVENTS.EVENT, payload([pushed('z')], 'logged_in'));
    expect(customers()).toEqual(['user-a', 'user-7', 'anon-42']);

    // Rooms are per connection: a reconnect joins again.
    const joins = () => fake.state.emitted.filter(([e]) => e === TAIL_SOCKET_EVENTS.JOIN).length;
    const before = joins();
    fire('connect');
    expect(joins()).toBe(before + 1);

    await view.user.click(screen.getByRole('button', { name: 'Leave page' }));
    expect(fake.state.emitted.at(-1)).toEqual([TAIL_SOCKET_EVENTS.LEAVE, room]);
  });

  it('holds pushed events while paused, counts them and shows them on resume', async () => {
    const { brand } = seed();
    const { user } = renderDetails();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await waitFor(() => expect(screen.getByText('Live')).toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Pause' }));
    const push = (id: string) =>
      fire(TAIL_SOCKET_EVENTS.EVENT, {
        brand_id: brand.id,
        event_name: 'signed_up',
        events: [pushed(id)],
      });
    push('b');
    push('c');
    push('c');
    expect(rows()).toHaveLength(2);
    const resume = screen.getByRole('button', { name: /Resume/ });
    expect(resume).toHaveTextContent('2 new');

    await user.click(resume);
    expect(customers().slice(0, 2).sort()).toEqual(['user-b', 'user-c']);
    expect(rows()).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
  });

  it('expands a row to its properties and context', async () => {
    seed();
    const { user } = renderDetails();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const toggle = within(rows()[0]).getByRole('button');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(/"growth"/)).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const details = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(details).toHaveTextContent('"plan": "growth"');
    expect(details).toHaveTextContent('"seats": 3');
    expect(details).toHaveTextContent('"locale": "en-GB"');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('sends a test event through the public API with the write key, not the session', async () => {
    const { brand } = seed();
    const auth: (string | null)[] = [];
    const record = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname === '/v1/track')
        auth.push(request.headers.get('authorization'));
    };
    server.events.on('request:start', record);
    try {
      const { user } = renderDetails();
      await user.click(await screen.findByRole('button', { name: 'Send test event' }));
      expect(await screen.findByText(MESSAGES.events.testSent)).toBeInTheDocument();
      expect(auth).toEqual([`Basic ${btoa(`${brand.write_key}:`)}`]);
      const sent = db.trackedEvents.find((e) => e.anonymous_id === 'signpost-test-event');
      expect(sent).toMatchObject({ event: 'signed_up', properties: { plan: 'sample', seats: 42 } });
    } finally {
      server.events.removeListener('request:start', record);
    }
  });

  it('toasts a refused test event and a failed initial load; not live when the join is refused', async () => {
    seed();
    fake.state.joinAck = { ok: false, message: 'Not your product' };
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get('*/v1/tracking-session-data/tail', () =>
        HttpResponse.json({ message: 'Store offline', status: 503, code: 'x' }, { status: 503 }),
      ),
      http.post('*/v1/track', () =>
        HttpResponse.json(
          { message: MESSAGES.ingest.unknownKey, status: 401, code: 'unknown_write_key' },
          { status: 401 },
        ),
      ),
    );
    const { user } = renderDetails();
    expect(
      await screen.findByText(MESSAGES.events.failedTail('Store offline')),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(fake.state.emitted.some(([e]) => e === TAIL_SOCKET_EVENTS.JOIN)).toBe(true),
    );
    await waitFor(() =>
      expect(screen.getByText('Not live').closest('[title]')).toHaveAttribute(
        'title',
        'Not your product',
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Send test event' }));
    expect(
      await screen.findByText(MESSAGES.events.testFailed(MESSAGES.ingest.unknownKey)),
    ).toBeInTheDocument();
    // A 401 from the public API is not the session's: the user stays signed in.
    expect(localStorage.getItem('token')).not.toBeNull();
  });
});
