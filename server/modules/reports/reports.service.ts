import {
  OTHER_BREAKDOWN,
  type AnswerRange,
  type FunnelCustomersBody,
  type ReportAnswer,
  type ReportQuery,
  type TrendQueryBody,
  type TrendSeriesAnswer,
} from '../../../lib/contracts/reports';
import type { AnalyticsStore } from '../../analytics/types';
import type { BrandAccess } from '../brands/brand-access';
import type { ProfilesRepository } from '../profiles/profiles.repository';
import { canonicalTimeZone, zonedDay } from '../../../lib/time-zone';
import { funnelCustomers, funnelSteps } from './funnel-answer';
import { previousRange, rangeBuckets, reportRange, type ReportRange } from './report-range';
import { retentionCohorts } from './retention-answer';
import { trendSeries } from './trend-answer';

/** The product's zone; UTC if what is stored is not a zone this runtime knows. */
const zoneOf = (brand: { timeZone: string }) => canonicalTimeZone(brand.timeZone) ?? 'UTC';

/** Reports of the session's own products (docs/reports.md). */
export function createReportsService(deps: {
  access: Pick<BrandAccess, 'owned'>;
  store: Pick<AnalyticsStore, 'query'>;
  profiles: Pick<ProfilesRepository, 'idsByKeys'>;
  now?: () => Date;
}) {
  const now = () => (deps.now ? deps.now() : new Date()).getTime();

  /** One list of lines per series; `keep` holds each series' breakdown values to reuse. */
  async function trend(
    brandId: number,
    q: TrendQueryBody,
    range: ReportRange,
    keep?: (string[] | undefined)[],
  ): Promise<TrendSeriesAnswer[][]> {
    const buckets = rangeBuckets(range, q.granularity);
    return Promise.all(
      q.series.map((series, i) =>
        trendSeries(deps.store, {
          brandId,
          series,
          breakdown: q.breakdown?.property ?? null,
          breakdownSource: q.breakdown?.source,
          range,
          granularity: q.granularity,
          buckets,
          keep: keep?.[i],
        }),
      ),
    );
  }

  return {
    /** Who is behind one step of a funnel of the owner's product. */
    async funnelCustomers(ownerId: string, q: FunnelCustomersBody) {
      const brand = await deps.access.owned(ownerId, q.brand_id);
      const range = reportRange(q, now(), zoneOf(brand), brand.createdAt);
      return funnelCustomers(deps, brand.id, q, range);
    },
    /** Runs a report query on a product the owner has; another owner's product answers 404. */
    async query(ownerId: string, q: ReportQuery): Promise<ReportAnswer> {
      const brand = await deps.access.owned(ownerId, q.brand_id);
      const range = reportRange(q, now(), zoneOf(brand), brand.createdAt);
      const answered: AnswerRange = {
        from: range.fromDay,
        to: range.toDay,
        time_zone: range.timeZone,
        preset: range.preset,
      };
      if (q.type === 'funnel')
        return { steps: await funnelSteps(deps.store, brand.id, q, range), range: answered };
      if (q.type === 'retention') {
        const cohorts = await retentionCohorts(deps.store, {
          brandId: brand.id,
          q,
          range,
          buckets: rangeBuckets(range, q.period),
          today: zonedDay(now(), range.timeZone),
        });
        return { cohorts, range: answered };
      }
      const lines = await trend(brand.id, q, range);
      const series = lines.flat();
      if (!q.compare) return { series, range: answered };
      // The period before is split by the same breakdown values, line for line.
      const keep = lines.map((l) =>
        q.breakdown
          ? l.map((s) => s.breakdown_value ?? '').filter((v) => v !== OTHER_BREAKDOWN)
          : undefined,
      );
      const before = previousRange(range);
      const earlier = await trend(brand.id, q, before, keep);
      // previous[i] is series[i]'s line: an "Other" (or a value) present in one period only
      // is a line of zeros in the other, so the indexes never shift.
      const zeros = rangeBuckets(before, q.granularity).map((bucket) => ({ bucket, value: 0 }));
      const previous = lines.flatMap((l, i) =>
        l.map(
          (line) =>
            earlier[i]?.find((p) => (p.breakdown_value ?? '') === (line.breakdown_value ?? '')) ?? {
              ...line,
              total: 0,
              points: zeros,
            },
        ),
      );
      return { series, previous, range: answered };
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
