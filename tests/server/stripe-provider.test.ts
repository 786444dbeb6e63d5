import Stripe from 'stripe';
import { addDays, addMonths } from 'date-fns';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import { createStripeProvider, lookupKeyOf } from '@/server/payments/stripe';
import type {
  CatalogueItem,
  ChargeRequest,
  PaymentProvider,
  ProviderEvent,
} from '@/server/payments/types';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in';

const SECRET = 'whsec_test_provider';
const free: CatalogueItem = { planId: 1, priceId: 1, code: 'free', name: 'Free', unitAmount: 0 };
const starter: CatalogueItem = {
  planId: 2,
  priceId: 2,
  code: 'starter',
  name: 'Starter',
  unitAmount: 4900,
};
const growth: CatalogueItem = {
  planId: 3,
  priceId: 3,
  code: 'growth',
  name: 'Growth',
  unitAmount: 14900,
};
const scale: CatalogueItem = {
  planId: 4,
  priceId: 4,
  code: 'scale',
  name: 'Scale',
  unitAmount: 39900,
};
const addOn: CatalogueItem = {
  planId: 6,
  priceId: 6,
  code: 'mau_add_on',
  name: 'MAU add-on',
  unitAmount: 2000,
};
const secs = (d: Date) => Math.floor(d.getTime() / 1000);

let stand: StripeStandIn;
let clock: Date;
let provider: PaymentProvider;
let paymentId = 0;

const newProvider = () =>
  createStripeProvider({
    secretKey: 'sk_test_stand_in',
    webhookSecret: SECRET,
    apiUrl: stand.url,
    now: () => clock,
  });

beforeAll(async () => {
  clock = new Date('2026-03-01T12:00:00Z');
  stand = await startStripeStandIn({ now: () => clock });
});
afterAll(async () => {
  await stand.close();
});
beforeEach(() => {
  clock = new Date('2026-03-01T12:00:00Z');
  provider = newProvider();
  stand.requests.length = 0;
});

async function customer() {
  return provider.ensureCustomer(
    { id: `usr_${Math.random().toString(36).slice(2)}`, email: 'ada@example.com', name: 'Ada' },
    null,
  );
}

/** A customer with a default visa (or the given behaviour) attached. */
async function customerWithCard(
  behaviour: 'succeeds' | 'declined' | 'authentication' = 'succeeds',
) {
  const customerId = await customer();
  const card = await provider.attachCard(customerId, {
    payment_method_id: stand.addCard('visa', behaviour),
  });
  return { customerId, card: card.providerRef };
}

function request(
  customerId: string,
  card: string,
  over: Partial<ChargeRequest> & Pick<ChargeRequest, 'target'>,
): ChargeRequest {
  return {
    customerId,
    paymentMethodRef: card,
    paymentId: ++paymentId,
    current: {
      providerSubscriptionId: null,
      plan: free,
      addOnQuantity: 0,
      periodStart: null,
      periodEnd: null,
    },
    addOn,
    mode: 'now',
    now: clock,
    ...over,
  };
}

/** A customer paying for Growth with `quantity` add-ons, paid through Stripe.js. */
async function subscribedToGrowth(quantity = 0) {
  const { customerId, card } = await customerWithCard();
  const result = await provider.charge(
    request(customerId, card, { target: { plan: growth, addOnQuantity: quantity } }),
  );
  stand.confirmInvoice(result.paymentRef);
  const sub = stand.subscription(result.providerSubscriptionId);
  return {
    customerId,
    card,
    subscriptionId: result.providerSubscriptionId,
    current: {
      providerSubscriptionId: result.providerSubscriptionId,
      plan: growth,
      addOnQuantity: quantity,
      periodStart: new Date((sub.items.data[0]?.current_period_start ?? 0) * 1000),
      periodEnd: new Date((sub.items.data[0]?.current_period_end ?? 0) * 1000),
    },
  };
}

const sign = (event: object) => {
  const payload = JSON.stringify(event);
  return {
    raw: Buffer.from(payload),
    signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
  };
};

