import { z } from 'zod';
import { FILTER_OPERATORS, CONDITION_TYPES, type ConditionType } from '../conditions';
import { brandIdField, pageCursor, requiredText, withoutNul } from './common';
import { DATE_PRESETS, REPORT_GRANULARITIES } from './flow-runtime';
import { TIME_UNIT_MS, timeUnitField, timeUnitOf, type TimeUnit } from '../time-units';

/**
 * Reports' wire format (docs/reports.md): the query bodies of `POST v1/reports/query` and of
 * saved reports, validated by the server with these schemas and filled in by the report builder.
 */

export const TREND_MEASURES = ['total', 'unique', 'per_user', 'sum', 'avg'] as const;
export type TrendMeasure = (typeof TREND_MEASURES)[number];
/** Measures that read a numeric event property. */
export const PROPERTY_MEASURES: readonly TrendMeasure[] = ['sum', 'avg'];

export const REPORT_LIMITS = {
  series: 10,
  filtersPerSeries: 10,
  /** Filters of a whole report, every series or step together (docs/reports.md, "Limits"). */
  filtersPerReport: 20,
  /** Breakdown values shown on their own; the rest are summed up as "Other". */
  breakdownTop: 10,
  /** Points one series may hold (a day granularity over years stops here). */
  buckets: 1_000,
} as const;

/** The breakdown value standing for every value outside the top ones. */
export const OTHER_BREAKDOWN = '$other';

export const PROPERTY_TYPES = ['string', 'number', 'boolean'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

/** Filter operators per property type: the profile filter's, with `between` for numbers. */
export const PROPERTY_OPERATORS = {
  string: FILTER_OPERATORS.string,
  number: [...FILTER_OPERATORS.number, 'between', 'empty', 'not_empty'],
  boolean: CONDITION_TYPES.boolean,
} as const satisfies Record<PropertyType, readonly ConditionType[]>;

const VALUELESS = new Set<string>(['empty', 'not_empty']);

/**
 * An event property name: any text but quotes, backslashes and `*` (it becomes a quoted JSON path
 * on one engine, where `"*"` is the wildcard of every property), at most 255 characters.
 */
export const propertyName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(255, { error: `${label} must be at most 255 characters` })
    .refine((v) => withoutNul(v) && !/["\\]/.test(v), {
      error: `${label} must not contain quotes or backslashes`,
    })
    .refine((v) => !v.includes('*'), {
      error: `${label} must not contain * (it would stand for every property)`,
    });

/** Every list of filters of a report together stays within REPORT_LIMITS.filtersPerReport. */
const withinFilterCap = <T extends { filters?: unknown[] }>(parts: T[]) =>
  parts.reduce((n, p) => n + (p.filters?.length ?? 0), 0) <= REPORT_LIMITS.filtersPerReport;
const FILTER_CAP_MESSAGE = `A report takes at most ${REPORT_LIMITS.filtersPerReport} filters in all`;

const eventCode = z
  .string({ error: 'Event is required' })
  .trim()
  .min(1, { error: 'Event is required' })
  .max(255, { error: 'Event must be at most 255 characters' })
  .refine(withoutNul, { error: 'Event must not contain NUL characters' });

const finite = (v: unknown) => typeof v === 'number' && Number.isFinite(v);

/**
 * Where a breakdown or a filter reads its value: the event's own property, the customer's
 * attribute or their metadata, as their profile shows it (docs/reports.md, "Customer
 * attributes").
 */
export const BREAKDOWN_SOURCES = ['event', 'profile', 'metadata'] as const;
export type BreakdownSource = (typeof BREAKDOWN_SOURCES)[number];
const sourceField = (label: string) =>
  z.enum(BREAKDOWN_SOURCES, { error: `${label} source must be event, profile or metadata` });

/**
 * The attributes the server derives from every event (its request's user agent and location),
 * kept as columns of the event: a profile shows each customer's latest one.
 */
export const DERIVED_ATTRIBUTES = ['country', 'browser', 'os', 'device'] as const;
export type DerivedAttribute = (typeof DERIVED_ATTRIBUTES)[number];
export const isDerivedAttribute = (key: string): key is DerivedAttribute =>
  (DERIVED_ATTRIBUTES as readonly string[]).includes(key);

export const propertyFilter = z
  .object({
    property: propertyName('Filter property'),
    /** The event's property (when left out) or the customer's attribute. */
    source: sourceField('Filter').optional(),
    type: z.enum(PROPERTY_TYPES, { error: 'Filter type must be string, number or boolean' }),
    operator: z.string({ error: 'Filter operator is required' }),
    value: z
      .union([
        z.string().max(255, { error: 'Filter value must be at most 255 characters' }),
        z.number(),
        z.boolean(),
        z.object({ from: z.number(), to: z.number() }),
      ])
      .optional(),
  })
  .superRefine((f, ctx) => {
    const allowed: readonly string[] = PROPERTY_OPERATORS[f.type];
    if (!allowed.includes(f.operator)) {
      ctx.addIssue({
        code: 'custom',
        path: ['operator'],
        message: `Filter operator must be one of ${allowed.join(', ')} for a ${f.type} property`,
      });
      return;
    }
    if (VALUELESS.has(f.operator)) return;
    const v = f.value;
    const problem =
      v === undefined || v === ''
        ? 'Filter value is required'
        : f.operator === 'between'
          ? typeof v !== 'object' || !finite(v.from) || !finite(v.to) || v.from > v.to
            ? 'Filter value must be a range {from, to} with from not above to'
            : null
          : f.type === 'number'
            ? !finite(typeof v === 'string' ? Number(v) : v)
              ? 'Filter value must be a number'
              : null
            : f.type === 'boolean'
              ? typeof v !== 'boolean' && v !== 'true' && v !== 'false'
                ? 'Filter value must be true or false'
                : null
              : typeof v === 'object'
                ? 'Filter value must be text'
                : null;
    if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem });
  });
