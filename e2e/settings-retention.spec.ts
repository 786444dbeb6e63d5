import { MESSAGES } from '../lib/messages';
import { accountWithBrand, signInDashboard } from './api';
import { expect, test } from './fixtures';

/**
 * Settings → Data → Retention end to end (docs/retention.md): a Free account's product offers
 * months up to 12 with the sentence saying what retention is not, saves 6, and shows it after a
 * reload.
 */
test('retention saves within the plan and shows its state after a reload', async ({
  page,
  request,
}) => {
  const acct = await accountWithBrand(request, 'retention');
  await signInDashboard(page, acct);
  await page.goto('/settings#data');
  const data = page.getByRole('region', { name: 'Data' });
  const select = data.getByRole('combobox', { name: 'Retention' });
  await expect(select).toHaveValue('plan');
  await expect(select.getByRole('option', { name: 'Plan maximum (12 months)' })).toHaveCount(1);
  await expect(select.getByRole('option', { name: '24 months' })).toHaveCount(0);
  await expect(data.getByText(/not a deletion request/)).toBeVisible();

  await select.selectOption('6');
  await data.getByRole('button', { name: 'Save retention' }).click();
  await expect(page.getByText(MESSAGES.retention.saved)).toBeVisible();
  await expect(data.getByTestId('retention-state')).toContainText('kept for 6 months');

  await page.reload();
  await expect(select).toHaveValue('6');
  await expect(data.getByTestId('retention-state')).toContainText('kept for 6 months');
});
