import { expect, test } from './fixtures';
import { TEST_MODE_PORT } from '../playwright.config';

test('a public APP_URL with the outbox and simulator allowed shows "Test mode"; a laptop does not', async ({
  page,
}) => {
  const testMode = `http://localhost:${TEST_MODE_PORT}`;
  for (const path of ['/sign-in', '/checkout']) {
    await page.goto(`${testMode}${path}`);
    await expect(page.getByRole('status').filter({ hasText: 'Test mode' })).toBeVisible();
  }
  const config = await page.request.get(`${testMode}/v1/payments/config`);
  expect((await config.json()).data.test_mode).toBe(true);

  // The main e2e server runs on localhost with the embedded defaults: no badge.
  await page.goto('/sign-in');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByText('Test mode')).toHaveCount(0);
});
