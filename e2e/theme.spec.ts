import type { APIRequestContext } from '@playwright/test';
import { MESSAGES } from '../lib/messages';
import { accountWithBrand } from './api';
import { expect, test } from './fixtures';
import { openWithRenderer, playTour } from './hostile-page';

/**
 * The product theme end to end (docs/theme.md): an account on a paid plan (bought through the API
 * with the local provider's test card) saves a theme; the saved theme plays on a page that hides
 * and restyles everything, and the card and its buttons show the theme's colours and radius. The
 * free plan's save is refused with its message.
 */
/** Everything hidden, and every colour and radius forced, the tour's own variables included. */
const HOSTILE_PAGE = `<!doctype html><html><head><style>
  * { display: none !important; background: #ff0000 !important; color: #ff0000 !important;
      border-radius: 0 !important; --sp-card: #ff0000 !important; --sp-radius: 0px !important; }
  button { background-color: #ff0000 !important; }
</style></head><body><p>Shop</p><button>Buy</button></body></html>`;

const THEME = {
  card_background: '#0f172a',
  text_color: '#f8fafc',
  primary_button_background: '#f97316',
  primary_button_text: '#000000',
  secondary_button_background: '#334155',
  secondary_button_text: '#e2e8f0',
  corner_radius: 18,
};

/** Buttons with the editor's default colours: they take the theme's. */
const STEP = {
  id: 's1',
  type: 'modal',
  content: '<h2>Welcome aboard</h2><p>Take a quick tour.</p>',
  buttons: ['Skip', 'Next'].map((label, i) => ({
    id: `b${i}`,
    label,
    background_color: '#2563eb',
    color: '#ffffff',
    actions: [{ type: 'dismiss' }],
  })),
  element_actions: [],
};

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Buys the Starter plan through the API with the local provider's test card 4242. */
async function buyStarter(request: APIRequestContext, token: string) {
  const card = await request.post('/v1/users/me/payment-methods', {
    headers: auth(token),
    data: { card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' } },
  });
  expect(card.status()).toBe(201);
  const plans = (await (await request.get('/v1/plans/available-plan')).json()) as {
    data: { id: number; code: string; plan_prices: { id: number }[] }[];
  };
  const starter = plans.data.find((p) => p.code === 'starter')!;
  const paid = await request.post('/v1/payments/check-out', {
    headers: auth(token),
    data: { plan_id: starter.id, plan_price_id: starter.plan_prices[0]!.id },
  });
  expect(paid.status()).toBe(200);
  // The local provider settles the payment asynchronously.
  await expect
    .poll(async () => {
      const sub = await request.get('/v1/users/me/subscription', { headers: auth(token) });
      return ((await sub.json()) as { data: { current_plan: { code: string } } }).data.current_plan
        .code;
    })
    .toBe('starter');
}

test('the free plan cannot save a theme: 403 with the upgrade message', async ({ request }) => {
  const acct = await accountWithBrand(request, 'theme-free');
  const res = await request.put(`/v1/brands/${acct.brandId}/theme`, {
    headers: auth(acct.token),
    data: THEME,
  });
  expect(res.status()).toBe(403);
  expect(await res.json()).toMatchObject({
    code: 'plan_feature_unavailable',
    message: MESSAGES.theme.paidOnly('Free'),
  });
});

test("a paid product's saved theme colours the card and buttons on a page whose CSS hides and restyles everything", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const acct = await accountWithBrand(request, 'theme-paid');
  await buyStarter(request, acct.token);
  const saved = await request.put(`/v1/brands/${acct.brandId}/theme`, {
    headers: auth(acct.token),
    data: THEME,
  });
  expect(saved.status()).toBe(200);
  const { data } = (await (
    await request.get(`/v1/brands/${acct.brandId}/theme`, { headers: auth(acct.token) })
  ).json()) as { data: { theme: Record<string, unknown>; custom_styling: boolean } };
  expect(data.custom_styling).toBe(true);
  expect(data.theme).toMatchObject(THEME);

  const errors = await openWithRenderer(page, HOSTILE_PAGE);
  await playTour(page, [STEP], { theme: data.theme });
  const modal = page.getByRole('dialog', { name: 'Welcome aboard' });
  await expect(modal).toBeVisible();
  const look = (el: Element) => {
    const s = getComputedStyle(el);
    return { background: s.backgroundColor, color: s.color, radius: s.borderRadius };
  };
  // The card (the dialog itself), then the last button (primary) and the one before (secondary).
  expect(await modal.evaluate(look)).toEqual({
    background: 'rgb(15, 23, 42)',
    color: 'rgb(248, 250, 252)',
    radius: '18px',
  });
  expect(await modal.getByRole('button', { name: 'Next' }).evaluate(look)).toEqual({
    background: 'rgb(249, 115, 22)',
    color: 'rgb(0, 0, 0)',
    radius: '12px',
  });
  expect(await modal.getByRole('button', { name: 'Skip' }).evaluate(look)).toEqual({
    background: 'rgb(51, 65, 85)',
    color: 'rgb(226, 232, 240)',
    radius: '12px',
  });
  expect(errors).toEqual([]);
});
