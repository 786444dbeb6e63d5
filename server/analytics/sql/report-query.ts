import {
  isDerivedAttribute,
  OTHER_BREAKDOWN,
  type BreakdownSource,
  type PropertyFilter,
} from '../../../lib/contracts/reports';
import { toNumber, type RawRow } from '../event-rows';
import type {
  QueryResults,
  QueryShape,
  ReportFunnelCustomersShape,
  ReportFunnelShape,
  ReportRetentionShape,
  ReportTopValuesShape,
  ReportTrendShape,
} from '../types';
import type { Binder, Dialect } from './binder';

/**
 * The report query shapes (docs/reports.md, "How a report is computed"), compiled per dialect
 * with every user value bound. Property filters mean what the profile filter and the flow
 * runtime's evaluator mean (`lib/conditions.ts`): text compared without case, an absent or empty
 * value matching only the negative operators; `report-query.suite.ts` checks both agree.
 */
export type ReportShape =
  | ReportTrendShape
  | ReportTopValuesShape
  | ReportFunnelShape
  | ReportFunnelCustomersShape
  | ReportRetentionShape;

export function isReportShape(shape: QueryShape): shape is ReportShape {
  return (
    shape.kind === 'reportTrend' ||
    shape.kind === 'reportTopValues' ||
    shape.kind === 'reportFunnel' ||
    shape.kind === 'reportFunnelCustomers' ||
    shape.kind === 'reportRetention'
  );
}

/** Builds SQL pieces for one shape; parameter names are numbered so none repeats. */
class ReportSql<P> {
  private n = 0;
  constructor(
    private readonly d: Dialect<P>,
    private readonly b: Binder<P>,
    private readonly brandId: number,
  ) {}

  private name(prefix: string) {
    return `${prefix}${this.n++}`;
  }

  private brand(): string {
    return this.b.bind('brand', 'int', this.brandId);
  }

  /** A property of the event, as text (NULL when absent). */
  property(key: string): string {
    const k = this.b.bind(this.name('key'), 'string', this.d.jsonKeyParam(key));
    return this.d.jsonValue('properties', k);
  }

  /**
   * What an event says of `key`: its property, else, for an attribute the server derives
   * (country, browser, os, device), the value derived for that event.
   */
  eventValue(key: string): string {
    const p = this.property(key);
    return isDerivedAttribute(key) ? `coalesce(${p}, ${key})` : p;
  }

  /**
   * The customer's attribute `key` as their profile shows it (docs/reports.md, "Customer
   * attributes"), joined by customer_key: the value on their latest event that has one, where an
   * identify call's trait has one and, for a derived attribute, every event has the value
   * derived for it (a trait wins on the same event, as profiles merge them). With `metadata`, the
   * key of an identify call's `traits.metadata` instead. NULL when none.
   */
  attribute(key: string, metadata = false): { join: string; value: string } {
    const alias = this.name('pa');
    const read = metadata
      ? this.d.jsonValue(
          this.d.jsonRaw('properties', 'metadata'),
          this.b.bind(this.name('key'), 'string', this.d.jsonKeyParam(key)),
        )
      : this.property(key);
    const trait = `CASE WHEN type = 'identify' THEN ${read} END`;
    const value =
      !metadata && isDerivedAttribute(key)
        ? `coalesce(nullif(${trait}, ''), nullif(${key}, ''))`
        : `nullif(${trait}, '')`;
    // Rows that cannot hold a value are left out before any JSON is read.
    const rows = !metadata && isDerivedAttribute(key) ? '' : ` AND type = 'identify'`;
    const join =
      ` LEFT JOIN (SELECT customer_key AS pk, ${this.d.latest(value, 'timestamp')} AS pv` +
      ` FROM events WHERE brand_id = ${this.brand()}${rows} AND ${value} IS NOT NULL` +
      ` GROUP BY customer_key) ${alias} ON ${alias}.pk = events.customer_key`;
    return { join, value: `${alias}.pv` };
  }

  /** A value of `key` from `source`: the event's (default) or the customer's. */
  read(key: string, source: BreakdownSource | undefined) {
    return source === 'profile' || source === 'metadata'
      ? this.attribute(key, source === 'metadata')
      : { join: '', value: this.eventValue(key) };
  }

  private text(value: unknown): string {
    return this.b.bind(this.name('v'), 'string', String(value ?? '').toLowerCase());
  }

  private number(value: unknown): string {
    return this.b.bind(this.name('v'), 'double', Number(value));
  }

