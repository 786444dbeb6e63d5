import { chooseFromMenu, dismissToasts, expect, test, typeInto, type Page } from './fixtures';
import { trackingSnippet } from '../lib/sdk-snippet';
import { accountWithBrand, signInDashboard } from './api';

/**
 * The builder on the customer's site (docs/builder.md): a site on a second loopback origin (one
 * the product trusts) carries only the standard snippet. The marketer saves a tooltip step, presses
 * Select element, and the page opens in a new tab with the picker; the element picked there shows
 * in the editor without a reload, and once published the tour plays on that page.
 */
const SITE = 'http://127.0.0.1:3998';

const page_ = (snippet: string) =>
  `<!doctype html><html><head><title>Pricing</title>${snippet}</head><body>` +
  `<h1>Plans</h1><p>Pick one.</p><button id="upgrade" data-signpost="upgrade">Upgrade plan</button>` +
  `</body></html>`;

/** Serves the customer's site to every page of the context (the editor's new tab included). */
async function serveSite(page: Page, snippet: string) {
  await page.context().grantPermissions(['local-network-access']);
  await page
    .context()
    .route(`${SITE}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: page_(snippet) }),
    );
}

test('Select element opens the site with the picker; the pick reaches the editor; the tour plays there', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const acct = await accountWithBrand(request, 'builder');
  const snippet = trackingSnippet({ host: baseURL as string, writeKey: acct.writeKey });
  await serveSite(page, snippet);

  // --- A saved tour with one tooltip step, its element typed by hand for now.
  await signInDashboard(page, acct);
  await page.goto('/flows/create');
  const title = page.getByRole('textbox', { name: 'Flow title' });
  await typeInto(title, 'Upgrade tour');
  await title.press('Enter');
  await page.getByRole('button', { name: 'Add step' }).click();
  await page.getByLabel('Step type').selectOption({ label: 'Tooltip' });
  const content = page.getByRole('textbox', { name: 'Step content' });
  await content.click();
  await content.pressSequentially('Upgrade here');
  await typeInto(page.getByLabel('Page URL'), `${SITE}/pricing`);
  await typeInto(page.getByLabel('CSS selector'), '#old-button');
  await chooseFromMenu(
    page,
    'Add Condition',
    'URL',
    page.getByRole('dialog', { name: 'URL Condition' }),
  );
  const urlDialog = page.getByRole('dialog', { name: 'URL Condition' });
  await urlDialog.getByRole('button', { name: 'Add URL to URLs matches' }).click();
  await typeInto(urlDialog.getByRole('textbox', { name: 'URL 1 of URLs matches' }), '/pricing');
  await urlDialog.getByRole('button', { name: 'Save changes' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/flows\/\d+$/);
  await dismissToasts(page);

  // --- Select element: the page opens in a new tab, with the code, and the picker appears.
  const editor = page.getByRole('complementary', { name: 'Step 1 editor' });
  if (!(await editor.isVisible())) await page.getByRole('button', { name: 'Edit step 1' }).click();
  await editor.getByRole('button', { name: 'Select element' }).click();
  const ask = editor.getByRole('group', { name: 'Select element' });
  await expect(ask.getByLabel('Page of your site')).toHaveValue(`${SITE}/pricing`);
  const [site] = await Promise.all([
    page.context().waitForEvent('page'),
    ask.getByRole('button', { name: 'Open page' }).click(),
  ]);
  const errors: string[] = [];
  site.on('pageerror', (e) => errors.push(e.message));
  await site.waitForLoadState('domcontentloaded');
  // The code left the address at once (path and query kept).
  await expect.poll(() => site.url()).toBe(`${SITE}/pricing`);

  const picker = site.getByRole('region', { name: 'Signpost element picker' });
  await expect(picker).toBeVisible({ timeout: 15_000 });
  await site.locator('#upgrade').hover();
  await site.locator('#upgrade').click();
  await expect(picker).toContainText('Upgrade plan');
  await picker.getByRole('button', { name: 'Use this element' }).click();
  await expect(picker).toContainText('Saved.');

  // --- The editor shows the chosen element without a reload.
  const chosen = page.getByRole('group', { name: 'Chosen element' });
  await expect(chosen).toContainText('Upgrade plan');
  await expect(chosen).toContainText('Grade A');
  await expect(chosen).not.toContainText('#old-button');
  expect(errors).toEqual([]);
  await site.close();

  // --- Published, the tour plays on that page for a visitor.
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Publish Flow' })
    .getByRole('button', { name: 'Publish now' })
    .click();
  await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible();

  const visitorContext = await browser.newContext();
  await visitorContext.grantPermissions(['local-network-access']);
  const visitor = await visitorContext.newPage();
  await serveSite(visitor, snippet);
  const builderRequests: string[] = [];
  visitor.on('request', (r) => {
    if (r.url().includes('builder')) builderRequests.push(r.url());
  });
  await visitor.goto(`${SITE}/pricing`);
  const tip = visitor.getByRole('dialog', { name: 'Tour step 1 of 1' });
  await expect(tip).toBeVisible({ timeout: 15_000 });
  await expect(tip).toContainText('Upgrade here');
  // A visitor's page loads nothing of the builder.
  expect(builderRequests).toEqual([]);
  await visitorContext.close();
});
