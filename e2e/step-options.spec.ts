import type { Browser } from '@playwright/test';
import { expect, test, type Page } from './fixtures';
import { trackingSnippet } from '../lib/sdk-snippet';
import { accountWithBrand } from './api';
import { aButton, aFlow, aFlowCondition, aStep, aUrlTrigger } from '../tests/fixtures/flows';

/**
 * The step options end to end (docs/flows.md, "Step options"): a four-step tour saved through the
 * API with tooltips placed above and below the same element, a spotlight, progress on every step
 * and Back buttons, played by the standard snippet on a page of another origin.
 */
const SHOP = 'http://127.0.0.1:3997';

/** The page restyles what the tour is made of; the target sits mid-page, room on every side. */
const PAGE = `<!doctype html><html><head><title>Shop</title><style>
  * { margin: 0 !important; box-shadow: none !important; }
  div, button, span { color: red !important; font-size: 30px !important; }
  #buy { position: absolute; top: 320px; left: 480px; width: 160px; height: 40px; }
</style>SNIPPET</head><body><button id="buy">Buy now</button></body></html>`;

async function openShop(browser: Browser, host: string, writeKey: string) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
  await context.grantPermissions(['local-network-access']);
  await context.route(`${SHOP}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: PAGE.replace('SNIPPET', trackingSnippet({ host, writeKey })),
    }),
  );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors, close: () => context.close() };
}

const next = (to: string) =>
  aButton({ id: `next-${to}`, label: 'Next', actions: [{ type: 'goto', reference_step: to }] });
const back = (id: string) => aButton({ id, label: 'Back', actions: [{ type: 'back' }] });
const tooltip = (id: string, placement: 'top' | 'bottom', buttons: ReturnType<typeof aButton>[]) =>
  aStep({
    id,
    type: 'tool_tip',
    content: `<p>Tip ${id}</p>`,
    select_element: { url: `${SHOP}/tour`, selector: '#buy' },
    tooltip_placement: placement,
    tooltip_offset: 16,
    spotlight: true,
    show_progress: true,
    buttons,
  });

/** Step N of 4 (inside the tour's open shadow root; locators pierce it). */
const step = (page: Page, n: number) => page.getByRole('dialog', { name: `Tour step ${n} of 4` });
const box = async (page: Page, n: number) => (await step(page, n).boundingBox())!;

test('placement, spotlight, progress and Back play on a customer page', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const acct = await accountWithBrand(request, 'step-options');
  const created = await request.post('/v1/flows', {
    headers: { authorization: `Bearer ${acct.token}` },
    data: aFlow({
      brand_id: acct.brandId,
      name: 'Step options',
      publish: true,
      condition: aFlowCondition(aUrlTrigger({ value: '/tour' })),
      steps: [
        tooltip('s1', 'top', [next('s2')]),
        tooltip('s2', 'bottom', [back('b2'), next('s3')]),
        aStep({
          id: 's3',
          content: '<p>Third</p>',
          show_progress: true,
          buttons: [back('b3'), next('s4')],
        }),
        aStep({
          id: 's4',
          content: '<p>Last</p>',
          show_progress: true,
          buttons: [
            back('b4'),
            aButton({ id: 'done', label: 'Done', actions: [{ type: 'dismiss' }] }),
          ],
        }),
      ],
    }),
  });
  expect(created.status()).toBe(201);
  // The options are stored as given.
  const stored = (await created.json()) as { data: { steps: Record<string, unknown>[] } };
  expect(stored.data.steps[0]).toMatchObject({
    tooltip_placement: 'top',
    tooltip_offset: 16,
    spotlight: true,
    show_progress: true,
  });

  const shop = await openShop(browser, baseURL as string, acct.writeKey);
  const { page } = shop;
  await page.goto(`${SHOP}/tour`);
  const target = (await page.locator('#buy').boundingBox())!;

  // Step 1: above the element, 16 px away, "1 of 4", the page dimmed around the element.
  await expect(step(page, 1)).toBeVisible({ timeout: 15_000 });
  await expect(step(page, 1)).toContainText('1 of 4');
  let card = await box(page, 1);
  expect(card.y + card.height).toBeCloseTo(target.y - 16, 0);
  const spot = page.locator('[data-signpost-tour] .spot');
  await expect(spot).toHaveCount(1);
  const hole = (await spot.boundingBox())!;
  expect(hole.x).toBeLessThanOrEqual(target.x);
  expect(hole.y).toBeLessThanOrEqual(target.y);
  expect(hole.x + hole.width).toBeGreaterThanOrEqual(target.x + target.width);
  expect(hole.y + hole.height).toBeGreaterThanOrEqual(target.y + target.height);
  // The dimming is the theme's backdrop (default opacity 0.55), the page's CSS does not reach it.
  expect(await spot.evaluate((el) => getComputedStyle(el).boxShadow)).toContain(
    'rgba(17, 24, 39, 0.55)',
  );

  // Step 2: the same element, the card now below it.
  await step(page, 1).getByRole('button', { name: 'Next' }).click();
  await expect(step(page, 2)).toBeVisible();
  await expect(step(page, 2)).toContainText('2 of 4');
  card = await box(page, 2);
  expect(card.y).toBeCloseTo(target.y + target.height + 16, 0);

  // Step 3 (a modal), then Back twice: step 2 below, step 1 above again.
  await step(page, 2).getByRole('button', { name: 'Next' }).click();
  await expect(step(page, 3)).toContainText('3 of 4');
  await step(page, 3).getByRole('button', { name: 'Back' }).click();
  await expect(step(page, 2)).toBeVisible();
  expect((await box(page, 2)).y).toBeGreaterThan(target.y);
  await step(page, 2).getByRole('button', { name: 'Back' }).click();
  await expect(step(page, 1)).toBeVisible();
  card = await box(page, 1);
  expect(card.y + card.height).toBeLessThan(target.y);

  expect(shop.errors).toEqual([]);
  await shop.close();
});
