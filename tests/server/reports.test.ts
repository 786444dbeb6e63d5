import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { TrendAnswer } from '@/lib/contracts/reports';
import { trackEvent } from '@/server/analytics/test-events';
import { QueryTimeoutError, type EventRow } from '@/server/analytics/types';
import { type ApiRequest, createAccount, ENGINE, ingest, setupTestAccount } from './helpers';

/** POST /v1/reports/query (docs/reports.md): wiring, days and zones, validation, tenancy, CSV. */

// "Now" is Wednesday 10 January 2024, 03:00 UTC: still the 9th in New York (UTC-5).
const NOW = new Date('2024-01-10T03:00:00.000Z');

function event(id: string, iso: string, customer: string, properties = {}, brand = 0): EventRow {
  return trackEvent(brand || t.brandId, id, 'Order', iso, { userId: customer, properties });
}

const t = setupTestAccount({ now: () => NOW });
const { call } = t;
let stranger: ApiRequest;
let strangersBrand: number;

beforeAll(async () => {
  ({ call: stranger, brandId: strangersBrand } = await createAccount(t.app, { brand: 'Theirs' }));
  await t.app.ctx.analytics.insert([
    // New York: 3 Jan 19:00, 4 Jan 23:59:59.999, 5 Jan 00:00, 9 Jan 21:00
    event('o1', '2024-01-04T00:00:00.000Z', 'u1', { plan: 'pro', total: 10 }),
    event('o2', '2024-01-05T04:59:59.999Z', 'u1', { plan: 'free', total: 5 }),
    event('o3', '2024-01-05T05:00:00.000Z', 'u2', { plan: 'pro', total: 1 }),
    event('o4', '2024-01-10T02:00:00.000Z', 'u3', { plan: '=cmd()', total: 2 }),
    // 28 December: only in the period before the past 7 days (in UTC and in New York).
    event('p1', '2023-12-28T12:00:00.000Z', 'u1', { plan: 'pro', total: 3 }),
    // A plan seen only in the period before: "Other" there, nothing of it in the past 7 days.
    event('p2', '2023-12-30T12:00:00.000Z', 'u4', { plan: 'legacy', total: 7 }),
    event('x1', '2024-01-04T12:00:00.000Z', 'u9', { plan: 'pro' }, strangersBrand),
  ]);
});

const trend = (body: Record<string, unknown> = {}, who = call, query = '') =>
  who('POST', `/v1/reports/query${query}`, {
    brand_id: t.brandId,
    type: 'trend',
    series: [{ event: 'Order', measure: 'total' }],
    granularity: 'day',
    date_preset: 'past_7_day',
    ...body,
  });

/** Each body is answered 400 with a message matching its pattern. */
async function expectRefused(
  cases: [Record<string, unknown>, RegExp][],
  send: (body: Record<string, unknown>) => Promise<{ statusCode: number; body: string }>,
) {
  for (const [body, message] of cases) {
    const res = await send(body);
    expect(res.statusCode, JSON.stringify(body)).toBe(400);
    expect(res.body, JSON.stringify(body)).toMatch(message);
  }
}

const points = (answer: TrendAnswer, i = 0) =>
  Object.fromEntries(answer.series[i]!.points.map((p) => [p.bucket, p.value]));

