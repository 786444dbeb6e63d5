import { toNumber, type RawRow } from '../event-rows';
import type { QueryResults, ReportRetentionShape } from '../types';
import type { Binder, Dialect } from './binder';
import { ReportSql } from './report-sql';

/** The retention report's SQL (docs/reports.md, "Retention"). */

/**
 * Cohorts by the local bucket of each customer's first start event in the range, joined to
 * their return events at or after it; the service turns buckets into period numbers.
 */
export function compileRetention<P>(
  shape: ReportRetentionShape,
  d: Dialect<P>,
  b: Binder<P>,
): string {
  const brand = b.brand(shape.brandId);
  const from = b.bind('from', 'timestamp', shape.from);
  const tz = b.bind('tz', 'string', shape.timeZone);
  const cohorts =
    `SELECT customer_key, min(timestamp) AS first_ts` +
    new ReportSql(d, b, shape.brandId).filtered(
      `${brand} AND event = ${b.bind('start', 'string', shape.startEvent)}` +
        ` AND timestamp >= ${from} AND timestamp < ${b.bind('to', 'timestamp', shape.to)}`,
      shape.filters ?? [],
    ) +
    ` GROUP BY customer_key`;
  const returns =
    `SELECT customer_key, timestamp FROM events WHERE ${brand}` +
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

export function readRetention(rows: readonly RawRow[]): QueryResults['reportRetention'] {
  return rows.map((r) => {
    const bucket = String(r.bucket ?? '');
    return {
      cohort: String(r.cohort),
      bucket: bucket === '' ? null : bucket,
      customers: toNumber(r.n),
    };
  });
}
