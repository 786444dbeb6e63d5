import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import { ProfilesView } from '@/features/customer-profiles/components/profiles-view';
import { useBrandStore } from '@/stores/brand';
import { createBrand, createUser } from '../mocks/db';
import { server } from '../mocks/node';
import { addMetadataAttribute, addProfile } from '../mocks/profiles.handlers';
import { setRoute } from '../setup/router';
import { addBrand, renderWithProviders, signInAs } from './test-utils';

/** Query strings of every GET /v1/customer-profiles the view sent. */
let listQueries: URLSearchParams[] = [];

function setup() {
  const { user: account } = signInAs();
  const brand = addBrand(account, 'Shop');
  useBrandStore.setState({ brandId: brand.id });
  return brand;
}

const rowsOf = () => {
  const table = screen.getByRole('table', { name: 'Customers' });
  // The first row is the header.
  return within(table).getAllByRole('row').slice(1);
};
const customerKeys = () => rowsOf().map((r) => within(r).getAllByRole('rowheader')[0].textContent);

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

describe('ProfilesView', () => {
  beforeEach(() => {
    setRoute('/customer-profiles');
    listQueries = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname === '/v1/customer-profiles') listQueries.push(url.searchParams);
    });
  });
  afterEach(() => server.events.removeAllListeners());

  it('lists the customers of the current product, newest first, linking to each profile', async () => {
    const brand = setup();
    const stranger = createUser({ email: 'other@example.com' });
    addProfile(createBrand(stranger.id, { name: 'Other', domain: 'other.example.com' }).id, {
      customer_key: 'foreign',
    });
    const older = addProfile(brand.id, {
      customer_key: 'cus_old',
      name: 'Grace Hopper',
      email: null,
      last_seen: '2026-01-05T12:00:00.000Z',
      first_seen: '2025-12-01T12:00:00.000Z',
    });
    addProfile(brand.id, {
      customer_key: 'cus_new',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      data_attributes: { country: 'GB' },
      last_seen: hoursAgo(1),
    });
    renderWithProviders(<ProfilesView />);

    expect(screen.getByRole('status', { name: 'Loading customers' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Customers' });
    expect(customerKeys()).toEqual(['cus_new', 'cus_old']);
    const [first, second] = rowsOf();
    expect(first).toHaveTextContent('Ada Lovelace');
    expect(first).toHaveTextContent('ada@example.com');
    expect(first).toHaveTextContent('GB');
    // Missing e-mail and country read N/A; dates are dd-MM-yyyy.
    expect(within(second).getAllByText('N/A')).toHaveLength(2);
    expect(second).toHaveTextContent('05-01-2026');
    expect(second).toHaveTextContent('01-12-2025');
    expect(within(second).getByRole('link', { name: 'cus_old' })).toHaveAttribute(
      'href',
      `/customer-profiles/${older.id}`,
    );
    expect(screen.getByRole('link', { name: 'Metadata attributes' })).toHaveAttribute(
      'href',
      '/customer-profiles/metadata',
    );
    expect(screen.getByRole('link', { name: 'Data attributes' })).toHaveAttribute(
      'href',
      '/customer-profiles/data-attributes',
    );
    expect(listQueries[0].get('brand_id')).toBe(String(brand.id));
    expect(listQueries[0].get('sort_order')).toBe('desc');
  });

  it('sends the debounced search and shows the filtered-empty message when nothing matches', async () => {
    const brand = setup();
    addProfile(brand.id, { customer_key: 'cus_1', name: 'Ada Lovelace' });
    addProfile(brand.id, { customer_key: 'cus_2', email: 'grace@navy.mil' });
    const { user } = renderWithProviders(<ProfilesView />);
    await screen.findByRole('table', { name: 'Customers' });

    await user.type(screen.getByLabelText('Search customers'), 'navy');
    await waitFor(() => expect(customerKeys()).toEqual(['cus_2']));
    // The count says what it counts: the customers that match, not all of them.
    expect(
      screen.getByText('Showing 1 of 1 customers matching the search and filters'),
    ).toBeInTheDocument();
    // One request for the whole word, none per keystroke.
    expect(listQueries.map((q) => q.get('search')).filter(Boolean)).toEqual(['navy']);

    await user.clear(screen.getByLabelText('Search customers'));
    await user.type(screen.getByLabelText('Search customers'), 'nobody');
    expect(await screen.findByText(MESSAGES.profiles.noMatch)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.profiles.empty)).not.toBeInTheDocument();
  });

  it('shows the empty state when the product has no customers yet', async () => {
    setup();
    renderWithProviders(<ProfilesView />);
    expect(await screen.findByText(MESSAGES.profiles.empty)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.profiles.noMatch)).not.toBeInTheDocument();
  });

  it('asks for a product first when none is chosen', () => {
    signInAs();
    useBrandStore.setState({ brandId: null });
    renderWithProviders(<ProfilesView />);
    expect(screen.getByText(MESSAGES.events.brandRequired)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Product Tracking' })).toHaveAttribute(
      'href',
      '/brands',
    );
  });

  it('switches the last-seen order', async () => {
    const brand = setup();
    addProfile(brand.id, { customer_key: 'cus_a', last_seen: hoursAgo(5) });
    addProfile(brand.id, { customer_key: 'cus_b', last_seen: hoursAgo(1) });
    const { user } = renderWithProviders(<ProfilesView />);
    await waitFor(() => expect(customerKeys()).toEqual(['cus_b', 'cus_a']));

    await user.selectOptions(screen.getByLabelText('Sort by last seen'), 'Oldest first');
    await waitFor(() => expect(customerKeys()).toEqual(['cus_a', 'cus_b']));
    expect(listQueries.at(-1)?.get('sort_order')).toBe('asc');
    expect(screen.getByRole('columnheader', { name: 'Last seen' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });

  it('appends the next page on "Load more" until the list is exhausted', async () => {
    const brand = setup();
    for (let i = 0; i < 25; i += 1)
      addProfile(brand.id, { customer_key: `cus_${i}`, last_seen: hoursAgo(i) });
    const { user } = renderWithProviders(<ProfilesView />);
    await waitFor(() => expect(rowsOf()).toHaveLength(20));
    expect(screen.getByText('Showing 20 of 25 customers of this product')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rowsOf()).toHaveLength(25));
    expect(customerKeys().slice(18, 22)).toEqual(['cus_18', 'cus_19', 'cus_20', 'cus_21']);
    expect(listQueries.map((q) => q.get('cursor'))).toEqual(['1', '2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('builds attribute conditions, resetting type and value per docs/product/entities.md#condition-editing, and sends them as JSON', async () => {
    const brand = setup();
    addMetadataAttribute(brand.id, {
      custom_field_name: 'seats',
      name: 'Seats',
      data_type: 'number',
    });
    addProfile(brand.id, {
      customer_key: 'gb_big',
      data_attributes: { country: 'GB' },
      metadata: { seats: 5 },
    });
    addProfile(brand.id, {
      customer_key: 'de_small',
      data_attributes: { country: 'DE' },
      metadata: { seats: 1 },
    });
    addProfile(brand.id, { customer_key: 'us_none', data_attributes: { country: 'US' } });
    const { user } = renderWithProviders(<ProfilesView />);
    await waitFor(() => expect(rowsOf()).toHaveLength(3));

    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    const attribute = screen.getByRole('combobox', { name: 'Condition 1 attribute' });
    const type = screen.getByRole('combobox', { name: 'Condition 1 condition type' });
    expect(type).toBeDisabled();
    await waitFor(() => expect(attribute).toBeEnabled());
    // Options come grouped ATTRIBUTE / METADATA with their data type.
    expect(within(attribute).getByRole('group', { name: 'METADATA' })).toHaveTextContent(
      'Seats (Number)',
    );

    await user.selectOptions(attribute, 'Country (Text)');
    expect(type).toHaveValue('exact');
    await user.type(screen.getByRole('textbox', { name: 'Condition 1 value' }), 'GB');
    await user.selectOptions(type, 'starts with');
    expect(screen.getByRole('textbox', { name: 'Condition 1 value' })).toHaveValue('');
    await user.type(screen.getByRole('textbox', { name: 'Condition 1 value' }), 'D');

    // Choosing another attribute resets the type to its first one and empties the value.
    await user.selectOptions(attribute, 'Email (Text)');
    expect(type).toHaveValue('exact');
    expect(screen.getByRole('textbox', { name: 'Condition 1 value' })).toHaveValue('');
    await user.type(screen.getByRole('textbox', { name: 'Condition 1 value' }), 'x');
    await user.selectOptions(attribute, 'Seats (Number)');
    expect(type).toHaveValue('=');
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toContain('not equal');
    const seats = screen.getByRole('spinbutton', { name: 'Condition 1 value' });
    expect(seats).toHaveValue(null);
    await user.selectOptions(type, 'greater than or equal');
    await user.type(seats, '2');

    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Condition 2 attribute' }),
      'Country (Text)',
    );
    await user.type(screen.getByRole('textbox', { name: 'Condition 2 value' }), 'DE');
    await user.click(screen.getByRole('button', { name: 'OR' }));
    expect(screen.getByRole('button', { name: 'OR' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(() =>
      expect(customerKeys()).toEqual(expect.arrayContaining(['gb_big', 'de_small'])),
    );
    expect(customerKeys()).toHaveLength(2);
    const sent = listQueries.at(-1)!;
    expect(JSON.parse(sent.get('conditions') ?? '')).toEqual([
      { customer_key: 'seats', condition_type: '>=', value: 2 },
      { customer_key: 'country', condition_type: 'exact', value: 'DE' },
    ]);
    expect(sent.get('condition_operator')).toBe('OR');

    await user.click(screen.getByRole('button', { name: 'AND' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(MESSAGES.profiles.noMatch)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(rowsOf()).toHaveLength(3));
    expect(
      screen.queryByRole('combobox', { name: 'Condition 1 attribute' }),
    ).not.toBeInTheDocument();
  });

  it('offers no value input for is empty and sends the condition without a value', async () => {
    const brand = setup();
    addProfile(brand.id, { customer_key: 'with_mail', email: 'a@example.com' });
    addProfile(brand.id, { customer_key: 'no_mail' });
    const { user } = renderWithProviders(<ProfilesView />);
    await waitFor(() => expect(rowsOf()).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    const attribute = screen.getByRole('combobox', { name: 'Condition 1 attribute' });
    await waitFor(() => expect(attribute).toBeEnabled());
    await user.selectOptions(attribute, 'Email (Text)');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Condition 1 condition type' }),
      'is empty',
    );
    expect(screen.queryByRole('textbox', { name: 'Condition 1 value' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(customerKeys()).toEqual(['no_mail']));
    expect(JSON.parse(listQueries.at(-1)?.get('conditions') ?? '')).toEqual([
      { customer_key: 'email', condition_type: 'empty' },
    ]);
  });

  it('edits a date range with from and to inputs', async () => {
    const brand = setup();
    addProfile(brand.id, { customer_key: 'jan', last_seen: '2026-01-15T12:00:00.000Z' });
    addProfile(brand.id, { customer_key: 'mar', last_seen: '2026-03-15T12:00:00.000Z' });
    const { user } = renderWithProviders(<ProfilesView />);
    await waitFor(() => expect(rowsOf()).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    const attribute = screen.getByRole('combobox', { name: 'Condition 1 attribute' });
    await waitFor(() => expect(attribute).toBeEnabled());
    await user.selectOptions(attribute, 'Last seen (Date)');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Condition 1 condition type' }),
      'range',
    );
    await user.type(screen.getByLabelText('Condition 1 from'), '2026-01-01');
    await user.type(screen.getByLabelText('Condition 1 to'), '2026-01-31');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(customerKeys()).toEqual(['jan']));
    expect(JSON.parse(listQueries.at(-1)?.get('conditions') ?? '')).toEqual([
      {
        customer_key: 'last_seen',
        condition_type: 'range',
        value: { from: '2026-01-01', to: '2026-01-31' },
      },
    ]);
  });
});
