import type { DatePreset, FlowReportQuery, ReportGranularity } from '@/lib/contracts/flow-runtime';
import { formatDate } from '@/lib/format';
import { MESSAGES } from '@/lib/messages';

/**
 * What the report shows: a date range (a preset, or a custom range of whole UTC days) and the size
 * of the chart's buckets, kept in the page's query string with the API's own names
 * (`?date_preset=custom_range&from=2026-01-01&to=2026-01-31&granularity=week`, defaults left
 * out) so a reload or a shared link shows the same report (docs/flows.md, "The report").
 */
export interface ReportView {
  date_preset: DatePreset;
  /** YYYY-MM-DD, only with `custom_range`; missing until chosen. */
  from?: string;
  to?: string;
  granularity: ReportGranularity;
}

/** The API's defaults. */
export const DEFAULT_REPORT_VIEW: ReportView = { date_preset: 'past_30_day', granularity: 'day' };

export const PRESET_OPTIONS = [
  { value: 'past_7_day', label: 'Past 7 days' },
  { value: 'past_30_day', label: 'Past 30 days' },
  { value: 'custom_range', label: 'Custom range' },
  { value: 'all_times', label: 'All time' },
] as const satisfies readonly { value: DatePreset; label: string }[];

export const GRANULARITY_OPTIONS = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
] as const satisfies readonly { value: ReportGranularity; label: string }[];

/** The chart's x axis for each granularity (a week is named by its Monday). */
export const BUCKET_AXIS_LABEL: Record<ReportGranularity, string> = {
  day: 'Day',
  week: 'Week starting',
  month: 'Month',
};

const KEYS = ['date_preset', 'from', 'to', 'granularity'] as const;
type Query = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** True for a real calendar day written YYYY-MM-DD. */
export function isIsoDate(value: string | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * What is wrong with a custom range being typed: `incomplete` (a date still missing: a hint, not
 * an error) or `invalid` (a date that is not one, or from after to); null when it can be applied.
 */
export function rangeProblem(
  from: string,
  to: string,
): { kind: 'incomplete' | 'invalid'; message: string } | null {
  if (from && !isIsoDate(from)) return { kind: 'invalid', message: MESSAGES.flows.reportFromDate };
  if (to && !isIsoDate(to)) return { kind: 'invalid', message: MESSAGES.flows.reportToDate };
  if (!from || !to) return { kind: 'incomplete', message: MESSAGES.flows.rangeBothDates };
  if (from > to) return { kind: 'invalid', message: MESSAGES.flows.reportRangeOrder };
  return null;
}

/**
 * The view a query string asks for. Unknown values fall back to the defaults; a custom range keeps
 * only dates that are real days, and neither when they are out of order.
 */
export function parseReportView(query: Query): ReportView {
  const preset = PRESET_OPTIONS.find((o) => o.value === first(query.date_preset))?.value;
  const granularity =
    GRANULARITY_OPTIONS.find((o) => o.value === first(query.granularity))?.value ??
    DEFAULT_REPORT_VIEW.granularity;
  if (preset !== 'custom_range')
    return { date_preset: preset ?? DEFAULT_REPORT_VIEW.date_preset, granularity };
  const from = first(query.from);
  const to = first(query.to);
  const ordered = !(isIsoDate(from) && isIsoDate(to) && from > to);
  return {
    date_preset: preset,
    from: ordered && isIsoDate(from) ? from : undefined,
    to: ordered && isIsoDate(to) ? to : undefined,
    granularity,
  };
}

/** The query string of a view: the page's other parameters (the tour's `id`) kept, defaults left out. */
export function reportViewQuery(view: ReportView, current: Query = {}): Query {
  const query: Query = {};
  for (const [key, value] of Object.entries(current))
    if (!(KEYS as readonly string[]).includes(key) && value !== undefined) query[key] = value;
  if (view.date_preset !== DEFAULT_REPORT_VIEW.date_preset) query.date_preset = view.date_preset;
  if (view.date_preset === 'custom_range') {
    if (view.from) query.from = view.from;
    if (view.to) query.to = view.to;
  }
  if (view.granularity !== DEFAULT_REPORT_VIEW.granularity) query.granularity = view.granularity;
  return query;
}

/** The view after choosing a date range: a custom range starts without dates. */
export function withPreset(view: ReportView, value: string): ReportView {
  const preset = PRESET_OPTIONS.find((o) => o.value === value)?.value ?? view.date_preset;
  return { date_preset: preset, granularity: view.granularity };
}

/** The view after choosing a granularity; the range stays. */
export function withGranularity(view: ReportView, value: string): ReportView {
  const granularity = GRANULARITY_OPTIONS.find((o) => o.value === value)?.value;
  return { ...view, granularity: granularity ?? view.granularity };
}

/** The API query of a view; null while a custom range lacks a date (nothing to ask yet). */
export function reportApiQuery(view: ReportView): FlowReportQuery | null {
  if (view.date_preset !== 'custom_range')
    return { date_preset: view.date_preset, granularity: view.granularity };
  if (!view.from || !view.to) return null;
  return {
    date_preset: 'custom_range',
    from: view.from,
    to: view.to,
    granularity: view.granularity,
  };
}

/**
 * How a series bucket is named: days and weeks (by their first day) as dd-MM-yyyy, months as
 * MM-yyyy. A bucket that is not a date shows as it came.
 */
export function bucketLabel(bucket: string, granularity: ReportGranularity): string {
  const day = /^\d{4}-\d{2}(-\d{2})?/.exec(bucket)?.[0];
  if (!day) return bucket;
  if (granularity === 'month') return `${day.slice(5, 7)}-${day.slice(0, 4)}`;
  return day.length === 10 ? formatDate(day) : bucket;
}
