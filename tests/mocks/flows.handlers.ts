import { getResponse, http, type HttpHandler } from 'msw';
import { idParam } from '@/lib/contracts/common';
import {
  flowBody,
  listFlowsQuery,
  type Flow,
  type FlowBody,
  type ListFlowsQuery,
} from '@/lib/contracts/flows';
import {
  flowReportQuery,
  type FlowReport,
  type FlowReportQuery,
} from '@/lib/contracts/flow-runtime';
import { targetHealthSettingsSchema, type TargetHealth } from '@/lib/contracts/target-health';
import { flowProblems } from '@/lib/flows/checks';
import { healthOf, type SessionGroup } from '@/lib/flows/target-health';
import { hasCustomStyling } from '@/lib/contracts/theme';
import { MESSAGES } from '@/lib/messages';
import { db, planOf, type MockUser } from './db';
import { segmentHandlers } from './segments.handlers';
import { apiError, body, currentUser, ok, unauthorized, validate } from './utils';

const notFound = () => apiError(404, 'not_found', MESSAGES.flows.notFound);
const owns = (userId: string, brandId: number) =>
  db.brands.some((b) => b.id === brandId && b.owner_id === userId);

/** The signed-in user's flow named by the path, or the response to send instead. */
function ownFlow(request: Request, params: unknown): { flow: Flow } | { response: Response } {
  const user = currentUser(request);
  if (!user) return { response: unauthorized(request) };
  const id = validate(idParam, params);
  if (!id.ok) return { response: id.response };
  const flow = db.flows.find((f) => f.id === id.data.id);
  if (!flow || !owns(user.id, flow.brand_id)) return { response: notFound() };
  return { flow };
}

/**
 * As the server: publishing is refused while docs/product/validation.md#58-flow-checks finds
 * problems.
 */
/**
 * As the API: a tour's theme override is a paid plan's feature (docs/theme.md), refused with the
 * theme's message; one that sets nothing is not kept, so the tour answers without it.
 */
function withOverride(user: MockUser, input: FlowBody) {
  const { theme_override, ...rest } = input;
  const set = theme_override && Object.keys(theme_override).length ? theme_override : undefined;
  if (set && !hasCustomStyling(user.plan))
    return {
      response: apiError(
        403,
        'plan_feature_unavailable',
        MESSAGES.theme.paidOnly(planOf(user).name),
        [{ path: 'plan', message: user.plan }],
      ),
    } as const;
  return { data: set ? { ...rest, theme_override: set } : rest } as const;
}

function unpublishable(input: FlowBody): Response | null {
  if (!input.publish) return null;
  const problems = flowProblems(input);
  if (problems.length === 0) return null;
  return apiError(
    400,
    'flow_incomplete',
    problems[0]!,
    problems.map((message) => ({ path: 'flow', message })),
  );
}

/**
 * As the server (docs/flows.md, "Segment trigger"): every segment a segment trigger names is a
 * segment of the tour's product; any other id gets the same 400 at its path. The segments are
 * asked of the mock's own segment routes, as the caller, so the two mocks share one store.
 */
async function unknownSegments(request: Request, input: FlowBody): Promise<Response | null> {
  const paths = input.condition.trigger_conditions.flatMap((t, i) =>
    t.trigger_type === 'segment'
      ? t.conditions.map((c, j) => ({
          path: `condition.trigger_conditions.${i}.conditions.${j}.segment_id`,
          id: c.segment_id,
        }))
      : [],
  );
  const unknown: { path: string; message: string }[] = [];
  for (const { path, id } of paths) {
    const answer = await getResponse(
      segmentHandlers,
      new Request(new URL(`/v1/segments/${id}`, request.url), { headers: request.headers }),
    );
    const found = answer?.ok
      ? ((await answer.json()) as { data: { brand_id: number } }).data
      : undefined;
    if (found?.brand_id !== input.brand_id)
      unknown.push({ path, message: MESSAGES.segments.unknownSegment });
  }
  return unknown.length ? apiError(400, 'validation_error', unknown[0]!.message, unknown) : null;
}

