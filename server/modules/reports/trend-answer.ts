import type { ReportGranularity } from '../../../lib/contracts/flow-runtime';
import {
  OTHER_BREAKDOWN,
  REPORT_LIMITS,
  type BreakdownSource,
  type TrendMeasure,
  type TrendSeries,
  type TrendSeriesAnswer,
} from '../../../lib/contracts/reports';
import type { AnalyticsStore, ReportTrendRow } from '../../analytics/types';
import type { ReportRange } from './report-range';

/** A trend report's answer from the store's rows; its SQL is `server/analytics/sql/trend.ts`. */

const MEASURE_LABELS: Record<TrendMeasure, (property?: string) => string> = {
  total: () => 'total',
  unique: () => 'unique customers',
  per_user: () => 'per customer',
  sum: (p) => `sum of ${p}`,
  avg: (p) => `average of ${p}`,
};

function breakdownLabel(value: string): string {
  if (value === OTHER_BREAKDOWN) return 'Other';
  return value === '' ? '(none)' : value;
}

/**
 * One series of a trend over `range`: a single line, or one line per top breakdown value and
 * an "Other" line for the rest (docs/reports.md, "Trends"). Every bucket of the range has a
 * point; buckets without events are 0.
 */
export async function trendSeries(
  store: Pick<AnalyticsStore, 'query'>,
  input: {
    brandId: number;
    series: TrendSeries;
    breakdown: string | null;
    /** The event's property (default) or the customer's attribute. */
    breakdownSource?: BreakdownSource;
    range: ReportRange;
    granularity: ReportGranularity;
    buckets: string[];
    /** Breakdown values to keep apart (the current period's, for the compared one). */
    keep?: string[];
  },
): Promise<TrendSeriesAnswer[]> {
  const { series, breakdown, range } = input;
  const common = {
    brandId: input.brandId,
    breakdownSource: input.breakdownSource,
    event: series.event,
    measure: series.measure,
    property: series.property ?? null,
    filters: series.filters,
    from: range.from,
    to: range.to,
  };
  // With a breakdown, every value outside `top` is grouped as Other, also one that arrives
  // between the two statements.
  let top: string[] | null = null;
  if (breakdown)
    top =
      input.keep ??
      (
        await store.query({
          kind: 'reportTopValues',
          ...common,
          breakdown,
          limit: REPORT_LIMITS.breakdownTop,
        })
      ).map((v) => v.value);
  const rows = await store.query({
    kind: 'reportTrend',
    ...common,
    breakdown,
    top,
    granularity: input.granularity,
    timeZone: range.timeZone,
  });
  const groups = new Map<string, ReportTrendRow[]>();
  for (const row of rows) {
    const key = row.breakdown ?? '';
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  // Only when something is left over is there an "Other" line.
  const order = top ? [...top, ...(groups.has(OTHER_BREAKDOWN) ? [OTHER_BREAKDOWN] : [])] : [''];
  const measured = MEASURE_LABELS[series.measure](series.property);
  const label = (value: string) =>
    breakdown
      ? `${series.event} · ${breakdownLabel(value)}`
      : series.measure === 'total'
        ? series.event
        : `${series.event} · ${measured}`;
  return order.map((value) => {
    const group = groups.get(value) ?? [];
    const byBucket = new Map(group.map((r) => [r.bucket, r.value]));
    return {
      label: label(value),
      event: series.event,
      measure: series.measure,
      ...(breakdown ? { breakdown_value: value } : {}),
      total: byBucket.get(null) ?? 0,
      points: input.buckets.map((bucket) => ({ bucket, value: byBucket.get(bucket) ?? 0 })),
    };
  });
}
