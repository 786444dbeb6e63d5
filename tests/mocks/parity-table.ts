import { z } from 'zod';
import { activeSessionSchema, userSchema } from '@/lib/contracts/auth';
import { brandSchema, brandSourcesSchema, serverKeySchema } from '@/lib/contracts/brands';
import { apiErrorBody, okMessage } from '@/lib/contracts/common';
import {
  attributeOptionGroupSchema,
  dataAttributeSchema,
  metadataAttributeSchema,
  profileListSchema,
} from '@/lib/contracts/customer-profiles';
import {
  autocompleteSchema,
  definedCodesSchema,
  eventListSchema,
  eventSchema,
  trackedEventSchema,
  undefinedEventSchema,
} from '@/lib/contracts/events';
import type { FlowReport } from '@/lib/contracts/flow-runtime';
import { flowListSchema, flowSchema, type FlowInput } from '@/lib/contracts/flows';
import { homeSchema } from '@/lib/contracts/home';
import {
  paymentMethodSchema,
  paymentSchema,
  paymentsConfigSchema,
  pricePreviewSchema,
  setupIntentSchema,
} from '@/lib/contracts/payments';
import { planSchema, subscriptionSchema } from '@/lib/contracts/plans';
import { TREND_MEASURES } from '@/lib/contracts/reports';
import type { ShortUrlReport } from '@/lib/contracts/short-urls';

/**
 * The mock API's parity table (docs: tests/README.md, "Mock parity"): per handler file of
 * `tests/mocks/`, the requests `tests/server/mock-parity.test.ts` sends both to the MSW handlers
 * and to the real app, in order, as one signed-up account with one product. Each answer's status
 * must match; a 2xx body must parse with `contract` on both sides and be equal once the volatile
 * fields (ids, times, keys, cursors) are reduced to their type.
 */

/** What earlier steps saved, per side: `brand` (the account's product) and each `save`. */
export type Saved = Record<string, number | string>;

export interface ParityStep {
  /** Shown in the failure: `<file> › <name>`. */
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A path under /v1, or one built from what earlier steps saved. */
  path: string | ((s: Saved) => string);
  body?: unknown;
  /** Builds the body from what earlier steps saved (product id, created ids). */
  bodyOf?: (s: Saved) => unknown;
  /** Zod contract of the answer's `data` when it succeeds; errors parse with `apiErrorBody`. */
  contract?: z.ZodType;
  /** Saves values of the answer's `data` (e.g. the created id) for later steps. */
  save?: (data: never) => Saved;
  /**
   * 'values' (default): equal after the volatile fields are reduced to their type.
   * 'shape': only the same keys and value types (numbers the mock makes up, e.g. reports).
   */
  compare?: 'values' | 'shape';
  /** Send without the session token (a refusal). */
  anonymous?: boolean;
  /** Keys whose values the mock makes up (e.g. views of a tour): compared by type only. */
  madeUp?: string[];
}

export interface ParityTable {
  /** The handler file of tests/mocks/ these requests exercise. */
  file: string;
  /** What the table covers, in the test's name. */
  title: string;
  /**
   * Tracked events put in the real analytics store first (`customer` did `event` `daysAgo`), so
   * a real answer has rows to compare the mock's canned ones with.
   */
  realEvents?: { event: string; customer: string; daysAgo: number; properties?: object }[];
  steps: ParityStep[];
}

/** Keys whose values each side makes up on its own: compared by type only. */
export const VOLATILE_KEYS = new Set([
  'id',
  'brand_id',
  'user_id',
  'flow_id',
  'step_id',
  'plan_id',
  'payment_id',
  'customer_id',
  'stripe_customer_id',
  'created_at',
  'updated_at',
  'last_seen',
  'last_used_at',
  'timestamp',
  'received_at',
  'nextCursor',
  'write_key',
  'identity_secret',
  'server_key',
  'client_secret',
  'token',
  'message_id',
  'user_agent',
  'ip',
  'current_period_start',
  'current_period_end',
]);

