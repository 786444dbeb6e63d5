import { MESSAGES } from '../lib/messages';
import { accountWithBrand, signInDashboard, tail } from './api';
import { expect, test } from './fixtures';

/**
 * The Settings page end to end (docs/settings.md): each section saves and shows its saved state
 * after a reload, and a filter on an event code drops that event at ingestion while another one
 * is stored.
 */
test('each settings section saves and shows its state after a reload', async ({
  page,
  request,
}) => {
  const acct = await accountWithBrand(request, 'settings');
  await signInDashboard(page, acct);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();

  // The section list reaches every section from the keyboard.
  const nav = page.getByRole('navigation', { name: 'Settings sections' });
  await nav.getByRole('link', { name: 'Filters' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#filters$/);

  // General
  const general = page.getByRole('region', { name: 'General' });
  await general.getByRole('textbox', { name: 'Name' }).fill('Settings Shop');
  await general.getByRole('combobox', { name: 'Report time zone' }).selectOption('Europe/Paris');
  await general.getByRole('button', { name: 'Save general settings' }).click();
  await expect(page.getByText(MESSAGES.settings.generalSaved)).toBeVisible();

  // Tracking: trusted sources and IP capture
  const tracking = page.getByRole('region', { name: 'Tracking' });
  await tracking.getByLabel('Allowed origins').fill('https://partner.example');
  await tracking.getByRole('button', { name: 'Save sources' }).click();
  await expect(page.getByText('Sources saved.')).toBeVisible();
  await tracking.getByRole('radio', { name: /Anonymised/ }).check();
  await tracking.getByRole('button', { name: 'Save IP capture' }).click();
  await expect(page.getByText(MESSAGES.settings.ipCaptureSaved)).toBeVisible();

  // Filters: a bad range is refused under its row, then a good list is saved.
  const filters = page.getByRole('region', { name: 'Filters' });
  await filters.getByRole('button', { name: 'Add filter' }).click();
  await filters.getByRole('combobox', { name: 'Kind of filter 1' }).selectOption('ip');
  await filters.getByRole('textbox', { name: 'Value of filter 1' }).fill('10.0.0.0/33');
  await filters.getByRole('button', { name: 'Save filters' }).click();
  await expect(filters.getByText(MESSAGES.settings.badIpRule('10.0.0.0/33'))).toBeVisible();
  await filters.getByRole('textbox', { name: 'Value of filter 1' }).fill('192.0.2.0/24');
  await filters.getByRole('button', { name: 'Add filter' }).click();
  await filters.getByRole('textbox', { name: 'Value of filter 2' }).fill('E2E Noise');
  await filters.getByRole('button', { name: 'Save filters' }).click();
  await expect(page.getByText(MESSAGES.settings.filtersSaved)).toBeVisible();

  await page.reload();
  await expect(general.getByRole('textbox', { name: 'Name' })).toHaveValue('Settings Shop');
  await expect(general.getByRole('combobox', { name: 'Report time zone' })).toHaveValue(
    'Europe/Paris',
  );
  await expect(tracking.getByLabel('Allowed origins')).toHaveValue('https://partner.example');
  await expect(tracking.getByRole('radio', { name: /Anonymised/ })).toBeChecked();
  await expect(filters.getByRole('textbox', { name: 'Value of filter 1' })).toHaveValue(
    '192.0.2.0/24',
  );
  await expect(filters.getByRole('combobox', { name: 'Kind of filter 1' })).toHaveValue('ip');
  await expect(filters.getByRole('textbox', { name: 'Value of filter 2' })).toHaveValue(
    'E2E Noise',
  );
  // The theme editor is the page's Theme section.
  await expect(
    page.getByRole('region', { name: 'Theme' }).getByRole('form', { name: 'Theme' }),
  ).toBeVisible();
});

test('a filter on an event code drops that event at ingestion; others are stored', async ({
  page,
  request,
}) => {
  const acct = await accountWithBrand(request, 'settings-filter');
  await signInDashboard(page, acct);
  await page.goto('/settings#filters');
  const filters = page.getByRole('region', { name: 'Filters' });
  await filters.getByRole('button', { name: 'Add filter' }).click();
  await filters.getByRole('textbox', { name: 'Value of filter 1' }).fill('E2E Noise');
  await filters.getByRole('button', { name: 'Save filters' }).click();
  await expect(page.getByText(MESSAGES.settings.filtersSaved)).toBeVisible();

  // Through the ingestion API, as the SDK sends it: both answered as accepted.
  const sent = await request.post('/v1/batch', {
    data: {
      writeKey: acct.writeKey,
      batch: [
        { type: 'track', event: 'E2E Noise', anonymousId: 'visitor-1' },
        { type: 'track', event: 'E2E Kept', anonymousId: 'visitor-1' },
      ],
    },
  });
  expect(sent.status()).toBe(200);
  expect(await sent.json()).toEqual({ accepted: 2, rejected: [] });

  await expect
    .poll(async () => (await tail(request, acct.token, acct.brandId, 'E2E Kept')).length)
    .toBe(1);
  expect(await tail(request, acct.token, acct.brandId, 'E2E Noise')).toEqual([]);

  await page.reload();
  await expect(filters.getByTestId('filtered-count')).toHaveText('1 event filtered this month.');
});
