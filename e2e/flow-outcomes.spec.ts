import type { APIRequestContext, Browser } from '@playwright/test';
import { expect, test, type Page } from './fixtures';
import { trackingSnippet } from '../lib/sdk-snippet';
import { accountWithBrand, signInDashboard } from './api';
import { aButton, aFlow, aFlowCondition, aStep, aUrlTrigger } from '../tests/fixtures/flows';

/**
 * How an ending counts (docs/flows.md, issue 30 point 1), on a page of another origin carrying
 * only the standard snippet: a two-step tour finished with its last button (a dismiss action) is
 * a completion; the close button on step 1 is a dismissal.
 */
const SHOP = 'http://127.0.0.1:3998';

async function openShop(browser: Browser, host: string, writeKey: string) {
  const context = await browser.newContext();
  await context.grantPermissions(['local-network-access']);
  const snippet = trackingSnippet({ host, writeKey });
  await context.route(`${SHOP}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html><head><title>Shop</title>${snippet}</head><body><h1>Shop</h1></body></html>`,
    }),
  );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors, close: () => context.close() };
}

/** The tour's step N of 2 (inside the tour's open shadow root; locators pierce it). */
const step = (page: Page, n: number) => page.getByRole('dialog', { name: `Tour step ${n} of 2` });

async function totals(request: APIRequestContext, token: string, flowId: number) {
  const res = await request.get(`/v1/flows/${flowId}/report?date_preset=past_7_day`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { totals: Record<string, number> } }).data.totals;
}

test('a tour finished with its last button counts as completed; the close button as dismissed', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const acct = await accountWithBrand(request, 'tour-outcomes');
  const created = await request.post('/v1/flows', {
    headers: { authorization: `Bearer ${acct.token}` },
    data: aFlow({
      brand_id: acct.brandId,
      name: 'Two steps',
      publish: true,
      condition: aFlowCondition(aUrlTrigger({ value: '/welcome' })),
      steps: [
        aStep({
          id: 's1',
          content: '<p>Hello</p>',
          buttons: [
            aButton({
              id: 'b1',
              label: 'Next',
              actions: [{ type: 'goto', reference_step: 's2' }],
            }),
          ],
        }),
        aStep({
          id: 's2',
          content: '<p>That is all</p>',
          buttons: [aButton({ id: 'b2', label: 'Got it', actions: [{ type: 'dismiss' }] })],
        }),
      ],
    }),
  });
  expect(created.status()).toBe(201);
  const flowId = ((await created.json()) as { data: { id: number } }).data.id;

  // --- Visitor 1 goes through both steps and ends with the last step's dismiss button.
  const one = await openShop(browser, baseURL as string, acct.writeKey);
  await one.page.goto(`${SHOP}/welcome`);
  await expect(step(one.page, 1)).toBeVisible({ timeout: 15_000 });
  await step(one.page, 1).getByRole('button', { name: 'Next' }).click();
  await step(one.page, 2).getByRole('button', { name: 'Got it' }).click();
  await expect(step(one.page, 2)).toHaveCount(0);
  await expect
    .poll(async () => (await totals(request, acct.token, flowId)).completions, { timeout: 15_000 })
    .toBe(1);
  expect(await totals(request, acct.token, flowId)).toMatchObject({
    views: 1,
    completions: 1,
    dismissals: 0,
  });
  expect(one.errors).toEqual([]);
  await one.close();

  // --- Visitor 2 closes the tour on step 1.
  const two = await openShop(browser, baseURL as string, acct.writeKey);
  await two.page.goto(`${SHOP}/welcome`);
  await expect(step(two.page, 1)).toBeVisible({ timeout: 15_000 });
  await step(two.page, 1).getByRole('button', { name: 'Close tour' }).click();
  await expect(step(two.page, 1)).toHaveCount(0);
  await expect
    .poll(async () => (await totals(request, acct.token, flowId)).dismissals, { timeout: 15_000 })
    .toBe(1);
  expect(await totals(request, acct.token, flowId)).toMatchObject({
    views: 2,
    completions: 1,
    dismissals: 1,
  });
  await two.close();

  // --- The report page says the same.
  await signInDashboard(page, acct);
  await page.goto(`/flows/${flowId}/report?date_preset=past_7_day`);
  const cards = page.getByRole('region', { name: 'Totals' });
  const card = (name: string) => cards.getByRole('group', { name, exact: true });
  await expect(card('Completions')).toContainText('1');
  await expect(card('Dismissals')).toContainText('1');
});