/** GET v1/flows/{id}/report has no zod contract in lib/contracts yet: its interface, checked. */
const count = z.number();
const flowReportSchema = z.object({
  totals: z.object({
    views: count,
    unique_viewers: count,
    completions: count,
    unique_completions: count,
    completion_rate: count,
    dismissals: count,
    target_missing: count,
  }),
  series: z.array(
    z.object({ bucket: z.string(), views: count, completions: count, dismissals: count }),
  ),
  steps: z.array(
    z.object({
      step_id: z.string(),
      index: count,
      type: z.string(),
      views: count,
      unique_viewers: count,
      drop_off: count,
    }),
  ),
}) satisfies z.ZodType<FlowReport>;

/** Reports and short links have hand-written answer interfaces in lib/contracts: checked here. */
const range = z.object({
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  preset: z.string(),
});
const savedReportSchema = z.object({
  id: count,
  brand_id: count,
  brand_name: z.string(),
  name: z.string(),
  type: z.enum(['trend', 'funnel', 'retention']),
  query: z.record(z.string(), z.unknown()),
  chart: z.object({ kind: z.enum(['line', 'bar', 'table']), stacked: z.boolean() }),
  pinned: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
const trendSeriesAnswer = z.object({
  label: z.string(),
  event: z.string(),
  measure: z.enum(TREND_MEASURES),
  breakdown_value: z.string().optional(),
  total: count,
  points: z.array(z.object({ bucket: z.string(), value: count })),
});
const trendAnswerSchema = z.object({
  series: z.array(trendSeriesAnswer),
  previous: z.array(trendSeriesAnswer).optional(),
  range,
});
const funnelAnswerSchema = z.object({
  steps: z.array(
    z.object({
      event: z.string(),
      count,
      conversion_from_start: count,
      conversion_from_previous: count,
      median_time_to_convert_ms: count.nullable(),
    }),
  ),
  range,
});
const retentionAnswerSchema = z.object({
  cohorts: z.array(z.object({ cohort: z.string(), size: count, returned: z.array(count) })),
  range,
});
const shortUrlSchema = z.object({
  id: count,
  brand_id: count,
  brand_name: z.string(),
  slug: z.string(),
  short_url: z.string(),
  url: z.string(),
  utm: z.record(z.string(), z.string()),
  expires_at: z.string().nullable(),
  expired_url: z.string().nullable(),
  disabled: z.boolean(),
  clicks: count,
  unique_clicks: count,
  bot_clicks: count,
  created_at: z.string(),
  updated_at: z.string(),
});
const breakdown = z.array(z.object({ value: z.string(), clicks: count }));
const shortUrlReportSchema = z.object({
  totals: z.object({ clicks: count, unique_clicks: count, bot_clicks: count }),
  series: z.array(z.object({ bucket: z.string(), clicks: count, unique_clicks: count })),
  countries: breakdown,
  referrers: breakdown,
  devices: breakdown,
  utm_sources: breakdown,
  range,
}) satisfies z.ZodType<ShortUrlReport>;
const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), total: count, nextCursor: z.string().nullable() });

const list = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), total: z.number() });
const saveId = (key: string) => (data: { id: number }) => ({ [key]: data.id });
const q = (s: Saved) => `brand_id=${s.brand}`;

/** A tour with one modal step, shown on every page (the smallest publishable flow). */
const flowBody = (s: Saved, over: Partial<FlowInput> = {}): FlowInput => ({
  brand_id: Number(s.brand),
  name: 'Welcome tour',
  publish: false,
  condition: {
    trigger_conditions: [
      {
        trigger_type: 'url',
        conditions: [{ condition_type: 'contains', value: '/', type: 'includes' }],
      },
    ],
    trigger_operator: 'AND',
  },
  steps: [
    {
      id: 'step-1',
      type: 'modal',
      content: '<p>Hello</p>',
      buttons: [
        {
          id: 'btn-1',
          label: 'Done',
          background_color: '#2563eb',
          color: '#ffffff',
          actions: [{ type: 'dismiss' }],
        },
      ],
    },
  ],
  ...over,
});