async function parse(event: object): Promise<ProviderEvent | null> {
  const { raw, signature } = sign(event);
  return (await provider.parseWebhook?.(raw, signature)) ?? null;
}

describe('Stripe provider: customers and cards', () => {
  it('creates a customer once per user with an idempotency key, and reuses an existing one', async () => {
    const user = { id: 'usr_42', email: 'ada@example.com', name: 'Ada Lovelace' };
    const id = await provider.ensureCustomer(user, null);
    const again = await provider.ensureCustomer(user, null);
    expect(again).toBe(id);
    expect(stand.customers().filter((c) => c.metadata.user_id === 'usr_42')).toHaveLength(1);
    const [first, second] = stand.requestsTo('POST', '/v1/customers');
    expect(first?.body).toMatchObject({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      metadata: { user_id: 'usr_42' },
    });
    expect(first?.idempotencyKey).toBe('customer-usr_42');
    expect(second?.idempotencyKey).toBe('customer-usr_42');

    stand.requests.length = 0;
    expect(await provider.ensureCustomer(user, 'cus_existing')).toBe('cus_existing');
    expect(stand.requests).toHaveLength(0);
  });

  it('creates an off-session card setup intent and returns its client secret', async () => {
    const customerId = await customer();
    const { clientSecret } = await provider.createSetupIntent(customerId);
    expect(clientSecret).toMatch(/^seti_.+_secret_/);
    const [sent] = stand.requestsTo('POST', '/v1/setup_intents');
    expect(sent?.body).toMatchObject({
      customer: customerId,
      usage: 'off_session',
      allowed_payment_method_types: ['card'],
    });
  });

  it('attaches a Visa card and keeps only brand, last four and expiry', async () => {
    const customerId = await customer();
    const pm = stand.addCard('visa');
    const card = await provider.attachCard(customerId, { payment_method_id: pm });
    expect(card).toEqual({
      providerRef: pm,
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
    });
    expect(stand.requestsTo('POST', `/v1/payment_methods/${pm}/attach`)[0]?.body).toEqual({
      customer: customerId,
    });
    expect(stand.card(pm)?.customer).toBe(customerId);
  });

  it('refuses a Discover card with the accepted brands and detaches it', async () => {
    const customerId = await customer();
    const pm = stand.addCard('discover');
    const err = await provider.attachCard(customerId, { payment_method_id: pm }).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      status: 400,
      message: 'We accept Visa, Mastercard and American Express.',
    });
    expect(stand.card(pm)?.customer).toBeNull();
  });

  it('refuses raw card numbers and cards of another customer', async () => {
    const customerId = await customer();
    const raw = await provider
      .attachCard(customerId, {
        card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
      })
      .catch((e) => e);
    expect(raw).toMatchObject({
      status: 400,
      message: 'Card details go to Stripe directly: add the card with the card form.',
    });
    const other = await customer();
    const pm = stand.addCard('visa', 'succeeds', other);
    const stolen = await provider.attachCard(customerId, { payment_method_id: pm }).catch((e) => e);
    expect(stolen).toMatchObject({ status: 400 });
    expect(stand.card(pm)?.customer).toBe(other);
  });

  it('sets the default card on the customer and detaches a deleted card', async () => {
    const { customerId, card } = await customerWithCard();
    await provider.setDefaultCard(customerId, card);
    expect(stand.requestsTo('POST', `/v1/customers/${customerId}`)[0]?.body).toEqual({
      invoice_settings: { default_payment_method: card },
    });
    await provider.detachCard(card);
    expect(stand.card(card)?.customer).toBeNull();
  });
});