export type PropertyFilter = z.output<typeof propertyFilter>;

export const trendSeries = z
  .object({
    event: eventCode,
    measure: z.enum(TREND_MEASURES, {
      error: 'Measure must be total, unique, per_user, sum or avg',
    }),
    property: propertyName('Measured property').optional(),
    filters: z
      .array(propertyFilter)
      .max(REPORT_LIMITS.filtersPerSeries, {
        error: `A series takes at most ${REPORT_LIMITS.filtersPerSeries} filters`,
      })
      .default([]),
  })
  .refine((s) => !PROPERTY_MEASURES.includes(s.measure) || s.property, {
    error: 'Sum and average need a numeric property to measure',
    path: ['property'],
  });
export type TrendSeries = z.output<typeof trendSeries>;

const dateRange = {
  date_preset: z.enum(DATE_PRESETS, {
    error: 'Date preset must be past_7_day, past_30_day, custom_range or all_times',
  }),
  /** YYYY-MM-DD in the product's time zone, `to` included; for custom_range. */
  from: z.string().max(32).optional(),
  to: z.string().max(32).optional(),
};

export const trendQuery = z.object({
  brand_id: brandIdField,
  type: z.literal('trend'),
  series: z
    .array(trendSeries)
    .min(1, { error: 'Add at least one series' })
    .max(REPORT_LIMITS.series, { error: `A trend takes at most ${REPORT_LIMITS.series} series` })
    .refine(withinFilterCap, { error: FILTER_CAP_MESSAGE }),
  breakdown: z
    .object({
      property: propertyName('Breakdown property'),
      source: sourceField('Breakdown').default('event'),
    })
    .optional(),
  granularity: z.enum(REPORT_GRANULARITIES, {
    error: 'Granularity must be day, week or month',
  }),
  ...dateRange,
  compare: z.boolean().default(false),
});
export type TrendQuery = z.input<typeof trendQuery>;

/**
 * The conversion window's units: the API's time units (lib/time-units.ts) of one fixed length
 * that fits the 90-day limit; the singular words (`day`) stay accepted as well.
 */