/** handlers.ts: the account, its products, plans and features. */
const account: ParityTable = {
  file: 'handlers.ts',
  title: 'the account, products, plans and features',
  steps: [
    { name: 'read me', method: 'GET', path: '/v1/users/me', contract: userSchema },
    {
      name: 'update me',
      method: 'PUT',
      path: '/v1/users/me',
      body: { name: 'Parity Person' },
      contract: userSchema,
    },
    {
      name: 'refuse a wrong current password',
      method: 'PUT',
      path: '/v1/users/me/password',
      body: { current_password: 'Wrong1!pass', password: 'Another1!pw' },
    },
    {
      name: 'list sessions',
      method: 'GET',
      path: '/v1/users/me/sessions',
      contract: z.array(activeSessionSchema),
    },
    { name: 'refuse without a session', method: 'GET', path: '/v1/users/me', anonymous: true },
    {
      name: 'read the subscription',
      method: 'GET',
      path: '/v1/users/me/subscription',
      contract: subscriptionSchema,
    },
    {
      name: 'list available plans',
      method: 'GET',
      path: '/v1/plans/available-plan',
      contract: z.array(planSchema),
      // The first paid plan, for the price preview of billing.handlers.ts.
      save: (plans: z.infer<typeof planSchema>[]) => {
        const paid = plans.find((p) => (p.plan_prices[0]?.unit_amount ?? 0) > 0)!;
        return { plan: paid.id, price: paid.plan_prices[0]!.id };
      },
    },
    { name: 'list plans', method: 'GET', path: '/v1/plans?limit=3', contract: list(planSchema) },
    { name: 'list products', method: 'GET', path: '/v1/brands', contract: list(brandSchema) },
    {
      name: 'refuse a second product on the free plan',
      method: 'POST',
      path: '/v1/brands',
      body: { name: 'Second', domain: 'second.example.com' },
    },
    {
      name: 'refuse an invalid product',
      method: 'POST',
      path: '/v1/brands',
      body: { name: '', domain: 'not a domain' },
    },
    {
      name: 'read the product',
      method: 'GET',
      path: (s) => `/v1/brands/${s.brand}`,
      contract: brandSchema,
    },
    {
      name: 'update the product',
      method: 'PUT',
      path: (s) => `/v1/brands/${s.brand}`,
      body: { name: 'Shop renamed', domain: 'https://www.Shop.example.com/', time_zone: 'UTC' },
      contract: brandSchema,
    },
    {
      name: 'rotate the write key',
      method: 'POST',
      path: (s) => `/v1/brands/${s.brand}/rotate-key`,
      contract: brandSchema,
    },
    {
      name: 'refuse another product',
      method: 'GET',
      path: '/v1/brands/999999',
    },
    {
      name: 'read trusted sources',
      method: 'GET',
      path: (s) => `/v1/brands/${s.brand}/sources`,
      contract: brandSourcesSchema,
    },
    {
      name: 'update trusted sources',
      method: 'PUT',
      path: (s) => `/v1/brands/${s.brand}/sources`,
      body: { allowed_origins: ['https://app.example.com'], require_signed_identity: true },
      contract: brandSourcesSchema,
    },
    {
      name: 'refuse deleting a server key never made',
      method: 'DELETE',
      path: (s) => `/v1/brands/${s.brand}/server-key`,
    },
    {
      name: 'make a server key',
      method: 'POST',
      path: (s) => `/v1/brands/${s.brand}/server-key`,
      contract: serverKeySchema,
    },
    {
      name: 'delete the server key',
      method: 'DELETE',
      path: (s) => `/v1/brands/${s.brand}/server-key`,
      contract: brandSourcesSchema,
    },
    {
      name: 'read the features',
      method: 'GET',
      path: '/v1/features',
      contract: z.object({ features: z.record(z.string(), z.unknown()) }),
    },
  ],
};

