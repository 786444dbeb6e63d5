import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import { ProfileDetailsView } from '@/features/customer-profiles/components/profile-details-view';
import { createBrand, createUser, db } from '../mocks/db';
import { server } from '../mocks/node';
import {
  addDataAttribute,
  addMetadataAttribute,
  addProfile,
  addTrackedEvent,
} from '../mocks/profiles.handlers';
import { mockRouter, setRoute } from '../setup/router';
import { addBrand, renderWithProviders, signInAs } from './test-utils';

const openProfile = (id: number) => setRoute('/customer-profiles/[id]', { id: String(id) });
const card = (name: string) => screen.getByRole('region', { name });
const valueOf = (list: HTMLElement, label: string) => {
  const term = within(list).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
};

function setup() {
  const { user } = signInAs();
  const brand = addBrand(user, 'Shop');
  const profile = addProfile(brand.id, {
    customer_key: 'cus_42',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    anonymous_ids: ['anon_1', 'anon_2'],
    data_attributes: { country: 'GB', browser: 'Firefox', company: 'Engines Ltd', logins: 2500 },
    metadata: { plan: 'starter' },
    first_seen: '2026-01-02T09:30:00.000Z',
    last_seen: '2026-02-03T12:00:00.000Z',
  });
  return { brand, profile };
}