export const FUNNEL_WINDOW_UNITS = [
  'seconds',
  'minutes',
  'hours',
  'days',
  'weeks',
  'months',
] as const satisfies readonly TimeUnit[];
export type FunnelWindowUnit = (typeof FUNNEL_WINDOW_UNITS)[number];
export const FUNNEL_LIMITS = { minSteps: 2, maxSteps: 10, windowDays: 90 } as const;

/** A conversion window in milliseconds (a month counts 30 days); 0 for an unknown unit. */
export const windowMs = (w: { value: number; unit: string }) => {
  const unit = timeUnitOf(w.unit);
  return unit ? w.value * TIME_UNIT_MS[unit] : 0;
};

export const funnelStep = z.object({
  event: eventCode,
  filters: z
    .array(propertyFilter)
    .max(REPORT_LIMITS.filtersPerSeries, {
      error: `A step takes at most ${REPORT_LIMITS.filtersPerSeries} filters`,
    })
    .default([]),
});

export const funnelQuery = z.object({
  brand_id: brandIdField,
  type: z.literal('funnel'),
  steps: z
    .array(funnelStep)
    .min(FUNNEL_LIMITS.minSteps, {
      error: `A funnel needs at least ${FUNNEL_LIMITS.minSteps} steps`,
    })
    .max(FUNNEL_LIMITS.maxSteps, {
      error: `A funnel takes at most ${FUNNEL_LIMITS.maxSteps} steps`,
    })
    .refine(withinFilterCap, { error: FILTER_CAP_MESSAGE }),
  /** How long after their first step a customer has to reach the last one. */
  window: z
    .object({
      value: z
        .number({ error: 'The conversion window must be a number' })
        .int({ error: 'The conversion window must be a whole number' })
        .min(1, { error: 'The conversion window must be at least 1' }),
      unit: timeUnitField(
        `The window unit must be one of ${FUNNEL_WINDOW_UNITS.join(', ')} (or the same word without its s)`,
        FUNNEL_WINDOW_UNITS,
      ),
    })
    .refine((w) => windowMs(w) <= FUNNEL_LIMITS.windowDays * TIME_UNIT_MS.days, {
      error: `The conversion window must be at most ${FUNNEL_LIMITS.windowDays} days`,
    }),
  ...dateRange,
});
export type FunnelQuery = z.input<typeof funnelQuery>;

/** POST v1/reports/funnel-customers: who is behind one step of a funnel. */
export const funnelCustomersQuery = funnelQuery
  .extend({
    /** 0-based, as in the answer's `steps`. */
    step: z
      .number({ error: 'step must be a step number' })
      .int({ error: 'step must be a step number' })
      .min(0, { error: 'step must be a step number' }),
    outcome: z.enum(['converted', 'dropped'], { error: 'outcome must be converted or dropped' }),
    limit: z.number().int().min(1).max(100).default(50),
  })
  .refine((q) => q.step < q.steps.length, {
    error: 'step must be one of the funnel steps',
    path: ['step'],
  })
  .refine((q) => q.outcome === 'converted' || q.step > 0, {
    error: 'Nobody drops at the first step: choose a later one',
    path: ['step'],
  });
export type FunnelCustomersQuery = z.input<typeof funnelCustomersQuery>;
export type FunnelCustomersBody = z.output<typeof funnelCustomersQuery>;

/** `data` of POST v1/reports/funnel-customers. */
export const funnelCustomersSchema = z.object({
  /** A customer behind a funnel step; `profile_id` links to their profile when there is one. */
  customers: z.array(
    z.object({ customer_key: z.string(), profile_id: z.number().int().nullable() }),
  ),
});
export type FunnelCustomer = z.infer<typeof funnelCustomersSchema>['customers'][number];

export const RETENTION_MAX_INTERVALS = 30;