/** events.handlers.ts: event definitions, their lookups and the live tail. */
const events: ParityTable = {
  file: 'events.handlers.ts',
  title: 'event definitions and the live tail',
  steps: [
    {
      name: 'list (empty)',
      method: 'GET',
      path: (s) => `/v1/events?${q(s)}`,
      contract: eventListSchema,
    },
    {
      name: 'create',
      method: 'POST',
      path: '/v1/events',
      bodyOf: (s) => ({
        brand_id: s.brand,
        name: 'Checkout completed',
        code: 'checkout_completed',
        attributes: [{ code: 'amount', name: 'Amount', data_type: 'number' }],
      }),
      contract: eventSchema,
      save: saveId('event'),
    },
    {
      name: 'refuse a taken code',
      method: 'POST',
      path: '/v1/events',
      bodyOf: (s) => ({ brand_id: s.brand, name: 'Again', code: 'checkout_completed' }),
    },
    {
      name: 'refuse an invalid body',
      method: 'POST',
      path: '/v1/events',
      bodyOf: (s) => ({ brand_id: s.brand, name: '', code: 'x' }),
    },
    {
      name: 'read',
      method: 'GET',
      path: (s) => `/v1/events/${s.event}`,
      contract: eventSchema,
    },
    {
      name: 'update',
      method: 'PUT',
      path: (s) => `/v1/events/${s.event}`,
      bodyOf: (s) => ({ brand_id: s.brand, name: 'Order placed', code: 'order_placed' }),
      contract: eventSchema,
    },
    {
      name: 'list',
      method: 'GET',
      path: (s) => `/v1/events?${q(s)}&search=order`,
      contract: eventListSchema,
    },
    {
      name: 'autocomplete',
      method: 'GET',
      path: (s) => `/v1/events/autocomplete?${q(s)}&name=ord`,
      contract: autocompleteSchema,
    },
    {
      name: 'defined codes',
      method: 'GET',
      path: (s) => `/v1/events/codes?${q(s)}`,
      contract: definedCodesSchema,
    },
    {
      name: 'undefined codes',
      method: 'GET',
      path: (s) => `/v1/events/undefined?${q(s)}`,
      contract: z.array(undefinedEventSchema),
    },
    {
      name: 'live tail',
      method: 'GET',
      path: (s) => `/v1/tracking-session-data/tail?${q(s)}`,
      contract: z.object({ data: z.array(trackedEventSchema) }),
    },
    {
      name: 'refuse another product',
      method: 'GET',
      path: '/v1/events?brand_id=999999',
    },
    { name: 'refuse a malformed id', method: 'GET', path: '/v1/events/first' },
    {
      name: 'delete',
      method: 'DELETE',
      path: (s) => `/v1/events/${s.event}`,
      contract: okMessage,
    },
    {
      name: 'refuse the deleted one',
      method: 'GET',
      path: (s) => `/v1/events/${s.event}`,
    },
  ],
};

