import type { DatePreset, ReportGranularity } from '@/lib/contracts/flow-runtime';
import {
  OTHER_BREAKDOWN,
  REPORT_LIMITS,
  windowMs,
  type AnswerRange,
  type FunnelAnswer,
  type FunnelCustomer,
  type FunnelCustomersBody,
  type FunnelQueryBody,
  type PropertyFilter,
  type ReportAnswer,
  type RetentionAnswer,
  type RetentionQueryBody,
  type TrendAnswer,
  type TrendMeasure,
  type TrendQueryBody,
  type TrendSeries,
  type TrendSeriesAnswer,
} from '@/lib/contracts/reports';
import { MESSAGES } from '@/lib/messages';
import {
  addDays,
  bucketOf,
  bucketsBetween,
  bucketsOf,
  canonicalTimeZone,
  daysBetween,
  isDay,
  nextBucket,
  zonedDay,
} from '@/lib/time-zone';

/**
 * Made-up but steady answers of `POST /v1/reports/query` for the mock API (docs/reports.md):
 * the server's range rules (lib/time-zone.ts, as server/modules/reports/report-range.ts), and
 * numbers from a hash of the product, the events and the bucket, so the same query always gets
 * the same answer and every answer has the contract's shape and meaning.
 */

/** What a report needs of its product. */
export interface ReportProduct {
  id: number;
  time_zone: string;
  created_at: string;
}

/** The resolved days of a report, both included, on the product's clock. */
export interface MockRange {
  preset: DatePreset;
  fromDay: string;
  toDay: string;
  timeZone: string;
  /** Today on the product's clock: nothing happens after it. */
  today: string;
}

/** A range the API refuses, with its message (400 `invalid_range`). */
export class RangeProblem extends Error {}

