import type {
  FunnelQuery,
  ReportChart,
  ReportInput,
  RetentionQuery,
  SavedReport,
  TrendQuery,
} from '@/lib/contracts/reports';
import type { DatePreset, ReportGranularity } from '@/lib/contracts/flow-runtime';

/** The three kinds of report (docs/reports.md). */
export type ReportType = 'trend' | 'funnel' | 'retention';

export const REPORT_TYPE_LABELS: Record<ReportType, string> = {
  trend: 'Trend',
  funnel: 'Funnel',
  retention: 'Retention',
};

/** What the report builder edits: the body of POST/PUT /v1/reports. */
export type ReportForm = Omit<ReportInput, 'brand_id' | 'query' | 'chart' | 'pinned'> & {
  brand_id: number;
  query: TrendQuery | FunnelQuery | RetentionQuery;
  chart: ReportChart;
  pinned: boolean;
};

const RANGE = { date_preset: 'past_30_day' as DatePreset };

/** A new query of one type with the builder's starting values. */
export function newQuery(type: ReportType, brandId: number): ReportForm['query'] {
  if (type === 'trend')
    return {
      brand_id: brandId,
      type,
      series: [{ event: '', measure: 'total', filters: [] }],
      granularity: 'day',
      compare: false,
      ...RANGE,
    };
  if (type === 'funnel')
    return {
      brand_id: brandId,
      type,
      steps: [
        { event: '', filters: [] },
        { event: '', filters: [] },
      ],
      window: { value: 7, unit: 'days' },
      ...RANGE,
    };
  return {
    brand_id: brandId,
    type,
    start_event: '',
    return_event: '',
    period: 'week',
    intervals: 8,
    ...RANGE,
  };
}

/** An empty report of a product. */
export function newReportForm(brandId: number, type: ReportType = 'trend'): ReportForm {
  return {
    brand_id: brandId,
    name: '',
    query: newQuery(type, brandId),
    chart: { kind: 'line', stacked: false },
    pinned: true,
  };
}

/** The form of a saved report. */
export function formOfReport(report: SavedReport): ReportForm {
  return {
    brand_id: report.brand_id,
    name: report.name,
    query: structuredClone(report.query) as ReportForm['query'],
    chart: { ...report.chart },
    pinned: report.pinned,
  };
}

/** The events a query already names, in order (a new type starts from them). */
export function eventsOf(query: ReportForm['query']): string[] {
  if (query.type === 'trend') return query.series.map((s) => s.event);
  if (query.type === 'funnel') return query.steps.map((s) => s.event);
  return [query.start_event, query.return_event];
}

/**
 * The form after choosing another type: the product, date range and the events already chosen
 * carry over (a trend of "Signed Up" becomes a funnel starting with "Signed Up").
 */
export function withType(form: ReportForm, type: ReportType): ReportForm {
  if (form.query.type === type) return form;
  const next = newQuery(type, form.brand_id);
  const events = eventsOf(form.query).filter(Boolean);
  Object.assign(next, {
    date_preset: form.query.date_preset,
    from: form.query.from,
    to: form.query.to,
  });
  const granularity: ReportGranularity | undefined =
    form.query.type === 'trend'
      ? form.query.granularity
      : form.query.type === 'retention'
        ? form.query.period
        : undefined;
  if (next.type === 'trend') {
    if (events.length)
      next.series = events.map((event) => ({ event, measure: 'total', filters: [] }));
    if (granularity) next.granularity = granularity;
  } else if (next.type === 'funnel') {
    events.slice(0, 10).forEach((event, i) => {
      next.steps[i] = { event, filters: [] };
    });
  } else {
    next.start_event = events[0] ?? '';
    next.return_event = events[1] ?? events[0] ?? '';
    if (granularity) next.period = granularity;
  }
  return {
    ...form,
    query: next,
    chart: type === 'trend' ? form.chart : { kind: 'line', stacked: false },
  };
}

/** The form with another product: every part of the query follows (events are per product). */
export function withBrand(form: ReportForm, brandId: number): ReportForm {
  return { ...form, brand_id: brandId, query: { ...form.query, brand_id: brandId } };
}