/** As the server: by updated_at or lower-case name, then by id, both in the asked direction. */
function listOrder(sortBy: ListFlowsQuery['sort_by'], order: ListFlowsQuery['sort_order']) {
  const dir = order === 'asc' ? 1 : -1;
  const key = (f: Flow) => (sortBy === 'name' ? f.name.toLowerCase() : f.updated_at);
  return (a: Flow, b: Flow) => {
    const [ka, kb] = [key(a), key(b)];
    return (ka < kb ? -dir : ka > kb ? dir : 0) || (a.id - b.id) * dir;
  };
}

const DAY_MS = 86_400_000;
/** As the server: a series stops after this many buckets (a day granularity over all time). */
const MAX_BUCKETS = 1000;
const dayOf = (iso: string) => Date.parse(`${iso.slice(0, 10)}T00:00:00.000Z`);
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The first day of the bucket holding day `t` (weeks start on Monday), and of the next one. */
function bucketBounds(t: number, granularity: 'day' | 'week' | 'month'): [number, number] {
  const d = new Date(t);
  if (granularity === 'day') return [t, t + DAY_MS];
  if (granularity === 'week') {
    const start = t - ((d.getUTCDay() + 6) % 7) * DAY_MS;
    return [start, start + 7 * DAY_MS];
  }
  return [
    Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1),
    Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1),
  ];
}

/**
 * A made-up but steady day of a tour: views only from the day it was created until today, the
 * same numbers for the same tour and day on every call.
 */
function dayOfTour(flow: Flow, t: number, today: number) {
  if (t < dayOf(flow.created_at) || t > today) return { views: 0, completions: 0, dismissals: 0 };
  const views = 10 + ((flow.id * 7 + (t / DAY_MS) * 13) % 17);
  return {
    views,
    completions: Math.floor(views * 0.45),
    dismissals: Math.floor(views * 0.3),
  };
}

/** A mocked tour's "pause automatically when broken", kept on the tour object beside its fields. */
const pauseWhenBroken = (flow: Flow) =>
  (flow as Flow & { pause_when_broken?: boolean }).pause_when_broken ?? false;

/**
 * Target health of a published tour (drafts have none), computed by the server's own rule
 * (`healthOf`, lib/flows/target-health.ts; docs/flows.md, "Target health") from made-up sessions:
 * twice today's views of `dayOfTour` in the 24-hour window (it spans two days), at least 20. At
 * each step 4 % of the sessions left miss its target and end there (healthy), a selector
 * containing "missing" is never found (broken), and a fifth of the rest leave after the step, as
 * the report's funnel; a later step seen fewer than 20 times is "Too few views to judge". So the
 * badge and the report section can be seen in the mock.
 */
export function mockTargetHealth(flow: Flow, now = Date.now()): TargetHealth | undefined {
  if (flow.status !== 'published') return undefined;
  const today = dayOf(new Date(now).toISOString());
  let left = 2 * dayOfTour(flow, today, today).views;
  const last = new Date(now);
  const groups: SessionGroup[] = [];
  const group = (stepId: string, progress: number, missing: boolean, n: number) => {
    if (n > 0) groups.push({ flowId: flow.id, stepId, progress, missing, stale: [], n, last });
    left -= n;
  };
  flow.steps.forEach((step, i) => {
    const selector = step.select_element?.selector;
    if (selector)
      group(step.id, i, true, selector.includes('missing') ? left : Math.floor(left * 0.04));
    group(step.id, i + 1, false, i < flow.steps.length - 1 ? Math.round(left * 0.2) : left);
  });
  return healthOf(
    {
      id: flow.id,
      name: flow.name,
      published: true,
      definition: flow,
      pauseWhenBroken: pauseWhenBroken(flow),
    },
    groups,
  );
}

/**
 * GET v1/flows/{id}/report as a plausible, deterministic answer: the contract's shape and
 * meaning (lib/contracts/flow-runtime.ts), numbers from `dayOfTour`, a funnel over the tour's
 * steps that loses a fifth of the viewers at each step.
 */
