import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TAIL_SOCKET_EVENTS } from '@/lib/constants';
import type { TrackedEvent } from '@/lib/contracts/events';
import { SocketProvider } from '@/components/providers/socket-provider';
import { WAITING_FOR_FIRST_EVENT } from '@/features/events/components/first-event-status';
import { TEST_ANONYMOUS_ID } from '@/features/events/lib/test-event';
import IntegrationsPage from '@/pages/integrations';
import { createTrackedEvent } from '../mocks/events.handlers';
import { fake, fire, resetFakeSocket } from './fake-tail-socket';
import { setRoute } from '../setup/router';
import { addBrand, renderWithProviders, signInAs } from './test-utils';

vi.mock('socket.io-client', async () => (await import('./fake-tail-socket')).socketModule);

const status = () => screen.getByTestId('install-status');

const arrived = (id: string, extra: Partial<TrackedEvent> = {}): TrackedEvent => ({
  message_id: id,
  type: 'page',
  event: '$pageview',
  user_id: null,
  anonymous_id: 'visitor-1',
  customer_key: 'visitor-1',
  timestamp: '2026-11-28T13:05:00.000Z',
  received_at: '2026-11-28T13:05:00.000Z',
  properties: {},
  context: {},
  url: 'https://shop.example.com/pricing',
  path: '/pricing',
  browser: null,
  os: null,
  device: null,
  country: null,
  ...extra,
});

function renderPage() {
  return renderWithProviders(
    <SocketProvider>
      <IntegrationsPage />
    </SocketProvider>,
  );
}

describe('/integrations: the installation, live', () => {
  beforeEach(() => {
    resetFakeSocket();
    setRoute('/integrations');
  });

  it('waits for the first event, ignores test events, then shows the time and page of one from the site', async () => {
    const { user: account } = signInAs();
    const brand = addBrand(account, 'Shop');
    renderPage();
    await waitFor(() => expect(status()).toHaveTextContent(WAITING_FOR_FIRST_EVENT));
    expect(status()).toHaveAttribute('data-state', 'waiting');
    await waitFor(() =>
      expect(fake.state.emitted).toContainEqual([TAIL_SOCKET_EVENTS.JOIN, { brand_id: brand.id }]),
    );

    // "Send test event" from the dashboard is not the site.
    fire(TAIL_SOCKET_EVENTS.EVENT, {
      brand_id: brand.id,
      event_name: null,
      events: [arrived('t1', { event: 'Clicked', type: 'track', anonymous_id: TEST_ANONYMOUS_ID })],
    });
    expect(status()).toHaveAttribute('data-state', 'waiting');

    fire(TAIL_SOCKET_EVENTS.EVENT, {
      brand_id: brand.id,
      event_name: null,
      events: [arrived('p1')],
    });
    await waitFor(() => expect(status()).toHaveAttribute('data-state', 'received'));
    expect(status()).not.toHaveTextContent(WAITING_FOR_FIRST_EVENT);
    expect(status()).toHaveTextContent('https://shop.example.com/pricing');
    expect(screen.getByRole('time')).toHaveAttribute('datetime', '2026-11-28T13:05:00.000Z');
  });

  it('shows an event already stored without waiting for the socket', async () => {
    const { user: account } = signInAs();
    const brand = addBrand(account, 'Shop');
    createTrackedEvent(brand.id, {
      event: 'Signed Up',
      message_id: 'stored-1',
      timestamp: new Date().toISOString(),
      url: null,
      path: '/welcome',
    });
    renderPage();
    await waitFor(() => expect(status()).toHaveAttribute('data-state', 'received'));
    expect(status()).toHaveTextContent('/welcome');
  });
});
