import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';
import type { accountWithBrand } from './api';
import { aButton, aFlow, aFlowCondition, aStep, aUrlTrigger } from '../tests/fixtures/flows';

/**
 * The objects behind the dashboard's :id routes, made through the API for e2e/mobile.spec.ts:
 * one of each, with enough data around them that lists, the dashboard and details have rows,
 * cards and long values to lay out.
 */

export type Account = Awaited<ReturnType<typeof accountWithBrand>>;
export type Ids = Record<'report' | 'event' | 'profile' | 'flow' | 'link' | 'segment', number>;

export async function post(request: APIRequestContext, acct: Account, url: string, data: object) {
  const res = await request.post(url, {
    headers: { authorization: `Bearer ${acct.token}` },
    data,
  });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data;
}

/** A published two-step tour, through the API as the editor saves one. */
export function tourBody(brandId: number, name: string) {
  const step = (id: string) =>
    aStep({
      id,
      content: `<p>${id}</p>`,
      buttons: [aButton({ id: `${id}-next`, label: 'Next', background_color: '#111111' })],
    });
  return aFlow({
    brand_id: brandId,
    name,
    publish: true,
    condition: aFlowCondition(aUrlTrigger({ value: '/pricing' })),
    steps: [step('welcome'), step('pricing')],
  });
}

/**
 * The objects the :id routes show, made through the API, with enough data around them that the
 * lists, the dashboard and the details have rows, cards and long values to lay out.
 */
export async function seed(request: APIRequestContext, acct: Account): Promise<Ids> {
  const event = await post(request, acct, '/v1/events', {
    brand_id: acct.brandId,
    name: 'Completed checkout with a rather long event name',
    code: 'completed_checkout_with_a_long_code',
    attributes: [],
  });
  const now = Date.now();
  const batch = [0, 1, 2, 3].flatMap((i) => [
    {
      type: 'identify',
      userId: `customer-with-a-long-identifier-${i}@example.com`,
      traits: { email: `customer-${i}@example.com`, name: `Customer number ${i}`, plan: 'growth' },
      timestamp: new Date(now - i * 3_600_000).toISOString(),
    },
    {
      type: 'track',
      event: 'completed_checkout_with_a_long_code',
      userId: `customer-with-a-long-identifier-${i}@example.com`,
      properties: { country: 'FR', total: 42 + i, coupon: 'SPRING-SALE-2026-EXTRA-LONG' },
      timestamp: new Date(now - i * 3_600_000).toISOString(),
    },
  ]);
  const sent = await request.post('/v1/batch', {
    headers: { authorization: `Basic ${Buffer.from(`${acct.writeKey}:`).toString('base64')}` },
    data: { batch, sentAt: new Date().toISOString() },
  });
  expect(sent.status()).toBe(200);

  const code = 'completed_checkout_with_a_long_code';
  const report = await post(request, acct, '/v1/reports', {
    brand_id: acct.brandId,
    name: 'Weekly checkouts by country',
    pinned: true,
    query: {
      brand_id: acct.brandId,
      type: 'trend',
      series: [{ event: code, measure: 'total' }],
      granularity: 'day',
      date_preset: 'past_30_day',
    },
    chart: { kind: 'bar' },
  });
  // A funnel and a wide retention table pinned beside it: the dashboard's widest cards.
  await post(request, acct, '/v1/reports', {
    brand_id: acct.brandId,
    name: 'Checkout funnel',
    pinned: true,
    query: {
      brand_id: acct.brandId,
      type: 'funnel',
      steps: [{ event: code }, { event: code }],
      window: { value: 1, unit: 'day' },
      date_preset: 'past_30_day',
    },
  });
  await post(request, acct, '/v1/reports', {
    brand_id: acct.brandId,
    name: 'Returning buyers by week',
    pinned: true,
    query: {
      brand_id: acct.brandId,
      type: 'retention',
      start_event: code,
      return_event: code,
      period: 'day',
      intervals: 12,
      date_preset: 'past_30_day',
    },
  });
  const flow = await post(request, acct, '/v1/flows', tourBody(acct.brandId, 'Welcome tour'));
  const link = await post(request, acct, '/v1/short-urls', {
    brand_id: acct.brandId,
    url: 'https://shop.example.com/collections/spring-sale/a-rather-long-path?ref=newsletter-2026',
    utm: { source: 'newsletter', medium: 'email', campaign: 'spring-sale-2026' },
  });

  // Profiles are written by the ingest pipeline: wait for the identified customers.
  let profile: number | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/v1/customer-profiles?brand_id=${acct.brandId}&limit=1`, {
        headers: { authorization: `Bearer ${acct.token}` },
      });
      profile = ((await res.json()) as { data: { data: { id: number }[] } }).data.data[0]?.id;
      return profile;
    })
    .toBeDefined();

  // A segment of buyers with a long name: the details and the editor of a real segment.
  const segment = await post(request, acct, '/v1/segments', {
    brand_id: acct.brandId,
    name: 'Customers who completed a checkout with a long code in the last 30 days',
    definition: {
      operator: 'AND',
      conditions: [
        {
          type: 'event',
          event_code: code,
          frequency: { condition_type: 'at_least', value: 1 },
          timeframe: { condition_type: 'in_the_last', value: 30, unit: 'days' },
          attribute_conditions: [],
          attribute_condition_operator: 'AND',
        },
      ],
    },
  });

  return {
    report: report.id,
    event: event.id,
    profile: profile!,
    flow: flow.id,
    link: link.id,
    segment: segment.id,
  };
}

/** The address of a route-table pattern, its :id filled with the object of its area. */
export function pathOf(pattern: string, ids: Ids): string {
  if (!pattern.includes('[')) return pattern;
  const area = pattern.split('/')[1];
  const id = {
    reports: ids.report,
    events: ids.event,
    'customer-profiles': ids.profile,
    flows: ids.flow,
    'shorten-urls': ids.link,
    segments: ids.segment,
  }[area];
  if (id === undefined)
    throw new Error(`mobile.spec.ts: no object for ${pattern}; add one to seed`);
  return pattern.replace('[id]', String(id));
}
