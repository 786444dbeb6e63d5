import { expect, test } from './fixtures';
import { MESSAGES } from '../lib/messages';

const email = `e2e-${Date.now()}@example.com`;
// 16 characters, as a password manager makes them (docs/adr/0020-password-maximum.md).
const password = 'q7G#vL2m!Xp9$Rt4';

test('sign up with password rules, verify from the outbox (which signs in), create a product, shell, logout, sign in', async ({
  page,
}) => {
  // Sign-up shows the messages of docs/product/validation.md#53-password in their precedence.
  await page.goto('/sign-up');
  await expect(page).toHaveTitle('Signpost - Sign up');
  await page.getByLabel('Name').fill('E2E Tester');
  await page.getByLabel('E-mail').fill(email);
  const pw = page.getByLabel('Password', { exact: true });
  await pw.fill('abc');
  await expect(page.getByText(MESSAGES.password.min)).toBeVisible();
  await pw.fill(`Abcdefgh1!${'x'.repeat(55)}`);
  await expect(page.getByText(MESSAGES.password.max)).toBeVisible();
  await pw.fill('abcdefgh');
  await expect(page.getByText(MESSAGES.password.uppercase)).toBeVisible();
  await pw.fill(password);
  await expect(page.getByText(/Password must/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(MESSAGES.auth.signUpDone)).toBeVisible();

  // The verification link from the local outbox.
  const mail = page.locator(`article[data-to="${email}"]`).first();
  // Mail is delivered just after the sign-up answer: reload the outbox until it is there.
  await expect(async () => {
    await page.goto('/dev/outbox');
    await expect(mail).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await mail.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/verify-email\?token=/);
  // The "confirm your password" step: a wrong one is sign-in's error, the right one signs in.
  await expect(page.getByRole('heading', { name: 'Confirm your password' })).toBeVisible();
  await page.getByLabel('Password').fill('Wrong1!xyz');
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByText(MESSAGES.auth.invalidCredentials)).toBeVisible();
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();

  // Verified and signed in: it lands on Home; its checklist leads to Product Tracking.
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page).toHaveTitle('Signpost - Home');
  await expect(page.getByText('0 of 5 done')).toBeVisible();
  await page.getByRole('link', { name: 'Go to Product Tracking' }).click();
  await expect(page).toHaveURL(/\/brands$/);
  await expect(page).toHaveTitle('Signpost - Product Tracking');

  // Create a tracked product; its write key is shown.
  await page.getByRole('button', { name: 'Add product' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Demo shop');
  await dialog.getByLabel('Website domain').fill('shop.example.com');
  await dialog.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText('Demo shop').first()).toBeVisible();
  await expect(page.getByTestId('write-key').first()).toHaveText(/^wk_[A-Za-z0-9_-]{24}$/);

  // Ctrl+B minimizes the sidebar and the state survives a reload.
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toHaveAttribute('data-minimized', 'false');
  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-minimized', 'true');
  await page.reload();
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-minimized', 'true');
  await expect(page.getByTestId('write-key').first()).toBeVisible();

  // Logout, then a protected URL redirects to /sign-in.
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.goto('/brands');
  await expect(page).toHaveURL(/\/sign-in/);
  // The last e-mail is remembered; the password manager's password signs in, back to the page
  // that sent the person to sign in.
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveTitle('Signpost - Product Tracking');
});

test('unknown pages show not-found without the sidebar', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByText(/not found/i).first()).toBeVisible();
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
});
