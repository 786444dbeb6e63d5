import { beforeEach, describe, expect, it } from 'vitest';
import { evaluateCondition } from '../../lib/conditions';
import type { PropertyFilter } from '../../lib/contracts/reports';
import { trackEvent } from './test-events';
import type { AnalyticsStore, EventRow, ReportTrendRow, ReportTrendShape } from './types';

/**
 * The report shapes on generated data whose answers are worked out by hand below, run on every
 * engine by store.test.ts. New York is UTC-5 in January 2024.
 */
const R = 7;
const OTHER = 8;

function order(
  id: string,
  iso: string,
  customer: string,
  properties: Record<string, unknown>,
  brandId = R,
  event = 'Order',
): EventRow {
  return trackEvent(brandId, id, event, iso, { userId: customer, properties });
}

// UTC day / New York day of each:
const ORDERS = [
  // Mon 1 Jan / Mon 1 Jan 07:00
  order('o1', '2024-01-01T12:00:00.000Z', 'u1', { total: 10, plan: 'Pro', coupon: true }),
  // Tue 2 Jan / Mon 1 Jan 22:00
  order('o2', '2024-01-02T03:00:00.000Z', 'u1', { total: 20, plan: 'pro', coupon: false }),
  // Sun 7 Jan / Sun 7 Jan 18:30
  order('o3', '2024-01-07T23:30:00.000Z', 'u2', { total: 5, plan: 'free' }),
  // Mon 8 Jan / Sun 7 Jan 23:59:59.999, the last moment of that day
  order('o4', '2024-01-08T04:59:59.999Z', 'u3', { total: 'abc', plan: '' }),
  // Mon 8 Jan / Mon 8 Jan 00:00, the first moment of that day
  order('o5', '2024-01-08T05:00:00.000Z', 'u2', { total: 7.5, plan: 'Enterprise' }),
  // Thu 1 Feb
  order('o6', '2024-02-01T10:00:00.000Z', 'u4', { total: 100, plan: 'Pro' }),
];
const NOISE = [
  order('v1', '2024-01-01T12:00:00.000Z', 'u1', { total: 1 }, R, 'Visit'),
  order('x1', '2024-01-01T12:00:00.000Z', 'u1', { total: 1000, plan: 'Pro' }, OTHER),
];

const UTC_JAN_1_TO_8 = {
  from: new Date('2024-01-01T00:00:00Z'),
  to: new Date('2024-01-09T00:00:00Z'),
};
// 1–8 January on New York's clock, as instants.
const NY_JAN_1_TO_8 = {
  from: new Date('2024-01-01T05:00:00Z'),
  to: new Date('2024-01-09T05:00:00Z'),
};

type Trend = Omit<ReportTrendShape, 'kind' | 'brandId' | 'from' | 'to'> & { from: Date; to: Date };
const base: Omit<Trend, 'from' | 'to'> = {
  event: 'Order',
  measure: 'total',
  property: null,
  filters: [],
  breakdown: null,
  top: null,
  granularity: 'day',
  timeZone: 'UTC',
};

