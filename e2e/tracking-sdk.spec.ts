import { expect, test } from './fixtures';
import { trackingSnippet } from '../lib/sdk-snippet';
import { accountWithBrand, tail } from './api';

/**
 * A customer's website on another origin carrying the two-line snippet (served by the route
 * below). Chromium asks before a page reaches a loopback server (Local Network Access), as a
 * visitor's browser never would for a public Signpost host: the tests grant it.
 */
const SHOP = 'http://127.0.0.1:3999';
test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['local-network-access']);
});

test('the snippet on a website sends a page view, a track and an identify', async ({
  page,
  request,
  baseURL,
}) => {
  const acct = await accountWithBrand(request, 'sdk');
  const snippet = trackingSnippet({ host: baseURL as string, writeKey: acct.writeKey });
  await page.route(`${SHOP}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html><head><title>Shop</title>${snippet}</head><body>
        <button id="buy" onclick="signpost.track('Clicked Buy', {sku: 'SKU-1'})">Buy</button>
        <button id="login" onclick="signpost.identify('user-42', {email: 'ada@shop.test', name: 'Ada'})">Log in</button>
      </body></html>`,
    }),
  );
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${SHOP}/pricing`);
  await page.click('#buy');
  await page.click('#login');

  await expect
    .poll(async () => (await tail(request, acct.token, acct.brandId, '$pageview')).length)
    .toBe(1);
  const [view] = await tail(request, acct.token, acct.brandId, '$pageview');
  expect(view!.properties).toMatchObject({ path: '/pricing' });
  await expect
    .poll(async () => (await tail(request, acct.token, acct.brandId, 'Clicked Buy')).length)
    .toBe(1);
  const [click] = await tail(request, acct.token, acct.brandId, 'Clicked Buy');
  expect(click!.properties).toMatchObject({ sku: 'SKU-1' });
  await expect
    .poll(async () => (await tail(request, acct.token, acct.brandId, '$identify')).length)
    .toBe(1);
  const profiles = await request.get(`/v1/customer-profiles?brand_id=${acct.brandId}`, {
    headers: { authorization: `Bearer ${acct.token}` },
  });
  const list = (await profiles.json()) as {
    data: { data: { customer_key: string; email: string }[] };
  };
  expect(list.data.data).toEqual([
    expect.objectContaining({ customer_key: 'user-42', email: 'ada@shop.test' }),
  ]);
  expect(errors).toEqual([]);
});

test('events tracked offline are queued and stored exactly once when the network returns', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const acct = await accountWithBrand(request, 'offline');
  const snippet = trackingSnippet({ host: baseURL as string, writeKey: acct.writeKey });
  await page.route(`${SHOP}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html><head>${snippet}</head><body>shop</body></html>`,
    }),
  );
  await page.goto(`${SHOP}/`);
  await expect
    .poll(async () => (await tail(request, acct.token, acct.brandId, '$pageview')).length)
    .toBe(1);

  await context.setOffline(true);
  await page.evaluate(() => {
    for (let i = 0; i < 10; i++) window.signpost.track('Offline Event', { i });
  });
  // Give the SDK time to try (and fail) a few times while offline.
  await page.waitForTimeout(2500);
  expect(await tail(request, acct.token, acct.brandId, 'Offline Event')).toHaveLength(0);
  await context.setOffline(false);

  await expect
    .poll(async () => (await tail(request, acct.token, acct.brandId, 'Offline Event')).length, {
      timeout: 20_000,
    })
    .toBe(10);
  // A reload re-reads the persisted queue; nothing is sent twice or stored twice.
  await page.reload();
  await page.waitForTimeout(2000);
  const rows = await tail(request, acct.token, acct.brandId, 'Offline Event');
  expect(rows.map((r) => r.properties.i).sort((a, b) => Number(a) - Number(b))).toEqual([
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
  ]);
});

declare global {
  interface Window {
    signpost: { track(event: string, props?: Record<string, unknown>): void };
  }
}