  /**
   * `FROM events WHERE cond`, then the filters (all of them must hold). Each filtered event
   * property is extracted once per row, in a subquery that keeps the alias `events`, however many
   * filters read it and however often each refers to it; each customer attribute is joined once
   * (docs/reports.md, "How a report is computed").
   */
  filtered(cond: string, filters: readonly PropertyFilter[], join = ''): string {
    if (filters.length === 0) return ` FROM events${join} WHERE ${cond}`;
    const columns = new Map<string, string>();
    const extracted: string[] = [];
    const joins: string[] = [];
    for (const f of filters) {
      const id = `${f.source ?? 'event'}:${f.property}`;
      if (columns.has(id)) continue;
      if (f.source === 'profile' || f.source === 'metadata') {
        const attribute = this.attribute(f.property, f.source === 'metadata');
        joins.push(attribute.join);
        columns.set(id, attribute.value);
        continue;
      }
      const column = this.name('pf');
      columns.set(id, column);
      extracted.push(`${this.eventValue(f.property)} AS ${column}`);
    }
    const where = filters.map((f) =>
      this.filter(f, columns.get(`${f.source ?? 'event'}:${f.property}`)),
    );
    if (extracted.length === 0)
      return ` FROM events${joins.join('')}${join} WHERE ${[cond, ...where].join(' AND ')}`;
    const rows = `SELECT *, ${extracted.join(', ')} FROM events WHERE ${cond}${this.d.fence}`;
    return ` FROM (${rows}) events${joins.join('')}${join} WHERE ${where.join(' AND ')}`;
  }

  /** One filter, on `column` (the property already extracted) or the property itself. */
  filter(f: PropertyFilter, column?: string): string {
    const v = column ?? this.eventValue(f.property);
    const empty = `(${v} IS NULL OR ${v} = '' OR ${v} = '[]')`;
    const lower = this.d.lower(v);
    const num = this.d.toDouble(v);
    const d = this.d;
    switch (f.operator) {
      case 'empty':
        return empty;
      case 'not_empty':
        return `NOT ${empty}`;
      case 'exact':
        return `(NOT ${empty} AND ${lower} = ${this.text(f.value)})`;
      case 'not_exact':
        return `(${empty} OR ${lower} <> ${this.text(f.value)})`;
      case 'contain':
        return `(NOT ${empty} AND ${d.contains(lower, this.text(f.value))})`;
      case 'not_contain':
        return `(${empty} OR NOT ${d.contains(lower, this.text(f.value))})`;
      case 'starts_with':
        return `(NOT ${empty} AND ${d.startsWith(lower, this.text(f.value))})`;
      case 'ends_with':
        return `(NOT ${empty} AND ${d.endsWith(lower, this.text(f.value))})`;
      case '=':
        return f.type === 'boolean'
          ? `(NOT ${empty} AND ${lower} = ${this.text(f.value)})`
          : `(NOT ${empty} AND ${num} = ${this.number(f.value)})`;
      case '!=':
        // A value that is no number differs from every number (NaN !== n).
        return `(${empty} OR ${num} IS NULL OR ${num} <> ${this.number(f.value)})`;
      case '>':
      case '>=':
      case '<':
      case '<=':
        return `(NOT ${empty} AND ${num} ${f.operator} ${this.number(f.value)})`;
      case 'between': {
        const range = f.value as { from: number; to: number };
        return `(NOT ${empty} AND ${num} >= ${this.number(range.from)} AND ${num} <= ${this.number(range.to)})`;
      }
      default:
        // The contract admits no other operator; nothing matches one that slips through.
        return '1 = 0';
    }
  }

  measure(shape: { measure: ReportTrendShape['measure']; property: string | null }): string {
    const d = this.d;
    switch (shape.measure) {
      case 'total':
        return 'count(*)';
      case 'unique':
        return d.countDistinct('customer_key');
      case 'per_user':
        return `count(*) / ${d.countDistinct('customer_key')}`;
      case 'sum':
        return `coalesce(sum(${d.toDouble(this.property(shape.property ?? ''))}), 0)`;
      case 'avg':
        return `coalesce(avg(${d.toDouble(this.property(shape.property ?? ''))}), 0)`;
    }
  }

  /** Each event's breakdown value, '' when it has none (the customer's: joined). */
  breakdown(shape: ReportTrendShape | ReportTopValuesShape, key: string) {
    const { join, value } = this.read(key, shape.breakdownSource);
    return { value: `coalesce(${value}, '')`, join };
  }

