import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  FunnelAnswer,
  RetentionAnswer,
  TrendAnswer,
  TrendQuery,
} from '@/lib/contracts/reports';
import { MESSAGES } from '@/lib/messages';
import {
  deleteReport,
  funnelCustomers,
  getReport,
  listReports,
  queryReport,
  queryReportCsv,
  createReport,
} from '@/api/reports';
import { addProfile } from '../mocks/profiles.handlers';
import { addReport } from '../mocks/reports.handlers';
import { addBrand, signInAs } from './test-utils';

/** The mock of docs/reports.md answers what the API answers; the report screens rely on it. */

const trend = (brandId: number, more: Partial<TrendQuery> = {}): TrendQuery => ({
  brand_id: brandId,
  type: 'trend',
  series: [{ event: 'checkout', measure: 'total' }],
  granularity: 'day',
  date_preset: 'past_7_day',
  ...more,
});

function owner() {
  const { user } = signInAs();
  return addBrand(user, 'Shop');
}

describe('mock Reports API', () => {
  beforeEach(() => {
    // Wednesday 2026-11-25, 10:00 UTC; only Date is faked so requests still run.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('answers a trend with every bucket of the range, the same on every call', async () => {
    const brand = owner();
    const answer = (await queryReport(trend(brand.id))) as TrendAnswer;
    expect(answer.range).toEqual({
      from: '2026-11-19',
      to: '2026-11-25',
      time_zone: 'UTC',
      preset: 'past_7_day',
    });
    expect(answer.series).toHaveLength(1);
    const [line] = answer.series;
    expect(line).toMatchObject({ label: 'checkout', event: 'checkout', measure: 'total' });
    expect(line!.points.map((p) => p.bucket)).toEqual([
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
    ]);
    expect(line!.points.every((p) => Number.isInteger(p.value) && p.value > 0)).toBe(true);
    expect(line!.total).toBe(line!.points.reduce((n, p) => n + p.value, 0));
    expect(answer.previous).toBeUndefined();
    expect(await queryReport(trend(brand.id))).toEqual(answer);
  });

  it('weeks start on Monday in the product zone; days after today are 0', async () => {
    const brand = owner();
    brand.time_zone = 'Pacific/Auckland'; // already the 25th's evening there
    const answer = (await queryReport(
      trend(brand.id, {
        granularity: 'week',
        date_preset: 'custom_range',
        from: '2026-11-18',
        to: '2026-12-06',
      }),
    )) as TrendAnswer;
    expect(answer.range.time_zone).toBe('Pacific/Auckland');
    const points = answer.series[0]!.points;
    expect(points.map((p) => p.bucket)).toEqual(['2026-11-16', '2026-11-23', '2026-11-30']);
    expect(points[0]!.value).toBeGreaterThan(0);
    expect(points[2]!.value).toBe(0);
  });

  it('splits by a breakdown with Other, and compares line for line', async () => {
    const brand = owner();
    const answer = (await queryReport(
      trend(brand.id, {
        series: [{ event: 'checkout', measure: 'unique' }],
        breakdown: { property: 'country' },
        date_preset: 'past_30_day',
        compare: true,
      }),
    )) as TrendAnswer;
    const values = answer.series.map((s) => s.breakdown_value);
    expect(values).toHaveLength(11);
    expect(values.at(-1)).toBe('$other');
    expect(answer.series.at(-1)!.label).toBe('checkout · Other');
    const totals = answer.series.slice(0, 10).map((s) => s.total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect(answer.previous!.map((s) => s.breakdown_value)).toEqual(values);
    expect(answer.previous![0]!.points[0]!.bucket).toBe('2026-09-27');
    // Distinct customers over the range are not the sum of the days'.
    const first = answer.series[0]!;
    expect(first.total).toBeLessThan(first.points.reduce((n, p) => n + p.value, 0));
  });

  it('answers a funnel with decreasing counts, shares and medians', async () => {
    const brand = owner();
    const query = {
      brand_id: brand.id,
      type: 'funnel' as const,
      steps: [{ event: 'signup' }, { event: 'add_to_cart' }, { event: 'checkout' }],
      window: { value: 7, unit: 'day' as const },
      date_preset: 'past_30_day' as const,
    };
    const { steps } = (await queryReport(query)) as FunnelAnswer;
    expect(steps.map((s) => s.event)).toEqual(['signup', 'add_to_cart', 'checkout']);
    expect(steps[0]).toMatchObject({
      conversion_from_start: 1,
      conversion_from_previous: 1,
      median_time_to_convert_ms: null,
    });
    for (let i = 1; i < steps.length; i += 1) {
      expect(steps[i]!.count).toBeLessThanOrEqual(steps[i - 1]!.count);
      expect(steps[i]!.conversion_from_previous).toBeCloseTo(steps[i]!.count / steps[i - 1]!.count);
      expect(steps[i]!.median_time_to_convert_ms).toBeGreaterThan(0);
      expect(steps[i]!.median_time_to_convert_ms).toBeLessThanOrEqual(7 * 86_400_000);
    }

    const profile = addProfile(brand.id, { customer_key: 'cus_1000' });
    const converted = await funnelCustomers({ ...query, step: 2, outcome: 'converted', limit: 5 });
    expect(converted).toEqual({
      customers: [
        { customer_key: 'cus_1000', profile_id: profile.id },
        ...['cus_1001', 'cus_1002', 'cus_1003', 'cus_1004'].map((k) => ({
          customer_key: k,
          profile_id: null,
        })),
      ],
    });
    const dropped = await funnelCustomers({ ...query, step: 1, outcome: 'dropped', limit: 100 });
    expect(dropped.customers[0]!.customer_key).toBe(`cus_${1000 + steps[1]!.count}`);
    expect(dropped.customers).toHaveLength(Math.min(100, steps[0]!.count - steps[1]!.count));
  });

  it('answers retention: every cohort, fewer cells for recent ones, returns decreasing', async () => {
    const brand = owner();
    const { cohorts } = (await queryReport({
      brand_id: brand.id,
      type: 'retention',
      start_event: 'signup',
      return_event: 'checkout',
      period: 'week',
      intervals: 3,
      date_preset: 'past_30_day',
    })) as RetentionAnswer;
    expect(cohorts.map((c) => c.cohort)).toEqual([
      '2026-10-26',
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
    ]);
    expect(cohorts.map((c) => c.returned.length)).toEqual([3, 3, 3, 2, 1]);
    for (const c of cohorts) {
      expect(c.size).toBeGreaterThan(0);
      expect(c.returned[0]!).toBeLessThanOrEqual(c.size);
      c.returned.forEach((n, k) => k > 0 && expect(n).toBeLessThanOrEqual(c.returned[k - 1]!));
    }
  });

  it('writes CSV and refuses ranges as the API does', async () => {
    const brand = owner();
    const csv = await queryReportCsv(trend(brand.id));
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('period,series,event,measure,breakdown,bucket,value');
    expect(lines).toHaveLength(8);
    expect(lines[1]).toMatch(/^current,checkout,checkout,total,,2026-11-19,\d+$/);

    await expect(
      queryReport(
        trend(brand.id, { date_preset: 'custom_range', from: '2026-11-30', to: '2026-11-01' }),
      ),
    ).rejects.toMatchObject({ status: 400, message: MESSAGES.flows.reportRangeOrder });
    await expect(
      queryReport(
        trend(brand.id, { date_preset: 'custom_range', from: '1990-01-01', to: '2026-01-01' }),
      ),
    ).rejects.toMatchObject({ status: 400, message: MESSAGES.flows.reportTooManyBuckets(1000) });
    await expect(queryReport(trend(brand.id, { series: [] }))).rejects.toMatchObject({
      status: 400,
      message: 'Add at least one series',
    });
  });

  it("keeps saved reports to their owner: another owner's are 404", async () => {
    const theirs = addBrand(signInAs({ email: 'other@x.dev' }).user, 'Theirs');
    const foreign = addReport({ brand_id: theirs.id, name: 'Theirs', query: trend(theirs.id) });
    const brand = owner();
    const saved = await createReport({ brand_id: brand.id, name: 'Mine', query: trend(brand.id) });
    expect(saved).toMatchObject({
      brand_id: brand.id,
      brand_name: 'Shop',
      type: 'trend',
      chart: { kind: 'line', stacked: false },
      pinned: false,
    });
    expect(await listReports({ cursor: '1', limit: 20 })).toEqual({
      data: [saved],
      total: 1,
      nextCursor: null,
    });
    await expect(getReport(foreign.id)).rejects.toMatchObject({
      status: 404,
      message: MESSAGES.reports.notFound,
    });
    await expect(deleteReport(foreign.id)).rejects.toMatchObject({ status: 404 });
    await expect(
      createReport({ brand_id: theirs.id, name: 'Sneaky', query: trend(theirs.id) }),
    ).rejects.toMatchObject({ status: 404, message: MESSAGES.brands.notFound });
    await expect(queryReport(trend(theirs.id))).rejects.toMatchObject({ status: 404 });
    expect(await deleteReport(saved.id)).toEqual({ message: MESSAGES.reports.deleted });
    expect((await listReports({ cursor: '1', limit: 20 })).total).toBe(0);
  });
});