/** flows.handlers.ts: product tours. */
const flows: ParityTable = {
  file: 'flows.handlers.ts',
  title: 'product tours and their report',
  steps: [
    {
      name: 'list (empty)',
      method: 'GET',
      path: (s) => `/v1/flows?${q(s)}`,
      contract: flowListSchema,
    },
    {
      name: 'create',
      method: 'POST',
      path: '/v1/flows',
      bodyOf: (s) => flowBody(s),
      contract: flowSchema,
      save: saveId('flow'),
    },
    {
      name: 'refuse publishing an incomplete tour',
      method: 'POST',
      path: '/v1/flows',
      bodyOf: (s) => flowBody(s, { publish: true, steps: [] }),
    },
    { name: 'read', method: 'GET', path: (s) => `/v1/flows/${s.flow}`, contract: flowSchema },
    { name: 'refuse a malformed id', method: 'GET', path: '/v1/flows/first' },
    {
      name: 'update and publish',
      method: 'PUT',
      path: (s) => `/v1/flows/${s.flow}`,
      bodyOf: (s) => flowBody(s, { name: 'Welcome tour v2', publish: true }),
      contract: flowSchema,
    },
    {
      name: 'duplicate',
      method: 'POST',
      path: (s) => `/v1/flows/${s.flow}/duplicate`,
      contract: flowSchema,
      save: saveId('copy'),
    },
    {
      name: 'list',
      method: 'GET',
      path: (s) => `/v1/flows?${q(s)}&sort_by=name&sort_order=asc`,
      contract: flowListSchema,
    },
    {
      name: 'report (shape)',
      method: 'GET',
      path: (s) => `/v1/flows/${s.flow}/report?date_preset=past_7_day`,
      contract: flowReportSchema,
      compare: 'shape',
    },
    {
      name: 'refuse a reversed range',
      method: 'GET',
      path: (s) =>
        `/v1/flows/${s.flow}/report?date_preset=custom_range&from=2026-02-01&to=2026-01-01`,
    },
    { name: 'delete', method: 'DELETE', path: (s) => `/v1/flows/${s.copy}`, contract: okMessage },
    { name: 'refuse the deleted one', method: 'GET', path: (s) => `/v1/flows/${s.copy}` },
  ],
};

/** profiles.handlers.ts: customer profiles and the attribute definitions. */
const profiles: ParityTable = {
  file: 'profiles.handlers.ts',
  title: 'profiles and attribute definitions',
  steps: [
    {
      name: 'list profiles (empty)',
      method: 'GET',
      path: (s) => `/v1/customer-profiles?${q(s)}`,
      contract: profileListSchema,
    },
    {
      name: 'refuse an unknown profile',
      method: 'GET',
      path: (s) => `/v1/customer-profiles/999999?${q(s)}`,
    },
    {
      name: 'list metadata attributes (empty)',
      method: 'GET',
      path: (s) => `/v1/metadata-attributes?${q(s)}`,
      contract: z.array(metadataAttributeSchema),
    },
    {
      name: 'create a metadata attribute',
      method: 'POST',
      path: '/v1/metadata-attributes',
      bodyOf: (s) => ({
        brand_id: s.brand,
        custom_field_name: 'plan',
        name: 'Plan',
        data_type: 'string',
      }),
      contract: metadataAttributeSchema,
      save: saveId('meta'),
    },
    {
      name: 'refuse a taken metadata field name',
      method: 'POST',
      path: '/v1/metadata-attributes',
      bodyOf: (s) => ({
        brand_id: s.brand,
        custom_field_name: 'plan',
        name: 'Plan again',
        data_type: 'string',
      }),
    },
    {
      name: 'update a metadata attribute',
      method: 'PUT',
      path: (s) => `/v1/metadata-attributes/${s.meta}`,
      bodyOf: (s) => ({
        brand_id: s.brand,
        custom_field_name: 'tier',
        name: 'Tier',
        data_type: 'string',
      }),
      contract: metadataAttributeSchema,
    },
    {
      name: 'list data attributes',
      method: 'GET',
      path: (s) => `/v1/data-attributes?${q(s)}`,
      contract: z.array(dataAttributeSchema),
    },
    {
      name: 'create a data attribute',
      method: 'POST',
      path: '/v1/data-attributes',
      bodyOf: (s) => ({ brand_id: s.brand, field_name: 'age', name: 'Age', data_type: 'number' }),
      contract: dataAttributeSchema,
      save: saveId('data'),
    },
    {
      name: 'refuse an invalid field name',
      method: 'POST',
      path: '/v1/data-attributes',
      bodyOf: (s) => ({ brand_id: s.brand, field_name: '1st', name: 'First', data_type: 'number' }),
    },
    {
      name: 'update a data attribute',
      method: 'PUT',
      path: (s) => `/v1/data-attributes/${s.data}`,
      bodyOf: (s) => ({
        brand_id: s.brand,
        field_name: 'age',
        name: 'Age (years)',
        data_type: 'number',
      }),
      contract: dataAttributeSchema,
    },
    {
      name: 'attribute options',
      method: 'GET',
      path: (s) => `/v1/attributes/options?${q(s)}`,
      contract: z.array(attributeOptionGroupSchema),
    },
    {
      name: 'delete a metadata attribute',
      method: 'DELETE',
      path: (s) => `/v1/metadata-attributes/${s.meta}`,
      contract: okMessage,
    },
    {
      name: 'delete a data attribute',
      method: 'DELETE',
      path: (s) => `/v1/data-attributes/${s.data}`,
      contract: okMessage,
    },
    {
      name: 'refuse the deleted one',
      method: 'DELETE',
      path: (s) => `/v1/data-attributes/${s.data}`,
    },
  ],
};