export const retentionQuery = z.object({
  brand_id: brandIdField,
  type: z.literal('retention'),
  /** Customers enter a cohort with their first such event in the range. */
  start_event: eventCode,
  /** Who may enter: filters on the start event (a customer attribute among them). */
  filters: z
    .array(propertyFilter)
    .max(REPORT_LIMITS.filtersPerSeries, {
      error: `A start event takes at most ${REPORT_LIMITS.filtersPerSeries} filters`,
    })
    .default([]),
  /** What counts as coming back. */
  return_event: eventCode,
  period: z.enum(REPORT_GRANULARITIES, { error: 'Period must be day, week or month' }),
  /** Periods shown per cohort, the cohort's own first. */
  intervals: z
    .number({ error: 'Intervals must be a number' })
    .int({ error: 'Intervals must be a whole number' })
    .min(1, { error: 'Intervals must be at least 1' })
    .max(RETENTION_MAX_INTERVALS, {
      error: `Intervals must be at most ${RETENTION_MAX_INTERVALS}`,
    }),
  ...dateRange,
});
export type RetentionQuery = z.input<typeof retentionQuery>;

/** The body of POST v1/reports/query. */
export const reportQuery = z.discriminatedUnion('type', [trendQuery, funnelQuery, retentionQuery], {
  error: 'Report type must be trend, funnel or retention',
});
export type ReportQuery = z.output<typeof reportQuery>;
export type TrendQueryBody = Extract<ReportQuery, { type: 'trend' }>;
export type FunnelQueryBody = Extract<ReportQuery, { type: 'funnel' }>;
export type RetentionQueryBody = Extract<ReportQuery, { type: 'retention' }>;

// Answers (the server's `schema.response`, docs/api.md): plain output shapes, without the
// transforms of the query schemas. Each schema is the one definition of its shape, and the type is
// inferred from it.

/** The range answered, in the product's time zone (YYYY-MM-DD, both included). */
const answerRange = z.object({
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  preset: z.enum(DATE_PRESETS),
});
export type AnswerRange = z.infer<typeof answerRange>;

const trendPointAnswer = z.object({
  /** First day of the bucket, YYYY-MM-DD in the product's time zone. */
  bucket: z.string(),
  value: z.number(),
});

const trendSeriesAnswer = z.object({
  label: z.string(),
  event: z.string(),
  measure: z.enum(TREND_MEASURES),
  /** With a breakdown: the value, '' for events without the property, OTHER_BREAKDOWN for the rest. */
  breakdown_value: z.string().optional(),
  /** Over the whole range (for unique customers, not the sum of the points). */
  total: z.number(),
  points: z.array(trendPointAnswer),
});
export type TrendSeriesAnswer = z.infer<typeof trendSeriesAnswer>;

const trendAnswerSchema = z.object({
  series: z.array(trendSeriesAnswer),
  /** The same series over the period just before, with `compare`. */
  previous: z.array(trendSeriesAnswer).optional(),
  range: answerRange,
});
export type TrendAnswer = z.infer<typeof trendAnswerSchema>;

/**
 * One funnel step: customers who reached it; conversions as shares (0–1) of the first step and
 * of the step before; the median time from the step before (null for the first step, or when
 * nobody reached it).
 */
const funnelStepAnswer = z.object({
  event: z.string(),
  count: z.number(),
  conversion_from_start: z.number(),
  conversion_from_previous: z.number(),
  median_time_to_convert_ms: z.number().nullable(),
});
export type FunnelStepAnswer = z.infer<typeof funnelStepAnswer>;

const funnelAnswerSchema = z.object({
  steps: z.array(funnelStepAnswer),
  range: answerRange,
});
export type FunnelAnswer = z.infer<typeof funnelAnswerSchema>;

/**
 * A cohort: its first day, how many customers entered, and how many of them came back in each
 * period since (the cohort's own period first), up to today.
 */
const retentionCohort = z.object({
  cohort: z.string(),
  size: z.number(),
  returned: z.array(z.number()),
});
export type RetentionCohort = z.infer<typeof retentionCohort>;

const retentionAnswerSchema = z.object({
  cohorts: z.array(retentionCohort),
  range: answerRange,
});
export type RetentionAnswer = z.infer<typeof retentionAnswerSchema>;

/** `data` of POST v1/reports/query (JSON): each answer has its own key (series, steps, cohorts). */
export const reportAnswerSchema = z.union([
  trendAnswerSchema,
  funnelAnswerSchema,
  retentionAnswerSchema,
]);
export type ReportAnswer = z.infer<typeof reportAnswerSchema>;

