import type { ChartPoint, ChartSeries } from '@/components/charts/line-chart';
import type { ReportGranularity } from '@/lib/contracts/flow-runtime';
import { OTHER_BREAKDOWN, type TrendAnswer, type TrendSeriesAnswer } from '@/lib/contracts/reports';
import { bucketLabel } from '@/lib/report-view';

/** Colours of a report's lines, in order (a comparison line takes its series' colour, dashed). */
export const SERIES_COLORS = [
  '#2553e0',
  '#059669',
  '#d97706',
  '#db2777',
  '#7c3aed',
  '#0891b2',
  '#65a30d',
  '#dc2626',
  '#475569',
  '#ca8a04',
  '#9333ea',
] as const;

/** How a breakdown value reads: events without the property are "(none)", the rest "Other". */
export function breakdownLabel(value: string): string {
  if (value === OTHER_BREAKDOWN) return 'Other';
  return value === '' ? '(none)' : value;
}

/** The label of one answered series: "Orders · FR" with a breakdown, else the API's label. */
export function seriesLabel(series: TrendSeriesAnswer): string {
  if (series.breakdown_value === undefined) return series.label;
  return `${series.event} · ${breakdownLabel(series.breakdown_value)}`;
}

export interface TrendChartData {
  series: ChartSeries[];
  points: ChartPoint[];
  /** The period-before lines, drawn dashed. */
  dashedKeys: string[];
}

/**
 * A trend answer as chart data: one line per answered series (`s0`, `s1`, …) over the range's
 * buckets, and with `compare` the period before (`p0`, …) laid over the same buckets: its i-th
 * bucket beside the range's i-th.
 */
export function trendChartData(
  answer: TrendAnswer,
  granularity: ReportGranularity,
): TrendChartData {
  const main = answer.series;
  const previous = answer.previous ?? [];
  const series: ChartSeries[] = main.map((s, i) => ({
    key: `s${i}`,
    label: seriesLabel(s),
    color: SERIES_COLORS[i % SERIES_COLORS.length]!,
  }));
  previous.forEach((s, i) =>
    series.push({
      key: `p${i}`,
      label: `${seriesLabel(s)} (period before)`,
      color: SERIES_COLORS[i % SERIES_COLORS.length]!,
    }),
  );
  const buckets = main[0]?.points.map((p) => p.bucket) ?? [];
  const points: ChartPoint[] = buckets.map((bucket, b) => {
    const values: Record<string, number> = {};
    main.forEach((s, i) => (values[`s${i}`] = s.points[b]?.value ?? 0));
    previous.forEach((s, i) => (values[`p${i}`] = s.points[b]?.value ?? 0));
    return { label: bucketLabel(bucket, granularity), values };
  });
  return { series, points, dashedKeys: previous.map((_, i) => `p${i}`) };
}

/** The change from the period before as a share (0.25 = +25 %); null when there was nothing. */
export function changeFromPrevious(current: number, previous: number | undefined): number | null {
  if (previous === undefined || previous === 0 || !Number.isFinite(previous)) return null;
  return (current - previous) / previous;
}