describe('Stripe provider: prices and previews', () => {
  it('creates each catalogue price once under its lookup key and finds it again after a restart', async () => {
    const customerId = await customer();
    const req = request(customerId, '', { target: { plan: growth, addOnQuantity: 0 } });
    await provider.preview(req);
    await provider.preview(req);
    const created = stand.requestsTo('POST', '/v1/prices');
    expect(created).toHaveLength(1);
    expect(created[0]?.body).toMatchObject({
      currency: 'usd',
      unit_amount: '14900',
      recurring: { interval: 'month' },
      lookup_key: lookupKeyOf('growth'),
    });
    expect(created[0]?.idempotencyKey).toBe('price-signpost_growth_monthly-14900');

    stand.requests.length = 0;
    await newProvider().preview(req);
    expect(stand.requestsTo('POST', '/v1/prices')).toHaveLength(0);
    expect(stand.requestsTo('GET', '/v1/prices')[0]?.query).toMatchObject({
      lookup_keys: ['signpost_growth_monthly'],
      expand: ['data.product'],
    });
  });

  it('previews a new subscription with invoices.createPreview and maps its lines', async () => {
    const customerId = await customer();
    const preview = await provider.preview(
      request(customerId, '', { target: { plan: growth, addOnQuantity: 2 } }),
    );
    const [sent] = stand.requestsTo('POST', '/v1/invoices/create_preview');
    expect(sent?.body).toMatchObject({
      customer: customerId,
      subscription_details: {
        items: [
          { price: expect.stringMatching(/^price_/) },
          { price: expect.stringMatching(/^price_/), quantity: '2' },
        ],
      },
    });
    const end = secs(addMonths(clock, 1));
    expect(preview).toEqual({
      subtotal: 18900,
      total: 18900,
      period_end: end,
      summary: { has_proration: false },
      lines: [
        expect.objectContaining({
          amount: 14900,
          quantity: 1,
          period: { start: secs(clock), end },
        }),
        expect.objectContaining({ amount: 4000, quantity: 2, period: { start: secs(clock), end } }),
      ],
    });
  });

  it('previews a mid-period upgrade with the credit for unused time, prorated today', async () => {
    const sub = await subscribedToGrowth();
    clock = addDays(clock, 15);
    stand.requests.length = 0;
    const preview = await provider.preview(
      request(sub.customerId, sub.card, {
        current: sub.current,
        target: { plan: scale, addOnQuantity: 0 },
        now: clock,
      }),
    );
    const [sent] = stand.requestsTo('POST', '/v1/invoices/create_preview');
    const itemId = stand.subscription(sub.subscriptionId).items.data[0]?.id;
    expect(sent?.body).toMatchObject({
      subscription: sub.subscriptionId,
      subscription_details: {
        items: [{ id: itemId, price: expect.stringMatching(/^price_/) }],
        proration_behavior: 'always_invoice',
        billing_cycle_anchor: { type: 'now' },
        proration_date: String(secs(clock)),
      },
    });
    // March has 31 days: 16 of them are unused after the 16th at noon.
    const periodStart = sub.current.periodStart.getTime();
    const periodEnd = sub.current.periodEnd.getTime();
    const credit = -Math.round((14900 * (periodEnd - clock.getTime())) / (periodEnd - periodStart));
    expect(credit).toBe(-7690);
    expect(preview.summary.has_proration).toBe(true);
    expect(preview.lines[0]).toMatchObject({
      amount: credit,
      period: { start: secs(clock), end: secs(sub.current.periodEnd) },
    });
    expect(preview.total).toBe(39900 + credit);
    expect(preview.period_end).toBe(secs(addMonths(clock, 1)));
  });

  it('previews a downgrade at period end without proration and with nothing due today', async () => {
    const sub = await subscribedToGrowth();
    stand.requests.length = 0;
    const preview = await provider.preview(
      request(sub.customerId, sub.card, {
        current: sub.current,
        target: { plan: starter, addOnQuantity: 0 },
        mode: 'period_end',
      }),
    );
    expect(stand.requestsTo('POST', '/v1/invoices/create_preview')[0]?.body).toMatchObject({
      subscription_details: { proration_behavior: 'none' },
    });
    expect(preview).toMatchObject({ total: 0, summary: { has_proration: false } });
    expect(preview.lines).toEqual([expect.objectContaining({ amount: 4900 })]);
  });
});