/** billing.handlers.ts: cards, prices and payments (the local provider). */
const billing: ParityTable = {
  file: 'billing.handlers.ts',
  title: 'cards, prices and payments',
  steps: [
    {
      name: 'payments config',
      method: 'GET',
      path: '/v1/payments/config',
      contract: paymentsConfigSchema,
    },
    {
      name: 'list cards (empty)',
      method: 'GET',
      path: '/v1/users/me/payment-methods',
      contract: list(paymentMethodSchema),
    },
    {
      name: 'add a card',
      method: 'POST',
      path: '/v1/users/me/payment-methods',
      body: { card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2099, cvc: '123' } },
      contract: paymentMethodSchema,
      save: saveId('card'),
    },
    {
      name: 'refuse a card failing Luhn',
      method: 'POST',
      path: '/v1/users/me/payment-methods',
      body: { card: { number: '4242 4242 4242 4241', exp_month: 12, exp_year: 2099, cvc: '123' } },
    },
    {
      name: 'set the default card',
      method: 'PUT',
      path: (s) => `/v1/users/me/payment-methods/set-default/${s.card}`,
      contract: okMessage,
    },
    {
      name: 'list cards',
      method: 'GET',
      path: '/v1/users/me/payment-methods',
      contract: list(paymentMethodSchema),
    },
    {
      name: 'preview a checkout',
      method: 'POST',
      path: '/v1/payments/preview-checkout',
      bodyOf: (s) => ({ plan_id: s.plan, plan_price_id: s.price }),
      contract: pricePreviewSchema,
    },
    {
      name: 'refuse a setup intent without a customer',
      method: 'POST',
      path: '/v1/payments/setup-intent',
      body: {},
    },
    {
      name: 'payment customer',
      method: 'POST',
      path: '/v1/payments/customer',
      contract: z.object({ customer_id: z.string() }),
      save: (data: { customer_id: string }) => ({ customer: data.customer_id }),
    },
    {
      name: 'setup intent',
      method: 'POST',
      path: '/v1/payments/setup-intent',
      bodyOf: (s) => ({ customerId: s.customer }),
      contract: setupIntentSchema,
    },
    {
      name: 'payment history (empty)',
      method: 'GET',
      path: '/v1/users/me/payment-history',
      contract: list(paymentSchema),
    },
    { name: 'refuse an unknown payment', method: 'GET', path: '/v1/payments/999999' },
    {
      name: 'delete the card',
      method: 'DELETE',
      path: (s) => `/v1/users/me/payment-methods/${s.card}`,
      contract: okMessage,
    },
    {
      name: 'refuse the deleted card',
      method: 'DELETE',
      path: (s) => `/v1/users/me/payment-methods/${s.card}`,
    },
  ],
};

/** home.handlers.ts: where the account stands. */
const home: ParityTable = {
  file: 'home.handlers.ts',
  title: 'where the account stands',
  steps: [
    {
      name: 'home of the product',
      method: 'GET',
      path: (s) => `/v1/home?${q(s)}`,
      contract: homeSchema,
      madeUp: ['views_this_week'],
    },
    { name: 'home without a product', method: 'GET', path: '/v1/home', contract: homeSchema },
    { name: 'refuse another product', method: 'GET', path: '/v1/home?brand_id=999999' },
  ],
};

