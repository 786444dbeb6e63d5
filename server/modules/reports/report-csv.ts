import type {
  FunnelAnswer,
  ReportAnswer,
  RetentionAnswer,
  TrendAnswer,
  TrendSeriesAnswer,
} from '../../../lib/contracts/reports';

/**
 * A cell as RFC 4180 text. Text a spreadsheet would run as a formula (=, +, -, @, tab, CR at
 * the start) is prefixed with an apostrophe: event names and property values come from
 * customers' sites.
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  // Quoted also for ";" and tab: spreadsheets in some locales split cells on them.
  return /[",;\t\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const line = (cells: (string | number)[]) => cells.map(csvCell).join(',');

function seriesLines(period: string, series: TrendSeriesAnswer[]): string[] {
  return series.flatMap((s) =>
    s.points.map((p) =>
      line([period, s.label, s.event, s.measure, s.breakdown_value ?? '', p.bucket, p.value]),
    ),
  );
}

/** One row per series and bucket; the compared period's rows after the current ones. */
export function trendCsv(answer: TrendAnswer): string {
  const header = line(['period', 'series', 'event', 'measure', 'breakdown', 'bucket', 'value']);
  return (
    [
      header,
      ...seriesLines('current', answer.series),
      ...seriesLines('previous', answer.previous ?? []),
    ].join('\r\n') + '\r\n'
  );
}

/** One row per step. */
export function funnelCsv(answer: FunnelAnswer): string {
  const header = line([
    'step',
    'event',
    'count',
    'conversion_from_start',
    'conversion_from_previous',
    'median_time_to_convert_ms',
  ]);
  const rows = answer.steps.map((s, i) =>
    line([
      i + 1,
      s.event,
      s.count,
      s.conversion_from_start,
      s.conversion_from_previous,
      s.median_time_to_convert_ms ?? '',
    ]),
  );
  return [header, ...rows].join('\r\n') + '\r\n';
}

/** One row per cohort and period since it (0 = the cohort's own period). */
export function retentionCsv(answer: RetentionAnswer): string {
  const header = line(['cohort', 'size', 'period', 'returned']);
  const rows = answer.cohorts.flatMap((c) =>
    c.returned.map((n, k) => line([c.cohort, c.size, k, n])),
  );
  return [header, ...rows].join('\r\n') + '\r\n';
}

export function reportCsv(answer: ReportAnswer): string {
  if ('steps' in answer) return funnelCsv(answer);
  if ('cohorts' in answer) return retentionCsv(answer);
  return trendCsv(answer);
}
