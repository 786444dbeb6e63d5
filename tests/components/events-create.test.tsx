import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import { CreateEventView } from '@/features/events/components/create-event-view';
import { db } from '../mocks/db';
import { createEvent } from '../mocks/events.handlers';
import { mockRouter, setRoute } from '../setup/router';
import { renderWithProviders, signedInWithBrand, signInAs } from './test-utils';

const field = (label: string) => screen.getByRole('textbox', { name: label });

describe('CreateEventView', () => {
  beforeEach(() => {
    setRoute('/events/create');
  });

  it('creates an event with attributes, toasts and opens its page', async () => {
    const brand = signedInWithBrand();
    const { user } = renderWithProviders(<CreateEventView />);

    await user.type(field('Name'), 'Checkout completed');
    await user.type(field('Code'), 'checkout_completed');
    await user.click(screen.getByRole('button', { name: 'Add attribute' }));
    await user.click(screen.getByRole('button', { name: 'Add attribute' }));
    await user.type(field('Attribute 1 code'), 'amount');
    await user.type(field('Attribute 1 name'), 'Amount');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Attribute 1 data type' }), [
      'Number',
    ]);
    await user.type(field('Attribute 2 code'), 'coupon');
    await user.type(field('Attribute 2 name'), 'Coupon');
    await user.click(screen.getByRole('button', { name: 'Create event' }));

    expect(await screen.findByText(MESSAGES.events.created)).toBeInTheDocument();
    expect(db.events).toHaveLength(1);
    const saved = db.events[0];
    expect(saved).toMatchObject({
      brand_id: brand.id,
      name: 'Checkout completed',
      code: 'checkout_completed',
      attributes: [
        { code: 'amount', name: 'Amount', data_type: 'number' },
        { code: 'coupon', name: 'Coupon', data_type: 'string' },
      ],
    });
    await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith(`/events/${saved.id}`));
  });

  it('prefills name and code from ?code= (Define an undefined event)', async () => {
    signedInWithBrand();
    setRoute('/events/create', { code: 'video_played' });
    const { user } = renderWithProviders(<CreateEventView />);
    expect(field('Name')).toHaveValue('video_played');
    expect(field('Code')).toHaveValue('video_played');
    await user.click(screen.getByRole('button', { name: 'Create event' }));
    await waitFor(() => expect(db.events.map((e) => e.code)).toEqual(['video_played']));
  });

  it('validates with the event contract before sending anything', async () => {
    signedInWithBrand();
    const { user } = renderWithProviders(<CreateEventView />);
    await user.click(screen.getByRole('button', { name: 'Add attribute' }));
    await user.click(screen.getByRole('button', { name: 'Add attribute' }));
    await user.type(field('Attribute 1 code'), 'plan');
    await user.type(field('Attribute 1 name'), 'Plan');
    await user.type(field('Attribute 2 code'), 'plan');
    await user.type(field('Attribute 2 name'), 'Plan again');
    await user.click(screen.getByRole('button', { name: 'Create event' }));

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Code is required')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.events.duplicateAttribute)).toBeInTheDocument();
    expect(db.events).toHaveLength(0);

    // Removing the duplicate clears the list error.
    await user.click(screen.getByRole('button', { name: 'Remove attribute 2' }));
    await waitFor(() =>
      expect(screen.queryByText(MESSAGES.events.duplicateAttribute)).not.toBeInTheDocument(),
    );
  });

  it('shows a taken code on the code field and in a toast', async () => {
    const brand = signedInWithBrand();
    createEvent(brand.id, { name: 'Signed up', code: 'signed_up' });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user } = renderWithProviders(<CreateEventView />);
    await user.type(field('Name'), 'Another');
    await user.type(field('Code'), 'signed_up');
    await user.click(screen.getByRole('button', { name: 'Create event' }));

    expect(
      await screen.findByText(MESSAGES.events.failedToCreate(MESSAGES.events.codeTaken)),
    ).toBeInTheDocument();
    const codeField = field('Code');
    expect(codeField).toHaveAttribute('aria-invalid', 'true');
    expect(codeField).toHaveAccessibleDescription(MESSAGES.events.codeTaken);
    expect(db.events).toHaveLength(1);
    expect(mockRouter.push).not.toHaveBeenCalled();
  });

  it('asks for a product first when there is none', () => {
    signInAs();
    renderWithProviders(<CreateEventView />);
    expect(screen.getByText(MESSAGES.events.brandRequired)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create event' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('link', { name: 'Go to Product Tracking' })).getByText(
        'Go to Product Tracking',
      ),
    ).toBeInTheDocument();
  });
});
