import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES, WEBHOOK_TOPICS } from '@/lib/contracts/webhooks';
import { MESSAGES } from '@/lib/messages';
import SettingsPage from '@/pages/settings';
import { WebhooksSection } from '@/features/settings/components/webhooks-section';
import { db } from '../mocks/db';
import { server } from '../mocks/node';
import { addMockWebhook } from '../mocks/webhooks.handlers';
import { setRoute } from '../setup/router';
import { renderWithProviders, signedInWithBrand } from './test-utils';

/** Settings → Webhooks (docs/webhooks.md, "Dashboard"): the list and the endpoint dialog. */

function renderSection() {
  const brand = signedInWithBrand();
  return { brand, ...renderWithProviders(<WebhooksSection brandId={brand.id} />) };
}

/** Request bodies the mock API received for `method path`. */
const listeners: Parameters<typeof server.events.on<'request:start'>>[1][] = [];
function recordBodies(method: string, path: RegExp) {
  const bodies: unknown[] = [];
  const listener: (typeof listeners)[number] = ({ request }) => {
    if (request.method === method && path.test(new URL(request.url).pathname))
      void request
        .clone()
        .json()
        .then((b) => bodies.push(b));
  };
  listeners.push(listener);
  server.events.on('request:start', listener);
  return bodies;
}
afterEach(() => {
  for (const l of listeners.splice(0)) server.events.removeListener('request:start', l);
});

function addEvent(brandId: number, code: string) {
  const now = new Date().toISOString();
  db.seq.event += 1;
  db.events.push({
    id: db.seq.event,
    brand_id: brandId,
    name: code,
    code,
    attributes: [],
    created_at: now,
    updated_at: now,
  });
}

beforeEach(() => setRoute('/settings'));

