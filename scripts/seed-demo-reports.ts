/**
 * The demo's reports dashboard (docs/reports.md), for `npm run seed:demo`: one pinned report of
 * each type over the seeded shop events, saved through the API. A second run adds nothing.
 */
import type { ReportInput } from '../lib/contracts/reports';
import type { DemoCall } from './seed-demo-tours';

type WithoutBrand<T> = T extends unknown ? Omit<T, 'brand_id'> : never;
type DemoReport = Omit<ReportInput, 'brand_id' | 'query'> & {
  query: WithoutBrand<ReportInput['query']>;
};

export const DEMO_REPORTS: DemoReport[] = [
  {
    name: 'Orders per day by coupon',
    pinned: true,
    chart: { kind: 'bar', stacked: true },
    query: {
      type: 'trend',
      series: [{ event: 'Order Completed', measure: 'total' }],
      breakdown: { property: 'coupon' },
      granularity: 'day',
      date_preset: 'past_30_day',
      compare: true,
    },
  },
  {
    name: 'From product view to order',
    pinned: true,
    chart: { kind: 'bar' },
    query: {
      type: 'funnel',
      steps: [
        { event: 'Product Viewed' },
        { event: 'Added to Cart' },
        { event: 'Checkout Started' },
        { event: 'Order Completed' },
      ],
      window: { value: 7, unit: 'day' },
      date_preset: 'past_30_day',
    },
  },
  {
    name: 'Weekly return after sign-up',
    pinned: true,
    chart: { kind: 'table' },
    query: {
      type: 'retention',
      start_event: 'Signed Up',
      return_event: 'Product Viewed',
      period: 'week',
      intervals: 5,
      date_preset: 'past_30_day',
    },
  },
];

/** Saves the demo reports the product does not have yet (matched by name). */
export async function seedDemoReports(opts: { call: DemoCall; brandId: number }) {
  const { call, brandId } = opts;
  const listed = await call('GET', `/v1/reports?brand_id=${brandId}&limit=100`);
  const have = new Set(
    ((listed.body as unknown as { data?: { data: { name: string }[] } }).data?.data ?? []).map(
      (r) => r.name,
    ),
  );
  const saved: string[] = [];
  for (const report of DEMO_REPORTS) {
    if (have.has(report.name)) continue;
    const res = await call('POST', '/v1/reports', {
      ...report,
      brand_id: brandId,
      query: { ...report.query, brand_id: brandId },
    });
    if (res.status !== 201)
      throw new Error(`demo report "${report.name}": ${JSON.stringify(res.body)}`);
    saved.push(report.name);
  }
  return { saved };
}
