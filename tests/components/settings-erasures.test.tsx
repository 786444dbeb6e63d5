import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import { DataSection } from '@/features/settings/components/data-section';
import { notFoundMessage } from '@/features/settings/components/erase-customer-finder';
import { ERASURE_LOG_EMPTY } from '@/features/settings/components/erasure-log';
import { db } from '../mocks/db';
import { server } from '../mocks/node';
import {
  addErasure,
  addProfile,
  addTrackedEvent,
  mockErasureReceipt,
} from '../mocks/profiles.handlers';
import { addBrand, renderWithProviders, signInAs } from './test-utils';

/** Settings → Data → Erase a customer and the Erasure log (docs/data-rights.md). */
function setup() {
  const { user } = signInAs();
  const brand = addBrand(user, 'Shop');
  const view = renderWithProviders(<DataSection brandId={brand.id} />);
  const block = () => screen.getByRole('region', { name: 'Erase a customer' });
  return { ...view, account: user, brand, block };
}

afterEach(() => server.events.removeAllListeners());

describe('Settings → Data: erase a customer', () => {
  it('finds the exact customer id, opens the erase dialog and posts the chosen erasure', async () => {
    const { user, brand, block } = setup();
    // "cus_4" is also part of cus_42's id, seen more recently (first in the search): only the
    // exact id is taken.
    addProfile(brand.id, { customer_key: 'cus_42', name: 'Charles Babbage' });
    const ada = addProfile(brand.id, {
      customer_key: 'cus_4',
      name: 'Ada Lovelace',
      last_seen: '2026-01-02T09:30:00.000Z',
    });
    addTrackedEvent(ada, { event: 'order' });
    addTrackedEvent(ada, { event: 'order' });
    expect(await within(block()).findByText(ERASURE_LOG_EMPTY)).toBeInTheDocument();

    await user.type(within(block()).getByRole('textbox', { name: 'Customer id' }), 'cus_4');
    await user.click(within(block()).getByRole('button', { name: 'Find' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase Ada Lovelace?' });
    await user.click(within(dialog).getByRole('radio', { name: /Keep anonymous events/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Stop tracking/ }));
    const sent: { url: string; body: unknown }[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.method === 'POST')
        sent.push({ url: new URL(request.url).pathname, body: await request.clone().json() });
    });
    await user.click(within(dialog).getByRole('button', { name: 'Erase' }));

    expect(await screen.findByText(MESSAGES.erasure.queued('Ada Lovelace'))).toBeInTheDocument();
    expect(sent).toEqual([
      { url: `/v1/customer-profiles/${ada.id}/erase`, body: { mode: 'redact', suppress: true } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(db.profiles.map((p) => p.customer_key)).toEqual(['cus_42']);

    // The log is read again: the erasure shows, by "You", with its receipt.
    const table = await within(block()).findByRole('table', { name: 'Erasure log' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent(/^You.*Keep anonymous events.*Yes.*Done/);
    expect(rows[0]).toHaveTextContent('1 profile, 2 events, 0 tour sessions, 0 link clicks');
  });

  it('says so under the field when no customer has that exact id', async () => {
    const { user, brand, block } = setup();
    addProfile(brand.id, { customer_key: 'cus_42', name: 'Charles Babbage' });
    const field = within(block()).getByRole('textbox', { name: 'Customer id' });
    await user.type(field, 'cus_4');
    await user.click(within(block()).getByRole('button', { name: 'Find' }));
    expect(await within(block()).findByRole('alert')).toHaveTextContent(notFoundMessage('cus_4'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(db.profiles).toHaveLength(1);
  });
});

describe('Settings → Data: erasure log', () => {
  it('lists the erasures newest first, a page at a time', async () => {
    const { user, brand, block } = setup();
    addErasure(brand.id, {
      requested_by: 'u_other',
      mode: 'delete',
      suppress: false,
      status: 'failed',
      completed_at: null,
      receipt: null,
    });
    for (let i = 0; i < 20; i++)
      addErasure(brand.id, {
        requested_at: '2026-03-04T10:00:00.000Z',
        receipt: {
          ...mockErasureReceipt(12),
          tour_sessions: 3,
          link_clicks: 1,
          webhook_messages: 2,
        },
      });
    const table = await within(block()).findByRole('table', { name: 'Erasure log' });
    let rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(20);
    expect(rows[0]).toHaveTextContent(/^You.*Delete everything.*No.*Done/);
    expect(rows[0]).toHaveTextContent(
      '1 profile, 12 events, 3 tour sessions, 1 link clicks, 2 webhook messages',
    );

    await user.click(within(block()).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(22));
    rows = within(table).getAllByRole('row').slice(1);
    expect(rows[20]).toHaveTextContent(/^u_other.*Delete everything.*No.*Failed——$/);
    expect(within(block()).queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows the empty state, and the failure with Try again', async () => {
    const { user, brand, block } = setup();
    expect(await within(block()).findByText(ERASURE_LOG_EMPTY)).toBeInTheDocument();

    server.use(
      http.get('*/v1/erasures', () =>
        HttpResponse.json({ message: 'Boom', status: 500, code: 'internal' }, { status: 500 }),
      ),
    );
    const second = renderWithProviders(<DataSection brandId={brand.id} />);
    const failed = await within(second.container).findByText(/Failed to load the erasure log: /);
    expect(failed).toBeInTheDocument();
    server.resetHandlers();
    addErasure(brand.id);
    await user.click(within(second.container).getByRole('button', { name: 'Try again' }));
    expect(
      await within(second.container).findByRole('table', { name: 'Erasure log' }),
    ).toBeInTheDocument();
  });
});