describe('Stripe provider: charges', () => {
  it('creates the subscription incomplete for Stripe.js to confirm, with keys from the payment id', async () => {
    const { customerId, card } = await customerWithCard();
    const req = request(customerId, card, { target: { plan: growth, addOnQuantity: 2 } });
    stand.requests.length = 0;
    const result = await provider.charge(req);
    const [sent] = stand.requestsTo('POST', '/v1/subscriptions');
    expect(sent?.body).toMatchObject({
      customer: customerId,
      default_payment_method: card,
      payment_behavior: 'default_incomplete',
      items: [{ price: expect.any(String) }, { price: expect.any(String), quantity: '2' }],
      metadata: { payment_id: String(req.paymentId) },
    });
    expect(sent?.body.expand).toContain('latest_invoice.confirmation_secret');
    expect(sent?.idempotencyKey).toBe(`pay-${req.paymentId}-subscription`);
    const invoice = stand.invoice(result.paymentRef);
    expect(result).toEqual({
      paymentRef: invoice.id,
      providerSubscriptionId: expect.stringMatching(/^sub_/),
      status: 'requires_action',
      clientSecret: expect.stringMatching(/^pi_.+_secret_/),
    });
    expect(invoice.amount_due).toBe(18900);
  });

  it('sends the same idempotency key when the SDK retries, so one subscription exists', async () => {
    const { customerId, card } = await customerWithCard();
    const req = request(customerId, card, { target: { plan: starter, addOnQuantity: 0 } });
    await provider.preview(req); // prices exist: only the subscription call is retried below
    const before = stand.subscriptions().length;
    stand.requests.length = 0;
    stand.failNext('POST', /^\/v1\/subscriptions$/, 503);
    await provider.charge(req);
    // Our own retry of the same payment (a lost answer) reuses the keys too.
    await provider.charge(req);
    const posts = stand.requestsTo('POST', '/v1/subscriptions');
    expect(posts).toHaveLength(3);
    expect(new Set(posts.map((p) => p.idempotencyKey))).toEqual(
      new Set([`pay-${req.paymentId}-subscription`]),
    );
    expect(stand.subscriptions().length).toBe(before + 1);
  });

  it('upgrades in place: existing item ids, proration invoiced today, plan changed only when paid', async () => {
    const sub = await subscribedToGrowth();
    const itemId = stand.subscription(sub.subscriptionId).items.data[0]?.id;
    clock = addDays(clock, 10);
    stand.requests.length = 0;
    const req = request(sub.customerId, sub.card, {
      current: sub.current,
      target: { plan: scale, addOnQuantity: 3 },
      now: clock,
    });
    const result = await provider.charge(req);
    const posts = stand.requestsTo('POST', `/v1/subscriptions/${sub.subscriptionId}`);
    expect(posts.map((p) => p.idempotencyKey)).toEqual([
      `pay-${req.paymentId}-prepare`,
      `pay-${req.paymentId}-update`,
    ]);
    expect(posts[0]?.body).toEqual({
      default_payment_method: sub.card,
      cancel_at_period_end: 'false',
    });
    expect(posts[1]?.body).toMatchObject({
      items: [
        { id: itemId, price: expect.any(String) },
        { price: expect.any(String), quantity: '3' },
      ],
      proration_behavior: 'always_invoice',
      billing_cycle_anchor: { type: 'now' },
      proration_date: String(secs(clock)),
      payment_behavior: 'pending_if_incomplete',
    });
    expect(result.status).toBe('pending');
    const after = stand.subscription(sub.subscriptionId);
    expect(after.items.data.map((i) => i.price.lookup_key)).toEqual([
      'signpost_scale_monthly',
      'signpost_mau_add_on_monthly',
    ]);
    expect(after.items.data[0]?.current_period_start).toBe(secs(clock));
  });

  it('leaves the plan unchanged when the upgrade is declined, and asks for 3-D Secure when needed', async () => {
    const declined = await subscribedToGrowth();
    const badCard = stand.addCard('visa', 'declined');
    await provider.attachCard(declined.customerId, { payment_method_id: badCard });
    const result = await provider.charge(
      request(declined.customerId, badCard, {
        current: declined.current,
        target: { plan: scale, addOnQuantity: 0 },
      }),
    );
    expect(result).toMatchObject({ status: 'pending', clientSecret: null });
    expect(stand.subscription(declined.subscriptionId).items.data[0]?.price.lookup_key).toBe(
      'signpost_growth_monthly',
    );
    const [failed] = stand.confirmInvoice(result.paymentRef);
    const event = await parse(failed as object);
    expect(event).toMatchObject({
      type: 'payment.failed',
      paymentRef: result.paymentRef,
      message: 'Your card was declined.',
    });

    const secure = await subscribedToGrowth();
    const authCard = stand.addCard('visa', 'authentication');
    await provider.attachCard(secure.customerId, { payment_method_id: authCard });
    const action = await provider.charge(
      request(secure.customerId, authCard, {
        current: secure.current,
        target: { plan: scale, addOnQuantity: 0 },
      }),
    );
    expect(action).toMatchObject({
      status: 'requires_action',
      clientSecret: expect.stringMatching(/_secret_/),
    });
  });

  it('schedules a lower plan for the period end with a subscription schedule, nothing charged', async () => {
    const sub = await subscribedToGrowth(1);
    const invoiceBefore = stand.subscription(sub.subscriptionId).latest_invoice;
    stand.requests.length = 0;
    const req = request(sub.customerId, sub.card, {
      current: sub.current,
      target: { plan: starter, addOnQuantity: 1 },
      mode: 'period_end',
    });
    const result = await provider.charge(req);
    expect(result).toMatchObject({
      status: 'paid',
      clientSecret: null,
      providerSubscriptionId: sub.subscriptionId,
    });
    const [create] = stand.requestsTo('POST', '/v1/subscription_schedules');
    expect(create?.body).toEqual({ from_subscription: sub.subscriptionId });
    expect(create?.idempotencyKey).toBe(`pay-${req.paymentId}-schedule`);
    const [phases] = stand.requestsTo('POST', /^\/v1\/subscription_schedules\/[^/]+$/);
    expect(phases?.body).toMatchObject({
      end_behavior: 'release',
      phases: [
        { end_date: String(secs(sub.current.periodEnd)) },
        { items: [{ quantity: '1' }, { quantity: '1' }], duration: { interval: 'month' } },
      ],
    });
    expect(stand.subscription(sub.subscriptionId).latest_invoice).toBe(invoiceBefore);

    const updated = await parse(
      stand.event('customer.subscription.updated', stand.subscription(sub.subscriptionId)),
    );
    expect(updated).toMatchObject({
      type: 'subscription.updated',
      subscription: { planCode: 'growth', addOnQuantity: 1, scheduledPlanCode: 'starter' },
    });
  });

  it('cancels at period end when going back to free', async () => {
    const sub = await subscribedToGrowth();
    stand.requests.length = 0;
    const req = request(sub.customerId, sub.card, {
      current: sub.current,
      target: { plan: free, addOnQuantity: 0 },
      mode: 'period_end',
    });
    await provider.charge(req);
    const [post] = stand.requestsTo('POST', `/v1/subscriptions/${sub.subscriptionId}`);
    expect(post?.body).toMatchObject({ cancel_at_period_end: 'true' });
    expect(post?.idempotencyKey).toBe(`pay-${req.paymentId}-cancel`);
    const event = await parse(
      stand.event('customer.subscription.updated', stand.subscription(sub.subscriptionId)),
    );
    expect(event).toMatchObject({
      subscription: { planCode: 'growth', scheduledPlanCode: 'free' },
    });
  });

  it('keeps the plan: releases a scheduled downgrade, and takes back a cancellation', async () => {
    const sub = await subscribedToGrowth(1);
    await provider.charge(
      request(sub.customerId, sub.card, {
        current: sub.current,
        target: { plan: starter, addOnQuantity: 1 },
        mode: 'period_end',
      }),
    );
    stand.requests.length = 0;
    await provider.keepPlan(sub.subscriptionId, 'keep-u1-2');
    const [release] = stand.requestsTo('POST', /^\/v1\/subscription_schedules\/[^/]+\/release$/);
    expect(release?.idempotencyKey).toBe('keep-u1-2-release');
    let event = await parse(
      stand.event('customer.subscription.updated', stand.subscription(sub.subscriptionId)),
    );
    expect(event).toMatchObject({ subscription: { planCode: 'growth', scheduledPlanCode: null } });

    await provider.charge(
      request(sub.customerId, sub.card, {
        current: sub.current,
        target: { plan: free, addOnQuantity: 0 },
        mode: 'period_end',
      }),
    );
    stand.requests.length = 0;
    await provider.keepPlan(sub.subscriptionId, 'keep-u1-1');
    const [keep] = stand.requestsTo('POST', `/v1/subscriptions/${sub.subscriptionId}`);
    expect(keep?.body).toMatchObject({ cancel_at_period_end: 'false' });
    expect(keep?.idempotencyKey).toBe('keep-u1-1-keep');
    event = await parse(
      stand.event('customer.subscription.updated', stand.subscription(sub.subscriptionId)),
    );
    expect(event).toMatchObject({ subscription: { planCode: 'growth', scheduledPlanCode: null } });
  });

  it('keys every write of a charge on the payment id (catalogue writes on the price)', async () => {
    const sub = await subscribedToGrowth(1);
    stand.requests.length = 0;
    const req = request(sub.customerId, sub.card, {
      current: sub.current,
      target: { plan: scale, addOnQuantity: 2 },
    });
    await provider.charge(req);
    const posts = stand.requests.filter((r) => r.method === 'POST');
    expect(posts.filter((p) => p.path.startsWith('/v1/subscriptions/'))).toHaveLength(2);
    for (const post of posts)
      expect(post.idempotencyKey, post.path).toMatch(
        new RegExp(`^(pay-${req.paymentId}-|price-signpost_scale_|product-signpost_scale)`),
      );
  });
});

