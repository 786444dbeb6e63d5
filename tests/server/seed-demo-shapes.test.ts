import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackedEvent } from '@/lib/contracts/events';
import type { FlowReport } from '@/lib/contracts/flow-runtime';
import type { CustomerProfile } from '@/lib/contracts/customer-profiles';
import type {
  FunnelAnswer,
  RetentionAnswer,
  SavedReport,
  TrendAnswer,
} from '@/lib/contracts/reports';
import type { ShortUrl } from '@/lib/contracts/short-urls';
import { PRICING_TOUR, WELCOME_TOUR } from '@/scripts/seed-demo-tours';
import type { ApiRequest } from './helpers';
import { demoApi, seedDemo } from './seed-demo-helpers';

/**
 * The demo data looks like a product's (issue 30, point 6), read through the API as the
 * dashboard shows it: a funnel that loses people at every step, retention that decays week by
 * week, links clicked more than once by the same visitor, customers from several countries and
 * browsers, traffic over the hours of the day and the days of the week, tours completed and
 * dismissed. Six weeks and 300 customers, so weekly cohorts hold 20 or more.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'signpost-seed-shapes-'));
let demo: Awaited<ReturnType<typeof demoApi>>;
let call: ApiRequest;
let brandId: number;

beforeAll(async () => {
  const run = seedDemo(dataDir, { events: 9000, days: 42, customers: 300 });
  expect(run.status, run.stderr).toBe(0);
  demo = await demoApi(dataDir);
  ({ call, brandId } = demo);
});
afterAll(async () => {
  await demo?.t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const data = async <T>(res: Promise<{ statusCode: number; body: string; json: () => unknown }>) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as { data: T }).data;
};
const pinned = async (type: SavedReport['type']) => {
  const reports = await data<{ data: SavedReport[] }>(
    call('GET', `/v1/reports?brand_id=${brandId}&pinned=true`),
  );
  return reports.data.find((r) => r.type === type)!;
};
/** The seeded six weeks, as the report builder's custom range (UTC, the product's clock). */
const sixWeeks = () => ({
  date_preset: 'custom_range',
  from: new Date(Date.now() - 42 * 86_400_000).toISOString().slice(0, 10),
  to: new Date().toISOString().slice(0, 10),
});

