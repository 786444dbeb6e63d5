import {
  windowMs,
  type FunnelCustomer,
  type FunnelCustomersBody,
  type FunnelQueryBody,
  type FunnelStepAnswer,
} from '../../../lib/contracts/reports';
import type { AnalyticsStore } from '../../analytics/types';
import type { ProfilesRepository } from '../profiles/profiles.repository';
import type { ReportRange } from './report-range';

/** A funnel report's answer from the store's rows; its SQL is `server/analytics/sql/funnel.ts`. */

const share = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

/** A funnel over `range` (docs/reports.md, "Funnels"): one query, every step. */
export async function funnelSteps(
  store: Pick<AnalyticsStore, 'query'>,
  brandId: number,
  q: FunnelQueryBody,
  range: ReportRange,
): Promise<FunnelStepAnswer[]> {
  const rows = await store.query({
    kind: 'reportFunnel',
    brandId,
    steps: q.steps.map((s) => ({ event: s.event, filters: s.filters })),
    from: range.from,
    to: range.to,
    windowMs: windowMs(q.window),
  });
  const counts = q.steps.map((_, i) => rows.find((r) => r.step === i)?.customers ?? 0);
  return q.steps.map((s, i) => ({
    event: s.event,
    count: counts[i]!,
    conversion_from_start: share(counts[i]!, counts[0]!),
    conversion_from_previous:
      i === 0 ? share(counts[0]!, counts[0]!) : share(counts[i]!, counts[i - 1]!),
    median_time_to_convert_ms: rows.find((r) => r.step === i)?.medianMs ?? null,
  }));
}

/** The customers who reached, or dropped at, one step (key order, at most `q.limit`). */
export async function funnelCustomers(
  deps: {
    store: Pick<AnalyticsStore, 'query'>;
    profiles: Pick<ProfilesRepository, 'idsByKeys'>;
  },
  brandId: number,
  q: FunnelCustomersBody,
  range: ReportRange,
): Promise<FunnelCustomer[]> {
  const keys = await deps.store.query({
    kind: 'reportFunnelCustomers',
    brandId,
    steps: q.steps.map((s) => ({ event: s.event, filters: s.filters })),
    from: range.from,
    to: range.to,
    windowMs: windowMs(q.window),
    step: q.step,
    outcome: q.outcome,
    limit: q.limit,
  });
  const ids = await deps.profiles.idsByKeys(brandId, keys);
  return keys.map((key) => ({ customer_key: key, profile_id: ids.get(key) ?? null }));
}