export function mockFlowReport(flow: Flow, q: FlowReportQuery, now = Date.now()): FlowReport {
  const today = dayOf(new Date(now).toISOString());
  const days = { past_7_day: 7, past_30_day: 30 } as const;
  const preset = q.date_preset ?? 'past_30_day';
  const granularity = q.granularity ?? 'day';
  const [from, to] =
    preset === 'custom_range'
      ? [dayOf(q.from!), dayOf(q.to!)]
      : preset === 'all_times'
        ? [Math.min(dayOf(flow.created_at), today), today]
        : [today - (days[preset] - 1) * DAY_MS, today];
  const series: FlowReport['series'] = [];
  let [start, end] = bucketBounds(from, granularity);
  while (start <= to && series.length < MAX_BUCKETS) {
    const point = { bucket: isoDay(start), views: 0, completions: 0, dismissals: 0 };
    for (let t = Math.max(start, from); t < end && t <= to; t += DAY_MS) {
      const day = dayOfTour(flow, t, today);
      point.views += day.views;
      point.completions += day.completions;
      point.dismissals += day.dismissals;
    }
    series.push(point);
    [start, end] = bucketBounds(end, granularity);
  }
  const sum = (k: 'views' | 'completions' | 'dismissals') => series.reduce((n, p) => n + p[k], 0);
  const [views, completions] = [sum('views'), sum('completions')];
  const uniques = (n: number) => Math.round(n * 0.7);
  const stepViews = flow.steps.map((_, i) => Math.round(views * 0.8 ** i));
  const health = mockTargetHealth(flow, now);
  return {
    totals: {
      views,
      unique_viewers: uniques(views),
      completions,
      unique_completions: Math.round(completions * 0.8),
      completion_rate: views ? completions / views : 0,
      dismissals: sum('dismissals'),
      target_missing: flow.steps.some((s) => s.type === 'tool_tip') ? Math.round(views * 0.04) : 0,
    },
    series,
    steps: flow.steps.map((step, i) => {
      const before = uniques(i > 0 ? stepViews[i - 1]! : views);
      return {
        step_id: step.id,
        index: i,
        type: step.type,
        views: stepViews[i]!,
        unique_viewers: uniques(stepViews[i]!),
        drop_off: before ? 1 - uniques(stepViews[i]!) / before : 0,
      };
    }),
    ...(health ? { health } : {}),
  };
}

/** As the server: a custom range needs two YYYY-MM-DD days, from not after to; else 400. */
function reportRangeProblem(q: FlowReportQuery): Response | null {
  if (q.date_preset !== 'custom_range') return null;
  const day = (v?: string) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? dayOf(v) : NaN);
  const [from, to] = [day(q.from), day(q.to)];
  if (!Number.isFinite(from)) return apiError(400, 'invalid_range', MESSAGES.flows.reportFromDate);
  if (!Number.isFinite(to)) return apiError(400, 'invalid_range', MESSAGES.flows.reportToDate);
  if (from > to) return apiError(400, 'invalid_range', MESSAGES.flows.reportRangeOrder);
  return null;
}

