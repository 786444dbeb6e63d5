import { OTHER_BREAKDOWN } from '../../../lib/contracts/reports';
import { toNumber, type RawRow } from '../event-rows';
import type { QueryResults, ReportTopValuesShape, ReportTrendShape } from '../types';
import type { Binder, Dialect } from './binder';
import { ReportSql } from './report-sql';

/**
 * The trend report's SQL (docs/reports.md, "Trends"): one series per bucket of the product's time
 * zone and over the whole range, per breakdown value; and the breakdown values with the largest
 * measure, which the series keeps apart from "Other".
 */
type SeriesShape = ReportTrendShape | ReportTopValuesShape;

function measure<P>(q: ReportSql<P>, d: Dialect<P>, shape: SeriesShape): string {
  switch (shape.measure) {
    case 'total':
      return 'count(*)';
    case 'unique':
      return d.countDistinct('customer_key');
    case 'per_user':
      return `count(*) / ${d.countDistinct('customer_key')}`;
    case 'sum':
      return `coalesce(sum(${d.toDouble(q.property(shape.property ?? ''))}), 0)`;
    case 'avg':
      return `coalesce(avg(${d.toDouble(q.property(shape.property ?? ''))}), 0)`;
  }
}

/** Each event's breakdown value, '' when it has none (the customer's: joined). */
function breakdownOf<P>(q: ReportSql<P>, shape: SeriesShape, key: string) {
  const { join, value } = q.read(key, shape.breakdownSource);
  return { value: `coalesce(${value}, '')`, join };
}

/** The events of one series: brand, code, range and filters (all of them must hold). */
function where<P>(q: ReportSql<P>, b: Binder<P>, shape: SeriesShape, join = ''): string {
  return q.filtered(
    `${b.brand(shape.brandId)}` +
      ` AND event = ${b.bind('event', 'string', shape.event)}` +
      ` AND timestamp >= ${b.bind('from', 'timestamp', shape.from)}` +
      ` AND timestamp < ${b.bind('to', 'timestamp', shape.to)}`,
    shape.filters,
    join,
  );
}

export function compileTopValues<P>(
  shape: ReportTopValuesShape,
  d: Dialect<P>,
  b: Binder<P>,
): string {
  const q = new ReportSql(d, b, shape.brandId);
  const { value, join } = breakdownOf(q, shape, shape.breakdown);
  return (
    `SELECT ${value} AS value, ${measure(q, d, shape)} AS m${where(q, b, shape, join)}` +
    ` GROUP BY value ORDER BY m DESC, value ASC LIMIT ${b.bind('limit', 'uint', shape.limit)}`
  );
}

/** Per bucket, then over the whole range (bucket ''), per breakdown value ('' without one). */
export function compileTrend<P>(shape: ReportTrendShape, d: Dialect<P>, b: Binder<P>): string {
  const q = new ReportSql(d, b, shape.brandId);
  let breakdown = "''";
  let join = '';
  if (shape.breakdown) {
    const read = breakdownOf(q, shape, shape.breakdown);
    const value = read.value;
    join = read.join;
    breakdown = shape.top
      ? `CASE WHEN ${b.inStrings(value, 'top', shape.top)} THEN ${value} ELSE ${b.bind('other', 'string', OTHER_BREAKDOWN)} END`
      : value;
  }
  const tz = b.bind('tz', 'string', shape.timeZone);
  const bucket = d.zonedBucket(shape.granularity, 'timestamp', tz);
  const m = measure(q, d, shape);
  const rows = where(q, b, shape, join);
  return (
    `SELECT ${bucket} AS bucket, ${breakdown} AS breakdown, ${m} AS value${rows}` +
    ` GROUP BY bucket, breakdown` +
    ` UNION ALL SELECT '' AS bucket, ${breakdown} AS breakdown, ${m} AS value${rows}` +
    ` GROUP BY breakdown`
  );
}

export function readTopValues(rows: readonly RawRow[]): QueryResults['reportTopValues'] {
  return rows.map((r) => ({ value: String(r.value ?? ''), measure: toNumber(r.m) }));
}

export function readTrend(
  shape: ReportTrendShape,
  rows: readonly RawRow[],
): QueryResults['reportTrend'] {
  return rows.map((r) => {
    const bucket = String(r.bucket ?? '');
    return {
      bucket: bucket === '' ? null : bucket,
      breakdown: shape.breakdown ? String(r.breakdown ?? '') : null,
      value: toNumber(r.value),
    };
  });
}