export const REPORT_CHART_KINDS = ['line', 'bar', 'table'] as const;

/** The chart of a report saved without one. */
const DEFAULT_CHART = { kind: 'line', stacked: false } as const;

/** How a saved report is drawn. */
export const reportChart = z.strictObject({
  kind: z
    .enum(REPORT_CHART_KINDS, { error: 'Chart must be line, bar or table' })
    .default(DEFAULT_CHART.kind),
  /** Bars of a breakdown stacked instead of side by side. */
  stacked: z.boolean().default(DEFAULT_CHART.stacked),
});
export type ReportChart = z.output<typeof reportChart>;

/**
 * A stored chart as the server reads it back: field by field, a value it no longer knows (an older
 * or odd stored chart) is read as a new report's default, so one such row never fails an answer.
 */
export const storedReportChart = z
  .object({
    kind: z.enum(REPORT_CHART_KINDS).catch(DEFAULT_CHART.kind),
    stacked: z.boolean().catch(DEFAULT_CHART.stacked),
  })
  .catch(DEFAULT_CHART);

/** POST v1/reports and PUT v1/reports/{id}. */
export const reportBody = z
  .object({
    brand_id: brandIdField,
    name: requiredText('Name'),
    query: reportQuery,
    chart: reportChart.default(DEFAULT_CHART),
    /** On the product's dashboard. */
    pinned: z.boolean({ error: 'pinned must be true or false' }).default(false),
  })
  .refine((b) => b.query.brand_id === b.brand_id, {
    error: "The query must be about the report's product",
    path: ['query', 'brand_id'],
  })
  // A saved custom range must have its days, or the report could never be drawn.
  .refine((b) => b.query.date_preset !== 'custom_range' || Boolean(b.query.from && b.query.to), {
    error: 'Choose the From and To dates of the custom range',
    path: ['query', 'from'],
  });
export type ReportBody = z.output<typeof reportBody>;
export type ReportInput = z.input<typeof reportBody>;

/** GET v1/reports: every product of the owner, or one. Newest change first. */
export const listReportsQuery = z.object({
  brand_id: brandIdField.optional(),
  /** Only the reports on (true) or off (false) the dashboard. */
  pinned: z
    .enum(['true', 'false'], { error: 'pinned must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
  search: z.string().max(255).refine(withoutNul).optional(),
  cursor: pageCursor,
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ListReportsQuery = z.infer<typeof listReportsQuery>;

const reportType = z.enum(['trend', 'funnel', 'retention']);

/**
 * A saved report's query as the API answers it: the stored JSON, every key kept (the body it was
 * saved with, `reportQuery` after its defaults). Read loosely, since `reportQuery`'s input
 * transforms (the window unit's spellings) cannot run backwards, and stored rows outlive the
 * contract: a query saved with a date preset since dropped is still answered as stored, so one
 * such row cannot fail the list (docs/reports.md, "Saved reports").
 */
const savedReportQuery = z
  .looseObject({
    brand_id: z.number().int(),
    type: reportType,
    date_preset: z.string().describe(`One of ${DATE_PRESETS.join(', ')} when saved`),
  })
  .describe('The report query as saved: a body of POST /v1/reports/query') as unknown as z.ZodType<
  ReportQuery,
  ReportQuery
>;

/** `data` of GET/POST/PUT v1/reports(/{id}). */
export const savedReportSchema = z.object({
  id: z.number().int(),
  brand_id: z.number().int(),
  /** The product's name, for lists across products. */
  brand_name: z.string(),
  name: z.string(),
  type: reportType,
  query: savedReportQuery,
  /** As stored, read with `storedReportChart`. */
  chart: z.object({ kind: z.enum(REPORT_CHART_KINDS), stacked: z.boolean() }),
  pinned: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedReport = z.infer<typeof savedReportSchema>;

/** `data` of GET v1/reports: one page. */
export const reportListSchema = z.object({
  data: z.array(savedReportSchema),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type ReportList = z.infer<typeof reportListSchema>;