/** Rows as `{bucket: value}`, the total under 'total'; sorted for comparison. */
function byBucket(rows: ReportTrendRow[]): Record<string, number> {
  return Object.fromEntries(
    rows
      .map((r) => [r.bucket ?? 'total', Math.round(r.value * 10_000) / 10_000] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** `current` answers the empty store the calling suite opened for the test. */
export function reportQuerySuite(current: () => AnalyticsStore) {
  describe('report shapes (answers worked out by hand)', () => {
    let store: AnalyticsStore;
    beforeEach(async () => {
      store = current();
      expect(await store.insert([...ORDERS, ...NOISE])).toBe(ORDERS.length + NOISE.length);
    });
    const trend = (t: Partial<Trend> & { from: Date; to: Date }) =>
      store.query({ kind: 'reportTrend', brandId: R, ...base, ...t });

    it('counts per UTC day, one product and one event only', async () => {
      expect(byBucket(await trend(UTC_JAN_1_TO_8))).toEqual({
        '2024-01-01': 1,
        '2024-01-02': 1,
        '2024-01-07': 1,
        '2024-01-08': 2,
        total: 5,
      });
    });

    it("buckets on the product's clock: a day ends at 23:59:59.999 there", async () => {
      expect(byBucket(await trend({ ...NY_JAN_1_TO_8, timeZone: 'America/New_York' }))).toEqual({
        '2024-01-01': 2,
        '2024-01-07': 2,
        '2024-01-08': 1,
        total: 5,
      });
    });

    it('starts weeks on Monday, in the zone too; months on the 1st', async () => {
      expect(byBucket(await trend({ ...UTC_JAN_1_TO_8, granularity: 'week' }))).toEqual({
        '2024-01-01': 3,
        '2024-01-08': 2,
        total: 5,
      });
      expect(
        byBucket(
          await trend({ ...NY_JAN_1_TO_8, granularity: 'week', timeZone: 'America/New_York' }),
        ),
      ).toEqual({ '2024-01-01': 4, '2024-01-08': 1, total: 5 });
      expect(
        byBucket(
          await trend({
            from: UTC_JAN_1_TO_8.from,
            to: new Date('2024-03-01T00:00:00Z'),
            granularity: 'month',
          }),
        ),
      ).toEqual({ '2024-01-01': 5, '2024-02-01': 1, total: 6 });
    });

    it('measures unique customers, events per customer, sum and average', async () => {
      // u1 twice, u2, u3, u2 again: 3 customers over the range, not the sum of the days.
      expect(byBucket(await trend({ ...UTC_JAN_1_TO_8, measure: 'unique' }))).toEqual({
        '2024-01-01': 1,
        '2024-01-02': 1,
        '2024-01-07': 1,
        '2024-01-08': 2,
        total: 3,
      });
      expect(byBucket(await trend({ ...UTC_JAN_1_TO_8, measure: 'per_user' })).total).toBe(1.6667);
      // 'abc' is no number: left out of both.
      const sum = await trend({ ...UTC_JAN_1_TO_8, measure: 'sum', property: 'total' });
      expect(byBucket(sum)).toEqual({
        '2024-01-01': 10,
        '2024-01-02': 20,
        '2024-01-07': 5,
        '2024-01-08': 7.5,
        total: 42.5,
      });
      const avg = await trend({ ...UTC_JAN_1_TO_8, measure: 'avg', property: 'total' });
      expect(byBucket(avg).total).toBe(10.625);
    });

    // Every operator against the evaluator tours and profile filters use.
    const FILTERS: PropertyFilter[] = [
      { property: 'plan', type: 'string', operator: 'exact', value: 'PRO' },
      { property: 'plan', type: 'string', operator: 'not_exact', value: 'pro' },
      { property: 'plan', type: 'string', operator: 'contain', value: 'pr' },
      { property: 'plan', type: 'string', operator: 'not_contain', value: 'pr' },
      { property: 'plan', type: 'string', operator: 'starts_with', value: 'ENT' },
      { property: 'plan', type: 'string', operator: 'ends_with', value: 'ee' },
      { property: 'plan', type: 'string', operator: 'empty' },
      { property: 'plan', type: 'string', operator: 'not_empty' },
      { property: 'total', type: 'number', operator: '=', value: 7.5 },
      { property: 'total', type: 'number', operator: '!=', value: 10 },
      { property: 'total', type: 'number', operator: '>', value: 7.5 },
      { property: 'total', type: 'number', operator: '>=', value: 7.5 },
      { property: 'total', type: 'number', operator: '<', value: 10 },
      { property: 'total', type: 'number', operator: '<=', value: 10 },
      { property: 'total', type: 'number', operator: 'between', value: { from: 5, to: 10 } },
      { property: 'coupon', type: 'boolean', operator: '=', value: true },
      { property: 'coupon', type: 'boolean', operator: 'empty' },
      { property: 'missing', type: 'string', operator: 'not_exact', value: 'x' },
    ];
    it.each(FILTERS.map((f) => [`${f.property} ${f.operator} ${JSON.stringify(f.value)}`, f]))(
      'filter %s matches what lib/conditions.ts says',
      async (_name, filter) => {
        const f = filter as PropertyFilter;
        const inRange = ORDERS.filter((o) => o.timestamp < UTC_JAN_1_TO_8.to);
        const expected = inRange.filter((o) =>
          evaluateCondition(o.properties[f.property], f.operator as never, f.value as never),
        ).length;
        const rows = await trend({ ...UTC_JAN_1_TO_8, filters: [f] });
        expect(byBucket(rows).total ?? 0).toBe(expected);
      },
    );

    it('counts only finite numbers, and compares text without case beyond ASCII', async () => {
      const at = '2024-01-03T12:00:00.000Z';
      await store.insert([
        order('n1', at, 'u5', { amount: 'NaN', name: 'Émile' }, R, 'Refund'),
        order('n2', at, 'u5', { amount: 'Infinity', name: 'ÉMILIE' }, R, 'Refund'),
        order('n3', at, 'u6', { amount: 3, name: 'emile' }, R, 'Refund'),
      ]);
      const refunds = (t: Partial<Trend>) =>
        trend({ ...UTC_JAN_1_TO_8, event: 'Refund', ...t }).then((rows) => byBucket(rows).total);
      expect(await refunds({ measure: 'sum', property: 'amount' })).toBe(3);
      expect(await refunds({ measure: 'avg', property: 'amount' })).toBe(3);
      const name = (operator: string, value: string) =>
        refunds({ filters: [{ property: 'name', type: 'string', operator, value } as never] });
      expect(await name('exact', 'émile')).toBe(1);
      expect(await name('starts_with', 'émi')).toBe(2);
      expect(await name('not_contain', 'ÉMIL')).toBe(1);
    });

    it('several filters must all hold', async () => {
      const rows = await trend({
        ...UTC_JAN_1_TO_8,
        filters: [
          { property: 'plan', type: 'string', operator: 'contain', value: 'pr' },
          { property: 'total', type: 'number', operator: '>', value: 8 },
        ],
      });
      expect(byBucket(rows)).toEqual({ '2024-01-01': 1, '2024-01-02': 1, total: 2 });
    });

    it('breaks down by a property: the top values, the rest as other', async () => {
      const top = await store.query({
        kind: 'reportTopValues',
        brandId: R,
        event: 'Order',
        measure: 'total',
        property: null,
        filters: [],
        breakdown: 'plan',
        ...UTC_JAN_1_TO_8,
        limit: 2,
      });
      // One event each: ties ordered by value ('' first, then byte order).
      expect(top).toEqual([
        { value: '', measure: 1 },
        { value: 'Enterprise', measure: 1 },
      ]);
      const rows = await trend({ ...UTC_JAN_1_TO_8, breakdown: 'plan', top: ['', 'Enterprise'] });
      const totals = rows.filter((r) => r.bucket === null);
      expect(Object.fromEntries(totals.map((r) => [r.breakdown, r.value]))).toEqual({
        '': 1,
        Enterprise: 1,
        $other: 3,
      });
      const other = rows.filter((r) => r.breakdown === '$other' && r.bucket !== null);
      expect(byBucket(other)).toEqual({ '2024-01-01': 1, '2024-01-02': 1, '2024-01-07': 1 });
    });

    it("breaks down by a customer attribute: each customer's latest identify", async () => {
      const identify = (
        id: string,
        iso: string,
        customer: string,
        traits: Record<string, unknown>,
        brand = R,
      ) =>
        trackEvent(brand, id, '$identify', iso, {
          type: 'identify',
          userId: customer,
          properties: traits,
        });
      await store.insert([
        // u1 was on "starter", then "team" (after the range: a profile shows what is true now).
        identify('i1', '2023-12-01T00:00:00.000Z', 'u1', { tier: 'starter' }),
        identify('i2', '2024-03-01T00:00:00.000Z', 'u1', { tier: 'team' }),
        identify('i3', '2023-12-01T00:00:00.000Z', 'u2', { tier: 'solo' }),
        // An identify without the trait leaves u2's value as it was.
        identify('i4', '2024-02-01T00:00:00.000Z', 'u2', { email: 'u2@example.com' }),
        // Another product's identify of the same key counts nowhere here.
        identify('i5', '2024-01-01T00:00:00.000Z', 'u3', { tier: 'team' }, OTHER),
      ]);
      const profile = { breakdown: 'tier', breakdownSource: 'profile' as const };
      const top = await store.query({
        kind: 'reportTopValues',
        brandId: R,
        event: 'Order',
        measure: 'total',
        property: null,
        filters: [],
        ...profile,
        ...UTC_JAN_1_TO_8,
        limit: 10,
      });
      // u1: o1, o2; u2: o3, o5; u3 (no identify here): o4.
      expect(top).toEqual([
        { value: 'solo', measure: 2 },
        { value: 'team', measure: 2 },
        { value: '', measure: 1 },
      ]);
      const rows = await trend({ ...UTC_JAN_1_TO_8, ...profile, top: ['team', ''] });
      const totals = rows.filter((r) => r.bucket === null);
      expect(Object.fromEntries(totals.map((r) => [r.breakdown, r.value]))).toEqual({
        team: 2,
        '': 1,
        $other: 2,
      });
      const unique = await trend({ ...UTC_JAN_1_TO_8, ...profile, top: null, measure: 'unique' });
      expect(
        Object.fromEntries(
          unique.filter((r) => r.bucket === null).map((r) => [r.breakdown, r.value]),
        ),
      ).toEqual({ team: 1, solo: 1, '': 1 });
    });

    it('reads derived attributes (country, browser) as profiles show them', async () => {
      const seen = (id: string, iso: string, customer: string, extra: Partial<EventRow>) =>
        trackEvent(R, id, 'Visit', iso, { userId: customer, ...extra });
      await store.insert([
        // u1 was in France, then in Germany with Chrome (after the range: what is true now).
        seen('a1', '2023-12-01T00:00:00.000Z', 'u1', { country: 'FR', browser: 'Firefox' }),
        seen('a2', '2024-03-01T00:00:00.000Z', 'u1', { country: 'DE', browser: 'Chrome' }),
        // u2's visit in the range came from GB; a later identify's trait says US, and a trait
        // wins over the value derived for the same event.
        seen('a3', '2024-01-03T00:00:00.000Z', 'u2', { country: 'GB', browser: 'Safari' }),
        trackEvent(R, 'a4', '$identify', '2024-02-01T00:00:00.000Z', {
          type: 'identify',
          userId: 'u2',
          properties: { country: 'US' },
          country: 'GB',
        }),
        // A later event without a country leaves it as it was.
        seen('a5', '2024-02-02T00:00:00.000Z', 'u2', {}),
        // Another product's events of the same key count nowhere here.
        trackEvent(OTHER, 'a6', 'Visit', '2024-04-01T00:00:00.000Z', {
          userId: 'u3',
          country: 'JP',
        }),
      ]);
      const totals = async (shape: Partial<Trend>) =>
        Object.fromEntries(
          (await trend({ ...UTC_JAN_1_TO_8, top: null, ...shape }))
            .filter((r) => r.bucket === null)
            .map((r) => [r.breakdown ?? 'all', r.value]),
        );
      // Metadata is its own place: a trait of the same name is not it.
      await store.insert([
        trackEvent(R, 'm1', '$identify', '2023-12-05T00:00:00.000Z', {
          type: 'identify',
          userId: 'u1',
          properties: { tier: 'trait', metadata: { tier: 'gold' } },
        }),
        trackEvent(R, 'm2', '$identify', '2023-12-05T00:00:00.000Z', {
          type: 'identify',
          userId: 'u2',
          properties: { tier: 'trait' },
        }),
      ]);
      expect(await totals({ breakdown: 'tier', breakdownSource: 'metadata' })).toEqual({
        gold: 2,
        '': 3,
      });
      expect(
        await totals({
          filters: [
            {
              property: 'tier',
              source: 'metadata',
              type: 'string',
              operator: 'exact',
              value: 'GOLD',
            },
          ],
        }),
      ).toEqual({ all: 2 });
      // Orders: u1 o1, o2; u2 o3, o5; u3 (nothing derived) o4.
      expect(await totals({ breakdown: 'country', breakdownSource: 'profile' })).toEqual({
        DE: 2,
        US: 2,
        '': 1,
      });
      expect(await totals({ breakdown: 'browser', breakdownSource: 'profile' })).toEqual({
        Chrome: 2,
        Safari: 2,
        '': 1,
      });
      // The event's own country is the one derived for it (v1 has none, a3 came from GB).
      expect(await totals({ event: 'Visit', breakdown: 'country' })).toEqual({ '': 1, GB: 1 });
      // Filters read the customer's attribute too; each is joined once however often it is used.
      const country = (operator: string, value?: string): PropertyFilter => ({
        property: 'country',
        source: 'profile',
        type: 'string',
        operator,
        value,
      });
      expect(await totals({ filters: [country('exact', 'de')] })).toEqual({ all: 2 });
      expect(await totals({ filters: [country('empty')] })).toEqual({ all: 1 });
      expect(
        await totals({
          filters: [
            country('not_exact', 'de'),
            country('not_empty'),
            { ...country('exact', 'pro'), property: 'plan', source: 'event' },
          ],
        }),
      ).toEqual({});
      expect(
        await totals({
          filters: [country('not_exact', 'de'), country('not_empty')],
          breakdown: 'browser',
          breakdownSource: 'profile',
        }),
      ).toEqual({ Safari: 2 });
    });

    it('funnels: order, the window from step 1 (its edge included), medians', async () => {
      const H = 3_600_000;
      const t = Date.parse('2024-01-02T00:00:00.000Z');
      const at = (ms: number) => new Date(t + ms).toISOString();
      const step = (id: string, event: string, ms: number, customer: string, props = {}) =>
        trackEvent(R, id, event, at(ms), { userId: customer, properties: props });
      await store.insert([
        step('c1a', 'A', 0, 'c1'),
        step('c1b', 'B', 1 * H, 'c1'),
        step('c1c', 'C', 3 * H, 'c1'),
        step('c2a', 'A', 0, 'c2'),
        step('c2b', 'B', 2 * H, 'c2'),
        step('c2c', 'C', 48 * H, 'c2'), // past the 1-day window
        step('c3b', 'B', 0, 'c3'), // before its A: does not count
        step('c3a', 'A', 1 * H, 'c3'),
        step('c4a', 'A', 0, 'c4'),
        step('c4b', 'B', 24 * H, 'c4'), // exactly at the window's end: counts
        step('c5c', 'C', 0, 'c5'),
        step('c6a', 'A', 0, 'c6'), // the first A starts the window
        step('c6a2', 'A', 120 * H, 'c6'),
        step('c6b', 'B', 121 * H, 'c6'),
        step('c7a', 'A', 0, 'c7', { plan: 'pro' }),
        step('c7b', 'B', 4 * H, 'c7'),
        trackEvent(OTHER, 'x-a', 'A', at(0), { userId: 'c1' }),
      ]);
      const funnel = (filters: PropertyFilter[] = []) =>
        store.query({
          kind: 'reportFunnel',
          brandId: R,
          steps: [
            { event: 'A', filters },
            { event: 'B', filters: [] },
            { event: 'C', filters: [] },
          ],
          from: new Date('2024-01-01T00:00:00Z'),
          to: new Date('2024-01-03T00:00:00Z'),
          windowMs: 24 * H,
        });
      // B after 1 h, 2 h, 24 h and 4 h: the median of four is the mean of 2 h and 4 h.
      expect(await funnel()).toEqual([
        { step: 0, customers: 6, medianMs: null },
        { step: 1, customers: 4, medianMs: 3 * H },
        { step: 2, customers: 1, medianMs: 2 * H },
      ]);
      const who = (step: number, outcome: 'converted' | 'dropped', limit = 10) =>
        store.query({
          kind: 'reportFunnelCustomers',
          brandId: R,
          steps: ['A', 'B', 'C'].map((event) => ({ event, filters: [] })),
          from: new Date('2024-01-01T00:00:00Z'),
          to: new Date('2024-01-03T00:00:00Z'),
          windowMs: 24 * H,
          step,
          outcome,
          limit,
        });
      expect(await who(0, 'converted')).toEqual(['c1', 'c2', 'c3', 'c4', 'c6', 'c7']);
      expect(await who(1, 'converted')).toEqual(['c1', 'c2', 'c4', 'c7']);
      expect(await who(1, 'dropped')).toEqual(['c3', 'c6']);
      expect(await who(2, 'dropped')).toEqual(['c2', 'c4', 'c7']);
      expect(await who(2, 'dropped', 2)).toEqual(['c2', 'c4']);
      expect(
        await funnel([{ property: 'plan', type: 'string', operator: 'exact', value: 'pro' }]),
      ).toEqual([
        { step: 0, customers: 1, medianMs: null },
        { step: 1, customers: 1, medianMs: 4 * H },
        { step: 2, customers: 0, medianMs: null },
      ]);
    });

    it('retention: cohorts by first start on the zone clock, returns at or after it', async () => {
      const ev = (id: string, event: string, iso: string, customer: string) =>
        trackEvent(R, id, event, iso, { userId: customer });
      await store.insert([
        ev('c1s', 'Start', '2024-01-01T15:00:00Z', 'c1'),
        ev('c1r1', 'Return', '2024-01-02T15:00:00Z', 'c1'),
        ev('c1r2', 'Return', '2024-01-09T15:00:00Z', 'c1'),
        ev('c2r0', 'Return', '2024-01-02T15:00:00Z', 'c2'), // before its start: left out
        ev('c2s', 'Start', '2024-01-03T15:00:00Z', 'c2'),
        ev('c2r', 'Return', '2024-01-16T15:00:00Z', 'c2'),
        ev('c3s', 'Start', '2024-01-08T15:00:00Z', 'c3'),
        ev('c3r', 'Return', '2024-01-08T20:00:00Z', 'c3'),
        // Sunday 7 January 23:30 in New York, Monday the 8th in UTC.
        ev('c4s', 'Start', '2024-01-08T04:30:00Z', 'c4'),
        ev('c4r', 'Return', '2024-01-08T15:00:00Z', 'c4'),
        ev('c5s0', 'Start', '2023-12-31T15:00:00Z', 'c5'), // before the range
        ev('c5s', 'Start', '2024-01-10T15:00:00Z', 'c5'),
        trackEvent(OTHER, 'x-s', 'Start', '2024-01-01T15:00:00Z', { userId: 'c1' }),
      ]);
      const retention = async (timeZone: string, from: string, to: string) =>
        (
          await store.query({
            kind: 'reportRetention',
            brandId: R,
            startEvent: 'Start',
            returnEvent: 'Return',
            period: 'week',
            from: new Date(from),
            to: new Date(to),
            timeZone,
          })
        )
          .map((r) => `${r.cohort} ${r.bucket ?? 'size'} ${r.customers}`)
          .sort();
      expect(
        await retention('America/New_York', '2024-01-01T05:00:00Z', '2024-01-15T05:00:00Z'),
      ).toEqual([
        '2024-01-01 2024-01-01 1',
        '2024-01-01 2024-01-08 2',
        '2024-01-01 2024-01-15 1',
        '2024-01-01 size 3',
        '2024-01-08 2024-01-08 1',
        '2024-01-08 size 2',
      ]);
      expect(await retention('UTC', '2024-01-01T00:00:00Z', '2024-01-15T00:00:00Z')).toEqual([
        '2024-01-01 2024-01-01 1',
        '2024-01-01 2024-01-08 1',
        '2024-01-01 2024-01-15 1',
        '2024-01-01 size 2',
        '2024-01-08 2024-01-08 2',
        '2024-01-08 size 3',
      ]);
    });
  });
}
