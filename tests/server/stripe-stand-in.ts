import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { addMonths } from 'date-fns';

/**
 * A local stand-in for the parts of the Stripe HTTP API the Stripe provider calls: form-encoded
 * bodies with bracket keys, JSON answers shaped like Stripe's objects (API 2026-10 shapes: current
 * periods on subscription items, invoice `parent`, includable `confirmation_secret` and
 * `payments`), idempotency keys replayed like Stripe does, and a log of every request.
 */

/** A form body or query string parsed the way Stripe reads it (`a[b][0][c]=x`). */
export type Params = { [key: string]: ParamValue };
/** One parsed value: text, list or nested object. */
export type ParamValue = string | ParamValue[] | Params;

/** One request the stand-in received. */
export interface LoggedRequest {
  method: string;
  path: string;
  query: Params;
  body: Params;
  idempotencyKey: string | null;
}

/** How a saved test card behaves when charged (Stripe's 4242…, …0002 and …3155 cards). */
export type CardBehaviour = 'succeeds' | 'declined' | 'authentication';

/** A Stripe event as Stripe posts it to a webhook endpoint. */
export interface StandInEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: Record<string, unknown> };
}

interface Item {
  id: string;
  price: string;
  quantity: number;
  current_period_start: number;
  current_period_end: number;
}
interface Sub {
  id: string;
  customer: string;
  status: string;
  items: Item[];
  default_payment_method: string | null;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  latest_invoice: string | null;
  schedule: string | null;
  pending_update: { items: Item[] } | null;
  created: number;
  billing_cycle_anchor: number;
}
interface Line {
  id: string;
  amount: number;
  description: string;
  quantity: number;
  period: { start: number; end: number };
  proration: boolean;
  subscription_item: string;
}
interface Invoice {
  id: string;
  customer: string;
  subscription: string | null;
  status: 'draft' | 'open' | 'paid';
  lines: Line[];
  payment_intent: string | null;
  created: number;
  billing_reason: string;
}
interface Intent {
  id: string;
  amount: number;
  status: string;
  client_secret: string;
  payment_method: string | null;
  last_payment_error: { message: string; code: string; type: string } | null;
  invoice: string;
}
interface Card {
  id: string;
  customer: string | null;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  behaviour: CardBehaviour;
}
interface Price {
  id: string;
  product: string;
  unit_amount: number;
  lookup_key: string | null;
  metadata: Record<string, string>;
  active: boolean;
}
interface Phase {
  start_date: number;
  end_date: number | null;
  items: { price: string; quantity: number }[];
}
interface Schedule {
  id: string;
  subscription: string;
  customer: string;
  status: string;
  end_behavior: string;
  phases: Phase[];
  metadata: Record<string, string>;
}

/** A Stripe error answer (`{ error: { type, code, message } }`). */
class StripeAnswerError extends Error {
  constructor(
    public readonly status: number,
    public readonly type: string,
    message: string,
    public readonly code?: string,
  ) {
    super(message);
  }
}

/** Parses `a[b][0][c]=x` pairs into nested objects; all-numeric keys become arrays. */
export function parseParams(search: URLSearchParams): Params {
  const root: Params = {};
  for (const [rawKey, value] of search) {
    const parts = rawKey.split('[').map((p) => p.replace(/]$/, ''));
    let node: Params = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else {
        const next = node[part];
        if (typeof next !== 'object' || Array.isArray(next)) node[part] = {};
        node = node[part] as Params;
      }
    });
  }
  const arrays = (v: ParamValue): ParamValue => {
    if (typeof v === 'string' || Array.isArray(v)) return v;
    const keys = Object.keys(v);
    const fixed: Params = {};
    for (const k of keys) fixed[k] = arrays(v[k] as ParamValue);
    if (keys.length && keys.every((k) => /^\d+$/.test(k)))
      return keys.sort((a, b) => Number(a) - Number(b)).map((k) => fixed[k] as ParamValue);
    return fixed;
  };
  return arrays(root) as Params;
}

const str = (v: ParamValue | undefined): string | undefined =>
  typeof v === 'string' ? v : undefined;
const obj = (v: ParamValue | undefined): Params =>
  v && typeof v === 'object' && !Array.isArray(v) ? v : {};
