import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventDef } from '@/lib/contracts/events';
import { MESSAGES } from '@/lib/messages';
import { EventPicker } from '@/components/event-picker';
import { db } from '../mocks/db';
import { server } from '../mocks/node';
import { addBrand, renderWithProviders, signInAs } from './test-utils';

/** Query strings of the autocomplete calls the picker made. */
const calls: Record<string, string>[] = [];
const record = ({ request }: { request: Request }) => {
  const url = new URL(request.url);
  if (url.pathname === '/v1/events/autocomplete') calls.push(Object.fromEntries(url.searchParams));
};

function addEvents(brandId: number, count: number, prefix = 'Event') {
  const now = new Date().toISOString();
  for (let i = 1; i <= count; i += 1) {
    db.seq.event += 1;
    db.events.push({
      id: db.seq.event,
      brand_id: brandId,
      // Zero-padded so the mock's name order is the creation order.
      name: `${prefix} ${String(i).padStart(2, '0')}`,
      code: `${prefix.toLowerCase()}_${i}`,
      attributes: [],
      created_at: now,
      updated_at: now,
    });
  }
}

function Harness({
  brandId,
  initial = null,
  onChange,
}: {
  brandId: number | null;
  initial?: number | null;
  onChange?: (e: EventDef | null) => void;
}) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <EventPicker
      brandId={brandId}
      value={value}
      onChange={(event) => {
        setValue(event?.id ?? null);
        onChange?.(event);
      }}
    />
  );
}

const picker = () => screen.getByRole('combobox', { name: 'Event' });
const optionNames = () =>
  within(screen.getByRole('listbox'))
    .queryAllByRole('option')
    .map((o) => o.textContent);

/** jsdom lays nothing out: every list is "at its bottom" when scrolled. */
const scrollToBottom = () => fireEvent.scroll(screen.getByRole('listbox'));
const settle = () => act(() => new Promise((r) => setTimeout(r, 30)));

describe('EventPicker', () => {
  beforeEach(() => {
    calls.length = 0;
    server.events.on('request:start', record);
  });
  afterEach(() => {
    server.events.removeListener('request:start', record);
    vi.restoreAllMocks();
  });

  it('pages by offset (page - 1) * 10 and stops after a short page', async () => {
    const { user: account } = signInAs();
    const brand = addBrand(account, 'Shop');
    addEvents(brand.id, 23);
    const { user } = renderWithProviders(<Harness brandId={brand.id} />);

    await user.click(picker());
    await waitFor(() => expect(optionNames()).toHaveLength(10));
    expect(calls).toEqual([{ brand_id: String(brand.id), name: '', offset: '0', limit: '10' }]);

    scrollToBottom();
    await waitFor(() => expect(optionNames()).toHaveLength(20));
    scrollToBottom();
    await waitFor(() => expect(optionNames()).toHaveLength(23));
    expect(calls.map((c) => c.offset)).toEqual(['0', '10', '20']);

    // Three items < 10: the cursor is null, no more calls.
    scrollToBottom();
    await settle();
    expect(calls).toHaveLength(3);
  });

  it('merges pages without duplicates when the data shifts between pages', async () => {
    const { user: account } = signInAs();
    const brand = addBrand(account, 'Shop');
    addEvents(brand.id, 15);
    const { user } = renderWithProviders(<Harness brandId={brand.id} />);
    await user.click(picker());
    await waitFor(() => expect(optionNames()).toHaveLength(10));

    // A new event sorting first pushes "Event 10" onto page 2 as well.
    addEvents(brand.id, 1, 'Aardvark');
    scrollToBottom();
    await waitFor(() => expect(calls).toHaveLength(2));
    await waitFor(() => expect(optionNames()).toHaveLength(15));
    const names = optionNames();
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((n) => n?.startsWith('Event 10'))).toHaveLength(1);
  });

  it('searches by name from the first page', async () => {
    const { user: account } = signInAs();
    const brand = addBrand(account, 'Shop');
    addEvents(brand.id, 12);
    addEvents(brand.id, 2, 'Checkout');
    const { user } = renderWithProviders(<Harness brandId={brand.id} />);
    await user.click(picker());
    await user.type(screen.getByPlaceholderText('Search...'), 'check');
    await waitFor(() =>
      expect(optionNames()).toEqual(['Checkout 01 (checkout_1)', 'Checkout 02 (checkout_2)']),
    );
    expect(calls.at(-1)).toMatchObject({ name: 'check', offset: '0' });
  });

  it('makes no call while the brand id is not a number', async () => {
    signInAs();
    const { user } = renderWithProviders(<Harness brandId={null} />);
    await user.click(picker());
    expect(await screen.findByText('No results found.')).toBeInTheDocument();
    await settle();
    expect(calls).toEqual([]);
  });

  it('shows a chosen event that is not on the first page and hands back the event', async () => {
    const { user: account } = signInAs();
    const brand = addBrand(account, 'Shop');
    addEvents(brand.id, 12);
    const onChange = vi.fn();
    const { user } = renderWithProviders(
      <Harness brandId={brand.id} initial={12} onChange={onChange} />,
    );
    await waitFor(() => expect(picker()).toHaveTextContent('Event 12'));

    await user.click(picker());
    await user.click(await screen.findByRole('option', { name: 'Event 03 (event_3)' }));
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ id: 3, code: 'event_3' }));
    expect(picker()).toHaveTextContent('Event 03');
  });

  it('toasts a failed search', async () => {
    const { user: account } = signInAs();
    const brand = addBrand(account, 'Shop');
    server.use(
      http.get('*/v1/events/autocomplete', () =>
        HttpResponse.json(
          { message: 'Search is down', status: 503, code: 'unavailable' },
          { status: 503 },
        ),
      ),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderWithProviders(<Harness brandId={brand.id} />);
    await user.click(picker());
    expect(
      await screen.findByText(MESSAGES.events.failedAutocomplete('Search is down')),
    ).toBeInTheDocument();
  });
});
