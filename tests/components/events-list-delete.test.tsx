import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import { EventsView } from '@/features/events/components/events-view';
import { useBrandStore } from '@/stores/brand';
import { db } from '../mocks/db';
import { createEvent } from '../mocks/events.handlers';
import { server } from '../mocks/node';
import { mockRouter, setRoute } from '../setup/router';
import { addBrand, renderWithProviders, signInAs } from './test-utils';

function seed() {
  const { user } = signInAs();
  const brand = addBrand(user, 'Shop');
  useBrandStore.getState().setBrandId(brand.id);
  createEvent(brand.id, { name: 'Signed up', code: 'signed_up' });
  createEvent(brand.id, { name: 'Logged in', code: 'logged_in' });
  return brand;
}

const table = () => screen.getByRole('table', { name: 'Defined events' });
const eventNames = () =>
  within(table())
    .getAllByRole('link')
    .map((l) => l.textContent);
const toasts = () => document.querySelector('.Toastify');

describe('EventsView: deleting from the list', () => {
  beforeEach(() => {
    setRoute('/events');
  });
  afterEach(() => vi.restoreAllMocks());

  it('asks as the details page does, then removes the row and stays on the list', async () => {
    seed();
    const { user } = renderWithProviders(<EventsView />);
    await screen.findByRole('table', { name: 'Defined events' });

    await user.click(screen.getByRole('button', { name: 'Delete Signed up' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete event' });
    expect(dialog).toHaveTextContent(MESSAGES.events.deleteConfirm('Signed up'));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(db.events).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Delete Signed up' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete event' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(eventNames()).toEqual(['Logged in']));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(db.events.map((e) => e.name)).toEqual(['Logged in']);
    expect(toasts()).toHaveTextContent(MESSAGES.events.deleted);
    expect(mockRouter.push).not.toHaveBeenCalled();
  });

  it('works from the keyboard and gives the focus back to the search', async () => {
    seed();
    const { user } = renderWithProviders(<EventsView />);
    await screen.findByRole('table', { name: 'Defined events' });
    const trigger = screen.getByRole('button', { name: 'Delete Logged in' });

    trigger.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Delete event' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());

    await user.keyboard(' ');
    const dialog = await screen.findByRole('dialog', { name: 'Delete event' });
    within(dialog).getByRole('button', { name: 'Delete' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(eventNames()).toEqual(['Signed up']));
    await waitFor(() =>
      expect(screen.getByRole('searchbox', { name: 'Search events' })).toHaveFocus(),
    );
  });

  it('toasts a failed delete and keeps the row', async () => {
    seed();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.delete('*/v1/events/:id', () =>
        HttpResponse.json({ message: 'Locked', status: 500, code: 'internal' }, { status: 500 }),
      ),
    );
    const { user } = renderWithProviders(<EventsView />);
    await user.click(await screen.findByRole('button', { name: 'Delete Signed up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete event' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(toasts()).toHaveTextContent(MESSAGES.events.failedToDelete('Locked')),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(eventNames()).toEqual(['Logged in', 'Signed up']);
    expect(db.events).toHaveLength(2);
  });
});