/** A number in [0, 1) from the parts, the same on every call (FNV-1a, then mixed). */
export function unitHash(...parts: (string | number)[]): number {
  const text = parts.join('\u0001');
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 2 ** 32;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const share = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

/** As the server: the product's zone, UTC when what is stored is not a zone. */
export const zoneOf = (product: ReportProduct) => canonicalTimeZone(product.time_zone) ?? 'UTC';

/**
 * As the server's `reportRange`: the past 7 or 30 days end today; a custom range is given in
 * days; all time starts on the day the product was created. Throws a RangeProblem.
 */
export function resolveRange(
  q: { date_preset: DatePreset; from?: string; to?: string },
  product: ReportProduct,
  now = Date.now(),
): MockRange {
  const timeZone = zoneOf(product);
  const today = zonedDay(now, timeZone);
  const range = (fromDay: string, toDay: string) => ({
    preset: q.date_preset,
    fromDay,
    toDay,
    timeZone,
    today,
  });
  switch (q.date_preset) {
    case 'past_7_day':
      return range(addDays(today, -6), today);
    case 'past_30_day':
      return range(addDays(today, -29), today);
    case 'custom_range':
      if (!isDay(q.from)) throw new RangeProblem(MESSAGES.flows.reportFromDate);
      if (!isDay(q.to)) throw new RangeProblem(MESSAGES.flows.reportToDate);
      if (q.from > q.to) throw new RangeProblem(MESSAGES.flows.reportRangeOrder);
      return range(q.from, q.to);
    case 'all_times': {
      const created = zonedDay(Date.parse(product.created_at), timeZone);
      return range(created < today ? created : today, today);
    }
  }
}

/** The same number of days just before `range`. */
export function previousRange(range: MockRange): MockRange {
  const days = daysBetween(range.fromDay, range.toDay) + 1;
  const toDay = addDays(range.fromDay, -1);
  return { ...range, fromDay: addDays(toDay, -(days - 1)), toDay };
}

/** Every bucket of the range, oldest first; a RangeProblem past REPORT_LIMITS.buckets. */
export function rangeBuckets(range: MockRange, granularity: ReportGranularity): string[] {
  const buckets = bucketsOf(range.fromDay, range.toDay, granularity, REPORT_LIMITS.buckets);
  if (buckets.length > REPORT_LIMITS.buckets)
    throw new RangeProblem(MESSAGES.flows.reportTooManyBuckets(REPORT_LIMITS.buckets));
  return buckets;
}

const answerRange = (range: MockRange): AnswerRange => ({
  from: range.fromDay,
  to: range.toDay,
  time_zone: range.timeZone,
  preset: range.preset,
});

/** Days of [first, last] inside the range and not after today. */
function activeDays(range: MockRange, first: string, last: string): number {
  const from = first > range.fromDay ? first : range.fromDay;
  const lastSeen = range.toDay < range.today ? range.toDay : range.today;
  const to = last < lastSeen ? last : lastSeen;
  return from > to ? 0 : daysBetween(from, to) + 1;
}

/** Events of one kind per day on a product: between 20 and 200. */
const dailyBase = (brandId: number, event: string) =>
  20 + Math.floor(unitHash(brandId, event) * 180);

/** The share of events left by a series' or step's filters (each keeps 25 to 85 %). */
const filterFactor = (filters: readonly PropertyFilter[]) =>
  filters.reduce((f, filter) => f * (0.25 + 0.6 * unitHash('filter', JSON.stringify(filter))), 1);

// ---- trends ----------------------------------------------------------------------------------

/** Breakdown values the mock knows for common properties; others get made-up ones. */
const KNOWN_VALUES: Record<string, string[]> = {
  country: ['US', 'GB', 'DE', 'FR', 'VN', 'JP', 'BR', 'IN', 'CA', 'AU', 'ES', 'IT', 'NL'],
  coupon: ['', 'WELCOME10', 'SPRING', 'FREESHIP', 'VIP20'],
  browser: ['Chrome', 'Safari', 'Firefox', 'Edge', 'Opera'],
  os: ['Windows', 'macOS', 'iOS', 'Android', 'Linux'],
  device: ['desktop', 'mobile', 'tablet'],
  plan: ['free', 'starter', 'growth', 'enterprise'],
};

/** Every value a property takes, with the share of events holding it (largest first, mostly). */
export function breakdownValues(property: string): { value: string; weight: number }[] {
  const known = KNOWN_VALUES[property.toLowerCase()];
  const values = known ?? [
    ...Array.from(
      { length: 2 + Math.floor(unitHash('values', property) * 12) },
      (_, i) => `${property} ${i + 1}`,
    ),
    ...(unitHash('none', property) < 0.5 ? [''] : []),
  ];
  const raw = values.map((_, i) => (0.8 + 0.4 * unitHash('weight', property, i)) / (i + 1));
  const sum = raw.reduce((a, b) => a + b, 0);
  return values.map((value, i) => ({ value, weight: raw[i]! / sum }));
}

/** Events, distinct customers and the measured property's sum, in one bucket of one line. */
interface Cell {
  count: number;
  customers: number;
  amount: number;
}

const MEASURE_LABELS: Record<TrendMeasure, (property?: string) => string> = {
  total: () => 'total',
  unique: () => 'unique customers',
  per_user: () => 'per customer',
  sum: (p) => `sum of ${p}`,
  avg: (p) => `average of ${p}`,
};

function measured(measure: TrendMeasure, c: Cell): number {
  switch (measure) {
    case 'total':
      return c.count;
    case 'unique':
      return c.customers;
    case 'per_user':
      return round2(share(c.count, c.customers));
    case 'sum':
      return round2(c.amount);
    case 'avg':
      return round2(share(c.amount, c.count));
  }
}

const addCells = (a: Cell, b: Cell): Cell => ({
  count: a.count + b.count,
  customers: a.customers + b.customers,
  amount: a.amount + b.amount,
});
const EMPTY: Cell = { count: 0, customers: 0, amount: 0 };

/** One line's cells per bucket: the product's daily events times the days the bucket covers. */
function lineCells(
  brandId: number,
  series: TrendSeries,
  value: { value: string; weight: number } | null,
  range: MockRange,
  granularity: ReportGranularity,
  buckets: string[],
): Cell[] {
  const base = dailyBase(brandId, series.event) * filterFactor(series.filters);
  const price = 20 + 80 * unitHash('price', brandId, series.event, series.property ?? '');
  const key = value?.value ?? '';
  return buckets.map((bucket) => {
    const days = activeDays(range, bucket, addDays(nextBucket(bucket, granularity), -1));
    if (days === 0) return EMPTY;
    const weekday = new Date(`${bucket}T00:00:00Z`).getUTCDay();
    const weekend = granularity === 'day' && (weekday === 0 || weekday === 6) ? 0.7 : 1;
    const jitter = 0.6 + 0.8 * unitHash(brandId, series.event, bucket, key);
    const count = Math.round(base * (value?.weight ?? 1) * days * weekend * jitter);
    const customers = Math.round(
      count * (0.45 + 0.2 * unitHash('customers', series.event, bucket, key)),
    );
    const amount = count * price * (0.85 + 0.3 * unitHash('amount', series.event, bucket, key));
    return { count, customers: Math.min(count, Math.max(customers, count > 0 ? 1 : 0)), amount };
  });
}

/** Over the whole range: distinct customers are fewer than the sum of the buckets'. */
function totalOf(cells: Cell[]): Cell {
  const sum = cells.reduce(addCells, EMPTY);
  const most = Math.max(0, ...cells.map((c) => c.customers));
  const customers = cells.length > 1 ? Math.max(most, Math.round(sum.customers * 0.8)) : most;
  return { ...sum, customers };
}

function answerLine(
  series: TrendSeries,
  breakdown: string | null,
  value: string,
  cells: Cell[],
  buckets: string[],
): TrendSeriesAnswer {
  const shown = value === OTHER_BREAKDOWN ? 'Other' : value === '' ? '(none)' : value;
  const label = breakdown
    ? `${series.event} · ${shown}`
    : series.measure === 'total'
      ? series.event
      : `${series.event} · ${MEASURE_LABELS[series.measure](series.property)}`;
  return {
    label,
    event: series.event,
    measure: series.measure,
    ...(breakdown ? { breakdown_value: value } : {}),
    total: measured(series.measure, totalOf(cells)),
    points: buckets.map((bucket, i) => ({ bucket, value: measured(series.measure, cells[i]!) })),
  };
}

/**
 * One series over a range: a line, or the top values of the breakdown by the measure (or the
 * `keep` ones, for the period compared), then "Other" when more values exist.
 */
function trendLines(
  brandId: number,
  q: TrendQueryBody,
  series: TrendSeries,
  range: MockRange,
  keep?: string[],
): TrendSeriesAnswer[] {
  const buckets = rangeBuckets(range, q.granularity);
  const breakdown = q.breakdown?.property ?? null;
  if (!breakdown) {
    const cells = lineCells(brandId, series, null, range, q.granularity, buckets);
    return [answerLine(series, null, '', cells, buckets)];
  }
  const lines = breakdownValues(breakdown).map((v) => ({
    value: v.value,
    cells: lineCells(brandId, series, v, range, q.granularity, buckets),
  }));
  const ranked = lines
    .filter((l) => totalOf(l.cells).count > 0)
    .sort(
      (a, b) =>
        measured(series.measure, totalOf(b.cells)) - measured(series.measure, totalOf(a.cells)),
    );
  // As the store: a range without events has no values at all.
  if (ranked.length === 0 && !keep) return [];
  const top = keep ?? ranked.slice(0, REPORT_LIMITS.breakdownTop).map((l) => l.value);
  const rest = lines.filter((l) => !top.includes(l.value) && totalOf(l.cells).count > 0);
  const shown = top.map((value) => ({
    value,
    cells: lines.find((l) => l.value === value)?.cells ?? buckets.map(() => EMPTY),
  }));
  if (rest.length > 0)
    shown.push({
      value: OTHER_BREAKDOWN,
      cells: buckets.map((_, i) => rest.reduce((sum, l) => addCells(sum, l.cells[i]!), EMPTY)),
    });
  return shown.map((l) => answerLine(series, breakdown, l.value, l.cells, buckets));
}

export function mockTrend(brandId: number, q: TrendQueryBody, range: MockRange): TrendAnswer {
  const lines = q.series.map((s) => trendLines(brandId, q, s, range));
  const answer: TrendAnswer = { series: lines.flat(), range: answerRange(range) };
  if (!q.compare) return answer;
  // The period before is split by the same values, line for line.
  const before = previousRange(range);
  answer.previous = q.series.flatMap((s, i) =>
    trendLines(
      brandId,
      q,
      s,
      before,
      q.breakdown
        ? lines[i]!.map((l) => l.breakdown_value ?? '').filter((v) => v !== OTHER_BREAKDOWN)
        : undefined,
    ),
  );
  return answer;
}

// ---- funnels ---------------------------------------------------------------------------------

/** Customers reaching each step: the first step's from the range, then 30–85 % of the one before. */
function funnelCounts(brandId: number, q: FunnelQueryBody, range: MockRange): number[] {
  const days = activeDays(range, range.fromDay, range.toDay);
  const [first, ...rest] = q.steps;
  // Keys stay 4 digits (cus_1000 to cus_8999), so key order is entry order.
  const entered = Math.min(
    8000,
    Math.round(dailyBase(brandId, first!.event) * filterFactor(first!.filters) * days * 0.35),
  );
  const minutes = windowMs(q.window) / 60_000;
  const patience = Math.min(1, 0.55 + 0.1 * Math.log10(minutes + 1));
  const counts = [entered];
  rest.forEach((step, i) => {
    const before = q.steps[i]!.event;
    const rate =
      (0.3 + 0.55 * unitHash('funnel', brandId, before, step.event, i)) *
      patience *
      filterFactor(step.filters);
    counts.push(Math.floor(counts[i]! * rate));
  });
  return counts;
}

export function mockFunnel(brandId: number, q: FunnelQueryBody, range: MockRange): FunnelAnswer {
  const counts = funnelCounts(brandId, q, range);
  const window = windowMs(q.window);
  return {
    steps: q.steps.map((step, i) => ({
      event: step.event,
      count: counts[i]!,
      conversion_from_start: share(counts[i]!, counts[0]!),
      conversion_from_previous: share(counts[i]!, counts[i === 0 ? 0 : i - 1]!),
      median_time_to_convert_ms:
        i === 0 || counts[i] === 0
          ? null
          : Math.round(window * (0.04 + 0.3 * unitHash('median', brandId, step.event, i))),
    })),
    range: answerRange(range),
  };
}

/** A funnel's customer number `i` in key order (the demo profiles are cus_1000 onwards). */
export const funnelCustomerKey = (i: number) => `cus_${1000 + i}`;

/**
 * Who reached a step (the first `count` customers in key order), or reached the step before
 * and not that one; the profile of the product with that key, when there is one.
 */
export function mockFunnelCustomers(
  brandId: number,
  q: FunnelCustomersBody,
  range: MockRange,
  profileIdOf: (customerKey: string) => number | null,
): FunnelCustomer[] {
  const counts = funnelCounts(brandId, q, range);
  const [from, to] =
    q.outcome === 'converted' ? [0, counts[q.step]!] : [counts[q.step]!, counts[q.step - 1]!];
  const keys = Array.from({ length: Math.max(0, Math.min(q.limit, to - from)) }, (_, i) =>
    funnelCustomerKey(from + i),
  );
  return keys.map((customer_key) => ({ customer_key, profile_id: profileIdOf(customer_key) }));
}

// ---- retention -------------------------------------------------------------------------------

export function mockRetention(
  brandId: number,
  q: RetentionQueryBody,
  range: MockRange,
): RetentionAnswer {
  const current = bucketOf(range.today, q.period);
  const base = dailyBase(brandId, q.start_event);
  const decay = 0.55 + 0.3 * unitHash('decay', brandId, q.start_event, q.return_event);
  const cohorts = rangeBuckets(range, q.period).map((cohort) => {
    const elapsed = bucketsBetween(cohort, current, q.period) + 1;
    const length = Math.max(0, Math.min(q.intervals, elapsed));
    const days = activeDays(range, cohort, addDays(nextBucket(cohort, q.period), -1));
    const size =
      days === 0
        ? 0
        : Math.round(base * days * 0.25 * (0.7 + 0.6 * unitHash('cohort', brandId, cohort)));
    // Their own first start event counts as a return when both events are the same.
    const first =
      q.start_event === q.return_event
        ? size
        : Math.round(size * (0.35 + 0.4 * unitHash('first', brandId, q.return_event, cohort)));
    const returned: number[] = [];
    for (let k = 0; k < length; k += 1) {
      const jitter = 0.9 + 0.2 * unitHash('return', brandId, cohort, k);
      const n = k === 0 ? first : Math.round(first * decay ** k * jitter);
      returned.push(k === 0 ? n : Math.min(n, returned[k - 1]!));
    }
    return { cohort, size, returned };
  });
  return { cohorts, range: answerRange(range) };
}

// ---- CSV -------------------------------------------------------------------------------------

/** As the server's CSV cell: formulas defused with an apostrophe; `,;` tabs and quotes quoted. */
function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",;\t\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
const csvLine = (cells: (string | number)[]) => cells.map(csvCell).join(',');
const csvText = (lines: string[]) => lines.join('\r\n') + '\r\n';

/** `?format=csv`: the answer as the server writes it (server/modules/reports/report-csv.ts). */
export function mockReportCsv(answer: ReportAnswer): string {
  if ('steps' in answer)
    return csvText([
      csvLine([
        'step',
        'event',
        'count',
        'conversion_from_start',
        'conversion_from_previous',
        'median_time_to_convert_ms',
      ]),
      ...answer.steps.map((s, i) =>
        csvLine([
          i + 1,
          s.event,
          s.count,
          s.conversion_from_start,
          s.conversion_from_previous,
          s.median_time_to_convert_ms ?? '',
        ]),
      ),
    ]);
  if ('cohorts' in answer)
    return csvText([
      csvLine(['cohort', 'size', 'period', 'returned']),
      ...answer.cohorts.flatMap((c) => c.returned.map((n, k) => csvLine([c.cohort, c.size, k, n]))),
    ]);
  const rows = (period: string, series: TrendSeriesAnswer[]) =>
    series.flatMap((s) =>
      s.points.map((p) =>
        csvLine([period, s.label, s.event, s.measure, s.breakdown_value ?? '', p.bucket, p.value]),
      ),
    );
  return csvText([
    csvLine(['period', 'series', 'event', 'measure', 'breakdown', 'bucket', 'value']),
    ...rows('current', answer.series),
    ...rows('previous', answer.previous ?? []),
  ]);
}
