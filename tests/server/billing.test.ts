import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SOCKET_EVENTS } from '@/lib/constants';
import { MESSAGES } from '@/lib/messages';
import type { CheckoutResult, Payment, PaymentMethod } from '@/lib/contracts/payments';
import { payments, subscriptions } from '@/server/db/schema';
import type { Realtime } from '@/server/realtime/notifier';
import { AppError } from '@/server/errors';
import { createLocalProvider } from '@/server/payments/local.provider';
import type { PaymentProvider, ProviderEvent } from '@/server/payments/types';
import { type ApiRequest, ENGINE, request, setupTestApp, signUpVerified } from './helpers';
import { loadCatalogue, paymentOf, subscriptionOf, type Catalogue } from './billing-helpers';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const T0 = new Date('2025-03-01T10:00:00.000Z');
let clock = T0;
const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
/** One calendar month later (the test's own arithmetic, independent of lib/billing). */
const monthAfter = (d: Date) => {
  const x = new Date(d);
  x.setUTCMonth(x.getUTCMonth() + 1);
  return x;
};

const CARDS = {
  visa: '4242 4242 4242 4242',
  /** Saved, then declined at payment (4000 0000 0000 0002 is refused at save: billing-test-cards). */
  declinedAtPayment: '4000 0000 0000 0341',
  auth: '4000 0025 0000 3155',
  mastercard: '5555 5555 5555 4444',
  amex: '3782 822463 10005',
};

/** Plan ids and price ids by code, read from the public catalogue like the dashboard does. */
let cat: Catalogue['plans'];
let addOn: Catalogue['addOn'];
let body: Catalogue['body'];

const emitted: { userId: string; event: string; payload: unknown; dbStatus: Promise<string> }[] =
  [];
const fakeRealtime: Realtime = {
  emitToUser(userId, event, payload) {
    // Read the payment as another reader sees it at emit time: committed state only.
    const id = (payload as { payment_id?: number }).payment_id;
    const dbStatus = id
      ? t.database.db
          .select({ status: payments.status })
          .from(payments)
          .where(eq(payments.id, id))
          .then((r) => r[0]?.status ?? 'missing')
      : Promise.resolve('n/a');
    emitted.push({ userId, event, payload, dbStatus });
  },
  emitToRoom() {},
  mayHaveListeners: () => false,
  close: async () => {},
};

const t = setupTestApp({ now: () => clock, notifier: fakeRealtime });
beforeAll(async () => {
  ({ plans: cat, addOn, body } = await loadCatalogue(t.app));
});
beforeEach(() => {
  clock = T0;
});

/** A signed-up user with a saved card (the default one). */
async function customer(card: keyof typeof CARDS | null = 'visa') {
  const u = await signUpVerified(t.app);
  const api = request(t.app, u.token);
  let cardId: number | undefined;
  if (card) cardId = (await addCard(api, CARDS[card])).id;
  return { ...u, api, cardId };
}

