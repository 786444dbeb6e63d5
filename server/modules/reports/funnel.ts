import {
  windowMs,
  type FunnelQueryBody,
  type FunnelStepAnswer,
} from '../../../lib/contracts/reports';
import type { AnalyticsStore } from '../../analytics/types';
import type { ReportRange } from './report-range';

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
