import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';
import { MESSAGES } from '../lib/messages';
import { accountWithBrand, signInDashboard } from './api';

/**
 * A desktop browser's user agent: headless Chromium names itself "HeadlessChrome", which the
 * redirect rightly counts as a bot (docs/short-urls.md, "Bots and previews").
 */
const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
test.use({ userAgent: DESKTOP_CHROME });

/** The destination: a tiny page on 127.0.0.1 that tells which address it was asked for. */
let landing: Server;
let landingOrigin = '';

test.beforeAll(async () => {
  landing = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>Landing</title><h1>Landed</h1>');
  });
  await new Promise<void>((resolve) => landing.listen(0, '127.0.0.1', resolve));
  landingOrigin = `http://127.0.0.1:${(landing.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => landing.close(() => resolve()));
});

test('short links: created in the dashboard with a UTM source, followed to the destination, counted in the detail', async ({
  page,
  request,
}) => {
  const acct = await accountWithBrand(request, 'short-urls');
  await signInDashboard(page, acct);
  const slug = `e2e-${Date.now().toString(36)}`;

  await page.goto('/shorten-urls');
  await expect(page.getByRole('heading', { name: 'Shorten URLs' })).toBeVisible();
  await page.getByRole('button', { name: 'Create short link' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create short link' });
  await dialog.getByLabel('Destination URL').fill(`${landingOrigin}/landing?x=1`);
  await dialog.getByLabel('Custom slug (optional)').fill(slug);
  await dialog.getByRole('button', { name: 'UTM parameters (optional)' }).click();
  await dialog.getByLabel('UTM source').fill('e2e-news');
  await dialog.getByRole('button', { name: 'Create short link' }).click();
  await expect(page.getByText(MESSAGES.shortUrls.created)).toBeVisible();
  await expect(dialog).toBeHidden();

  // The new row: its short address ends with the slug; the same slug again is refused.
  const table = page.getByRole('table', { name: 'Short links' });
  const shortLink = table.getByRole('link', { name: new RegExp(`/s/${slug}$`) });
  await expect(shortLink).toBeVisible();
  const shortUrl = (await shortLink.textContent())!.trim();
  expect(shortUrl).toMatch(new RegExp(`^https?://[^/]+/s/${slug}$`));

  await page.getByRole('button', { name: 'Create short link' }).first().click();
  await dialog.getByLabel('Destination URL').fill(`${landingOrigin}/other`);
  await dialog.getByLabel('Custom slug (optional)').fill(slug);
  await dialog.getByRole('button', { name: 'Create short link' }).click();
  await expect(dialog.getByText(MESSAGES.shortUrls.slugTaken(slug))).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Following the short link lands on the destination with its query and the UTM source.
  await page.goto(shortUrl);
  await expect(page.getByRole('heading', { name: 'Landed' })).toBeVisible();
  const landed = new URL(page.url());
  expect(landed.origin).toBe(landingOrigin);
  expect(landed.pathname).toBe('/landing');
  expect(landed.searchParams.get('x')).toBe('1');
  expect(landed.searchParams.get('utm_source')).toBe('e2e-news');

  // The click is written within a second or two: the detail shows it once it is.
  await page.goto('/shorten-urls');
  await page
    .getByRole('table', { name: 'Short links' })
    .getByRole('link', { name: shortUrl })
    .click();
  await expect(page).toHaveURL(/\/shorten-urls\/\d+$/);
  await expect(page.getByRole('heading', { name: shortUrl })).toBeVisible();
  const clicks = page
    .getByRole('list', { name: 'Totals' })
    .getByRole('listitem', { name: 'Clicks', exact: true });
  await expect(async () => {
    await page.reload();
    await expect(clicks).toContainText('1', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(clicks).toHaveText(/^Clicks\s*1$/);
  await expect(page.getByRole('listitem', { name: 'Unique clicks', exact: true })).toHaveText(
    /^Unique clicks\s*1$/,
  );
  await expect(page.getByRole('region', { name: 'Top UTM sources' })).toContainText('e2e-news');
  await expect(
    page.getByRole('checkbox', { name: 'Include bots and link previews' }),
  ).not.toBeChecked();
});
