import Stripe from 'stripe';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CheckoutResult } from '@/lib/contracts/payments';
import { paymentEvents, payments, subscriptions } from '@/server/db/schema';
import { createStripeProvider } from '@/server/payments/stripe';
import { type ApiRequest, request, setupTestApp, signUpVerified } from './helpers';
import { loadCatalogue, paymentOf, subscriptionOf, type Catalogue } from './billing-helpers';
import { startStripeStandIn, type StandInEvent, type StripeStandIn } from './stripe-stand-in';

const SECRET = 'whsec_test_webhook';
const T0 = new Date('2026-03-01T10:00:00.000Z');
let clock = T0;

let stand: StripeStandIn;
let addOn: Catalogue['addOn'];
let checkoutBody: Catalogue['body'];

// Hooks run as a stack: the stand-in stops after the app is dropped.
afterAll(async () => stand?.close());
const t = setupTestApp(async () => {
  stand = await startStripeStandIn({ now: () => clock });
  return {
    now: () => clock,
    paymentProvider: createStripeProvider({
      secretKey: 'sk_test_stand_in',
      webhookSecret: SECRET,
      apiUrl: stand.url,
      now: () => clock,
    }),
  };
});
beforeAll(async () => {
  ({ addOn, body: checkoutBody } = await loadCatalogue(t.app));
});
beforeEach(() => {
  clock = T0;
});

/** Posts a payload to the webhook the way Stripe does: raw JSON and a Stripe-Signature header. */
function deliver(event: StandInEvent | string, signature?: string | null) {
  const payload = typeof event === 'string' ? event : JSON.stringify(event);
  const header =
    signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET })
      : signature;
  return t.app.inject({
    method: 'POST',
    url: '/v1/payments/webhook',
    headers: {
      'content-type': 'application/json',
      ...(header === null ? {} : { 'stripe-signature': header }),
    },
    payload,
  });
}

/** A user with a Visa card added through Stripe Elements (a payment method id). */
async function customer() {
  const u = await signUpVerified(t.app);
  const api = request(t.app, u.token);
  const res = await api('POST', '/v1/users/me/payment-methods', {
    payment_method_id: stand.addCard('visa'),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...u, api };
}

/** Buys a plan; answers the payment and the Stripe invoice it waits for. */
async function checkout(api: ApiRequest, code: string, addOns = 0, url = '/v1/payments/check-out') {
  const res = await api('POST', url, checkoutBody(code, addOns));
  expect(res.statusCode, res.body).toBe(200);
  const result = res.json().data as CheckoutResult;
  const [row] = await t.database.db
    .select()
    .from(payments)
    .where(eq(payments.id, result.payment.id));
  return { result, invoiceId: row?.providerRef ?? '' };
}

const storedPayment = async (id: number) =>
  (await t.database.db.select().from(payments).where(eq(payments.id, id)))[0];
const storedSubscription = async (userId: string) =>
  (await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];
const handled = async (eventId: string) =>
  t.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, eventId));

const byType = (events: StandInEvent[], type: string) => {
  const found = events.find((e) => e.type === type);
  if (!found) throw new Error(`no ${type} event`);
  return found;
};

