import Stripe from 'stripe';
import { CARD_BRANDS, type CardBrand, type PricePreview } from '../../lib/contracts/payments';
import { MESSAGES } from '../../lib/messages';
import { AppError } from '../errors';
import type {
  CardDetails,
  CardInput,
  CatalogueItem,
  ChangeRequest,
  ChargeRequest,
  ChargeResult,
  PaymentProvider,
  ProviderEvent,
  ProviderSubscription,
  SubscriptionStatus,
} from './types';

/** Options of the Stripe provider; `stripe` replaces the client (tests), `apiUrl` its address. */
export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** e.g. http://127.0.0.1:12111 for a local stand-in of the Stripe API. */
  apiUrl?: string;
  now: () => Date;
  stripe?: Stripe;
}

export const STRIPE_MESSAGES = {
  brandRefused: MESSAGES.payments.cardBrand,
  cardFormRequired: 'Card details go to Stripe directly: add the card with the card form.',
  cardNotFound: 'This card could not be found. Add it again with the card form.',
  cardOfAnotherAccount: 'This card belongs to another account. Add it again with the card form.',
  badSignature: 'The webhook signature is not valid.',
  paymentFailed: MESSAGES.payments.cardDeclined,
} as const;

/** The lookup key of a catalogue code's monthly price at Stripe. */
export const lookupKeyOf = (code: string) => `signpost_${code}_monthly`;

/** The catalogue code of a lookup key made by `lookupKeyOf`, or null. */
export function codeOfLookupKey(key: string | null | undefined): string | null {
  const m = key ? /^signpost_(.+)_monthly$/.exec(key) : null;
  return m ? (m[1] as string) : null;
}

const ADD_ON_CODE = 'mau_add_on';
const FREE_CODE = 'free';
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const idOf = (v: string | { id: string } | null | undefined) =>
  v == null ? null : typeof v === 'string' ? v : v.id;

const badSignature = () => new AppError(400, 'bad_signature', STRIPE_MESSAGES.badSignature);

/** A Stripe client; `apiUrl` (scheme, host, port) points it somewhere other than api.stripe.com. */
export function createStripeClient(secretKey: string, apiUrl?: string): Stripe {
  const config: Stripe.StripeConfig = { maxNetworkRetries: 2, telemetry: false };
  if (apiUrl) {
    const url = new URL(apiUrl);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    config.host = url.hostname;
    config.port = url.port || (protocol === 'http' ? 80 : 443);
    config.protocol = protocol;
  }
  return new Stripe(secretKey, config);
}

/** Stripe has more subscription states than our state machine (spec 3); these are the mappings. */
function statusOf(status: Stripe.Subscription.Status): SubscriptionStatus {
  switch (status) {
    case 'active':
      return 'active';
    case 'trialing':
      return 'trialing';
    case 'incomplete':
      return 'incomplete';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    default:
      // unpaid and paused: the subscription exists but is not being paid.
      return 'past_due';
  }
}

const isAcceptedBrand = (brand: string | undefined): brand is CardBrand =>
  (CARD_BRANDS as readonly string[]).includes(brand ?? '');

/** A Stripe error of one HTTP status (the SDK's error classes all carry statusCode). */
const stripeStatus = (err: unknown) =>
  err instanceof Stripe.errors.StripeError ? (err.statusCode ?? null) : null;

/**
 * The Stripe provider (ARCHITECTURE §8): customers, setup intents, cards, subscriptions with
 * add-on items and proration, `invoices.createPreview` for the price preview, verified webhooks.
 * Writes of a charge carry idempotency keys `pay-<paymentId>-<step>`, so a retried charge (ours or
 * the SDK's network retry) never creates a second subscription or invoice.
 */
