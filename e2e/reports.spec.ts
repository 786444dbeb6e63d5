import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { accountWithBrand, defineEvent, signInDashboard } from './api';

type Account = Awaited<ReturnType<typeof accountWithBrand>>;

const DAY = 86_400_000;

/**
 * Known data over the past days: 12 customers sign up (one a day, noon UTC, 1–12 days ago);
 * the even ones check out an hour later (6 checkouts: 4 from FR, 2 from DE); customer 0 checks out
 * again a week after signing up.
 */
async function ingestShop(request: APIRequestContext, acct: Account) {
  const today = new Date();
  const noon = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 12);
  const batch: object[] = [];
  for (let i = 0; i < 12; i++) {
    const signedUp = noon - (i + 1) * DAY;
    const userId = `cust-${i}`;
    batch.push({
      type: 'track',
      event: 'signup',
      userId,
      timestamp: new Date(signedUp).toISOString(),
    });
    if (i % 2 === 0)
      batch.push({
        type: 'track',
        event: 'checkout',
        userId,
        properties: { country: i % 3 === 0 ? 'FR' : i === 2 || i === 10 ? 'DE' : 'FR' },
        timestamp: new Date(signedUp + 3_600_000).toISOString(),
      });
  }
  batch.push({
    type: 'track',
    event: 'checkout',
    userId: 'cust-11',
    properties: { country: 'FR' },
    timestamp: new Date(noon - 12 * DAY + 7 * DAY).toISOString(),
  });
  const sent = await request.post('/v1/batch', {
    headers: { authorization: `Basic ${Buffer.from(`${acct.writeKey}:`).toString('base64')}` },
    data: { batch, sentAt: new Date().toISOString() },
  });
  expect(sent.status()).toBe(200);
}

async function pickEvent(page: Page, label: string, code: string) {
  await page.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('listbox').getByRole('option', { name: code }).click();
}

test('reports: a trend with a breakdown, a funnel and a retention report are built, saved, pinned, opened and exported; a reload mid-edit keeps the form', async ({
  page,
  request,
}) => {
  const acct = await accountWithBrand(request, 'reports');
  await defineEvent(request, acct, 'signup', 'signup');
  await defineEvent(request, acct, 'checkout', 'checkout');
  await ingestShop(request, acct);
  await signInDashboard(page, acct);

  // A trend of checkouts broken down by country.
  await page.goto('/reports/create');
  await page.getByRole('textbox', { name: /^Name/ }).fill('Checkouts by country');
  await pickEvent(page, 'Event', 'checkout');
  // The breakdown field is a picker: the event's properties seen and the customer attributes,
  // typing allowed; the event's own `country` is typed here.
  const breakdown = page.getByRole('combobox', { name: 'Property', exact: true });
  await breakdown.fill('country');
  await expect(
    page
      .getByRole('group', { name: 'Event properties' })
      .getByRole('option', { name: 'country (Text)' }),
  ).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'ATTRIBUTE' }).getByRole('option', { name: 'Country (Text)' }),
  ).toBeVisible();
  await breakdown.press('Escape');
  const totals = page.getByRole('list', { name: 'Totals' });
  await expect(totals.getByText('checkout · FR')).toBeVisible();
  await expect(totals.getByText('checkout · DE')).toBeVisible();
  // 7 checkouts: 5 from FR, 2 from DE.
  await expect(totals.getByRole('listitem').filter({ hasText: 'checkout · FR' })).toContainText(
    '5',
  );
  await expect(totals.getByRole('listitem').filter({ hasText: 'checkout · DE' })).toContainText(
    '2',
  );
  // The chart is drawn (a canvas) with every number in its table.
  await expect(page.locator('canvas').first()).toBeVisible();
  await page.getByRole('button', { name: 'Save report' }).click();
  await expect(page).toHaveURL(/\/reports\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Checkouts by country' })).toBeVisible();

  // A funnel from sign-up to checkout within a day: 12 entered, 6 converted.
  await page.goto('/reports/create');
  await page.getByRole('textbox', { name: /^Name/ }).fill('Sign-up to checkout');
  await page.getByText('Funnel', { exact: true }).click();
  await pickEvent(page, 'Step 1', 'signup');
  await pickEvent(page, 'Step 2', 'checkout');
  await page.getByRole('spinbutton', { name: /^Within/ }).fill('1');
  const steps = page.getByRole('list', { name: 'Funnel steps' });
  await expect(steps.getByText('12 entered')).toBeVisible();
  await expect(steps.getByText('6 converted')).toBeVisible();
  await page.getByRole('button', { name: 'Save report' }).click();
  await expect(page).toHaveURL(/\/reports\/\d+$/);
  // Who dropped: six customers, linked to their profiles.
  await page.getByRole('button', { name: /6 dropped/ }).click();
  await expect(page.getByRole('dialog').getByRole('listitem')).toHaveCount(6);
  await page.keyboard.press('Escape');

  // A retention report, reloaded mid-edit: the form comes back as it was.
  await page.goto('/reports/create');
  await page.getByRole('textbox', { name: /^Name/ }).fill('Return after sign-up');
  await page.getByText('Retention', { exact: true }).click();
  await pickEvent(page, 'Start event', 'signup');
  await page.waitForTimeout(300);
  await page.reload();
  await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveValue('Return after sign-up');
  await expect(page.getByRole('radio', { name: /Retention/ })).toBeChecked();
  await expect(page.getByRole('combobox', { name: /^Start event/ })).toContainText('signup');
  await expect(page.getByText('Your unsaved report was restored.')).toBeVisible();
  await pickEvent(page, 'Return event', 'checkout');
  await expect(page.getByRole('table').first()).toBeVisible();
  await page.getByRole('button', { name: 'Save report' }).click();
  await expect(page).toHaveURL(/\/reports\/\d+$/);

  // All three on the product's dashboard; one opens full size and downloads its CSV.
  await page.goto('/reports/dashboard');
  const cards = page.getByRole('list', { name: 'Pinned reports' });
  for (const name of ['Checkouts by country', 'Sign-up to checkout', 'Return after sign-up'])
    await expect(cards.getByRole('link', { name })).toBeVisible();
  await cards.getByRole('link', { name: 'Checkouts by country' }).click();
  await expect(page.getByRole('heading', { name: 'Checkouts by country' })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('checkouts-by-country.csv');
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.split(/\r?\n/)[0]).toBe('period,series,event,measure,breakdown,bucket,value');
  expect(csv).toContain('checkout,total,FR');

  // The list has the three, across products.
  await page.goto('/reports/list');
  await expect(page.getByRole('table', { name: 'Reports' }).getByRole('rowheader')).toHaveCount(3);
});
