import { toNumber, type RawRow } from '../event-rows';
import type { QueryResults, ReportFunnelCustomersShape, ReportFunnelShape } from '../types';
import type { Binder, Dialect } from './binder';
import { ReportSql } from './report-sql';

/**
 * The funnel report's SQL (docs/reports.md, "Funnels"): how many customers reached each step, in
 * order and within the window, with the median time from the step before; and who is behind
 * one step's count.
 */

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
  const brand = b.brand(shape.brandId);
  const from = b.bind('from', 'timestamp', shape.from);
  const to = b.bind('to', 'timestamp', shape.to);
  // Bound where used: DuckDB refuses a named parameter the statement does not contain.
  const windowMs = () => b.bind('window', 'double', shape.windowMs);
  const events = (i: number, last: string) => {
    const step = shape.steps[i]!;
    return (
      `SELECT customer_key, ${d.epochMs('timestamp')} AS ms` +
      q.filtered(
        `${brand} AND event = ${b.bind(`event${i}`, 'string', step.event)}` +
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

export function compileFunnel<P>(shape: ReportFunnelShape, d: Dialect<P>, b: Binder<P>): string {
  const counts = shape.steps.map((_, i) =>
    i === 0
      ? `SELECT 0 AS step, count(*) AS n, 0 AS median_ms FROM s0`
      : `SELECT ${i} AS step, count(*) AS n, ${d.median(`t${i} - t${i - 1}`)} AS median_ms FROM s${i}`,
  );
  return `${funnelCtes(shape, d, b)} ${counts.join(' UNION ALL ')}`;
}

/** Who reached step `step` (converted), or reached the one before and not it (dropped). */
export function compileFunnelCustomers<P>(
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

export function readFunnel(rows: readonly RawRow[]): QueryResults['reportFunnel'] {
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
}

export function readFunnelCustomers(
  rows: readonly RawRow[],
): QueryResults['reportFunnelCustomers'] {
  return rows.map((r) => String(r.customer_key));
}
