import { trackingSnippet } from '../lib/sdk-snippet';
import { expect, test } from './fixtures';
import { signInDashboard, accountWithBrand } from './api';

/** A customer's website on another origin (served by a route of the test, as in tracking-sdk). */
const SHOP = 'http://127.0.0.1:3999';

test('the live tail on an event page shows new events without a reload, including a test event', async ({
  page,
  request,
}) => {
  const acct = await accountWithBrand(request, 'tail');
  const headers = { authorization: `Bearer ${acct.token}` };
  const created = await request.post('/v1/events', {
    headers,
    data: {
      brand_id: acct.brandId,
      name: 'Clicked Buy',
      code: 'Clicked Buy',
      attributes: [{ code: 'sku', name: 'SKU', data_type: 'string' }],
    },
  });
  expect(created.status()).toBe(201);
  const eventId = ((await created.json()) as { data: { id: number } }).data.id;

  // Signed in as that user, working on that product.
  await signInDashboard(page, acct);
  await page.goto(`/events/${eventId}`);
  await expect(page.getByRole('heading', { name: 'Live tail' })).toBeVisible();
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  await expect(page.getByTestId('tail-row')).toHaveCount(0);

  // An event from "the website" arrives while the page is open.
  const sent = await request.post('/v1/track', {
    headers: { authorization: `Bearer ${acct.writeKey}` },
    data: { event: 'Clicked Buy', anonymousId: 'visitor-7', properties: { sku: 'SKU-42' } },
  });
  expect(sent.status()).toBe(200);
  await expect(page.getByTestId('tail-row')).toHaveCount(1);
  await expect(page.getByTestId('tail-row').first()).toContainText('visitor-7');

  // Expand shows the properties.
  await page.getByTestId('tail-row').first().getByRole('button').first().click();
  await expect(page.getByTestId('tail-row').first()).toContainText('SKU-42');

  // "Send test event" goes through the public API and shows up in the tail too.
  await page.getByRole('button', { name: 'Send test event' }).click();
  await expect(page.getByTestId('tail-row')).toHaveCount(2);
});

test('Live events shows a new code within 2 s and Define opens Create Event with its properties and types', async ({
  page,
  request,
}) => {
  const acct = await accountWithBrand(request, 'live-events');
  await signInDashboard(page, acct);
  await page.goto('/events');
  await page.getByRole('link', { name: 'Live events' }).click();
  await expect(page).toHaveURL(/\/events\/live$/);
  await expect(page.getByText('Live', { exact: true })).toBeVisible();

  // A code nobody defined, sent as the website would.
  const sent = await request.post('/v1/track', {
    headers: { authorization: `Bearer ${acct.writeKey}` },
    data: {
      event: 'Started Trial',
      anonymousId: 'visitor-9',
      properties: { plan: 'growth', seats: 3, annual: true, started: '2026-11-28T10:00:00Z' },
    },
  });
  expect(sent.status()).toBe(200);
  // Pushed over the socket: the page neither reloads nor polls.
  const row = page.getByTestId('live-event-row').filter({ hasText: 'Started Trial' });
  await expect(row).toBeVisible({ timeout: 2000 });
  await expect(row).toContainText('visitor-9');
  await expect(row.getByText('Undefined')).toBeVisible();
  await row.getByRole('button', { name: 'Started Trial from visitor-9' }).click();
  await expect(row).toContainText('"seats": 3');

  await row.getByRole('link', { name: 'Define Started Trial' }).click();
  await expect(page).toHaveURL(/\/events\/create\?/);
  await expect(page.getByRole('textbox', { name: 'Code', exact: true })).toHaveValue(
    'Started Trial',
  );
  const attributes = [
    ['plan', 'string'],
    ['seats', 'number'],
    ['annual', 'boolean'],
    ['started', 'date'],
  ];
  for (const [i, [code, type]] of attributes.entries()) {
    await expect(page.getByRole('textbox', { name: `Attribute ${i + 1} code` })).toHaveValue(code!);
    await expect(page.getByRole('combobox', { name: `Attribute ${i + 1} data type` })).toHaveValue(
      type!,
    );
  }
  await page.getByRole('button', { name: 'Create event' }).click();
  await expect(page).toHaveURL(/\/events\/\d+$/);
});

test('the Integration page turns from waiting to the first event received from the site', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const acct = await accountWithBrand(request, 'install-state');
  await signInDashboard(page, acct);
  await page.goto('/integrations');
  const status = page.getByTestId('install-status');
  await expect(status).toContainText('Waiting for the first event…');

  // The customer's website, on another origin, with the snippet: its page view arrives.
  await context.grantPermissions(['local-network-access']);
  const site = await context.newPage();
  const snippet = trackingSnippet({ host: baseURL as string, writeKey: acct.writeKey });
  await site.route(`${SHOP}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html><head><title>Shop</title>${snippet}</head><body>Shop</body></html>`,
    }),
  );
  await site.goto(`${SHOP}/pricing`);

  await expect(status).toHaveAttribute('data-state', 'received');
  await expect(status).toContainText(`${SHOP}/pricing`);
  await expect(status).not.toContainText('Waiting for the first event…');
});
