import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import { EventDetailsView } from '@/features/events/components/event-details-view';
import { createEvent, createTrackedEvent } from '../mocks/events.handlers';
import { server } from '../mocks/node';
import { setRoute } from '../setup/router';
import { addBrand, renderWithProviders, signInAs } from './test-utils';

function seed() {
  const { user } = signInAs();
  const brand = addBrand(user, 'Shop');
  const event = createEvent(brand.id, { name: 'Signed up', code: 'signed_up' });
  createTrackedEvent(brand.id, { event: 'signed_up', message_id: 'm-1' });
  setRoute('/events/[id]', { id: String(event.id) });
  return event;
}

describe('EventDetailsView: the tracked events of the event', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says the tracking data failed to load (not "no events yet") and tries again', async () => {
    seed();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get('*/v1/tracking-session-data/tail', () =>
        HttpResponse.json({ message: 'Store offline', status: 503, code: 'x' }, { status: 503 }),
      ),
    );
    const { user } = renderWithProviders(<EventDetailsView />);

    const message = MESSAGES.events.failedTrackingData('Store offline');
    const alert = (await screen.findByText(message)).closest('[role="alert"]') as HTMLElement;
    expect(alert).toBeInTheDocument();
    // The toast of the failed load is the live tail's own message.
    await waitFor(() =>
      expect(document.querySelector('.Toastify')).toHaveTextContent(
        MESSAGES.events.failedTail('Store offline'),
      ),
    );
    expect(screen.queryByText(/events yet/)).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Tracked events' })).not.toBeInTheDocument();

    server.resetHandlers();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    const list = await screen.findByRole('list', { name: 'Tracked events' });
    expect(within(list).getAllByTestId('tail-row')).toHaveLength(1);
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });

  it('shows no alert when the tracked events load', async () => {
    seed();
    renderWithProviders(<EventDetailsView />);
    await screen.findByRole('list', { name: 'Tracked events' });
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