/** Last (handlers.ts again): deleting the product frees the plan's one slot. */
const productLifecycle: ParityTable = {
  file: 'handlers.ts',
  title: 'deleting and creating a product',
  steps: [
    {
      name: 'delete the product',
      method: 'DELETE',
      path: (s) => `/v1/brands/${s.brand}`,
      contract: z.object({ id: z.number() }),
    },
    { name: 'refuse the deleted product', method: 'GET', path: (s) => `/v1/brands/${s.brand}` },
    {
      name: 'create a product',
      method: 'POST',
      path: '/v1/brands',
      body: { name: 'Fresh', domain: 'fresh.example.com' },
      contract: brandSchema,
    },
  ],
};

/**
 * reports.handlers.ts and its canned answers (reports-answers.ts): the answers' numbers are made
 * up, so they are compared by shape with the real store's answer to the same query.
 */
const reportQuery = (s: Saved) => ({
  brand_id: Number(s.brand),
  type: 'trend' as const,
  series: [{ event: 'page_view', measure: 'total' as const }],
  granularity: 'day' as const,
  date_preset: 'past_7_day' as const,
});
const reports: ParityTable = {
  file: 'reports.handlers.ts',
  title: 'saved reports and canned answers',
  realEvents: [
    { event: 'page_view', customer: 'c1', daysAgo: 2, properties: { country: 'FR' } },
    { event: 'signed_up', customer: 'c1', daysAgo: 1 },
    { event: 'page_view', customer: 'c1', daysAgo: 0, properties: { country: 'FR' } },
    { event: 'page_view', customer: 'c2', daysAgo: 1, properties: { country: 'DE' } },
  ],
  steps: [
    {
      name: 'list (empty)',
      method: 'GET',
      path: (s) => `/v1/reports?${q(s)}`,
      contract: listOf(savedReportSchema),
    },
    {
      name: 'create',
      method: 'POST',
      path: '/v1/reports',
      bodyOf: (s) => ({ brand_id: s.brand, name: 'Page views', query: reportQuery(s) }),
      contract: savedReportSchema,
      save: saveId('report'),
    },
    {
      name: 'refuse a query about another product',
      method: 'POST',
      path: '/v1/reports',
      bodyOf: (s) => ({
        brand_id: s.brand,
        name: 'Elsewhere',
        query: { ...reportQuery(s), brand_id: 999999 },
      }),
    },
    {
      name: 'read',
      method: 'GET',
      path: (s) => `/v1/reports/${s.report}`,
      contract: savedReportSchema,
    },
    {
      name: 'update',
      method: 'PUT',
      path: (s) => `/v1/reports/${s.report}`,
      bodyOf: (s) => ({
        brand_id: s.brand,
        name: 'Page views, pinned',
        query: { ...reportQuery(s), granularity: 'week' },
        chart: { kind: 'bar', stacked: true },
        pinned: true,
      }),
      contract: savedReportSchema,
    },
    {
      name: 'list pinned',
      method: 'GET',
      path: (s) => `/v1/reports?${q(s)}&pinned=true`,
      contract: listOf(savedReportSchema),
    },
    {
      name: 'trend answer (shape)',
      method: 'POST',
      path: '/v1/reports/query',
      bodyOf: (s) => ({ ...reportQuery(s), compare: true }),
      contract: trendAnswerSchema,
      compare: 'shape',
    },
    {
      name: 'trend answer with a breakdown (shape)',
      method: 'POST',
      path: '/v1/reports/query',
      bodyOf: (s) => ({ ...reportQuery(s), breakdown: { property: 'country', source: 'event' } }),
      contract: trendAnswerSchema,
      compare: 'shape',
    },
    {
      name: 'funnel answer (shape)',
      method: 'POST',
      path: '/v1/reports/query',
      bodyOf: (s) => ({
        brand_id: s.brand,
        type: 'funnel',
        steps: [{ event: 'page_view' }, { event: 'signed_up' }],
        window: { value: 7, unit: 'days' },
        date_preset: 'past_30_day',
      }),
      contract: funnelAnswerSchema,
      compare: 'shape',
    },
    {
      name: 'retention answer (shape)',
      method: 'POST',
      path: '/v1/reports/query',
      bodyOf: (s) => ({
        brand_id: s.brand,
        type: 'retention',
        start_event: 'signed_up',
        return_event: 'page_view',
        period: 'week',
        intervals: 4,
        date_preset: 'past_30_day',
      }),
      contract: retentionAnswerSchema,
      compare: 'shape',
    },
    {
      name: 'refuse a reversed custom range',
      method: 'POST',
      path: '/v1/reports/query',
      bodyOf: (s) => ({
        ...reportQuery(s),
        date_preset: 'custom_range',
        from: '2026-02-01',
        to: '2026-01-01',
      }),
    },
    {
      name: 'delete',
      method: 'DELETE',
      path: (s) => `/v1/reports/${s.report}`,
      contract: okMessage,
    },
    { name: 'refuse the deleted one', method: 'GET', path: (s) => `/v1/reports/${s.report}` },
  ],
};

