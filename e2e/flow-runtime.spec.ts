import type { Browser } from '@playwright/test';
import { chooseFromMenu, dismissToasts, expect, test, type Page } from './fixtures';
import { trackingSnippet } from '../lib/sdk-snippet';
import { accountWithBrand, defineEvent, signInDashboard } from './api';

/**
 * A published tour reaches real visitors (docs/flows.md, "Delivery to visitors"): a shop on a
 * second loopback origin carries only the standard snippet and a hostile stylesheet. The marketer
 * builds and publishes a two-step tour in the dashboard (a modal, then a tooltip on another page
 * of the shop) with a URL and an event condition; three visitors meet it; the report counts them.
 */
const SHOP = 'http://127.0.0.1:3999';

/** Global resets and !important rules on the elements the tour is made of. */
const HOSTILE = `<style>
  * { margin: 0 !important; padding: 0 !important; box-sizing: content-box !important; }
  div, button, p { display: none !important; color: red !important; font-size: 2px !important; }
  body { font-family: serif !important; }
  #buy, #signup { display: inline-block !important; margin: 200px 0 0 300px !important; }
</style>`;

async function openShop(browser: Browser, host: string, writeKey: string) {
  const context = await browser.newContext();
  await context.grantPermissions(['local-network-access']);
  const snippet = trackingSnippet({ host, writeKey });
  await context.route(`${SHOP}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    const body =
      path === '/cart'
        ? '<span id="buy">Buy now</span>'
        : '<span id="signup" onclick="signpost.track(\'signed_up\')">Sign up</span>';
    return route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html><head><title>Shop ${path}</title>${HOSTILE}${snippet}</head><body>${body}</body></html>`,
    });
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors, close: () => context.close() };
}

/** The tour's modal step (inside the tour's open shadow root; locators pierce it). */
const modal = (page: Page) => page.getByRole('dialog', { name: 'Tour step 1 of 2' });
const tooltip = (page: Page) => page.getByRole('dialog', { name: 'Tour step 2 of 2' });