describe(`reports API (${ENGINE})`, () => {
  it("answers every day of the past 7 on the product's clock, empty days included", async () => {
    const utc = await trend();
    expect(utc.statusCode, utc.body).toBe(200);
    const a = utc.json().data as TrendAnswer;
    expect(a.range).toEqual({
      from: '2024-01-04',
      to: '2024-01-10',
      time_zone: 'UTC',
      preset: 'past_7_day',
    });
    expect(points(a)).toEqual({
      '2024-01-04': 1,
      '2024-01-05': 2,
      '2024-01-06': 0,
      '2024-01-07': 0,
      '2024-01-08': 0,
      '2024-01-09': 0,
      '2024-01-10': 1,
    });
    expect(a.series[0]).toMatchObject({ label: 'Order', event: 'Order', total: 4 });

    const put = await call('PUT', `/v1/brands/${t.brandId}`, {
      name: 'Shop',
      domain: 'shop.example.com',
      time_zone: 'America/New_York',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.time_zone).toBe('America/New_York');
    const ny = (await trend()).json().data as TrendAnswer;
    expect(ny.range).toMatchObject({ from: '2024-01-03', to: '2024-01-09' });
    expect(points(ny)).toEqual({
      '2024-01-03': 1,
      '2024-01-04': 1,
      '2024-01-05': 1,
      '2024-01-06': 0,
      '2024-01-07': 0,
      '2024-01-08': 0,
      '2024-01-09': 1,
    });
  });

  it('compares with the period before, breaks down, filters and measures', async () => {
    const res = await trend({
      series: [
        { event: 'Order', measure: 'unique' },
        {
          event: 'Order',
          measure: 'sum',
          property: 'total',
          filters: [{ property: 'plan', type: 'string', operator: 'exact', value: 'PRO' }],
        },
      ],
      granularity: 'week',
      compare: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json().data as TrendAnswer;
    // New York weeks of Monday 1 and Monday 8 January; the week before: Monday 25 December.
    expect(a.series.map((s) => [s.label, s.total, points(a, a.series.indexOf(s))])).toEqual([
      ['Order · unique customers', 3, { '2024-01-01': 2, '2024-01-08': 1 }],
      ['Order · sum of total', 11, { '2024-01-01': 11, '2024-01-08': 0 }],
    ]);
    expect(a.previous!.map((s) => s.total)).toEqual([2, 3]);

    const split = (await trend({ breakdown: { property: 'plan' }, compare: true })).json()
      .data as TrendAnswer;
    expect(split.series.map((s) => [s.breakdown_value, s.label, s.total])).toEqual([
      ['pro', 'Order · pro', 2],
      ['=cmd()', 'Order · =cmd()', 1],
      ['free', 'Order · free', 1],
    ]);
    // The period before is split by the same values, line for line: its "Other" (legacy) has
    // no line in the past 7 days, so it is left out rather than shifting the lines after it.
    expect(split.previous!.map((s) => [s.breakdown_value, s.total])).toEqual([
      ['pro', 1],
      ['=cmd()', 0],
      ['free', 0],
    ]);
    const two = (
      await trend({
        series: [
          { event: 'Order', measure: 'total' },
          { event: 'Order', measure: 'unique' },
        ],
        breakdown: { property: 'plan' },
        compare: true,
      })
    ).json().data as TrendAnswer;
    expect(two.previous!.map((s) => [s.measure, s.breakdown_value])).toEqual(
      two.series.map((s) => [s.measure, s.breakdown_value]),
    );
    expect(two.previous!.map((s) => s.points.length)).toEqual(two.series.map(() => 7));
    // By the customers' "plan" attribute instead: nobody was identified with one.
    const byCustomer = (await trend({ breakdown: { property: 'plan', source: 'profile' } })).json()
      .data as TrendAnswer;
    expect(byCustomer.series.map((s) => [s.breakdown_value, s.total])).toEqual([['', 4]]);
    const none = await trend({
      series: [{ event: 'Never Sent', measure: 'total' }],
      breakdown: { property: 'plan' },
    });
    expect((none.json().data as TrendAnswer).series).toEqual([]);
  });

  it('answers a funnel with conversions and the median time, and as CSV', async () => {
    const signup = (id: string, iso: string, customer: string) =>
      trackEvent(t.brandId, id, 'Signup', iso, { userId: customer });
    await t.app.ctx.analytics.insert([
      signup('s1', '2024-01-03T23:00:00.000Z', 'u1'), // orders 1 h later (o1)
      signup('s2', '2024-01-05T06:00:00.000Z', 'u2'), // its order (o3) came before
      signup('s3', '2024-01-06T00:00:00.000Z', 'u4'), // never orders
    ]);
    const body = {
      brand_id: t.brandId,
      type: 'funnel',
      steps: [{ event: 'Signup' }, { event: 'Order' }],
      window: { value: 1, unit: 'day' },
      date_preset: 'custom_range',
      from: '2024-01-01',
      to: '2024-01-09',
    };
    const res = await call('POST', '/v1/reports/query', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.steps).toEqual([
      {
        event: 'Signup',
        count: 3,
        conversion_from_start: 1,
        conversion_from_previous: 1,
        median_time_to_convert_ms: null,
      },
      {
        event: 'Order',
        count: 1,
        conversion_from_start: 1 / 3,
        conversion_from_previous: 1 / 3,
        median_time_to_convert_ms: 3_600_000,
      },
    ]);
    // Who is behind a step, linked to a profile where one exists (u4 has one through ingestion).
    const tracked = await ingest(t.app, t.writeKey, '/v1/track', { userId: 'u4', event: 'Visit' });
    expect(tracked.statusCode, tracked.body).toBe(200);
    const behind = (step: number, outcome: string) =>
      call('POST', '/v1/reports/funnel-customers', { ...body, step, outcome });
    expect((await behind(1, 'converted')).json().data.customers).toEqual([
      { customer_key: 'u1', profile_id: null },
    ]);
    const dropped = (await behind(1, 'dropped')).json().data.customers;
    expect(dropped.map((c: { customer_key: string }) => c.customer_key)).toEqual(['u2', 'u4']);
    expect(dropped[1].profile_id).toEqual(expect.any(Number));
    const profile = await call('GET', `/v1/customer-profiles/${dropped[1].profile_id}`);
    expect(profile.json().data.customer_key).toBe('u4');
    await expectRefused(
      [
        [{ ...body, step: 0, outcome: 'dropped' }, /Nobody drops at the first step/],
        [{ ...body, step: 2, outcome: 'converted' }, /one of the funnel steps/],
        [{ ...body, step: 1, outcome: 'left' }, /converted or dropped/],
      ],
      (b) => call('POST', '/v1/reports/funnel-customers', b),
    );
    expect(
      (
        await stranger('POST', '/v1/reports/funnel-customers', {
          ...body,
          step: 1,
          outcome: 'converted',
        })
      ).statusCode,
    ).toBe(404);

    const csv = await call('POST', '/v1/reports/query?format=csv', body);
    expect(csv.body.trim().split('\r\n')).toEqual([
      'step,event,count,conversion_from_start,conversion_from_previous,median_time_to_convert_ms',
      '1,Signup,3,1,1,',
      `2,Order,1,${1 / 3},${1 / 3},3600000`,
    ]);

    const bad: [Record<string, unknown>, RegExp][] = [
      [{ steps: [{ event: 'Signup' }] }, /at least 2 steps/],
      [{ window: { value: 100, unit: 'day' } }, /at most 90 days/],
      [{ window: { value: 1, unit: 'year' } }, /window unit must be/],
      [{ window: { value: 0, unit: 'day' } }, /at least 1/],
    ];
    await expectRefused(bad, (change) => call('POST', '/v1/reports/query', { ...body, ...change }));
  });

  it('answers a retention grid up to today, and as CSV', async () => {
    const ev = (id: string, event: string, iso: string, customer: string) =>
      trackEvent(t.brandId, id, event, iso, { userId: customer });
    await t.app.ctx.analytics.insert([
      ev('j1', 'Joined', '2024-01-02T15:00:00.000Z', 'u1'),
      ev('j1r1', 'Came back', '2024-01-03T15:00:00.000Z', 'u1'),
      ev('j1r2', 'Came back', '2024-01-08T15:00:00.000Z', 'u1'),
      ev('j2', 'Joined', '2024-01-08T15:00:00.000Z', 'u2'),
      ev('j2r', 'Came back', '2024-01-09T15:00:00.000Z', 'u2'),
      ev('j3', 'Joined', '2024-01-03T15:00:00.000Z', 'u3'),
    ]);
    const body = {
      brand_id: t.brandId,
      type: 'retention',
      start_event: 'Joined',
      return_event: 'Came back',
      period: 'week',
      intervals: 3,
      date_preset: 'custom_range',
      from: '2024-01-01',
      to: '2024-01-09',
    };
    const res = await call('POST', '/v1/reports/query', body);
    expect(res.statusCode, res.body).toBe(200);
    // Today is Tuesday 9 January in New York: the first cohort has two periods so far.
    expect(res.json().data.cohorts).toEqual([
      { cohort: '2024-01-01', size: 2, returned: [1, 1] },
      { cohort: '2024-01-08', size: 1, returned: [1] },
    ]);
    const csv = await call('POST', '/v1/reports/query?format=csv', body);
    expect(csv.body.trim().split('\r\n')).toEqual([
      'cohort,size,period,returned',
      '2024-01-01,2,0,1',
      '2024-01-01,2,1,1',
      '2024-01-08,1,0,1',
    ]);
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ intervals: 0 }, /at least 1/],
      [{ intervals: 31 }, /at most 30/],
      [{ period: 'year' }, /Period must be/],
      [{ return_event: '' }, /Event is required/],
    ];
    await expectRefused(bad, (change) => call('POST', '/v1/reports/query', { ...body, ...change }));
  });

  it('exports CSV, defusing cells a spreadsheet would run', async () => {
    const res = await trend({ breakdown: { property: 'plan' } }, call, '?format=csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('period,series,event,measure,breakdown,bucket,value');
    expect(lines).toContain('current,Order · pro,Order,total,pro,2024-01-05,1');
    expect(lines).toContain("current,Order · =cmd(),Order,total,'=cmd(),2024-01-09,1");
    expect(lines).toHaveLength(1 + 3 * 7);
  });

  it('refuses bad queries with a message a person can act on', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ series: [] }, /at least one series/],
      [{ series: [{ event: 'Order', measure: 'sum' }] }, /numeric property/],
      [{ series: [{ event: '', measure: 'total' }] }, /Event is required/],
      [{ series: [{ event: 'Order', measure: 'median' }] }, /Measure must be/],
      [
        {
          series: [
            {
              event: 'Order',
              measure: 'total',
              filters: [{ property: 'plan', type: 'string', operator: '>', value: 'a' }],
            },
          ],
        },
        /operator must be one of/,
      ],
      [
        {
          series: [
            {
              event: 'Order',
              measure: 'total',
              filters: [{ property: 'total', type: 'number', operator: '>', value: 'many' }],
            },
          ],
        },
        /must be a number/,
      ],
      [{ breakdown: { property: 'a"b' } }, /quotes or backslashes/],
      [{ granularity: 'hour' }, /Granularity must be/],
      [{ date_preset: 'custom_range', from: '2024-02-31', to: '2024-03-01' }, /From date/],
      [{ date_preset: 'custom_range', from: '2024-03-02', to: '2024-03-01' }, /not be after/],
      [{ date_preset: 'custom_range', from: '0099-01-01', to: '0099-01-02' }, /From date/],
      [{ date_preset: 'custom_range', from: '2024-01-01', to: '9999-12-31' }, /To date/],
      [{ date_preset: 'custom_range', from: '2000-01-01', to: '2024-03-01' }, /more than 1000/],
      [{ type: 'cohorts' }, /Report type/],
    ];
    await expectRefused(cases, (body) => trend(body));
    const tz = await call('PUT', `/v1/brands/${t.brandId}`, {
      name: 'Shop',
      domain: 'shop.example.com',
      time_zone: 'Mars/Olympus',
    });
    expect(tz.statusCode).toBe(400);
    expect(tz.body).toMatch(/zone name such as UTC/);
    // Stored in the one spelling every engine takes.
    const spelled = await call('PUT', `/v1/brands/${t.brandId}`, {
      name: 'Shop',
      domain: 'shop.example.com',
      time_zone: 'america/new_york',
    });
    expect(spelled.json().data.time_zone).toBe('America/New_York');
  });

  it("answers 404 for another owner's product, and never counts its events", async () => {
    const theirs = await trend({ brand_id: strangersBrand });
    expect(theirs.statusCode).toBe(404);
    const own = await trend({ brand_id: strangersBrand }, stranger);
    expect(own.statusCode).toBe(200);
    expect((own.json().data as TrendAnswer).series[0]!.total).toBe(1);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/v1/reports/query',
      payload: { brand_id: t.brandId, type: 'trend' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers a query past its time limit with 504 and Retry-After', async () => {
    const spy = vi
      .spyOn(t.app.ctx.analytics, 'query')
      .mockRejectedValueOnce(new QueryTimeoutError(15_000));
    const res = await trend();
    spy.mockRestore();
    expect(res.statusCode).toBe(504);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.json()).toMatchObject({ code: 'query_timeout' });
  });
});

