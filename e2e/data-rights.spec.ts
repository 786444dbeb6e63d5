import type { APIRequestContext } from '@playwright/test';
import { MESSAGES } from '../lib/messages';
import { accountWithBrand, signInDashboard, tail } from './api';
import { expect, test } from './fixtures';

type Account = Awaited<ReturnType<typeof accountWithBrand>>;

/**
 * Erasing a customer from their profile page (docs/data-rights.md, "Erasure"): the dialog's
 * choices reach the API, the profile leaves the list and its address answers "not found", the
 * job removes their events, and with "Stop tracking" their later events are never stored.
 */

const send = async (request: APIRequestContext, acct: Account, batch: object[]) => {
  const sent = await request.post('/v1/batch', { data: { writeKey: acct.writeKey, batch } });
  expect(sent.status()).toBe(200);
  expect(await sent.json()).toEqual({ accepted: batch.length, rejected: [] });
};

async function profiles(request: APIRequestContext, acct: Account) {
  const res = await request.get(`/v1/customer-profiles?brand_id=${acct.brandId}`, {
    headers: { authorization: `Bearer ${acct.token}` },
  });
  return ((await res.json()) as { data: { data: { id: number; customer_key: string }[] } }).data
    .data;
}

test('Erase customer (delete everything, stop tracking): the profile and its events go; later events are dropped', async ({
  page,
  request,
}) => {
  const acct = await accountWithBrand(request, 'erase');
  await send(request, acct, [
    {
      type: 'identify',
      userId: 'erase-me',
      traits: { name: 'Erin Rase', email: 'erin@example.com' },
    },
    { type: 'track', event: 'E2E Ordered', userId: 'erase-me', messageId: 'erase-1' },
    { type: 'identify', userId: 'keep-me', traits: { name: 'Kept Customer' } },
    { type: 'track', event: 'E2E Ordered', userId: 'keep-me', messageId: 'keep-1' },
  ]);
  await expect.poll(async () => (await profiles(request, acct)).length).toBe(2);
  await expect
    .poll(async () => (await tail(request, acct.token, acct.brandId, 'E2E Ordered')).length)
    .toBe(2);
  const id = (await profiles(request, acct)).find((p) => p.customer_key === 'erase-me')!.id;

  await signInDashboard(page, acct);
  await page.goto('/customer-profiles');
  const list = page.getByRole('table', { name: 'Customers' });
  await list.getByRole('link', { name: 'erase-me', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/customer-profiles/${id}$`));

  await page.getByRole('button', { name: 'Erase customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase Erin Rase?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio', { name: /Delete everything/ })).toBeChecked();
  await dialog.getByRole('checkbox', { name: /Stop tracking this customer/ }).check();
  const asked = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith(`/v1/customer-profiles/${id}/erase`),
  );
  await dialog.getByRole('button', { name: 'Erase', exact: true }).click();
  expect((await asked).postDataJSON()).toEqual({ mode: 'delete', suppress: true });

  // Back on the list, without them.
  await expect(page.getByText(MESSAGES.erasure.queued('Erin Rase'))).toBeVisible();
  await expect(page).toHaveURL(/\/customer-profiles$/);
  await expect(list.getByRole('link', { name: 'keep-me', exact: true })).toBeVisible();
  await expect(list.getByRole('link', { name: 'erase-me', exact: true })).toHaveCount(0);

  // Their address answers "not found", in the page and in the API.
  await page.goto(`/customer-profiles/${id}`);
  await expect(page.getByRole('heading', { name: MESSAGES.profiles.notFound })).toBeVisible();
  const api = await request.get(`/v1/customer-profiles/${id}`, {
    headers: { authorization: `Bearer ${acct.token}` },
  });
  expect(api.status()).toBe(404);

  // The job takes their events; the other customer's stay.
  await expect
    .poll(async () =>
      (await tail(request, acct.token, acct.brandId, 'E2E Ordered')).map((e) => e.message_id),
    )
    .toEqual(['keep-1']);

  // Later events of theirs are answered accepted and never stored; nor is a profile made again.
  await send(request, acct, [
    { type: 'track', event: 'E2E Came Back', userId: 'erase-me', messageId: 'late-1' },
    { type: 'track', event: 'E2E Came Back', userId: 'keep-me', messageId: 'late-2' },
  ]);
  await expect
    .poll(async () =>
      (await tail(request, acct.token, acct.brandId, 'E2E Came Back')).map((e) => e.message_id),
    )
    .toEqual(['late-2']);
  await page.goto('/customer-profiles');
  await expect(list.getByRole('link', { name: 'keep-me', exact: true })).toBeVisible();
  await expect(list.getByRole('link', { name: 'erase-me', exact: true })).toHaveCount(0);
  expect((await profiles(request, acct)).map((p) => p.customer_key)).toEqual(['keep-me']);
});

test('Erase customer (keep anonymous events): the events stay under a hash, without their traits', async ({
  page,
  request,
}) => {
  const acct = await accountWithBrand(request, 'redact');
  await send(request, acct, [
    { type: 'identify', userId: 'redact-me', traits: { email: 'rita@example.com' } },
    {
      type: 'track',
      event: 'E2E Ordered',
      userId: 'redact-me',
      messageId: 'redact-1',
      properties: { total: 12, email: 'rita@example.com' },
    },
  ]);
  await expect.poll(async () => (await profiles(request, acct)).length).toBe(1);
  const id = (await profiles(request, acct))[0]!.id;

  await signInDashboard(page, acct);
  await page.goto(`/customer-profiles/${id}`);
  await page.getByRole('button', { name: 'Erase customer' }).click();
  // Named by the e-mail when the profile has no name.
  const dialog = page.getByRole('dialog', { name: 'Erase rita@example.com?' });
  await dialog.getByRole('radio', { name: /Keep anonymous events/ }).check();
  const asked = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith(`/v1/customer-profiles/${id}/erase`),
  );
  await dialog.getByRole('button', { name: 'Erase', exact: true }).click();
  expect((await asked).postDataJSON()).toEqual({ mode: 'redact', suppress: false });
  await expect(page).toHaveURL(/\/customer-profiles$/);
  await expect(page.getByText(MESSAGES.profiles.empty)).toBeVisible();

  // The order is still counted, under the salted hash, without the e-mail.
  await expect
    .poll(async () =>
      (await tail(request, acct.token, acct.brandId, 'E2E Ordered')).map((e) => e.message_id),
    )
    .toEqual(['redact-1:redacted']);
  const [kept] = await tail(request, acct.token, acct.brandId, 'E2E Ordered');
  expect(kept!.user_id).toMatch(/^redacted_[0-9a-f]{32}$/);
  expect(kept!.properties).toEqual({ total: 12 });
});