test('a tour built in the dashboard plays on a customer site, ends on unpublish, and is reported', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const acct = await accountWithBrand(request, 'tour-runtime');
  await defineEvent(request, acct, 'signed_up', 'Signed Up');

  // --- The marketer builds and publishes the tour in the dashboard.
  await signInDashboard(page, acct);
  await page.goto('/flows/create');
  const title = page.getByRole('textbox', { name: 'Flow title' });
  await title.fill('Shop tour');
  await title.press('Enter');
  const content = page.getByRole('textbox', { name: 'Step content' });
  await page.getByRole('button', { name: 'Add step' }).click();
  await content.click();
  await content.pressSequentially('Welcome to the shop');
  await page.getByRole('button', { name: 'Add step' }).click();
  await expect(page.getByRole('complementary', { name: 'Step 2 editor' })).toBeVisible();
  await page.getByLabel('Step type').selectOption({ label: 'Tooltip' });
  await content.click();
  await content.pressSequentially('Click here to buy');
  await page.getByLabel('Page URL').fill(`${SHOP}/cart`);
  await page.getByLabel('CSS selector').fill('#buy');
  await page.getByRole('button', { name: 'Add button' }).click();
  await page.getByLabel('Button label').fill('Finish');
  const finish = page.getByRole('region', { name: 'Button Finish' });
  // A new button on the last step ends the tour (a dismiss, counted as completed): a link instead.
  await expect(page.getByText('Ends the tour: counts as completed')).toBeVisible();
  await finish.getByRole('button', { name: 'Remove action 1' }).click();
  await finish.getByRole('button', { name: 'Add action: Navigate to page' }).click();
  await finish.getByLabel('Link for action 1').fill('/thanks');

  await page.getByRole('button', { name: 'Edit step 1' }).click();
  await page.getByRole('button', { name: 'Add button' }).click();
  await page.getByLabel('Button label').fill('Next');
  const next = page.getByRole('region', { name: 'Button Next' });
  // A new button goes to the next step already.
  await expect(next.getByLabel('Step for action 1').locator('option:checked')).toHaveText(
    'Step 2 — Click here to buy',
  );
  await next.getByRole('button', { name: 'Add action: Navigate to page' }).click();
  await next.getByLabel('Link for action 2').fill('/cart');
  await page.getByRole('button', { name: 'Close step editor' }).click();

  await chooseFromMenu(
    page,
    'Add Condition',
    'URL',
    page.getByRole('dialog', { name: 'URL Condition' }),
  );
  const urlDialog = page.getByRole('dialog', { name: 'URL Condition' });
  await urlDialog.getByRole('button', { name: 'Add URL to URLs matches' }).click();
  await urlDialog.getByRole('textbox', { name: 'URL 1 of URLs matches' }).fill('/shop');
  await urlDialog.getByRole('button', { name: 'Save changes' }).click();
  await page.getByRole('button', { name: 'Add event condition' }).click();
  const eventDialog = page.getByRole('dialog', { name: 'Event' });
  await eventDialog.getByPlaceholder('Find an event').fill('Signed');
  await eventDialog.getByRole('option', { name: /Signed Up/ }).click();
  await eventDialog.getByRole('button', { name: 'Apply' }).click();
  await expect(eventDialog).toBeHidden();

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/flows\/\d+$/);
  const flowId = page.url().split('/').pop()!;
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Publish Flow' })
    .getByRole('button', { name: 'Publish now' })
    .click();
  await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible();

  // --- Visitor 1: nothing until the event; the modal; Next goes to the cart; the tooltip; done.
  const one = await openShop(browser, baseURL as string, acct.writeKey);
  await one.page.goto(`${SHOP}/shop`);
  await one.page.waitForTimeout(2_000);
  await expect(modal(one.page)).toHaveCount(0);
  await one.page.click('#signup');
  await expect(modal(one.page)).toBeVisible({ timeout: 10_000 });
  await modal(one.page).getByRole('button', { name: 'Next' }).click();
  await expect(one.page).toHaveURL(`${SHOP}/cart`);
  const tip = tooltip(one.page);
  await expect(tip).toBeVisible({ timeout: 10_000 });
  // Beside its element: the tooltip's box starts below or above the button, near it.
  const target = (await one.page.locator('#buy').boundingBox())!;
  const box = (await tip.boundingBox())!;
  expect(Math.abs(box.y - (target.y + target.height)) < 40 || box.y + box.height <= target.y).toBe(
    true,
  );
  await tip.getByRole('button', { name: 'Finish' }).click();
  await expect(one.page).toHaveURL(`${SHOP}/thanks`);
  await one.page.goto(`${SHOP}/shop`);
  await one.page.click('#signup');
  await one.page.waitForTimeout(3_000);
  await expect(modal(one.page)).toHaveCount(0); // shown once
  expect(one.errors).toEqual([]);
  await one.close();

  // --- Visitor 2 dismisses at step 1 with Esc.
  const two = await openShop(browser, baseURL as string, acct.writeKey);
  await two.page.goto(`${SHOP}/shop`);
  await two.page.click('#signup');
  await expect(modal(two.page)).toBeVisible({ timeout: 10_000 });
  await two.page.keyboard.press('Escape');
  await expect(modal(two.page)).toHaveCount(0);
  await two.close();

  // --- Visitor 3 is looking at the tour when the marketer unpublishes it.
  const three = await openShop(browser, baseURL as string, acct.writeKey);
  await three.page.goto(`${SHOP}/shop`);
  await three.page.click('#signup');
  await expect(modal(three.page)).toBeVisible({ timeout: 10_000 });
  await page.getByRole('button', { name: 'Unpublish' }).click();
  await page
    .getByRole('dialog', { name: 'Unpublish Flow' })
    .getByRole('button', { name: 'Unpublish' })
    .click();
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeVisible();
  await expect(modal(three.page)).toHaveCount(0, { timeout: 5_000 });
  await three.close();

  // --- The report: 3 views, 1 completion, 1 dismissal, and the step funnel.
  await page.goto(`/flows/${flowId}/report?date_preset=past_7_day`);
  const totals = page.getByRole('region', { name: 'Totals' });
  const card = (name: string) => totals.getByRole('group', { name, exact: true });
  await expect(card('Views')).toContainText('3');
  await expect(card('Completions')).toContainText('1');
  await expect(card('Dismissals')).toContainText('1');
  const funnel = page.getByRole('table', { name: 'Step funnel' });
  // Header row, then both steps: step 1 seen by all three visitors, step 2 by one.
  await expect(funnel.getByRole('row')).toHaveCount(3);
  await expect(funnel.getByRole('row').nth(1)).toContainText('3');
  await expect(funnel.getByRole('row').nth(2)).toContainText('1');
});
