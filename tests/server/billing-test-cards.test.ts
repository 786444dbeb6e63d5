import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import type { CheckoutResult, PaymentMethod } from '@/lib/contracts/payments';
import { type ApiRequest, ENGINE, request, setupTestApp, signUpVerified } from './helpers';
import { loadCatalogue, paymentOf, subscriptionOf, type Catalogue } from './billing-helpers';

/** Stripe's test numbers, as the local provider plays them (docs/billing.md#test-cards). */
const CARDS = {
  visa: '4242 4242 4242 4242',
  mastercard: '5555 5555 5555 4444',
  declinedAtSave: '4000 0000 0000 0002',
  declinedAtPayment: '4000 0000 0000 0341',
  auth: '4000 0025 0000 3155',
};

const t = setupTestApp();
let body: Catalogue['body'];

beforeAll(async () => {
  ({ body } = await loadCatalogue(t.app));
});

async function account() {
  const u = await signUpVerified(t.app);
  return request(t.app, u.token);
}

const save = (api: ApiRequest, number: string) =>
  api('POST', '/v1/users/me/payment-methods', {
    card: { number, exp_month: 12, exp_year: 2030, cvc: '123' },
  });

async function addCard(api: ApiRequest, number: string) {
  const res = await save(api, number);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as PaymentMethod;
}

async function cards(api: ApiRequest) {
  const res = await api('GET', '/v1/users/me/payment-methods');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.data as PaymentMethod[];
}

const defaultLast4 = async (api: ApiRequest) =>
  (await cards(api)).filter((c) => c.is_default).map((c) => c.last4);

/** Pays (with a chosen card or the default) and waits for the settled outcome. */
async function pay(api: ApiRequest, code: string, cardId?: number) {
  const extra = cardId === undefined ? {} : { payment_method_id: cardId };
  const res = await api('POST', '/v1/payments/check-out', body(code, 0, extra));
  expect(res.statusCode, res.body).toBe(200);
  const result = res.json().data as CheckoutResult;
  if (result.payment.status === 'requires_action') return result.payment;
  await t.app.ctx.provider.drain();
  return paymentOf(api, result.payment.id);
}

describe(`the local provider's test cards and the default card (${ENGINE})`, () => {
  it('declines 4000 0000 0000 0002 when it is saved: the card error, nothing stored', async () => {
    const api = await account();
    const res = await save(api, CARDS.declinedAtSave);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'card_declined',
      message: MESSAGES.payments.cardDeclined,
    });
    expect(await cards(api)).toEqual([]);
    // The next card is the account's first and its default.
    await addCard(api, CARDS.visa);
    expect(await defaultLast4(api)).toEqual(['4242']);
  });

  it('saves 4000 0000 0000 0341, fails its payment, and the previous default stays default', async () => {
    const api = await account();
    await addCard(api, CARDS.visa);
    const bad = await addCard(api, CARDS.declinedAtPayment);
    expect(bad).toMatchObject({ last4: '0341', is_default: false });

    const failed = await pay(api, 'starter', bad.id);
    expect(failed).toMatchObject({
      status: 'failed',
      failure_message: MESSAGES.payments.cardDeclined,
      card: { last4: '0341' },
    });
    expect((await subscriptionOf(api)).current_plan.code).toBe('free');
    expect(await defaultLast4(api)).toEqual(['4242']);
    // The next checkout without a chosen card pays with the default.
    const paid = await pay(api, 'starter');
    expect(paid).toMatchObject({ status: 'paid', card: { last4: '4242' } });
    expect(await defaultLast4(api)).toEqual(['4242']);
  });

  it('a failed payment never leaves the failing card as the default; a card that pays takes it', async () => {
    const api = await account();
    const bad = await addCard(api, CARDS.declinedAtPayment);
    expect(bad.is_default).toBe(true); // the first card, accepted at save
    expect((await pay(api, 'starter')).status).toBe('failed');
    expect(await defaultLast4(api)).toEqual([]);
    // Without a default, paying needs a chosen card.
    const none = await api('POST', '/v1/payments/check-out', body('starter'));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(MESSAGES.payments.noCard);

    // A card saved while the account has no default becomes it, and pays.
    const good = await addCard(api, CARDS.visa);
    expect(good.is_default).toBe(true);
    expect((await pay(api, 'starter')).status).toBe('paid');

    // A card that has worked is not replaced by one that fails.
    const mc = await addCard(api, CARDS.mastercard);
    await api('PUT', `/v1/users/me/payment-methods/set-default/${mc.id}`);
    expect((await pay(api, 'growth', bad.id)).status).toBe('failed');
    expect(await defaultLast4(api)).toEqual(['4444']);
  });

  it('the default that failed gives way to the newest card that has worked', async () => {
    const api = await account();
    const visa = await addCard(api, CARDS.visa);
    expect((await pay(api, 'starter')).status).toBe('paid');
    const bad = await addCard(api, CARDS.declinedAtPayment);
    await api('PUT', `/v1/users/me/payment-methods/set-default/${bad.id}`);
    expect(await defaultLast4(api)).toEqual(['0341']);
    expect((await pay(api, 'growth')).status).toBe('failed');
    expect((await cards(api)).find((c) => c.is_default)?.id).toBe(visa.id);
  });

  it('a card saved first but never charged gives the default to the card that paid', async () => {
    const api = await account();
    await addCard(api, CARDS.declinedAtPayment);
    const visa = await addCard(api, CARDS.visa);
    expect(visa.is_default).toBe(false);
    expect((await pay(api, 'starter', visa.id)).status).toBe('paid');
    expect(await defaultLast4(api)).toEqual(['4242']);
  });

  it('4000 0025 0000 3155 asks for authentication; refused, it stops being the default', async () => {
    const api = await account();
    await addCard(api, CARDS.auth);
    const waiting = await pay(api, 'starter');
    expect(waiting.status).toBe('requires_action');
    const res = await api('POST', `/v1/payments/${waiting.id}/authenticate`, { approved: false });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.ctx.provider.drain();
    expect(await paymentOf(api, waiting.id)).toMatchObject({
      status: 'failed',
      failure_message: MESSAGES.payments.authenticationRefused,
    });
    expect(await defaultLast4(api)).toEqual([]);
  });
});