async function addCard(api: ApiRequest, number: string, exp_year = 2030) {
  const res = await api('POST', '/v1/users/me/payment-methods', {
    card: { number, exp_month: 12, exp_year, cvc: '123' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as PaymentMethod;
}

/** Pays and waits for the outcome the provider settles asynchronously. */
async function pay(api: ApiRequest, code: string, addOns = 0, extra = {}) {
  const res = await api('POST', '/v1/payments/check-out', body(code, addOns, extra));
  expect(res.statusCode, res.body).toBe(200);
  const result = res.json().data as CheckoutResult;
  await t.app.ctx.provider.drain();
  return { result, payment: await paymentOf(api, result.payment.id) };
}

describe(`billing on the local provider (${ENGINE})`, () => {
  it('free → Growth with two add-ons: preview, checkout, payment settles, new limits', async () => {
    const u = await customer();
    const preview = await u.api('POST', '/v1/payments/preview-checkout', body('growth', 2));
    expect(preview.statusCode, preview.body).toBe(200);
    const end = monthAfter(T0);
    expect(preview.json().data).toMatchObject({
      subtotal: 14900 + 2 * 2000,
      total: 18900,
      period_end: seconds(end),
      summary: { has_proration: false },
      lines: [
        { amount: 14900, quantity: 1, period: { start: seconds(T0), end: seconds(end) } },
        { amount: 4000, quantity: 2, period: { start: seconds(T0), end: seconds(end) } },
      ],
    });

    const res = await u.api('POST', '/v1/payments/check-out', body('growth', 2));
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data as CheckoutResult;
    expect(result.payment).toMatchObject({
      kind: 'checkout',
      status: 'pending',
      amount: 18900,
      plan_code: 'growth',
      card: { brand: 'visa', last4: '4242' },
    });
    expect(result.scheduled_at).toBeNull();

    await t.app.ctx.provider.drain();
    expect((await paymentOf(u.api, result.payment.id)).status).toBe('paid');
    const sub = await subscriptionOf(u.api);
    expect(sub.current_plan.code).toBe('growth');
    expect(sub.user_subscription.add_ons).toEqual([{ plan_id: addOn.id, quantity: 2 }]);
    expect(sub.user_subscription.current_period_start).toBe(T0.toISOString());
    expect(sub.user_subscription.current_period_end).toBe(end.toISOString());
    expect(sub.user_quota.mau_limit).toBe(52_000);
    expect(sub.user_quota.tracking_paused).toBe(false);
    const me = (await u.api('GET', '/v1/users/me')).json().data;
    expect(me.stripe_customer_id).toMatch(/^cus_local_/);
  });

  it("applies the paid plan's product limit to brand creation", async () => {
    const u = await customer();
    const brand = (name: string) =>
      u.api('POST', '/v1/brands', { name, domain: `${name}.example.com` });
    expect((await brand('one')).statusCode).toBe(201);
    const refused = await brand('two');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('plan_limit_reached');
    await pay(u.api, 'starter');
    expect((await brand('two')).statusCode).toBe(201);
    expect((await brand('three')).statusCode).toBe(201);
    expect((await brand('four')).statusCode).toBe(403);
  });

  it('upgrades Growth → Scale mid-period with the unused time credited to the cent', async () => {
    const u = await customer();
    await pay(u.api, 'growth', 2);
    advance(10 * DAY + 7 * HOUR + 13 * 60 * 1000);
    const now = clock;

    // Stripe's proration: the unused share of what was paid for the current period.
    const periodMs = monthAfter(T0).getTime() - T0.getTime();
    const unusedMs = monthAfter(T0).getTime() - now.getTime();
    const credit = -Math.round(((14900 + 2 * 2000) * unusedMs) / periodMs);
    const due = 39900 + 2 * 2000 + credit;
    expect(credit).toBeLessThan(0);

    const preview = (await u.api('POST', '/v1/payments/preview-checkout', body('scale', 2))).json()
      .data;
    expect(preview.summary.has_proration).toBe(true);
    expect(preview.lines[0]).toMatchObject({
      amount: credit,
      period: { start: seconds(now), end: seconds(monthAfter(T0)) },
    });
    expect(preview.lines.slice(1).map((l: { amount: number }) => l.amount)).toEqual([39900, 4000]);
    expect(preview.total).toBe(due);
    expect(preview.period_end).toBe(seconds(monthAfter(now)));

    // The client's path does not matter: the server sees a higher plan and charges an upgrade.
    const res = await u.api('POST', '/v1/payments/upgrade', body('scale', 2));
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json().data as CheckoutResult).payment.id;
    await t.app.ctx.provider.drain();
    expect(await paymentOf(u.api, id)).toMatchObject({
      kind: 'upgrade',
      status: 'paid',
      amount: due,
    });
    const sub = await subscriptionOf(u.api);
    expect(sub.current_plan.code).toBe('scale');
    // The cycle restarts today.
    expect(sub.user_subscription.current_period_start).toBe(now.toISOString());
    expect(sub.user_subscription.current_period_end).toBe(monthAfter(now).toISOString());
    expect(sub.user_quota.mau_limit).toBe(202_000);
  });

  it('buys add-ons on the current plan; the quantity only grows and stops at 10', async () => {
    const u = await customer();
    await pay(u.api, 'growth');
    advance(5 * DAY);
    const periodMs = monthAfter(T0).getTime() - T0.getTime();
    const credit = -Math.round((14900 * (monthAfter(T0).getTime() - clock.getTime())) / periodMs);
    const { payment } = await pay(u.api, 'growth', 3);
    expect(payment).toMatchObject({
      kind: 'add_ons',
      status: 'paid',
      amount: 14900 + 3 * 2000 + credit,
      add_on_quantity: 3,
    });
    let sub = await subscriptionOf(u.api);
    expect(sub.user_subscription.add_ons).toEqual([{ plan_id: addOn.id, quantity: 3 }]);
    expect(sub.user_quota.mau_limit).toBe(53_000);

    // Asking for fewer add-ons than owned keeps them: nothing new to buy.
    const same = await u.api('POST', '/v1/payments/check-out', body('growth', 2));
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe(MESSAGES.payments.samePlan);
    const tooMany = await u.api('POST', '/v1/payments/upgrade', body('growth', 11));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('Maximum 10 add-ons');
    sub = await subscriptionOf(u.api);
    expect(sub.user_subscription.add_ons[0]?.quantity).toBe(3);
  });

  it('schedules a lower plan for the period end, charges nothing, and switches after it', async () => {
    const u = await customer();
    await pay(u.api, 'scale', 1);
    advance(3 * DAY);
    const periodEnd = monthAfter(T0);

    const preview = (await u.api('POST', '/v1/payments/preview-checkout', body('growth'))).json()
      .data;
    expect(preview).toMatchObject({ total: 0, summary: { has_proration: false } });
    expect(preview.lines[0]).toMatchObject({
      amount: 14900,
      period: { start: seconds(periodEnd) },
    });

    const res = await u.api('POST', '/v1/payments/check-out', body('growth'));
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data as CheckoutResult;
    expect(result.payment).toMatchObject({ kind: 'downgrade', status: 'paid', amount: 0 });
    expect(result.scheduled_at).toBe(periodEnd.toISOString());
    let sub = await subscriptionOf(u.api);
    expect(sub.current_plan.code).toBe('scale');
    expect(sub.user_subscription.scheduled_plan).toEqual({ code: 'growth', name: 'Growth' });

    advance(periodEnd.getTime() - clock.getTime() + HOUR);
    sub = await subscriptionOf(u.api);
    expect(sub.current_plan.code).toBe('growth');
    expect(sub.user_subscription.scheduled_plan).toBeNull();
    expect(sub.user_subscription.current_period_start).toBe(periodEnd.toISOString());
    expect(sub.user_subscription.current_period_end).toBe(monthAfter(periodEnd).toISOString());
    // Add-ons stay with the lower paid plan.
    expect(sub.user_quota.mau_limit).toBe(51_000);

    // The scheduled change charged nothing: the history lists what was paid.
    const history = (await u.api('GET', '/v1/users/me/payment-history?limit=5')).json().data;
    expect(history.data.map((p: Payment) => [p.kind, p.amount])).toEqual([
      ['renewal', 14900 + 2000],
      ['checkout', 39900 + 2000],
    ]);
  });

  it('takes one of two payments started at once; a new one replaces one left waiting for the card holder', async () => {
    const u = await customer();
    const both = await Promise.all([
      u.api('POST', '/v1/payments/check-out', body('growth')),
      u.api('POST', '/v1/payments/check-out', body('growth')),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().message).toBe(
      MESSAGES.payments.inProgress,
    );
    await t.app.ctx.provider.drain();

    const v = await customer('auth');
    const waiting = (await v.api('POST', '/v1/payments/check-out', body('starter'))).json().data
      .payment as Payment;
    expect(waiting.status).toBe('requires_action');
    const visa = await addCard(v.api, CARDS.visa);
    const again = await v.api(
      'POST',
      '/v1/payments/check-out',
      body('starter', 0, { payment_method_id: visa.id }),
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(await paymentOf(v.api, waiting.id)).toMatchObject({
      status: 'failed',
      failure_message: MESSAGES.payments.replaced,
    });
    await t.app.ctx.provider.drain();
    expect((await subscriptionOf(v.api)).current_plan.code).toBe('starter');
    // The abandoned one cannot be confirmed any more.
    const late = await v.api('POST', `/v1/payments/${waiting.id}/authenticate`, { approved: true });
    expect(late.statusCode).toBe(404);
  });

  it('ends the plan with its period when the renewal charge fails or no card is left', async () => {
    const declining = await customer('declinedAtPayment');
    // The first payment needs a working card; the declining one becomes the default after.
    const ok = await addCard(declining.api, CARDS.visa);
    await pay(declining.api, 'starter', 0, { payment_method_id: ok.id });
    const del = await declining.api('DELETE', `/v1/users/me/payment-methods/${ok.id}`);
    expect(del.statusCode).toBe(200);
    const cardless = await customer();
    await pay(cardless.api, 'growth', 1);
    const cards = (await cardless.api('GET', '/v1/users/me/payment-methods')).json().data.data;
    for (const c of cards as PaymentMethod[])
      await cardless.api('DELETE', `/v1/users/me/payment-methods/${c.id}`);

    advance(monthAfter(T0).getTime() - clock.getTime() + HOUR);
    for (const [u, message] of [
      [declining, MESSAGES.payments.cardDeclined],
      [cardless, MESSAGES.payments.noCardForRenewal],
    ] as const) {
      const sub = await subscriptionOf(u.api);
      expect(sub.current_plan.code).toBe('free');
      expect(sub.user_subscription.add_ons).toEqual([]);
      const failed = (await u.api('GET', '/v1/users/me/payment-history?status=failed')).json().data
        .data as Payment[];
      expect(failed).toEqual([
        expect.objectContaining({ kind: 'renewal', status: 'failed', failure_message: message }),
      ]);
    }
    // The card whose renewal was declined is no longer the default (docs/billing.md#default-card).
    const left = (await declining.api('GET', '/v1/users/me/payment-methods')).json().data
      .data as PaymentMethod[];
    expect(left.map((c) => [c.last4, c.is_default])).toEqual([['0341', false]]);
  });

  it('keeps the current plan when the scheduled change is called off', async () => {
    const u = await customer();
    const none = await u.api('POST', '/v1/payments/keep-plan');
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(MESSAGES.payments.nothingScheduled);
    await pay(u.api, 'scale');
    advance(3 * DAY);
    expect((await u.api('POST', '/v1/payments/check-out', body('starter'))).statusCode).toBe(200);
    expect((await subscriptionOf(u.api)).user_subscription.scheduled_plan?.code).toBe('starter');

    // Each keep is its own request to the provider: the same change scheduled and called off twice
    // in one period must not reuse the first call's idempotency key (Stripe would replay it).
    const keys: string[] = [];
    const provider = t.app.ctx.provider;
    const keepPlan = provider.keepPlan.bind(provider);
    provider.keepPlan = async (id, key) => {
      keys.push(key);
      return keepPlan(id, key);
    };
    try {
      const kept = await u.api('POST', '/v1/payments/keep-plan');
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json().data.message).toBe('Your Scale plan continues.');
      expect((await subscriptionOf(u.api)).user_subscription.scheduled_plan).toBeNull();
      expect((await u.api('POST', '/v1/payments/check-out', body('starter'))).statusCode).toBe(200);
      expect((await u.api('POST', '/v1/payments/keep-plan')).statusCode).toBe(200);
      expect((await subscriptionOf(u.api)).user_subscription.scheduled_plan).toBeNull();
    } finally {
      provider.keepPlan = keepPlan;
    }
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);

    advance(monthAfter(T0).getTime() - clock.getTime() + HOUR);
    const sub = await subscriptionOf(u.api);
    expect(sub.current_plan.code).toBe('scale');
    expect(sub.user_subscription.current_period_start).toBe(monthAfter(T0).toISOString());
  });

  it('cancels back to Free at the period end', async () => {
    const u = await customer();
    await pay(u.api, 'starter', 2);
    const res = await u.api('POST', '/v1/payments/check-out', body('free'));
    expect(res.statusCode, res.body).toBe(200);
    expect((await subscriptionOf(u.api)).current_plan.code).toBe('starter');
    advance(32 * DAY);
    const sub = await subscriptionOf(u.api);
    expect(sub.current_plan.code).toBe('free');
    expect(sub.user_subscription.add_ons).toEqual([]);
    expect(sub.user_subscription.current_period_end).toBeNull();
    expect(sub.user_quota.mau_limit).toBe(1000);
  });

  it('renews an elapsed paid period for another month', async () => {
    const u = await customer();
    await pay(u.api, 'starter');
    advance(31 * DAY + HOUR);
    const sub = await subscriptionOf(u.api);
    expect(sub.current_plan.code).toBe('starter');
    expect(sub.user_subscription.current_period_start).toBe(monthAfter(T0).toISOString());
    const history = (await u.api('GET', '/v1/users/me/payment-history?status=paid')).json().data;
    expect(history.data[0]).toMatchObject({ kind: 'renewal', amount: 4900, status: 'paid' });
  });

  it('a declined card leaves the plan unchanged and the payment failed with the message', async () => {
    const u = await customer('declinedAtPayment');
    const { result, payment } = await pay(u.api, 'growth');
    expect(result.payment.status).toBe('pending');
    expect(payment).toMatchObject({
      status: 'failed',
      failure_message: MESSAGES.payments.cardDeclined,
    });
    const sub = await subscriptionOf(u.api);
    expect(sub.current_plan.code).toBe('free');
    expect(sub.user_quota.mau_limit).toBe(1000);
    const status = emitted.filter(
      (e) => e.userId === u.userId && e.event === SOCKET_EVENTS.PAYMENT_STATUS,
    );
    expect(status.map((e) => e.payload)).toEqual([
      {
        payment_id: payment.id,
        status: 'failed',
        plan_code: 'free',
        message: MESSAGES.payments.cardDeclined,
      },
    ]);
  });

  it('a card asking for authentication: approved → paid, refused → failed', async () => {
    const u = await customer('auth');
    const res = await u.api('POST', '/v1/payments/check-out', body('starter'));
    const first = (res.json().data as CheckoutResult).payment;
    expect(first.status).toBe('requires_action');
    await t.app.ctx.provider.drain();
    // Nothing settles while the card holder has not answered.
    expect((await paymentOf(u.api, first.id)).status).toBe('requires_action');
    const refused = await u.api('POST', `/v1/payments/${first.id}/authenticate`, {
      approved: false,
    });
    expect(refused.statusCode, refused.body).toBe(200);
    await t.app.ctx.provider.drain();
    expect(await paymentOf(u.api, first.id)).toMatchObject({
      status: 'failed',
      failure_message: MESSAGES.payments.authenticationRefused,
    });
    expect((await subscriptionOf(u.api)).current_plan.code).toBe('free');
    // Answering again is not possible.
    const again = await u.api('POST', `/v1/payments/${first.id}/authenticate`, { approved: true });
    expect(again.statusCode).toBe(404);

    // The refused card is no longer the default (docs/billing.md#default-card): chosen again.
    const second = (
      (
        await u.api(
          'POST',
          '/v1/payments/check-out',
          body('starter', 0, { payment_method_id: u.cardId }),
        )
      ).json().data as CheckoutResult
    ).payment;
    expect(second.status).toBe('requires_action');
    await u.api('POST', `/v1/payments/${second.id}/authenticate`, { approved: true });
    await t.app.ctx.provider.drain();
    expect((await paymentOf(u.api, second.id)).status).toBe('paid');
    // Once it has worked, it is the default again.
    const methods = (await u.api('GET', '/v1/users/me/payment-methods')).json().data.data;
    expect((methods as PaymentMethod[]).find((c) => c.is_default)?.id).toBe(u.cardId);
    expect((await subscriptionOf(u.api)).current_plan.code).toBe('starter');
  });

  it('manages cards: add, refuse bad ones, list, set default, delete moves the default', async () => {
    const u = await customer(null);
    const visa = await addCard(u.api, CARDS.visa);
    expect(visa).toMatchObject({
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      exp_year: 2030,
      is_default: true,
    });
    const mc = await addCard(u.api, CARDS.mastercard);
    const amex = await addCard(u.api, CARDS.amex);
    expect([mc.is_default, amex.is_default]).toEqual([false, false]);
    expect([mc.brand, amex.brand]).toEqual(['mastercard', 'amex']);

    const bad = async (number: string, exp_year: number, message: string) => {
      const res = await u.api('POST', '/v1/users/me/payment-methods', {
        card: { number, exp_month: 1, exp_year, cvc: '123' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    };
    await bad('4242 4242 4242 4241', 2030, MESSAGES.payments.cardInvalid);
    await bad(CARDS.visa, 2024, MESSAGES.payments.cardExpired);
    await bad('6011 1111 1111 1117', 2030, MESSAGES.payments.cardBrand);

    const list = async () => {
      const res = await u.api('GET', '/v1/users/me/payment-methods');
      expect(res.statusCode).toBe(200);
      return res.json().data as { data: PaymentMethod[]; total: number };
    };
    let cards = await list();
    expect(cards.total).toBe(3);
    expect(cards.data.filter((c) => c.is_default).map((c) => c.id)).toEqual([visa.id]);
    // Only brand, last four and expiry come back (and are stored).
    expect(Object.keys(cards.data[0]!).sort()).toEqual(
      ['brand', 'created_at', 'exp_month', 'exp_year', 'id', 'is_default', 'last4'].sort(),
    );

    const set = await u.api('PUT', `/v1/users/me/payment-methods/set-default/${amex.id}`);
    expect(set.statusCode).toBe(200);
    expect(set.json().data.message).toBe(MESSAGES.payments.cardSetDefault);
    cards = await list();
    expect(cards.data.filter((c) => c.is_default).map((c) => c.id)).toEqual([amex.id]);

    // Paying uses the default card.
    const { payment } = await pay(u.api, 'starter');
    expect(payment.card).toEqual({ brand: 'amex', last4: '0005' });

    const del = await u.api('DELETE', `/v1/users/me/payment-methods/${amex.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json().data).toEqual({ message: 'Payment method deleted successfully!' });
    cards = await list();
    expect(cards.total).toBe(2);
    // The newest remaining card becomes the default.
    expect(cards.data.filter((c) => c.is_default).map((c) => c.id)).toEqual([mc.id]);
    // The history keeps the card it was paid with.
    expect((await paymentOf(u.api, payment.id)).card).toEqual({ brand: 'amex', last4: '0005' });
    expect((await u.api('DELETE', `/v1/users/me/payment-methods/${amex.id}`)).statusCode).toBe(404);
  });

  it('pages the payment history: 5 per page, paid only, newest first', async () => {
    const u = await customer();
    const declined = await addCard(u.api, CARDS.declinedAtPayment);
    const steps: [string, number][] = [
      ['starter', 0],
      ['starter', 1],
      ['starter', 2],
      ['growth', 2],
      ['growth', 3],
      ['scale', 3],
    ];
    const ids: number[] = [];
    for (const [code, n] of steps) {
      advance(HOUR);
      ids.push((await pay(u.api, code, n)).payment.id);
    }
    advance(HOUR);
    const failed = await pay(u.api, 'scale', 4, { payment_method_id: declined.id });
    expect(failed.payment.status).toBe('failed');

    const page = async (query: string) => {
      const res = await u.api('GET', `/v1/users/me/payment-history?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { data: Payment[]; total: number };
    };
    const q = 'limit=5&status=paid&sort_by=created_at&sort_order=desc';
    const first = await page(`offset=0&${q}`);
    expect(first.total).toBe(6);
    expect(first.data.map((p) => p.id)).toEqual(ids.slice(1).reverse());
    expect(first.data.every((p) => p.status === 'paid')).toBe(true);
    const second = await page(`offset=5&${q}`);
    expect(second.data.map((p) => p.id)).toEqual([ids[0]]);
    const all = await page('offset=0&limit=5');
    expect(all.total).toBe(7);
    expect(all.data[0]).toMatchObject({ id: failed.payment.id, status: 'failed' });
    const oldest = await page('offset=0&limit=2&sort_order=asc');
    expect(oldest.data.map((p) => p.id)).toEqual(ids.slice(0, 2));
  });

  it("keeps every account to itself: another user's card, payment and customer are 404", async () => {
    const a = await customer();
    const { payment } = await pay(a.api, 'starter');
    const aCustomer = (await a.api('GET', '/v1/users/me')).json().data.stripe_customer_id;
    const b = await customer(null);

    expect((await b.api('GET', `/v1/payments/${payment.id}`)).statusCode).toBe(404);
    expect(
      (await b.api('POST', `/v1/payments/${payment.id}/authenticate`, { approved: true }))
        .statusCode,
    ).toBe(404);
    expect((await b.api('DELETE', `/v1/users/me/payment-methods/${a.cardId}`)).statusCode).toBe(
      404,
    );
    expect(
      (await b.api('PUT', `/v1/users/me/payment-methods/set-default/${a.cardId}`)).statusCode,
    ).toBe(404);
    const charge = await b.api('POST', '/v1/payments/check-out', {
      ...body('growth'),
      payment_method_id: a.cardId,
    });
    expect(charge.statusCode).toBe(404);
    expect(
      (await b.api('POST', '/v1/payments/setup-intent', { customerId: aCustomer })).statusCode,
    ).toBe(404);
    expect((await b.api('GET', '/v1/users/me/payment-methods')).json().data).toEqual({
      data: [],
      total: 0,
    });
    expect((await b.api('GET', '/v1/users/me/payment-history')).json().data.total).toBe(0);
    // A's card and plan are untouched.
    expect((await a.api('GET', '/v1/users/me/payment-methods')).json().data.total).toBe(1);
    expect((await subscriptionOf(a.api)).current_plan.code).toBe('starter');
    expect((await subscriptionOf(b.api)).current_plan.code).toBe('free');

    // Without a session nothing answers.
    for (const url of ['/v1/users/me/payment-methods', `/v1/payments/${payment.id}`])
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('refuses forged plan, price and add-on ids, Enterprise, and paying without a card', async () => {
    const u = await customer();
    const forged = [
      { plan_id: addOn.id, plan_price_id: addOn.price },
      { plan_id: cat.growth!.id, plan_price_id: cat.scale!.price },
      { plan_id: 999_999, plan_price_id: cat.growth!.price },
      {
        ...body('growth'),
        add_ins: [{ plan_id: cat.growth!.id, plan_price_id: cat.growth!.price, quantity: 1 }],
      },
      {
        ...body('growth'),
        add_ins: [{ plan_id: addOn.id, plan_price_id: cat.starter!.price, quantity: 1 }],
      },
    ];
    for (const b of forged)
      for (const url of ['/v1/payments/preview-checkout', '/v1/payments/check-out']) {
        const res = await u.api('POST', url, b);
        expect(res.statusCode, `${url} ${JSON.stringify(b)}`).toBe(400);
        expect(res.json().message).toBe(MESSAGES.payments.unknownPlan);
      }
    const enterprise = await u.api('POST', '/v1/payments/check-out', {
      plan_id: cat.enterprise!.id,
      plan_price_id: cat.growth!.price,
    });
    expect(enterprise.statusCode).toBe(400);
    expect(enterprise.json().message).toBe(MESSAGES.payments.enterprise);
    const freeAddOns = await u.api('POST', '/v1/payments/check-out', body('free', 2));
    expect(freeAddOns.statusCode).toBe(400);
    const samePlan = await u.api('POST', '/v1/payments/check-out', body('free'));
    expect(samePlan.statusCode).toBe(409);
    expect(samePlan.json().message).toBe(MESSAGES.payments.samePlan);

    for (const payment_method_id of [3_000_000_000, -1, 1.5]) {
      const bad = await u.api(
        'POST',
        '/v1/payments/check-out',
        body('growth', 0, { payment_method_id }),
      );
      expect(bad.statusCode, bad.body).toBe(400);
    }

    const noCard = await customer(null);
    const res = await noCard.api('POST', '/v1/payments/check-out', body('growth'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.payments.noCard);

    for (const api of [u.api, noCard.api]) {
      expect((await api('GET', '/v1/users/me/payment-history')).json().data.total).toBe(0);
      expect((await subscriptionOf(api)).current_plan.code).toBe('free');
    }
  });

  it('creates the provider customer and a setup intent for it', async () => {
    const u = await customer(null);
    const missing = await u.api('POST', '/v1/payments/setup-intent', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Stripe customer id is required');
    const created = (await u.api('POST', '/v1/payments/customer')).json().data.customer_id;
    expect(created).toMatch(/^cus_local_/);
    // Stable: asking again returns the same customer.
    expect((await u.api('POST', '/v1/payments/customer')).json().data.customer_id).toBe(created);
    const intent = await u.api('POST', '/v1/payments/setup-intent', { customerId: created });
    expect(intent.statusCode, intent.body).toBe(200);
    expect(intent.json().data).toMatchObject({
      customer_id: created,
      provider: 'local',
      client_secret: expect.stringMatching(/^seti_local_.+_secret_.+/),
    });
    const config = await t.app.inject({ method: 'GET', url: '/v1/payments/config' });
    expect(config.json().data).toEqual({
      provider: 'local',
      publishable_key: null,
      test_mode: false,
    });
  });

  it('emits PAYMENT_STATUS only once the outcome is committed', async () => {
    const u = await customer();
    const { payment } = await pay(u.api, 'growth');
    const mine = emitted.filter((e) => e.userId === u.userId);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.event).toBe(SOCKET_EVENTS.PAYMENT_STATUS);
    expect(mine[0]!.payload).toEqual({
      payment_id: payment.id,
      status: 'paid',
      plan_code: 'growth',
      message: null,
    });
    // What another reader saw at emit time is already the new state.
    expect(await mine[0]!.dbStatus).toBe('paid');
  });

  it('has no webhook on the local provider', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe(`provider events through the webhook (${ENGINE})`, () => {
  let raw: Buffer[] = [];
  let failNext = false;

  const w = setupTestApp(() => {
    const local = createLocalProvider({ now: () => clock });
    // A provider with a webhook: the local simulator plus a signature check on the raw bytes.
    const provider: PaymentProvider = {
      ...local,
      async parseWebhook(body, signature) {
        raw.push(body);
        if (signature !== 'signed') throw new AppError(400, 'bad_signature', 'Bad signature.');
        const e = JSON.parse(body.toString('utf8')) as ProviderEvent & {
          subscription?: { periodStart: string; periodEnd: string };
        };
        if (failNext) {
          failNext = false;
          return { ...e, type: 'payment.failed', paymentRef: 'nope', message: 'x' };
        }
        const s = e.subscription;
        return {
          ...e,
          created: new Date(e.created),
          ...(s
            ? {
                subscription: {
                  ...s,
                  periodStart: new Date(s.periodStart),
                  periodEnd: new Date(s.periodEnd),
                },
              }
            : {}),
        } as ProviderEvent;
      },
    };
    return { now: () => clock, paymentProvider: provider };
  });

  const deliver = (event: unknown, signature = 'signed') =>
    w.app.inject({
      method: 'POST',
      url: '/v1/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: JSON.stringify(event),
    });

  it('applies each event once, ignores stale ones, refuses bad signatures, 500s on failure', async () => {
    const u = await signUpVerified(w.app);
    const api = request(w.app, u.token);
    const customerId = (await api('POST', '/v1/payments/customer')).json().data.customer_id;
    const sub = (code: string, addOns: number) => ({
      providerSubscriptionId: 'sub_1',
      status: 'active',
      planCode: code,
      addOnQuantity: addOns,
      periodStart: T0.toISOString(),
      periodEnd: monthAfter(T0).toISOString(),
      scheduledPlanCode: null,
    });
    const event = (id: string, created: Date, code: string, addOns = 0) => ({
      id,
      created: created.toISOString(),
      type: 'subscription.updated',
      customerId,
      subscription: sub(code, addOns),
    });
    const planOf = async () => {
      const [row] = await w.database.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, u.userId));
      return row!;
    };

    const bad = await deliver(event('evt_bad', T0, 'scale'), 'forged');
    expect(bad.statusCode).toBe(400);
    expect((await subscriptionOf(api)).current_plan.code).toBe('free');

    const newer = event('evt_2', new Date(T0.getTime() + 60_000), 'growth', 2);
    const older = event('evt_1', T0, 'starter');
    for (const e of [newer, newer, older, newer, older]) {
      const res = await deliver(e);
      expect(res.statusCode, res.body).toBe(200);
    }
    // The raw bytes reached the signature check untouched.
    expect(raw.at(-1)!.toString('utf8')).toBe(JSON.stringify(older));
    const row = await planOf();
    expect(row.addOnQuantity).toBe(2);
    expect(row.providerSubscriptionId).toBe('sub_1');
    const s = await subscriptionOf(api);
    expect(s.current_plan.code).toBe('growth');
    expect(s.user_quota.mau_limit).toBe(52_000);

    // A failure to apply answers 500 (the provider retries) and records nothing.
    failNext = true;
    const failed = await deliver(event('evt_3', new Date(T0.getTime() + 120_000), 'scale'));
    expect(failed.statusCode).toBe(500);
    expect((await subscriptionOf(api)).current_plan.code).toBe('growth');
    const retried = await deliver(event('evt_3', new Date(T0.getTime() + 120_000), 'scale'));
    expect(retried.statusCode).toBe(200);
    expect((await subscriptionOf(api)).current_plan.code).toBe('scale');
    raw = [];
  });

  it('retries an outcome naming no payment of ours for an hour, then applies only its state', async () => {
    const u = await signUpVerified(w.app);
    const api = request(w.app, u.token);
    const customerId = (await api('POST', '/v1/payments/customer')).json().data.customer_id;
    clock = T0;
    const paid = {
      id: 'evt_unmatched',
      created: T0.toISOString(),
      type: 'payment.succeeded',
      customerId,
      paymentRef: 'in_made_at_stripe',
      subscription: {
        providerSubscriptionId: 'sub_9',
        status: 'active',
        planCode: 'starter',
        addOnQuantity: 0,
        periodStart: T0.toISOString(),
        periodEnd: monthAfter(T0).toISOString(),
        scheduledPlanCode: null,
      },
    };
    expect((await deliver(paid)).statusCode).toBe(500);
    expect((await subscriptionOf(api)).current_plan.code).toBe('free');

    clock = new Date(T0.getTime() + 2 * HOUR);
    expect((await deliver(paid)).statusCode).toBe(200);
    expect((await subscriptionOf(api)).current_plan.code).toBe('starter');
    expect((await api('GET', '/v1/users/me/payment-history')).json().data.total).toBe(0);
    const failedLate = {
      ...paid,
      id: 'evt_unmatched_failed',
      type: 'payment.failed',
      message: 'x',
    };
    expect((await deliver(failedLate)).statusCode).toBe(200);
    expect((await subscriptionOf(api)).current_plan.code).toBe('starter');
  });
});