describe(`saved reports (${ENGINE})`, () => {
  const body = (name: string, brand = t.brandId) => ({
    brand_id: brand,
    name,
    query: {
      brand_id: brand,
      type: 'trend',
      series: [{ event: 'Order', measure: 'unique' }],
      granularity: 'week',
      date_preset: 'past_30_day',
    },
    chart: { kind: 'bar' },
  });

  it('saves, lists across products, finds, updates and deletes a report', async () => {
    const created = await call('POST', '/v1/reports', { ...body('Weekly buyers'), pinned: true });
    expect(created.statusCode, created.body).toBe(201);
    const report = created.json().data;
    expect(report).toMatchObject({
      brand_id: t.brandId,
      brand_name: 'Shop',
      name: 'Weekly buyers',
      type: 'trend',
      chart: { kind: 'bar', stacked: false },
      query: { series: [{ event: 'Order', measure: 'unique', filters: [] }], compare: false },
    });
    await call('POST', '/v1/reports', body('Daily orders'));

    const page1 = await call('GET', '/v1/reports?limit=1');
    expect(page1.json().data).toMatchObject({ total: 2, nextCursor: '2' });
    expect(page1.json().data.data.map((r: { name: string }) => r.name)).toEqual(['Daily orders']);
    const page2 = await call('GET', '/v1/reports?limit=1&cursor=2');
    expect(page2.json().data).toMatchObject({ total: 2, nextCursor: null });
    const found = await call('GET', '/v1/reports?search=WEEKLY');
    expect(found.json().data.data.map((r: { id: number }) => r.id)).toEqual([report.id]);
    expect((await call('GET', `/v1/reports?brand_id=${t.brandId}`)).json().data.total).toBe(2);
    const pinned = (await call('GET', `/v1/reports?brand_id=${t.brandId}&pinned=true`)).json().data;
    expect(pinned.data.map((r: { name: string }) => r.name)).toEqual(['Weekly buyers']);
    expect((await call('GET', '/v1/reports?pinned=false')).json().data.total).toBe(1);

    const updated = await call('PUT', `/v1/reports/${report.id}`, {
      ...body('Weekly buyers, compared'),
      chart: { kind: 'line', stacked: true },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const got = (await call('GET', `/v1/reports/${report.id}`)).json().data;
    expect(got).toMatchObject({ name: 'Weekly buyers, compared', chart: { kind: 'line' } });

    const removed = await call('DELETE', `/v1/reports/${report.id}`);
    expect(removed.json().data.message).toBe('Report deleted.');
    expect((await call('GET', `/v1/reports/${report.id}`)).statusCode).toBe(404);
    expect((await call('GET', '/v1/reports')).json().data.total).toBe(1);
  });

  it('refuses a report without a name, with a bad query or about another product', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...body(''), name: '' }, /Name is required/],
      [{ ...body('x'), query: { ...body('x').query, series: [] } }, /at least one series/],
      [
        { ...body('x'), query: { ...body('x').query, brand_id: strangersBrand } },
        /report's product/,
      ],
      [{ ...body('x'), chart: { kind: 'pie' } }, /Chart must be/],
      [
        {
          ...body('x'),
          query: { ...body('x').query, date_preset: 'custom_range', from: '2024-01-01' },
        },
        /From and To dates of the custom range/,
      ],
    ];
    await expectRefused(cases, (payload) => call('POST', '/v1/reports', payload));
  });

  it("keeps every owner to their own reports: another's answers 404", async () => {
    const mine = (await call('POST', '/v1/reports', body('Mine'))).json().data;
    const theirs = await stranger('POST', '/v1/reports', body('Theirs', strangersBrand));
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect((await stranger('POST', '/v1/reports', body('Sneaky'))).statusCode).toBe(404);
    expect((await stranger('GET', `/v1/reports/${mine.id}`)).statusCode).toBe(404);
    expect(
      (await stranger('PUT', `/v1/reports/${mine.id}`, body('x', strangersBrand))).statusCode,
    ).toBe(404);
    expect((await stranger('DELETE', `/v1/reports/${mine.id}`)).statusCode).toBe(404);
    expect((await stranger('GET', `/v1/reports?brand_id=${t.brandId}`)).statusCode).toBe(404);
    const listed = (await stranger('GET', '/v1/reports')).json().data.data;
    expect(listed.map((r: { name: string }) => r.name)).toEqual(['Theirs']);
    // Moving one's report onto another owner's product is refused too.
    expect(
      (await call('PUT', `/v1/reports/${mine.id}`, body('x', strangersBrand))).statusCode,
    ).toBe(404);
    expect((await call('GET', `/v1/reports/${mine.id}`)).json().data.name).toBe('Mine');
  });
});
