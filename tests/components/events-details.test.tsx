import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import { EventDetailsView } from '@/features/events/components/event-details-view';
import { eventKeys } from '@/features/events/lib/query-keys';
import { useBrandStore } from '@/stores/brand';
import { createUser, createBrand, db } from '../mocks/db';
import { createEvent } from '../mocks/events.handlers';
import { server } from '../mocks/node';
import { mockRouter, setRoute } from '../setup/router';
import { addBrand, renderWithProviders, signInAs } from './test-utils';

function seed() {
  const { user } = signInAs();
  const brand = addBrand(user, 'Shop');
  useBrandStore.getState().setBrandId(brand.id);
  const event = createEvent(brand.id, {
    name: 'Signed up',
    code: 'signed_up',
    attributes: [{ code: 'plan', name: 'Plan', data_type: 'string' }],
  });
  setRoute('/events/[id]', { id: String(event.id) });
  return { brand, event };
}

const field = (label: string) => screen.getByRole('textbox', { name: label });
const serverError = (message: string, status = 500) =>
  HttpResponse.json({ message, status, code: 'internal' }, { status });

describe('EventDetailsView', () => {
  afterEach(() => vi.restoreAllMocks());

  it('updates the event, toasts and refreshes the event and list caches', async () => {
    const { brand, event } = seed();
    const { user, queryClient } = renderWithProviders(<EventDetailsView />);
    const listKey = eventKeys.list({ brand_id: brand.id, search: '' });
    queryClient.setQueryData(listKey, { pages: [], pageParams: [] });

    await waitFor(() => expect(field('Name')).toHaveValue('Signed up'));
    expect(field('Code')).toHaveValue('signed_up');
    expect(field('Attribute 1 code')).toHaveValue('plan');

    await user.clear(field('Name'));
    await user.type(field('Name'), 'Registered');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Attribute 1 data type' }), [
      'List',
    ]);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(MESSAGES.events.updated)).toBeInTheDocument();
    expect(db.events[0]).toMatchObject({
      id: event.id,
      name: 'Registered',
      attributes: [{ code: 'plan', name: 'Plan', data_type: 'list' }],
    });
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);
    expect(await screen.findByRole('heading', { name: 'Registered' })).toBeInTheDocument();
  });

  it('toasts a failed update', async () => {
    seed();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.put('*/v1/events/:id', () => serverError('Disk full')));
    const { user } = renderWithProviders(<EventDetailsView />);
    await waitFor(() => expect(field('Name')).toHaveValue('Signed up'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText(MESSAGES.events.failedToUpdate('Disk full')),
    ).toBeInTheDocument();
  });

  it('deletes only after confirmation and goes back to the list', async () => {
    seed();
    const { user } = renderWithProviders(<EventDetailsView />);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete event' });
    expect(dialog).toHaveTextContent(MESSAGES.events.deleteConfirm('Signed up'));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(db.events).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete event' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith('/events'));
    expect(db.events).toHaveLength(0);
    expect(screen.getByText(MESSAGES.events.deleted)).toBeInTheDocument();
  });

  it('toasts a failed delete and stays', async () => {
    seed();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.delete('*/v1/events/:id', () => serverError('Locked')));
    const { user } = renderWithProviders(<EventDetailsView />);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete event' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MESSAGES.events.failedToDelete('Locked'))).toBeInTheDocument();
    expect(mockRouter.push).not.toHaveBeenCalled();
    expect(db.events).toHaveLength(1);
  });

  it('shows "something went wrong" when the event cannot be loaded', async () => {
    seed();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get('*/v1/events/:id', () => serverError('Timeout')));
    renderWithProviders(<EventDetailsView />);
    const message = MESSAGES.events.fetchError('Timeout');
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it("answers not found for another account's event and for a non-numeric id", async () => {
    signInAs();
    const stranger = createUser({ email: 'eve@example.com' });
    const theirs = createEvent(createBrand(stranger.id, { name: 'X', domain: 'x.com' }).id, {
      name: 'Secret',
      code: 'secret',
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    setRoute('/events/[id]', { id: String(theirs.id) });
    const first = renderWithProviders(<EventDetailsView />);
    expect(await screen.findByText(MESSAGES.events.notFound)).toBeInTheDocument();
    expect(screen.queryByText('Secret')).not.toBeInTheDocument();
    first.unmount();

    setRoute('/events/[id]', { id: 'abc' });
    renderWithProviders(<EventDetailsView />);
    expect(screen.getByText(MESSAGES.events.notFound)).toBeInTheDocument();
  });
});
