import type {
  AnswerRange,
  FunnelCustomersBody,
  ReportAnswer,
  ReportQuery,
  TrendQueryBody,
  TrendSeriesAnswer,
} from '../../../lib/contracts/reports';
import type { AnalyticsStore } from '../../analytics/types';
import type { BrandAccess } from '../brands/brand-access';
import type { ProfilesRepository } from '../profiles/profiles.repository';
import { zonedDay } from '../../../lib/time-zone';
import { funnelCustomers, funnelSteps } from './funnel';
import { previousRange, rangeBuckets, reportRange, type ReportRange } from './report-range';
import { retentionCohorts } from './retention';
import { trendSeries } from './trend';

/** Reports of the session's own products (docs/reports.md). */
export function createReports(deps: {
  access: Pick<BrandAccess, 'owned'>;
  store: Pick<AnalyticsStore, 'query'>;
  profiles: Pick<ProfilesRepository, 'idsByKeys'>;
  now?: () => Date;
}) {
  const now = () => (deps.now ? deps.now() : new Date()).getTime();

  async function trend(
    brandId: number,
    q: TrendQueryBody,
    range: ReportRange,
  ): Promise<TrendSeriesAnswer[]> {
    const buckets = rangeBuckets(range, q.granularity);
    const lines = await Promise.all(
      q.series.map((series) =>
        trendSeries(deps.store, {
          brandId,
          series,
          breakdown: q.breakdown?.property ?? null,
          range,
          granularity: q.granularity,
          buckets,
        }),
      ),
    );
    return lines.flat();
  }

  return {
    /** Who is behind one step of a funnel of the owner's product. */
    async funnelCustomers(ownerId: string, q: FunnelCustomersBody) {
      const brand = await deps.access.owned(ownerId, q.brand_id);
      const range = reportRange(q, now(), brand.timeZone, brand.createdAt);
      return funnelCustomers(deps, brand.id, q, range);
    },
    /** Runs a report query on a product the owner has; another owner's product answers 404. */
    async query(ownerId: string, q: ReportQuery): Promise<ReportAnswer> {
      const brand = await deps.access.owned(ownerId, q.brand_id);
      const range = reportRange(q, now(), brand.timeZone, brand.createdAt);
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
      const series = await trend(brand.id, q, range);
      if (!q.compare) return { series, range: answered };
      return { series, previous: await trend(brand.id, q, previousRange(range)), range: answered };
    },
  };
}
export type Reports = ReturnType<typeof createReports>;