  /** The events of one series: brand, code, range and filters (all of them must hold). */
  where(shape: ReportTrendShape | ReportTopValuesShape, join = ''): string {
    const b = this.b;
    return this.filtered(
      `brand_id = ${b.bind('brand', 'int', shape.brandId)}` +
        ` AND event = ${b.bind('event', 'string', shape.event)}` +
        ` AND timestamp >= ${b.bind('from', 'timestamp', shape.from)}` +
        ` AND timestamp < ${b.bind('to', 'timestamp', shape.to)}`,
      shape.filters,
      join,
    );
  }
}

/**
 * One CTE per step: step k keeps each customer of step k-1 with the time of their first event
 * of step k at or after their step k-1 time and at most `windowMs` after their step 1 time.
 * Times are epoch milliseconds, so the arithmetic is the same on every engine.
 */
function funnelCtes<P>(
  shape: Omit<ReportFunnelShape, 'kind'>,
  d: Dialect<P>,
  b: Binder<P>,
): string {
  const q = new ReportSql(d, b, shape.brandId);
  const brand = b.bind('brand', 'int', shape.brandId);
  const from = b.bind('from', 'timestamp', shape.from);
  const to = b.bind('to', 'timestamp', shape.to);
  // Bound where used: DuckDB refuses a named parameter the statement does not contain.
  const windowMs = () => b.bind('window', 'double', shape.windowMs);
  const events = (i: number, last: string) => {
    const step = shape.steps[i]!;
    return (
      `SELECT customer_key, ${d.epochMs('timestamp')} AS ms` +
      q.filtered(
        `brand_id = ${brand} AND event = ${b.bind(`event${i}`, 'string', step.event)}` +
          ` AND timestamp >= ${from}${last}`,
        step.filters,
      )
    );
  };
  const ctes = [
    `s0 AS (SELECT customer_key, min(ms) AS t0 FROM (${events(0, ` AND timestamp < ${to}`)}) e0` +
      ` GROUP BY customer_key)`,
  ];
  for (let i = 1; i < shape.steps.length; i++) {
    const kept = Array.from({ length: i }, (_, k) => `p.t${k} AS t${k}`).join(', ');
    const group = Array.from({ length: i }, (_, k) => `p.t${k}`).join(', ');
    ctes.push(
      `s${i} AS (SELECT p.customer_key AS customer_key, ${kept}, min(e.ms) AS t${i}` +
        ` FROM s${i - 1} p INNER JOIN (${events(i, '')}) e ON e.customer_key = p.customer_key` +
        ` WHERE e.ms >= p.t${i - 1} AND e.ms <= p.t0 + ${windowMs()}` +
        ` GROUP BY p.customer_key, ${group})`,
    );
  }
  return `WITH ${ctes.join(', ')}`;
}

function compileFunnel<P>(shape: ReportFunnelShape, d: Dialect<P>, b: Binder<P>): string {
  const counts = shape.steps.map((_, i) =>
    i === 0
      ? `SELECT 0 AS step, count(*) AS n, 0 AS median_ms FROM s0`
      : `SELECT ${i} AS step, count(*) AS n, ${d.median(`t${i} - t${i - 1}`)} AS median_ms FROM s${i}`,
  );
  return `${funnelCtes(shape, d, b)} ${counts.join(' UNION ALL ')}`;
}

/** Who reached step `step` (converted), or reached the one before and not it (dropped). */
function compileFunnelCustomers<P>(
  shape: ReportFunnelCustomersShape,
  d: Dialect<P>,
  b: Binder<P>,
): string {
  const k = shape.step;
  const ctes = funnelCtes({ ...shape, steps: shape.steps.slice(0, k + 1) }, d, b);
  const limit = b.bind('limit', 'uint', shape.limit);
  const who =
    shape.outcome === 'converted'
      ? `SELECT customer_key FROM s${k}`
      : `SELECT customer_key FROM s${k - 1} WHERE customer_key NOT IN (SELECT customer_key FROM s${k})`;
  return `${ctes} ${who} ORDER BY customer_key LIMIT ${limit}`;
}

/**
 * Cohorts by the local bucket of each customer's first start event in the range, joined to
 * their return events at or after it; the service turns buckets into period numbers.
 */