describe('Stripe webhooks through the app', () => {
  it('applies a paid invoice delivered three times once', async () => {
    const u = await customer();
    const { result, invoiceId } = await checkout(u.api, 'growth', 2);
    expect(result.payment.status).toBe('requires_action');
    expect(result.client_secret).toMatch(/^pi_.+_secret_/);
    expect(invoiceId).toMatch(/^in_/);

    // Stripe.js confirms the payment in the browser; Stripe then sends its events.
    const events = stand.confirmInvoice(invoiceId);
    const paid = byType(events, 'invoice.paid');
    const first = await deliver(paid);
    expect(first.statusCode, first.body).toBe(200);
    const afterFirst = await storedPayment(result.payment.id);
    const stateAfterFirst = await storedSubscription(u.userId);
    for (let i = 0; i < 2; i++) expect((await deliver(paid)).statusCode).toBe(200);

    expect(await paymentOf(u.api, result.payment.id)).toMatchObject({
      status: 'paid',
      plan_code: 'growth',
      add_on_quantity: 2,
      amount: 18900,
    });
    expect(await storedPayment(result.payment.id)).toEqual(afterFirst);
    expect(await storedSubscription(u.userId)).toEqual(stateAfterFirst);
    expect(await handled(paid.id)).toHaveLength(1);
    const sub = await subscriptionOf(u.api);
    expect(sub.current_plan.code).toBe('growth');
    expect(sub.user_subscription.add_ons).toEqual([
      expect.objectContaining({ plan_id: addOn.id, quantity: 2 }),
    ]);
    expect(sub.user_quota.mau_limit).toBe(52_000);
    const history = await u.api('GET', '/v1/users/me/payment-history?offset=0&limit=5');
    expect(history.json().data.total).toBe(1);

    // The companion events of the same payment change nothing more.
    for (const e of events) expect((await deliver(e)).statusCode).toBe(200);
    expect((await storedPayment(result.payment.id))?.status).toBe('paid');
    expect(await subscriptionOf(u.api)).toEqual(sub);
  });

  it('ignores an event older than the state it holds', async () => {
    const u = await customer();
    const { result, invoiceId } = await checkout(u.api, 'growth');
    const events = stand.confirmInvoice(invoiceId);
    const paid = byType(events, 'invoice.paid');
    expect((await deliver(paid)).statusCode).toBe(200);
    const held = await storedSubscription(u.userId);
    expect(held?.providerStateAt).toEqual(new Date(paid.created * 1000));

    // A failure of the same invoice, sent before the success but arriving after it.
    const staleFailure = stand.event(
      'invoice.payment_failed',
      stand.invoice(invoiceId),
      paid.created - 60,
    );
    expect((await deliver(staleFailure)).statusCode).toBe(200);
    expect(await paymentOf(u.api, result.payment.id)).toMatchObject({
      status: 'paid',
      failure_message: null,
    });

    // A subscription update from before the held state leaves the state as it is.
    const subscriptionId = held?.providerSubscriptionId ?? '';
    const staleUpdate = stand.event(
      'customer.subscription.updated',
      stand.subscription(subscriptionId),
      paid.created - 120,
    );
    expect((await deliver(staleUpdate)).statusCode).toBe(200);
    expect(await storedSubscription(u.userId)).toEqual(held);
    expect((await subscriptionOf(u.api)).current_plan.code).toBe('growth');
  });

  it('applies an upgrade paid today once, with the proration charged', async () => {
    const u = await customer();
    const first = await checkout(u.api, 'growth');
    expect(
      (await deliver(byType(stand.confirmInvoice(first.invoiceId), 'invoice.paid'))).statusCode,
    ).toBe(200);

    clock = new Date(T0.getTime() + 15 * 24 * 60 * 60 * 1000);
    const { result, invoiceId } = await checkout(u.api, 'scale', 0, '/v1/payments/upgrade');
    expect(result.payment).toMatchObject({ kind: 'upgrade', status: 'pending' });
    // 16 of March's 31 days are unused: $399.00 - $149.00 × 16/31 = $322.10 due today.
    expect(result.payment.amount).toBe(39900 - 7690);
    expect(stand.invoice(invoiceId).amount_paid).toBe(39900 - 7690);

    const paid = stand.event('invoice.paid', stand.invoice(invoiceId));
    for (let i = 0; i < 3; i++) expect((await deliver(paid)).statusCode).toBe(200);
    expect((await paymentOf(u.api, result.payment.id)).status).toBe('paid');
    const sub = await subscriptionOf(u.api);
    expect(sub.current_plan.code).toBe('scale');
    expect(sub.user_subscription.current_period_start).toBe(clock.toISOString());
    const rows = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, u.userId), eq(payments.status, 'paid')));
    expect(rows.map((r) => r.kind).sort()).toEqual(['checkout', 'upgrade']);
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const u = await customer();
    const { result, invoiceId } = await checkout(u.api, 'growth');
    const paid = byType(stand.confirmInvoice(invoiceId), 'invoice.paid');
    const payload = JSON.stringify(paid);
    const wrongSecret = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: 'whsec_not_ours',
    });
    const tampered = payload.replace('"livemode":false', '"livemode":true');
    const goodHeader = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    for (const [body, header] of [
      [payload, wrongSecret],
      [payload, null],
      [payload, 'garbage'],
      [tampered, goodHeader],
    ] as const) {
      const res = await deliver(body, header);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ message: 'The webhook signature is not valid.' });
    }
    expect(await handled(paid.id)).toHaveLength(0);
    expect((await paymentOf(u.api, result.payment.id)).status).toBe('requires_action');
    expect((await subscriptionOf(u.api)).current_plan.code).toBe('free');
  });

  it('answers 5xx when Stripe cannot be read, so that the redelivery applies the event', async () => {
    const u = await customer();
    const { result, invoiceId } = await checkout(u.api, 'starter');
    const paid = byType(stand.confirmInvoice(invoiceId), 'invoice.paid');
    // The SDK tries three times (maxNetworkRetries 2) before giving up.
    for (let i = 0; i < 3; i++) stand.failNext('GET', /^\/v1\/subscriptions\//, 500);
    const failed = await deliver(paid);
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    expect(await handled(paid.id)).toHaveLength(0);
    expect((await paymentOf(u.api, result.payment.id)).status).toBe('requires_action');

    expect((await deliver(paid)).statusCode).toBe(200);
    expect((await paymentOf(u.api, result.payment.id)).status).toBe('paid');
    expect((await subscriptionOf(u.api)).current_plan.code).toBe('starter');
  });
});
