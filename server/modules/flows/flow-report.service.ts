import type {
  FlowReport,
  FlowReportQuery,
  ReportGranularity,
} from '../../../lib/contracts/flow-runtime';
import { MESSAGES } from '../../../lib/messages';
import type { AnalyticsStore, FlowEventCount } from '../../analytics/types';
import { AppError, notFound } from '../../errors';
import type { FlowsRepository } from './flows.repository';
import { FLOW_EVENTS } from './runtime/flow-events';
import type { TargetHealthService } from './target-health.service';

const DAY_MS = 86_400_000;
/** Buckets one series may hold: a day granularity over all time stops here. */
const MAX_BUCKETS = 1_000;

const dayStart = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A YYYY-MM-DD day that exists (2026-02-31 does not), as epoch ms at 00:00 UTC; else NaN. */
function dayOf(v: string | undefined): number {
  if (!v || !ISO_DAY.test(v)) return NaN;
  const ms = Date.parse(`${v}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === v ? ms : NaN;
}
const badRange = (message: string) => new AppError(400, 'invalid_range', message);

/** Start of the UTC bucket holding `ms`; weeks start on Monday. */
export function bucketStart(ms: number, g: ReportGranularity): number {
  const d = new Date(dayStart(ms));
  if (g === 'week') return d.getTime() - ((d.getUTCDay() + 6) % 7) * DAY_MS;
  if (g === 'month') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  return d.getTime();
}

function nextBucket(ms: number, g: ReportGranularity): number {
  if (g === 'day') return ms + DAY_MS;
  if (g === 'week') return ms + 7 * DAY_MS;
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

/** How many buckets a range holds at a granularity. */
function bucketCount(range: { from: number; to: number }, g: ReportGranularity): number {
  let n = 0;
  for (let b = bucketStart(range.from, g); b < range.to && n <= MAX_BUCKETS; b = nextBucket(b, g))
    n++;
  return n;
}

/**
 * The report's range as [from, to) in UTC whole days: the past 7 or 30 days end today, a custom
 * range includes its last day, all time starts when the tour was created.
 */
export function reportRange(
  q: { date_preset: string; from?: string; to?: string },
  now: number,
  createdAt: Date,
): { from: number; to: number; bounded: boolean } {
  const tomorrow = dayStart(now) + DAY_MS;
  switch (q.date_preset) {
    case 'past_7_day':
      return { from: tomorrow - 7 * DAY_MS, to: tomorrow, bounded: true };
    case 'custom_range': {
      const from = dayOf(q.from);
      const to = dayOf(q.to);
      if (!Number.isFinite(from)) throw badRange(MESSAGES.flows.reportFromDate);
      if (!Number.isFinite(to)) throw badRange(MESSAGES.flows.reportToDate);
      if (from > to) throw badRange(MESSAGES.flows.reportRangeOrder);
      return { from, to: to + DAY_MS, bounded: true };
    }
    case 'all_times':
      return { from: dayStart(createdAt.getTime()), to: tomorrow, bounded: false };
    default:
      return { from: tomorrow - 30 * DAY_MS, to: tomorrow, bounded: true };
  }
}

/** The flow report of one tour of the owner (docs/flows.md, "The report"). */
export function createFlowReportService(deps: {
  flows: Pick<FlowsRepository, 'find'>;
  store: Pick<AnalyticsStore, 'query'>;
  /** With it, a published tour's report carries its target health (docs/flows.md). */
  health?: Pick<TargetHealthService, 'forFlows'>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return {
    async report(ownerId: string, flowId: number, q: FlowReportQuery): Promise<FlowReport> {
      const flow = await deps.flows.find(ownerId, flowId);
      if (!flow) throw notFound(MESSAGES.flows.notFound);
      const granularity = q.granularity ?? 'day';
      const range = reportRange(
        { date_preset: q.date_preset ?? 'past_30_day', from: q.from, to: q.to },
        now().getTime(),
        flow.createdAt,
      );
      if (bucketCount(range, granularity) > MAX_BUCKETS)
        throw badRange(MESSAGES.flows.reportTooManyBuckets(MAX_BUCKETS));
      const base = { kind: 'flowEventCounts', brandId: flow.brandId, flowId } as const;
      const window = { from: range.bounded ? new Date(range.from) : null, to: new Date(range.to) };
      const [outcomes, steps, health] = await Promise.all([
        deps.store.query({
          ...base,
          ...window,
          events: [
            FLOW_EVENTS.started,
            FLOW_EVENTS.completed,
            FLOW_EVENTS.dismissed,
            FLOW_EVENTS.targetMissing,
          ],
          granularity,
        }),
        deps.store.query({
          ...base,
          ...window,
          events: [FLOW_EVENTS.stepSeen],
          granularity: null,
          byStep: true,
        }),
        deps.health && flow.published ? deps.health.forFlows([flow]) : undefined,
      ]);
      const total = (event: string) =>
        outcomes.find((c) => c.event === event && c.bucket === null) ??
        ({ count: 0, customers: 0 } as Pick<FlowEventCount, 'count' | 'customers'>);
      const views = total(FLOW_EVENTS.started);
      const completions = total(FLOW_EVENTS.completed);

      const series: FlowReport['series'] = [];
      const perBucket = new Map<string, number>();
      for (const c of outcomes)
        if (c.bucket) perBucket.set(`${c.event}@${c.bucket.getTime()}`, c.count);
      for (
        let b = bucketStart(range.from, granularity);
        b < range.to;
        b = nextBucket(b, granularity)
      )
        series.push({
          bucket: new Date(b).toISOString().slice(0, 10),
          views: perBucket.get(`${FLOW_EVENTS.started}@${b}`) ?? 0,
          completions: perBucket.get(`${FLOW_EVENTS.completed}@${b}`) ?? 0,
          dismissals: perBucket.get(`${FLOW_EVENTS.dismissed}@${b}`) ?? 0,
        });

      let previous = views.customers;
      const stepRows = flow.definition.steps.map((step, index) => {
        const seen = steps.find((s) => s.stepId === step.id);
        const unique = seen?.customers ?? 0;
        const dropOff = previous > 0 ? Math.max(0, 1 - unique / previous) : 0;
        previous = unique;
        return {
          step_id: step.id,
          index,
          type: step.type,
          views: seen?.count ?? 0,
          unique_viewers: unique,
          drop_off: dropOff,
        };
      });

      return {
        totals: {
          views: views.count,
          unique_viewers: views.customers,
          completions: completions.count,
          unique_completions: completions.customers,
          completion_rate: views.count > 0 ? completions.count / views.count : 0,
          dismissals: total(FLOW_EVENTS.dismissed).count,
          target_missing: total(FLOW_EVENTS.targetMissing).count,
        },
        series,
        steps: stepRows,
        ...(health?.has(flow.id) ? { health: health.get(flow.id) } : {}),
      };
    },
  };
}
export type FlowReportService = ReturnType<typeof createFlowReportService>;