describe('Stripe provider: webhooks', () => {
  it('maps a paid invoice to payment.succeeded with the subscription re-read from Stripe', async () => {
    const { customerId, card } = await customerWithCard();
    const result = await provider.charge(
      request(customerId, card, { target: { plan: growth, addOnQuantity: 2 } }),
    );
    const [paid] = stand.confirmInvoice(result.paymentRef);
    stand.requests.length = 0;
    const event = await parse(paid as object);
    expect(
      stand.requestsTo('GET', `/v1/subscriptions/${result.providerSubscriptionId}`),
    ).toHaveLength(1);
    expect(event).toEqual({
      id: (paid as { id: string }).id,
      created: new Date((paid as { created: number }).created * 1000),
      type: 'payment.succeeded',
      customerId,
      paymentRef: result.paymentRef,
      subscription: {
        providerSubscriptionId: result.providerSubscriptionId,
        status: 'active',
        planCode: 'growth',
        addOnQuantity: 2,
        periodStart: clock,
        periodEnd: addMonths(clock, 1),
        scheduledPlanCode: null,
      },
    });
  });

  it('maps an ended subscription to free and ignores other event types', async () => {
    const sub = await subscribedToGrowth();
    const ended = await parse(stand.endSubscription(sub.subscriptionId));
    expect(ended).toMatchObject({
      type: 'subscription.updated',
      subscription: { status: 'canceled', planCode: 'free' },
    });
    expect(await parse(stand.event('customer.created', { id: sub.customerId }))).toBeNull();
  });

  it('refuses a payload whose signature does not match with a 400 AppError', async () => {
    const event = stand.event('invoice.paid', { id: 'in_forged' });
    const { raw } = sign(event);
    const forged = Stripe.webhooks.generateTestHeaderString({
      payload: raw.toString(),
      secret: 'whsec_someone_else',
    });
    for (const signature of [forged, undefined, 't=1,v1=00']) {
      const err = await provider.parseWebhook?.(raw, signature).catch((e) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ status: 400, code: 'bad_signature' });
    }
    // A signed body changed afterwards is refused too.
    const { signature } = sign(event);
    const tampered = Buffer.from(raw.toString().replace('in_forged', 'in_other'));
    await expect(provider.parseWebhook?.(tampered, signature)).rejects.toMatchObject({
      status: 400,
    });
  });
});
