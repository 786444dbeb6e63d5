import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import { WebhooksSection } from '@/features/settings/components/webhooks-section';
import { server } from '../mocks/node';
import { addMockWebhook } from '../mocks/webhooks.handlers';
import { setRoute } from '../setup/router';
import { renderWithProviders, signedInWithBrand } from './test-utils';

/** Settings → Webhooks: delete, rotate secret, and an endpoint's delivery log. */

const URL_A = 'https://a.example.com/hook';

function renderWith(deliveries = 0) {
  const brand = signedInWithBrand();
  const endpoint = addMockWebhook(brand.id, { url: URL_A, deliveries });
  return { brand, endpoint, ...renderWithProviders(<WebhooksSection brandId={brand.id} />) };
}

const calls: string[] = [];
const record = ({ request }: { request: Request }) => {
  if (request.method !== 'GET') calls.push(`${request.method} ${new URL(request.url).pathname}`);
};
beforeEach(() => {
  setRoute('/settings');
  calls.length = 0;
  server.events.on('request:start', record);
});
afterEach(() => server.events.removeListener('request:start', record));

async function openLog(user: ReturnType<typeof renderWith>['user']) {
  await user.click(await screen.findByRole('button', { name: `Deliveries ${URL_A}` }));
  return screen.findByRole('dialog', { name: 'Delivery log' });
}

describe('Settings → Webhooks: delete and rotate', () => {
  it('deletes an endpoint only after the confirmation', async () => {
    const { user, endpoint } = renderWith();
    await user.click(await screen.findByRole('button', { name: `Delete ${URL_A}` }));
    let confirm = await screen.findByRole('dialog', { name: 'Delete endpoint?' });
    expect(confirm).toHaveTextContent(URL_A);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: `Delete ${URL_A}` }));
    confirm = await screen.findByRole('dialog', { name: 'Delete endpoint?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MESSAGES.webhooks.deleted)).toBeVisible();
    expect(calls).toEqual([`DELETE /v1/webhooks/${endpoint.id}`]);
    expect(await screen.findByRole('region', { name: 'No endpoints' })).toBeVisible();
  });

  it('rotates the secret after a confirmation and shows the new one once', async () => {
    const { user, endpoint } = renderWith();
    await user.click(await screen.findByRole('button', { name: `Rotate secret ${URL_A}` }));
    const confirm = await screen.findByRole('dialog', { name: 'Rotate secret?' });
    expect(confirm).toHaveTextContent('both sign for 24 hours');
    expect(calls).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Rotate secret' }));

    const shown = await screen.findByRole('dialog', { name: 'New signing secret' });
    const secret = within(shown).getByTestId('webhook-secret').textContent;
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(endpoint.secret);
    expect(shown).toHaveTextContent('you will not see it again');
    expect(shown).toHaveTextContent('both sign deliveries for 24 hours');
    expect(calls).toEqual([`POST /v1/webhooks/${endpoint.id}/rotate-secret`]);
  });

  it('shows why a rotation failed in its dialog', async () => {
    server.use(
      http.post('*/v1/webhooks/:id/rotate-secret', () =>
        HttpResponse.json({ message: 'Webhook endpoint not found.', status: 404 }, { status: 404 }),
      ),
    );
    const { user } = renderWith();
    await user.click(await screen.findByRole('button', { name: `Rotate secret ${URL_A}` }));
    const confirm = await screen.findByRole('dialog', { name: 'Rotate secret?' });
    await user.click(within(confirm).getByRole('button', { name: 'Rotate secret' }));
    expect(await within(confirm).findByText('Webhook endpoint not found.')).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'New signing secret' })).toBeNull();
  });
});

describe('Settings → Webhooks: the delivery log', () => {
  it('pages the log, resends a delivery and sends a test event', async () => {
    const { user, endpoint } = renderWith(25);
    const log = await openLog(user);
    const table = await within(log).findByRole('table', { name: 'Deliveries' });
    // Newest first, 20 to a page.
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    const first = within(table).getAllByRole('row')[1]!;
    expect(first).toHaveTextContent('flow.completed');
    expect(first).toHaveTextContent('Succeeded');
    expect(first).toHaveTextContent('200');
    await user.click(within(log).getByRole('button', { name: /Load more/ }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(26));
    expect(within(log).queryByRole('button', { name: /Load more/ })).toBeNull();

    const resendButtons = within(table).getAllByRole('button', { name: /^Resend / });
    await user.click(resendButtons[0]!);
    expect(await screen.findByText(MESSAGES.webhooks.resent)).toBeVisible();
    expect(calls.at(-1)).toMatch(
      new RegExp(`^POST /v1/webhooks/${endpoint.id}/deliveries/\\d+/resend$`),
    );

    await user.click(within(log).getByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText(MESSAGES.webhooks.testSent)).toBeVisible();
    expect(calls.at(-1)).toBe(`POST /v1/webhooks/${endpoint.id}/test`);
    await waitFor(() =>
      expect(within(log).getAllByRole('row')[1]).toHaveTextContent('webhook.test'),
    );
  });

  it('says so when there are no deliveries, and the test event fills it', async () => {
    const { user } = renderWith(0);
    const log = await openLog(user);
    expect(await within(log).findByText(/No deliveries yet/)).toBeVisible();
    await user.click(within(log).getByRole('button', { name: 'Send test event' }));
    const table = await within(log).findByRole('table', { name: 'Deliveries' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('webhook.test');
  });

  it('offers Try again when the log cannot be read', async () => {
    server.use(
      http.get('*/v1/webhooks/:id/deliveries', ({ request }) =>
        new URL(request.url).searchParams.get('limit') === '1'
          ? HttpResponse.json({ data: { data: [], total: 0, nextCursor: null } })
          : HttpResponse.json({ message: 'Log unavailable.', status: 500 }, { status: 500 }),
      ),
    );
    const { user } = renderWith(3);
    const log = await openLog(user);
    const alert = await within(log).findByText(
      MESSAGES.webhooks.failedDeliveries('Log unavailable.'),
    );
    expect(alert).toBeVisible();
    expect(within(log).getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('is reached and closed from the keyboard', async () => {
    const { user } = renderWith(1);
    const button = await screen.findByRole('button', { name: `Deliveries ${URL_A}` });
    button.focus();
    await user.keyboard('{Enter}');
    const log = await screen.findByRole('dialog', { name: 'Delivery log' });
    await within(log).findByRole('table', { name: 'Deliveries' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Focus goes back to the row's button.
    await waitFor(() => expect(button).toHaveFocus());
  });
});