export function createStripeProvider(opts: StripeProviderOptions): PaymentProvider {
  const stripe = opts.stripe ?? createStripeClient(opts.secretKey, opts.apiUrl);
  // Price ids by lookup key, shared by concurrent callers; a failed lookup is forgotten.
  const priceIds = new Map<string, Promise<string>>();
  const codeByPriceId = new Map<string, string>();
  // Stripe outcomes reach the service through the webhook route; the handler is kept for parity.
  const state: { handler: ((event: ProviderEvent) => Promise<void>) | null } = { handler: null };

  async function findOrCreatePrice(item: CatalogueItem): Promise<string> {
    const lookupKey = lookupKeyOf(item.code);
    const found = await stripe.prices.list({
      lookup_keys: [lookupKey],
      active: true,
      expand: ['data.product'],
    });
    const match = found.data.find(
      (p) => p.unit_amount === item.unitAmount && p.recurring?.interval === 'month',
    );
    if (match) return match.id;
    const productId = `signpost_${item.code}`;
    try {
      await stripe.products.create(
        { id: productId, name: item.name, metadata: { signpost_code: item.code } },
        { idempotencyKey: `product-${productId}` },
      );
    } catch (err) {
      // The product survives a price change: reuse it.
      if (!(err instanceof Stripe.errors.StripeError && err.code === 'resource_already_exists'))
        throw err;
    }
    const price = await stripe.prices.create(
      {
        product: productId,
        currency: 'usd',
        unit_amount: item.unitAmount,
        recurring: { interval: 'month' },
        lookup_key: lookupKey,
        // A catalogue price change moves the lookup key to the new price.
        transfer_lookup_key: found.data.length > 0,
        metadata: { signpost_code: item.code },
      },
      { idempotencyKey: `price-${lookupKey}-${item.unitAmount}` },
    );
    return price.id;
  }

  async function priceIdOf(item: CatalogueItem): Promise<string> {
    const key = `${lookupKeyOf(item.code)}:${item.unitAmount}`;
    let pending = priceIds.get(key);
    if (!pending) {
      pending = findOrCreatePrice(item);
      priceIds.set(key, pending);
      pending.catch(() => priceIds.delete(key));
    }
    const id = await pending;
    codeByPriceId.set(id, item.code);
    return id;
  }

  /** The catalogue code of a Stripe price (lookup key, metadata, or a price we resolved). */
  async function codeOfPrice(price: string | Stripe.Price | Stripe.DeletedPrice): Promise<string> {
    const id = typeof price === 'string' ? price : price.id;
    const known = codeByPriceId.get(id);
    if (known) return known;
    const full =
      typeof price === 'string' || 'deleted' in price ? await stripe.prices.retrieve(id) : price;
    const code = codeOfLookupKey(full.lookup_key) ?? full.metadata?.signpost_code ?? null;
    if (!code) throw new Error(`Stripe price ${id} is not one of the Signpost catalogue.`);
    codeByPriceId.set(id, code);
    return code;
  }

  /** The target's subscription items (plan, then add-ons when any) for a new subscription. */
  async function targetItems(req: ChangeRequest) {
    const items: { price: string; quantity: number }[] = [];
    if (req.target.plan.code !== FREE_CODE)
      items.push({ price: await priceIdOf(req.target.plan), quantity: 1 });
    if (req.target.addOnQuantity > 0)
      items.push({ price: await priceIdOf(req.addOn), quantity: req.target.addOnQuantity });
    return items;
  }

  /** Splits a subscription's items into the plan item and the add-on item. */
  async function itemsOf(sub: Stripe.Subscription) {
    let plan: Stripe.SubscriptionItem | null = null;
    let addOn: Stripe.SubscriptionItem | null = null;
    for (const item of sub.items.data) {
      if ((await codeOfPrice(item.price)) === ADD_ON_CODE) addOn = item;
      else plan = item;
    }
    return { plan, addOn };
  }

  /** Item changes of an existing subscription: existing item ids updated, the add-on added. */
  async function changedItems(
    sub: Stripe.Subscription,
    req: ChangeRequest,
  ): Promise<Stripe.SubscriptionUpdateParams.Item[]> {
    const { plan, addOn } = await itemsOf(sub);
    const items: Stripe.SubscriptionUpdateParams.Item[] = [];
    const planPrice = await priceIdOf(req.target.plan);
    items.push(plan ? { id: plan.id, price: planPrice, quantity: 1 } : { price: planPrice });
    const quantity = req.target.addOnQuantity;
    if (addOn)
      items.push(quantity > 0 ? { id: addOn.id, quantity } : { id: addOn.id, deleted: true });
    else if (quantity > 0) items.push({ price: await priceIdOf(req.addOn), quantity });
    return items;
  }

  /** The subscription to change, or null when a new one is needed (none, ended or abandoned). */
  async function liveSubscription(id: string | null) {
    if (!id) return null;
    const sub = await stripe.subscriptions.retrieve(id, { expand: ['schedule'] });
    return sub.status === 'canceled' || sub.status === 'incomplete_expired' ? null : sub;
  }

  async function scheduledPlanOf(sub: Stripe.Subscription): Promise<string | null> {
    if (sub.cancel_at_period_end || sub.cancel_at) return FREE_CODE;
    const schedule = sub.schedule;
    if (!schedule || typeof schedule === 'string') return null;
    if (schedule.status !== 'active' && schedule.status !== 'not_started') return null;
    const currentStart = schedule.current_phase?.start_date ?? 0;
    const next = schedule.phases.find((p) => p.start_date > currentStart);
    if (!next) return null;
    for (const item of next.items) {
      const code = await codeOfPrice(item.price);
      if (code !== ADD_ON_CODE) return code;
    }
    return null;
  }

  /** Maps a Stripe subscription (items carry the current period in recent API versions). */
  async function toProviderSubscription(sub: Stripe.Subscription): Promise<ProviderSubscription> {
    const { plan, addOn } = await itemsOf(sub);
    const status = statusOf(sub.status);
    const periodItem = plan ?? addOn;
    const periodStart = periodItem?.current_period_start ?? sub.billing_cycle_anchor;
    const periodEnd = periodItem?.current_period_end ?? sub.billing_cycle_anchor;
    const ended = status === 'canceled';
    return {
      providerSubscriptionId: sub.id,
      status,
      planCode: ended || !plan ? FREE_CODE : await codeOfPrice(plan.price),
      addOnQuantity: ended ? 0 : (addOn?.quantity ?? 0),
      periodStart: new Date(periodStart * 1000),
      periodEnd: new Date(periodEnd * 1000),
      scheduledPlanCode: ended ? null : await scheduledPlanOf(sub),
    };
  }

  /** Re-reads the subscription: a webhook's copy may be older than Stripe's current state. */
  async function reread(id: string) {
    const sub = await stripe.subscriptions.retrieve(id, { expand: ['schedule'] });
    return { stripeStatus: sub.status, subscription: await toProviderSubscription(sub) };
  }

  /**
   * The subscription's state as an event, or null while its first payment was never made
   * (incomplete, then expired): such a subscription never carried the account's plan.
   */
  async function stateEvent(
    base: { id: string; created: Date },
    customerId: string,
    subscriptionId: string,
  ): Promise<ProviderEvent | null> {
    const { stripeStatus, subscription } = await reread(subscriptionId);
    if (stripeStatus === 'incomplete' || stripeStatus === 'incomplete_expired') return null;
    return { ...base, type: 'subscription.updated', customerId, subscription };
  }

  /** Invoices our charges create (first payment, change paid today); others are Stripe's own. */
  const ourInvoice = (invoice: Stripe.Invoice) =>
    invoice.billing_reason === 'subscription_create' ||
    invoice.billing_reason === 'subscription_update';

  function toPreview(invoice: Stripe.Invoice, fallbackEnd: number): PricePreview {
    const lines = invoice.lines.data;
    const prorated = (l: Stripe.InvoiceLineItem) =>
      Boolean(
        l.parent?.subscription_item_details?.proration || l.parent?.invoice_item_details?.proration,
      );
    // The new period ends where the full-price lines end (a credit line ends at the old period).
    const ends = lines.filter((l) => !prorated(l) && l.amount >= 0).map((l) => l.period.end);
    return {
      subtotal: invoice.subtotal,
      // What the card is charged today: a credit larger than the price goes to the balance.
      total: invoice.amount_due,
      period_end: ends.length ? Math.max(...ends) : fallbackEnd || invoice.period_end,
      summary: { has_proration: lines.some(prorated) },
      lines: lines.map((l) => ({
        description: l.description ?? '',
        amount: l.amount,
        quantity: l.quantity ?? 1,
        period: { start: l.period.start, end: l.period.end },
      })),
    };
  }

  const zeroPreview = (periodEnd: Date | null): PricePreview => ({
    subtotal: 0,
    total: 0,
    period_end: periodEnd ? seconds(periodEnd) : 0,
    summary: { has_proration: false },
    lines: [],
  });

  const expandInvoice = ['latest_invoice.confirmation_secret', 'latest_invoice.payments'];

  /** What the checkout page does next, read from the subscription's latest invoice. */
  async function resultOf(sub: Stripe.Subscription): Promise<ChargeResult> {
    const invoice = sub.latest_invoice;
    if (!invoice || typeof invoice === 'string')
      return {
        paymentRef: idOf(invoice) ?? sub.id,
        providerSubscriptionId: sub.id,
        status: 'pending',
        clientSecret: null,
      };
    const clientSecret = invoice.confirmation_secret?.client_secret ?? null;
    const payment =
      invoice.payments?.data.find((p) => p.is_default) ?? invoice.payments?.data[0] ?? null;
    const intentRef = payment?.payment.payment_intent ?? null;
    const intent =
      typeof intentRef === 'string' ? await stripe.paymentIntents.retrieve(intentRef) : intentRef;
    // default_incomplete leaves the first payment for Stripe.js to confirm; a 3-D Secure
    // challenge waits for the card holder too. A declined attempt settles by webhook.
    const waits =
      invoice.status === 'open' &&
      clientSecret !== null &&
      (intent
        ? intent.status === 'requires_action' ||
          intent.status === 'requires_confirmation' ||
          (intent.status === 'requires_payment_method' && !intent.last_payment_error)
        : sub.status === 'incomplete');
    return {
      paymentRef: invoice.id,
      providerSubscriptionId: sub.id,
      status: waits ? 'requires_action' : 'pending',
      clientSecret: waits ? clientSecret : null,
    };
  }

  /** A card error of a write becomes a message the card holder can act on. */
  async function chargeStep<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (err instanceof Stripe.errors.StripeCardError)
        throw new AppError(402, 'card_declined', err.message || STRIPE_MESSAGES.paymentFailed);
      throw err;
    }
  }

  async function failureMessageOf(invoice: Stripe.Invoice): Promise<string> {
    const full = await stripe.invoices.retrieve(invoice.id, {
      expand: ['payments.data.payment.payment_intent'],
    });
    for (const p of full.payments?.data ?? []) {
      const intent = p.payment.payment_intent;
      if (intent && typeof intent !== 'string' && intent.last_payment_error?.message)
        return intent.last_payment_error.message;
    }
    return STRIPE_MESSAGES.paymentFailed;
  }

  const subscriptionIdOfInvoice = (invoice: Stripe.Invoice) =>
    idOf(invoice.parent?.subscription_details?.subscription);

  return {
    name: 'stripe',
    renewsItself: true,

    async ensureCustomer(user, existing) {
      if (existing) return existing;
      const customer = await stripe.customers.create(
        { email: user.email, name: user.name, metadata: { user_id: user.id } },
        { idempotencyKey: `customer-${user.id}` },
      );
      return customer.id;
    },

    async createSetupIntent(customerId) {
      const intent = await stripe.setupIntents.create({
        customer: customerId,
        usage: 'off_session',
        allowed_payment_method_types: ['card'],
      });
      if (!intent.client_secret) throw new Error('Stripe returned a setup intent without secret.');
      return { clientSecret: intent.client_secret };
    },

    async attachCard(customerId, input: CardInput): Promise<CardDetails> {
      if (!('payment_method_id' in input))
        throw new AppError(400, 'card_form_required', STRIPE_MESSAGES.cardFormRequired);
      const id = input.payment_method_id;
      let pm: Stripe.PaymentMethod;
      try {
        pm = await stripe.paymentMethods.retrieve(id);
      } catch (err) {
        if (stripeStatus(err) === 404)
          throw new AppError(400, 'card_not_found', STRIPE_MESSAGES.cardNotFound);
        throw err;
      }
      const owner = idOf(pm.customer);
      if (owner && owner !== customerId)
        throw new AppError(400, 'card_not_found', STRIPE_MESSAGES.cardOfAnotherAccount);
      // Elements confirms a setup intent, which attaches the card already.
      if (!owner)
        pm = await stripe.paymentMethods.attach(
          id,
          { customer: customerId },
          { idempotencyKey: `attach-${id}-${customerId}` },
        );
      const card = pm.card;
      if (pm.type !== 'card' || !card || !isAcceptedBrand(card.brand)) {
        await stripe.paymentMethods.detach(id, {}, { idempotencyKey: `detach-${id}` });
        throw new AppError(400, 'card_brand_refused', STRIPE_MESSAGES.brandRefused);
      }
      return {
        providerRef: pm.id,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.exp_month,
        expYear: card.exp_year,
      };
    },

    async detachCard(providerRef) {
      try {
        await stripe.paymentMethods.detach(
          providerRef,
          {},
          { idempotencyKey: `detach-${providerRef}` },
        );
      } catch (err) {
        // Already gone at Stripe (deleted in the dashboard): our copy can go too.
        if (stripeStatus(err) !== 404) throw err;
      }
    },

    async setDefaultCard(customerId, providerRef) {
      await stripe.customers.update(customerId, {
        invoice_settings: { default_payment_method: providerRef },
      });
    },

    async preview(req) {
      // Going to free cancels at period end: nothing is billed, nothing to preview at Stripe.
      if (req.target.plan.code === FREE_CODE) return zeroPreview(req.current.periodEnd);
      const sub = await liveSubscription(req.current.providerSubscriptionId);
      if (!sub) {
        const invoice = await stripe.invoices.createPreview({
          customer: req.customerId,
          subscription_details: { items: await targetItems(req) },
        });
        return toPreview(invoice, 0);
      }
      const items = await changedItems(sub, req);
      const details: Stripe.InvoiceCreatePreviewParams.SubscriptionDetails =
        req.mode === 'now'
          ? {
              items,
              proration_behavior: 'always_invoice',
              billing_cycle_anchor: { type: 'now' },
              proration_date: seconds(req.now),
            }
          : { items, proration_behavior: 'none' };
      const invoice = await stripe.invoices.createPreview({
        customer: req.customerId,
        subscription: sub.id,
        subscription_details: details,
      });
      const preview = toPreview(
        invoice,
        req.current.periodEnd ? seconds(req.current.periodEnd) : 0,
      );
      // The lines are the first invoice of the new plan at the period end; nothing is due today.
      return req.mode === 'now' ? preview : { ...preview, subtotal: 0, total: 0 };
    },

    async keepPlan(providerSubscriptionId, key) {
      const sub = await liveSubscription(providerSubscriptionId);
      if (!sub) return;
      const schedule = idOf(sub.schedule);
      if (schedule)
        await stripe.subscriptionSchedules.release(
          schedule,
          {},
          { idempotencyKey: `${key}-release` },
        );
      if (sub.cancel_at_period_end)
        await stripe.subscriptions.update(
          sub.id,
          { cancel_at_period_end: false },
          { idempotencyKey: `${key}-keep` },
        );
    },

    async charge(req: ChargeRequest): Promise<ChargeResult> {
      const key = (step: string) => ({ idempotencyKey: `pay-${req.paymentId}-${step}` });
      let sub = await liveSubscription(req.current.providerSubscriptionId);
      if (sub?.status === 'incomplete') {
        // An abandoned first payment cannot be changed: end it and start over.
        await stripe.subscriptions.cancel(sub.id, {}, key('cancel-incomplete'));
        sub = null;
      }

      if (!sub) {
        if (req.target.plan.code === FREE_CODE)
          return {
            paymentRef: `free-${req.paymentId}`,
            providerSubscriptionId: '',
            status: 'paid',
            clientSecret: null,
          };
        const created = await chargeStep(async () =>
          stripe.subscriptions.create(
            {
              customer: req.customerId,
              items: await targetItems(req),
              default_payment_method: req.paymentMethodRef,
              payment_behavior: 'default_incomplete',
              payment_settings: { save_default_payment_method: 'on_subscription' },
              expand: expandInvoice,
              metadata: { payment_id: String(req.paymentId) },
            },
            key('subscription'),
          ),
        );
        return resultOf(created);
      }

      const schedule = idOf(sub.schedule);
      if (req.mode === 'now') {
        // A scheduled downgrade or cancellation gives way to the change bought today.
        if (schedule) await stripe.subscriptionSchedules.release(schedule, {}, key('release'));
        // Pending updates accept only items and proration: the card and cancel flag go first.
        await stripe.subscriptions.update(
          sub.id,
          { default_payment_method: req.paymentMethodRef, cancel_at_period_end: false },
          key('prepare'),
        );
        const items = await changedItems(sub, req);
        const updated = await chargeStep(() =>
          stripe.subscriptions.update(
            sub.id,
            {
              items,
              proration_behavior: 'always_invoice',
              billing_cycle_anchor: { type: 'now' },
              proration_date: seconds(req.now),
              // The plan changes only once the invoice is paid; a decline leaves it as it was.
              payment_behavior: 'pending_if_incomplete',
              expand: expandInvoice,
            },
            key('update'),
          ),
        );
        return resultOf(updated);
      }

      // period_end: nothing is charged today.
      if (req.target.plan.code === FREE_CODE) {
        if (schedule) await stripe.subscriptionSchedules.release(schedule, {}, key('release'));
        await stripe.subscriptions.update(
          sub.id,
          { cancel_at_period_end: true, metadata: { payment_id: String(req.paymentId) } },
          key('cancel'),
        );
        return {
          paymentRef: sub.id,
          providerSubscriptionId: sub.id,
          status: 'paid',
          clientSecret: null,
        };
      }
      if (sub.cancel_at_period_end)
        await stripe.subscriptions.update(sub.id, { cancel_at_period_end: false }, key('keep'));
      const current = await itemsOf(sub);
      const currentItems = [current.plan, current.addOn]
        .filter((i): i is Stripe.SubscriptionItem => i !== null)
        .map((i) => ({ price: i.price.id, quantity: i.quantity ?? 1 }));
      const existing = schedule
        ? await stripe.subscriptionSchedules.retrieve(schedule)
        : await stripe.subscriptionSchedules.create({ from_subscription: sub.id }, key('schedule'));
      const phaseStart =
        existing.current_phase?.start_date ?? existing.phases[0]?.start_date ?? seconds(req.now);
      const periodEnd =
        current.plan?.current_period_end ?? seconds(req.current.periodEnd ?? req.now);
      const updated = await stripe.subscriptionSchedules.update(
        existing.id,
        {
          end_behavior: 'release',
          proration_behavior: 'none',
          phases: [
            { items: currentItems, start_date: phaseStart, end_date: periodEnd },
            { items: await targetItems(req), duration: { interval: 'month', interval_count: 1 } },
          ],
          metadata: { payment_id: String(req.paymentId) },
        },
        key('phases'),
      );
      return {
        paymentRef: updated.id,
        providerSubscriptionId: sub.id,
        status: 'paid',
        clientSecret: null,
      };
    },

    onEvent(handler) {
      state.handler = handler;
    },

    async parseWebhook(rawBody, signature) {
      if (!signature) throw badSignature();
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, opts.webhookSecret);
      } catch {
        throw badSignature();
      }
      const base = { id: event.id, created: new Date(event.created * 1000) };
      switch (event.type) {
        case 'invoice.paid':
        case 'invoice.payment_succeeded':
        case 'invoice.payment_failed': {
          const invoice = event.data.object;
          const subId = subscriptionIdOfInvoice(invoice);
          if (!subId) return null;
          const customerId = idOf(invoice.customer) ?? '';
          // Renewals and schedule switches have no payment of ours: they change the state only.
          if (!ourInvoice(invoice)) return stateEvent(base, customerId, subId);
          if (event.type === 'invoice.payment_failed')
            return {
              ...base,
              type: 'payment.failed',
              customerId,
              paymentRef: invoice.id,
              message: await failureMessageOf(invoice),
            };
          return {
            ...base,
            type: 'payment.succeeded',
            customerId,
            paymentRef: invoice.id,
            subscription: (await reread(subId)).subscription,
          };
        }
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted': {
          const sub = event.data.object;
          return stateEvent(base, idOf(sub.customer) ?? '', sub.id);
        }
        default:
          return null;
      }
    },

    async drain() {
      // Nothing runs in the background: outcomes arrive as webhooks.
    },
  };
}
