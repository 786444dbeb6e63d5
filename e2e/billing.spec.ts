import { expect, test, type Page } from './fixtures';
import { MESSAGES } from '../lib/messages';
import { accountWithBrand, signInDashboard } from './api';

/** Socket.IO frames the page receives, to show the status came over the socket. */
function socketFrames(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (ws) => {
    ws.on('framereceived', (frame) => {
      if (typeof frame.payload === 'string') frames.push(frame.payload);
    });
  });
  return frames;
}

const signedIn = (page: Page, token: string, brandId: number) =>
  signInDashboard(page, { token, brandId });

async function orderGrowth(page: Page, addOns: number) {
  await page.goto('/profile/plans');
  const growth = page.getByRole('article', { name: 'Growth' });
  await expect(growth.getByText('$149.00')).toBeVisible();
  await expect(
    page.getByRole('article', { name: 'Free' }).getByRole('button', { name: 'Current plan' }),
  ).toBeDisabled();
  await growth.getByRole('button', { name: 'Choose plan' }).click();

  const dialog = page.getByRole('dialog', { name: 'Order summary' });
  await expect(dialog).toBeVisible();
  if (addOns > 0) {
    await dialog.getByLabel('Add MAU add-ons').check();
    for (let i = 1; i < addOns; i++)
      await dialog.getByRole('button', { name: 'Add one add-on' }).click();
    await expect(dialog.getByLabel('Quantity')).toHaveValue(String(addOns));
  }
  const proceed = dialog.getByRole('button', { name: 'Proceed to checkout' });
  await expect(proceed).toBeEnabled({ timeout: 10_000 });
  await proceed.click();
  await expect(page).toHaveURL(/\/checkout$/);
  const cart = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? 'null'));
  expect(cart).toMatchObject({ plan: { code: 'growth' }, addOnsQuantity: addOns });
}

async function addCard(page: Page, number: string) {
  await expect(page.getByRole('radio', { name: 'Use a new card' })).toBeChecked();
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
  // The previous card's toast may still be leaving (no role then): match the live one.
  await expect(
    page.getByRole('alert').filter({ hasText: MESSAGES.payments.cardAdded }),
  ).toBeVisible();
}

test('free → Growth with two add-ons through the Order summary and /checkout; status over the socket', async ({
  page,
  request,
}) => {
  const acct = await accountWithBrand(request, 'billing');
  await signedIn(page, acct.token, acct.brandId);
  const frames = socketFrames(page);

  await orderGrowth(page, 2);
  await expect(page.getByTestId('total-due')).toHaveText('$189.00');
  await addCard(page, '4242 4242 4242 4242');
  await expect(page.getByRole('radio', { name: /Visa •••• 4242/ })).toBeChecked();

  await page.getByRole('button', { name: 'Pay $189.00' }).click();
  const success = page.getByTestId('checkout-success');
  await expect(success).toBeVisible();
  await expect(success).toContainText('$189.00 paid');
  await expect(success).toContainText('Growth');
  // The outcome was pushed to this user's room over the socket.
  expect(frames.some((f) => f.includes('payment-status') && f.includes('"paid"'))).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('cart'))).toBeNull();

  await success.getByRole('link', { name: 'View plans' }).click();
  await expect(
    page
      .getByRole('article', { name: 'Growth' })
      .getByText('Current plan', { exact: true })
      .first(),
  ).toBeVisible();

  // The profile shows the plan's new limit (50,000 + 2 × 1,000) and the payment.
  await page.goto('/profile');
  await expect(page.getByText(/of 52K MAUs/)).toBeVisible();
  await expect(page.getByRole('table').getByText('$189.00')).toBeVisible();
});

test('a card declined at save is not stored; one declined at payment never becomes the default; 4242 recovers', async ({
  page,
  request,
}) => {
  const acct = await accountWithBrand(request, 'declined');
  await signedIn(page, acct.token, acct.brandId);
  const api = async (path: string) => {
    const res = await request.get(path, { headers: { authorization: `Bearer ${acct.token}` } });
    expect(res.status()).toBe(200);
    return (await res.json()).data;
  };

  await orderGrowth(page, 0);
  // 4000 0000 0000 0002 is declined when it is saved: the card error, and nothing is stored.
  await expect(page.getByRole('radio', { name: 'Use a new card' })).toBeChecked();
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel('Expiry date').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: MESSAGES.payments.cardDeclined }),
  ).toBeVisible();
  await expect(page.getByRole('radio', { name: /•••• 0002/ })).toHaveCount(0);
  expect((await api('/v1/users/me/payment-methods')).total).toBe(0);

  // 4000 0000 0000 0341 saves, then its payment is declined.
  await page.getByLabel('Card number').fill('4000 0000 0000 0341');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText(MESSAGES.payments.cardAdded)).toBeVisible();
  await expect(page.getByRole('radio', { name: /Visa •••• 0341/ })).toBeChecked();
  await page.getByRole('button', { name: 'Pay $149.00' }).click();
  const failure = page.getByTestId('checkout-failure');
  await expect(failure).toBeVisible();
  await expect(failure).toContainText(MESSAGES.payments.cardDeclined);
  expect((await api('/v1/users/me/subscription')).current_plan.code).toBe('free');

  // The recovery: the failing card is no longer the default nor preselected; 4242 pays.
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('radio', { name: /Visa •••• 0341/ })).not.toBeChecked();
  await addCard(page, '4242 4242 4242 4242');
  await expect(page.getByRole('radio', { name: /Visa •••• 4242/ })).toBeChecked();
  await page.getByRole('button', { name: 'Pay $149.00' }).click();
  await expect(page.getByTestId('checkout-success')).toContainText('$149.00 paid');
  expect((await api('/v1/users/me/subscription')).current_plan.code).toBe('growth');
  const cards = (await api('/v1/users/me/payment-methods')).data as {
    last4: string;
    is_default: boolean;
  }[];
  expect(cards.filter((c) => c.is_default).map((c) => c.last4)).toEqual(['4242']);

  // The profile says which card pays for renewals.
  await page.goto('/profile');
  const card4242 = page.getByRole('listitem').filter({ hasText: '4242' });
  await expect(card4242.getByText('Default', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ hasText: '0341' }).getByText('Default', { exact: true }),
  ).toHaveCount(0);
});
