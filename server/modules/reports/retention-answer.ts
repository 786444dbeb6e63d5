import type { RetentionCohort, RetentionQueryBody } from '../../../lib/contracts/reports';
import { bucketOf, bucketsBetween } from '../../../lib/time-zone';
import type { AnalyticsStore } from '../../analytics/types';
import type { ReportRange } from './report-range';

/** The retention grid from the store's rows; its SQL is `server/analytics/sql/retention.ts`. */

/**
 * The retention grid over `range` (docs/reports.md, "Retention"): every cohort bucket of the
 * range, empty ones included; each cohort's periods run up to the one holding `today`.
 */
export async function retentionCohorts(
  store: Pick<AnalyticsStore, 'query'>,
  input: {
    brandId: number;
    q: RetentionQueryBody;
    range: ReportRange;
    buckets: string[];
    today: string;
  },
): Promise<RetentionCohort[]> {
  const { q, range } = input;
  const rows = await store.query({
    kind: 'reportRetention',
    brandId: input.brandId,
    startEvent: q.start_event,
    filters: q.filters,
    returnEvent: q.return_event,
    period: q.period,
    from: range.from,
    to: range.to,
    timeZone: range.timeZone,
  });
  const current = bucketOf(input.today, q.period);
  return input.buckets.map((cohort) => {
    const elapsed = bucketsBetween(cohort, current, q.period) + 1;
    const returned = new Array<number>(Math.max(0, Math.min(q.intervals, elapsed))).fill(0);
    let size = 0;
    for (const row of rows) {
      if (row.cohort !== cohort) continue;
      if (row.bucket === null) {
        size = row.customers;
        continue;
      }
      const k = bucketsBetween(cohort, row.bucket, q.period);
      if (k >= 0 && k < returned.length) returned[k] = row.customers;
    }
    return { cohort, size, returned };
  });
}