describe('seed:demo data a person believes', () => {
  it("loses customers at every step of the dashboard's purchase funnel", async () => {
    const report = await pinned('funnel');
    for (const range of [report.query, { ...report.query, ...sixWeeks() }]) {
      const { steps } = await data<FunnelAnswer>(call('POST', '/v1/reports/query', range));
      expect(steps).toHaveLength(4);
      expect(steps[3]!.count).toBeGreaterThan(0);
      // Each step keeps at most 90% of the one before (not everyone who looks buys).
      for (let i = 1; i < steps.length; i++)
        expect(steps[i]!.count, steps[i]!.event).toBeLessThanOrEqual(0.9 * steps[i - 1]!.count);
    }
  });

  it('decays retention: week 4 below week 1 for every cohort of 20 or more', async () => {
    const report = await pinned('retention');
    let checked = 0;
    for (const range of [report.query, { ...report.query, ...sixWeeks() }]) {
      const { cohorts } = await data<RetentionAnswer>(call('POST', '/v1/reports/query', range));
      for (const c of cohorts) {
        if (c.size < 20 || c.returned.length < 5) continue;
        expect(c.returned[4], `${c.cohort}: ${c.returned.join(' ')}`).toBeLessThan(c.returned[1]!);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('counts repeat clicks: every demo link has more clicks than unique clicks', async () => {
    const res = await call('GET', `/v1/short-urls?brand_id=${brandId}&limit=100`);
    expect(res.statusCode, res.body).toBe(200);
    const links = (res.json() as { data: { data: ShortUrl[] } }).data;
    expect(links.data).toHaveLength(3);
    for (const link of links.data) {
      expect(link.unique_clicks, link.slug).toBeGreaterThan(0);
      expect(link.clicks, link.slug).toBeGreaterThan(link.unique_clicks);
    }
  });

  it('has customers from five countries or more and three browsers or more', async () => {
    const countries = new Set<unknown>();
    const browsers = new Set<unknown>();
    let cursor = '1';
    for (let page = 0; page < 10 && cursor; page++) {
      const list = await data<{ data: CustomerProfile[]; nextCursor: string | null }>(
        call('GET', `/v1/customer-profiles?brand_id=${brandId}&limit=100&cursor=${cursor}`),
      );
      for (const p of list.data) {
        countries.add(p.data_attributes.country);
        browsers.add(p.data_attributes.browser);
      }
      cursor = list.nextCursor ?? '';
    }
    countries.delete(undefined);
    browsers.delete(undefined);
    expect(countries.size).toBeGreaterThanOrEqual(5);
    expect(browsers.size).toBeGreaterThanOrEqual(3);
  });

  it('never piles events on one moment', async () => {
    // The newest orders (the list that once showed 50 at one timestamp) and page views.
    for (const [event, limit] of [
      ['Order Completed', 50],
      ['$pageview', 200],
    ] as const) {
      const tail = await data<{ data: TrackedEvent[] }>(
        call(
          'GET',
          `/v1/tracking-session-data/tail?brand_id=${brandId}&event_name=${encodeURIComponent(event)}&limit=${limit}`,
        ),
      );
      expect(tail.data.length, event).toBeGreaterThanOrEqual(30);
      const same = new Map<string, number>();
      for (const e of tail.data) same.set(e.timestamp, (same.get(e.timestamp) ?? 0) + 1);
      expect(Math.max(...same.values()), event).toBeLessThanOrEqual(2);
    }
  });

  it('spreads events over the hours of the day, with a quieter weekend', async () => {
    // Hours of the day: the timelines of the customers on the list's first page.
    const hours = new Array<number>(24).fill(0);
    const list = await data<{ data: CustomerProfile[] }>(
      call('GET', `/v1/customer-profiles?brand_id=${brandId}&limit=100`),
    );
    for (const p of list.data.slice(0, 60)) {
      const timeline = await data<{ data: TrackedEvent[] }>(
        call('GET', `/v1/customer-profiles/${p.id}/events?limit=100`),
      );
      for (const e of timeline.data) hours[new Date(e.timestamp).getUTCHours()]!++;
    }
    expect(hours.filter((n) => n > 0).length).toBeGreaterThanOrEqual(20);
    // Spread over the day (customers on several continents): no hour holds a sixth of them.
    const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);
    expect(Math.max(...hours)).toBeLessThan(sum(hours) / 6);

    // Days of the week: page views per day over the six weeks, quieter at the weekend.
    const trend = await data<TrendAnswer>(
      call('POST', '/v1/reports/query', {
        brand_id: brandId,
        type: 'trend',
        series: [{ event: '$pageview', measure: 'total' }],
        granularity: 'day',
        ...sixWeeks(),
      }),
    );
    const byDay = new Array<number[]>(7).fill([]).map(() => [] as number[]);
    // Whole days only, after the first week (customers arrive from the range's first day on).
    for (const point of trend.series[0]!.points.slice(7, -1))
      byDay[new Date(`${point.bucket}T00:00:00Z`).getUTCDay()]!.push(point.value);
    const mean = (days: number[]) => {
      const all = days.flatMap((d) => byDay[d]!);
      return sum(all) / all.length;
    };
    for (const day of byDay) expect(Math.min(...day)).toBeGreaterThan(0);
    expect(mean([1, 2, 3, 4, 5])).toBeGreaterThan(1.3 * mean([0, 6]));
  });

  it("shows completions and dismissals on both demo tours' reports", async () => {
    // The segment-targeted tour has no history of its own (scripts/seed-demo-segment-tour.ts).
    const tours = demo.flows.filter((f) => [WELCOME_TOUR, PRICING_TOUR].includes(f.name));
    expect(tours).toHaveLength(2);
    for (const tour of tours) {
      const report = await data<FlowReport>(
        call('GET', `/v1/flows/${tour.id}/report?date_preset=all_times`),
      );
      expect(report.totals.completions, tour.name).toBeGreaterThan(0);
      expect(report.totals.dismissals, tour.name).toBeGreaterThan(0);
      expect(report.totals.completions + report.totals.dismissals).toBeLessThanOrEqual(
        report.totals.views,
      );
    }
  });
});
