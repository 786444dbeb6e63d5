import type { APIRequestContext } from '@playwright/test';
import { chooseFromMenu, expect, test } from './fixtures';
import { accountWithBrand, defineEvent, signInDashboard } from './api';

type Account = Awaited<ReturnType<typeof accountWithBrand>>;
const DAY = 86_400_000;

/**
 * Six customers: four on pro.example.com e-mails, two on free.example.com; customers 0, 2 and 4
 * completed an order an hour ago. Pro e-mail AND an order: customers 0 and 2.
 */
async function ingestCustomers(request: APIRequestContext, acct: Account) {
  const now = Date.now();
  const batch = [0, 1, 2, 3, 4, 5].flatMap((i) => {
    const userId = `seg-customer-${i}`;
    const domain = i < 4 ? 'pro.example.com' : 'free.example.com';
    const rows: object[] = [
      {
        type: 'identify',
        userId,
        traits: { email: `c${i}@${domain}`, name: `Customer ${i}` },
        timestamp: new Date(now - 3 * DAY).toISOString(),
      },
    ];
    if (i % 2 === 0)
      rows.push({
        type: 'track',
        event: 'order_completed',
        userId,
        timestamp: new Date(now - 3_600_000).toISOString(),
      });
    return rows;
  });
  const sent = await request.post('/v1/batch', {
    headers: { authorization: `Basic ${Buffer.from(`${acct.writeKey}:`).toString('base64')}` },
    data: { batch, sentAt: new Date().toISOString() },
  });
  expect(sent.status()).toBe(200);
  // Profiles are written by the tracking pipeline: wait until all six are there.
  await expect(async () => {
    const res = await request.get(`/v1/customer-profiles?brand_id=${acct.brandId}&limit=50`, {
      headers: { authorization: `Bearer ${acct.token}` },
    });
    const body = (await res.json()) as { data: { total: number } };
    expect(body.data.total).toBe(6);
  }).toPass({ timeout: 30_000 });
}

test('segments: an attribute and an event condition counted live, saved, opened, exported as CSV, and targeted by a tour', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const acct = await accountWithBrand(request, 'segments');
  await defineEvent(request, acct, 'order_completed', 'Order completed');
  await ingestCustomers(request, acct);
  await signInDashboard(page, acct);

  await page.goto('/segments');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Segments' })
    .waitFor();
  await page.getByRole('link', { name: 'Create segment' }).first().click();
  await expect(page).toHaveURL(/\/segments\/add$/);

  await page.getByRole('textbox', { name: 'Name' }).fill('Pro customers who ordered');

  // The attribute: e-mail contains "pro.example.com".
  await chooseFromMenu(page, 'Add condition', 'Customer attribute');
  const attr = page.getByRole('dialog', { name: 'Attribute & Metadata' });
  await attr.getByRole('combobox', { name: 'Condition 1 attribute' }).click();
  await page.getByRole('option', { name: 'Email (Text)' }).click();
  await attr.getByRole('combobox', { name: 'Condition 1 condition type' }).selectOption('contain');
  await attr.getByRole('textbox', { name: 'Condition 1 value' }).fill('pro.example.com');
  await attr.getByRole('button', { name: 'Save changes' }).click();
  await expect(attr).toBeHidden();

  const count = page.getByRole('status', { name: 'Live count' });
  await expect(count).toHaveText('4 customers match');

  // The event: order_completed at least once in the last day (the dialog's defaults).
  await chooseFromMenu(page, 'Add condition', 'Event');
  const ev = page.getByRole('dialog', { name: 'Event' });
  await ev.getByPlaceholder('Find an event').click();
  await page.getByRole('option', { name: 'Order completed (order_completed)' }).click();
  await ev.getByRole('button', { name: 'Apply' }).click();
  await expect(ev).toBeHidden();
  await expect(count).toHaveText('2 customers match');

  await page.getByRole('button', { name: 'Save segment' }).click();
  await expect(page).toHaveURL(/\/segments\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());

  // The list shows it; its name opens the details.
  await page.goto('/segments');
  await page
    .getByRole('table', { name: 'Segments' })
    .getByRole('link', { name: 'Pro customers who ordered', exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/segments/${id}$`));
  await expect(page.getByRole('heading', { name: 'Pro customers who ordered' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Rules' })).toContainText(
    'email contains pro.example.com',
  );
  const members = page.getByRole('table', { name: 'Members' });
  await expect(members.getByRole('rowheader')).toHaveText(['seg-customer-0', 'seg-customer-2'], {
    useInnerText: true,
  });
  await expect(members.getByRole('link', { name: 'seg-customer-0' })).toHaveAttribute(
    'href',
    /\/customer-profiles\/\d+$/,
  );

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  const csv = await (await download.createReadStream()).toArray();
  const lines = Buffer.concat(csv).toString('utf8').trim().split(/\r?\n/);
  expect(lines).toHaveLength(3);
  expect(lines.slice(1).join('\n')).toContain('seg-customer-0');
  expect(lines.slice(1).join('\n')).toContain('seg-customer-2');

  // A tour targeted at it: Add Condition → Segment, pick it, save.
  await page.goto('/flows');
  await page.getByRole('link', { name: 'Create product tour' }).first().click();
  await expect(page).toHaveURL(/\/flows\/create$/);
  const title = page.getByRole('textbox', { name: 'Flow title' });
  await title.fill('Tour for pro customers');
  await title.press('Enter');
  await chooseFromMenu(page, 'Add Condition', 'Segment');
  const seg = page.getByRole('dialog', { name: 'Segment' });
  await seg.getByRole('combobox', { name: 'Segment 1', exact: true }).click();
  await page.getByRole('option', { name: 'Pro customers who ordered' }).click();
  await seg.getByRole('button', { name: 'Save changes' }).click();
  await expect(seg).toBeHidden();
  await expect(page.getByRole('list', { name: 'Trigger conditions' })).toContainText(
    'In segment Pro customers who ordered',
  );
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Update product tour successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/flows\/\d+$/);
  const flowId = page.url().split('/').pop()!;
  const stored = await request.get(`/v1/flows/${flowId}`, {
    headers: { authorization: `Bearer ${acct.token}` },
  });
  expect(((await stored.json()) as { data: { condition: unknown } }).data.condition).toEqual({
    trigger_operator: 'AND',
    trigger_conditions: [
      { trigger_type: 'segment', conditions: [{ segment_id: id, negate: false }] },
    ],
  });
});