const list = (v: ParamValue | undefined): ParamValue[] => (Array.isArray(v) ? v : []);
const strings = (v: ParamValue | undefined) =>
  list(v).filter((x): x is string => typeof x === 'string');
const metadataOf = (v: ParamValue | undefined) =>
  Object.fromEntries(Object.entries(obj(v)).filter(([, x]) => typeof x === 'string')) as Record<
    string,
    string
  >;

/** Starts the stand-in on 127.0.0.1 with a free port. */
export async function startStripeStandIn(opts: { now?: () => Date } = {}) {
  const now = () => Math.floor((opts.now?.() ?? new Date()).getTime() / 1000);
  const rand = () => randomBytes(8).toString('hex');
  const requests: LoggedRequest[] = [];
  const failures: { method: string; path: RegExp; status: number }[] = [];
  const replays = new Map<string, { status: number; body: unknown }>();

  const customers = new Map<
    string,
    {
      id: string;
      email: string;
      name: string;
      metadata: Record<string, string>;
      default_payment_method: string | null;
    }
  >();
  const cards = new Map<string, Card>();
  const products = new Map<string, { id: string; name: string }>();
  const prices = new Map<string, Price>();
  const subs = new Map<string, Sub>();
  const invoices = new Map<string, Invoice>();
  const intents = new Map<string, Intent>();
  const schedules = new Map<string, Schedule>();
  const setupIntents = new Map<string, { id: string; customer: string; client_secret: string }>();

  const monthAfter = (s: number) => Math.floor(addMonths(new Date(s * 1000), 1).getTime() / 1000);
  const need = <T>(map: Map<string, T>, id: string, what: string): T => {
    const found = map.get(id);
    if (!found)
      throw new StripeAnswerError(
        404,
        'invalid_request_error',
        `No such ${what}: '${id}'`,
        'resource_missing',
      );
    return found;
  };
  const listOf = <T>(data: T[], url: string) => ({
    object: 'list' as const,
    data,
    has_more: false,
    url,
  });

  // --- rendering, with `expand` ------------------------------------------------------------
  const renderPrice = (p: Price, expandProduct = false) => ({
    id: p.id,
    object: 'price',
    active: p.active,
    currency: 'usd',
    lookup_key: p.lookup_key,
    metadata: p.metadata,
    product: expandProduct
      ? { id: p.product, object: 'product', ...products.get(p.product) }
      : p.product,
    recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
    type: 'recurring',
    unit_amount: p.unit_amount,
  });
  const renderIntent = (pi: Intent) => ({ object: 'payment_intent', currency: 'usd', ...pi });
  const renderInvoice = (inv: Invoice, expand: string[]) => {
    const subtotal = inv.lines.reduce((s, l) => s + l.amount, 0);
    const pi = inv.payment_intent ? intents.get(inv.payment_intent) : undefined;
    const out: Record<string, unknown> = {
      id: inv.id,
      object: 'invoice',
      billing_reason: inv.billing_reason,
      created: inv.created,
      currency: 'usd',
      customer: inv.customer,
      status: inv.status,
      subtotal,
      total: subtotal,
      amount_due: Math.max(0, subtotal),
      amount_paid: inv.status === 'paid' ? Math.max(0, subtotal) : 0,
      period_start: inv.created,
      period_end: inv.created,
      parent: inv.subscription
        ? {
            type: 'subscription_details',
            quote_details: null,
            subscription_details: { subscription: inv.subscription, metadata: {} },
          }
        : null,
      lines: listOf(
        inv.lines.map((l) => ({
          id: l.id,
          object: 'line_item',
          amount: l.amount,
          currency: 'usd',
          description: l.description,
          quantity: l.quantity,
          period: l.period,
          parent: {
            type: 'subscription_item_details',
            invoice_item_details: null,
            subscription_item_details: {
              invoice_item: null,
              proration: l.proration,
              proration_details: null,
              subscription: inv.subscription,
              subscription_item: l.subscription_item,
            },
          },
        })),
        `/v1/invoices/${inv.id}/lines`,
      ),
    };
    if (expand.includes('confirmation_secret'))
      out.confirmation_secret = pi
        ? { client_secret: pi.client_secret, type: 'payment_intent' }
        : null;
    if (expand.some((e) => e === 'payments' || e.startsWith('payments.'))) {
      const expandIntent = expand.includes('payments.data.payment.payment_intent');
      out.payments = listOf(
        pi
          ? [
              {
                id: `inpay_${pi.id}`,
                object: 'invoice_payment',
                is_default: true,
                amount_requested: pi.amount,
                status: pi.status === 'succeeded' ? 'paid' : 'open',
                payment: {
                  type: 'payment_intent',
                  payment_intent: expandIntent ? renderIntent(pi) : pi.id,
                },
              },
            ]
          : [],
        '/v1/invoice_payments',
      );
    }
    return out;
  };
  const renderSchedule = (s: Schedule) => {
    const t = now();
    const current = s.phases.find(
      (p) => p.start_date <= t && (p.end_date === null || t < p.end_date),
    );
    return {
      id: s.id,
      object: 'subscription_schedule',
      customer: s.customer,
      subscription: s.subscription,
      status: s.status,
      end_behavior: s.end_behavior,
      metadata: s.metadata,
      current_phase: current
        ? { start_date: current.start_date, end_date: current.end_date }
        : null,
      phases: s.phases.map((p) => ({
        start_date: p.start_date,
        end_date: p.end_date,
        items: p.items.map((i) => ({ price: i.price, quantity: i.quantity })),
      })),
    };
  };
  const renderSub = (sub: Sub, expand: string[] = []) => {
    const sub_expand = (field: string) =>
      expand.filter((e) => e.startsWith(`${field}.`)).map((e) => e.slice(field.length + 1));
    const invoice = sub.latest_invoice ? invoices.get(sub.latest_invoice) : undefined;
    const schedule = sub.schedule ? schedules.get(sub.schedule) : undefined;
    return {
      id: sub.id,
      object: 'subscription',
      billing_cycle_anchor: sub.billing_cycle_anchor,
      cancel_at: null,
      cancel_at_period_end: sub.cancel_at_period_end,
      created: sub.created,
      currency: 'usd',
      customer: sub.customer,
      default_payment_method: sub.default_payment_method,
      metadata: sub.metadata,
      pending_update: sub.pending_update
        ? {
            subscription_items: sub.pending_update.items.map((i) => ({
              id: i.id,
              price: renderPrice(need(prices, i.price, 'price')),
              quantity: i.quantity,
            })),
          }
        : null,
      start_date: sub.created,
      status: sub.status,
      items: listOf(
        sub.items.map((i) => ({
          id: i.id,
          object: 'subscription_item',
          price: renderPrice(need(prices, i.price, 'price')),
          quantity: i.quantity,
          current_period_start: i.current_period_start,
          current_period_end: i.current_period_end,
          subscription: sub.id,
        })),
        `/v1/subscription_items?subscription=${sub.id}`,
      ),
      latest_invoice:
        invoice && (expand.includes('latest_invoice') || sub_expand('latest_invoice').length)
          ? renderInvoice(invoice, sub_expand('latest_invoice'))
          : sub.latest_invoice,
      schedule: schedule && expand.includes('schedule') ? renderSchedule(schedule) : sub.schedule,
    };
  };
  const renderCard = (c: Card) => ({
    id: c.id,
    object: 'payment_method',
    type: 'card',
    customer: c.customer,
    card: {
      brand: c.brand,
      last4: c.last4,
      exp_month: c.exp_month,
      exp_year: c.exp_year,
      funding: 'credit',
      country: 'US',
    },
  });

  // --- billing simulation ------------------------------------------------------------------
  const amountOf = (priceId: string, quantity: number) =>
    need(prices, priceId, 'price').unit_amount * quantity;
  const itemsFrom = (raw: ParamValue[], start: number): Item[] =>
    raw.map((r) => {
      const o = obj(r);
      return {
        id: `si_${rand()}`,
        price: need(prices, str(o.price) ?? '', 'price').id,
        quantity: Number(str(o.quantity) ?? 1),
        current_period_start: start,
        current_period_end: monthAfter(start),
      };
    });
  /** The items after a change: existing ids updated or deleted, new prices added. */
  const changeItems = (sub: Sub, raw: ParamValue[], start: number): Item[] => {
    const result = sub.items.map((i) => ({ ...i }));
    for (const r of raw) {
      const o = obj(r);
      const id = str(o.id);
      if (id) {
        const idx = result.findIndex((i) => i.id === id);
        if (idx < 0)
          throw new StripeAnswerError(
            400,
            'invalid_request_error',
            `No such subscription item: '${id}'`,
            'resource_missing',
          );
        if (str(o.deleted) === 'true') result.splice(idx, 1);
        else {
          const item = result[idx] as Item;
          if (str(o.price)) item.price = need(prices, str(o.price) as string, 'price').id;
          if (str(o.quantity)) item.quantity = Number(str(o.quantity));
        }
      } else result.push(...itemsFrom([r], start));
    }
    return result.map((i) => ({
      ...i,
      current_period_start: start,
      current_period_end: monthAfter(start),
    }));
  };
  const fullLines = (items: Item[], start: number): Line[] =>
    items.map((i) => {
      const price = need(prices, i.price, 'price');
      return {
        id: `il_${rand()}`,
        amount: price.unit_amount * i.quantity,
        description: `${i.quantity} × ${products.get(price.product)?.name ?? price.product} (at $${(price.unit_amount / 100).toFixed(2)} / month)`,
        quantity: i.quantity,
        period: { start, end: monthAfter(start) },
        proration: false,
        subscription_item: i.id,
      };
    });
  /** Stripe's credit for the unused time of each current item, as of `at`. */
  const creditLines = (sub: Sub, at: number): Line[] =>
    sub.items.flatMap((i) => {
      const total = i.current_period_end - i.current_period_start;
      const unused = i.current_period_end - at;
      if (total <= 0 || unused <= 0) return [];
      const price = need(prices, i.price, 'price');
      return [
        {
          id: `il_${rand()}`,
          amount: -Math.round((amountOf(i.price, i.quantity) * unused) / total),
          description: `Unused time on ${i.quantity} × ${products.get(price.product)?.name ?? price.product}`,
          quantity: i.quantity,
          period: { start: at, end: i.current_period_end },
          proration: true,
          subscription_item: i.id,
        },
      ];
    });
  const newInvoice = (
    customer: string,
    subscription: string | null,
    lines: Line[],
    reason: string,
    pm: string | null,
  ) => {
    const inv: Invoice = {
      id: `in_${rand()}`,
      customer,
      subscription,
      status: 'open',
      lines,
      payment_intent: null,
      created: now(),
      billing_reason: reason,
    };
    const amount = Math.max(
      0,
      lines.reduce((s, l) => s + l.amount, 0),
    );
    if (amount === 0) inv.status = 'paid';
    else {
      const pi: Intent = {
        id: `pi_${rand()}`,
        amount,
        status: pm ? 'requires_confirmation' : 'requires_payment_method',
        client_secret: '',
        payment_method: pm,
        last_payment_error: null,
        invoice: inv.id,
      };
      pi.client_secret = `${pi.id}_secret_${rand()}`;
      intents.set(pi.id, pi);
      inv.payment_intent = pi.id;
    }
    invoices.set(inv.id, inv);
    return inv;
  };
  /** Charges the invoice's payment intent with its card, as an off-session attempt or Stripe.js. */
  const attempt = (inv: Invoice, authenticated: boolean) => {
    const pi = inv.payment_intent ? intents.get(inv.payment_intent) : undefined;
    if (!pi) return;
    const card = pi.payment_method ? cards.get(pi.payment_method) : undefined;
    if (!card || card.behaviour === 'declined') {
      pi.status = 'requires_payment_method';
      pi.last_payment_error = {
        message: 'Your card was declined.',
        code: 'card_declined',
        type: 'card_error',
      };
      return;
    }
    if (card.behaviour === 'authentication' && !authenticated) {
      pi.status = 'requires_action';
      return;
    }
    pi.status = 'succeeded';
    pi.last_payment_error = null;
    inv.status = 'paid';
  };
  const applyPaid = (sub: Sub) => {
    if (sub.pending_update) {
      sub.items = sub.pending_update.items;
      sub.billing_cycle_anchor = sub.items[0]?.current_period_start ?? sub.billing_cycle_anchor;
      sub.pending_update = null;
    }
    sub.status = 'active';
  };

  // --- routes ------------------------------------------------------------------------------
  type Handler = (m: RegExpMatchArray, body: Params, query: Params) => unknown;
  const routes: [string, RegExp, Handler][] = [
    [
      'POST',
      /^\/v1\/customers$/,
      (_m, b) => {
        const c = {
          id: `cus_${rand()}`,
          email: str(b.email) ?? '',
          name: str(b.name) ?? '',
          metadata: metadataOf(b.metadata),
          default_payment_method: null,
        };
        customers.set(c.id, c);
        return { object: 'customer', ...c, invoice_settings: { default_payment_method: null } };
      },
    ],
    [
      'POST',
      /^\/v1\/customers\/([^/]+)$/,
      (m, b) => {
        const c = need(customers, m[1] as string, 'customer');
        const pm = str(obj(b.invoice_settings).default_payment_method);
        if (pm !== undefined) c.default_payment_method = pm;
        return {
          object: 'customer',
          ...c,
          invoice_settings: { default_payment_method: c.default_payment_method },
        };
      },
    ],
    [
      'POST',
      /^\/v1\/setup_intents$/,
      (_m, b) => {
        const id = `seti_${rand()}`;
        const si = { id, customer: str(b.customer) ?? '', client_secret: `${id}_secret_${rand()}` };
        setupIntents.set(id, si);
        return {
          object: 'setup_intent',
          status: 'requires_payment_method',
          usage: str(b.usage),
          payment_method_types: strings(b.allowed_payment_method_types),
          ...si,
        };
      },
    ],
    [
      'GET',
      /^\/v1\/payment_methods\/([^/]+)$/,
      (m) => renderCard(need(cards, m[1] as string, 'payment_method')),
    ],
    [
      'POST',
      /^\/v1\/payment_methods\/([^/]+)\/attach$/,
      (m, b) => {
        const card = need(cards, m[1] as string, 'payment_method');
        const customer = need(customers, str(b.customer) ?? '', 'customer').id;
        if (card.customer && card.customer !== customer)
          throw new StripeAnswerError(
            400,
            'invalid_request_error',
            'The payment method you provided has already been attached to a customer.',
          );
        card.customer = customer;
        return renderCard(card);
      },
    ],
    [
      'POST',
      /^\/v1\/payment_methods\/([^/]+)\/detach$/,
      (m) => {
        const card = need(cards, m[1] as string, 'payment_method');
        if (!card.customer)
          throw new StripeAnswerError(
            400,
            'invalid_request_error',
            'The payment method you provided is not attached to a customer so detachment is impossible.',
          );
        card.customer = null;
        return renderCard(card);
      },
    ],
    [
      'GET',
      /^\/v1\/prices$/,
      (_m, _b, q) => {
        const keys = strings(q.lookup_keys);
        const found = [...prices.values()].filter(
          (p) =>
            p.lookup_key && keys.includes(p.lookup_key) && (str(q.active) !== 'true' || p.active),
        );
        return listOf(
          found.map((p) => renderPrice(p, strings(q.expand).includes('data.product'))),
          '/v1/prices',
        );
      },
    ],
    ['GET', /^\/v1\/prices\/([^/]+)$/, (m) => renderPrice(need(prices, m[1] as string, 'price'))],
    [
      'POST',
      /^\/v1\/products$/,
      (_m, b) => {
        const id = str(b.id) ?? `prod_${rand()}`;
        if (products.has(id))
          throw new StripeAnswerError(
            400,
            'invalid_request_error',
            `Product already exists.`,
            'resource_already_exists',
          );
        const p = { id, name: str(b.name) ?? id };
        products.set(id, p);
        return { object: 'product', ...p, metadata: metadataOf(b.metadata) };
      },
    ],
    [
      'POST',
      /^\/v1\/prices$/,
      (_m, b) => {
        const lookup = str(b.lookup_key) ?? null;
        const clash = [...prices.values()].find((p) => lookup && p.lookup_key === lookup);
        if (clash && str(b.transfer_lookup_key) !== 'true')
          throw new StripeAnswerError(
            400,
            'invalid_request_error',
            'A price with this lookup key already exists.',
          );
        if (clash) clash.lookup_key = null;
        const p: Price = {
          id: `price_${rand()}`,
          product: need(products, str(b.product) ?? '', 'product').id,
          unit_amount: Number(str(b.unit_amount)),
          lookup_key: lookup,
          metadata: metadataOf(b.metadata),
          active: true,
        };
        prices.set(p.id, p);
        return renderPrice(p);
      },
    ],
    [
      'POST',
      /^\/v1\/invoices\/create_preview$/,
      (_m, b) => {
        const details = obj(b.subscription_details);
        const customer = need(customers, str(b.customer) ?? '', 'customer').id;
        const subId = str(b.subscription);
        const t = now();
        let lines: Line[];
        if (!subId) lines = fullLines(itemsFrom(list(details.items), t), t);
        else {
          const sub = need(subs, subId, 'subscription');
          const behaviour = str(details.proration_behavior) ?? 'create_prorations';
          const at = Number(str(details.proration_date) ?? t);
          if (behaviour === 'none') {
            const end = sub.items[0]?.current_period_end ?? t;
            lines = fullLines(changeItems(sub, list(details.items), end), end);
          } else {
            lines = [
              ...creditLines(sub, at),
              ...fullLines(changeItems(sub, list(details.items), at), at),
            ];
          }
        }
        const preview: Invoice = {
          id: `upcoming_in_${rand()}`,
          customer,
          subscription: subId ?? null,
          status: 'draft',
          lines,
          payment_intent: null,
          created: t,
          billing_reason: 'upcoming',
        };
        return renderInvoice(preview, []);
      },
    ],
    [
      'GET',
      /^\/v1\/invoices\/([^/]+)$/,
      (m, _b, q) => renderInvoice(need(invoices, m[1] as string, 'invoice'), strings(q.expand)),
    ],
    [
      'GET',
      /^\/v1\/payment_intents\/([^/]+)$/,
      (m) => renderIntent(need(intents, m[1] as string, 'payment_intent')),
    ],
    [
      'POST',
      /^\/v1\/subscriptions$/,
      (_m, b) => {
        const customer = need(customers, str(b.customer) ?? '', 'customer').id;
        const t = now();
        const pm = str(b.default_payment_method) ?? null;
        const sub: Sub = {
          id: `sub_${rand()}`,
          customer,
          status: 'incomplete',
          items: itemsFrom(list(b.items), t),
          default_payment_method: pm,
          cancel_at_period_end: false,
          metadata: metadataOf(b.metadata),
          latest_invoice: null,
          schedule: null,
          pending_update: null,
          created: t,
          billing_cycle_anchor: t,
        };
        const inv = newInvoice(
          customer,
          sub.id,
          fullLines(sub.items, t),
          'subscription_create',
          pm,
        );
        sub.latest_invoice = inv.id;
        // default_incomplete leaves the payment for Stripe.js; other behaviours charge at once.
        if (str(b.payment_behavior) !== 'default_incomplete') attempt(inv, false);
        if (inv.status === 'paid') sub.status = 'active';
        subs.set(sub.id, sub);
        return renderSub(sub, strings(b.expand));
      },
    ],
    [
      'GET',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (m, _b, q) => renderSub(need(subs, m[1] as string, 'subscription'), strings(q.expand)),
    ],
    [
      'POST',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (m, b) => {
        const sub = need(subs, m[1] as string, 'subscription');
        if (sub.status === 'canceled')
          throw new StripeAnswerError(
            400,
            'invalid_request_error',
            'A canceled subscription can only update its cancellation_details and metadata.',
          );
        const pm = str(b.default_payment_method);
        if (pm) sub.default_payment_method = pm;
        if (str(b.cancel_at_period_end))
          sub.cancel_at_period_end = str(b.cancel_at_period_end) === 'true';
        if (b.metadata) Object.assign(sub.metadata, metadataOf(b.metadata));
        if (b.items) {
          const behaviour = str(b.payment_behavior) ?? 'allow_incomplete';
          const pending = behaviour === 'pending_if_incomplete';
          if (pending && (b.default_payment_method || b.cancel_at_period_end || b.metadata))
            throw new StripeAnswerError(
              400,
              'invalid_request_error',
              'Pending updates accept only items, proration and billing cycle parameters.',
            );
          const resetCycle = str(obj(b.billing_cycle_anchor).type) === 'now';
          const at = Number(str(b.proration_date) ?? now());
          const start = resetCycle ? at : (sub.items[0]?.current_period_start ?? at);
          const items = changeItems(sub, list(b.items), start);
          const lines =
            str(b.proration_behavior) === 'none'
              ? []
              : [...creditLines(sub, at), ...fullLines(items, at)];
          const inv = newInvoice(
            sub.customer,
            sub.id,
            lines,
            'subscription_update',
            sub.default_payment_method,
          );
          sub.latest_invoice = inv.id;
          sub.pending_update = { items };
          attempt(inv, false);
          if (inv.status === 'paid' || !pending) applyPaid(sub);
        }
        return renderSub(sub, strings(b.expand));
      },
    ],
    [
      'DELETE',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (m) => {
        const sub = need(subs, m[1] as string, 'subscription');
        sub.status = 'canceled';
        return renderSub(sub);
      },
    ],
    [
      'POST',
      /^\/v1\/subscription_schedules$/,
      (_m, b) => {
        const sub = need(subs, str(b.from_subscription) ?? '', 'subscription');
        if (sub.schedule)
          throw new StripeAnswerError(
            400,
            'invalid_request_error',
            `You cannot migrate a subscription that is already attached to a schedule: \`${sub.schedule}\`.`,
          );
        const first = sub.items[0];
        const s: Schedule = {
          id: `sub_sched_${rand()}`,
          subscription: sub.id,
          customer: sub.customer,
          status: 'active',
          end_behavior: 'release',
          metadata: {},
          phases: [
            {
              start_date: first?.current_period_start ?? now(),
              end_date: first?.current_period_end ?? null,
              items: sub.items.map((i) => ({ price: i.price, quantity: i.quantity })),
            },
          ],
        };
        schedules.set(s.id, s);
        sub.schedule = s.id;
        return renderSchedule(s);
      },
    ],
    [
      'GET',
      /^\/v1\/subscription_schedules\/([^/]+)$/,
      (m) => renderSchedule(need(schedules, m[1] as string, 'subscription_schedule')),
    ],
    [
      'POST',
      /^\/v1\/subscription_schedules\/([^/]+)$/,
      (m, b) => {
        const s = need(schedules, m[1] as string, 'subscription_schedule');
        if (str(b.end_behavior)) s.end_behavior = str(b.end_behavior) as string;
        if (b.metadata) s.metadata = { ...s.metadata, ...metadataOf(b.metadata) };
        if (b.phases) {
          let cursor = 0;
          s.phases = list(b.phases).map((raw) => {
            const p = obj(raw);
            const start = Number(str(p.start_date) ?? cursor);
            const duration = obj(p.duration);
            const end = str(p.end_date)
              ? Number(str(p.end_date))
              : str(duration.interval) === 'month'
                ? monthAfter(start)
                : null;
            cursor = end ?? start;
            return {
              start_date: start,
              end_date: end,
              items: list(p.items).map((i) => ({
                price: need(prices, str(obj(i).price) ?? '', 'price').id,
                quantity: Number(str(obj(i).quantity) ?? 1),
              })),
            };
          });
        }
        return renderSchedule(s);
      },
    ],
    [
      'POST',
      /^\/v1\/subscription_schedules\/([^/]+)\/release$/,
      (m) => {
        const s = need(schedules, m[1] as string, 'subscription_schedule');
        s.status = 'released';
        const sub = subs.get(s.subscription);
        if (sub) sub.schedule = null;
        return renderSchedule(s);
      },
    ],
  ];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const body = parseParams(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const query = parseParams(url.searchParams);
      const method = req.method ?? 'GET';
      const header = req.headers['idempotency-key'];
      const idempotencyKey = typeof header === 'string' ? header : null;
      requests.push({ method, path: url.pathname, query, body, idempotencyKey });
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${rand()}`,
          ...headers,
        });
        res.end(JSON.stringify(payload));
      };
      const failure = failures.findIndex((f) => f.method === method && f.path.test(url.pathname));
      if (failure >= 0) {
        const [f] = failures.splice(failure, 1);
        return send(
          f?.status ?? 500,
          { error: { type: 'api_error', message: 'Stand-in failure.' } },
          { 'stripe-should-retry': 'true' },
        );
      }
      if (!(req.headers.authorization ?? '').startsWith('Bearer sk_'))
        return send(401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' },
        });
      // Stripe replays the first answer of a key (24 h); the stand-in keeps them for its life.
      const replayKey =
        idempotencyKey && method === 'POST' ? `${url.pathname} ${idempotencyKey}` : null;
      const replay = replayKey ? replays.get(replayKey) : undefined;
      if (replay) return send(replay.status, replay.body, { 'idempotent-replayed': 'true' });
      const route = routes.find(([m, re]) => m === method && re.test(url.pathname));
      let status = 200;
      let payload: unknown;
      try {
        if (!route)
          throw new StripeAnswerError(
            404,
            'invalid_request_error',
            `Unrecognized request URL (${method}: ${url.pathname}).`,
          );
        payload = route[2](url.pathname.match(route[1]) as RegExpMatchArray, body, query);
      } catch (err) {
        if (!(err instanceof StripeAnswerError)) throw err;
        status = err.status;
        payload = { error: { type: err.type, code: err.code, message: err.message } };
      }
      if (replayKey) replays.set(replayKey, { status, body: payload });
      send(status, payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const event = (type: string, object: Record<string, unknown>, created = now()): StandInEvent => ({
    id: `evt_${rand()}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Requests of one method whose path matches. */
    requestsTo(method: string, path: string | RegExp) {
      return requests.filter(
        (r) =>
          r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
      );
    },
    /** The next matching request answers `status` (with Stripe-Should-Retry) and changes nothing. */
    failNext(method: string, path: RegExp, status = 500) {
      failures.push({ method, path, status });
    },
    /** A saved card not yet attached, like the one Stripe Elements creates. */
    addCard(brand = 'visa', behaviour: CardBehaviour = 'succeeds', customer: string | null = null) {
      const last4 =
        behaviour === 'declined'
          ? '0002'
          : behaviour === 'authentication'
            ? '3155'
            : brand === 'amex'
              ? '8431'
              : '4242';
      const card: Card = {
        id: `pm_${rand()}`,
        customer,
        brand,
        last4,
        exp_month: 12,
        exp_year: 2034,
        behaviour,
      };
      cards.set(card.id, card);
      return card.id;
    },
    card: (id: string) => cards.get(id),
    subscriptions: () => [...subs.values()].map((s) => renderSub(s, ['schedule'])),
    subscription: (id: string) => renderSub(need(subs, id, 'subscription'), ['schedule']),
    invoice: (id: string) => renderInvoice(need(invoices, id, 'invoice'), []),
    schedule: (id: string) => renderSchedule(need(schedules, id, 'subscription_schedule')),
    customers: () => [...customers.values()],
    /**
     * What Stripe.js confirming the invoice's payment (or an off-session retry) does: charges the
     * card, applies a pending update when paid, and returns the events Stripe would send.
     */
    confirmInvoice(invoiceId: string, opts: { authenticated?: boolean } = {}) {
      const inv = need(invoices, invoiceId, 'invoice');
      attempt(inv, opts.authenticated ?? false);
      const sub = inv.subscription ? subs.get(inv.subscription) : undefined;
      if (inv.status === 'paid') {
        if (sub) applyPaid(sub);
        const events = [
          event('invoice.paid', renderInvoice(inv, [])),
          event('invoice.payment_succeeded', renderInvoice(inv, [])),
        ];
        if (sub) events.push(event('customer.subscription.updated', renderSub(sub)));
        return events;
      }
      const pi = inv.payment_intent ? intents.get(inv.payment_intent) : undefined;
      return pi?.status === 'requires_action'
        ? [event('invoice.payment_action_required', renderInvoice(inv, []))]
        : [event('invoice.payment_failed', renderInvoice(inv, []))];
    },
    /** Ends a subscription the way the period end of a cancel_at_period_end does. */
    endSubscription(id: string) {
      const sub = need(subs, id, 'subscription');
      sub.status = 'canceled';
      return event('customer.subscription.deleted', renderSub(sub));
    },
    /** A Stripe event of any type around an object rendered by the stand-in. */
    event,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The running stand-in. */
export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