/** short-urls.handlers.ts: short links and their click report. */
const shortUrls: ParityTable = {
  file: 'short-urls.handlers.ts',
  title: 'short links and their click report',
  steps: [
    {
      name: 'list (empty)',
      method: 'GET',
      path: (s) => `/v1/short-urls?${q(s)}`,
      contract: listOf(shortUrlSchema),
    },
    {
      name: 'create',
      method: 'POST',
      path: '/v1/short-urls',
      bodyOf: (s) => ({
        brand_id: s.brand,
        url: 'https://shop.example.com/sale',
        slug: 'sale',
        utm: { source: 'newsletter', campaign: 'spring' },
      }),
      contract: shortUrlSchema,
      save: saveId('link'),
    },
    {
      name: 'refuse a taken slug',
      method: 'POST',
      path: '/v1/short-urls',
      bodyOf: (s) => ({ brand_id: s.brand, url: 'https://shop.example.com/', slug: 'sale' }),
    },
    {
      name: 'refuse a reserved slug',
      method: 'POST',
      path: '/v1/short-urls',
      bodyOf: (s) => ({ brand_id: s.brand, url: 'https://shop.example.com/', slug: 'api' }),
    },
    {
      name: 'read',
      method: 'GET',
      path: (s) => `/v1/short-urls/${s.link}`,
      contract: shortUrlSchema,
    },
    {
      name: 'update',
      method: 'PUT',
      path: (s) => `/v1/short-urls/${s.link}`,
      bodyOf: (s) => ({
        brand_id: s.brand,
        url: 'https://shop.example.com/sale?x=1',
        slug: 'sale-2',
        disabled: true,
      }),
      contract: shortUrlSchema,
    },
    {
      name: 'list',
      method: 'GET',
      path: (s) => `/v1/short-urls?${q(s)}&search=sale`,
      contract: listOf(shortUrlSchema),
    },
    {
      name: 'click report (shape)',
      method: 'GET',
      path: (s) => `/v1/short-urls/${s.link}/report?date_preset=past_7_day`,
      contract: shortUrlReportSchema,
      compare: 'shape',
    },
    {
      name: 'delete',
      method: 'DELETE',
      path: (s) => `/v1/short-urls/${s.link}`,
      contract: okMessage,
    },
    { name: 'refuse the deleted one', method: 'GET', path: (s) => `/v1/short-urls/${s.link}` },
  ],
};

export const PARITY_TABLES: ParityTable[] = [
  account,
  events,
  flows,
  profiles,
  billing,
  home,
  reports,
  shortUrls,
  productLifecycle,
];

export { apiErrorBody };