export const flowHandlers: HttpHandler[] = [
  http.get('*/v1/flows', ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const q = validate(listFlowsQuery, Object.fromEntries(new URL(request.url).searchParams));
    if (!q.ok) return q.response;
    if (!owns(user.id, q.data.brand_id))
      return apiError(404, 'not_found', MESSAGES.brands.notFound);
    const { search, status } = q.data;
    const all = db.flows
      .filter((f) => f.brand_id === q.data.brand_id)
      .filter((f) => !search || f.name.toLowerCase().includes(search.toLowerCase()))
      .filter((f) => !status || f.status === status)
      .sort(listOrder(q.data.sort_by, q.data.sort_order));
    const page = Number(q.data.cursor);
    const slice = all.slice((page - 1) * q.data.limit, page * q.data.limit);
    return ok({
      data: slice.map((f) => ({
        id: f.id,
        brand_id: f.brand_id,
        name: f.name,
        status: f.status,
        step_count: f.steps.length,
        updated_at: f.updated_at,
        ...(f.status === 'published' ? { target_health: mockTargetHealth(f)!.status } : {}),
      })),
      total: all.length,
      nextCursor: page * q.data.limit < all.length ? String(page + 1) : null,
    });
  }),
  http.post('*/v1/flows', async ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const parsed = await body(request, flowBody);
    if (!parsed.ok) return parsed.response;
    if (!owns(user.id, parsed.data.brand_id))
      return apiError(404, 'not_found', MESSAGES.brands.notFound);
    const refused = unpublishable(parsed.data) ?? (await unknownSegments(request, parsed.data));
    if (refused) return refused;
    const themed = withOverride(user, parsed.data);
    return 'response' in themed ? themed.response : ok(addFlow(themed.data), 201);
  }),
  http.get('*/v1/flows/:id', ({ request, params }) => {
    const found = ownFlow(request, params);
    return 'response' in found ? found.response : ok(found.flow);
  }),
  http.get('*/v1/flows/:id/report', ({ request, params }) => {
    const found = ownFlow(request, params);
    if ('response' in found) return found.response;
    const q = validate(flowReportQuery, Object.fromEntries(new URL(request.url).searchParams));
    if (!q.ok) return q.response;
    return reportRangeProblem(q.data) ?? ok(mockFlowReport(found.flow, q.data));
  }),
  http.put('*/v1/flows/:id/target-health', async ({ request, params }) => {
    const found = ownFlow(request, params);
    if ('response' in found) return found.response;
    const parsed = await body(request, targetHealthSettingsSchema);
    if (!parsed.ok) return parsed.response;
    Object.assign(found.flow, { pause_when_broken: parsed.data.pause_when_broken });
    return ok({ pause_when_broken: pauseWhenBroken(found.flow) });
  }),
  http.put('*/v1/flows/:id', async ({ request, params }) => {
    const found = ownFlow(request, params);
    if ('response' in found) return found.response;
    const parsed = await body(request, flowBody);
    if (!parsed.ok) return parsed.response;
    const user = currentUser(request)!;
    if (!owns(user.id, parsed.data.brand_id))
      return apiError(404, 'not_found', MESSAGES.brands.notFound);
    const refused = unpublishable(parsed.data) ?? (await unknownSegments(request, parsed.data));
    if (refused) return refused;
    const themed = withOverride(user, parsed.data);
    if ('response' in themed) return themed.response;
    delete found.flow.theme_override;
    Object.assign(found.flow, themed.data, {
      display_times: parsed.data.display_times ?? null,
      status: parsed.data.publish ? 'published' : 'unpublished',
      updated_at: new Date().toISOString(),
    });
    return ok(found.flow);
  }),
  http.post('*/v1/flows/:id/duplicate', ({ request, params }) => {
    const found = ownFlow(request, params);
    if ('response' in found) return found.response;
    const src = found.flow;
    return ok(addFlow({ ...src, name: `Copy of ${src.name}`.slice(0, 60), publish: false }), 201);
  }),
  http.delete('*/v1/flows/:id', ({ request, params }) => {
    const found = ownFlow(request, params);
    if ('response' in found) return found.response;
    db.flows.splice(db.flows.indexOf(found.flow), 1);
    return ok({ message: MESSAGES.flows.deletedAnswer });
  }),
];

/** Adds a flow as the API would store it (tests seed with this). */
export function addFlow(
  input: Omit<Flow, 'id' | 'status' | 'created_at' | 'updated_at'> & Partial<Flow>,
): Flow {
  // A mock database saved by the browser worker before flows existed has no flow counter.
  db.seq.flow = (db.seq.flow || 0) + 1;
  const now = new Date().toISOString();
  const flow: Flow = {
    ...input,
    // As the API: a tour saved without display_times answers null.
    display_times: input.display_times ?? null,
    id: db.seq.flow,
    status: input.publish ? 'published' : 'unpublished',
    created_at: now,
    updated_at: now,
  };
  db.flows.unshift(flow);
  return flow;
}