function compileRetention<P>(shape: ReportRetentionShape, d: Dialect<P>, b: Binder<P>): string {
  const brand = b.bind('brand', 'int', shape.brandId);
  const from = b.bind('from', 'timestamp', shape.from);
  const tz = b.bind('tz', 'string', shape.timeZone);
  const cohorts =
    `SELECT customer_key, min(timestamp) AS first_ts` +
    new ReportSql(d, b, shape.brandId).filtered(
      `brand_id = ${brand} AND event = ${b.bind('start', 'string', shape.startEvent)}` +
        ` AND timestamp >= ${from} AND timestamp < ${b.bind('to', 'timestamp', shape.to)}`,
      shape.filters ?? [],
    ) +
    ` GROUP BY customer_key`;
  const returns =
    `SELECT customer_key, timestamp FROM events WHERE brand_id = ${brand}` +
    ` AND event = ${b.bind('return', 'string', shape.returnEvent)} AND timestamp >= ${from}`;
  const cohort = (expr: string) => d.zonedBucket(shape.period, expr, tz);
  return (
    `WITH c AS (${cohorts})` +
    ` SELECT ${cohort('c.first_ts')} AS cohort, ${cohort('r.timestamp')} AS bucket,` +
    ` ${d.countDistinct('c.customer_key')} AS n` +
    ` FROM c INNER JOIN (${returns}) r ON r.customer_key = c.customer_key` +
    ` WHERE r.timestamp >= c.first_ts GROUP BY cohort, bucket` +
    ` UNION ALL SELECT ${cohort('first_ts')} AS cohort, '' AS bucket, count(*) AS n FROM c` +
    ` GROUP BY cohort`
  );
}

export function compileReportQuery<P>(shape: ReportShape, d: Dialect<P>, b: Binder<P>): string {
  if (shape.kind === 'reportFunnel') return compileFunnel(shape, d, b);
  if (shape.kind === 'reportFunnelCustomers') return compileFunnelCustomers(shape, d, b);
  if (shape.kind === 'reportRetention') return compileRetention(shape, d, b);
  const q = new ReportSql(d, b, shape.brandId);
  if (shape.kind === 'reportTopValues') {
    const { value, join } = q.breakdown(shape, shape.breakdown);
    return (
      `SELECT ${value} AS value, ${q.measure(shape)} AS m${q.where(shape, join)}` +
      ` GROUP BY value ORDER BY m DESC, value ASC LIMIT ${b.bind('limit', 'uint', shape.limit)}`
    );
  }
  let breakdown = "''";
  let join = '';
  if (shape.breakdown) {
    const read = q.breakdown(shape, shape.breakdown);
    const value = read.value;
    join = read.join;
    breakdown = shape.top
      ? `CASE WHEN ${b.inStrings(value, 'top', shape.top)} THEN ${value} ELSE ${b.bind('other', 'string', OTHER_BREAKDOWN)} END`
      : value;
  }
  const tz = b.bind('tz', 'string', shape.timeZone);
  const bucket = d.zonedBucket(shape.granularity, 'timestamp', tz);
  const measure = q.measure(shape);
  const where = q.where(shape, join);
  return (
    `SELECT ${bucket} AS bucket, ${breakdown} AS breakdown, ${measure} AS value${where}` +
    ` GROUP BY bucket, breakdown` +
    ` UNION ALL SELECT '' AS bucket, ${breakdown} AS breakdown, ${measure} AS value${where}` +
    ` GROUP BY breakdown`
  );
}

export function readReportRows(
  shape: ReportShape,
  rows: readonly RawRow[],
): QueryResults[ReportShape['kind']] {
  if (shape.kind === 'reportFunnelCustomers') return rows.map((r) => String(r.customer_key));
  if (shape.kind === 'reportRetention')
    return rows.map((r) => {
      const bucket = String(r.bucket ?? '');
      return {
        cohort: String(r.cohort),
        bucket: bucket === '' ? null : bucket,
        customers: toNumber(r.n),
      };
    });
  if (shape.kind === 'reportFunnel')
    return rows
      .map((r) => {
        const step = toNumber(r.step);
        const customers = toNumber(r.n);
        const median =
          r.median_ms === null || r.median_ms === undefined ? NaN : toNumber(r.median_ms);
        return {
          step,
          customers,
          medianMs: step === 0 || customers === 0 || !Number.isFinite(median) ? null : median,
        };
      })
      .sort((a, b) => a.step - b.step);
  if (shape.kind === 'reportTopValues')
    return rows.map((r) => ({ value: String(r.value ?? ''), measure: toNumber(r.m) }));
  return rows.map((r) => {
    const bucket = String(r.bucket ?? '');
    return {
      bucket: bucket === '' ? null : bucket,
      breakdown: shape.breakdown ? String(r.breakdown ?? '') : null,
      value: toNumber(r.value),
    };
  });
}