describe('ProfileDetailsView', () => {
  let timelineCursors: (string | null)[] = [];
  beforeEach(() => {
    timelineCursors = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/events')) timelineCursors.push(url.searchParams.get('cursor'));
    });
  });
  afterEach(() => server.events.removeAllListeners());

  it('shows the header, data attributes with N/A for missing ones, and the anonymous ids', async () => {
    const { brand, profile } = setup();
    addDataAttribute(brand.id, { field_name: 'logins', name: 'Logins', data_type: 'number' });
    addDataAttribute(brand.id, { field_name: 'team', name: 'Team', data_type: 'string' });
    openProfile(profile.id);
    renderWithProviders(<ProfileDetailsView />);

    const header = (await screen.findByRole('heading', { name: 'Ada Lovelace' })).closest(
      'header',
    )!;
    expect(header).toHaveTextContent('ada@example.com');
    expect(header).toHaveTextContent('Customer ID cus_42');
    expect(header).toHaveTextContent('First seen');

    const attributes = card('Data attributes');
    await waitFor(() => expect(valueOf(attributes, 'Logins')).toBe('2.5K'));
    expect(valueOf(attributes, 'Email')).toBe('ada@example.com');
    expect(valueOf(attributes, 'Country')).toBe('GB');
    expect(valueOf(attributes, 'Browser')).toBe('Firefox');
    expect(valueOf(attributes, 'OS')).toBe('N/A');
    expect(valueOf(attributes, 'Last seen')).toBe('03-02-2026');
    expect(valueOf(attributes, 'Team')).toBe('N/A');
    // Traits without a definition still show, after the defined ones.
    expect(valueOf(attributes, 'company')).toBe('Engines Ltd');

    expect(
      within(card('Anonymous IDs'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['anon_1', 'anon_2']);
  });

  it('edits the metadata inline and saves it with typed values', async () => {
    const { brand, profile } = setup();
    addMetadataAttribute(brand.id, {
      custom_field_name: 'plan',
      name: 'Plan',
      data_type: 'string',
    });
    addMetadataAttribute(brand.id, {
      custom_field_name: 'seats',
      name: 'Seats',
      data_type: 'number',
    });
    addMetadataAttribute(brand.id, { custom_field_name: 'vip', name: 'VIP', data_type: 'boolean' });
    openProfile(profile.id);
    const { user } = renderWithProviders(<ProfileDetailsView />);

    const metadata = await screen.findByRole('region', { name: 'Metadata' });
    await within(metadata).findByText('Plan');
    const values = within(metadata)
      .getAllByRole('definition')
      .map((dd) => dd.textContent);
    expect(values).toEqual(['starter', 'N/A', 'N/A']);

    await user.click(within(metadata).getByRole('button', { name: 'Edit metadata' }));
    const plan = within(metadata).getByLabelText('Plan');
    expect(plan).toHaveValue('starter');
    await user.clear(plan);
    await user.type(plan, 'growth');
    await user.type(within(metadata).getByLabelText('Seats'), '12');
    await user.selectOptions(within(metadata).getByLabelText('VIP'), 'True');
    await user.click(within(metadata).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MESSAGES.profiles.metadataSaved)).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(metadata)
          .getAllByRole('definition')
          .map((dd) => dd.textContent),
      ).toEqual(['growth', '12', 'True']),
    );
    expect(db.profiles[0].metadata).toEqual({ plan: 'growth', seats: 12, vip: true });
  });

  it('pages through the event timeline, newest first, and expands properties', async () => {
    const { profile } = setup();
    const start = Date.parse('2026-02-03T12:00:00.000Z');
    for (let i = 0; i < 25; i += 1)
      addTrackedEvent(profile, {
        event: `event_${i}`,
        timestamp: new Date(start - i * 60_000).toISOString(),
        url: i === 0 ? 'https://shop.example.com/cart' : null,
        properties: { index: i },
      });
    openProfile(profile.id);
    const { user } = renderWithProviders(<ProfileDetailsView />);

    const timeline = await screen.findByRole('region', { name: 'Event timeline' });
    const events = () => within(timeline).getAllByRole('listitem');
    await waitFor(() => expect(events()).toHaveLength(20));
    expect(events()[0]).toHaveTextContent('event_0');
    expect(events()[0]).toHaveTextContent('track');
    expect(events()[0]).toHaveTextContent('https://shop.example.com/cart');
    expect(events()[1]).toHaveTextContent('N/A');

    await user.click(within(timeline).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(events()).toHaveLength(25));
    expect(events()[24]).toHaveTextContent('event_24');
    expect(timelineCursors[0]).toBeNull();
    expect(timelineCursors[1]).toEqual(expect.any(String));
    expect(within(timeline).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    const toggle = within(events()[3]).getByRole('button', { name: 'Properties' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(events()[3]).getByLabelText('Properties of event_3')).toHaveTextContent(
      '"index": 3',
    );
  });

  it("answers another account's profile with not found and a link back", async () => {
    signInAs();
    const stranger = createUser({ email: 'eve@example.com' });
    const foreign = addProfile(
      createBrand(stranger.id, { name: 'Theirs', domain: 'theirs.example.com' }).id,
    );
    openProfile(foreign.id);
    renderWithProviders(<ProfileDetailsView />);

    expect(await screen.findByText(MESSAGES.profiles.notFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to customer profiles' })).toHaveAttribute(
      'href',
      '/customer-profiles',
    );
  });

  it('erases the customer after a choice of mode and suppression, then leaves for the list', async () => {
    const { profile } = setup();
    openProfile(profile.id);
    const { user } = renderWithProviders(<ProfileDetailsView />);
    await user.click(await screen.findByRole('button', { name: 'Erase customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase Ada Lovelace?' });
    expect(within(dialog).getByRole('radio', { name: /Delete everything/ })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: /Keep anonymous events/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Stop tracking/ }));
    const sent: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.url.endsWith('/erase')) sent.push(await request.clone().json());
    });
    await user.click(within(dialog).getByRole('button', { name: 'Erase' }));
    expect(await screen.findByText(MESSAGES.erasure.queued('Ada Lovelace'))).toBeInTheDocument();
    expect(sent).toEqual([{ mode: 'redact', suppress: true }]);
    expect(db.profiles.some((p) => p.id === profile.id)).toBe(false);
    await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith('/customer-profiles'));
  });

  it('closes without erasing on Cancel', async () => {
    const { profile } = setup();
    openProfile(profile.id);
    const { user } = renderWithProviders(<ProfileDetailsView />);
    await user.click(await screen.findByRole('button', { name: 'Erase customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase Ada Lovelace?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(db.profiles.some((p) => p.id === profile.id)).toBe(true);
  });
});