describe('Settings → Webhooks', () => {
  it('is a section of the Settings page', async () => {
    signedInWithBrand();
    renderWithProviders(<SettingsPage />);
    const section = await screen.findByRole('region', { name: 'Webhooks' });
    expect(await within(section).findByRole('region', { name: 'No endpoints' })).toBeVisible();
  });

  it('lists endpoints with their topics, state and last delivery', async () => {
    const brand = signedInWithBrand();
    addMockWebhook(brand.id, {
      url: 'https://a.example.com/hook',
      topics: ['flow.completed', 'segment.entered', 'event.signed_up'],
      deliveries: 1,
    });
    addMockWebhook(brand.id, {
      url: 'https://b.example.com/hook',
      enabled: false,
      disabled_reason: 'The endpoint answered 410 Gone.',
    });
    renderWithProviders(<WebhooksSection brandId={brand.id} />);
    const table = await screen.findByRole('table', { name: 'Webhook endpoints' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('https://a.example.com/hook');
    expect(rows[0]).toHaveTextContent('flow.completed, segment.entered +1 more');
    expect(rows[0]).toHaveTextContent('Enabled');
    expect(await within(rows[0]!).findByText('Succeeded')).toBeVisible();
    expect(rows[1]).toHaveTextContent('Disabled');
    expect(rows[1]).toHaveTextContent('The endpoint answered 410 Gone.');
    expect(await within(rows[1]!).findByText('None yet')).toBeVisible();
  });

  it('adds an endpoint and shows its secret once', async () => {
    const { brand, user } = renderSection();
    addEvent(brand.id, 'order_paid');
    const sent = recordBodies('POST', /^\/v1\/webhooks$/);
    const empty = await screen.findByRole('region', { name: 'No endpoints' });
    await user.click(within(empty).getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add endpoint' });

    // The contract's messages before anything is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText(WEBHOOK_MESSAGES.url)).toBeVisible();
    expect(within(dialog).getByText(WEBHOOK_MESSAGES.topicsRequired)).toBeVisible();
    expect(sent).toHaveLength(0);

    // Every fixed topic is a checkbox; an event code comes from the event picker.
    for (const t of WEBHOOK_TOPICS) expect(within(dialog).getByRole('checkbox', { name: t }));
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Endpoint URL' }),
      'https://r.example.com/in',
    );
    await user.click(within(dialog).getByRole('checkbox', { name: 'flow.completed' }));
    await user.click(within(dialog).getByRole('combobox', { name: /Tracked events/ }));
    await user.click(await screen.findByRole('option', { name: 'order_paid' }));
    expect(within(dialog).getByRole('list', { name: 'Chosen events' })).toHaveTextContent(
      'event.order_paid',
    );
    expect(within(dialog).getByRole('checkbox', { name: /Enabled/ })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));

    const secretDialog = await screen.findByRole('dialog', { name: 'Signing secret' });
    const secret = within(secretDialog).getByTestId('webhook-secret').textContent ?? '';
    expect(secret).toMatch(/^whsec_/);
    expect(secretDialog).toHaveTextContent('you will not see it again');
    expect(within(secretDialog).getByRole('button', { name: 'Copy signing secret' })).toBeVisible();
    expect(sent).toEqual([
      {
        brand_id: brand.id,
        url: 'https://r.example.com/in',
        topics: ['flow.completed', 'event.order_paid'],
        enabled: true,
      },
    ]);

    await user.click(within(secretDialog).getByRole('button', { name: 'Done' }));
    const table = await screen.findByRole('table', { name: 'Webhook endpoints' });
    expect(table).toHaveTextContent('https://r.example.com/in');
    // Once closed, the secret is nowhere on the page.
    expect(document.body).not.toHaveTextContent(secret);
  });

  it('takes an event code with spaces, and refuses at once one the topics cannot hold', async () => {
    const { brand, user } = renderSection();
    const tooLong = 'x'.repeat(256);
    addEvent(brand.id, 'Signed Up');
    addEvent(brand.id, tooLong);
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add endpoint' });
    const picker = within(dialog).getByRole('combobox', { name: /Tracked events/ });
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Signed Up' }));
    const chosen = await within(dialog).findByRole('list', { name: 'Chosen events' });
    expect(chosen).toHaveTextContent('event.Signed Up');

    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: tooLong }));
    expect(
      await within(dialog).findByText(WEBHOOK_MESSAGES.topic(`event.${tooLong}`)),
    ).toBeVisible();
    expect(within(dialog).getByRole('list', { name: 'Chosen events' })).not.toHaveTextContent(
      tooLong,
    );
  });

  it('shows the server’s refusal under the URL, and other failures above the form', async () => {
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add endpoint' });
    const url = within(dialog).getByRole('textbox', { name: 'Endpoint URL' });
    await user.type(url, 'https://me:pw@r.example.com/in');
    await user.click(within(dialog).getByRole('checkbox', { name: 'customer.deleted' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    const refusal =
      'Put credentials in the receiving code, not in the URL: it is shown in the delivery log.';
    expect(await within(dialog).findByText(refusal)).toBeVisible();
    expect(url).toHaveAttribute('aria-invalid', 'true');

    server.use(
      http.post('*/v1/webhooks', () =>
        HttpResponse.json({ message: 'Database unavailable.', status: 503 }, { status: 503 }),
      ),
    );
    await user.clear(url);
    await user.type(url, 'https://r.example.com/in');
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText('Database unavailable.')).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Signing secret' })).toBeNull();
  });

  it('edits the URL, topics and enabled state of an endpoint', async () => {
    const brand = signedInWithBrand();
    addMockWebhook(brand.id, { url: 'https://a.example.com/hook', topics: ['flow.started'] });
    const sent = recordBodies('PUT', /^\/v1\/webhooks\/\d+$/);
    const { user } = renderWithProviders(<WebhooksSection brandId={brand.id} />);
    await user.click(
      await screen.findByRole('button', { name: 'Edit https://a.example.com/hook' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit endpoint' });
    const url = within(dialog).getByRole('textbox', { name: 'Endpoint URL' });
    expect(url).toHaveValue('https://a.example.com/hook');
    expect(within(dialog).getByRole('checkbox', { name: 'flow.started' })).toBeChecked();
    await user.clear(url);
    await user.type(url, 'https://b.example.com/hook');
    await user.click(within(dialog).getByRole('checkbox', { name: 'flow.started' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'link.clicked' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Enabled/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save endpoint' }));

    expect(await screen.findByText(MESSAGES.webhooks.updated)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([
      { url: 'https://b.example.com/hook', topics: ['link.clicked'], enabled: false },
    ]);
    const row = screen.getByRole('row', { name: /b\.example\.com/ });
    expect(row).toHaveTextContent('link.clicked');
    expect(row).toHaveTextContent('Disabled');
  });

  it('offers Try again when the endpoints cannot be read', async () => {
    server.use(
      http.get('*/v1/webhooks', () =>
        HttpResponse.json({ message: 'Boom.', status: 500 }, { status: 500 }),
      ),
    );
    renderSection();
    expect(await screen.findByText(MESSAGES.webhooks.failedToLoad('Boom.'))).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
