import { expect, test } from './fixtures';
import { accountWithBrand } from './api';

test('sign-in lands on Home; a new account sees the checklist and "snippet installed" ticks after the first event', async ({
  page,
  request,
}) => {
  const acct = await accountWithBrand(request, 'home');

  // Sign-in lands on Home (/); the brand switcher picks the account's only product.
  await page.goto('/sign-in');
  await page.getByLabel('E-mail').fill(acct.email);
  await page.getByLabel('Password', { exact: true }).fill(acct.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page).toHaveTitle('Signpost - Home');

  const steps = page.getByRole('list', { name: 'Getting started steps' });
  const step = (title: string) => steps.getByRole('listitem').filter({ hasText: title });
  const snippet = step('Install the snippet');
  await expect(page.getByRole('heading', { name: 'Getting started' })).toBeVisible();
  await expect(steps.getByRole('listitem')).toHaveCount(5);
  await expect(page.getByText('1 of 5 done')).toBeVisible();
  await expect(step('Create a tracked product').getByText('Done', { exact: true })).toBeVisible();
  await expect(snippet.getByText('To do', { exact: true })).toBeVisible();
  await expect(snippet.getByRole('link', { name: 'Go to Integration' })).toHaveAttribute(
    'href',
    '/integrations',
  );
  // No data yet: no numbers.
  await expect(page.getByRole('region', { name: 'Events today' })).toHaveCount(0);

  // The product's first event, as the snippet on the website would send it.
  const sent = await request.post('/v1/track', {
    headers: { authorization: `Bearer ${acct.writeKey}` },
    data: { event: 'Signed Up', anonymousId: 'visitor-1' },
  });
  expect(sent.status()).toBe(200);

  // A reload reads Home again: the step is ticked and today's events count it.
  await expect(async () => {
    await page.reload();
    await expect(snippet.getByText('Done', { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(snippet.getByText('To do', { exact: true })).toHaveCount(0);
  await expect(page.getByText('2 of 5 done')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Events today' }).getByTestId('events-today'),
  ).toHaveText('1');
  await expect(page.getByRole('region', { name: 'Monthly active users' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Live tours' })).toContainText(
    'No tour is live yet.',
  );
});
