import { expect } from 'vitest';
import { ingest, type TestAccount } from './helpers';

/**
 * The customer and the report shapes of tests/server/erasure-reports.test.ts: a seed whose first
 * customer (u1) shows in every shape, and one read of every shape.
 */
const DAY = 86_400_000;
// Three days ago at 10:00 UTC: inside any retention window, away from midnight.
export const T0 = Math.floor(Date.now() / DAY) * DAY - 3 * DAY + 10 * 3_600_000;
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
export const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const WINDOW = { date_preset: 'custom_range', from: day(T0 - DAY), to: day(T0 + DAY) };
const EVER = { from: new Date(0), to: new Date('2100-01-01T00:00:00Z') };
export const PERSONAL = /"u1"|"a1"|u1@example|Ursula|203\.0\.113/;

type Account = TestAccount & { app: Parameters<typeof ingest>[0] };

/**
 * u1 browses anonymously as a1, signs up, orders twice, clicks a short link (anonymously, as a1)
 * and orders again the next day; u2 orders once and clicks the link.
 */
export async function seed(a: Account) {
  const link = await a.call('POST', '/v1/short-urls', {
    brand_id: a.brandId,
    url: 'https://shop.example.com/sale',
  });
  expect(link.statusCode, link.body).toBe(201);
  const { id: linkId, slug } = link.json().data as { id: number; slug: string };
  const click = { link_id: linkId, slug, bot: false, unique: true };
  const order = (userId: string, m: number, total: number, extra = {}) => ({
    type: 'track',
    event: 'Order Placed',
    userId,
    messageId: `o${m}`,
    timestamp: at(m),
    properties: { total, ...extra },
  });
  const batch = [
    { type: 'page', anonymousId: 'a1', messageId: 'p1', timestamp: at(0), properties: {} },
    {
      type: 'identify',
      userId: 'u1',
      anonymousId: 'a1',
      messageId: 'i1',
      timestamp: at(1),
      traits: { email: 'u1@example.com', name: 'Ursula One', plan: 'pro' },
      context: { ip: '203.0.113.7' },
    },
    order('u1', 2, 20, { email: 'u1@example.com' }),
    order('u1', 3, 30, { email: 'u1@example.com' }),
    {
      type: 'track',
      event: 'link_clicked',
      anonymousId: 'a1',
      messageId: 'c1',
      timestamp: at(6),
      properties: click,
    },
    order('u1', 24 * 60 + 5, 40, { email: 'u1@example.com' }),
    {
      type: 'identify',
      userId: 'u2',
      messageId: 'i2',
      timestamp: at(4),
      traits: { email: 'u2@example.com' },
    },
    order('u2', 5, 7),
    {
      type: 'track',
      event: 'link_clicked',
      userId: 'u2',
      messageId: 'c2',
      timestamp: at(7),
      properties: click,
    },
  ];
  const res = await ingest(a.app, a.writeKey, '/v1/batch', { batch });
  expect(res.json().accepted, res.body).toBe(batch.length);
  return linkId;
}

/** Every report shape of the product, as the dashboard (or the store, for the bare shapes) reads it. */
export async function reports(a: Account, linkId: number, hash?: string) {
  const store = a.app.ctx.analytics;
  const query = async (body: Record<string, unknown>) => {
    const res = await a.call('POST', '/v1/reports/query', {
      brand_id: a.brandId,
      ...body,
      ...WINDOW,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const trend = async (measure: string, breakdown?: string) =>
    (
      await query({
        type: 'trend',
        series: [{ event: 'Order Placed', measure }],
        granularity: 'day',
        ...(breakdown ? { breakdown: { property: breakdown } } : {}),
      })
    ).series.map((s: { breakdown_value?: string; total: number }) => [
      s.breakdown_value ?? null,
      s.total,
    ]);
  const funnel = {
    steps: [{ event: '$identify' }, { event: 'Order Placed' }],
    window: { value: 1, unit: 'day' },
  };
  const behind = await a.call('POST', '/v1/reports/funnel-customers', {
    brand_id: a.brandId,
    type: 'funnel',
    ...funnel,
    ...WINDOW,
    step: 1,
    outcome: 'converted',
  });
  expect(behind.statusCode, behind.body).toBe(200);
  const segment = await a.call('POST', '/v1/segments/preview', {
    brand_id: a.brandId,
    definition: {
      operator: 'AND',
      conditions: [
        {
          type: 'event',
          event_id: null,
          event_code: 'Order Placed',
          frequency: { condition_type: 'at_least', value: 1 },
          timeframe: { condition_type: 'anytime' },
          attribute_conditions: [],
          attribute_condition_operator: 'AND',
        },
      ],
    },
    exact: true,
  });
  expect(segment.statusCode, segment.body).toBe(200);
  const tail = await a.call(
    'GET',
    `/v1/tracking-session-data/tail?brand_id=${a.brandId}&limit=200`,
  );
  const link = await a.call(
    'GET',
    `/v1/short-urls/${linkId}/report?date_preset=custom_range&from=${WINDOW.from}&to=${WINDOW.to}`,
  );
  expect(link.statusCode, link.body).toBe(200);
  const exported = (await a.call('GET', `/v1/export/events?brand_id=${a.brandId}`)).body
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  const ids = ['u1', 'a1'];
  return {
    trendTotal: await trend('total'),
    trendUnique: await trend('unique'),
    trendByEmail: await trend('total', 'email'),
    topEmails: await store.query({
      kind: 'reportTopValues',
      brandId: a.brandId,
      event: 'Order Placed',
      measure: 'total',
      property: null,
      filters: [],
      breakdown: 'email',
      ...EVER,
      limit: 10,
    }),
    funnel: (await query({ type: 'funnel', ...funnel })).steps.map(
      (s: { count: number }) => s.count,
    ),
    funnelCustomers: behind
      .json()
      .data.customers.map((c: { customer_key: string }) => c.customer_key),
    retention: (
      await query({
        type: 'retention',
        start_event: 'Order Placed',
        return_event: 'Order Placed',
        period: 'day',
        intervals: 2,
      })
    ).cohorts.filter((c: { size: number }) => c.size > 0),
    segmentCount: segment.json().data.count as number,
    segmentEvents: await store.query({
      kind: 'segmentEventCounts',
      brandId: a.brandId,
      customerKeys: ['u1', 'u2', ...(hash ? [hash] : [])],
      conditions: [
        { event: 'Order Placed', from: null, to: null, properties: [], operator: 'AND' },
      ],
    }),
    tail: tail.json().data.data as Record<string, unknown>[],
    timeline: await store.query({
      kind: 'timeline',
      brandId: a.brandId,
      userId: 'u1',
      anonymousIds: ['a1'],
      limit: 100,
    }),
    linkClicks: link.json().data.totals.clicks as number,
    exportedOfId: exported.filter(
      (r) => ids.includes(String(r.user_id)) || ids.includes(String(r.anonymous_id)),
    ),
    exported,
  };
}

/** Erases u1 of the account and runs the job. */
export async function erase(a: Account, body: Record<string, unknown>) {
  const list = await a.call('GET', `/v1/customer-profiles?brand_id=${a.brandId}&search=u1`);
  const id = list
    .json()
    .data.data.find((p: { customer_key: string }) => p.customer_key === 'u1').id;
  const res = await a.call('POST', `/v1/customer-profiles/${id}/erase`, body);
  expect(res.statusCode, res.body).toBe(202);
  await a.app.ctx.jobs.drain();
  return res.json().data as { id: number; customer_hash: string };
}
