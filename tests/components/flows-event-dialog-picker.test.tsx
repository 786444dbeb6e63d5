import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_SEARCH_LIMIT } from '@/lib/constants';
import type { EventCondition } from '@/lib/contracts/flows';
import { EventConditionDialog } from '@/components/conditions/event-condition-dialog';
import { createBrand, db } from '../mocks/db';
import { createEvent } from '../mocks/events.handlers';
import { seedConditionData, type ConditionSeed } from '../mocks/flows-seed';
import { server } from '../mocks/node';
import { renderWithProviders } from './test-utils';

/**
 * The Event dialog chooses its event with the shared brand-scoped picker
 * (components/event-picker.tsx, docs/product/screens.md#26-shared-widgets) in its search-box form:
 * one request of at most 99 events (docs/product/screens.md#244-event-dialog).
 */

let seed: ConditionSeed;
/** Query strings of every GET /v1/events/autocomplete, and the paths of GET /v1/events/:id. */
let searches: URLSearchParams[] = [];
let lookups: string[] = [];

beforeEach(() => {
  seed = seedConditionData();
  searches = [];
  lookups = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname === '/v1/events/autocomplete') searches.push(url.searchParams);
    else if (request.method === 'GET' && /^\/v1\/events\/\d+$/.test(url.pathname))
      lookups.push(url.pathname);
  });
});
afterEach(() => {
  server.events.removeAllListeners();
  vi.restoreAllMocks();
});

function renderDialog(brandId = seed.brand.id, initial: EventCondition | null = null) {
  const onSave = vi.fn();
  const onClose = vi.fn();
  const utils = renderWithProviders(
    <EventConditionDialog
      open
      initial={initial}
      brandId={brandId}
      onSave={onSave}
      onClose={onClose}
    />,
  );
  return { ...utils, onSave, onClose };
}

const searchBox = () => screen.getByRole('combobox', { name: 'Event' });
const list = () => screen.getByRole('listbox', { name: 'Events' });
const optionNames = () =>
  within(list())
    .queryAllByRole('option')
    .map((o) => o.textContent);
const settle = () => act(() => new Promise((r) => setTimeout(r, 30)));

function addEvents(brandId: number, count: number) {
  for (let i = 1; i <= count; i += 1)
    createEvent(brandId, { name: `Bulk ${String(i).padStart(3, '0')}`, code: `bulk_${i}` });
}

describe('EventConditionDialog uses the shared event picker', () => {
  it('types into the picker to search the product, from the first page', async () => {
    const { user } = renderDialog();
    await user.type(searchBox(), 'page');
    await waitFor(() => expect(optionNames()).toEqual(['Page viewed (page_view)']));
    expect(searches.at(-1)?.get('name')).toBe('page');
    expect(searches.at(-1)?.get('offset')).toBe('0');
    expect(searches.every((s) => s.get('brand_id') === String(seed.brand.id))).toBe(true);
  });

  it('says "No results found." when the search finds nothing', async () => {
    const { user } = renderDialog();
    await user.type(searchBox(), 'zzz');
    expect(await within(list()).findByText('No results found.')).toBeInTheDocument();
    expect(optionNames()).toEqual([]);
    expect(within(list()).queryByText('No data found')).not.toBeInTheDocument();
  });

  it('says "No data found" when the product has no events', async () => {
    const empty = createBrand(seed.brand.owner_id, { name: 'Empty', domain: 'empty.test' });
    const { user } = renderDialog(empty.id);
    await user.click(searchBox());
    expect(await within(list()).findByText('No data found')).toBeInTheDocument();
    expect(searches).toHaveLength(1);
    expect(searches[0].get('brand_id')).toBe(String(empty.id));
  });

  it('asks for one page of at most 99 events and no next page when scrolled to the end', async () => {
    addEvents(seed.brand.id, 120);
    const { user } = renderDialog();
    await user.click(searchBox());
    await waitFor(() => expect(optionNames()).toHaveLength(EVENT_SEARCH_LIMIT));
    expect(searches.map((s) => [s.get('offset'), s.get('limit')])).toEqual([['0', '99']]);

    // jsdom lays nothing out: every list is "at its bottom" when scrolled.
    fireEvent.scroll(list());
    await settle();
    expect(searches).toHaveLength(1);
    expect(optionNames()).toHaveLength(EVENT_SEARCH_LIMIT);
  });

  it('chooses from the keyboard, and Escape closes only the list', async () => {
    const { user, onClose } = renderDialog();
    await user.click(searchBox());
    await waitFor(() => expect(optionNames()).toHaveLength(3));
    await user.keyboard('{End}');
    expect(searchBox()).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: 'Signed up (signup)' }).id,
    );
    await user.keyboard('{Home}{ArrowDown}{Enter}');
    expect(searchBox()).toHaveValue('Page viewed');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.keyboard('{ArrowDown}');
    expect(list()).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Event' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('reads the saved event once for the field and its attribute conditions', async () => {
    renderDialog(seed.brand.id, {
      event_id: seed.checkout.id,
      event_code: 'checkout',
      frequency: { condition_type: 'at_least', value: 1 },
      timeframe: { condition_type: 'in_the_last', value: 1, unit: 'days' },
      attribute_conditions: [{ attribute_key: 'amount', condition_type: '>', value: 10 }],
      attribute_condition_operator: 'AND',
    });
    await waitFor(() => expect(searchBox()).toHaveValue('Checkout completed'));
    expect(
      await screen.findByRole('combobox', { name: 'Condition 1 attribute' }),
    ).toHaveTextContent('Amount');
    await settle();
    expect(lookups).toEqual([`/v1/events/${seed.checkout.id}`]);
    expect(searches).toEqual([]);
  });

  it('shows the saved code, without an error toast, when the event was deleted since', async () => {
    const gone = seed.signup;
    db.events.splice(
      db.events.findIndex((e) => e.id === gone.id),
      1,
    );
    renderDialog(seed.brand.id, {
      event_id: gone.id,
      event_code: gone.code,
      frequency: { condition_type: 'at_least', value: 1 },
      timeframe: { condition_type: 'in_the_last', value: 1, unit: 'days' },
      attribute_conditions: [],
      attribute_condition_operator: 'AND',
    });
    await waitFor(() => expect(searchBox()).toHaveValue('signup'));
    await settle();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
