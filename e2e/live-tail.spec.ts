import { expect, test } from './fixtures';
import { signInDashboard, accountWithBrand } from './api';

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
