import type { Download } from '@playwright/test';
import { EVENT_EXPORT_FIELDS, PROFILE_EXPORT_FIELDS } from '../lib/contracts/data-export';
import { MESSAGES } from '../lib/messages';
import { accountWithBrand, signInDashboard, tail } from './api';
import { expect, test, type Page } from './fixtures';

/**
 * The Settings page end to end (docs/settings.md): each section saves and shows its saved state
 * after a reload, and a filter on an event code drops that event at ingestion while another one
 * is stored; the Data section's exports download the product's events and customers; the Danger
 * zone asks for, shows and cancels a product deletion.
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

/** Clicks a download link and reads the file the browser saved, as CSV lines. */
async function downloaded(page: Page, link: string): Promise<{ file: Download; lines: string[] }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('region', { name: 'Data' }).getByRole('link', { name: link }).click(),
  ]);
  const chunks = await (await file.createReadStream()).toArray();
  const lines = Buffer.concat(chunks).toString('utf8').trim().split(/\r\n/);
  return { file, lines };
}

test('Data: the exports download the product’s events and customers as CSV', async ({
  page,
  request,
}) => {
  const acct = await accountWithBrand(request, 'settings-export');
  const sent = await request.post('/v1/batch', {
    data: {
      writeKey: acct.writeKey,
      batch: [
        {
          type: 'identify',
          userId: 'export-customer-1',
          traits: { email: 'export-1@example.com', plan: 'pro' },
        },
        { type: 'track', event: 'E2E Exported', userId: 'export-customer-1', messageId: 'exp-1' },
        { type: 'track', event: 'E2E Exported', userId: 'export-customer-2', messageId: 'exp-2' },
      ],
    },
  });
  expect(sent.status()).toBe(200);
  await expect
    .poll(async () => (await tail(request, acct.token, acct.brandId, 'E2E Exported')).length)
    .toBe(2);
  await expect
    .poll(async () => {
      const res = await request.get(`/v1/customer-profiles?brand_id=${acct.brandId}`, {
        headers: { authorization: `Bearer ${acct.token}` },
      });
      return ((await res.json()) as { data: { total: number } }).data.total;
    })
    .toBe(2);

  await signInDashboard(page, acct);
  await page.goto('/settings#data');

  const events = await downloaded(page, 'Export events (CSV)');
  expect(events.file.suggestedFilename()).toMatch(/\.csv$/);
  expect(events.lines[0]).toBe(['cursor', ...EVENT_EXPORT_FIELDS].join(','));
  const rows = events.lines.slice(1);
  // Every event: both tracks and the identify, each holding its code, id and properties.
  expect(rows).toHaveLength(3);
  const exported = rows.find((l) => l.includes(',exp-1,'));
  expect(exported).toContain('E2E Exported');
  expect(exported).toContain('export-customer-1');
  expect(rows.join('\n')).toContain('exp-2');
  expect(rows.find((l) => l.includes('$identify'))).toContain('export-1@example.com');

  const customers = await downloaded(page, 'Export customers (CSV)');
  expect(customers.lines[0]).toBe(['cursor', ...PROFILE_EXPORT_FIELDS].join(','));
  expect(customers.lines.slice(1)).toHaveLength(2);
  const first = customers.lines.find((l) => l.includes('export-customer-1'));
  expect(first).toContain('export-1@example.com');
  expect(customers.lines.join('\n')).toContain('export-customer-2');
});

test('Danger zone: the typed name confirms; the pending deletion shows its due time and is cancelled', async ({
  page,
  request,
}) => {
  const acct = await accountWithBrand(request, 'settings-danger');
  await signInDashboard(page, acct);
  await page.goto('/settings#danger');
  const danger = page.getByRole('region', { name: 'Danger zone' });
  const name = danger.getByRole('textbox', { name: 'Type the product’s name to confirm' });
  const remove = danger.getByRole('button', { name: 'Delete product' });
  const auth = { authorization: `Bearer ${acct.token}` };
  const pending = async () =>
    ((await (await request.get(`/v1/brands/${acct.brandId}/deletion`, { headers: auth })).json())
      .data ?? null) as { due_at: string } | null;

  // Nothing typed: nothing to press. A wrong name is refused under the field, nothing scheduled.
  await expect(remove).toBeDisabled();
  await name.fill('E2E Sho');
  await remove.click();
  await expect(danger.getByText(MESSAGES.productDeletion.nameMismatch('E2E Shop'))).toBeVisible();
  expect(await pending()).toBeNull();
  // Typing again clears the refusal of the name typed before.
  await name.fill('E2E Shop');
  await expect(danger.getByText(MESSAGES.productDeletion.nameMismatch('E2E Shop'))).toHaveCount(0);

  await remove.click();
  const status = danger.getByRole('status');
  await expect(status).toContainText('This product and all its data will be deleted on');
  const due = (await pending())!.due_at;
  const hours = (Date.parse(due) - Date.now()) / 3_600_000;
  expect(hours).toBeGreaterThan(23.9);
  expect(hours).toBeLessThanOrEqual(24);
  // The due time as the browser spells it in the page.
  const shown = await page.evaluate(
    (iso) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
    due,
  );
  await expect(status).toContainText(shown);
  await expect(status.getByRole('button', { name: 'Cancel deletion' })).toBeVisible();

  // Still pending after a reload; the product keeps working until then.
  await page.reload();
  await expect(status).toContainText(shown);
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();

  await status.getByRole('button', { name: 'Cancel deletion' }).click();
  await expect(page.getByText(MESSAGES.productDeletion.cancelled)).toBeVisible();
  await expect(danger.getByRole('status')).toHaveCount(0);
  await expect(name).toHaveValue('');
  expect(await pending()).toBeNull();
  await page.reload();
  await expect(remove).toBeVisible();
  await expect(remove).toBeDisabled();
  await expect(danger.getByRole('status')).toHaveCount(0);
});
